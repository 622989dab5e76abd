-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm2.lean`, commit 6ce6b1270712919052c665801bce379522089ed6.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

def twice (f : Nat → Nat) (a : Nat) :=
  f (f a)

#check twice
-- (Nat → Nat) → Nat → Nat

#eval twice (fun x => x + 2) 10

theorem twice_add_2 (a : Nat) : twice (fun x => x + 2) a = a + 4 := rfl

-- `(· + 2)` is syntax sugar for `(fun x => x + 2)`.
#eval twice (· + 2) 10
