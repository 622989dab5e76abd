/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.MetricScores

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

**Population risk.** The same holds for the excess risk under any input distribution whose second
moment `Σ = E[x xᵀ]` is positive definite (`popExcessRisk`, `∑_i δ_iᵀ Σ δ_i` over the rows `δ_i`
of `M - M⋆`, which is `E ‖(M - M⋆) x‖²`: `popExcessRisk_secondMoment` proves it for every finite
input distribution, and the inputs `e_0, …, e_{n-1}` above are the case `Σ = I`):

* **`popExcessRisk_pos_of_lt`**: every model of rank `k < r*` has positive population excess risk;
* **`rank_tight_lower_bound`**: deficiency and achievability together, for every positive definite
  second moment.

Positivity for every rank-deficient model is what is proved; the size of the least excess risk of a
rank-`k` model (Eckart–Young, the tail of the singular values) needs real spectra and is not
formalised. The argument is linear algebra and order over a field, read here over `Rat`.

The concrete instances (by `decide +kernel`) check a rank-2 mixer of three tokens, its
factorisation through two dimensions, the excess risk of a rank-1 model, and its population excess
risk under a second moment computed from four inputs.
-/

@[expose] public section

noncomputable section

namespace MLTheory.RankDeficiency

open MLTheory.MetricScores (quadForm IsPosDef quadForm_eq_sum)

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

/-- **A model of smaller rank differs from the target**: if `M⋆` has `r` linearly independent
columns, every model that factors through `k < r` dimensions differs from `M⋆` in some entry. -/
theorem exists_ne_of_lt (Mstar : Mat n) (r : Nat) (idx : Fin r → Fin n)
    (hind : HasIndependentColumns Mstar r idx) (k : Nat) (hk : k < r) (M : Mat n)
    (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat) (hM : FactorsThrough M k A B) :
    ∃ i j, M i j ≠ Mstar i j := by
  apply Classical.byContradiction
  intro hnot
  -- otherwise the model equals the target entry by entry
  have heq : ∀ i j, M i j = Mstar i j := by
    intro i j
    apply Classical.byContradiction
    intro hne
    exact hnot ⟨i, j, hne⟩
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

/-- **Deficiency**: if the target `M⋆` has `r` linearly independent columns, every model that
factors through `k < r` dimensions has positive excess risk. -/
theorem excessRisk_pos_of_lt (Mstar : Mat n) (r : Nat) (idx : Fin r → Fin n)
    (hind : HasIndependentColumns Mstar r idx) (k : Nat) (hk : k < r) (M : Mat n)
    (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat) (hM : FactorsThrough M k A B) :
    0 < excessRisk M Mstar := by
  obtain ⟨i, j, hne⟩ := exists_ne_of_lt Mstar r idx hind k hk M A B hM
  exact excessRisk_pos_of_ne M Mstar i j hne

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

/-! ## The population excess risk -/

/-- The second moment `Σ a b = ∑_t w_t · x_t a · x_t b` of the finite input distribution that gives
the input `x t` the weight `w t`. -/
def secondMoment {s : Nat} (w : Fin s → Rat) (x : Fin s → Fin n → Rat) : Mat n :=
  fun a b => sumFin s (fun t => w t * (x t a * x t b))

/-- The population excess risk of the model `M` for the target `M⋆` under inputs with second moment
`Σ`: `∑_i δ_iᵀ Σ δ_i` over the rows `δ_i` of `M - M⋆`, i.e. `E ‖(M - M⋆) x‖²`
(`popExcessRisk_secondMoment`). -/
def popExcessRisk (S M Mstar : Mat n) : Rat :=
  sumFin n (fun i => quadForm S (fun j => M i j - Mstar i j))

