"""The Python mirrors of the newer MLTheory modules (:mod:`mltheory.mirrors`), without a build:
each agrees with values worked by hand from the Lean docstrings, with a second formulation (the
Lean recursion transcribed, a sympy inverse, the theorem the module proves), and is called the way
the instance evaluator calls it (thunks, Lean-shaped values)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import numpy as np
import sympy
import pytest

from claimcheck.analysis.instances import FinFun, Unsupported
from claimcheck.companion.child import load_semantics
from mltheory.mirrors import (
    attention, basic, circuits, codes, combinatorics, compaction, converging_rgnn, counting, experts,
    generation_limit, geometry, gnn, linear, matroid, metric_scores, rank, refinement, rotary, simplex_attention,
    tables, traffic_light_fair,
)
from mltheory.mirrors.values import lean_div, rat_matrix, rat_vector
from mltheory.witnesses import traffic_light_lean as tl

SEMANTICS = load_semantics(["mltheory.semantics"])


def k(v):
    """A thunk, as the evaluator passes arguments."""
    return lambda: v


def obj(rows) -> np.ndarray:
    a = np.array([[F(x) for x in r] for r in rows], dtype=object)
    return a


# --------------------------------------------------------------------------- counting


def all_funs_lean(alphabet, d):
    """``allFuns`` transcribed from Lean: ``consAll l (allFuns l d)`` (first value slowest)."""
    if d == 0:
        return [()]
    return [(a, *f) for a in alphabet for f in all_funs_lean(alphabet, d - 1)]


def k_subsets_lean(n, k_):
    """``kSubsets`` transcribed from Lean (Pascal's rule on the first document)."""
    if k_ == 0:
        return [[False] * n]
    if n == 0:
        return []
    return [[True, *s] for s in k_subsets_lean(n - 1, k_ - 1)] + [[False, *s] for s in k_subsets_lean(n - 1, k_)]


def test_all_funs_and_k_subsets_match_the_lean_recursions() -> None:
    for d in range(4):
        for size in range(4):
            assert [f.table for f in counting.all_funs(list(range(size)), d)] == all_funs_lean(list(range(size)), d)
    for n in range(7):
        for k_ in range(n + 2):
            subsets = counting.k_subsets(n, k_)
            assert subsets == k_subsets_lean(n, k_)
            assert len(subsets) == SEMANTICS["MLTheory.Retrieval.choose"](k(n), k(k_))
    assert SEMANTICS["MLTheory.Retrieval.choose"](k(10), k(3)) == 120


def test_repeat_first_outputs() -> None:
    outputs = [[SEMANTICS["MLTheory.PromptCount.repeatFirst"](k(2), k(1), k(3), k(None), k(x))(t) for t in range(3)]
               for x in SEMANTICS["MLTheory.allFuns"](k("Fin 2"), k([0, 1]), k(1))]
    assert outputs == [[0, 0, 0], [1, 1, 1]]


# --------------------------------------------------------------------------- compaction


def test_parity_flip_and_selection() -> None:
    for x in itertools.product((False, True), repeat=4):
        for i in range(4):
            assert compaction.parity(compaction.flip_bit(x, i)) is (not compaction.parity(x))
    C = "MLTheory.Compaction."
    bits = lambda l: SEMANTICS[C + "bits"](k(3), k(l))  # noqa: E731
    assert bits([True]) == FinFun((True, False, False))
    keep = SEMANTICS[C + "keepList"](k(3), k([0, 2]))
    r = lambda x: SEMANTICS[C + "restrict"](k(3), k(keep), k(bits(x)))  # noqa: E731
    assert r([False, False, False]) == r([False, True, False])  # coordinate 1 is dropped
    assert r([True, False, False]) != r([False, False, False])
    with pytest.raises(Unsupported):
        SEMANTICS[C + "parity"](k(2), k(lambda _: 1))  # a number is not a Bool


# --------------------------------------------------------------------------- linear algebra


def test_gated_mlp_counterexamples_and_bilinear_symmetries() -> None:
    one = lambda a: obj([[a]])  # noqa: E731
    x1 = np.array([F(1)], dtype=object)
    assert linear.gated_mlp(basic.relu, one(1), one(-1), one(1), x1)[0] == -1
    assert linear.gated_mlp(basic.relu, one(-1), one(1), one(1), x1)[0] == 0
    assert linear.gated_mlp(linear.quad_gate, one(2), one(F(1, 2)), one(1), x1)[0] == 2
    assert linear.gated_mlp(linear.quad_gate, one(1), one(1), one(1), x1)[0] == F(3, 2)
    rng = random.Random(7)
    ident = lambda t: t  # noqa: E731
    for _ in range(20):
        w1, w2 = (obj([[rng.randint(-3, 3) for _ in range(3)] for _ in range(2)]) for _ in range(2))
        u = obj([[rng.randint(-3, 3) for _ in range(2)]])
        x = np.array([F(rng.randint(-3, 3)) for _ in range(3)], dtype=object)
        y = linear.gated_mlp(ident, w1, w2, u, x)
        assert list(y) == list(linear.gated_mlp(ident, w2, w1, u, x))  # exchange symmetry
        c = F(rng.randint(1, 5), rng.randint(1, 5))
        assert list(y) == list(linear.gated_mlp(ident, c * w1, w2 / c, u, x))  # inverse scaling
        assert list(linear.gated_mlp(basic.relu, w1, w2, u, x)) == list(
            linear.gated_mlp(basic.relu, c * w1, w2 / c, u, x))  # ReLU keeps it for c > 0


def test_sherman_morrison_is_the_inverse_of_the_update() -> None:
    rng = random.Random(3)
    checked = 0
    while checked < 15:
        n = rng.randint(1, 4)
        a = sympy.Matrix(n, n, lambda i, j: rng.randint(-3, 3))
        if a.det() == 0:
            continue
        b = a.inv()
        u = sympy.Matrix(n, 1, lambda i, j: rng.randint(-2, 2))
        v = sympy.Matrix(n, 1, lambda i, j: rng.randint(-2, 2))
        to = lambda m: obj([[F(int(x.p), int(x.q)) for x in m.row(i)] for i in range(m.rows)])  # noqa: E731
        bb, uu, vv = to(b), to(u.T)[0], to(v.T)[0]
        beta = linear.sherman_morrison_denominator(bb, uu, vv)
        assert beta == F(str(1 + (v.T * b * u)[0]))
        if beta == 0:
            continue
        assert (to((a + u * v.T).inv()) == linear.sherman_morrison_inverse(bb, uu, vv)).all()
        checked += 1
    # β = 0: Lean's `x / 0 = 0` leaves B unchanged
    zero = linear.sherman_morrison_inverse(obj([[1]]), np.array([F(-1)], dtype=object), np.array([F(1)], dtype=object))
    assert zero[0, 0] == 1


def test_multi_head_is_one_connection_walk() -> None:
    """``mha_eq_connWalk`` on random non-negative attention, and the module's example token."""
    rng = random.Random(5)
    for _ in range(20):
        h, n, d = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
        att = np.array([obj([[rng.randint(0, 2) for _ in range(n)] for _ in range(n)]) for _ in range(h)],
                       dtype=object).reshape(h, n, n)
        trans = np.array([obj([[rng.randint(-2, 2) for _ in range(d)] for _ in range(d)]) for _ in range(h)],
                         dtype=object).reshape(h, d, d)
        x = obj([[rng.randint(-2, 2) for _ in range(d)] for _ in range(n)])
        direct = linear.multi_head(att, trans, x)
        walk = linear.connection_walk(linear.walk_matrix(att), linear.effective_transport(att, trans), x)
        assert (direct == walk).all()
        g = linear.gates(att)
        w = linear.walk_matrix(att)
        for i, j in itertools.product(range(n), repeat=2):
            assert sum(g[:, i, j]) == (1 if w[i, j] != 0 else 0)
    M = "MLTheory.MultiHead."
    att, tr, x = SEMANTICS[M + "attEx"](), SEMANTICS[M + "transEx"](), SEMANTICS[M + "xEx"]()
    y = SEMANTICS[M + "mha"](k(2), k(2), k(2), k(att), k(tr), k(x))
    assert list(y(0).table) == [-1, F(5, 4)]  # (1/2, 1) + (-3/2, 1/4)
    assert SEMANTICS[M + "gate"](k(2), k(2), k(att), k(0), k(1), k(1)) == F(3, 5)
    assert lean_div(F(1), F(0)) == 0


def test_values_read_lists_and_functions_alike() -> None:
    rows = [[F(1), F(2)], [F(3), F(4)]]
    fn = lambda i: lambda j: rows[i][j]  # noqa: E731
    assert (rat_matrix(2, 2, rows) == rat_matrix(2, 2, fn)).all()
    assert list(rat_vector(2, FinFun((F(1), F(2))))) == [1, 2]
    with pytest.raises(Unsupported):
        rat_vector(2, lambda _: True)


# --------------------------------------------------------------------------- the rest


def test_consistency_with_an_enumeration() -> None:
    e = lambda t: 4 * t  # noqa: E731
    assert [generation_limit.consistent(generation_limit.multiples_of(i), e, 5) for i in range(3)] == [True, True, False]
    assert generation_limit.consistent(generation_limit.multiples_of(2), e, 0)  # only 0 seen yet


def test_rgnn_run_on_cycles() -> None:
    """Every vertex of a cycle sees two neighbours: ``x ↦ x + 2x/2 - 1 = 2x - 1``."""
    comb = lambda x, m: x + m / 2 - 1  # noqa: E731
    for n in (3, 4, 6):
        g = gnn.cycle_graph(n)
        assert all(sorted(g.neighbours[v]) == sorted({(v + 1) % n, (v - 1) % n}) for v in range(n))
        for x0, t in [(1, 3), (2, 2), (3, 2)]:
            states = gnn.rgnn_run(g, lambda _lab: np.array([F(x0)], dtype=object), comb, 1, t)
            expected = F(x0)
            for _ in range(t):
                expected = 2 * expected - 1
            assert [s[0] for s in states] == [expected] * n
    # a path (not regular): the end vertices differ from the middle one
    path = gnn.LGraph(((1,), (0, 2), (1,)), (0, 0, 0))
    states = gnn.rgnn_run(path, lambda _lab: np.array([F(1)], dtype=object), comb, 1, 1)
    assert [s[0] for s in states] == [F(1, 2), 1, F(1, 2)]


def test_potential_truncates_at_zero() -> None:
    h = [1, 3, 0, 2]
    assert traffic_light_fair.potential(h, tl.init_config([1, 2, 3, 4])) == 10
    final = tl.seq_run(tl.sum_update(4), tl.path_graph(4), h, [1, 2, 3, 4], 10)
    assert traffic_light_fair.potential(h, final) == 0
    ahead = (tl.VertexState(5, 0, 0),) + tuple(final[1:])
    assert traffic_light_fair.potential(h, ahead) == 0  # a round past h v + 1 counts 0, not negative


def test_mirrors_name_each_lean_constant_once() -> None:
    """No mirror module replaces another's meaning, the core vocabulary's, or one of
    :mod:`mltheory.semantics`' own (the merge would otherwise silently keep the last)."""
    from claimcheck.analysis.instances import CORE_SEMANTICS
    from mltheory import mirrors, semantics
    from mltheory.mirrors import basic

    modules = [basic, counting, compaction, linear, generation_limit, gnn, traffic_light_fair, tables, matroid, codes,
               attention, geometry, rotary, refinement, rank, combinatorics, experts, converging_rgnn,
               metric_scores, simplex_attention, circuits]
    names = [n for m in modules for n in m.SEMANTICS]
    assert len(names) == len(set(names)) == len(mirrors.SEMANTICS)
    assert set(names).isdisjoint(CORE_SEMANTICS)
    assert len(semantics.SEMANTICS) == len(names) + len(
        [n for n in semantics.SEMANTICS if n not in mirrors.SEMANTICS])
    assert all(semantics.SEMANTICS[n] is mirrors.SEMANTICS[n] for n in names)


def test_basic_sums_and_lists() -> None:
    f = lambda i: F(i, 2)  # noqa: E731
    assert SEMANTICS["MLTheory.sumFin"](k(4), k(f)) == 3
    assert SEMANTICS["MLTheory.sumNat"](k(4), k(lambda i: i + 1)) == 10
    assert SEMANTICS["MLTheory.sumNat"](k(0), k(lambda i: 1 / 0)) == 0
    assert SEMANTICS["MLTheory.finList"](k("Rat"), k(3), k(f)) == [0, F(1, 2), 1]
    a, b = ((lambda i, x=x: lambda j: F(x[i][j])) for x in ([[1, 2], [3, 4]], [[0, 1], [1, 0]]))
    ab = SEMANTICS["MLTheory.matMul"](k(2), k(a), k(b))
    assert [list(ab(i).table) for i in range(2)] == [[2, 1], [4, 3]]
    with pytest.raises(Unsupported):
        SEMANTICS["MLTheory.sumNat"](k(2), k(lambda i: F(1, 2)))  # not a natural number


# --------------------------------------------------------------------------- query tables


def test_row_count_of_membership_and_parity_tables() -> None:
    """Worked by hand: on 2 elements the contexts 0, 1, 2, 3 are ∅, {0}, {1}, {0, 1}; a table whose
    rows repeat counts each row once; membership on k elements has 2^k rows (Lean's
    `rowCount_membership`), parity 2 (1 on no element)."""
    Q = "MLTheory.QueryTable."
    m2 = SEMANTICS[Q + "membership"](k(2))
    assert [[m2(x)(j) for j in range(2)] for x in range(4)] == [[False, False], [True, False], [False, True], [True, True]]
    assert tables.subset_of(6) == {1, 2}
    assert tables.row_count(4, 2, lambda x: lambda _j: x < 2) == 2
    assert tables.row_count(3, 0, lambda x: lambda _j: x) == 1  # no query: every row is empty
    assert tables.row_count(0, 2, lambda x: lambda _j: x) == 0
    for k_ in range(5):
        n = 2 ** k_
        assert SEMANTICS[Q + "rowCount"](k(n), k(k_), k("Bool"), k(None), k(SEMANTICS[Q + "membership"](k(k_)))) == n
        testbit = lambda x, j: (x >> j) & 1 == 1  # noqa: E731  (Lean's `Nat.testBit`)
        assert all(SEMANTICS[Q + "membership"](k(k_))(x)(j) == testbit(x, j) for x in range(n) for j in range(k_))
        assert tables.row_count(n, 1, tables.parity_table(k_)) == min(n, 2)
    p3 = tables.parity_table(3)
    assert [p3(x)(0) for x in range(8)] == [False, True, True, False, True, False, False, True]


# --------------------------------------------------------------------------- partition greedy


def test_greedy_on_the_example_and_optimal_on_random_weights() -> None:
    """The instance by hand: block 0 takes its element 2 (weight 5), block 1 nothing (all its
    weights are negative). Random weights, non-increasing order: greedy has the largest weight
    among all independent sets (Lean's `weight_le_greedy`), enumerated."""
    G = "MLTheory.PartitionGreedy."
    w, order = SEMANTICS[G + "exampleWeight"](), SEMANTICS[G + "exampleOrder"]()
    s = SEMANTICS[G + "greedy"](k(2), k(3), k(w), k(order))
    assert s == FinFun((tl.Some(2), None))
    assert SEMANTICS[G + "weight"](k(2), k(3), k(w), k(s)) == 5
    assert not matroid.independent([(0, 1), (1, 0), (0, 2)]) and matroid.independent([(0, 1), (1, 0)])
    rng = random.Random(11)
    for _ in range(30):
        n, k_ = rng.randint(1, 3), rng.randint(1, 3)
        weights = [[F(rng.randint(-4, 4)) for _ in range(k_)] for _ in range(n)]
        order = sorted(itertools.product(range(n), range(k_)), key=lambda e: -weights[e[0]][e[1]])
        kept = matroid.greedy(weights, order)
        best = max(matroid.weight(weights, sel)
                   for sel in itertools.product(*[[None] + [tl.Some(c) for c in range(k_)]] * n))
        assert matroid.weight(weights, matroid.as_option_table(n, kept).table) == best
    with pytest.raises(Unsupported):
        SEMANTICS[G + "greedy"](k(1), k(1), k(lambda _b: lambda _c: F(1)), k([0]))  # not a pair


# --------------------------------------------------------------------------- balanced codes


def test_triangle_and_rational_codes() -> None:
    """The triangle and the code of 5 prototypes by hand; every code with 2 ≤ C ≤ 9 in Rat^3..5
    has distinct prototypes of squared norm 2 summing to zero (Lean's
    `exists_balanced_equalNorm_code`); the circle points are on the unit circle (sympy)."""
    tri = SEMANTICS["MLTheory.BalancedCode.triangle"]()
    assert [list(tri(c).table) for c in range(3)] == [[1, -1, 0], [0, 1, -1], [-1, 0, 1]]
    code5 = SEMANTICS["MLTheory.RationalCode.code"](k(0), k(5))
    assert [list(code5(c).table) for c in range(5)] == [
        [1, 1, 0], [-1, -1, 0], [1, -1, 0], [0, 1, -1], [-1, 0, 1]]
    code4 = codes.rational_code(4, 4)  # p 1 = (1, 0, 1): k = 1 gives the circle point (0, 1)
    assert [list(r) for r in code4] == [[1, 1, 0, 0], [-1, -1, 0, 0], [1, 0, 1, 0], [-1, 0, -1, 0]]
    assert codes.circle_point(2) == (F(-3, 5), F(4, 5))
    t = sympy.Symbol("t")
    for k_ in range(6):
        x, y = codes.circle_point(k_)
        assert x * x + y * y == 1
        assert sympy.Rational(x.numerator, x.denominator) in sympy.solve((1 + k_**2) * t**2 + 2 * k_**2 * t + k_**2 - 1, t)
    for c in range(2, 10):
        for d in range(3, 6):
            mu = codes.rational_code(c, d)
            assert mu.shape == (c, d)
            assert all(x == 0 for x in mu.sum(axis=0))
            assert all(r @ r == 2 for r in mu)
            assert len({tuple(r) for r in mu}) == c


# --------------------------------------------------------------------------- attention


def test_average_hard_attention_and_the_addition_gate() -> None:
    """The instance by hand: scores marking {0, 2} give (3 + 7)/2 = 5, equal scores the mean 26/4;
    on random non-empty marked sets |S| · aha = ∑_S v (Lean's `count_mul_aha_indicator`)."""
    H = "MLTheory.HardAttention."
    S, v = SEMANTICS[H + "sampleSet"](), SEMANTICS[H + "sampleValues"]()
    ind = SEMANTICS[H + "indicator"](k(4), k(S))
    assert list(ind.table) == [1, 0, 1, 0]
    assert SEMANTICS[H + "aha"](k(4), k(ind), k(v)) == 5
    assert SEMANTICS[H + "aha"](k(4), k(lambda _: 0), k(v)) == F(26, 4)
    assert SEMANTICS[H + "aha"](k(0), k(lambda _: 0), k(v)) == 0
    assert attention.average_hard_attention(obj([[2, -1, 2]])[0], obj([[1, 100, 4]])[0]) == F(5, 2)
    rng = random.Random(2)
    for _ in range(30):
        n = rng.randint(1, 5)
        marked = tuple(rng.random() < 0.5 for _ in range(n))
        if not any(marked):
            continue
        vals = FinFun(tuple(F(rng.randint(-5, 5)) for _ in range(n)))
        count = SEMANTICS[H + "selCount"](k(n), k(FinFun(marked)))
        aha = SEMANTICS[H + "aha"](k(n), k(SEMANTICS[H + "indicator"](k(n), k(FinFun(marked)))), k(vals))
        assert count * aha == SEMANTICS[H + "selSum"](k(n), k(FinFun(marked)), k(vals))
    with pytest.raises(Unsupported):
        SEMANTICS[H + "selCount"](k(2), k(lambda _: 1))  # a number is not a Bool


def test_connection_laplacian_generator() -> None:
    """The instance by hand: x 0 = (1, 2), x 1 = (3, 5) with the swap walk and swap transports give
    (L x) 0 = (1 - 5, 2 - 3), (L x) 1 = (3 - 2, 5 - 1) and ⟨x, L x⟩ = -4 - 2 + 3 + 20 = 17; on random
    inputs the block-matrix generator is x minus the MultiHead connection walk."""
    C = "MLTheory.ConnectionLaplacian."
    swap = SEMANTICS[C + "swapT"]()
    x = lambda i: lambda a: F([[1, 2], [3, 5]][i][a])  # noqa: E731
    lx = SEMANTICS[C + "generator"](k(2), k(2), k(SEMANTICS[C + "swapWalk"]()), k(lambda _i: lambda _j: swap), k(x))
    assert [list(lx(i).table) for i in range(2)] == [[-4, -1], [1, 4]]
    assert SEMANTICS[C + "piDot"](k(2), k(2), k(lambda _: 1), k(x), k(lx)) == 17
    assert SEMANTICS[C + "IsOrthogonal"](k(2), k(swap))
    assert attention.is_orthogonal(obj([[0, -1], [1, 0]]))  # a rotation
    assert not attention.is_orthogonal(obj([[1, 1], [0, 1]]))  # a shear
    assert not attention.is_orthogonal(obj([[2, 0], [0, F(1, 2)]]))  # keeps the determinant, not lengths
    rng = random.Random(4)
    for _ in range(15):
        n, d = rng.randint(1, 3), rng.randint(1, 3)
        w = obj([[rng.randint(0, 3) for _ in range(n)] for _ in range(n)])
        tr = np.empty((n, n, d, d), dtype=object)
        for i, j in itertools.product(range(n), repeat=2):
            tr[i, j] = obj([[rng.randint(-2, 2) for _ in range(d)] for _ in range(d)])
        xs = obj([[rng.randint(-3, 3) for _ in range(d)] for _ in range(n)])
        assert (attention.generator(w, tr, xs) == xs - linear.connection_walk(w, tr, xs)).all()


# --------------------------------------------------------------------------- issue 27


def test_prompts_up_to_p_and_the_padding_model() -> None:
    """Σ_{i ≤ p} V^i by the closed form (V^(p+1) - 1)/(V - 1), bounded by 2 V^p and below
    V^(p+1) for V ≥ 2 (the Lean lemmas); the padding model's outputs listed by hand."""
    for v in range(2, 5):
        for p in range(5):
            c = counting.prompt_count(v, p)
            assert c == (v ** (p + 1) - 1) // (v - 1)
            assert c <= 2 * v ** p and c < v ** (p + 1)
    assert counting.prompt_count(1, 3) == 4  # one token: one prompt of each length
    pad = SEMANTICS["MLTheory.PromptCount.padModel"](k(2), k(2), k(None))
    outs = counting.outputs_up_to(pad, 2, 1)
    assert [[y(t) for t in range(2)] for y in outs] == [[0, 0], [0, 0], [1, 0]]
    outs = counting.outputs_up_to(pad, 2, 2)
    assert len(outs) == counting.prompt_count(2, 2) == 7
    assert {tuple(y(t) for t in range(2)) for y in outs} == {(0, 0), (1, 0), (0, 1), (1, 1)}


def test_halting_run_freezes_halted_vertices() -> None:
    """The instance by hand on the alternating 4-cycle (x ↦ x + Σ, halt at x ≥ 2): rounds
    [1,0,1,0] → [1,2,1,2] → [5,2,5,2] → [5,2,5,2]; without halting [1,2,1,2] → [5,4,5,4] →
    [13,14,13,14]; bisimilar cycles (4 and 8 vertices) agree vertex by vertex."""
    comb = lambda x, m: x + m  # noqa: E731
    init = lambda lab: np.array([F(int(lab == 0))], dtype=object)  # noqa: E731
    halt = lambda x: x[0] >= 2  # noqa: E731
    g4, g8 = gnn.alt_cycle(4), gnn.alt_cycle(8)
    assert g4.labels == (0, 1, 0, 1)
    runs = [[s[0] for s in gnn.halting_rgnn_run(g4, init, comb, halt, 1, t)] for t in range(4)]
    assert runs == [[1, 0, 1, 0], [1, 2, 1, 2], [5, 2, 5, 2], [5, 2, 5, 2]]
    assert [s[0] for s in gnn.rgnn_run(g4, init, comb, 1, 3)] == [13, 14, 13, 14]
    for t in range(6):
        a = [s[0] for s in gnn.halting_rgnn_run(g4, init, comb, halt, 1, t)]
        b = [s[0] for s in gnn.halting_rgnn_run(g8, init, comb, halt, 1, t)]
        assert b == a + a
    never = lambda x: False  # noqa: E731  (no vertex halts: the plain run)
    assert ([s[0] for s in gnn.halting_rgnn_run(g4, init, comb, never, 1, 3)]
            == [s[0] for s in gnn.rgnn_run(g4, init, comb, 1, 3)])


def test_apollonius_balls_and_the_max_competitor_score() -> None:
    """For random codes and points, |x - μ_c|² ≤ λ max_{c' ≠ c} |x - μ_c'|² exactly when x is in
    one of the balls (centre (μ_c - λ μ_c')/(1 - λ), squared radius λ|μ_c - μ_c'|²/(1 - λ)²)
    (Lean's `sqDist_le_mul_maxCompetitor_iff`); the triangle instance by hand."""
    tri = [list(row) for row in codes.triangle()]
    assert tri == [[1, -1, 0], [0, 1, -1], [-1, 0, 1]]
    x = [F(1), F(0), F(0)]
    assert geometry.max_competitor(tri, 0, x) == 5 and geometry.ratio_score(tri, 0, x) == F(1, 5)
    assert geometry.sq_dist(x, geometry.apollonius_centre(F(1, 4), tri[0], tri[2])) == F(7, 3)
    assert geometry.radius_sq(F(1, 4), tri[0], tri[2]) == F(8, 3)
    rng = random.Random(27)
    for _ in range(200):
        c_n, d = rng.randint(2, 4), rng.randint(1, 3)
        code = [[F(rng.randint(-3, 3)) for _ in range(d)] for _ in range(c_n)]
        x = [F(rng.randint(-4, 4), rng.randint(1, 3)) for _ in range(d)]
        lam = F(rng.randint(0, 9), 10)
        c = rng.randrange(c_n)
        lhs = geometry.sq_dist(x, code[c]) <= lam * geometry.max_competitor(code, c, x)
        rhs = any(geometry.sq_dist(x, geometry.apollonius_centre(lam, code[c], code[o]))
                  <= geometry.radius_sq(lam, code[c], code[o]) for o in range(c_n) if o != c)
        assert lhs == rhs
    assert geometry.ratio_score([[F(0)], [F(0)]], 0, [F(0)]) == 0  # Lean's x / 0 = 0
    assert geometry.vec2(F(3, 5), F(4, 5)).table == (F(3, 5), F(4, 5))


def test_angluin_learner_on_initial_segments() -> None:
    """The instance by hand: on the text 0, pause, 2, 1, 0, … of {0, 1, 2} with tell-tales [j]
    the guesses are 1 (nothing seen: |D| + 1), 0, 0, 2, 2, 2; on random texts of random segments
    the guesses end at the target, as Lean's `angluinLearner_identifies` says."""
    mem = lambda j, x: x <= j  # noqa: E731
    tales = lambda j: [j]  # noqa: E731
    text = [generation_limit.text_ex(t) for t in range(6)]
    assert [generation_limit.angluin_learner(mem, tales, text[:s]) for s in range(6)] == [1, 0, 0, 2, 2, 2]
    rng = random.Random(5)
    from mltheory.witnesses.traffic_light_lean import Some
    for _ in range(50):
        target = rng.randint(0, 6)
        words = list(range(target + 1))
        body = [Some(w) for w in words] + [None] * rng.randint(0, 3)
        rng.shuffle(body)
        data = body + [Some(rng.choice(words)) for _ in range(10)]
        assert generation_limit.angluin_learner(mem, tales, data) == target
    seg = SEMANTICS["MLTheory.Angluin.segMem"]
    assert seg(k(2), k(2)) is True and seg(k(2), k(3)) is False


def test_rank_one_sum_and_affine_maps() -> None:
    """The bilinear MLP's output is xᵀ B x with B = Σ_j U_j (W₁_j ⊗ W₂_j) (Lean's
    `bilinearMLP_eq_sum_rankOne`), on random weights; the affine map of the instance by hand."""
    rng = random.Random(7)
    for _ in range(20):
        d, m = rng.randint(1, 3), rng.randint(1, 3)
        w1, w2 = (obj([[rng.randint(-2, 2) for _ in range(d)] for _ in range(m)]) for _ in range(2))
        u = obj([[rng.randint(-2, 2) for _ in range(m)]])
        x = obj([[rng.randint(-3, 3) for _ in range(d)]])[0]
        b = linear.rank_one_sum(w1, w2, u)[0]
        assert x @ b @ x == linear.gated_mlp(lambda t: t, w1, w2, u, x)[0]
    assert [list(r) for r in linear.rank_one_sum(obj([[1, 0], [1, 1]]), obj([[0, 1], [2, -1]]), obj([[1, 1]]))[0]] \
        == [[2, 0], [2, -1]]
    aff = SEMANTICS["MLTheory.PrivilegedAxes.affine"]
    m = lambda i: lambda j: F(2) if (i, j) == (0, 0) else F(0)  # noqa: E731
    got = aff(k(2), k(m), k(lambda i: F(i)), k(lambda i: F([-1, 3][i])))
    assert got.table == (-2, 1)
    relu = SEMANTICS["MLTheory.reluVec"](k(2), k(lambda i: F([-1, 3][i])))
    assert relu.table == (0, 3)
    mv = SEMANTICS["MLTheory.matVec"](k(2), k(m), k(relu))
    assert mv.table == (0, 0)


def test_rotary_blocks_and_relative_scores() -> None:
    """`flat`/`unflat` are inverse; an operator of the commutant (diag(aI + bJ)) commutes with the
    generator and gives shifted positions the same score, one with an off-diagonal block does not
    commute (Lean's `commutes_gen_iff`, `score_depends_on_difference`)."""
    rng = random.Random(11)
    for _ in range(10):
        a = np.array([[F(rng.randint(-3, 3)) for _ in range(16)]], dtype=object).reshape(2, 2, 2, 2)
        assert (rotary.unflat(rotary.flat(a)) == a).all()
    j = rotary.rot(F(0), F(1))
    gen = rotary._block_diag(2, [F(1) * j, F(2) * j])
    comm = rotary._block_diag(2, [rotary.rot(F(2), F(3)), rotary.rot(F(1), F(-1))])
    assert (rotary.flat(comm) @ rotary.flat(gen) == rotary.flat(gen) @ rotary.flat(comm)).all()
    non = comm.copy()
    non[0, 1] = obj([[1, 0], [0, 0]])
    assert not (rotary.flat(non) @ rotary.flat(gen) == rotary.flat(gen) @ rotary.flat(non)).all()
    p = rotary._block_diag(2, [rotary.rot(F(3, 5), F(4, 5)), rotary.rot(F(0), F(1))])
    q, kk = obj([[1, 2], [-1, 1]]), obj([[0, 1], [2, -1]])

    def score(m, s, t):
        return sum((rotary._rot_pow(2, p, s, q) * rotary._apply(2, m, rotary._rot_pow(2, p, t, kk))).reshape(-1), F(0))

    assert score(comm, 1, 3) == score(comm, 0, 2) == score(comm, 2, 4) == F(-99, 25)
    assert (score(non, 1, 3), score(non, 0, 2)) == (F(-74, 25), F(-149, 25))


def test_refinement_of_hat_combinations() -> None:
    """The hat is a fixed point of its mask; for random combinations of hats the refinement
    operator (composed numerically) equals the combination of the split terms at twice the scale
    (Lean's `refine_hatSum`), iterated too, with 3^m terms; the narrow hat's first iterate by hand."""
    mask = SEMANTICS["MLTheory.Refinement.hatMask"]()
    grid = [F(i, 8) - 2 for i in range(33)]
    assert all(refinement.refine(mask, refinement.hat)(x) == refinement.hat(x) for x in grid)
    rng = random.Random(3)
    for _ in range(20):
        s = F(rng.choice([1, 2, 4]))
        terms = [(F(rng.randint(-3, 3)), F(rng.randint(-4, 4), 2)) for _ in range(rng.randint(1, 3))]
        for m in range(3):
            lhs = refinement.refine_iter(mask, refinement.hat_sum(s, terms), m)
            rhs = refinement.hat_sum(s * 2 ** m, refinement.iter_coeffs(s, terms, m))
            assert all(lhs(x) == rhs(x) for x in grid)
            assert len(refinement.iter_coeffs(s, terms, m)) == 3 ** m * len(terms)
    narrow = refinement.refine_iter(mask, refinement.hat_sum(F(2), [(F(0), F(1))]), 1)
    assert [narrow(F(i, 4) - F(1, 2)) for i in range(5)] == [F(1, 2), 0, 1, 0, F(1, 2)]
    three = SEMANTICS["MLTheory.threeVecs"]()
    assert [[three(i)(a) for a in range(2)] for i in range(3)] == [[1, 2], [3, -1], [5, 3]]
    assert [2 * three(0)(a) + three(1)(a) - three(2)(a) for a in range(2)] == [0, 0]



# --------------------------------------------------------------------------- issue 39 headlines


def test_converging_rgnn_reaches_the_halting_outputs() -> None:
    """The traffic-light network on the 4-vertex path (sum update, halt at 10): layer 3 is
    desynchronised, layers 6 and 7 agree and hold the halting outputs, as the Lean instance says."""
    N = converging_rgnn.HaltingRGNN(lambda x, m: x + m, lambda x: x >= 10)
    G = tl.path_graph(4)
    assert converging_rgnn.halting_run(N, G, [1, 2, 3, 4], 3) == (27, 49, 56, 38)
    assert [converging_rgnn.halts_at(N, G, [1, 2, 3, 4], v, h) for v, h in enumerate([3, 2, 2, 2])] == [True] * 4
    y0 = converging_rgnn.init_states(N, [1, 2, 3, 4])
    assert [s.colour for s in converging_rgnn.traffic_light_run(N, G, y0, 3)] == [0, 2, 2, 2]
    y6 = converging_rgnn.traffic_light_run(N, G, y0, 6)
    assert [s.out for s in y6] == [27, 18, 22, 16]
    assert converging_rgnn.traffic_light_run(N, G, y6, 1) == y6
    run = SEMANTICS["MLTheory.ConvergingRGNN.SumRGNN.run"]
    net = SEMANTICS["MLTheory.ConvergingRGNN.trafficLightRGNN"](k(None), k(N))
    got = run(k(None), k(None), k(None), k(None), k(net), k(4), k(G), k(FinFun(y0)), k(6))
    assert [s.out for s in got.table] == [27, 18, 22, 16]


def test_metric_scores_are_the_dual_configuration() -> None:
    """``(d + 1) ‖q_i‖² + [i = j]`` for the pairs of ``d = 2`` and ``d = 3``; full rank."""
    assert metric_scores.pairs(3) == [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)]
    assert metric_scores.score_matrix(2) == [[4, 3, 3], [6, 7, 6], [3, 3, 4]]
    S = metric_scores.score_matrix(3)
    norms = [1, 2, 1, 2, 2, 1]
    assert S == [[4 * norms[i] + (i == j) for j in range(6)] for i in range(6)]
    assert sympy.Matrix(S).rank() == 6


