"""Exact Python mirrors of the Lean definitions of ``lean/MLTheory/TrafficLight.lean``.

Source: ``004_725b34af8153ec2b.txt`` line 28 (converging recurrent GNNs simulate halting
RGNNs with a "traffic-light" protocol; the protocol is the project's reconstruction).

These functions recompute the ``trafficLight_instance_…`` theorems for the instance cross-check
(:mod:`claimcheck.instances`). Each mirrors one Lean definition, argument for argument and case
for case, over exact values (Python ``int`` for ``Nat``, ``bool`` for ``Bool`` and decidable
propositions); no floating point, no numpy. The numeric model of the same design, with random
schedules and the design traps, is :mod:`mltheory.witnesses.traffic_light`; the tests compare the
two on the instances.

Representation of Lean values (``n`` is the number of vertices, a vertex ``Fin n`` is an ``int``):

* ``Graph n`` — :class:`Graph` (the adjacency as an ``n × n`` table of booleans);
* a function ``Fin n → β`` given as data (halting rounds ``h``, initial states ``x0``, rounds
  ``r``, a schedule ``S``, a configuration ``Config n α``) — a sequence of length ``n``;
* ``Option α`` — ``None`` for ``none`` and :class:`Some` for ``some``;
* ``Update n α`` — a Python function ``f(v, x, nb)`` with ``nb`` a function from vertices to
  ``Option α``;
* the existential propositions ``Step``, ``ClockStep`` and ``VariantStep`` (``∃ S : Fin n → Bool,
  …``) — decided by trying all ``2 ** n`` schedules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, ClassVar, Generic, Optional, Sequence, TypeVar

A = TypeVar("A")

#: ``Graph`` is declared in this Lean namespace; the instance checker keys on these names.
NAMESPACE = "MLTheory.TrafficLight"


@dataclass(frozen=True)
class Some(Generic[A]):
    """Lean's ``some value`` (``none`` is Python's ``None``)."""

    value: A

    def __repr__(self) -> str:  # as the instance cross-check prints values
        return f"some {self.value!r}"


OptionValue = Optional[Some]
Update = Callable[[int, A, Callable[[int], OptionValue]], A]


def option_get_d(o: OptionValue, default: A) -> A:
    """``Option.getD``: the value of ``some``, ``default`` for ``none``."""
    return default if o is None else o.value


@dataclass(frozen=True)
class Graph:
    """Lean's ``Graph n``: a symmetric Boolean adjacency on ``0..n-1``."""

    adj_table: tuple[tuple[bool, ...], ...]

    LEAN_STRUCTURE: ClassVar[str] = f"{NAMESPACE}.Graph"
    #: Python attribute of each Lean field, in order (``None``: a proof field, no value).
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("adj_fun", None)

    def __post_init__(self) -> None:
        n = len(self.adj_table)
        if any(len(row) != n for row in self.adj_table):
            raise ValueError(f"adjacency table of a graph on {n} vertices must be {n} x {n}")
        bad = [(u, v) for u in range(n) for v in range(n) if self.adj_table[u][v] != self.adj_table[v][u]]
        if bad:
            raise ValueError(f"adjacency is not symmetric at {bad[0]}: Lean's Graph requires `symm`")

    @property
    def n(self) -> int:
        """The number of vertices."""
        return len(self.adj_table)

    def adj(self, u: int, v: int) -> bool:
        """``G.adj u v``."""
        return self.adj_table[u][v]

    @property
    def adj_fun(self) -> Callable[[int], Callable[[int], bool]]:
        """``G.adj`` as a curried function (the value of the Lean field)."""
        return lambda u: lambda v: self.adj(u, v)

    @staticmethod
    def from_function(n: int, adj: Callable[[int, int], bool]) -> "Graph":
        """``Graph.mk adj _`` on ``Fin n``."""
        return Graph(tuple(tuple(bool(adj(u, v)) for v in range(n)) for u in range(n)))


def path_graph(n: int) -> Graph:
    """``pathGraph n``: ``adj u v = (u + 1 = v) || (v + 1 = u)``."""
    return Graph.from_function(n, lambda u, v: u + 1 == v or v + 1 == u)


