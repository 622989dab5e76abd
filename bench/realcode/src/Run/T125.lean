-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/125.lean`, commit 2d7ec0b49cd6ee733abb98ed29acd8775f1737c1.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

class HasElems (α : Type) : Type := (elems : Array α)
def elems (α : Type) [HasElems α] : Array α := HasElems.elems α

inductive Foo : Type
| mk1 : Bool → Foo
| mk2 : Bool → Foo

open Foo

instance BoolElems : HasElems Bool := ⟨#[false, true]⟩
instance FooElems  : HasElems Foo  := ⟨(elems Bool).map mk1 ++ (elems Bool).map mk2⟩

def fooRepr (foo : Foo) :=
match foo with
| mk1 b => "OH " ++ toString b
| mk2 b => "DR " ++ toString b

instance : HasRepr Foo := ⟨fooRepr⟩

#eval elems Foo

#eval #[false, true].map Foo.mk1

def Foo.toBool : Foo → Bool
| Foo.mk1 b => b
| Foo.mk2 b => b

#eval #[Foo.mk1 false, Foo.mk2 true].map Foo.toBool
