-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10213.lean`, commit 5e5d631915ed4443087a45864a6eb4de23188586.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: the two examples that expect an error removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
Tests that `@[csimp]` rejects constant replacements with concrete universe parameters
-/

noncomputable def funnyChoice (x : α) : α := Classical.choice ⟨x⟩
