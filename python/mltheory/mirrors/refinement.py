"""Python meanings of ``MLTheory.Refinement``: the hat function as a width-3 ReLU layer, the
binary refinement operator ``(S f)(x) = Σ_k a_k f(2x - k)`` of a finite mask and its iterates
(by composing the operator, not by the Lean lemma's closed form), combinations of hats
``Σ c · hat(s x - t)`` and the terms after ``m`` steps (each term ``(t, c)`` at scale ``s`` split
into ``(t - s, c/2), (t, c), (t + s, c/2)`` at scale ``2s``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from claimcheck.analysis.instances import Semantic, Unsupported, as_int
from mltheory.mirrors.basic import relu
from mltheory.mirrors.values import nat, rat

__all__ = ["SEMANTICS", "hat", "hat_sum", "iter_coeffs", "refine", "refine_iter"]

NS = "MLTheory.Refinement"
Fn = Callable[[Fraction], Fraction]
Terms = Sequence[tuple[Fraction, Fraction]]


def hat(x: Fraction) -> Fraction:
    """``relu(x + 1) - 2 relu(x) + relu(x - 1)``."""
    return relu(x + 1) - 2 * relu(x) + relu(x - 1)


def refine(mask: Sequence[tuple[int, Fraction]], f: Fn) -> Fn:
    """The refinement operator of ``mask``: ``x ↦ Σ_(k, a) a f(2x - k)``."""
    return lambda x: sum((a * f(2 * x - k) for k, a in mask), Fraction(0))


def refine_iter(mask: Sequence[tuple[int, Fraction]], f: Fn, m: int) -> Fn:
    for _ in range(m):
        f = refine(mask, f)
    return f


def hat_sum(s: Fraction, terms: Terms) -> Fn:
    """``x ↦ Σ_(t, c) c · hat(s x - t)``."""
    return lambda x: sum((c * hat(s * x - t) for t, c in terms), Fraction(0))


def iter_coeffs(s: Fraction, terms: Terms, m: int) -> list[tuple[Fraction, Fraction]]:
    out = list(terms)
    for _ in range(m):
        out = [q for t, c in out for q in ((t - s, c / 2), (t, c), (t + s, c / 2))]
        s = 2 * s
    return out


def _pairs(v: Any, first: Callable[[Any], Any]) -> list[tuple[Any, Fraction]]:
    if not isinstance(v, list) or not all(isinstance(p, tuple) and len(p) == 2 for p in v):
        raise Unsupported(f"expected a list of pairs, got {v!r}")
    return [(first(a), rat(b)) for a, b in v]


def _fn(f: Any) -> Fn:
    return lambda x: rat(f(x))


SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.hat": lambda x: hat(rat(x())),
    f"{NS}.hatMask": lambda: [(-1, Fraction(1, 2)), (0, Fraction(1)), (1, Fraction(1, 2))],
    f"{NS}.refine": lambda a, f, x: refine(_pairs(a(), as_int), _fn(f()))(rat(x())),
    f"{NS}.refineIter": lambda a, f, m: refine_iter(_pairs(a(), as_int), _fn(f()), nat(m)),
    f"{NS}.hatSum": lambda s, cs, x: hat_sum(rat(s()), _pairs(cs(), rat))(rat(x())),
    f"{NS}.iterCoeffs": lambda s, cs, m: iter_coeffs(rat(s()), _pairs(cs(), rat), nat(m)),
}
