"""Numerical witnesses for lemma 4, the traffic-light protocol (converging RGNNs simulate halting ones).

Source: ``004_725b34af8153ec2b.txt`` line 28 (converging recurrent GNNs simulate halting
RGNNs; vertices halt at different times and coordinate with a "traffic-light" protocol). The paper's
own protocol is not in the abstract; this is the project's reconstruction, a three-colour synchroniser.

The protocol simulated here (default: the design of ``lean/MLTheory/TrafficLight.lean``)
----------------------------------------------------------------------------------------
Each vertex ``v`` holds a simulated round ``r[v]``, its state at that round ``cur[v]`` and at the
round before ``prev[v]``, and shows its neighbours its colour ``r[v] % 3`` and a flag.

* ``design="done_tick"`` (the Lean design): a vertex computes while ``r < h``; at ``r = h`` it ticks
  once more with its state frozen and is then *done* (``r = h + 1``, flag shown, clock stopped).
  ``v`` is enabled when it is not done and every neighbour is done or shows colour ``r[v] % 3`` or
  ``(r[v]+1) % 3``. It reads a neighbour's ``cur`` when the neighbour is done or shows the same
  colour, its ``prev`` otherwise (one round ahead).
* ``design="halted_pairs"`` (an alternative worked out here): the flag is *halted* (``r >= h``); a
  halted vertex keeps ticking with its state frozen until it and all its neighbours have halted;
  two halted neighbours never wait for each other; reads use the colour difference (0: ``cur``,
  +1: ``prev``).

Any set of enabled vertices may move in one step (simultaneously).

Design traps (each can be switched on in :class:`Protocol` to show the witness catching it):

1. ``clock_stops_at_halt`` -- a vertex stops its clock as soon as it halts (``done_tick``: no extra
   tick, so a neighbour one round behind reads the frozen state of the wrong round;
   ``halted_pairs``: a computing neighbour that moves ahead can never see it again and blocks).
2. ``keep_prev=False`` -- without the previous-round state, a vertex reading a neighbour that is one
   round ahead reads the wrong round.
3. ``wait_for_finished`` -- neighbours keep waiting for finished vertices (the literal rule of the
   project notes: a halted vertex ticks until all its neighbours have halted): deadlock at distance
   two, path ``0-1-2`` with ``h = (0, 0, 5)``: 0 stops at round 0, 1 cannot pass round 1, 2 cannot
   pass round 2. (Found independently by this witness and by the Lean author.)

Checks: ``traffic_light.decoding_table``, ``traffic_light.random_schedules`` (random graphs, random
asynchronous schedules, invariants on every step, convergence within the bound, final states equal
to the synchronous halting run of a random ReLU update; both designs) and ``traffic_light.sync_bound``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from claimcheck.claims.witnesses import WitnessResult

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

    design: str = "done_tick"
    keep_prev: bool = True
    clock_stops_at_halt: bool = False
    wait_for_finished: bool = False

    def __post_init__(self) -> None:
        if self.design not in ("done_tick", "halted_pairs"):
            raise ValueError(f"unknown design {self.design!r}; use 'done_tick' or 'halted_pairs'")


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
    """``v``'s clock has stopped for good (``done`` in the Lean design)."""
    if proto.clock_stops_at_halt:
        return halted(s, v)
    if proto.design == "done_tick":
        return s.r[v] > s.h[v]
    return halted(s, v) and all(halted(s, u) for u in g.nbrs[v])


def exempt(g: Graph, s: AsyncState, v: int, u: int, proto: Protocol) -> bool:
    """``v`` need not wait for neighbour ``u`` (and the edge carries no round constraint)."""
    if proto.wait_for_finished:
        return False
    if proto.design == "done_tick":
        return stopped(g, s, u, proto)
    return halted(s, u) and halted(s, v)


def enabled(g: Graph, s: AsyncState, v: int, proto: Protocol) -> bool:
    """``v`` may advance: not stopped, and no neighbour it must wait for is behind (by colour)."""
    if stopped(g, s, v, proto):
        return False
    cv = s.r[v] % 3
    for u in g.nbrs[v]:
        if exempt(g, s, v, u, proto):
            continue
        if s.r[u] % 3 not in (cv, (cv + 1) % 3):
            return False
    return True


