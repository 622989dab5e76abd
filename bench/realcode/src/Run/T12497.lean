-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/12497.lean`, commit 9d3a2f1449ba41ab10aa07f5338be50ed86be4be.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
# Test variable inclusion for `axiom`
-/

/-!
Unused variables (here `unit`) are not included into `axiom`s even if some binders contain
synthetic metavariables (here the index proof for `as[i]`).
-/

variable {α : Type u} {unit : α}

axiom unit_yes {as : Array α} (h : ∀ i, (hi : i < as.size) → as[i] = as[i]) : True

/-
info: axiom unit_yes.{u} : ∀ {α : Type u} {as : Array α}, (∀ (i : Nat) (hi : i < as.size), as[i] = as[i]) → True
-/
#print unit_yes
