/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

/-!
# Finite pigeonhole and counting functions on `Fin d`

The one shared counting module of the `MLTheory` library (Lean core only, no Mathlib). It serves
the modules that bound how many distinct things a finite device can produce:

* `MLTheory.exists_lt_le_eq_of_lt_nat` and `MLTheory.exists_lt_le_eq_fin`: the pigeonhole
  principle for sequences: among the `n + 1` values `p 0, …, p n` of a sequence with values in
  `Fin n` (or in `{0, …, n-1}`), two are equal;
* `MLTheory.length_le_of_nodup_subset`: a duplicate-free list contained in another list is no
  longer than it (pigeonhole for lists); so a list of fewer than `n` elements of `Fin n` misses
  one (`exists_not_mem_of_length_lt`);
* `MLTheory.allFuns l d`: the list of all functions `Fin d → α` with values in the list `l`; it has
  `l.length ^ d` entries (`allFuns_length`) and contains every such function (`mem_allFuns`);
* `MLTheory.length_le_pow_of_covered`: if every entry of a duplicate-free list is `g x` for some
  `x : Fin d → α` with values in `l`, the list has at most `l.length ^ d` entries — a map defined
  on the `V^d` words of length `d` over `V` symbols reaches at most `V^d` values;
* `MLTheory.allFuns_nodup`: `allFuns l d` lists each function once when `l` has no duplicates.

Sources: the modules built on this one cite their seeds (`004_725b34af8153ec2b.txt`,
lines 5, 18 and 27; `000_7a6cd69522701495.txt`, line 5).
-/

@[expose] public section

noncomputable section

namespace MLTheory

/-! ## Pigeonhole for sequences -/

/-- **Pigeonhole** (values in `{0, …, n-1}`): if `f 0, …, f n` are all `< n`, two of these
`n + 1` values coincide: there are `a < b ≤ n` with `f a = f b`. -/
theorem exists_lt_le_eq_of_lt_nat : ∀ (n : Nat) (f : Nat → Nat), (∀ i, i ≤ n → f i < n) →
    ∃ a b, a < b ∧ b ≤ n ∧ f a = f b
  | 0, f, hf => absurd (hf 0 (Nat.le_refl 0)) (Nat.not_lt_zero _)
  | n + 1, f, hf => by
    by_cases hex : ∃ i, i ≤ n ∧ f i = f (n + 1)
    · obtain ⟨i, hi, he⟩ := hex
      exact ⟨i, n + 1, by omega, Nat.le_refl _, he⟩
    · -- move the value `n` to the (unused) value `f (n + 1)` and recurse
      have hne : ∀ i, i ≤ n → f i ≠ f (n + 1) := fun i hi he => hex ⟨i, hi, he⟩
      let g : Nat → Nat := fun i => if f i = n then f (n + 1) else f i
      have hg : ∀ i, i ≤ n → g i < n := by
        intro i hi
        have h1 := hf i (by omega)
        have h2 := hf (n + 1) (Nat.le_refl _)
        have h3 := hne i hi
        show (if f i = n then f (n + 1) else f i) < n
        by_cases hfi : f i = n
        · rw [if_pos hfi]
          by_cases hm : f (n + 1) = n
          · exact absurd (hfi.trans hm.symm) h3
          · omega
        · rw [if_neg hfi]; omega
      obtain ⟨a, b, hab, hb, he⟩ := exists_lt_le_eq_of_lt_nat n g hg
      refine ⟨a, b, hab, by omega, ?_⟩
      have ha' := hne a (by omega)
      have hb' := hne b hb
      simp only [g] at he
      by_cases hfa : f a = n <;> by_cases hfb : f b = n
      · exact hfa.trans hfb.symm
      · rw [if_pos hfa, if_neg hfb] at he; exact absurd he.symm hb'
      · rw [if_neg hfa, if_pos hfb] at he; exact absurd he ha'
      · rw [if_neg hfa, if_neg hfb] at he; exact he

