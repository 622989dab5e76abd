-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm22.lean`, commit 9becc07793fdb2a6a2da536b5f8acb2891021f61.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/- Simplifier -/

def mkSymm (xs : List α) :=
  xs ++ xs.reverse

@[simp] theorem reverse_mkSymm : (mkSymm xs).reverse = mkSymm xs := by
  simp [mkSymm]

theorem tst : (xs ++ mkSymm ys).reverse = mkSymm ys ++ xs.reverse := by
  simp

#print tst
-- Lean reverse_mkSymm, and List.reverse_append
