/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Language

/-!
# Generation in the limit for a finite family of infinite languages

Source: `004_725b34af8153ec2b.txt`, line 15 (the generation of valuable mathematics as
nested language generation in the limit: an unknown target language, revealed only through an
adversarial enumeration, from which a generator must eventually output only new valid elements).

**This module proves the base case that model builds on (a proof core)**: without oracle, density or
breadth requirements, every *finite* family of *infinite* languages admits generation in the
limit (the Kleinberg–Mullainathan theorem for finite collections). Languages are predicates on
`Nat`; the adversary enumerates the target `L k` by `e : Nat → Nat` (every `e t` is in `L k`, and
every element of `L k` appears). The generator (`generator`) sees the first `t + 1` elements and
outputs an element that lies in every language of the family consistent with them and that has
not been enumerated yet.

* `generator_spec`: for every finite family `L : Fin n → Language` of infinite languages, every
  target `k` and every enumeration `e` of `L k`, there is a time `t₀` after which every output is
  in the target `L k` and has not been enumerated so far: the generator generates in the limit.

The proof: a language of the family that does not contain `L k` is refuted by some element of
`L k`, which the enumeration shows at some time; after the largest of these finitely many times,
every consistent language contains `L k`, so the intersection of the consistent languages lies in
`L k` (which is itself consistent) and contains `L k`, an infinite set, hence new elements.

Concrete instances (`_instance_`, by `decide +kernel`) check consistency of a three-language
family at a sample time.
-/

@[expose] public section

noncomputable section

namespace MLTheory.GenerationLimit

/-- A language is infinite: it has words beyond every bound. -/
def Infinite (L : Language) : Prop := ∀ m, ∃ x, m ≤ x ∧ L x

/-- `e` enumerates the language `K`: all its values are in `K`, and every word of `K` appears. -/
def Enumerates (e : Nat → Nat) (K : Language) : Prop := (∀ t, K (e t)) ∧ ∀ x, K x → ∃ t, e t = x

/-- The word `x` has been enumerated by time `t`. -/
def Seen (e : Nat → Nat) (t x : Nat) : Prop := ∃ s, s ≤ t ∧ e s = x

/-- The language `L i` is consistent with the enumeration up to time `t`: it contains every word
enumerated so far. -/
def Consistent {n : Nat} (L : Fin n → Language) (e : Nat → Nat) (t : Nat) (i : Fin n) : Prop :=
  ∀ s, s ≤ t → L i (e s)

/-- The safe outputs at time `t`: words in every consistent language, not enumerated yet. -/
def Candidate {n : Nat} (L : Fin n → Language) (e : Nat → Nat) (t x : Nat) : Prop :=
  (∀ i, Consistent L e t i → L i x) ∧ ¬ Seen e t x

/-- The generator: at time `t`, some safe output if one exists (and `0` otherwise). -/
noncomputable def generator {n : Nat} (L : Fin n → Language) (e : Nat → Nat) (t : Nat) : Nat :=
  open Classical in
  if h : ∃ x, Candidate L e t x then Classical.choose h else 0

/-- Finitely many naturals have an upper bound. -/
theorem exists_upper_bound : ∀ (n : Nat) (f : Fin n → Nat), ∃ M, ∀ i, f i ≤ M
  | 0, _ => ⟨0, fun i => i.elim0⟩
  | n + 1, f => by
    obtain ⟨M, hM⟩ := exists_upper_bound n (fun i => f i.succ)
    refine ⟨max (f 0) M, fun i => ?_⟩
    cases i using Fin.cases with
    | zero => exact Nat.le_max_left _ _
    | succ i => exact Nat.le_trans (hM i) (Nat.le_max_right _ _)

/-- The words enumerated by time `t` are bounded. -/
theorem exists_bound_seen (e : Nat → Nat) : ∀ t, ∃ B, ∀ s, s ≤ t → e s ≤ B
  | 0 => ⟨e 0, fun s hs => Nat.le_of_eq (congrArg e (Nat.le_zero.mp hs))⟩
  | t + 1 => by
    obtain ⟨B, hB⟩ := exists_bound_seen e t
    refine ⟨max B (e (t + 1)), fun s hs => ?_⟩
    by_cases h : s ≤ t
    · exact Nat.le_trans (hB s h) (Nat.le_max_left _ _)
    · rw [show s = t + 1 by omega]; exact Nat.le_max_right _ _

