/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Multi-head attention is one connection walk

Source: `000_7a6cd69522701495.txt`, line 7 (attention as a connection walk:
"single-head attention (SHA) is exactly a connection propagation step with constant transport,
and … multi-head attention (MHA) is exactly a single edge-dependent connection walk whose
effective transport is an attention-gated mixture of headwise transports").

Tokens are the positions `Fin n`, features are vectors `Fin d → Rat`. Head `h` has a non-negative
attention matrix `att h : Mat n` and a transport (value-output map) `T h : Mat d`; multi-head
attention maps the token features `x` to `y i = ∑_h ∑_j att h i j • T h (x j)` (`mha`). A
connection walk with walk matrix `W` and edge transports `Tr i j` maps `x` to
`y i = ∑_j W i j • Tr i j (x j)` (`connWalk`). We prove, for all `n`, `d` and numbers of heads:

* **SHA**: one head is the connection walk of its attention matrix with the constant transport
  `T` (`sha_eq_connWalk`);
* **MHA**: with non-negative attention, multi-head attention is the single connection walk with
  walk matrix `W i j = ∑_h att h i j` (`walkMatrix`) and edge-dependent transport
  `Tr i j = ∑_h (att h i j / W i j) • T h` (`effTransport`) (`mha_eq_connWalk`);
* the effective transport is an attention-gated mixture: on every edge with `W i j ≠ 0` the gates
  `att h i j / W i j` are non-negative and sum to `1` (`gate_nonneg`, `sum_gate_eq_one`).

(On an edge with `W i j = 0` all heads give weight `0` and the transport does not matter; Lean's
`x / 0 = 0` makes it `0`.) Concrete instances (`_instance_`, by `decide +kernel`) compute both
sides for two heads on two tokens.
-/

@[expose] public section

noncomputable section

namespace MLTheory.MultiHead

/-- Multi-head attention: `y i = ∑_h ∑_j att h i j • T h (x j)`. -/
def mha {n d H : Nat} (att : Fin H → Mat n) (T : Fin H → Mat d) (x : Fin n → Fin d → Rat) :
    Fin n → Fin d → Rat :=
  fun i a => sumFin H (fun h => sumFin n (fun j => att h i j * matVec (T h) (x j) a))

/-- A connection walk step: `y i = ∑_j W i j • Tr i j (x j)`, messages aggregated by the walk
matrix `W` and transported along each edge `(i, j)` by the linear map `Tr i j`. -/
def connWalk {n d : Nat} (W : Mat n) (Tr : Fin n → Fin n → Mat d) (x : Fin n → Fin d → Rat) :
    Fin n → Fin d → Rat :=
  fun i a => sumFin n (fun j => W i j * matVec (Tr i j) (x j) a)

/-- The walk matrix of multi-head attention: the total attention `W i j = ∑_h att h i j`. -/
def walkMatrix {n H : Nat} (att : Fin H → Mat n) : Mat n :=
  fun i j => sumFin H (fun h => att h i j)

/-- The gate of head `h` on the edge `(i, j)`: its share `att h i j / W i j` of the attention. -/
def gate {n H : Nat} (att : Fin H → Mat n) (i j : Fin n) (h : Fin H) : Rat :=
  att h i j / walkMatrix att i j

/-- The effective transport on the edge `(i, j)`: the gated mixture `∑_h gate h • T h`. -/
def effTransport {n d H : Nat} (att : Fin H → Mat n) (T : Fin H → Mat d) :
    Fin n → Fin n → Mat d :=
  fun i j a b => sumFin H (fun h => gate att i j h * T h a b)

/-- The per-edge identity: with non-negative weights `w`,
`∑_h w h • T h v = (∑_h w h) • (∑_h (w h / ∑ w) • T h) v`. -/
theorem sum_weighted_transport {d H : Nat} (w : Fin H → Rat) (hw : ∀ h, 0 ≤ w h)
    (T : Fin H → Mat d) (v : Fin d → Rat) (a : Fin d) :
    sumFin H (fun h => w h * matVec (T h) v a) =
      sumFin H w * matVec (fun a b => sumFin H (fun h => w h / sumFin H w * T h a b)) v a := by
  by_cases hS : sumFin H w = 0
  · have hz := (sumFin_eq_zero_iff_of_nonneg H w hw).mp hS
    rw [hS, Rat.zero_mul]
    exact Eq.trans (sumFin_congr (fun h => by rw [hz h, Rat.zero_mul])) (sumFin_zero_fun H)
  · have hinv : sumFin H w * (sumFin H w)⁻¹ = 1 := Rat.mul_inv_cancel _ hS
    simp only [matVec]
    rw [sumFin_congr (fun h => (sumFin_mul_left d (w h) (fun b => T h a b * v b)).symm),
      sumFin_comm, ← sumFin_mul_left d (sumFin H w)]
    refine sumFin_congr (fun b => ?_)
    rw [← sumFin_mul_right H (v b), ← sumFin_mul_left H (sumFin H w)]
    refine sumFin_congr (fun h => ?_)
    rw [Rat.div_def]
    generalize sumFin H w = S at hinv
    generalize S⁻¹ = si at hinv
    have : S * (w h * si * T h a b * v b) = (S * si) * (w h * (T h a b * v b)) := by grind
    rw [this, hinv, Rat.one_mul]

/-- **MHA is one connection walk**: with non-negative attention matrices, multi-head attention
equals the connection walk with walk matrix `W = ∑_h att h` and edge-dependent effective
transport `Tr i j = ∑_h (att h i j / W i j) • T h`. -/
theorem mha_eq_connWalk {n d H : Nat} (att : Fin H → Mat n) (hatt : ∀ h i j, 0 ≤ att h i j)
    (T : Fin H → Mat d) (x : Fin n → Fin d → Rat) :
    mha att T x = connWalk (walkMatrix att) (effTransport att T) x := by
  funext i a
  unfold mha connWalk
  rw [sumFin_comm]
  exact sumFin_congr (fun j =>
    sum_weighted_transport (fun h => att h i j) (fun h => hatt h i j) T (x j) a)

/-- **SHA is a connection step with constant transport**: one head with attention `att` and
transport `T` is the connection walk of `att` with the same transport `T` on every edge. -/
theorem sha_eq_connWalk {n d : Nat} (att : Mat n) (T : Mat d) (x : Fin n → Fin d → Rat) :
    mha (fun _ : Fin 1 => att) (fun _ => T) x = connWalk att (fun _ _ => T) x := by
  funext i a
  unfold mha connWalk
  simp only [sumFin_succ, sumFin_zero]
  grind

/-- The gates are non-negative. -/
theorem gate_nonneg {n H : Nat} (att : Fin H → Mat n) (hatt : ∀ h i j, 0 ≤ att h i j)
    (i j : Fin n) (h : Fin H) : 0 ≤ gate att i j h := by
  unfold gate
  have hW : 0 ≤ walkMatrix att i j := sumFin_nonneg H _ (fun h => hatt h i j)
  by_cases hz : walkMatrix att i j = 0
  · have h0 : (0 : Rat)⁻¹ = 0 := by decide +kernel
    rw [hz, Rat.div_def, h0, Rat.mul_zero]; exact Rat.le_refl
  · have hpos : 0 < walkMatrix att i j := by grind
    rw [Rat.div_def]
    exact Rat.mul_nonneg (hatt h i j) (Rat.le_of_lt (Rat.inv_pos.mpr hpos))

/-- On every edge carrying attention (`W i j ≠ 0`), the gates sum to `1`: the effective transport
is a convex mixture of the headwise transports. -/
theorem sum_gate_eq_one {n H : Nat} (att : Fin H → Mat n) (i j : Fin n)
    (hW : walkMatrix att i j ≠ 0) : sumFin H (fun h => gate att i j h) = 1 := by
  unfold gate
  simp only [Rat.div_def]
  rw [sumFin_mul_right]
  exact Rat.mul_inv_cancel _ hW

/-! ## Concrete instances -/

/-- Head attention matrices for the instances (two heads on two tokens). -/
def attEx : Fin 2 → Mat 2 :=
  fun h i j => ([[[1/2, 1/2], [1, 0]], [[1/4, 3/4], [0, 1]]].getD h.val [] |>.getD i.val []).getD
    j.val 0

/-- Head transports for the instances (`2 × 2`: the identity and a rotation by a quarter turn). -/
def transEx : Fin 2 → Mat 2 :=
  fun h a b => ([[[1, 0], [0, 1]], [[0, -1], [1, 0]]].getD h.val [] |>.getD a.val []).getD
    b.val 0

/-- Token features for the instances. -/
def xEx : Fin 2 → Fin 2 → Rat := fun j a => ([[1, 0], [0, 2]].getD j.val []).getD a.val 0

/-- Instance: both sides agree on two heads and two tokens; token `0` receives
`(1/2, 1) + (-3/2, 1/4) = (-1, 5/4)`. -/
theorem mha_instance_two_heads :
    finList 2 (mha attEx transEx xEx 0) = [-1, 5/4] ∧
      finList 2 (connWalk (walkMatrix attEx) (effTransport attEx transEx) xEx 0) = [-1, 5/4] ∧
      walkMatrix attEx 0 1 = 5/4 ∧ gate attEx 0 1 1 = 3/5 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The attention weights of `attEx` are non-negative. -/
theorem attEx_nonneg : ∀ h i j, 0 ≤ attEx h i j := by decide +kernel

/-- `mha_eq_connWalk` applied to the instance's heads. -/
theorem mha_eq_connWalk_satisfiable :
    mha attEx transEx xEx = connWalk (walkMatrix attEx) (effTransport attEx transEx) xEx :=
  mha_eq_connWalk attEx attEx_nonneg transEx xEx

/-- `gate_nonneg` applied to the instance's heads. -/
theorem gate_nonneg_satisfiable : 0 ≤ gate attEx 0 1 1 :=
  gate_nonneg attEx attEx_nonneg 0 1 1

/-- `sum_gate_eq_one` applied to the edge `(0, 1)` of the instance (`W 0 1 = 5/4 ≠ 0`). -/
theorem sum_gate_eq_one_satisfiable : sumFin 2 (fun h => gate attEx 0 1 h) = 1 :=
  sum_gate_eq_one attEx 0 1 (by decide +kernel)

end MLTheory.MultiHead

end
