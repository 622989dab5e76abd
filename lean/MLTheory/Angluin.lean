/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Language

@[expose] public section

/-!
# Angluin's condition: where it holds and where it fails

Source: `004_725b34af8153ec2b.txt`, line 15 (generation of valuable mathematics as
nested language generation in the limit: "the collections admitting generation with breadth are
exactly those of the oracle-free model, characterized fiber-wise by Angluin's condition").

A *language* is a predicate `Nat → Prop` and a *collection* is an indexed family
`L : ι → Language`. A *tell-tale* of `L i` is a finite list `T` of elements of `L i` such that no
language `L j` of the family that contains all of `T` is a proper subset of `L i`.
*Angluin's condition* says that every language of the family has a tell-tale.

Main results:
* `MLTheory.Angluin.angluinCondition_of_forall_mem_list` and
  `MLTheory.Angluin.angluinCondition_of_fin`: every family with finitely many indices (in
  particular every family indexed by `Fin n`) satisfies the condition;
* `MLTheory.Angluin.angluinCondition_of_finite_languages`: every family of finite languages (each
  given by a list) satisfies it, the list itself being a tell-tale;
* `MLTheory.Angluin.angluinCondition_of_no_proper_inclusion`: a family without proper inclusions
  satisfies it, with tell-tale `[]`;
* `MLTheory.Angluin.not_angluinCondition_gold`: Gold's family (all finite languages together with
  `ℕ`) fails it, because `ℕ` has no tell-tale;
* `MLTheory.Angluin.not_angluinCondition_initialSegments`: the initial segments `{0, …, n}` for
  all `n` together with `ℕ` fail it.

Concrete instances (`_instance_`) check tell-tales of a three-language family by `decide +kernel`.
-/

namespace MLTheory.Angluin

/-- `A ⊆ B`: every word of `A` is a word of `B`. -/
def Subset (A B : Language) : Prop := ∀ x, A x → B x

/-- `A ⊊ B`: `A ⊆ B` and some word of `B` is not in `A`. -/
def ProperSubset (A B : Language) : Prop := Subset A B ∧ ∃ x, B x ∧ ¬ A x

/-- The language `A` contains every element of the finite list `T`. -/
def ContainsList (A : Language) (T : List Nat) : Prop := ∀ x, x ∈ T → A x

/-- `T` is a tell-tale of `L i`: a finite list of words of `L i` such that no language `L j` of
the family that contains `T` is a proper subset of `L i`. -/
def IsTellTale {ι : Type} (L : ι → Language) (i : ι) (T : List Nat) : Prop :=
  ContainsList (L i) T ∧ ∀ j, ContainsList (L j) T → ¬ ProperSubset (L j) (L i)

/-- Angluin's condition: every language of the family has a (finite) tell-tale. -/
def AngluinCondition {ι : Type} (L : ι → Language) : Prop := ∀ i, ∃ T, IsTellTale L i T

/-- The language of the words in the list `S`. -/
def ofList (S : List Nat) : Language := fun x => x ∈ S

/-- The whole of `ℕ` as a language. -/
def univ : Language := fun _ => True

/-! ## Where the condition holds -/

/-- For any list `l` of indices there is a finite list of words of `L i` that no proper subset
`L j ⊊ L i` with `j ∈ l` contains (the heart of the finite case). -/
theorem exists_list_avoiding_proper_subsets {ι : Type} (L : ι → Language) (i : ι) :
    ∀ l : List ι, ∃ T, ContainsList (L i) T ∧
      ∀ j, j ∈ l → ContainsList (L j) T → ¬ ProperSubset (L j) (L i)
  | [] => ⟨[], fun _ h => by simp at h, fun _ h => by simp at h⟩
  | j :: l => by
    obtain ⟨T, hT, hl⟩ := exists_list_avoiding_proper_subsets L i l
    by_cases hj : ProperSubset (L j) (L i)
    · obtain ⟨x, hxi, hxj⟩ := hj.2
      refine ⟨x :: T, ?_, ?_⟩
      · intro y hy
        cases List.mem_cons.mp hy with
        | inl h => exact h ▸ hxi
        | inr h => exact hT y h
      · intro k hk hkT
        cases List.mem_cons.mp hk with
        | inl h => subst h; exact fun _ => hxj (hkT x List.mem_cons_self)
        | inr h => exact hl k h (fun y hy => hkT y (List.mem_cons_of_mem _ hy))
    · refine ⟨T, hT, ?_⟩
      intro k hk hkT
      cases List.mem_cons.mp hk with
      | inl h => subst h; exact hj
      | inr h => exact hl k h hkT

/-- A family whose indices are all listed in a finite list satisfies Angluin's condition. -/
theorem angluinCondition_of_forall_mem_list {ι : Type} (L : ι → Language) (l : List ι)
    (hl : ∀ j, j ∈ l) : AngluinCondition L := by
  intro i
  obtain ⟨T, hT, h⟩ := exists_list_avoiding_proper_subsets L i l
  exact ⟨T, hT, fun j hj => h j (hl j) hj⟩

