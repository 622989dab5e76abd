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
the *binding margin* is `⟨w, u⟩ - ⟨w, v⟩`; both captions lie within `ε` of a shared anchor `a`
(`‖u - a‖² ≤ ε²`, `‖v - a‖² ≤ ε²`).

* For arbitrary caption vectors, `(⟨w, u⟩ - ⟨w, v⟩)² ≤ 4 ε²` (`margin_sq_le`), by the
  Cauchy–Schwarz inequality `⟨x, y⟩² ≤ ‖x‖² ‖y‖²` (`dot_mul_dot_le`, proved over `Rat` from
  `‖x - t y‖² ≥ 0` at `t = ⟨x, y⟩ / ‖y‖²`) and the parallelogram bound
  `‖u - v‖² ≤ 2 ‖u - a‖² + 2 ‖v - a‖²` (`sqDist_le_two_mul_add`).
* **For unit vectors**, as dual encoders have them (`‖u‖² = ‖v‖² = ‖a‖² = 1`), the exact frontier
  is smaller: with `e = ε² ≤ 2`, `(⟨w, u⟩ - ⟨w, v⟩)² ≤ e (4 - e)`, i.e. a margin of at most
  `2ε √(1 - ε²/4)` (`margin_sq_le_of_unit`), and this is attained by rational unit vectors at every
  level `e = 2 - 2c` where `(c, s)` is a rational point of the unit circle (`margin_sq_eq_of_unit`).
  The constant `2` of `2ε` is therefore the limit as `ε → 0`, never attained by unit vectors.

**Scope.** The abstract gives neither its margin nor its constant; this is the project's reading
(unit vectors, margin as a difference of scores, distance to the anchor), not the paper's
statement.

The concrete instance (by `decide +kernel`) checks a tight unit configuration in the plane; the
`_satisfiable` theorems apply each theorem with hypotheses to it.
-/

@[expose] public section

noncomputable section

namespace MLTheory.BindingFrontier

/-- A vector of squared norm `0` is zero. -/
theorem eq_zero_of_sqNorm_eq_zero {d : Nat} (y : Fin d → Rat) (h : sqNorm y = 0) (i : Fin d) :
    y i = 0 := by
  have hz := (sumFin_eq_zero_iff_of_nonneg d (fun i => y i * y i)
    (fun i => mul_self_nonneg (y i))).mp h i
  apply Classical.byContradiction
  intro hne
  have := mul_self_pos hne
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

/-! ## Unit vectors: the exact frontier

Dual encoders compare *unit* vectors: the captions `u`, `v` and the anchor `a` as well as the image
vector `w`. On the unit sphere the bound of `margin_sq_le` is not attained: with `‖u - a‖² ≤ ε²`
and `‖v - a‖² ≤ ε²` the chord `‖u - v‖` is at most `2ε √(1 - ε²/4) < 2ε` (the two captions on
either side of the anchor, at angle `2θ` where `2 sin(θ/2) = ε`). In squares, with `e = ε² ≤ 2`:
the margin satisfies `(⟨w, u⟩ - ⟨w, v⟩)² ≤ e (4 - e)` (`margin_sq_le_of_unit`), and the bound is
attained by rational unit vectors whenever `1 - e/2` is the first coordinate of a rational point
of the unit circle (`margin_sq_eq_of_unit`), a dense set of levels `e ∈ [0, 2]`. -/

/-- If `t² ≤ m²` and `m ≥ 0`, then `-m ≤ t`. -/
theorem neg_le_of_mul_self_le {t m : Rat} (h : t * t ≤ m * m) (hm : 0 ≤ m) : -m ≤ t := by
  apply Classical.byContradiction
  intro hn
  have hlt : m < -t := by grind
  have h1 : m * m ≤ m * (-t) := Rat.mul_le_mul_of_nonneg_left (Rat.le_of_lt hlt) hm
  have h2 : m * (-t) < (-t) * (-t) := Rat.mul_lt_mul_of_pos_right hlt (by grind)
  have e : (-t) * (-t) = t * t := by grind
  grind

/-- Products of non-negative bounds: `0 ≤ a ≤ b` and `0 ≤ c ≤ e` give `a c ≤ b e`. -/
theorem mul_le_mul_of_nonneg {a b c e : Rat} (ha : 0 ≤ a) (hab : a ≤ b) (hc : 0 ≤ c) (hce : c ≤ e) :
    a * c ≤ b * e :=
  Rat.le_trans (Rat.mul_le_mul_of_nonneg_right hab hc)
    (Rat.mul_le_mul_of_nonneg_left hce (Rat.le_trans ha hab))

