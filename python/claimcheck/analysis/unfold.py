"""What a reader of a statement does not see through, one step at a time, and what it hides.

A statement's text shows its written binders; its conclusion may hide more behind a ``let``, a
beta-redex or a definition of the project (``def Safe := False → P``, ``def Stable f := (∀ n, f n <
f n) → …``): binders a reader does not see, that a claim rests on all the same. The library's own
definitions (``Not``, ``Ne``, ``Function.Injective``) are the reader's vocabulary and are not
looked through. A conclusion that ends in ``False`` (or the library's ``¬``, ``≠``) once its
binders are opened is a *negation* (``¬ P`` spelled through a definition): it is proved by refuting
its hypotheses, so they are what it denies, not what it assumes.

A definition by pattern matching or recursion (``def Safe : Nat → Prop | 0 => False → P | _ =>
True``) hides its proposition behind computation: at a value the steps go on through it, as the
kernel's would. A recursor on a constructor reduces (iota; a numeral is ``Nat.zero``/``Nat.succ``;
``Eq.rec`` on equal sides by K), a projection of a constructor is its field, an ``if`` whose
``Decidable`` instance evaluates is its branch (a match on a numeral compiles to one), and the
auxiliary recursors Lean defines beside a type (``casesOn``, ``brecOn``, ``below``, ``ndrec``) unfold:
that is computation, not vocabulary. A major premise is evaluated by unfolding any definition
under :data:`VALUE_FUEL` steps. A conclusion still unfolding after :data:`UNFOLD` steps (``Safe
1000``) is not seen through: :func:`exposed` says so, and the statement's shape is undecided
(never a theorem), not taken for what it shows.

One notion for every rule that judges what a claim rests on: the vacuity lint
(:mod:`claimcheck.analysis.vacuity`) refutes the hidden binders, and the satisfiability rule
(:mod:`claimcheck.analysis.props`, the hypotheses a witness must discharge) counts them.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Lit, MVar, Proj, app_spine, beta, \
    children, instantiate, instantiate_foralls, instantiate_levels, loose_bvar_range, mk_app, strip_mdata

__all__ = ["UNFOLD", "VALUE_DEPTH", "VALUE_FUEL", "constructor_form", "decide_if", "head_step", "expose", "independent_fields", "is_negation",
           "exposed", "project_only", "same"]

#: Unfolding steps taken to expose one binder (or a conclusion's head): a definition by structural
#: recursion takes about a dozen a level (``SafeR 3`` 46). A conclusion still unfolding past them is
#: not seen through, and says so (:func:`exposed`).
UNFOLD = 128

_FALSE, _NOT, _NE = Name.of("False"), Name.of("Not"), Name.of("Ne")
_TRUE = Name.of("True")

Find = Callable[[Name], "ConstantInfo | None"]


class _Budget:
    """The steps the evaluations inside one head step may take in all, however deeply nested
    (a major premise whose value needs another recursor's, ...), and how deep they may nest:
    deterministic, and never more than :data:`VALUE_FUEL` steps and :data:`VALUE_DEPTH` levels."""

    __slots__ = ("left", "depth")

    def __init__(self) -> None:
        self.left, self.depth = VALUE_FUEL, 0


def head_step(e: Expr, find: Find, unfolds: Callable[[ConstantInfo], bool], budget: _Budget | None = None
              ) -> Expr | None:
    """One step of ``e``'s head: a ``let`` (zeta), a beta-redex, a definition ``unfolds`` accepts
    (delta), or a computation on a value (see :func:`_compute`); ``None`` when none applies.
    ``budget``: the evaluations' shared steps (a fresh one for a step taken on its own)."""
    e = strip_mdata(e)
    if isinstance(e, LetE):
        return instantiate(e.body, e.value)
    head, args = app_spine(e)
    head = strip_mdata(head)
    if isinstance(head, Lam) and args:
        return beta(head, args)  # every leading `fun` at once: one step
    if isinstance(head, Const):
        ci = find(head.name)
        if ci is not None and ci.kind == "definition" and ci.value is not None \
                and len(ci.level_params) == len(head.levels) and (unfolds(ci) or _aux_recursor(ci, find)):
            return _delta(ci, head, args)
    return _compute(head, args, find, budget if budget is not None else _Budget())


#: The auxiliary recursors Lean defines beside an inductive type (``Nat.casesOn``, ``Nat.brecOn``):
#: what a definition by pattern matching or structural recursion is compiled to. Unfolding them
#: is computation, not the library's vocabulary.
_AUX_RECURSORS = frozenset({"casesOn", "recOn", "brecOn", "binductionOn", "below", "ibelow", "ndrec", "ndrecOn"})
#: Nodes one comparison of two terms (:func:`same`) may visit.
SAME_FUEL = 4096
#: Steps the evaluations of one head step (recursors' major premises, projections' structures,
#: conditions) may take in all, and how deeply they may nest.
VALUE_FUEL = 256
VALUE_DEPTH = 32
_NAT, _NAT_ZERO, _NAT_SUCC = Name.of("Nat"), Name.of("Nat", "zero"), Name.of("Nat", "succ")


def _delta(ci: ConstantInfo, head: Const, args: list[Expr]) -> Expr:
    assert ci.value is not None
    return mk_app(instantiate_levels(ci.value, dict(zip(ci.level_params, head.levels))), *args)


def _aux_recursor(ci: ConstantInfo, find: Find) -> bool:
    components = ci.name.components
    if len(components) < 2 or components[-1] not in _AUX_RECURSORS:
        return False
    parent = find(Name(components[:-1]))
    return parent is not None and parent.kind == "inductive"


_ITE, _DITE = Name.of("ite"), Name.of("dite")
_IS_TRUE, _IS_FALSE = Name.of("Decidable", "isTrue"), Name.of("Decidable", "isFalse")
_OF_NAT, _BOOL_TRUE, _BOOL_FALSE = Name.of("OfNat", "ofNat"), Name.of("Bool", "true"), Name.of("Bool", "false")
#: The library's functions on numerals a kernel computes directly (GMP): here on literals only.
_NAT_TESTS: dict[Name, Callable[[int, int], bool]] = {
    Name.of("Nat", "beq"): lambda a, b: a == b,
    Name.of("Nat", "ble"): lambda a, b: a <= b,
}


def decide_if(head: Expr, args: list[Expr], find: Find, budget: _Budget | None = None) -> Expr | None:
    """``if c then A else B`` (``ite``, ``dite``) as the branch its ``Decidable`` instance evaluates
    to (``if 0 = 0 then A else B`` is ``A``, as a match on a numeral compiles); ``None`` when the
    instance does not evaluate to ``isTrue`` or ``isFalse`` (a condition on a variable: both
    branches stand)."""
    if not (isinstance(head, Const) and head.name in (_ITE, _DITE) and len(args) == 5):
        return None
    got = constructor_form(args[2], find, budget if budget is not None else _Budget())
    if got is None or got[0].name not in (_IS_TRUE, _IS_FALSE) or not got[1]:
        return None
    branch = args[3] if got[0].name == _IS_TRUE else args[4]
    return App(branch, got[1][-1]) if head.name == _DITE else branch


def _nat_value(e: Expr, depth: int = 0) -> int | None:
    """A numeral's value: a literal, ``OfNat.ofNat Nat n _``, ``Nat.zero``, ``Nat.succ n``."""
    e = strip_mdata(e)
    if isinstance(e, Lit) and isinstance(e.value, int):
        return e.value
    head, args = app_spine(e)
    head = strip_mdata(head)
    if not isinstance(head, Const) or depth > 64:
        return None
    if head.name == _NAT_ZERO and not args:
        return 0
    if head.name == _NAT_SUCC and len(args) == 1:
        inner = _nat_value(args[0], depth + 1)
        return None if inner is None else inner + 1
    if head.name == _OF_NAT and len(args) == 3:
        ty = strip_mdata(args[0])
        if isinstance(ty, Const) and ty.name == _NAT:
            return _nat_value(args[1], depth + 1)
    return None


def _compute(head: Expr, args: list[Expr], find: Find, budget: _Budget) -> Expr | None:
    """A recursor applied to a constructor (iota: ``Nat.rec z s 0`` is ``z``, with a numeral read as
    ``Nat.zero``/``Nat.succ``) or a projection of one: how a definition by pattern matching or
    structural recursion (``def Safe : Nat → Prop | 0 => False → P | _ => True``) reaches the
    proposition it states at a value. The major premise is evaluated by :func:`constructor_form`."""
    if isinstance(head, Proj):
        got = constructor_form(head.struct, find, budget)
        if got is None:
            return None
        ctor, ctor_args = got
        if ctor.num_params is None or len(ctor_args) <= ctor.num_params + head.index:
            return None
        return mk_app(ctor_args[ctor.num_params + head.index], *args)
    if not isinstance(head, Const):
        return None
    decided = decide_if(head, args, find, budget)
    if decided is not None:
        return decided
    test = _NAT_TESTS.get(head.name)
    if test is not None and len(args) == 2:
        a, b = _nat_value(args[0]), _nat_value(args[1])
        if a is not None and b is not None:
            return Const(_BOOL_TRUE if test(a, b) else _BOOL_FALSE, ())
    ci = find(head.name)
    if ci is None or ci.kind != "recursor" or ci.num_params is None or len(ci.level_params) != len(head.levels):
        return None
    before = ci.num_params + ci.num_motives + ci.num_minors
    major = before + ci.num_indices
    if len(args) <= major:
        return None
    if ci.k and len(ci.rule_ctors) == 1 and ci.rule_ctors[0][1] == 0:
        # `Eq.rec m h` reduces to `m` when `h : a = b` has `b` the same as `a`, whatever `h` is
        only = find(ci.rule_ctors[0][0])
        t = instantiate_foralls(only.type, args[:ci.num_params]) if only is not None else None
        indices = app_spine(strip_mdata(t))[1][ci.num_params:] if t is not None else None
        if indices is None or len(indices) != ci.num_indices \
                or not all(same(a, b) for a, b in zip(indices, args[before:major])):
            return None
        rhs = instantiate_levels(ci.rule_rhs(0), dict(zip(ci.level_params, head.levels)))
        return mk_app(rhs, *args[:before], *args[major + 1:])
    got = constructor_form(args[major], find, budget)
    if got is None:
        return None
    ctor, ctor_args = got
    for index, (name, fields) in enumerate(ci.rule_ctors):
        if name == ctor.name and len(ctor_args) >= fields:
            rhs = instantiate_levels(ci.rule_rhs(index), dict(zip(ci.level_params, head.levels)))
            return mk_app(rhs, *args[:before], *ctor_args[len(ctor_args) - fields:], *args[major + 1:])
    return None


def same(a: Expr, b: Expr, fuel: int = SAME_FUEL) -> bool:
    """Whether two terms are the same up to metadata and universe levels (at most ``fuel`` nodes
    compared; past them, not the same)."""
    todo = [(a, b)]
    while todo:
        fuel -= 1
        if fuel < 0:
            return False
        x, y = todo.pop()
        x, y = strip_mdata(x), strip_mdata(y)
        if x is y:
            continue
        if type(x) is not type(y):
            return False
        if isinstance(x, Const):
            ok = x.name == y.name  # type: ignore[attr-defined]
        elif isinstance(x, Lit):
            ok = x.value == y.value  # type: ignore[attr-defined]
        elif isinstance(x, (FVar, MVar)):
            ok = x.name == y.name  # type: ignore[attr-defined]
        elif isinstance(x, BVar):
            ok = x.index == y.index  # type: ignore[attr-defined]
        elif isinstance(x, Proj):
            ok = x.type_name == y.type_name and x.index == y.index  # type: ignore[attr-defined]
        else:
            ok = True  # a sort (levels aside), an application, a binder: their children decide
        if not ok:
            return False
        kids_x, kids_y = children(x), children(y)
        if len(kids_x) != len(kids_y):
            return False
        todo.extend((kx, ky) for (kx, _), (ky, _) in zip(kids_x, kids_y))
    return True


def constructor_form(e: Expr, find: Find, budget: _Budget | None = None) -> tuple[ConstantInfo, list[Expr]] | None:
    """``e`` evaluated to a constructor application (its constructor and arguments), unfolding any
    definition (a value is computed, whatever defines it), within ``budget`` (shared with the
    evaluations it nests; a fresh one if none); ``None`` when it does not get there (a variable, an
    opaque or irreducible part, out of steps or nested too deep)."""
    budget = budget if budget is not None else _Budget()
    if budget.depth >= VALUE_DEPTH:
        return None
    budget.depth += 1
    try:
        return _constructor_form(strip_mdata(e), find, budget)
    finally:
        budget.depth -= 1


def _constructor_form(cur: Expr, find: Find, budget: _Budget) -> tuple[ConstantInfo, list[Expr]] | None:
    """:func:`constructor_form`'s steps, each one of ``budget``'s."""
    while budget.left > 0:
        budget.left -= 1
        if isinstance(cur, Lit) and isinstance(cur.value, int):
            n = cur.value
            cur = Const(_NAT_ZERO, ()) if n == 0 else App(Const(_NAT_SUCC, ()), Lit(n - 1))
        head, args = app_spine(cur)
        head = strip_mdata(head)
        if isinstance(head, Const):
            ci = find(head.name)
            if ci is None:
                return None
            if ci.kind == "constructor":
                return ci, args
            # a computation first (`ite`, `Nat.beq` on numerals, a recursor), else any definition
            nxt = _compute(head, args, find, budget)
            if nxt is None and ci.kind == "definition" and ci.value is not None \
                    and len(ci.level_params) == len(head.levels):
                nxt = _delta(ci, head, args)
        else:
            nxt = head_step(cur, find, lambda _ci: True, budget)
        if nxt is None:
            return None
        cur = strip_mdata(nxt)
    return None


def project_only(is_core_module: Callable[[str], bool]) -> Callable[[ConstantInfo], bool]:
    """The definitions a reader does not see through: the project's (and its packages'), not the
    library's."""
    return lambda ci: not is_core_module(ci.module)


def expose(e: Expr, find: Find, is_core_module: Callable[[str], bool],
           tick: Callable[[], None] = lambda: None) -> Expr:
    """``e`` unfolded (``let``, beta, the project's definitions) until it is a ``∀``, else ``e`` as it
    was; ``tick``: called at each step (a caller's fuel)."""
    return exposed(e, find, is_core_module, tick)[0]


def exposed(e: Expr, find: Find, is_core_module: Callable[[str], bool],
            tick: Callable[[], None] = lambda: None) -> tuple[Expr, bool]:
    """:func:`expose`'s result, and whether it settled: it reached a ``∀`` or a form no step changes
    within :data:`UNFOLD` steps. One that did not (a definition that recurses deeper, ``SafeR
    1000000``) may hide binders past them, so the rules that judge what a claim rests on cannot say."""
    cur = strip_mdata(e)
    unfolds = project_only(is_core_module)
    for _ in range(UNFOLD):
        if isinstance(cur, ForallE):
            return cur, True
        tick()
        nxt = head_step(cur, find, unfolds)
        if nxt is None:
            return e, True
        cur = strip_mdata(nxt)
    return (cur, True) if isinstance(cur, ForallE) else (e, False)


def is_negation(conclusion: Expr) -> bool:
    """Whether a conclusion, its binders opened, is ``False``, or the library's ``¬ P`` or ``a ≠ b``
    (``P → False`` and ``a = b → False``): the statement denies its hypotheses (``def NotBelow a b
    := a < b → False`` at ``NotBelow 5 3``, ``def IsAcyclic W := ∀ k, 1 ≤ k → ¬ HasClosedWalk W
    k``) rather than assumes them."""
    head, args = app_spine(strip_mdata(conclusion))
    head = strip_mdata(head)
    if not isinstance(head, Const):
        return False
    return (head.name == _FALSE and not args) or (head.name == _NOT and len(args) == 1) \
        or (head.name == _NE and len(args) == 3)


def independent_fields(ctor: ConstantInfo, head: Const, args: list[Expr],
                       tick: Callable[[], None] | None = None) -> list[Expr]:
    """The field types of constructor ``ctor`` at ``head``'s universe levels and parameters
    ``args`` when none depends on an earlier one (empty otherwise): a proposition structure's parts,
    as vacuity judges them and the witness rule counts their hypotheses (``tick``: called for each
    field, the caller's fuel)."""
    t = instantiate_foralls(instantiate_levels(ctor.type, dict(zip(ctor.level_params, head.levels))), args)
    out: list[Expr] = []
    while isinstance(t, ForallE):
        if tick is not None:
            tick()
        if loose_bvar_range(t.body) > 0:
            return []
        out.append(t.binder_type)
        t = strip_mdata(instantiate(t.body, Const(_TRUE, ())))  # no loose variable 0: lowers the others
    return out
