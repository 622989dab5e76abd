"""The instance evaluator: Python meanings of Lean terms, for cross-checking concrete instances.

Every instance theorem (a closed statement proved by a decision, whatever its name:
:mod:`claimcheck.analysis.cross_check`) states a concrete fact (``notearsTrunc W 3 =
20375/1152``, a Gram matrix as a list of rows, a tell-tale, ...). Its statement is read from the
built module (the theorem's type in the ``.olean``), not copied by hand: both the inputs and the
stated value come from the Lean term. The left-hand side is then evaluated by Python meanings of
the Lean constants, and must equal the value Lean states.

The evaluator knows a small core vocabulary (:data:`CORE_SEMANTICS`: literals, lists, ``Fin``
(literals taken modulo ``n``), ``fun``, ``∀ v : Fin n`` (decided by trying every ``v``), implications ``A → B`` between decidable statements, membership in a list, ``x⁻¹`` on ``Rat``, structure
projections, ``=``, ``≠``, ``∧``, ``¬``, ``<``, ``Bool`` literals, ``List.length``, ``List.Pairwise``,
pairs, ``if … then … else``, arithmetic, and ``Nat.cast`` into ``Nat``, ``Int`` and ``Rat``).
A project adds the meanings of its own definitions in companion modules named by
``claimcheck.toml`` (``[instances] modules``), each exporting a ``SEMANTICS`` mapping;
:func:`load_semantics` merges them. The tool never imports a companion by itself.

The core vocabulary gives ``+``, ``≤``, numerals ... their *library* meaning, so it applies only
when the instance argument is a library instance: with a project instance (``instance :
HAdd Nat Nat Nat := ⟨Nat.mul⟩``, or ``Add MyType``) or an instance written inline, Python's ``+``
is not what Lean's statement means, and agreeing values would prove nothing. Such a term is
refused (:class:`Unsupported`); :func:`check_instances` always installs that guard, read from the
environment (:meth:`claimcheck.analysis.instance_rules.InstanceRules.is_library_instance`).

A statement using a constant with no Python meaning is *not cross-checked*: reported as such, and
a gate failure only when the project asks for strictness (``[instances] strict = true``).

This module is what a companion imports (``Semantic``, ``Thunk``, ``FinFun``, ``Unsupported``,
``as_int``, ...) and what runs, with the companion's semantics, in the companion's own process
(:mod:`claimcheck.companion`); :mod:`claimcheck.analysis.cross_check` selects the instance theorems
of a build and turns the results into the model's ``InstanceResult``.
"""


from __future__ import annotations

import inspect
import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from claimcheck.analysis.pretty import arith, has_loose_bvar, literal_value, number_type, pretty
from claimcheck.model.evidence import InstanceOutcome
from claimcheck.model.names import Name
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, Lam, Lit, MData, Proj, app_spine, subterms, whole_applications

Thunk = Callable[[], Any]
Semantic = Callable[..., Any]

__all__ = [
    "CORE_SEMANTICS", "Evaluator", "FinFun", "InstanceOutcome", "NON_LIBRARY_INSTANCE", "Semantic", "Thunk",
    "Unsupported", "as_int", "evaluate_statement", "exact", "fin_table", "nat_table", "render", "val_table",
]


class Unsupported(Exception):
    """The statement uses something the evaluator has no Python meaning for."""


#: The largest ``n`` of a ``Fin n`` (or a list ``List.finRange n``) the evaluator enumerates: beyond
#: it a statement is "too large to evaluate" (not cross-checked), never computed for hours.
MAX_ENUMERATION = 1_000_000


def bounded(n: int) -> int:
    """``n``, if it is small enough to enumerate (:data:`MAX_ENUMERATION`)."""
    if n > MAX_ENUMERATION:
        raise Unsupported(f"too large to evaluate: {n} values to enumerate (at most {MAX_ENUMERATION})")
    return n


def as_int(v: Any) -> int:
    """A natural number value (an integral literal, read as a ``Fraction``, or an ``int``)."""
    if isinstance(v, Fraction):
        if v.denominator != 1:
            raise Unsupported(f"expected a natural number, got {v}")
        return int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise Unsupported(f"expected a natural number, got {v!r}")
    return v


