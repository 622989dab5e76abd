"""Numerical witnesses for lemma 3, Angluin's condition (tell-tales) and its cases.

Source: ``004_725b34af8153ec2b.txt`` line 15 (generation with breadth is characterised
fiber-wise by Angluin's condition).

A language here is a finite set of naturals (a ``frozenset``), a family a list of languages. A
tell-tale of ``L[i]`` is a finite ``T ⊆ L[i]`` such that no ``L[j] ⊇ T`` is a proper subset of
``L[i]``; Angluin's condition says every ``L[i]`` has one.

Checks:

* ``angluin.finite_families`` -- random finite families of subsets of ``{0..m}``: every language has a
  tell-tale (found by brute force in increasing size and confirmed by the independent checker
  :func:`is_tell_tale`); the minimal size is at most the number of proper sub-languages in the
  family; families without proper inclusions have the empty tell-tale.
* ``angluin.gold_truncated`` -- the truncated Gold family (all subsets of ``{0..m}``): the only
  tell-tale of the top language is the whole set, for every m tried (so in Gold's infinite family
  the language ℕ has no finite tell-tale).
* ``angluin.initial_segments`` -- segments ``{0..k}`` for ``k < m`` plus ``{0..m}``: a subset of
  ``{0..m}`` is a tell-tale of the top language iff it contains ``m`` (so with ℕ on top, no finite
  set works).
"""

from __future__ import annotations

import itertools
from typing import Callable, Sequence

import numpy as np

from claimcheck.claims.witnesses import WitnessResult

Lang = frozenset[int]
Family = Sequence[Lang]
Finder = Callable[[Family, int], "frozenset[int] | None"]


def is_tell_tale(family: Family, i: int, T: frozenset[int]) -> bool:
    """``T`` is a tell-tale of ``family[i]``: ``T ⊆ L_i`` and no ``L_j ⊇ T`` has ``L_j ⊊ L_i``."""
    Li = family[i]
    if not T <= Li:
        return False
    return not any(T <= Lj and Lj < Li for Lj in family)


def minimal_tell_tale(family: Family, i: int) -> frozenset[int] | None:
    """A smallest tell-tale of ``family[i]`` by brute force over subsets in increasing size."""
    elems = sorted(family[i])
    for size in range(len(elems) + 1):
        for T in itertools.combinations(elems, size):
            if is_tell_tale(family, i, frozenset(T)):
                return frozenset(T)
    return None


def angluin_condition(family: Family) -> bool:
    """Every language of the (finite) family has a tell-tale."""
    return all(minimal_tell_tale(family, i) is not None for i in range(len(family)))


def random_family(rng: np.random.Generator, m: int, size: int) -> list[Lang]:
    """``size`` random subsets of ``{0..m}``."""
    return [frozenset(int(x) for x in np.flatnonzero(rng.random(m + 1) < 0.5)) for _ in range(size)]


def antichain_family(rng: np.random.Generator, m: int, size: int) -> list[Lang]:
    """Random languages with no proper inclusions (all of the same cardinality)."""
    k = int(rng.integers(1, m + 2))
    return [frozenset(int(x) for x in rng.choice(m + 1, size=k, replace=False)) for _ in range(size)]


def gold_truncated(m: int) -> list[Lang]:
    """All subsets of ``{0..m}``; the top language ``{0..m}`` plays the role of ℕ."""
    U = range(m + 1)
    return [frozenset(c) for r in range(m + 2) for c in itertools.combinations(U, r)]


def initial_segments(m: int) -> list[Lang]:
    """The segments ``{0..k}`` for ``k = 0..m`` (the last one plays the role of ℕ)."""
    return [frozenset(range(k + 1)) for k in range(m + 1)]


