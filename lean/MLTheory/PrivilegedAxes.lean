/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Linear maps that commute with ReLU are non-negative scaled permutations

Source: `000_7a6cd69522701495.txt`, line 8: for minimal networks solving a hard
task, "weak" alignment of representations by affine maps guarantees "strong" alignment of
privileged axes.

The algebraic core of that statement, exactly over `Rat` and in every dimension `n`: a linear
map can carry one ReLU layer's representation to another's only if it respects the ReLU, and the
linear maps `M` with `M (relu x) = relu (M x)` for every `x` are exactly those with non-negative
entries and at most one non-zero entry in each row (`commutesWithRelu_iff`). If such an `M` is
invertible (has a right inverse), each row has exactly one positive entry, in pairwise different
columns: `M` is a non-negative scaled permutation matrix (`exists_scaled_permutation`), so it maps
coordinate axes to coordinate axes: the axes are privileged.

**Affine maps** (the paper's "weak" alignment): `x ↦ M x + b` commutes with ReLU iff `M` is as
above and `b` is non-negative and zero on every row where `M` is not zero
(`affineCommutesWithRelu_iff`; the probes are `t e_j` for rational `t` of either sign); if `M` is
invertible every row is non-zero, so `b = 0` and `M` is a non-negative scaled permutation
(`exists_scaled_permutation_of_affine`).

The paper's notions of minimal solution, hard task and its propagation up the hierarchy are not
formalised. Concrete values are checked by `decide +kernel` in the `_example_` and `_instance_`
theorems; the `_satisfiable` theorems apply each theorem with hypotheses to `sample`.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace PrivilegedAxes

-- the width of the layer
variable {n : Nat}

/-- `M` commutes with the coordinatewise ReLU: `M (relu x) = relu (M x)` for every `x`. -/
def CommutesWithRelu (M : Mat n) : Prop :=
  ∀ x : Fin n → Rat, matVec M (reluVec x) = reluVec (matVec M x)

/-- Non-negative entries and at most one non-zero entry in each row. -/
def IsNonnegRowMonomial (M : Mat n) : Prop :=
  (∀ i j, 0 ≤ M i j) ∧ (∀ i j k, j ≠ k → M i j = 0 ∨ M i k = 0)

/-- A sum whose terms vanish off one index `j` is its `j`-th term. -/
theorem sumFin_eq_of_single (f : Fin n → Rat) (j : Fin n)
    (h : ∀ k, k ≠ j → f k = 0) : sumFin n f = f j := by
  rw [sumFin_congr (g := fun k => if k = j then f j else 0)
    (fun k => by by_cases hk : k = j <;> simp [hk, h])]
  exact sumFin_ite_eq n j (f j)

/-- `M (e_j - e_k)` has coordinates `M i j - M i k`. -/
theorem matVec_basisVec_sub (M : Mat n) (j k i : Fin n) :
    matVec M (fun l => basisVec j l - basisVec k l) i = M i j - M i k := by
  have h : matVec M (fun l => basisVec j l - basisVec k l) i =
      matVec M (basisVec j) i - matVec M (basisVec k) i := by
    unfold matVec
    rw [← sumFin_sub]
    exact sumFin_congr (fun l => by grind)
  rw [h, matVec_basisVec, matVec_basisVec]

/-- The ReLU of `e_j - e_k` (for `j ≠ k`) is `e_j`. -/
theorem reluVec_basisVec_sub {j k : Fin n} (hjk : j ≠ k) :
    reluVec (fun l => basisVec j l - basisVec k l) = basisVec j := by
  funext l
  unfold reluVec basisVec
  by_cases hl : l = j
  · subst hl
    simp only [hjk, if_true, if_false]
    unfold relu
    grind
  · by_cases hk : l = k
    · subst hk
      simp only [hl, if_true, if_false]
      unfold relu
      grind
    · simp only [hl, hk, if_false]
      unfold relu
      grind

/-- The ReLU of a basis vector is itself. -/
theorem reluVec_basisVec (j : Fin n) : reluVec (basisVec j) = basisVec j := by
  funext l
  unfold reluVec basisVec
  by_cases hl : l = j
  · simp only [hl, if_true]; unfold relu; grind
  · simp only [hl, if_false]; unfold relu; grind

/-- A map commuting with ReLU has non-negative entries. -/
theorem nonneg_of_commutesWithRelu {M : Mat n} (hM : CommutesWithRelu M) (i j : Fin n) :
    0 ≤ M i j := by
  have h := congrFun (hM (basisVec j)) i
  rw [reluVec_basisVec] at h
  unfold reluVec at h
  rw [matVec_basisVec] at h
  rw [h]
  exact relu_nonneg _

/-- A map commuting with ReLU has at most one non-zero entry in each row. -/
theorem eq_zero_or_eq_zero_of_commutesWithRelu {M : Mat n} (hM : CommutesWithRelu M)
    (i j k : Fin n) (hjk : j ≠ k) : M i j = 0 ∨ M i k = 0 := by
  have h := congrFun (hM (fun l => basisVec j l - basisVec k l)) i
  rw [reluVec_basisVec_sub hjk, matVec_basisVec] at h
  unfold reluVec at h
  rw [matVec_basisVec_sub] at h
  have hj := nonneg_of_commutesWithRelu hM i j
  have hk := nonneg_of_commutesWithRelu hM i k
  by_cases hd : 0 ≤ M i j - M i k
  · rw [relu_of_nonneg hd] at h
    right; grind
  · rw [relu_of_nonpos (t := M i j - M i k) (by grind)] at h
    left; exact h

/-- The converse: a non-negative map with at most one non-zero entry per row commutes with
ReLU. -/
theorem commutesWithRelu_of_isNonnegRowMonomial {M : Mat n}
    (hM : IsNonnegRowMonomial M) : CommutesWithRelu M := by
  intro x
  funext i
  unfold reluVec
  by_cases hrow : ∃ j, M i j ≠ 0
  · obtain ⟨j, hj⟩ := hrow
    have hoff : ∀ k, k ≠ j → M i k = 0 := by
      intro k hk
      rcases hM.2 i j k (Ne.symm hk) with h | h
      · exact absurd h hj
      · exact h
    have hsingle : ∀ y : Fin n → Rat, matVec M y i = M i j * y j := by
      intro y
      unfold matVec
      exact sumFin_eq_of_single _ j (fun k hk => by rw [hoff k hk]; grind)
    rw [hsingle, hsingle]
    exact (relu_mul_of_nonneg (hM.1 i j) (x j)).symm
  · have hz : ∀ k, M i k = 0 := fun k => Classical.byContradiction (fun h => hrow ⟨k, h⟩)
    have hzero : ∀ y : Fin n → Rat, matVec M y i = 0 := by
      intro y
      unfold matVec
      exact Eq.trans (sumFin_congr (fun k => by rw [hz k]; grind)) (sumFin_zero_fun n)
    rw [hzero, hzero]
    exact (relu_of_nonneg (t := 0) (by grind)).symm

/-- **Linear maps commuting with ReLU**: `M (relu x) = relu (M x)` for every `x` iff `M` has
non-negative entries and at most one non-zero entry in each row. -/
theorem commutesWithRelu_iff (M : Mat n) :
    CommutesWithRelu M ↔ IsNonnegRowMonomial M :=
  ⟨fun h => ⟨nonneg_of_commutesWithRelu h, eq_zero_or_eq_zero_of_commutesWithRelu h⟩,
   commutesWithRelu_of_isNonnegRowMonomial⟩

/-- **Privileged axes**: an invertible linear map (one with a right inverse `N`, `M N = I`) that
commutes with ReLU is a non-negative scaled permutation: there is an injective `σ` with
`M i (σ i) > 0` and `M i k = 0` for `k ≠ σ i`. -/
theorem exists_scaled_permutation {M N : Mat n} (hM : CommutesWithRelu M)
    (hinv : matMul M N = matId n) :
    ∃ σ : Fin n → Fin n, (∀ i i', σ i = σ i' → i = i') ∧
      ∀ i, 0 < M i (σ i) ∧ ∀ k, k ≠ σ i → M i k = 0 := by
  have hrow : ∀ i, ∃ j, 0 < M i j ∧ ∀ k, k ≠ j → M i k = 0 := by
    intro i
    by_cases h : ∃ j, M i j ≠ 0
    · obtain ⟨j, hj⟩ := h
      refine ⟨j, ?_, ?_⟩
      · have := nonneg_of_commutesWithRelu hM i j
        grind
      · intro k hk
        rcases eq_zero_or_eq_zero_of_commutesWithRelu hM i j k (Ne.symm hk) with h | h
        · exact absurd h hj
        · exact h
    · have hz : ∀ k, M i k = 0 := fun k => Classical.byContradiction (fun h' => h ⟨k, h'⟩)
      have hii := congrFun (congrFun hinv i) i
      unfold matMul matId at hii
      rw [if_pos rfl] at hii
      rw [sumFin_congr (g := fun _ => 0) (fun k => by rw [hz k]; exact Rat.zero_mul _),
        sumFin_zero_fun] at hii
      grind
  refine ⟨fun i => Classical.choose (hrow i), ?_, fun i => Classical.choose_spec (hrow i)⟩
  intro i i' heq
  apply Classical.byContradiction
  intro hne
  have hi := Classical.choose_spec (hrow i)
  have hi' := Classical.choose_spec (hrow i')
  simp only at heq
  generalize Classical.choose (hrow i) = j at hi heq
  generalize Classical.choose (hrow i') = j' at hi' heq
  subst heq
  have hii := congrFun (congrFun hinv i) i
  have hi'i := congrFun (congrFun hinv i') i
  unfold matMul matId at hii hi'i
  rw [if_pos rfl] at hii
  have hne' : ¬ i' = i := fun h => hne h.symm
  rw [if_neg hne'] at hi'i
  rw [sumFin_eq_of_single (fun k => M i k * N k i) j
    (fun k hk => by show M i k * N k i = 0; rw [hi.2 k hk]; exact Rat.zero_mul _)] at hii
  rw [sumFin_eq_of_single (fun k => M i' k * N k i) j
    (fun k hk => by show M i' k * N k i = 0; rw [hi'.2 k hk]; exact Rat.zero_mul _)] at hi'i
  have hNz : N j i = 0 := by
    rcases Rat.mul_eq_zero.mp hi'i with h | h
    · have := hi'.1; grind
    · exact h
  rw [hNz] at hii
  grind

/-! ## Affine maps -/

/-- The affine map `x ↦ M x + b`. -/
def affine (M : Mat n) (b : Fin n → Rat) (x : Fin n → Rat) : Fin n → Rat :=
  fun i => matVec M x i + b i

/-- The affine map `x ↦ M x + b` commutes with ReLU: `M (relu x) + b = relu (M x + b)` for all
`x`. -/
def AffineCommutesWithRelu (M : Mat n) (b : Fin n → Rat) : Prop :=
  ∀ x : Fin n → Rat, affine M b (reluVec x) = reluVec (affine M b x)

/-- `M (t e_j)` has coordinates `t M i j`. -/
theorem matVec_smul_basisVec (M : Mat n) (t : Rat) (j i : Fin n) :
    matVec M (fun l => t * basisVec j l) i = t * M i j := by
  have h : matVec M (fun l => t * basisVec j l) i = t * matVec M (basisVec j) i := by
    unfold matVec
    rw [← sumFin_mul_left]
    exact sumFin_congr (fun l => by grind)
  rw [h, matVec_basisVec]

/-- The ReLU of `t e_j` is `relu t · e_j`. -/
theorem reluVec_smul_basisVec (t : Rat) (j : Fin n) :
    reluVec (fun l => t * basisVec j l) = fun l => relu t * basisVec j l := by
  funext l
  unfold reluVec basisVec
  by_cases hl : l = j
  · simp [hl]
  · simp only [hl, if_false, Rat.mul_zero]
    exact relu_of_nonneg (Rat.le_refl)

/-- The row equation along an axis: if `x ↦ M x + b` commutes with ReLU, then for every `t`,
`M i j relu t + b i = relu (t M i j + b i)`. -/
theorem row_eq_of_affineCommutesWithRelu {M : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (i j : Fin n) (t : Rat) :
    relu t * M i j + b i = relu (t * M i j + b i) := by
  have : matVec M (reluVec (fun l => t * basisVec j l)) i + b i =
      relu (matVec M (fun l => t * basisVec j l) i + b i) := congrFun (h _) i
  rw [reluVec_smul_basisVec, matVec_smul_basisVec, matVec_smul_basisVec] at this
  exact this

/-- An affine map commuting with ReLU has a non-negative offset: `b i = relu (b i) ≥ 0`
(take `x = 0`). -/
theorem offset_nonneg_of_affineCommutesWithRelu {M : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (i : Fin n) : 0 ≤ b i := by
  have := row_eq_of_affineCommutesWithRelu h i i 0
  rw [relu_of_nonneg (Rat.le_refl)] at this
  have e : b i = relu (b i) := by grind
  rw [e]
  exact relu_nonneg _

/-- An affine map commuting with ReLU has a non-negative linear part. -/
theorem nonneg_of_affineCommutesWithRelu {M : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (i j : Fin n) : 0 ≤ M i j := by
  have hb := offset_nonneg_of_affineCommutesWithRelu h i
  apply Classical.byContradiction
  intro hneg
  have hM : M i j < 0 := by grind
  have hne : -M i j ≠ 0 := by grind
  -- `t = (b i + 1) / (-M i j) > 0` gives `t M i j + b i = -1`
  have ht : (b i + 1) / (-M i j) * (-M i j) = b i + 1 := Rat.div_mul_cancel hne
  generalize (b i + 1) / (-M i j) = t at ht
  have htM : t * M i j = -(b i + 1) := by grind
  have hpos : 0 ≤ t := by
    apply Classical.byContradiction
    intro hn
    have := Rat.mul_nonneg (show 0 ≤ -t by grind) (show 0 ≤ -M i j by grind)
    have e : -t * -M i j = t * M i j := by grind
    grind
  have := row_eq_of_affineCommutesWithRelu h i j t
  rw [relu_of_nonneg hpos] at this
  have hval : t * M i j + b i = -1 := by grind
  rw [hval, relu_of_nonpos (by grind)] at this
  grind

/-- An affine map commuting with ReLU has a zero offset on every row where its linear part is not
zero. -/
theorem offset_eq_zero_of_affineCommutesWithRelu {M : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (i j : Fin n) (hij : M i j ≠ 0) : b i = 0 := by
  have hb := offset_nonneg_of_affineCommutesWithRelu h i
  have hM : 0 < M i j := by have := nonneg_of_affineCommutesWithRelu h i j; grind
  -- `t = -(b i + 1) / M i j < 0` gives `t M i j + b i = -1`
  have ht : (-(b i + 1)) / M i j * M i j = -(b i + 1) := Rat.div_mul_cancel hij
  generalize (-(b i + 1)) / M i j = t at ht
  have hneg : t ≤ 0 := by
    apply Classical.byContradiction
    intro hn
    have := Rat.mul_nonneg (show 0 ≤ t by grind) (Rat.le_of_lt hM)
    grind
  have := row_eq_of_affineCommutesWithRelu h i j t
  rw [relu_of_nonpos hneg] at this
  have hval : t * M i j + b i = -1 := by grind
  rw [hval, relu_of_nonpos (by grind)] at this
  grind

/-- An affine map commuting with ReLU has at most one non-zero entry in each row of its linear
part. -/
theorem eq_zero_or_eq_zero_of_affineCommutesWithRelu {M : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (i j k : Fin n) (hjk : j ≠ k) : M i j = 0 ∨ M i k = 0 := by
  by_cases hj : M i j = 0
  · exact Or.inl hj
  · have hb := offset_eq_zero_of_affineCommutesWithRelu h i j hj
    have h1 : matVec M (reluVec (fun l => basisVec j l - basisVec k l)) i + b i =
        relu (matVec M (fun l => basisVec j l - basisVec k l) i + b i) := congrFun (h _) i
    rw [reluVec_basisVec_sub hjk, matVec_basisVec, hb, matVec_basisVec_sub] at h1
    have hmj := nonneg_of_affineCommutesWithRelu h i j
    have hmk := nonneg_of_affineCommutesWithRelu h i k
    by_cases hd : 0 ≤ M i j - M i k + 0
    · rw [relu_of_nonneg hd] at h1
      right; grind
    · rw [relu_of_nonpos (t := M i j - M i k + 0) (by grind)] at h1
      left; grind

/-- **Affine maps commuting with ReLU**: `x ↦ M x + b` commutes with ReLU iff `M` has
non-negative entries and at most one non-zero entry in each row, and `b` is non-negative and
zero on every row where `M` is not zero (a positive offset only on zero rows). -/
theorem affineCommutesWithRelu_iff (M : Mat n) (b : Fin n → Rat) :
    AffineCommutesWithRelu M b ↔
      IsNonnegRowMonomial M ∧ (∀ i, 0 ≤ b i) ∧ ∀ i j, M i j ≠ 0 → b i = 0 := by
  constructor
  · intro h
    exact ⟨⟨nonneg_of_affineCommutesWithRelu h, eq_zero_or_eq_zero_of_affineCommutesWithRelu h⟩,
      offset_nonneg_of_affineCommutesWithRelu h, offset_eq_zero_of_affineCommutesWithRelu h⟩
  · rintro ⟨hM, hb0, hbz⟩ x
    funext i
    show matVec M (reluVec x) i + b i = relu (matVec M x i + b i)
    by_cases hrow : ∃ j, M i j ≠ 0
    · obtain ⟨j, hj⟩ := hrow
      have hoff : ∀ k, k ≠ j → M i k = 0 := by
        intro k hk
        rcases hM.2 i j k (Ne.symm hk) with h | h
        · exact absurd h hj
        · exact h
      have hsingle : ∀ y : Fin n → Rat, matVec M y i = M i j * y j := by
        intro y
        unfold matVec
        exact sumFin_eq_of_single _ j (fun k hk => by rw [hoff k hk]; grind)
      rw [hsingle, hsingle, hbz i j hj, Rat.add_zero, Rat.add_zero]
      exact (relu_mul_of_nonneg (hM.1 i j) (x j)).symm
    · have hz : ∀ k, M i k = 0 := fun k => Classical.byContradiction (fun h => hrow ⟨k, h⟩)
      have hzero : ∀ y : Fin n → Rat, matVec M y i = 0 := by
        intro y
        unfold matVec
        exact Eq.trans (sumFin_congr (fun k => by rw [hz k]; grind)) (sumFin_zero_fun n)
      rw [hzero, hzero, Rat.zero_add]
      exact (relu_of_nonneg (hb0 i)).symm

/-- **Invertible affine maps commuting with ReLU are linear**: if `x ↦ M x + b` commutes with ReLU
and `M` has a right inverse, then `b = 0` (every row of `M` has a non-zero entry), so `M` itself
commutes with ReLU and is a non-negative scaled permutation (`exists_scaled_permutation`). -/
theorem offset_eq_zero_of_affineCommutesWithRelu_of_inv {M N : Mat n}
    {b : Fin n → Rat} (h : AffineCommutesWithRelu M b) (hinv : matMul M N = matId n) :
    b = (fun _ => 0) ∧ CommutesWithRelu M := by
  have hrow : ∀ i, ∃ j, M i j ≠ 0 := by
    intro i
    apply Classical.byContradiction
    intro hno
    have hz : ∀ k, M i k = 0 := fun k => Classical.byContradiction (fun h' => hno ⟨k, h'⟩)
    have hii := congrFun (congrFun hinv i) i
    unfold matMul matId at hii
    rw [if_pos rfl] at hii
    rw [sumFin_congr (g := fun _ => 0) (fun k => by rw [hz k]; exact Rat.zero_mul _),
      sumFin_zero_fun] at hii
    grind
  have hb : b = fun _ => 0 := funext fun i => by
    obtain ⟨j, hj⟩ := hrow i
    exact offset_eq_zero_of_affineCommutesWithRelu h i j hj
  refine ⟨hb, fun x => funext fun i => ?_⟩
  have : matVec M (reluVec x) i + b i = relu (matVec M x i + b i) := congrFun (h x) i
  rw [hb, Rat.add_zero, Rat.add_zero] at this
  exact this

/-- **Privileged axes for affine alignment**: an invertible affine map `x ↦ M x + b` commuting with
ReLU has `b = 0` and `M` a non-negative scaled permutation, so it maps coordinate axes to
coordinate axes. -/
theorem exists_scaled_permutation_of_affine {M N : Mat n} {b : Fin n → Rat}
    (h : AffineCommutesWithRelu M b) (hinv : matMul M N = matId n) :
    b = (fun _ => 0) ∧ ∃ σ : Fin n → Fin n, (∀ i i', σ i = σ i' → i = i') ∧
      ∀ i, 0 < M i (σ i) ∧ ∀ k, k ≠ σ i → M i k = 0 := by
  obtain ⟨hb, hM⟩ := offset_eq_zero_of_affineCommutesWithRelu_of_inv h hinv
  exact ⟨hb, exists_scaled_permutation hM hinv⟩

/-- A sample non-negative scaled permutation: `[[0, 2], [3, 0]]`. -/
def sample : Mat 2 := fun i j => if i = 0 then (if j = 1 then 2 else 0) else (if j = 0 then 3 else 0)

/-- The vector `(1, -1)`. -/
def sampleVec : Fin 2 → Rat := fun i => if i = 0 then 1 else -1

/-- Concrete instance: `[[0, 2], [3, 0]]` commutes with ReLU on `(1, -1)`: both sides are
`(0, 3)`; the rotation-like `[[1, -1], [1, 1]]` does not (`(1, 1)` against `(2, 0)`). -/
theorem commutesWithRelu_example :
    finList 2 (matVec sample (reluVec sampleVec)) = [0, 3] ∧
      finList 2 (reluVec (matVec sample sampleVec)) = [0, 3] ∧
      finList 2 (matVec (fun i j => if i = j then 1 else if i = 0 then -1 else 1)
        (reluVec sampleVec)) = [1, 1] ∧
      finList 2 (reluVec (matVec (fun i j => if i = j then 1 else if i = 0 then -1 else 1)
        sampleVec)) = [2, 0] := by
  decide +kernel

/-- Instance: the affine map with `M = [[2, 0], [0, 0]]` and `b = (0, 1)` (a positive offset on
the zero row only) commutes with ReLU at `x = (-1, 3)` (both sides `(0, 1)`); with `b = (1, 0)`
(an offset on the non-zero row) it does not (`(1, 0)` against `(0, 0)`). -/
theorem affine_instance_zero_row :
    finList 2 (affine (fun i j => if i = 0 ∧ j = 0 then 2 else 0) (fun i => if i = 0 then 0 else 1)
        (reluVec (fun i => if i = 0 then -1 else 3))) = [0, 1] ∧
      finList 2 (reluVec (affine (fun i j => if i = 0 ∧ j = 0 then 2 else 0)
        (fun i => if i = 0 then 0 else 1) (fun i => if i = 0 then -1 else 3))) = [0, 1] ∧
      finList 2 (affine (fun i j => if i = 0 ∧ j = 0 then 2 else 0) (fun i => if i = 0 then 1 else 0)
        (reluVec (fun i => if i = 0 then -1 else 3))) = [1, 0] ∧
      finList 2 (reluVec (affine (fun i j => if i = 0 ∧ j = 0 then 2 else 0)
        (fun i => if i = 0 then 1 else 0) (fun i => if i = 0 then -1 else 3))) = [0, 0] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `sample = [[0, 2], [3, 0]]` is non-negative with one non-zero entry per row. -/
theorem isNonnegRowMonomial_sample : IsNonnegRowMonomial sample := by
  unfold IsNonnegRowMonomial
  decide +kernel

/-- `sample` commutes with ReLU. -/
theorem commutesWithRelu_sample : CommutesWithRelu sample :=
  commutesWithRelu_of_isNonnegRowMonomial isNonnegRowMonomial_sample

/-- The inverse `[[0, 1/3], [1/2, 0]]` of `sample`. -/
def sampleInv : Mat 2 := fun i j => if i = 0 then (if j = 1 then 1 / 3 else 0) else (if j = 0 then 1 / 2 else 0)

/-- `sample · sampleInv = I`. -/
theorem sample_mul_sampleInv : matMul sample sampleInv = matId 2 := by
  funext i j
  revert i j
  decide +kernel

/-- `commutesWithRelu_of_isNonnegRowMonomial` applied to `sample`. -/
theorem commutesWithRelu_of_isNonnegRowMonomial_satisfiable : CommutesWithRelu sample :=
  commutesWithRelu_of_isNonnegRowMonomial isNonnegRowMonomial_sample

/-- `nonneg_of_commutesWithRelu` applied to `sample`. -/
theorem nonneg_of_commutesWithRelu_satisfiable : 0 ≤ sample 0 1 :=
  nonneg_of_commutesWithRelu commutesWithRelu_sample 0 1

/-- `eq_zero_or_eq_zero_of_commutesWithRelu` applied to `sample`. -/
theorem eq_zero_or_eq_zero_of_commutesWithRelu_satisfiable : sample 0 0 = 0 ∨ sample 0 1 = 0 :=
  eq_zero_or_eq_zero_of_commutesWithRelu commutesWithRelu_sample 0 0 1 (by decide)

/-- `exists_scaled_permutation` applied to `sample` and its inverse. -/
theorem exists_scaled_permutation_satisfiable :
    ∃ σ : Fin 2 → Fin 2, (∀ i i', σ i = σ i' → i = i') ∧
      ∀ i, 0 < sample i (σ i) ∧ ∀ k, k ≠ σ i → sample i k = 0 :=
  exists_scaled_permutation commutesWithRelu_sample sample_mul_sampleInv

/-- `x ↦ sample x + 0` commutes with ReLU. -/
theorem affineCommutesWithRelu_sample : AffineCommutesWithRelu sample (fun _ => 0) :=
  (affineCommutesWithRelu_iff sample (fun _ => 0)).mpr
    ⟨isNonnegRowMonomial_sample, fun _ => Rat.le_refl, fun _ _ _ => rfl⟩

/-- `row_eq_of_affineCommutesWithRelu` applied to `sample`. -/
theorem row_eq_of_affineCommutesWithRelu_satisfiable :
    relu (-1) * sample 0 1 + 0 = relu (-1 * sample 0 1 + 0) :=
  row_eq_of_affineCommutesWithRelu affineCommutesWithRelu_sample 0 1 (-1)

/-- `offset_nonneg_of_affineCommutesWithRelu` applied to `sample`. -/
theorem offset_nonneg_of_affineCommutesWithRelu_satisfiable : 0 ≤ (fun _ : Fin 2 => (0 : Rat)) 1 :=
  offset_nonneg_of_affineCommutesWithRelu affineCommutesWithRelu_sample 1

/-- `nonneg_of_affineCommutesWithRelu` applied to `sample`. -/
theorem nonneg_of_affineCommutesWithRelu_satisfiable : 0 ≤ sample 1 0 :=
  nonneg_of_affineCommutesWithRelu affineCommutesWithRelu_sample 1 0

/-- `offset_eq_zero_of_affineCommutesWithRelu` applied to `sample` (`sample 0 1 = 2 ≠ 0`). -/
theorem offset_eq_zero_of_affineCommutesWithRelu_satisfiable : (fun _ : Fin 2 => (0 : Rat)) 0 = 0 :=
  offset_eq_zero_of_affineCommutesWithRelu affineCommutesWithRelu_sample 0 1 (by decide +kernel)

/-- `eq_zero_or_eq_zero_of_affineCommutesWithRelu` applied to `sample`. -/
theorem eq_zero_or_eq_zero_of_affineCommutesWithRelu_satisfiable :
    sample 1 0 = 0 ∨ sample 1 1 = 0 :=
  eq_zero_or_eq_zero_of_affineCommutesWithRelu affineCommutesWithRelu_sample 1 0 1 (by decide)

/-- `offset_eq_zero_of_affineCommutesWithRelu_of_inv` applied to `sample` and its inverse. -/
theorem offset_eq_zero_of_affineCommutesWithRelu_of_inv_satisfiable :
    (fun _ : Fin 2 => (0 : Rat)) = (fun _ => 0) ∧ CommutesWithRelu sample :=
  offset_eq_zero_of_affineCommutesWithRelu_of_inv affineCommutesWithRelu_sample sample_mul_sampleInv

/-- `exists_scaled_permutation_of_affine` applied to `sample` and its inverse. -/
theorem exists_scaled_permutation_of_affine_satisfiable :
    (fun _ : Fin 2 => (0 : Rat)) = (fun _ => 0) ∧ ∃ σ : Fin 2 → Fin 2,
      (∀ i i', σ i = σ i' → i = i') ∧ ∀ i, 0 < sample i (σ i) ∧ ∀ k, k ≠ σ i → sample i k = 0 :=
  exists_scaled_permutation_of_affine affineCommutesWithRelu_sample sample_mul_sampleInv

end PrivilegedAxes

end MLTheory

end
