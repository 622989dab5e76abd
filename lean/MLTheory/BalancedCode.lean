/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Balanced codes: the sum of squared distances, and squared-ratio sublevel sets are balls

Source: `004_725b34af8153ec2b.txt`, line 24: for balanced equal-norm codes
(prototypes of equal length summing to zero) an auxiliary squared ratio score has sublevel sets
that are exact unions of Euclidean balls.

Two exact identities over `Rat`, in every dimension `d` and for every number `C` of prototypes:

* **balanced codes** (`∑_c μ_c = 0`): `∑_c ‖x - μ_c‖² = C ‖x‖² + ∑_c ‖μ_c‖²` for every `x`
  (`sumFin_sqDist_eq_of_balanced`), so the total squared distance to the code depends on `x`
  only through `‖x‖²`; for an equal-norm code it is `C (‖x‖² + r²)`
  (`sumFin_sqDist_eq_of_balanced_equalNorm`);
* **Apollonius**: for `λ ≠ 1` and `c = (a - λ b) / (1 - λ)`,
  `‖x - a‖² - λ ‖x - b‖² = (1 - λ) ‖x - c‖² - λ ‖a - b‖² / (1 - λ)` (`apollonius`); hence for
  `0 ≤ λ < 1` the sublevel set `{x : ‖x - a‖² ≤ λ ‖x - b‖²}` of the squared ratio
  `‖x - a‖² / ‖x - b‖²` is exactly the closed ball of centre `c` and squared radius
  `λ ‖a - b‖² / (1 - λ)²` (`sqDist_le_mul_sqDist_iff_ball`).

