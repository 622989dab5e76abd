-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10196.lean`, commit 7608ad0da385f7b6bf0e717eb42a2da8d6951bce.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); kept without a `module` header.
/-!
# Abstracting nested proofs hid 'sorry' warnings
https://github.com/leanprover/lean4/issues/10196
-/

/-!
Simplified version. The second `g'` did not use to have a warning.
It re-used the `g._proof_1` proof.
-/

def f (n : Nat) (_ : n ≠ 0) : Nat := n
/- warning: declaration `g` uses `sorry` -/
def g (m : Nat) := f m sorry
/- warning: declaration `g'` uses `sorry` -/
def g' (m : Nat) := f m sorry

/-!
Examples from the issue. The `ByteString.Pos.next` definition did not use to have a warning.
-/
structure ByteString where
structure ByteString.Pos (s : ByteString) where
structure ByteString.Slice where
/- warning: declaration `ByteString.toSlice` uses `sorry` -/
def ByteString.toSlice (s : ByteString) : ByteString.Slice :=
  sorry
structure ByteString.Slice.Pos (s : ByteString.Slice) where
/- warning: declaration `ByteString.Slice.endPos` uses `sorry` -/
def ByteString.Slice.endPos (s : ByteString.Slice) : s.Pos :=
  sorry
/- warning: declaration `ByteString.Slice.Pos.get` uses `sorry` -/
def ByteString.Slice.Pos.get {s : ByteString.Slice} (pos : s.Pos) (h : pos ≠ s.endPos) : Char :=
  sorry
/- warning: declaration `ByteString.Pos.toSlice` uses `sorry` -/
def ByteString.Pos.toSlice {s : ByteString} (pos : s.Pos) : s.toSlice.Pos :=
  sorry
/- warning: declaration `ByteString.Slice.Pos.next` uses `sorry` -/
def ByteString.Slice.Pos.next {s : ByteString.Slice} (pos : s.Pos) (h : pos ≠ s.endPos) : s.Pos :=
  sorry
/- warning: declaration `ByteString.Pos.get` uses `sorry` -/
def ByteString.Pos.get {s : ByteString} (pos : s.Pos) : Char :=
  pos.toSlice.get sorry
/- warning: declaration `ByteString.Pos.next` uses `sorry` -/
def ByteString.Pos.next {s : ByteString} (pos : s.Pos) (h : True) : s.toSlice.Pos :=
  pos.toSlice.next sorry
