/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.HardAttention

/-!
# Average-hard-attention encoders simulate arithmetic circuits given as input

Source: `000_7a6cd69522701495.txt`, line 13 ("average hard attention can be used to simulate
arithmetic circuits if they are given as an input to an encoder"; the circuits have "unbounded
addition, binary multiplication and sign gates"; feed-forward layers are replaced by arithmetic
circuits).

**Circuits.** An arithmetic circuit on gates `Fin n` (`Circuit`) gives each gate a kind
(`Gate`): an input gate, an unbounded addition over a set of gates, a binary multiplication, or a
sign gate; every gate reads only gates of smaller level (`Circuit.wired`). A valuation `v` of the
gates is *consistent* with the circuit on the input `x` (`Consistent`) when every gate holds what
its kind computes from `v` (`gateOp`): `x g`, `∑_{j ∈ S} v j`, `v a · v b` or `sign (v a)`.

**The encoder.** One position per gate. The circuit and the input are given as the encoder's
input (`encode`): at position `g` the one-hot kind of the gate, two query vectors (the indicator
of the gate's input set, or the one-hot vectors of its inputs), the one-hot positional key `e_g`,
the fan-in count and the input `x g`. One layer (`encLayer`, the same for every circuit) runs two
average-hard-attention heads with dot-product scores `⟨query_g, key_j⟩` over the current values,
and then, position by position, the arithmetic circuit
`k_in · x + k_add · (cnt · h₁) + k_mul · (h₁ · h₂) + k_sign · sign h₁` (additions,
multiplications and one sign gate: an arithmetic circuit in place of the feed-forward layer).

* `encLayer_encode`: one layer computes every gate's operation from the current values (through
  `count_mul_aha_indicator` of `MLTheory.HardAttention` for addition gates);
* **`encoder_simulates`**: if every gate has level below `D`, then `D` layers of the encoder on the
  encoded circuit reach a valuation consistent with the circuit, and it is the only one: the
  encoder computes every gate of the circuit, with `D` layers for a depth-`D` circuit (constant
  depth for constant-depth circuit families).

**Scope.** Over `Rat`; the encoder is this project's (two heads whose scores are dot products of
input features, a one-coordinate value stream, the feed-forward circuit above), since the
abstract does not give the paper's encoding. Its features are one-hot vectors of length `n`, so
its width grows with the circuit. The converse simulation of encoders by circuits (c2) and other
rings are not formalised.

The concrete instance (`_instance_`, by `decide +kernel`) evaluates a circuit with four gates.
-/

@[expose] public section

noncomputable section

namespace MLTheory.CircuitSimulation

open MLTheory.HardAttention

/-! ## Arithmetic circuits -/

/-- A gate of an arithmetic circuit on the gates `Fin n`. -/
inductive Gate (n : Nat) where
  /-- An input gate: it holds the input at its position. -/
  | input : Gate n
  /-- An unbounded addition over the set of gates `S`. -/
  | add : (Fin n → Bool) → Gate n
  /-- A binary multiplication of two gates. -/
  | mul : Fin n → Fin n → Gate n
  /-- The sign of a gate. -/
  | sign : Fin n → Gate n

/-- The sign of a rational number: `1`, `-1` or `0`. -/
def sgn (r : Rat) : Rat := if 0 < r then 1 else if r < 0 then -1 else 0

/-- The value a gate computes from the input `x` and the values `v` of the other gates. -/
def gateOp {n : Nat} (x : Fin n → Rat) (g : Fin n) (v : Fin n → Rat) : Gate n → Rat
  | .input => x g
  | .add S => selSum S v
  | .mul a b => v a * v b
  | .sign a => sgn (v a)

/-- Whether a gate reads the gate `j`. -/
def reads {n : Nat} : Gate n → Fin n → Bool
  | .input, _ => false
  | .add S, j => S j
  | .mul a b, j => decide (j = a) || decide (j = b)
  | .sign a, j => decide (j = a)

/-- An arithmetic circuit: a gate at every position and levels such that every gate reads only
gates of smaller level. -/
structure Circuit (n : Nat) where
  /-- The gate at each position. -/
  gate : Fin n → Gate n
  /-- The level of each gate (its depth bound). -/
  level : Fin n → Nat
  /-- Every gate reads only gates of smaller level. -/
  wired : ∀ g j, reads (gate g) j = true → level j < level g

/-- A valuation is consistent with the circuit on the input `x`: every gate holds what it
computes from the valuation. -/
def Consistent {n : Nat} (C : Circuit n) (x : Fin n → Rat) (v : Fin n → Rat) : Prop :=
  ∀ g, v g = gateOp x g v (C.gate g)

