/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# The Sherman–Morrison rank-one update of an inverse

Source: `004_725b34af8153ec2b.txt`, line 6 (Riemannian attention with low-rank
metric factors: "metric inversion in O(d*r^2) via the Woodbury identity"). The Woodbury identity
for a rank-`r` update is `r` successive rank-one updates; **this module proves the rank-one
identity (Sherman–Morrison)**, exactly over `Rat`, for every size `n`, a proof core of the cost
claim (the identity, not an operation count):

if `B` is the inverse of `A` (`A B = I` and `B A = I`) and `β = 1 + vᵀ B u ≠ 0`, then
`(A + u vᵀ)⁻¹ = B - (B u)(vᵀ B) / β`, i.e. both
`(A + u vᵀ) (B - (B u)(vᵀ B)/β) = I` (`shermanMorrison_mul_right`) and
`(B - (B u)(vᵀ B)/β) (A + u vᵀ) = I` (`shermanMorrison_mul_left`).
Given `B`, the update takes `O(n²)` operations instead of a new `O(n³)` inversion; that count is
not stated here.

Concrete instances (`_instance_`, by `decide +kernel`) check the formula on a `3 × 3` matrix.
-/

@[expose] public section

noncomputable section

namespace MLTheory.ShermanMorrison

-- the size of the matrices
variable {n : Nat}

/-- The vector-matrix product `(vᵀ B) j = ∑ k, v k * B k j`. -/
def vecMat (v : Fin n → Rat) (B : Mat n) : Fin n → Rat :=
  fun j => sumFin n (fun k => v k * B k j)

/-- The rank-one update `A + u vᵀ`. -/
def rankOneUpdate (A : Mat n) (u v : Fin n → Rat) : Mat n :=
  fun i j => A i j + u i * v j

/-- The Sherman–Morrison denominator `β = 1 + vᵀ B u`. -/
def smDenom (B : Mat n) (u v : Fin n → Rat) : Rat := 1 + dot v (matVec B u)

/-- The Sherman–Morrison candidate inverse `B - (B u)(vᵀ B) / β`. -/
def smInverse (B : Mat n) (u v : Fin n → Rat) : Mat n :=
  fun i j => B i j - matVec B u i * vecMat v B j / smDenom B u v

/-- `A (B u) = (A B) u`: associativity of a matrix-matrix-vector product. -/
theorem sum_mul_matVec (A B : Mat n) (u : Fin n → Rat) (i : Fin n) :
    sumFin n (fun k => A i k * matVec B u k) = sumFin n (fun l => matMul A B i l * u l) := by
  unfold matVec matMul
  rw [sumFin_congr (fun k => (sumFin_mul_left n (A i k) (fun l => B k l * u l)).symm),
    sumFin_comm]
  refine sumFin_congr (fun l => ?_)
  rw [← sumFin_mul_right]
  exact sumFin_congr (fun k => by grind)

/-- `(vᵀ B) A = vᵀ (B A)`: associativity of a vector-matrix-matrix product. -/
theorem sum_vecMat_mul (v : Fin n → Rat) (B A : Mat n) (j : Fin n) :
    sumFin n (fun k => vecMat v B k * A k j) = sumFin n (fun l => v l * matMul B A l j) := by
  unfold vecMat matMul
  rw [sumFin_congr (fun k => (sumFin_mul_right n (A k j) (fun l => v l * B l k)).symm),
    sumFin_comm]
  refine sumFin_congr (fun l => ?_)
  rw [← sumFin_mul_left]
  exact sumFin_congr (fun k => by grind)

