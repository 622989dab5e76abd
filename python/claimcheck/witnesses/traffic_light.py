"""Numerical witnesses for lemma 4, the traffic-light protocol (converging RGNNs simulate halting ones).

Source: ``shared/seeds/004_725b34af8153ec2b.txt`` line 28 (converging recurrent GNNs simulate halting
RGNNs; vertices halt at different times and coordinate with a "traffic-light" protocol). The paper's
own protocol is not in the abstract; this is the project's reconstruction, a three-colour synchroniser.

The protocol simulated here
---------------------------
Each vertex ``v`` holds a simulated round ``r[v]``, its state at that round ``cur[v]`` and at the
round before ``prev[v]``. It shows its neighbours its colour ``r[v] % 3`` and whether it has halted
(``r[v] >= h[v]``). A vertex is *enabled* when

* it is not *stopped* (stopped = it and all its neighbours have halted; then its clock stops), and
* every neighbour ``u`` shows colour ``r[v] % 3`` or ``(r[v]+1) % 3`` (no neighbour is behind),
  except that two halted neighbours never wait for each other.

An enabled vertex that moves increments its round; while computing (``r[v] < h[v]``) it first
computes its next state ``f(cur[v], neighbours' round-r states)``, reading a neighbour's ``cur`` when
it shows the same colour and its ``prev`` when it is one round ahead; a halted vertex keeps its state
frozen but its clock runs. Any set of enabled vertices may move in one step (simultaneously).

Design traps (each can be switched on in :class:`Protocol` to show the witness catching it):

1. ``clock_stops_at_halt`` -- a halted vertex stops its clock at once: a computing neighbour that
   moves one round ahead can never see it again and blocks forever.
2. ``keep_prev=False`` -- without the previous-round state, a vertex reading a neighbour that is one
   round ahead reads the wrong round.
3. ``halted_wait_for_halted`` -- found while writing this witness: if halted vertices still wait
   for halted neighbours, a stopped vertex (its clock frozen) blocks a halted neighbour that must
   keep ticking for a computing vertex further away, and that vertex blocks too (path ``0-1-2``
   with ``h = (0, 0, 5)``). Edges between two halted vertices carry no information, so they impose
   no waiting in the protocol above.

Checks: ``traffic_light.decoding_table``, ``traffic_light.random_schedules`` (random graphs, random
asynchronous schedules, invariants on every step, convergence within the bound, final states equal
to the synchronous halting run of a random ReLU update) and ``traffic_light.sync_bound``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from claimcheck.witnesses.result import WitnessResult

Update = Callable[[np.ndarray, list[np.ndarray]], np.ndarray]


# --------------------------------------------------------------------------- colours


def decode(colour_u: int, colour_v: int) -> int:
    """``r[u] - r[v]`` from the colours alone, valid when ``|r[u] - r[v]| <= 1``."""
    return {0: 0, 1: 1, 2: -1}[(colour_u - colour_v) % 3]


def check_decoding_table(
    max_round: int = 30,
    decode_fn: Callable[[int, int], int] = decode,
    wid: str = "traffic_light.decoding_table",
) -> WitnessResult:
    """For all rounds ``a, b <= max_round`` with ``|a - b| <= 1`` the colours determine ``a - b``;
    the table is tight: for ``|a - b| = 2`` the colours are those of ``b - a = ±1``."""
    table: dict[tuple[int, int], set[int]] = {}
    wrong: list[str] = []
    for a in range(max_round + 1):
        for b in range(max_round + 1):
            if abs(a - b) <= 1:
                table.setdefault((a % 3, b % 3), set()).add(a - b)
                if decode_fn(a % 3, b % 3) != a - b:
                    wrong.append(f"rounds ({a}, {b}): decoded {decode_fn(a % 3, b % 3)} != {a - b}")
    ambiguous = {k: sorted(v) for k, v in table.items() if len(v) > 1}
    tight = all(decode(a % 3, (a + 2) % 3) == 1 for a in range(3))
    ok = not wrong and not ambiguous and tight
    return WitnessResult(wid, ok, (f"colour pairs determine the round difference for |diff| <= 1 "
                                   f"(rounds 0..{max_round}); a difference of 2 is misread as ∓1") if ok
                         else f"decoding fails: {(wrong or [str(ambiguous)])[0]}",
                         {"table": {f"{k[0]},{k[1]}": sorted(v) for k, v in sorted(table.items())},
                          "wrong": wrong[:10], "ambiguous": {str(k): v for k, v in ambiguous.items()}})


# --------------------------------------------------------------------------- model


@dataclass(frozen=True)
class Protocol:
    """Switches selecting the protocol (defaults) or one of its broken variants (the traps)."""

    keep_prev: bool = True
    clock_stops_at_halt: bool = False
    halted_wait_for_halted: bool = False


@dataclass
class Graph:
    """An undirected graph on ``0..n-1`` as sorted neighbour lists."""

    n: int
    nbrs: list[list[int]]

    @staticmethod
    def from_edges(n: int, edges: list[tuple[int, int]]) -> "Graph":
        """Build from an edge list (symmetrised, no self-loops)."""
        s: list[set[int]] = [set() for _ in range(n)]
        for a, b in edges:
            if a != b:
                s[a].add(b)
                s[b].add(a)
        return Graph(n, [sorted(x) for x in s])

    @staticmethod
    def random(rng: np.random.Generator, n: int, p: float) -> "Graph":
        """An Erdős–Rényi graph G(n, p)."""
        return Graph.from_edges(n, [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p])

    def edges(self) -> list[tuple[int, int]]:
        """Each edge once, as ``(a, b)`` with ``a < b``."""
        return [(a, b) for a in range(self.n) for b in self.nbrs[a] if a < b]


@dataclass
class AsyncState:
    """The protocol's global state."""

    r: list[int]
    cur: list[np.ndarray]
    prev: list[np.ndarray]
    h: list[int]
    moves: list[int] = field(default_factory=list)


