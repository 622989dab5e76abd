"""Witness for ``MLTheory.MetricScores``: scores with per-token metrics are not Gram in dimension
``O(d)``.

Source: ``004_725b34af8153ec2b.txt`` line 6. With sympy's exact rank: the configuration of the
Lean theorem (one query and one metric per pair ``a ≤ b < d``) has a score matrix of rank
``d(d+1)/2`` and symmetric positive definite metrics for ``d = 1..6``; and for random integer
configurations (metrics ``A Aᵀ + I``, random queries and keys) the rank never exceeds
``d(d+1)/2 + d + 1`` (the quadratic part lives in the symmetric matrices, the cross and key terms
add at most ``d + 1``) while exceeding the inner dimension ``d`` of a Euclidean attention head.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import sympy

from claimcheck.claims.witnesses import WitnessResult
from mltheory.mirrors.metric_scores import metric, pairs, score_matrix

__all__ = ["check_rank"]


def _random_scores(rng: np.random.Generator, d: int, m: int) -> sympy.Matrix:
    metrics = []
    for _ in range(m):
        A = sympy.Matrix(rng.integers(-3, 4, size=(d, d)).tolist())
        metrics.append(A * A.T + sympy.eye(d))
    qs = [sympy.Matrix(rng.integers(-3, 4, size=d).tolist()) for _ in range(m)]
    ks = [sympy.Matrix(rng.integers(-3, 4, size=d).tolist()) for _ in range(m)]
    return sympy.Matrix(m, m, lambda i, j: ((qs[i] - ks[j]).T * metrics[j] * (qs[i] - ks[j]))[0, 0])


def check_rank(seed: int = 0, max_d: int = 6, trials: int = 6, scores: Callable[[int], list] = score_matrix,
               wid: str = "metric_scores.rank") -> WitnessResult:
    """The Lean configuration reaches rank ``d(d+1)/2`` with positive definite metrics; random
    configurations stay within ``d(d+1)/2 + d + 1`` and exceed ``d``."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    for d in range(1, max_d + 1):
        tri = d * (d + 1) // 2
        rank = sympy.Matrix(scores(d)).rank()
        if rank != tri:
            failures.append(f"d = {d}: the configuration's score matrix has rank {rank}, not {tri}")
        for p in pairs(d):
            G = sympy.Matrix(metric(d, p).tolist())
            if G != G.T or not G.is_positive_definite:
                failures.append(f"d = {d}: the metric of pair {p} is not symmetric positive definite")
    for t in range(trials):
        d = int(rng.integers(2, 5))
        m = d * (d + 1) // 2 + d + 3
        rank = _random_scores(rng, d, m).rank()
        if rank > d * (d + 1) // 2 + d + 1 or rank <= d:
            failures.append(f"random trial {t} (d = {d}, {m} tokens): rank {rank}")
    ok = not failures
    summary = (f"rank d(d+1)/2 with positive definite per-token metrics for d = 1..{max_d}; {trials} random"
               f" configurations of rank in (d, d(d+1)/2 + d + 1]")
    return WitnessResult(wid, ok, summary, "\n".join(failures))
