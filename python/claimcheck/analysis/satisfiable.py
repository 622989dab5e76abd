"""Satisfiability witnesses: proved declarations showing that a theorem's hypotheses can hold.

A theorem ``T : ∀ (x : α) (h : P x), Q x`` says nothing if ``P`` can never hold. A *satisfiability
witness* of ``T`` is a project declaration whose value applies ``T`` to closed arguments up to its
last hypothesis (binders after it, variables of the conclusion, may stay quantified): a proof that
discharges every hypothesis at concrete arguments (``theorem T_satisfiable : Q 3 := T 3 (by
decide)``, or ``∀ k, R k := T' h₀`` for ``T' : P → ∀ k, R k``). The instance theorems of a lemma are such
witnesses when they are proved through it. The gate accepts a witness only if it is itself proved
and checked by the independent kernel (:mod:`claimcheck.claims.gate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from claimcheck.analysis.naming import user_facing
from claimcheck.analysis.props import shape_of
from claimcheck.model.facts import DeclFacts, KernelVerdict, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment
from claimcheck.olean.terms import App, Const, Expr, app_spine, loose_bvar_range, subterms, whole_applications

__all__ = ["Application", "choose_witnesses", "closed_applications", "find_witnesses", "hypothesis_arities",
           "owner"]

Key = tuple[str, Name]


def _closed_applications(value: Expr) -> Iterable[tuple[Name, int]]:
    """``(head, number of arguments)`` of every closed application of a constant in ``value`` (an
    application is looked at whole: its head and arguments, not its partial applications)."""
    loose: dict[int, int] = {}
    loose_bvar_range(value, loose)
    for e in subterms(value, whole_applications):
        if isinstance(e, App):
            head, args = app_spine(e)
            if isinstance(head, Const) and loose[id(e)] == 0:
                yield head.name, len(args)


#: ``(module, name)`` of a project constant that a value applies to closed arguments, and the most
#: arguments of such an application.
Application = tuple[str, Name, int]


def closed_applications(env: Environment, module: str,
                        is_project: Callable[[str], bool]) -> list[tuple[Name, list[Application]]]:
    """For each constant of ``module`` with a value, in the module's order: the constants of modules
    that ``is_project`` accepts (as ``module`` sees them) that its value applies to closed
    arguments, in the order of their first such application (constants with none are left out).
    What `find_witnesses` reads of a module: it depends on the module and its imports only."""
    mod = env.load(module)
    # the names the project modules in scope declare (a value mentioning none applies none)
    scope: set[Name] = set(mod.constant_names())
    seen, todo = {module}, [mod]
    while todo:
        for i in todo.pop().imports:
            if i.module not in seen and is_project(i.module) and env.locate(i.module) is not None:
                seen.add(i.module)
                imported = env.load(i.module)
                scope.update(imported.constant_names())
                todo.append(imported)
    out: list[tuple[Name, list[Application]]] = []
    for n in mod.constant_names():
        ci = mod.get(n)
        if ci is None or ci.value is None or scope.isdisjoint(ci.value_constants()):
            continue
        most: dict[tuple[str, Name], int] = {}
        for head, nargs in _closed_applications(ci.value):
            target = env.find(head, within=module)
            if target is None or not is_project(target.module):
                continue
            key = (target.module, head)
            most[key] = max(most.get(key, nargs), nargs)
        if most:
            out.append((n, [(m, h, k) for (m, h), k in most.items()]))
    return out


def hypothesis_arities(env: Environment, module: str, names: Iterable[Name],
                       is_core_module: Callable[[str], bool]) -> dict[Name, int]:
    """For each theorem of ``names`` that ``module`` declares: the number of arguments up to its
    last hypothesis, those its conclusion's project definitions hide included (what a witness
    must apply it to; ``is_core_module``: the library's modules, whose definitions are not looked
    through)."""
    out: dict[Name, int] = {}
    mod = env.load(module) if module in env.modules or env.locate(module) is not None else None
    for name in names:
        ci = mod.get(name) if mod is not None else None
        if ci is not None:
            positions = shape_of(env, ci.type, within=module, is_core_module=is_core_module).hypothesis_positions
            out[name] = positions[-1] + 1 if positions else 0
    return out


def find_witnesses(env: Environment, modules: Iterable[str], wanted: Iterable[Key],
                   applications: Callable[[str], list[tuple[Name, list[Application]]]] | None = None,
                   arities: Callable[[str, list[Name]], dict[Name, int]] | None = None,
                   ) -> dict[Key, list[Key]]:
    """For each theorem of ``wanted``, the project constants (of ``modules``) whose value applies it
    to closed arguments, at least up to its last hypothesis; ``applications``: each module's
    `closed_applications`, ``arities``: `hypothesis_arities` (default: both read from ``env``, the
    project being ``modules``)."""
    wanted = set(wanted)
    modules = list(modules)
    project = set(modules)
    by_module: dict[str, list[Name]] = {}
    for module, name in sorted(wanted, key=lambda k: (k[0], k[1])):
        by_module.setdefault(module, []).append(name)
    arity: dict[Key, int] = {}
    for module, names in by_module.items():
        got = arities(module, names) if arities is not None else \
            hypothesis_arities(env, module, names, lambda m: m not in project)
        arity.update(((module, n), a) for n, a in got.items())
    out: dict[Key, list[Key]] = {k: [] for k in arity}
    if not arity:
        return out
    if applications is None:
        applications = lambda m: closed_applications(env, m, project.__contains__)  # noqa: E731
    for m in modules:
        for n, applied in applications(m):
            for target_module, head, nargs in applied:
                key = (target_module, head)
                if key in arity and nargs >= arity[key] and (m, n) != key and (m, n) not in out[key]:
                    out[key].append((m, n))
    return out


def owner(key: Key) -> Key:
    """A compiler-generated auxiliary (``T_sat._proof_1``) as the user-facing declaration it belongs to."""
    module, name = key
    comps = name.components
    while comps and not user_facing(Name(comps)):
        comps = comps[:-1]
    return (module, Name(comps)) if comps else key


def choose_witnesses(found: Mapping[Key, list[Key]], facts: Iterable[DeclFacts],
                     verdicts: Mapping[Key, KernelVerdict]) -> dict[Key, Name]:
    """For each theorem of ``found`` (`find_witnesses`' answer), the witness shown: of the
    user-facing declarations its witnesses belong to (`owner`), none that is listed with another
    status than proved; the last one the kernel checked, else the last one."""
    by_key = {r.key: r for r in facts}
    chosen = {}
    for key, witnesses in found.items():
        best = None
        for module, name in map(owner, witnesses):
            verdict = verdicts.get((module, name))
            listed = by_key.get((module, name))
            if listed is not None and listed.status is not Status.PROVED:
                continue
            if best is None or (verdict is not None and verdict.accepted):
                best = name
        if best is not None:
            chosen[key] = best
    return chosen
