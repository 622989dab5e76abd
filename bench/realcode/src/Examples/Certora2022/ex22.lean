-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/Certora2022/ex22.lean`, commit 1193b49edf7f1797f3abcf389bdd1fc7da62b41c.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: kept without a `module` header.
/- Simplifier -/

def mk_symm (xs : List α) :=
  xs ++ xs.reverse

@[simp] theorem reverse_mk_symm : (mk_symm xs).reverse = mk_symm xs := by
  simp [mk_symm]

theorem tst : (xs ++ mk_symm ys).reverse = mk_symm ys ++ xs.reverse := by
  simp

#print tst
-- Lean reverse_mk_symm, and List.reverse_append