/-- A gate's value depends only on the gates of smaller level. -/
theorem gateOp_congr {n : Nat} (C : Circuit n) (x : Fin n → Rat) (g : Fin n) {v w : Fin n → Rat}
    (h : ∀ j, C.level j < C.level g → v j = w j) :
    gateOp x g v (C.gate g) = gateOp x g w (C.gate g) := by
  have hw := C.wired g
  revert hw
  cases C.gate g with
  | input => intro _; rfl
  | add S =>
    intro hw
    show selSum S v = selSum S w
    unfold selSum
    exact sumFin_congr (fun j => by
      by_cases hj : S j = true
      · rw [if_pos hj, if_pos hj, h j (hw j hj)]
      · rw [if_neg hj, if_neg hj])
  | mul a b =>
    intro hw
    show v a * v b = w a * w b
    rw [h a (hw a (by simp [reads])), h b (hw b (by simp [reads]))]
  | sign a =>
    intro hw
    show sgn (v a) = sgn (w a)
    rw [h a (hw a (by simp [reads]))]

/-- **At most one consistent valuation**: two valuations consistent with the circuit on the same
input agree (by induction on the level). -/
theorem consistent_unique {n : Nat} (C : Circuit n) (x : Fin n → Rat) {v w : Fin n → Rat}
    (hv : Consistent C x v) (hw : Consistent C x w) : v = w := by
  have key : ∀ ℓ g, C.level g < ℓ → v g = w g := by
    intro ℓ
    induction ℓ with
    | zero => intro g h; omega
    | succ ℓ ih =>
      intro g hg
      rw [hv g, hw g]
      exact gateOp_congr C x g (fun j hj => ih j (by omega))
  funext g
  exact key (C.level g + 1) g (by omega)

/-! ## The encoder -/

/-- The input of the encoder at every position: the one-hot kind of the gate, the two query
vectors, the positional key, the fan-in count and the circuit input. -/
structure EncInput (n : Nat) where
  /-- Kind bits: input, addition, multiplication, sign (one-hot). -/
  kIn : Fin n → Rat
  /-- Kind bit of addition gates. -/
  kAdd : Fin n → Rat
  /-- Kind bit of multiplication gates. -/
  kMul : Fin n → Rat
  /-- Kind bit of sign gates. -/
  kSign : Fin n → Rat
  /-- The query of the first head. -/
  q1 : Fin n → Fin n → Rat
  /-- The query of the second head. -/
  q2 : Fin n → Fin n → Rat
  /-- The positional key. -/
  key : Fin n → Fin n → Rat
  /-- The fan-in count of an addition gate. -/
  cnt : Fin n → Rat
  /-- The circuit input. -/
  x : Fin n → Rat

/-- **One encoder layer**: two average-hard-attention heads with dot-product scores over the
current values, then the arithmetic feed-forward circuit
`k_in · x + k_add · (cnt · h₁) + k_mul · (h₁ · h₂) + k_sign · sign h₁` at every position. -/
def encLayer {n : Nat} (E : EncInput n) (val : Fin n → Rat) : Fin n → Rat := fun g =>
  E.kIn g * E.x g + E.kAdd g * (E.cnt g * aha (fun j => dot (E.q1 g) (E.key j)) val) +
    E.kMul g * (aha (fun j => dot (E.q1 g) (E.key j)) val *
      aha (fun j => dot (E.q2 g) (E.key j)) val) +
    E.kSign g * sgn (aha (fun j => dot (E.q1 g) (E.key j)) val)

/-- `t` layers of the encoder, from the values `0`. -/
def encRun {n : Nat} (E : EncInput n) : Nat → Fin n → Rat
  | 0 => fun _ => 0
  | t + 1 => encLayer E (encRun E t)

/-- The one-hot vector of a gate. -/
def oneHot {n : Nat} (a : Fin n) : Fin n → Rat := fun j => if j = a then 1 else 0

/-- The indicator vector of a set of gates. -/
def setVec {n : Nat} (S : Fin n → Bool) : Fin n → Rat := fun j => if S j = true then 1 else 0

/-- **The circuit given as input**: the encoder's input features of the circuit `C` on `x`. -/
def encode {n : Nat} (C : Circuit n) (x : Fin n → Rat) : EncInput n where
  kIn g := match C.gate g with | .input => 1 | _ => 0
  kAdd g := match C.gate g with | .add _ => 1 | _ => 0
  kMul g := match C.gate g with | .mul _ _ => 1 | _ => 0
  kSign g := match C.gate g with | .sign _ => 1 | _ => 0
  q1 g := match C.gate g with
    | .input => fun _ => 0
    | .add S => setVec S
    | .mul a _ => oneHot a
    | .sign a => oneHot a
  q2 g := match C.gate g with | .mul _ b => oneHot b | _ => fun _ => 0
  key j := oneHot j
  cnt g := match C.gate g with | .add S => selCount S | _ => 0
  x := x

