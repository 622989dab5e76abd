"""Python meanings of ``MLTheory.TaskExperts``: a one-layer mixture of experts on one-hot
embeddings, computed from its description: the router's scores for a template are its column of
``R`` (``R e t``), the query goes to the first highest-scoring expert, the expert's value scores for
a key are its column ``W v k``, the answer is the first highest-scoring value; an expert built from
a dictionary has a ``1`` exactly where the dictionary maps a key to a value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, as_int
from mltheory.mirrors.values import nat, rat, table
from mltheory.witnesses import traffic_light_lean as tl

__all__ = ["SEMANTICS", "first_argmax", "task_expert"]

NS = "MLTheory.TaskExperts"


def first_argmax(scores: Sequence[Fraction]) -> int:
    """The first index of the largest score."""
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def task_expert(dictionary: Sequence[Any], values: int) -> list[list[Fraction]]:
    """``W v k = 1`` iff the dictionary maps key ``k`` to value ``v`` (rows: values)."""
    return [[Fraction(int(d == tl.Some(v))) for d in dictionary] for v in range(values)]


def _matrix(rows: int, cols: int, fn: Any) -> list[list[Fraction]]:
    return [[rat(x) for x in table(cols, r)] for r in table(rows, fn, lambda r: r)]


def _route(t_count: int, router: Any, t: int) -> int:
    r = _matrix(t_count, t_count, router)
    return first_argmax([r[e][t] for e in range(t_count)])


def _dictionary(k_count: int, d: Any) -> list[Any]:
    return [d(k) for k in range(k_count)]


SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.taskExpert": lambda k, v, d: (lambda K, V: FinFun(tuple(FinFun(tuple(row)) for row in task_expert(
        _dictionary(K, d()), V))))(nat(k), nat(v)),
    f"{NS}.routerScore": lambda t, r, q, e: _matrix(nat(t), nat(t), r())[nat(e)][nat(q)],
    f"{NS}.route": lambda t, _h, r, q: _route(nat(t), r(), nat(q)),
    f"{NS}.valueScore": lambda k, v, w, key: (lambda K, V: FinFun(tuple(
        _matrix(V, K, w())[u][nat(key)] for u in range(V))))(nat(k), nat(v)),
    f"{NS}.answer": lambda t, k, v, _ht, _hv, r, w, q, key: (lambda T, K, V: (lambda e: first_argmax(
        [_matrix(V, K, w()(e))[u][nat(key)] for u in range(V)]))(_route(T, r(), nat(q))))(nat(t), nat(k), nat(v)),
    f"{NS}.expertSize": lambda k, v, w: Fraction(sum(1 for row in _matrix(nat(v), nat(k), w()) for x in row if x != 0)),
    f"{NS}.dictSize": lambda k, _v, d: Fraction(sum(1 for x in _dictionary(nat(k), d()) if x is not None)),
    # two tasks over four keys and three values (the instance's dictionaries)
    f"{NS}.dictEx": lambda: (lambda rows: lambda t: lambda key: rows[as_int(t)][as_int(key)])(
        [[tl.Some(2), tl.Some(0), None, None], [None, tl.Some(1), tl.Some(1), tl.Some(2)]]),
}
