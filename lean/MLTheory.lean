/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic
public import MLTheory.Language
public import MLTheory.Simplex
public import MLTheory.Acyclicity
public import MLTheory.Angluin
public import MLTheory.TrafficLight
public import MLTheory.Refinement
public import MLTheory.Allocation
public import MLTheory.TrafficLightFair
public import MLTheory.Pigeonhole
public import MLTheory.Compaction
public import MLTheory.GatedMLP
public import MLTheory.ShermanMorrison
public import MLTheory.MultiHead
public import MLTheory.GenerationLimit
public import MLTheory.PromptCount
public import MLTheory.Retrieval
public import MLTheory.GNNBisimulation
public import MLTheory.BalancedCode
public import MLTheory.PowerLawAttention
public import MLTheory.Expansion
public import MLTheory.PrivilegedAxes
public import MLTheory.QueryTable
public import MLTheory.PartitionGreedy
public import MLTheory.ConnectionLaplacian
public import MLTheory.OneDistance
public import MLTheory.RationalCode
public import MLTheory.HardAttention
public import MLTheory.PlanarTriangle
public import MLTheory.RetrievalBound
public import MLTheory.BindingFrontier
public import MLTheory.Apollonius
public import MLTheory.AngluinLimit
public import MLTheory.RotaryCommutant
public import MLTheory.LinearDependence
public import MLTheory.ConvergingRGNN
public import MLTheory.MetricScores
public import MLTheory.SoftAttention
public import MLTheory.CircuitSimulation
public import MLTheory.AngluinCharacterisation
public import MLTheory.CapacityGreedy
public import MLTheory.BalancedRatio
public import MLTheory.RankDeficiency
public import MLTheory.TaskExperts

/-!
# MLTheory

Root of the `MLTheory` library: the Lean core of claimcheck. It imports every module of the
library; each module states its source seed in its own docstring.
-/
