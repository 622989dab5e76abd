"""What a declaration's statement is: a proposition or not, its hypotheses, and vacuity lint.

A claim can only rest on a *theorem*: a declaration whose type is a proposition. That is decided
from the type, not from the declaration's kind (an ``instance`` or ``def`` of a ``Prop`` type is a
proof; a ``def`` of a ``Type`` is not): the type's binder telescope is opened (binders become
fresh free variables) and the sort of its codomain is inferred with a small type inference over the
decoded ``.olean`` expressions: constants' types with their universe levels instantiated,
applications through the (weak-head normalised) function type, ``∀``'s sort by ``imax``, beta,
delta (definitions' values) and zeta (``let``) reduction in weak head normal form. ``Sort 0``
means ``Prop``. A sort the inference cannot settle (a universe parameter, a projection, an unknown
constant, a reduction that does not finish in a bounded number of steps) leaves the answer
``None``: *undecided*, never taken for a theorem.

A proposition's *requirements* (`Shape.requirements`) are what a satisfiability witness must
apply (:mod:`claimcheck.analysis.satisfiable`): the statement up to its last hypothesis, written or
hidden in its project definitions, and each *conjunct* of its conclusion with hypotheses of its own
up to its last one, by the `Path` that reaches it (`_conjunct_requirements`). The conjuncts are the
sides of ``∧``, the fields of a proposition structure whose fields do not depend on each other (the
project's, and the library's that have projections, such as ``Equivalence`` or ``Std.Antisymm``;
not ``↔``: a side that never holds makes ``A ↔ B`` the statement ``¬ B``, not a vacuous part), and
the branches of an ``if``. ``if c then A else B`` (``ite``, ``dite`` of propositions, written or
behind a project definition) is read as ``(c → A) ∧ (¬c → B)``: each branch is a conjunct whose
condition is a hypothesis, so each needs a witness that takes it at arguments where its condition
holds (``Eq.mp (if_pos h) (T 3)``, ``if_neg``, ``dif_pos``, ``dif_neg``); a branch no argument takes
is shown by none (the rule fails it, as it fails ``(∀ n, n < 0 → P n) ∧ Q``), and a conjunct with
hypotheses inside a branch is applied from there. A branch that is a negation denies its condition
and needs none. The search is bounded (`_CONJUNCT_DEPTH` steps, `_PARTS` parts, `UNFOLD` steps per
head): deterministic, never a hang.

The vacuity lint (a conclusion closed by a trivial proof, a hypothesis that can never hold) is not
decided here from shapes: :mod:`claimcheck.analysis.vacuity` asks the kernel.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable

from claimcheck.analysis.unfold import (
    UNFOLD, decide_if, expose, exposed, head_step, independent_fields, is_negation, project_only, same,
)
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment
from claimcheck.olean.terms import (
    App, Const, Expr, ForallE, FVar, Lam, LetE, Level, Lit, Sort, app_spine, beta, constants_of,
    instantiate, instantiate_foralls, instantiate_levels, mk_app, strip_mdata,
)

__all__ = ["ELSE", "THEN", "Path", "Requirement", "branches_taken", "Shape", "shape_of", "is_prop_level", "projection_label"]

_FUEL = 512
#: Hidden binders opened past the written ones (a definition unfolding into itself stops there).
_HIDDEN = 64
_ZERO = Level("zero")


#: Where a conjunct of a statement's conclusion is: each step, the number of arguments the
#: statement (or the part before it) is applied to and the field projected (``T.1`` is ``((0, 0),)``,
#: ``(T 3 h).2.1`` is ``((2, 1), (0, 0))``), or the branch of an ``if`` taken (`THEN`, `ELSE`:
#: ``Eq.mp (if_pos h) (T 3)`` is ``((1, THEN),)``); ``()`` is the statement itself.
Path = tuple[tuple[int, int], ...]
#: The step of a `Path` into the branch of an ``if`` (``ite``, ``dite``) its condition selects
#: (``if_pos``, ``dif_pos``) or its negation does (``if_neg``, ``dif_neg``).
THEN, ELSE = -1, -2
#: What a satisfiability witness must do: apply the part at ``Path`` to at least so many arguments
#: (up to its last hypothesis).
Requirement = tuple[Path, int]


def projection_label(path: Path) -> str:
    """A path as the projections a witness applies (``.2.1``; a branch of an ``if`` as ``.then``,
    ``.else``: taken with ``Eq.mp (if_pos h)``, ``Eq.mp (if_neg h)``)."""
    return "".join(".then" if index == THEN else ".else" if index == ELSE else f".{index + 1}"
                   for _before, index in path)


@dataclass(frozen=True)
class Shape:
    """What the type of a declaration says about it."""

    is_theorem: bool | None  # the type is a proposition (None: undecided)
    binders: int  # binders of the type's telescope
    note: str = ""  # why ``is_theorem`` is undecided
    #: binders whose type is a proposition (undecided ones count: a hypothesis until shown not)
    hypotheses: int = 0
    #: their positions in the telescope (0-based; the hidden ones after the written binders)
    hypothesis_positions: tuple[int, ...] = ()
    #: of ``hypotheses``, those the conclusion's project definitions hide
    hidden_hypotheses: int = 0
    #: of ``hypotheses``, those inside one conjunct of the conclusion (``(∀ n, P n → Q n) ∧ R``)
    conjunct_hypotheses: int = 0
    #: what a witness must apply: the statement (path ``()``) up to its last hypothesis, and each
    #: conjunct with hypotheses (not a negation) up to its last one
    requirements: tuple[Requirement, ...] = ()


def is_prop_level(lv: Level) -> bool | None:
    """Whether a universe level is zero: True, False, or None (depends on a parameter)."""
    if lv.kind == "zero":
        return True
    if lv.kind == "succ":
        return False
    if lv.kind == "max":
        a, b = is_prop_level(lv.args[0]), is_prop_level(lv.args[1])
        if a is False or b is False:
            return False
        return True if a and b else None
    if lv.kind == "imax":
        return is_prop_level(lv.args[1])  # imax u 0 = 0; imax u v = max u v otherwise
    return None


class _Undecided(Exception):
    pass


class _Infer:
    """A small, partial type inference (see the module docstring). Raises _Undecided."""

    def __init__(self, env: Environment, within: str | None):
        self.env = env
        self.within = within
        self.ctx: dict[Name, Expr] = {}
        self._ids = itertools.count()
        self.fuel = _FUEL

    def _tick(self) -> None:
        self.fuel -= 1
        if self.fuel < 0:
            raise _Undecided("the inference did not finish")

    def fresh(self, name: Name, ty: Expr) -> FVar:
        fv = FVar(Name.of("_claimcheck", next(self._ids)))
        self.ctx[fv.name] = ty
        return fv

    def _const(self, c: Const, value: bool) -> Expr:
        ci = self.env.find(c.name, within=self.within)
        if ci is None:
            raise _Undecided(f"unknown constant {c.name}")
        if len(ci.level_params) != len(c.levels):
            raise _Undecided(f"universe arity of {c.name}")
        sub = dict(zip(ci.level_params, c.levels))
        if value:
            v = ci.value
            assert v is not None
            return instantiate_levels(v, sub)
        return instantiate_levels(ci.type, sub)

    # -- reduction

    def whnf(self, e: Expr) -> Expr:
        while True:
            self._tick()
            e = strip_mdata(e)
            if isinstance(e, LetE):
                e = instantiate(e.body, e.value)
                continue
            head, args = app_spine(e)
            if isinstance(head, Lam) and args:
                e = mk_app(instantiate(head.body, args[0]), *args[1:])
                continue
            if isinstance(head, Const):
                ci = self.env.find(head.name, within=self.within)
                if ci is not None and ci.kind == "definition" and ci.has_value and len(ci.level_params) == len(head.levels):
                    e = mk_app(self._const(head, value=True), *args)
                    continue
            return e

    # -- inference

    def infer(self, e: Expr) -> Expr:
        self._tick()
        e = strip_mdata(e)
        if isinstance(e, Sort):
            return Sort(Level("succ", (e.level,)))
        if isinstance(e, Const):
            return self._const(e, value=False)
        if isinstance(e, FVar):
            got = self.ctx.get(e.name)
            if got is None:
                raise _Undecided(f"unknown variable {e.name}")
            return got
        if isinstance(e, Lit):
            return Const(_NAT if isinstance(e.value, int) else _STRING, ())
        if isinstance(e, LetE):
            return self.infer(instantiate(e.body, e.value))
        if isinstance(e, ForallE):
            x = self.fresh(e.binder_name, e.binder_type)
            body_level = self.sort_level(instantiate(e.body, x))
            if is_prop_level(body_level) is True:
                return Sort(_ZERO)
            return Sort(Level("imax", (self.sort_level(e.binder_type), body_level)))
        if isinstance(e, App):
            head, args = app_spine(e)
            if isinstance(head, Lam):
                return self.infer(self.whnf(e))
            t = self.infer(head)
            for a in args:
                t = self.whnf(t)
                if not isinstance(t, ForallE):
                    raise _Undecided("an application of a term that is not a function")
                t = instantiate(t.body, a)
            return t
        raise _Undecided(f"cannot infer the type of a {e.kind}")

    def sort_level(self, ty: Expr) -> Level:
        s = self.whnf(self.infer(ty))
        if not isinstance(s, Sort):
            raise _Undecided("a type whose sort is not evident")
        return s.level


_NAT, _STRING = Name.of("Nat"), Name.of("String")

#: Library types with an element whatever their arguments (``List α`` has ``[]``).
_ALWAYS_INHABITED = frozenset(Name.parse(n) for n in (
    "Nat", "Int", "Bool", "String", "Char", "Unit", "PUnit", "Rat", "Float", "UInt8", "UInt16", "UInt32",
    "UInt64", "USize", "List", "Array", "Option", "ByteArray", "True"))
_FIN, _TRUE = Name.of("Fin"), Name.of("True")


def _plainly_inhabited(inf: "_Infer", ty: Expr, depth: int = 0) -> bool:
    """Whether the data type ``ty`` plainly has an element, whatever the earlier binders are chosen
    as: a sort, a type variable (chosen as `Unit`), a function into such a type, a library type that
    always has one (``Nat``, ``List α``), ``Fin n`` unless ``n`` is the literal 0, or an inductive
    type with a constructor whose fields all are such (a proof field only of ``True``), its
    definitions unfolded. Anything else is not known to be inhabited: a binder of that type is a
    hypothesis (it needs a witness), as a proposition is."""
    if depth > 8:
        return False
    ty = inf.whnf(ty)
    if isinstance(ty, Sort):
        return True
    if isinstance(ty, ForallE):
        return _plainly_inhabited(inf, instantiate(ty.body, inf.fresh(ty.binder_name, ty.binder_type)), depth + 1)
    head, args = app_spine(ty)
    if isinstance(head, FVar):
        return True
    if not isinstance(head, Const):
        return False
    if head.name in _ALWAYS_INHABITED:
        return True
    if head.name == _FIN and len(args) == 1:
        return _plainly_positive(inf, args[0])
    ci = inf.env.find(head.name, within=inf.within)
    if ci is None or ci.kind != "inductive" or ci.num_params is None or len(args) < ci.num_params:
        return False
    for ctor_name in ci.ctors:
        ctor = inf.env.find(ctor_name, within=inf.within)
        if ctor is None or len(ctor.level_params) != len(head.levels):
            continue
        t = instantiate_levels(ctor.type, dict(zip(ctor.level_params, head.levels)))
        ok = True
        for a in args[:ci.num_params]:
            t = inf.whnf(t)
            if not isinstance(t, ForallE):
                ok = False
                break
            t = instantiate(t.body, a)
        while ok:
            t = inf.whnf(t)
            if not isinstance(t, ForallE):
                break
            field = t.binder_type
            if head.name in constants_of(field):
                ok = False  # a recursive field: not this constructor
            elif is_prop_level(inf.sort_level(field)) is not False:
                f = inf.whnf(field)
                ok = isinstance(f, Const) and f.name == _TRUE
            else:
                ok = _plainly_inhabited(inf, field, depth + 1)
            t = instantiate(t.body, inf.fresh(t.binder_name, field))
        if ok:
            return True
    return False


#: Library classes with an instance at some type for any arguments' kinds (``Nat``, ``Unit``).
_INSTANCE_CLASSES = frozenset(Name.parse(n) for n in (
    "DecidableEq", "BEq", "Hashable", "Inhabited", "Nonempty", "Repr", "ToString", "Ord", "LT", "LE",
    "Add", "Mul", "Sub", "Neg", "Zero", "One", "OfNat", "Decidable"))


_SUCC, _HADD, _NAT_ADD = Name.of("Nat", "succ"), Name.of("HAdd", "hAdd"), Name.of("Nat", "add")


def _plainly_positive(inf: "_Infer", n: Expr) -> bool:
    """Whether the natural number ``n`` is plainly positive for some choice of the earlier binders: a
    free variable (chosen as 1), a positive literal, ``Nat.succ m``, or ``m + k`` with ``k`` plainly
    positive. Anything else (``0 + 0``) is not known to be, and ``Fin n`` then needs a witness."""
    n = strip_mdata(n)
    if isinstance(n, FVar):
        return True
    if isinstance(n, Lit):
        return isinstance(n.value, int) and n.value > 0
    head, args = app_spine(n)
    if isinstance(head, Const):
        if head.name == _SUCC and len(args) == 1:
            return True
        if head.name == _HADD and len(args) == 6:
            return _plainly_positive(inf, args[5]) or (isinstance(strip_mdata(args[4]), FVar))
        if head.name == _NAT_ADD and len(args) == 2:
            return _plainly_positive(inf, args[1]) or isinstance(strip_mdata(args[0]), FVar)
        if head.name == Name.of("OfNat", "ofNat") and len(args) == 3:
            return _plainly_positive(inf, args[1])
    return False


def _library_instance_at_variables(inf: "_Infer", binder: ForallE) -> bool:
    """An instance binder of a library class at type variables only (``[DecidableEq A]``,
    ``[Inhabited A]``): choosing the variables (``A := Nat``) gives the library's instance."""
    if binder.binder_info != 3:  # inst implicit
        return False
    head, args = app_spine(strip_mdata(binder.binder_type))
    return (isinstance(head, Const) and head.name in _INSTANCE_CLASSES and bool(args)
            and all(isinstance(strip_mdata(a), FVar) for a in args))


