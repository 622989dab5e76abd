"""Numerical witnesses: independent numpy/sympy checks of the project's core lemmas.

One module per lemma (:mod:`.simplex`, :mod:`.acyclicity`, :mod:`.angluin`,
:mod:`.traffic_light`); :data:`REGISTRY` maps each witness id to a zero-argument function returning
a :class:`WitnessResult`. Every check uses a fixed random seed, so runs are reproducible; every
check takes its ingredients as arguments, so tests can feed it wrong ones and see it fail.
"""

from __future__ import annotations

from typing import Callable, Iterable

from claimcheck.witnesses import acyclicity, angluin, simplex, traffic_light
from claimcheck.witnesses.result import WitnessResult

REGISTRY: dict[str, Callable[[], WitnessResult]] = {
    "simplex.gram_exact": simplex.check_gram_exact,
    "simplex.argmax_eq_1nn": simplex.check_argmax_eq_1nn,
    "simplex.balanced_rank": simplex.check_balanced_rank,
    "acyclicity.walk_sum": acyclicity.check_walk_sum,
    "acyclicity.notears_positive": acyclicity.check_notears_positive,
    "acyclicity.upper_triangular_zero": acyclicity.check_upper_triangular_zero,
    "angluin.finite_families": angluin.check_finite_families,
    "angluin.gold_truncated": angluin.check_gold_truncated,
    "angluin.initial_segments": angluin.check_initial_segments,
    "traffic_light.decoding_table": traffic_light.check_decoding_table,
    "traffic_light.random_schedules": traffic_light.check_random_schedules,
    "traffic_light.sync_bound": traffic_light.check_sync_bound,
    "traffic_light.halted_pairs_design": traffic_light.check_alternative_design,
}


class UnknownWitnessError(KeyError):
    """A witness id that is not in :data:`REGISTRY`."""

    def __str__(self) -> str:
        return (f"unknown witness id {self.args[0]!r}; registered ids: {', '.join(sorted(REGISTRY))}")


def run_witnesses(ids: Iterable[str] | None = None) -> list[WitnessResult]:
    """Run the witnesses ``ids`` (all registered ones when None), in the given order.

    Unknown ids raise :class:`UnknownWitnessError` before anything runs. A check that raises is
    reported as a failed result (``ok=False``) carrying the exception, never silently skipped.
    """
    ids = list(REGISTRY) if ids is None else list(ids)
    for wid in ids:
        if wid not in REGISTRY:
            raise UnknownWitnessError(wid)
    results = []
    for wid in ids:
        try:
            res = REGISTRY[wid]()
        except Exception as exc:  # noqa: BLE001 - a crashing check is a failed check
            res = WitnessResult(wid, False, f"check raised {type(exc).__name__}: {exc}",
                                {"exception": repr(exc)})
        if res.id != wid:
            res = WitnessResult(wid, res.ok, res.summary, res.details)
        results.append(res)
    return results


__all__ = ["REGISTRY", "UnknownWitnessError", "WitnessResult", "run_witnesses",
           "acyclicity", "angluin", "simplex", "traffic_light"]
