-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm10.lean`, commit bf5f107e74da9e25cd747275af3dcff5bea6d7bb.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: printed-output comment removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

inductive Vector (α : Type u) : Nat → Type u
  | nil : Vector α 0
  | cons : α → Vector α n → Vector α (n+1)

infix:67 "::" => Vector.cons

def Vector.zip : Vector α n → Vector β n → Vector (α × β) n
  | nil, nil => nil
  | a::as, b::bs => (a, b) :: zip as bs

#print Vector.zip
