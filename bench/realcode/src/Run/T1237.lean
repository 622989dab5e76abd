-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1237.lean`, commit 920c3abd2b3c824b1dc9d30436d199801ed6703d.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: kept without a `module` header.
inductive Tree (α : Type) : Type where
| leaf : Tree α
| node (t : Tree α) (f : Tree α) : Tree α

inductive Subtree : Tree α → Tree α → Prop where
| left_head  (t f : Tree α) : Subtree t (Tree.node t f)
| right_head (t f : Tree α) : Subtree f (Tree.node t f)

def dec_subtree (n m : Tree α) : Decidable (Subtree n m) :=
  match n, m with
  | .leaf, .node t f =>
    let ht := dec_subtree .leaf t
    let hf := dec_subtree .leaf f
    match ht, hf with
    | ⟨false, ht⟩, ⟨false, hf⟩ => .isFalse (fun h =>
      match h with
      | .left_head _ _ => sorry
      | _ => sorry
    )
    | _, _ => sorry
  | _, _ => sorry
