/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Budgeted allocation under a common strictly convex loss is uniform up to one unit

Source: `004_725b34af8153ec2b.txt`, line 22: patching is modelled as a budgeted
bitrate allocation, and without a coupling constraint scalar local complexity cannot produce a
non-uniform optimum under a common loss landscape.

The discrete core of that structural result, exactly over `Rat`. A budget `B` is split into
`n` non-negative integer shares `a i`; every region pays the same loss `ℓ (a i)` (a common loss
landscape, no coupling), and `ℓ` is strictly discretely convex: its increments
`ℓ (k+1) - ℓ k` strictly increase. Then:

* moving one unit from a share `p + 1` to a share `q` with `q < p` strictly lowers the total loss
  (`totalLoss_moveUnit_lt`);
* hence every optimal allocation has all shares within one unit of each other
  (`le_add_one_of_isOptimal`), and each share within one unit of the uniform share `B / n`
  (`natCast_mul_le_of_isOptimal`, `le_natCast_mul_of_isOptimal`, stated without division as
  `n · a i ≤ B + n` and `B ≤ n · a i + n`).

The paper's continuous model (bitrates, its loss, the representation-aware optimum) is not
formalised; concrete values are checked by `decide +kernel` in the `_example_` theorems.
-/

@[expose] public section

noncomputable section

namespace MLTheory

namespace Allocation

/-- Strict discrete convexity: the increments `ℓ (k+1) - ℓ k` strictly increase. -/
def StrictlyDiscretelyConvex (ℓ : Nat → Rat) : Prop :=
  ∀ k, ℓ (k + 1) - ℓ k < ℓ (k + 2) - ℓ (k + 1)

/-- The total loss `∑ i, ℓ (a i)` of an allocation under the common loss `ℓ`. -/
def totalLoss (ℓ : Nat → Rat) {n : Nat} (a : Fin n → Nat) : Rat := sumFin n (fun i => ℓ (a i))

/-- The budget `∑ i, a i` an allocation uses. -/
def budget {n : Nat} (a : Fin n → Nat) : Rat := sumFin n (fun i => (a i : Rat))

/-- An allocation is optimal for budget `B`: it uses `B` and no allocation using `B` has a
smaller total loss. -/
def IsOptimal (ℓ : Nat → Rat) {n : Nat} (B : Rat) (a : Fin n → Nat) : Prop :=
  budget a = B ∧ ∀ a' : Fin n → Nat, budget a' = B → totalLoss ℓ a ≤ totalLoss ℓ a'

/-- Move one unit from share `i` to share `j`. -/
def moveUnit {n : Nat} (a : Fin n → Nat) (i j : Fin n) : Fin n → Nat :=
  fun k => if k = i then a i - 1 else if k = j then a j + 1 else a k

/-- The natural number `1` cast to `Rat` is `1`. -/
theorem natCast_one : ((1 : Nat) : Rat) = 1 := rfl

