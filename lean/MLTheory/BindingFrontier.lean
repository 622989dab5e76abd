/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# The smoothness-binding frontier of dual encoders, in squares

Source: `004_725b34af8153ec2b.txt`, line 4 (dual encoders score an image-caption pair by
one inner product of unit vectors; "a tight smoothness-binding frontier: the closer the two
swap-related captions must embed to a shared paraphrase anchor, the smaller the binding margin can
be, with an exact constant").

The project's reading, exactly over `Rat` and stated in squares (no square roots): an image
embedding `w` with `‖w‖² = 1` scores the captions `u` and its swap `v` by `⟨w, u⟩` and `⟨w, v⟩`;
the *binding margin* is `⟨w, u⟩ - ⟨w, v⟩`. If both captions lie within `ε` of a shared anchor `a`
(`‖u - a‖² ≤ ε²`, `‖v - a‖² ≤ ε²`), then

* `(⟨w, u⟩ - ⟨w, v⟩)² ≤ 4 ε²`, i.e. the margin is at most `2ε` (`margin_sq_le`), by the
  Cauchy–Schwarz inequality `⟨x, y⟩² ≤ ‖x‖² ‖y‖²` (`dot_mul_dot_le`, proved over `Rat` from
  `‖x - t y‖² ≥ 0` at `t = ⟨x, y⟩ / ‖y‖²`) and the parallelogram bound
  `‖u - v‖² ≤ 2 ‖u - a‖² + 2 ‖v - a‖²` (`sqDist_le_two_mul_add`);
* the constant `4` (the `2` of `2ε`) is exact: in every dimension `d ≥ 1` and for every `ε`,
  `w = e₀`, `a = 0`, `u = ε e₀`, `v = -ε e₀` attain it (`margin_sq_tight`).

**Scope.** The abstract gives neither its margin nor its constant; this is the project's reading
(unit image vector, margin as a difference of scores, distance to the anchor), not the paper's
statement.

The concrete instance (`_instance_`, by `decide +kernel`) checks a tight configuration in the
plane; the `_satisfiable` theorems apply each theorem with hypotheses to it.
-/

@[expose] public section

noncomputable section

namespace MLTheory.BindingFrontier

/-- A squared rational is non-negative. -/
theorem mul_self_nonneg' (t : Rat) : 0 ≤ t * t := by
  by_cases h : 0 ≤ t
  · exact Rat.mul_nonneg h h
  · have h' : 0 ≤ -t := by grind
    have := Rat.mul_nonneg h' h'
    grind

/-- A vector of squared norm `0` is zero. -/
theorem eq_zero_of_sqNorm_eq_zero {d : Nat} (y : Fin d → Rat) (h : sqNorm y = 0) (i : Fin d) :
    y i = 0 := by
  have hz := (sumFin_eq_zero_iff_of_nonneg d (fun i => y i * y i)
    (fun i => mul_self_nonneg' (y i))).mp h i
  apply Classical.byContradiction
  intro hne
  have hpos : 0 < y i * y i := by
    by_cases hp : 0 < y i
    · exact Rat.mul_pos hp hp
    · have hn : 0 < -y i := by grind
      have := Rat.mul_pos hn hn
      grind
  grind

/-- The squared norm of a multiple: `‖t y‖² = t² ‖y‖²`. -/
theorem sqNorm_smul {d : Nat} (t : Rat) (y : Fin d → Rat) :
    sqNorm (fun i => t * y i) = t * t * sqNorm y := by
  unfold sqNorm
  rw [dot_smul_left, dot_smul_right]
  grind

/-- **Cauchy–Schwarz over `Rat`**: `⟨x, y⟩² ≤ ‖x‖² ‖y‖²`. -/
theorem dot_mul_dot_le {d : Nat} (x y : Fin d → Rat) :
    dot x y * dot x y ≤ sqNorm x * sqNorm y := by
  have hy0 := sqNorm_nonneg y
  by_cases hc : sqNorm y = 0
  · have hxy : dot x y = 0 := by
      unfold dot
      exact Eq.trans (sumFin_congr (fun i => by rw [eq_zero_of_sqNorm_eq_zero y hc i]; grind))
        (sumFin_zero_fun d)
    rw [hxy, hc]
    grind
  · have hpos : 0 < sqNorm y := by grind
    have key := sqDist_nonneg x (fun i => dot x y / sqNorm y * y i)
    rw [sqDist_eq, dot_smul_right, sqNorm_smul] at key
    have htc : dot x y / sqNorm y * sqNorm y = dot x y := Rat.div_mul_cancel hc
    have hm := Rat.mul_nonneg (Rat.le_of_lt hpos) key
    generalize dot x y / sqNorm y = t at htc hm
    generalize sqNorm x = a at hm ⊢
    generalize dot x y = b at htc hm ⊢
    generalize sqNorm y = c at htc hm hpos ⊢
    have e : c * (a - 2 * (t * b) + t * t * c) = c * a - 2 * b * (t * c) + (t * c) * (t * c) := by
      grind
    rw [e, htc] at hm
    grind

/-- **Parallelogram bound**: `‖u - v‖² ≤ 2 ‖u - a‖² + 2 ‖v - a‖²` (the difference is
`‖u + v - 2a‖² ≥ 0`). -/
theorem sqDist_le_two_mul_add {d : Nat} (u v a : Fin d → Rat) :
    sqDist u v ≤ 2 * sqDist u a + 2 * sqDist v a := by
  have hid : sqDist u v + sqNorm (fun i => u i + v i - 2 * a i) =
      2 * sqDist u a + 2 * sqDist v a := by
    unfold sqDist sqNorm dot
    rw [← sumFin_add, ← sumFin_mul_left, ← sumFin_mul_left, ← sumFin_add]
    exact sumFin_congr (fun i => by grind)
  have := sqNorm_nonneg (fun i => u i + v i - 2 * a i)
  grind

/-- **The smoothness-binding frontier**: for a unit image vector `w` and two captions `u`, `v`
within `ε` of a shared anchor `a` (`‖u - a‖² ≤ ε²`, `‖v - a‖² ≤ ε²`), the binding margin satisfies
`(⟨w, u⟩ - ⟨w, v⟩)² ≤ 4 ε²`: it is at most `2ε`. -/
theorem margin_sq_le {d : Nat} (w u v a : Fin d → Rat) (eps : Rat) (hw : sqNorm w = 1)
    (hu : sqDist u a ≤ eps * eps) (hv : sqDist v a ≤ eps * eps) :
    (dot w u - dot w v) * (dot w u - dot w v) ≤ 4 * (eps * eps) := by
  have hcs := dot_mul_dot_le w (fun i => u i - v i)
  rw [dot_sub_right, hw] at hcs
  have hpar := sqDist_le_two_mul_add u v a
  have : sqNorm (fun i => u i - v i) = sqDist u v := rfl
  grind

/-- Entry `i` of `e_j` scaled by `t`, squared and summed: `∑ i, (t [i = j])² = t²`. -/
theorem sumFin_smul_basisVec_sq {d : Nat} (j : Fin d) (t : Rat) :
    sumFin d (fun i => (t * basisVec j i - 0) * (t * basisVec j i - 0)) = t * t := by
  refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq d j (t * t))
  by_cases h : i = j <;> simp [basisVec, h] <;> grind

/-- **The constant is exact**: in every dimension `d ≥ 1` and for every `ε`, the unit vector
`w = e₀`, the anchor `a = 0` and the captions `u = ε e₀`, `v = -ε e₀` satisfy the hypotheses of
`margin_sq_le` with equalities and attain `(⟨w, u⟩ - ⟨w, v⟩)² = 4 ε²`. -/
theorem margin_sq_tight {d : Nat} (hd : 0 < d) (eps : Rat) :
    ∃ w u v a : Fin d → Rat, sqNorm w = 1 ∧ sqDist u a = eps * eps ∧ sqDist v a = eps * eps ∧
      (dot w u - dot w v) * (dot w u - dot w v) = 4 * (eps * eps) := by
  let j : Fin d := ⟨0, hd⟩
  refine ⟨basisVec j, fun i => eps * basisVec j i, fun i => -eps * basisVec j i, fun _ => 0,
    ?_, sumFin_smul_basisVec_sq j eps, ?_, ?_⟩
  · have := sumFin_smul_basisVec_sq j 1
    unfold sqNorm dot
    refine Eq.trans (sumFin_congr (fun i => ?_)) (this.trans (by grind))
    grind
  · exact (sumFin_smul_basisVec_sq j (-eps)).trans (by grind)
  · have hu : dot (basisVec j) (fun i => eps * basisVec j i) = eps := by
      unfold dot
      refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq d j eps)
      by_cases h : i = j <;> simp [basisVec, h]
    have hv : dot (basisVec j) (fun i => -eps * basisVec j i) = -eps := by
      unfold dot
      refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq d j (-eps))
      by_cases h : i = j <;> simp [basisVec, h]
    rw [hu, hv]
    grind

