-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1234.lean`, commit 0afbe25d0fc24c208f79008fcfdbb0b8514e88bd.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: first example only; trace options and expected-trace blocks removed; kept without a `module` header.
theorem le_of_not_lt {a b : Nat} (_: ¬ a < b): b ≤ a := sorry
theorem lt_of_succ_lt          (_: a + 1 < b): a < b := sorry
theorem succ_pred_eq_of_pos        (_: 0 < v): v - 1 + 1 = v := sorry

example (h₁: k ≤ v - 1) (h₂: 0 < v):
    (if k ≤ v - 1 then Fin.mk (v-1+1) sorry else Fin.mk (v-1) sorry) = Fin.mk v sorry (n:=n) := by
    simp only [
      h₁, h₂,
      ite_true,
      succ_pred_eq_of_pos
      ----------------
      , le_of_not_lt
      , lt_of_succ_lt
    ]
