/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Angluin
public import MLTheory.Basic

/-!
# Angluin's condition implies identification in the limit (non-effective)

Source: `004_725b34af8153ec2b.txt`, line 15 (the collections admitting generation with
breadth are exactly those of the oracle-free model, "characterized fiber-wise by Angluin's
condition").

The classical core of that characterisation (Angluin 1980, without effectiveness): for an indexed
family `L : Nat → Language` in which every language has a finite tell-tale, some learner
identifies every language of the family in the limit from every text.

* A *text* for `A` is a sequence `t : Nat → Option Nat` of words and pauses (`none`) whose words
  are exactly those of `A` (`IsText`; pauses let the empty language have texts). A learner sees
  the finite prefixes `t 0, …, t (s-1)` (`textPrefix`) and guesses an index.
* It *identifies `L` in the limit* (`IdentifiesInTheLimit`) if on every text of every `L i` its
  guesses are, from some point on, one index `j` with `L j = L i`.
* **Angluin's learner** (`angluinLearner`): guess the least `j ≤ s` whose tell-tale `T j` has
  appeared in the data and whose language contains all the data (`goodIndex`, `leastBelow`).
* **Theorem** (`angluinLearner_identifies`): with tell-tales `T` and a Boolean membership test,
  Angluin's learner identifies the family in the limit; hence every family satisfying Angluin's
  condition is identifiable in the limit by some (not necessarily computable) learner
  (`exists_learner_of_angluinCondition`). The proof: let `j₀` be the least index of the target
  language; every `j < j₀` either misses a word of the target, which eventually appears, or its
  language is a proper superset of the target, which then cannot contain `T j` (that is what a
  tell-tale is), so `T j` never appears; and `T j₀` eventually appears.

**Scope.** Only this direction, non-effective, for families indexed by `Nat`; the converse, the
effective version and the paper's generation with breadth in the nested (verifier) model are not
formalised.

The concrete instance (`_instance_`, by `decide +kernel`) runs Angluin's learner on a text of the
initial segment `{0, 1, 2}` of the family of initial segments; the `_satisfiable` theorems apply
each theorem with hypotheses to that family.
-/

@[expose] public section

noncomputable section

namespace MLTheory.Angluin

/-- A text for the language `A`: a sequence of words and pauses (`none`) whose words are exactly
the words of `A`. -/
def IsText (A : Language) (t : Nat → Option Nat) : Prop := ∀ x, A x ↔ ∃ k, t k = some x

/-- The first `s` entries `t 0, …, t (s-1)` of a text. -/
def textPrefix (t : Nat → Option Nat) (s : Nat) : List (Option Nat) := (List.range s).map t

/-- A learner identifies the family `L` in the limit if on every text of every language `L i` its
guesses on the prefixes are eventually one index `j` of the same language. -/
def IdentifiesInTheLimit (L : Nat → Language) (learner : List (Option Nat) → Nat) : Prop :=
  ∀ i t, IsText (L i) t → ∃ j N, (∀ x, L j x ↔ L i x) ∧ ∀ s, N ≤ s → learner (textPrefix t s) = j

/-- The least `j < b` with `p j = true`, or `b` if there is none. -/
def leastBelow (p : Nat → Bool) : Nat → Nat
  | 0 => 0
  | b + 1 => if leastBelow p b < b then leastBelow p b else if p b then b else b + 1

/-- The specification of `leastBelow`: at most `b`, no earlier index passes the test, and a result
below `b` passes it. -/
theorem leastBelow_spec (p : Nat → Bool) : ∀ b, leastBelow p b ≤ b ∧
    (∀ j, j < leastBelow p b → p j = false) ∧ (leastBelow p b < b → p (leastBelow p b) = true)
  | 0 => ⟨Nat.le_refl 0, fun j hj => absurd hj (Nat.not_lt_zero j), fun h => absurd h (Nat.lt_irrefl 0)⟩
  | b + 1 => by
    obtain ⟨h1, h2, h3⟩ := leastBelow_spec p b
    have e : leastBelow p (b + 1) =
        if leastBelow p b < b then leastBelow p b else if p b then b else b + 1 := rfl
    rw [e]
    by_cases hlt : leastBelow p b < b
    · rw [if_pos hlt]
      exact ⟨by omega, h2, fun _ => h3 hlt⟩
    · have heq : leastBelow p b = b := by omega
      rw [if_neg hlt]
      by_cases hp : p b = true
      · rw [if_pos hp]
        exact ⟨by omega, fun j hj => h2 j (by omega), fun _ => hp⟩
      · rw [if_neg hp]
        refine ⟨Nat.le_refl _, fun j hj => ?_, fun h => absurd h (Nat.lt_irrefl _)⟩
        by_cases hjb : j < b
        · exact h2 j (by omega)
        · have : j = b := by omega
          subst this
          simpa using hp

/-- If `j < b` passes the test and no earlier index does, `leastBelow p b = j`. -/
theorem leastBelow_eq (p : Nat → Bool) {b j : Nat} (hj : j < b) (hp : p j = true)
    (hlt : ∀ j', j' < j → p j' = false) : leastBelow p b = j := by
  obtain ⟨h1, h2, h3⟩ := leastBelow_spec p b
  apply Classical.byContradiction
  intro hne
  by_cases hm : leastBelow p b < j
  · have := h3 (by omega)
    rw [hlt _ hm] at this
    exact Bool.false_ne_true this
  · have := h2 j (by omega)
    rw [hp] at this
    exact absurd this (by decide)

/-- Index `j` fits the data `D`: its tell-tale `T j` has appeared in `D` and its language (tested
by `mem j`) contains every word of `D`. -/
def goodIndex (mem : Nat → Nat → Bool) (T : Nat → List Nat) (D : List (Option Nat)) (j : Nat) :
    Bool :=
  (T j).all (fun x => D.contains (some x)) && D.all (fun o => o.all (mem j))

/-- **Angluin's learner**: the least `j ≤ |D|` that fits the data (`|D| + 1` if none does). -/
def angluinLearner (mem : Nat → Nat → Bool) (T : Nat → List Nat) (D : List (Option Nat)) : Nat :=
  leastBelow (goodIndex mem T D) (D.length + 1)

/-- A word is in the prefix of length `s` iff it occurs before position `s`. -/
theorem mem_textPrefix (t : Nat → Option Nat) (s : Nat) (o : Option Nat) :
    o ∈ textPrefix t s ↔ ∃ k, k < s ∧ t k = o := by
  unfold textPrefix
  simp [List.mem_map, List.mem_range]

/-- A property that holds from some point on for each of finitely many indices `j < m` holds for all
of them from some common point on. -/
theorem exists_bound_forall_lt (Q : Nat → Nat → Prop) :
    ∀ m, (∀ j, j < m → ∃ N, ∀ s, N ≤ s → Q j s) → ∃ N, ∀ j, j < m → ∀ s, N ≤ s → Q j s
  | 0, _ => ⟨0, fun j hj => absurd hj (Nat.not_lt_zero j)⟩
  | m + 1, h => by
    obtain ⟨N, hN⟩ := exists_bound_forall_lt Q m (fun j hj => h j (by omega))
    obtain ⟨N', hN'⟩ := h m (Nat.lt_succ_self m)
    refine ⟨N + N', fun j hj s hs => ?_⟩
    by_cases hjm : j < m
    · exact hN j hjm s (by omega)
    · have : j = m := by omega
      subst this
      exact hN' s (by omega)

/-- The same for the finitely many elements of a list. -/
theorem exists_bound_forall_mem (Q : Nat → Nat → Prop) :
    ∀ l : List Nat, (∀ y, y ∈ l → ∃ N, ∀ s, N ≤ s → Q y s) → ∃ N, ∀ y, y ∈ l → ∀ s, N ≤ s → Q y s
  | [], _ => ⟨0, fun y hy => by simp at hy⟩
  | a :: l, h => by
    obtain ⟨N, hN⟩ := exists_bound_forall_mem Q l (fun y hy => h y (List.mem_cons_of_mem _ hy))
    obtain ⟨N', hN'⟩ := h a List.mem_cons_self
    refine ⟨N + N', fun y hy s hs => ?_⟩
    rcases List.mem_cons.mp hy with rfl | hy'
    · exact hN' s (by omega)
    · exact hN y hy' s (by omega)

/-- A least index with a property, when some index has it. -/
theorem exists_least (Q : Nat → Prop) : ∀ b, (∃ n, n < b ∧ Q n) → ∃ n, Q n ∧ ∀ m, m < n → ¬ Q m
  | 0, ⟨n, hn, _⟩ => absurd hn (Nat.not_lt_zero n)
  | b + 1, ⟨n, hn, hq⟩ => by
    by_cases hb : ∃ n, n < b ∧ Q n
    · exact exists_least Q b hb
    · refine ⟨n, hq, fun m hm hqm => hb ⟨m, by omega, hqm⟩⟩

/-- **Angluin's learner identifies the family in the limit**: if `mem` decides the languages of
`L` and every `T j` is a tell-tale of `L j`, then on every text of every `L i` the learner's guesses
are eventually one index of `L i`. -/
theorem angluinLearner_identifies (L : Nat → Language) (mem : Nat → Nat → Bool)
    (hmem : ∀ j x, mem j x = true ↔ L j x) (T : Nat → List Nat)
    (hT : ∀ j, IsTellTale L j (T j)) : IdentifiesInTheLimit L (angluinLearner mem T) := by
  intro i t ht
  -- every word of the text is in `L i`
  have hword : ∀ k x, t k = some x → L i x := fun k x hk => (ht x).mpr ⟨k, hk⟩
  -- the data of a prefix lies in `L j` iff all its words do
  have hall : ∀ j s, (textPrefix t s).all (fun o => o.all (mem j)) = true ↔
      ∀ k x, k < s → t k = some x → L j x := by
    intro j s
    rw [List.all_eq_true]
    constructor
    · intro h k x hk hx
      have := h (some x) ((mem_textPrefix t s _).mpr ⟨k, hk, hx⟩)
      simpa [Option.all, hmem] using this
    · intro h o ho
      obtain ⟨k, hk, rfl⟩ := (mem_textPrefix t s o).mp ho
      cases htk : t k with
      | none => rfl
      | some x => simpa [Option.all, hmem] using h k x hk htk
  have hcont : ∀ j s, (T j).all (fun x => (textPrefix t s).contains (some x)) = true ↔
      ∀ y, y ∈ T j → ∃ k, k < s ∧ t k = some y := by
    intro j s
    rw [List.all_eq_true]
    exact forall_congr' fun y => imp_congr_right fun _ => by
      rw [List.contains_iff_mem, mem_textPrefix]
  -- the least index of the target language
  obtain ⟨j₀, hj₀, hmin⟩ := exists_least (fun j => ∀ x, L j x ↔ L i x) (i + 1)
    ⟨i, Nat.lt_succ_self i, fun _ => Iff.rfl⟩
  -- every smaller index is eventually rejected
  have hsmall : ∀ j, j < j₀ → ∃ N, ∀ s, N ≤ s → goodIndex mem T (textPrefix t s) j = false := by
    intro j hj
    have hne := hmin j hj
    by_cases hmiss : ∃ x, L i x ∧ ¬ L j x
    · obtain ⟨x, hxi, hxj⟩ := hmiss
      obtain ⟨k, hk⟩ := (ht x).mp hxi
      refine ⟨k + 1, fun s hs => ?_⟩
      unfold goodIndex
      have : (textPrefix t s).all (fun o => o.all (mem j)) = false := by
        apply Classical.byContradiction
        intro hno
        have htrue : (textPrefix t s).all (fun o => o.all (mem j)) = true := by
          cases h : (textPrefix t s).all (fun o => o.all (mem j))
          · exact absurd h hno
          · rfl
        exact hxj ((hall j s).mp htrue k x (by omega) hk)
      rw [this, Bool.and_false]
    · -- `L i ⊆ L j`, so `L i ⊊ L j`, so `L i` misses a word of the tell-tale `T j`
      have hsub : ∀ x, L i x → L j x := fun x hx =>
        Classical.byContradiction fun h => hmiss ⟨x, hx, h⟩
      have hproper : ProperSubset (L i) (L j) := by
        refine ⟨hsub, ?_⟩
        apply Classical.byContradiction
        intro hno
        exact hne fun x => ⟨fun hx => Classical.byContradiction fun h => hno ⟨x, hx, h⟩, hsub x⟩
      have hnot : ¬ ContainsList (L i) (T j) := fun hc => (hT j).2 i hc hproper
      have ⟨y, hyT, hyi⟩ : ∃ y, y ∈ T j ∧ ¬ L i y := by
        apply Classical.byContradiction
        intro hno
        exact hnot fun y hy => Classical.byContradiction fun h => hno ⟨y, hy, h⟩
      refine ⟨0, fun s _ => ?_⟩
      unfold goodIndex
      have : (T j).all (fun x => (textPrefix t s).contains (some x)) = false := by
        apply Classical.byContradiction
        intro hno
        have htrue : (T j).all (fun x => (textPrefix t s).contains (some x)) = true := by
          cases h : (T j).all (fun x => (textPrefix t s).contains (some x))
          · exact absurd h hno
          · rfl
        obtain ⟨k, _, hk⟩ := (hcont j s).mp htrue y hyT
        exact hyi (hword k y hk)
      rw [this, Bool.false_and]
  obtain ⟨N₁, hN₁⟩ := exists_bound_forall_lt
    (fun j s => goodIndex mem T (textPrefix t s) j = false) j₀ hsmall
  -- the tell-tale of `j₀` eventually appears
  obtain ⟨N₂, hN₂⟩ := exists_bound_forall_mem (fun y s => ∃ k, k < s ∧ t k = some y) (T j₀)
    (fun y hy => by
      obtain ⟨k, hk⟩ := (ht y).mp ((hj₀ y).mp ((hT j₀).1 y hy))
      exact ⟨k + 1, fun s hs => ⟨k, by omega, hk⟩⟩)
  refine ⟨j₀, N₁ + N₂ + j₀, hj₀, fun s hs => ?_⟩
  unfold angluinLearner
  refine leastBelow_eq _ ?_ ?_ (fun j hj => hN₁ j hj s (by omega))
  · unfold textPrefix
    rw [List.length_map, List.length_range]
    omega
  · unfold goodIndex
    rw [(hcont j₀ s).mpr (fun y hy => hN₂ y hy s (by omega)),
      (hall j₀ s).mpr (fun k x _ hx => (hj₀ x).mpr (hword k x hx))]
    rfl

/-- **Angluin's condition implies identification in the limit** (non-effective): every family
indexed by `Nat` in which every language has a finite tell-tale is identified in the limit by some
learner. -/
theorem exists_learner_of_angluinCondition (L : Nat → Language) (h : AngluinCondition L) :
    ∃ learner : List (Option Nat) → Nat, IdentifiesInTheLimit L learner := by
  have : ∀ j x, Decidable (L j x) := fun _ _ => Classical.propDecidable _
  refine ⟨angluinLearner (fun j x => decide (L j x)) (fun j => Classical.choose (h j)), ?_⟩
  exact angluinLearner_identifies L _ (fun j x => decide_eq_true_iff)
    (fun j => Classical.choose (h j)) (fun j => Classical.choose_spec (h j))

/-! ## A concrete family: the initial segments `{0, …, j}` -/

/-- The initial segments `{0, …, j}`, one for every `j` (without `ℕ`, unlike `initialSegments`). -/
def segments : Nat → Language := fun j x => x ≤ j

/-- Membership in `{0, …, j}`, as a Boolean test. -/
def segMem (j x : Nat) : Bool := decide (x ≤ j)

/-- A text for `{0, 1, 2}`: `0, pause, 2, 1`, then `0` forever. -/
def textEx : Nat → Option Nat
  | 0 => some 0
  | 1 => none
  | 2 => some 2
  | 3 => some 1
  | _ + 4 => some 0

/-- Instance: on the text `0, pause, 2, 1, 0, …` of `{0, 1, 2}`, with the tell-tales `[j]`,
Angluin's learner guesses `1` (no tell-tale seen yet: the default `|D| + 1`), then `0`, `0`, and
from the fourth prefix on `2`, the index of the target. -/
theorem angluinLearner_instance_segments :
    finList 6 (fun s => angluinLearner segMem (fun j => [j]) (textPrefix textEx s.val)) =
      [1, 0, 0, 2, 2, 2] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `[j]` is a tell-tale of `{0, …, j}` among the initial segments. -/
theorem isTellTale_segments (j : Nat) : IsTellTale segments j [j] := by
  refine ⟨fun x hx => ?_, fun j' hj' hp => ?_⟩
  · simp only [List.mem_singleton] at hx
    subst hx
    exact Nat.le_refl _
  · have hjj : j ≤ j' := hj' j List.mem_cons_self
    obtain ⟨x, hxj, hxj'⟩ := hp.2
    exact hxj' (Nat.le_trans hxj hjj)

/-- `segMem` decides the initial segments. -/
theorem segMem_iff (j x : Nat) : segMem j x = true ↔ segments j x := decide_eq_true_iff

/-- `textEx` is a text for `{0, 1, 2}`. -/
theorem isText_textEx : IsText (segments 2) textEx := by
  intro x
  constructor
  · intro hx
    have : x = 0 ∨ x = 1 ∨ x = 2 := by unfold segments at hx; omega
    rcases this with rfl | rfl | rfl
    · exact ⟨0, rfl⟩
    · exact ⟨3, rfl⟩
    · exact ⟨2, rfl⟩
  · rintro ⟨k, hk⟩
    show x ≤ 2
    match k, hk with
    | 0, hk => cases hk; decide
    | 1, hk => cases hk
    | 2, hk => cases hk; decide
    | 3, hk => cases hk; decide
    | _ + 4, hk => cases hk; decide

/-- `leastBelow_eq` applied to the test `j ≥ 2` below `5`. -/
theorem leastBelow_eq_satisfiable : leastBelow (fun j => decide (2 ≤ j)) 5 = 2 :=
  leastBelow_eq (fun j => decide (2 ≤ j)) (by decide) (by decide) (by decide)

/-- `exists_bound_forall_lt` applied to the property `j ≤ s`. -/
theorem exists_bound_forall_lt_satisfiable : ∃ N, ∀ j, j < 3 → ∀ s, N ≤ s → j ≤ s :=
  exists_bound_forall_lt (fun j s => j ≤ s) 3 (fun j _ => ⟨j, fun _ hs => hs⟩)

/-- `exists_bound_forall_mem` applied to the property `y ≤ s` on `[4, 1]`. -/
theorem exists_bound_forall_mem_satisfiable : ∃ N, ∀ y, y ∈ [4, 1] → ∀ s, N ≤ s → y ≤ s :=
  exists_bound_forall_mem (fun y s => y ≤ s) [4, 1] (fun y _ => ⟨y, fun _ hs => hs⟩)

/-- `exists_least` applied to the property `3 ≤ n`. -/
theorem exists_least_satisfiable : ∃ n, 3 ≤ n ∧ ∀ m, m < n → ¬ 3 ≤ m :=
  exists_least (fun n => 3 ≤ n) 5 ⟨4, by decide, by decide⟩

/-- `angluinLearner_identifies` applied to the initial segments with the tell-tales `[j]`. -/
theorem angluinLearner_identifies_satisfiable :
    IdentifiesInTheLimit segments (angluinLearner segMem (fun j => [j])) :=
  angluinLearner_identifies segments segMem segMem_iff (fun j => [j]) isTellTale_segments

/-- `angluinLearner_identifies` applied further, to the text `textEx` of `segments 2` that its
conclusion `IdentifiesInTheLimit` quantifies over: the hypothesis hidden in that definition (a
text of the language) holds. -/
theorem angluinLearner_identifies_text_satisfiable :
    ∃ j N, (∀ x, segments j x ↔ segments 2 x) ∧
      ∀ s, N ≤ s → angluinLearner segMem (fun j => [j]) (textPrefix textEx s) = j :=
  angluinLearner_identifies segments segMem segMem_iff (fun j => [j]) isTellTale_segments 2 textEx isText_textEx

/-- `exists_learner_of_angluinCondition` applied to the initial segments. -/
theorem exists_learner_of_angluinCondition_satisfiable :
    ∃ learner : List (Option Nat) → Nat, IdentifiesInTheLimit segments learner :=
  exists_learner_of_angluinCondition segments (fun j => ⟨[j], isTellTale_segments j⟩)

end MLTheory.Angluin

end
