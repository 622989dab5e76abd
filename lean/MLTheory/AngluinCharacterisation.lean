/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.AngluinLimit

/-!
# Angluin's characterisation, both directions, and generation with breadth

Source: `004_725b34af8153ec2b.txt`, line 15 (the collections with generation with breadth
"are exactly those of the oracle-free model, characterized fiber-wise by Angluin's condition").

`MLTheory.AngluinLimit` proves that Angluin's condition gives a learner that identifies the family
in the limit. This module proves the converse and adds generation with breadth, so that for every
family `L : Nat → Language` (non-effective: learners and generators are arbitrary functions of the
data seen):

* **`angluinCondition_of_identifies`**: if some learner identifies `L` in the limit from text,
  every language of `L` has a finite tell-tale. If `L i` had none, every finite part of `L i` would
  lie in some proper sub-language `L k ⊊ L i`; feeding the learner, stage after stage, a text of
  such an `L k` until it guesses `L k` (`stage`) builds one text of `L i` (`chainText`) on which
  the learner guesses a language other than `L i` infinitely often;
* **`identifiable_iff_angluinCondition`**: Angluin's theorem, both directions;
* a generator *generates `L` with breadth* (`GeneratesWithBreadth`) if on every text of every
  `L i` the set it would generate is, from some point on, exactly the words of `L i` not yet seen;
  **`generatesWithBreadth_iff_angluinCondition`**: a generator with breadth exists iff a learner
  identifying `L` in the limit exists iff Angluin's condition holds — the oracle-free
  characterisation of generation with breadth.

**Scope.** The oracle-free model, non-effective, for families indexed by `Nat`; the paper's nested
(verifier) model, and its equality with the oracle-free one, are not formalised.
-/

@[expose] public section

noncomputable section

namespace MLTheory.Angluin

/-! ## The converse: identification in the limit gives tell-tales -/

