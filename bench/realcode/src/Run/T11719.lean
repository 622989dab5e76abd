-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/11719.lean`, commit 53730ae263dd7aa3d94a3acb4f9a850aa9abf4be.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-! Regression test for Quot handling during LCNF conversion -/

namespace A

variable (α : Type)

def space : Type :=
  Quot (α := α × α) fun ⟨_, _⟩ ⟨_, _⟩ ↦ True

def subspace := { x : space α // True }

/-
warning: declaration uses `sorry`
---
warning: declaration uses `sorry`
-/
def foo : subspace α → subspace α :=
  fun ⟨x, h⟩ ↦ x.lift sorry sorry

end A

namespace B

def space : Type :=
  Quot (α := Bool × Bool) fun ⟨_, _⟩ ⟨_, _⟩ ↦ True

def subspace := { x : space // True }

/-
warning: declaration uses `sorry`
---
warning: declaration uses `sorry`
-/
def foo : subspace → subspace :=
  fun ⟨x, _⟩ ↦ x.lift sorry sorry

end B
