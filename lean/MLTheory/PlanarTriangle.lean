/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.BalancedCode

/-!
# In the plane, a balanced equal-norm code of three prototypes needs `√3`

Source: `004_725b34af8153ec2b.txt`, line 24 (balanced equal-norm codes, "prototype
configurations with equal lengths and zero sum, which exist for all d >= 2").

Over `Rat` the existence of such codes fails in dimension `2` already for `C = 3`: three vectors
of `Rat²` with equal squared norm `r` and zero sum force `3 r² = (2 D)²` with `D` the determinant
of two of them (their inner product is `-r/2`, and `|a|²|b|² = ⟨a, b⟩² + D²`), so `r ≠ 0` would
give the rational square root `2 D / r` of `3`. We prove:

* `3` has no rational square root (`mul_self_ne_three`), by descent on `a² = 3 b²` in `ℕ`
  (`eq_zero_of_mul_self_eq_three_mul`);
* three rational plane vectors with equal squared norm `r` and zero sum have `r = 0`, i.e. are all
  zero (`eq_zero_of_sum_eq_zero_of_sqNorm_eq`, and for codes
  `balanced_equalNorm_plane_three_eq_zero`): the regular triangle (with the angles of `120°`)
  has no rational coordinates, so rational codes in `d = 2` need other sizes, and the real
  existence claim needs irrational coordinates.

**Scope.** `C = 3` only (that every odd `C` fails in `Rat²` is not formalised); with `3 ≤ d`
rational codes of every size exist (`MLTheory.RationalCode`). The concrete instance
(`_instance_`, by `decide +kernel`) checks that no fraction with small numerator and denominator
squares to `3`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.PlanarTriangle

open MLTheory.BalancedCode

/-! ## `3` has no rational square root -/

/-- If `3` divides `x²`, it divides `x`. -/
theorem mod_three_eq_zero_of_mul_self (x : Nat) (h : (x * x) % 3 = 0) : x % 3 = 0 := by
  rw [Nat.mul_mod] at h
  have hlt : x % 3 < 3 := Nat.mod_lt _ (by decide)
  rcases (by omega : x % 3 = 0 ∨ x % 3 = 1 ∨ x % 3 = 2) with h0 | h0 | h0
  · exact h0
  · rw [h0] at h; exact absurd h (by decide)
  · rw [h0] at h; exact absurd h (by decide)

/-- `(3 y)² = 3 · (3 y²)`. -/
theorem three_mul_mul_self (y : Nat) : (3 * y) * (3 * y) = 3 * (3 * (y * y)) := by
  rw [Nat.mul_mul_mul_comm]
  omega

/-- **Descent**: `a² = 3 b²` in `ℕ` forces `b = 0`. -/
theorem eq_zero_of_mul_self_eq_three_mul : ∀ (b a : Nat), a * a = 3 * (b * b) → b = 0 := by
  intro b
  induction b using Nat.strongRecOn with
  | _ b ih =>
    intro a h
    have ha : a % 3 = 0 := mod_three_eq_zero_of_mul_self a (by rw [h]; exact Nat.mul_mod_right 3 _)
    obtain ⟨a', rfl⟩ : ∃ a', a = 3 * a' := ⟨a / 3, by omega⟩
    rw [three_mul_mul_self] at h
    have hb' : b * b = 3 * (a' * a') := by omega
    have hb : b % 3 = 0 := mod_three_eq_zero_of_mul_self b (by rw [hb']; exact Nat.mul_mod_right 3 _)
    obtain ⟨b', rfl⟩ : ∃ b', b = 3 * b' := ⟨b / 3, by omega⟩
    rw [three_mul_mul_self] at hb'
    have ha' : a' * a' = 3 * (b' * b') := by omega
    by_cases hz : b' = 0
    · rw [hz]
    · have := ih b' (by omega) a' ha'
      exact absurd this hz

/-- **`3` has no rational square root.** -/
theorem mul_self_ne_three (q : Rat) : q * q ≠ 3 := by
  intro h
  have hdZ : (q.den : Int) ≠ 0 := by have := q.den_nz; omega
  have hd : ((q.den : Int) : Rat) ≠ 0 := fun e =>
    hdZ (Rat.intCast_inj.mp (e.trans Rat.intCast_zero.symm))
  have hq : q = (q.num : Rat) / ((q.den : Int) : Rat) := by
    rw [← Rat.divInt_eq_div, Rat.num_divInt_den]
  -- `num² = 3 den²` over `Rat`, then over `Int`, then over `ℕ` with `natAbs`
  have h1 : (q.num : Rat) * q.num = 3 * (((q.den : Int) : Rat) * ((q.den : Int) : Rat)) := by
    rw [hq] at h
    have hinv : ((q.den : Int) : Rat) * ((q.den : Int) : Rat)⁻¹ = 1 := Rat.mul_inv_cancel _ hd
    rw [Rat.div_def] at h
    have e2 : ((q.num : Rat) * ((q.den : Int) : Rat)⁻¹) * ((q.num : Rat) * ((q.den : Int) : Rat)⁻¹) *
        (((q.den : Int) : Rat) * ((q.den : Int) : Rat)) =
        (q.num : Rat) * q.num * ((((q.den : Int) : Rat) * ((q.den : Int) : Rat)⁻¹) *
          (((q.den : Int) : Rat) * ((q.den : Int) : Rat)⁻¹)) := by
      grind
    rw [hinv, h] at e2
    grind
  have h2 : q.num * q.num = 3 * ((q.den : Int) * q.den) := by
    have : ((q.num * q.num : Int) : Rat) = ((3 * ((q.den : Int) * q.den) : Int) : Rat) := by
      rw [Rat.intCast_mul, Rat.intCast_mul, Rat.intCast_mul, Rat.intCast_ofNat]
      exact h1
    exact Rat.intCast_inj.mp this
  have h3 : q.num.natAbs * q.num.natAbs = 3 * (q.den * q.den) := by
    have := congrArg Int.natAbs h2
    rw [Int.natAbs_mul, Int.natAbs_mul, Int.natAbs_mul] at this
    have e3 : Int.natAbs (q.den : Int) = q.den := by simp
    have e4 : Int.natAbs 3 = 3 := rfl
    rw [e3, e4] at this
    exact this
  exact q.den_nz (eq_zero_of_mul_self_eq_three_mul q.den q.num.natAbs h3)

/-! ## Three equal-norm plane vectors summing to zero are zero -/

/-- **Three rational plane vectors `a, b, c` with squared norms `r` and `a + b + c = 0` have
`r = 0`**: otherwise `2 D / r` (with `D = a₀ b₁ - a₁ b₀`) would be a rational square root of `3`. -/
theorem eq_zero_of_sum_eq_zero_of_sqNorm_eq (a0 a1 b0 b1 c0 c1 r : Rat)
    (h0 : a0 + b0 + c0 = 0) (h1 : a1 + b1 + c1 = 0) (ha : a0 * a0 + a1 * a1 = r)
    (hb : b0 * b0 + b1 * b1 = r) (hc : c0 * c0 + c1 * c1 = r) : r = 0 := by
  have hc0 : c0 = -(a0 + b0) := by grind
  have hc1 : c1 = -(a1 + b1) := by grind
  rw [hc0, hc1] at hc
  -- the inner product is `-r/2`
  have hP : 2 * (a0 * b0 + a1 * b1) = -r := by grind
  -- Lagrange's identity in the plane
  have hL : (a0 * a0 + a1 * a1) * (b0 * b0 + b1 * b1) =
      (a0 * b0 + a1 * b1) * (a0 * b0 + a1 * b1) + (a0 * b1 - a1 * b0) * (a0 * b1 - a1 * b0) := by
    grind
  rw [ha, hb] at hL
  have h3 : 3 * (r * r) = (2 * (a0 * b1 - a1 * b0)) * (2 * (a0 * b1 - a1 * b0)) := by
    have e : 4 * (r * r) = (2 * (a0 * b0 + a1 * b1)) * (2 * (a0 * b0 + a1 * b1)) +
        (2 * (a0 * b1 - a1 * b0)) * (2 * (a0 * b1 - a1 * b0)) := by rw [hL]; grind
    rw [hP] at e
    grind
  apply Classical.byContradiction
  intro hr
  apply mul_self_ne_three (2 * (a0 * b1 - a1 * b0) / r)
  have hinv : r * r⁻¹ = 1 := Rat.mul_inv_cancel _ hr
  rw [Rat.div_def]
  have e : 2 * (a0 * b1 - a1 * b0) * r⁻¹ * (2 * (a0 * b1 - a1 * b0) * r⁻¹) =
      ((2 * (a0 * b1 - a1 * b0)) * (2 * (a0 * b1 - a1 * b0))) * (r⁻¹ * r⁻¹) := by grind
  rw [e, ← h3]
  have e2 : 3 * (r * r) * (r⁻¹ * r⁻¹) = 3 * ((r * r⁻¹) * (r * r⁻¹)) := by grind
  rw [e2, hinv]
  grind

/-- **No rational regular triangle**: a balanced code of `3` prototypes in `Rat²` whose squared
norms all equal `r` has `r = 0` (all prototypes are zero). -/
theorem balanced_equalNorm_plane_three_eq_zero (μ : Fin 3 → Fin 2 → Rat) (hμ : IsBalanced μ)
    (r : Rat) (hr : ∀ c, sqNorm (μ c) = r) : r = 0 := by
  have h0 : μ 0 0 + μ 1 0 + μ 2 0 = 0 := by
    have := hμ 0
    have e : sumFin 3 (fun c => μ c 0) = μ 0 0 + (μ 1 0 + (μ 2 0 + 0)) := rfl
    rw [e] at this
    grind
  have h1 : μ 0 1 + μ 1 1 + μ 2 1 = 0 := by
    have := hμ 1
    have e : sumFin 3 (fun c => μ c 1) = μ 0 1 + (μ 1 1 + (μ 2 1 + 0)) := rfl
    rw [e] at this
    grind
  have hn : ∀ c, μ c 0 * μ c 0 + μ c 1 * μ c 1 = r := fun c => by
    have := hr c
    have e : sqNorm (μ c) = μ c 0 * μ c 0 + (μ c 1 * μ c 1 + 0) := rfl
    rw [e] at this
    grind
  exact eq_zero_of_sum_eq_zero_of_sqNorm_eq _ _ _ _ _ _ r h0 h1 (hn 0) (hn 1) (hn 2)

/-! ## Concrete instance -/

/-- Instance: no fraction `p / q` with `0 ≤ p ≤ 20` and `1 ≤ q ≤ 10` squares to `3` (the
closest, `7/4` and `12/7`, square to `49/16` and `144/49`). -/
theorem mul_self_ne_three_instance_small :
    (∀ p : Fin 21, ∀ q : Fin 10, ((p.val : Rat) / (q.val + 1)) * ((p.val : Rat) / (q.val + 1)) ≠ 3) ∧
      ((7 : Rat) / 4) * (7 / 4) = 49 / 16 := by
  decide +kernel

/-! ## Satisfiability witnesses

Their hypotheses hold only in the degenerate case (that is what the theorems say): all-zero
vectors and `r = 0`. -/

/-- `eq_zero_of_mul_self_eq_three_mul` applied to `a = b = 0`. -/
theorem eq_zero_of_mul_self_eq_three_mul_satisfiable : (0 : Nat) = 0 :=
  eq_zero_of_mul_self_eq_three_mul 0 0 (by decide)

/-- `eq_zero_of_sum_eq_zero_of_sqNorm_eq` applied to three zero vectors. -/
theorem eq_zero_of_sum_eq_zero_of_sqNorm_eq_satisfiable : (0 : Rat) = 0 :=
  eq_zero_of_sum_eq_zero_of_sqNorm_eq 0 0 0 0 0 0 0 (by decide +kernel) (by decide +kernel)
    (by decide +kernel) (by decide +kernel) (by decide +kernel)

/-- `balanced_equalNorm_plane_three_eq_zero` applied to the zero code in the plane. -/
theorem balanced_equalNorm_plane_three_eq_zero_satisfiable : (0 : Rat) = 0 :=
  balanced_equalNorm_plane_three_eq_zero (fun _ _ => 0) (by unfold IsBalanced; decide +kernel) 0
    (by decide +kernel)

end MLTheory.PlanarTriangle

end

end
