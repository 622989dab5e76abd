"""Python meanings of the counting modules ``MLTheory.Pigeonhole`` (``allFuns``),
``MLTheory.PromptCount`` (``repeatFirst``, ``padModel``, ``outputsUpTo``, ``promptCount``) and
``MLTheory.Retrieval`` (``choose``, ``kSubsets``), from their mathematical definitions: the words
of length ``d`` over an alphabet are :func:`itertools.product`, the ``k``-subsets
:func:`itertools.combinations`, the binomial coefficient :func:`math.comb`, the number of prompts
of length at most ``p`` a sum of powers."""

from __future__ import annotations

import itertools
import math
from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, as_int
from mltheory.mirrors.values import nat

__all__ = ["SEMANTICS", "all_funs", "k_subsets", "outputs_up_to", "pad_model", "prompt_count"]


def all_funs(alphabet: Sequence[Any], d: int) -> list[FinFun]:
    """``allFuns l d``: every function ``Fin d → α`` with values in ``l``, in lexicographic order
    (first coordinate slowest), as tables."""
    return [FinFun(word) for word in itertools.product(alphabet, repeat=d)]


def k_subsets(n: int, k: int) -> list[list[bool]]:
    """``kSubsets N k``: the characteristic lists of the ``k``-subsets of ``{0, …, N-1}``, in the
    lexicographic order of the sorted subsets (those containing ``0`` first)."""
    return [[i in c for i in range(n)] for c in itertools.combinations(range(n), k)]


def prompt_count(v: int, p: int) -> int:
    """``promptCount V p``: the number of prompts of length ``0, 1, …, p`` over ``V`` tokens."""
    return sum(v ** i for i in range(p + 1))


def pad_model(i: int, x: Any) -> Any:
    """``padModel hV i x``: the output copying the prompt ``x`` of length ``i`` and then token
    ``0``, as a function of the output position."""
    return lambda t: x(t) if as_int(t) < i else 0


def outputs_up_to(gen: Any, v: int, p: int) -> list:
    """``outputsUpTo gen p``: the outputs of every prompt of length ``0, …, p``, shorter prompts
    first, each length in the order of :func:`all_funs`."""
    return [gen(i)(word) for i in range(p + 1) for word in all_funs(list(range(v)), i)]


SEMANTICS: Mapping[str, Semantic] = {
    # MLTheory.Pigeonhole
    "MLTheory.allFuns": lambda _a, l, d: all_funs(list(l()), nat(d)),
    # MLTheory.PromptCount: `repeatFirst hp x t = x ⟨0, hp⟩`
    "MLTheory.PromptCount.repeatFirst": lambda _v, _p, _l, _hp, x: (lambda first: lambda _t: first)(x()(0)),
    "MLTheory.PromptCount.promptCount": lambda v, p: prompt_count(nat(v), nat(p)),
    "MLTheory.PromptCount.padModel": lambda _v, _l, _hv: lambda i: lambda x: pad_model(as_int(i), x),
    "MLTheory.PromptCount.outputsUpTo": lambda v, _l, gen, p: outputs_up_to(gen(), nat(v), nat(p)),
    # MLTheory.Retrieval
    "MLTheory.Retrieval.choose": lambda n, k: math.comb(nat(n), nat(k)),
    "MLTheory.Retrieval.kSubsets": lambda n, k: k_subsets(nat(n), nat(k)),
}
