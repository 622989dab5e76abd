-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm1.lean`, commit 6ce6b1270712919052c665801bce379522089ed6.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

#eval "hello" ++ " " ++ "world"
-- "hello world"

#check true
-- Bool

def x := 10

#eval x + 2
-- 12

def double (x : Int) := 2*x

#eval double 3
-- 6
#check double
-- Int → Int
example : double 4 = 8 := rfl