@dataclass(frozen=True)
class FinFun:
    """A Lean function on ``Fin n`` computed by Python, given by its table (a configuration, a
    schedule, rounds): callable like the Lean function, and its table is reused without
    re-evaluation."""

    table: tuple

    def __call__(self, v: Any) -> Any:
        return self.table[as_int(v)]


def fin_table(n: Thunk, f: Thunk, entry: Callable[[Any], Any] = lambda x: x) -> tuple:
    """The values of a Lean ``Fin n → β`` at ``0..n-1``."""
    size, fn = bounded(as_int(n())), f()
    if isinstance(fn, FinFun) and len(fn.table) == size:
        return tuple(entry(x) for x in fn.table)
    if not callable(fn):
        raise Unsupported(f"expected a function on Fin {size}, got {fn!r}")
    return tuple(entry(fn(v)) for v in range(size))


def exact(v: Any) -> Any:
    """An integral literal (read as a ``Fraction``) as an ``int``; other values unchanged."""
    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v


def nat_table(n: Thunk, f: Thunk) -> tuple[int, ...]:
    """The values of a Lean ``Fin n → Nat`` as ints."""
    return fin_table(n, f, as_int)


def val_table(n: Thunk, f: Thunk) -> tuple:
    """The values of a Lean ``Fin n → α``, integral literals as ints."""
    return fin_table(n, f, exact)


#: Python meaning of Lean core constants. Each receives every argument (implicit ones included) as
#: a thunk, in order, and evaluates only what it needs (proof arguments are never evaluated). A
#: constant applied to more arguments than its Python function takes is applied to the result
#: (``syncRun f G h x0 4 v``); applied to fewer, it is a curried function.
CORE_SEMANTICS: Mapping[str, Semantic] = {
    # logic and data
    "Eq": lambda _t, a, b: _equal(a(), b()),
    "And": lambda a, b: bool(a()) and bool(b()),
    "Not": lambda a: not a(),
    "Ne": lambda _t, a, b: not _equal(a(), b()),
    "True": lambda: True,
    "False": lambda: False,
    "Bool.true": lambda: True,
    "Bool.false": lambda: False,
    "List.nil": lambda _t: [],
    "List.cons": lambda _t, h, t: [h(), *t()],
    "List.getD": lambda _t, l, i, d: (lambda xs, k: xs[k] if k < len(xs) else d())(l(), as_int(i())),
    "List.length": lambda _t, l: len(l()),
    "List.finRange": lambda n: list(range(bounded(as_int(n())))),
    "List.map": lambda _a, _b, f, l: [f()(x) for x in l()],
    # `x ∈ l` (`Membership.mem l x`, the collection first) for a list `l`
    "Membership.mem": lambda _a, _g, _inst, l, x: _member(x(), l()),
    # `l.Pairwise R`: `R a b` for every `a` before `b` in `l` (pairs of positions, not of values)
    "List.Pairwise": lambda _t, r, l: (lambda rel: all(_proposition(rel(a)(b)) for a, b in itertools.combinations(l(), 2)))(r()),
    # pairs as Python tuples
    "Prod.mk": lambda _a, _b, x, y: (x(), y()),
    "Prod.fst": lambda _a, _b, p: _pair(p())[0],
    "Prod.snd": lambda _a, _b, p: _pair(p())[1],
    # `if c then a else b`: every `Decidable c` instance decides `c` truly (a subsingleton), so the
    # value is the branch `c` selects, whatever the instance
    "ite": lambda _t, c, _inst, a, b: a() if _proposition(c()) else b(),
    "Fin.mk": lambda _n, v, _proof: as_int(v()),
    # arithmetic on numbers computed at run time (closed literals are read by `literal_value`);
    # `+ - * /` fully applied are read by `Evaluator` with their type (`arith`): `Nat` subtraction
    # truncates, division rounds and divides by 0 as the library does, `Fin n` wraps around
    "OfNat.ofNat": lambda _t, n, _inst: n(),
    "Neg.neg": lambda _t, _i, x: -x(),
    "LT.lt": lambda _t, _i, x, y: x() < y(),
    "LE.le": lambda _t, _i, x, y: x() <= y(),
    "Fin.val": lambda _n, x: as_int(x()),
    # `Nat.cast` / `NatCast.natCast` are read by `Evaluator` with their target type (`_cast`): the
    # value is unchanged only on `Nat`, `Int` and `Rat`
}


