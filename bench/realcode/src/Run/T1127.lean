-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1127.lean`, commit 39f6a83fe6d0610958fc732ef59407704beb1424.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example: p ∧ q := by first | apply And.intro <;> fail | sorry

variable (p q : Prop)

example (hp : p) : p := by
  try trivial -- succeeds, as expected

example : p := by
  try trivial -- fails quietly, as expected
  admit

example (hp : p) (hq : q) : p ∧ q := by
  try trivial -- succeeds, as expected

example (hp : p) : p ∧ q := by
  try trivial
  admit

example (hq : p) : p ∧ q := by
  try trivial
  admit

example : p ∧ q := by
  try trivial -- fails quietly
  admit       -- splits goals p and q