/-- Every finite family `L : Fin n → Language` satisfies Angluin's condition. -/
theorem angluinCondition_of_fin {n : Nat} (L : Fin n → Language) : AngluinCondition L :=
  angluinCondition_of_forall_mem_list L (List.finRange n) (fun j => List.mem_finRange j)

/-- In a family of finite languages, the list of words of `L i` is a tell-tale of `L i`. -/
theorem isTellTale_of_finite_language {ι : Type} (L : ι → Language) (S : ι → List Nat)
    (hS : ∀ i x, L i x ↔ x ∈ S i) (i : ι) : IsTellTale L i (S i) := by
  refine ⟨fun x hx => (hS i x).mpr hx, ?_⟩
  intro j hj hproper
  obtain ⟨x, hxi, hxj⟩ := hproper.2
  exact hxj (hj x ((hS i x).mp hxi))

/-- Every family of finite languages (each given by a list of its words) satisfies Angluin's
condition. -/
theorem angluinCondition_of_finite_languages {ι : Type} (L : ι → Language) (S : ι → List Nat)
    (hS : ∀ i x, L i x ↔ x ∈ S i) : AngluinCondition L :=
  fun i => ⟨S i, isTellTale_of_finite_language L S hS i⟩

/-- If no language of the family is a proper subset of `L i`, then `[]` is a tell-tale of `L i`. -/
theorem isTellTale_nil_of_no_proper_subset {ι : Type} (L : ι → Language) (i : ι)
    (h : ∀ j, ¬ ProperSubset (L j) (L i)) : IsTellTale L i [] :=
  ⟨fun _ hx => by simp at hx, fun j _ => h j⟩

/-- A family without proper inclusions satisfies Angluin's condition, with tell-tale `[]`. -/
theorem angluinCondition_of_no_proper_inclusion {ι : Type} (L : ι → Language)
    (h : ∀ i j, ¬ ProperSubset (L j) (L i)) : AngluinCondition L :=
  fun i => ⟨[], isTellTale_nil_of_no_proper_subset L i (h i)⟩

/-! ## Where the condition fails -/

/-- Every element of a list of naturals is at most its sum. -/
theorem le_sum_of_mem_list {x : Nat} : ∀ {T : List Nat}, x ∈ T → x ≤ T.sum
  | _ :: _, List.Mem.head _ => by simp only [List.sum_cons]; omega
  | y :: _, List.Mem.tail _ h => by
    have := le_sum_of_mem_list h
    simp only [List.sum_cons]; omega

/-- If some language `L j` of the family contains `T` and is a proper subset of `L i`, then `T`
is not a tell-tale of `L i`. -/
theorem not_isTellTale_of_proper_subset {ι : Type} (L : ι → Language) (i j : ι) (T : List Nat)
    (hT : ContainsList (L j) T) (hp : ProperSubset (L j) (L i)) : ¬ IsTellTale L i T :=
  fun h => h.2 j hT hp

/-- Gold's family: `none` is the language `ℕ`, `some S` the finite language of the words in `S`. -/
def goldFamily : Option (List Nat) → Language
  | none => univ
  | some S => ofList S

/-- In Gold's family, the language `ℕ` has no tell-tale: the finite language `T` itself contains
`T` and is a proper subset of `ℕ`. -/
theorem not_isTellTale_gold_univ (T : List Nat) : ¬ IsTellTale goldFamily none T := by
  refine not_isTellTale_of_proper_subset goldFamily none (some T) T (fun x hx => hx) ?_
  refine ⟨fun _ _ => trivial, T.sum + 1, trivial, fun h => ?_⟩
  have := le_sum_of_mem_list (x := T.sum + 1) h
  omega

/-- Gold's family (all finite languages together with `ℕ`) fails Angluin's condition. -/
theorem not_angluinCondition_gold : ¬ AngluinCondition goldFamily := fun h => by
  obtain ⟨T, hT⟩ := h none
  exact not_isTellTale_gold_univ T hT

/-- The initial segments `{0, …, n}` (index `some n`) together with `ℕ` (index `none`). -/
def initialSegments : Option Nat → Language
  | none => univ
  | some n => fun x => x ≤ n

/-- Among the initial segments, `ℕ` has no tell-tale: the segment `{0, …, ΣT}` contains `T` and is
a proper subset of `ℕ`. -/
theorem not_isTellTale_initialSegments_univ (T : List Nat) :
    ¬ IsTellTale initialSegments none T := by
  refine not_isTellTale_of_proper_subset initialSegments none (some T.sum) T
    (fun x hx => le_sum_of_mem_list hx) ?_
  exact ⟨fun _ _ => trivial, T.sum + 1, trivial, fun h => by
    change T.sum + 1 ≤ T.sum at h
    omega⟩

