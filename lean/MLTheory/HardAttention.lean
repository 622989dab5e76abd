/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Average hard attention computes an unbounded addition gate

Source: `000_7a6cd69522701495.txt`, line 13 (transformer encoders as sequence-to-sequence
functions on vectors: "average hard attention can be used to simulate arithmetic circuits if they
are given as an input to an encoder"; the simulated circuits use "unbounded addition, binary
multiplication and sign gates"; the results hold "over the reals, rationals and any ring in
between").

**Average hard attention** (AHA) with scores `s : Fin n → Rat` and values `v : Fin n → Rat`
returns the mean of the values at the positions of maximal score (`aha`). Exactly over `Rat`:

* the maximum `maxScore s` bounds every score (`le_maxScore`) and is below every common upper
  bound `b ≥ 0` of the scores (`maxScore_le`);
* if the scores mark a non-empty set `S` of positions (`1` on `S`, `0` elsewhere: the circuit's
  wiring, given in the input, tells each gate which positions feed it), AHA attends exactly to
  `S` (`attends_indicator_iff`) and returns the mean of the values on `S` (`aha_indicator`);
* so one AHA head followed by one multiplication by `|S|` computes the unbounded addition gate
  `∑_{j ∈ S} v j` (`count_mul_aha_indicator`).

**Scope.** One addition gate; how an encoder reads the circuit from its input and routes gates
layer by layer, with multiplication and sign gates, is `MLTheory.CircuitSimulation`; the converse
simulation of encoders by circuits is not formalised. The concrete instance (`_instance_`, by `decide +kernel`)
evaluates a head on four positions.
-/

@[expose] public section

noncomputable section

namespace MLTheory.HardAttention

/-- The maximum of the scores `s 0, …, s (n-1)` (`0` when `n = 0`). -/
def maxScore : (n : Nat) → (Fin n → Rat) → Rat
  | 0, _ => 0
  | n + 1, s => if n = 0 then s 0 else
      (if s 0 ≤ maxScore n (fun i => s i.succ) then maxScore n (fun i => s i.succ) else s 0)

/-- Position `j` is attended: its score is maximal. -/
def attends {n : Nat} (s : Fin n → Rat) (j : Fin n) : Prop := s j = maxScore n s

/-- Average hard attention: the mean of the values at the positions of maximal score. -/
def aha {n : Nat} (s v : Fin n → Rat) : Rat :=
  sumFin n (fun j => if s j = maxScore n s then v j else 0) /
    sumFin n (fun j => if s j = maxScore n s then 1 else 0)

/-- Every score is at most the maximum. -/
theorem le_maxScore : ∀ (n : Nat) (s : Fin n → Rat) (j : Fin n), s j ≤ maxScore n s
  | 0, _, j => j.elim0
  | n + 1, s, j => by
    simp only [maxScore]
    by_cases hn : n = 0
    · subst hn
      rw [if_pos rfl]
      cases j using Fin.cases with
      | zero => exact Rat.le_refl
      | succ i => exact i.elim0
    · rw [if_neg hn]
      have ih : ∀ i : Fin n, s i.succ ≤ maxScore n (fun i => s i.succ) :=
        fun i => le_maxScore n (fun i => s i.succ) i
      by_cases h : s 0 ≤ maxScore n (fun i => s i.succ)
      · rw [if_pos h]
        cases j using Fin.cases with
        | zero => exact h
        | succ i => exact ih i
      · rw [if_neg h]
        have h' : maxScore n (fun i => s i.succ) ≤ s 0 := Rat.le_of_lt (Rat.not_le.mp h)
        cases j using Fin.cases with
        | zero => exact Rat.le_refl
        | succ i => exact Rat.le_trans (ih i) h'

/-- The maximum is below every non-negative common upper bound of the scores. -/
theorem maxScore_le : ∀ (n : Nat) (s : Fin n → Rat) (b : Rat), 0 ≤ b → (∀ j, s j ≤ b) →
    maxScore n s ≤ b
  | 0, _, _, hb, _ => hb
  | n + 1, s, b, hb, hs => by
    simp only [maxScore]
    by_cases hn : n = 0
    · rw [if_pos hn]; exact hs 0
    · rw [if_neg hn]
      have ih := maxScore_le n (fun i => s i.succ) b hb (fun i => hs i.succ)
      by_cases h : s 0 ≤ maxScore n (fun i => s i.succ)
      · rw [if_pos h]; exact ih
      · rw [if_neg h]; exact hs 0

/-- The scores that mark the set `S`: `1` on `S`, `0` elsewhere. -/
def indicator {n : Nat} (S : Fin n → Bool) (j : Fin n) : Rat := if S j = true then 1 else 0

/-- **AHA attends exactly to the marked set**: if `S` is non-empty, position `j` has maximal
score iff `j ∈ S`. -/
theorem attends_indicator_iff {n : Nat} (S : Fin n → Bool) (hS : ∃ j, S j = true) (j : Fin n) :
    attends (indicator S) j ↔ S j = true := by
  obtain ⟨j0, hj0⟩ := hS
  have hmax : maxScore n (indicator S) = 1 := by
    have h1 := maxScore_le n (indicator S) 1 (by decide) (fun j => by
      unfold indicator
      by_cases h : S j = true
      · rw [if_pos h]; exact Rat.le_refl
      · rw [if_neg h]; decide)
    have h3 : indicator S j0 = 1 := by unfold indicator; rw [if_pos hj0]
    have h2 := le_maxScore n (indicator S) j0
    rw [h3] at h2
    grind
  unfold attends
  rw [hmax]
  unfold indicator
  by_cases h : S j = true
  · rw [if_pos h]; exact ⟨fun _ => h, fun _ => rfl⟩
  · rw [if_neg h]; exact ⟨fun e => absurd e (by decide), fun e => absurd e h⟩

/-- The sum of the values on `S`. -/
def selSum {n : Nat} (S : Fin n → Bool) (v : Fin n → Rat) : Rat :=
  sumFin n (fun j => if S j = true then v j else 0)

/-- The number `|S|` of marked positions. -/
def selCount {n : Nat} (S : Fin n → Bool) : Rat := sumFin n (fun j => if S j = true then 1 else 0)

/-- **AHA returns the mean on the marked set**: with the scores of a non-empty set `S`, average
hard attention returns `(∑_{j ∈ S} v j) / |S|`. -/
theorem aha_indicator {n : Nat} (S : Fin n → Bool) (hS : ∃ j, S j = true) (v : Fin n → Rat) :
    aha (indicator S) v = selSum S v / selCount S := by
  have h := attends_indicator_iff S hS
  unfold aha selSum selCount
  have hiff : ∀ j, indicator S j = maxScore n (indicator S) ↔ S j = true := h
  have hnum : sumFin n (fun j => if indicator S j = maxScore n (indicator S) then v j else 0) =
      sumFin n (fun j => if S j = true then v j else 0) := sumFin_congr (fun j => by
    by_cases hj : S j = true
    · rw [if_pos ((hiff j).mpr hj), if_pos hj]
    · rw [if_neg (fun e => hj ((hiff j).mp e)), if_neg hj])
  have hden : sumFin n (fun j => if indicator S j = maxScore n (indicator S) then (1 : Rat) else 0) =
      sumFin n (fun j => if S j = true then (1 : Rat) else 0) := sumFin_congr (fun j => by
    by_cases hj : S j = true
    · rw [if_pos ((hiff j).mpr hj), if_pos hj]
    · rw [if_neg (fun e => hj ((hiff j).mp e)), if_neg hj])
  rw [hnum, hden]

/-- A non-empty marked set has a positive count. -/
theorem selCount_pos {n : Nat} (S : Fin n → Bool) (hS : ∃ j, S j = true) : 0 < selCount S := by
  obtain ⟨j0, hj0⟩ := hS
  unfold selCount
  refine (sumFin_pos_iff_exists_pos n _ (fun j => ?_)).mpr ⟨j0, ?_⟩
  · show (0 : Rat) ≤ (if S j = true then 1 else 0)
    by_cases h : S j = true
    · rw [if_pos h]; decide
    · rw [if_neg h]; exact Rat.le_refl
  · show (0 : Rat) < (if S j0 = true then 1 else 0)
    rw [if_pos hj0]; decide

/-- **The unbounded addition gate**: one AHA head on the scores of a non-empty set `S`, followed
by one multiplication by `|S|`, returns `∑_{j ∈ S} v j`. -/
theorem count_mul_aha_indicator {n : Nat} (S : Fin n → Bool) (hS : ∃ j, S j = true)
    (v : Fin n → Rat) : selCount S * aha (indicator S) v = selSum S v := by
  rw [aha_indicator S hS v, Rat.div_def]
  have hpos := selCount_pos S hS
  have hne : selCount S ≠ 0 := fun e => by rw [e] at hpos; exact Rat.lt_irrefl hpos
  have hinv : selCount S * (selCount S)⁻¹ = 1 := Rat.mul_inv_cancel _ hne
  rw [Rat.mul_comm (selSum S v), ← Rat.mul_assoc, hinv, Rat.one_mul]

/-! ## Concrete instance -/

/-- The gate's inputs: positions `0` and `2` of four. -/
def sampleSet : Fin 4 → Bool := fun j => j.val = 0 || j.val = 2

/-- The values `3, 5, 7, 11` at the four positions. -/
def sampleValues : Fin 4 → Rat := fun j =>
  if j.val = 0 then 3 else if j.val = 1 then 5 else if j.val = 2 then 7 else 11

/-- Instance: with the scores marking positions `0` and `2`, average hard attention returns the
mean `(3 + 7) / 2 = 5` and `|S| · 5 = 10 = 3 + 7`; with equal scores everywhere it returns the
mean of all four values, `26 / 4`. -/
theorem aha_instance_four :
    aha (indicator sampleSet) sampleValues = 5 ∧
      selCount sampleSet * aha (indicator sampleSet) sampleValues = 10 ∧
      aha (fun _ => 0) sampleValues = 26 / 4 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The sample set `{0, 2}` is not empty. -/
theorem sampleSet_nonempty : ∃ j, sampleSet j = true := ⟨0, rfl⟩

/-- `maxScore_le` applied to the indicator of the sample set and the bound `1`. -/
theorem maxScore_le_satisfiable : maxScore 4 (indicator sampleSet) ≤ 1 :=
  maxScore_le 4 (indicator sampleSet) 1 (by decide +kernel) (by decide +kernel)

/-- `attends_indicator_iff` applied to the sample set and position `2`. -/
theorem attends_indicator_iff_satisfiable : attends (indicator sampleSet) 2 ↔ sampleSet 2 = true :=
  attends_indicator_iff sampleSet sampleSet_nonempty 2

/-- `aha_indicator` applied to the sample set and values. -/
theorem aha_indicator_satisfiable :
    aha (indicator sampleSet) sampleValues = selSum sampleSet sampleValues / selCount sampleSet :=
  aha_indicator sampleSet sampleSet_nonempty sampleValues

/-- `count_mul_aha_indicator` applied to the sample set and values. -/
theorem count_mul_aha_indicator_satisfiable :
    selCount sampleSet * aha (indicator sampleSet) sampleValues = selSum sampleSet sampleValues :=
  count_mul_aha_indicator sampleSet sampleSet_nonempty sampleValues

end MLTheory.HardAttention

end

end
