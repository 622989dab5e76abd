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

from claimcheck.analysis.naming import user_facing
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment

Key = tuple[str, Name]  # (declaring module, name)


class ProjectUses:
    """The constants each project declaration uses, looking through the project's auxiliaries.

    ``modules`` are the project's built modules, loadable from ``env``; :attr:`constants` maps
    every constant they declare (auxiliaries included), by (module, name), to its
    :class:`ConstantInfo`. A mention is resolved in the environment of the module that makes it.
    """

    def __init__(self, env: Environment, modules: Iterable[str]):
        self.env = env
        self.constants: dict[Key, ConstantInfo] = {}
        for m in modules:
            mod = env.load(m)
            for n in mod.constant_names():
                ci = mod.get(n)
                if ci is not None:
                    self.constants[(m, n)] = ci
        self._through: dict[Key, frozenset[Key]] = {}

    def declarations(self) -> list[Key]:
        """The user-facing project declarations, sorted."""
        return sorted((k for k in self.constants if user_facing(k[1])), key=lambda k: (str(k[1]), k[0]))

    def _mentions(self, ci: ConstantInfo) -> set[Key]:
        out: set[Key] = set()
        for n in ci.type_constants() | ci.value_constants():
            out.add((self.env.resolve(n, within=ci.module) or "", n))
        return out

    def _aux(self, aux: Key) -> frozenset[Key]:
        """What an auxiliary reaches: user-facing project constants and outside constants,
        following other auxiliaries (each visited once, so cycles end)."""
        got = self._through.get(aux)
        if got is not None:
            return got
        out: set[Key] = set()
        seen: set[Key] = set()
        stack = [aux]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            for used in self._mentions(self.constants[cur]):
                if used not in self.constants or user_facing(used[1]):
                    out.add(used)
                elif used in self._through:
                    out |= self._through[used]
                else:
                    stack.append(used)
        self._through[aux] = frozenset(out)
        return self._through[aux]

    def uses(self, key: Key) -> set[Key]:
        """The constants ``key``'s statement and proof use (its own auxiliaries looked through;
        itself left out). Empty for a constant the project does not declare."""
        ci = self.constants.get(key)
        if ci is None:
            return set()
        out: set[Key] = set()
        for used in self._mentions(ci):
            if used in self.constants and not user_facing(used[1]):
                out |= self._aux(used)
            else:
                out.add(used)
        out.discard(key)
        return out

    def project_uses(self, key: Key) -> tuple[Name, ...]:
        """The project declarations ``key`` uses directly, by name, sorted."""
        return tuple(sorted({u[1] for u in self.uses(key) if u in self.constants}, key=str))
