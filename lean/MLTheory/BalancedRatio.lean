/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.BalancedCode

/-!
# The squared ratio score of a balanced equal-norm code: one ball per class

Source: `004_725b34af8153ec2b.txt`, line 24 (for balanced equal-norm codes, "an auxiliary squared
ratio score has sublevel sets that are exact unions of Euclidean balls").

For a balanced code (`∑_c μ_c = 0`) whose `C` prototypes all have squared norm `r²`, the total
squared distance from a point `x` to the code is `∑_{c'} ‖x - μ_{c'}‖² = C (‖x‖² + r²)`
(`BalancedCode.sumFin_sqDist_eq_of_balanced_equalNorm`). The score read here is the squared
distance to the class prototype against the mean squared distance to all prototypes,

  `s_c(x) = C ‖x - μ_c‖² / ∑_{c'} ‖x - μ_{c'}‖²` (`meanRatioScore`),

which for such a code is `‖x - μ_c‖² / (‖x‖² + r²)` (`meanRatioScore_eq`). Exactly over `Rat`, in
every dimension, for every `C ≥ 1`, `r² > 0` and `0 ≤ λ < 1`:

* `s_c(x) ≤ λ` iff `x` lies in the closed ball of centre `μ_c / (1 - λ)` and squared radius
  `λ (2 - λ) r² / (1 - λ)²` (`meanRatioScore_le_iff`): one ball per class;
* the acceptance region `{x : ∃ c, s_c(x) ≤ λ}` is the union of these `C` balls
  (`exists_meanRatioScore_le_iff`).

Both hypotheses of the paper are used: balance and equal norms make the denominator
`C (‖x‖² + r²)`, and the equal norm fixes the common radius. The bracketing of the operational
score (a ratio of distances, square roots) is not formalised.

The concrete instance (by `decide +kernel`) evaluates the score and its ball for the antipodal code
`±e₀` in the plane.
-/

@[expose] public section

noncomputable section

namespace MLTheory.BalancedRatio

open MLTheory.BalancedCode

-- `C` prototypes in dimension `d`
variable {C d : Nat}

/-- The squared ratio of class `c` against the mean squared distance to all prototypes:
`C ‖x - μ_c‖² / ∑_{c'} ‖x - μ_{c'}‖²`. -/
def meanRatioScore (μ : Fin C → Fin d → Rat) (c : Fin C) (x : Fin d → Rat) : Rat :=
  (C : Rat) * sqDist x (μ c) / sumFin C (fun c' => sqDist x (μ c'))

/-- The centre `a / (1 - λ)` of the ball of the prototype `a` at level `λ`. -/
def ballCentre (l : Rat) (a : Fin d → Rat) : Fin d → Rat := fun i => (1 - l)⁻¹ * a i

/-- The squared radius `λ (2 - λ) r² / (1 - λ)²` of the balls at level `λ` for prototypes of
squared norm `r²`. -/
def ballRadiusSq (l r2 : Rat) : Rat := l * (2 - l) * r2 * (1 - l)⁻¹ * (1 - l)⁻¹

/-- **One ball**: for a prototype `a` of squared norm `r²` and `0 ≤ λ < 1`,
`‖x - a‖² ≤ λ (‖x‖² + r²)` iff `‖x - a / (1 - λ)‖² ≤ λ (2 - λ) r² / (1 - λ)²`. -/
theorem sqDist_le_mul_iff_ball (l r2 : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1) (a x : Fin d → Rat)
    (ha : sqNorm a = r2) :
    sqDist x a ≤ l * (sqNorm x + r2) ↔ sqDist x (ballCentre l a) ≤ ballRadiusSq l r2 := by
  have hm : 0 < 1 - l := by grind
  have hm0 : (1 - l) ≠ 0 := by grind
  have hu : (1 - l) * (1 - l)⁻¹ = 1 := Rat.mul_inv_cancel _ hm0
  have hupos : 0 < (1 - l)⁻¹ := Rat.inv_pos.mpr hm
  have e1 : sqDist x a = sqNorm x - 2 * dot x a + r2 := by rw [sqDist_eq, ha]
  have e2 : sqDist x (ballCentre l a) =
      sqNorm x - 2 * ((1 - l)⁻¹ * dot x a) + (1 - l)⁻¹ * ((1 - l)⁻¹ * r2) := by
    rw [sqDist_eq]
    unfold ballCentre
    rw [dot_smul_right]
    unfold sqNorm
    rw [dot_smul_left, dot_smul_right]
    unfold sqNorm at ha
    rw [ha]
  rw [e1, e2]
  unfold ballRadiusSq
  generalize sqNorm x = N
  generalize dot x a = D
  generalize (1 - l)⁻¹ = u at hu hupos
  have hr : l * (2 - l) * r2 * u * u = u * (u * r2) - r2 := by
    have hl : l * u = u - 1 := by grind
    grind
  rw [hr]
  constructor
  · intro h
    have h1 : (1 - l) * N - 2 * D + (1 - l) * r2 ≤ 0 := by grind
    have h2 := Rat.mul_le_mul_of_nonneg_left h1 (Rat.le_of_lt hupos)
    have e : u * ((1 - l) * N - 2 * D + (1 - l) * r2) = N - 2 * (u * D) + r2 := by grind
    rw [e, Rat.mul_zero] at h2
    grind
  · intro h
    have h1 : N - 2 * (u * D) + r2 ≤ 0 := by grind
    have h2 := Rat.mul_le_mul_of_nonneg_left h1 (Rat.le_of_lt hm)
    have e : (1 - l) * (N - 2 * (u * D) + r2) = (1 - l) * N - 2 * D + (1 - l) * r2 := by grind
    rw [e, Rat.mul_zero] at h2
    grind