/-- **Pigeonhole** (values in `Fin n`): among `p 0, …, p n` two coincide: there are `a < b ≤ n`
with `p a = p b`. -/
theorem exists_lt_le_eq_fin {n : Nat} (p : Nat → Fin n) :
    ∃ a b, a < b ∧ b ≤ n ∧ p a = p b := by
  obtain ⟨a, b, hab, hb, he⟩ := exists_lt_le_eq_of_lt_nat n (fun i => (p i).val)
    (fun i _ => (p i).isLt)
  exact ⟨a, b, hab, hb, Fin.ext he⟩

/-! ## Pigeonhole for lists -/

/-- **Pigeonhole for lists**: a duplicate-free list all of whose entries occur in `l₂` has at most
`l₂.length` entries. -/
theorem length_le_of_nodup_subset {α : Type} (l₁ l₂ : List α) (hnd : l₁.Nodup)
    (hsub : ∀ x, x ∈ l₁ → x ∈ l₂) : l₁.length ≤ l₂.length := by
  classical
  induction l₁ generalizing l₂ with
  | nil => exact Nat.zero_le _
  | cons x l₁ ih =>
    have hx : x ∈ l₂ := hsub x List.mem_cons_self
    have hnd' := List.nodup_cons.mp hnd
    have h := ih (l₂.erase x) hnd'.2 (fun y hy => by
      have hyx : y ≠ x := fun e => hnd'.1 (e ▸ hy)
      exact (List.mem_erase_of_ne hyx).mpr (hsub y (List.mem_cons_of_mem _ hy)))
    rw [List.length_erase_of_mem hx] at h
    have : 0 < l₂.length := List.length_pos_of_mem hx
    simp only [List.length_cons]
    omega

/-- A list mapped by an injective function has no duplicates if the list has none. -/
theorem nodup_map_of_injective {α β : Type} (f : α → β) (hf : ∀ a b, f a = f b → a = b) :
    ∀ l : List α, l.Nodup → (l.map f).Nodup
  | [], _ => List.nodup_nil
  | a :: l, h => by
    rw [List.map_cons, List.nodup_cons]
    have h' := List.nodup_cons.mp h
    refine ⟨fun hm => ?_, nodup_map_of_injective f hf l h'.2⟩
    obtain ⟨b, hb, hfb⟩ := List.mem_map.mp hm
    exact h'.1 (hf b a hfb ▸ hb)

/-- The list `[0, 1, …, n-1]` of all elements of `Fin n` has no duplicates. -/
theorem nodup_finRange : ∀ n : Nat, (List.finRange n).Nodup
  | 0 => by rw [List.finRange_zero]; exact List.nodup_nil
  | n + 1 => by
    rw [List.finRange_succ, List.nodup_cons]
    refine ⟨fun hm => ?_, nodup_map_of_injective Fin.succ (fun a b h => Fin.succ_inj.mp h) _
      (nodup_finRange n)⟩
    obtain ⟨b, _, hb⟩ := List.mem_map.mp hm
    exact Fin.succ_ne_zero b hb

/-- A list of fewer than `n` elements of `Fin n` misses some element (pigeonhole). -/
theorem exists_not_mem_of_length_lt {n : Nat} (l : List (Fin n)) (hl : l.length < n) :
    ∃ i, i ∉ l := by
  apply Classical.byContradiction
  intro hno
  have hall : ∀ i, i ∈ List.finRange n → i ∈ l := fun i _ =>
    Classical.byContradiction fun hi => hno ⟨i, hi⟩
  have := length_le_of_nodup_subset (List.finRange n) l (nodup_finRange n) hall
  rw [List.length_finRange] at this
  omega

/-! ## All functions `Fin d → α` with values in a list -/

/-- The function `Fin (d+1) → α` with first value `a` followed by the values of `g`. -/
def finCons {α : Type} {d : Nat} (a : α) (g : Fin d → α) : Fin (d + 1) → α :=
  fun i => if h : i.val = 0 then a else g ⟨i.val - 1, by have := i.isLt; omega⟩

/-- Every function on `Fin (d+1)` is its first value followed by the rest. -/
theorem finCons_self {α : Type} {d : Nat} (f : Fin (d + 1) → α) :
    finCons (f 0) (fun i => f i.succ) = f := by
  funext i
  unfold finCons
  by_cases h : i.val = 0
  · rw [dif_pos h]; exact congrArg f (Fin.ext h.symm)
  · rw [dif_neg h]; exact congrArg f (Fin.ext (by simp; omega))