def _is_hypothesis(inf: "_Infer", binder: ForallE) -> bool:
    """Whether a binder (its earlier ones opened in ``inf``) is a hypothesis: a proposition (or one
    not shown to be none), or data that may have no element."""
    try:
        inf.fuel = _FUEL
        if is_prop_level(inf.sort_level(binder.binder_type)) is not False:
            return True
        return not (_library_instance_at_variables(inf, binder) or _plainly_inhabited(inf, binder.binder_type))
    except (_Undecided, RecursionError):
        return True


def shape_of(env: Environment, ty: Expr, *, is_core_module: Callable[[str], bool],
             within: str | None = None) -> Shape:
    """Whether ``ty`` (a declaration's type, in module ``within``) is a proposition, and its
    binders and hypotheses. A proposition's hypotheses include those its conclusion's project
    definitions hide (:mod:`claimcheck.analysis.unfold`; ``is_core_module``: the library's modules,
    whose definitions are the reader's vocabulary): ``def Stable f := (∀ n, f n < f n) → …`` at
    ``Stable f``, counted after the written ones, unless the conclusion is a negation (``def
    NotBelow a b := a < b → False``: it denies them, it does not assume them)."""
    inf = _Infer(env, within)
    hyps: list[Expr] = []
    positions: list[int] = []
    e = strip_mdata(ty)
    while isinstance(e, ForallE):
        if _is_hypothesis(inf, e):
            positions.append(len(hyps))
        x = inf.fresh(e.binder_name, e.binder_type)
        hyps.append(e.binder_type)
        e = strip_mdata(instantiate(e.body, x))
    inf.fuel = _FUEL
    # each binder type was taken after the earlier binders were opened: closed in free variables
    note = ""
    try:
        level = inf.sort_level(e)
        prop = is_prop_level(level)
        if prop is None:
            note = "its sort depends on a universe parameter"
    except _Undecided as exc:
        prop, note = None, str(exc)
    except RecursionError:
        prop, note = None, "the statement is too deep to analyse"
    written = len(hyps)
    hidden: list[int] = []
    if prop is True:
        find = lambda n: env.find(n, within=within)  # noqa: E731
        at = written
        while True:
            e, settled = exposed(e, find, is_core_module)
            if not isinstance(e, ForallE) or at - written >= _HIDDEN:
                break
            if _is_hypothesis(inf, e):
                hidden.append(at)
            e = strip_mdata(instantiate(e.body, inf.fresh(e.binder_name, e.binder_type)))
            at += 1
        if is_negation(e):
            hidden = []
    positions += hidden
    requirements: list[tuple[Path, int, int]] = [((), positions[-1] + 1, len(positions))] if positions else []
    if prop is True:
        # a conclusion still unfolding past the steps taken, or past the hidden binders opened
        unsettled: list[Expr] = [e] if isinstance(e, ForallE) or not settled else []
        _conjunct_requirements(inf, e, at, (), find, is_core_module, requirements, unsettled=unsettled)
        if unsettled:
            # what it rests on cannot be judged: never taken for a theorem (the claim says why)
            prop, note = None, (f"its conclusion's definitions unfold further than claimcheck looks ({UNFOLD} steps a"
                                f" binder, {_HIDDEN} hidden binders): they may hide hypotheses it cannot judge")
    inner = sum(n for path, _arity, n in requirements if path)
    return Shape(prop, written, note, len(positions) + inner, tuple(positions), len(hidden), inner,
                 tuple((path, arity) for path, arity, _n in requirements))