/-- Multiplying a vector by the identity matrix (on the right of the sum). -/
theorem sum_matId_mul (u : Fin n → Rat) (i : Fin n) :
    sumFin n (fun l => matId n i l * u l) = u i := by
  unfold matId
  refine Eq.trans (sumFin_congr (fun l => ?_)) (sumFin_ite_eq' n i (u i))
  by_cases h : i = l
  · subst h; simp
  · simp [h]

/-- Multiplying a vector by the identity matrix (on the left of the sum). -/
theorem sum_mul_matId (v : Fin n → Rat) (j : Fin n) :
    sumFin n (fun l => v l * matId n l j) = v j := by
  unfold matId
  refine Eq.trans (sumFin_congr (fun l => ?_)) (sumFin_ite_eq n j (v j))
  by_cases h : l = j
  · subst h; simp
  · simp [h]

/-- `vᵀ (B u) = (vᵀ B) u`. -/
theorem dot_matVec_eq (v u : Fin n → Rat) (B : Mat n) :
    dot v (matVec B u) = sumFin n (fun k => vecMat v B k * u k) := by
  unfold dot matVec vecMat
  rw [sumFin_congr (fun k => (sumFin_mul_left n (v k) (fun l => B k l * u l)).symm),
    sumFin_comm]
  refine sumFin_congr (fun l => ?_)
  rw [← sumFin_mul_right]
  exact sumFin_congr (fun k => by grind)

/-- The scalar identity behind the formula: `X - X/β - (β - 1) X / β = 0` for `β ≠ 0`. -/
theorem sm_scalar (X β : Rat) (hβ : β ≠ 0) : X - X / β - (β - 1) * X / β = 0 := by
  have hinv : β * β⁻¹ = 1 := Rat.mul_inv_cancel β hβ
  rw [Rat.div_def, Rat.div_def]
  generalize β⁻¹ = bi at hinv ⊢
  have : X - X * bi - (β - 1) * X * bi = X - X * (β * bi) := by grind
  rw [this, hinv]
  grind

/-- **Sherman–Morrison, right inverse**: if `A B = I` and `β = 1 + vᵀ B u ≠ 0`, then
`(A + u vᵀ) (B - (B u)(vᵀ B)/β) = I`. -/
theorem shermanMorrison_mul_right (A B : Mat n) (u v : Fin n → Rat)
    (hAB : matMul A B = matId n) (hβ : smDenom B u v ≠ 0) :
    matMul (rankOneUpdate A u v) (smInverse B u v) = matId n := by
  funext i j
  have hAp : sumFin n (fun k => A i k * matVec B u k) = u i := by
    rw [sum_mul_matVec, hAB, sum_matId_mul]
  have hvp : sumFin n (fun k => v k * matVec B u k) = smDenom B u v - 1 := by
    unfold smDenom dot; grind
  have hAB' : sumFin n (fun k => A i k * B k j) = matId n i j := by
    rw [← hAB]; rfl
  unfold matMul rankOneUpdate smInverse
  generalize smDenom B u v = β at hβ hvp ⊢
  generalize hp : matVec B u = p at hAp hvp ⊢
  generalize hq : vecMat v B j = qj
  have hq' : sumFin n (fun k => v k * B k j) = qj := by rw [← hq]; rfl
  rw [sumFin_congr (g := fun k => ((A i k * B k j - A i k * p k * (qj / β)) +
      u i * (v k * B k j)) - u i * (qj / β) * (v k * p k)) (fun k => by grind),
    sumFin_sub, sumFin_add, sumFin_sub, sumFin_mul_right, sumFin_mul_left, sumFin_mul_left,
    hAB', hAp, hq', hvp]
  have := sm_scalar (u i * qj) β hβ
  simp only [Rat.div_def] at this ⊢
  grind

/-- **Sherman–Morrison, left inverse**: if `B A = I` and `β = 1 + vᵀ B u ≠ 0`, then
`(B - (B u)(vᵀ B)/β) (A + u vᵀ) = I`. -/
theorem shermanMorrison_mul_left (A B : Mat n) (u v : Fin n → Rat)
    (hBA : matMul B A = matId n) (hβ : smDenom B u v ≠ 0) :
    matMul (smInverse B u v) (rankOneUpdate A u v) = matId n := by
  funext i j
  have hqA : sumFin n (fun k => vecMat v B k * A k j) = v j := by
    rw [sum_vecMat_mul, hBA, sum_mul_matId]
  have hqu : sumFin n (fun k => vecMat v B k * u k) = smDenom B u v - 1 := by
    unfold smDenom; rw [dot_matVec_eq]; grind
  have hBA' : sumFin n (fun k => B i k * A k j) = matId n i j := by
    rw [← hBA]; rfl
  have hp : sumFin n (fun k => B i k * u k) = matVec B u i := rfl
  unfold matMul rankOneUpdate smInverse
  generalize smDenom B u v = β at hβ hqu ⊢
  generalize hq : vecMat v B = q at hqA hqu ⊢
  generalize matVec B u i = pi at hp ⊢
  rw [sumFin_congr (g := fun k => ((B i k * A k j + (B i k * u k) * v j) -
      pi / β * (q k * A k j)) - pi / β * v j * (q k * u k)) (fun k => by grind),
    sumFin_sub, sumFin_sub, sumFin_add, sumFin_mul_right, sumFin_mul_left, sumFin_mul_left,
    hBA', hp, hqA, hqu]
  have := sm_scalar (pi * v j) β hβ
  simp only [Rat.div_def] at this ⊢
  grind

/-! ## Concrete instances -/

/-- The `n × n` matrix whose rows are the given lists (missing entries are `0`). -/
def ofRows (n : Nat) (rows : List (List Rat)) : Mat n :=
  fun i j => (rows.getD i.val []).getD j.val 0

/-- The rows of an `n × n` matrix, as a list of lists. -/
def rows (A : Mat n) : List (List Rat) :=
  finList n (fun i => finList n (fun j => A i j))

/-- Instance: `A = diag(2, 1, 4)`, `B = diag(1/2, 1, 1/4)`, `u = (1, 0, 1)`, `v = (0, 1, 2)`:
`β = 3/2`, and the updated inverse `B - (B u)(vᵀ B)/β` times `A + u vᵀ` is the identity. -/
theorem shermanMorrison_instance_three :
    smDenom (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]]) (fun i => [1, 0, 1].getD i.val 0)
        (fun i => [0, 1, 2].getD i.val 0) = 3/2 ∧
    rows (matMul (rankOneUpdate (ofRows 3 [[2, 0, 0], [0, 1, 0], [0, 0, 4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0))
      (smInverse (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0))) =
      [[1, 0, 0], [0, 1, 0], [0, 0, 1]] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `diag(2, 1, 4) · diag(1/2, 1, 1/4) = I`. -/
theorem diag_mul_diag_inv :
    matMul (ofRows 3 [[2, 0, 0], [0, 1, 0], [0, 0, 4]]) (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]]) =
      matId 3 := by
  funext i j
  revert i j
  decide +kernel

