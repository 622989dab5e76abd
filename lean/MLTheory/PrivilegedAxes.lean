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

The paper's notions of minimal solution, hard task and its propagation up the hierarchy are not
formalised. Concrete values are checked by `decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace PrivilegedAxes

/-- `M` commutes with the coordinatewise ReLU: `M (relu x) = relu (M x)` for every `x`. -/
def CommutesWithRelu {n : Nat} (M : Mat n) : Prop :=
  ∀ x : Fin n → Rat, matVec M (reluVec x) = reluVec (matVec M x)

/-- Non-negative entries and at most one non-zero entry in each row. -/
def IsNonnegRowMonomial {n : Nat} (M : Mat n) : Prop :=
  (∀ i j, 0 ≤ M i j) ∧ (∀ i j k, j ≠ k → M i j = 0 ∨ M i k = 0)

/-- A sum whose terms vanish off one index `j` is its `j`-th term. -/
theorem sumFin_eq_of_single {n : Nat} (f : Fin n → Rat) (j : Fin n)
    (h : ∀ k, k ≠ j → f k = 0) : sumFin n f = f j := by
  rw [sumFin_congr (g := fun k => if k = j then f j else 0)
    (fun k => by by_cases hk : k = j <;> simp [hk, h])]
  exact sumFin_ite_eq n j (f j)

/-- `relu (c t) = c relu t` for `c ≥ 0`. -/
theorem relu_mul_of_nonneg {c : Rat} (hc : 0 ≤ c) (t : Rat) : relu (c * t) = c * relu t := by
  by_cases ht : 0 ≤ t
  · rw [relu_of_nonneg ht, relu_of_nonneg (Rat.mul_nonneg hc ht)]
  · have ht' : t ≤ 0 := by grind
    have hct : c * t ≤ c * 0 := Rat.mul_le_mul_of_nonneg_left ht' hc
    rw [relu_of_nonpos ht', relu_of_nonpos (t := c * t) (by grind)]
    grind

/-- `M (e_j - e_k)` has coordinates `M i j - M i k`. -/
theorem matVec_basisVec_sub {n : Nat} (M : Mat n) (j k i : Fin n) :
    matVec M (fun l => basisVec j l - basisVec k l) i = M i j - M i k := by
  have h : matVec M (fun l => basisVec j l - basisVec k l) i =
      matVec M (basisVec j) i - matVec M (basisVec k) i := by
    unfold matVec
    rw [← sumFin_sub]
    exact sumFin_congr (fun l => by grind)
  rw [h, matVec_basisVec, matVec_basisVec]

/-- The ReLU of `e_j - e_k` (for `j ≠ k`) is `e_j`. -/
theorem reluVec_basisVec_sub {n : Nat} {j k : Fin n} (hjk : j ≠ k) :
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
theorem reluVec_basisVec {n : Nat} (j : Fin n) : reluVec (basisVec j) = basisVec j := by
  funext l
  unfold reluVec basisVec
  by_cases hl : l = j
  · simp only [hl, if_true]; unfold relu; grind
  · simp only [hl, if_false]; unfold relu; grind

/-- A map commuting with ReLU has non-negative entries. -/
theorem nonneg_of_commutesWithRelu {n : Nat} {M : Mat n} (hM : CommutesWithRelu M) (i j : Fin n) :
    0 ≤ M i j := by
  have h := congrFun (hM (basisVec j)) i
  rw [reluVec_basisVec] at h
  unfold reluVec at h
  rw [matVec_basisVec] at h
  rw [h]
  exact relu_nonneg _

/-- A map commuting with ReLU has at most one non-zero entry in each row. -/
theorem eq_zero_or_eq_zero_of_commutesWithRelu {n : Nat} {M : Mat n} (hM : CommutesWithRelu M)
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
theorem commutesWithRelu_of_isNonnegRowMonomial {n : Nat} {M : Mat n}
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
theorem commutesWithRelu_iff {n : Nat} (M : Mat n) :
    CommutesWithRelu M ↔ IsNonnegRowMonomial M :=
  ⟨fun h => ⟨nonneg_of_commutesWithRelu h, eq_zero_or_eq_zero_of_commutesWithRelu h⟩,
   commutesWithRelu_of_isNonnegRowMonomial⟩

/-- **Privileged axes**: an invertible linear map (one with a right inverse `N`, `M N = I`) that
commutes with ReLU is a non-negative scaled permutation: there is an injective `σ` with
`M i (σ i) > 0` and `M i k = 0` for `k ≠ σ i`. -/
theorem exists_scaled_permutation {n : Nat} {M N : Mat n} (hM : CommutesWithRelu M)
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

end PrivilegedAxes

end MLTheory

end