def test_soft_attention_majority_and_hard_head() -> None:
    """The attention output's argmax is the heaviest class; 1-NN and the hard head on the examples."""
    w = [F(1, 10), F(3, 5), F(1, 5), F(1, 10)]
    out = simplex_attention.attention_output(3, w, simplex_attention.LABELS)
    assert list(out) == [F(4, 15), F(-1, 30), F(-7, 30)]
    q = [F(3, 5), F(4, 5)]
    assert simplex_attention.one_nn(q, simplex_attention.EXAMPLES, simplex_attention.LABELS) == 0
    assert simplex_attention.transformer_head(3, q, simplex_attention.EXAMPLES, simplex_attention.LABELS) == 0


def test_circuit_encoder_layers() -> None:
    """Layer by layer from zeros: every gate is right from the layer after its level on."""
    enc = circuits.Encoded(circuits.CIRCUIT_EX, (F(3), F(-2), F(0), F(0), F(0), F(0)))
    assert circuits.encoder_run(enc, 2) == (3, -2, 1, 0, 0, 1)
    assert circuits.encoder_run(enc, 4) == circuits.encoder_run(enc, 5) == (3, -2, 1, 3, 1, 5)


def test_capacity_greedy_takes_the_heaviest_per_block() -> None:
    """Capacities 2 and 1: greedy keeps 0, 1 (block 0 full) and 3; brute force over all
    independent selections finds no heavier one."""
    wts = [F(5), F(4), F(3), F(2), F(-1)]
    blk = [0, 0, 0, 1, 1]
    cap = [2, 1]
    kept = matroid.capacity_greedy(lambda x: wts[x], lambda x: blk[x], lambda b: cap[b], range(5))
    assert kept == [0, 1, 3]
    best = max(sum(wts[x] for x in sel) for r in range(6) for sel in itertools.combinations(range(5), r)
               if all(sum(1 for x in sel if blk[x] == b) <= cap[b] for b in (0, 1)))
    assert sum(wts[x] for x in kept) == best == 11