The squared-ratio score of a class compares its prototype with the others; its sublevel set is
then a union (over the competing prototypes) of such balls. The paper's bracketing of the
operational score, its one-distance dichotomy and its probabilistic results are not formalised
here. Concrete values are checked by `decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace BalancedCode

-- `C` prototypes in dimension `d`
variable {C d : Nat}

/-- A code `μ : Fin C → (Fin d → Rat)` is balanced when its prototypes sum to zero:
`∑_c μ c i = 0` in every coordinate `i`. -/
def IsBalanced (μ : Fin C → Fin d → Rat) : Prop :=
  ∀ i, sumFin C (fun c => μ c i) = 0

/-- For a balanced code, `∑_c ⟨x, μ_c⟩ = 0`. -/
theorem sumFin_dot_eq_zero_of_balanced (μ : Fin C → Fin d → Rat)
    (hμ : IsBalanced μ) (x : Fin d → Rat) : sumFin C (fun c => dot x (μ c)) = 0 := by
  unfold dot
  rw [sumFin_comm]
  rw [sumFin_congr (g := fun i => x i * sumFin C (fun c => μ c i))
    (fun i => by simp only [sumFin_mul_left])]
  rw [sumFin_congr (g := fun _ => (0 : Rat)) (fun i => by simp only [hμ i, Rat.mul_zero])]
  exact sumFin_zero_fun d

/-- **Balanced codes**: `∑_c ‖x - μ_c‖² = C ‖x‖² + ∑_c ‖μ_c‖²` for every `x`. -/
theorem sumFin_sqDist_eq_of_balanced (μ : Fin C → Fin d → Rat) (hμ : IsBalanced μ)
    (x : Fin d → Rat) :
    sumFin C (fun c => sqDist x (μ c)) = (C : Rat) * sqNorm x + sumFin C (fun c => sqNorm (μ c)) := by
  rw [sumFin_congr (g := fun c => (sqNorm x - 2 * dot x (μ c)) + sqNorm (μ c))
    (fun c => sqDist_eq x (μ c)), sumFin_add, sumFin_sub, sumFin_const, sumFin_mul_left,
    sumFin_dot_eq_zero_of_balanced μ hμ x]
  grind

/-- For a balanced code whose prototypes all have squared norm `r2`,
`∑_c ‖x - μ_c‖² = C (‖x‖² + r2)`. -/
theorem sumFin_sqDist_eq_of_balanced_equalNorm (μ : Fin C → Fin d → Rat)
    (hμ : IsBalanced μ) (r2 : Rat) (hr : ∀ c, sqNorm (μ c) = r2) (x : Fin d → Rat) :
    sumFin C (fun c => sqDist x (μ c)) = (C : Rat) * (sqNorm x + r2) := by
  rw [sumFin_sqDist_eq_of_balanced μ hμ x, sumFin_congr hr, sumFin_const]
  grind

/-- The Apollonius centre `c = (a - λ b) / (1 - λ)` of two points `a, b` and a ratio `λ`. -/
def centre (l : Rat) (a b : Fin d → Rat) : Fin d → Rat :=
  fun i => (a i - l * b i) * (1 - l)⁻¹

/-- The Apollonius identity in one coordinate, for `λ ≠ 1`. -/
theorem apollonius_coord (l x a b : Rat) (hl : l ≠ 1) :
    (x - a) * (x - a) - l * ((x - b) * (x - b)) =
      (1 - l) * ((x - (a - l * b) * (1 - l)⁻¹) * (x - (a - l * b) * (1 - l)⁻¹)) -
        l * (1 - l)⁻¹ * ((a - b) * (a - b)) := by
  have hm : (1 - l) ≠ 0 := by grind
  have hu : (1 - l) * (1 - l)⁻¹ = 1 := Rat.mul_inv_cancel _ hm
  generalize (1 - l)⁻¹ = u at hu ⊢
  grind

/-- **Apollonius identity**: for `λ ≠ 1` and `c = (a - λ b) / (1 - λ)`,
`‖x - a‖² - λ ‖x - b‖² = (1 - λ) ‖x - c‖² - λ ‖a - b‖² / (1 - λ)`. -/
theorem apollonius (l : Rat) (hl : l ≠ 1) (x a b : Fin d → Rat) :
    sqDist x a - l * sqDist x b =
      (1 - l) * sqDist x (centre l a b) - l * (1 - l)⁻¹ * sqDist a b := by
  have h1 : sumFin d (fun i => (x i - a i) * (x i - a i) - l * ((x i - b i) * (x i - b i))) =
      sqDist x a - l * sqDist x b := by
    unfold sqDist
    rw [sumFin_sub, sumFin_mul_left]
  have h2 : sumFin d (fun i => (1 - l) * ((x i - centre l a b i) * (x i - centre l a b i)) -
      l * (1 - l)⁻¹ * ((a i - b i) * (a i - b i))) =
      (1 - l) * sqDist x (centre l a b) - l * (1 - l)⁻¹ * sqDist a b := by
    unfold sqDist
    rw [sumFin_sub, sumFin_mul_left, sumFin_mul_left]
  rw [← h1, ← h2]
  exact sumFin_congr (fun i => apollonius_coord l (x i) (a i) (b i) hl)

/-- **Squared-ratio sublevel sets are balls**: for `0 ≤ λ < 1`,
`‖x - a‖² ≤ λ ‖x - b‖² ↔ ‖x - c‖² ≤ λ ‖a - b‖² / (1 - λ)²` with `c = (a - λ b) / (1 - λ)`. -/
theorem sqDist_le_mul_sqDist_iff_ball (l : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1)
    (x a b : Fin d → Rat) :
    sqDist x a ≤ l * sqDist x b ↔
      sqDist x (centre l a b) ≤ l * (1 - l)⁻¹ * (1 - l)⁻¹ * sqDist a b := by
  have hid := apollonius l (by grind) x a b
  have hm : 0 < 1 - l := by grind
  have hm0 : (1 - l) ≠ 0 := by grind
  have hu : (1 - l) * (1 - l)⁻¹ = 1 := Rat.mul_inv_cancel _ hm0
  have hupos : 0 < (1 - l)⁻¹ := Rat.inv_pos.mpr hm
  generalize sqDist x a = A at hid ⊢
  generalize sqDist x b = B at hid ⊢
  generalize sqDist x (centre l a b) = D at hid ⊢
  generalize sqDist a b = E at hid ⊢
  generalize (1 - l)⁻¹ = u at hu hupos hid ⊢
  constructor
  · intro h
    have h1 : (1 - l) * D ≤ l * u * E := by grind
    have h2 := Rat.mul_le_mul_of_nonneg_left h1 (Rat.le_of_lt hupos)
    have e1 : u * ((1 - l) * D) = D := by grind
    have e2 : u * (l * u * E) = l * u * u * E := by grind
    rw [e1, e2] at h2
    exact h2
  · intro h
    have h2 := Rat.mul_le_mul_of_nonneg_left h (Rat.le_of_lt hm)
    have e2 : (1 - l) * (l * u * u * E) = l * u * E := by grind
    rw [e2] at h2
    grind

/-- The antipodal code `μ_0 = (1, 0)`, `μ_1 = (-1, 0)` in the plane (balanced, equal norms). -/
def antipodal : Fin 2 → Fin 2 → Rat := fun c i => if i = 0 then (if c = 0 then 1 else -1) else 0

/-- The point `x = (1/2, 1)`. -/
def samplePoint : Fin 2 → Rat := fun i => if i = 0 then 1 / 2 else 1

/-- Concrete instance: for the antipodal code and `x = (1/2, 1)`,
`∑_c ‖x - μ_c‖² = 9/2 = 2 · ‖x‖² + ∑_c ‖μ_c‖²`. -/
theorem sumFin_sqDist_example_antipodal :
    sumFin 2 (fun c => sqDist samplePoint (antipodal c)) = 9 / 2 ∧
      (2 : Rat) * sqNorm samplePoint + sumFin 2 (fun c => sqNorm (antipodal c)) = 9 / 2 := by
  decide +kernel

/-- Concrete instance of the ball: with `a = μ_0`, `b = μ_1` and `λ = 1/4`, the centre is
`(5/3, 0)` and the squared radius `λ ‖a - b‖² / (1 - λ)² = 16/9`. -/
theorem centre_example_antipodal :
    finList 2 (centre (1 / 4) (antipodal 0) (antipodal 1)) = [5 / 3, 0] ∧
      (1 / 4 : Rat) * (1 - 1 / 4)⁻¹ * (1 - 1 / 4)⁻¹ * sqDist (antipodal 0) (antipodal 1) =
        16 / 9 := by
  decide +kernel

/-! ## The triangle code -/

/-- The balanced 3-code `(1, -1, 0), (0, 1, -1), (-1, 0, 1)` in `Rat³` (squared norms `2`,
pairwise squared distances `6`): row `c` is `e_c - e_{c+1 mod 3}`. The one definition of this
code, shared by `MLTheory.OneDistance`, `MLTheory.Apollonius` and `MLTheory.LinearDependence`. -/
def triangle : Fin 3 → Fin 3 → Rat := fun c i =>
  if i.val = c.val then 1 else if i.val = (c.val + 1) % 3 then -1 else 0

/-- The triangle code is balanced. -/
theorem triangle_isBalanced : IsBalanced triangle := by
  unfold IsBalanced
  decide +kernel

/-- Every prototype of the triangle code has squared norm `2`. -/
theorem triangle_sqNorm : ∀ c, sqNorm (triangle c) = 2 := by decide +kernel

/-! ## Satisfiability witnesses -/

/-- The antipodal code `±e₀` is balanced. -/
theorem antipodal_isBalanced : IsBalanced antipodal := by
  unfold IsBalanced
  decide +kernel

/-- `sumFin_dot_eq_zero_of_balanced` applied to the antipodal code. -/
theorem sumFin_dot_eq_zero_of_balanced_satisfiable :
    sumFin 2 (fun c => dot samplePoint (antipodal c)) = 0 :=
  sumFin_dot_eq_zero_of_balanced antipodal antipodal_isBalanced samplePoint

/-- `sumFin_sqDist_eq_of_balanced` applied to the antipodal code. -/
theorem sumFin_sqDist_eq_of_balanced_satisfiable :
    sumFin 2 (fun c => sqDist samplePoint (antipodal c)) =
      ((2 : Nat) : Rat) * sqNorm samplePoint + sumFin 2 (fun c => sqNorm (antipodal c)) :=
  sumFin_sqDist_eq_of_balanced antipodal antipodal_isBalanced samplePoint

/-- `sumFin_sqDist_eq_of_balanced_equalNorm` applied to the antipodal code (`r² = 1`). -/
theorem sumFin_sqDist_eq_of_balanced_equalNorm_satisfiable :
    sumFin 2 (fun c => sqDist samplePoint (antipodal c)) = ((2 : Nat) : Rat) * (sqNorm samplePoint + 1) :=
  sumFin_sqDist_eq_of_balanced_equalNorm antipodal antipodal_isBalanced 1 (by decide +kernel)
    samplePoint

/-- `apollonius` applied to `λ = 1/2` and the antipodal prototypes. -/
theorem apollonius_satisfiable :
    sqDist samplePoint (antipodal 0) - 1 / 2 * sqDist samplePoint (antipodal 1) =
      (1 - 1 / 2) * sqDist samplePoint (centre (1 / 2) (antipodal 0) (antipodal 1)) -
        1 / 2 * (1 - 1 / 2)⁻¹ * sqDist (antipodal 0) (antipodal 1) :=
  apollonius (1 / 2) (by decide +kernel) samplePoint (antipodal 0) (antipodal 1)

/-- `sqDist_le_mul_sqDist_iff_ball` applied to `λ = 1/2` and the antipodal prototypes. -/
theorem sqDist_le_mul_sqDist_iff_ball_satisfiable :
    sqDist samplePoint (antipodal 0) ≤ 1 / 2 * sqDist samplePoint (antipodal 1) ↔
      sqDist samplePoint (centre (1 / 2) (antipodal 0) (antipodal 1)) ≤
        1 / 2 * (1 - 1 / 2)⁻¹ * (1 - 1 / 2)⁻¹ * sqDist (antipodal 0) (antipodal 1) :=
  sqDist_le_mul_sqDist_iff_ball (1 / 2) (by decide +kernel) (by decide +kernel) samplePoint
    (antipodal 0) (antipodal 1)

end BalancedCode

end MLTheory

end
