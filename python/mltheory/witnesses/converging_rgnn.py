"""Witness for ``MLTheory.ConvergingRGNN``: the traffic-light network simulates halting RGNNs.

Source: ``004_725b34af8153ec2b.txt`` line 28 (converging RGNNs simulate halting RGNNs; the
protocol is the project's reconstruction). On random graphs, with a random integer ReLU layer
(sum aggregation) whose first coordinate counts rounds, and a halting classifier that fires when
the counter reaches a threshold or earlier on another coordinate, the check runs the halting RGNN
and the traffic-light network of :mod:`mltheory.mirrors.converging_rgnn` (exact integers) and
asserts what ``trafficLightRGNN_converges_within`` proves: from layer ``n * H`` on the network is
constant, and every vertex's ``out`` is its state at the first round at which it halts. It also
runs the naive protocol in which a halted vertex never ticks again, and counts the runs where that
one delivers a wrong output (a neighbour still computing is blocked forever): the trap the
"tick when a neighbour is ahead" rule avoids.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from claimcheck.claims.witnesses import WitnessResult
from mltheory.mirrors.converging_rgnn import HaltingRGNN, TLState, halting_run, init_states, traffic_light_run
from mltheory.witnesses import traffic_light_lean as tl

__all__ = ["check_simulation", "naive_run", "random_instance"]


def random_graph(rng: np.random.Generator, n: int) -> tl.Graph:
    """A random undirected graph on ``n`` vertices (no self-loops)."""
    p = rng.uniform(0.2, 0.8)
    adj = [[False] * n for _ in range(n)]
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < p:
                adj[u][v] = adj[v][u] = True
    return tl.Graph(tuple(tuple(row) for row in adj))


def random_instance(rng: np.random.Generator, d: int = 3) -> tuple[HaltingRGNN, int]:
    """A halting RGNN on integer vectors: coordinate 0 counts rounds, the others are a ReLU layer
    ``relu(A x + B m + b)`` of the own state and the neighbour sum; ``halt`` fires when the counter
    reaches ``K`` or coordinate 1 exceeds a threshold. Every vertex halts by round ``K``."""
    A = rng.integers(-2, 3, size=(d, d))
    B = rng.integers(-1, 2, size=(d, d))
    b = rng.integers(-1, 2, size=d)
    K = int(rng.integers(1, 6))
    thr = int(rng.integers(2, 12))

    def combine(x: tuple, m: object) -> tuple:
        xs = np.array(x, dtype=object)
        ms = np.zeros(d, dtype=object) if isinstance(m, int) else np.array(m, dtype=object)
        y = np.maximum(A.dot(xs) + B.dot(ms) + b, 0)
        y[0] = x[0] + 1
        return tuple(int(c) for c in y)

    def halt(x: tuple) -> bool:
        return bool(x[0] >= K or x[1] > thr)

    return HaltingRGNN(lambda x, m: Vec(combine(tuple(x), m)), lambda x: halt(tuple(x))), K


class Vec(tuple):
    """An integer vector that adds componentwise (``0`` is the empty sum), as Lean's vectors do."""

    def __add__(self, other: object) -> "Vec":
        if isinstance(other, int) and other == 0:
            return self
        return Vec(a + b for a, b in zip(self, other))  # type: ignore[arg-type]

    __radd__ = __add__


def naive_run(N: HaltingRGNN, G: tl.Graph, y0: tuple[TLState, ...], t: int) -> tuple[TLState, ...]:
    """The naive protocol: like the traffic-light network, but a halted vertex never ticks again."""
    y = y0
    for _ in range(t):
        nxt = []
        for v, s in enumerate(y):
            colours = [y[u].colour for u in range(G.n) if G.adj(v, u)]
            if s.halted or (s.colour + 2) % 3 in colours:
                nxt.append(s)
                continue
            offered = sum((y[u].cur if y[u].colour == s.colour else y[u].prev for u in range(G.n) if G.adj(v, u)), 0)
            new = N.combine(s.cur, offered)
            nxt.append(replace(s, colour=(s.colour + 1) % 3, cur=new, prev=s.cur, halted=N.halt(new), out=new))
        y = tuple(nxt)
    return y


def check_simulation(seed: int = 0, trials: int = 150, d: int = 3, run: Callable = traffic_light_run,
                     wid: str = "converging_rgnn.simulation") -> WitnessResult:
    """Random graphs and halting RGNNs: the network ``run`` (the traffic-light network) is at a
    fixpoint from layer ``n * K`` on, with every vertex's ``out`` its halting output; the naive
    protocol is not."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    naive_wrong = desynchronised = 0
    for trial in range(trials):
        n = int(rng.integers(1, 8))
        G = random_graph(rng, n)
        N, K = random_instance(rng, d)
        x0 = [Vec([int(rng.integers(0, K + 1))] + [int(c) for c in rng.integers(0, 4, size=d - 1)]) for _ in range(n)]
        runs = [halting_run(N, G, x0, r) for r in range(K + 1)]
        h = [next(r for r in range(K + 1) if N.halt(runs[r][v])) for v in range(n)]
        outputs = [runs[h[v]][v] for v in range(n)]
        y0 = init_states(N, x0)
        T = n * K
        yT = run(N, G, y0, T)
        if run(N, G, yT, 1) != yT:
            failures.append(f"trial {trial}: not at a fixpoint after n * K = {T} layers")
        if [s.out for s in yT] != outputs:
            failures.append(f"trial {trial}: outputs {[s.out for s in yT]} != halting outputs {outputs}")
        if any(len({s.colour for s in run(N, G, y0, t)}) > 1 for t in range(T + 1)):
            desynchronised += 1
        if [s.out for s in naive_run(N, G, y0, T + 3)] != outputs:
            naive_wrong += 1
    ok = not failures and naive_wrong > 0 and desynchronised > 0
    summary = (f"{trials} random graphs and ReLU halting RGNNs: fixpoint from layer n*K with the halting outputs"
               f" in every run ({len(failures)} failures); {desynchronised} runs desynchronised; the naive"
               f" protocol (halted vertices never tick) gave wrong outputs in {naive_wrong}")
    return WitnessResult(wid, ok, summary, "\n".join(failures[:10]))
