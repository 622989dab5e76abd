"""Python meanings of the ``MLTheory.Basic`` helpers that the newer instances use: finite sums
(``sumFin``, ``sumNat``), the list of a function's values (``finList``) and the matrix product
(``matMul``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from claimcheck.analysis.instances import Semantic, as_int
from mltheory.mirrors.values import fin_mat, nat, rat, rat_matrix, table

__all__ = ["SEMANTICS"]

SEMANTICS: Mapping[str, Semantic] = {
    "MLTheory.sumFin": lambda n, f: sum(table(nat(n), f(), rat), Fraction(0)),
    "MLTheory.sumNat": lambda n, f: sum(table(nat(n), f(), as_int), 0),
    "MLTheory.finList": lambda _a, n, f: list(table(nat(n), f())),
    # `matMul A B` (entry (i, j) is `∑ k, A i k * B k j`): the numpy product of exact matrices.
    "MLTheory.matMul": lambda n, a, b: (lambda k: fin_mat(rat_matrix(k, k, a()) @ rat_matrix(k, k, b())))(nat(n)),
}