/-- The quadratic form of a second moment is the weighted sum of squared projections:
`yᵀ Σ y = ∑_t w_t ⟨y, x_t⟩²`. -/
theorem quadForm_secondMoment {s : Nat} (w : Fin s → Rat) (x : Fin s → Fin n → Rat)
    (y : Fin n → Rat) :
    quadForm (secondMoment w x) y = sumFin s (fun t => w t * (dot y (x t) * dot y (x t))) := by
  rw [quadForm_eq_sum]
  have inner : ∀ a, sumFin n (fun b => y a * (secondMoment w x a b * y b)) =
      sumFin s (fun t => sumFin n (fun b => w t * ((y a * x t a) * (y b * x t b)))) := by
    intro a
    rw [sumFin_comm]
    refine sumFin_congr (fun b => ?_)
    unfold secondMoment
    rw [← sumFin_mul_right, ← sumFin_mul_left]
    exact sumFin_congr (fun t => by grind)
  rw [sumFin_congr inner, sumFin_comm]
  refine sumFin_congr (fun t => ?_)
  unfold dot
  rw [← sumFin_mul_right, ← sumFin_mul_left]
  refine Eq.trans (sumFin_congr (fun a => ?_)) rfl
  rw [← sumFin_mul_left, ← sumFin_mul_left]

/-- **The population excess risk is the expected squared error**: under the finite input
distribution `(w, x)`, `popExcessRisk Σ M M⋆ = ∑_t w_t ‖M x_t - M⋆ x_t‖²` with `Σ` its second
moment. -/
theorem popExcessRisk_secondMoment {s : Nat} (w : Fin s → Rat) (x : Fin s → Fin n → Rat)
    (M Mstar : Mat n) :
    popExcessRisk (secondMoment w x) M Mstar =
      sumFin s (fun t => w t * sqDist (matVec M (x t)) (matVec Mstar (x t))) := by
  unfold popExcessRisk
  rw [sumFin_congr (fun i => quadForm_secondMoment w x _), sumFin_comm]
  refine sumFin_congr (fun t => ?_)
  unfold sqDist
  rw [← sumFin_mul_left]
  refine sumFin_congr (fun i => ?_)
  have h : dot (fun j => M i j - Mstar i j) (x t) = matVec M (x t) i - matVec Mstar (x t) i := by
    unfold dot matVec
    rw [← sumFin_sub]
    exact sumFin_congr (fun j => by grind)
  rw [h]

/-- A positive definite matrix has a non-negative quadratic form. -/
theorem quadForm_nonneg_of_isPosDef {S : Mat n} (hS : IsPosDef S) (y : Fin n → Rat) :
    0 ≤ quadForm S y := by
  by_cases hy : ∃ a, y a ≠ 0
  · exact Rat.le_of_lt (hS y hy)
  · have hz : ∀ a, y a = 0 := fun a => Classical.byContradiction (fun h => hy ⟨a, h⟩)
    have h0 : quadForm S y = 0 := by
      rw [quadForm_eq_sum]
      exact Eq.trans (sumFin_congr (fun a => Eq.trans
        (sumFin_congr (fun b => by rw [hz a, Rat.zero_mul])) (sumFin_zero_fun n))) (sumFin_zero_fun n)
    rw [h0]
    exact Rat.le_refl

/-- The target has no population excess risk. -/
theorem popExcessRisk_self (S M : Mat n) : popExcessRisk S M M = 0 := by
  unfold popExcessRisk
  refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_zero_fun n)
  rw [quadForm_eq_sum]
  exact Eq.trans (sumFin_congr (fun a => Eq.trans
    (sumFin_congr (fun b => by grind)) (sumFin_zero_fun n)))
    (sumFin_zero_fun n)

/-- Under a positive definite second moment, a model that differs from the target in some entry
has positive population excess risk. -/
theorem popExcessRisk_pos_of_ne {S : Mat n} (hS : IsPosDef S) (M Mstar : Mat n) (i j : Fin n)
    (h : M i j ≠ Mstar i j) : 0 < popExcessRisk S M Mstar := by
  unfold popExcessRisk
  refine (sumFin_pos_iff_exists_pos n _ (fun i => quadForm_nonneg_of_isPosDef hS _)).mpr
    ⟨i, hS _ ⟨j, fun h0 => h (by grind)⟩⟩

