/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Vertex expansion makes the proved set at least double each round

Source: `004_725b34af8153ec2b.txt`, line 25: if the graph of theorems is
well-connected, a prover-conjecturer system whose conjecturer walks the graph grows the set of
proved theorems exponentially.

The deterministic counting core of that claim, on a finite graph (`adj : Fin n → Fin n → Bool`)
and exactly over `Rat`. One round proves every neighbour of a proved theorem:
`step S = S ∪ N(S)`. The graph is a vertex expander when every set `S` with `|S| ≤ n/2` has
`|N(S) \ S| ≥ |S|` (`IsExpander`). Then:

* `|step S| = |S| + |N(S) \ S|` (`card_step`), so the proved set never shrinks
  (`card_le_card_step`) and, while `|S| ≤ n/2`, it at least doubles
  (`two_mul_card_le_card_step`);
* after `t` rounds from `S₀`, either more than half of the graph is proved or at least
  `2^t |S₀|` theorems are (`card_run`); so from one proved theorem, more than half of the graph is
  proved after `t` rounds as soon as `n < 2^(t+1)` (`half_lt_card_run`): logarithmically many
  rounds.

The paper's random-walk conjecturer, its primitive assumptions on the prover and its notion of
well-connectedness are not modelled: here every neighbour of a proved theorem is proved in the
next round. Concrete values are checked by `decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace Expansion

/-- `anyFin n f` is `true` iff `f i = true` for some `i : Fin n`. -/
def anyFin : (n : Nat) → (Fin n → Bool) → Bool
  | 0, _ => false
  | n + 1, f => f 0 || anyFin n (fun i => f i.succ)

/-- `anyFin` is the existential quantifier over `Fin n`. -/
theorem anyFin_eq_true_iff : ∀ (n : Nat) (f : Fin n → Bool), anyFin n f = true ↔ ∃ i, f i = true
  | 0, f => by
    simp only [anyFin]
    constructor
    · intro h; cases h
    · rintro ⟨i, _⟩; exact i.elim0
  | n + 1, f => by
    simp only [anyFin, Bool.or_eq_true, anyFin_eq_true_iff n]
    constructor
    · rintro (h | ⟨i, h⟩)
      · exact ⟨0, h⟩
      · exact ⟨i.succ, h⟩
    · rintro ⟨i, h⟩
      cases i using Fin.cases with
      | zero => exact Or.inl h
      | succ i => exact Or.inr ⟨i, h⟩

/-- The neighbourhood `N(S)`: the vertices with a neighbour in `S`. -/
def nbr {n : Nat} (adj : Fin n → Fin n → Bool) (S : Fin n → Bool) (v : Fin n) : Bool :=
  anyFin n (fun u => S u && adj u v)

/-- The outer boundary `N(S) \ S`. -/
def boundary {n : Nat} (adj : Fin n → Fin n → Bool) (S : Fin n → Bool) (v : Fin n) : Bool :=
  nbr adj S v && !S v

/-- One round: every neighbour of a proved theorem gets proved, `step S = S ∪ N(S)`. -/
def step {n : Nat} (adj : Fin n → Fin n → Bool) (S : Fin n → Bool) (v : Fin n) : Bool :=
  S v || nbr adj S v

/-- The proved set after `t` rounds from `S₀`. -/
def run {n : Nat} (adj : Fin n → Fin n → Bool) (S₀ : Fin n → Bool) : Nat → Fin n → Bool
  | 0 => S₀
  | t + 1 => step adj (run adj S₀ t)

/-- The number of elements `|S|` of a set of vertices, as a rational number. -/
def card {n : Nat} (S : Fin n → Bool) : Rat := sumFin n (fun v => if S v then 1 else 0)

/-- Vertex expansion: every set of at most half of the vertices has at least as many outer
neighbours as elements, `2|S| ≤ n → |S| ≤ |N(S) \ S|`. -/
def IsExpander {n : Nat} (adj : Fin n → Fin n → Bool) : Prop :=
  ∀ S : Fin n → Bool, 2 * card S ≤ (n : Rat) → card S ≤ card (boundary adj S)

/-- A set has a non-negative number of elements. -/
theorem card_nonneg {n : Nat} (S : Fin n → Bool) : 0 ≤ card S := by
  apply sumFin_nonneg
  intro v
  by_cases h : S v = true <;> simp [h] <;> grind

/-- The round adds exactly the outer boundary: `|step S| = |S| + |N(S) \ S|`. -/
theorem card_step {n : Nat} (adj : Fin n → Fin n → Bool) (S : Fin n → Bool) :
    card (step adj S) = card S + card (boundary adj S) := by
  unfold card
  rw [← sumFin_add]
  apply sumFin_congr
  intro v
  simp only [step, boundary]
  by_cases h1 : S v = true <;> by_cases h2 : nbr adj S v = true <;> simp [h1, h2] <;> grind

/-- The proved set never shrinks: `|S| ≤ |step S|`. -/
theorem card_le_card_step {n : Nat} (adj : Fin n → Fin n → Bool) (S : Fin n → Bool) :
    card S ≤ card (step adj S) := by
  rw [card_step]
  have := card_nonneg (boundary adj S)
  grind

/-- **Doubling**: in a vertex expander, a proved set of at most half of the vertices at least
doubles in one round, `2|S| ≤ n → 2|S| ≤ |step S|`. -/
theorem two_mul_card_le_card_step {n : Nat} {adj : Fin n → Fin n → Bool} (hexp : IsExpander adj)
    (S : Fin n → Bool) (hS : 2 * card S ≤ (n : Rat)) : 2 * card S ≤ card (step adj S) := by
  rw [card_step]
  have := hexp S hS
  grind

/-- **Exponential growth until half**: in a vertex expander, after `t` rounds from `S₀`, either
more than half of the vertices are proved or at least `2^t |S₀|` are. -/
theorem card_run {n : Nat} {adj : Fin n → Fin n → Bool} (hexp : IsExpander adj)
    (S₀ : Fin n → Bool) (t : Nat) :
    (n : Rat) < 2 * card (run adj S₀ t) ∨ ((2 ^ t : Nat) : Rat) * card S₀ ≤ card (run adj S₀ t) := by
  induction t with
  | zero =>
    right
    simp only [Nat.pow_zero, run]
    have : ((1 : Nat) : Rat) = 1 := rfl
    rw [this]
    grind
  | succ t ih =>
    have hmono := card_le_card_step adj (run adj S₀ t)
    have hpow : ((2 ^ (t + 1) : Nat) : Rat) = 2 * ((2 ^ t : Nat) : Rat) := by
      rw [Nat.pow_succ, Rat.natCast_mul]
      have : ((2 : Nat) : Rat) = 2 := rfl
      rw [this]
      grind
    simp only [run]
    rcases ih with h | h
    · left; grind
    · by_cases hhalf : (n : Rat) < 2 * card (run adj S₀ t)
      · left; grind
      · right
        have hd := two_mul_card_le_card_step hexp (run adj S₀ t) (by grind)
        rw [hpow]
        grind

/-- **Logarithmically many rounds**: in a vertex expander, from a non-empty proved set, more than
half of the vertices are proved after `t` rounds as soon as `n < 2^(t+1)`. -/
theorem half_lt_card_run {n : Nat} {adj : Fin n → Fin n → Bool} (hexp : IsExpander adj)
    (S₀ : Fin n → Bool) (h₀ : 1 ≤ card S₀) (t : Nat) (ht : n < 2 ^ (t + 1)) :
    (n : Rat) < 2 * card (run adj S₀ t) := by
  rcases card_run hexp S₀ t with h | h
  · exact h
  · have hpow : ((2 ^ (t + 1) : Nat) : Rat) = 2 * ((2 ^ t : Nat) : Rat) := by
      rw [Nat.pow_succ, Rat.natCast_mul]
      have : ((2 : Nat) : Rat) = 2 := rfl
      rw [this]
      grind
    have hnt : (n : Rat) < ((2 ^ (t + 1) : Nat) : Rat) := Rat.natCast_lt_natCast.mpr ht
    have hp : 0 ≤ ((2 ^ t : Nat) : Rat) := by exact Rat.natCast_nonneg
    have h1 : ((2 ^ t : Nat) : Rat) * 1 ≤ ((2 ^ t : Nat) : Rat) * card S₀ :=
      Rat.mul_le_mul_of_nonneg_left h₀ hp
    grind

/-- The complete graph on `n` vertices (no loops). -/
def complete (n : Nat) : Fin n → Fin n → Bool := fun u v => u != v

/-- The path `0 - 1 - 2 - 3` (not an expander: `{0, 1}` has one outer neighbour). -/
def path4 : Fin 4 → Fin 4 → Bool := fun u v => u.val + 1 == v.val || v.val + 1 == u.val

/-- The set `{0}`. -/
def single {n : Nat} (v : Fin n) : Fin n → Bool := fun u => u == v

/-- Concrete instance: from `{0}` on the complete graph on 4 vertices, the proved set has
1, 4, 4 elements after 0, 1, 2 rounds. -/
theorem card_run_example_complete :
    [card (run (complete 4) (single 0) 0), card (run (complete 4) (single 0) 1),
      card (run (complete 4) (single 0) 2)] = [1, 4, 4] := by
  decide +kernel

/-- Concrete instance: on the path `0 - 1 - 2 - 3` from `{0}`, the proved set grows by one vertex
a round, 1, 2, 3, 4: without expansion there is no doubling. -/
theorem card_run_example_path :
    [card (run path4 (single 0) 0), card (run path4 (single 0) 1), card (run path4 (single 0) 2),
      card (run path4 (single 0) 3)] = [1, 2, 3, 4] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- A set of vertices of a 2-vertex graph is determined by its two values. -/
theorem fin2_fun_eq (S : Fin 2 → Bool) : S = fun i => if i.val = 0 then S 0 else S 1 := by
  funext i
  cases i using Fin.cases with
  | zero => rfl
  | succ j =>
    cases j using Fin.cases with
    | zero => rfl
    | succ j => exact j.elim0

/-- The complete graph on two vertices (an edge) is an expander. -/
theorem complete_two_isExpander : IsExpander (complete 2) := by
  intro S hS
  have key : ∀ a b : Bool,
      2 * card (n := 2) (fun i => if i.val = 0 then a else b) ≤ ((2 : Nat) : Rat) →
        card (n := 2) (fun i => if i.val = 0 then a else b) ≤
          card (boundary (complete 2) (fun i => if i.val = 0 then a else b)) := by
    decide +kernel
  rw [fin2_fun_eq S] at hS ⊢
  exact key _ _ hS

/-- `two_mul_card_le_card_step` applied to `{0}` on the edge. -/
theorem two_mul_card_le_card_step_satisfiable :
    2 * card (single (n := 2) 0) ≤ card (step (complete 2) (single 0)) :=
  two_mul_card_le_card_step complete_two_isExpander (single 0) (by decide +kernel)

/-- `card_run` applied to `{0}` on the edge, one round. -/
theorem card_run_satisfiable :
    ((2 : Nat) : Rat) < 2 * card (run (complete 2) (single 0) 1) ∨
      ((2 ^ 1 : Nat) : Rat) * card (single (n := 2) 0) ≤ card (run (complete 2) (single 0) 1) :=
  card_run complete_two_isExpander (single 0) 1

/-- `half_lt_card_run` applied to `{0}` on the edge, one round (`2 < 2^2`). -/
theorem half_lt_card_run_satisfiable :
    ((2 : Nat) : Rat) < 2 * card (run (complete 2) (single 0) 1) :=
  half_lt_card_run complete_two_isExpander (single 0) (by decide +kernel) 1 (by decide)

end Expansion

end MLTheory

end