/-- A dot product with a one-hot vector reads one coordinate. -/
theorem dot_oneHot {n : Nat} (u : Fin n → Rat) (j : Fin n) : dot u (oneHot j) = u j := by
  unfold dot oneHot
  refine Eq.trans (sumFin_congr (fun i => ?_)) (sumFin_ite_eq n j (u j))
  by_cases h : i = j
  · subst h; simp
  · simp [h]

/-- Attention to one gate: AHA with the one-hot scores of `a` returns the value of `a`. -/
theorem aha_oneHot {n : Nat} (a : Fin n) (v : Fin n → Rat) :
    aha (fun j => dot (oneHot a) (oneHot j)) v = v a := by
  have hs : (fun j => dot (oneHot a) (oneHot j)) = indicator (fun j => decide (j = a)) := by
    funext j
    rw [dot_oneHot]
    unfold oneHot indicator
    by_cases h : j = a <;> simp [h]
  rw [hs, aha_indicator _ ⟨a, by simp⟩]
  have h1 : selSum (fun j => decide (j = a)) v = v a := by
    unfold selSum
    refine Eq.trans (sumFin_congr (fun j => ?_)) (sumFin_ite_eq n a (v a))
    by_cases h : j = a
    · subst h; simp
    · simp [h]
  have h2 : selCount (fun j => decide (j = a)) = 1 := by
    unfold selCount
    refine Eq.trans (sumFin_congr (fun j => ?_)) (sumFin_ite_eq n a 1)
    by_cases h : j = a <;> simp [h]
  rw [h1, h2]
  grind

/-- The addition step: `|S| · AHA(indicator of S)` is the sum over `S`, also for empty `S`. -/
theorem cnt_mul_aha_setVec {n : Nat} (S : Fin n → Bool) (v : Fin n → Rat) :
    selCount S * aha (fun j => dot (setVec S) (oneHot j)) v = selSum S v := by
  have hs : (fun j => dot (setVec S) (oneHot j)) = indicator S := by
    funext j
    rw [dot_oneHot]
    rfl
  rw [hs]
  by_cases hS : ∃ j, S j = true
  · exact count_mul_aha_indicator S hS v
  · have hnone : ∀ j, S j = false := fun j => by
      cases h : S j with
      | false => rfl
      | true => exact absurd ⟨j, h⟩ hS
    have h0 : selCount S = 0 := by
      unfold selCount
      exact Eq.trans (sumFin_congr (fun j => by rw [hnone j]; rfl)) (sumFin_zero_fun n)
    have h1 : selSum S v = 0 := by
      unfold selSum
      exact Eq.trans (sumFin_congr (fun j => by rw [hnone j]; rfl)) (sumFin_zero_fun n)
    rw [h0, h1, Rat.zero_mul]

/-- **One layer computes every gate**: on the encoded circuit, a layer maps any values `v` to
the gate operations applied to `v`. -/
theorem encLayer_encode {n : Nat} (C : Circuit n) (x : Fin n → Rat) (v : Fin n → Rat)
    (g : Fin n) : encLayer (encode C x) v g = gateOp x g v (C.gate g) := by
  unfold encLayer encode
  simp only
  cases C.gate g with
  | input => simp only [gateOp]; grind
  | add S =>
    simp only [gateOp]
    rw [cnt_mul_aha_setVec]
    grind
  | mul a b =>
    simp only [gateOp]
    rw [aha_oneHot, aha_oneHot]
    grind
  | sign a =>
    simp only [gateOp]
    rw [aha_oneHot]
    grind

/-- From layer `ℓ` on, every gate of level below `ℓ` keeps its value. -/
theorem encRun_stable {n : Nat} (C : Circuit n) (x : Fin n → Rat) :
    ∀ ℓ g, C.level g < ℓ → encRun (encode C x) (ℓ + 1) g = encRun (encode C x) ℓ g
  | 0, _, h => absurd h (Nat.not_lt_zero _)
  | ℓ + 1, g, hg => by
    show encLayer (encode C x) (encRun (encode C x) (ℓ + 1)) g =
      encLayer (encode C x) (encRun (encode C x) ℓ) g
    rw [encLayer_encode, encLayer_encode]
    exact gateOp_congr C x g (fun j hj => encRun_stable C x ℓ j (by omega))