/-- `t'` agrees with `t` below `s`. -/
def AgreeBelow (t t' : Nat → Option Nat) (s : Nat) : Prop := ∀ p, p < s → t' p = t p

/-- Agreeing texts have the same prefixes. -/
theorem textPrefix_congr {t t' : Nat → Option Nat} {s : Nat} (h : AgreeBelow t t' s) :
    textPrefix t' s = textPrefix t s := by
  unfold textPrefix
  exact List.map_congr_left (fun p hp => h p (List.mem_range.mp hp))

/-- The words of a text below `s` lie in `A`. -/
def ValidBelow (A : Language) (t : Nat → Option Nat) (s : Nat) : Prop :=
  ∀ p x, p < s → t p = some x → A x

/-- A stage of the construction, on a family where `L i` has no tell-tale, for a learner that
identifies the family: any finite valid beginning `t` below `s` extends, below some `s' > s`, to a
valid beginning listing every word `x < n` of `L i`, after which the learner guesses a language
other than `L i`. -/
theorem stage (L : Nat → Language) (learner : List (Option Nat) → Nat)
    (hid : IdentifiesInTheLimit L learner) (i : Nat) (hno : ∀ T, ¬ IsTellTale L i T)
    (t : Nat → Option Nat) (s n : Nat) (hv : ValidBelow (L i) t s) :
    ∃ t' s', s < s' ∧ AgreeBelow t t' s ∧ ValidBelow (L i) t' s' ∧
      (∀ x, x < n → L i x → ∃ p, p < s' ∧ t' p = some x) ∧
      ¬ (∀ x, L (learner (textPrefix t' s')) x ↔ L i x) := by
  classical
  -- the finite part of `L i` seen so far and the words below `n`
  let T : List Nat := (List.range s).filterMap t ++ (List.range n).filter (fun x => decide (L i x))
  have hT : ContainsList (L i) T := by
    intro x hx
    rcases List.mem_append.mp hx with h | h
    · obtain ⟨p, hp, hpx⟩ := List.mem_filterMap.mp h
      exact hv p x (List.mem_range.mp hp) hpx
    · exact of_decide_eq_true (List.mem_filter.mp h).2
  -- a proper sub-language containing it
  obtain ⟨k, hTk, hsub⟩ : ∃ k, ContainsList (L k) T ∧ ProperSubset (L k) (L i) := by
    have := hno T
    unfold IsTellTale at this
    apply Classical.byContradiction
    intro hne
    exact this ⟨hT, fun j hj hp => hne ⟨j, hj, hp⟩⟩
  -- a text of `L k` beginning with `t`, then the words `x < n` of `L i`, then all of `L k`
  let t' : Nat → Option Nat := fun p =>
    if p < s then t p
    else if p < s + n then (if L i (p - s) then some (p - s) else none)
    else if L k (p - s - n) then some (p - s - n) else none
  have hvk : ∀ p x, t' p = some x → L k x := by
    intro p x hp
    by_cases h1 : p < s
    · simp only [t', if_pos h1] at hp
      exact hTk x (List.mem_append_left _ (List.mem_filterMap.mpr ⟨p, List.mem_range.mpr h1, hp⟩))
    · by_cases h2 : p < s + n
      · simp only [t', if_neg h1, if_pos h2] at hp
        split at hp
        · rename_i hx
          cases hp
          exact hTk _ (List.mem_append_right _ (List.mem_filter.mpr
            ⟨List.mem_range.mpr (by omega), decide_eq_true hx⟩))
        · cases hp
      · simp only [t', if_neg h1, if_neg h2] at hp
        split at hp
        · rename_i hx; cases hp; exact hx
        · cases hp
  have htext : IsText (L k) t' := by
    intro x
    constructor
    · intro hx
      refine ⟨s + n + x, ?_⟩
      simp only [t', if_neg (show ¬ s + n + x < s by omega), if_neg (show ¬ s + n + x < s + n by omega),
        show s + n + x - s - n = x by omega, if_pos hx]
    · intro ⟨p, hp⟩
      exact hvk p x hp
  obtain ⟨j, N, hj, hN⟩ := hid k t' htext
  refine ⟨t', max N (s + n + 1), by omega, fun p hp => by simp only [t', if_pos hp], ?_, ?_, ?_⟩
  · intro p x _ hp
    exact hsub.1 x (hvk p x hp)
  · intro x hx hLx
    refine ⟨s + x, by omega, ?_⟩
    simp only [t', if_neg (show ¬ s + x < s by omega), if_pos (show s + x < s + n by omega),
      show s + x - s = x by omega, if_pos hLx]
  · rw [hN _ (Nat.le_max_left _ _)]
    intro hall
    obtain ⟨x, hx, hnx⟩ := hsub.2
    exact hnx ((hj x).mp ((hall x).mpr hx))

/-- The state of the construction: a beginning of a text, valid below its length. -/
structure Beginning (A : Language) where
  /-- The text (only its values below `len` matter). -/
  text : Nat → Option Nat
  /-- The length of the beginning. -/
  len : Nat
  /-- Its words lie in `A`. -/
  valid : ValidBelow A text len

/-- The chain of beginnings: stage `n + 1` extends stage `n` by `stage` with the bound `n`. -/
def chain (L : Nat → Language) (learner : List (Option Nat) → Nat)
    (hid : IdentifiesInTheLimit L learner) (i : Nat) (hno : ∀ T, ¬ IsTellTale L i T) :
    Nat → Beginning (L i)
  | 0 => ⟨fun _ => none, 0, fun _ _ h => absurd h (Nat.not_lt_zero _)⟩
  | n + 1 =>
    let b := chain L learner hid i hno n
    let h := stage L learner hid i hno b.text b.len n b.valid
    ⟨Classical.choose h, Classical.choose (Classical.choose_spec h),
      (Classical.choose_spec (Classical.choose_spec h)).2.2.1⟩

section Chain

variable {L : Nat → Language} {learner : List (Option Nat) → Nat}
  {hid : IdentifiesInTheLimit L learner} {i : Nat} {hno : ∀ T, ¬ IsTellTale L i T}

/-- What stage `n + 1` of the chain satisfies. -/
theorem chain_succ_spec (n : Nat) :
    (chain L learner hid i hno n).len < (chain L learner hid i hno (n + 1)).len ∧
      AgreeBelow (chain L learner hid i hno n).text (chain L learner hid i hno (n + 1)).text
        (chain L learner hid i hno n).len ∧
      (∀ x, x < n → L i x → ∃ p, p < (chain L learner hid i hno (n + 1)).len ∧
        (chain L learner hid i hno (n + 1)).text p = some x) ∧
      ¬ (∀ x, L (learner (textPrefix (chain L learner hid i hno (n + 1)).text
        (chain L learner hid i hno (n + 1)).len)) x ↔ L i x) := by
  let b := chain L learner hid i hno n
  let h := stage L learner hid i hno b.text b.len n b.valid
  have hs := Classical.choose_spec (Classical.choose_spec h)
  exact ⟨hs.1, hs.2.1, hs.2.2.2.1, hs.2.2.2.2⟩

/-- The lengths grow at least by one per stage. -/
theorem le_chain_len : ∀ n, n ≤ (chain L learner hid i hno n).len
  | 0 => Nat.zero_le _
  | n + 1 => by
    have := (chain_succ_spec (L := L) (learner := learner) (hid := hid) (i := i) (hno := hno) n).1
    have := le_chain_len n
    omega

/-- Later stages agree with earlier ones below the earlier length. -/
theorem chain_agree (n : Nat) : ∀ k, AgreeBelow (chain L learner hid i hno n).text
    (chain L learner hid i hno (n + k)).text (chain L learner hid i hno n).len
  | 0 => fun _ _ => rfl
  | k + 1 => fun p hp => by
    have hlen : (chain L learner hid i hno n).len ≤ (chain L learner hid i hno (n + k)).len := by
      clear hp
      induction k with
      | zero => exact Nat.le_refl _
      | succ k ih =>
        have := (chain_succ_spec (L := L) (learner := learner) (hid := hid) (i := i)
          (hno := hno) (n + k)).1
        rw [← Nat.add_assoc]; omega
    rw [← chain_agree n k p hp]
    exact (chain_succ_spec (n + k)).2.1 p (by omega)

/-- The limit text: position `p` as fixed by stage `p + 1`. -/
def chainText (L : Nat → Language) (learner : List (Option Nat) → Nat)
    (hid : IdentifiesInTheLimit L learner) (i : Nat) (hno : ∀ T, ¬ IsTellTale L i T) :
    Nat → Option Nat :=
  fun p => (chain L learner hid i hno (p + 1)).text p

/-- The limit text agrees with every stage below its length. -/
theorem chainText_agree (n : Nat) :
    AgreeBelow (chain L learner hid i hno n).text (chainText L learner hid i hno)
      (chain L learner hid i hno n).len := by
  intro p hp
  show (chain L learner hid i hno (p + 1)).text p = _
  by_cases h : p + 1 ≤ n
  · obtain ⟨k, rfl⟩ := Nat.exists_eq_add_of_le h
    have hl := le_chain_len (L := L) (learner := learner) (hid := hid) (i := i) (hno := hno)
      (p + 1)
    exact (chain_agree (p + 1) k p (by omega)).symm
  · obtain ⟨k, hk⟩ := Nat.exists_eq_add_of_le (show n ≤ p + 1 by omega)
    rw [hk]
    exact chain_agree n k p hp

/-- **The limit text is a text of `L i`.** -/
theorem isText_chainText : IsText (L i) (chainText L learner hid i hno) := by
  intro x
  constructor
  · intro hx
    obtain ⟨p, hp, hpx⟩ := (chain_succ_spec (L := L) (learner := learner) (hid := hid) (i := i)
      (hno := hno) (x + 1)).2.2.1 x (by omega) hx
    exact ⟨p, (chainText_agree (x + 2) p hp).trans hpx⟩
  · intro ⟨p, hp⟩
    exact (chain L learner hid i hno (p + 1)).valid p x
      (Nat.lt_of_lt_of_le (Nat.lt_succ_self p) (le_chain_len (p + 1))) hp

end Chain

/-- **Identification in the limit gives tell-tales**: if some learner identifies the family `L`
in the limit from text, every language of `L` has a finite tell-tale (Angluin's condition). -/
theorem angluinCondition_of_identifies (L : Nat → Language) (learner : List (Option Nat) → Nat)
    (hid : IdentifiesInTheLimit L learner) : AngluinCondition L := by
  intro i
  apply Classical.byContradiction
  intro hex
  have hno : ∀ T, ¬ IsTellTale L i T := fun T hT => hex ⟨T, hT⟩
  obtain ⟨j, N, hj, hN⟩ := hid i (chainText L learner hid i hno) isText_chainText
  -- at the end of stage `N + 1` the learner guesses a language other than `L i`
  have hspec := (chain_succ_spec (L := L) (learner := learner) (hid := hid) (i := i) (hno := hno)
    N).2.2.2
  rw [← textPrefix_congr (chainText_agree (N + 1))] at hspec
  have hlen := le_chain_len (L := L) (learner := learner) (hid := hid) (i := i) (hno := hno)
    (N + 1)
  rw [hN _ (by omega)] at hspec
  exact hspec hj

/-- **Angluin's theorem** (non-effective): a family indexed by `Nat` is identifiable in the limit
from text iff every language of it has a finite tell-tale. -/
theorem identifiable_iff_angluinCondition (L : Nat → Language) :
    (∃ learner : List (Option Nat) → Nat, IdentifiesInTheLimit L learner) ↔ AngluinCondition L :=
  ⟨fun ⟨learner, h⟩ => angluinCondition_of_identifies L learner h,
    exists_learner_of_angluinCondition L⟩

/-! ## Generation with breadth -/

/-- The words seen in the data. -/
def SeenIn (D : List (Option Nat)) (x : Nat) : Prop := some x ∈ D

/-- A generator generates the family `L` **with breadth**: on every text of every `L i`, from some
point on, the set of words it would generate is exactly the words of `L i` not yet seen. -/
def GeneratesWithBreadth (L : Nat → Language) (gen : List (Option Nat) → Language) : Prop :=
  ∀ i t, IsText (L i) t → ∃ N, ∀ s, N ≤ s → ∀ x,
    gen (textPrefix t s) x ↔ (L i x ∧ ¬ SeenIn (textPrefix t s) x)

/-- The words seen in a prefix of a text of `A` lie in `A`. -/
theorem seenIn_textPrefix {A : Language} {t : Nat → Option Nat} (ht : IsText A t) (s x : Nat)
    (h : SeenIn (textPrefix t s) x) : A x := by
  obtain ⟨p, _, hp⟩ := List.mem_map.mp h
  exact (ht x).mpr ⟨p, hp⟩

/-- **Identification gives generation with breadth**: generate the unseen words of the guessed
language. -/
theorem generatesWithBreadth_of_identifies (L : Nat → Language)
    (learner : List (Option Nat) → Nat) (hid : IdentifiesInTheLimit L learner) :
    GeneratesWithBreadth L (fun D x => L (learner D) x ∧ ¬ SeenIn D x) := by
  intro i t ht
  obtain ⟨j, N, hj, hN⟩ := hid i t ht
  refine ⟨N, fun s hs x => ?_⟩
  simp only
  rw [hN s hs, hj x]

/-- **Generation with breadth gives identification**: guess an index of the language made of the
generated and the seen words (the same choice for the same language). -/
theorem identifies_of_generatesWithBreadth (L : Nat → Language)
    (gen : List (Option Nat) → Language) (hgen : GeneratesWithBreadth L gen) :
    ∃ learner, IdentifiesInTheLimit L learner := by
  classical
  let S : List (Option Nat) → Language := fun D x => gen D x ∨ SeenIn D x
  refine ⟨fun D => if h : ∃ j, L j = S D then Classical.choose h else 0, fun i t ht => ?_⟩
  obtain ⟨N, hN⟩ := hgen i t ht
  have hS : ∀ s, N ≤ s → S (textPrefix t s) = L i := by
    intro s hs
    funext x
    apply propext
    constructor
    · intro h
      rcases h with h | h
      · exact ((hN s hs x).mp h).1
      · exact seenIn_textPrefix ht s x h
    · intro hx
      by_cases hseen : SeenIn (textPrefix t s) x
      · exact Or.inr hseen
      · exact Or.inl ((hN s hs x).mpr ⟨hx, hseen⟩)
  have hex : ∃ j, L j = L i := ⟨i, rfl⟩
  refine ⟨Classical.choose hex, N, fun x => by rw [Classical.choose_spec hex], fun s hs => ?_⟩
  simp only
  have hdepends : (∃ j, L j = S (textPrefix t s)) = (∃ j, L j = L i) := by rw [hS s hs]
  rw [dif_pos (hdepends ▸ hex)]
  congr 1
  funext j
  rw [hS s hs]

/-- **Generation with breadth is characterised by Angluin's condition** (oracle-free model,
non-effective): a family indexed by `Nat` admits a generator with breadth iff it is identifiable
in the limit iff every language of it has a finite tell-tale. -/
theorem generatesWithBreadth_iff_angluinCondition (L : Nat → Language) :
    (∃ gen, GeneratesWithBreadth L gen) ↔ AngluinCondition L := by
  rw [← identifiable_iff_angluinCondition]
  exact ⟨fun ⟨gen, h⟩ => identifies_of_generatesWithBreadth L gen h,
    fun ⟨learner, h⟩ => ⟨_, generatesWithBreadth_of_identifies L learner h⟩⟩

/-! ## Satisfiability witnesses, on the initial segments of `MLTheory.AngluinLimit` -/

/-- The initial segments satisfy Angluin's condition. -/
theorem angluinCondition_segments : AngluinCondition segments :=
  fun j => ⟨[j], isTellTale_segments j⟩

/-- A learner identifying the initial segments. -/
theorem exists_learner_segments : ∃ learner, IdentifiesInTheLimit segments learner :=
  exists_learner_of_angluinCondition segments angluinCondition_segments

/-- `angluinCondition_of_identifies` applied to the initial segments. -/
theorem angluinCondition_of_identifies_satisfiable : AngluinCondition segments :=
  angluinCondition_of_identifies segments (Classical.choose exists_learner_segments)
    (Classical.choose_spec exists_learner_segments)

/-- `identifies_of_generatesWithBreadth` and `generatesWithBreadth_of_identifies` applied to the
initial segments. -/
theorem generatesWithBreadth_satisfiable : ∃ learner, IdentifiesInTheLimit segments learner :=
  identifies_of_generatesWithBreadth segments _
    (generatesWithBreadth_of_identifies segments (Classical.choose exists_learner_segments)
      (Classical.choose_spec exists_learner_segments))

/-- `generatesWithBreadth_of_identifies` applied to Angluin's learner and further, to the text
`textEx` of `segments 2` that its conclusion `GeneratesWithBreadth` quantifies over: the
hypothesis hidden in that definition (a text of the language) holds. -/
theorem generatesWithBreadth_of_identifies_text_satisfiable :
    ∃ N, ∀ s, N ≤ s → ∀ x,
      (segments (angluinLearner segMem (fun j => [j]) (textPrefix textEx s)) x ∧
          ¬ SeenIn (textPrefix textEx s) x) ↔
        (segments 2 x ∧ ¬ SeenIn (textPrefix textEx s) x) :=
  generatesWithBreadth_of_identifies segments (angluinLearner segMem (fun j => [j]))
    angluinLearner_identifies_satisfiable 2 textEx isText_textEx

end MLTheory.Angluin

end
