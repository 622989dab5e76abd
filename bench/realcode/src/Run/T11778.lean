-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/11778.lean`, commit f399e7bd499bf419190670b9381745e3d3cc5e54.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/- info: 0 -/
#eval Array.foldl (·+·) 0 #[1,2,3] (start := 5) (stop := 10)

/- info: 0 -/
#eval ByteArray.foldl (·+·) 0 ⟨#[1,2,3]⟩ (start := 5) (stop := 10)

/- info: 0.000000 -/
#eval FloatArray.foldl (·+·) 0 ⟨#[1,2,3]⟩ (start := 5) (stop := 10)
