/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic
public import MLTheory.Pigeonhole

/-!
# Positivity obstructs exact acyclicity (the NOTEARS walk-counting form)

Source: `004_725b34af8153ec2b.txt`, line 5 (PLDR-LLM): the DAG regulariser has the
NOTEARS walk-counting form, and strict positivity of the operator obstructs exact acyclicity.

For square rational matrices of every size `n` we prove:

* **walk counting**: `(A^k) i j` is the sum, over all walks of length `k` from `i` to `j`, of the
  products of the edge weights along the walk (`matPow_apply_eq_walkSum`); a walk of length `k`
  from `i` is the sequence `v : Fin k → Fin n` of the vertices it visits after `i`;
* entries of powers of an entrywise non-negative matrix are non-negative (`matPow_nonneg`), and
  so is every walk weight (`walkWeight_nonneg`);
* **positivity**: if `n ≥ 1` and every entry of `A` is positive, every entry of `A^k` is positive
  for `k ≥ 1` (`matPow_pos`), so `trace (A^k) > 0` (`trace_matPow_pos`) and `A` is not nilpotent
  (`not_isNilpotent_of_pos`);
* the truncated NOTEARS regulariser `h_K(W) = ∑_{k=1..K} trace((W∘W)^k) / k!`
  (`notearsTrunc W K`) is always `≥ 0` (`notearsTrunc_nonneg`) and is `> 0` for every `K ≥ 1`
  when no entry of `W` is zero (`notearsTrunc_pos`): exact acyclicity `h = 0` is impossible;
* **contrast**: a strictly upper-triangular matrix (`A i j = 0` whenever `i ≥ j`, a DAG in
  topological order) has `A^k = 0` for every `k ≥ n` (`matPow_eq_zero_of_isStrictlyUpper`), is
  nilpotent (`isNilpotent_of_isStrictlyUpper`) and has `h_K(A) = 0` for every `K`
  (`notearsTrunc_eq_zero_of_isStrictlyUpper`): zeros are what acyclicity needs.

**Acyclicity of the support graph.** The statements above use only the diagonal or a fixed
order; the following ones are about the graph itself. The support graph of `W` has an edge
`a → b` when `W a b ≠ 0`; it is acyclic (`IsAcyclic`) when it has no closed walk of positive
length (`HasClosedWalk`, walks as sequences `p : Nat → Fin n`). We prove:

* `((W∘W)^k) i j > 0` iff there is a walk of length `k` from `i` to `j` in the support graph
  (`matPow_hadamard_pos_iff`), so `trace ((W∘W)^k) > 0` iff there is a closed walk of length `k`
  (`trace_matPow_hadamard_pos_iff`);
* **`h_K(W) > 0` iff the support graph has a closed walk of length between `1` and `K`**
  (`notearsTrunc_pos_iff`); `h_K(W) = 0` iff it has none (`notearsTrunc_eq_zero_iff`). The
  truncation is real: for `K < n` a longer cycle is invisible to `h_K`
  (`notearsTrunc_instance_three_cycle`);
* cycles are short: a walk of length `≥ n` contains a closed walk of length between `1` and `n`
  (pigeonhole, `hasClosedWalk_short_of_walk`); hence **for `K ≥ n`, `h_K(W) = 0` iff the support
  graph is acyclic** (`notearsTrunc_eq_zero_iff_isAcyclic`), and an acyclic support makes `W∘W`
  nilpotent, `(W∘W)^n = 0` (`matPow_hadamard_eq_zero_of_isAcyclic`);
* a DAG under **any** topological order (a ranking `σ` with `σ a < σ b` on every edge, e.g. a
  permutation making `W` strictly upper-triangular) is acyclic and has `h_K = 0` for every `K`
  (`isAcyclic_of_isTopologicalOrder`, `notearsTrunc_eq_zero_of_isTopologicalOrder`); the index
  order of a strictly upper-triangular matrix is one (`isTopologicalOrder_of_isStrictlyUpper`);
* a support with no zero entry is never acyclic (`not_isAcyclic_of_ne_zero`, by its self-loops);
  **off the diagonal too**: for `n ≥ 2`, a pair of opposite non-zero entries is a 2-cycle
  (`hasClosedWalk_two_of_ne_zero`), so non-zero off-diagonal entries alone, with any diagonal (a
  zero one included), make the support cyclic and `h_K > 0` for every `K ≥ 2`
  (`not_isAcyclic_of_offDiag_ne_zero`, `notearsTrunc_pos_of_offDiag_ne_zero`): this, and not only
  the diagonal, is why positivity obstructs exact acyclicity;
* **the converse**: if some power of `W∘W` is zero, the support graph is acyclic (a closed walk
  repeated gives walks of every multiple of its length, `isSuppWalk_repeat`), so the support graph
  is acyclic iff `W∘W` is nilpotent (`isAcyclic_of_isNilpotent_hadamard`,
  `isAcyclic_iff_isNilpotent_hadamard`).

Concrete instances (exact rationals, checked by `decide +kernel`) are the theorems with
`_instance_` in their names: `h_3` of a positive `3 × 3` matrix, one walk sum, the powers and
`h_4` of a strictly upper-triangular `4 × 4` matrix, `h_2 = 0 < h_3` on a 3-cycle, and
`h_1 = 0 < h_2` on a zero-diagonal `2 × 2` matrix.
-/

@[expose] public section

noncomputable section

namespace MLTheory

-- the number of nodes
variable {n : Nat}

/-! ## Walks and powers -/

/-- The sequence `a, v 0, v 1, …, v (k-1)`: `a` put in front of `v`. -/
def seqCons {n k : Nat} (a : Fin n) (v : Fin k → Fin n) : Fin (k + 1) → Fin n :=
  fun t => if h : t.val = 0 then a else v ⟨t.val - 1, by have := t.isLt; omega⟩

/-- The first term of `seqCons a v` is `a`. -/
@[simp] theorem seqCons_zero {n k : Nat} (a : Fin n) (v : Fin k → Fin n) :
    seqCons a v 0 = a := rfl

/-- The later terms of `seqCons a v` are those of `v`. -/
@[simp] theorem seqCons_succ {n k : Nat} (a : Fin n) (v : Fin k → Fin n) (t : Fin k) :
    seqCons a v t.succ = v t := by
  have h : t.succ.val ≠ 0 := by simp [Fin.val_succ]
  simp only [seqCons, dif_neg h]
  exact congrArg v (Fin.ext (by simp [Fin.val_succ]))

/-- The sum of `F v` over all sequences `v : Fin k → Fin n` (all `n^k` of them). -/
def sumSeq (n : Nat) : (k : Nat) → ((Fin k → Fin n) → Rat) → Rat
  | 0, F => F (fun t => t.elim0)
  | k + 1, F => sumFin n (fun a => sumSeq n k (fun v => F (seqCons a v)))

