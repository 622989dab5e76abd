/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.OneDistance
public import MLTheory.Simplex

/-!
# More vectors than dimensions are dependent; one-distance codes need `d ≥ C - 1`

Source: `004_725b34af8153ec2b.txt`, line 24 (balanced equal-norm prototypes "attain
one-distance symmetry, behaving like a regular simplex, if and only if d >= C-1").

Exactly over `Rat`, in every dimension:

* **linear dependence** (`linDep_of_lt`): any `m > d` vectors of `Fin d → Rat` are linearly
  dependent — some non-trivial combination `∑ c_i v_i` vanishes (Gaussian elimination on the last
  coordinate, by induction on `d`);
* **the "only if" of the dichotomy** (`card_le_succ_of_oneDistance`): a balanced code of `C`
  prototypes in `Fin d → Rat` with equal squared norms `r² ≠ 0` and one-distance symmetry has
  `C ≤ d + 1`, i.e. `d ≥ C - 1`. By `MLTheory.OneDistance` its Gram matrix is
  `r²/(C - 1) (C I - J)`; if `C ≥ d + 2`, the first `d + 1` prototypes are dependent,
  `∑ c_i μ_i = 0`, and pairing with each `μ_j` gives `C c_j = ∑ c_i` for every `j`, hence
  `(C - d - 1) ∑ c_i = 0` and all `c_j = 0`, a contradiction. (With `r² = 0` every prototype is
  `0`, the degenerate code, which fits in every dimension.)

* **the "if" direction above the boundary** (`exists_oneDistance_code`): in every dimension
  `d ≥ C` the centred one-hot codes of `MLTheory.Simplex`, padded with zero coordinates
  (`padZeros`), are a balanced code with equal norms and one distance.

**Scope.** Rational codes, by an argument (Gaussian elimination, the Gram matrix) that is the same
over every ordered field, so the "only if" direction is proved as the paper states it. The "if"
direction is proved for `d ≥ C`, not at the boundary `d = C - 1`, where a rational regular simplex
need not exist (`MLTheory.PlanarTriangle`), and the defect parameter below the threshold is not
formalised.

The concrete instance (`_instance_`, by `decide +kernel`) checks a dependence of three plane
vectors; the `_satisfiable` theorems apply each theorem with hypotheses.
-/

@[expose] public section

noncomputable section

namespace MLTheory

/-- The vectors `v 0, …, v (m-1)` of `Fin d → Rat` are linearly dependent: some combination with
a non-zero coefficient vanishes. -/
def LinDep {m d : Nat} (v : Fin m → Fin d → Rat) : Prop :=
  ∃ c : Fin m → Rat, (∃ i, c i ≠ 0) ∧ ∀ a, sumFin m (fun i => c i * v i a) = 0

/-- The indices `0, …, d` of `Fin m` with `k` skipped (`d + 1 < m`). -/
def skipIndex {m : Nat} (k : Fin m) (d : Nat) (h : d + 1 < m) (i : Fin (d + 1)) : Fin m :=
  ⟨if i.val < k.val then i.val else i.val + 1, by have := i.isLt; split <;> omega⟩

/-- `skipIndex` never hits `k`. -/
theorem skipIndex_ne {m : Nat} (k : Fin m) (d : Nat) (h : d + 1 < m) (i : Fin (d + 1)) :
    skipIndex k d h i ≠ k := by
  intro he
  have := congrArg Fin.val he
  simp only [skipIndex] at this
  split at this <;> omega

/-- `skipIndex` is injective. -/
theorem skipIndex_inj {m : Nat} (k : Fin m) (d : Nat) (h : d + 1 < m) (i i' : Fin (d + 1))
    (he : skipIndex k d h i = skipIndex k d h i') : i = i' := by
  have := congrArg Fin.val he
  simp only [skipIndex] at this
  apply Fin.ext
  split at this <;> split at this <;> omega

/-- Re-indexing a combination: `∑_j (∑_i [τ i = j] c_i) x_j = ∑_i c_i x_{τ i}`. -/
theorem sumFin_reindex {n m : Nat} (τ : Fin n → Fin m) (c : Fin n → Rat) (x : Fin m → Rat) :
    sumFin m (fun j => sumFin n (fun i => if τ i = j then c i else 0) * x j) =
      sumFin n (fun i => c i * x (τ i)) := by
  rw [sumFin_congr (g := fun j => sumFin n (fun i => (if τ i = j then c i else 0) * x j))
    (fun j => (sumFin_mul_right _ _ _).symm), sumFin_comm]
  refine sumFin_congr (fun i => ?_)
  refine Eq.trans (sumFin_congr (fun j => ?_)) (sumFin_ite_eq' m (τ i) (c i * x (τ i)))
  by_cases h : τ i = j
  · subst h; simp
  · simp [h]

/-- **More vectors than dimensions are linearly dependent**: any `m > d` vectors of
`Fin d → Rat` have a vanishing combination with a non-zero coefficient. -/
theorem linDep_of_lt : ∀ (d m : Nat), d < m → ∀ v : Fin m → Fin d → Rat, LinDep v
  | 0, m, h, _ => ⟨fun i => if i.val = 0 then 1 else 0, ⟨⟨0, h⟩, by simp⟩, fun a => a.elim0⟩
  | d + 1, m, h, v => by
    by_cases hz : ∀ i, v i (Fin.last d) = 0
    · -- the last coordinate vanishes: drop it
      obtain ⟨c, hc, hsum⟩ := linDep_of_lt d m (by omega) (fun i a => v i a.castSucc)
      refine ⟨c, hc, fun a => ?_⟩
      cases a using Fin.lastCases with
      | last => exact Eq.trans (sumFin_congr (fun i => by rw [hz i, Rat.mul_zero])) (sumFin_zero_fun m)
      | cast a => exact hsum a
    · -- eliminate the last coordinate with a vector `v k` where it is not zero
      obtain ⟨k, hk⟩ : ∃ k, v k (Fin.last d) ≠ 0 :=
        Classical.byContradiction fun hno => hz fun i => Classical.byContradiction fun hi => hno ⟨i, hi⟩
      let τ := skipIndex k d h
      let r : Fin (d + 1) → Rat := fun i => v (τ i) (Fin.last d) / v k (Fin.last d)
      obtain ⟨c, ⟨i0, hi0⟩, hsum⟩ := linDep_of_lt d (d + 1) (by omega)
        (fun i a => v (τ i) a.castSucc - r i * v k a.castSucc)
      let lam := sumFin (d + 1) (fun i => c i * r i)
      refine ⟨fun j => sumFin (d + 1) (fun i => if τ i = j then c i else 0) -
        (if j = k then lam else 0), ⟨τ i0, ?_⟩, fun a => ?_⟩
      · have hsel : sumFin (d + 1) (fun i => if τ i = τ i0 then c i else 0) = c i0 := by
          refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq (d + 1) i0 (c i0))
          by_cases hi : i = i0
          · subst hi; simp
          · have : τ i ≠ τ i0 := fun he => hi (skipIndex_inj k d h i i0 he)
            simp [this, hi]
        show sumFin (d + 1) (fun i => if τ i = τ i0 then c i else 0) -
          (if τ i0 = k then lam else 0) ≠ 0
        rw [hsel, if_neg (skipIndex_ne k d h i0)]
        grind
      · have key : ∀ x : Fin m → Rat,
            sumFin m (fun j => (sumFin (d + 1) (fun i => if τ i = j then c i else 0) -
              (if j = k then lam else 0)) * x j) = sumFin (d + 1) (fun i => c i * x (τ i)) - lam * x k := by
          intro x
          rw [sumFin_congr (g := fun j => sumFin (d + 1) (fun i => if τ i = j then c i else 0) * x j -
              (if j = k then lam * x k else 0)) (fun j => by by_cases hj : j = k <;> simp [hj] <;> grind),
            sumFin_sub, sumFin_reindex, sumFin_ite_eq]
        rw [key (fun j => v j a)]
        have hlam : lam * v k a = sumFin (d + 1) (fun i => c i * (r i * v k a)) := by
          show sumFin (d + 1) (fun i => c i * r i) * v k a = _
          rw [← sumFin_mul_right]
          exact sumFin_congr (fun i => by grind)
        rw [hlam, ← sumFin_sub]
        cases a using Fin.lastCases with
        | last =>
          refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_zero_fun (d + 1))
          have : r i * v k (Fin.last d) = v (τ i) (Fin.last d) := Rat.div_mul_cancel hk
          rw [this]
          grind
        | cast a =>
          refine Eq.trans (sumFin_congr (fun i => ?_)) (hsum a)
          grind

/-- The first `d + 1` classes of `C ≥ d + 2`. -/
def firstIndex {C : Nat} (d : Nat) (h : d + 1 < C) (i : Fin (d + 1)) : Fin C :=
  ⟨i.val, by have := i.isLt; omega⟩

/-- **One-distance symmetry needs `d ≥ C - 1`** (the "only if" of the dichotomy, over `Rat`): a
balanced code of `C` prototypes in `Fin d → Rat` with equal squared norms `r² ≠ 0` and one-distance
symmetry has `C ≤ d + 1`. -/
theorem card_le_succ_of_oneDistance {C d : Nat} (μ : Fin C → Fin d → Rat) (r2 δ : Rat)
    (hμ : BalancedCode.IsBalanced μ) (hr : ∀ c, sqNorm (μ c) = r2) (hδ : OneDistance.IsOneDistance μ δ)
    (hr0 : r2 ≠ 0) : C ≤ d + 1 := by
  apply Classical.byContradiction
  intro hC
  have hlt : d + 1 < C := by omega
  let τ := firstIndex d hlt
  obtain ⟨c, ⟨i0, hi0⟩, hsum⟩ := linDep_of_lt d (d + 1) (Nat.lt_succ_self d) (fun i => μ (τ i))
  have hgram := OneDistance.mul_dot_eq_gram_of_oneDistance μ r2 δ hμ hr hδ
  let S := sumFin (d + 1) c
  -- pairing the vanishing combination with `μ_{τ j}`: `C c_j = S`
  have hcj : ∀ j, (C : Rat) * c j = S := by
    intro j
    have h0 : sumFin (d + 1) (fun i => c i * dot (μ (τ i)) (μ (τ j))) = 0 := by
      have : sumFin (d + 1) (fun i => c i * dot (μ (τ i)) (μ (τ j))) =
          sumFin d (fun a => sumFin (d + 1) (fun i => c i * μ (τ i) a) * μ (τ j) a) := by
        unfold dot
        rw [sumFin_congr (g := fun i => sumFin d (fun a => c i * μ (τ i) a * μ (τ j) a))
          (fun i => by rw [← sumFin_mul_left]; exact sumFin_congr (fun a => by grind)), sumFin_comm]
        exact sumFin_congr (fun a => sumFin_mul_right _ _ _)
      rw [this]
      exact Eq.trans (sumFin_congr (fun a => by rw [hsum a, Rat.zero_mul])) (sumFin_zero_fun d)
    have h1' : sumFin (d + 1) (fun i => c i * (r2 * ((C : Rat) * (if τ i = τ j then 1 else 0) - 1))) =
        ((C : Rat) - 1) * sumFin (d + 1) (fun i => c i * dot (μ (τ i)) (μ (τ j))) := by
      rw [← sumFin_mul_left]
      exact sumFin_congr (fun i => by rw [← hgram (τ i) (τ j)]; grind)
    have h1 : sumFin (d + 1) (fun i => c i * (r2 * ((C : Rat) * (if τ i = τ j then 1 else 0) - 1))) = 0 := by
      rw [h1', h0, Rat.mul_zero]
    have hsel : sumFin (d + 1) (fun i => c i * (if τ i = τ j then 1 else 0)) = c j := by
      refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq (d + 1) j (c j))
      by_cases hi : i = j
      · subst hi; simp
      · have : τ i ≠ τ j := fun he => hi (Fin.ext (by have := congrArg Fin.val he; exact this))
        simp [this, hi]
    have h2 : r2 * ((C : Rat) * c j - S) = 0 := by
      rw [← h1, ← hsel]
      show r2 * ((C : Rat) * sumFin (d + 1) (fun i => c i * (if τ i = τ j then 1 else 0)) -
        sumFin (d + 1) c) = _
      rw [← sumFin_mul_left, ← sumFin_sub, ← sumFin_mul_left]
      exact sumFin_congr (fun i => by grind)
    rcases Rat.mul_eq_zero.mp h2 with h | h
    · exact absurd h hr0
    · grind
  -- summing over `j`: `C S = (d + 1) S`, so `S = 0` and every `c_j = 0`
  have hS : ((C : Rat) - ((d + 1 : Nat) : Rat)) * S = 0 := by
    have : sumFin (d + 1) (fun j => (C : Rat) * c j) = sumFin (d + 1) (fun _ => S) :=
      sumFin_congr hcj
    rw [sumFin_mul_left, sumFin_const] at this
    show ((C : Rat) - ((d + 1 : Nat) : Rat)) * sumFin (d + 1) c = 0
    have e : (C : Rat) * sumFin (d + 1) c = ((d + 1 : Nat) : Rat) * S := this
    grind
  have hCd : ((d + 1 : Nat) : Rat) < (C : Rat) := by
    have : d + 1 < C := hlt
    exact_mod_cast this
  rcases Rat.mul_eq_zero.mp hS with h | h
  · grind
  · have h0le : (0 : Rat) ≤ ((d + 1 : Nat) : Rat) := by exact_mod_cast Nat.zero_le (d + 1)
    have hCpos : (0 : Rat) < (C : Rat) := by grind
    have := hcj i0
    rw [show S = 0 from h] at this
    rcases Rat.mul_eq_zero.mp this with h' | h'
    · grind
    · exact hi0 h'

/-! ## The "if" direction in every dimension `d ≥ C` -/

/-- A vector of `Fin n → Rat` with `e` zero coordinates put in front, in `Fin (n + e) → Rat`. -/
def padZeros {n : Nat} : (e : Nat) → (Fin n → Rat) → Fin (n + e) → Rat
  | 0, v => v
  | e + 1, v => Fin.cases 0 (padZeros e v)

/-- Zero padding keeps every sum of a function of two padded vectors that vanishes at `(0, 0)`. -/
theorem sumFin_padZeros {n : Nat} (F : Rat → Rat → Rat) (hF : F 0 0 = 0) :
    ∀ (e : Nat) (u v : Fin n → Rat),
      sumFin (n + e) (fun a => F (padZeros e u a) (padZeros e v a)) =
        sumFin n (fun a => F (u a) (v a))
  | 0, _, _ => rfl
  | e + 1, u, v => by
    show sumFin ((n + e) + 1) (fun a => F (padZeros (e + 1) u a) (padZeros (e + 1) v a)) = _
    rw [sumFin_succ]
    simp only [padZeros, Fin.cases_zero, Fin.cases_succ]
    rw [hF, sumFin_padZeros F hF e u v]
    grind

/-- A sum of padded vectors is the padded sum, coordinate by coordinate. -/
theorem sumFin_padZeros_apply {n : Nat} (C : Nat) (w : Fin C → Fin n → Rat) :
    ∀ (e : Nat) (a : Fin (n + e)),
      sumFin C (fun c => padZeros e (w c) a) = padZeros e (fun i => sumFin C (fun c => w c i)) a
  | 0, _ => rfl
  | e + 1, a => by
    cases a using Fin.cases with
    | zero =>
      simp only [padZeros, Fin.cases_zero]
      exact sumFin_zero_fun C
    | succ a =>
      simp only [padZeros, Fin.cases_succ]
      exact sumFin_padZeros_apply C w e a

/-- The zero vector stays zero when padded. -/
theorem padZeros_zero {n : Nat} : ∀ (e : Nat) (a : Fin (n + e)), padZeros e (fun _ : Fin n => 0) a = 0
  | 0, _ => rfl
  | e + 1, a => by
    cases a using Fin.cases with
    | zero => simp only [padZeros, Fin.cases_zero]
    | succ a =>
      simp only [padZeros, Fin.cases_succ]
      exact padZeros_zero e a

/-- **One-distance codes exist in every dimension `d ≥ C`** (the "if" direction of the dichotomy,
above the boundary `d = C - 1`): the centred one-hot codes of `MLTheory.Simplex`, padded with
zeros, are a balanced code of `C` prototypes in `Fin d → Rat` with equal squared norms
`(C - 1)/C` and all pairwise squared distances `2`. -/
theorem exists_oneDistance_code (C d : Nat) (h : C ≤ d) :
    ∃ μ : Fin C → Fin d → Rat, BalancedCode.IsBalanced μ ∧
      (∀ c, sqNorm (μ c) = ((C : Rat) - 1) / (C : Rat)) ∧ OneDistance.IsOneDistance μ 2 := by
  obtain ⟨e, rfl⟩ : ∃ e, d = C + e := ⟨d - C, by omega⟩
  refine ⟨fun c => padZeros e (simplexCode C c), fun a => ?_, fun c => ?_, fun a b hab => ?_⟩
  · rw [sumFin_padZeros_apply C (fun c => simplexCode C c) e a]
    have hz : (fun i => sumFin C (fun c => simplexCode C c i)) = (fun _ => 0) := by
      funext i
      rw [← simplexCode_sum_eq_zero C i]
      exact sumFin_congr (fun c => by
        unfold simplexCode
        by_cases hic : i = c
        · subst hic; rfl
        · rw [if_neg (Ne.symm hic), if_neg hic])
    rw [hz]
    exact padZeros_zero e a
  · rw [← simplexCode_sqNorm C c]
    exact sumFin_padZeros (fun x y => x * y) (by grind) e _ _
  · rw [← simplexCode_sqDist_eq_two C hab]
    exact sumFin_padZeros (fun x y => (x - y) * (x - y)) (by grind) e _ _

/-! ## A concrete dependence and satisfiability witnesses -/

/-- The plane vectors `(1, 2)`, `(3, -1)` and `(5, 3)`. -/
def threeVecs : Fin 3 → Fin 2 → Rat := fun i a =>
  ([[1, 2], [3, -1], [5, 3]].getD i.val []).getD a.val 0

/-- Instance: `2 (1, 2) + (3, -1) - (5, 3) = 0`, a dependence of three plane vectors. -/
theorem linDep_instance_three_plane :
    finList 2 (fun a => sumFin 3 (fun i => [2, 1, -1].getD i.val 0 * threeVecs i a)) = [0, 0] := by
  decide +kernel

/-- `linDep_of_lt` applied to three plane vectors. -/
theorem linDep_of_lt_satisfiable : LinDep threeVecs := linDep_of_lt 2 3 (by decide) threeVecs

/-- `skipIndex_ne` applied to skipping `1` among `4`. -/
theorem skipIndex_ne_satisfiable : skipIndex (1 : Fin 4) 2 (by decide) 1 ≠ 1 :=
  skipIndex_ne 1 2 (by decide) 1

/-- `skipIndex_inj` applied to skipping `1` among `4`. -/
theorem skipIndex_inj_satisfiable : (2 : Fin 3) = 2 :=
  skipIndex_inj (1 : Fin 4) 2 (by decide) 2 2 rfl

/-- `card_le_succ_of_oneDistance` applied to the triangle code in `ℚ³` (`3 ≤ 3 + 1`). -/
theorem card_le_succ_of_oneDistance_satisfiable : 3 ≤ 3 + 1 :=
  card_le_succ_of_oneDistance BalancedCode.triangle 2 6 BalancedCode.triangle_isBalanced
    BalancedCode.triangle_sqNorm OneDistance.triangle_isOneDistance (by decide)

/-- `exists_oneDistance_code` applied to three prototypes in four dimensions. -/
theorem exists_oneDistance_code_satisfiable :
    ∃ μ : Fin 3 → Fin 4 → Rat, BalancedCode.IsBalanced μ ∧
      (∀ c, sqNorm (μ c) = ((3 : Nat) - 1 : Rat) / ((3 : Nat) : Rat)) ∧ OneDistance.IsOneDistance μ 2 :=
  exists_oneDistance_code 3 4 (by decide)

end MLTheory

end
