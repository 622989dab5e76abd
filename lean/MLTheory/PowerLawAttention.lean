/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Power-law graph attention: the identity operator, constant operators, the commutant of `J`

Source: `004_725b34af8153ec2b.txt`, line 5: PLGA replaces the fixed bilinear form of
scaled dot-product attention (SDPA) by a learned, input-generated operator `G_LM`; PLGA contains
SDPA exactly at `G_LM = I`; exact input invariance collapses inference to generalised SDPA with a
constant operator; a commutant criterion identifies the operators that preserve relative-position
dependence under rotary encoding.

The algebra behind those statements, exactly over `Rat` (scores and weights are kept abstract:
the attention weight is any function `w : Rat → Rat`, softmax's `exp` included, so nothing here
needs real numbers):

* the generalised score is the bilinear form `⟨q, G k⟩`; at `G = I` it is the dot product
  (`bilinear_matId`), so PLGA with the identity operator computes exactly SDPA's output, for every
  weight function (`plgaOut_matId`);
* if the operator does not depend on the input (a constant operator `G₀`), PLGA on every input is
  generalised SDPA with `G₀`, i.e. SDPA with the keys mapped by the fixed linear map `G₀`
  (`plgaOut_of_const`);
* **inference collapse from invariant outputs**: a matrix is determined by its outputs on the
  basis vectors (`eq_of_matVec_basisVec_eq`), so if the deductive outputs `G(X) v` of the
  input-generated operator do not depend on the input `X`, the operator is one constant matrix
  (`gof_eq_of_outputs_invariant`) and PLGA collapses to generalised SDPA with it on every input
  (`plgaOut_collapse_of_outputs_invariant`);
* a `2 × 2` block commutes with the rotation generator `J = [[0, -1], [1, 0]]` iff it has the form
  `[[a, -b], [b, a]] = a I + b J` (`matMul_J_comm_iff`), and then it commutes with every rotation
  block `[[c, -s], [s, c]]` (`matMul_rot_comm_of_J_comm`): these are the operators whose score
  between rotated query and key does not see the absolute rotation.

