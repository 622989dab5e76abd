"""Python meanings of ``MLTheory.BalancedCode`` (the triangle and antipodal codes, balance),
``MLTheory.OneDistance`` (one-distance symmetry) and ``MLTheory.RationalCode``
(balanced equal-norm codes of every size in ``Rat^d``, ``d ≥ 3``), as exact ``numpy`` object
arrays of ``Fraction``: the triangle is ``e_c - e_{c+1 mod 3}`` (the identity minus its cyclic
shift); the code of ``C`` prototypes is built from the rational points of the unit circle
``((1 - k²)/(1 + k²), 2k/(1 + k²))`` (the second intersection of the circle with the line of
slope ``k`` through ``(-1, 0)``), lifted by a first coordinate ``1``, with their negatives, and
for odd ``C`` the triangle. ``MLTheory.LinearDependence``'s three plane vectors are listed
as data."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors.values import fin_fun, fin_mat, nat, rat, rat_matrix

__all__ = ["SEMANTICS", "circle_point", "is_balanced", "is_one_distance", "rational_code", "triangle"]


def triangle(d: int = 3) -> np.ndarray:
    """The rows ``e_c - e_{c+1 mod 3}`` (``c < 3``) of ``Rat^d``."""
    eye = np.eye(3, dtype=int)
    out = np.full((3, d), Fraction(0), dtype=object)
    out[:, :3] = [[Fraction(int(x)) for x in row] for row in eye - np.roll(eye, 1, axis=1)]
    return out


def is_balanced(code: np.ndarray) -> bool:
    """The prototypes (rows) sum to the zero vector."""
    return all(v == 0 for v in code.sum(axis=0))


def is_one_distance(code: np.ndarray, delta: Fraction) -> bool:
    """Every two distinct prototypes are at squared distance ``delta``."""
    c = code.shape[0]
    return all(sum((code[a] - code[b]) ** 2) == delta for a in range(c) for b in range(c) if a != b)


def circle_point(k: int) -> tuple[Fraction, Fraction]:
    """The point where the line ``y = k (x + 1)`` meets the unit circle again (besides
    ``(-1, 0)``): substituting gives ``(1 + k²) x² + 2k² x + (k² - 1) = 0``, whose roots have
    product ``(k² - 1)/(1 + k²)``, so the other root is ``x = (1 - k²)/(1 + k²)``."""
    x = Fraction(k * k - 1, 1 + k * k) / Fraction(-1)
    return x, k * (x + 1)


def rational_code(c: int, d: int) -> np.ndarray:
    """The ``C`` prototypes of ``code C`` in ``Rat^d`` (``d ≥ 3``): for even ``C`` the antipodal
    pairs ``±(1, x_k, y_k, 0, …)`` for ``k < C/2``; for odd ``C`` the pairs for ``k < (C-3)/2``
    followed by the triangle (only its first vertex for ``C = 1``)."""
    pairs = c // 2 if c % 2 == 0 else max(c - 3, 0) // 2
    rows = []
    for k in range(pairs):
        x, y = circle_point(k)
        p = np.array([Fraction(1), x, y] + [Fraction(0)] * (d - 3), dtype=object)
        rows += [p, -p]
    rows += list(triangle(d))[: c - 2 * pairs]
    out = np.empty((c, d), dtype=object)
    for i, r in enumerate(rows):
        out[i] = r
    return out


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.BalancedCode.triangle": lambda: fin_mat(triangle()),
    # `antipodal`: the plane code ±e₀; `samplePoint`: the point (1/2, 1)
    "MLTheory.BalancedCode.antipodal": lambda: fin_mat(np.array([[Fraction(1), Fraction(0)], [Fraction(-1), Fraction(0)]],
                                                                dtype=object)),
    "MLTheory.BalancedCode.samplePoint": lambda: fin_fun((Fraction(1, 2), Fraction(1))),
    "MLTheory.BalancedCode.IsBalanced": lambda c, d, mu: is_balanced(rat_matrix(nat(c), nat(d), mu())),
    "MLTheory.OneDistance.IsOneDistance": lambda c, d, mu, delta: is_one_distance(rat_matrix(nat(c), nat(d), mu()),
                                                                                  rat(delta())),
    "MLTheory.RationalCode.code": lambda e, c: fin_mat(rational_code(nat(c), nat(e) + 3)),
    # `threeVecs`: the plane vectors (1, 2), (3, -1), (5, 3)
    "MLTheory.threeVecs": lambda: fin_mat(np.array([[Fraction(1), Fraction(2)], [Fraction(3), Fraction(-1)],
                                                    [Fraction(5), Fraction(3)]], dtype=object)),
}