/-- The weight of the walk `i → v 0 → v 1 → ⋯ → v (k-1)` of length `k` in the weighted graph `A`,
counted towards the target `j`: the product of the edge weights `A i (v 0) * A (v 0) (v 1) * ⋯`,
times `1` if the walk ends at `j` and `0` otherwise. -/
def walkWeight (A : Mat n) : (k : Nat) → Fin n → (Fin k → Fin n) → Fin n → Rat
  | 0, i, _, j => if i = j then 1 else 0
  | k + 1, i, v, j => A i (v 0) * walkWeight A k (v 0) (fun t => v t.succ) j

/-- The walk sum: the total weight of all walks of length `k` from `i` to `j` in `A`. -/
def walkSum (A : Mat n) (k : Nat) (i j : Fin n) : Rat :=
  sumSeq n k (fun v => walkWeight A k i v j)

/-- Sums over sequences respect pointwise equality. -/
theorem sumSeq_congr (n k : Nat) {F G : (Fin k → Fin n) → Rat} (h : ∀ v, F v = G v) :
    sumSeq n k F = sumSeq n k G := by
  rw [funext h]

/-- A constant factor comes out of a sum over sequences. -/
theorem sumSeq_mul_left (n k : Nat) (c : Rat) (F : (Fin k → Fin n) → Rat) :
    sumSeq n k (fun v => c * F v) = c * sumSeq n k F := by
  induction k with
  | zero => rfl
  | succ k ih =>
    simp only [sumSeq]
    rw [← sumFin_mul_left]
    exact sumFin_congr (fun a => ih _)

/-- A sum over sequences of non-negative terms is non-negative. -/
theorem sumSeq_nonneg (n k : Nat) (F : (Fin k → Fin n) → Rat) (h : ∀ v, 0 ≤ F v) :
    0 ≤ sumSeq n k F := by
  induction k with
  | zero => exact h _
  | succ k ih =>
    simp only [sumSeq]
    exact sumFin_nonneg n _ (fun a => ih _ (fun v => h _))

/-- **Walk counting**: the entry `(A^k) i j` is the sum over all walks of length `k` from `i` to
`j` of the products of the edge weights along the walk. -/
theorem matPow_apply_eq_walkSum (A : Mat n) (k : Nat) (i j : Fin n) :
    matPow A k i j = walkSum A k i j := by
  induction k generalizing i with
  | zero => rfl
  | succ k ih =>
    rw [matPow_succ_apply]
    unfold walkSum
    simp only [sumSeq]
    apply sumFin_congr
    intro a
    rw [ih a]
    unfold walkSum
    rw [← sumSeq_mul_left]
    apply sumSeq_congr
    intro v
    simp only [walkWeight, seqCons_zero, seqCons_succ]

/-- The weight of every walk in an entrywise non-negative matrix is non-negative. -/
theorem walkWeight_nonneg (A : Mat n) (hA : ∀ i j, 0 ≤ A i j) (k : Nat) (i : Fin n)
    (v : Fin k → Fin n) (j : Fin n) : 0 ≤ walkWeight A k i v j := by
  induction k generalizing i with
  | zero =>
    simp only [walkWeight]
    split <;> grind
  | succ k ih =>
    simp only [walkWeight]
    exact Rat.mul_nonneg (hA _ _) (ih _ _)

/-- Entries of every power of an entrywise non-negative matrix are non-negative. -/
theorem matPow_nonneg (A : Mat n) (hA : ∀ i j, 0 ≤ A i j) (k : Nat) (i j : Fin n) :
    0 ≤ matPow A k i j := by
  rw [matPow_apply_eq_walkSum]
  exact sumSeq_nonneg n k _ (fun v => walkWeight_nonneg A hA k i v j)

/-- Traces of powers of an entrywise non-negative matrix are non-negative. -/
theorem trace_matPow_nonneg (A : Mat n) (hA : ∀ i j, 0 ≤ A i j) (k : Nat) :
    0 ≤ trace (matPow A k) :=
  sumFin_nonneg n _ (fun i => matPow_nonneg A hA k i i)

/-! ## Positivity -/

/-- **Positivity**: if `n ≥ 1` and every entry of `A` is positive, then every entry of
`A^(k+1)` is positive. -/
theorem matPow_succ_pos (hn : 0 < n) (A : Mat n) (hA : ∀ i j, 0 < A i j) (k : Nat)
    (i j : Fin n) : 0 < matPow A (k + 1) i j := by
  induction k generalizing i j with
  | zero =>
    rw [matPow_one]
    exact hA i j
  | succ k ih =>
    rw [matPow_succ_apply]
    exact sumFin_pos n hn _ (fun m => Rat.mul_pos (hA i m) (ih m j))

/-- **Positivity**: if `n ≥ 1` and every entry of `A` is positive, then every entry of `A^k` is
positive for every `k ≥ 1`. -/
theorem matPow_pos (hn : 0 < n) (A : Mat n) (hA : ∀ i j, 0 < A i j) (k : Nat)
    (hk : 1 ≤ k) (i j : Fin n) : 0 < matPow A k i j := by
  obtain ⟨k, rfl⟩ : ∃ k', k = k' + 1 := ⟨k - 1, by omega⟩
  exact matPow_succ_pos hn A hA k i j

/-- If `n ≥ 1` and every entry of `A` is positive, `trace (A^k) > 0` for every `k ≥ 1`. -/
theorem trace_matPow_pos (hn : 0 < n) (A : Mat n) (hA : ∀ i j, 0 < A i j) (k : Nat)
    (hk : 1 ≤ k) : 0 < trace (matPow A k) :=
  sumFin_pos n hn _ (fun i => matPow_pos hn A hA k hk i i)

/-- A matrix is nilpotent if some power of it is the zero matrix. -/
def IsNilpotent (A : Mat n) : Prop := ∃ k, matPow A k = matZero n

/-- A matrix with all entries positive (and `n ≥ 1`) is not nilpotent. -/
theorem not_isNilpotent_of_pos (hn : 0 < n) (A : Mat n) (hA : ∀ i j, 0 < A i j) :
    ¬ IsNilpotent A := by
  rintro ⟨k, hk⟩
  have hentry := congrFun (congrFun hk ⟨0, hn⟩) ⟨0, hn⟩
  cases k with
  | zero =>
    simp [matPow_zero, matId, matZero] at hentry
  | succ k =>
    have hpos := matPow_succ_pos hn A hA k ⟨0, hn⟩ ⟨0, hn⟩
    rw [hentry] at hpos
    exact Rat.lt_irrefl hpos

/-! ## The truncated NOTEARS regulariser -/

