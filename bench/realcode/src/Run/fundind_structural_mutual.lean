-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/fundind_structural_mutual.lean`, commit 9ae8a96ec6e2fdb97cbc7f813fd92c49f4a38ef9.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: expected-output blocks and `guard_msgs.diff` option removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
A few tests for functional induction theorems generated from mutual recursive inductives.

Some more tests are in `structuralMutual.lean` and `funind_structural`.
-/

inductive Tree (α : Type u) : Type u where
  | node : α → (Bool → List (Tree α)) → Tree α

-- Recursion over nested inductive

mutual
def Tree.size : Tree α → Nat
  | .node _ tsf => 1 + size_aux (tsf true) + size_aux (tsf false)
termination_by structural t => t
def Tree.size_aux : List (Tree α) → Nat
  | [] => 0
  | t :: ts => size t + size_aux ts
end

#check Tree.size.induct


-- Recursion over nested inductive, functions in the “wrong” order (auxillary first)

mutual
def Tree.size_aux' : List (Tree α) → Nat
  | [] => 0
  | t :: ts => size' t + size_aux' ts
def Tree.size' : Tree α → Nat
  | .node _ tsf => 1 + size_aux' (tsf true) + size_aux' (tsf false)
termination_by structural t => t
end

#check Tree.size_aux'.mutual_induct

-- Similar, but with many packed functions
mutual
def Tree.size_aux1 : List (Tree α) → Nat
  | [] => 0
  | t :: ts => size2 t + size_aux2 ts
def Tree.size1 : Tree α → Nat
  | .node _ tsf => 1 + size_aux2 (tsf true) + size_aux3 (tsf false)
termination_by structural t => t
def Tree.size_aux2 : List (Tree α) → Nat
  | [] => 0
  | t :: ts => size3 t + size_aux3 ts
def Tree.size2 : Tree α → Nat
  | .node _ tsf => 1 + size_aux3 (tsf true) + size_aux1 (tsf false)
def Tree.size_aux3 : List (Tree α) → Nat
  | [] => 0
  | t :: ts => size1 t + size_aux1 ts
def Tree.size3 : Tree α → Nat
  | .node _ tsf => 1 + size_aux1 (tsf true) + size_aux2 (tsf false)
end

#check Tree.size_aux1.mutual_induct
