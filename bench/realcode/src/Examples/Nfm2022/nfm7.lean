-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm7.lean`, commit 6ce6b1270712919052c665801bce379522089ed6.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: printed-output comment removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

#print Nat -- Nat is an inductive datatype

def fib (n : Nat) : Nat :=
  match n with
  | 0 => 1
  | 1 => 1
  | n+2 => fib (n+1) + fib n

example : fib 5 = 8 := rfl

example : fib (n+2) = fib (n+1) + fib n := rfl

#print fib
