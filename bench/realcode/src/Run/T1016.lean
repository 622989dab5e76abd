-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1016.lean`, commit aa63fda835eb974bffd7c2c192730866ffdd8c45.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

inductive t | one | two

example (h : False) : t.one = t.two := by
  simp
  contradiction
