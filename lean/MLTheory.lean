module

public import MLTheory.Basic
public import MLTheory.Simplex
public import MLTheory.Acyclicity
public import MLTheory.Angluin
public import MLTheory.TrafficLight
public import MLTheory.Refinement
public import MLTheory.Allocation

/-!
# MLTheory

Root of the `MLTheory` library: the Lean core of claimcheck. It imports every module of the
library; each module states its source seed in its own docstring.
-/