#: Conjuncts nested in conjuncts looked into.
_CONJUNCT_DEPTH = 8
#: Parts (conjuncts, fields, branches) looked into for one statement, all depths together.
_PARTS = 256
_AND, _IFF = Name.of("And"), Name.of("Iff")
_ITE, _DITE, _NOT_C = Name.of("ite"), Name.of("dite"), Name.of("Not")
#: Library proposition structures whose fields are not conjuncts: ``A ↔ B``'s directions are each
#: other's converse, and a side that never holds makes it a statement (``x ∈ [] ↔ False`` says
#: ``x ∉ []``), not a vacuous part.
_NOT_CONJUNCTIONS = frozenset({_IFF})


def _conjunct_requirements(inf: _Infer, body: Expr, before: int, path: Path, find: Callable[[Name], ConstantInfo | None],
                           is_core_module: Callable[[str], bool], out: list[tuple[Path, int, int]],
                           parts: list[int] | None = None, unsettled: list[Expr] | None = None) -> None:
    """The requirement of each conjunct of ``body`` (the conclusion, after ``before`` arguments)
    with hypotheses, nested ones included: ``(path, arity, hypotheses)`` appended to ``out``.

    A conjunct is a side of ``∧``, a field of a proposition structure (one constructor, no index,
    fields that do not depend on each other): the project's, and the library's whose fields a
    witness can project (``Equivalence``'s ``refl``/``symm``/``trans``, a class such as
    ``Std.Antisymm``), but not ``↔`` (`_NOT_CONJUNCTIONS`); or a branch of an ``if`` (``ite``,
    ``dite`` of a proposition): ``if c then A else B`` is read as ``(c → A) ∧ (¬c → B)``, each
    branch a conjunct whose hypothesis is its condition (a branch no argument takes is a vacuous
    part, as ``(∀ n, n < 0 → P n) ∧ Q``'s), taken by a witness with ``Eq.mp (if_pos h) (T 3)``
    (``if_neg``, ``dif_pos``, ``dif_neg``; path step `THEN`, `ELSE`) and from there projected as
    any part. They are reached through ``let``, beta and the project's definitions; a conjunct's
    hidden binders are opened as the statement's are; a negation (``… → False``, ``¬``, ``≠``) has
    no requirement (a branch that is one denies its condition). At most `_CONJUNCT_DEPTH` steps
    deep and `_PARTS` parts in all (a deterministic bound: parts past it are not looked into). A part
    whose definitions unfold past the steps taken (:func:`~claimcheck.analysis.unfold.exposed`) is
    appended to ``unsettled``."""
    if len(path) >= _CONJUNCT_DEPTH:
        return
    if parts is None:
        parts = [_PARTS]
    for index, part, condition in _conjuncts(inf, body, find, is_core_module):
        parts[0] -= 1
        if parts[0] < 0:
            return
        step = path + ((before, index),)
        e, n, positions = part, 0, []
        while True:
            e, settled = exposed(e, find, is_core_module)
            if not isinstance(e, ForallE) or n >= _HIDDEN:
                break
            if _is_hypothesis(inf, e):
                positions.append(n)
            e = strip_mdata(instantiate(e.body, inf.fresh(e.binder_name, e.binder_type)))
            n += 1
        if unsettled is not None and (isinstance(e, ForallE) or not settled):
            unsettled.append(e)
        taken = 0 if condition is None else 1  # a branch's condition, discharged by the step
        if (positions or taken) and not is_negation(e):
            out.append((step, positions[-1] + 1 if positions else 0, len(positions) + taken))
        _conjunct_requirements(inf, e, n, step, find, is_core_module, out, parts, unsettled)