/-- Removing the components along a unit vector `a`: with `p = ⟨u, a⟩` and `q = ⟨v, a⟩`,
`⟨u - p a, v - q a⟩ = ⟨u, v⟩ - p q`. -/
theorem dot_sub_smul_sub_smul {d : Nat} (u v a : Fin d → Rat) (ha : sqNorm a = 1) :
    dot (fun i => u i - dot u a * a i) (fun i => v i - dot v a * a i) = dot u v - dot u a * dot v a := by
  rw [dot_sub_left, dot_sub_right, dot_sub_right, dot_smul_left, dot_smul_left, dot_smul_right,
    dot_smul_right, dot_comm a v]
  unfold sqNorm at ha
  rw [ha]
  grind

/-- **Two unit vectors near a unit anchor are close to each other**: if `‖u‖² = ‖v‖² = ‖a‖² = 1`,
`‖u - a‖² ≤ e`, `‖v - a‖² ≤ e` and `e ≤ 2`, then `⟨u, v⟩ ≥ 2 (1 - e/2)² - 1` (the cosine of the
sum of the two angles). -/
theorem two_mul_sq_sub_one_le_dot {d : Nat} (u v a : Fin d → Rat) (e : Rat) (hu1 : sqNorm u = 1)
    (hv1 : sqNorm v = 1) (ha1 : sqNorm a = 1) (hu : sqDist u a ≤ e) (hv : sqDist v a ≤ e)
    (he : e ≤ 2) :
    2 * ((1 - e / 2) * (1 - e / 2)) - 1 ≤ dot u v := by
  have hp : 1 - e / 2 ≤ dot u a := by
    rw [sqDist_eq, hu1, ha1] at hu
    grind
  have hq : 1 - e / 2 ≤ dot v a := by
    rw [sqDist_eq, hv1, ha1] at hv
    grind
  have hp1 : dot u a * dot u a ≤ 1 := by
    have := dot_mul_dot_le u a
    rw [hu1, ha1] at this
    grind
  have hq1 : dot v a * dot v a ≤ 1 := by
    have := dot_mul_dot_le v a
    rw [hv1, ha1] at this
    grind
  -- Cauchy–Schwarz for the components orthogonal to `a`
  have hcs := dot_mul_dot_le (fun i => u i - dot u a * a i) (fun i => v i - dot v a * a i)
  rw [dot_sub_smul_sub_smul u v a ha1] at hcs
  have hnu : sqNorm (fun i => u i - dot u a * a i) = 1 - dot u a * dot u a := by
    unfold sqNorm
    rw [dot_sub_smul_sub_smul u u a ha1]
    unfold sqNorm at hu1
    rw [hu1]
  have hnv : sqNorm (fun i => v i - dot v a * a i) = 1 - dot v a * dot v a := by
    unfold sqNorm
    rw [dot_sub_smul_sub_smul v v a ha1]
    unfold sqNorm at hv1
    rw [hv1]
  rw [hnu, hnv] at hcs
  generalize hc : 1 - e / 2 = c at hp hq ⊢
  have hc0 : 0 ≤ c := by grind
  generalize dot u a = p at hp hp1 hcs
  generalize dot v a = q at hq hq1 hcs
  generalize dot u v = s at hcs ⊢
  -- `c² ≤ p²`, `c² ≤ q²` and `c² ≤ p q`
  have hcp : c * c ≤ p * p := mul_le_mul_of_nonneg hc0 hp hc0 hp
  have hcq : c * c ≤ q * q := mul_le_mul_of_nonneg hc0 hq hc0 hq
  have hpq : c * c ≤ p * q := mul_le_mul_of_nonneg hc0 hp hc0 hq
  -- `(1 - p²)(1 - q²) ≤ (1 - c²)²`, so `s - p q ≥ -(1 - c²)`
  have hprod : (1 - p * p) * (1 - q * q) ≤ (1 - c * c) * (1 - c * c) :=
    mul_le_mul_of_nonneg (by grind) (by grind) (by grind) (by grind)
  have hlow := neg_le_of_mul_self_le (Rat.le_trans hcs hprod) (by grind)
  grind

