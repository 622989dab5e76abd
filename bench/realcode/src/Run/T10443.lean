-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10443.lean`, commit 85ce8146891800d194e5a5214648cc960a7f0e70.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
This test is a regression for issue #10443 where the RC analysis would wrongfully insert ref counts
for large `UInt64` constants.
-/


def gSize : UInt64 := 0x8000000000000000

/-
trace: [Compiler.IR] [result]
    def mwe (x_1 : u64) : u64 :=
      let x_2 : u64 := 9223372036854775808;
      let x_3 : u64 := UInt64.add x_2 x_1;
      ret x_3
    def mwe._boxed (x_1 : tobj) : tobj :=
      let x_2 : u64 := unbox x_1;
      dec x_1;
      let x_3 : u64 := mwe x_2;
      let x_4 : tobj := box x_3;
      ret x_4
-/
set_option trace.compiler.ir.result true in
def mwe (y : UInt64) : UInt64 :=
    let x := gSize
    let y := y
    x + y
