-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm4.lean`, commit bf5f107e74da9e25cd747275af3dcff5bea6d7bb.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

#check 0
-- Nat
#check Nat
-- Type
#check Type
-- Type 1
#check Type 1
-- Type 2
#check Eq.refl 2
-- 2 = 2
#check 2 = 2
-- Prop
#check Prop
-- Type

example : Prop = Sort 0   := rfl
example : Type = Sort 1   := rfl
example : Type 1 = Sort 2 := rfl