def _conjuncts(inf: _Infer, body: Expr, find: Callable[[Name], ConstantInfo | None],
               is_core_module: Callable[[str], bool], decide: bool = True) -> list[tuple[int, Expr, Expr | None]]:
    """The parts ``body`` states together (see `_conjunct_requirements`), else none: ``(index,
    part, condition)``, the index a field's, or `THEN`/`ELSE` with the ``if``'s condition (the
    step's one hypothesis, a ``dite``'s branch opened at a variable for it). An ``if`` whose
    ``Decidable`` instance evaluates is its branch (:func:`~claimcheck.analysis.unfold.decide_if`),
    unless ``decide`` is off."""
    e = strip_mdata(body)
    unfolds = project_only(is_core_module)
    for _ in range(UNFOLD):
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, Const):
            if head.name == _AND and len(args) == 2:
                return [(0, args[0], None), (1, args[1], None)]
            decided = decide_if(head, args, find) if decide else None
            if decided is not None:  # a condition that evaluates (`if 0 = 0 …`, a match on a numeral): its branch
                e = strip_mdata(decided)
                continue
            if head.name in (_ITE, _DITE) and len(args) == 5 and _is_prop_sort(args[0]):
                cond = args[1]
                if head.name == _ITE:
                    return [(THEN, args[3], cond), (ELSE, args[4], cond)]
                return [(THEN, _open_branch(inf, args[3], cond), cond),
                        (ELSE, _open_branch(inf, args[4], App(Const(_NOT_C, ()), cond)), cond)]
            ci = inf.env.find(head.name, within=inf.within)
            if ci is not None and ci.kind == "inductive" and head.name not in _NOT_CONJUNCTIONS:
                fields = _structure_fields(inf, ci, head, args, projected=is_core_module(ci.module))
                return [(i, f, None) for i, f in enumerate(fields)]
        nxt = head_step(e, find, unfolds)
        if nxt is None:
            break
        e = strip_mdata(nxt)
    return []