# --------------------------------------------------------------------------- issue 39 mirrors


def test_mean_ratio_score_is_one_ball_per_class() -> None:
    """For random balanced equal-norm rational codes (antipodal pairs ±u, scaled to one norm), the
    mean-normalised squared ratio is at most λ exactly when x is in the ball of centre μ_c / (1 - λ)
    and squared radius λ (2 - λ) r² / (1 - λ)² (Lean's `meanRatioScore_le_iff`); the antipodal
    instance by hand."""
    anti = [[F(1), F(0)], [F(-1), F(0)]]
    x = [F(1, 2), F(1)]
    assert geometry.mean_ratio_score(anti, 0, x) == F(5, 9) and geometry.mean_ratio_score(anti, 1, x) == F(13, 9)
    assert geometry.ball_centre(F(1, 2), anti[0]) == [2, 0] and geometry.ball_radius_sq(F(1, 2), F(1)) == 3
    rng = random.Random(39)
    for _ in range(300):
        d = rng.randint(1, 4)
        u = [F(rng.randint(-3, 3)) for _ in range(d)]
        v = [F(rng.randint(-3, 3)) for _ in range(d)]
        r2 = geometry.sq_dist(u, [F(0)] * d)
        if r2 == 0 or geometry.sq_dist(v, [F(0)] * d) != r2:
            v = [-a for a in reversed(u)] if d > 1 else u  # same norm
        code = [u, [-a for a in u], v, [-a for a in v]]
        lam = F(rng.randint(0, 9), 10)
        y = [F(rng.randint(-6, 6), rng.randint(1, 3)) for _ in range(d)]
        for c in range(4):
            inside = geometry.sq_dist(y, geometry.ball_centre(lam, code[c])) <= geometry.ball_radius_sq(lam, r2)
            assert (geometry.mean_ratio_score(code, c, y) <= lam) == inside