/-- For a balanced code whose prototypes all have squared norm `r²`, with `C ≥ 1` and
`‖x‖² + r² > 0`, the score is `‖x - μ_c‖² / (‖x‖² + r²)`. -/
theorem meanRatioScore_eq (hC : 0 < C) (μ : Fin C → Fin d → Rat) (hμ : IsBalanced μ) (r2 : Rat)
    (hr : ∀ c, sqNorm (μ c) = r2) (c : Fin C) (x : Fin d → Rat) :
    meanRatioScore μ c x = sqDist x (μ c) / (sqNorm x + r2) := by
  unfold meanRatioScore
  rw [sumFin_sqDist_eq_of_balanced_equalNorm μ hμ r2 hr x]
  have hC0 : (C : Rat) ≠ 0 := by
    have : (0 : Rat) < (C : Rat) := Rat.natCast_pos.mpr hC
    grind
  have hCi : (C : Rat) * (C : Rat)⁻¹ = 1 := Rat.mul_inv_cancel _ hC0
  rw [Rat.div_def, Rat.div_def, Rat.inv_mul_rev]
  generalize (C : Rat)⁻¹ = ci at hCi
  generalize (sqNorm x + r2)⁻¹ = mi
  generalize sqDist x (μ c) = s
  generalize (C : Rat) = k at hCi
  grind

/-- **The score's sublevel set is one ball**: for a balanced code of `C ≥ 1` prototypes all of
squared norm `r² > 0` and `0 ≤ λ < 1`, class `c` accepts `x` (`s_c(x) ≤ λ`) iff `x` lies in the
closed ball of centre `μ_c / (1 - λ)` and squared radius `λ (2 - λ) r² / (1 - λ)²`. -/
theorem meanRatioScore_le_iff (hC : 0 < C) (μ : Fin C → Fin d → Rat) (hμ : IsBalanced μ)
    (r2 : Rat) (hr : ∀ c, sqNorm (μ c) = r2) (hr0 : 0 < r2) (l : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1)
    (c : Fin C) (x : Fin d → Rat) :
    meanRatioScore μ c x ≤ l ↔ sqDist x (ballCentre l (μ c)) ≤ ballRadiusSq l r2 := by
  rw [← sqDist_le_mul_iff_ball l r2 hl0 hl1 (μ c) x (hr c), meanRatioScore_eq hC μ hμ r2 hr c x]
  have hpos : 0 < sqNorm x + r2 := by
    have := sqNorm_nonneg x
    grind
  have hne : sqNorm x + r2 ≠ 0 := by grind
  have hcancel : sqDist x (μ c) / (sqNorm x + r2) * (sqNorm x + r2) = sqDist x (μ c) :=
    Rat.div_mul_cancel hne
  generalize sqDist x (μ c) / (sqNorm x + r2) = s at hcancel ⊢
  generalize sqNorm x + r2 = m at hcancel hpos ⊢
  rw [← hcancel]
  constructor
  · intro h
    have := Rat.mul_le_mul_of_nonneg_right h (Rat.le_of_lt hpos)
    grind
  · intro h
    apply Classical.byContradiction
    intro hn
    have hlt : l < s := by grind
    have := Rat.mul_lt_mul_of_pos_right hlt hpos
    grind

