/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Pigeonhole

/-!
# Zero-error compaction of a finite query table: the minimum message count is the number of rows

Source: `000_7a6cd69522701495.txt`, line 5 (context compaction as one-way communication: the
paper equates the least compaction budget that answers a set of queries within a target error with
the one-way communication complexity of the communication problem those queries induce).

The zero-error, deterministic case, exactly. A finite *query table* `T : Fin n → Fin q → A` gives
the answer `T x j` of query `j` on context `x`. A compaction with `m` messages is an encoder
`enc : Fin n → Fin m` (the summary of the context) and a decoder `dec : Fin m → Fin q → A` (the
answer to each query read off the summary); it has zero error if `dec (enc x) j = T x j` for every
context `x` and query `j`. This is exactly a deterministic one-way protocol for the induced
communication problem (Alice holds `x`, Bob holds `j`). The *rows* of the table are the answer
lists `[T x 0, …, T x (q-1)]`; `rowCount T` is the number of distinct rows.

* an encoder admits a zero-error decoder iff it separates contexts with distinct rows
  (`zeroError_iff_separates`);
* every zero-error compaction has at least `rowCount T` messages (`rowCount_le_of_zeroError`);
* `rowCount T` messages suffice (`exists_zeroError_rowCount`);
* so a zero-error compaction with `m` messages exists iff `rowCount T ≤ m`
  (`exists_zeroError_iff_rowCount_le`): the minimum message count is the number of distinct rows;
* if all rows are distinct, the minimum is the number of contexts (`rowCount_eq_of_rows_ne`); for
  set membership on `k` elements it is `2^k` (`rowCount_membership`).

**Scope.** Zero error and deterministic protocols only; the budget is counted in messages (in bits
it is `⌈log₂ (rowCount T)⌉`, not formalised); randomised protocols and a positive target error,
where the paper's equivalence has its content, are not formalised. Concrete instances
(`_instance_`, by `decide +kernel`) count the rows of set-membership and parity tables.
-/

@[expose] public section

noncomputable section

namespace MLTheory.QueryTable

/-! ## Removing duplicates from a list -/

/-- The list `l` without repeated entries (the last occurrence of each entry is kept). -/
def dedup {R : Type} [DecidableEq R] : List R → List R
  | [] => []
  | a :: l => if a ∈ dedup l then dedup l else a :: dedup l

/-- `dedup l` has the same entries as `l`. -/
theorem mem_dedup {R : Type} [DecidableEq R] (a : R) : ∀ l : List R, a ∈ dedup l ↔ a ∈ l
  | [] => by simp [dedup]
  | b :: l => by
    have ih := mem_dedup a l
    by_cases h : b ∈ dedup l
    · simp only [dedup, if_pos h, List.mem_cons]
      constructor
      · intro ha; exact Or.inr (ih.mp ha)
      · intro ha
        cases ha with
        | inl e => exact e ▸ h
        | inr e => exact ih.mpr e
    · simp only [dedup, if_neg h, List.mem_cons, ih]

/-- `dedup l` has no duplicates. -/
theorem nodup_dedup {R : Type} [DecidableEq R] : ∀ l : List R, (dedup l).Nodup
  | [] => List.nodup_nil
  | b :: l => by
    by_cases h : b ∈ dedup l
    · simp only [dedup, if_pos h]; exact nodup_dedup l
    · simp only [dedup, if_neg h]; exact List.nodup_cons.mpr ⟨h, nodup_dedup l⟩

