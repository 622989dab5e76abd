"""Numerical witnesses for lemma 1, simplex equidistance (argmax head = 1-nearest-neighbour).

Sources: ``000_7a6cd69522701495.txt`` line 1 (one-layer transformers with simplex-encoded
labels and an argmax head behave as a 1-NN classifier) and ``004_725b34af8153ec2b.txt``
line 24 (balanced equal-norm prototype codes; one-distance symmetry iff ``d >= C-1``).

Checks:

* ``simplex.gram_exact`` -- the centred one-hot code ``v_c = e_c - (1/C)·1`` has the exact Gram matrix
  ``I - J/C`` (sympy rationals) for C = 2..12: zero-sum rows, squared norm ``(C-1)/C``, inner products
  ``-1/C`` and pairwise squared distance 2.
* ``simplex.argmax_eq_1nn`` -- on random inputs the lowest-index argmax of ``<x, v_c>`` equals the
  lowest-index argmin of ``|x - v_c|^2`` (floats), and on small integer inputs (many ties) the sets of
  maximisers and minimisers coincide exactly (rationals), also for random equal-norm codes.
* ``simplex.balanced_rank`` -- an equidistant equal-norm zero-sum configuration of C vectors has Gram
  ``a·(I - J/C)`` of rank ``C-1``: it is realised in ``d = C-1`` dimensions, and every balanced
  equal-norm code sampled in ``2 <= d < C-1`` dimensions has a positive distance defect.
* ``simplex.soft_majority`` -- soft attention with more than half of its weight on the nearest
  in-context example makes the argmax head return the 1-NN label; exactly half does not suffice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import numpy as np
import sympy

from mltheory.mirrors.basic import argmax_lowest, argmin_lowest

from claimcheck.claims.witnesses import WitnessResult

CodeFn = Callable[[int], sympy.Matrix]
Sampler = Callable[[int, int, np.random.Generator], np.ndarray]


# --------------------------------------------------------------------------- exact objects


def simplex_code(C: int) -> sympy.Matrix:
    """The C×C matrix whose row ``c`` is the simplex code ``e_c - (1/C)·1`` (exact rationals)."""
    if C < 1:
        raise ValueError(f"simplex_code needs C >= 1, got {C}")
    return sympy.Matrix(C, C, lambda i, j: sympy.Rational(int(i == j)) - sympy.Rational(1, C))


def simplex_gram(C: int) -> sympy.Matrix:
    """The exact Gram matrix ``<v_c, v_c'>`` of the simplex code, computed from the code vectors."""
    V = simplex_code(C)
    return V * V.T


def expected_gram(C: int) -> sympy.Matrix:
    """The closed form ``I - J/C`` the Gram matrix must equal."""
    return sympy.eye(C) - sympy.ones(C, C) / C


def simplex_sq_dist(C: int) -> sympy.Matrix:
    """Exact pairwise squared distances ``|v_c - v_c'|^2`` of the simplex code."""
    V = simplex_code(C)
    return sympy.Matrix(C, C, lambda i, j: sum(((V[i, k] - V[j, k]) ** 2 for k in range(C)),
                                               sympy.Integer(0)))


# --------------------------------------------------------------------------- gram_exact


def check_gram_exact(
    cs: range = range(2, 13),
    gram_fn: Callable[[int], sympy.Matrix] = simplex_gram,
    code_fn: CodeFn = simplex_code,
    wid: str = "simplex.gram_exact",
) -> WitnessResult:
    """Exact check of the Gram matrix, balance, norms, inner products and distances for each C."""
    failures: list[str] = []
    for C in cs:
        G = gram_fn(C)
        if G.shape != (C, C) or G != expected_gram(C):
            failures.append(f"C={C}: Gram matrix {G.tolist()} != I - J/C")
        V = code_fn(C)
        for c in range(C):
            row = [V[c, k] for k in range(V.shape[1])]
            if sum(row, sympy.Integer(0)) != 0:
                failures.append(f"C={C}: code of class {c} does not sum to 0")
            if sum((a * a for a in row), sympy.Integer(0)) != sympy.Rational(C - 1, C):
                failures.append(f"C={C}: |v_{c}|^2 != (C-1)/C")
            for c2 in range(c + 1, C):
                other = [V[c2, k] for k in range(V.shape[1])]
                dot = sum((a * b for a, b in zip(row, other)), sympy.Integer(0))
                dist = sum(((a - b) ** 2 for a, b in zip(row, other)), sympy.Integer(0))
                if dot != sympy.Rational(-1, C):
                    failures.append(f"C={C}: <v_{c}, v_{c2}> = {dot} != -1/{C}")
                if dist != 2:
                    failures.append(f"C={C}: |v_{c} - v_{c2}|^2 = {dist} != 2")
    ok = not failures
    return WitnessResult(
        id=wid,
        ok=ok,
        summary=(f"Gram = I - J/C, norms (C-1)/C, inner products -1/C, distances 2 for C = "
                 f"{cs.start}..{cs.stop - 1}" if ok else f"{len(failures)} exact mismatches; first: {failures[0]}"),
        details={"C_values": list(cs), "failures": failures[:20],
                 "gram_C3": [[str(x) for x in r] for r in simplex_gram(3).tolist()]},
    )


