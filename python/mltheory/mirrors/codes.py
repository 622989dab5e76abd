"""Python meanings of ``MLTheory.OneDistance`` (the triangle code) and ``MLTheory.RationalCode``
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
from mltheory.mirrors.values import fin_mat, nat

__all__ = ["SEMANTICS", "circle_point", "rational_code", "triangle"]


def triangle(d: int = 3) -> np.ndarray:
    """The rows ``e_c - e_{c+1 mod 3}`` (``c < 3``) of ``Rat^d``."""
    eye = np.eye(3, dtype=int)
    out = np.full((3, d), Fraction(0), dtype=object)
    out[:, :3] = [[Fraction(int(x)) for x in row] for row in eye - np.roll(eye, 1, axis=1)]
    return out


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
    "MLTheory.OneDistance.triangle": lambda: fin_mat(triangle()),
    "MLTheory.RationalCode.code": lambda e, c: fin_mat(rational_code(nat(c), nat(e) + 3)),
    # `threeVecs`: the plane vectors (1, 2), (3, -1), (5, 3)
    "MLTheory.threeVecs": lambda: fin_mat(np.array([[Fraction(1), Fraction(2)], [Fraction(3), Fraction(-1)],
                                                    [Fraction(5), Fraction(3)]], dtype=object)),
}
