-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/12284.lean`, commit 24b5885594ddd9614a20a853fc05280a442b8a00.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

set_option trace.Compiler.init true
/-
trace: [Compiler.init] size: 3
    def test x y : Bool :=
      cases x : Bool
      | PUnit.unit =>
        let a := y;
        return a
-/
def test (x : Unit) (y : Bool) : Bool :=
  x.casesOn (fun a => a) y
