"""Python meanings of ``MLTheory.ConvergingRGNN``: a halting recurrent GNN with sum aggregation,
and the traffic-light network (a recurrent GNN without halting) that simulates it.

Source: ``004_725b34af8153ec2b.txt`` line 28. Both runs are computed round by round from their
descriptions, over exact values (``int`` for ``Nat``):

* the halting RGNN: every round every vertex replaces its state ``x`` by ``combine(x, sum of its
  neighbours' states)``; the output of a vertex is its state at the first round at which the
  halting classifier accepts it;
* the traffic-light network: every vertex holds ``(colour, cur, prev, halted, out)``; per layer,
  all at once, a vertex ticks when no neighbour shows the colour before its own and it has not
  halted or some neighbour shows the colour after its own; a vertex that ticks moves to the next
  colour with ``cur := combine(cur, Σ_u offered(u))`` (a neighbour offers its ``cur`` if it shows
  the same colour, its ``prev`` otherwise), ``prev := cur``, ``halted := halted or halt(cur)`` and
  ``out`` kept once halted (else the new ``cur``); the others keep their state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Optional, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, Thunk, Unsupported, as_int, exact
from mltheory.mirrors.values import nat, table
from mltheory.witnesses import traffic_light_lean as tl

__all__ = ["HaltingRGNN", "SEMANTICS", "TLState", "TrafficLightNet", "halting_run", "halts_at", "init_states",
           "traffic_light_run"]

NS = "MLTheory.ConvergingRGNN"


@dataclass(frozen=True)
class HaltingRGNN:
    """Lean's ``HaltingRGNN α``: the update of the own state and the neighbour sum, and the
    halting classifier."""

    combine: Callable[[Any, Any], Any]
    halt: Callable[[Any], bool]

    LEAN_STRUCTURE: ClassVar[str] = f"{NS}.HaltingRGNN"
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("combine_fun", "halt")

    @property
    def combine_fun(self) -> Callable[[Any], Callable[[Any], Any]]:
        """``combine`` curried, as the Lean field is."""
        return lambda x: lambda m: self.combine(x, m)


@dataclass(frozen=True)
class TLState:
    """Lean's ``TLState α``: colour (mod 3), the states of this round and the one before, whether
    the vertex has halted, and its output."""

    colour: int
    cur: Any
    prev: Any
    halted: bool
    out: Any

    LEAN_STRUCTURE: ClassVar[str] = f"{NS}.TLState"
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("colour", "cur", "prev", "halted", "out")


@dataclass(frozen=True)
class TrafficLightNet:
    """The value of ``trafficLightRGNN N``: the traffic-light network of the halting RGNN ``N``."""

    rgnn: HaltingRGNN


def _accepts(N: HaltingRGNN, x: Any) -> bool:
    verdict = N.halt(x)
    if not isinstance(verdict, bool):
        raise Unsupported(f"a halting classifier returned {verdict!r}, not a Boolean")
    return verdict


def halting_run(N: HaltingRGNN, G: tl.Graph, x0: Sequence[Any], r: int) -> tuple:
    """The states after ``r`` rounds of the halting RGNN ``N`` on ``G`` from ``x0``."""
    x = tuple(x0)
    for _ in range(r):
        x = tuple(exact(N.combine(x[v], sum(x[u] for u in range(G.n) if G.adj(v, u)))) for v in range(G.n))
    return x


def halts_at(N: HaltingRGNN, G: tl.Graph, x0: Sequence[Any], v: int, r: int) -> bool:
    """Whether ``r`` is the first round at which ``halt`` accepts the state of ``v``."""
    return [_accepts(N, halting_run(N, G, x0, t)[v]) for t in range(r + 1)] == [False] * r + [True]


def init_states(N: HaltingRGNN, x0: Sequence[Any]) -> tuple[TLState, ...]:
    """``tlInit N x0``: colour 0, the input as current and previous state and as output."""
    return tuple(TLState(0, x, x, _accepts(N, x), x) for x in x0)


def traffic_light_run(N: HaltingRGNN, G: tl.Graph, y0: Sequence[TLState], t: int) -> tuple[TLState, ...]:
    """The states after ``t`` layers of the traffic-light network of ``N`` on ``G`` from ``y0``."""
    y = tuple(y0)
    for _ in range(t):
        nxt = []
        for v, s in enumerate(y):
            colours = [y[u].colour for u in range(G.n) if G.adj(v, u)]
            behind, ahead = (s.colour + 2) % 3, (s.colour + 1) % 3
            if behind in colours or (s.halted and ahead not in colours):
                nxt.append(s)
                continue
            offered = sum(y[u].cur if y[u].colour == s.colour else y[u].prev for u in range(G.n) if G.adj(v, u))
            new = exact(N.combine(s.cur, offered))
            nxt.append(TLState(ahead, new, s.cur, s.halted or _accepts(N, new), s.out if s.halted else new))
        y = tuple(nxt)
    return y


def _graph(g: Thunk) -> tl.Graph:
    value = g()
    if not isinstance(value, tl.Graph):
        raise Unsupported(f"expected a traffic-light Graph, got {value!r}")
    return value


def _halting(N: Any) -> HaltingRGNN:
    if not isinstance(N, HaltingRGNN):
        raise Unsupported(f"expected a HaltingRGNN, got {N!r}")
    return N


def _state(s: Any) -> TLState:
    if not isinstance(s, TLState):
        raise Unsupported(f"expected a TLState, got {s!r}")
    return s


def _sum_rgnn_run(_b: Thunk, _m: Thunk, _add: Thunk, _zero: Thunk, net: Thunk, n: Thunk, g: Thunk, y0: Thunk,
                  t: Thunk) -> FinFun:
    value = net()
    if not isinstance(value, TrafficLightNet):
        raise Unsupported(f"only the traffic-light network's run is mirrored, got {value!r}")
    k = nat(n)
    return FinFun(traffic_light_run(value.rgnn, _graph(g), table(k, y0(), _state), nat(t)))


def _halting_rgnn_run(_a: Thunk, _add: Thunk, _zero: Thunk, net: Thunk, n: Thunk, g: Thunk, x0: Thunk,
                      r: Thunk) -> FinFun:
    k = nat(n)
    return FinFun(halting_run(_halting(net()), _graph(g), table(k, x0()), nat(r)))


SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.HaltingRGNN.mk": lambda _a, comb, halt: (lambda c, h: HaltingRGNN(lambda x, m: c(x)(m), h))(comb(), halt()),
    f"{NS}.TLState.mk": lambda _a, c, cur, prev, halted, out: TLState(
        as_int(c()), exact(cur()), exact(prev()), bool(halted()), exact(out())),
    f"{NS}.TLState.colour": lambda _a, s: _state(s()).colour,
    f"{NS}.TLState.cur": lambda _a, s: _state(s()).cur,
    f"{NS}.TLState.prev": lambda _a, s: _state(s()).prev,
    f"{NS}.TLState.halted": lambda _a, s: _state(s()).halted,
    f"{NS}.TLState.out": lambda _a, s: _state(s()).out,
    f"{NS}.trafficLightRGNN": lambda _a, N: TrafficLightNet(_halting(N())),
    f"{NS}.tlInit": lambda n, _a, N, x0: FinFun(init_states(_halting(N()), table(nat(n), x0()))),
    f"{NS}.SumRGNN.run": _sum_rgnn_run,
    f"{NS}.HaltingRGNN.run": _halting_rgnn_run,
    f"{NS}.HaltingRGNN.HaltsAt": lambda _a, _add, _zero, net, n, g, x0, v, r: halts_at(
        _halting(net()), _graph(g), table(nat(n), x0()), as_int(v()), nat(r)),
    # `sumHaltAtTen = ⟨fun x m => x + m, fun x => decide (10 ≤ x)⟩` on `Nat`
    f"{NS}.sumHaltAtTen": lambda: HaltingRGNN(lambda x, m: as_int(x) + as_int(m), lambda x: as_int(x) >= 10),
}
