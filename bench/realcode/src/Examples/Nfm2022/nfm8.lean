-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm8.lean`, commit 6ce6b1270712919052c665801bce379522089ed6.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: printed-output comment removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

def sum (a : Array Int) : Int :=
  let rec go (i : Nat) :=
     if i < a.size then
        a[i] + go (i+1)
     else
        0
  go 0
termination_by go i => a.size - i

set_option pp.proofs true
#print sum.go