def test_excess_risk_is_the_frobenius_gap_and_rank_deficiency() -> None:
    """`excessRisk M M⋆` is ‖M - M⋆‖²_F; a model factored through k < rank(M⋆) dimensions never
    has excess risk 0 (sympy rank), as Lean's `excessRisk_pos_of_lt` says."""
    mixer = rat_matrix(3, 3, SEMANTICS["MLTheory.RankDeficiency.mixer"]())
    one = rat_matrix(3, 3, SEMANTICS["MLTheory.RankDeficiency.rankOneModel"]())
    assert rank.excess_risk(one, mixer) == 4 and rank.excess_risk(mixer, mixer) == 0
    a = rat_matrix(3, 2, SEMANTICS["MLTheory.RankDeficiency.mixerA"]())
    b = rat_matrix(2, 3, SEMANTICS["MLTheory.RankDeficiency.mixerB"]())
    assert (a @ b == mixer).all() and sympy.Matrix(mixer.tolist()).rank() == 2
    rng = random.Random(7)
    for _ in range(100):
        n = rng.randint(1, 4)
        target = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(n)], dtype=object)
        r = sympy.Matrix(target.tolist()).rank()
        for k in range(r):
            a = np.array([[F(rng.randint(-2, 2)) for _ in range(k)] for _ in range(n)], dtype=object).reshape(n, k)
            b = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(k)], dtype=object).reshape(k, n)
            model = a @ b if k else np.full((n, n), F(0), dtype=object)
            gap = rank.excess_risk(model, target)
            assert gap == sum(((model - target) ** 2).reshape(-1), F(0)) and gap > 0



