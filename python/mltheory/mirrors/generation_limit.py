"""Python meanings of ``MLTheory.GenerationLimit``: languages over ``Nat`` as Python predicates,
consistency of a language with the first ``t + 1`` enumerated words, and the instances' family of
multiples."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from claimcheck.analysis.instances import Semantic, Unsupported, as_int
from mltheory.mirrors.values import nat

__all__ = ["SEMANTICS", "consistent", "multiples_of"]

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


NS = "MLTheory.GenerationLimit"
SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.Consistent": _consistent,
    f"{NS}.multiplesOf": lambda i: multiples_of(as_int(i())),
}
