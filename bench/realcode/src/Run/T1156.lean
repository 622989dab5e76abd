-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1156.lean`, commit 2e36da769b4705ce543896cbdb7dba68fe438a7e.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

inductive Foo : Nat -> Type  where
| mk (a b : Nat) : Foo a -> Foo b

#check @Foo.mk
example : (a b : Nat) → Foo a → Foo b := @Foo.mk

#print Foo

namespace Ex2

def natToType : Nat → Type
| 0 => Unit
| _ => Bool

inductive Foo : Nat → Char → Prop
| mk (n : Nat) (elem : natToType n) (c : Char) : Foo n c

#print Foo

end Ex2
