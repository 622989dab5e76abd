-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex17.lean`, commit d5ada4049d3822ba600921be342a53a470c0756a.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: kept without a `module` header.
/- More tactics -/

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