/-- **Deficiency for the population risk**: if the target `M⋆` has `r` linearly independent
columns, every model that factors through `k < r` dimensions has positive excess risk under every
input distribution with a positive definite second moment. -/
theorem popExcessRisk_pos_of_lt {S : Mat n} (hS : IsPosDef S) (Mstar : Mat n) (r : Nat)
    (idx : Fin r → Fin n) (hind : HasIndependentColumns Mstar r idx) (k : Nat) (hk : k < r)
    (M : Mat n) (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat)
    (hM : FactorsThrough M k A B) : 0 < popExcessRisk S M Mstar := by
  obtain ⟨i, j, hne⟩ := exists_ne_of_lt Mstar r idx hind k hk M A B hM
  exact popExcessRisk_pos_of_ne hS M Mstar i j hne

/-- **The intrinsic rank is a tight lower bound** (for every input distribution with a positive
definite second moment `Σ`): if the target `M⋆` has `r` linearly independent columns and any
`r + 1` of its columns are dependent, every model of rank `k < r` has positive population excess
risk, and some model of rank `r` (the target, factored through `r` dimensions) has none. -/
theorem rank_tight_lower_bound {S : Mat n} (hS : IsPosDef S) (Mstar : Mat n) (r : Nat)
    (idx : Fin r → Fin n) (hind : HasIndependentColumns Mstar r idx)
    (hdep : ∀ idx' : Fin (r + 1) → Fin n, LinDep (fun s => col Mstar (idx' s))) :
    (∀ k, k < r → ∀ (M : Mat n) (A : Fin n → Fin k → Rat) (B : Fin k → Fin n → Rat),
        FactorsThrough M k A B → 0 < popExcessRisk S M Mstar) ∧
      ∃ (A : Fin n → Fin r → Rat) (B : Fin r → Fin n → Rat),
        FactorsThrough Mstar r A B ∧ popExcessRisk S Mstar Mstar = 0 := by
  refine ⟨fun k hk M A B hM => popExcessRisk_pos_of_lt hS Mstar r idx hind k hk M A B hM, ?_⟩
  obtain ⟨A, B, h⟩ := factorsThrough_of_rank Mstar r idx hind hdep
  exact ⟨A, B, h, popExcessRisk_self S Mstar⟩

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

/-- Four inputs `(1, 1, 0)`, `e_0`, `e_1`, `e_2`, each of weight `1`. -/
def inputsEx : Fin 4 → Fin 3 → Rat :=
  fun t a => ([[1, 1, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]].getD t.val []).getD a.val 0

/-- Their second moment `[[2, 1, 0], [1, 2, 0], [0, 0, 1]]`, positive definite. -/
def covEx : Mat 3 := fun a b => ([[2, 1, 0], [1, 2, 0], [0, 0, 1]].getD a.val []).getD b.val 0

/-- Instance: the four inputs of weight `1` have the second moment `covEx`, under which the rank-1
model has population excess risk `10` against the mixer, the weighted sum of its squared errors
on the inputs (`6 + 2 + 2 + 0`); the mixer has none. -/
theorem popExcessRisk_instance_mixer :
    (∀ a b, secondMoment (fun _ => 1) inputsEx a b = covEx a b) ∧
      popExcessRisk covEx rankOneModel mixer = 10 ∧
      sumFin 4 (fun t => 1 * sqDist (matVec rankOneModel (inputsEx t)) (matVec mixer (inputsEx t))) = 10 ∧
      popExcessRisk covEx mixer mixer = 0 := by
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

/-- `covEx` is positive definite: `xᵀ Σ x = x₀² + (x₀ + x₁)² + x₁² + x₂²`. -/
theorem covEx_isPosDef : IsPosDef covEx := by
  intro x hx
  have h : quadForm covEx x =
      x 0 * x 0 + (x 0 + x 1) * (x 0 + x 1) + x 1 * x 1 + x 2 * x 2 := by
    rw [quadForm_eq_sum]
    simp only [sumFin_succ, sumFin_zero, covEx]
    simp
    grind
  rw [h]
  obtain ⟨a, ha⟩ := hx
  have h0 := mul_self_nonneg (x 0)
  have h01 := mul_self_nonneg (x 0 + x 1)
  have h1 := mul_self_nonneg (x 1)
  have h2 := mul_self_nonneg (x 2)
  have hpos : 0 < x a * x a := mul_self_pos ha
  have : a = 0 ∨ a = 1 ∨ a = 2 := by
    cases a with
    | mk v hv => (match v, hv with | 0, _ => simp | 1, _ => simp | 2, _ => simp)
  rcases this with rfl | rfl | rfl <;> grind