def _member(x: Any, coll: Any) -> bool:
    if not isinstance(coll, list):
        raise Unsupported(f"membership in {render(coll)}: only lists are modelled")
    return any(_equal(x, y) for y in coll)


def _pair(v: Any) -> tuple:
    if not isinstance(v, tuple) or len(v) != 2:
        raise Unsupported(f"expected a pair, got {render(v)}")
    return v


def _equal(a: Any, b: Any) -> bool:
    return _normal(a) == _normal(b)


def _normal(v: Any) -> Any:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, Fraction)):
        return Fraction(v)
    if isinstance(v, (list, tuple)):
        return [_normal(x) for x in v]
    return v


def render(v: Any) -> str:
    """A value as Lean would write it: ``[[2/3, -1/3], ...]``, ``20375/1152``, ``True``."""
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, (int, Fraction)):
        return str(Fraction(v))
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(render(x) for x in v) + "]"
    if isinstance(v, FinFun):  # a function on `Fin n` by its values, as Mathlib writes it
        return "![" + ", ".join(render(x) for x in v.table) + "]"
    if v is None:
        return "none"
    return repr(v)


#: Position of the instance argument of the library constants that the core vocabulary (and
#: :func:`~claimcheck.analysis.pretty.literal_value`) interpret by their library meaning.
INSTANCE_ARGUMENT: Mapping[Name, int] = {Name.parse(k): v for k, v in {
    "OfNat.ofNat": 2, "HAdd.hAdd": 3, "HSub.hSub": 3, "HMul.hMul": 3, "HDiv.hDiv": 3, "HMod.hMod": 3,
    "HPow.hPow": 3, "Neg.neg": 1, "LT.lt": 1, "LE.le": 1, "Nat.cast": 1, "NatCast.natCast": 1,
    "Int.cast": 1, "IntCast.intCast": 1, "OfScientific.ofScientific": 1, "Membership.mem": 2, "Inv.inv": 1,
}.items()}

#: What an instance argument that is not a library instance is replaced by before a statement goes
#: to the companion's process (:mod:`claimcheck.analysis.cross_check`): the evaluator refuses to
#: give an operation with it its library meaning.
NON_LIBRARY_INSTANCE = Name.of("non-library instance")

#: Decides whether an instance argument is a library instance (see the module docstring).
InstanceGuard = Callable[[Expr], bool]


def marker_guard(e: Expr) -> bool:
    """The guard for statements whose non-library instances were replaced by the marker."""
    while isinstance(e, MData):
        e = e.expr
    return not (isinstance(e, Const) and e.name == NON_LIBRARY_INSTANCE)


def _library_instances_only(e: Expr, guard: InstanceGuard) -> bool:
    """Whether every interpreted operation in the closed term ``e`` has a library instance."""
    for x in subterms(e, whole_applications):
        if isinstance(x, App):
            head, args = app_spine(x)
            k = INSTANCE_ARGUMENT.get(head.name) if isinstance(head, Const) else None
            if k is not None and k < len(args) and not guard(args[k]):
                return False
    return True


