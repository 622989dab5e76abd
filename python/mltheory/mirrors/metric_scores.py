"""Python meanings of ``MLTheory.MetricScores``: attention scores with one metric per token, on the
configuration of the non-Gram theorem (one query ``e_a + e_b`` and one metric ``(d + 1) I + D_ab``
per pair ``a ≤ b < d``), computed with exact ``numpy`` object arrays of ``Fraction`` from the
formulas: the score of query ``i`` against key ``j`` is ``(q_i - k_j)ᵀ G_j (q_i - k_j)``."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors.values import nat

__all__ = ["SEMANTICS", "dual_matrix", "metric", "pairs", "query", "score_matrix"]


def pairs(d: int) -> list[tuple[int, int]]:
    """The pairs ``a ≤ b < d`` in the order of ``pairAt``: those of ``d - 1``, then ``(a, d - 1)``."""
    return [] if d == 0 else pairs(d - 1) + [(a, d - 1) for a in range(d)]


def query(d: int, p: tuple[int, int]) -> np.ndarray:
    """``e_a + e_b`` (``e_a`` when ``a = b``)."""
    q = np.full(d, Fraction(0), dtype=object)
    q[p[0]] = q[p[1]] = Fraction(1)
    return q


def dual_matrix(d: int, p: tuple[int, int]) -> np.ndarray:
    """The dual basis element of ``q qᵀ`` among symmetric matrices: ``(E_ab + E_ba)/2`` for ``a < b``,
    ``E_aa - ½ Σ_{b ≠ a} (E_ab + E_ba)`` for ``a = b``."""
    a, b = p
    D = np.full((d, d), Fraction(0), dtype=object)
    if a == b:
        D[a, :] = D[:, a] = Fraction(-1, 2)
        D[a, a] = Fraction(1)
    else:
        D[a, b] = D[b, a] = Fraction(1, 2)
    return D


def metric(d: int, p: tuple[int, int]) -> np.ndarray:
    """``(d + 1) I + D_p``."""
    return np.identity(d, dtype=object) * Fraction(d + 1) + dual_matrix(d, p)


def score_matrix(d: int) -> list[list[Fraction]]:
    """``S[i][j] = q_iᵀ G_j q_i`` (keys at the origin) over the pairs of ``d``."""
    ps = pairs(d)
    return [[Fraction(query(d, pi) @ metric(d, pj) @ query(d, pi)) for pj in ps] for pi in ps]


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.MetricScores.scoreRows": lambda d: score_matrix(nat(d)),
}
