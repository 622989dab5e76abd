-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm16.lean`, commit bf5f107e74da9e25cd747275af3dcff5bea6d7bb.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example : ∀ x y : Nat, x = y → y = x := by
  intros
  apply Eq.symm
  assumption

example : ∀ x y : Nat, x = y → y = x := by
  intros
  apply Eq.symm
  rename_i a b hab
  exact hab