/-- **The encoder simulates the circuit**: if every gate has level below `D`, the values after
`D` layers of the encoder on the encoded circuit are consistent with the circuit, and every
consistent valuation is that one: the encoder computes every gate of the circuit. -/
theorem encoder_simulates {n : Nat} (C : Circuit n) (x : Fin n → Rat) (D : Nat)
    (hD : ∀ g, C.level g < D) :
    Consistent C x (encRun (encode C x) D) ∧
      ∀ v, Consistent C x v → encRun (encode C x) D = v := by
  have hcons : Consistent C x (encRun (encode C x) D) := fun g => by
    rw [← encLayer_encode C x (encRun (encode C x) D) g]
    exact (encRun_stable C x D g (hD g)).symm
  exact ⟨hcons, fun v hv => consistent_unique C x hcons hv⟩

/-! ## Concrete instance

Gates `0, 1` are inputs `x = (3, -2)`; gate `2 = x₀ + x₁` (unbounded addition over `{0, 1}`),
gate `3 = x₀ · g₂`, gate `4 = sign g₃`, gate `5` adds `{0, 1, 2, 3}`. -/

/-- The circuit of the instance (levels `0, 0, 1, 2, 3, 3`). -/
def circuitEx : Circuit 6 where
  gate g := match g.val with
    | 2 => .add (fun j => decide (j.val < 2))
    | 3 => .mul 0 2
    | 4 => .sign 3
    | 5 => .add (fun j => decide (j.val < 4))
    | _ => .input
  level g := [0, 0, 1, 2, 3, 3].getD g.val 0
  wired := by decide +kernel

/-- The input of the instance. -/
def inputEx : Fin 6 → Rat := fun g => [3, -2, 0, 0, 0, 0].getD g.val 0

/-- Instance: four layers of the encoder on the encoded circuit give the gate values
`(3, -2, 1, 3, 1, 5)`; after two layers gate `3` is not yet computed. -/
theorem encoder_instance_six :
    finList 6 (encRun (encode circuitEx inputEx) 4) = [3, -2, 1, 3, 1, 5] ∧
      finList 6 (encRun (encode circuitEx inputEx) 2) = [3, -2, 1, 0, 0, 1] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `encoder_simulates` applied to the instance circuit with `D = 4`. -/
theorem encoder_simulates_satisfiable :
    Consistent circuitEx inputEx (encRun (encode circuitEx inputEx) 4) ∧
      ∀ v, Consistent circuitEx inputEx v → encRun (encode circuitEx inputEx) 4 = v :=
  encoder_simulates circuitEx inputEx 4 (by decide +kernel)

/-- `encLayer_encode` applied to the instance circuit, the input values and gate `3`. -/
theorem encLayer_encode_satisfiable :
    encLayer (encode circuitEx inputEx) inputEx 3 = gateOp inputEx 3 inputEx (circuitEx.gate 3) :=
  encLayer_encode circuitEx inputEx inputEx 3

/-- `gateOp_congr` applied to gate `3` of the instance with equal valuations. -/
theorem gateOp_congr_satisfiable :
    gateOp inputEx 3 inputEx (circuitEx.gate 3) = gateOp inputEx 3 inputEx (circuitEx.gate 3) :=
  gateOp_congr circuitEx inputEx 3 (fun _ _ => rfl)

/-- `consistent_unique` applied to the encoder's values on the instance. -/
theorem consistent_unique_satisfiable :
    encRun (encode circuitEx inputEx) 4 = encRun (encode circuitEx inputEx) 4 :=
  consistent_unique circuitEx inputEx encoder_simulates_satisfiable.1
    encoder_simulates_satisfiable.1

/-- `encRun_stable` applied to gate `0` of the instance (level `0 < 1`). -/
theorem encRun_stable_satisfiable :
    encRun (encode circuitEx inputEx) (1 + 1) 0 = encRun (encode circuitEx inputEx) 1 0 :=
  encRun_stable circuitEx inputEx 1 0 (by decide +kernel)

/-- `encoder_simulates`' uniqueness conjunct applied to the run itself, consistent by its first
conjunct (the hypothesis of the second conjunct holds). -/
theorem encoder_simulates_unique_satisfiable :
    encRun (encode circuitEx inputEx) 4 = encRun (encode circuitEx inputEx) 4 :=
  (encoder_simulates circuitEx inputEx 4 (by decide +kernel)).2 _ encoder_simulates_satisfiable.1

end MLTheory.CircuitSimulation

end
