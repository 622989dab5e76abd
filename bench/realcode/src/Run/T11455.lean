-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/11455.lean`, commit 42e17fa9c7f53dd3996e020182d083a95aa70fec.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

-- Since `by` now has the `arg` precedence, it can be used as an argument directly:

example (a : Nat) : a ≤ a := a.le_of_eq by simp
