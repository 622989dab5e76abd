"""Python meanings of ``MLTheory.GNNBisimulation``: labelled graphs given by neighbour lists, and
the runs of a recurrent GNN with sum aggregation (plain, and halting: a vertex whose state the
halting classifier accepts keeps it), computed round by round on exact vectors (``numpy`` object
arrays of ``Fraction``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Mapping, Optional

import numpy as np

from claimcheck.analysis.instances import FinFun, Semantic, Thunk, Unsupported, as_int
from mltheory.mirrors.values import fin_fun, nat, rat_vector

__all__ = ["LGraph", "SEMANTICS", "alt_cycle", "cycle_graph", "halting_rgnn_run", "rgnn_run"]

NS = "MLTheory.GNNBisimulation"


@dataclass(frozen=True)
class LGraph:
    """Lean's ``LGraph n L``: the neighbour list and the label of each vertex."""

    neighbours: tuple[tuple[int, ...], ...]
    labels: tuple[Any, ...]

    LEAN_STRUCTURE: ClassVar[str] = f"{NS}.LGraph"
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("nbrs", "lab")

    @property
    def nbrs(self) -> FinFun:
        return FinFun(tuple(list(l) for l in self.neighbours))

    @property
    def lab(self) -> FinFun:
        return FinFun(self.labels)


def cycle_graph(n: int) -> LGraph:
    """``cycleGraph n``: vertex ``v`` is adjacent to ``v ± 1 (mod n)``; every label is ``0``."""
    return LGraph(tuple(((v + 1) % n, (v - 1) % n) for v in range(n)), (0,) * n)


def alt_cycle(n: int) -> LGraph:
    """``altCycle n``: the cycle of :func:`cycle_graph` with label ``v % 2`` at vertex ``v``."""
    return LGraph(cycle_graph(n).neighbours, tuple(v % 2 for v in range(n)))


#: A GNN's update: own state and the sum of the neighbours' states to the next state.
Combine = Callable[[np.ndarray, np.ndarray], np.ndarray]


def rgnn_run(g: LGraph, init: Callable[[Any], np.ndarray], comb: Combine, d: int, t: int) -> list[np.ndarray]:
    """The states of all vertices after ``t`` rounds of ``x_{r+1} v = comb (x_r v) (∑_{u ∈ nbrs v}
    x_r u)`` from ``x_0 v = init (lab v)``."""
    x = [init(lab) for lab in g.labels]
    for _ in range(t):
        zero = np.full(d, Fraction(0), dtype=object)
        x = [comb(x[v], sum((x[u] for u in g.neighbours[v]), zero)) for v in range(len(x))]
    return x


def halting_rgnn_run(g: LGraph, init: Callable[[Any], np.ndarray], comb: Combine,
                     halt: Callable[[np.ndarray], bool], d: int, t: int) -> list[np.ndarray]:
    """The states after ``t`` rounds of the halting run: a vertex whose state ``halt`` accepts
    keeps it (and is read frozen by its neighbours); the others update as in :func:`rgnn_run`."""
    x = [init(lab) for lab in g.labels]
    for _ in range(t):
        zero = np.full(d, Fraction(0), dtype=object)
        x = [x[v] if halt(x[v]) else comb(x[v], sum((x[u] for u in g.neighbours[v]), zero))
             for v in range(len(x))]
    return x


def _graph(g: Thunk) -> LGraph:
    value = g()
    if not isinstance(value, LGraph):
        raise Unsupported(f"expected an LGraph, got {value!r}")
    return value


def _rgnn_run(n: Thunk, d: Thunk, _l: Thunk, g: Thunk, init: Thunk, comb: Thunk, t: Thunk) -> FinFun:
    D, graph = nat(d), _graph(g)
    if len(graph.labels) != nat(n):
        raise Unsupported("the graph's size is not the run's")
    init_fn, comb_fn = init(), comb()
    states = rgnn_run(
        graph,
        lambda lab: rat_vector(D, init_fn(lab)),
        lambda x, m: rat_vector(D, comb_fn(fin_fun(x))(fin_fun(m))),
        D, nat(t))
    return FinFun(tuple(fin_fun(Fraction(c) for c in s) for s in states))


def _halting_rgnn_run(n: Thunk, d: Thunk, _l: Thunk, g: Thunk, init: Thunk, comb: Thunk, halt: Thunk,
                      t: Thunk) -> FinFun:
    D, graph = nat(d), _graph(g)
    if len(graph.labels) != nat(n):
        raise Unsupported("the graph's size is not the run's")
    init_fn, comb_fn, halt_fn = init(), comb(), halt()

    def accepts(x: np.ndarray) -> bool:
        verdict = halt_fn(fin_fun(x))
        if not isinstance(verdict, bool):
            raise Unsupported(f"a halting classifier returned {verdict!r}, not a Boolean")
        return verdict

    states = halting_rgnn_run(
        graph,
        lambda lab: rat_vector(D, init_fn(lab)),
        lambda x, m: rat_vector(D, comb_fn(fin_fun(x))(fin_fun(m))),
        accepts, D, nat(t))
    return FinFun(tuple(fin_fun(Fraction(c) for c in s) for s in states))


SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.cycleGraph": lambda n, _hn: cycle_graph(nat(n)),
    f"{NS}.LGraph.mk": lambda n, _l, nbrs, lab: (lambda k, nb, lb: LGraph(
        tuple(tuple(as_int(u) for u in nb(v)) for v in range(k)), tuple(lb(v) for v in range(k))))(nat(n), nbrs(), lab()),
    f"{NS}.LGraph.nbrs": lambda _n, _l, g: _graph(g).nbrs,
    f"{NS}.LGraph.lab": lambda _n, _l, g: _graph(g).lab,
    # `combEx x m a = x a + m a / 2 - 1`
    f"{NS}.combEx": lambda x, m: (lambda xs, ms: lambda a: xs(a) + Fraction(ms(a)) / 2 - 1)(x(), m()),
    f"{NS}.rgnnRun": _rgnn_run,
    f"{NS}.altCycle": lambda n, _hn: alt_cycle(nat(n)),
    # `combSum x m a = x a + m a`; `haltEx x = decide (2 ≤ x 0)`; `initAlt l = 1 if l = 0 else 0`
    f"{NS}.combSum": lambda x, m: (lambda xs, ms: lambda a: xs(a) + ms(a))(x(), m()),
    f"{NS}.haltEx": lambda x: Fraction(x()(0)) >= 2,
    f"{NS}.initAlt": lambda l: (lambda v: lambda _a: Fraction(int(v == 0)))(as_int(l())),
    f"{NS}.haltingRgnnRun": _halting_rgnn_run,
}