def read_neighbour(g: Graph, s: AsyncState, v: int, u: int, proto: Protocol) -> np.ndarray:
    """``u``'s state of ``v``'s round as ``v`` decodes it from ``u``'s signal and memory."""
    same = s.r[u] % 3 == s.r[v] % 3
    if proto.design == "done_tick" and stopped(g, s, u, proto):
        same = True
    return s.cur[u] if same or not proto.keep_prev else s.prev[u]


def step(g: Graph, s: AsyncState, movers: list[int], f: Update, proto: Protocol) -> AsyncState:
    """Move every vertex of ``movers`` (all enabled) simultaneously; return the new state."""
    r, cur, prev = list(s.r), list(s.cur), list(s.prev)
    for v in movers:
        if s.r[v] < s.h[v]:
            new = f(s.cur[v], [read_neighbour(g, s, v, u, proto) for u in g.nbrs[v]])
        else:
            new = s.cur[v]
        prev[v], cur[v], r[v] = s.cur[v], new, s.r[v] + 1
    return AsyncState(r, cur, prev, s.h, s.moves + [len(movers)])


def final_round_range(g: Graph, h: list[int], v: int, proto: Protocol) -> tuple[int, int]:
    """Where vertex ``v``'s clock must stop: ``h+1`` (done_tick) or in ``[h_v, max_(N[v]) h]``."""
    if proto.design == "done_tick":
        return h[v] + 1, h[v] + 1
    return h[v], max([h[v]] + [h[u] for u in g.nbrs[v]])


def step_bound(g: Graph, h: list[int], proto: Protocol) -> int:
    """Bound on the number of steps of any schedule moving at least one vertex a step."""
    return sum(final_round_range(g, h, v, proto)[1] for v in range(g.n))


def sync_steps(h: list[int], proto: Protocol) -> int:
    """Exact number of steps of the synchronous schedule to the fixpoint."""
    if not h:
        return 0
    return max(h) + 1 if proto.design == "done_tick" else max(h)


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
    bound = step_bound(g, h, proto)
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
            if exempt(g, s, a, b, proto) or exempt(g, s, b, a, proto):
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
        if not all(stopped(g, s, v, proto) for v in range(g.n)):
            problems.append(f"fixpoint after {steps} steps with unhalted vertices: rounds {s.r}, h {h}")
        if steps > bound:
            problems.append(f"{steps} steps exceed the bound {bound} on the total number of moves")
        for v in range(g.n):
            lo, hi = final_round_range(g, h, v, proto)
            if not lo <= s.r[v] <= hi:
                problems.append(f"vertex {v} stopped at round {s.r[v]} outside [{lo}, {hi}]")
            err = float(np.max(np.abs(s.cur[v] - X[h[v]][v])))
            max_err = max(max_err, err)
            if err > 1e-12:
                problems.append(f"vertex {v}: final state differs from the synchronous halting run"
                                f" at round h_v = {h[v]} by {err:.3g}")
        if mode == "sync" and steps != sync_steps(h, proto):
            problems.append(f"synchronous schedule took {steps} steps, expected {sync_steps(h, proto)}")
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
        bound = step_bound(g, h, proto)
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


def synchronised_start(rng: np.random.Generator, g: Graph) -> list[int]:
    """Random initial rounds with neighbouring rounds at most 1 apart (BFS depths + offsets)."""
    r = [-1] * g.n
    for root in rng.permutation(g.n):
        if r[root] >= 0:
            continue
        r[root] = int(rng.integers(0, 5))
        queue = [int(root)]
        while queue:
            v = queue.pop(0)
            for u in g.nbrs[v]:
                if r[u] < 0:
                    r[u] = r[v] + 1
                    queue.append(u)
    return r


def clock_sync_run(g: Graph, r0: list[int], k: int) -> list[list[int]]:
    """The bare clock (no halting) under the synchronous schedule: rounds after 0..k steps."""
    runs = [list(r0)]
    for _ in range(k):
        r = runs[-1]
        runs.append([r[v] + 1 if all(r[u] % 3 in (r[v] % 3, (r[v] + 1) % 3) for u in g.nbrs[v]) else r[v]
                     for v in range(g.n)])
    return runs


