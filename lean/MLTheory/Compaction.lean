/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Pigeonhole

/-!
# Context compaction: generation beats selection on the parity query

Source: `000_7a6cd69522701495.txt`, line 5 (a formal study of context compaction:
the Context Selection Game keeps a subset of the agent's state, the Context Generation Game keeps
an arbitrary message of bounded length; "there exists a set of queries for which generation needs
strictly less budget than selection").

The abstract does not say which queries separate the two games. **This module proves the
textbook separating example, the parity query**, for every number `n ≥ 1` of context bits:

* generation: a one-bit message (the parity itself) answers the parity query on every context
  (`generation_solves_parity`);
* selection: keeping any fixed set of coordinates that misses a coordinate fails — whatever the
  decoder, some context gets the wrong answer (`selection_fails_of_not_selected`); so every
  selection of fewer than `n` coordinates fails (`selection_fails_of_length_lt`), while keeping
  all `n` coordinates succeeds (`selection_all_solves_parity`). On `3` bits: a 1-bit generated
  summary suffices and no selection of at most `2` coordinates does
  (`compaction_parity_three`).

**Scope (the project's reading).** The selection modelled here is *oblivious*: which coordinates are kept
does not depend on the context. If the kept positions may depend on the context and the decoder
sees them, the choice of positions can itself carry information: keeping a single coordinate whose
position encodes the parity answers the query (`adaptive_selection_solves_parity`). The paper's
Context Selection Game may restrict this differently; this module states exactly what it proves.

Concrete instances (`_instance_`, by `decide +kernel`) evaluate the parity on sample contexts and
the failing context for a sample selection.
-/

@[expose] public section

noncomputable section

namespace MLTheory.Compaction

/-- The parity `x 0 ⊕ x 1 ⊕ ⋯ ⊕ x (n-1)` of a context of `n` bits. -/
def parity : (n : Nat) → (Fin n → Bool) → Bool
  | 0, _ => false
  | n + 1, x => xor (x 0) (parity n (fun i => x i.succ))

/-- The context `x` with bit `i` flipped. -/
def flipBit {n : Nat} (x : Fin n → Bool) (i : Fin n) : Fin n → Bool :=
  fun j => if j = i then !x j else x j

/-- Flipping one bit flips the parity. -/
theorem parity_flipBit : ∀ (n : Nat) (x : Fin n → Bool) (i : Fin n),
    parity n (flipBit x i) = !parity n x
  | 0, _, i => i.elim0
  | n + 1, x, i => by
    cases i using Fin.cases with
    | zero =>
      have h1 : (fun j : Fin n => flipBit x 0 j.succ) = fun j => x j.succ :=
        funext fun j => by simp [flipBit, Fin.succ_ne_zero]
      have h0 : flipBit x 0 0 = !x 0 := by simp [flipBit]
      show xor (flipBit x 0 0) (parity n fun j => flipBit x 0 j.succ) =
        !(xor (x 0) (parity n fun j => x j.succ))
      rw [h1, h0]
      cases x 0 <;> cases parity n (fun j => x j.succ) <;> rfl
    | succ i =>
      have h1 : (fun j : Fin n => flipBit x i.succ j.succ) = flipBit (fun j => x j.succ) i :=
        funext fun j => by simp [flipBit, Fin.succ_inj]
      have h0 : flipBit x i.succ 0 = x 0 := by
        simp [flipBit, (Fin.succ_ne_zero i).symm]
      show xor (flipBit x i.succ 0) (parity n fun j => flipBit x i.succ j.succ) =
        !(xor (x 0) (parity n fun j => x j.succ))
      rw [h1, h0, parity_flipBit n (fun j => x j.succ) i]
      cases x 0 <;> cases parity n (fun j => x j.succ) <;> rfl

/-! ## The generation game -/

/-- **Generation**: a one-bit message suffices for the parity query: the compactor sends the
parity itself and the decoder returns the message. -/
theorem generation_solves_parity (n : Nat) :
    ∃ (enc : (Fin n → Bool) → Bool) (dec : Bool → Bool), ∀ x, dec (enc x) = parity n x :=
  ⟨parity n, id, fun _ => rfl⟩

/-! ## The (oblivious) selection game -/

/-- The compacted context of an oblivious selection: the kept coordinates (`keep j = true`) with
their values, `none` at the dropped ones. -/
def restrict {n : Nat} (keep : Fin n → Bool) (x : Fin n → Bool) : Fin n → Option Bool :=
  fun j => if keep j = true then some (x j) else none

/-- **Selection fails**: if the selection drops some coordinate `i`, then every decoder of the
compacted context answers the parity query wrongly on some context. -/
theorem selection_fails_of_not_selected {n : Nat} (keep : Fin n → Bool) (i : Fin n)
    (hi : keep i = false) (dec : (Fin n → Option Bool) → Bool) :
    ∃ x, dec (restrict keep x) ≠ parity n x := by
  let x0 : Fin n → Bool := fun _ => false
  have hsame : restrict keep (flipBit x0 i) = restrict keep x0 := by
    funext j
    unfold restrict flipBit
    by_cases hj : j = i
    · subst hj; simp [hi]
    · simp [hj]
  have hflip := parity_flipBit n x0 i
  by_cases h : dec (restrict keep x0) = parity n x0
  · refine ⟨flipBit x0 i, ?_⟩
    rw [hsame, h, hflip]
    cases parity n x0 <;> decide
  · exact ⟨x0, h⟩

/-- Keeping the coordinates listed in `l`. -/
def keepList {n : Nat} (l : List (Fin n)) : Fin n → Bool := fun j => decide (j ∈ l)

/-- **Selection of fewer than `n` coordinates fails**: for every list of fewer than `n`
coordinates and every decoder, some context of `n` bits gets the wrong parity. -/
theorem selection_fails_of_length_lt {n : Nat} (l : List (Fin n)) (hl : l.length < n)
    (dec : (Fin n → Option Bool) → Bool) :
    ∃ x, dec (restrict (keepList l) x) ≠ parity n x := by
  obtain ⟨i, hi⟩ := exists_not_mem_of_length_lt l hl
  exact selection_fails_of_not_selected (keepList l) i (by simp [keepList, hi]) dec

/-- The parity read off a fully kept context (`none` read as `false`). -/
def parityOfRestricted {n : Nat} (y : Fin n → Option Bool) : Bool :=
  parity n (fun j => (y j).getD false)

/-- Keeping all `n` coordinates answers the parity query. -/
theorem selection_all_solves_parity (n : Nat) (x : Fin n → Bool) :
    parityOfRestricted (restrict (fun _ => true) x) = parity n x := by
  unfold parityOfRestricted restrict
  rfl

/-- **The separation on `3` bits**: a one-bit generated summary answers the parity query, and no
selection of at most `2` of the `3` coordinates does, whatever the decoder. -/
theorem compaction_parity_three :
    (∃ (enc : (Fin 3 → Bool) → Bool) (dec : Bool → Bool), ∀ x, dec (enc x) = parity 3 x) ∧
      ∀ (l : List (Fin 3)), l.length ≤ 2 → ∀ dec : (Fin 3 → Option Bool) → Bool,
        ∃ x, dec (restrict (keepList l) x) ≠ parity 3 x :=
  ⟨generation_solves_parity 3, fun l hl dec => selection_fails_of_length_lt l (by omega) dec⟩

/-! ## Why the selection must be oblivious -/

/-- **Adaptive selection leaks through positions**: if the kept position may depend on the
context and the decoder sees it, keeping one coordinate suffices on `n ≥ 2` bits: keep coordinate
`1` when the parity is odd and coordinate `0` when it is even; the decoder reads the position. -/
theorem adaptive_selection_solves_parity (n : Nat) (hn : 2 ≤ n) :
    ∃ (pos : (Fin n → Bool) → Fin n) (dec : Fin n × Bool → Bool),
      ∀ x, dec (pos x, x (pos x)) = parity n x := by
  refine ⟨fun x => if parity n x then ⟨1, by omega⟩ else ⟨0, by omega⟩,
    fun p => decide (p.1.val = 1), fun x => ?_⟩
  cases hp : parity n x <;> simp [hp]

/-! ## Concrete instances -/

/-- The context bits listed by `l` (`false` past its end), to write instances. -/
def bits {n : Nat} (l : List Bool) : Fin n → Bool := fun j => l.getD j.val false

/-- Instance: the parity of `101` is even, of `111` odd, and flipping bit `1` of `101` makes it
odd. -/
theorem parity_instance_three :
    parity 3 (bits [true, false, true]) = false ∧ parity 3 (bits [true, true, true]) = true ∧
      parity 3 (flipBit (bits [true, false, true]) 1) = true := by
  decide +kernel

/-- Instance: keeping coordinates `0` and `2` of a 3-bit context, the contexts `000` and `010`
look the same after compaction but have different parities. -/
theorem selection_instance_three :
    restrict (keepList [0, 2]) (bits (n := 3) [false, false, false]) =
        restrict (keepList [0, 2]) (bits (n := 3) [false, true, false]) ∧
      parity 3 (bits [false, false, false]) ≠ parity 3 (bits [false, true, false]) := by
  refine ⟨funext fun j => ?_, by decide +kernel⟩
  revert j
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `selection_fails_of_not_selected` applied to keeping coordinates `0` and `2` of `3`. -/
theorem selection_fails_of_not_selected_satisfiable :
    ∃ x, parityOfRestricted (restrict (keepList (n := 3) [0, 2]) x) ≠ parity 3 x :=
  selection_fails_of_not_selected (keepList [0, 2]) 1 (by decide) parityOfRestricted

/-- `selection_fails_of_length_lt` applied to the list `[0, 2]` of `3` coordinates. -/
theorem selection_fails_of_length_lt_satisfiable :
    ∃ x, parityOfRestricted (restrict (keepList (n := 3) [0, 2]) x) ≠ parity 3 x :=
  selection_fails_of_length_lt [0, 2] (by decide) parityOfRestricted

/-- `adaptive_selection_solves_parity` applied to `n = 2`. -/
theorem adaptive_selection_solves_parity_satisfiable :
    ∃ (pos : (Fin 2 → Bool) → Fin 2) (dec : Fin 2 × Bool → Bool),
      ∀ x, dec (pos x, x (pos x)) = parity 2 x :=
  adaptive_selection_solves_parity 2 (by decide)

/-- `compaction_parity_three`'s second conjunct applied to the list `[0, 2]` (of length `2`). -/
theorem compaction_parity_three_satisfiable :
    ∀ dec : (Fin 3 → Option Bool) → Bool, ∃ x, dec (restrict (keepList (n := 3) [0, 2]) x) ≠ parity 3 x :=
  compaction_parity_three.2 [0, 2] (by decide)

end MLTheory.Compaction

end

end