def colour(r: int) -> int:
    """``colour r = r % 3``."""
    return r % 3


def list_fun(l: Sequence[int], v: int) -> int:
    """``listFun l v = l.getD v.val 0``."""
    return l[v] if v < len(l) else 0


def sum_update(n: int) -> Update:
    """``sumUpdate n``: own state plus ``foldr (fun u acc => (nb u).getD 0 + acc) 0`` over
    ``List.finRange n``."""

    def f(_v: int, x: int, nb: Callable[[int], OptionValue]) -> int:
        acc = 0
        for u in reversed(range(n)):
            acc = option_get_d(nb(u), 0) + acc
        return x + acc

    return f


# --------------------------------------------------------------------------- part 1: the clock


def clock_enabled(G: Graph, r: Sequence[int], v: int) -> bool:
    """``ClockEnabled G r v``: every neighbour shows ``colour (r v)`` or ``colour (r v + 1)``."""
    return all(colour(r[u]) in (colour(r[v]), colour(r[v] + 1)) for u in range(G.n) if G.adj(v, u))


def advance(r: Sequence[int], S: Sequence[bool]) -> tuple[int, ...]:
    """``advance r S``: the vertices of ``S`` go one round up."""
    return tuple(r[v] + 1 if S[v] else r[v] for v in range(len(r)))


def schedules(n: int) -> itertools.product:
    """Every ``S : Fin n → Bool`` (as tuples), for deciding the existential step relations."""
    return itertools.product((False, True), repeat=n)


def clock_step(G: Graph, r: Sequence[int], r2: Sequence[int]) -> bool:
    """``ClockStep G r r'``: some set of clock-enabled vertices advances from ``r`` to ``r'``."""
    return any(all(clock_enabled(G, r, v) for v in range(G.n) if S[v]) and advance(r, S) == tuple(r2)
               for S in schedules(G.n))


# --------------------------------------------------------------------------- part 2: the protocol


def halting_run(f: Update, G: Graph, h: Sequence[int], x0: Sequence[A], r: int) -> tuple[A, ...]:
    """``haltingRun f G h x0 r`` (all vertices): round ``0`` is ``x0``; in round ``t`` a vertex with
    ``t < h v`` applies ``f`` to its state and its neighbours' round-``t`` states, others keep."""
    x = tuple(x0[v] for v in range(G.n))
    for t in range(r):
        prev = x
        x = tuple(
            f(v, prev[v], lambda u, v=v, prev=prev: Some(prev[u]) if G.adj(v, u) else None)
            if t < h[v] else prev[v]
            for v in range(G.n))
    return x


@dataclass(frozen=True)
class VertexState(Generic[A]):
    """Lean's ``VertexState α``: round, state of that round, state of the round before."""

    round: int
    cur: A
    prev: A

    LEAN_STRUCTURE: ClassVar[str] = f"{NAMESPACE}.VertexState"
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("round", "cur", "prev")


Config = tuple[VertexState, ...]


@dataclass(frozen=True)
class Signal:
    """Lean's ``Signal``: the colour a vertex shows and whether it is done."""

    colour: int
    done: bool

    LEAN_STRUCTURE: ClassVar[str] = f"{NAMESPACE}.Signal"
    LEAN_FIELDS: ClassVar[tuple[Optional[str], ...]] = ("colour", "done")


def init_config(x0: Sequence[A]) -> Config:
    """``initConfig x0``: every vertex at round ``0`` with ``cur = prev = x0 v``."""
    return tuple(VertexState(0, x, x) for x in x0)


def done(h: Sequence[int], s: Config, v: int) -> bool:
    """``Done h s v``: ``h v < (s v).round``."""
    return h[v] < s[v].round


def signal(h: Sequence[int], s: Config, v: int) -> Signal:
    """``signal h s v``: colour of the round and the done flag."""
    return Signal(colour(s[v].round), done(h, s, v))


def enabled(G: Graph, h: Sequence[int], s: Config, v: int) -> bool:
    """``Enabled G h s v``: not done, and every neighbour is done or shows ``v``'s colour or the
    next one."""
    if done(h, s, v):
        return False
    for u in range(G.n):
        if G.adj(v, u):
            su = signal(h, s, u)
            if not (su.done or su.colour == colour(s[v].round) or su.colour == colour(s[v].round + 1)):
                return False
    return True


