-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm21.lean`, commit bf5f107e74da9e25cd747275af3dcff5bea6d7bb.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

example (p : Nat → Prop) : (x + 0) * (0 + y * 1 + z * 0) = x * y := by
  simp

example (p : Nat → Prop) (h : p (x * y)) : p ((x + 0) * (0 + y * 1 + z * 0)) := by
  simp; assumption

example (p : Nat → Prop) (h : p ((x + 0) * (0 + y * 1 + z * 0))) : p (x * y) := by
  simp at h; assumption

def f (m n : Nat) : Nat :=
  m + n + m

example (h : n = 1) (h' : 0 = m) : (f m n) = n := by
  simp [h, ←h', f]

example (p : Nat → Prop) (h₁ : x + 0 = x') (h₂ : y + 0 = y')
        : x + y + 0 = x' + y' := by
  simp at *
  simp [*]