def relu_update(rng: np.random.Generator, dim: int) -> Update:
    """A random ReLU message-passing update ``x' = relu(A x + B Σ_u x_u + b)`` (sum aggregation)."""
    A = rng.normal(size=(dim, dim))
    B = rng.normal(size=(dim, dim)) * 0.5
    b = rng.normal(size=dim)

    def f(x: np.ndarray, nbr_states: list[np.ndarray]) -> np.ndarray:
        agg = np.zeros(dim)
        for y in nbr_states:
            agg = agg + y
        return np.maximum(A @ x + B @ agg + b, 0.0)

    return f


def sync_halting_run(g: Graph, x0: list[np.ndarray], h: list[int], f: Update) -> list[list[np.ndarray]]:
    """States ``X[t][v]`` of the synchronous halting run for ``t = 0..max(h)``: a vertex updates
    while ``t < h[v]`` and keeps its state frozen afterwards; its output is ``X[h[v]][v]``."""
    X = [list(x0)]
    for t in range(max(h, default=0)):
        prev = X[-1]
        X.append([prev[v] if t >= h[v] else f(prev[v], [prev[u] for u in g.nbrs[v]]) for v in range(g.n)])
    return X


def halted(s: AsyncState, v: int) -> bool:
    """``v`` has reached its halting round."""
    return s.r[v] >= s.h[v]


def stopped(g: Graph, s: AsyncState, v: int, proto: Protocol) -> bool:
    """``v``'s clock has stopped: it and all its neighbours have halted (trap 1: it alone)."""
    if proto.clock_stops_at_halt:
        return halted(s, v)
    return halted(s, v) and all(halted(s, u) for u in g.nbrs[v])


def enabled(g: Graph, s: AsyncState, v: int, proto: Protocol) -> bool:
    """``v`` may advance: not stopped, and no neighbour it must wait for is behind (by colour)."""
    if stopped(g, s, v, proto):
        return False
    cv = s.r[v] % 3
    for u in g.nbrs[v]:
        if not proto.halted_wait_for_halted and halted(s, u) and halted(s, v):
            continue
        if s.r[u] % 3 not in (cv, (cv + 1) % 3):
            return False
    return True


def step(g: Graph, s: AsyncState, movers: list[int], f: Update, proto: Protocol) -> AsyncState:
    """Move every vertex of ``movers`` (all enabled) simultaneously; return the new state."""
    r, cur, prev = list(s.r), list(s.cur), list(s.prev)
    for v in movers:
        if s.r[v] < s.h[v]:
            reads = []
            for u in g.nbrs[v]:
                d = decode(s.r[u] % 3, s.r[v] % 3)
                reads.append(s.cur[u] if d == 0 or not proto.keep_prev else s.prev[u])
            new = f(s.cur[v], reads)
        else:
            new = s.cur[v]
        prev[v], cur[v], r[v] = s.cur[v], new, s.r[v] + 1
    return AsyncState(r, cur, prev, s.h, s.moves + [len(movers)])