/-- `consAll l fs`: every function `finCons a f` with `a ∈ l` and `f ∈ fs`. -/
def consAll {α : Type} {d : Nat} : List α → List (Fin d → α) → List (Fin (d + 1) → α)
  | [], _ => []
  | a :: l, fs => fs.map (fun f => finCons a f) ++ consAll l fs

/-- The list of all functions `Fin d → α` with values in the list `l` (the words of length `d`
over the alphabet `l`), in lexicographic order. -/
def allFuns {α : Type} (l : List α) : (d : Nat) → List (Fin d → α)
  | 0 => [fun i => i.elim0]
  | d + 1 => consAll l (allFuns l d)

/-- `consAll l fs` has `l.length * fs.length` entries. -/
theorem consAll_length {α : Type} {d : Nat} (l : List α) (fs : List (Fin d → α)) :
    (consAll l fs).length = l.length * fs.length := by
  induction l with
  | nil => simp [consAll]
  | cons a l ih =>
    simp only [consAll, List.length_append, List.length_map, ih, List.length_cons,
      Nat.succ_mul]
    omega

/-- There are `l.length ^ d` functions `Fin d → α` with values in `l`. -/
theorem allFuns_length {α : Type} (l : List α) (d : Nat) :
    (allFuns l d).length = l.length ^ d := by
  induction d with
  | zero => rfl
  | succ d ih =>
    simp only [allFuns, consAll_length, ih, Nat.pow_succ]
    exact Nat.mul_comm _ _

/-- `consAll l fs` contains `finCons a f` for `a ∈ l` and `f ∈ fs`. -/
theorem mem_consAll {α : Type} {d : Nat} (l : List α) (fs : List (Fin d → α)) (a : α)
    (f : Fin d → α) (ha : a ∈ l) (hf : f ∈ fs) : finCons a f ∈ consAll l fs := by
  induction l with
  | nil => simp at ha
  | cons b l ih =>
    simp only [consAll, List.mem_append, List.mem_map]
    cases List.mem_cons.mp ha with
    | inl h => subst h; exact Or.inl ⟨f, hf, rfl⟩
    | inr h => exact Or.inr (ih h)

/-- Every function `Fin d → α` with values in `l` is in `allFuns l d`. -/
theorem mem_allFuns {α : Type} (l : List α) : ∀ (d : Nat) (f : Fin d → α),
    (∀ i, f i ∈ l) → f ∈ allFuns l d
  | 0, f, _ => by
    have : f = fun i => i.elim0 := funext (fun i => i.elim0)
    subst this
    exact List.mem_singleton.mpr rfl
  | d + 1, f, hf => by
    have h := mem_consAll l (allFuns l d) (f 0) (fun i => f i.succ) (hf 0)
      (mem_allFuns l d (fun i => f i.succ) (fun i => hf i.succ))
    rw [finCons_self] at h
    exact h

/-- The first value of `finCons a g` is `a`. -/
theorem finCons_zero {α : Type} {d : Nat} (a : α) (g : Fin d → α) : finCons a g 0 = a := rfl

/-- The later values of `finCons a g` are those of `g`. -/
theorem finCons_succ {α : Type} {d : Nat} (a : α) (g : Fin d → α) (i : Fin d) :
    finCons a g i.succ = g i := by
  unfold finCons
  rw [dif_neg (by simp [Fin.val_succ])]
  exact congrArg g (Fin.ext (by simp [Fin.val_succ]))

/-- Every entry of `consAll l fs` starts with an element of `l`. -/
theorem head_mem_of_mem_consAll {α : Type} {d : Nat} (l : List α) (fs : List (Fin d → α))
    (f : Fin (d + 1) → α) (hf : f ∈ consAll l fs) : f 0 ∈ l := by
  induction l with
  | nil => simp [consAll] at hf
  | cons b l ih =>
    simp only [consAll, List.mem_append, List.mem_map] at hf
    rcases hf with ⟨g, _, rfl⟩ | hf
    · exact List.mem_cons_self
    · exact List.mem_cons_of_mem _ (ih hf)

