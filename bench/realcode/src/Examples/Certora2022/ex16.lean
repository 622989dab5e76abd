-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex16.lean`, commit d5ada4049d3822ba600921be342a53a470c0756a.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: kept without a `module` header.
/- Inaccessible names -/

example : ∀ x y : Nat, x = y → y = x := by
  intros
  apply Eq.symm
  assumption

example : ∀ x y : Nat, x = y → y = x := by
  intros
  apply Eq.symm
  rename_i a b hab
  exact hab