def _choose(rng: np.random.Generator, E: list[int], rounds: list[int], mode: str) -> list[int]:
    """The movers of one step under a schedule ``mode`` (E is the non-empty enabled set)."""
    if mode == "sync":
        return E
    if mode == "single":
        return [E[int(rng.integers(len(E)))]]
    if mode == "laggard":  # move only the most advanced enabled vertex: maximally unbalanced
        return [max(E, key=lambda v: (rounds[v], v))]
    pick = [v for v in E if rng.random() < 0.5]
    return pick or [E[int(rng.integers(len(E)))]]


@dataclass
class RunReport:
    """What happened in one asynchronous run."""

    steps: int
    converged: bool
    problems: list[str]
    max_error: float
    final_rounds: list[int]


def run_protocol(
    g: Graph,
    x0: list[np.ndarray],
    h: list[int],
    f: Update,
    rng: np.random.Generator,
    mode: str = "random",
    proto: Protocol = Protocol(),
    max_steps: int | None = None,
) -> RunReport:
    """Run the protocol under a schedule (``random`` subsets, ``single``, ``laggard`` or ``sync``)
    until no vertex is enabled, checking the invariants on every step."""
    X = sync_halting_run(g, x0, h, f)
    H = [max([h[v]] + [h[u] for u in g.nbrs[v]]) for v in range(g.n)]
    bound = sum(H)
    limit = max_steps if max_steps is not None else bound + 5
    s = AsyncState([0] * g.n, list(x0), list(x0), list(h))
    problems: list[str] = []
    max_err = 0.0

    def round_state(v: int, t: int) -> np.ndarray:
        return X[min(t, h[v])][v]

    steps = 0
    while True:
        # invariants on the current state
        for a, b in g.edges():
            if halted(s, a) and halted(s, b):
                continue
            if abs(s.r[a] - s.r[b]) > 1:
                problems.append(f"step {steps}: edge ({a},{b}) rounds {s.r[a]}, {s.r[b]} differ by > 1")
            elif decode(s.r[a] % 3, s.r[b] % 3) != s.r[a] - s.r[b]:
                problems.append(f"step {steps}: edge ({a},{b}) colours misdecoded")
        for v in range(g.n):
            err = float(np.max(np.abs(s.cur[v] - round_state(v, s.r[v]))))
            if s.r[v] >= 1:
                err = max(err, float(np.max(np.abs(s.prev[v] - round_state(v, s.r[v] - 1)))))
            max_err = max(max_err, err)
            if err > 1e-12:
                problems.append(f"step {steps}: vertex {v} at round {s.r[v]} holds a state differing"
                                f" from the synchronous run by {err:.3g}")
        active = [v for v in range(g.n) if not stopped(g, s, v, proto)]
        E = [v for v in range(g.n) if enabled(g, s, v, proto)]
        if active:
            vmin = min(active, key=lambda v: s.r[v])
            if vmin not in E:
                problems.append(f"step {steps}: active vertex {vmin} of minimal round {s.r[vmin]} is blocked")
        if problems:
            break
        if not E:
            break
        if steps >= limit:
            problems.append(f"no fixpoint after {steps} steps (bound {bound})")
            break
        s = step(g, s, _choose(rng, E, s.r, mode), f, proto)
        steps += 1

    converged = not E if not problems else False
    if not problems:
        if not all(halted(s, v) for v in range(g.n)):
            problems.append(f"fixpoint after {steps} steps with unhalted vertices: rounds {s.r}, h {h}")
        if steps > bound:
            problems.append(f"{steps} steps exceed the bound Σ_v max_(u∈N[v]) h_u = {bound}")
        for v in range(g.n):
            if not h[v] <= s.r[v] <= H[v]:
                problems.append(f"vertex {v} stopped at round {s.r[v]} outside [h_v, H_v] = [{h[v]}, {H[v]}]")
            err = float(np.max(np.abs(s.cur[v] - X[h[v]][v])))
            max_err = max(max_err, err)
            if err > 1e-12:
                problems.append(f"vertex {v}: final state differs from the synchronous halting run"
                                f" at round h_v = {h[v]} by {err:.3g}")
        if mode == "sync" and steps != max(h, default=0):
            problems.append(f"synchronous schedule took {steps} steps, expected max h = {max(h, default=0)}")
    return RunReport(steps, converged and not problems, problems, max_err, s.r)


