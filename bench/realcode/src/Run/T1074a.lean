-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1074a.lean`, commit 0a31683c40c76c2a2af339d9d62b007156b24e64.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

inductive Term
| id2: Term -> Term -> Term

inductive Brx: Term -> Prop
| id2: Brx z -> Brx (Term.id2 n z)

def Brx.interp {a} (H: Brx a): Nat :=
  match a with
  | Term.id2 n z => by
    let ⟨Hn, Hz⟩: True ∧ Brx z
      := by cases H <;> exact ⟨by simp, by assumption⟩;
    exact Hz.interp

def Brx.interp_nil (H: Brx a): H.interp = H.interp
  :=
  by {
    unfold interp
    rfl
  }

/-
info: Brx.interp.eq_1 (n z : Term) (H_2 : Brx (n.id2 z)) :
  H_2.interp =
    match ⋯ with
    | ⋯ => Hz.interp
-/
#check Brx.interp.eq_1