# --------------------------------------------------------------------------- argmax_eq_1nn


def _fraction_code(code: sympy.Matrix) -> list[list[Fraction]]:
    return [[Fraction(int(sympy.fraction(x)[0]), int(sympy.fraction(x)[1])) for x in code.row(i)]
            for i in range(code.shape[0])]


def _signed_permutation_code(C: int, dim: int, rng: np.random.Generator) -> list[list[int]]:
    """A random code of C equal-norm integer vectors: signed permutations of one base vector."""
    base = rng.integers(-3, 4, size=dim)
    rows = []
    for _ in range(C):
        perm = rng.permutation(dim)
        signs = rng.choice([-1, 1], size=dim)
        rows.append([int(signs[k] * base[perm[k]]) for k in range(dim)])
    return rows


def _exact_agree(code: list[list[Fraction]], x: list[Fraction]) -> tuple[bool, bool]:
    """(maximiser set == minimiser set, lowest argmax == lowest argmin) for one input, exactly."""
    scores = [sum((a * b for a, b in zip(x, v)), Fraction(0)) for v in code]
    dists = [sum(((a - b) ** 2 for a, b in zip(x, v)), Fraction(0)) for v in code]
    maxs = {i for i, s in enumerate(scores) if s == max(scores)}
    mins = {i for i, d in enumerate(dists) if d == min(dists)}
    return maxs == mins, argmax_lowest(scores) == argmin_lowest(dists)


def check_argmax_eq_1nn(
    trials: int = 1500,
    seed: int = 0,
    code_fn: CodeFn = simplex_code,
    cs: range = range(2, 13),
    wid: str = "simplex.argmax_eq_1nn",
) -> WitnessResult:
    """Argmax head and nearest-neighbour rule agree: float trials, exact tie-heavy trials, and
    exact trials of the general equal-norm statement on random signed-permutation codes."""
    rng = np.random.default_rng(seed)
    float_mismatch = exact_set_mismatch = exact_tie_mismatch = general_mismatch = 0
    ties_seen = 0
    first: str | None = None
    codes = {C: code_fn(C) for C in cs}
    fcodes = {C: _fraction_code(codes[C]) for C in cs}
    for t in range(trials):
        C = int(rng.integers(cs.start, cs.stop))
        code = codes[C]
        V = np.array(code.tolist(), dtype=float)
        x = rng.normal(size=V.shape[1]) * rng.choice([0.1, 1.0, 10.0])
        if int(np.argmax(V @ x)) != int(np.argmin(((x - V) ** 2).sum(axis=1))):
            float_mismatch += 1
            first = first or f"float trial {t}: C={C}, x={x.tolist()}"
        # exact, small integers: ties are frequent, the tie-break is exercised
        xq = [Fraction(int(v)) for v in rng.integers(-2, 3, size=V.shape[1])]
        fcode = fcodes[C]
        scores = [sum((a * b for a, b in zip(xq, v)), Fraction(0)) for v in fcode]
        ties_seen += scores.count(max(scores)) > 1
        same_set, same_pick = _exact_agree(fcode, xq)
        if not same_set:
            exact_set_mismatch += 1
            first = first or f"exact trial {t}: C={C}, x={[str(a) for a in xq]}: maximisers != minimisers"
        if not same_pick:
            exact_tie_mismatch += 1
            first = first or f"exact trial {t}: C={C}, x={[str(a) for a in xq]}: tie-break differs"
        # the general lemma: any equal-norm code
        dim = int(rng.integers(1, 6))
        gcode = _signed_permutation_code(C, dim, rng)
        gx = [int(v) for v in rng.integers(-3, 4, size=dim)]
        gdot = [sum(p * q for p, q in zip(gx, v)) for v in gcode]
        gdist = [sum((p - q) ** 2 for p, q in zip(gx, v)) for v in gcode]
        for a in range(C):
            for b in range(C):
                if (gdot[a] >= gdot[b]) != (gdist[a] <= gdist[b]):
                    general_mismatch += 1
    bad = float_mismatch + exact_set_mismatch + exact_tie_mismatch + general_mismatch
    return WitnessResult(
        id=wid,
        ok=bad == 0,
        summary=(f"argmax head = 1-NN on {trials} float, {trials} exact ({ties_seen} with ties) and "
                 f"{trials} general equal-norm trials" if bad == 0 else
                 f"{bad} disagreements between argmax head and 1-NN; first: {first}"),
        details={"trials": trials, "seed": seed, "float_mismatches": float_mismatch,
                 "exact_set_mismatches": exact_set_mismatch, "tie_break_mismatches": exact_tie_mismatch,
                 "general_lemma_mismatches": general_mismatch, "exact_trials_with_ties": ties_seen,
                 "first_failure": first},
    )