def _is_prop_sort(e: Expr) -> bool:
    e = strip_mdata(e)
    for _ in range(UNFOLD):  # a motive applied (`(fun x => Prop) 0`, as a matcher leaves it)
        head, args = app_spine(e)
        if not (isinstance(strip_mdata(head), Lam) and args):
            break
        e = strip_mdata(beta(strip_mdata(head), args))
    return isinstance(e, Sort) and is_prop_level(e.level) is True


def _open_branch(inf: _Infer, branch: Expr, condition: Expr) -> Expr:
    """A ``dite`` branch (``fun h : c => A h``) at a fresh variable for its condition."""
    b = strip_mdata(branch)
    h = inf.fresh(Name.of("h"), condition)
    return instantiate(b.body, h) if isinstance(b, Lam) else App(b, h)


def _structure_fields(inf: _Infer, ci: ConstantInfo, head: Const, args: list[Expr], projected: bool = False
                      ) -> list[Expr]:
    """The field types of a proposition structure (one constructor, no index) at parameters
    ``args``, when none depends on another; else none. ``projected``: only when each field has its
    projection (``S.f``: a library structure a witness can project; ``Nonempty``'s field has none)."""
    if len(ci.ctors) != 1 or ci.num_params is None or len(args) != ci.num_params \
            or len(ci.level_params) != len(head.levels):
        return []
    t = instantiate_foralls(instantiate_levels(ci.type, dict(zip(ci.level_params, head.levels))), args)
    ctor = inf.env.find(ci.ctors[0], within=inf.within)
    if not (isinstance(t, Sort) and is_prop_level(t.level) is True) or ctor is None:
        return []
    fields = independent_fields(ctor, head, args)
    if projected:
        c = strip_mdata(ctor.type)
        names: list[Name] = []
        while isinstance(c, ForallE):
            names.append(c.binder_name)
            c = strip_mdata(c.body)
        field_names = names[ci.num_params:]
        if len(field_names) != len(fields) or not all(
                isinstance(f.last, str) and inf.env.find(Name((*head.name.components, f.last)), within=inf.within)
                is not None for f in field_names):
            return []
    return fields


