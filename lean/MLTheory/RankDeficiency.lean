/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.LinearDependence

/-!
# The intrinsic rank of a linear token mixer: deficiency and achievability

Source: `000_7a6cd69522701495.txt`, line 6 ("in a linear attention surrogate, the intrinsic rank
`r*` of the token-mixing operator is a tight lower bound: any rank-deficient model incurs
unavoidable excess risk, and the bound is achievable at `r*`").

The surrogate read here, exactly over `Rat`: a sequence of `n` tokens is mixed by a matrix
(`y = M x`), the task by a target mixer `M⋆`. A model has rank at most `k` when it factors through
`k` dimensions, `M = A B` with `A : n × k` and `B : k × n` (`FactorsThrough`). Its excess risk is
its squared error on the inputs `e_0, …, e_{n-1}`, `∑_j ‖M e_j - M⋆ e_j‖²` (`excessRisk`; the
target's own error there is `0`, and these inputs span the token space). The intrinsic rank of
`M⋆` is its number of linearly independent columns: `r` of them are independent
(`HasIndependentColumns`) and any `r + 1` are dependent.

* **deficiency** (`excessRisk_pos_of_lt`): if `M⋆` has `r` linearly independent columns, every
  model of rank `k < r` has positive excess risk. Its columns `A (B e_j)` lie in the span of the `k`
  columns of `A`, and the `r > k` coefficient vectors `B e_j` in `Rat^k` are dependent
  (`linDep_of_lt`), so the model cannot reproduce `r` independent columns;
* **achievability** (`factorsThrough_of_rank`): if moreover any `r + 1` columns of `M⋆` are
  dependent, `M⋆` factors through `r` dimensions: a model of rank `r` with excess risk `0`
  (`excessRisk_self`).

So the intrinsic rank is exactly the least inner dimension of a model without excess risk.
Positivity is what is proved: the size of the least excess risk of a rank-`k` model (Eckart–Young,
the tail of the singular values) needs real spectra and is not formalised.

The concrete instances (by `decide +kernel`) check a rank-2 mixer of three tokens, its
factorisation through two dimensions and the excess risk of a rank-1 model.
-/

@[expose] public section

noncomputable section

namespace MLTheory.RankDeficiency

-- `n` tokens
variable {n : Nat}

/-- Column `j` of a square matrix: the output `M e_j` for the input `e_j`. -/
def col (M : Mat n) (j : Fin n) : Fin n → Rat := fun i => M i j

/-- `M` factors through `k` dimensions as `A B`: entry `(i, j)` is `∑_t A i t * B t j`. -/
def FactorsThrough (M : Mat n) (k : Nat) (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat) : Prop :=
  ∀ i j, M i j = sumFin k (fun t => A i t * B t j)

/-- The columns `idx 0, …, idx (r-1)` of `M` are linearly independent: no combination with a
non-zero coefficient vanishes. -/
def HasIndependentColumns (M : Mat n) (r : Nat) (idx : Fin r → Fin n) : Prop :=
  ¬ LinDep (fun s => col M (idx s))

/-- The excess risk of the model `M` for the target `M⋆`: its squared error
`∑_j ‖M e_j - M⋆ e_j‖²` on the inputs `e_0, …, e_{n-1}`. -/
def excessRisk (M Mstar : Mat n) : Rat :=
  sumFin n (fun j => sqDist (matVec M (basisVec j)) (matVec Mstar (basisVec j)))

/-- The target has no excess risk. -/
theorem excessRisk_self (M : Mat n) : excessRisk M M = 0 := by
  unfold excessRisk
  exact Eq.trans (sumFin_congr (fun j => sqDist_self _)) (sumFin_zero_fun n)

/-- A model that differs from the target in some entry has positive excess risk. -/
theorem excessRisk_pos_of_ne (M Mstar : Mat n) (i j : Fin n) (h : M i j ≠ Mstar i j) :
    0 < excessRisk M Mstar := by
  unfold excessRisk
  refine (sumFin_pos_iff_exists_pos n _ (fun j => sqDist_nonneg _ _)).mpr ⟨j, sqDist_pos_of_ne i ?_⟩
  rw [matVec_basisVec, matVec_basisVec]
  exact h

/-- **Deficiency**: if the target `M⋆` has `r` linearly independent columns, every model that
factors through `k < r` dimensions has positive excess risk. -/
theorem excessRisk_pos_of_lt (Mstar : Mat n) (r : Nat) (idx : Fin r → Fin n)
    (hind : HasIndependentColumns Mstar r idx) (k : Nat) (hk : k < r) (M : Mat n)
    (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat) (hM : FactorsThrough M k A B) :
    0 < excessRisk M Mstar := by
  apply Classical.byContradiction
  intro hnot
  -- otherwise the model equals the target entry by entry
  have heq : ∀ i j, M i j = Mstar i j := by
    intro i j
    apply Classical.byContradiction
    intro hne
    exact hnot (excessRisk_pos_of_ne M Mstar i j hne)
  -- the `r > k` coefficient vectors `B e_{idx s}` in `Rat^k` are dependent
  obtain ⟨c, hc, hzero⟩ := linDep_of_lt k r hk (fun s t => B t (idx s))
  have hz : ∀ t, sumFin r (fun s => c s * B t (idx s)) = 0 := fun t => hzero t
  apply hind
  refine ⟨c, hc, fun i => ?_⟩
  show sumFin r (fun s => c s * Mstar i (idx s)) = 0
  have e : sumFin r (fun s => c s * Mstar i (idx s)) =
      sumFin k (fun t => A i t * sumFin r (fun s => c s * B t (idx s))) := by
    rw [sumFin_congr (g := fun s => sumFin k (fun t => c s * (A i t * B t (idx s))))
      (fun s => by
        show c s * Mstar i (idx s) = sumFin k (fun t => c s * (A i t * B t (idx s)))
        rw [← heq, hM i (idx s), sumFin_mul_left])]
    rw [sumFin_comm]
    refine sumFin_congr (fun t => ?_)
    rw [← sumFin_mul_left]
    exact sumFin_congr (fun s => by grind)
  rw [e]
  exact Eq.trans (sumFin_congr (fun t => by rw [hz t, Rat.mul_zero])) (sumFin_zero_fun k)

/-- The indices `j, idx 0, …, idx (r-1)`: column `j` first, then the chosen ones. -/
def consIndex {r : Nat} (j : Fin n) (idx : Fin r → Fin n) : Fin (r + 1) → Fin n :=
  fun t => Fin.cases j idx t

/-- **Every column is a combination of `r` independent ones** when any `r + 1` columns are
dependent: column `j` of `M⋆` is `∑_s b_s · (column idx s)` for some coefficients `b`. -/
theorem exists_col_eq_combination (Mstar : Mat n) (r : Nat) (idx : Fin r → Fin n)
    (hind : HasIndependentColumns Mstar r idx)
    (hdep : ∀ idx' : Fin (r + 1) → Fin n, LinDep (fun s => col Mstar (idx' s))) (j : Fin n) :
    ∃ b : Fin r → Rat, ∀ i, Mstar i j = sumFin r (fun s => b s * Mstar i (idx s)) := by
  obtain ⟨c, ⟨t0, ht0⟩, hzero⟩ := hdep (consIndex j idx)
  have hsplit : ∀ i, c 0 * Mstar i j + sumFin r (fun s => c s.succ * Mstar i (idx s)) = 0 := by
    intro i
    have := hzero i
    rw [sumFin_succ] at this
    exact this
  -- the coefficient of column `j` is not zero, or the chosen columns would be dependent
  have hc0 : c 0 ≠ 0 := by
    intro h0
    apply hind
    refine ⟨fun s => c s.succ, ?_, fun i => ?_⟩
    · exact Fin.cases (motive := fun t => c t ≠ 0 → ∃ s, c (Fin.succ s) ≠ 0) (fun h => absurd h0 h)
        (fun s hs => ⟨s, hs⟩) t0 ht0
    · have := hsplit i
      rw [h0, Rat.zero_mul, Rat.zero_add] at this
      exact this
  refine ⟨fun s => -(c s.succ) * (c 0)⁻¹, fun i => ?_⟩
  show Mstar i j = sumFin r (fun s => -(c s.succ) * (c 0)⁻¹ * Mstar i (idx s))
  have hinv : c 0 * (c 0)⁻¹ = 1 := Rat.mul_inv_cancel _ hc0
  have hsum : sumFin r (fun s => -(c s.succ) * (c 0)⁻¹ * Mstar i (idx s)) =
      -((c 0)⁻¹ * sumFin r (fun s => c s.succ * Mstar i (idx s))) := by
    rw [← sumFin_mul_left, ← sumFin_neg]
    exact sumFin_congr (fun s => by grind)
  rw [hsum]
  have hs := hsplit i
  generalize sumFin r (fun s => c s.succ * Mstar i (idx s)) = S at hs ⊢
  generalize (c 0)⁻¹ = u at hinv ⊢
  have : S = -(c 0 * Mstar i j) := by grind
  rw [this]
  grind

