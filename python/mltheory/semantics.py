"""Python meanings of the MLTheory definitions, for the instance cross-check.

This repository's companion to :mod:`claimcheck.analysis.instances`: ``claimcheck.toml`` names
this module under ``[instances] modules``, and the tool merges :data:`SEMANTICS` into its core
vocabulary. Each Lean definition is mirrored by the exact Python function of the witnesses
(:mod:`mltheory.witnesses`) or of :mod:`mltheory.mirrors` (the newer modules), so an instance
theorem's stated value is recomputed independently.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from claimcheck.analysis.instances import (
    FinFun,
    Semantic,
    Thunk,
    Unsupported,
    as_int,
    exact,
    fin_table,
    nat_table,
    val_table,
)
from mltheory import mirrors
from mltheory.witnesses import acyclicity, angluin, simplex
from mltheory.witnesses import traffic_light_lean as tl


@dataclass(frozen=True)
class ListFamily:
    """The value of ``listFamily Ls``: a family of finite languages given by lists."""

    lists: tuple[tuple[int, ...], ...]


def _vector(n: int, f: Callable[[int], Any]) -> list[Fraction]:
    return [Fraction(f(i)) for i in range(n)]


def _matrix(n: int, rows: list) -> list[list[Fraction]]:
    """``matOfRows n rows``: entry (i, j) is ``rows[i][j]``, 0 where the list is short."""
    return [[Fraction(rows[i][j]) if i < len(rows) and j < len(rows[i]) else Fraction(0) for j in range(n)] for i in range(n)]


class _Rows(list):
    """A matrix given by its rows (as ``matOfRows`` gives one) that can also be applied to a row and
    a column index, as a Lean ``Mat n`` is."""

    def __call__(self, i: Any) -> FinFun:
        return FinFun(tuple(self[as_int(i)]))


def _square(n: int, a: Any) -> list[list[Fraction]]:
    """A Lean ``Mat n`` (a list of rows from ``matOfRows``, or a function) as a list of rows."""
    if isinstance(a, list):
        return a
    return [[Fraction(exact(a(i)(j))) for j in range(n)] for i in range(n)]


def _tell_tale(_iota: Thunk, family: Thunk, index: Thunk, tale: Thunk) -> bool:
    fam = family()
    if not isinstance(fam, ListFamily):
        raise Unsupported("IsTellTale of a family that is not a listFamily")
    return angluin.is_tell_tale_lists([list(l) for l in fam.lists], as_int(index()), [as_int(x) for x in tale()])


def _update(f: Thunk) -> tl.Update:
    """A Lean ``Update n α`` (a curried function) as the Python ``f(v, x, nb)``."""
    fn = f()
    return lambda v, x, nb: exact(fn(v)(x)(nb))


def _curried_update(f: tl.Update) -> Callable:
    return lambda v: lambda x: lambda nb: f(as_int(v), exact(x), nb)


def _graph(g: Thunk) -> tl.Graph:
    value = g()
    if not isinstance(value, tl.Graph):
        raise Unsupported(f"expected a traffic-light Graph, got {value!r}")
    return value


def _traffic_light_semantics() -> dict[str, Semantic]:
    """``MLTheory.TrafficLight`` definitions, by :mod:`mltheory.witnesses.traffic_light_lean`.
    Functions on ``Fin n`` (configurations, rounds, halting rounds) are read as tables of their
    ``n`` values; runs return :class:`FinFun` tables."""
    ns = tl.NAMESPACE
    cfg = fin_table  # a configuration's entries are VertexState values

    def run(fn: Callable) -> Semantic:
        return lambda n, _a, f, g, h, x0, k: FinFun(fn(_update(f), _graph(g), nat_table(n, h), val_table(n, x0), as_int(k())))

    return {
        f"{ns}.pathGraph": lambda n: tl.path_graph(as_int(n())),
        f"{ns}.Graph.mk": lambda n, adj, _symm: tl.Graph.from_function(as_int(n()), lambda u, v: adj()(u)(v)),
        f"{ns}.Graph.adj": lambda _n, g: _graph(g).adj_fun,
        f"{ns}.colour": lambda r: tl.colour(as_int(r())),
        f"{ns}.listFun": lambda _n, l: (lambda xs: lambda v: tl.list_fun(xs, as_int(v)))([as_int(x) for x in l()]),
        f"{ns}.sumUpdate": lambda n: _curried_update(tl.sum_update(as_int(n()))),
        f"{ns}.ClockEnabled": lambda n, g, r, v: tl.clock_enabled(_graph(g), nat_table(n, r), as_int(v())),
        f"{ns}.advance": lambda n, r, S: FinFun(tl.advance(nat_table(n, r), fin_table(n, S, bool))),
        f"{ns}.ClockStep": lambda n, g, r, r2: tl.clock_step(_graph(g), nat_table(n, r), nat_table(n, r2)),
        f"{ns}.haltingRun": run(tl.halting_run),
        f"{ns}.VertexState.mk": lambda _a, r, c, p: tl.VertexState(as_int(r()), exact(c()), exact(p())),
        f"{ns}.VertexState.round": lambda _a, s: s().round,
        f"{ns}.VertexState.cur": lambda _a, s: s().cur,
        f"{ns}.VertexState.prev": lambda _a, s: s().prev,
        f"{ns}.initConfig": lambda n, _a, x0: FinFun(tl.init_config(val_table(n, x0))),
        f"{ns}.Done": lambda n, _a, h, s, v: tl.done(nat_table(n, h), cfg(n, s), as_int(v())),
        f"{ns}.Signal.mk": lambda c, d: tl.Signal(as_int(c()), bool(d())),
        f"{ns}.Signal.colour": lambda s: s().colour,
        f"{ns}.Signal.done": lambda s: s().done,
        f"{ns}.signal": lambda n, _a, h, s, v: tl.signal(nat_table(n, h), cfg(n, s), as_int(v())),
        f"{ns}.Enabled": lambda n, _a, g, h, s, v: tl.enabled(_graph(g), nat_table(n, h), cfg(n, s), as_int(v())),
        f"{ns}.readNeighbour": lambda n, _a, h, s, v, u: tl.read_neighbour(nat_table(n, h), cfg(n, s), as_int(v()), as_int(u())),
        f"{ns}.view": lambda n, _a, g, h, s, v: (lambda nb: lambda u: nb(as_int(u)))(
            tl.view(_graph(g), nat_table(n, h), cfg(n, s), as_int(v()))),
        f"{ns}.move": lambda n, _a, f, g, h, s, v: tl.move(_update(f), _graph(g), nat_table(n, h), cfg(n, s), as_int(v())),
        f"{ns}.schedule": lambda n, _a, f, g, h, s, S: FinFun(
            tl.schedule(_update(f), _graph(g), nat_table(n, h), cfg(n, s), fin_table(n, S, bool))),
        f"{ns}.Step": lambda n, _a, f, g, h, s, s2: tl.step(_update(f), _graph(g), nat_table(n, h), cfg(n, s), cfg(n, s2)),
        f"{ns}.syncSchedule": lambda n, _a, g, h, s: FinFun(tl.sync_schedule(_graph(g), nat_table(n, h), cfg(n, s))),
        f"{ns}.syncRun": run(tl.sync_run),
        f"{ns}.firstEnabled": lambda n, _a, g, h, s: FinFun(tl.first_enabled(_graph(g), nat_table(n, h), cfg(n, s))),
        f"{ns}.seqRun": run(tl.seq_run),
        f"{ns}.VariantEnabled": lambda n, g, h, r, v: tl.variant_enabled(_graph(g), nat_table(n, h), nat_table(n, r), as_int(v())),
        f"{ns}.VariantStep": lambda n, g, h, r, r2: tl.variant_step(_graph(g), nat_table(n, h), nat_table(n, r), nat_table(n, r2)),
        # `Synchronised G r`: neighbouring rounds differ by at most one
        f"{ns}.Synchronised": lambda n, g, r: (lambda G, R: all(
            R[u] <= R[v] + 1 for u in range(len(R)) for v in range(len(R)) if G.adj_fun(u)(v)))(
            _graph(g), nat_table(n, r)),
    }


#: The MLTheory definitions' Python meanings (and ``Option``, represented as the traffic-light
#: mirror represents it), merged into the tool's core vocabulary.
SEMANTICS: Mapping[str, Semantic] = {
    "Option.none": lambda _t: None,
    "Option.some": lambda _t, x: tl.Some(x()),
    "Option.getD": lambda _t, o, d: tl.option_get_d(o(), d()),
    # MLTheory.Basic
    "MLTheory.dot": lambda n, x, y: sum((a * b for a, b in zip(_vector(as_int(n()), x()), _vector(as_int(n()), y()))), Fraction(0)),
    "MLTheory.sqNorm": lambda n, x: sum((a * a for a in _vector(as_int(n()), x())), Fraction(0)),
    "MLTheory.sqDist": lambda n, x, y: sum(((a - b) ** 2 for a, b in zip(_vector(as_int(n()), x()), _vector(as_int(n()), y()))), Fraction(0)),
    "MLTheory.matPow": lambda _n, a, k: acyclicity.mat_pow(a(), as_int(k())),
    # MLTheory.Simplex
    "MLTheory.simplexCode": lambda c, k: (lambda C, K: lambda i: Fraction(int(i == K)) - Fraction(1, C))(as_int(c()), as_int(k())),
    "MLTheory.simplexGramRows": lambda c: simplex.simplex_gram_rows(as_int(c())),
    "MLTheory.argmaxHead": lambda c, _h, x: simplex.argmax_head(_vector(as_int(c()), x())),
    "MLTheory.nearestNeighbour": lambda c, _h, x: simplex.nearest_neighbour(_vector(as_int(c()), x())),
    # the attention definitions (attnOutput, transformerHead, oneNN, the instance examples) are
    # mirrored in mltheory.mirrors.simplex_attention
    # MLTheory.Acyclicity
    "MLTheory.matOfRows": lambda n, rows: _matrix(as_int(n()), rows()),
    "MLTheory.matRows": lambda _n, a: a(),
    "MLTheory.notearsTrunc": lambda _n, w, k: acyclicity.notears_trunc(w(), as_int(k())),
    "MLTheory.walkSum": lambda _n, a, k, i, j: acyclicity.walk_sum(a(), as_int(k()), as_int(i()), as_int(j())),
    # `IsStrictlyUpper A`: zero on and below the diagonal; `IsTopologicalOrder W σ`: every edge
    # (non-zero entry) goes up in σ
    "MLTheory.IsStrictlyUpper": lambda n, a: (lambda N, A: all(A[i][j] == 0 for i in range(N) for j in range(i + 1)))(
        as_int(n()), _square(as_int(n()), a())),
    "MLTheory.IsTopologicalOrder": lambda n, w, s: (lambda N, W, S: all(
        W[i][j] == 0 or S[i] < S[j] for i in range(N) for j in range(N)))(
        as_int(n()), _square(as_int(n()), w()), nat_table(n, s)),
    "MLTheory.posEx": lambda: _Rows(_matrix(2, [[1, 2], [3, 1]])),
    "MLTheory.upEx": lambda: _Rows(_matrix(3, [[0, 1, 2], [0, 0, 3], [0, 0, 0]])),
    "MLTheory.cycEx": lambda: _Rows(_matrix(2, [[0, 2], [3, 0]])),
    # MLTheory.Angluin
    "MLTheory.Angluin.listFamily": lambda ls: ListFamily(tuple(tuple(as_int(x) for x in l) for l in ls())),
    "MLTheory.Angluin.IsTellTale": _tell_tale,
    # MLTheory.TrafficLight
    **_traffic_light_semantics(),
    # the modules added on 2026-11-30 (Pigeonhole, Compaction, GatedMLP, ShermanMorrison,
    # MultiHead, GenerationLimit, PromptCount, Retrieval, GNNBisimulation, TrafficLightFair)
    **mirrors.SEMANTICS,
}


