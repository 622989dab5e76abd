-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex7.lean`, commit 89e1bc72ed32695d763b38623623eda8895583a9.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: printed-output comment removed; kept without a `module` header.
/- Recursive functions -/

#print Nat -- Nat is an inductive datatype

def fib (n : Nat) : Nat :=
  match n with
  | 0 => 1
  | 1 => 1
  | n+2 => fib (n+1) + fib n

example : fib 5 = 8 := rfl

example : fib (n+2) = fib (n+1) + fib n := rfl

#print fib