/-- Consistency only gets harder with time. -/
theorem Consistent.mono {n : Nat} {L : Fin n → Language} {e : Nat → Nat} {t t' : Nat} {i : Fin n}
    (h : Consistent L e t' i) (htt : t ≤ t') : Consistent L e t i :=
  fun s hs => h s (Nat.le_trans hs htt)

/-- Eventually, every consistent language contains the target. -/
theorem eventually_consistent_superset {n : Nat} (L : Fin n → Language) (k : Fin n)
    (e : Nat → Nat) (he : Enumerates e (L k)) :
    ∃ t₀, ∀ t, t₀ ≤ t → ∀ i, Consistent L e t i → ∀ x, L k x → L i x := by
  have hτ : ∀ i, ∃ τ, ∀ t, τ ≤ t → Consistent L e t i → ∀ x, L k x → L i x := by
    intro i
    by_cases hsup : ∀ x, L k x → L i x
    · exact ⟨0, fun _ _ _ => hsup⟩
    · have : ∃ x, L k x ∧ ¬ L i x := Classical.byContradiction fun hno =>
        hsup fun x hx => Classical.byContradiction fun hxi => hno ⟨x, hx, hxi⟩
      obtain ⟨x, hxk, hxi⟩ := this
      obtain ⟨s, hs⟩ := he.2 x hxk
      refine ⟨s, fun t hst hcons => absurd (hs ▸ hcons s hst) hxi⟩
  let τ : Fin n → Nat := fun i => Classical.choose (hτ i)
  obtain ⟨M, hM⟩ := exists_upper_bound n τ
  exact ⟨M, fun t hMt i => Classical.choose_spec (hτ i) t (Nat.le_trans (hM i) hMt)⟩

/-- **Generation in the limit**: for a finite family of infinite languages, every target `L k` and
every enumeration `e` of it, after some time `t₀` every output of the generator is a word of the
target that has not been enumerated yet. -/
theorem generator_spec {n : Nat} (L : Fin n → Language) (hinf : ∀ i, Infinite (L i))
    (k : Fin n) (e : Nat → Nat) (he : Enumerates e (L k)) :
    ∃ t₀, ∀ t, t₀ ≤ t → L k (generator L e t) ∧ ¬ Seen e t (generator L e t) := by
  obtain ⟨t₀, ht₀⟩ := eventually_consistent_superset L k e he
  refine ⟨t₀, fun t ht => ?_⟩
  have hk : Consistent L e t k := fun s _ => he.1 s
  -- a safe output exists: a word of the target beyond everything enumerated so far
  have hex : ∃ x, Candidate L e t x := by
    obtain ⟨B, hB⟩ := exists_bound_seen e t
    obtain ⟨x, hx, hxk⟩ := hinf k (B + 1)
    refine ⟨x, fun i hi => ht₀ t ht i hi x hxk, ?_⟩
    rintro ⟨s, hs, rfl⟩
    have := hB s hs
    omega
  have hspec : Candidate L e t (generator L e t) := by
    unfold generator
    rw [dif_pos hex]
    exact Classical.choose_spec hex
  exact ⟨hspec.1 k hk, hspec.2⟩

/-! ## Concrete instances -/

/-- A family for the instances: the multiples of `2`, of `4` and of `3`. -/
def multiplesOf (i : Fin 3) : Language := fun x => x % ([2, 4, 3].getD i.val 1) = 0

/-- Instance: after the enumeration `0, 4, 8, 12, 16, 20` of the multiples of `4`, the multiples
of `2` and of `4` are consistent and the multiples of `3` are not (refuted by `4`). -/
theorem consistent_instance_multiples :
    Consistent multiplesOf (fun t => 4 * t) 5 0 ∧ Consistent multiplesOf (fun t => 4 * t) 5 1 ∧
      ¬ Consistent multiplesOf (fun t => 4 * t) 5 2 := by
  unfold Consistent multiplesOf
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `t ↦ 4t` enumerates the multiples of `4`. -/
theorem enumerates_multiples_four : Enumerates (fun t => 4 * t) (multiplesOf 1) := by
  refine ⟨fun t => ?_, fun x hx => ⟨x / 4, ?_⟩⟩
  · show 4 * t % 4 = 0
    omega
  · have hx' : x % 4 = 0 := hx
    show 4 * (x / 4) = x
    omega

/-- Every language of the family of multiples is infinite. -/
theorem multiplesOf_infinite : ∀ i, Infinite (multiplesOf i) := by
  intro i m
  refine ⟨12 * m, by omega, ?_⟩
  match i with
  | ⟨0, _⟩ => show 12 * m % 2 = 0; omega
  | ⟨1, _⟩ => show 12 * m % 4 = 0; omega
  | ⟨2, _⟩ => show 12 * m % 3 = 0; omega

/-- `eventually_consistent_superset` applied to the multiples of `4` enumerated by `t ↦ 4t`. -/
theorem eventually_consistent_superset_satisfiable :
    ∃ t₀, ∀ t, t₀ ≤ t → ∀ i, Consistent multiplesOf (fun t => 4 * t) t i →
      ∀ x, multiplesOf 1 x → multiplesOf i x :=
  eventually_consistent_superset multiplesOf 1 (fun t => 4 * t) enumerates_multiples_four

/-- `generator_spec` applied to the multiples of `4` enumerated by `t ↦ 4t`. -/
theorem generator_spec_satisfiable :
    ∃ t₀, ∀ t, t₀ ≤ t → multiplesOf 1 (generator multiplesOf (fun t => 4 * t) t) ∧
      ¬ Seen (fun t => 4 * t) t (generator multiplesOf (fun t => 4 * t) t) :=
  generator_spec multiplesOf multiplesOf_infinite 1 (fun t => 4 * t) enumerates_multiples_four

/-- `consistent_instance_multiples`' two consistency conjuncts applied to the first time `0 ≤ 5`. -/
theorem consistent_instance_multiples_satisfiable :
    multiplesOf 0 (4 * 0) ∧ multiplesOf 1 (4 * 0) :=
  ⟨consistent_instance_multiples.1 0 (Nat.zero_le 5), consistent_instance_multiples.2.1 0 (Nat.zero_le 5)⟩

end MLTheory.GenerationLimit

end

end
