"""Python meanings of ``MLTheory.QueryTable``: a query table's number of distinct rows (the
minimum zero-error compaction), and the set-membership and parity tables, from their
mathematical definitions: a context ``x < 2^k`` is the set of the positions of the ``1`` digits
of its binary expansion, a row is the tuple of a context's answers, and the distinct rows are
counted as a Python ``set``."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors.values import nat, table

__all__ = ["SEMANTICS", "membership", "parity_table", "row_count", "subset_of"]


def subset_of(x: int) -> frozenset[int]:
    """The set a context ``x`` stands for: the positions of the ``1`` digits of ``x`` in binary
    (read from the least significant digit)."""
    return frozenset(i for i, digit in enumerate(reversed(format(x, "b"))) if digit == "1")


def membership(k: int) -> Callable[[Any], Callable[[Any], bool]]:
    """``membership k``: query ``j`` on context ``x`` asks whether ``j`` is in the set ``x``."""
    return lambda x: (lambda s: lambda j: int(j) in s)(subset_of(int(x)))


def parity_table(k: int) -> Callable[[Any], Callable[[Any], bool]]:
    """``parityTable k``: the single query asks whether the set ``x`` (of the elements below
    ``k``) has odd size."""
    return lambda x: (lambda odd: lambda _j: odd)(len({i for i in subset_of(int(x)) if i < k}) % 2 == 1)


def row_count(n: int, q: int, answers: Any) -> int:
    """``rowCount T``: the number of distinct rows ``(T x 0, …, T x (q-1))`` over the ``n``
    contexts."""
    return len({table(q, row) for row in table(n, answers, lambda row: row)})


NS = "MLTheory.QueryTable"
SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.rowCount": lambda n, q, _a, _dec, t: row_count(nat(n), nat(q), t()),
    f"{NS}.membership": lambda k: membership(nat(k)),
    f"{NS}.parityTable": lambda k: parity_table(nat(k)),
}
