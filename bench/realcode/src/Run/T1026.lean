-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1026.lean`, commit 02a8d48ddf2277057773acece2336efd6cb2d708.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

def foo (n : Nat) : Nat :=
  if n = 0 then 0 else
    let x := n - 1
    have := match () with | _ => trivial
    foo x
termination_by n
decreasing_by sorry

theorem ex : foo 0 = 0 := by
  unfold foo
  sorry

/-
info: foo.eq_def (n : Nat) :
  foo n =
    if n = 0 then 0
    else
      let x := n - 1;
      have this := foo._proof_4;
      foo x
-/
#check foo.eq_def