# --------------------------------------------------------------------------- balanced_rank


def balanced_equal_norm_code(C: int, d: int, rng: np.random.Generator) -> np.ndarray:
    """A random balanced (zero-sum) equal-norm code of C unit vectors in R^d (d >= 2).

    Antipodal pairs ``±u``; for odd C one regular triangle in a random plane replaces a pair.
    """
    if d < 2 or C < 2:
        raise ValueError("balanced equal-norm codes need d >= 2 and C >= 2")
    rows: list[np.ndarray] = []
    if C % 2 == 1:
        q, _ = np.linalg.qr(rng.normal(size=(d, 2)))
        for k in range(3):
            ang = 2 * np.pi * k / 3
            rows.append(np.cos(ang) * q[:, 0] + np.sin(ang) * q[:, 1])
    while len(rows) < C:
        u = rng.normal(size=d)
        u /= np.linalg.norm(u)
        rows.extend([u, -u])
    return np.array(rows)


def simplex_realisation(C: int) -> np.ndarray:
    """The simplex code written in ``C-1`` coordinates (an orthonormal basis of ``1^⊥``)."""
    V = np.array(simplex_code(C).tolist(), dtype=float)
    q, _ = np.linalg.qr(np.eye(C) - np.ones((C, C)) / C)
    basis = q[:, : C - 1]
    return V @ basis


def code_profile(V: np.ndarray) -> dict[str, float]:
    """Balance, norm spread and distance defect of a code (rows are prototypes)."""
    C = V.shape[0]
    norms = (V ** 2).sum(axis=1)
    d2 = [float(((V[i] - V[j]) ** 2).sum()) for i in range(C) for j in range(i + 1, C)]
    return {"sum_norm": float(np.linalg.norm(V.sum(axis=0))), "norm_spread": float(norms.max() - norms.min()),
            "distance_defect": float(max(d2) - min(d2)) if d2 else 0.0,
            "gram_rank": int(np.linalg.matrix_rank(V @ V.T, tol=1e-9))}


def check_code(V: np.ndarray, tol: float = 1e-9, wid: str = "simplex.code") -> WitnessResult:
    """Is ``V`` (rows = prototypes) a balanced, equal-norm, one-distance code?"""
    p = code_profile(np.asarray(V, dtype=float))
    ok = p["sum_norm"] <= tol and p["norm_spread"] <= tol and p["distance_defect"] <= tol
    return WitnessResult(wid, ok, "balanced equal-norm one-distance code" if ok else
                         f"not a balanced equal-norm one-distance code: {p}", p)


