-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1132.lean`, commit 109363bc7e6b6a8a353503ecfda24526b2a88117.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

class FooClass (α : Type) where
  mkFoo : {m : Type → Type} → [Monad m] → α → m Nat

inductive Baz where | a | b

instance : FooClass Baz where
  mkFoo := fun
    | .a => return 0
    | .b => return 1

instance : FooClass Baz where
  mkFoo {m} _ := fun
    | .a => return 0
    | .b => return 1

instance : FooClass Baz where
  mkFoo := fun a => match a with
    | .a => return 0
    | .b => return 1
