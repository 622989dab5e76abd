"""Cross-check the concrete Lean instances against independent Python recomputations.

Every theorem whose name contains ``_instance_`` states a concrete fact (``notearsTrunc W 3 =
20375/1152``, a Gram matrix as a list of rows, a tell-tale, ...). Its statement is read from the
built module (the theorem's type in the ``.olean``), not copied by hand: both the inputs (the
matrix, the dimension, the list family) and the stated value come from the Lean term. The
left-hand side is then evaluated by Python implementations of the Lean definitions (the exact
functions of :mod:`claimcheck.witnesses`), and must equal the value Lean states.

The evaluator knows a small vocabulary: literals, lists, ``Fin`` (literals taken modulo ``n``),
``fun``, ``∀ v : Fin n`` (decided by trying every ``v``), structure projections, ``=``, ``∧``, ``¬``,
``<`` and the project's definitions registered in :data:`SEMANTICS`. A statement using anything
else is reported as ``unsupported`` — which fails the gate, so a new instance needs its
recomputation.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from .olean import App, BVar, Const, Environment, Expr, ForallE, Lam, Lit, MData, Proj, app_spine
from .pretty import literal_value, pretty
from .witnesses import acyclicity, angluin, simplex
from .witnesses import traffic_light_lean as tl

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


@dataclass(frozen=True)
class FinFun:
    """A Lean function on ``Fin n`` computed by Python, given by its table (a configuration, a
    schedule, rounds): callable like the Lean function, and its table is reused without
    re-evaluation."""

    table: tuple

    def __call__(self, v: Any) -> Any:
        return self.table[_int(v)]


def _table(n: Thunk, f: Thunk, entry: Callable[[Any], Any] = lambda x: x) -> tuple:
    """The values of a Lean ``Fin n → β`` at ``0..n-1``."""
    size, fn = _int(n()), f()
    if isinstance(fn, FinFun) and len(fn.table) == size:
        return tuple(entry(x) for x in fn.table)
    if not callable(fn):
        raise Unsupported(f"expected a function on Fin {size}, got {fn!r}")
    return tuple(entry(fn(v)) for v in range(size))


def _exact(v: Any) -> Any:
    """An integral literal (read as a ``Fraction``) as an ``int``; other values unchanged."""
    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v


def _nat_table(n: Thunk, f: Thunk) -> tuple[int, ...]:
    return _table(n, f, _int)


def _val_table(n: Thunk, f: Thunk) -> tuple:
    return _table(n, f, _exact)


def _update(f: Thunk) -> tl.Update:
    """A Lean ``Update n α`` (a curried function) as the Python ``f(v, x, nb)``."""
    fn = f()
    return lambda v, x, nb: _exact(fn(v)(x)(nb))


def _curried_update(f: tl.Update) -> Callable:
    return lambda v: lambda x: lambda nb: f(_int(v), _exact(x), nb)


def _graph(g: Thunk) -> tl.Graph:
    value = g()
    if not isinstance(value, tl.Graph):
        raise Unsupported(f"expected a traffic-light Graph, got {value!r}")
    return value


def _traffic_light_semantics() -> dict[str, Semantic]:
    """``MLTheory.TrafficLight`` definitions, by :mod:`claimcheck.witnesses.traffic_light_lean`.
    Functions on ``Fin n`` (configurations, rounds, halting rounds) are read as tables of their
    ``n`` values; runs return :class:`FinFun` tables."""
    ns = tl.NAMESPACE
    cfg = _table  # a configuration's entries are VertexState values

    def run(fn: Callable) -> Semantic:
        return lambda n, _a, f, g, h, x0, k: FinFun(fn(_update(f), _graph(g), _nat_table(n, h), _val_table(n, x0), _int(k())))

    return {
        f"{ns}.pathGraph": lambda n: tl.path_graph(_int(n())),
        f"{ns}.Graph.mk": lambda n, adj, _symm: tl.Graph.from_function(_int(n()), lambda u, v: adj()(u)(v)),
        f"{ns}.Graph.adj": lambda _n, g: _graph(g).adj_fun,
        f"{ns}.colour": lambda r: tl.colour(_int(r())),
        f"{ns}.listFun": lambda _n, l: (lambda xs: lambda v: tl.list_fun(xs, _int(v)))([_int(x) for x in l()]),
        f"{ns}.sumUpdate": lambda n: _curried_update(tl.sum_update(_int(n()))),
        f"{ns}.ClockEnabled": lambda n, g, r, v: tl.clock_enabled(_graph(g), _nat_table(n, r), _int(v())),
        f"{ns}.advance": lambda n, r, S: FinFun(tl.advance(_nat_table(n, r), _table(n, S, bool))),
        f"{ns}.ClockStep": lambda n, g, r, r2: tl.clock_step(_graph(g), _nat_table(n, r), _nat_table(n, r2)),
        f"{ns}.haltingRun": run(tl.halting_run),
        f"{ns}.VertexState.mk": lambda _a, r, c, p: tl.VertexState(_int(r()), _exact(c()), _exact(p())),
        f"{ns}.VertexState.round": lambda _a, s: s().round,
        f"{ns}.VertexState.cur": lambda _a, s: s().cur,
        f"{ns}.VertexState.prev": lambda _a, s: s().prev,
        f"{ns}.initConfig": lambda n, _a, x0: FinFun(tl.init_config(_val_table(n, x0))),
        f"{ns}.Done": lambda n, _a, h, s, v: tl.done(_nat_table(n, h), cfg(n, s), _int(v())),
        f"{ns}.Signal.mk": lambda c, d: tl.Signal(_int(c()), bool(d())),
        f"{ns}.Signal.colour": lambda s: s().colour,
        f"{ns}.Signal.done": lambda s: s().done,
        f"{ns}.signal": lambda n, _a, h, s, v: tl.signal(_nat_table(n, h), cfg(n, s), _int(v())),
        f"{ns}.Enabled": lambda n, _a, g, h, s, v: tl.enabled(_graph(g), _nat_table(n, h), cfg(n, s), _int(v())),
        f"{ns}.readNeighbour": lambda n, _a, h, s, v, u: tl.read_neighbour(_nat_table(n, h), cfg(n, s), _int(v()), _int(u())),
        f"{ns}.view": lambda n, _a, g, h, s, v: (lambda nb: lambda u: nb(_int(u)))(
            tl.view(_graph(g), _nat_table(n, h), cfg(n, s), _int(v()))),
        f"{ns}.move": lambda n, _a, f, g, h, s, v: tl.move(_update(f), _graph(g), _nat_table(n, h), cfg(n, s), _int(v())),
        f"{ns}.schedule": lambda n, _a, f, g, h, s, S: FinFun(
            tl.schedule(_update(f), _graph(g), _nat_table(n, h), cfg(n, s), _table(n, S, bool))),
        f"{ns}.Step": lambda n, _a, f, g, h, s, s2: tl.step(_update(f), _graph(g), _nat_table(n, h), cfg(n, s), cfg(n, s2)),
        f"{ns}.syncSchedule": lambda n, _a, g, h, s: FinFun(tl.sync_schedule(_graph(g), _nat_table(n, h), cfg(n, s))),
        f"{ns}.syncRun": run(tl.sync_run),
        f"{ns}.firstEnabled": lambda n, _a, g, h, s: FinFun(tl.first_enabled(_graph(g), _nat_table(n, h), cfg(n, s))),
        f"{ns}.seqRun": run(tl.seq_run),
        f"{ns}.VariantEnabled": lambda n, g, h, r, v: tl.variant_enabled(_graph(g), _nat_table(n, h), _nat_table(n, r), _int(v())),
        f"{ns}.VariantStep": lambda n, g, h, r, r2: tl.variant_step(_graph(g), _nat_table(n, h), _nat_table(n, r), _nat_table(n, r2)),
    }


#: Python meaning of Lean constants. Each receives every argument (implicit ones included) as a
#: thunk, in order, and evaluates only what it needs (proof arguments are never evaluated). A
#: constant applied to more arguments than its Python function takes is applied to the result
#: (``syncRun f G h x0 4 v``); applied to fewer, it is a curried function.
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
    "LT.lt": lambda _t, _i, x, y: x() < y(),
    "LE.le": lambda _t, _i, x, y: x() <= y(),
    "Fin.val": lambda _n, x: _int(x()),
    "Option.none": lambda _t: None,
    "Option.some": lambda _t, x: tl.Some(x()),
    "Option.getD": lambda _t, o, d: tl.option_get_d(o(), d()),
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
    # MLTheory.TrafficLight
    **_traffic_light_semantics(),
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
            size = self._fin_size(e.binder_type, ctx)
            if size is None:
                raise Unsupported("a statement quantified over a type other than `Fin n` has no concrete value")
            return all(_proposition(self.eval(e.body, ctx + (v,))) for v in range(size))
        if isinstance(e, Proj):
            return _project(self.eval(e.struct, ctx), e.type_name, e.index)
        if isinstance(e, (App, Const)):
            head, args = app_spine(e)
            if isinstance(head, Const) and head.name == "OfNat.ofNat" and len(args) == 3:
                size = self._fin_size(args[0], ctx)
                if size is not None:  # `Fin.instOfNat`: the literal `i : Fin n` is `i % n`
                    return _int(self.eval(args[1], ctx)) % size
            value = literal_value(e)
            if value is not None:
                return value
            if not isinstance(head, Const):
                fn = self.eval(head, ctx)
                for arg in args:
                    fn = fn(self.eval(arg, ctx))
                return fn
            semantic = self.semantics.get(head.name)
            if semantic is None:
                raise Unsupported(f"no Python meaning for `{head.name}`")
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

    def _fin_size(self, ty: Expr, ctx: tuple[Any, ...]) -> int | None:
        """``n`` when the type ``ty`` is ``Fin n``, else ``None``."""
        head, args = app_spine(ty)
        if isinstance(head, Const) and head.name == "Fin" and len(args) == 1:
            return _int(self.eval(args[0], ctx))
        return None

    def _thunk(self, e: Expr, ctx: tuple[Any, ...]) -> Thunk:
        return lambda: self.eval(e, ctx)


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


def _project(value: Any, type_name: str, index: int) -> Any:
    """Field ``index`` of a structure value: Python classes mirroring a Lean structure name it in
    ``LEAN_STRUCTURE`` and list the attribute of each Lean field in ``LEAN_FIELDS`` (``None`` for a
    proof field)."""
    cls = type(value)
    if getattr(cls, "LEAN_STRUCTURE", None) != type_name:
        raise Unsupported(f"projection {index} of `{type_name}` applied to a Python {cls.__name__}")
    fields = cls.LEAN_FIELDS
    attr = fields[index] if index < len(fields) else None
    if attr is None:
        raise Unsupported(f"field {index} of `{type_name}` has no Python value")
    return getattr(value, attr)


def _stated_and_computed(ev: Evaluator, statement: Expr) -> tuple[str, str, bool]:
    """For ``lhs = rhs``: (rhs as stated, lhs recomputed); for a conjunction, each part."""
    head, args = app_spine(statement)
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
