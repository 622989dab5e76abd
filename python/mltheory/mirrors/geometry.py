"""Python meanings of the geometry modules ``MLTheory.BindingFrontier`` (plane vectors
``vec2``), ``MLTheory.Apollonius`` (the max-competitor score and its balls) and
``MLTheory.BalancedRatio`` (the mean-normalised squared ratio and its one ball per class), from the
formulas: squared distances, means and maxima over exact ``Fraction`` vectors."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported
from mltheory.mirrors.values import lean_div, nat, rat, rat_vector, table

__all__ = ["SEMANTICS", "apollonius_centre", "ball_centre", "ball_radius_sq", "max_competitor", "mean_ratio_score",
           "radius_sq", "ratio_score", "sq_dist", "vec2"]

Vector = Sequence[Fraction]


def vec2(x: Fraction, y: Fraction) -> FinFun:
    """``vec2 x y``: the plane vector ``(x, y)``."""
    return FinFun((rat(x), rat(y)))


def sq_dist(x: Vector, y: Vector) -> Fraction:
    """``‖x - y‖²``."""
    return sum(((a - b) ** 2 for a, b in zip(x, y)), Fraction(0))


def max_competitor(code: Sequence[Vector], c: int, x: Vector) -> Fraction:
    """``max_{c' ≠ c} ‖x - μ_{c'}‖²`` (``0`` when there is no competitor)."""
    return max((sq_dist(x, code[k]) for k in range(len(code)) if k != c), default=Fraction(0))


def ratio_score(code: Sequence[Vector], c: int, x: Vector) -> Fraction:
    """``‖x - μ_c‖² / max_{c' ≠ c} ‖x - μ_{c'}‖²``, with Lean's ``x / 0 = 0``."""
    return lean_div(sq_dist(x, code[c]), max_competitor(code, c, x))


def apollonius_centre(l: Fraction, a: Vector, b: Vector) -> list[Fraction]:
    """The centre ``(a - λ b) / (1 - λ)`` (Lean's ``centre``; ``(1 - λ)⁻¹ = 0`` at ``λ = 1``)."""
    inv = lean_div(Fraction(1), 1 - l)
    return [(p - l * q) * inv for p, q in zip(a, b)]


def radius_sq(l: Fraction, a: Vector, b: Vector) -> Fraction:
    """The squared radius ``λ ‖a - b‖² / (1 - λ)²``."""
    inv = lean_div(Fraction(1), 1 - l)
    return l * inv * inv * sq_dist(a, b)


def mean_ratio_score(code: Sequence[Vector], c: int, x: Vector) -> Fraction:
    """``‖x - μ_c‖²`` against the mean squared distance to all prototypes:
    ``C ‖x - μ_c‖² / Σ_c' ‖x - μ_c'‖²`` (Lean's ``x / 0 = 0``)."""
    return lean_div(len(code) * sq_dist(x, code[c]), sum((sq_dist(x, m) for m in code), Fraction(0)))


def ball_centre(l: Fraction, a: Vector) -> list[Fraction]:
    """The centre ``a / (1 - λ)`` (``(1 - λ)⁻¹ = 0`` at ``λ = 1``)."""
    inv = lean_div(Fraction(1), 1 - l)
    return [inv * p for p in a]


def ball_radius_sq(l: Fraction, r2: Fraction) -> Fraction:
    """The squared radius ``λ (2 - λ) r² / (1 - λ)²``."""
    inv = lean_div(Fraction(1), 1 - l)
    return l * (2 - l) * r2 * inv * inv


def _code(n: int, d: int, mu: Any) -> list[list[Fraction]]:
    return [list(rat_vector(d, row)) for row in table(n, mu, lambda r: r)]


def _vec(d: int, fn: Any) -> list[Fraction]:
    return list(rat_vector(d, fn))


def _check_fin(c: Any, n: int) -> int:
    k = nat(lambda: c)
    if not 0 <= k < n:
        raise Unsupported(f"class {k} outside Fin {n}")
    return k


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.BindingFrontier.vec2": lambda x, y: vec2(x(), y()),
    "MLTheory.BalancedCode.centre": lambda d, l, a, b: (lambda D: FinFun(tuple(apollonius_centre(
        rat(l()), _vec(D, a()), _vec(D, b())))))(nat(d)),
    "MLTheory.Apollonius.radiusSq": lambda d, l, a, b: (lambda D: radius_sq(rat(l()), _vec(D, a()), _vec(D, b())))(nat(d)),
    "MLTheory.Apollonius.maxCompetitor": lambda n, d, mu, c, x: (lambda C, D: max_competitor(
        _code(C, D, mu()), _check_fin(c(), C), _vec(D, x())))(nat(n), nat(d)),
    "MLTheory.Apollonius.ratioScore": lambda n, d, mu, c, x: (lambda C, D: ratio_score(
        _code(C, D, mu()), _check_fin(c(), C), _vec(D, x())))(nat(n), nat(d)),
    "MLTheory.Apollonius.pointE0": lambda: FinFun((Fraction(1), Fraction(0), Fraction(0))),
    "MLTheory.BalancedRatio.meanRatioScore": lambda n, d, mu, c, x: (lambda C, D: mean_ratio_score(
        _code(C, D, mu()), _check_fin(c(), C), _vec(D, x())))(nat(n), nat(d)),
    "MLTheory.BalancedRatio.ballCentre": lambda d, l, a: (lambda D: FinFun(tuple(ball_centre(rat(l()), _vec(D, a())))))(
        nat(d)),
    "MLTheory.BalancedRatio.ballRadiusSq": lambda l, r2: ball_radius_sq(rat(l()), rat(r2())),
}