/-- **The exact smoothness-binding frontier for unit vectors**: for unit vectors `w` (image) and
`u`, `v`, `a` (two captions and their anchor) with `‖u - a‖² ≤ e` and `‖v - a‖² ≤ e`, `e ≤ 2`,
the binding margin satisfies `(⟨w, u⟩ - ⟨w, v⟩)² ≤ e (4 - e)`: the margin is at most
`2ε √(1 - ε²/4)` for `e = ε²`, strictly below `2ε` when `ε > 0`. -/
theorem margin_sq_le_of_unit {d : Nat} (w u v a : Fin d → Rat) (e : Rat) (hw : sqNorm w = 1)
    (hu1 : sqNorm u = 1) (hv1 : sqNorm v = 1) (ha1 : sqNorm a = 1) (hu : sqDist u a ≤ e)
    (hv : sqDist v a ≤ e) (he : e ≤ 2) :
    (dot w u - dot w v) * (dot w u - dot w v) ≤ e * (4 - e) := by
  have hcs := dot_mul_dot_le w (fun i => u i - v i)
  rw [dot_sub_right, hw] at hcs
  have huv : sqNorm (fun i => u i - v i) = 2 - 2 * dot u v := by
    rw [← sqDist_eq_sqNorm_sub, sqDist_eq, hu1, hv1]
    grind
  rw [huv] at hcs
  have hs := two_mul_sq_sub_one_le_dot u v a e hu1 hv1 ha1 hu hv he
  grind

/-- The plane vector `(x, y)`. -/
def vec2 (x y : Rat) : Fin 2 → Rat := fun i => if i.val = 0 then x else y

/-- The inner product of two plane vectors: `⟨(a, b), (c, e)⟩ = a c + b e`. -/
theorem dot_vec2 (a b c e : Rat) : dot (vec2 a b) (vec2 c e) = a * c + b * e := by
  unfold dot vec2
  simp only [sumFin_succ, sumFin_zero]
  grind

/-- **The frontier is attained**: for every rational point `(c, s)` of the unit circle with
`c ≥ 0`, at the level `e = 2 - 2c ≤ 2` the unit vectors `w = (0, 1)`, `a = (1, 0)`,
`u = (c, s)`, `v = (c, -s)` have `‖u - a‖² = ‖v - a‖² = e` and margin
`(⟨w, u⟩ - ⟨w, v⟩)² = e (4 - e)` (in the plane, hence in every dimension `d ≥ 2` by padding with
zeros). -/
theorem margin_sq_eq_of_unit (c s : Rat) (hcs : c * c + s * s = 1) :
    sqNorm (vec2 0 1) = 1 ∧ sqNorm (vec2 1 0) = 1 ∧ sqNorm (vec2 c s) = 1 ∧ sqNorm (vec2 c (-s)) = 1 ∧
      sqDist (vec2 c s) (vec2 1 0) = 2 - 2 * c ∧ sqDist (vec2 c (-s)) (vec2 1 0) = 2 - 2 * c ∧
      (dot (vec2 0 1) (vec2 c s) - dot (vec2 0 1) (vec2 c (-s))) *
          (dot (vec2 0 1) (vec2 c s) - dot (vec2 0 1) (vec2 c (-s))) =
        (2 - 2 * c) * (4 - (2 - 2 * c)) := by
  have hd : ∀ x y : Fin 2 → Rat, sqDist x y = sqNorm x - 2 * dot x y + sqNorm y := sqDist_eq
  unfold sqNorm
  simp only [hd, sqNorm, dot_vec2]
  refine ⟨by grind, by grind, by grind, by grind, by grind, by grind, by grind⟩

/-! ## A concrete configuration -/

/-- Instance: the rational point `(3/5, 4/5)` of the circle gives unit captions `u = (3/5, 4/5)`,
`v = (3/5, -4/5)` at squared distance `e = 4/5` from the anchor `a = (1, 0)`, and the image vector
`w = (0, 1)` gives them the margin `8/5`, so `(8/5)² = 64/25 = e (4 - e)`, below `4e = 80/25`:
the frontier of unit vectors, not the `2ε` of arbitrary ones. -/
theorem margin_instance_unit :
    sqNorm (vec2 0 1) = 1 ∧ sqNorm (vec2 1 0) = 1 ∧ sqNorm (vec2 (3 / 5) (4 / 5)) = 1 ∧
      sqNorm (vec2 (3 / 5) (-4 / 5)) = 1 ∧
      sqDist (vec2 (3 / 5) (4 / 5)) (vec2 1 0) = 4 / 5 ∧ sqDist (vec2 (3 / 5) (-4 / 5)) (vec2 1 0) = 4 / 5 ∧
      dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-4 / 5)) = 8 / 5 ∧
      (4 / 5 : Rat) * (4 - 4 / 5) = 64 / 25 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `margin_sq_le` applied to the configuration of `margin_instance_unit` at `ε = 1` (both captions
are within squared distance `4/5 ≤ 1` of the anchor). -/
theorem margin_sq_le_satisfiable :
    (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-4 / 5))) *
      (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-4 / 5))) ≤ 4 * (1 * 1) :=
  margin_sq_le (vec2 0 1) (vec2 (3 / 5) (4 / 5)) (vec2 (3 / 5) (-4 / 5)) (vec2 1 0) 1
    (by decide +kernel) (by decide +kernel) (by decide +kernel)