/-- The family of the initial segments `{0, …, n}` for all `n`, together with `ℕ`, fails
Angluin's condition. -/
theorem not_angluinCondition_initialSegments : ¬ AngluinCondition initialSegments := fun h => by
  obtain ⟨T, hT⟩ := h none
  exact not_isTellTale_initialSegments_univ T hT

/-! ## A decidable form for finite families of finite languages, and concrete instances -/

/-- The family of finite languages given by a list of lists, indexed by positions in the list. -/
def listFamily (Ls : List (List Nat)) : Fin Ls.length → Language := fun i => ofList Ls[i]

/-- For a finite family of finite languages, being a tell-tale is a finite (decidable) check:
`T ⊆ Ls[i]`, and every `Ls[j] ⊇ T` is not a proper subset of `Ls[i]`. -/
theorem isTellTale_listFamily_iff (Ls : List (List Nat)) (i : Fin Ls.length) (T : List Nat) :
    IsTellTale (listFamily Ls) i T ↔
      ((∀ x, x ∈ T → x ∈ Ls[i]) ∧
        ∀ j : Fin Ls.length, (∀ x, x ∈ T → x ∈ Ls[j]) →
          ¬ ((∀ x, x ∈ Ls[j] → x ∈ Ls[i]) ∧ ∃ x, x ∈ Ls[i] ∧ ¬ x ∈ Ls[j])) :=
  Iff.rfl

/-- Instance: in the family `{0} ⊊ {0,1} ⊊ {0,1,2}`, the list `[0, 1]` is a tell-tale of
`{0, 1}`. -/
theorem angluin_instance_tellTale_01 :
    IsTellTale (listFamily [[0], [0, 1], [0, 1, 2]]) ⟨1, by decide⟩ [0, 1] := by
  rw [isTellTale_listFamily_iff]; decide +kernel

/-- Instance: in the family `{0} ⊊ {0,1} ⊊ {0,1,2}`, the list `[1]` is already a tell-tale of
`{0, 1}` (a minimal one: size 1). -/
theorem angluin_instance_tellTale_1 :
    IsTellTale (listFamily [[0], [0, 1], [0, 1, 2]]) ⟨1, by decide⟩ [1] := by
  rw [isTellTale_listFamily_iff]; decide +kernel

/-- Instance: `[0]` is not a tell-tale of `{0, 1}` in that family (`{0}` contains it and is a
proper subset), and `[]` is not one either. -/
theorem angluin_instance_not_tellTale_0 :
    ¬ IsTellTale (listFamily [[0], [0, 1], [0, 1, 2]]) ⟨1, by decide⟩ [0] ∧
      ¬ IsTellTale (listFamily [[0], [0, 1], [0, 1, 2]]) ⟨1, by decide⟩ [] := by
  rw [isTellTale_listFamily_iff, isTellTale_listFamily_iff]; decide +kernel

/-- Instance: `[]` is a tell-tale of the smallest language `{0}` of that family. -/
theorem angluin_instance_tellTale_nil :
    IsTellTale (listFamily [[0], [0, 1], [0, 1, 2]]) ⟨0, by decide⟩ [] := by
  rw [isTellTale_listFamily_iff]; decide +kernel

/-! ## Satisfiability witnesses -/

/-- `angluinCondition_of_finite_languages` applied to the family `{0}, {0, 1}` given by lists. -/
theorem angluinCondition_of_finite_languages_satisfiable :
    AngluinCondition (listFamily [[0], [0, 1]]) :=
  angluinCondition_of_finite_languages (listFamily [[0], [0, 1]]) (fun i => [[0], [0, 1]][i])
    (fun _ _ => Iff.rfl)

/-- `angluinCondition_of_no_proper_inclusion` applied to the family with the one language `ℕ`. -/
theorem angluinCondition_of_no_proper_inclusion_satisfiable :
    AngluinCondition (fun _ : Unit => univ) :=
  angluinCondition_of_no_proper_inclusion (fun _ : Unit => univ)
    (fun _ _ ⟨_, _, _, hx⟩ => hx trivial)

/-- `angluin_instance_tellTale_01`'s first conjunct (the tell-tale lies in the language) at `0`. -/
theorem angluin_instance_tellTale_01_satisfiable :
    listFamily [[0], [0, 1], [0, 1, 2]] ⟨1, by decide⟩ 0 :=
  angluin_instance_tellTale_01.1 0 (by decide)

/-- `angluin_instance_tellTale_1`'s first conjunct (the tell-tale lies in the language) at `1`. -/
theorem angluin_instance_tellTale_1_satisfiable :
    listFamily [[0], [0, 1], [0, 1, 2]] ⟨1, by decide⟩ 1 :=
  angluin_instance_tellTale_1.1 1 (by decide)

end MLTheory.Angluin
