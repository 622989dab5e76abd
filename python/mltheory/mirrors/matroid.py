"""Python meanings of ``MLTheory.PartitionGreedy`` and ``MLTheory.CapacityGreedy``: the matroid
greedy algorithm on a partition matroid (capacity one per block, or a capacity per block), run as
the textbook algorithm (scan the elements, keep one when its weight is positive and the kept set
stays independent), with independence tested by counting the kept elements of each block
(:class:`collections.Counter`), not by the Lean definitions' folds and capacity updates. For
``PartitionGreedy`` an independent set is returned as Lean's ``Fin n → Option (Fin k)``: ``Some c``
for the element kept in a block, ``None`` for none; for ``CapacityGreedy`` as a selection
``α → Bool``."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported, as_int
from mltheory.mirrors.values import nat, rat, table
from mltheory.witnesses.traffic_light_lean import Some

__all__ = ["SEMANTICS", "capacity_greedy", "greedy", "independent", "weight"]

Element = tuple[int, int]  # (block, element of the block)


def independent(kept: Iterable[Element], capacity: int = 1) -> bool:
    """Independence in the partition matroid: at most ``capacity`` kept elements per block."""
    return all(count <= capacity for count in Counter(b for b, _c in kept).values())


def capacity_greedy(weight_of: Callable[[Any], Fraction], block_of: Callable[[Any], int],
                    capacity_of: Callable[[int], int], order: Sequence[Any]) -> list[Any]:
    """The matroid greedy algorithm with a capacity per block: scan ``order``, keep an element of
    positive weight whenever its block then holds at most its capacity."""
    kept: list[Any] = []
    for x in order:
        blocks = Counter(block_of(y) for y in [*kept, x])
        if weight_of(x) > 0 and all(c <= capacity_of(b) for b, c in blocks.items()):
            kept.append(x)
    return kept


def greedy(weights: Sequence[Sequence[Fraction]], order: Sequence[Element]) -> list[Element]:
    """The matroid greedy algorithm: scan ``order``, add an element of positive weight whenever
    the kept set stays independent."""
    kept: list[Element] = []
    for b, c in order:
        if weights[b][c] > 0 and independent([*kept, (b, c)]):
            kept.append((b, c))
    return kept


def as_option_table(n: int, kept: Sequence[Element]) -> FinFun:
    """A kept set (at most one element per block) as Lean's ``Fin n → Option (Fin k)``."""
    by_block = dict(kept)
    return FinFun(tuple(Some(by_block[b]) if b in by_block else None for b in range(n)))


def weight(weights: Sequence[Sequence[Fraction]], selection: Sequence[Any]) -> Fraction:
    """The total weight of the elements an independent set (one option per block) takes."""
    return sum((weights[b][_element(o)] for b, o in enumerate(selection) if o is not None), Fraction(0))


def _element(o: Any) -> int:
    if not isinstance(o, Some):
        raise Unsupported(f"expected an option, got {o!r}")
    return as_int(o.value)


def _weights(n: Any, k: Any, w: Any) -> list[list[Fraction]]:
    K = nat(k)
    return [list(table(K, row, rat)) for row in table(nat(n), w(), lambda row: row)]


def _order(l: Any) -> list[Element]:
    out = []
    for e in l():
        if not isinstance(e, tuple) or len(e) != 2:
            raise Unsupported(f"expected a (block, element) pair, got {e!r}")
        out.append((as_int(e[0]), as_int(e[1])))
    return out


NS = "MLTheory.PartitionGreedy"
CG = "MLTheory.CapacityGreedy"
F = Fraction
SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.greedy": lambda n, k, w, l: as_option_table(nat(n), greedy(_weights(n, k, w), _order(l))),
    f"{NS}.weight": lambda n, k, w, s: weight(_weights(n, k, w), table(nat(n), s(), lambda o: o)),
    # the example of the instance: block 0 has weights 3, -1, 5; block 1 has -2, -4, -1
    f"{NS}.exampleWeight": lambda: FinFun((FinFun((F(3), F(-1), F(5))), FinFun((F(-2), F(-4), F(-1))))),
    f"{NS}.exampleOrder": lambda: [(0, 2), (0, 0), (0, 1), (1, 2), (1, 0), (1, 1)],
    # MLTheory.CapacityGreedy: `greedy w blk cap L` as the selection of the kept elements
    f"{CG}.greedy": lambda _a, _dec, _n, w, blk, cap, l: (lambda kept: (lambda x: x in kept))(capacity_greedy(
        (lambda f: lambda x: rat(f(x)))(w()), (lambda f: lambda x: as_int(f(x)))(blk()),
        (lambda f: lambda b: as_int(f(b)))(cap()), l())),
    f"{CG}.selWeight": lambda _a, w, sel, l: (lambda f, keep: sum(
        (rat(f(x)) for x in l() if keep(x) is True), Fraction(0)))(w(), sel()),
    # the instance: weights 5, 4, 3, 2, -1; elements 0..2 in block 0 (capacity 2), 3..4 in block 1 (capacity 1)
    f"{CG}.wEx": lambda: FinFun((F(5), F(4), F(3), F(2), F(-1))),
    f"{CG}.blkEx": lambda: FinFun((0, 0, 0, 1, 1)),
    f"{CG}.capEx": lambda: FinFun((2, 1)),
}
