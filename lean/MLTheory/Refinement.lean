module

public import MLTheory.Basic

/-!
# The ReLU hat function and its refinement equation

Source: `002_682c09bd1a5fc902.txt`, line 2: for scalar binary refinement with a
finitely supported mask, compactly supported continuous piecewise linear seeds have refinement
iterates that have exact ReLU realisations.

The simplest instance of that setting, exactly over `Rat`: the hat function (the linear
B-spline) is a one-layer ReLU network of width 3,
`hat x = relu (x + 1) - 2 relu x + relu (x - 1)`, it has the closed form
`hat x = max 0 (1 - |x|)` (`hat_eq`), and it is a fixed point of the binary refinement operator
with the mask `(1/2, 1, 1/2)`:

`hat x = hat (2x + 1) / 2 + hat (2x) + hat (2x - 1) / 2`   (`hat_refinement`).

So every refinement iterate of the hat seed is the hat function itself
(`refineIter_hatMask_hat`), realised exactly by the same width-3 ReLU layer: depth does not grow
for this seed. Nothing here covers general masks or seeds, nor the paper's circle-coordinate
construction.

Concrete values are checked by `decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace Refinement

/-- The hat function as a width-3 ReLU layer: `relu (x + 1) - 2 relu x + relu (x - 1)`. -/
def hat (x : Rat) : Rat := relu (x + 1) - 2 * relu x + relu (x - 1)

/-- A finitely supported binary refinement mask: a list of (shift `k`, coefficient `a_k`). -/
abbrev Mask : Type := List (Int × Rat)

/-- The binary refinement operator of a mask: `(S f) x = ∑ₖ a_k f (2x - k)`. -/
def refine (a : Mask) (f : Rat → Rat) (x : Rat) : Rat :=
  a.foldr (fun p acc => p.2 * f (2 * x - (p.1 : Rat)) + acc) 0

/-- The `m`-th refinement iterate `S^m f` of a seed `f`. -/
def refineIter (a : Mask) (f : Rat → Rat) : Nat → Rat → Rat
  | 0 => f
  | m + 1 => refine a (refineIter a f m)

/-- The mask `(a₋₁, a₀, a₁) = (1/2, 1, 1/2)` of the linear B-spline. -/
def hatMask : Mask := [(-1, 1 / 2), (0, 1), (1, 1 / 2)]

/-- Closed form of the hat function: `0` left of `-1`, `x + 1` on `[-1, 0]`, `1 - x` on
`[0, 1]`, `0` right of `1` (that is, `max 0 (1 - |x|)`). -/
theorem hat_eq (x : Rat) :
    hat x = if x ≤ -1 then 0 else if x ≤ 0 then x + 1 else if x ≤ 1 then 1 - x else 0 := by
  unfold hat relu
  by_cases h1 : x ≤ -1
  · have a : ¬ 0 ≤ x + 1 ∨ x + 1 = 0 := by grind
    have b : ¬ 0 ≤ x := by grind
    have c : ¬ 0 ≤ x - 1 := by grind
    rcases a with a | a
    · simp only [a, b, c, h1, if_true, if_false]; grind
    · simp only [b, c, h1, if_true, if_false]; grind
  · by_cases h2 : x ≤ 0
    · have a : 0 ≤ x + 1 := by grind
      have c : ¬ 0 ≤ x - 1 := by grind
      by_cases b : 0 ≤ x
      · simp only [a, b, c, h1, h2, if_true, if_false]; grind
      · simp only [a, b, c, h1, h2, if_true, if_false]; grind
    · by_cases h3 : x ≤ 1
      · have a : 0 ≤ x + 1 := by grind
        have b : 0 ≤ x := by grind
        by_cases c : 0 ≤ x - 1
        · simp only [a, b, c, h1, h2, h3, if_true, if_false]; grind
        · simp only [a, b, c, h1, h2, h3, if_true, if_false]; grind
      · have a : 0 ≤ x + 1 := by grind
        have b : 0 ≤ x := by grind
        have c : 0 ≤ x - 1 := by grind
        simp only [a, b, c, h1, h2, h3, if_true, if_false]; grind

/-- The hat function is `0` outside `(-1, 1)`: its support is compact. -/
theorem hat_eq_zero_of_one_le_abs (x : Rat) (h : x ≤ -1 ∨ 1 ≤ x) : hat x = 0 := by
  rw [hat_eq]
  rcases h with h | h
  · simp [h]
  · by_cases h1 : x ≤ -1
    · simp [h1]
    · by_cases h2 : x ≤ 0
      · grind
      · by_cases h3 : x ≤ 1
        · have : x = 1 := by grind
          simp only [h1, h2, h3, if_false, if_true]; grind
        · simp [h1, h2, h3]

/-- **Refinement equation of the hat function** (exact over `Rat`):
`hat x = hat (2x + 1) / 2 + hat (2x) + hat (2x - 1) / 2`. -/
theorem hat_refinement (x : Rat) :
    hat x = hat (2 * x + 1) / 2 + hat (2 * x) + hat (2 * x - 1) / 2 := by
  rw [hat_eq, hat_eq, hat_eq, hat_eq]
  by_cases h1 : x ≤ -1
  · have e1 : 2 * x + 1 ≤ -1 := by grind
    have e2 : 2 * x ≤ -1 := by grind
    have e3 : 2 * x - 1 ≤ -1 := by grind
    simp only [h1, e1, e2, e3, if_true]; grind
  · by_cases h2 : x ≤ -1 / 2
    · have e1 : ¬ 2 * x + 1 ≤ -1 := by grind
      have e1' : 2 * x + 1 ≤ 0 := by grind
      have e2 : 2 * x ≤ -1 := by grind
      have e3 : 2 * x - 1 ≤ -1 := by grind
      have h2' : x ≤ 0 := by grind
      simp only [h1, h2', e1, e1', e2, e3, if_true, if_false]; grind
    · by_cases h3 : x ≤ 0
      · have e1 : ¬ 2 * x + 1 ≤ -1 := by grind
        have e1' : ¬ 2 * x + 1 ≤ 0 := by grind
        have e1'' : 2 * x + 1 ≤ 1 := by grind
        have e2 : ¬ 2 * x ≤ -1 := by grind
        have e2' : 2 * x ≤ 0 := by grind
        have e3 : 2 * x - 1 ≤ -1 := by grind
        simp only [h1, h3, e1, e1', e1'', e2, e2', e3, if_true, if_false]; grind
      · by_cases h4 : x ≤ 1 / 2
        · have e1 : ¬ 2 * x + 1 ≤ -1 := by grind
          have e1' : ¬ 2 * x + 1 ≤ 0 := by grind
          have e1'' : ¬ 2 * x + 1 ≤ 1 := by grind
          have e2 : ¬ 2 * x ≤ -1 := by grind
          have e2' : ¬ 2 * x ≤ 0 := by grind
          have e2'' : 2 * x ≤ 1 := by grind
          have e3 : ¬ 2 * x - 1 ≤ -1 := by grind
          have e3' : 2 * x - 1 ≤ 0 := by grind
          have h5 : x ≤ 1 := by grind
          simp only [h1, h3, h5, e1, e1', e1'', e2, e2', e2'', e3, e3', if_true, if_false]
          grind
        · by_cases h5 : x ≤ 1
          · have e1 : ¬ 2 * x + 1 ≤ -1 := by grind
            have e1' : ¬ 2 * x + 1 ≤ 0 := by grind
            have e1'' : ¬ 2 * x + 1 ≤ 1 := by grind
            have e2 : ¬ 2 * x ≤ -1 := by grind
            have e2' : ¬ 2 * x ≤ 0 := by grind
            have e2'' : ¬ 2 * x ≤ 1 := by grind
            have e3 : ¬ 2 * x - 1 ≤ -1 := by grind
            have e3' : ¬ 2 * x - 1 ≤ 0 := by grind
            have e3'' : 2 * x - 1 ≤ 1 := by grind
            simp only [h1, h3, h5, e1, e1', e1'', e2, e2', e2'', e3, e3', e3'', if_true,
              if_false]
            grind
          · have e1 : ¬ 2 * x + 1 ≤ -1 := by grind
            have e1' : ¬ 2 * x + 1 ≤ 0 := by grind
            have e1'' : ¬ 2 * x + 1 ≤ 1 := by grind
            have e2 : ¬ 2 * x ≤ -1 := by grind
            have e2' : ¬ 2 * x ≤ 0 := by grind
            have e2'' : ¬ 2 * x ≤ 1 := by grind
            have e3 : ¬ 2 * x - 1 ≤ -1 := by grind
            have e3' : ¬ 2 * x - 1 ≤ 0 := by grind
            have e3'' : ¬ 2 * x - 1 ≤ 1 := by grind
            simp only [h1, h3, h5, e1, e1', e1'', e2, e2', e2'', e3, e3', e3'', if_true,
              if_false]
            grind

/-- The hat function is a fixed point of the refinement operator of `hatMask`:
`S hat = hat`. -/
theorem refine_hatMask_hat (x : Rat) : refine hatMask hat x = hat x := by
  rw [hat_refinement x]
  simp only [refine, hatMask, List.foldr, Rat.intCast_neg, Rat.intCast_one, Rat.intCast_zero]
  have e1 : 2 * x - -1 = 2 * x + 1 := by grind
  have e2 : 2 * x - 0 = 2 * x := by grind
  rw [e1, e2]
  grind

/-- Every refinement iterate of the hat seed is the hat function: `S^m hat = hat`, so it is
realised exactly by the same width-3 ReLU layer for every number `m` of refinement steps. -/
theorem refineIter_hatMask_hat (m : Nat) (x : Rat) : refineIter hatMask hat m x = hat x := by
  induction m generalizing x with
  | zero => rfl
  | succ m ih =>
    simp only [refineIter]
    have : refineIter hatMask hat m = hat := funext ih
    rw [this]
    exact refine_hatMask_hat x

/-- Concrete values of the hat function at `-1, -1/2, 0, 1/2, 1, 3/2`. -/
theorem hat_example_values :
    [hat (-1), hat (-1 / 2), hat 0, hat (1 / 2), hat 1, hat (3 / 2)] = [0, 1 / 2, 1, 1 / 2, 0, 0] := by
  decide +kernel

/-- The refinement equation at the concrete point `x = 1/3`:
`hat (5/3) / 2 + hat (2/3) + hat (-1/3) / 2 = hat (1/3) = 2/3`. -/
theorem refine_hatMask_example_third : refine hatMask hat (1 / 3) = 2 / 3 := by
  decide +kernel

/-- `hat_eq_zero_of_one_le_abs` applied to `x = 3/2`. -/
theorem hat_eq_zero_of_one_le_abs_satisfiable : hat (3 / 2) = 0 :=
  hat_eq_zero_of_one_le_abs (3 / 2) (Or.inr (by decide +kernel))

end Refinement

end MLTheory

end
