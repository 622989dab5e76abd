"""Python meanings of the geometry modules ``MLTheory.BindingFrontier`` (plane vectors
``vec2``) and ``MLTheory.Apollonius`` (the max-competitor score and its balls), from the
formulas: squared distances and maxima over exact ``Fraction`` vectors."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic
from mltheory.mirrors.values import rat

__all__ = ["SEMANTICS", "vec2"]


def vec2(x: Fraction, y: Fraction) -> FinFun:
    """``vec2 x y``: the plane vector ``(x, y)``."""
    return FinFun((rat(x), rat(y)))


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.BindingFrontier.vec2": lambda x, y: vec2(x(), y()),
}