/-- The truncated NOTEARS acyclicity regulariser
`h_K(W) = ∑_{k=1..K} trace((W∘W)^k) / k!` (the series of `trace (exp (W∘W)) - n`). -/
def notearsTrunc (W : Mat n) : Nat → Rat
  | 0 => 0
  | K + 1 => notearsTrunc W K + trace (matPow (hadamard W W) (K + 1)) / (factorial (K + 1) : Rat)

/-- The recursion equation of `notearsTrunc`. -/
theorem notearsTrunc_succ (W : Mat n) (K : Nat) :
    notearsTrunc W (K + 1) =
      notearsTrunc W K + trace (matPow (hadamard W W) (K + 1)) / (factorial (K + 1) : Rat) := rfl

/-- The entrywise square `W∘W` is entrywise non-negative. -/
theorem hadamard_self_nonneg (W : Mat n) (i j : Fin n) : 0 ≤ hadamard W W i j := by
  unfold hadamard
  by_cases h : 0 ≤ W i j
  · exact Rat.mul_nonneg h h
  · have h' : 0 ≤ -W i j := by grind
    have := Rat.mul_nonneg h' h'
    grind

/-- The entrywise square `W∘W` is positive wherever `W` is non-zero. -/
theorem hadamard_self_pos (W : Mat n) (i j : Fin n) (h : W i j ≠ 0) :
    0 < hadamard W W i j := by
  unfold hadamard
  by_cases hp : 0 < W i j
  · exact Rat.mul_pos hp hp
  · have h' : 0 < -W i j := by grind
    have := Rat.mul_pos h' h'
    grind

/-- A ratio of a non-negative number by a factorial is non-negative. -/
theorem div_factorial_nonneg (x : Rat) (hx : 0 ≤ x) (k : Nat) : 0 ≤ x / (factorial k : Rat) := by
  rw [Rat.div_def]
  exact Rat.mul_nonneg hx
    (Rat.le_of_lt (Rat.inv_pos.mpr (Rat.natCast_pos.mpr (factorial_pos k))))

/-- A ratio of a positive number by a factorial is positive. -/
theorem div_factorial_pos (x : Rat) (hx : 0 < x) (k : Nat) : 0 < x / (factorial k : Rat) := by
  rw [Rat.div_def]
  exact Rat.mul_pos hx (Rat.inv_pos.mpr (Rat.natCast_pos.mpr (factorial_pos k)))

/-- The truncated NOTEARS regulariser is non-negative for every `W` and `K`. -/
theorem notearsTrunc_nonneg (W : Mat n) (K : Nat) : 0 ≤ notearsTrunc W K := by
  induction K with
  | zero => exact Rat.le_refl
  | succ K ih =>
    rw [notearsTrunc_succ]
    have := div_factorial_nonneg _
      (trace_matPow_nonneg (hadamard W W) (hadamard_self_nonneg W) (K + 1)) (K + 1)
    grind

/-- **Positivity obstructs exact acyclicity**: if `n ≥ 1` and no entry of `W` is zero, the
truncated NOTEARS regulariser `h_K(W)` is positive for every `K ≥ 1`, so it is never `0`. -/
theorem notearsTrunc_pos (hn : 0 < n) (W : Mat n) (hW : ∀ i j, W i j ≠ 0) (K : Nat)
    (hK : 1 ≤ K) : 0 < notearsTrunc W K := by
  obtain ⟨K, rfl⟩ : ∃ K', K = K' + 1 := ⟨K - 1, by omega⟩
  rw [notearsTrunc_succ]
  have h1 := notearsTrunc_nonneg W K
  have h2 := div_factorial_pos _
    (trace_matPow_pos hn (hadamard W W) (fun i j => hadamard_self_pos W i j (hW i j)) (K + 1)
      (Nat.succ_pos K)) (K + 1)
  grind

/-- If `n ≥ 1` and no entry of `W` is zero, `h_K(W) ≠ 0` for every `K ≥ 1`. -/
theorem notearsTrunc_ne_zero (hn : 0 < n) (W : Mat n) (hW : ∀ i j, W i j ≠ 0)
    (K : Nat) (hK : 1 ≤ K) : notearsTrunc W K ≠ 0 := by
  have := notearsTrunc_pos hn W hW K hK
  grind

/-! ## The contrast: strictly upper-triangular matrices -/

/-- `A` is strictly upper-triangular: `A i j = 0` whenever `i ≥ j` (the weighted adjacency matrix
of a DAG whose vertices are numbered in topological order). -/
def IsStrictlyUpper (A : Mat n) : Prop := ∀ i j : Fin n, j.val ≤ i.val → A i j = 0

/-- For strictly upper-triangular `A`, `(A^k) i j = 0` whenever `j < i + k`: every walk of
length `k` climbs at least `k` indices. -/
theorem matPow_apply_eq_zero_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A)
    (k : Nat) (i j : Fin n) (h : j.val < i.val + k) : matPow A k i j = 0 := by
  induction k generalizing i with
  | zero =>
    have hij : i ≠ j := fun e => by subst e; omega
    simp [matPow_zero, matId, hij]
  | succ k ih =>
    rw [matPow_succ_apply]
    refine Eq.trans (sumFin_congr (fun m => ?_)) (sumFin_zero_fun n)
    by_cases hm : m.val ≤ i.val
    · rw [hA i m hm, Rat.zero_mul]
    · rw [ih m (by omega), Rat.mul_zero]

/-- A strictly upper-triangular `n × n` matrix has `A^k = 0` for every `k ≥ n`. -/
theorem matPow_eq_zero_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A)
    (k : Nat) (hk : n ≤ k) : matPow A k = matZero n := by
  funext i j
  exact matPow_apply_eq_zero_of_isStrictlyUpper A hA k i j (by have := j.isLt; omega)

/-- A strictly upper-triangular `n × n` matrix has `A^n = 0`. -/
theorem matPow_self_eq_zero_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A) :
    matPow A n = matZero n :=
  matPow_eq_zero_of_isStrictlyUpper A hA n (Nat.le_refl n)

/-- A strictly upper-triangular matrix is nilpotent. -/
theorem isNilpotent_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A) :
    IsNilpotent A :=
  ⟨n, matPow_self_eq_zero_of_isStrictlyUpper A hA⟩

/-- The entrywise square of a strictly upper-triangular matrix is strictly upper-triangular. -/
theorem isStrictlyUpper_hadamard_self (A : Mat n) (hA : IsStrictlyUpper A) :
    IsStrictlyUpper (hadamard A A) := by
  intro i j h
  unfold hadamard
  rw [hA i j h, Rat.zero_mul]

/-- For strictly upper-triangular `A`, `trace (A^k) = 0` for every `k ≥ 1` (no closed walks). -/
theorem trace_matPow_eq_zero_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A)
    (k : Nat) (hk : 1 ≤ k) : trace (matPow A k) = 0 := by
  unfold trace
  refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_zero_fun n)
  exact matPow_apply_eq_zero_of_isStrictlyUpper A hA k i i (by omega)

