"""Strongly connected components of a dependency graph, dependencies first.

The constants of a Lean environment form a graph with cycles (an inductive and its constructors,
mutual definitions); results that propagate along it (axioms reached, the meaning behind a
fingerprint, warnings) are computed one component at a time.
"""

from __future__ import annotations

from typing import Callable, Hashable, Mapping, Sequence, TypeVar

__all__ = ["close_components"]

K = TypeVar("K", bound=Hashable)


def close_components(
    root: K,
    successors: Callable[[K], Sequence[K]],
    done: Mapping[K, object],
    on_component: Callable[[list[K]], None],
) -> None:
    """Visit the nodes reachable from ``root`` that are not in ``done``, one strongly connected
    component at a time, dependencies first (Tarjan's algorithm, iterative).

    ``on_component(members)`` is called once per component, when every successor outside it is
    already in ``done``; it must put each member into ``done``.
    """
    index: dict[K, int] = {}
    low: dict[K, int] = {}
    on_stack: set[K] = set()
    stack: list[K] = []
    work: list[tuple[K, int]] = [(root, 0)]
    while work:
        v, i = work.pop()
        if i == 0:
            index[v] = low[v] = len(index)
            stack.append(v)
            on_stack.add(v)
        succ = successors(v)
        recurse = False
        while i < len(succ):
            w = succ[i]
            i += 1
            if w in done:
                continue
            if w not in index:
                work.append((v, i))
                work.append((w, 0))
                recurse = True
                break
            if w in on_stack:
                low[v] = min(low[v], index[w])
        if recurse:
            continue
        if low[v] == index[v]:
            members: list[K] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.append(w)
                if w == v:
                    break
            on_component(members)
        if work:
            u = work[-1][0]
            low[u] = min(low[u], low[v])