/-- A list without duplicates is its own `dedup`. -/
theorem dedup_eq_self {R : Type} [DecidableEq R] : ∀ l : List R, l.Nodup → dedup l = l
  | [] => fun _ => rfl
  | b :: l => fun h => by
    have h' := List.nodup_cons.mp h
    have hb : b ∉ dedup l := fun hm => h'.1 ((mem_dedup b l).mp hm)
    simp only [dedup]
    rw [if_neg hb, dedup_eq_self l h'.2]

/-! ## Query tables, rows and zero-error compactions -/

/-- The row of context `x` in the query table `T`: its answers to queries `0, …, q-1`. -/
def row {n q : Nat} {A : Type} (T : Fin n → Fin q → A) (x : Fin n) : List A := List.ofFn (T x)

/-- The distinct rows of the table `T`. -/
def rows {n q : Nat} {A : Type} [DecidableEq A] (T : Fin n → Fin q → A) : List (List A) :=
  dedup ((List.finRange n).map (row T))

/-- The number of distinct rows of the table `T`. -/
def rowCount {n q : Nat} {A : Type} [DecidableEq A] (T : Fin n → Fin q → A) : Nat :=
  (rows T).length

/-- A compaction `enc` with `m` messages and decoder `dec` answers every query on every context
exactly (zero error). -/
def ZeroError {n q m : Nat} {A : Type} (T : Fin n → Fin q → A) (enc : Fin n → Fin m)
    (dec : Fin m → Fin q → A) : Prop :=
  ∀ x j, dec (enc x) j = T x j

/-- Two contexts have the same row iff they answer every query alike. -/
theorem row_eq_iff {n q : Nat} {A : Type} (T : Fin n → Fin q → A) (x x' : Fin n) :
    row T x = row T x' ↔ T x = T x' := by
  unfold row
  constructor
  · intro h
    funext j
    have h2 := congrArg (fun l => l[j.val]?) h
    simpa using h2
  · intro h; rw [h]

/-- Every row of the table is among its distinct rows. -/
theorem row_mem_rows {n q : Nat} {A : Type} [DecidableEq A] (T : Fin n → Fin q → A)
    (x : Fin n) : row T x ∈ rows T :=
  (mem_dedup _ _).mpr (List.mem_map.mpr ⟨x, List.mem_finRange x, rfl⟩)

/-- Every distinct row is the row of some context. -/
theorem exists_row_eq_of_mem_rows {n q : Nat} {A : Type} [DecidableEq A]
    (T : Fin n → Fin q → A) (r : List A) (hr : r ∈ rows T) : ∃ x, row T x = r := by
  obtain ⟨x, _, hx⟩ := List.mem_map.mp ((mem_dedup _ _).mp hr)
  exact ⟨x, hx⟩

/-! ## Zero error iff distinct rows get distinct messages -/

/-- **Zero error iff separating**: an encoder admits a decoder with zero error iff it gives
contexts with distinct rows distinct messages. -/
theorem zeroError_iff_separates {n q m : Nat} {A : Type} [Inhabited A]
    (T : Fin n → Fin q → A) (enc : Fin n → Fin m) :
    (∃ dec, ZeroError T enc dec) ↔ ∀ x x', T x ≠ T x' → enc x ≠ enc x' := by
  constructor
  · intro ⟨dec, hdec⟩ x x' hne he
    apply hne
    funext j
    rw [← hdec x j, ← hdec x' j, he]
  · intro hsep
    refine ⟨fun i j => if h : ∃ x, enc x = i then T (Classical.choose h) j else default, ?_⟩
    intro x j
    have h : ∃ x', enc x' = enc x := ⟨x, rfl⟩
    simp only [dif_pos h]
    have hx := Classical.choose_spec h
    apply Classical.byContradiction
    intro hne
    exact hsep _ _ (fun e => hne (congrFun e j)) hx

/-! ## The minimum message count -/

/-- **Lower bound**: a zero-error compaction with `m` messages has `rowCount T ≤ m`: the distinct
rows are read off distinct messages (pigeonhole). -/
theorem rowCount_le_of_zeroError {n q m : Nat} {A : Type} [DecidableEq A]
    (T : Fin n → Fin q → A) (enc : Fin n → Fin m) (dec : Fin m → Fin q → A)
    (h : ZeroError T enc dec) : rowCount T ≤ m := by
  have hle := length_le_of_nodup_subset (rows T)
    ((List.finRange m).map (fun i => List.ofFn (dec i))) (nodup_dedup _) (fun r hr => by
      obtain ⟨x, rfl⟩ := exists_row_eq_of_mem_rows T r hr
      refine List.mem_map.mpr ⟨enc x, List.mem_finRange _, ?_⟩
      show List.ofFn (dec (enc x)) = List.ofFn (T x)
      exact congrArg List.ofFn (funext (h x)))
  rw [List.length_map, List.length_finRange] at hle
  exact hle

/-- **Attained**: `rowCount T` messages suffice: send the index of the context's row among the
distinct rows, and answer from any context with that row. -/
theorem exists_zeroError_rowCount {n q : Nat} {A : Type} [DecidableEq A]
    (T : Fin n → Fin q → A) :
    ∃ (enc : Fin n → Fin (rowCount T)) (dec : Fin (rowCount T) → Fin q → A),
      ZeroError T enc dec := by
  have hidx : ∀ x, ∃ i : Fin (rowCount T), (rows T)[i.val]'i.isLt = row T x := fun x => by
    obtain ⟨i, hi, he⟩ := List.getElem_of_mem (row_mem_rows T x)
    exact ⟨⟨i, hi⟩, he⟩
  have hrep : ∀ i : Fin (rowCount T), ∃ x, row T x = (rows T)[i.val]'i.isLt := fun i =>
    exists_row_eq_of_mem_rows T _ (List.getElem_mem _)
  refine ⟨fun x => Classical.choose (hidx x), fun i => T (Classical.choose (hrep i)), ?_⟩
  intro x j
  have h1 := Classical.choose_spec (hrep (Classical.choose (hidx x)))
  have h2 := Classical.choose_spec (hidx x)
  have h3 := (row_eq_iff T _ x).mp (h1.trans h2)
  exact congrFun h3 j

/-- **The minimum zero-error message count is the number of distinct rows**: a zero-error
compaction of the table with `m` messages exists iff `rowCount T ≤ m`. -/
theorem exists_zeroError_iff_rowCount_le {n q m : Nat} {A : Type} [DecidableEq A] [Inhabited A]
    (T : Fin n → Fin q → A) :
    (∃ (enc : Fin n → Fin m) (dec : Fin m → Fin q → A), ZeroError T enc dec) ↔
      rowCount T ≤ m := by
  constructor
  · intro ⟨enc, dec, h⟩; exact rowCount_le_of_zeroError T enc dec h
  · intro hm
    obtain ⟨enc, dec, h⟩ := exists_zeroError_rowCount T
    refine ⟨fun x => Fin.castLE hm (enc x),
      fun i j => if hi : i.val < rowCount T then dec ⟨i.val, hi⟩ j else default, ?_⟩
    intro x j
    have hlt : (Fin.castLE hm (enc x)).val < rowCount T := (enc x).isLt
    simp only [dif_pos hlt]
    exact h x j

/-- **All rows distinct**: if distinct contexts always differ on some query, the table has `n`
distinct rows, so a zero-error compaction needs `n` messages. -/
theorem rowCount_eq_of_rows_ne {n q : Nat} {A : Type} [DecidableEq A] (T : Fin n → Fin q → A)
    (hne : ∀ x x', x ≠ x' → T x ≠ T x') : rowCount T = n := by
  have hinj : ∀ x x', row T x = row T x' → x = x' := fun x x' h =>
    Classical.byContradiction fun hxx => hne x x' hxx ((row_eq_iff T x x').mp h)
  unfold rowCount rows
  rw [dedup_eq_self _ (nodup_map_of_injective (row T) hinj _ (nodup_finRange n)),
    List.length_map, List.length_finRange]

/-! ## Concrete instances -/

/-- The set-membership table on `k` elements: context `x < 2^k` is the set of the positions of
the `1` bits of `x`, and query `j` asks whether `j` is in the set. -/
def membership (k : Nat) : Fin (2 ^ k) → Fin k → Bool := fun x j => x.val.testBit j.val

/-- **Set membership on `k` elements has `2^k` distinct rows** (a set is determined by its
answers), so a zero-error compaction for set-membership queries needs `2^k` messages (`k` bits). -/
theorem rowCount_membership (k : Nat) : rowCount (membership k) = 2 ^ k := by
  apply rowCount_eq_of_rows_ne
  intro x x' hne heq
  apply hne
  apply Fin.ext
  apply Nat.eq_of_testBit_eq
  intro i
  by_cases hi : i < k
  · exact congrFun heq ⟨i, hi⟩
  · have h1 : x.val < 2 ^ i :=
      Nat.lt_of_lt_of_le x.isLt (Nat.pow_le_pow_right (by decide) (by omega))
    have h2 : x'.val < 2 ^ i :=
      Nat.lt_of_lt_of_le x'.isLt (Nat.pow_le_pow_right (by decide) (by omega))
    rw [Nat.testBit_lt_two_pow h1, Nat.testBit_lt_two_pow h2]

/-- The parity table on `k` bits: one query, the parity of the set. -/
def parityTable (k : Nat) : Fin (2 ^ k) → Fin 1 → Bool :=
  fun x _ => ((List.finRange k).countP (fun j => x.val.testBit j.val)) % 2 == 1

/-- Instance: the set-membership table on `3` elements has `8` distinct rows (a zero-error
compaction needs `8` messages, i.e. `3` bits), the parity table on `3` bits has `2`. -/
theorem rowCount_instance_three :
    rowCount (membership 3) = 8 ∧ rowCount (parityTable 3) = 2 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `rowCount_le_of_zeroError` applied to the membership table on `1` element, compacted by the
identity. -/
theorem rowCount_le_of_zeroError_satisfiable : rowCount (membership 1) ≤ 2 :=
  rowCount_le_of_zeroError (membership 1) (fun x => x) (membership 1) (fun _ _ => rfl)

/-- The membership table on `1` element has distinct rows. -/
theorem membership_one_rows_ne : ∀ x x' : Fin (2 ^ 1), x ≠ x' → membership 1 x ≠ membership 1 x' := by
  intro x x' h he
  have h0 := congrFun he 0
  clear he
  revert x x'
  decide +kernel

/-- `rowCount_eq_of_rows_ne` applied to the membership table on `1` element. -/
theorem rowCount_eq_of_rows_ne_satisfiable : rowCount (membership 1) = 2 ^ 1 :=
  rowCount_eq_of_rows_ne (membership 1) membership_one_rows_ne

end MLTheory.QueryTable

end

end
