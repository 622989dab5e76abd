"""Cross-check the concrete Lean instances against independent Python recomputations.

Every theorem whose name contains ``_instance_`` states a concrete fact (``notearsTrunc W 3 =
20375/1152``, a Gram matrix as a list of rows, a tell-tale, ...). Its statement is read from the
built module (the theorem's type in the ``.olean``), not copied by hand: both the inputs (the
matrix, the dimension, the list family) and the stated value come from the Lean term. The
left-hand side is then evaluated by Python implementations of the Lean definitions (the exact
functions of :mod:`claimcheck.witnesses`), and must equal the value Lean states.

The evaluator knows a small vocabulary: literals, lists, ``Fin``, ``fun``, ``=``, ``∧``, ``¬`` and
the project's definitions registered in :data:`SEMANTICS`. A statement using anything else is
reported as ``unsupported`` — which fails the gate, so a new instance needs its recomputation.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from .olean import App, BVar, Const, Environment, Expr, ForallE, Lam, Lit, MData
from .pretty import literal_value, pretty
from .witnesses import acyclicity, angluin, simplex

Thunk = Callable[[], Any]
Semantic = Callable[..., Any]


class Unsupported(Exception):
    """The statement uses something the evaluator has no Python meaning for."""


@dataclass(frozen=True)
class InstanceCheck:
    """One instance theorem: the value Lean states and the value Python recomputes."""

    decl: str
    statement: str
    lean_value: str
    python_value: str
    ok: bool
    detail: str = ""

    def to_json(self) -> dict:
        return {
            "decl": self.decl,
            "statement": self.statement,
            "lean_value": self.lean_value,
            "python_value": self.python_value,
            "ok": self.ok,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class ListFamily:
    """The value of ``listFamily Ls``: a family of finite languages given by lists."""

    lists: tuple[tuple[int, ...], ...]


def _int(v: Any) -> int:
    if isinstance(v, Fraction):
        if v.denominator != 1:
            raise Unsupported(f"expected a natural number, got {v}")
        return int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise Unsupported(f"expected a natural number, got {v!r}")
    return v


def _vector(n: int, f: Callable[[int], Any]) -> list[Fraction]:
    return [Fraction(f(i)) for i in range(n)]


def _tell_tale(_iota: Thunk, family: Thunk, index: Thunk, tale: Thunk) -> bool:
    fam = family()
    if not isinstance(fam, ListFamily):
        raise Unsupported("IsTellTale of a family that is not a listFamily")
    return angluin.is_tell_tale_lists([list(l) for l in fam.lists], _int(index()), [_int(x) for x in tale()])


#: Python meaning of Lean constants. Each receives every argument (implicit ones included) as a
#: thunk, in order, and evaluates only what it needs (proof arguments are never evaluated).
SEMANTICS: Mapping[str, Semantic] = {
    # logic and data
    "Eq": lambda _t, a, b: _equal(a(), b()),
    "And": lambda a, b: bool(a()) and bool(b()),
    "Not": lambda a: not a(),
    "True": lambda: True,
    "False": lambda: False,
    "List.nil": lambda _t: [],
    "List.cons": lambda _t, h, t: [h(), *t()],
    "List.getD": lambda _t, l, i, d: (lambda xs, k: xs[k] if k < len(xs) else d())(l(), _int(i())),
    "List.finRange": lambda n: list(range(_int(n()))),
    "List.map": lambda _a, _b, f, l: [f()(x) for x in l()],
    "Fin.mk": lambda _n, v, _proof: _int(v()),
    # arithmetic on numbers computed at run time (closed literals are read by `literal_value`)
    "OfNat.ofNat": lambda _t, n, _inst: n(),
    "HAdd.hAdd": lambda _a, _b, _c, _i, x, y: x() + y(),
    "HSub.hSub": lambda _a, _b, _c, _i, x, y: x() - y(),
    "HMul.hMul": lambda _a, _b, _c, _i, x, y: x() * y(),
    "HDiv.hDiv": lambda _a, _b, _c, _i, x, y: Fraction(x()) / Fraction(y()),
    "Neg.neg": lambda _t, _i, x: -x(),
    "Fin.val": lambda _n, x: _int(x()),
    # MLTheory.Basic
    "MLTheory.dot": lambda n, x, y: sum((a * b for a, b in zip(_vector(_int(n()), x()), _vector(_int(n()), y()))), Fraction(0)),
    "MLTheory.sqNorm": lambda n, x: sum((a * a for a in _vector(_int(n()), x())), Fraction(0)),
    "MLTheory.sqDist": lambda n, x, y: sum(((a - b) ** 2 for a, b in zip(_vector(_int(n()), x()), _vector(_int(n()), y()))), Fraction(0)),
    "MLTheory.matPow": lambda _n, a, k: acyclicity.mat_pow(a(), _int(k())),
    # MLTheory.Simplex
    "MLTheory.simplexCode": lambda c, k: (lambda C, K: lambda i: Fraction(int(i == K)) - Fraction(1, C))(_int(c()), _int(k())),
    "MLTheory.simplexGramRows": lambda c: simplex.simplex_gram_rows(_int(c())),
    "MLTheory.argmaxHead": lambda c, _h, x: simplex.argmax_head(_vector(_int(c()), x())),
    "MLTheory.nearestNeighbour": lambda c, _h, x: simplex.nearest_neighbour(_vector(_int(c()), x())),
    # MLTheory.Acyclicity
    "MLTheory.matOfRows": lambda n, rows: _matrix(_int(n()), rows()),
    "MLTheory.matRows": lambda _n, a: a(),
    "MLTheory.notearsTrunc": lambda _n, w, k: acyclicity.notears_trunc(w(), _int(k())),
    "MLTheory.walkSum": lambda _n, a, k, i, j: acyclicity.walk_sum(a(), _int(k()), _int(i()), _int(j())),
    # MLTheory.Angluin
    "MLTheory.Angluin.listFamily": lambda ls: ListFamily(tuple(tuple(_int(x) for x in l) for l in ls())),
    "MLTheory.Angluin.IsTellTale": _tell_tale,
}


def _matrix(n: int, rows: list) -> list[list[Fraction]]:
    """``matOfRows n rows``: entry (i, j) is ``rows[i][j]``, 0 where the list is short."""
    return [[Fraction(rows[i][j]) if i < len(rows) and j < len(rows[i]) else Fraction(0) for j in range(n)] for i in range(n)]


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
    return repr(v)


class Evaluator:
    """Evaluates closed Lean terms of the known vocabulary to Python values."""

    def __init__(self, semantics: Mapping[str, Semantic] = SEMANTICS) -> None:
        self.semantics = semantics

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
            raise Unsupported("a universally quantified statement has no concrete value")
        if isinstance(e, (App, Const)):
            value = literal_value(e)
            if value is not None:
                return value
            head, args = _spine(e)
            if not isinstance(head, Const):
                fn = self.eval(head, ctx)
                for arg in args:
                    fn = fn(self.eval(arg, ctx))
                return fn
            semantic = self.semantics.get(head.name)
            if semantic is None:
                raise Unsupported(f"no Python meaning for `{head.name}`")
            thunks = [self._thunk(a, ctx) for a in args]
            try:
                return semantic(*thunks)
            except TypeError as exc:
                raise Unsupported(f"`{head.name}` applied to {len(args)} arguments: {exc}") from exc
        raise Unsupported(f"cannot evaluate a {type(e).__name__} term")

    def _thunk(self, e: Expr, ctx: tuple[Any, ...]) -> Thunk:
        return lambda: self.eval(e, ctx)


def _spine(e: Expr) -> tuple[Expr, list[Expr]]:
    args: list[Expr] = []
    while True:
        while isinstance(e, MData):
            e = e.expr
        if not isinstance(e, App):
            break
        args.append(e.arg)
        e = e.fn
    args.reverse()
    return e, args


def _stated_and_computed(ev: Evaluator, statement: Expr) -> tuple[str, str, bool]:
    """For ``lhs = rhs``: (rhs as stated, lhs recomputed); for a conjunction, each part."""
    head, args = _spine(statement)
    if isinstance(head, Const) and head.name == "Eq" and len(args) == 3:
        computed = ev.eval(args[1])
        stated = ev.eval(args[2])
        return render(stated), render(computed), _equal(computed, stated)
    if isinstance(head, Const) and head.name == "And" and len(args) == 2:
        parts = [_stated_and_computed(ev, a) for a in args]
        return " ∧ ".join(p[0] for p in parts), " ∧ ".join(p[1] for p in parts), all(p[2] for p in parts)
    # Any other proposition is stated to hold: Python must find it true.
    computed = ev.eval(statement)
    if not isinstance(computed, bool):
        raise Unsupported("the statement is not a proposition the evaluator can decide")
    return "True", render(computed), computed


def is_instance(name: str) -> bool:
    return "_instance_" in name.rsplit(".", 1)[-1]


def check_instances(env: Environment, decls: list[str], evaluator: Evaluator | None = None) -> list[InstanceCheck]:
    """Cross-check each instance theorem among ``decls`` (names whose last part has ``_instance_``)."""
    ev = evaluator or Evaluator()
    checks: list[InstanceCheck] = []
    for name in decls:
        if not is_instance(name):
            continue
        ci = env.find(name)
        if ci is None:
            checks.append(InstanceCheck(name, "", "", "", False, "not found in the built modules"))
            continue
        statement = pretty(ci.type)
        try:
            stated, computed, ok = _stated_and_computed(ev, ci.type)
        except Unsupported as exc:
            checks.append(InstanceCheck(name, statement, "", "", False, f"unsupported: {exc}"))
            continue
        detail = "" if ok else "Lean states one value, Python recomputes another"
        checks.append(InstanceCheck(name, statement, stated, computed, ok, detail))
    return checks
