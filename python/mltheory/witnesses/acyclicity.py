"""Numerical witnesses for lemma 2, positivity obstructs exact acyclicity (NOTEARS walk counting).

Source: ``004_725b34af8153ec2b.txt`` line 5 (PLDR-LLM: the DAG regulariser has the NOTEARS
walk-counting form, and strict positivity of the operator obstructs exact acyclicity).

Checks:

* ``acyclicity.walk_sum`` -- ``(A^k)[i][j]`` equals the brute-force sum over all length-k walks from
  i to j of the products of edge weights (exact fractions).
* ``acyclicity.notears_positive`` -- for random W without zero entries: every entry of
  ``(W∘W)^k`` is positive, the exact truncation ``h_K`` is positive for K = 1..6, and the float
  ``h(W) = trace(expm(W∘W)) - d`` (eigenvalue formula) is positive and matches the series.
* ``acyclicity.upper_triangular_zero`` -- for random strictly upper-triangular W: ``W^n = 0`` and
  ``h_K(W) = 0`` exactly for all K tried, and ``h(W) = 0`` in floats.

Exact recomputation for the Lean instances: :func:`notears_trunc` and :func:`mat_pow`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import factorial
from typing import Callable

import numpy as np

from claimcheck.claims.witnesses import WitnessResult

Mat = list[list[Fraction]]


# --------------------------------------------------------------------------- exact matrix algebra


def mat_mul(A: Mat, B: Mat) -> Mat:
    """Exact product of square matrices."""
    n = len(A)
    return [[sum((A[i][k] * B[k][j] for k in range(n)), Fraction(0)) for j in range(n)] for i in range(n)]


def mat_pow(A: Mat, k: int) -> Mat:
    """Exact ``A^k`` (``A^0 = I``)."""
    n = len(A)
    P = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for _ in range(k):
        P = mat_mul(P, A)
    return P


def trace(A: Mat) -> Fraction:
    """Exact trace."""
    return sum((A[i][i] for i in range(len(A))), Fraction(0))


def hadamard(A: Mat, B: Mat) -> Mat:
    """Entrywise product ``A∘B``."""
    return [[a * b for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]


def as_fractions(W: list[list[int | Fraction | str]]) -> Mat:
    """Convert a matrix of ints/strings like ``"3/4"`` to exact fractions."""
    return [[Fraction(x) for x in row] for row in W]


def notears_trunc(W: Mat, K: int) -> Fraction:
    """Exact truncated NOTEARS ``h_K(W) = Σ_{k=1..K} trace((W∘W)^k) / k!``."""
    W = as_fractions(W)
    M = hadamard(W, W)
    n = len(M)
    P = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    total = Fraction(0)
    for k in range(1, K + 1):
        P = mat_mul(P, M)
        total += trace(P) / factorial(k)
    return total


def walk_sum(A: Mat, k: int, i: int, j: int) -> Fraction:
    """Sum over all walks ``i = v_0, v_1, ..., v_k = j`` of ``Π A[v_t][v_{t+1}]`` (brute force)."""
    n = len(A)
    if k == 0:
        return Fraction(int(i == j))
    total = Fraction(0)
    for mid in itertools.product(range(n), repeat=k - 1):
        path = (i, *mid, j)
        prod = Fraction(1)
        for a, b in zip(path, path[1:]):
            prod *= A[a][b]
        total += prod
    return total


# --------------------------------------------------------------------------- float NOTEARS


def notears_h_eig(W: np.ndarray) -> float:
    """``trace(expm(W∘W)) - d`` via eigenvalues: ``Σ exp(λ_i) - d``."""
    M = W * W
    return float(np.real(np.exp(np.linalg.eigvals(M)).sum()) - M.shape[0])


def notears_h_series(W: np.ndarray, terms: int = 80) -> float:
    """``Σ_{k>=1} trace((W∘W)^k)/k!`` summed in floats up to ``terms`` terms."""
    M = W * W
    P = np.eye(M.shape[0])
    total = 0.0
    for k in range(1, terms + 1):
        P = P @ M / k
        total += float(np.trace(P))
    return total


def _random_rational(rng: np.random.Generator, n: int, nonzero: bool) -> Mat:
    num = rng.integers(1, 10, size=(n, n)) * rng.choice([-1, 1], size=(n, n))
    den = rng.integers(1, 6, size=(n, n))
    return [[Fraction(int(num[i][j]), int(den[i][j])) if nonzero else Fraction(0) for j in range(n)]
            for i in range(n)]


def random_nonzero(rng: np.random.Generator, n: int) -> Mat:
    """A random n×n rational matrix with no zero entry (mixed signs)."""
    return _random_rational(rng, n, True)


def random_strict_upper(rng: np.random.Generator, n: int) -> Mat:
    """A random strictly upper-triangular rational matrix (a DAG in topological order)."""
    A = random_nonzero(rng, n)
    return [[A[i][j] if i < j else Fraction(0) for j in range(n)] for i in range(n)]


# --------------------------------------------------------------------------- checks


def check_walk_sum(
    trials: int = 40,
    seed: int = 0,
    power: Callable[[Mat, int], Mat] = mat_pow,
    wid: str = "acyclicity.walk_sum",
) -> WitnessResult:
    """Entries of matrix powers equal walk sums (exact), for n = 1..4 and k = 0..4."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    checked = 0
    for _ in range(trials):
        n = int(rng.integers(1, 5))
        k = int(rng.integers(0, 5))
        A = random_nonzero(rng, n)
        P = power(A, k)
        for i in range(n):
            for j in range(n):
                checked += 1
                if P[i][j] != walk_sum(A, k, i, j):
                    failures.append(f"n={n}, k={k}, entry ({i},{j}): power {P[i][j]} != walk sum "
                                    f"{walk_sum(A, k, i, j)}")
    ok = not failures
    return WitnessResult(wid, ok, f"{checked} entries of A^k equal their walk sums" if ok else
                         f"{len(failures)} entries differ; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "entries_checked": checked, "failures": failures[:10]})


def check_notears_positive(
    trials: int = 60,
    seed: int = 0,
    sampler: Callable[[np.random.Generator, int], Mat] = random_nonzero,
    max_K: int = 6,
    wid: str = "acyclicity.notears_positive",
) -> WitnessResult:
    """No zero entry in W ⇒ every entry of (W∘W)^k > 0, h_K(W) > 0 (exact), h(W) > 0 (float)."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    min_hK: Fraction | None = None
    max_series_err = 0.0
    for t in range(trials):
        n = int(rng.integers(1, 6))
        W = sampler(rng, n)
        M = hadamard(W, W)
        P = mat_pow(M, 1)
        for k in range(1, 4):
            if any(P[i][j] <= 0 for i in range(n) for j in range(n)):
                failures.append(f"trial {t}: an entry of (W∘W)^{k} is not > 0")
                break
            P = mat_mul(P, M)
        for K in range(1, max_K + 1):
            hK = notears_trunc(W, K)
            if hK <= 0:
                failures.append(f"trial {t}: h_{K}(W) = {hK} is not > 0 for W = {W}")
                break
            min_hK = hK if min_hK is None else min(min_hK, hK)
        Wf = np.array([[float(x) for x in row] for row in W]) / 4.0  # keep the series well scaled
        h_eig, h_ser = notears_h_eig(Wf), notears_h_series(Wf)
        err = abs(h_eig - h_ser) / max(1.0, abs(h_ser))
        max_series_err = max(max_series_err, err)
        if not h_eig > 0:
            failures.append(f"trial {t}: h(W) = {h_eig} is not > 0")
        if err > 1e-8:
            failures.append(f"trial {t}: eigenvalue h {h_eig} != series h {h_ser}")
    ok = not failures
    return WitnessResult(wid, ok, (f"h_K > 0 (K=1..{max_K}, exact), (W∘W)^k > 0 and h > 0 on {trials} "
                                   f"random W without zeros; eig/series rel. error <= {max_series_err:.1e}")
                         if ok else f"{len(failures)} failures; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "min_exact_hK": str(min_hK),
                          "max_series_rel_error": max_series_err, "failures": failures[:10]})


def check_upper_triangular_zero(
    trials: int = 60,
    seed: int = 0,
    sampler: Callable[[np.random.Generator, int], Mat] = random_strict_upper,
    max_K: int = 8,
    wid: str = "acyclicity.upper_triangular_zero",
) -> WitnessResult:
    """Strictly upper-triangular W: W^n = 0 and h_K(W) = 0 exactly, h(W) ≈ 0 in floats."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    max_float = 0.0
    for t in range(trials):
        n = int(rng.integers(1, 7))
        W = sampler(rng, n)
        if any(x != 0 for row in mat_pow(W, n) for x in row):
            failures.append(f"trial {t}: W^{n} != 0 for W = {W}")
        for K in range(1, max_K + 1):
            hK = notears_trunc(W, K)
            if hK != 0:
                failures.append(f"trial {t}: h_{K}(W) = {hK} != 0")
                break
        Wf = np.array([[float(x) for x in row] for row in W]) / 4.0
        h = abs(notears_h_series(Wf))
        max_float = max(max_float, h)
        if h > 1e-9:
            failures.append(f"trial {t}: float h(W) = {h} != 0")
    ok = not failures
    return WitnessResult(wid, ok, (f"W^n = 0 and h_K = 0 (K=1..{max_K}) exactly on {trials} strictly "
                                   f"upper-triangular W; max |h| in floats {max_float:.1e}") if ok else
                         f"{len(failures)} failures; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "max_float_h": max_float, "failures": failures[:10]})
