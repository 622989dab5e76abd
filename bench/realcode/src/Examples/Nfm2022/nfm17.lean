-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm17.lean`, commit 6ce6b1270712919052c665801bce379522089ed6.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example (p q : Nat → Prop) : (∃ x, p x ∧ q x) → ∃ x, q x ∧ p x := by
  intro h
  cases h with
  | intro x hpq =>
    cases hpq with
    | intro hp hq =>
      exists x

example : p ∧ q → q ∧ p := by
  intro p
  cases p
  constructor <;> assumption

example : p ∧ ¬ p → q := by
  intro h
  cases h
  contradiction