/-- **The acceptance region is a union of balls**: for a balanced code of `C ≥ 1` prototypes all
of squared norm `r² > 0` and `0 ≤ λ < 1`, some class accepts `x` iff `x` lies in one of the `C`
balls of centre `μ_c / (1 - λ)` and squared radius `λ (2 - λ) r² / (1 - λ)²`. -/
theorem exists_meanRatioScore_le_iff (hC : 0 < C) (μ : Fin C → Fin d → Rat) (hμ : IsBalanced μ)
    (r2 : Rat) (hr : ∀ c, sqNorm (μ c) = r2) (hr0 : 0 < r2) (l : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1)
    (x : Fin d → Rat) :
    (∃ c, meanRatioScore μ c x ≤ l) ↔ ∃ c, sqDist x (ballCentre l (μ c)) ≤ ballRadiusSq l r2 :=
  ⟨fun ⟨c, h⟩ => ⟨c, (meanRatioScore_le_iff hC μ hμ r2 hr hr0 l hl0 hl1 c x).mp h⟩,
   fun ⟨c, h⟩ => ⟨c, (meanRatioScore_le_iff hC μ hμ r2 hr hr0 l hl0 hl1 c x).mpr h⟩⟩

/-! ## A concrete code -/

/-- Instance: for the antipodal code `±e₀` (`r² = 1`) at `x = (1/2, 1)` and `λ = 1/2`: the score of
class `0` is `C ‖x - μ₀‖² / ∑ ‖x - μ_c‖² = 2 · (5/4) / (9/2) = 5/9 > 1/2`, and accordingly `x` is
outside the ball of centre `μ₀ / (1 - λ) = (2, 0)` and squared radius `λ (2 - λ) / (1 - λ)² = 3`
(`‖x - (2, 0)‖² = 13/4`); class `1` scores `13/9`. -/
theorem meanRatioScore_instance_antipodal :
    meanRatioScore antipodal 0 samplePoint = 5 / 9 ∧ meanRatioScore antipodal 1 samplePoint = 13 / 9 ∧
      finList 2 (ballCentre (1 / 2) (antipodal 0)) = [2, 0] ∧ ballRadiusSq (1 / 2) 1 = 3 ∧
      sqDist samplePoint (ballCentre (1 / 2) (antipodal 0)) = 13 / 4 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The antipodal prototypes have squared norm `1`. -/
theorem antipodal_sqNorm : ∀ c, sqNorm (antipodal c) = 1 := by decide +kernel

/-- `sqDist_le_mul_iff_ball` applied to the prototype `e₀`, `λ = 1/2`, at `(1/2, 1)`. -/
theorem sqDist_le_mul_iff_ball_satisfiable :
    sqDist samplePoint (antipodal 0) ≤ 1 / 2 * (sqNorm samplePoint + 1) ↔
      sqDist samplePoint (ballCentre (1 / 2) (antipodal 0)) ≤ ballRadiusSq (1 / 2) 1 :=
  sqDist_le_mul_iff_ball (1 / 2) 1 (by decide +kernel) (by decide +kernel) (antipodal 0) samplePoint
    (antipodal_sqNorm 0)

/-- `meanRatioScore_eq` applied to the antipodal code. -/
theorem meanRatioScore_eq_satisfiable :
    meanRatioScore antipodal 0 samplePoint = sqDist samplePoint (antipodal 0) / (sqNorm samplePoint + 1) :=
  meanRatioScore_eq (by decide) antipodal antipodal_isBalanced 1 antipodal_sqNorm 0 samplePoint

/-- `meanRatioScore_le_iff` applied to the antipodal code, `λ = 1/2`. -/
theorem meanRatioScore_le_iff_satisfiable :
    meanRatioScore antipodal 0 samplePoint ≤ 1 / 2 ↔
      sqDist samplePoint (ballCentre (1 / 2) (antipodal 0)) ≤ ballRadiusSq (1 / 2) 1 :=
  meanRatioScore_le_iff (by decide) antipodal antipodal_isBalanced 1 antipodal_sqNorm (by decide +kernel)
    (1 / 2) (by decide +kernel) (by decide +kernel) 0 samplePoint

/-- `exists_meanRatioScore_le_iff` applied to the antipodal code, `λ = 1/2`. -/
theorem exists_meanRatioScore_le_iff_satisfiable :
    (∃ c, meanRatioScore antipodal c samplePoint ≤ 1 / 2) ↔
      ∃ c, sqDist samplePoint (ballCentre (1 / 2) (antipodal c)) ≤ ballRadiusSq (1 / 2) 1 :=
  exists_meanRatioScore_le_iff (by decide) antipodal antipodal_isBalanced 1 antipodal_sqNorm
    (by decide +kernel) (1 / 2) (by decide +kernel) (by decide +kernel) samplePoint

end MLTheory.BalancedRatio

end
