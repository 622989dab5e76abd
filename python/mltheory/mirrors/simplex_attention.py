"""Python meanings of the attention definitions of ``MLTheory.Simplex`` (and the instances of
``MLTheory.SoftAttention``): in-context examples with labels, attention weights, the
attention-weighted simplex label codes, hard dot-product attention and the one-nearest-neighbour
rule, computed with exact ``Fraction`` arithmetic from their descriptions (``numpy`` object arrays
for the weighted codes)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

import numpy as np

from claimcheck.analysis.instances import FinFun, Semantic
from mltheory.mirrors.values import fin_fun, nat, rat, table
from mltheory.mirrors.basic import argmax_lowest, argmin_lowest

__all__ = ["EXAMPLES", "LABELS", "SEMANTICS", "attention_output", "one_nn", "transformer_head"]

#: ``examplesEx``: the unit vectors ``e₀, e₁, -e₀, -e₁`` of the plane; ``labelsEx``: their labels.
EXAMPLES: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
LABELS: tuple[int, ...] = (2, 0, 1, 1)


def attention_output(C: int, w: Sequence[Fraction], lab: Sequence[int]) -> np.ndarray:
    """``Σ_t w_t · v_{lab t}`` with ``v_c = e_c - (1/C) 𝟙`` the simplex code."""
    out = np.full(C, Fraction(0), dtype=object)
    for wt, lt in zip(w, lab):
        code = np.full(C, Fraction(-1, C), dtype=object)
        code[lt] += 1
        out = out + code * wt
    return out


def one_nn(q: Sequence[Fraction], xs: Sequence[Sequence[Fraction]], lab: Sequence[int]) -> int:
    """The label of the example nearest to ``q`` (least squared distance, lowest index on ties)."""
    return lab[argmin_lowest([sum(((a - b) ** 2 for a, b in zip(q, x)), Fraction(0)) for x in xs])]


def transformer_head(C: int, q: Sequence[Fraction], xs: Sequence[Sequence[Fraction]], lab: Sequence[int]) -> int:
    """Hard dot-product attention (largest ``<q, x_t>``, lowest index) and the argmax head (lowest
    index) of the attended example's simplex label code."""
    s = argmax_lowest([sum((a * b for a, b in zip(q, x)), Fraction(0)) for x in xs])
    w = [Fraction(int(t == s)) for t in range(len(xs))]
    return argmax_lowest(list(attention_output(C, w, lab)))


def _examples(d: int, m: int, xs: Any) -> list[list[Fraction]]:
    return [list(table(d, row, rat)) for row in table(m, xs, lambda r: r)]


def _vector(n: int, f: Any) -> list[Fraction]:
    return list(table(n, f, rat))


def _labels(m: int, lab: Any) -> list[int]:
    return [int(x) for x in table(m, lab)]


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.examplesEx": lambda: FinFun(tuple(fin_fun(Fraction(c) for c in x) for x in EXAMPLES)),
    "MLTheory.labelsEx": lambda: fin_fun(LABELS),
    "MLTheory.hardWeights": lambda m, s: (lambda k: fin_fun(Fraction(int(t == k)) for t in range(nat(m))))(int(s())),
    "MLTheory.attnOutput": lambda c, m, w, lab: (lambda C, M: fin_fun(attention_output(
        C, _vector(M, w()), _labels(M, lab()))))(nat(c), nat(m)),
    "MLTheory.classMass": lambda c, m, w, lab, k: (lambda M: sum(
        (wt for wt, lt in zip(_vector(M, w()), _labels(M, lab())) if lt == int(k())), Fraction(0)))(nat(m)),
    "MLTheory.oneNN": lambda d, _c, m, _hm, q, xs, lab: (lambda D, M: one_nn(
        _vector(D, q()), _examples(D, M, xs()), _labels(M, lab())))(nat(d), nat(m)),
    "MLTheory.transformerHead": lambda d, c, m, _hc, _hm, q, xs, lab: (lambda D, M: transformer_head(
        nat(c), _vector(D, q()), _examples(D, M, xs()), _labels(M, lab())))(nat(d), nat(m)),
}