/-- **Contrast**: for strictly upper-triangular `A` (a DAG in topological order), the truncated
NOTEARS regulariser vanishes, `h_K(A) = 0` for every `K`. -/
theorem notearsTrunc_eq_zero_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A)
    (K : Nat) : notearsTrunc A K = 0 := by
  induction K with
  | zero => rfl
  | succ K ih =>
    rw [notearsTrunc_succ, ih, trace_matPow_eq_zero_of_isStrictlyUpper (hadamard A A)
      (isStrictlyUpper_hadamard_self A hA) (K + 1) (Nat.succ_pos K), Rat.div_def, Rat.zero_mul]
    grind

/-! ## Acyclicity of the support graph

The support graph of `W` has an edge `a → b` when `W a b ≠ 0`. A walk of length `k` is a
sequence `p : Nat → Fin n` with an edge `p t → p (t+1)` for every `t < k`; it is closed when
`p k = p 0`. The graph is acyclic when it has no closed walk of positive length. -/

/-- `p` is a walk of length `k` in the support graph of `W`: `W (p t) (p (t+1)) ≠ 0` for `t < k`. -/
def IsSuppWalk (W : Mat n) (k : Nat) (p : Nat → Fin n) : Prop :=
  ∀ t, t < k → W (p t) (p (t + 1)) ≠ 0

/-- The support graph of `W` has a closed walk of length `k`. -/
def HasClosedWalk (W : Mat n) (k : Nat) : Prop :=
  ∃ p : Nat → Fin n, IsSuppWalk W k p ∧ p k = p 0

/-- The support graph of `W` is acyclic: it has no closed walk of positive length. -/
def IsAcyclic (W : Mat n) : Prop := ∀ k, 1 ≤ k → ¬ HasClosedWalk W k

/-- A product of two non-negative rationals is positive iff both factors are. -/
theorem mul_pos_iff_of_nonneg {a b : Rat} (ha : 0 ≤ a) (hb : 0 ≤ b) :
    0 < a * b ↔ 0 < a ∧ 0 < b := by
  constructor
  · intro h
    constructor
    · apply Classical.byContradiction
      intro hn
      have : a = 0 := by grind
      rw [this, Rat.zero_mul] at h
      exact Rat.lt_irrefl h
    · apply Classical.byContradiction
      intro hn
      have : b = 0 := by grind
      rw [this, Rat.mul_zero] at h
      exact Rat.lt_irrefl h
  · exact fun h => Rat.mul_pos h.1 h.2

/-- An entry of `W∘W` is positive iff the entry of `W` is non-zero (an edge of the support). -/
theorem hadamard_self_pos_iff (W : Mat n) (i j : Fin n) :
    0 < hadamard W W i j ↔ W i j ≠ 0 := by
  constructor
  · intro h hz
    unfold hadamard at h
    rw [hz, Rat.zero_mul] at h
    exact Rat.lt_irrefl h
  · exact hadamard_self_pos W i j

/-- **Walks of the support graph**: `((W∘W)^k) i j > 0` iff the support graph of `W` has a walk of
length `k` from `i` to `j`. -/
theorem matPow_hadamard_pos_iff (W : Mat n) (k : Nat) (i j : Fin n) :
    0 < matPow (hadamard W W) k i j ↔
      ∃ p : Nat → Fin n, p 0 = i ∧ p k = j ∧ IsSuppWalk W k p := by
  induction k generalizing i with
  | zero =>
    simp only [matPow_zero, matId]
    constructor
    · intro h
      by_cases hij : i = j
      · exact ⟨fun _ => i, rfl, hij, fun t ht => absurd ht (Nat.not_lt_zero t)⟩
      · rw [if_neg hij] at h; exact absurd h Rat.lt_irrefl
    · rintro ⟨p, h0, hk, -⟩
      rw [if_pos (h0.symm.trans hk)]
      decide +kernel
  | succ k ih =>
    rw [matPow_succ_apply, sumFin_pos_iff_exists_pos n _ (fun m => Rat.mul_nonneg
      (hadamard_self_nonneg W i m) (matPow_nonneg _ (hadamard_self_nonneg W) k m j))]
    constructor
    · rintro ⟨m, hm⟩
      have hm' := (mul_pos_iff_of_nonneg (hadamard_self_nonneg W i m)
        (matPow_nonneg _ (hadamard_self_nonneg W) k m j)).mp hm
      obtain ⟨p, hp0, hpk, hpw⟩ := (ih m).mp hm'.2
      refine ⟨fun t => if t = 0 then i else p (t - 1), rfl, ?_, ?_⟩
      · show (if k + 1 = 0 then i else p (k + 1 - 1)) = j
        rw [if_neg (Nat.succ_ne_zero k), Nat.add_sub_cancel, hpk]
      · intro t ht
        show W (if t = 0 then i else p (t - 1)) (if t + 1 = 0 then i else p (t + 1 - 1)) ≠ 0
        rw [if_neg (Nat.succ_ne_zero t), Nat.add_sub_cancel]
        by_cases h0 : t = 0
        · rw [if_pos h0, h0, hp0]; exact (hadamard_self_pos_iff W i m).mp hm'.1
        · rw [if_neg h0]
          have := hpw (t - 1) (by omega)
          rw [show t - 1 + 1 = t by omega] at this
          exact this
    · rintro ⟨p, hp0, hpk, hpw⟩
      refine ⟨p 1, (mul_pos_iff_of_nonneg (hadamard_self_nonneg W i (p 1))
        (matPow_nonneg _ (hadamard_self_nonneg W) k (p 1) j)).mpr ⟨?_, ?_⟩⟩
      · have := hpw 0 (Nat.succ_pos k)
        rw [hp0] at this
        exact (hadamard_self_pos_iff W i (p 1)).mpr this
      · exact (ih (p 1)).mpr ⟨fun t => p (t + 1), rfl, hpk, fun t ht => hpw (t + 1) (by omega)⟩

/-- **Closed walks and traces**: `trace ((W∘W)^k) > 0` iff the support graph of `W` has a closed
walk of length `k`. -/
theorem trace_matPow_hadamard_pos_iff (W : Mat n) (k : Nat) :
    0 < trace (matPow (hadamard W W) k) ↔ HasClosedWalk W k := by
  unfold trace
  rw [sumFin_pos_iff_exists_pos n _ (fun i => matPow_nonneg _ (hadamard_self_nonneg W) k i i)]
  constructor
  · rintro ⟨i, hi⟩
    obtain ⟨p, hp0, hpk, hpw⟩ := (matPow_hadamard_pos_iff W k i i).mp hi
    exact ⟨p, hpw, hpk.trans hp0.symm⟩
  · rintro ⟨p, hpw, hpk⟩
    exact ⟨p 0, (matPow_hadamard_pos_iff W k (p 0) (p 0)).mpr ⟨p, rfl, hpk, hpw⟩⟩