class Evaluator:
    """Evaluates closed Lean terms of the known vocabulary to Python values.

    ``instance_guard``: tells library instances from others; when given, an interpreted
    operation (``INSTANCE_ARGUMENT``) whose instance is not a library one is :class:`Unsupported`.
    :func:`check_instances` installs one read from the environment when it is ``None``.
    """

    def __init__(self, semantics: Mapping[str, Semantic] = CORE_SEMANTICS,
                 instance_guard: InstanceGuard | None = marker_guard) -> None:
        self.semantics: dict[Name, Semantic] = {Name.parse(k): v for k, v in semantics.items()}
        self.instance_guard = instance_guard

    def eval(self, e: Expr, ctx: tuple[Any, ...] = ()) -> Any:
        while isinstance(e, MData):
            e = e.expr
        if isinstance(e, BVar):
            return ctx[-1 - e.index]
        if isinstance(e, Lit):
            return e.value if isinstance(e.value, str) else Fraction(e.value)
        if isinstance(e, Lam):
            body = e.body
            return lambda v: self.eval(body, ctx + (v,))
        if isinstance(e, ForallE):
            size = self._fin_size(e.binder_type, ctx)
            if size is not None:
                return all(_proposition(self.eval(e.body, ctx + (v,))) for v in range(bounded(size)))
            if not has_loose_bvar(e.body):  # `A → B`: an implication between decidable statements
                return not _proposition(self.eval(e.binder_type, ctx)) or _proposition(self.eval(e.body, ctx + (None,)))
            raise Unsupported("a statement quantified over a type other than `Fin n` has no concrete value")
        if isinstance(e, Proj):
            return _project(self.eval(e.struct, ctx), e.type_name, e.index)
        if isinstance(e, (App, Const)):
            head, args = app_spine(e)
            if isinstance(head, Const) and self.instance_guard is not None:
                k = INSTANCE_ARGUMENT.get(head.name)
                if k is not None and k < len(args) and not self.instance_guard(args[k]):
                    raise Unsupported(
                        f"`{head.name}` with the instance `{pretty(args[k])}`, not a library instance: the"
                        " library's meaning does not apply"
                    )
            if isinstance(head, Const) and head.name == _OFNAT and len(args) == 3:
                size = self._fin_size(args[0], ctx)
                if size is not None:  # `Fin.instOfNat`: the literal `i : Fin n` is `i % n`
                    return as_int(self.eval(args[1], ctx)) % size
            if isinstance(head, Const) and head.name in ARITH_OPS and len(args) == 6:
                return self._arith(str(head.name), args, ctx)
            if isinstance(head, Const) and head.name in NAT_CASTS and len(args) == 3:
                return self._cast(str(head.name), args, ctx)
            if isinstance(head, Const) and head.name == _INV and len(args) == 3:
                return self._inverse(args, ctx)
            value = literal_value(e)
            if value is not None and self.instance_guard is not None and not _library_instances_only(e, self.instance_guard):
                value = None  # a nested operation has another instance: evaluate it step by step (and refuse)
            if value is not None:
                return value
            if not isinstance(head, Const):
                fn = self.eval(head, ctx)
                for arg in args:
                    fn = fn(self.eval(arg, ctx))
                return fn
            semantic = self.semantics.get(head.name)
            if semantic is None:
                raise Unsupported(f"no Python meaning for `{head.name}`: give it one in the `SEMANTICS` of a"
                                  " companion module named in claimcheck.toml (`[instances] modules`; see"
                                  " docs/authors.md)")
            thunks = [self._thunk(a, ctx) for a in args]
            arity = _arity(semantic)
            try:
                if len(thunks) < arity:
                    return _curry(semantic, thunks, arity)
                fn = semantic(*thunks[:arity])
                for arg in args[arity:]:
                    if not callable(fn):
                        raise Unsupported(f"`{head.name}` applied to {len(args)} arguments, but its value is not a function")
                    fn = fn(self.eval(arg, ctx))
                return fn
            except TypeError as exc:
                raise Unsupported(f"`{head.name}` applied to {len(args)} arguments: {exc}") from exc
        raise Unsupported(f"cannot evaluate a {type(e).__name__} term")

    def _arith(self, op: str, args: Sequence[Expr], ctx: tuple[Any, ...]) -> Any:
        """``op`` (``HAdd.hAdd``, ...) applied to its six arguments, with the meaning it has on
        its type; a type whose meaning of ``op`` is not modelled is :class:`Unsupported`."""
        ty = args[2]
        same = all(_type_key(a) == _type_key(ty) for a in args[:2])
        size = self._fin_size(ty, ctx) if same else None
        carrier = number_type(ty) if same else None
        x, y = self.eval(args[4], ctx), self.eval(args[5], ctx)
        if size is not None:
            x, y = as_int(x), as_int(y)
        got = arith(op, carrier, x, y, size)
        if got is None:
            raise Unsupported(f"`{op}` on `{pretty(ty)}`: its library meaning there is not modelled")
        return got

    def _cast(self, op: str, args: Sequence[Expr], ctx: tuple[Any, ...]) -> Any:
        """``Nat.cast`` (or ``NatCast.natCast``) into the type ``args[0]``: the natural number
        unchanged on ``Nat``, ``Int`` and ``Rat``; any other target (``Fin n`` wraps around, a
        project type means what its instance says) is :class:`Unsupported`."""
        if number_type(args[0]) is None:
            raise Unsupported(f"`{op}` into `{pretty(args[0])}`: only casts into Nat, Int and Rat keep the value")
        return as_int(self.eval(args[2], ctx))

    def _inverse(self, args: Sequence[Expr], ctx: tuple[Any, ...]) -> Any:
        """``x⁻¹`` on ``Rat`` (``0⁻¹ = 0``, as the library has it); on any other type the library's
        meaning is not modelled and the term is :class:`Unsupported`."""
        if number_type(args[0]) != "Rat":
            raise Unsupported(f"`Inv.inv` on `{pretty(args[0])}`: only the inverse on Rat is modelled")
        x = Fraction(self.eval(args[2], ctx))
        return Fraction(0) if x == 0 else 1 / x

    def _fin_size(self, ty: Expr, ctx: tuple[Any, ...]) -> int | None:
        """``n`` when the type ``ty`` is ``Fin n``, else ``None``."""
        head, args = app_spine(ty)
        if isinstance(head, Const) and head.name == _FIN and len(args) == 1:
            return as_int(self.eval(args[0], ctx))
        return None

    def _thunk(self, e: Expr, ctx: tuple[Any, ...]) -> Thunk:
        return lambda: self.eval(e, ctx)


