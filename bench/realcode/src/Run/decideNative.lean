-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/decideNative.lean`, commit 1d6e5f683d548c341724e365968e2611d8303425.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `import Lean`, the `elab collect_stdout` tactic, the failing examples and their expected messages removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
# `native_decide`
-/

/-!
Simplest example.
-/
theorem ex1 : True := by native_decide

def P (n : Nat) := ∃ k, n = 2 * k

instance instP : DecidablePred P :=
  fun
  | 0 => isTrue ⟨0, rfl⟩
  | 1 => isFalse (by intro ⟨k, h⟩; omega)
  | n + 2 =>
    dbg_trace "step";
    match instP n with
    | isTrue h => isTrue (by have ⟨k, h⟩ := h; exact ⟨k + 1, by omega⟩)
    | isFalse h => isFalse (by intro ⟨k, h'⟩; apply h; exists k - 1; omega)

example : P 2 := by native_decide

example (x : Nat) (h : x < 5) : x + 1 ≤ 5 := by native_decide +revert

/--
Can handle universe levels.
-/

instance (p : PUnit.{u} → Prop) [Decidable (p PUnit.unit)] : Decidable (∀ x : PUnit.{u}, p x) :=
  decidable_of_iff (p PUnit.unit) (by constructor; rintro _ ⟨⟩; assumption; intro h; apply h)

example : ∀ (x : PUnit.{u}), x = PUnit.unit := by native_decide