def read_neighbour(h: Sequence[int], s: Config, v: int, u: int) -> A:
    """``readNeighbour h s v u``: ``u``'s ``cur`` if done or same colour, else its ``prev``."""
    su = signal(h, s, u)
    return s[u].cur if su.done or su.colour == colour(s[v].round) else s[u].prev


def view(G: Graph, h: Sequence[int], s: Config, v: int) -> Callable[[int], OptionValue]:
    """``view G h s v``: ``some (readNeighbour h s v u)`` for neighbours ``u``, ``none`` else."""
    return lambda u: Some(read_neighbour(h, s, v, u)) if G.adj(v, u) else None


def move(f: Update, G: Graph, h: Sequence[int], s: Config, v: int) -> VertexState:
    """``move f G h s v``: before the halting round compute, at or after it freeze; advance."""
    sv = s[v]
    if sv.round < h[v]:
        return VertexState(sv.round + 1, f(v, sv.cur, view(G, h, s, v)), sv.cur)
    return VertexState(sv.round + 1, sv.cur, sv.cur)


def schedule(f: Update, G: Graph, h: Sequence[int], s: Config, S: Sequence[bool]) -> Config:
    """``schedule f G h s S``: the vertices of ``S`` move (all reading ``s``), the others stay."""
    return tuple(move(f, G, h, s, v) if S[v] else s[v] for v in range(G.n))


def step(f: Update, G: Graph, h: Sequence[int], s: Config, s2: Config) -> bool:
    """``Step f G h s s'``: some set of enabled vertices moves from ``s`` to ``s'``."""
    return any(all(enabled(G, h, s, v) for v in range(G.n) if S[v]) and schedule(f, G, h, s, S) == tuple(s2)
               for S in schedules(G.n))


def sync_schedule(G: Graph, h: Sequence[int], s: Config) -> tuple[bool, ...]:
    """``syncSchedule G h s``: every enabled vertex moves."""
    return tuple(enabled(G, h, s, v) for v in range(G.n))


def sync_run(f: Update, G: Graph, h: Sequence[int], x0: Sequence[A], k: int) -> Config:
    """``syncRun f G h x0 k``: ``k`` synchronous steps from ``initConfig x0``."""
    s = init_config(tuple(x0[v] for v in range(G.n)))
    for _ in range(k):
        s = schedule(f, G, h, s, sync_schedule(G, h, s))
    return s


def first_enabled(G: Graph, h: Sequence[int], s: Config) -> tuple[bool, ...]:
    """``firstEnabled G h s``: only the enabled vertex of least index moves."""
    return tuple(enabled(G, h, s, v) and not any(enabled(G, h, s, w) for w in range(v))
                 for v in range(G.n))


def seq_run(f: Update, G: Graph, h: Sequence[int], x0: Sequence[A], k: int) -> Config:
    """``seqRun f G h x0 k``: ``k`` steps of the sequential schedule from ``initConfig x0``."""
    s = init_config(tuple(x0[v] for v in range(G.n)))
    for _ in range(k):
        s = schedule(f, G, h, s, first_enabled(G, h, s))
    return s


# --------------------------------------------------------------------------- the notes' variant


def variant_enabled(G: Graph, h: Sequence[int], r: Sequence[int], v: int) -> bool:
    """``VariantEnabled G h r v``: not stopped (halted with all neighbours halted) and the plain
    colour rule holds."""
    stopped = h[v] <= r[v] and all(h[u] <= r[u] for u in range(G.n) if G.adj(v, u))
    return not stopped and clock_enabled(G, r, v)


def variant_step(G: Graph, h: Sequence[int], r: Sequence[int], r2: Sequence[int]) -> bool:
    """``VariantStep G h r r'``: some set of variant-enabled vertices advances from ``r`` to
    ``r'`` (all ``2 ** n`` schedules tried)."""
    return any(all(variant_enabled(G, h, r, v) for v in range(G.n) if S[v]) and advance(r, S) == tuple(r2)
               for S in schedules(G.n))