def test_population_excess_risk_is_the_expected_squared_error() -> None:
    """`popExcessRisk Σ M M⋆` (the trace of Δ Σ Δᵀ) is the weighted squared error of the inputs whose
    second moment is Σ, as Lean's `popExcessRisk_secondMoment` says; under a positive definite Σ
    (sympy) a model factored through k < rank(M⋆) dimensions has positive excess risk, as
    `popExcessRisk_pos_of_lt` says, and a singular Σ can hide the error."""
    cov = rat_matrix(3, 3, SEMANTICS["MLTheory.RankDeficiency.covEx"]())
    xs = rat_matrix(4, 3, SEMANTICS["MLTheory.RankDeficiency.inputsEx"]())
    assert (rank.second_moment(np.array([F(1)] * 4, dtype=object), xs) == cov).all()
    mixer = rat_matrix(3, 3, SEMANTICS["MLTheory.RankDeficiency.mixer"]())
    one = rat_matrix(3, 3, SEMANTICS["MLTheory.RankDeficiency.rankOneModel"]())
    assert rank.pop_excess_risk(cov, one, mixer) == 10 and rank.pop_excess_risk(cov, mixer, mixer) == 0
    rng = random.Random(11)
    for _ in range(100):
        n, s = rng.randint(1, 4), rng.randint(1, 6)
        w = np.array([F(rng.randint(1, 3)) for _ in range(s)], dtype=object)
        x = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(s)], dtype=object)
        m = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(n)], dtype=object)
        t = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(n)], dtype=object)
        sigma = rank.second_moment(w, x)
        expected = sum((wt * sum((m @ xt - t @ xt) ** 2, F(0)) for wt, xt in zip(w, x)), F(0))
        assert rank.pop_excess_risk(sigma, m, t) == expected
        pos_def = sympy.Matrix(sigma.tolist()).is_positive_definite
        r = sympy.Matrix(t.tolist()).rank()
        for k in range(r):
            a = np.array([[F(rng.randint(-2, 2)) for _ in range(k)] for _ in range(n)], dtype=object).reshape(n, k)
            b = np.array([[F(rng.randint(-2, 2)) for _ in range(n)] for _ in range(k)], dtype=object).reshape(k, n)
            model = a @ b if k else np.full((n, n), F(0), dtype=object)
            if pos_def:
                assert rank.pop_excess_risk(sigma, model, t) > 0
    # a singular second moment (one input e_0) does not see the second column
    e0 = np.array([[F(1), F(0)]], dtype=object)
    target = np.array([[F(1), F(1)], [F(0), F(1)]], dtype=object)
    model = np.array([[F(1), F(0)], [F(0), F(0)]], dtype=object)
    assert rank.pop_excess_risk(rank.second_moment(np.array([F(1)], dtype=object), e0), model, target) == 0

