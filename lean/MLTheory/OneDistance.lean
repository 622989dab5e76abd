/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.BalancedCode

/-!
# One-distance symmetry forces the regular-simplex Gram matrix

Source: `004_725b34af8153ec2b.txt`, line 24 (balanced equal-norm codes: "the prototypes
attain one-distance symmetry, behaving like a regular simplex, if and only if d >= C-1").

The algebraic half of the "only if" direction, exactly over `Rat`, in every dimension `d` and for
every number `C` of prototypes. Let `μ : Fin C → (Fin d → Rat)` be a balanced code
(`∑_c μ_c = 0`, `MLTheory.BalancedCode.IsBalanced`) whose prototypes all have squared norm `r2`,
with one-distance symmetry: all pairwise squared distances equal `δ`. Then

* every off-diagonal inner product is the regular simplex's: `(C - 1) ⟨μ_a, μ_b⟩ = -r2` for
  `a ≠ b` (`mul_dot_eq_neg_of_oneDistance`), i.e. the Gram matrix is `r2/(C-1) · (C I - J)`
  (`mul_dot_eq_gram_of_oneDistance`);
* the common squared distance is forced: `(C - 1) δ = 2 C r2` (`mul_dist_eq_of_oneDistance`).

**Scope.** The rank step that turns this Gram matrix (rank `C - 1` when `r2 ≠ 0`) into the bound
`d ≥ C - 1` is `MLTheory.LinearDependence`; the "if" direction below `C` dimensions and the defect
parameter are not formalised.
The concrete instance (`_instance_`, by `decide +kernel`) checks a balanced 3-code in `Rat³`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.OneDistance

open MLTheory.BalancedCode

-- `C` prototypes in dimension `d`
variable {C d : Nat}

/-- The code has one-distance symmetry: all pairwise squared distances equal `δ`. -/
def IsOneDistance (μ : Fin C → Fin d → Rat) (δ : Rat) : Prop :=
  ∀ a b, a ≠ b → sqDist (μ a) (μ b) = δ

/-- With equal squared norms `r2` and one-distance symmetry, `2 ⟨μ_a, μ_b⟩ = 2 r2 - δ` for
`a ≠ b`. -/
theorem two_mul_dot_of_oneDistance (μ : Fin C → Fin d → Rat) (r2 δ : Rat)
    (hr : ∀ c, sqNorm (μ c) = r2) (hδ : IsOneDistance μ δ) (a b : Fin C) (hab : a ≠ b) :
    2 * dot (μ a) (μ b) = 2 * r2 - δ := by
  have h := sqDist_eq (μ a) (μ b)
  rw [hδ a b hab, hr a, hr b] at h
  grind

/-- **The off-diagonal Gram entries of the regular simplex**: for a balanced code with equal
squared norms `r2` and one-distance symmetry, `(C - 1) ⟨μ_a, μ_b⟩ = -r2` for `a ≠ b`. -/
theorem mul_dot_eq_neg_of_oneDistance (μ : Fin C → Fin d → Rat) (r2 δ : Rat)
    (hμ : IsBalanced μ) (hr : ∀ c, sqNorm (μ c) = r2) (hδ : IsOneDistance μ δ)
    (a b : Fin C) (hab : a ≠ b) :
    ((C : Rat) - 1) * dot (μ a) (μ b) = -r2 := by
  -- every inner product `⟨μ_a, μ_c⟩` is `r2` at `c = a` and the common value `G` elsewhere
  have hG := two_mul_dot_of_oneDistance μ r2 δ hr hδ a b hab
  have hterm : ∀ c, dot (μ a) (μ c) =
      (if c = a then r2 - dot (μ a) (μ b) else 0) + dot (μ a) (μ b) := by
    intro c
    by_cases hc : c = a
    · rw [if_pos hc, hc]
      have : dot (μ a) (μ a) = r2 := hr a
      grind
    · rw [if_neg hc]
      have hac : a ≠ c := fun e => hc e.symm
      have h2 := two_mul_dot_of_oneDistance μ r2 δ hr hδ a c hac
      grind
  have hsum := sumFin_dot_eq_zero_of_balanced μ hμ (μ a)
  rw [sumFin_congr hterm, sumFin_add, sumFin_ite_eq, sumFin_const] at hsum
  grind

/-- **The Gram matrix is `r2/(C-1) · (C I - J)`**: for all `a, b`,
`(C - 1) ⟨μ_a, μ_b⟩ = r2 (C [a = b] - 1)`. -/
theorem mul_dot_eq_gram_of_oneDistance (μ : Fin C → Fin d → Rat) (r2 δ : Rat)
    (hμ : IsBalanced μ) (hr : ∀ c, sqNorm (μ c) = r2) (hδ : IsOneDistance μ δ) (a b : Fin C) :
    ((C : Rat) - 1) * dot (μ a) (μ b) = r2 * ((C : Rat) * (if a = b then 1 else 0) - 1) := by
  by_cases hab : a = b
  · rw [if_pos hab, hab]
    have : dot (μ b) (μ b) = r2 := hr b
    rw [this]
    grind
  · rw [if_neg hab, mul_dot_eq_neg_of_oneDistance μ r2 δ hμ hr hδ a b hab]
    grind

/-- **The common distance is forced**: if two prototypes differ (`C ≥ 2`), a balanced
one-distance code with squared norms `r2` has `(C - 1) δ = 2 C r2`. -/
theorem mul_dist_eq_of_oneDistance (μ : Fin C → Fin d → Rat) (r2 δ : Rat)
    (hμ : IsBalanced μ) (hr : ∀ c, sqNorm (μ c) = r2) (hδ : IsOneDistance μ δ)
    (a b : Fin C) (hab : a ≠ b) :
    ((C : Rat) - 1) * δ = 2 * (C : Rat) * r2 := by
  have h1 := two_mul_dot_of_oneDistance μ r2 δ hr hδ a b hab
  have h2 := mul_dot_eq_neg_of_oneDistance μ r2 δ hμ hr hδ a b hab
  have hd : δ = 2 * r2 - 2 * dot (μ a) (μ b) := by grind
  have hexp : ((C : Rat) - 1) * (2 * r2 - 2 * dot (μ a) (μ b)) =
      2 * ((C : Rat) - 1) * r2 - 2 * (((C : Rat) - 1) * dot (μ a) (μ b)) := by grind
  rw [hd, hexp, h2]
  grind

/-! ## Concrete instance -/

/-- Instance: the triangle code is balanced, has squared norms `2`, pairwise squared distances
`6 = 2 · 3 · 2 / (3 - 1)` and inner products `-1 = -2 / (3 - 1)`. -/
theorem triangle_instance_three :
    (∀ i, sumFin 3 (fun c => triangle c i) = 0) ∧ (∀ c, sqNorm (triangle c) = 2) ∧
      sqDist (triangle 0) (triangle 1) = 6 ∧ sqDist (triangle 0) (triangle 2) = 6 ∧
      sqDist (triangle 1) (triangle 2) = 6 ∧ dot (triangle 0) (triangle 1) = -1 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The triangle code is a one-distance code with squared distance `6`. -/
theorem triangle_isOneDistance : IsOneDistance triangle 6 := by
  unfold IsOneDistance
  decide +kernel

/-- `two_mul_dot_of_oneDistance` applied to the triangle code. -/
theorem two_mul_dot_of_oneDistance_satisfiable : 2 * dot (triangle 0) (triangle 1) = 2 * 2 - 6 :=
  two_mul_dot_of_oneDistance triangle 2 6 triangle_sqNorm triangle_isOneDistance 0 1 (by decide)

/-- `mul_dot_eq_neg_of_oneDistance` applied to the triangle code. -/
theorem mul_dot_eq_neg_of_oneDistance_satisfiable :
    (((3 : Nat) : Rat) - 1) * dot (triangle 0) (triangle 2) = -2 :=
  mul_dot_eq_neg_of_oneDistance triangle 2 6 triangle_isBalanced triangle_sqNorm
    triangle_isOneDistance 0 2 (by decide)

/-- `mul_dot_eq_gram_of_oneDistance` applied to the triangle code. -/
theorem mul_dot_eq_gram_of_oneDistance_satisfiable :
    (((3 : Nat) : Rat) - 1) * dot (triangle 1) (triangle 1) =
      2 * (((3 : Nat) : Rat) * (if (1 : Fin 3) = 1 then 1 else 0) - 1) :=
  mul_dot_eq_gram_of_oneDistance triangle 2 6 triangle_isBalanced triangle_sqNorm
    triangle_isOneDistance 1 1

/-- `mul_dist_eq_of_oneDistance` applied to the triangle code. -/
theorem mul_dist_eq_of_oneDistance_satisfiable :
    (((3 : Nat) : Rat) - 1) * 6 = 2 * ((3 : Nat) : Rat) * 2 :=
  mul_dist_eq_of_oneDistance triangle 2 6 triangle_isBalanced triangle_sqNorm
    triangle_isOneDistance 1 2 (by decide)

end MLTheory.OneDistance

end

end