/-- `eq_zero_of_sqNorm_eq_zero` applied to the zero plane vector. -/
theorem eq_zero_of_sqNorm_eq_zero_satisfiable : vec2 0 0 1 = 0 :=
  eq_zero_of_sqNorm_eq_zero (vec2 0 0) (by decide +kernel) 1

/-- `neg_le_of_mul_self_le` applied to `t = -1`, `m = 1`. -/
theorem neg_le_of_mul_self_le_satisfiable : -(1 : Rat) ≤ -1 :=
  neg_le_of_mul_self_le (t := -1) (m := 1) (by decide +kernel) (by decide +kernel)

/-- `mul_le_mul_of_nonneg` applied to `1 ≤ 2` and `2 ≤ 3`. -/
theorem mul_le_mul_of_nonneg_satisfiable : (1 : Rat) * 2 ≤ 2 * 3 :=
  mul_le_mul_of_nonneg (by decide +kernel) (by decide +kernel) (by decide +kernel) (by decide +kernel)

/-- `dot_sub_smul_sub_smul` applied to the unit anchor `(1, 0)`. -/
theorem dot_sub_smul_sub_smul_satisfiable :
    dot (fun i => vec2 (3 / 5) (4 / 5) i - dot (vec2 (3 / 5) (4 / 5)) (vec2 1 0) * vec2 1 0 i)
        (fun i => vec2 (3 / 5) (-4 / 5) i - dot (vec2 (3 / 5) (-4 / 5)) (vec2 1 0) * vec2 1 0 i) =
      dot (vec2 (3 / 5) (4 / 5)) (vec2 (3 / 5) (-4 / 5)) -
        dot (vec2 (3 / 5) (4 / 5)) (vec2 1 0) * dot (vec2 (3 / 5) (-4 / 5)) (vec2 1 0) :=
  dot_sub_smul_sub_smul _ _ _ (by decide +kernel)

/-- `two_mul_sq_sub_one_le_dot` applied to the configuration of `margin_instance_unit`. -/
theorem two_mul_sq_sub_one_le_dot_satisfiable :
    2 * ((1 - 4 / 5 / 2) * (1 - 4 / 5 / 2)) - 1 ≤ dot (vec2 (3 / 5) (4 / 5)) (vec2 (3 / 5) (-4 / 5)) :=
  two_mul_sq_sub_one_le_dot _ _ (vec2 1 0) (4 / 5) (by decide +kernel) (by decide +kernel)
    (by decide +kernel) (by decide +kernel) (by decide +kernel) (by decide +kernel)

/-- `margin_sq_le_of_unit` applied to the configuration of `margin_instance_unit`. -/
theorem margin_sq_le_of_unit_satisfiable :
    (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-4 / 5))) *
      (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-4 / 5))) ≤
        4 / 5 * (4 - 4 / 5) :=
  margin_sq_le_of_unit (vec2 0 1) (vec2 (3 / 5) (4 / 5)) (vec2 (3 / 5) (-4 / 5)) (vec2 1 0) (4 / 5)
    (by decide +kernel) (by decide +kernel) (by decide +kernel) (by decide +kernel) (by decide +kernel)
    (by decide +kernel) (by decide +kernel)

/-- `margin_sq_eq_of_unit` applied to the rational point `(3/5, 4/5)`. -/
theorem margin_sq_eq_of_unit_satisfiable :
    sqNorm (vec2 0 1) = 1 ∧ sqNorm (vec2 1 0) = 1 ∧ sqNorm (vec2 (3 / 5) (4 / 5)) = 1 ∧
      sqNorm (vec2 (3 / 5) (-(4 / 5))) = 1 ∧
      sqDist (vec2 (3 / 5) (4 / 5)) (vec2 1 0) = 2 - 2 * (3 / 5) ∧
      sqDist (vec2 (3 / 5) (-(4 / 5))) (vec2 1 0) = 2 - 2 * (3 / 5) ∧
      (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-(4 / 5)))) *
          (dot (vec2 0 1) (vec2 (3 / 5) (4 / 5)) - dot (vec2 0 1) (vec2 (3 / 5) (-(4 / 5)))) =
        (2 - 2 * (3 / 5)) * (4 - (2 - 2 * (3 / 5))) :=
  margin_sq_eq_of_unit (3 / 5) (4 / 5) (by decide +kernel)

end MLTheory.BindingFrontier

end
