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


def project_dependencies(env: Environment, modules: Iterable[str],
                         names: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Direct project dependencies of the project declarations ``names`` (default: every
    user-facing declaration of ``modules``). ``modules`` are the project's built modules; they
    must be loadable from ``env``."""
    project: dict[str, ConstantInfo] = {}
    for m in modules:
        mod = env.load(m)
        for n in mod.constant_names():
            ci = mod.get(n)
            if ci is not None:
                project[n] = ci
    wanted = sorted(n for n in project if user_facing(n)) if names is None else list(names)
    cache: dict[str, frozenset[str]] = {}

    def through(aux: str, seen: set[str]) -> frozenset[str]:
        """The user-facing project constants an auxiliary reaches (through other auxiliaries)."""
        if aux in cache:
            return cache[aux]
        out: set[str] = set()
        stack = [aux]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            for used in _uses(project[cur]):
                if used not in project or used == aux:
                    continue
                if user_facing(used):
                    out.add(used)
                elif used in cache:
                    out |= cache[used]
                else:
                    stack.append(used)
        cache[aux] = frozenset(out)
        return cache[aux]

    result: dict[str, list[str]] = {}
    for name in wanted:
        ci = project.get(name)
        if ci is None:
            continue
        deps: set[str] = set()
        for used in _uses(ci):
            if used == name or used not in project:
                continue
            if user_facing(used):
                deps.add(used)
            else:
                deps |= through(used, {name})
        deps.discard(name)
        result[name] = sorted(deps)
    return result
