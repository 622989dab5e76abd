"""Python meanings of the ``MLTheory`` modules added on 2026-11-30, for the instance cross-check.

One module per group of Lean modules: :mod:`.basic` (helpers of ``MLTheory.Basic``),
:mod:`.counting` (Pigeonhole, PromptCount, Retrieval), :mod:`.compaction`, :mod:`.linear`
(GatedMLP, ShermanMorrison, MultiHead), :mod:`.generation_limit`, :mod:`.gnn`
(GNNBisimulation), :mod:`.traffic_light_fair`, :mod:`.tables` (QueryTable), :mod:`.matroid`
(PartitionGreedy, CapacityGreedy), :mod:`.codes` (BalancedCode, OneDistance, RationalCode),
:mod:`.attention` (HardAttention, ConnectionLaplacian), :mod:`.geometry` (BindingFrontier, Apollonius,
BalancedRatio), :mod:`.rotary` (RotaryCommutant), :mod:`.refinement` (Refinement), :mod:`.rank`
(RankDeficiency), :mod:`.combinatorics` (Allocation, Expansion), :mod:`.experts` (TaskExperts),
:mod:`.converging_rgnn` (ConvergingRGNN), :mod:`.metric_scores` (MetricScores), :mod:`.simplex_attention`
(the attention definitions of Simplex, SoftAttention), :mod:`.circuits` (CircuitSimulation); :mod:`.values`
converts the evaluator's values.
Each computes from the mathematical definition (``numpy``, ``itertools``, ``math``), not by
transcribing the Lean recursion. :mod:`mltheory.semantics` merges :data:`SEMANTICS`.
"""

from __future__ import annotations

from typing import Mapping

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors import (
    attention, basic, circuits, codes, combinatorics, compaction, converging_rgnn, counting, experts,
    generation_limit, geometry, gnn, linear, matroid, metric_scores, rank, refinement, rotary, simplex_attention,
    tables, traffic_light_fair,
)

__all__ = ["SEMANTICS"]

SEMANTICS: Mapping[str, Semantic] = {
    **basic.SEMANTICS,
    **counting.SEMANTICS,
    **compaction.SEMANTICS,
    **linear.SEMANTICS,
    **generation_limit.SEMANTICS,
    **gnn.SEMANTICS,
    **traffic_light_fair.SEMANTICS,
    **converging_rgnn.SEMANTICS,
    **metric_scores.SEMANTICS,
    **circuits.SEMANTICS,
    **simplex_attention.SEMANTICS,
    **tables.SEMANTICS,
    **matroid.SEMANTICS,
    **codes.SEMANTICS,
    **attention.SEMANTICS,
    **geometry.SEMANTICS,
    **rotary.SEMANTICS,
    **refinement.SEMANTICS,
    **rank.SEMANTICS,
    **combinatorics.SEMANTICS,
    **experts.SEMANTICS,
}
