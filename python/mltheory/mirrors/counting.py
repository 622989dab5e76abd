"""Python meanings of the counting modules ``MLTheory.Pigeonhole`` (``allFuns``),
``MLTheory.PromptCount`` (``repeatFirst``) and ``MLTheory.Retrieval`` (``choose``,
``kSubsets``), from their mathematical definitions: the words of length ``d`` over an alphabet
are :func:`itertools.product`, the ``k``-subsets :func:`itertools.combinations`, the binomial
coefficient :func:`math.comb`."""

from __future__ import annotations

import itertools
import math
from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic
from mltheory.mirrors.values import nat

__all__ = ["SEMANTICS", "all_funs", "k_subsets"]


def all_funs(alphabet: Sequence[Any], d: int) -> list[FinFun]:
    """``allFuns l d``: every function ``Fin d → α`` with values in ``l``, in lexicographic order
    (first coordinate slowest), as tables."""
    return [FinFun(word) for word in itertools.product(alphabet, repeat=d)]


def k_subsets(n: int, k: int) -> list[list[bool]]:
    """``kSubsets N k``: the characteristic lists of the ``k``-subsets of ``{0, …, N-1}``, in the
    lexicographic order of the sorted subsets (those containing ``0`` first)."""
    return [[i in c for i in range(n)] for c in itertools.combinations(range(n), k)]


SEMANTICS: Mapping[str, Semantic] = {
    # MLTheory.Pigeonhole
    "MLTheory.allFuns": lambda _a, l, d: all_funs(list(l()), nat(d)),
    # MLTheory.PromptCount: `repeatFirst hp x t = x ⟨0, hp⟩`
    "MLTheory.PromptCount.repeatFirst": lambda _v, _p, _l, _hp, x: (lambda first: lambda _t: first)(x()(0)),
    # MLTheory.Retrieval
    "MLTheory.Retrieval.choose": lambda n, k: math.comb(nat(n), nat(k)),
    "MLTheory.Retrieval.kSubsets": lambda n, k: k_subsets(nat(n), nat(k)),
}
