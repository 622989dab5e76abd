/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
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
(`refineIter_hatMask_hat`), realised exactly by the same width-3 ReLU layer: a degenerate case,
the seed is a fixed point. Beyond it: for **every seed that is a combination of hats at a common
scale** (`hatSum`), one refinement step gives the combination at twice the scale with each term
split into three (`refine_hatSum`), so every iterate is again a one-hidden-layer ReLU network with
three units per term (`refineIter_hatSum`), and the number of terms triples at each step
(`iterCoeffs_length`); the narrow hat `hat (2x)` is such a seed whose iterates gain bumps
(`refineIter_instance_narrow_hat`). Nothing here covers other masks, the paper's fixed width and
depth linear in the number of steps, nor its circle-coordinate construction.

Concrete values are checked by `decide +kernel` in the `_example_` and `_instance_` theorems.
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

/-! ## Seeds whose iterates grow: combinations of dyadic hats -/

/-- A combination of hats at scale `s`: `x ↦ ∑_(t, c) c · hat (s x - t)`. Each hat is a width-3
ReLU layer, so this is a one-hidden-layer ReLU network with three units per term. -/
def hatSum (s : Rat) : List (Rat × Rat) → Rat → Rat
  | [], _ => 0
  | p :: cs, x => p.2 * hat (s * x - p.1) + hatSum s cs x

/-- The terms after one refinement step with `hatMask`: the hat at shift `t` (scale `s`) becomes
the hats at shifts `t - s`, `t`, `t + s` of scale `2s`, with weights `1/2, 1, 1/2`. -/
def refineCoeffs (s : Rat) : List (Rat × Rat) → List (Rat × Rat)
  | [] => []
  | p :: cs => (p.1 - s, p.2 / 2) :: (p.1, p.2) :: (p.1 + s, p.2 / 2) :: refineCoeffs s cs

/-- The scale after `m` refinement steps, `2^m s`. -/
def scaleIter (s : Rat) : Nat → Rat
  | 0 => s
  | m + 1 => 2 * scaleIter s m

/-- The terms after `m` refinement steps. -/
def iterCoeffs (s : Rat) (cs : List (Rat × Rat)) : Nat → List (Rat × Rat)
  | 0 => cs
  | m + 1 => refineCoeffs (scaleIter s m) (iterCoeffs s cs m)

/-- The refinement operator of `hatMask` written out:
`(S f) x = f (2x + 1) / 2 + (f (2x) + f (2x - 1) / 2)`. -/
theorem refine_hatMask_apply (f : Rat → Rat) (x : Rat) :
    refine hatMask f x = f (2 * x + 1) / 2 + (f (2 * x) + f (2 * x - 1) / 2) := by
  simp only [refine, hatMask, List.foldr, Rat.intCast_neg, Rat.intCast_one, Rat.intCast_zero]
  have e1 : 2 * x - -1 = 2 * x + 1 := by grind
  have e2 : 2 * x - 0 = 2 * x := by grind
  rw [e1, e2]
  grind

/-- **One refinement step of a combination of hats** is the combination of hats of the next scale
given by `refineCoeffs`. -/
theorem refine_hatSum (s : Rat) : ∀ (cs : List (Rat × Rat)) (x : Rat),
    refine hatMask (hatSum s cs) x = hatSum (2 * s) (refineCoeffs s cs) x
  | [], x => by
    rw [refine_hatMask_apply]
    simp only [hatSum, refineCoeffs]
    grind
  | p :: cs, x => by
    have ih := refine_hatSum s cs x
    rw [refine_hatMask_apply] at ih
    rw [refine_hatMask_apply]
    simp only [hatSum, refineCoeffs]
    have e1 : s * (2 * x + 1) - p.1 = 2 * s * x - (p.1 - s) := by grind
    have e2 : s * (2 * x) - p.1 = 2 * s * x - p.1 := by grind
    have e3 : s * (2 * x - 1) - p.1 = 2 * s * x - (p.1 + s) := by grind
    rw [e1, e2, e3, ← ih]
    grind

/-- **Every refinement iterate of a combination of hats is one**: `S^m` of the seed
`∑ c · hat (s x - t)` is the combination of hats of scale `2^m s` with terms `iterCoeffs`, a
one-hidden-layer ReLU network (three units per term), for every number `m` of steps. -/
theorem refineIter_hatSum (s : Rat) (cs : List (Rat × Rat)) :
    ∀ m x, refineIter hatMask (hatSum s cs) m x = hatSum (scaleIter s m) (iterCoeffs s cs m) x
  | 0, _ => rfl
  | m + 1, x => by
    show refine hatMask (refineIter hatMask (hatSum s cs) m) x = _
    have : refineIter hatMask (hatSum s cs) m = hatSum (scaleIter s m) (iterCoeffs s cs m) :=
      funext (refineIter_hatSum s cs m)
    rw [this, refine_hatSum]
    rfl

/-- The number of hat terms triples at each step: `|iterCoeffs s cs m| = 3^m |cs|`. -/
theorem iterCoeffs_length (s : Rat) (cs : List (Rat × Rat)) :
    ∀ m, (iterCoeffs s cs m).length = 3 ^ m * cs.length
  | 0 => by simp [iterCoeffs]
  | m + 1 => by
    have hlen : ∀ (t : Rat) (l : List (Rat × Rat)), (refineCoeffs t l).length = 3 * l.length := by
      intro t l
      induction l with
      | nil => rfl
      | cons p l ih => simp only [refineCoeffs, List.length_cons, ih]; omega
    show (refineCoeffs (scaleIter s m) (iterCoeffs s cs m)).length = _
    rw [hlen, iterCoeffs_length s cs m, Nat.pow_succ]
    rw [Nat.mul_comm (3 ^ m) 3, Nat.mul_assoc]

/-- Instance: **a seed whose pieces multiply**. The narrow hat `hat (2x)` (one bump, on
`[-1/2, 1/2]`) refined once is `hat (4x + 2)/2 + hat (4x) + hat (4x - 2)/2`: three bumps, with
value `1/2, 0, 1, 0, 1/2` at `x = -1/2, -1/4, 0, 1/4, 1/2` (where the seed has `0, 1/2, 1, 1/2, 0`);
after two steps `9` hat terms. -/
theorem refineIter_instance_narrow_hat :
    finList 5 (fun i => refineIter hatMask (hatSum 2 [(0, 1)]) 1 ((i.val : Rat) / 4 - 1 / 2)) =
        [1 / 2, 0, 1, 0, 1 / 2] ∧
      finList 5 (fun i => hatSum 2 [(0, 1)] ((i.val : Rat) / 4 - 1 / 2)) = [0, 1 / 2, 1, 1 / 2, 0] ∧
      (iterCoeffs 2 [(0, 1)] 2).length = 9 := by
  decide +kernel

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
