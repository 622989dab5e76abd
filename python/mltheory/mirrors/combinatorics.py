"""Python meanings of ``MLTheory.Allocation`` (integer budget allocations: their budget, their total
loss, moving a unit) and ``MLTheory.Expansion`` (growing a proved set on a graph: a round adds
every neighbour, and its size), from the definitions in words: sums over lists of shares, and sets
of vertices as Python sets."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

from claimcheck.analysis.instances import FinFun, Semantic, as_int
from mltheory.mirrors.values import nat, table

__all__ = ["SEMANTICS", "grow", "move_unit"]

AL = "MLTheory.Allocation"
EX = "MLTheory.Expansion"


def move_unit(a: list[int], i: int, j: int) -> list[int]:
    """One unit from share ``i`` to share ``j`` (natural-number subtraction: ``0 - 1 = 0``)."""
    out = list(a)
    if i == j:
        out[i] = max(a[i] - 1, 0)  # Lean's `if k = i` branch comes first
        return out
    out[i], out[j] = max(a[i] - 1, 0), a[j] + 1
    return out


def grow(adj: Callable[[int, int], bool], n: int, start: set[int], rounds: int) -> set[int]:
    """The proved set after ``rounds`` rounds: each round adds every neighbour of the set."""
    proved = set(start)
    for _ in range(rounds):
        proved |= {v for v in range(n) if any(adj(u, v) for u in proved)}
    return proved


def _adj(n: int, adj: Any) -> Callable[[int, int], bool]:
    rows = [table(n, adj(u), bool) for u in range(n)]
    return lambda u, v: rows[u][v]


SEMANTICS: Mapping[str, Semantic] = {
    f"{AL}.moveUnit": lambda n, a, i, j: (lambda k: FinFun(tuple(move_unit(list(table(k, a(), as_int)), nat(i), nat(j)))))(
        nat(n)),
    f"{AL}.budget": lambda n, a: Fraction(sum(table(nat(n), a(), as_int))),
    f"{AL}.totalLoss": lambda loss, n, a: sum((Fraction(loss()(x)) for x in table(nat(n), a(), as_int)), Fraction(0)),
    f"{AL}.sqLoss": lambda k: Fraction(nat(k)) ** 2,
    f"{AL}.unbalanced": lambda: FinFun((3, 1, 1)),
    # sets of vertices as Boolean functions; `card S = |S|`
    f"{EX}.card": lambda n, s: Fraction(sum(1 for v in table(nat(n), s(), bool) if v)),
    f"{EX}.run": lambda n, adj, s0, t: (lambda k: (lambda got: FinFun(tuple(v in got for v in range(k))))(grow(
        _adj(k, adj()), k, {v for v, b in enumerate(table(k, s0(), bool)) if b}, nat(t))))(nat(n)),
    f"{EX}.complete": lambda n: (lambda u: (lambda v: as_int(u) != as_int(v))),
    f"{EX}.path4": lambda: (lambda u: (lambda v: abs(as_int(u) - as_int(v)) == 1)),
    f"{EX}.single": lambda _n, v: (lambda w: (lambda u: as_int(u) == w))(nat(v)),
}
