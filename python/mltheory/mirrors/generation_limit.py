"""Python meanings of ``MLTheory.GenerationLimit`` and ``MLTheory.AngluinLimit``: languages over
``Nat`` as Python predicates, consistency of a language with the first ``t + 1`` enumerated words,
the instances' family of multiples; texts with pauses (``none``), their prefixes and Angluin's
learner (the least index whose tell-tale has appeared and whose language holds all the data)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from claimcheck.analysis.instances import Semantic, Unsupported, as_int
from mltheory.mirrors.values import nat
from mltheory.witnesses.traffic_light_lean import Some

__all__ = ["SEMANTICS", "angluin_learner", "consistent", "multiples_of", "text_ex"]

Language = Callable[[int], bool]


def consistent(lang: Language, e: Callable[[int], int], t: int) -> bool:
    """``Consistent L e t i`` for ``lang = L i``: every word ``e 0, …, e t`` is in the language."""
    return all(lang(e(s)) for s in range(t + 1))


def multiples_of(i: int) -> Language:
    """``multiplesOf i``: the multiples of ``2``, ``4``, ``3`` for ``i = 0, 1, 2``."""
    m = (2, 4, 3)[i]
    return lambda x: x % m == 0


def _prop(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Unsupported(f"expected a proposition, got {v!r}")
    return v


def _consistent(_n: Any, family: Any, e: Any, t: Any, i: Any) -> bool:
    lang = family()(as_int(i()))
    enum = e()
    return consistent(lambda x: _prop(lang(x)), lambda s: as_int(enum(s)), nat(t))


def angluin_learner(mem: Callable[[int, int], bool], tales: Callable[[int], list[int]], data: list) -> int:
    """``angluinLearner mem T D``: the least ``j ≤ |D|`` such that every word of the tell-tale
    ``T j`` occurs in ``D`` and every word of ``D`` is in language ``j``; ``|D| + 1`` if none."""
    words = [as_int(o.value) for o in data if o is not None]
    for j in range(len(data) + 1):
        if set(tales(j)) <= set(words) and all(mem(j, w) for w in words):
            return j
    return len(data) + 1


def text_ex(k: int) -> Some | None:
    """``textEx``: ``0``, a pause, ``2``, ``1``, then ``0`` forever."""
    return (Some(0), None, Some(2), Some(1))[k] if k < 4 else Some(0)


def _learner(mem: Any, tales: Any, data: Any) -> int:
    mem_fn, tales_fn = mem(), tales()
    return angluin_learner(lambda j, x: _prop(mem_fn(j)(x)), lambda j: [as_int(x) for x in tales_fn(j)], data())


NS = "MLTheory.GenerationLimit"
AL = "MLTheory.Angluin"
SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.Consistent": _consistent,
    f"{NS}.multiplesOf": lambda i: multiples_of(as_int(i())),
    f"{AL}.segMem": lambda j, x: as_int(x()) <= as_int(j()),
    f"{AL}.textEx": lambda k: text_ex(as_int(k())),
    f"{AL}.textPrefix": lambda t, s: (lambda fn: [fn(k) for k in range(nat(s))])(t()),
    f"{AL}.angluinLearner": _learner,
}