def check_sync_bound(
    trials: int = 200,
    seed: int = 0,
    proto: Protocol = Protocol(),
    wid: str = "traffic_light.sync_bound",
) -> WitnessResult:
    """Synchronous schedule. Bare clock: from a synchronised start every vertex is at round >= m + k
    after k steps (m the least initial round), and from all zeros exactly at R after R steps.
    With halting: the fixpoint comes after exactly ``max h + 1`` steps (done_tick), every vertex
    done at round ``h + 1``."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    for t in range(trials):
        n = int(rng.integers(1, 8))
        g = Graph.random(rng, n, 0.5)
        r0 = synchronised_start(rng, g)
        k = int(rng.integers(0, 12))
        runs = clock_sync_run(g, r0, k)
        for step_i, r in enumerate(runs):
            if any(abs(r[a] - r[b]) > 1 for a, b in g.edges()):
                failures.append(f"trial {t}: clock rounds {r} desynchronised after {step_i} steps")
                break
        if any(x < min(r0) + k for x in runs[-1]):
            failures.append(f"trial {t}: after {k} steps rounds {runs[-1]} not all >= {min(r0)} + {k}")
        R = int(rng.integers(0, 10))
        if clock_sync_run(g, [0] * n, R)[-1] != [R] * n:
            failures.append(f"trial {t}: from all zeros, rounds after {R} steps are not all {R}")
        f = relu_update(rng, 1)
        x0 = [rng.normal(size=1) for _ in range(n)]
        h = [int(x) for x in rng.integers(0, 8, size=n)]
        rep = run_protocol(g, x0, h, f, rng, mode="sync", proto=proto)
        expected = [final_round_range(g, h, v, proto)[1] for v in range(n)]
        if rep.problems or rep.steps != sync_steps(h, proto) or rep.final_rounds != expected:
            failures.append(f"trial {t}: h = {h}: {rep.steps} steps (expected {sync_steps(h, proto)}),"
                            f" rounds {rep.final_rounds} (expected {expected}) {rep.problems[:1]}")
    ok = not failures
    return WitnessResult(wid, ok, (f"synchronous schedule on {trials} graphs: clock rounds >= m + k after"
                                   f" k steps, R after R steps from 0; halting fixpoint after exactly"
                                   f" max h{' + 1' if proto.design == 'done_tick' else ''} steps")
                         if ok else f"{len(failures)} failures; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "design": proto.design, "failures": failures[:10]})


def check_alternative_design(seed: int = 0, wid: str = "traffic_light.halted_pairs_design") -> WitnessResult:
    """The alternative ``halted_pairs`` design passes the same random-schedule and sync checks."""
    proto = Protocol(design="halted_pairs")
    a = check_random_schedules(seed=seed, proto=proto)
    b = check_sync_bound(seed=seed, proto=proto)
    return WitnessResult(wid, a.ok and b.ok, f"halted_pairs design: {a.summary}; {b.summary}",
                         {"random_schedules": a.details, "sync_bound": b.details})


# --------------------------------------------------------------------------- exact instance runs


def protocol_fixpoint(
    n: int,
    edges: list[tuple[int, int]],
    h: list[int],
    x0: list,
    f: Callable[[int, object, dict[int, object]], object],
    max_steps: int = 10_000,
) -> tuple[int, list[int], list]:
    """Run the Lean design (``done_tick``) under the synchronous schedule on arbitrary exact
    states and return ``(steps, final rounds, final states)`` for cross-checking the Lean
    ``_instance_`` theorems. ``f(v, own_state, {neighbour: state})`` mirrors Lean's ``Update``."""
    g = Graph.from_edges(n, edges)
    r, cur, prev = [0] * n, list(x0), list(x0)

    def done(v: int) -> bool:
        return r[v] > h[v]

    steps = 0
    while True:
        movers = [v for v in range(n) if not done(v) and all(
            done(u) or r[u] % 3 in (r[v] % 3, (r[v] + 1) % 3) for u in g.nbrs[v])]
        if not movers:
            return steps, r, cur
        if steps >= max_steps:
            raise RuntimeError(f"no fixpoint within {max_steps} steps")
        new = {}
        for v in movers:
            if r[v] < h[v]:
                view = {u: cur[u] if done(u) or r[u] % 3 == r[v] % 3 else prev[u] for u in g.nbrs[v]}
                new[v] = (f(v, cur[v], view), cur[v], r[v] + 1)
            else:
                new[v] = (cur[v], cur[v], r[v] + 1)
        for v, (c, p, rv) in new.items():
            cur[v], prev[v], r[v] = c, p, rv
        steps += 1
