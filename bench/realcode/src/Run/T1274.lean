-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1274.lean`, commit 39f6a83fe6d0610958fc732ef59407704beb1424.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

macro "👉" t:(ppSpace ident) : term => `($t)
macro "👈" t:(lookahead(term) ident ppSpace) : term => `($t)