def test_code_properties_and_acyclicity_predicates() -> None:
    """Balance and one-distance symmetry of the triangle and antipodal codes; strictly upper
    triangular matrices and topological orders (the satisfiability facts the gate cross-checks)."""
    tri = codes.triangle()
    assert codes.is_balanced(tri) and codes.is_one_distance(tri, F(6)) and not codes.is_one_distance(tri, F(2))
    anti = rat_matrix(2, 2, SEMANTICS["MLTheory.BalancedCode.antipodal"]())
    assert codes.is_balanced(anti) and not codes.is_balanced(tri[:2])
    up = SEMANTICS["MLTheory.upEx"]()
    assert SEMANTICS["MLTheory.IsStrictlyUpper"](k(3), k(up))
    assert not SEMANTICS["MLTheory.IsStrictlyUpper"](k(2), k(SEMANTICS["MLTheory.posEx"]()))
    assert SEMANTICS["MLTheory.IsTopologicalOrder"](k(3), k(up), k(lambda i: i))
    assert not SEMANTICS["MLTheory.IsTopologicalOrder"](k(3), k(up), k(lambda i: 2 - i))


def test_allocation_and_expansion() -> None:
    """Moving a unit between shares (natural-number subtraction), budgets and losses; the proved
    set on the complete graph and on the path by hand (Lean's `card_run_example_*`), and on random
    graphs a round never shrinks the set and reaches every neighbour."""
    assert combinatorics.move_unit([3, 1, 1], 0, 1) == [2, 2, 1] and combinatorics.move_unit([0, 1], 0, 1) == [0, 2]
    loss = SEMANTICS["MLTheory.Allocation.totalLoss"](k(lambda v: F(v) ** 2), k(3), k(FinFun((2, 2, 1))))
    assert loss == 9
    complete = lambda u, v: u != v  # noqa: E731
    assert [len(combinatorics.grow(complete, 4, {0}, t)) for t in range(3)] == [1, 4, 4]
    path = lambda u, v: abs(u - v) == 1  # noqa: E731
    assert [len(combinatorics.grow(path, 4, {0}, t)) for t in range(4)] == [1, 2, 3, 4]
    rng = random.Random(5)
    for _ in range(50):
        n = rng.randint(1, 6)
        edges = {(u, v) for u in range(n) for v in range(n) if u != v and rng.random() < 0.3}
        adj = lambda u, v: (u, v) in edges or (v, u) in edges  # noqa: E731
        start = {rng.randrange(n)}
        one = combinatorics.grow(adj, n, start, 1)
        assert start <= one and all(v in one for u in start for v in range(n) if adj(u, v))


