-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1184.lean`, commit 39f6a83fe6d0610958fc732ef59407704beb1424.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

@[simp] theorem one_le_of_lt (h: n < m) : 1 ≤ m := Nat.lt_of_le_of_lt (Nat.zero_le _) h

example (h: n < m) : 1 ≤ m := by
  simp (disch := assumption) [h]
