-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex15.lean`, commit d5ada4049d3822ba600921be342a53a470c0756a.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: kept without a `module` header.
/- intro tactic variants -/

example (p q : α → Prop) : (∃ x, p x ∧ q x) → ∃ x, q x ∧ p x := by
  intro h
  match h with
  | Exists.intro w (And.intro hp hq) => exact Exists.intro w (And.intro hq hp)

example (p q : α → Prop) : (∃ x, p x ∧ q x) → ∃ x, q x ∧ p x := by
  intro (Exists.intro _ (And.intro hp hq))
  exact Exists.intro _ (And.intro hq hp)

example (p q : α → Prop) : (∃ x, p x ∧ q x) → ∃ x, q x ∧ p x := by
  intro ⟨_, hp, hq⟩
  exact ⟨_, hq, hp⟩

example (α : Type) (p q : α → Prop) : (∃ x, p x ∨ q x) → ∃ x, q x ∨ p x := by
  intro
    | ⟨_, .inl h⟩ => exact ⟨_, .inr h⟩
    | ⟨_, .inr h⟩ => exact ⟨_, .inl h⟩
