/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# The greedy algorithm is optimal on a partition matroid with any capacities

Source: `004_725b34af8153ec2b.txt`, line 7 (Cluster-as-Distribution clustering: "the
greedy search employed to achieve the CaD clustering objective can be mapped to a partition
matroid---yielding greedy optimality").

`MLTheory.PartitionGreedy` treats capacity one per block. Here the ground set is any finite list
`L` of distinct elements of a type `α`, split into blocks `blk : α → Fin n`, each block `b` with
its own capacity `cap b`, and every element has a rational weight `w`. A selection `I : α → Bool`
is independent in the partition matroid when it takes at most `cap b` elements of `L` in every
block (`Independent`); its weight is the sum of the weights it takes (`selWeight`).

The matroid greedy algorithm scans `L` and takes an element when its weight is positive and its
block has capacity left (`greedy`, each taken element using one unit of its block's capacity).
If the weights along `L` do not increase:

* the greedy selection is independent (`independent_greedy`);
* **greedy optimality** (`selWeight_le_greedy`): every independent selection weighs at most the
  greedy one. (Exchange argument, by induction along the scan: when greedy takes `e` and an
  optimal selection does not, the selection has either room in `e`'s block or an element `y` of
  that block later in the scan, and `w y ≤ w e`.)

**Scope.** Partition matroids (general matroids are not formalised); the paper's mapping of the
CaD greedy search onto a partition matroid, its objective and regret bound are not modelled. The
concrete instance (`_instance_`, by `decide +kernel`) runs greedy on two blocks with capacities
`2` and `1`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.CapacityGreedy

variable {α : Type} [DecidableEq α] {n : Nat}

/-- The weight of the elements of the list selected by `I`. -/
def selWeight (w : α → Rat) (I : α → Bool) : List α → Rat
  | [] => 0
  | e :: l => (if I e = true then w e else 0) + selWeight w I l

/-- The number of elements of block `b` in the list selected by `I`. -/
def selCount (blk : α → Fin n) (I : α → Bool) (b : Fin n) : List α → Nat
  | [] => 0
  | e :: l => (if I e = true ∧ blk e = b then 1 else 0) + selCount blk I b l

/-- A selection is independent in the partition matroid with capacities `cap` on the ground set
`L`: it takes at most `cap b` elements of `L` in every block `b`. -/
def Independent (blk : α → Fin n) (cap : Fin n → Nat) (L : List α) (I : α → Bool) : Prop :=
  ∀ b, selCount blk I b L ≤ cap b

/-- The capacities after using one unit in block `b`. -/
def useCap (cap : Fin n → Nat) (b : Fin n) : Fin n → Nat :=
  fun b' => if b' = b then cap b - 1 else cap b'

/-- **The greedy algorithm**: scan the list, take an element when its weight is positive and its
block has capacity left (using one unit of it), otherwise skip it. -/
def greedy (w : α → Rat) (blk : α → Fin n) : (Fin n → Nat) → List α → α → Bool
  | _, [] => fun _ => false
  | cap, e :: l =>
    if 0 < w e ∧ 0 < cap (blk e) then
      fun x => decide (x = e) || greedy w blk (useCap cap (blk e)) l x
    else greedy w blk cap l

variable (w : α → Rat) (blk : α → Fin n)

omit [DecidableEq α] in
/-- Weights of selections agreeing on the list are equal. -/
theorem selWeight_congr {I J : α → Bool} : ∀ {l : List α}, (∀ x, x ∈ l → I x = J x) →
    selWeight w I l = selWeight w J l
  | [], _ => rfl
  | e :: l, h => by
    simp only [selWeight]
    rw [h e (List.mem_cons_self), selWeight_congr (fun x hx => h x (List.mem_cons_of_mem e hx))]

omit [DecidableEq α] in
/-- Counts of selections agreeing on the list are equal. -/
theorem selCount_congr {I J : α → Bool} (b : Fin n) : ∀ {l : List α}, (∀ x, x ∈ l → I x = J x) →
    selCount blk I b l = selCount blk J b l
  | [], _ => rfl
  | e :: l, h => by
    simp only [selCount]
    rw [h e (List.mem_cons_self), selCount_congr b (fun x hx => h x (List.mem_cons_of_mem e hx))]

/-- Greedy never selects an element outside the scanned list. -/
theorem greedy_of_not_mem : ∀ (cap : Fin n → Nat) (l : List α) (x : α), x ∉ l →
    greedy w blk cap l x = false
  | _, [], _, _ => rfl
  | cap, e :: l, x, hx => by
    have hxe : x ≠ e := fun h => hx (h ▸ List.mem_cons_self)
    have hxl : x ∉ l := fun h => hx (List.mem_cons_of_mem e h)
    simp only [greedy]
    split
    · simp [hxe, greedy_of_not_mem _ l x hxl]
    · exact greedy_of_not_mem cap l x hxl

omit [DecidableEq α] in
/-- A positive count has a selected element of the block in the list. -/
theorem exists_of_selCount_pos (I : α → Bool) (b : Fin n) : ∀ {l : List α},
    0 < selCount blk I b l → ∃ y, y ∈ l ∧ I y = true ∧ blk y = b
  | [], h => absurd h (Nat.lt_irrefl 0)
  | e :: l, h => by
    simp only [selCount] at h
    by_cases he : I e = true ∧ blk e = b
    · exact ⟨e, List.mem_cons_self, he.1, he.2⟩
    · rw [if_neg he] at h
      obtain ⟨y, hy, hIy, hby⟩ := exists_of_selCount_pos I b (l := l) (by omega)
      exact ⟨y, List.mem_cons_of_mem e hy, hIy, hby⟩

/-- Removing a selected element `y` of a list without repetitions removes its weight. -/
theorem selWeight_erase (I : α → Bool) (y : α) (hIy : I y = true) : ∀ {l : List α}, l.Nodup →
    y ∈ l → selWeight w I l = w y + selWeight w (fun x => I x && !decide (x = y)) l
  | [], _, hy => absurd hy List.not_mem_nil
  | e :: l, hnd, hy => by
    obtain ⟨he, hnd'⟩ := List.nodup_cons.mp hnd
    simp only [selWeight]
    by_cases hey : e = y
    · subst hey
      rw [selWeight_congr w (I := fun x => I x && !decide (x = e)) (J := I) (fun x hx => by
        have : x ≠ e := fun h => he (h ▸ hx)
        simp [this])]
      simp [hIy]
      grind
    · have hy' : y ∈ l := (List.mem_cons.mp hy).resolve_left (fun h => hey h.symm)
      rw [selWeight_erase I y hIy hnd' hy']
      simp only [hey, decide_false, Bool.not_false, Bool.and_true]
      grind

/-- Removing a selected element `y` of a list without repetitions removes it from its block's
count. -/
theorem selCount_erase (I : α → Bool) (y : α) (hIy : I y = true) (b : Fin n) : ∀ {l : List α},
    l.Nodup → y ∈ l → selCount blk I b l =
      (if blk y = b then 1 else 0) + selCount blk (fun x => I x && !decide (x = y)) b l
  | [], _, hy => absurd hy List.not_mem_nil
  | e :: l, hnd, hy => by
    obtain ⟨he, hnd'⟩ := List.nodup_cons.mp hnd
    simp only [selCount]
    by_cases hey : e = y
    · subst hey
      rw [selCount_congr blk (I := fun x => I x && !decide (x = e)) (J := I) b (fun x hx => by
        have : x ≠ e := fun h => he (h ▸ hx)
        simp [this])]
      by_cases hb : blk e = b <;> simp [hIy, hb] <;> omega
    · have hy' : y ∈ l := (List.mem_cons.mp hy).resolve_left (fun h => hey h.symm)
      rw [selCount_erase I y hIy b hnd' hy']
      simp only [hey, decide_false, Bool.not_false, Bool.and_true]
      omega

/-- Greedy's weights are non-negative (it takes only positive weights). -/
theorem selWeight_greedy_nonneg : ∀ (cap : Fin n → Nat) (l : List α), l.Nodup →
    0 ≤ selWeight w (greedy w blk cap l) l
  | _, [], _ => Rat.le_refl
  | cap, e :: l, hnd => by
    obtain ⟨he, hnd'⟩ := List.nodup_cons.mp hnd
    simp only [greedy]
    split
    · rename_i htake
      simp only [selWeight, decide_true, Bool.true_or, if_true]
      rw [selWeight_congr w (J := greedy w blk (useCap cap (blk e)) l) (fun x hx => by
        have : x ≠ e := fun h => he (h ▸ hx)
        simp [this])]
      have := selWeight_greedy_nonneg (useCap cap (blk e)) l hnd'
      grind
    · simp only [selWeight, greedy_of_not_mem w blk cap l e he]
      have := selWeight_greedy_nonneg cap l hnd'
      grind

/-- **The greedy selection is independent.** -/
theorem independent_greedy : ∀ (cap : Fin n → Nat) (l : List α), l.Nodup →
    Independent blk cap l (greedy w blk cap l)
  | _, [], _ => fun _ => Nat.zero_le _
  | cap, e :: l, hnd => by
    obtain ⟨he, hnd'⟩ := List.nodup_cons.mp hnd
    intro b
    simp only [greedy]
    split
    · rename_i htake
      simp only [selCount, decide_true, Bool.true_or, true_and]
      rw [selCount_congr blk (J := greedy w blk (useCap cap (blk e)) l) b (fun x hx => by
        have : x ≠ e := fun h => he (h ▸ hx)
        simp [this])]
      have ih := independent_greedy (useCap cap (blk e)) l hnd' b
      by_cases hb : blk e = b
      · subst hb
        have hc : useCap cap (blk e) (blk e) = cap (blk e) - 1 := if_pos rfl
        rw [hc] at ih
        simp only [if_true]
        omega
      · have hc : useCap cap (blk e) b = cap b := if_neg (fun h => hb h.symm)
        rw [hc] at ih
        simp only [hb, if_false]
        omega
    · simp only [selCount, greedy_of_not_mem w blk cap l e he]
      have := independent_greedy cap l hnd' b
      simp; omega

/-- **Greedy optimality on a partition matroid with capacities**: if the scan list has no
repetitions and its weights do not increase, every independent selection weighs at most the
greedy selection. -/
theorem selWeight_le_greedy : ∀ (cap : Fin n → Nat) (l : List α) (I : α → Bool), l.Nodup →
    l.Pairwise (fun e e' => w e' ≤ w e) → Independent blk cap l I →
    selWeight w I l ≤ selWeight w (greedy w blk cap l) l
  | _, [], _, _, _, _ => Rat.le_refl
  | cap, e :: l, I, hnd, hsorted, hind => by
    obtain ⟨he, hnd'⟩ := List.nodup_cons.mp hnd
    obtain ⟨hfirst, hsorted'⟩ := List.pairwise_cons.mp hsorted
    -- independence on the rest of the list
    have hind_l : Independent blk cap l I := fun b => by
      have := hind b; simp only [selCount] at this; omega
    simp only [greedy]
    split
    · rename_i htake
      obtain ⟨hwe, hcap⟩ := htake
      have hG : selWeight w (fun x => decide (x = e) || greedy w blk (useCap cap (blk e)) l x)
          (e :: l) = w e + selWeight w (greedy w blk (useCap cap (blk e)) l) l := by
        simp only [selWeight, decide_true, Bool.true_or, if_true]
        rw [selWeight_congr w (J := greedy w blk (useCap cap (blk e)) l) (fun x hx => by
          have : x ≠ e := fun h => he (h ▸ hx)
          simp [this])]
      rw [hG]
      simp only [selWeight]
      by_cases hIe : I e = true
      · -- `I` takes `e` too: the rest fits the reduced capacities
        rw [if_pos hIe]
        have hind' : Independent blk (useCap cap (blk e)) l I := fun b => by
          have := hind b
          simp only [selCount] at this
          unfold useCap
          by_cases hb : b = blk e
          · subst hb; rw [if_pos ⟨hIe, rfl⟩] at this; rw [if_pos rfl]; omega
          · rw [if_neg hb]
            have h0 : ¬ (I e = true ∧ blk e = b) := fun h => hb h.2.symm
            rw [if_neg h0] at this; omega
        have := selWeight_le_greedy (useCap cap (blk e)) l I hnd' hsorted' hind'
        grind
      · rw [if_neg hIe]
        by_cases hroom : selCount blk I (blk e) l < cap (blk e)
        · -- room left in `e`'s block: `I` fits the reduced capacities
          have hind' : Independent blk (useCap cap (blk e)) l I := fun b => by
            unfold useCap
            by_cases hb : b = blk e
            · subst hb; rw [if_pos rfl]; omega
            · rw [if_neg hb]; exact hind_l b
          have := selWeight_le_greedy (useCap cap (blk e)) l I hnd' hsorted' hind'
          grind
        · -- `I` fills `e`'s block in the rest: exchange one of its elements `y` for `e`
          obtain ⟨y, hy, hIy, hby⟩ := exists_of_selCount_pos blk I (blk e) (l := l) (by omega)
          have hind' : Independent blk (useCap cap (blk e)) l
              (fun x => I x && !decide (x = y)) := fun b => by
            have hc := selCount_erase blk I y hIy b hnd' hy
            have := hind_l b
            unfold useCap
            by_cases hb : b = blk e
            · subst hb; rw [if_pos rfl]; rw [if_pos hby] at hc; omega
            · rw [if_neg hb]; omega
          have hw := selWeight_erase w I y hIy hnd' hy
          have ih := selWeight_le_greedy (useCap cap (blk e)) l (fun x => I x && !decide (x = y))
            hnd' hsorted' hind'
          have hye : w y ≤ w e := hfirst y hy
          grind
    · -- greedy skips `e`
      rename_i hskip
      simp only [selWeight, greedy_of_not_mem w blk cap l e he]
      have ih := selWeight_le_greedy cap l I hnd' hsorted' hind_l
      by_cases hIe : I e = true
      · rw [if_pos hIe]
        by_cases hwe : 0 < w e
        · -- no capacity in `e`'s block, so `I` cannot take `e`
          have hc := hind (blk e)
          simp only [selCount, hIe, true_and, if_true] at hc
          exact absurd ⟨hwe, by omega⟩ hskip
        · have : w e ≤ 0 := Rat.not_lt.mp hwe
          grind
      · rw [if_neg hIe]
        grind

/-! ## Concrete instance -/

/-- Five elements `0, …, 4` in two blocks: `0, 1, 2` in block `0` (capacity `2`), `3, 4` in block
`1` (capacity `1`). -/
def blkEx (x : Fin 5) : Fin 2 := if x.val < 3 then 0 else 1

/-- The capacities of the instance. -/
def capEx (b : Fin 2) : Nat := if b = 0 then 2 else 1

/-- The weights of the instance: `5, 4, 3, 2, -1`. -/
def wEx (x : Fin 5) : Rat := [5, 4, 3, 2, -1].getD x.val 0

/-- Instance: scanning `0, 1, 2, 3, 4` (weights non-increasing) greedy takes `0, 1` (block `0`
full) and `3`, of weight `11`. -/
theorem greedy_instance_capacities :
    (List.finRange 5).map (greedy wEx blkEx capEx (List.finRange 5)) =
        [true, true, false, true, false] ∧
      selWeight wEx (greedy wEx blkEx capEx (List.finRange 5)) (List.finRange 5) = 11 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The weights of the instance do not increase along the scan. -/
theorem wEx_sorted : (List.finRange 5).Pairwise (fun e e' => wEx e' ≤ wEx e) := by
  decide +kernel

/-- `selWeight_le_greedy` applied to the instance and the selection `{1, 2, 4}`. -/
theorem selWeight_le_greedy_satisfiable :
    selWeight wEx (fun x => decide (x.val = 1 ∨ x.val = 2 ∨ x.val = 4)) (List.finRange 5) ≤
      selWeight wEx (greedy wEx blkEx capEx (List.finRange 5)) (List.finRange 5) :=
  selWeight_le_greedy wEx blkEx capEx (List.finRange 5) _ (by decide +kernel) wEx_sorted
    (by unfold Independent; decide +kernel)

/-- `independent_greedy` applied to the instance. -/
theorem independent_greedy_satisfiable :
    Independent blkEx capEx (List.finRange 5) (greedy wEx blkEx capEx (List.finRange 5)) :=
  independent_greedy wEx blkEx capEx (List.finRange 5) (by decide +kernel)

end MLTheory.CapacityGreedy

end