/-! ## A concrete configuration -/

/-- The plane vector `(x, y)`. -/
def vec2 (x y : Rat) : Fin 2 → Rat := fun i => if i.val = 0 then x else y

/-- Instance: the unit vector `w = (3/5, 4/5)`, the anchor `a = (1, 1)` and the captions
`u = a + w/2`, `v = a - w/2` (both at squared distance `1/4` from `a`, `ε = 1/2`) have margin
`⟨w, u⟩ - ⟨w, v⟩ = 1 = 2ε`: the frontier is attained. -/
theorem margin_instance_tight :
    sqNorm (vec2 (3 / 5) (4 / 5)) = 1 ∧
      sqDist (vec2 (13 / 10) (7 / 5)) (vec2 1 1) = 1 / 4 ∧
      sqDist (vec2 (7 / 10) (3 / 5)) (vec2 1 1) = 1 / 4 ∧
      (dot (vec2 (3 / 5) (4 / 5)) (vec2 (13 / 10) (7 / 5)) -
          dot (vec2 (3 / 5) (4 / 5)) (vec2 (7 / 10) (3 / 5))) *
        (dot (vec2 (3 / 5) (4 / 5)) (vec2 (13 / 10) (7 / 5)) -
          dot (vec2 (3 / 5) (4 / 5)) (vec2 (7 / 10) (3 / 5))) = 1 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `margin_sq_le` applied to the configuration of `margin_instance_tight` (`ε = 1/2`). -/
