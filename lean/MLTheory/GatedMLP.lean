/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Gated MLPs: the bilinear unit's symmetries, and how a gate breaks them

Source: `004_725b34af8153ec2b.txt`, line 10 ("the conventional gated MLP can be
viewed as a rank-1 approximation to a bilinear attention mechanism with two distinct factors …
moving the nonlinearity onto one factor breaks the exchange symmetry between the two factors and,
for non-homogeneous activations, the inverse-scaling symmetry as well").

A gated MLP with gate `σ : Rat → Rat`, hidden factors `W₁ W₂ : Fin m → Fin d → Rat` and output
matrix `U : Fin k → Fin m → Rat` maps `x : Fin d → Rat` to
`y o = ∑ j, U o j * (σ ⟨W₁ j, x⟩ * ⟨W₂ j, x⟩)` (`gatedMLP`); the bilinear MLP is the gate
`σ = id` (`bilinearMLP`). We prove, for all sizes:

* **rank one**: each hidden unit of the bilinear MLP is the quadratic form of the rank-one matrix
  `W₁ j ⊗ W₂ j`: `⟨a, x⟩ * ⟨b, x⟩ = ∑_p ∑_q x p * (a p * b q) * x q` (`dot_mul_dot_eq_rankOne`);
* **exchange symmetry** of the bilinear MLP: swapping the factors `W₁ ↔ W₂` leaves the output
  unchanged (`bilinearMLP_swap`);
* **inverse-scaling symmetry** of the bilinear MLP: `W₁ ↦ c W₁`, `W₂ ↦ c⁻¹ W₂` (`c ≠ 0`) leaves
  the output unchanged (`bilinearMLP_rescale`);
* with a gate on one factor, per unit: the exchange symmetry `σ a * b = σ b * a` for all `a, b`
  holds **iff** `σ` is linear, `σ a = σ 1 * a` (`gate_exchange_iff_linear`); the inverse-scaling
  symmetry `σ (c a) * (b / c) = σ a * b` for all `a, b` holds **iff** `σ (c a) = c σ a` for all
  `a` (`gate_rescale_iff_homogeneous`);
* ReLU is positively homogeneous, so the ReLU-gated MLP keeps the inverse-scaling symmetry for
  `c > 0` (`reluMLP_rescale`), but it is not linear, so it loses the exchange symmetry
  (`gatedMLP_instance_relu_swap`); the non-homogeneous gate `t + t²/2` loses the scaling symmetry
  too (`gatedMLP_instance_quad_rescale`).

At the level of the network, for all weights at once (any sizes with at least one input, hidden
unit and output):

* the bilinear MLP is a sum of rank-one bilinear forms: output `o` is `xᵀ B_o x` with
  `B_o = ∑ j, U o j • (W₁ j ⊗ W₂ j)` (`bilinearMLP_eq_sum_rankOne`, `rankOneSum`);
* the gated MLP is exchange-symmetric for all weights **iff** the gate is linear
  (`gatedMLP_swap_iff_linear`), and inverse-scaling-symmetric at `c ≠ 0` for all weights **iff**
  the gate is homogeneous at `c` (`gatedMLP_rescale_iff_homogeneous`); so ReLU breaks the first
  (`relu_breaks_swap`) and `t + t²/2` the second (`quadGate_breaks_rescale`).

Concrete instances (`_instance_`, by `decide +kernel`) are the two counterexamples, one output of
the bilinear MLP and its rank-one matrix; the `_satisfiable` theorems apply each theorem with
hypotheses to concrete gates and weights.
-/

@[expose] public section

noncomputable section

namespace MLTheory.GatedMLP

-- input dimension `d`, hidden units `m`, outputs `k`
variable {d m k : Nat}

/-- The gated MLP `y o = ∑ j, U o j * (σ ⟨W₁ j, x⟩ * ⟨W₂ j, x⟩)`, gate `σ` on the first factor. -/
def gatedMLP (σ : Rat → Rat) (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat)
    (x : Fin d → Rat) : Fin k → Rat :=
  fun o => sumFin m (fun j => U o j * (σ (dot (W₁ j) x) * dot (W₂ j) x))

/-- The bilinear MLP: the gated MLP with the identity gate. -/
def bilinearMLP (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat)
    (x : Fin d → Rat) : Fin k → Rat :=
  gatedMLP id W₁ W₂ U x

/-- **Rank one**: the product of two linear forms is the quadratic form of the rank-one matrix
`a ⊗ b`: `⟨a, x⟩ * ⟨b, x⟩ = ∑_p ∑_q x p * (a p * b q) * x q`. -/
theorem dot_mul_dot_eq_rankOne {d : Nat} (a b x : Fin d → Rat) :
    dot a x * dot b x = sumFin d (fun p => sumFin d (fun q => x p * (a p * b q) * x q)) := by
  unfold dot
  rw [← sumFin_mul_right]
  refine sumFin_congr (fun p => ?_)
  rw [← sumFin_mul_left]
  exact sumFin_congr (fun q => by grind)

/-- **Exchange symmetry** of the bilinear MLP: swapping the two factors changes nothing. -/
theorem bilinearMLP_swap (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat)
    (x : Fin d → Rat) : bilinearMLP W₁ W₂ U x = bilinearMLP W₂ W₁ U x := by
  funext o
  unfold bilinearMLP gatedMLP
  exact sumFin_congr (fun j => by simp only [id]; rw [Rat.mul_comm (dot (W₁ j) x)])

/-- **Inverse-scaling symmetry** of the bilinear MLP: scaling the first factor by `c ≠ 0` and the
second by `c⁻¹` changes nothing. -/
theorem bilinearMLP_rescale (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat)
    (c : Rat) (hc : c ≠ 0) (x : Fin d → Rat) :
    bilinearMLP (fun j i => c * W₁ j i) (fun j i => c⁻¹ * W₂ j i) U x = bilinearMLP W₁ W₂ U x := by
  funext o
  unfold bilinearMLP gatedMLP
  refine sumFin_congr (fun j => ?_)
  simp only [id]
  rw [dot_smul_left, dot_smul_left]
  have hinv : c * c⁻¹ = 1 := Rat.mul_inv_cancel c hc
  generalize dot (W₁ j) x = a
  generalize dot (W₂ j) x = b
  generalize c⁻¹ = ci at hinv ⊢
  have : c * a * (ci * b) = (c * ci) * (a * b) := by grind
  rw [this, hinv, Rat.one_mul]

/-- **The gate breaks the exchange symmetry unless it is linear**: a gated unit `σ a * b` is
symmetric in its two factors (`σ a * b = σ b * a` for all `a, b`) iff `σ a = σ 1 * a` for all
`a`. -/
theorem gate_exchange_iff_linear (σ : Rat → Rat) :
    (∀ a b, σ a * b = σ b * a) ↔ ∀ a, σ a = σ 1 * a := by
  constructor
  · intro h a
    have := h a 1
    grind
  · intro h a b
    rw [h a, h b]
    grind

/-- **The gate breaks the inverse-scaling symmetry unless it is homogeneous**: for `c ≠ 0`, the
gated unit is invariant under `a ↦ c a`, `b ↦ b / c` (`σ (c a) * (b / c) = σ a * b` for all
`a, b`) iff `σ (c a) = c σ a` for all `a`. -/
theorem gate_rescale_iff_homogeneous (σ : Rat → Rat) (c : Rat) (hc : c ≠ 0) :
    (∀ a b, σ (c * a) * (b / c) = σ a * b) ↔ ∀ a, σ (c * a) = c * σ a := by
  have hinv : c * c⁻¹ = 1 := Rat.mul_inv_cancel c hc
  constructor
  · intro h a
    have h1 := h a c
    rw [Rat.div_def] at h1
    have h2 : σ (c * a) * (c * c⁻¹) = σ a * c := h1
    rw [hinv, Rat.mul_one] at h2
    rw [h2, Rat.mul_comm]
  · intro h a b
    rw [h a, Rat.div_def]
    generalize σ a = s
    generalize c⁻¹ = ci at hinv ⊢
    have : c * s * (b * ci) = (c * ci) * (s * b) := by grind
    rw [this, hinv, Rat.one_mul]

/-- **ReLU keeps the inverse-scaling symmetry** (`c > 0`): the ReLU-gated MLP is unchanged when
its gated factor is scaled by `c` and the other by `c⁻¹`. -/
theorem reluMLP_rescale (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat)
    (c : Rat) (hc : 0 < c) (x : Fin d → Rat) :
    gatedMLP relu (fun j i => c * W₁ j i) (fun j i => c⁻¹ * W₂ j i) U x =
      gatedMLP relu W₁ W₂ U x := by
  have hc0 : c ≠ 0 := fun h => by rw [h] at hc; exact Rat.lt_irrefl hc
  have hinv : c * c⁻¹ = 1 := Rat.mul_inv_cancel c hc0
  funext o
  unfold gatedMLP
  refine sumFin_congr (fun j => ?_)
  rw [dot_smul_left, dot_smul_left, relu_mul_of_nonneg (Rat.le_of_lt hc)]
  generalize relu (dot (W₁ j) x) = a
  generalize dot (W₂ j) x = b
  generalize c⁻¹ = ci at hinv ⊢
  have : c * a * (ci * b) = (c * ci) * (a * b) := by grind
  rw [this, hinv, Rat.one_mul]

/-! ## The network level: all weights at once -/

/-- The matrix of the bilinear form computed by output `o` of the bilinear MLP:
`B o = ∑ j, U o j • (W₁ j ⊗ W₂ j)`, a sum of `m` rank-one matrices (query factor `W₁ j`, key
factor `W₂ j`). -/
def rankOneSum (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat) (o : Fin k)
    (p q : Fin d) : Rat :=
  sumFin m (fun j => U o j * (W₁ j p * W₂ j q))

/-- **The bilinear MLP is a sum of rank-one bilinear forms**: output `o` is the quadratic form
`∑_p ∑_q x p * B o p q * x q` of `B o = ∑ j, U o j • (W₁ j ⊗ W₂ j)`. -/
theorem bilinearMLP_eq_sum_rankOne (W₁ W₂ : Fin m → Fin d → Rat)
    (U : Fin k → Fin m → Rat) (x : Fin d → Rat) (o : Fin k) :
    bilinearMLP W₁ W₂ U x o =
      sumFin d (fun p => sumFin d (fun q => x p * rankOneSum W₁ W₂ U o p q * x q)) := by
  unfold bilinearMLP gatedMLP rankOneSum
  simp only [id]
  have h1 : ∀ j, U o j * (dot (W₁ j) x * dot (W₂ j) x) =
      sumFin d (fun p => sumFin d (fun q => U o j * (x p * (W₁ j p * W₂ j q) * x q))) := by
    intro j
    rw [dot_mul_dot_eq_rankOne, ← sumFin_mul_left]
    exact sumFin_congr (fun p => by rw [← sumFin_mul_left])
  rw [sumFin_congr h1, sumFin_comm]
  refine sumFin_congr (fun p => ?_)
  rw [sumFin_comm]
  refine sumFin_congr (fun q => ?_)
  rw [← sumFin_mul_left, ← sumFin_mul_right]
  exact sumFin_congr (fun j => by grind)

/-- `⟨(a, a, …, a), e_i⟩ = a`. -/
theorem dot_const_basisVec {d : Nat} (a : Rat) (i : Fin d) : dot (fun _ => a) (basisVec i) = a := by
  unfold dot basisVec
  refine Eq.trans (sumFin_congr (fun p => ?_)) (sumFin_ite_eq d i a)
  by_cases h : p = i <;> simp [h]

/-- A gated MLP with constant factors `a`, `b`, input `e_i` and output row `e_j` reduces to the
single unit `σ a * b`. -/
theorem gatedMLP_probe (σ : Rat → Rat) (a b : Rat) (i : Fin d) (j : Fin m)
    (o : Fin k) :
    gatedMLP σ (fun _ _ => a) (fun _ _ => b) (fun _ j' => if j' = j then 1 else 0) (basisVec i) o =
      σ a * b := by
  show sumFin m (fun j' => (if j' = j then 1 else 0) *
    (σ (dot (fun _ => a) (basisVec i)) * dot (fun _ => b) (basisVec i))) = σ a * b
  rw [dot_const_basisVec, dot_const_basisVec]
  refine Eq.trans (sumFin_congr (fun j' => ?_)) (sumFin_ite_eq m j (σ a * b))
  by_cases h : j' = j <;> simp [h]

/-- **Network-level exchange symmetry iff the gate is linear**: for a gated MLP with at least one
input, hidden unit and output, swapping the two factors leaves the output unchanged for *all*
weights and inputs iff `σ a = σ 1 * a` for all `a`. So every non-linear gate breaks the exchange
symmetry of the network. -/
theorem gatedMLP_swap_iff_linear (hd : 0 < d) (hm : 0 < m) (hk : 0 < k)
    (σ : Rat → Rat) :
    (∀ (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat) (x : Fin d → Rat),
        gatedMLP σ W₁ W₂ U x = gatedMLP σ W₂ W₁ U x) ↔ ∀ a, σ a = σ 1 * a := by
  rw [← gate_exchange_iff_linear]
  constructor
  · intro h a b
    have := congrFun (h (fun _ _ => a) (fun _ _ => b) (fun _ j' => if j' = ⟨0, hm⟩ then 1 else 0)
      (basisVec ⟨0, hd⟩)) ⟨0, hk⟩
    rwa [gatedMLP_probe, gatedMLP_probe] at this
  · intro h W₁ W₂ U x
    funext o
    unfold gatedMLP
    exact sumFin_congr (fun j => by rw [h])

/-- **Network-level inverse-scaling symmetry iff the gate is homogeneous**: for `c ≠ 0` and a gated
MLP with at least one input, hidden unit and output, scaling the gated factor by `c` and the other
by `c⁻¹` leaves the output unchanged for *all* weights and inputs iff `σ (c a) = c σ a` for all
`a`. So a gate that is not homogeneous at `c` breaks the inverse-scaling symmetry. -/
theorem gatedMLP_rescale_iff_homogeneous (hd : 0 < d) (hm : 0 < m) (hk : 0 < k)
    (σ : Rat → Rat) (c : Rat) (hc : c ≠ 0) :
    (∀ (W₁ W₂ : Fin m → Fin d → Rat) (U : Fin k → Fin m → Rat) (x : Fin d → Rat),
        gatedMLP σ (fun j i => c * W₁ j i) (fun j i => c⁻¹ * W₂ j i) U x = gatedMLP σ W₁ W₂ U x) ↔
      ∀ a, σ (c * a) = c * σ a := by
  rw [← gate_rescale_iff_homogeneous σ c hc]
  constructor
  · intro h a b
    have := congrFun (h (fun _ _ => a) (fun _ _ => b) (fun _ j' => if j' = ⟨0, hm⟩ then 1 else 0)
      (basisVec ⟨0, hd⟩)) ⟨0, hk⟩
    rw [gatedMLP_probe, gatedMLP_probe] at this
    rw [Rat.div_def, Rat.mul_comm b c⁻¹]
    exact this
  · intro h W₁ W₂ U x
    funext o
    unfold gatedMLP
    refine sumFin_congr (fun j => ?_)
    rw [dot_smul_left, dot_smul_left, ← h (dot (W₁ j) x) (dot (W₂ j) x), Rat.div_def,
      Rat.mul_comm (dot (W₂ j) x) c⁻¹]

/-! ## Concrete instances -/

/-- The `1 × 1` matrix with entry `a`, to write instances. -/
def one (a : Rat) : Fin 1 → Fin 1 → Rat := fun _ _ => a

/-- Instance: a bilinear MLP with two hidden units on `x = (1, 2)`:
`W₁ = [[1, 0], [1, 1]]`, `W₂ = [[0, 1], [2, -1]]`, `U = [[1, 1]]` gives `1 * 2 + 3 * 0 = 2`. -/
theorem bilinearMLP_instance_two :
    bilinearMLP
      (fun (j : Fin 2) (i : Fin 2) => ([[(1 : Rat), 0], [1, 1]].getD j.val []).getD i.val 0)
      (fun (j : Fin 2) (i : Fin 2) => ([[(0 : Rat), 1], [2, -1]].getD j.val []).getD i.val 0)
      (fun (_ : Fin 1) (_ : Fin 2) => (1 : Rat)) (fun (i : Fin 2) => [(1 : Rat), 2].getD i.val 0)
      0 = 2 := by
  decide +kernel

/-- Instance: **ReLU breaks the exchange symmetry**: with one unit, `W₁ = 1`, `W₂ = -1`, `x = 1`,
the ReLU-gated MLP gives `relu 1 * (-1) = -1`, the swapped one `relu (-1) * 1 = 0`. -/
theorem gatedMLP_instance_relu_swap :
    gatedMLP relu (one 1) (one (-1)) (one 1) (fun _ => 1) 0 = -1 ∧
      gatedMLP relu (one (-1)) (one 1) (one 1) (fun _ => 1) 0 = 0 := by
  decide +kernel

/-- The non-homogeneous gate `t + t²/2` (a rational stand-in for GELU-like activations). -/
def quadGate (t : Rat) : Rat := t + t * t / 2

/-- Instance: **a non-homogeneous gate breaks the inverse-scaling symmetry**: with one unit,
`W₁ = W₂ = 1`, `x = 1`, scaling by `c = 2` gives `quadGate 2 * (1/2) = 2` instead of
`quadGate 1 * 1 = 3/2`. -/
theorem gatedMLP_instance_quad_rescale :
    gatedMLP quadGate (one 2) (one (1/2)) (one 1) (fun _ => 1) 0 = 2 ∧
      gatedMLP quadGate (one 1) (one 1) (one 1) (fun _ => 1) 0 = 3/2 := by
  decide +kernel

/-- Instance: the bilinear MLP of `bilinearMLP_instance_two` is the quadratic form of
`B = [[1, 0]] ⊗ [[0, 1]] + [[1, 1]] ⊗ [[2, -1]] = [[2, 0], [2, -1]]`, a sum of two rank-one
matrices (and `xᵀ B x = 2` at `x = (1, 2)`). -/
theorem rankOneSum_instance_two :
    finList 2 (fun p => finList 2 (fun q => rankOneSum
      (fun (j : Fin 2) (i : Fin 2) => ([[(1 : Rat), 0], [1, 1]].getD j.val []).getD i.val 0)
      (fun (j : Fin 2) (i : Fin 2) => ([[(0 : Rat), 1], [2, -1]].getD j.val []).getD i.val 0)
      (fun (_ : Fin 1) (_ : Fin 2) => (1 : Rat)) 0 p q)) = [[2, 0], [2, -1]] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `bilinearMLP_rescale` applied to the instance network with `c = 2`. -/
theorem bilinearMLP_rescale_satisfiable :
    bilinearMLP (fun j i => 2 * one 1 j i) (fun j i => 2⁻¹ * one 3 j i) (one 1) (fun _ => 1) =
      bilinearMLP (one 1) (one 3) (one 1) (fun _ => 1) :=
  bilinearMLP_rescale (one 1) (one 3) (one 1) 2 (by decide) (fun _ => 1)

/-- `gate_rescale_iff_homogeneous` applied to ReLU and `c = 2`. -/
theorem gate_rescale_iff_homogeneous_satisfiable :
    (∀ a b, relu (2 * a) * (b / 2) = relu a * b) ↔ ∀ a, relu (2 * a) = 2 * relu a :=
  gate_rescale_iff_homogeneous relu 2 (by decide)

/-- `reluMLP_rescale` applied to the instance network with `c = 2`. -/
theorem reluMLP_rescale_satisfiable :
    gatedMLP relu (fun j i => 2 * one 1 j i) (fun j i => 2⁻¹ * one (-1) j i) (one 1) (fun _ => 1) =
      gatedMLP relu (one 1) (one (-1)) (one 1) (fun _ => 1) :=
  reluMLP_rescale (one 1) (one (-1)) (one 1) 2 (by decide) (fun _ => 1)

/-- `gatedMLP_swap_iff_linear` applied to one input, unit and output, for the ReLU gate. -/
theorem gatedMLP_swap_iff_linear_satisfiable :
    (∀ (W₁ W₂ : Fin 1 → Fin 1 → Rat) (U : Fin 1 → Fin 1 → Rat) (x : Fin 1 → Rat),
        gatedMLP relu W₁ W₂ U x = gatedMLP relu W₂ W₁ U x) ↔ ∀ a, relu a = relu 1 * a :=
  gatedMLP_swap_iff_linear (by decide) (by decide) (by decide) relu

/-- `gatedMLP_rescale_iff_homogeneous` applied to one input, unit and output, for the gate
`quadGate` and `c = 2`. -/
theorem gatedMLP_rescale_iff_homogeneous_satisfiable :
    (∀ (W₁ W₂ : Fin 1 → Fin 1 → Rat) (U : Fin 1 → Fin 1 → Rat) (x : Fin 1 → Rat),
        gatedMLP quadGate (fun j i => 2 * W₁ j i) (fun j i => 2⁻¹ * W₂ j i) U x =
          gatedMLP quadGate W₁ W₂ U x) ↔ ∀ a, quadGate (2 * a) = 2 * quadGate a :=
  gatedMLP_rescale_iff_homogeneous (by decide) (by decide) (by decide) quadGate 2 (by decide)

/-- **Every non-linear gate breaks the network's exchange symmetry; ReLU does**: for the ReLU
gate, some weights and input of a one-unit network give different outputs when the factors are
swapped (ReLU is not linear: `relu (-1) = 0 ≠ -1 = relu 1 * (-1)`). -/
theorem relu_breaks_swap :
    ¬ ∀ (W₁ W₂ : Fin 1 → Fin 1 → Rat) (U : Fin 1 → Fin 1 → Rat) (x : Fin 1 → Rat),
        gatedMLP relu W₁ W₂ U x = gatedMLP relu W₂ W₁ U x := by
  rw [gatedMLP_swap_iff_linear (by decide) (by decide) (by decide) relu]
  intro h
  have := h (-1)
  revert this
  decide +kernel

/-- **A non-homogeneous gate breaks the network's inverse-scaling symmetry**: for the gate
`t + t²/2` and `c = 2` (`quadGate 2 = 4 ≠ 3 = 2 * quadGate 1`). -/
theorem quadGate_breaks_rescale :
    ¬ ∀ (W₁ W₂ : Fin 1 → Fin 1 → Rat) (U : Fin 1 → Fin 1 → Rat) (x : Fin 1 → Rat),
        gatedMLP quadGate (fun j i => 2 * W₁ j i) (fun j i => 2⁻¹ * W₂ j i) U x =
          gatedMLP quadGate W₁ W₂ U x := by
  rw [gatedMLP_rescale_iff_homogeneous (by decide) (by decide) (by decide) quadGate 2 (by decide)]
  intro h
  have := h 1
  revert this
  decide +kernel

end MLTheory.GatedMLP

end
