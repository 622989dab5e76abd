"""Python meanings of ``MLTheory.TrafficLightFair``: the potential ``∑_v (h v + 1 - round v)``
(natural-number subtraction, truncated at ``0``) of a traffic-light configuration, and the run of
a halting classifier (``classifierRun``: a vertex whose state the classifier accepts keeps it),
its halting rounds and the sum-aggregation update, computed round by round."""

from __future__ import annotations

from typing import Mapping, Sequence

from typing import Any, Callable

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported, as_int, exact
from mltheory.mirrors.values import nat, table
from mltheory.witnesses import traffic_light_lean as tl

__all__ = ["SEMANTICS", "classifier_run", "is_halting_round", "potential"]


def potential(h: Sequence[int], s: Sequence[tl.VertexState]) -> int:
    """The number of ticks still to come: ``∑_v max(0, h v + 1 - (s v).round)``."""
    return sum(max(0, hv + 1 - st.round) for hv, st in zip(h, s, strict=True))


def _state(x: object) -> tl.VertexState:
    if not isinstance(x, tl.VertexState):
        raise Unsupported(f"expected a VertexState, got {x!r}")
    return x


def classifier_run(f: Callable[[int, Any, Callable[[int], Any]], Any], adj: Callable[[int], Callable[[int], bool]],
                   halt: Callable[[Any], bool], x0: Sequence[Any], rounds: int) -> list[Any]:
    """The states after ``rounds`` rounds: a vertex the classifier accepts keeps its state, the
    others take ``f v x nb``, where ``nb u`` is ``some`` of a neighbour's state and ``none`` else."""
    x = list(x0)
    n = len(x)
    for _ in range(rounds):
        prev = list(x)
        x = [prev[v] if halt(prev[v]) else f(v, prev[v], lambda u, v=v, prev=prev: tl.Some(prev[u]) if adj(v)(u) else None)
             for v in range(n)]
    return x


def is_halting_round(f: Any, adj: Any, halt: Callable[[Any], bool], x0: Sequence[Any], h: Sequence[int]) -> bool:
    """Every vertex ``v`` is first accepted by the classifier at round ``h v``."""
    top = max(h, default=0)
    runs = [classifier_run(f, adj, halt, x0, r) for r in range(top + 1)]
    return all(all(not halt(runs[r][v]) for r in range(h[v])) and halt(runs[h[v]][v]) for v in range(len(x0)))


def _sum_agg(combine: Any) -> Callable:
    """``sumAggUpdate combine``: ``combine x (Σ_u (nb u).getD 0)``, curried as Lean's update."""
    return lambda n: lambda _v: lambda x: lambda nb: exact(combine(x)(sum(
        exact(tl.option_get_d(nb(u), 0)) for u in range(n))))


def _update(f: Any) -> Callable:
    return lambda v, x, nb: exact(f(v)(x)(nb))


def _adj(g: Any) -> Callable[[int], Callable[[int], bool]]:
    if not isinstance(g, tl.Graph):
        raise Unsupported(f"expected a traffic-light Graph, got {g!r}")
    return lambda v: lambda u: bool(g.adj_fun(v)(u))


SEMANTICS: Mapping[str, Semantic] = {
    # the classifier of the witnesses: stop at a state of at least 3
    f"{tl.NAMESPACE}.haltAtThree": lambda x: 3 <= as_int(x()),
    f"{tl.NAMESPACE}.sumAggUpdate": lambda n, _a, _add, _zero, combine: _sum_agg(combine())(nat(n)),
    f"{tl.NAMESPACE}.classifierRun": lambda n, _a, f, g, halt, x0, r: (lambda k: FinFun(tuple(classifier_run(
        _update(f()), _adj(g()), lambda x: bool(halt()(x)), table(k, x0()), nat(r)))))(nat(n)),
    f"{tl.NAMESPACE}.IsHaltingRound": lambda n, _a, f, g, halt, x0, h: (lambda k: is_halting_round(
        _update(f()), _adj(g()), lambda x: bool(halt()(x)), table(k, x0()), table(k, h(), as_int)))(nat(n)),
    f"{tl.NAMESPACE}.potential": lambda n, _a, h, s: (lambda k: potential(
        table(k, h(), as_int), table(k, s(), _state)))(nat(n)),
}
