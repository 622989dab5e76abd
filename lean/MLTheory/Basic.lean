/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

/-!
# Finite sums, vectors and square matrices over `Rat`

The one shared helper module of the `MLTheory` library (Lean core only, no Mathlib).
It provides what the lemma files need and nothing else:

* `MLTheory.sumFin n f`, the finite sum `f 0 + ⋯ + f (n-1)` over `Fin n`, defined by
  recursion on `n`, with its algebra: linearity (`sumFin_add`, `sumFin_sub`, `sumFin_neg`,
  `sumFin_mul_left`, `sumFin_mul_right`), constants (`sumFin_const`, `sumFin_zero_fun`),
  the sum of an indicator (`sumFin_ite_eq`), congruence (`sumFin_congr`), order
  (`sumFin_nonneg`, `sumFin_pos`, `sumFin_le_sumFin`, `sumFin_pos_iff_exists_pos`,
  `sumFin_eq_zero_iff_of_nonneg`) and swapping a double sum (`sumFin_comm`);
* `MLTheory.finList n f = [f 0, …, f (n-1)]`, to state concrete instances as lists of literals;
* vectors `Fin n → Rat` with `dot`, `sqNorm` and `sqDist` and their basic identities,
  including `sqDist_eq : sqDist x y = sqNorm x - 2 * dot x y + sqNorm y`, and squares
  (`mul_self_nonneg`, `mul_self_pos`, `sqDist_pos_of_ne`);
* `MLTheory.sumNat n f`, the same finite sum for natural numbers, with monotonicity
  (`sumNat_le_sumNat`, `sumNat_lt_sumNat`) and a bound (`sumNat_le_mul`), for counting
  arguments and termination measures;
* square matrices `Mat n = Fin n → Fin n → Rat` with `matId`, `matMul`, `matVec`, `matPow`,
  `trace`, `hadamard` (entrywise product) and `factorial`.

The definitions are mathematical: they are `noncomputable` (code generation of this toolchain
cannot compile them), but the kernel reduces them, so concrete instances are checked by
`decide +kernel` in the lemma files.

Sources: the lemma files built on this module cite their seeds
(`000_7a6cd69522701495.txt`, line 1; `004_725b34af8153ec2b.txt`,
lines 5 and 24).

Also: the matrix-vector product `matVec`, the standard basis vectors `basisVec` (with
`matVec_basisVec`: `A e_j` is column `j` of `A`) and the rectifier `relu` on `Rat` and on vectors
(`reluVec`, positively homogeneous: `relu_mul_of_nonneg`), the one ReLU of the library, for the lemma
files on ReLU networks (`000_7a6cd69522701495.txt`,
line 8; `002_682c09bd1a5fc902.txt`, line 2).
-/

@[expose] public section

noncomputable section

namespace MLTheory

-- the size of the vectors and square matrices
variable {n : Nat}

/-! ## Finite sums over `Fin n` -/

/-- The finite sum `f 0 + f 1 + ⋯ + f (n-1)` of a rational-valued function on `Fin n`. -/
def sumFin : (n : Nat) → (Fin n → Rat) → Rat
  | 0, _ => 0
  | n + 1, f => f 0 + sumFin n (fun i => f i.succ)

/-- The empty sum is `0`. -/
@[simp] theorem sumFin_zero (f : Fin 0 → Rat) : sumFin 0 f = 0 := rfl

/-- Peeling off the first term of a sum over `Fin (n+1)`. -/
@[simp] theorem sumFin_succ (n : Nat) (f : Fin (n + 1) → Rat) :
    sumFin (n + 1) f = f 0 + sumFin n (fun i => f i.succ) := rfl

/-- Sums of pointwise equal functions are equal. -/
theorem sumFin_congr {f g : Fin n → Rat} (h : ∀ i, f i = g i) :
    sumFin n f = sumFin n g := by
  rw [funext h]

/-- The sum of a sum is the sum of the sums. -/
theorem sumFin_add (n : Nat) (f g : Fin n → Rat) :
    sumFin n (fun i => f i + g i) = sumFin n f + sumFin n g := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- A constant factor on the left can be taken out of a sum. -/
