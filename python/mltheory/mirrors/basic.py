"""Python meanings of the ``MLTheory.Basic`` helpers that the newer instances use: finite sums
(``sumFin``, ``sumNat``), the list of a function's values (``finList``), the matrix product
(``matMul``), the matrix-vector product (``matVec``) and the rectifier (``relu``, ``reluVec``); the
argmax and argmin with Lean's tie-break (lowest index), as the Lean heads compute them."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from claimcheck.analysis.instances import Semantic, as_int
from mltheory.mirrors.values import fin_fun, fin_mat, nat, rat, rat_matrix, rat_vector, table

__all__ = ["SEMANTICS", "argmax_lowest", "argmin_lowest", "relu"]


def relu(t: Fraction) -> Fraction:
    """The rectifier ``max(t, 0)`` (Lean's ``MLTheory.relu``, the one ReLU of the library)."""
    return max(Fraction(0), t)


def argmax_lowest(values: list) -> int:
    """Index of the maximum, lowest index on ties (the Lean tie-break)."""
    best = 0
    for i, v in enumerate(values):
        if v > values[best]:
            best = i
    return best


def argmin_lowest(values: list) -> int:
    """Index of the minimum, lowest index on ties."""
    best = 0
    for i, v in enumerate(values):
        if v < values[best]:
            best = i
    return best


SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.sumFin": lambda n, f: sum(table(nat(n), f(), rat), Fraction(0)),
    "MLTheory.sumNat": lambda n, f: sum(table(nat(n), f(), as_int), 0),
    "MLTheory.finList": lambda _a, n, f: list(table(nat(n), f())),
    # `matMul A B` (entry (i, j) is `∑ k, A i k * B k j`): the numpy product of exact matrices.
    "MLTheory.matMul": lambda n, a, b: (lambda k: fin_mat(rat_matrix(k, k, a()) @ rat_matrix(k, k, b())))(nat(n)),
    # `matVec A u` (entry `i` is `∑ k, A i k * u k`): the numpy matrix-vector product.
    "MLTheory.matVec": lambda n, a, u: (lambda k: fin_fun(rat_matrix(k, k, a()) @ rat_vector(k, u())))(nat(n)),
    "MLTheory.relu": lambda t: relu(rat(t())),
    "MLTheory.reluVec": lambda n, x: (lambda k: fin_fun(relu(v) for v in rat_vector(k, x())))(nat(n)),
}
