"""Numerical witnesses: independent numpy/sympy checks of the project's core lemmas.

One module per lemma (:mod:`.simplex`, :mod:`.acyclicity`, :mod:`.angluin`,
:mod:`.traffic_light`, :mod:`.converging_rgnn`,
:mod:`.metric_scores`); :data:`REGISTRY` maps each witness id to a zero-argument function returning
a :class:`WitnessResult`. ``claimcheck.toml`` names this module under ``[witnesses] modules``. Every check uses a fixed random seed, so runs are reproducible; every
check takes its ingredients as arguments, so tests can feed it wrong ones and see it fail.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.claims.witnesses import WitnessResult
from mltheory.witnesses import acyclicity, angluin, converging_rgnn, metric_scores, simplex, traffic_light

REGISTRY: dict[str, Callable[[], WitnessResult]] = {
    "simplex.gram_exact": simplex.check_gram_exact,
    "simplex.argmax_eq_1nn": simplex.check_argmax_eq_1nn,
    "simplex.balanced_rank": simplex.check_balanced_rank,
    "simplex.soft_majority": simplex.check_soft_majority,
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
    "converging_rgnn.simulation": converging_rgnn.check_simulation,
    "metric_scores.rank": metric_scores.check_rank,
}


__all__ = ["REGISTRY", "WitnessResult", "acyclicity", "angluin", "converging_rgnn", "metric_scores", "simplex",
           "traffic_light"]