The paper's architecture, its positivity and Perron-Frobenius claims, and the reduction from
real rotary angles to `J` under nonresonance are not formalised. Concrete values are checked by
`decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace PowerLaw

/-- The generalised attention score `⟨q, G k⟩` with the bilinear operator `G`. -/
def bilinear {n : Nat} (G : Mat n) (q k : Fin n → Rat) : Rat := dot q (matVec G k)

/-- The output of attention with score function `score`, weight function `w` and values `V`
over `m` tokens: `out i c = (∑ j, w (score i j) * V j c) / ∑ j, w (score i j)`. -/
def attnOut {m d : Nat} (w : Rat → Rat) (score : Fin m → Fin m → Rat) (V : Fin m → Fin d → Rat) :
    Fin m → Fin d → Rat :=
  fun i c => sumFin m (fun j => w (score i j) * V j c) * (sumFin m (fun j => w (score i j)))⁻¹

/-- Scaled dot-product attention (the scale folded into `w`): scores `⟨Q i, K j⟩`. -/
def sdpaOut {m n d : Nat} (w : Rat → Rat) (Q K : Fin m → Fin n → Rat) (V : Fin m → Fin d → Rat) :
    Fin m → Fin d → Rat :=
  attnOut w (fun i j => dot (Q i) (K j)) V

/-- Power-law graph attention with operator `G`: scores `⟨Q i, G (K j)⟩`. -/
def plgaOut {m n d : Nat} (w : Rat → Rat) (G : Mat n) (Q K : Fin m → Fin n → Rat)
    (V : Fin m → Fin d → Rat) : Fin m → Fin d → Rat :=
  attnOut w (fun i j => bilinear G (Q i) (K j)) V

/-- The identity operator maps every vector to itself. -/
theorem matVec_matId {n : Nat} (k : Fin n → Rat) : matVec (matId n) k = k := by
  funext i
  unfold matVec matId
  exact Eq.trans (sumFin_congr (fun j => by by_cases h : i = j <;> simp [h]))
    (sumFin_ite_eq' n i (k i))

/-- At `G = I` the generalised score is the dot product: `⟨q, I k⟩ = ⟨q, k⟩`. -/
theorem bilinear_matId {n : Nat} (q k : Fin n → Rat) : bilinear (matId n) q k = dot q k := by
  unfold bilinear
  rw [matVec_matId]

/-- **PLGA contains SDPA exactly at `G = I`**: for every weight function `w`, PLGA with the
identity operator has exactly SDPA's output. -/
theorem plgaOut_matId {m n d : Nat} (w : Rat → Rat) (Q K : Fin m → Fin n → Rat)
    (V : Fin m → Fin d → Rat) : plgaOut w (matId n) Q K V = sdpaOut w Q K V := by
  unfold plgaOut sdpaOut
  simp only [bilinear_matId]

/-- **Constant operators collapse to generalised SDPA**: if the input-generated operator `Gof X`
is the same `G₀` for every input `X`, then on every input PLGA is SDPA with the keys mapped by
the fixed linear map `G₀`. -/
theorem plgaOut_of_const {m n d : Nat} {Input : Type} (Gof : Input → Mat n) (G₀ : Mat n)
    (hconst : ∀ X, Gof X = G₀) (w : Rat → Rat) (Q K : Input → Fin m → Fin n → Rat)
    (V : Input → Fin m → Fin d → Rat) (X : Input) :
    plgaOut w (Gof X) (Q X) (K X) (V X) = sdpaOut w (Q X) (fun j => matVec G₀ (K X j)) (V X) := by
  rw [hconst X]
  rfl

/-- **A matrix is determined by its outputs on the basis vectors**: if `A e_j = B e_j` for every
basis vector `e_j`, then `A = B`. -/
theorem eq_of_matVec_basisVec_eq {n : Nat} (A B : Mat n)
    (h : ∀ j, matVec A (basisVec j) = matVec B (basisVec j)) : A = B := by
  funext i j
  have := congrFun (h j) i
  rwa [matVec_basisVec, matVec_basisVec] at this

/-- **Input-invariant deductive outputs make the operator constant**: if the outputs `G(X) v` of
the input-generated operator do not depend on the input `X` (it suffices that they do not on the
`n` basis vectors), then `G(X) = G(Y)` for all inputs `X`, `Y`. -/
theorem gof_eq_of_outputs_invariant {n : Nat} {Input : Type} (Gof : Input → Mat n)
    (hinv : ∀ X Y j, matVec (Gof X) (basisVec j) = matVec (Gof Y) (basisVec j)) (X Y : Input) :
    Gof X = Gof Y :=
  eq_of_matVec_basisVec_eq (Gof X) (Gof Y) (hinv X Y)

/-- **Inference collapse**: if the deductive outputs `G(X) v` of the input-generated operator are
exactly invariant to the input (on the basis vectors, hence on every vector), then there is one
constant operator `G₀` (the operator of any input `X₀`) such that, on every input, PLGA is
generalised SDPA with `G₀`: SDPA with the keys mapped by the fixed linear map `G₀`. -/
theorem plgaOut_collapse_of_outputs_invariant {m n d : Nat} {Input : Type} (Gof : Input → Mat n)
    (hinv : ∀ X Y j, matVec (Gof X) (basisVec j) = matVec (Gof Y) (basisVec j)) (X₀ : Input)
    (w : Rat → Rat) (Q K : Input → Fin m → Fin n → Rat) (V : Input → Fin m → Fin d → Rat) :
    ∃ G₀ : Mat n, ∀ X, plgaOut w (Gof X) (Q X) (K X) (V X) =
      sdpaOut w (Q X) (fun j => matVec G₀ (K X j)) (V X) :=
  ⟨Gof X₀, fun X => plgaOut_of_const Gof (Gof X₀)
    (fun Y => gof_eq_of_outputs_invariant Gof hinv Y X₀) w Q K V X⟩

/-! ## The commutant of the rotation generator -/

/-- The `2 × 2` rotation-like block `[[c, -s], [s, c]] = c I + s J`. -/
def rot (c s : Rat) : Mat 2 := fun i j => if i = j then c else if i = 0 then -s else s

/-- The rotation generator `J = [[0, -1], [1, 0]]`. -/
def J : Mat 2 := rot 0 1

/-- Entries of a product of `2 × 2` matrices. -/
theorem matMul_two_apply (A B : Mat 2) (i j : Fin 2) :
    matMul A B i j = A i 0 * B 0 j + A i 1 * B 1 j := by
  simp only [matMul, sumFin_succ, sumFin_zero, Fin.succ_zero_eq_one]
  grind

/-- Every `2 × 2` matrix is determined by its four entries. -/
theorem mat_two_ext {A B : Mat 2} (h00 : A 0 0 = B 0 0) (h01 : A 0 1 = B 0 1)
    (h10 : A 1 0 = B 1 0) (h11 : A 1 1 = B 1 1) : A = B := by
  funext i j
  cases i using Fin.cases with
  | zero =>
    cases j using Fin.cases with
    | zero => exact h00
    | succ j =>
      cases j using Fin.cases with
      | zero => exact h01
      | succ j => exact j.elim0
  | succ i =>
    cases i using Fin.cases with
    | zero =>
      cases j using Fin.cases with
      | zero => exact h10
      | succ j =>
        cases j using Fin.cases with
        | zero => exact h11
        | succ j => exact j.elim0
    | succ i => exact i.elim0

/-- **Commutant of `J`**: a `2 × 2` matrix commutes with `J` iff it has the form
`[[a, -b], [b, a]]`, i.e. `M 0 0 = M 1 1` and `M 0 1 = -M 1 0`. -/
theorem matMul_J_comm_iff (M : Mat 2) :
    matMul M J = matMul J M ↔ M 0 0 = M 1 1 ∧ M 0 1 = -M 1 0 := by
  constructor
  · intro h
    have h00 := congrFun (congrFun h 0) 0
    have h01 := congrFun (congrFun h 0) 1
    rw [matMul_two_apply, matMul_two_apply] at h00 h01
    simp only [J, rot] at h00 h01
    simp at h00 h01
    constructor <;> grind
  · rintro ⟨ha, hb⟩
    apply mat_two_ext <;> rw [matMul_two_apply, matMul_two_apply] <;> simp [J, rot] <;> grind

/-- A matrix of the form `[[a, -b], [b, a]]` commutes with every block `[[c, -s], [s, c]]`. -/
theorem matMul_rot_comm_of_form (M : Mat 2) (ha : M 0 0 = M 1 1) (hb : M 0 1 = -M 1 0)
    (c s : Rat) : matMul M (rot c s) = matMul (rot c s) M := by
  apply mat_two_ext <;> rw [matMul_two_apply, matMul_two_apply] <;> simp [rot] <;> grind

/-- **Commuting with `J` is commuting with every rotation block**: if `M J = J M` then
`M R = R M` for every `R = [[c, -s], [s, c]]`. -/
theorem matMul_rot_comm_of_J_comm (M : Mat 2) (h : matMul M J = matMul J M) (c s : Rat) :
    matMul M (rot c s) = matMul (rot c s) M := by
  obtain ⟨ha, hb⟩ := (matMul_J_comm_iff M).mp h
  exact matMul_rot_comm_of_form M ha hb c s

/-- A sample operator `[[2, -3], [3, 2]] = 2 I + 3 J`. -/
def sampleComm : Mat 2 := rot 2 3

/-- Concrete instance: `2 I + 3 J` commutes with the rational rotation `[[3/5, -4/5], [4/5, 3/5]]`,
and the product is `[[-6/5, -17/5], [17/5, -6/5]]`. -/
theorem matMul_rot_example :
    finList 2 (fun i => finList 2 (fun j => matMul sampleComm (rot (3 / 5) (4 / 5)) i j)) =
        [[-6 / 5, -17 / 5], [17 / 5, -6 / 5]] ∧
      finList 2 (fun i => finList 2 (fun j => matMul (rot (3 / 5) (4 / 5)) sampleComm i j)) =
        [[-6 / 5, -17 / 5], [17 / 5, -6 / 5]] := by
  decide +kernel

/-- Concrete instance: `[[1, 2], [0, 1]]` does not commute with `J`. -/
theorem matMul_J_example_not_comm :
    matMul (fun i j => if i = j then 1 else if i = 0 then 2 else 0) J 0 0 = 2 ∧
      matMul J (fun i j => if i = j then 1 else if i = 0 then 2 else 0) 0 0 = 0 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- Queries, keys and values of the witnesses: one token, `e₀` as query and value, `e₁` as key,
whatever the (natural-number) input. -/
def witnessQ : Nat → Fin 1 → Fin 2 → Rat := fun _ _ => basisVec 0

/-- The keys of the witnesses: `e₁` on every input. -/
def witnessK : Nat → Fin 1 → Fin 2 → Rat := fun _ _ => basisVec 1

/-- `plgaOut_of_const` applied to the constant operator `J` on `Nat`-indexed inputs. -/
theorem plgaOut_of_const_satisfiable :
    plgaOut (fun t => t) J (witnessQ 3) (witnessK 3) (witnessQ 3) =
      sdpaOut (fun t => t) (witnessQ 3) (fun j => matVec J (witnessK 3 j)) (witnessQ 3) :=
  plgaOut_of_const (fun _ : Nat => J) J (fun _ => rfl) (fun t => t) witnessQ witnessK witnessQ 3

/-- `eq_of_matVec_basisVec_eq` applied to `J` and itself. -/
theorem eq_of_matVec_basisVec_eq_satisfiable : J = J :=
  eq_of_matVec_basisVec_eq J J (fun _ => rfl)

/-- `gof_eq_of_outputs_invariant` applied to an operator that ignores its (natural-number) input. -/
theorem gof_eq_of_outputs_invariant_satisfiable : (fun _ : Nat => J) 0 = (fun _ : Nat => J) 1 :=
  gof_eq_of_outputs_invariant (fun _ : Nat => J) (fun _ _ _ => rfl) 0 1

/-- `plgaOut_collapse_of_outputs_invariant` applied to an operator that ignores its input. -/
theorem plgaOut_collapse_of_outputs_invariant_satisfiable :
    ∃ G₀ : Mat 2, ∀ X : Nat, plgaOut (fun t => t) J (witnessQ X) (witnessK X) (witnessQ X) =
      sdpaOut (fun t => t) (witnessQ X) (fun j => matVec G₀ (witnessK X j)) (witnessQ X) :=
  plgaOut_collapse_of_outputs_invariant (fun _ : Nat => J) (fun _ _ _ => rfl) 0 (fun t => t)
    witnessQ witnessK witnessQ

/-- `matMul_rot_comm_of_form` applied to `2 I + 3 J` and the rotation `R(3/5, 4/5)`. -/
theorem matMul_rot_comm_of_form_satisfiable :
    matMul sampleComm (rot (3 / 5) (4 / 5)) = matMul (rot (3 / 5) (4 / 5)) sampleComm :=
  matMul_rot_comm_of_form sampleComm (by decide +kernel) (by decide +kernel) (3 / 5) (4 / 5)

/-- `matMul_rot_comm_of_J_comm` applied to `2 I + 3 J` and the rotation `R(3/5, 4/5)`. -/
theorem matMul_rot_comm_of_J_comm_satisfiable :
    matMul sampleComm (rot (3 / 5) (4 / 5)) = matMul (rot (3 / 5) (4 / 5)) sampleComm :=
  matMul_rot_comm_of_J_comm sampleComm
    ((matMul_J_comm_iff sampleComm).mpr ⟨by decide +kernel, by decide +kernel⟩) (3 / 5) (4 / 5)

end PowerLaw

end MLTheory

end