theorem sumFin_mul_left (n : Nat) (c : Rat) (f : Fin n → Rat) :
    sumFin n (fun i => c * f i) = c * sumFin n f := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- A constant factor on the right can be taken out of a sum. -/
theorem sumFin_mul_right (n : Nat) (c : Rat) (f : Fin n → Rat) :
    sumFin n (fun i => f i * c) = sumFin n f * c := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- The sum of the negations is the negation of the sum. -/
theorem sumFin_neg (n : Nat) (f : Fin n → Rat) :
    sumFin n (fun i => -f i) = -sumFin n f := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- The sum of a difference is the difference of the sums. -/
theorem sumFin_sub (n : Nat) (f g : Fin n → Rat) :
    sumFin n (fun i => f i - g i) = sumFin n f - sumFin n g := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- The sum of the zero function is `0`. -/
@[simp] theorem sumFin_zero_fun (n : Nat) : sumFin n (fun _ => 0) = 0 := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih]
    grind

/-- The sum of a constant `a` over `Fin n` is `n * a`. -/
theorem sumFin_const (n : Nat) (a : Rat) : sumFin n (fun _ => a) = (n : Rat) * a := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ, ih, Rat.natCast_add]
    grind

/-- The sum of an indicator: `∑ i, (if i = j then a else 0) = a`. -/
theorem sumFin_ite_eq (n : Nat) (j : Fin n) (a : Rat) :
    sumFin n (fun i => if i = j then a else 0) = a := by
  induction n with
  | zero => exact j.elim0
  | succ n ih =>
    cases j using Fin.cases with
    | zero =>
      simp only [sumFin_succ, Fin.succ_ne_zero, if_false, sumFin_zero_fun]
      grind
    | succ j =>
      simp only [sumFin_succ, Fin.succ_inj, ih]
      have : ((0 : Fin (n + 1)) = j.succ) = False := by
        simp only [eq_iff_iff, iff_false]
        exact fun h => Fin.succ_ne_zero j h.symm
      simp only [this, if_false]
      grind

/-- The sum of an indicator, with the equation the other way round:
`∑ i, (if j = i then a else 0) = a`. -/
theorem sumFin_ite_eq' (n : Nat) (j : Fin n) (a : Rat) :
    sumFin n (fun i => if j = i then a else 0) = a := by
  refine Eq.trans (sumFin_congr ?_) (sumFin_ite_eq n j a)
  intro i
  by_cases h : i = j
  · simp [h]
  · have h' : ¬ j = i := fun e => h e.symm
    simp [h, h']

/-- A sum of non-negative terms is non-negative. -/
theorem sumFin_nonneg (n : Nat) (f : Fin n → Rat) (h : ∀ i, 0 ≤ f i) : 0 ≤ sumFin n f := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ]
    have h0 := h 0
    have h1 := ih (fun i => f i.succ) (fun i => h i.succ)
    grind

