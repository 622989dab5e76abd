-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1200.lean`, commit d0499ebf4d9294d8db5b6ab7bc4e6cc91171ab76.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example
(h: match .none (α:=α) with
| some _ => True
| _      => True):
  True := by
  split at h <;> trivial