theorem margin_sq_le_satisfiable :
    (dot (vec2 (3 / 5) (4 / 5)) (vec2 (13 / 10) (7 / 5)) -
        dot (vec2 (3 / 5) (4 / 5)) (vec2 (7 / 10) (3 / 5))) *
      (dot (vec2 (3 / 5) (4 / 5)) (vec2 (13 / 10) (7 / 5)) -
        dot (vec2 (3 / 5) (4 / 5)) (vec2 (7 / 10) (3 / 5))) ≤ 4 * (1 / 2 * (1 / 2)) :=
  margin_sq_le (vec2 (3 / 5) (4 / 5)) (vec2 (13 / 10) (7 / 5)) (vec2 (7 / 10) (3 / 5)) (vec2 1 1)
    (1 / 2) (by decide +kernel) (by decide +kernel) (by decide +kernel)

/-- `eq_zero_of_sqNorm_eq_zero` applied to the zero plane vector. -/
theorem eq_zero_of_sqNorm_eq_zero_satisfiable : vec2 0 0 1 = 0 :=
  eq_zero_of_sqNorm_eq_zero (vec2 0 0) (by decide +kernel) 1

/-- `margin_sq_tight` applied to the plane and `ε = 1/2`. -/
theorem margin_sq_tight_satisfiable :
    ∃ w u v a : Fin 2 → Rat, sqNorm w = 1 ∧ sqDist u a = 1 / 2 * (1 / 2) ∧
      sqDist v a = 1 / 2 * (1 / 2) ∧
      (dot w u - dot w v) * (dot w u - dot w v) = 4 * (1 / 2 * (1 / 2)) :=
  margin_sq_tight (by decide) (1 / 2)

end MLTheory.BindingFrontier

end
