-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex13.lean`, commit d5ada4049d3822ba600921be342a53a470c0756a.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: closing prose comment removed; kept without a `module` header.
/- Type classes are heavily used in Lean -/
namespace Example

class Mul (α : Type u) where
  mul : α → α → α

infixl:70 " * " => Mul.mul

def double [Mul α] (a : α) := a * a

class Semigroup (α : Type u) extends Mul α where
  mul_assoc : ∀ a b c : α, (a * b) * c = a * (b * c)

instance : Semigroup Nat where
  mul := Nat.mul
  mul_assoc := Nat.mul_assoc

#eval double 5

class Functor (f : Type u → Type v) : Type (max (u+1) v) where
  map : (α → β) → f α → f β

infixr:100 " <$> " => Functor.map

class LawfulFunctor (f : Type u → Type v) [Functor f] : Prop where
  id_map   (x : f α) : id <$> x = x
  comp_map (g : α → β) (h : β → γ) (x : f α) :(h ∘ g) <$> x = h <$> g <$> x

end Example

inductive Tree (α : Type u) where
  | leaf (val : α)
  | node (left right : Tree α)
  deriving DecidableEq, Ord, Inhabited, Repr