def test_transformer_head_and_one_nn_instance() -> None:
    """The hard-attention head and 1-NN on the examples of Lean's `transformerHead_oneNN_instance`:
    the query (3/5, 4/5) attends to example 1 (label 0), which is also the nearest."""
    q = k(FinFun((F(3, 5), F(4, 5))))
    xs, lab = SEMANTICS["MLTheory.examplesEx"], SEMANTICS["MLTheory.labelsEx"]
    assert SEMANTICS["MLTheory.transformerHead"](k(2), k(3), k(4), k(None), k(None), q, xs, lab) == 0
    assert SEMANTICS["MLTheory.oneNN"](k(2), k(3), k(4), k(None), q, xs, lab) == 0
    out = SEMANTICS["MLTheory.attnOutput"](k(3), k(4), k(FinFun((F(1, 2), F(1, 4), F(1, 8), F(1, 8)))), lab)
    assert list(out.table) == [F(1, 4) - F(1, 3), F(1, 4) - F(1, 3), F(1, 2) - F(1, 3)]


def test_task_experts_route_by_template_and_answer_by_dictionary() -> None:
    """The instance's layer by hand (Lean's `taskMoE_instance_two_tasks`), and on random dictionaries
    every query of a task goes to its expert and every key in the dictionary gets its value; an
    expert has as many non-zero weights as its dictionary has entries."""
    ident = k(lambda e: lambda s: F(int(e == s)))
    experts_of = lambda d: k(lambda e: SEMANTICS["MLTheory.TaskExperts.taskExpert"](k(4), k(3), k(d(e))))  # noqa: E731
    dict_ex = SEMANTICS["MLTheory.TaskExperts.dictEx"]()
    assert SEMANTICS["MLTheory.TaskExperts.route"](k(2), k(None), ident, k(1)) == 1
    answer = SEMANTICS["MLTheory.TaskExperts.answer"]
    assert answer(k(2), k(4), k(3), k(None), k(None), ident, experts_of(dict_ex), k(1), k(2)) == 1
    assert answer(k(2), k(4), k(3), k(None), k(None), ident, experts_of(dict_ex), k(0), k(0)) == 2
    rng = random.Random(17)
    for _ in range(100):
        t_count, k_count, v_count = rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 3)
        dicts = [[tl.Some(rng.randrange(v_count)) if rng.random() < 0.6 else None for _ in range(k_count)]
                 for _ in range(t_count)]
        d = lambda t: lambda key: dicts[t][key]  # noqa: E731
        for t in range(t_count):
            w = experts.task_expert(dicts[t], v_count)
            assert sum(1 for row in w for x in row if x) == sum(1 for x in dicts[t] if x is not None)
            for key in range(k_count):
                if dicts[t][key] is not None:
                    got = answer(k(t_count), k(k_count), k(v_count), k(None), k(None),
                                 k(lambda e: lambda s: F(int(e == s))),
                                 k(lambda e: SEMANTICS["MLTheory.TaskExperts.taskExpert"](k(k_count), k(v_count), k(d(e)))),
                                 k(t), k(key))
                    assert got == dicts[t][key].value