/-- **Achievability**: if the target has `r` independent columns and any `r + 1` of its columns
are dependent, it factors through `r` dimensions (`A` = the `r` chosen columns): a model of rank
`r` with no excess risk. -/
theorem factorsThrough_of_rank (Mstar : Mat n) (r : Nat) (idx : Fin r → Fin n)
    (hind : HasIndependentColumns Mstar r idx)
    (hdep : ∀ idx' : Fin (r + 1) → Fin n, LinDep (fun s => col Mstar (idx' s))) :
    ∃ (A : Fin n → Fin r → Rat) (B : Fin r → Fin n → Rat), FactorsThrough Mstar r A B := by
  have hb := fun j => exists_col_eq_combination Mstar r idx hind hdep j
  refine ⟨fun i s => Mstar i (idx s), fun s j => Classical.choose (hb j) s, fun i j => ?_⟩
  rw [Classical.choose_spec (hb j) i]
  exact sumFin_congr (fun s => Rat.mul_comm _ _)

/-! ## A concrete mixer -/

/-- A mixer of three tokens of rank 2: rows `(1, 0, 1)`, `(0, 1, 1)`, `(1, 1, 2)` (the third
column is the sum of the first two, and so is the third row). -/
def mixer : Mat 3 := fun i j => ([[1, 0, 1], [0, 1, 1], [1, 1, 2]].getD i.val []).getD j.val 0