def check_balanced_rank(
    cs: range = range(2, 13),
    samples: int = 20,
    seed: int = 0,
    sampler: Sampler = balanced_equal_norm_code,
    realise: Callable[[int], np.ndarray] = simplex_realisation,
    tol: float = 1e-9,
    wid: str = "simplex.balanced_rank",
) -> WitnessResult:
    """One-distance symmetry of a balanced equal-norm code needs ``d >= C-1`` and is reached at
    ``d = C-1``: exact rank of ``I - J/C``, a realisation in ``C-1`` dimensions, and a positive
    distance defect for every sampled balanced equal-norm code in ``2 <= d < C-1`` dimensions."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    min_defect = float("inf")
    sampled = 0
    for C in cs:
        rank = expected_gram(C).rank()
        if rank != C - 1:
            failures.append(f"C={C}: rank(I - J/C) = {rank} != C-1")
        R = realise(C)
        if R.shape[1] > C - 1 or not check_code(R, tol).ok:
            failures.append(f"C={C}: no one-distance realisation in {C - 1} dimensions: {code_profile(R)}")
        for d in range(2, C - 1):
            for _ in range(samples):
                V = sampler(C, d, rng)
                p = code_profile(V)
                sampled += 1
                if V.shape != (C, d) or p["sum_norm"] > tol or p["norm_spread"] > tol:
                    failures.append(f"C={C}, d={d}: sampler returned a code that is not balanced"
                                    f" equal-norm in R^{d}: shape {V.shape}, {p}")
                elif p["distance_defect"] <= tol or p["gram_rank"] > d:
                    failures.append(f"C={C}, d={d}: one-distance code below C-1 dimensions: {p}")
                else:
                    min_defect = min(min_defect, p["distance_defect"])
    ok = not failures
    return WitnessResult(
        id=wid,
        ok=ok,
        summary=(f"rank(I - J/C) = C-1 and one-distance realisation in C-1 dims for C = {cs.start}.."
                 f"{cs.stop - 1}; {sampled} balanced codes with d < C-1 all have a defect (min {min_defect:.3g})"
                 if ok else f"{len(failures)} failures; first: {failures[0]}"),
        details={"C_values": list(cs), "sampled_low_dim_codes": sampled,
                 "min_distance_defect": None if sampled == 0 else min_defect, "failures": failures[:20]},
    )


# --------------------------------------------------------------------------- Lean instances


def simplex_gram_rows(C: int) -> list[list[Fraction]]:
    """Exact rows of the Gram matrix, as in Lean's ``simplexGramRows C``."""
    return _fraction_code(simplex_gram(C))


def argmax_head(x: list[Fraction]) -> int:
    """Lean's ``argmaxHead C``: lowest-index argmax of ``<x, v_c>`` over the simplex code, C = len(x)."""
    code = _fraction_code(simplex_code(len(x)))
    return argmax_lowest([sum((a * b for a, b in zip(x, v)), Fraction(0)) for v in code])


def nearest_neighbour(x: list[Fraction]) -> int:
    """Lean's ``nearestNeighbour C``: lowest-index argmin of ``|x - v_c|^2``, C = len(x)."""
    code = _fraction_code(simplex_code(len(x)))
    return argmin_lowest([sum(((a - b) ** 2 for a, b in zip(x, v)), Fraction(0)) for v in code])


def check_soft_majority(trials: int = 400, seed: int = 0, head: Callable | None = None,
                        wid: str = "simplex.soft_majority") -> WitnessResult:
    """Soft attention with more than half of its weight on the nearest in-context example: the
    argmax head on the attention-weighted simplex label codes returns the 1-NN label (exact
    rationals: random integer examples and labels, random non-negative weights with a majority on
    the nearest example); and with exactly half on it and half on one example of another class
    the head may return the other label, so the majority condition cannot be dropped."""
    from mltheory.mirrors.simplex_attention import attention_output, one_nn

    rng = np.random.default_rng(seed)
    failures: list[str] = []
    half_flips = 0
    for t in range(trials):
        C, m, d = int(rng.integers(2, 6)), int(rng.integers(2, 8)), int(rng.integers(1, 4))
        xs = [[Fraction(int(v)) for v in rng.integers(-3, 4, size=d)] for _ in range(m)]
        lab = [int(v) for v in rng.integers(0, C, size=m)]
        q = [Fraction(int(v)) for v in rng.integers(-3, 4, size=d)]
        s = argmin_lowest([sum(((a - b) ** 2 for a, b in zip(q, x)), Fraction(0)) for x in xs])
        rest = [Fraction(int(v)) for v in rng.integers(0, 5, size=m)]
        rest[s] = Fraction(0)
        w = [r for r in rest]
        w[s] = sum(rest, Fraction(0)) + Fraction(int(rng.integers(1, 4)))  # strictly more than the rest
        got = head(C, w, lab) if head else argmax_lowest(list(attention_output(C, w, lab)))
        if got != one_nn(q, xs, lab):
            failures.append(f"trial {t}: head {got} != 1-NN label {one_nn(q, xs, lab)}")
        others = [u for u in range(m) if lab[u] != lab[s]]
        if others:
            u = others[0]
            w_half = [Fraction(int(i in (s, u))) for i in range(m)]
            if argmax_lowest(list(attention_output(C, w_half, lab))) != lab[s]:
                half_flips += 1
    ok = not failures and half_flips > 0
    summary = (f"{trials} random soft attentions with a majority on the nearest example: the argmax head"
               f" returned the 1-NN label in all ({len(failures)} failures); with exactly half, {half_flips}"
               " returned another label")
    return WitnessResult(wid, ok, summary, "\n".join(failures[:10]))
