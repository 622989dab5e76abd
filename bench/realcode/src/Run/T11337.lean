-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/11337.lean`, commit 3b7c39bd4342525f7926b69ccc1ede8889fe36a7.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: first `run_meta` test only; `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module
public import Lean

@[expose] public section

open Lean

structure Foo (n : Nat) where
  (l : List Nat)
  (h : n = n)

def foo (n : Nat) : MetaM Unit := do
  let mut result : Foo n := ⟨[7], rfl⟩
  trace[Meta.Tactic.simp] "{result.l}"
  result := ⟨List.range n, rfl⟩
  trace[Meta.Tactic.simp] "{result.l}"
  match n with
  | _ => trace[Meta.Tactic.simp] "{result.l}"

set_option trace.Meta.Tactic.simp true
/-
trace: [Meta.Tactic.simp] [7]
[Meta.Tactic.simp] [0, 1, 2, 3, 4]
[Meta.Tactic.simp] [0, 1, 2, 3, 4]
-/
run_meta do
  foo 5