/-- A non-empty sum of positive terms is positive. -/
theorem sumFin_pos (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (h : ∀ i, 0 < f i) :
    0 < sumFin n f := by
  cases n with
  | zero => omega
  | succ n =>
    simp only [sumFin_succ]
    have h0 := h 0
    have h1 := sumFin_nonneg n (fun i => f i.succ) (fun i => Rat.le_of_lt (h i.succ))
    grind

/-- A sum of non-negative terms is positive iff some term is positive. -/
theorem sumFin_pos_iff_exists_pos (n : Nat) (f : Fin n → Rat) (h : ∀ i, 0 ≤ f i) :
    0 < sumFin n f ↔ ∃ i, 0 < f i := by
  induction n with
  | zero =>
    simp only [sumFin_zero]
    constructor
    · intro h0; exact absurd h0 (Rat.lt_irrefl)
    · rintro ⟨i, _⟩; exact i.elim0
  | succ n ih =>
    simp only [sumFin_succ]
    have h0 := h 0
    have hrest := sumFin_nonneg n (fun i => f i.succ) (fun i => h i.succ)
    have ih' := ih (fun i => f i.succ) (fun i => h i.succ)
    constructor
    · intro hpos
      by_cases hf0 : 0 < f 0
      · exact ⟨0, hf0⟩
      · have : 0 < sumFin n (fun i => f i.succ) := by grind
        obtain ⟨i, hi⟩ := ih'.mp this
        exact ⟨i.succ, hi⟩
    · rintro ⟨i, hi⟩
      cases i using Fin.cases with
      | zero => grind
      | succ i =>
        have := ih'.mpr ⟨i, hi⟩
        grind

/-- A sum of non-negative terms is zero iff every term is zero. -/
theorem sumFin_eq_zero_iff_of_nonneg (n : Nat) (f : Fin n → Rat) (h : ∀ i, 0 ≤ f i) :
    sumFin n f = 0 ↔ ∀ i, f i = 0 := by
  constructor
  · intro hz i
    have hi := h i
    apply Classical.byContradiction
    intro hne
    have hpos : 0 < f i := by grind
    have := (sumFin_pos_iff_exists_pos n f h).mpr ⟨i, hpos⟩
    grind
  · intro hz
    exact Eq.trans (sumFin_congr hz) (sumFin_zero_fun n)

/-- Sums are monotone: termwise `f i ≤ g i` gives `∑ f ≤ ∑ g`. -/
theorem sumFin_le_sumFin (n : Nat) (f g : Fin n → Rat) (h : ∀ i, f i ≤ g i) :
    sumFin n f ≤ sumFin n g := by
  induction n with
  | zero => simp only [sumFin_zero]; all_goals grind
  | succ n ih =>
    simp only [sumFin_succ]
    have h0 := h 0
    have h1 := ih (fun i => f i.succ) (fun i => g i.succ) (fun i => h i.succ)
    grind

/-- Swapping the order of a double sum. -/
theorem sumFin_comm (n m : Nat) (f : Fin n → Fin m → Rat) :
    sumFin n (fun i => sumFin m (fun j => f i j)) =
      sumFin m (fun j => sumFin n (fun i => f i j)) := by
  induction n with
  | zero => simp only [sumFin_zero, sumFin_zero_fun]
  | succ n ih =>
    simp only [sumFin_succ]
    rw [ih (fun i j => f i.succ j), sumFin_add]

/-- The list `[f 0, f 1, …, f (n-1)]` of the values of a function on `Fin n`; concrete instances
state vectors and matrices as (nested) lists of literals with it. -/
def finList {α : Type} : (n : Nat) → (Fin n → α) → List α
  | 0, _ => []
  | n + 1, f => f 0 :: finList n (fun i => f i.succ)

/-- `finList` has one entry per index. -/
@[simp] theorem finList_length {α : Type} (n : Nat) (f : Fin n → α) :
    (finList n f).length = n := by
  induction n with
  | zero => rfl
  | succ n ih => simp [finList, ih]

/-! ## Finite sums of natural numbers -/

/-- The finite sum `f 0 + f 1 + ⋯ + f (n-1)` of a natural-number-valued function on `Fin n`
(for counting arguments and termination measures). -/
def sumNat : (n : Nat) → (Fin n → Nat) → Nat
  | 0, _ => 0
  | n + 1, f => f 0 + sumNat n (fun i => f i.succ)

/-- Sums of naturals are monotone: termwise `f i ≤ g i` gives `∑ f ≤ ∑ g`. -/
theorem sumNat_le_sumNat : ∀ (n : Nat) (f g : Fin n → Nat), (∀ i, f i ≤ g i) →
    sumNat n f ≤ sumNat n g
  | 0, _, _, _ => Nat.le_refl 0
  | n + 1, f, g, h => by
    have h0 := h 0
    have h1 := sumNat_le_sumNat n (fun i => f i.succ) (fun i => g i.succ) (fun i => h i.succ)
    show f 0 + sumNat n (fun i => f i.succ) ≤ g 0 + sumNat n (fun i => g i.succ)
    omega

/-- Sums of naturals are strictly monotone: termwise `f i ≤ g i`, and `f j < g j` for some `j`,
give `∑ f < ∑ g`. -/
theorem sumNat_lt_sumNat : ∀ (n : Nat) (f g : Fin n → Nat), (∀ i, f i ≤ g i) →
    (∃ j, f j < g j) → sumNat n f < sumNat n g
  | 0, _, _, _, ⟨j, _⟩ => j.elim0
  | n + 1, f, g, h, ⟨j, hj⟩ => by
    show f 0 + sumNat n (fun i => f i.succ) < g 0 + sumNat n (fun i => g i.succ)
    cases j using Fin.cases with
    | zero =>
      have := sumNat_le_sumNat n (fun i => f i.succ) (fun i => g i.succ) (fun i => h i.succ)
      omega
    | succ j =>
      have := sumNat_lt_sumNat n (fun i => f i.succ) (fun i => g i.succ) (fun i => h i.succ)
        ⟨j, hj⟩
      have h0 := h 0
      omega

/-- A sum of naturals bounded termwise by `c` is at most `n * c`. -/
theorem sumNat_le_mul : ∀ (n : Nat) (f : Fin n → Nat) (c : Nat), (∀ i, f i ≤ c) →
    sumNat n f ≤ n * c
  | 0, _, c, _ => by show 0 ≤ 0 * c; exact Nat.zero_le _
  | n + 1, f, c, h => by
    have h0 := h 0
    have h1 := sumNat_le_mul n (fun i => f i.succ) c (fun i => h i.succ)
    show f 0 + sumNat n (fun i => f i.succ) ≤ (n + 1) * c
    rw [Nat.succ_mul]
    omega

/-! ## Vectors -/

/-- The inner product `⟨x, y⟩ = ∑ i, x i * y i` of two rational vectors. -/
def dot (x y : Fin n → Rat) : Rat := sumFin n (fun i => x i * y i)

/-- The squared Euclidean norm `‖x‖² = ⟨x, x⟩`. -/
def sqNorm (x : Fin n → Rat) : Rat := dot x x

/-- The squared Euclidean distance `‖x - y‖² = ∑ i, (x i - y i)²`. -/
def sqDist (x y : Fin n → Rat) : Rat := sumFin n (fun i => (x i - y i) * (x i - y i))

/-- The inner product is symmetric. -/
theorem dot_comm (x y : Fin n → Rat) : dot x y = dot y x := by
  unfold dot
  exact sumFin_congr (fun i => Rat.mul_comm (x i) (y i))

/-- The inner product is additive in its first argument. -/
theorem dot_add_left (x y z : Fin n → Rat) :
    dot (fun i => x i + y i) z = dot x z + dot y z := by
  unfold dot
  rw [← sumFin_add]
  exact sumFin_congr (fun i => Rat.add_mul _ _ _)

/-- The inner product is additive in its second argument. -/
theorem dot_add_right (x y z : Fin n → Rat) :
    dot x (fun i => y i + z i) = dot x y + dot x z := by
  unfold dot
  rw [← sumFin_add]
  exact sumFin_congr (fun i => Rat.mul_add _ _ _)

/-- The inner product is subtractive in its first argument. -/
theorem dot_sub_left (x y z : Fin n → Rat) :
    dot (fun i => x i - y i) z = dot x z - dot y z := by
  unfold dot
  rw [← sumFin_sub]
  exact sumFin_congr (fun i => by grind)

/-- The inner product is subtractive in its second argument. -/
theorem dot_sub_right (x y z : Fin n → Rat) :
    dot x (fun i => y i - z i) = dot x y - dot x z := by
  unfold dot
  rw [← sumFin_sub]
  exact sumFin_congr (fun i => by grind)

/-- Scalars come out of the first argument of the inner product. -/
theorem dot_smul_left (c : Rat) (x y : Fin n → Rat) :
    dot (fun i => c * x i) y = c * dot x y := by
  unfold dot
  rw [← sumFin_mul_left]
  exact sumFin_congr (fun i => Rat.mul_assoc _ _ _)

/-- Scalars come out of the second argument of the inner product. -/
theorem dot_smul_right (c : Rat) (x y : Fin n → Rat) :
    dot x (fun i => c * y i) = c * dot x y := by
  unfold dot
  rw [← sumFin_mul_left]
  exact sumFin_congr (fun i => by grind)

/-- The inner product with the zero vector is `0`. -/
theorem dot_zero_right (x : Fin n → Rat) : dot x (fun _ => 0) = 0 := by
  unfold dot
  exact Eq.trans (sumFin_congr (fun i => Rat.mul_zero _)) (sumFin_zero_fun n)

/-- A square is non-negative. -/
theorem mul_self_nonneg (t : Rat) : 0 ≤ t * t := by
  by_cases h : 0 ≤ t
  · exact Rat.mul_nonneg h h
  · have h' : 0 ≤ -t := by grind
    have := Rat.mul_nonneg h' h'
    grind

/-- The square of a non-zero number is positive. -/
theorem mul_self_pos {t : Rat} (h : t ≠ 0) : 0 < t * t := by
  by_cases hp : 0 < t
  · exact Rat.mul_pos hp hp
  · have hn : 0 < -t := by grind
    have := Rat.mul_pos hn hn
    grind

/-- A squared norm is non-negative. -/
theorem sqNorm_nonneg (x : Fin n → Rat) : 0 ≤ sqNorm x := by
  unfold sqNorm dot
  exact sumFin_nonneg n _ (fun i => mul_self_nonneg (x i))

/-- The squared distance is symmetric. -/
theorem sqDist_comm (x y : Fin n → Rat) : sqDist x y = sqDist y x := by
  unfold sqDist
  exact sumFin_congr (fun i => by grind)

/-- The squared distance is the squared norm of the difference. -/
theorem sqDist_eq_sqNorm_sub (x y : Fin n → Rat) :
    sqDist x y = sqNorm (fun i => x i - y i) := rfl

/-- A squared distance is non-negative. -/
theorem sqDist_nonneg (x y : Fin n → Rat) : 0 ≤ sqDist x y :=
  sqNorm_nonneg (fun i => x i - y i)

/-- Two points that differ in some coordinate are at positive squared distance. -/
theorem sqDist_pos_of_ne {x y : Fin n → Rat} (i : Fin n) (h : x i ≠ y i) : 0 < sqDist x y := by
  unfold sqDist
  exact (sumFin_pos_iff_exists_pos n _ (fun i => mul_self_nonneg _)).mpr ⟨i, mul_self_pos (by grind)⟩

/-- The squared distance of a point to itself is `0`. -/
@[simp] theorem sqDist_self (x : Fin n → Rat) : sqDist x x = 0 := by
  unfold sqDist
  exact Eq.trans (sumFin_congr (fun i => by grind)) (sumFin_zero_fun n)

/-- Polarisation: `‖x - y‖² = ‖x‖² - 2⟨x, y⟩ + ‖y‖²`. -/
theorem sqDist_eq (x y : Fin n → Rat) :
    sqDist x y = sqNorm x - 2 * dot x y + sqNorm y := by
  unfold sqDist sqNorm dot
  rw [sumFin_congr (g := fun i => (x i * x i - 2 * (x i * y i)) + y i * y i)
    (fun i => by grind), sumFin_add, sumFin_sub, sumFin_mul_left]

/-! ## Square matrices -/

/-- Square rational matrices of size `n`, as functions of (row, column). -/
abbrev Mat (n : Nat) : Type := Fin n → Fin n → Rat

/-- The identity matrix. -/
def matId (n : Nat) : Mat n := fun i j => if i = j then 1 else 0

/-- The zero matrix. -/
def matZero (n : Nat) : Mat n := fun _ _ => 0

/-- The matrix product `(A B) i j = ∑ k, A i k * B k j`. -/
def matMul (A B : Mat n) : Mat n := fun i j => sumFin n (fun k => A i k * B k j)

/-- The matrix power `A^k`, with `A^0 = I` and `A^(k+1) = A * A^k`. -/
def matPow (A : Mat n) : Nat → Mat n
  | 0 => matId n
  | k + 1 => matMul A (matPow A k)

/-- The matrix-vector product `(A u) i = ∑ k, A i k * u k`. -/
def matVec (A : Mat n) (u : Fin n → Rat) : Fin n → Rat :=
  fun i => sumFin n (fun k => A i k * u k)

/-- The trace `∑ i, A i i`. -/
def trace (A : Mat n) : Rat := sumFin n (fun i => A i i)

/-- The entrywise (Hadamard) product `(A ∘ B) i j = A i j * B i j`. -/
def hadamard (A B : Mat n) : Mat n := fun i j => A i j * B i j

/-- The factorial `k! = 1 * 2 * ⋯ * k` (core Lean has none). -/
def factorial : Nat → Nat
  | 0 => 1
  | k + 1 => (k + 1) * factorial k

/-- `A^0` is the identity matrix. -/
@[simp] theorem matPow_zero (A : Mat n) : matPow A 0 = matId n := rfl

/-- `A^(k+1) = A * A^k`. -/
theorem matPow_succ (A : Mat n) (k : Nat) :
    matPow A (k + 1) = matMul A (matPow A k) := rfl

/-- Entries of `A^(k+1)`: `(A^(k+1)) i j = ∑ m, A i m * (A^k) m j`. -/
theorem matPow_succ_apply (A : Mat n) (k : Nat) (i j : Fin n) :
    matPow A (k + 1) i j = sumFin n (fun m => A i m * matPow A k m j) := rfl

/-- Right multiplication by the identity. -/
@[simp] theorem matMul_id_right (A : Mat n) : matMul A (matId n) = A := by
  funext i j
  unfold matMul matId
  exact Eq.trans (sumFin_congr (fun k => by by_cases h : k = j <;> simp [h]))
    (sumFin_ite_eq n j (A i j))

/-- Left multiplication by the identity. -/
@[simp] theorem matMul_id_left (A : Mat n) : matMul (matId n) A = A := by
  funext i j
  unfold matMul matId
  exact Eq.trans (sumFin_congr (fun k => by by_cases h : i = k <;> simp [h]))
    (sumFin_ite_eq' n i (A i j))

/-- `A^1 = A`. -/
@[simp] theorem matPow_one (A : Mat n) : matPow A 1 = A := by
  simp [matPow_succ]

/-- The factorial is positive. -/
theorem factorial_pos (k : Nat) : 0 < factorial k := by
  induction k with
  | zero => simp [factorial]
  | succ k ih =>
    simp only [factorial]
    exact Nat.mul_pos (Nat.succ_pos k) ih

/-! ## Basis vectors and the rectifier -/

/-- The standard basis vector `e_j`: coordinate `i` is `[i = j]`. -/
def basisVec (j : Fin n) : Fin n → Rat := fun i => if i = j then 1 else 0

/-- `A e_j` is column `j` of `A`: `(A e_j) i = A i j`. -/
theorem matVec_basisVec (A : Mat n) (j : Fin n) (i : Fin n) :
    matVec A (basisVec j) i = A i j := by
  unfold matVec basisVec
  exact Eq.trans (sumFin_congr (fun k => by by_cases h : k = j <;> simp [h]))
    (sumFin_ite_eq n j (A i j))

/-- The rectifier `relu t = max t 0` on `Rat`. -/
def relu (t : Rat) : Rat := if 0 ≤ t then t else 0

/-- The rectifier applied coordinatewise to a vector. -/
def reluVec (x : Fin n → Rat) : Fin n → Rat := fun i => relu (x i)

/-- `relu t = t` for `t ≥ 0`. -/
theorem relu_of_nonneg {t : Rat} (h : 0 ≤ t) : relu t = t := by
  simp [relu, h]

/-- `relu t = 0` for `t ≤ 0`. -/
theorem relu_of_nonpos {t : Rat} (h : t ≤ 0) : relu t = 0 := by
  unfold relu
  by_cases h' : 0 ≤ t
  · simp only [h', if_true]; grind
  · simp [h']

/-- The rectifier is non-negative. -/
theorem relu_nonneg (t : Rat) : 0 ≤ relu t := by
  unfold relu
  by_cases h : 0 ≤ t
  · simp only [h, if_true]
  · simp only [h, if_false]; grind

/-- The rectifier is positively homogeneous: `relu (c t) = c relu t` for `c ≥ 0`. -/
theorem relu_mul_of_nonneg {c : Rat} (hc : 0 ≤ c) (t : Rat) : relu (c * t) = c * relu t := by
  by_cases ht : 0 ≤ t
  · rw [relu_of_nonneg ht, relu_of_nonneg (Rat.mul_nonneg hc ht)]
  · have ht' : t ≤ 0 := by grind
    have hct : c * t ≤ c * 0 := Rat.mul_le_mul_of_nonneg_left ht' hc
    rw [relu_of_nonpos ht', relu_of_nonpos (t := c * t) (by grind)]
    grind

end MLTheory

end