def check_finite_families(
    trials: int = 150,
    seed: int = 0,
    finder: Finder = minimal_tell_tale,
    wid: str = "angluin.finite_families",
) -> WitnessResult:
    """Angluin's condition holds for finite families, with sizes bounded by proper sub-languages."""
    rng = np.random.default_rng(seed)
    failures: list[str] = []
    size_hist: dict[int, int] = {}
    for t in range(trials):
        m = int(rng.integers(0, 6))
        fam = random_family(rng, m, int(rng.integers(1, 7)))
        for i, Li in enumerate(fam):
            T = finder(fam, i)
            proper_subs = {Lj for Lj in fam if Lj < Li}
            if T is None or not is_tell_tale(fam, i, T):
                failures.append(f"trial {t}: language {sorted(Li)} of {[sorted(L) for L in fam]}:"
                                f" finder gave {None if T is None else sorted(T)}, not a tell-tale")
                continue
            if not is_tell_tale(fam, i, Li):
                failures.append(f"trial {t}: the language {sorted(Li)} itself is not a tell-tale")
            if len(T) > len(proper_subs):
                failures.append(f"trial {t}: tell-tale {sorted(T)} larger than the {len(proper_subs)}"
                                " proper sub-languages (one element per sub-language suffices)")
            size_hist[len(T)] = size_hist.get(len(T), 0) + 1
        anti = antichain_family(rng, m, int(rng.integers(1, 5)))
        for i in range(len(anti)):
            T = finder(anti, i)
            if T is None or not is_tell_tale(anti, i, T) or not is_tell_tale(anti, i, frozenset()):
                failures.append(f"trial {t}: family without proper inclusions {[sorted(L) for L in anti]}:"
                                " the empty tell-tale must work")
    ok = not failures
    return WitnessResult(wid, ok, (f"Angluin's condition holds on {trials} random finite families"
                                   f" (+{trials} antichains); minimal tell-tale sizes {dict(sorted(size_hist.items()))}")
                         if ok else f"{len(failures)} failures; first: {failures[0]}",
                         {"trials": trials, "seed": seed, "tell_tale_size_histogram": dict(sorted(size_hist.items())),
                          "failures": failures[:10]})


def _top_tell_tales(family: Family) -> list[frozenset[int]]:
    top = max(range(len(family)), key=lambda i: len(family[i]))
    elems = sorted(family[top])
    return [frozenset(T) for r in range(len(elems) + 1) for T in itertools.combinations(elems, r)
            if is_tell_tale(family, top, frozenset(T))]


def check_gold_truncated(
    ms: range = range(0, 8),
    family_fn: Callable[[int], list[Lang]] = gold_truncated,
    wid: str = "angluin.gold_truncated",
) -> WitnessResult:
    """In the truncated Gold family the top language's only tell-tale is the whole set."""
    failures: list[str] = []
    for m in ms:
        fam = family_fn(m)
        top = frozenset(range(m + 1))
        tts = _top_tell_tales(fam)
        if tts != [top]:
            failures.append(f"m={m}: tell-tales of {{0..{m}}} are {[sorted(T) for T in tts][:5]},"
                            " expected only the whole set")
    ok = not failures
    return WitnessResult(wid, ok, (f"top language {{0..m}} has only itself as tell-tale for m = "
                                   f"{ms.start}..{ms.stop - 1}") if ok else
                         f"{len(failures)} failures; first: {failures[0]}",
                         {"m_values": list(ms), "failures": failures})


def check_initial_segments(
    ms: range = range(1, 9),
    family_fn: Callable[[int], list[Lang]] = initial_segments,
    wid: str = "angluin.initial_segments",
) -> WitnessResult:
    """Segments family: T ⊆ {0..m} is a tell-tale of {0..m} iff m ∈ T (every finite T ⊆ ℕ fails)."""
    failures: list[str] = []
    for m in ms:
        fam = family_fn(m)
        top = frozenset(range(m + 1))
        for T in _top_tell_tales(fam):
            if m not in T:
                failures.append(f"m={m}: {sorted(T)} is a tell-tale of {{0..{m}}} without {m}")
        for r in range(m + 1):
            for T in itertools.combinations(range(m + 1), r):
                if m in T and top in fam and not is_tell_tale(fam, fam.index(top), frozenset(T)):
                    failures.append(f"m={m}: {sorted(T)} contains {m} but is not a tell-tale")
        if top not in fam:
            failures.append(f"m={m}: the family lacks the top language {{0..{m}}}")
    ok = not failures
    return WitnessResult(wid, ok, (f"tell-tales of {{0..m}} among segments are exactly the sets"
                                   f" containing m, for m = {ms.start}..{ms.stop - 1}") if ok else
                         f"{len(failures)} failures; first: {failures[0]}",
                         {"m_values": list(ms), "failures": failures[:10]})


def is_tell_tale_lists(Ls: list[list[int]], i: int, T: list[int]) -> bool:
    """Exact recomputation of Lean's ``IsTellTale (listFamily Ls) i T`` (cf. the
    ``angluin_instance_*`` theorems)."""
    return is_tell_tale([frozenset(L) for L in Ls], i, frozenset(T))
