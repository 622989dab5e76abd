"""Which project declarations each project declaration uses, read from the ``.olean`` files.

For every listed (user-facing) declaration of the project this module collects the constants its
statement (``type_constants``) and its proof or body (``value_constants``) mention, keeps those
declared in a project module, and looks *through* compiler-generated auxiliaries of the project
(``foo._proof_1``, ``foo.match_1``, ``_private…``): their own uses count as the declaration's, so
an edge always joins two declarations a reader knows by name. Core-library constants are not
edges (they are the trusted boundary, listed elsewhere).

The result maps each declaration to the sorted names of its *direct* project dependencies; the
report draws a bounded neighbourhood of it (:mod:`claimcheck.report.graph`), the LeanDojo export
lists them as premises (:mod:`claimcheck.export.leandojo`).
"""

from __future__ import annotations

from collections.abc import Iterable

from claimcheck.analysis.status import user_facing
from claimcheck.olean.reader import ConstantInfo, Environment


def _uses(ci: ConstantInfo) -> set[str]:
    return ci.type_constants() | ci.value_constants()


class ProjectUses:
    """The constants each project declaration uses, looking through the project's auxiliaries.

    ``modules`` are the project's built modules, loadable from ``env``; :attr:`constants` maps
    every constant they declare (auxiliaries included) to its :class:`ConstantInfo`.
    """

    def __init__(self, env: Environment, modules: Iterable[str]):
        self.constants: dict[str, ConstantInfo] = {}
        for m in modules:
            mod = env.load(m)
            for n in mod.constant_names():
                ci = mod.get(n)
                if ci is not None:
                    self.constants[n] = ci
        self._through: dict[str, frozenset[str]] = {}

    def declarations(self) -> list[str]:
        """The user-facing project declarations, sorted."""
        return sorted(n for n in self.constants if user_facing(n))

    def _aux(self, aux: str) -> frozenset[str]:
        """What an auxiliary reaches: user-facing project constants and outside constants,
        following other auxiliaries (each visited once, so cycles end)."""
        got = self._through.get(aux)
        if got is not None:
            return got
        out: set[str] = set()
        seen: set[str] = set()
        stack = [aux]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            for used in _uses(self.constants[cur]):
                if used not in self.constants or user_facing(used):
                    out.add(used)
                elif used in self._through:
                    out |= self._through[used]
                else:
                    stack.append(used)
        self._through[aux] = frozenset(out)
        return self._through[aux]

    def uses(self, name: str) -> set[str]:
        """The constants ``name``'s statement and proof use (its own auxiliaries looked through;
        ``name`` itself left out). Empty for a name the project does not declare."""
        ci = self.constants.get(name)
        if ci is None:
            return set()
        out: set[str] = set()
        for used in _uses(ci):
            if used in self.constants and not user_facing(used):
                out |= self._aux(used)
            else:
                out.add(used)
        out.discard(name)
        return out


def project_dependencies(env: Environment, modules: Iterable[str],
                         names: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Direct project dependencies of the project declarations ``names`` (default: every
    user-facing declaration of ``modules``)."""
    graph = ProjectUses(env, modules)
    wanted = graph.declarations() if names is None else [n for n in names if n in graph.constants]
    return {name: sorted(u for u in graph.uses(name) if u in graph.constants) for name in wanted}
