-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1037.lean`, commit 39f6a83fe6d0610958fc732ef59407704beb1424.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example (p q r s: Prop) (h1: p -> s) (h2: q -> s) (h3: r -> s)
    : ((p \/ q) -> s) /\ (r -> s) := by {
  constructor <;> intro h <;>
  (try (apply Or.elim h <;> intro h)) <;>
  revert h <;> assumption;
}

example (p q r s: Prop) (h1: p -> s) (h2: q -> s) (h3: r -> s)
    : ((p \/ q) -> s) /\ (r -> s) := by {
  constructor <;> intro h <;>
  (try (apply h.elim <;> intro h)) <;>
  revert h <;> assumption;
}