/-- Its factorisation through two dimensions: `A` = the first two columns. -/
def mixerA : Fin 3 → Fin 2 → Rat := fun i s => mixer i ⟨s.val, Nat.lt_trans s.isLt (by decide)⟩

/-- The coefficients: column `j` is `B 0 j` times column `0` plus `B 1 j` times column `1`. -/
def mixerB : Fin 2 → Fin 3 → Rat := fun s j => ([[1, 0, 1], [0, 1, 1]].getD s.val []).getD j.val 0

/-- The rank-1 model `x ↦ (x₀ + x₁ + x₂) (1, 1, 2)`: every column is `(1, 1, 2)`. -/
def rankOneModel : Mat 3 := fun i _ => [1, 1, 2].getD i.val 0

/-- Instance: the mixer factors through two dimensions (`A B` reproduces it entry by entry), the
rank-1 model (one column `(1, 1, 2)` times the row `(1, 1, 1)`) has excess risk `4` against it, and
the mixer has none against itself. -/
theorem rankDeficiency_instance_mixer :
    (∀ i j, mixer i j = sumFin 2 (fun t => mixerA i t * mixerB t j)) ∧
      (∀ i j, rankOneModel i j = sumFin 1 (fun _ => [1, 1, 2].getD i.val 0 * 1)) ∧
      excessRisk rankOneModel mixer = 4 ∧ excessRisk mixer mixer = 0 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The one-token mixer `[[1]]`. -/
def unitMixer : Mat 1 := fun _ _ => 1

/-- The column of `[[1]]` is independent. -/
theorem unitMixer_hasIndependentColumns : HasIndependentColumns unitMixer 1 (fun _ => 0) := by
  rintro ⟨c, ⟨s, hs⟩, h⟩
  have h0 := h 0
  simp only [sumFin_succ, sumFin_zero, col, unitMixer] at h0
  have hs0 : s = 0 := by
    cases s with
    | mk v hv =>
      cases v with
      | zero => rfl
      | succ v => omega
  rw [hs0] at hs
  grind

/-- Any two columns of `[[1]]` are dependent (they are the same column). -/
theorem unitMixer_dep : ∀ idx' : Fin 2 → Fin 1, LinDep (fun s => col unitMixer (idx' s)) := by
  intro idx'
  refine ⟨fun s => if s.val = 0 then 1 else -1, ⟨0, by decide +kernel⟩, fun a => ?_⟩
  simp only [sumFin_succ, sumFin_zero, col, unitMixer]
  decide +kernel

/-- `excessRisk_pos_of_ne` applied to the rank-1 model against the mixer (entry `(0, 1)`). -/
theorem excessRisk_pos_of_ne_satisfiable : 0 < excessRisk rankOneModel mixer :=
  excessRisk_pos_of_ne rankOneModel mixer 0 1 (by decide +kernel)

/-- `excessRisk_pos_of_lt` applied to `[[1]]` and the zero model (rank `0 < 1`). -/
theorem excessRisk_pos_of_lt_satisfiable : 0 < excessRisk (fun _ _ => 0) unitMixer :=
  excessRisk_pos_of_lt unitMixer 1 _ unitMixer_hasIndependentColumns 0 (by decide) (fun _ _ => 0)
    (fun _ t => t.elim0) (fun t _ => t.elim0) (fun _ _ => rfl)

/-- `exists_col_eq_combination` applied to `[[1]]`. -/
theorem exists_col_eq_combination_satisfiable :
    ∃ b : Fin 1 → Rat, ∀ i, unitMixer i 0 = sumFin 1 (fun s => b s * unitMixer i ((fun _ => 0) s)) :=
  exists_col_eq_combination unitMixer 1 _ unitMixer_hasIndependentColumns unitMixer_dep 0

/-- `factorsThrough_of_rank` applied to `[[1]]`. -/
theorem factorsThrough_of_rank_satisfiable :
    ∃ (A : Fin 1 → Fin 1 → Rat) (B : Fin 1 → Fin 1 → Rat), FactorsThrough unitMixer 1 A B :=
  factorsThrough_of_rank unitMixer 1 _ unitMixer_hasIndependentColumns unitMixer_dep

end MLTheory.RankDeficiency

end