def branches_taken(env: Environment, ty: Expr, steps: list[tuple[list[Expr], int, Expr | None]], *,
                   within: str, is_core_module: Callable[[str], bool]) -> bool:
    """Whether a chain of `steps` (arguments, field or branch, the condition a branch's equation
    proves; :mod:`claimcheck.analysis.satisfiable`) applied to a constant of type ``ty`` takes each
    branch of the very ``if`` at that place of the statement at those arguments: the condition is
    that ``if``'s, structurally (``Eq.mp (if_pos trivial : ite True B X = B) (T 5)`` when ``T 5``
    is ``ite (5 + 1 = 5) A B``, equal to ``B`` by evaluation, takes no branch of ``T``'s ``if``).
    Bounded by fuel: what is not settled is no match."""
    inf = _Infer(env, within)
    find = lambda n: env.find(n, within=within)  # noqa: E731
    e = strip_mdata(ty)
    try:
        for args, index, condition in steps:
            for a in args:
                e = expose(e, find, is_core_module)
                if not isinstance(e, ForallE):
                    return False
                e = strip_mdata(instantiate(e.body, a))
            # a branch step takes the `if` as the statement has it, undecided (its condition closed only
            # by these arguments): the requirement was made on the statement's own `if`
            parts = [(part, cond) for i, part, cond in _conjuncts(inf, e, find, is_core_module, decide=condition is None)
                     if i == index]
            if not parts:
                return False
            e, cond = parts[0]
            if condition is not None and (cond is None or not same(cond, condition)):
                return False
    except (_Undecided, RecursionError):
        return False
    return True


