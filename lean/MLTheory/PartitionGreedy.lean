/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# The greedy algorithm is optimal on a partition matroid with unit capacities

Source: `004_725b34af8153ec2b.txt`, line 7 (Cluster-as-Distribution clustering: "the
greedy search employed to achieve the CaD clustering objective can be mapped to a partition
matroid---yielding greedy optimality").

The ground set is split into `n` blocks of `k` elements, element `c` of block `b` having the
rational weight `w b c`. In the partition matroid with capacity `1` per block a set is
independent iff it holds at most one element of every block; we write an independent set as
`s : Fin n → Option (Fin k)` (`none`: nothing taken from the block), so every such `s` is
independent and every independent set is one. Its weight is the sum of the weights it takes
(`weight`).

The matroid greedy algorithm scans the elements in an order of non-increasing weight and takes
an element when its weight is positive and its block is still empty (`greedy`). We prove:

* the greedy result takes in every block the first positive element of that block in the scan
  order (`greedy_apply`), which is an element of maximal weight of the block (`firstPos_max`);
* **greedy optimality**: if the scan order lists every element and has non-increasing weights,
  the greedy result has maximal weight among all independent sets (`weight_le_greedy`).

**Scope.** Unit capacities only (general capacities are `MLTheory.CapacityGreedy`; general
matroids are not formalised),
and the paper's mapping of the CaD greedy search onto a partition matroid, its objective and the
regret bound are not modelled. The concrete instance (`_instance_`, by `decide +kernel`) runs
the greedy algorithm on two blocks of three elements.
-/

@[expose] public section

noncomputable section

namespace MLTheory.PartitionGreedy

/-- The value an independent set gets from block `b`: `0` if it takes nothing there, else the
weight of the element it takes. -/
def blockValue {n k : Nat} (w : Fin n → Fin k → Rat) (b : Fin n) : Option (Fin k) → Rat
  | none => 0
  | some c => w b c

/-- The weight of the independent set `s` (at most one element per block). -/
def weight {n k : Nat} (w : Fin n → Fin k → Rat) (s : Fin n → Option (Fin k)) : Rat :=
  sumFin n (fun b => blockValue w b (s b))

/-- One greedy step on the element `e = (block, element)`: take it if its block is still empty
and its weight is positive. -/
def greedyStep {n k : Nat} (w : Fin n → Fin k → Rat) (s : Fin n → Option (Fin k))
    (e : Fin n × Fin k) : Fin n → Option (Fin k) :=
  fun b => if b = e.1 ∧ s e.1 = none ∧ 0 < w e.1 e.2 then some e.2 else s b

/-- The greedy algorithm: scan the list `L` of elements, starting from the empty set. -/
def greedy {n k : Nat} (w : Fin n → Fin k → Rat) (L : List (Fin n × Fin k)) :
    Fin n → Option (Fin k) :=
  L.foldl (greedyStep w) (fun _ => none)

/-- The first element of block `b` with positive weight in the list `L`, if any. -/
def firstPos {n k : Nat} (w : Fin n → Fin k → Rat) (b : Fin n) :
    List (Fin n × Fin k) → Option (Fin k)
  | [] => none
  | e :: L => if e.1 = b ∧ 0 < w e.1 e.2 then some e.2 else firstPos w b L

/-- `keepOr o o'`: `o` if it holds an element, else `o'`. -/
def keepOr {k : Nat} : Option (Fin k) → Option (Fin k) → Option (Fin k)
  | some c, _ => some c
  | none, o => o

/-- Scanning `L` from the state `s` keeps what `s` took in block `b`, and otherwise takes the
first positive element of block `b` in `L`. -/
theorem foldl_greedyStep_apply {n k : Nat} (w : Fin n → Fin k → Rat) (b : Fin n) :
    ∀ (L : List (Fin n × Fin k)) (s : Fin n → Option (Fin k)),
      (L.foldl (greedyStep w) s) b = keepOr (s b) (firstPos w b L)
  | [], s => by
    show s b = keepOr (s b) none
    cases s b <;> rfl
  | e :: L, s => by
    rw [List.foldl_cons, foldl_greedyStep_apply w b L]
    simp only [greedyStep, firstPos]
    by_cases hb : b = e.1
    · subst hb
      cases hs : s e.1 with
      | some c => simp [keepOr]
      | none =>
        by_cases hw : 0 < w e.1 e.2
        · simp [hw, keepOr]
        · simp [hw, keepOr]
    · have hb' : ¬ e.1 = b := fun h => hb h.symm
      simp [hb, hb']

/-- **What greedy takes**: in block `b` the greedy result is the first element of block `b` with
positive weight in the scan order (`none` if there is none). -/
theorem greedy_apply {n k : Nat} (w : Fin n → Fin k → Rat) (L : List (Fin n × Fin k))
    (b : Fin n) : greedy w L b = firstPos w b L :=
  foldl_greedyStep_apply w b L (fun _ => none)

/-- The element greedy takes has positive weight. -/
theorem firstPos_pos {n k : Nat} (w : Fin n → Fin k → Rat) (b : Fin n) (c : Fin k) :
    ∀ L : List (Fin n × Fin k), firstPos w b L = some c → 0 < w b c
  | [], h => by simp [firstPos] at h
  | e :: L, h => by
    simp only [firstPos] at h
    by_cases he : e.1 = b ∧ 0 < w e.1 e.2
    · rw [if_pos he] at h
      have hc : e.2 = c := Option.some.inj h
      rw [← he.1, ← hc]
      exact he.2
    · rw [if_neg he] at h
      exact firstPos_pos w b c L h

/-- **The first positive element is a heaviest one**: if the weights along `L` do not increase
and `(b, c) ∈ L` has positive weight, the first positive element `c'` of block `b` in `L`
exists and `w b c ≤ w b c'`. -/
theorem firstPos_max {n k : Nat} (w : Fin n → Fin k → Rat) (b : Fin n) (c : Fin k) :
    ∀ L : List (Fin n × Fin k), L.Pairwise (fun e e' => w e'.1 e'.2 ≤ w e.1 e.2) →
      (b, c) ∈ L → 0 < w b c → ∃ c', firstPos w b L = some c' ∧ w b c ≤ w b c'
  | [], _, hm, _ => absurd hm List.not_mem_nil
  | e :: L, hs, hm, hpos => by
    have hs' := List.pairwise_cons.mp hs
    simp only [firstPos]
    by_cases he : e.1 = b ∧ 0 < w e.1 e.2
    · rw [if_pos he]
      refine ⟨e.2, rfl, ?_⟩
      cases List.mem_cons.mp hm with
      | inl h => subst h; exact Rat.le_refl
      | inr h =>
        have hle : w b c ≤ w e.1 e.2 := hs'.1 (b, c) h
        have heq : w e.1 e.2 = w b e.2 := by rw [he.1]
        exact heq ▸ hle
    · rw [if_neg he]
      cases List.mem_cons.mp hm with
      | inl h => subst h; exact absurd ⟨rfl, hpos⟩ he
      | inr h => exact firstPos_max w b c L hs'.2 h hpos

/-- **Greedy optimality on a unit-capacity partition matroid**: if the scan order `L` lists
every element and its weights do not increase, the greedy result has maximal weight among all
independent sets (at most one element per block). -/
theorem weight_le_greedy {n k : Nat} (w : Fin n → Fin k → Rat) (L : List (Fin n × Fin k))
    (hsorted : L.Pairwise (fun e e' => w e'.1 e'.2 ≤ w e.1 e.2))
    (hall : ∀ b c, (b, c) ∈ L) (s : Fin n → Option (Fin k)) :
    weight w s ≤ weight w (greedy w L) := by
  unfold weight
  apply sumFin_le_sumFin
  intro b
  rw [greedy_apply]
  cases hs : s b with
  | none =>
    cases hf : firstPos w b L with
    | none => exact Rat.le_refl
    | some c' => exact Rat.le_of_lt (firstPos_pos w b c' L hf)
  | some c =>
    by_cases hc : 0 < w b c
    · obtain ⟨c', hf, hle⟩ := firstPos_max w b c L hsorted (hall b c) hc
      rw [hf]
      exact hle
    · have hc' : w b c ≤ 0 := Rat.not_lt.mp hc
      cases hf : firstPos w b L with
      | none => exact hc'
      | some c' => exact Rat.le_trans hc' (Rat.le_of_lt (firstPos_pos w b c' L hf))

/-! ## Concrete instance -/

/-- Weights on two blocks of three elements: block `0` has `3, -1, 5`, block `1` has
`-2, -4, -1`. -/
def exampleWeight : Fin 2 → Fin 3 → Rat := fun b c =>
  if b.val = 0 then (if c.val = 0 then 3 else if c.val = 1 then -1 else 5)
  else (if c.val = 0 then -2 else if c.val = 1 then -4 else -1)

/-- The six elements by non-increasing weight. -/
def exampleOrder : List (Fin 2 × Fin 3) := [(0, 2), (0, 0), (0, 1), (1, 2), (1, 0), (1, 1)]

/-- Instance: the order is non-increasing in weight; greedy takes element `2` (weight `5`) of
block `0` and nothing from block `1` (all its weights are negative), total weight `5`. -/
theorem greedy_instance_two_three :
    exampleOrder.Pairwise (fun e e' => exampleWeight e'.1 e'.2 ≤ exampleWeight e.1 e.2) ∧
      greedy exampleWeight exampleOrder 0 = some 2 ∧
      greedy exampleWeight exampleOrder 1 = none ∧
      weight exampleWeight (greedy exampleWeight exampleOrder) = 5 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The example order is non-increasing in weight. -/
theorem exampleOrder_sorted :
    exampleOrder.Pairwise (fun e e' => exampleWeight e'.1 e'.2 ≤ exampleWeight e.1 e.2) := by
  decide +kernel

/-- Every element is in the example order. -/
theorem exampleOrder_all : ∀ b c, (b, c) ∈ exampleOrder := by decide +kernel

/-- `firstPos_pos` applied to block `0` of the example (its first positive element is `2`). -/
theorem firstPos_pos_satisfiable : 0 < exampleWeight 0 2 :=
  firstPos_pos exampleWeight 0 2 exampleOrder (by decide +kernel)

/-- `firstPos_max` applied to the element `(0, 0)` (weight `3`) of the example. -/
theorem firstPos_max_satisfiable :
    ∃ c', firstPos exampleWeight 0 exampleOrder = some c' ∧ exampleWeight 0 0 ≤ exampleWeight 0 c' :=
  firstPos_max exampleWeight 0 0 exampleOrder exampleOrder_sorted (by decide) (by decide +kernel)

/-- `weight_le_greedy` applied to the example and the selection taking element `0` of block `0`
and nothing else. -/
theorem weight_le_greedy_satisfiable :
    weight exampleWeight (fun b => if b.val = 0 then some 0 else none) ≤
      weight exampleWeight (greedy exampleWeight exampleOrder) :=
  weight_le_greedy exampleWeight exampleOrder exampleOrder_sorted exampleOrder_all _

end MLTheory.PartitionGreedy

end

end