/-- A non-negative number divided by a factorial is positive iff the number is. -/
theorem div_factorial_pos_iff (x : Rat) (hx : 0 ≤ x) (k : Nat) :
    0 < x / (factorial k : Rat) ↔ 0 < x := by
  constructor
  · intro h
    apply Classical.byContradiction
    intro hn
    have : x = 0 := by grind
    rw [this, Rat.div_def, Rat.zero_mul] at h
    exact Rat.lt_irrefl h
  · exact fun h => div_factorial_pos x h k

/-- **The truncated regulariser detects short cycles**: `h_K(W) > 0` iff the support graph of `W`
has a closed walk of some length `k` with `1 ≤ k ≤ K`. (The truncation is disclosed: `h_K` only
sees closed walks of length at most `K`.) -/
theorem notearsTrunc_pos_iff (W : Mat n) (K : Nat) :
    0 < notearsTrunc W K ↔ ∃ k, 1 ≤ k ∧ k ≤ K ∧ HasClosedWalk W k := by
  induction K with
  | zero =>
    constructor
    · intro h; exact absurd h Rat.lt_irrefl
    · rintro ⟨k, h1, h2, -⟩; omega
  | succ K ih =>
    rw [notearsTrunc_succ]
    have h1 := notearsTrunc_nonneg W K
    have ht := trace_matPow_nonneg (hadamard W W) (hadamard_self_nonneg W) (K + 1)
    have h2 := div_factorial_nonneg _ ht (K + 1)
    have hiff := div_factorial_pos_iff _ ht (K + 1)
    have htr := trace_matPow_hadamard_pos_iff W (K + 1)
    constructor
    · intro h
      by_cases hK : 0 < notearsTrunc W K
      · obtain ⟨k, hk1, hk2, hk⟩ := ih.mp hK
        exact ⟨k, hk1, by omega, hk⟩
      · have : 0 < trace (matPow (hadamard W W) (K + 1)) / (factorial (K + 1) : Rat) := by grind
        exact ⟨K + 1, by omega, Nat.le_refl _, htr.mp (hiff.mp this)⟩
    · rintro ⟨k, hk1, hk2, hk⟩
      by_cases hkK : k ≤ K
      · have := ih.mpr ⟨k, hk1, hkK, hk⟩
        grind
      · have hk' : k = K + 1 := by omega
        subst hk'
        have := hiff.mpr (htr.mpr hk)
        grind

/-- `h_K(W) = 0` iff the support graph of `W` has no closed walk of length `1, …, K`. -/
theorem notearsTrunc_eq_zero_iff (W : Mat n) (K : Nat) :
    notearsTrunc W K = 0 ↔ ∀ k, 1 ≤ k → k ≤ K → ¬ HasClosedWalk W k := by
  have h0 := notearsTrunc_nonneg W K
  have hpos := notearsTrunc_pos_iff W K
  constructor
  · intro hz k hk1 hk2 hk
    have := hpos.mpr ⟨k, hk1, hk2, hk⟩
    rw [hz] at this
    exact Rat.lt_irrefl this
  · intro hno
    apply Classical.byContradiction
    intro hne
    have : 0 < notearsTrunc W K := by grind
    obtain ⟨k, hk1, hk2, hk⟩ := hpos.mp this
    exact hno k hk1 hk2 hk