/-- `[[1]]` is positive definite (as a second moment: one input `1` of weight `1`). -/
theorem unitMixer_isPosDef : IsPosDef unitMixer := by
  rintro x ⟨a, ha⟩
  have h0 : a = 0 := Fin.ext (by have := a.isLt; omega)
  subst h0
  have h : quadForm unitMixer x = x 0 * x 0 := by
    rw [quadForm_eq_sum]
    simp only [sumFin_succ, sumFin_zero, unitMixer]
    grind
  rw [h]
  exact mul_self_pos ha

/-- `quadForm_nonneg_of_isPosDef` applied to `covEx`. -/
theorem quadForm_nonneg_of_isPosDef_satisfiable : 0 ≤ quadForm covEx (fun _ => 1) :=
  quadForm_nonneg_of_isPosDef covEx_isPosDef _

/-- `popExcessRisk_pos_of_ne` applied to the rank-1 model against the mixer under `covEx`. -/
theorem popExcessRisk_pos_of_ne_satisfiable : 0 < popExcessRisk covEx rankOneModel mixer :=
  popExcessRisk_pos_of_ne covEx_isPosDef rankOneModel mixer 0 1 (by decide +kernel)

/-- `exists_ne_of_lt` applied to `[[1]]` and the zero model (rank `0 < 1`). -/
theorem exists_ne_of_lt_satisfiable : ∃ i j, (fun _ _ => 0 : Mat 1) i j ≠ unitMixer i j :=
  exists_ne_of_lt unitMixer 1 _ unitMixer_hasIndependentColumns 0 (by decide) (fun _ _ => 0)
    (fun _ t => t.elim0) (fun t _ => t.elim0) (fun _ _ => rfl)

/-- `rank_tight_lower_bound` applied to `[[1]]` as target and as second moment. -/
theorem rank_tight_lower_bound_satisfiable :
    (∀ k, k < 1 → ∀ (M : Mat 1) (A : Fin 1 → Fin k → Rat) (B : Fin k → Fin 1 → Rat),
        FactorsThrough M k A B → 0 < popExcessRisk unitMixer M unitMixer) ∧
      ∃ (A : Fin 1 → Fin 1 → Rat) (B : Fin 1 → Fin 1 → Rat),
        FactorsThrough unitMixer 1 A B ∧ popExcessRisk unitMixer unitMixer unitMixer = 0 :=
  rank_tight_lower_bound unitMixer_isPosDef unitMixer 1 _ unitMixer_hasIndependentColumns unitMixer_dep

/-- `popExcessRisk_pos_of_lt` applied to `[[1]]`, the zero model and the second moment `[[1]]`. -/
theorem popExcessRisk_pos_of_lt_satisfiable : 0 < popExcessRisk unitMixer (fun _ _ => 0) unitMixer :=
  popExcessRisk_pos_of_lt unitMixer_isPosDef unitMixer 1 _ unitMixer_hasIndependentColumns 0
    (by decide) (fun _ _ => 0) (fun _ t => t.elim0) (fun t _ => t.elim0) (fun _ _ => rfl)

/-- `rank_tight_lower_bound`'s first conjunct applied to `k = 0 < 1` and the zero matrix, which
factors through `0` columns. -/
theorem rank_tight_lower_bound_lower_satisfiable :
    0 < popExcessRisk unitMixer (fun _ _ => 0) unitMixer :=
  (rank_tight_lower_bound unitMixer_isPosDef unitMixer 1 _ unitMixer_hasIndependentColumns unitMixer_dep).1 0
    (by decide) (fun _ _ => 0) (fun _ t => t.elim0) (fun t _ => t.elim0) (fun _ _ => rfl)

end MLTheory.RankDeficiency

end
