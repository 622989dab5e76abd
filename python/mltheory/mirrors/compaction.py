"""Python meanings of ``MLTheory.Compaction``: the parity of a context of bits, a flipped bit,
the compacted context of an oblivious selection. Contexts are tables of ``n`` Booleans; the
compacted context holds ``Some b`` at the kept coordinates and ``None`` elsewhere (``Option`` as
:mod:`mltheory.semantics` represents it)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported, as_int
from mltheory.mirrors.values import nat, table
from mltheory.witnesses.traffic_light_lean import Some

__all__ = ["SEMANTICS", "flip_bit", "parity", "restrict"]


def _bit(b: Any) -> bool:
    if not isinstance(b, bool):
        raise Unsupported(f"expected a Bool, got {b!r}")
    return b


def parity(x: Sequence[bool]) -> bool:
    """``parity n x``: whether an odd number of the bits are set."""
    return sum(map(int, x)) % 2 == 1


def flip_bit(x: Sequence[bool], i: int) -> tuple[bool, ...]:
    """``flipBit x i``: ``x`` with bit ``i`` negated."""
    return tuple(not b if j == i else b for j, b in enumerate(x))


def restrict(keep: Sequence[bool], x: Sequence[bool]) -> tuple[Some | None, ...]:
    """``restrict keep x``: the kept bits, ``None`` at the dropped coordinates."""
    return tuple(Some(b) if k else None for k, b in zip(keep, x))


def _bits(n: Any, x: Any) -> tuple[bool, ...]:
    return table(nat(n), x(), _bit)


NS = "MLTheory.Compaction"
SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.parity": lambda n, x: parity(_bits(n, x)),
    f"{NS}.flipBit": lambda n, x, i: FinFun(flip_bit(_bits(n, x), as_int(i()))),
    f"{NS}.restrict": lambda n, keep, x: FinFun(restrict(_bits(n, keep), _bits(n, x))),
    f"{NS}.keepList": lambda n, l: (lambda kept: FinFun(tuple(j in kept for j in range(nat(n)))))(
        {as_int(j) for j in l()}),
    f"{NS}.bits": lambda n, l: (lambda xs: FinFun(tuple(_bit(xs[j]) if j < len(xs) else False for j in range(nat(n)))))(
        list(l())),
}
