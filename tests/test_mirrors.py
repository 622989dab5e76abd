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
    attention, codes, compaction, counting, generation_limit, gnn, linear, matroid, tables, traffic_light_fair,
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
    assert linear.gated_mlp(linear.relu, one(1), one(-1), one(1), x1)[0] == -1
    assert linear.gated_mlp(linear.relu, one(-1), one(1), one(1), x1)[0] == 0
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
        assert list(linear.gated_mlp(linear.relu, w1, w2, u, x)) == list(
            linear.gated_mlp(linear.relu, c * w1, w2 / c, u, x))  # ReLU keeps it for c > 0


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
               attention]
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
    tri = SEMANTICS["MLTheory.OneDistance.triangle"]()
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
