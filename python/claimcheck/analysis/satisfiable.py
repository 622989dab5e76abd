"""Satisfiability witnesses: proved declarations showing that a theorem's hypotheses can hold.

A theorem ``T : ∀ (x : α) (h : P x), Q x`` says nothing if ``P`` can never hold. A *satisfiability
witness* of ``T`` is a project declaration whose value applies ``T`` to closed arguments up to its
last hypothesis (binders after it, variables of the conclusion, may stay quantified): a proof that
discharges every hypothesis at concrete arguments (``theorem T_satisfiable : Q 3 := T 3 (by
decide)``, or ``∀ k, R k := T' h₀`` for ``T' : P → ∀ k, R k``). The instance theorems of a lemma are such
witnesses when they are proved through it. A conjunct of the conclusion with hypotheses of its own
(``T : (∀ n, P n → Q n) ∧ R``, written or through the project's definitions and proposition
structures, :func:`claimcheck.analysis.props.shape_of`) is applied the same way through its
projections (``T.1 3 h``: ``And.left``, a structure's field, a ``Proj``), and a branch of an ``if``
through the library's equation that takes it (``Eq.mp (if_pos h) (T 3)``, ``cast``; ``if_neg``,
``dif_pos``, ``dif_neg``: ``h`` proves the branch's condition at those arguments): each application
is read as a head, a `Path` of projections and branches and a count of arguments, and each of the
theorem's requirements (the statement's, ``()``, and each such conjunct's) is met by an application
at its path. Separate declarations may meet separate requirements (``T_sat₁ := T.1 3 rfl``,
``T_sat₂ := T.2 4 rfl``): the theorem is shown satisfiable when every requirement is met by one of
the witnesses chosen (`choose_witnesses`). The gate accepts the witnesses only if each is itself
proved and checked by the independent kernel (:mod:`claimcheck.claims.gate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from claimcheck.analysis.naming import user_facing
from claimcheck.analysis.props import ELSE, THEN, Path, Requirement, branches_taken, shape_of
from claimcheck.model.facts import DeclFacts, KernelVerdict, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment
from claimcheck.olean.terms import App, Const, Expr, ForallE, Proj, Sort, app_spine, loose_bvar_range, strip_mdata, subterms, \
    whole_applications

__all__ = ["Application", "choose_witnesses", "closed_applications", "find_witnesses", "hypothesis_arities",
           "owner"]

Key = tuple[str, Name]


def _projection(env: Environment, name: Name, within: str) -> tuple[int, int] | None:
    """``(parameters, field index)`` when ``name`` is a structure's projection (``S.f``, ``S`` an
    inductive with one constructor and no index, ``f`` the name of its constructor's field: ``And.left``,
    ``And.right``, a field of a project structure), else None. Read from the structure, not the
    projection's value: the library ships a proposition's projections without one."""
    if len(name) < 2 or not isinstance(name.last, str):
        return None
    ind = env.find(name.prefix, within=within)
    if ind is None or ind.kind != "inductive" or len(ind.ctors) != 1 or ind.num_params is None:
        return None
    t = strip_mdata(ind.type)
    for _ in range(ind.num_params):
        if not isinstance(t, ForallE):
            return None
        t = strip_mdata(t.body)
    ctor = env.find(ind.ctors[0], within=within)
    if not isinstance(t, Sort) or ctor is None:
        return None  # an index: no structure
    t = strip_mdata(ctor.type)
    k = 0
    while isinstance(t, ForallE):
        if k >= ind.num_params and t.binder_name == Name.of(name.last):
            return ind.num_params, k - ind.num_params
        t, k = strip_mdata(t.body), k + 1
    return None


#: One step of a chain (`_chain`): the arguments the part before it is applied to, the field
#: projected or the branch taken (`THEN`, `ELSE`), and for a branch the condition its equation
#: proves (``if_pos``'s ``c``).
Step = tuple[list[Expr], int, Expr | None]


def _chain(e: Expr, projection: Callable[[Name], tuple[int, int] | None]
           ) -> tuple[Name, list[Step], list[Expr]] | None:
    """``(head, steps, arguments)`` of ``e``: a constant applied to arguments, then each projection
    (`Proj`, or a projection function) or branch taken (`_branch`) with the arguments before it,
    then the arguments after the last one (``(T 3 h).1 x`` is ``(T, [([3, h], 0, None)], [x])``)."""
    head, args = app_spine(strip_mdata(e))
    head = strip_mdata(head)
    struct, index, rest, condition = None, 0, args, None
    branch = _branch(head, args)
    if branch is not None:
        struct, index, rest = args[3], branch[0], args[4:]
        condition = branch[1]
    elif isinstance(head, Proj):
        struct, index = head.struct, head.index
    elif isinstance(head, Const):
        found = projection(head.name)
        if found is None or len(args) <= found[0]:
            return head.name, [], args
        struct, index, rest = args[found[0]], found[1], args[found[0] + 1:]
    else:
        return None
    inner = _chain(struct, projection)
    if inner is None:
        return None
    name, steps, before = inner
    return name, [*steps, (before, index, condition)], rest


_CASTS = frozenset({Name.of("Eq", "mp"), Name.of("cast")})
_BRANCHES = {Name.of("if_pos"): THEN, Name.of("dif_pos"): THEN, Name.of("if_neg"): ELSE, Name.of("dif_neg"): ELSE}


def _branch(head: Expr, args: list[Expr]) -> tuple[int, Expr] | None:
    """`THEN` or `ELSE`, and the condition, when ``head args`` takes a branch of an ``if``: ``Eq.mp
    (if_pos h) x`` (or ``cast``; ``dif_pos``, and ``if_neg``/``dif_neg`` for the other branch),
    ``h`` the proof of the branch's condition (``c``, or ``¬c``; the kernel checks that ``x``'s type
    is an ``if`` on ``c``, and `closed_applications` that it is the one of the statement there,
    not another its type is equal to); else None."""
    if not (isinstance(head, Const) and head.name in _CASTS and len(args) >= 4):
        return None
    eq_head, eq_args = app_spine(strip_mdata(args[2]))
    eq_head = strip_mdata(eq_head)
    if isinstance(eq_head, Const) and eq_head.name in _BRANCHES and len(eq_args) >= 3:
        return _BRANCHES[eq_head.name], eq_args[0]
    return None


def _closed_applications(value: Expr, projection: Callable[[Name], tuple[int, int] | None]
                         ) -> Iterable[tuple[Name, list[Step], int]]:
    """``(head, steps, number of arguments)`` of every closed application of a constant in
    ``value``, through projections and branches (`_chain`; an application is looked at whole: its
    head and arguments, not its partial applications)."""
    loose: dict[int, int] = {}
    loose_bvar_range(value, loose)
    for e in subterms(value, whole_applications):
        if isinstance(e, (App, Proj)) and loose[id(e)] == 0:
            got = _chain(e, projection)
            if got is not None:
                yield got[0], got[1], len(got[2])


#: ``(module, name)`` of a project constant that a value applies to closed arguments, through the
#: projections of ``Path``, and the most arguments of such an application.
Application = tuple[str, Name, Path, int]


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
    known: dict[Name, tuple[int, int] | None] = {}

    def projections(name: Name) -> tuple[int, int] | None:
        if name not in known:
            known[name] = _projection(env, name, module)
        return known[name]

    out: list[tuple[Name, list[Application]]] = []
    for n in mod.constant_names():
        ci = mod.get(n)
        if ci is None or ci.value is None or scope.isdisjoint(ci.value_constants()):
            continue
        most: dict[tuple[str, Name, Path], int] = {}
        for head, steps, nargs in _closed_applications(ci.value, projections):
            target = env.find(head, within=module)
            if target is None or not is_project(target.module):
                continue
            if any(condition is not None for _args, _index, condition in steps) and not branches_taken(
                    env, target.type, steps, within=module, is_core_module=lambda m: not is_project(m)):
                continue  # a branch taken through an `if` that is not the statement's there
            path = tuple((len(args), index) for args, index, _condition in steps)
            key = (target.module, head, path)
            most[key] = max(most.get(key, nargs), nargs)
        if most:
            out.append((n, [(m, h, p, k) for (m, h, p), k in most.items()]))
    return out


def hypothesis_arities(env: Environment, module: str, names: Iterable[Name],
                       is_core_module: Callable[[str], bool]) -> dict[Name, tuple[Requirement, ...]]:
    """For each theorem of ``names`` that ``module`` declares: what a witness must apply (`Shape`'s
    requirements): the theorem up to its last hypothesis, those its conclusion's project
    definitions hide included, and each conjunct of its conclusion with hypotheses through its
    projections up to its own last one (``is_core_module``: the library's modules, whose
    definitions are not looked through)."""
    out: dict[Name, tuple[Requirement, ...]] = {}
    mod = env.load(module) if module in env.modules or env.locate(module) is not None else None
    for name in names:
        ci = mod.get(name) if mod is not None else None
        if ci is not None:
            out[name] = shape_of(env, ci.type, within=module, is_core_module=is_core_module).requirements
    return out


def find_witnesses(env: Environment, modules: Iterable[str], wanted: Iterable[Key],
                   applications: Callable[[str], list[tuple[Name, list[Application]]]] | None = None,
                   arities: Callable[[str, list[Name]], dict[Name, tuple[Requirement, ...]]] | None = None,
                   ) -> dict[Key, list[list[Key]]]:
    """For each theorem of ``wanted`` with requirements, for each of them in order, the project
    declarations (of ``modules``, as their `owner`) whose values meet it: apply the theorem
    (through the projections and branches of the requirement's path) to closed arguments, at least
    up to the last hypothesis there. One declaration may meet them all (``⟨T.1 3 rfl, T.2 4
    rfl⟩``), or each its own (`choose_witnesses` combines them). ``applications``: each module's
    `closed_applications`, ``arities``: `hypothesis_arities` (default: both read from ``env``, the
    project being ``modules``)."""
    wanted = set(wanted)
    modules = list(modules)
    project = set(modules)
    by_module: dict[str, list[Name]] = {}
    for module, name in sorted(wanted, key=lambda k: (k[0], k[1])):
        by_module.setdefault(module, []).append(name)
    required: dict[Key, tuple[Requirement, ...]] = {}
    for module, names in by_module.items():
        got = arities(module, names) if arities is not None else \
            hypothesis_arities(env, module, names, lambda m: m not in project)
        required.update(((module, n), r) for n, r in got.items())
    meets: dict[tuple[Key, Path], list[Key]] = {}
    if not required:
        return {}
    if applications is None:
        applications = lambda m: closed_applications(env, m, project.__contains__)  # noqa: E731
    for m in modules:
        for n, applied in applications(m):
            for target_module, head, path, nargs in applied:
                key = (target_module, head)
                for at, arity in required.get(key, ()):
                    w = owner((m, n))
                    found = meets.setdefault((key, at), [])
                    if at == path and nargs >= arity and w != key and w not in found:
                        found.append(w)
    return {key: [meets.get((key, at), []) for at, _arity in requirements]
            for key, requirements in required.items() if requirements}


def owner(key: Key) -> Key:
    """A compiler-generated auxiliary (``T_sat._proof_1``) as the user-facing declaration it belongs to."""
    module, name = key
    comps = name.components
    while comps and not user_facing(Name(comps)):
        comps = comps[:-1]
    return (module, Name(comps)) if comps else key


def choose_witnesses(found: Mapping[Key, list[list[Key]]], facts: Iterable[DeclFacts],
                     verdicts: Mapping[Key, KernelVerdict]) -> dict[Key, tuple[Name, ...]]:
    """For each theorem of ``found`` (`find_witnesses`' answer: per requirement, the declarations
    meeting it), the witnesses shown, together meeting every requirement: of the user-facing
    declarations the witnesses belong to (`owner`), none listed with another status than proved;
    one declaration meeting them all when there is one (the last the kernel checked, else the
    first), else for each requirement in order not met by one chosen already, the best of those
    meeting it. A theorem with a requirement no such declaration meets has none."""
    by_key = {r.key: r for r in facts}

    def usable(witnesses: list[Key]) -> list[Key]:
        out = []
        for w in map(owner, witnesses):
            listed = by_key.get(w)
            if (listed is None or listed.status is Status.PROVED) and w not in out:
                out.append(w)
        return out

    def best(witnesses: list[Key]) -> Key:
        pick = witnesses[0]
        for w in witnesses:
            verdict = verdicts.get(w)
            if verdict is not None and verdict.accepted:
                pick = w
        return pick

    chosen: dict[Key, tuple[Name, ...]] = {}
    for key, per_requirement in found.items():
        each = [usable(ws) for ws in per_requirement]
        if not each or not all(each):
            continue
        everywhere = [w for w in each[0] if all(w in other for other in each[1:])]
        if everywhere:
            chosen[key] = (best(everywhere)[1],)
            continue
        picked: list[Key] = []
        for ws in each:
            if not any(w in ws for w in picked):
                picked.append(best(ws))
        chosen[key] = tuple(name for _module, name in picked)
    return chosen