/-- **Cycles are short**: a walk of length at least `n` in a graph on `n` vertices contains a
closed walk of some length between `1` and `n` (pigeonhole on its first `n + 1` vertices). -/
theorem hasClosedWalk_short_of_walk (W : Mat n) (k : Nat) (hk : n ≤ k)
    (p : Nat → Fin n) (hp : IsSuppWalk W k p) : ∃ c, 1 ≤ c ∧ c ≤ n ∧ HasClosedWalk W c := by
  obtain ⟨a, b, hab, hb, he⟩ := exists_lt_le_eq_fin p
  refine ⟨b - a, by omega, by omega, fun t => p (a + t), fun t ht => ?_, ?_⟩
  · exact hp (a + t) (by omega)
  · show p (a + (b - a)) = p (a + 0)
    rw [Nat.add_sub_cancel' (Nat.le_of_lt hab), Nat.add_zero, he]

/-- Acyclicity needs only the cycles of length at most `n`: the support graph is acyclic iff it has
no closed walk of length `1, …, n`. -/
theorem isAcyclic_iff_no_short_closedWalk (W : Mat n) :
    IsAcyclic W ↔ ∀ k, 1 ≤ k → k ≤ n → ¬ HasClosedWalk W k := by
  constructor
  · exact fun h k hk1 _ => h k hk1
  · intro h k hk1 ⟨p, hpw, hpk⟩
    by_cases hkn : k ≤ n
    · exact h k hk1 hkn ⟨p, hpw, hpk⟩
    · obtain ⟨c, hc1, hcn, hc⟩ := hasClosedWalk_short_of_walk W k (by omega) p hpw
      exact h c hc1 hcn hc

/-- **Exact acyclicity**: for every `K ≥ n`, `h_K(W) = 0` iff the support graph of `W` is acyclic.
(For `K < n`, `h_K` misses the cycles longer than `K`; this is the truncation.) -/
theorem notearsTrunc_eq_zero_iff_isAcyclic (W : Mat n) (K : Nat) (hK : n ≤ K) :
    notearsTrunc W K = 0 ↔ IsAcyclic W := by
  rw [notearsTrunc_eq_zero_iff, isAcyclic_iff_no_short_closedWalk]
  constructor
  · exact fun h k hk1 hkn => h k hk1 (Nat.le_trans hkn hK)
  · intro h k hk1 hkK hk
    obtain ⟨p, hpw, hpk⟩ := hk
    by_cases hkn : k ≤ n
    · exact h k hk1 hkn ⟨p, hpw, hpk⟩
    · obtain ⟨c, hc1, hcn, hc⟩ := hasClosedWalk_short_of_walk W k (by omega) p hpw
      exact h c hc1 hcn hc

/-- **Acyclic implies nilpotent**: if the support graph of `W` is acyclic, `(W∘W)^n = 0`. -/
theorem matPow_hadamard_eq_zero_of_isAcyclic (W : Mat n) (hW : IsAcyclic W) :
    matPow (hadamard W W) n = matZero n := by
  funext i j
  have h0 := matPow_nonneg _ (hadamard_self_nonneg W) n i j
  apply Classical.byContradiction
  intro hne
  have hpos : 0 < matPow (hadamard W W) n i j := by unfold matZero at hne; grind
  obtain ⟨p, -, -, hpw⟩ := (matPow_hadamard_pos_iff W n i j).mp hpos
  obtain ⟨c, hc1, -, hc⟩ := hasClosedWalk_short_of_walk W n (Nat.le_refl n) p hpw
  exact hW c hc1 hc

/-- A topological order of the support graph: a ranking `σ` of the vertices that strictly
increases along every edge (`W a b ≠ 0 → σ a < σ b`); a permutation of the vertices that makes
`W` strictly upper-triangular is one. -/
def IsTopologicalOrder (W : Mat n) (σ : Fin n → Nat) : Prop :=
  ∀ a b, W a b ≠ 0 → σ a < σ b

/-- Along a walk, the rank increases by at least the length. -/
theorem rank_le_of_walk (W : Mat n) (σ : Fin n → Nat) (hσ : IsTopologicalOrder W σ)
    (p : Nat → Fin n) : ∀ k, IsSuppWalk W k p → σ (p 0) + k ≤ σ (p k)
  | 0, _ => Nat.le_refl _
  | k + 1, hp => by
    have ih := rank_le_of_walk W σ hσ p k (fun t ht => hp t (by omega))
    have := hσ _ _ (hp k (Nat.lt_succ_self k))
    omega

/-- **A DAG in any topological order is acyclic.** -/
theorem isAcyclic_of_isTopologicalOrder (W : Mat n) (σ : Fin n → Nat)
    (hσ : IsTopologicalOrder W σ) : IsAcyclic W := by
  intro k hk ⟨p, hpw, hpk⟩
  have := rank_le_of_walk W σ hσ p k hpw
  rw [hpk] at this
  omega

/-- **A DAG under any topological order has `h_K = 0`** for every `K`. -/
theorem notearsTrunc_eq_zero_of_isTopologicalOrder (W : Mat n) (σ : Fin n → Nat)
    (hσ : IsTopologicalOrder W σ) (K : Nat) : notearsTrunc W K = 0 :=
  (notearsTrunc_eq_zero_iff W K).mpr fun k hk1 _ => isAcyclic_of_isTopologicalOrder W σ hσ k hk1

/-- The index order is a topological order of a strictly upper-triangular matrix. -/
theorem isTopologicalOrder_of_isStrictlyUpper (A : Mat n) (hA : IsStrictlyUpper A) :
    IsTopologicalOrder A (fun i => i.val) := by
  intro a b hab
  show a.val < b.val
  apply Classical.byContradiction
  intro hlt
  exact hab (hA a b (by omega))

/-- A positive support graph (`n ≥ 1`, no zero entry) is not acyclic: it has a loop. -/
theorem not_isAcyclic_of_ne_zero (hn : 0 < n) (W : Mat n) (hW : ∀ i j, W i j ≠ 0) :
    ¬ IsAcyclic W :=
  fun h => h 1 (Nat.le_refl 1) ⟨fun _ => ⟨0, hn⟩, fun t _ => hW _ _, rfl⟩

/-- **A pair of opposite edges is a 2-cycle**: if `W i j ≠ 0` and `W j i ≠ 0`, the support graph
of `W` has the closed walk `i → j → i` of length `2`. -/
theorem hasClosedWalk_two_of_ne_zero (W : Mat n) (i j : Fin n) (hij : W i j ≠ 0)
    (hji : W j i ≠ 0) : HasClosedWalk W 2 := by
  refine ⟨fun t => if t = 1 then j else i, fun t ht => ?_, rfl⟩
  have : t = 0 ∨ t = 1 := by omega
  rcases this with rfl | rfl
  · simpa using hij
  · simpa using hji

/-- **Positivity off the diagonal obstructs acyclicity**: for `n ≥ 2`, if every off-diagonal entry
of `W` is non-zero (whatever the diagonal, in particular a zero one), any two vertices form a
2-cycle, so the support graph is not acyclic. -/
theorem not_isAcyclic_of_offDiag_ne_zero (hn : 2 ≤ n) (W : Mat n)
    (hW : ∀ i j, i ≠ j → W i j ≠ 0) : ¬ IsAcyclic W := by
  have h01 : (⟨0, by omega⟩ : Fin n) ≠ ⟨1, by omega⟩ := fun h => by
    have := congrArg Fin.val h
    simp at this
  exact fun h => h 2 (by omega) (hasClosedWalk_two_of_ne_zero W _ _ (hW _ _ h01) (hW _ _ h01.symm))

/-- With a non-zero off-diagonal (`n ≥ 2`), `h_K(W) > 0` for every `K ≥ 2`, whatever the
diagonal: the 2-cycles are seen by `trace ((W∘W)^2)`. -/
theorem notearsTrunc_pos_of_offDiag_ne_zero (hn : 2 ≤ n) (W : Mat n)
    (hW : ∀ i j, i ≠ j → W i j ≠ 0) (K : Nat) (hK : 2 ≤ K) : 0 < notearsTrunc W K := by
  have h01 : (⟨0, by omega⟩ : Fin n) ≠ ⟨1, by omega⟩ := fun h => by
    have := congrArg Fin.val h
    simp at this
  exact (notearsTrunc_pos_iff W K).mpr
    ⟨2, by omega, hK, hasClosedWalk_two_of_ne_zero W _ _ (hW _ _ h01) (hW _ _ h01.symm)⟩

/-- `A * 0 = 0`. -/
theorem matMul_zero_right (A : Mat n) : matMul A (matZero n) = matZero n := by
  funext i j
  unfold matMul matZero
  exact Eq.trans (sumFin_congr (fun k => Rat.mul_zero (A i k))) (sumFin_zero_fun n)

/-- Once a power vanishes, every higher power vanishes: `A^k = 0` and `k ≤ m` give `A^m = 0`. -/
theorem matPow_eq_zero_of_le (A : Mat n) {k : Nat} (hk : matPow A k = matZero n) :
    ∀ m, k ≤ m → matPow A m = matZero n := by
  have hadd : ∀ j, matPow A (k + j) = matZero n := by
    intro j
    induction j with
    | zero => exact hk
    | succ j ih =>
      show matMul A (matPow A (k + j)) = matZero n
      rw [ih, matMul_zero_right]
  intro m hm
  have := hadd (m - k)
  rwa [Nat.add_sub_cancel' hm] at this

/-- A closed walk of length `k ≥ 1` repeated `m` times is a walk of length `m k`. -/
theorem isSuppWalk_repeat (W : Mat n) {k : Nat} (hk : 1 ≤ k) (p : Nat → Fin n)
    (hp : IsSuppWalk W k p) (hc : p k = p 0) (m : Nat) :
    IsSuppWalk W (m * k) (fun t => p (t % k)) := by
  intro t _
  show W (p (t % k)) (p ((t + 1) % k)) ≠ 0
  have hr : t % k < k := Nat.mod_lt t (by omega)
  have hdiv := Nat.div_add_mod t k
  by_cases hlt : t % k + 1 < k
  · have : (t + 1) % k = t % k + 1 := by
      have e : t + 1 = k * (t / k) + (t % k + 1) := by omega
      rw [e, Nat.mul_add_mod, Nat.mod_eq_of_lt hlt]
    rw [this]
    exact hp _ hr
  · have heq : t % k + 1 = k := by omega
    have : (t + 1) % k = 0 := by
      have e : t + 1 = k * (t / k + 1) := by rw [Nat.mul_add, Nat.mul_one]; omega
      rw [e, Nat.mul_mod_right]
    rw [this, ← hc]
    have := hp (t % k) hr
    rwa [heq] at this

/-- **Nilpotent `W∘W` implies acyclic** (the converse of `matPow_hadamard_eq_zero_of_isAcyclic`):
if some power of `W∘W` is zero, the support graph of `W` has no closed walk of positive length. -/
theorem isAcyclic_of_isNilpotent_hadamard (W : Mat n)
    (hW : IsNilpotent (hadamard W W)) : IsAcyclic W := by
  obtain ⟨K, hK⟩ := hW
  intro k hk ⟨p, hpw, hpk⟩
  have hwalk := isSuppWalk_repeat W hk p hpw hpk K
  have hpos := (matPow_hadamard_pos_iff W (K * k) (p 0) (p 0)).mpr
    ⟨fun t => p (t % k), by simp, by simp [Nat.mul_mod_left], hwalk⟩
  have hz := matPow_eq_zero_of_le (hadamard W W) hK (K * k) (Nat.le_mul_of_pos_right K hk)
  rw [hz] at hpos
  exact Rat.lt_irrefl hpos

/-- **Acyclic iff `W∘W` nilpotent**: the support graph of `W` is acyclic exactly when some power of
`W∘W` vanishes (then already `(W∘W)^n = 0`). -/
theorem isAcyclic_iff_isNilpotent_hadamard (W : Mat n) :
    IsAcyclic W ↔ IsNilpotent (hadamard W W) :=
  ⟨fun h => ⟨n, matPow_hadamard_eq_zero_of_isAcyclic W h⟩, isAcyclic_of_isNilpotent_hadamard W⟩

/-! ## Concrete instances (checked by kernel evaluation) -/

/-- The `n × n` matrix whose rows are the given lists (missing entries are `0`). -/
def matOfRows (n : Nat) (rows : List (List Rat)) : Mat n :=
  fun i j => (rows.getD i.val []).getD j.val 0

/-- The rows of an `n × n` matrix, as a list of lists. -/
def matRows (A : Mat n) : List (List Rat) :=
  finList n (fun i => finList n (fun j => A i j))

/-- `h_3` of the positive matrix `[[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]` is `20375/1152`. -/
theorem notearsTrunc_instance_positive_three :
    notearsTrunc (matOfRows 3 [[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]) 3 = 20375/1152 := by
  decide +kernel

/-- The walk sum of length `2` from `0` to `1` in `[[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]` is
`5` (`= 1 * 1/2 + 1/2 * 1 + 2 * 2`), the entry `(0, 1)` of its square. -/
theorem walkSum_instance_three :
    walkSum (matOfRows 3 [[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]) 2 0 1 = 5 := by
  decide +kernel

/-- The walk sum of length `3` from `2` to `0` in `[[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]` is
`91/12`, the entry `(2, 0)` of its cube. -/
theorem walkSum_instance_three_cube :
    walkSum (matOfRows 3 [[1, 1/2, 2], [1/3, 1, 1], [1, 2, 1/2]]) 3 2 0 = 91/12 := by
  decide +kernel

/-- The cube of the strictly upper-triangular matrix
`[[0, 1, 2, 3], [0, 0, 1/2, 1], [0, 0, 0, 5], [0, 0, 0, 0]]` has the single non-zero entry
`5/2` (the walk `0 → 1 → 2 → 3`). -/
theorem matPow_instance_upper_cube :
    matRows (matPow (matOfRows 4 [[0, 1, 2, 3], [0, 0, 1/2, 1], [0, 0, 0, 5], [0, 0, 0, 0]]) 3) =
      [[0, 0, 0, 5/2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] := by
  decide +kernel

/-- The fourth power of the same strictly upper-triangular `4 × 4` matrix is zero. -/
theorem matPow_instance_upper_fourth :
    matRows (matPow (matOfRows 4 [[0, 1, 2, 3], [0, 0, 1/2, 1], [0, 0, 0, 5], [0, 0, 0, 0]]) 4) =
      [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] := by
  decide +kernel

/-- `h_4` of the same strictly upper-triangular `4 × 4` matrix is `0`. -/
theorem notearsTrunc_instance_upper_four :
    notearsTrunc (matOfRows 4 [[0, 1, 2, 3], [0, 0, 1/2, 1], [0, 0, 0, 5], [0, 0, 0, 0]]) 4 = 0 := by
  decide +kernel

/-- Instance: the support of `[[0, 2, 0], [0, 0, 3], [1/2, 0, 0]]` is the 3-cycle `0 → 1 → 2 → 0`:
`h_2 = 0` (no closed walk of length `≤ 2`: the truncation at `K = 2 < n` misses the cycle) but
`h_3 = 27 / 3! = 9/2 > 0` (three closed walks of length `3`, each of weight `4 * 9 * 1/4 = 9`). -/
theorem notearsTrunc_instance_three_cycle :
    notearsTrunc (matOfRows 3 [[0, 2, 0], [0, 0, 3], [1/2, 0, 0]]) 2 = 0 ∧
      notearsTrunc (matOfRows 3 [[0, 2, 0], [0, 0, 3], [1/2, 0, 0]]) 3 = 9/2 := by
  decide +kernel

/-- Instance: `[[0, 1], [2, 0]]` has a zero diagonal and a non-zero off-diagonal: `h_1 = 0` (no
loop) but `h_2 = trace ((W∘W)^2) / 2! = 8 / 2 = 4 > 0` (the 2-cycle `0 → 1 → 0`, counted from both
of its vertices, each of weight `1 · 4`). -/
theorem notearsTrunc_instance_offDiag_two :
    notearsTrunc (matOfRows 2 [[0, 1], [2, 0]]) 1 = 0 ∧
      notearsTrunc (matOfRows 2 [[0, 1], [2, 0]]) 2 = 4 := by
  decide +kernel

/-! ## Satisfiability witnesses: each theorem with hypotheses applied to concrete matrices -/

/-- The positive matrix `[[1, 2], [3, 1]]`. -/
def posEx : Mat 2 := matOfRows 2 [[1, 2], [3, 1]]

/-- The strictly upper-triangular matrix `[[0, 1, 2], [0, 0, 3], [0, 0, 0]]`. -/
def upEx : Mat 3 := matOfRows 3 [[0, 1, 2], [0, 0, 3], [0, 0, 0]]

/-- The 2-cycle `[[0, 2], [3, 0]]` (zero diagonal). -/
def cycEx : Mat 2 := matOfRows 2 [[0, 2], [3, 0]]

/-- Every entry of `posEx` is positive. -/
theorem posEx_pos : ∀ i j, 0 < posEx i j := by decide +kernel

/-- `upEx` is strictly upper-triangular. -/
theorem upEx_isStrictlyUpper : IsStrictlyUpper upEx := by
  unfold IsStrictlyUpper
  decide +kernel

/-- The index order is a topological order of `upEx`. -/
theorem upEx_isTopologicalOrder : IsTopologicalOrder upEx (fun i => i.val) := by
  unfold IsTopologicalOrder
  decide +kernel

/-- `matPow_nonneg` applied to `posEx`. -/
theorem matPow_nonneg_satisfiable : 0 ≤ matPow posEx 2 0 1 :=
  matPow_nonneg posEx (fun i j => Rat.le_of_lt (posEx_pos i j)) 2 0 1

/-- `matPow_pos` applied to `posEx`. -/
theorem matPow_pos_satisfiable : 0 < matPow posEx 2 1 0 :=
  matPow_pos (by decide) posEx posEx_pos 2 (by decide) 1 0

/-- `trace_matPow_pos` applied to `posEx`. -/
theorem trace_matPow_pos_satisfiable : 0 < trace (matPow posEx 3) :=
  trace_matPow_pos (by decide) posEx posEx_pos 3 (by decide)

/-- `not_isNilpotent_of_pos` applied to `posEx`. -/
theorem not_isNilpotent_of_pos_satisfiable : ¬ IsNilpotent posEx :=
  not_isNilpotent_of_pos (by decide) posEx posEx_pos

/-- `notearsTrunc_pos` applied to `posEx`. -/
theorem notearsTrunc_pos_satisfiable : 0 < notearsTrunc posEx 2 :=
  notearsTrunc_pos (by decide) posEx (fun i j => Rat.ne_of_gt (posEx_pos i j)) 2 (by decide)

/-- `matPow_self_eq_zero_of_isStrictlyUpper` applied to `upEx`. -/
theorem matPow_self_eq_zero_of_isStrictlyUpper_satisfiable : matPow upEx 3 = matZero 3 :=
  matPow_self_eq_zero_of_isStrictlyUpper upEx upEx_isStrictlyUpper

/-- `isNilpotent_of_isStrictlyUpper` applied to `upEx`. -/
theorem isNilpotent_of_isStrictlyUpper_satisfiable : IsNilpotent upEx :=
  isNilpotent_of_isStrictlyUpper upEx upEx_isStrictlyUpper

/-- `notearsTrunc_eq_zero_of_isStrictlyUpper` applied to `upEx`. -/
theorem notearsTrunc_eq_zero_of_isStrictlyUpper_satisfiable : notearsTrunc upEx 4 = 0 :=
  notearsTrunc_eq_zero_of_isStrictlyUpper upEx upEx_isStrictlyUpper 4

/-- `hasClosedWalk_short_of_walk` applied to the 2-cycle and the walk `0 → 1 → 0`. -/
theorem hasClosedWalk_short_of_walk_satisfiable :
    ∃ c, 1 ≤ c ∧ c ≤ 2 ∧ HasClosedWalk cycEx c :=
  hasClosedWalk_short_of_walk cycEx 2 (by decide) (fun t => if t % 2 = 0 then 0 else 1)
    (by unfold IsSuppWalk; decide +kernel)

/-- `isAcyclic_of_isTopologicalOrder` applied to `upEx`. -/
theorem isAcyclic_of_isTopologicalOrder_satisfiable : IsAcyclic upEx :=
  isAcyclic_of_isTopologicalOrder upEx (fun i => i.val) upEx_isTopologicalOrder

/-- `notearsTrunc_eq_zero_of_isTopologicalOrder` applied to `upEx`. -/
theorem notearsTrunc_eq_zero_of_isTopologicalOrder_satisfiable : notearsTrunc upEx 5 = 0 :=
  notearsTrunc_eq_zero_of_isTopologicalOrder upEx (fun i => i.val) upEx_isTopologicalOrder 5

/-- `notearsTrunc_eq_zero_iff_isAcyclic` applied to `upEx` with `K = 3`. -/
theorem notearsTrunc_eq_zero_iff_isAcyclic_satisfiable : notearsTrunc upEx 3 = 0 ↔ IsAcyclic upEx :=
  notearsTrunc_eq_zero_iff_isAcyclic upEx 3 (by decide)

/-- `matPow_hadamard_eq_zero_of_isAcyclic` applied to `upEx`. -/
theorem matPow_hadamard_eq_zero_of_isAcyclic_satisfiable :
    matPow (hadamard upEx upEx) 3 = matZero 3 :=
  matPow_hadamard_eq_zero_of_isAcyclic upEx isAcyclic_of_isTopologicalOrder_satisfiable

/-- `isAcyclic_of_isNilpotent_hadamard` applied to `upEx` (`(upEx∘upEx)^3 = 0`). -/
theorem isAcyclic_of_isNilpotent_hadamard_satisfiable : IsAcyclic upEx :=
  isAcyclic_of_isNilpotent_hadamard upEx ⟨3, by funext i j; revert i j; decide +kernel⟩

/-- `not_isAcyclic_of_ne_zero` applied to `posEx`. -/
theorem not_isAcyclic_of_ne_zero_satisfiable : ¬ IsAcyclic posEx :=
  not_isAcyclic_of_ne_zero (by decide) posEx (fun i j => Rat.ne_of_gt (posEx_pos i j))

/-- `hasClosedWalk_two_of_ne_zero` applied to the 2-cycle. -/
theorem hasClosedWalk_two_of_ne_zero_satisfiable : HasClosedWalk cycEx 2 :=
  hasClosedWalk_two_of_ne_zero cycEx 0 1 (by decide +kernel) (by decide +kernel)

/-- `not_isAcyclic_of_offDiag_ne_zero` applied to the zero-diagonal 2-cycle. -/
theorem not_isAcyclic_of_offDiag_ne_zero_satisfiable : ¬ IsAcyclic cycEx :=
  not_isAcyclic_of_offDiag_ne_zero (by decide) cycEx (by decide +kernel)

/-- `notearsTrunc_pos_of_offDiag_ne_zero` applied to the zero-diagonal 2-cycle. -/
theorem notearsTrunc_pos_of_offDiag_ne_zero_satisfiable : 0 < notearsTrunc cycEx 2 :=
  notearsTrunc_pos_of_offDiag_ne_zero (by decide) cycEx (by decide +kernel) 2 (by decide)

end MLTheory

end