/-- A sum changes by the changes at two indices when nothing else changes. -/
theorem sumFin_eq_of_eq_off_two {n : Nat} (g g' : Fin n → Rat) {i j : Fin n} (hij : i ≠ j)
    (h : ∀ k, k ≠ i → k ≠ j → g' k = g k) :
    sumFin n g' = sumFin n g + (g' i - g i) + (g' j - g j) := by
  have hd : sumFin n (fun k => g' k - g k) =
      sumFin n (fun k => (if k = i then g' i - g i else 0) + (if k = j then g' j - g j else 0)) := by
    apply sumFin_congr
    intro k
    by_cases hki : k = i
    · subst hki
      simp only [hij, if_true, if_false]
      grind
    · by_cases hkj : k = j
      · subst hkj
        simp only [hki, if_true, if_false]
        grind
      · simp only [hki, hkj, if_false, h k hki hkj]
        grind
  rw [sumFin_sub, sumFin_add, sumFin_ite_eq, sumFin_ite_eq] at hd
  grind

/-- Under strict discrete convexity the increments are strictly increasing:
`m < k → ℓ (m+1) - ℓ m < ℓ (k+1) - ℓ k`. -/
theorem increment_lt_increment {ℓ : Nat → Rat} (hℓ : StrictlyDiscretelyConvex ℓ) {m k : Nat}
    (hmk : m < k) : ℓ (m + 1) - ℓ m < ℓ (k + 1) - ℓ k := by
  induction k with
  | zero => omega
  | succ k ih =>
    have hk := hℓ k
    by_cases h : m = k
    · subst h; exact hk
    · have := ih (by omega)
      grind

/-- Moving one unit keeps the budget. -/
theorem budget_moveUnit {n : Nat} (a : Fin n → Nat) {i j : Fin n} (hij : i ≠ j)
    (hi : 1 ≤ a i) : budget (moveUnit a i j) = budget a := by
  unfold budget
  rw [sumFin_eq_of_eq_off_two (fun k => (a k : Rat)) (fun k => (moveUnit a i j k : Rat)) hij
    (fun k hki hkj => by simp [moveUnit, hki, hkj])]
  have e1 : moveUnit a i j i = a i - 1 := by simp [moveUnit]
  have e2 : moveUnit a i j j = a j + 1 := by simp [moveUnit, Ne.symm hij]
  simp only [e1, e2]
  obtain ⟨p, hp⟩ : ∃ p, a i = p + 1 := ⟨a i - 1, by omega⟩
  rw [hp, Nat.add_sub_cancel, Rat.natCast_add, Rat.natCast_add, natCast_one]
  grind

/-- Moving one unit from a share `p + 1` to a share `q < p` strictly lowers the total loss of a
strictly discretely convex common loss. -/
theorem totalLoss_moveUnit_lt {ℓ : Nat → Rat} (hℓ : StrictlyDiscretelyConvex ℓ) {n : Nat}
    (a : Fin n → Nat) {i j : Fin n} (hij : i ≠ j) {p : Nat} (hp : a i = p + 1)
    (hq : a j < p) : totalLoss ℓ (moveUnit a i j) < totalLoss ℓ a := by
  unfold totalLoss
  rw [sumFin_eq_of_eq_off_two (fun k => ℓ (a k)) (fun k => ℓ (moveUnit a i j k)) hij
    (fun k hki hkj => by simp [moveUnit, hki, hkj])]
  have e1 : moveUnit a i j i = p := by simp [moveUnit, hp]
  have e2 : moveUnit a i j j = a j + 1 := by simp [moveUnit, Ne.symm hij]
  simp only [e1, e2, hp]
  have := increment_lt_increment hℓ hq
  grind

/-- **Optimal allocations are balanced**: under a strictly discretely convex common loss, every
optimal allocation has all shares within one unit of each other, `a i ≤ a j + 1`. -/
theorem le_add_one_of_isOptimal {ℓ : Nat → Rat} (hℓ : StrictlyDiscretelyConvex ℓ) {n : Nat}
    {B : Rat} {a : Fin n → Nat} (ha : IsOptimal ℓ B a) (i j : Fin n) : a i ≤ a j + 1 := by
  apply Nat.le_of_not_lt
  intro hlt
  have hij : i ≠ j := by
    intro h; subst h; omega
  obtain ⟨p, hp⟩ : ∃ p, a i = p + 1 := ⟨a i - 1, by omega⟩
  have hq : a j < p := by omega
  have hb : budget (moveUnit a i j) = B := by
    rw [budget_moveUnit a hij (by omega)]; exact ha.1
  have hle := ha.2 _ hb
  have hlt' := totalLoss_moveUnit_lt hℓ a hij hp hq
  grind

/-- **Within one unit of uniform, from above**: for an optimal allocation of budget `B` over
`n` shares, `n · a i ≤ B + n` (that is, `a i ≤ B / n + 1`). -/
theorem natCast_mul_le_of_isOptimal {ℓ : Nat → Rat} (hℓ : StrictlyDiscretelyConvex ℓ)
    {n : Nat} {B : Rat} {a : Fin n → Nat} (ha : IsOptimal ℓ B a) (i : Fin n) :
    (n : Rat) * (a i : Rat) ≤ B + n := by
  have h : sumFin n (fun _ => (a i : Rat) - 1) ≤ sumFin n (fun j => (a j : Rat)) := by
    apply sumFin_le_sumFin
    intro j
    have hj := le_add_one_of_isOptimal hℓ ha i j
    have : ((a i : Nat) : Rat) ≤ ((a j + 1 : Nat) : Rat) := Rat.natCast_le_natCast.mpr hj
    rw [Rat.natCast_add, natCast_one] at this
    grind
  rw [sumFin_const] at h
  have hB : budget a = B := ha.1
  unfold budget at hB
  rw [hB] at h
  grind

/-- **Within one unit of uniform, from below**: for an optimal allocation of budget `B` over
`n` shares, `B ≤ n · a i + n` (that is, `B / n - 1 ≤ a i`). -/
theorem le_natCast_mul_of_isOptimal {ℓ : Nat → Rat} (hℓ : StrictlyDiscretelyConvex ℓ)
    {n : Nat} {B : Rat} {a : Fin n → Nat} (ha : IsOptimal ℓ B a) (i : Fin n) :
    B ≤ (n : Rat) * (a i : Rat) + n := by
  have h : sumFin n (fun j => (a j : Rat)) ≤ sumFin n (fun _ => (a i : Rat) + 1) := by
    apply sumFin_le_sumFin
    intro j
    have hj := le_add_one_of_isOptimal hℓ ha j i
    have : ((a j : Nat) : Rat) ≤ ((a i + 1 : Nat) : Rat) := Rat.natCast_le_natCast.mpr hj
    rw [Rat.natCast_add, natCast_one] at this
    exact this
  rw [sumFin_const] at h
  have hB : budget a = B := ha.1
  unfold budget at hB
  rw [hB] at h
  grind

/-- The allocation `[3, 1, 1]` of a budget of 5 over three regions. -/
def unbalanced : Fin 3 → Nat := fun i => [3, 1, 1].getD i.val 0

/-- The squared loss `ℓ k = k²`, strictly discretely convex. -/
def sqLoss (k : Nat) : Rat := (k : Rat) * (k : Rat)

/-- The squared loss is strictly discretely convex (its increments `2k + 1` increase). -/
theorem sqLoss_strictlyDiscretelyConvex : StrictlyDiscretelyConvex sqLoss := by
  intro k
  unfold sqLoss
  simp only [Rat.natCast_add, natCast_one, Rat.natCast_ofNat]
  grind

/-- Concrete instance: under `ℓ k = k²`, moving a unit from the share 3 of `[3, 1, 1]` to the
share 1 gives `[2, 2, 1]`, with the same budget 5 and total loss 9 instead of 11. -/
theorem moveUnit_example_unbalanced :
    finList 3 (moveUnit unbalanced 0 1) = [2, 2, 1] ∧
      budget (moveUnit unbalanced 0 1) = 5 ∧ budget unbalanced = 5 ∧
      totalLoss sqLoss (moveUnit unbalanced 0 1) = 9 ∧ totalLoss sqLoss unbalanced = 11 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- On one share, the only allocation of a budget of `3` is `3`, so it is optimal. -/
theorem isOptimal_single : IsOptimal sqLoss 3 (fun _ : Fin 1 => 3) := by
  refine ⟨by decide +kernel, fun a' h => ?_⟩
  have h0 : ((a' 0 : Nat) : Rat) = 3 := by
    have : budget a' = (a' 0 : Rat) + 0 := rfl
    rw [this] at h
    grind
  show sqLoss 3 + 0 ≤ sqLoss (a' 0) + 0
  unfold sqLoss
  rw [h0]
  grind

/-- `increment_lt_increment` applied to the squared loss. -/
theorem increment_lt_increment_satisfiable : sqLoss (1 + 1) - sqLoss 1 < sqLoss (3 + 1) - sqLoss 3 :=
  increment_lt_increment sqLoss_strictlyDiscretelyConvex (by decide)

/-- `budget_moveUnit` applied to `[3, 1, 1]`. -/
theorem budget_moveUnit_satisfiable : budget (moveUnit unbalanced 0 1) = budget unbalanced :=
  budget_moveUnit unbalanced (by decide) (by decide)

/-- `totalLoss_moveUnit_lt` applied to `[3, 1, 1]` (share `3 = 2 + 1` against share `1 < 2`). -/
theorem totalLoss_moveUnit_lt_satisfiable :
    totalLoss sqLoss (moveUnit unbalanced 0 1) < totalLoss sqLoss unbalanced :=
  totalLoss_moveUnit_lt sqLoss_strictlyDiscretelyConvex unbalanced (i := 0) (j := 1) (p := 2)
    (by decide) (by decide) (by decide)

/-- `le_add_one_of_isOptimal` applied to the single-share optimum. -/
theorem le_add_one_of_isOptimal_satisfiable : (fun _ : Fin 1 => 3) 0 ≤ (fun _ : Fin 1 => 3) 0 + 1 :=
  le_add_one_of_isOptimal sqLoss_strictlyDiscretelyConvex isOptimal_single 0 0

/-- `natCast_mul_le_of_isOptimal` applied to the single-share optimum. -/
theorem natCast_mul_le_of_isOptimal_satisfiable :
    ((1 : Nat) : Rat) * (((fun _ : Fin 1 => 3) 0 : Nat) : Rat) ≤ 3 + (1 : Nat) :=
  natCast_mul_le_of_isOptimal sqLoss_strictlyDiscretelyConvex isOptimal_single 0

/-- `le_natCast_mul_of_isOptimal` applied to the single-share optimum. -/
theorem le_natCast_mul_of_isOptimal_satisfiable :
    (3 : Rat) ≤ ((1 : Nat) : Rat) * (((fun _ : Fin 1 => 3) 0 : Nat) : Rat) + (1 : Nat) :=
  le_natCast_mul_of_isOptimal sqLoss_strictlyDiscretelyConvex isOptimal_single 0

end Allocation

end MLTheory

end