#: The binary operations read with their type (see :func:`~claimcheck.analysis.pretty.arith`).
ARITH_OPS = frozenset(Name.parse(n) for n in ("HAdd.hAdd", "HSub.hSub", "HMul.hMul", "HDiv.hDiv"))

#: The casts of a natural number read with their target type (see :meth:`Evaluator._cast`).
NAT_CASTS = frozenset(Name.parse(n) for n in ("Nat.cast", "NatCast.natCast"))
_OFNAT, _FIN, _EQ, _AND, _INV = (Name.parse(n) for n in ("OfNat.ofNat", "Fin", "Eq", "And", "Inv.inv"))


def _type_key(ty: Expr) -> str:
    """A printed form of a type term, to tell whether the operands' types are the same."""
    return pretty(ty)


def _arity(semantic: Semantic) -> int:
    """The number of arguments a semantic function takes (all of them if it takes ``*args``)."""
    params = inspect.signature(semantic).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        return 1 << 30
    return sum(1 for p in params if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD))


def _curry(semantic: Semantic, thunks: list[Thunk], arity: int) -> Any:
    """A partially applied constant: a function taking the next argument's value."""
    if len(thunks) == arity:
        return semantic(*thunks)
    return lambda v: _curry(semantic, [*thunks, lambda: v], arity)


def _proposition(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Unsupported(f"expected a proposition, got {render(v)}")
    return v


def _project(value: Any, type_name: Name, index: int) -> Any:
    """Field ``index`` of a structure value: Python classes mirroring a Lean structure name it in
    ``LEAN_STRUCTURE`` and list the attribute of each Lean field in ``LEAN_FIELDS`` (``None`` for a
    proof field)."""
    cls = type(value)
    mirrored = getattr(cls, "LEAN_STRUCTURE", None)
    if not isinstance(mirrored, str) or Name.parse(mirrored) != type_name:
        raise Unsupported(f"projection {index} of `{type_name}` applied to a Python {cls.__name__}")
    fields = cls.LEAN_FIELDS
    attr = fields[index] if index < len(fields) else None
    if attr is None:
        raise Unsupported(f"field {index} of `{type_name}` has no Python value")
    return getattr(value, attr)


def evaluate_statement(ev: Evaluator, statement: Expr) -> tuple[str, str, bool]:
    """For ``lhs = rhs``: (rhs as stated, lhs recomputed); for a conjunction, each part."""
    head, args = app_spine(statement)
    if isinstance(head, Const) and head.name == _EQ and len(args) == 3:
        computed = ev.eval(args[1])
        stated = ev.eval(args[2])
        return render(stated), render(computed), _equal(computed, stated)
    if isinstance(head, Const) and head.name == _AND and len(args) == 2:
        parts = [evaluate_statement(ev, a) for a in args]
        return " ∧ ".join(p[0] for p in parts), " ∧ ".join(p[1] for p in parts), all(p[2] for p in parts)
    # Any other proposition is stated to hold: Python must find it true.
    computed = ev.eval(statement)
    if not isinstance(computed, bool):
        raise Unsupported("the statement is not a proposition the evaluator can decide")
    return "True", render(computed), computed