/-- `consAll l fs` has no duplicates when `l` and `fs` have none. -/
theorem consAll_nodup {α : Type} {d : Nat} (l : List α) (fs : List (Fin d → α)) (hl : l.Nodup)
    (hfs : fs.Nodup) : (consAll l fs).Nodup := by
  induction l with
  | nil => exact List.nodup_nil
  | cons a l ih =>
    have hl' := List.nodup_cons.mp hl
    simp only [consAll]
    have hmap : (fs.map (fun f => finCons a f)).Nodup :=
      nodup_map_of_injective _ (fun f g h => funext fun i => by
        have := congrFun h i.succ
        rwa [finCons_succ, finCons_succ] at this) fs hfs
    have hdisj : ∀ x, x ∈ fs.map (fun f => finCons a f) → x ∉ consAll l fs := by
      intro x hx hx'
      obtain ⟨g, _, rfl⟩ := List.mem_map.mp hx
      exact hl'.1 (head_mem_of_mem_consAll l fs _ hx')
    rw [List.nodup_append]
    first
      | exact ⟨hmap, ih hl'.2, fun x hx y hy hxy => hdisj x hx (hxy ▸ hy)⟩
      | exact ⟨hmap, ih hl'.2, fun x hx hy => hdisj x hx hy⟩

/-- `allFuns l d` has no duplicates when `l` has none. -/
theorem allFuns_nodup {α : Type} (l : List α) (hl : l.Nodup) : ∀ d, (allFuns l d).Nodup
  | 0 => List.nodup_cons.mpr ⟨by simp, List.nodup_nil⟩
  | d + 1 => consAll_nodup l (allFuns l d) hl (allFuns_nodup l hl d)

/-- **Counting the reachable values**: if every entry of the duplicate-free list `ys` is `g x` for
some function `x : Fin d → α` with values in `l`, then `ys` has at most `l.length ^ d` entries. -/
theorem length_le_pow_of_covered {α β : Type} (l : List α) (d : Nat)
    (g : (Fin d → α) → β) (ys : List β) (hnd : ys.Nodup)
    (hcov : ∀ y, y ∈ ys → ∃ x : Fin d → α, (∀ i, x i ∈ l) ∧ g x = y) :
    ys.length ≤ l.length ^ d := by
  have h := length_le_of_nodup_subset ys ((allFuns l d).map g) hnd (fun y hy => by
    obtain ⟨x, hx, rfl⟩ := hcov y hy
    exact List.mem_map.mpr ⟨x, mem_allFuns l d x hx, rfl⟩)
  rw [List.length_map, allFuns_length] at h
  exact h

/-- The same bound for words over the alphabet `Fin V`: a map defined on the `V^d` words of length
`d` reaches at most `V^d` distinct values. -/
theorem length_le_pow_of_covered_fin {β : Type} (V d : Nat)
    (g : (Fin d → Fin V) → β) (ys : List β) (hnd : ys.Nodup)
    (hcov : ∀ y, y ∈ ys → ∃ x : Fin d → Fin V, g x = y) :
    ys.length ≤ V ^ d := by
  have h := length_le_pow_of_covered (List.finRange V) d g ys hnd (fun y hy => by
    obtain ⟨x, hx⟩ := hcov y hy
    exact ⟨x, fun i => List.mem_finRange (x i), hx⟩)
  rw [List.length_finRange] at h
  exact h

/-- Instance: there are `3^2 = 9` words of length `2` over three symbols. -/
theorem allFuns_instance_three_two : (allFuns (List.finRange 3) 2).length = 9 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `allFuns_nodup` applied to the alphabet `[0, 1, 2]`. -/
theorem allFuns_nodup_satisfiable : (allFuns (List.finRange 3) 2).Nodup :=
  allFuns_nodup (List.finRange 3) (nodup_finRange 3) 2

/-- `length_le_pow_of_covered_fin` applied to all words of length `2` over `2` symbols and the
identity. -/
theorem length_le_pow_of_covered_fin_satisfiable : (allFuns (List.finRange 2) 2).length ≤ 2 ^ 2 :=
  length_le_pow_of_covered_fin 2 2 (fun x => x) (allFuns (List.finRange 2) 2)
    (allFuns_nodup _ (nodup_finRange 2) 2) (fun y _ => ⟨y, rfl⟩)

end MLTheory

end

end