def check_random_schedules(
    trials: int = 400,
    seed: int = 0,
    proto: Protocol = Protocol(),
    max_n: int = 8,
    max_h: int = 7,
    wid: str = "traffic_light.random_schedules",
) -> WitnessResult:
    """Random graphs, halting rounds, ReLU updates and asynchronous schedules: every run keeps the
    invariants, reaches a fixpoint within the bound, and ends in the synchronous halting run's
    outputs."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    total_steps = 0
    max_ratio = 0.0
    max_err = 0.0
    modes = ["random", "single", "laggard", "sync"]
    for t in range(trials):
        n = int(rng.integers(1, max_n + 1))
        g = Graph.random(rng, n, float(rng.choice([0.2, 0.4, 0.7])))
        dim = int(rng.integers(1, 4))
        f = relu_update(rng, dim)
        x0 = [rng.normal(size=dim) for _ in range(n)]
        h = [int(x) for x in rng.integers(0, max_h + 1, size=n)]
        mode = modes[t % len(modes)]
        rep = run_protocol(g, x0, h, f, rng, mode=mode, proto=proto)
        total_steps += rep.steps
        bound = sum(max([h[v]] + [h[u] for u in g.nbrs[v]]) for v in range(n))
        if bound:
            max_ratio = max(max_ratio, rep.steps / bound)
        max_err = max(max_err, rep.max_error)
        if rep.problems:
            failures.append(f"trial {t} ({mode}, n={n}, edges={g.edges()}, h={h}): {rep.problems[0]}")
    # the path 0-1-2 with h = (0, 0, 5): the configuration behind traps 1 and 3
    g = Graph.from_edges(3, [(0, 1), (1, 2)])
    f = relu_update(np.random.default_rng(seed + 1), 2)
    x0 = [np.array([1.0, -1.0]), np.array([0.5, 2.0]), np.array([-1.0, 0.25])]
    for mode in modes:
        rep = run_protocol(g, x0, [0, 0, 5], f, np.random.default_rng(seed), mode=mode, proto=proto)
        if rep.problems:
            failures.append(f"path 0-1-2, h=(0,0,5), {mode}: {rep.problems[0]}")
    ok = not failures
    return WitnessResult(wid, ok, (f"{trials} random runs (+4 on the trap path): invariants on every step,"
                                   f" fixpoint within the bound (max steps/bound {max_ratio:.2f}), final"
                                   f" states = synchronous halting run (max error {max_err:.1e})") if ok
                         else f"{len(failures)} failing runs; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "total_steps": total_steps,
                          "max_steps_over_bound": max_ratio, "max_state_error": max_err,
                          "protocol": proto.__dict__, "failures": failures[:10]})


def check_sync_bound(
    trials: int = 200,
    seed: int = 0,
    proto: Protocol = Protocol(),
    wid: str = "traffic_light.sync_bound",
) -> WitnessResult:
    """Synchronous schedule: round R is reached by every vertex after exactly R steps (no halting),
    and with halting the fixpoint comes after exactly ``max_v h_v`` steps with each vertex stopped
    at round ``max_(u ∈ N[v]) h_u``."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    for t in range(trials):
        n = int(rng.integers(1, 8))
        g = Graph.random(rng, n, 0.5)
        f = relu_update(rng, 1)
        x0 = [rng.normal(size=1) for _ in range(n)]
        R = int(rng.integers(0, 10))
        rep = run_protocol(g, x0, [R] * n, f, rng, mode="sync", proto=proto)
        if rep.problems or rep.steps != R or rep.final_rounds != [R] * n:
            failures.append(f"trial {t}: all h = {R}: {rep.steps} steps, rounds {rep.final_rounds}"
                            f" {rep.problems[:1]}")
        h = [int(x) for x in rng.integers(0, 8, size=n)]
        rep = run_protocol(g, x0, h, f, rng, mode="sync", proto=proto)
        H = [max([h[v]] + [h[u] for u in g.nbrs[v]]) for v in range(n)]
        if rep.problems or rep.steps != max(h) or rep.final_rounds != H:
            failures.append(f"trial {t}: h = {h}: {rep.steps} steps (expected {max(h)}), rounds"
                            f" {rep.final_rounds} (expected {H}) {rep.problems[:1]}")
    ok = not failures
    return WitnessResult(wid, ok, (f"synchronous schedule: round R after exactly R steps; fixpoint after"
                                   f" max h steps with final rounds max over N[v] of h, on {trials} graphs")
                         if ok else f"{len(failures)} failures; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "failures": failures[:10]})