/-- `diag(1/2, 1, 1/4) · diag(2, 1, 4) = I`. -/
theorem diag_inv_mul_diag :
    matMul (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]]) (ofRows 3 [[2, 0, 0], [0, 1, 0], [0, 0, 4]]) =
      matId 3 := by
  funext i j
  revert i j
  decide +kernel

/-- `shermanMorrison_mul_right` applied to the instance's `A`, `B`, `u`, `v` (`β = 3/2`). -/
theorem shermanMorrison_mul_right_satisfiable :
    matMul (rankOneUpdate (ofRows 3 [[2, 0, 0], [0, 1, 0], [0, 0, 4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0))
      (smInverse (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0)) = matId 3 :=
  shermanMorrison_mul_right _ _ _ _ diag_mul_diag_inv (by decide +kernel)

/-- `shermanMorrison_mul_left` applied to the instance's `A`, `B`, `u`, `v` (`β = 3/2`). -/
theorem shermanMorrison_mul_left_satisfiable :
    matMul (smInverse (ofRows 3 [[1/2, 0, 0], [0, 1, 0], [0, 0, 1/4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0))
      (rankOneUpdate (ofRows 3 [[2, 0, 0], [0, 1, 0], [0, 0, 4]])
        (fun i => [1, 0, 1].getD i.val 0) (fun i => [0, 1, 2].getD i.val 0)) = matId 3 :=
  shermanMorrison_mul_left _ _ _ _ diag_inv_mul_diag (by decide +kernel)

end MLTheory.ShermanMorrison

end
