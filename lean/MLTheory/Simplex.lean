/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic

/-!
# Simplex codes: equidistance, and the argmax head is the 1-nearest-neighbour rule

Sources:
* `000_7a6cd69522701495.txt`, line 1: with simplex-encoded labels, a one-layer
  transformer with an argmax classification head behaves identically to a one-nearest-neighbour
  classifier in the multiclass setting;
* `004_725b34af8153ec2b.txt`, line 24: balanced equal-norm prototype codes (equal
  lengths, zero sum), with the regular simplex as a special case.

The simplex code of class `c` among `C` classes is the centred one-hot vector
`simplexCode C c = e_c - (1/C)·𝟙 : Fin C → Rat`. We prove, for every number of classes `C`:

* balance: the coordinates of each code vector sum to `0` (`simplexCode_sum_eq_zero`), and so
  do the code vectors themselves (`simplexCode_sum_classes_eq_zero`);
* the Gram matrix `⟨v_a, v_b⟩ = [a = b] - 1/C` (`simplexCode_dot`), hence equal norms
  `‖v_c‖² = (C-1)/C` (`simplexCode_sqNorm`), inner products `-1/C` between distinct classes
  (`simplexCode_dot_of_ne`) and **equidistance** `‖v_a - v_b‖² = 2` (`simplexCode_sqDist_eq_two`);
* for ANY code with `‖v_a‖² = ‖v_b‖²`: `⟨x, v_b⟩ ≤ ⟨x, v_a⟩ ↔ ‖x - v_a‖² ≤ ‖x - v_b‖²`
  (`dot_le_dot_iff_sqDist_le_sqDist`), so for an equal-norm code a class maximises the score
  `⟨x, v_·⟩` iff it is a nearest prototype (`code_isMaximiser_iff_isMinimiser`), and the argmax
  rule and the nearest-prototype rule, both breaking ties by the lowest index, pick the same class
  for every `x` (`argmaxOf_dot_eq_argminOf_sqDist`);
* **argmax head = nearest prototype** for the simplex code:
  `argmaxHead C hC x = nearestNeighbour C hC x` for every `x` (`argmaxHead_eq_nearestNeighbour`),
  and `simplexCode_isMaximiser_iff_isMinimiser`;
* **the attention step** (the paper's 1-NN is over the *in-context examples*, not over the label
  prototypes): for in-context examples with labels `lab` and any attention weights `w` (e.g.
  non-negative softmax weights), the argmax head applied to the attention-weighted label codes
  `∑_t w t • v_{lab t}` returns the class with the largest total attention, the lowest such class
  on ties (`argmaxHead_attnOutput`); under hard attention on one example it returns that
  example's label (`argmaxHead_hardWeights`); and when hard dot-product attention picks the
  example of largest score `⟨q, xs t⟩` among equal-norm examples, the head returns the label of
  the nearest in-context example, i.e. the 1-NN prediction (`transformerHead_eq_oneNN`).
  The equal-norm hypothesis is what turns "largest dot product" into "least distance".

Concrete instances (exact rationals, checked by `decide +kernel`) are the theorems with
`_instance_` in their names: the Gram matrices for `C = 3` and `C = 5`, a norm, an inner
product, a squared distance, the two rules on sample inputs (one with a tie), and the
transformer head on four in-context examples under hard and soft attention.
-/

@[expose] public section

noncomputable section

namespace MLTheory

/-! ## The simplex code -/

/-- The simplex code of class `c` among `C` classes: the centred one-hot vector
`e_c - (1/C)·𝟙`, i.e. coordinate `i` is `[i = c] - 1/C`. -/
def simplexCode (C : Nat) (c : Fin C) : Fin C → Rat :=
  fun i => (if i = c then 1 else 0) - 1 / (C : Rat)

/-- The Gram matrix `G a b = ⟨v_a, v_b⟩` of the simplex code. -/
def simplexGram (C : Nat) : Mat C := fun a b => dot (simplexCode C a) (simplexCode C b)

/-- The Gram matrix of the simplex code as a list of rows, for stating concrete instances. -/
def simplexGramRows (C : Nat) : List (List Rat) :=
  finList C (fun a => finList C (fun b => simplexGram C a b))

/-- `C * (1/C) = 1` for a positive natural number `C`. -/
theorem natCast_mul_one_div (C : Nat) (hC : 0 < C) : (C : Rat) * (1 / (C : Rat)) = 1 := by
  have h : (C : Rat) ≠ 0 := by
    intro h
    have := (Rat.natCast_eq_zero_iff).mp h
    omega
  rw [Rat.div_def, Rat.one_mul]
  exact Rat.mul_inv_cancel _ h

/-- Balance: the coordinates of every simplex code vector sum to `0`. -/
theorem simplexCode_sum_eq_zero (C : Nat) (c : Fin C) : sumFin C (simplexCode C c) = 0 := by
  have hC : 0 < C := Nat.lt_of_le_of_lt (Nat.zero_le _) c.isLt
  unfold simplexCode
  rw [sumFin_sub, sumFin_ite_eq, sumFin_const, natCast_mul_one_div C hC]
  grind

/-- Balance over classes: the simplex code vectors sum to the zero vector,
`∑ c, v_c i = 0` for every coordinate `i`. -/
theorem simplexCode_sum_classes_eq_zero (C : Nat) (i : Fin C) :
    sumFin C (fun c => simplexCode C c i) = 0 := by
  have hC : 0 < C := Nat.lt_of_le_of_lt (Nat.zero_le _) i.isLt
  unfold simplexCode
  rw [sumFin_sub, sumFin_ite_eq', sumFin_const, natCast_mul_one_div C hC]
  grind

/-- The Gram matrix of the simplex code: `⟨v_a, v_b⟩ = [a = b] - 1/C`. -/
theorem simplexCode_dot (C : Nat) (a b : Fin C) :
    dot (simplexCode C a) (simplexCode C b) = (if a = b then 1 else 0) - 1 / (C : Rat) := by
  have hC : 0 < C := Nat.lt_of_le_of_lt (Nat.zero_le _) a.isLt
  have hCt := natCast_mul_one_div C hC
  unfold dot simplexCode
  generalize 1 / (C : Rat) = t at hCt ⊢
  rw [sumFin_congr (g := fun i => ((if i = a then (if a = b then 1 else 0) else 0) -
      (t * (if i = a then 1 else 0) + t * (if i = b then 1 else 0))) + t * t)
      (fun i => by grind),
    sumFin_add, sumFin_sub, sumFin_add, sumFin_mul_left, sumFin_mul_left, sumFin_ite_eq,
    sumFin_ite_eq, sumFin_ite_eq, sumFin_const, ← Rat.mul_assoc, hCt, Rat.one_mul]
  grind

/-- The Gram matrix of the simplex code is `I - J/C`. -/
theorem simplexGram_eq (C : Nat) (a b : Fin C) :
    simplexGram C a b = (if a = b then 1 else 0) - 1 / (C : Rat) :=
  simplexCode_dot C a b

/-- Equal norms: `‖v_c‖² = (C-1)/C` for every class `c`. -/
theorem simplexCode_sqNorm (C : Nat) (c : Fin C) :
    sqNorm (simplexCode C c) = ((C : Rat) - 1) / (C : Rat) := by
  have hC : 0 < C := Nat.lt_of_le_of_lt (Nat.zero_le _) c.isLt
  have hCt := natCast_mul_one_div C hC
  unfold sqNorm
  rw [simplexCode_dot, if_pos rfl, Rat.div_def, Rat.div_def]
  have hinv : (C : Rat) * (C : Rat)⁻¹ = 1 := by
    rw [Rat.div_def, Rat.one_mul] at hCt
    exact hCt
  grind

/-- Inner products: `⟨v_a, v_b⟩ = -1/C` for distinct classes `a ≠ b`. -/
theorem simplexCode_dot_of_ne (C : Nat) {a b : Fin C} (hab : a ≠ b) :
    dot (simplexCode C a) (simplexCode C b) = -1 / (C : Rat) := by
  rw [simplexCode_dot, if_neg hab, Rat.div_def, Rat.div_def, Rat.neg_mul]
  grind

/-- **Equidistance**: distinct simplex code vectors are at squared distance `2`,
`‖v_a - v_b‖² = 2` for `a ≠ b`, whatever the number of classes. -/
theorem simplexCode_sqDist_eq_two (C : Nat) {a b : Fin C} (hab : a ≠ b) :
    sqDist (simplexCode C a) (simplexCode C b) = 2 := by
  rw [sqDist_eq]
  unfold sqNorm
  rw [simplexCode_dot, simplexCode_dot, simplexCode_dot, if_neg hab]
  simp only [if_true]
  grind

/-- All simplex code vectors have the same squared norm. -/
theorem simplexCode_sqNorm_eq (C : Nat) (a b : Fin C) :
    sqNorm (simplexCode C a) = sqNorm (simplexCode C b) := by
  rw [simplexCode_sqNorm, simplexCode_sqNorm]

/-! ## Equal-norm codes: scores versus distances -/

/-- For prototypes of equal norm, a larger inner product with `x` is the same as a smaller
squared distance to `x`: `‖v_a‖² = ‖v_b‖² → (⟨x, v_b⟩ ≤ ⟨x, v_a⟩ ↔ ‖x - v_a‖² ≤ ‖x - v_b‖²)`.
Holds for any code in any dimension `d`. -/
theorem dot_le_dot_iff_sqDist_le_sqDist {d : Nat} (x va vb : Fin d → Rat)
    (h : sqNorm va = sqNorm vb) :
    dot x vb ≤ dot x va ↔ sqDist x va ≤ sqDist x vb := by
  rw [sqDist_eq, sqDist_eq, h]
  constructor <;> intro hle <;> grind

/-- For an equal-norm code (all prototypes `code c` of the same squared norm), class `c`
maximises the score `⟨x, code ·⟩` iff it minimises the squared distance `‖x - code ·‖²`. -/
theorem code_isMaximiser_iff_isMinimiser {C d : Nat} (code : Fin C → Fin d → Rat)
    (hnorm : ∀ a b, sqNorm (code a) = sqNorm (code b)) (x : Fin d → Rat) (c : Fin C) :
    (∀ c', dot x (code c') ≤ dot x (code c)) ↔ (∀ c', sqDist x (code c) ≤ sqDist x (code c')) :=
  ⟨fun h c' => (dot_le_dot_iff_sqDist_le_sqDist x _ _ (hnorm c c')).mp (h c'),
   fun h c' => (dot_le_dot_iff_sqDist_le_sqDist x _ _ (hnorm c c')).mpr (h c')⟩

/-- For the simplex code, class `c` maximises `⟨x, v_·⟩` over all classes iff it minimises
`‖x - v_·‖²` over all classes. -/
theorem simplexCode_isMaximiser_iff_isMinimiser (C : Nat) (x : Fin C → Rat) (c : Fin C) :
    (∀ c', dot x (simplexCode C c') ≤ dot x (simplexCode C c)) ↔
      (∀ c', sqDist x (simplexCode C c) ≤ sqDist x (simplexCode C c')) :=
  code_isMaximiser_iff_isMinimiser (simplexCode C) (simplexCode_sqNorm_eq C) x c

/-! ## Lowest-index argmax and argmin over `Fin n` -/

/-- The lowest index at which `f : Fin (n+1) → Rat` is maximal: compare `f 0` with the best
of the remaining indices and keep `0` on ties. -/
def argmaxFin : (n : Nat) → (Fin (n + 1) → Rat) → Fin (n + 1)
  | 0, _ => 0
  | n + 1, f =>
    if f (argmaxFin n (fun i => f i.succ)).succ ≤ f 0 then 0
    else (argmaxFin n (fun i => f i.succ)).succ

/-- The lowest index at which `f : Fin (n+1) → Rat` is minimal: compare `f 0` with the best
of the remaining indices and keep `0` on ties. -/
def argminFin : (n : Nat) → (Fin (n + 1) → Rat) → Fin (n + 1)
  | 0, _ => 0
  | n + 1, f =>
    if f 0 ≤ f (argminFin n (fun i => f i.succ)).succ then 0
    else (argminFin n (fun i => f i.succ)).succ

/-- The recursion equation of `argmaxFin`. -/
theorem argmaxFin_succ (n : Nat) (f : Fin (n + 2) → Rat) :
    argmaxFin (n + 1) f =
      if f (argmaxFin n (fun i => f i.succ)).succ ≤ f 0 then 0
      else (argmaxFin n (fun i => f i.succ)).succ := rfl

/-- The recursion equation of `argminFin`. -/
theorem argminFin_succ (n : Nat) (f : Fin (n + 2) → Rat) :
    argminFin (n + 1) f =
      if f 0 ≤ f (argminFin n (fun i => f i.succ)).succ then 0
      else (argminFin n (fun i => f i.succ)).succ := rfl

/-- `argmaxFin n f` is a maximiser of `f`. -/
theorem argmaxFin_spec (n : Nat) (f : Fin (n + 1) → Rat) (i : Fin (n + 1)) :
    f i ≤ f (argmaxFin n f) := by
  induction n with
  | zero =>
    cases i using Fin.cases with
    | zero => exact Rat.le_refl
    | succ i => exact i.elim0
  | succ n ih =>
    rw [argmaxFin_succ]
    have ih' := fun i => ih (fun i => f i.succ) i
    generalize argmaxFin n (fun i => f i.succ) = j at ih' ⊢
    by_cases h : f j.succ ≤ f 0
    · rw [if_pos h]
      cases i using Fin.cases with
      | zero => exact Rat.le_refl
      | succ i => exact Rat.le_trans (ih' i) h
    · rw [if_neg h]
      cases i using Fin.cases with
      | zero => exact Rat.le_of_lt (Rat.not_le.mp h)
      | succ i => exact ih' i

/-- `argminFin n f` is a minimiser of `f`. -/
theorem argminFin_spec (n : Nat) (f : Fin (n + 1) → Rat) (i : Fin (n + 1)) :
    f (argminFin n f) ≤ f i := by
  induction n with
  | zero =>
    cases i using Fin.cases with
    | zero => exact Rat.le_refl
    | succ i => exact i.elim0
  | succ n ih =>
    rw [argminFin_succ]
    have ih' := fun i => ih (fun i => f i.succ) i
    generalize argminFin n (fun i => f i.succ) = j at ih' ⊢
    by_cases h : f 0 ≤ f j.succ
    · rw [if_pos h]
      cases i using Fin.cases with
      | zero => exact Rat.le_refl
      | succ i => exact Rat.le_trans h (ih' i)
    · rw [if_neg h]
      cases i using Fin.cases with
      | zero => exact Rat.le_of_lt (Rat.not_le.mp h)
      | succ i => exact ih' i

/-- Tie-break of `argmaxFin`: it is the lowest index among the maximisers. -/
theorem argmaxFin_le_of_eq (n : Nat) (f : Fin (n + 1) → Rat) (i : Fin (n + 1))
    (hi : f i = f (argmaxFin n f)) : (argmaxFin n f).val ≤ i.val := by
  induction n with
  | zero => exact Nat.zero_le _
  | succ n ih =>
    rw [argmaxFin_succ] at hi ⊢
    have ih' := fun i => ih (fun i => f i.succ) i
    generalize argmaxFin n (fun i => f i.succ) = j at ih' hi ⊢
    by_cases h : f j.succ ≤ f 0
    · rw [if_pos h]
      exact Nat.zero_le _
    · rw [if_neg h] at hi ⊢
      cases i using Fin.cases with
      | zero => exact absurd (hi ▸ Rat.le_refl) h
      | succ i =>
        simp only [Fin.val_succ]
        exact Nat.succ_le_succ (ih' i hi)

/-- Tie-break of `argminFin`: it is the lowest index among the minimisers. -/
theorem argminFin_le_of_eq (n : Nat) (f : Fin (n + 1) → Rat) (i : Fin (n + 1))
    (hi : f i = f (argminFin n f)) : (argminFin n f).val ≤ i.val := by
  induction n with
  | zero => exact Nat.zero_le _
  | succ n ih =>
    rw [argminFin_succ] at hi ⊢
    have ih' := fun i => ih (fun i => f i.succ) i
    generalize argminFin n (fun i => f i.succ) = j at ih' hi ⊢
    by_cases h : f 0 ≤ f j.succ
    · rw [if_pos h]
      exact Nat.zero_le _
    · rw [if_neg h] at hi ⊢
      cases i using Fin.cases with
      | zero => exact absurd (hi ▸ Rat.le_refl) h
      | succ i =>
        simp only [Fin.val_succ]
        exact Nat.succ_le_succ (ih' i hi)

/-- If `g` orders the indices exactly in reverse to `f` (`f a ≤ f b ↔ g b ≤ g a`), then the
lowest-index argmax of `f` is the lowest-index argmin of `g`. -/
theorem argmaxFin_eq_argminFin (n : Nat) (f g : Fin (n + 1) → Rat)
    (h : ∀ a b, f a ≤ f b ↔ g b ≤ g a) : argmaxFin n f = argminFin n g := by
  induction n with
  | zero => rfl
  | succ n ih =>
    rw [argmaxFin_succ, argminFin_succ,
      ih (fun i => f i.succ) (fun i => g i.succ) (fun a b => h a.succ b.succ)]
    generalize argminFin n (fun i => g i.succ) = j
    by_cases hf : f j.succ ≤ f 0
    · rw [if_pos hf, if_pos ((h _ _).mp hf)]
    · rw [if_neg hf, if_neg (fun hg => hf ((h _ _).mpr hg))]

/-- The lowest index maximising `f : Fin n → Rat`, for `n > 0`. -/
def argmaxOf : (n : Nat) → 0 < n → (Fin n → Rat) → Fin n
  | 0, h, _ => absurd h (Nat.lt_irrefl 0)
  | n + 1, _, f => argmaxFin n f

/-- The lowest index minimising `f : Fin n → Rat`, for `n > 0`. -/
def argminOf : (n : Nat) → 0 < n → (Fin n → Rat) → Fin n
  | 0, h, _ => absurd h (Nat.lt_irrefl 0)
  | n + 1, _, f => argminFin n f

/-- `argmaxOf n hn f` is a maximiser of `f`. -/
theorem argmaxOf_spec (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (i : Fin n) :
    f i ≤ f (argmaxOf n hn f) := by
  cases n with
  | zero => omega
  | succ n => exact argmaxFin_spec n f i

/-- `argminOf n hn f` is a minimiser of `f`. -/
theorem argminOf_spec (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (i : Fin n) :
    f (argminOf n hn f) ≤ f i := by
  cases n with
  | zero => omega
  | succ n => exact argminFin_spec n f i

/-- `argmaxOf` breaks ties by the lowest index. -/
theorem argmaxOf_le_of_eq (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (i : Fin n)
    (hi : f i = f (argmaxOf n hn f)) : (argmaxOf n hn f).val ≤ i.val := by
  cases n with
  | zero => omega
  | succ n => exact argmaxFin_le_of_eq n f i hi

/-- `argminOf` breaks ties by the lowest index. -/
theorem argminOf_le_of_eq (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (i : Fin n)
    (hi : f i = f (argminOf n hn f)) : (argminOf n hn f).val ≤ i.val := by
  cases n with
  | zero => omega
  | succ n => exact argminFin_le_of_eq n f i hi

/-- If `g` orders the indices exactly in reverse to `f`, the lowest-index argmax of `f` is the
lowest-index argmin of `g`. -/
theorem argmaxOf_eq_argminOf (n : Nat) (hn : 0 < n) (f g : Fin n → Rat)
    (h : ∀ a b, f a ≤ f b ↔ g b ≤ g a) : argmaxOf n hn f = argminOf n hn g := by
  cases n with
  | zero => omega
  | succ n => exact argmaxFin_eq_argminFin n f g h

/-- For any equal-norm code in any dimension `d`, the argmax-score rule and the
nearest-prototype rule (both with lowest-index tie-break) pick the same class for every `x`. -/
theorem argmaxOf_dot_eq_argminOf_sqDist {C d : Nat} (hC : 0 < C) (code : Fin C → Fin d → Rat)
    (hnorm : ∀ a b, sqNorm (code a) = sqNorm (code b)) (x : Fin d → Rat) :
    argmaxOf C hC (fun c => dot x (code c)) = argminOf C hC (fun c => sqDist x (code c)) :=
  argmaxOf_eq_argminOf C hC _ _
    (fun a b => dot_le_dot_iff_sqDist_le_sqDist x (code b) (code a) (hnorm b a))

/-! ## Argmax head and nearest neighbour for the simplex code -/

/-- The argmax classification head on simplex-encoded labels: the class `c` with the largest
score `⟨x, v_c⟩` (lowest index on ties). -/
def argmaxHead (C : Nat) (hC : 0 < C) (x : Fin C → Rat) : Fin C :=
  argmaxOf C hC (fun c => dot x (simplexCode C c))

/-- The one-nearest-neighbour rule among the simplex prototypes: the class `c` with the smallest
squared distance `‖x - v_c‖²` (lowest index on ties). -/
def nearestNeighbour (C : Nat) (hC : 0 < C) (x : Fin C → Rat) : Fin C :=
  argminOf C hC (fun c => sqDist x (simplexCode C c))

/-- The argmax head maximises the score `⟨x, v_·⟩`. -/
theorem argmaxHead_spec (C : Nat) (hC : 0 < C) (x : Fin C → Rat) (c : Fin C) :
    dot x (simplexCode C c) ≤ dot x (simplexCode C (argmaxHead C hC x)) :=
  argmaxOf_spec C hC (fun c => dot x (simplexCode C c)) c

/-- The nearest-neighbour rule minimises the squared distance `‖x - v_·‖²`. -/
theorem nearestNeighbour_spec (C : Nat) (hC : 0 < C) (x : Fin C → Rat) (c : Fin C) :
    sqDist x (simplexCode C (nearestNeighbour C hC x)) ≤ sqDist x (simplexCode C c) :=
  argminOf_spec C hC (fun c => sqDist x (simplexCode C c)) c

/-- **Argmax head = 1-NN**: for every number of classes `C ≥ 1` and every input `x`, the argmax
head on simplex-encoded labels returns the same class as the nearest-neighbour rule. -/
theorem argmaxHead_eq_nearestNeighbour (C : Nat) (hC : 0 < C) (x : Fin C → Rat) :
    argmaxHead C hC x = nearestNeighbour C hC x :=
  argmaxOf_dot_eq_argminOf_sqDist hC (simplexCode C) (simplexCode_sqNorm_eq C) x

/-! ## The attention step: from in-context examples to the 1-NN prediction

The head above reads one vector `x`. In the paper's setting `x` is the output of one attention
layer over `m` in-context examples `(xs t, lab t)`: the attention-weighted sum of the examples'
label codes, `x = ∑_t w t • v_{lab t}` (`attnOutput`). -/

/-- `argmaxOf` depends only on the order of the values: if `f` and `g` order the indices in the
same way, they have the same lowest-index argmax. -/
theorem argmaxOf_congr_order (n : Nat) (hn : 0 < n) (f g : Fin n → Rat)
    (h : ∀ a b, f a ≤ f b ↔ g a ≤ g b) : argmaxOf n hn f = argmaxOf n hn g := by
  rw [argmaxOf_eq_argminOf n hn f (fun c => -g c)
      (fun a b => by rw [h a b]; constructor <;> intro hh <;> grind),
    argmaxOf_eq_argminOf n hn g (fun c => -g c)
      (fun a b => by constructor <;> intro hh <;> grind)]

/-- A strict maximiser is the argmax. -/
theorem argmaxOf_eq_of_forall_lt (n : Nat) (hn : 0 < n) (f : Fin n → Rat) (c : Fin n)
    (hc : ∀ c', c' ≠ c → f c' < f c) : argmaxOf n hn f = c := by
  apply Classical.byContradiction
  intro hne
  have h1 := argmaxOf_spec n hn f c
  have h2 := hc _ hne
  grind

/-- The score of class `c`: `⟨x, v_c⟩ = x c - (1/C) ∑_i x i`. -/
theorem dot_simplexCode (C : Nat) (x : Fin C → Rat) (c : Fin C) :
    dot x (simplexCode C c) = x c - 1 / (C : Rat) * sumFin C x := by
  unfold dot simplexCode
  rw [sumFin_congr (g := fun i => (if i = c then x c else 0) - 1 / (C : Rat) * x i) (fun i => by
      dsimp only
      by_cases h : i = c
      · subst h; rw [if_pos rfl, if_pos rfl]; grind
      · rw [if_neg h, if_neg h]; grind),
    sumFin_sub, sumFin_ite_eq, sumFin_mul_left]

/-- The argmax head on simplex codes is the lowest-index argmax of the coordinates of `x`. -/
theorem argmaxHead_eq_argmaxOf (C : Nat) (hC : 0 < C) (x : Fin C → Rat) :
    argmaxHead C hC x = argmaxOf C hC x := by
  unfold argmaxHead
  apply argmaxOf_congr_order
  intro a b
  rw [dot_simplexCode, dot_simplexCode]
  constructor <;> intro h <;> grind

/-- The attention output over `m` in-context examples with labels `lab` and attention weights `w`:
`∑_t w t • v_{lab t}`, the attention-weighted sum of the simplex codes of the labels. -/
def attnOutput (C m : Nat) (w : Fin m → Rat) (lab : Fin m → Fin C) : Fin C → Rat :=
  fun i => sumFin m (fun t => w t * simplexCode C (lab t) i)

/-- The total attention on class `c`: the sum of the weights of the examples labelled `c`. -/
def classMass (C m : Nat) (w : Fin m → Rat) (lab : Fin m → Fin C) (c : Fin C) : Rat :=
  sumFin m (fun t => if lab t = c then w t else 0)

/-- Coordinate `i` of the attention output is the mass of class `i` minus a common term:
`(∑_t w t • v_{lab t}) i = mass i - (1/C) ∑_t w t`. -/
theorem attnOutput_eq (C m : Nat) (w : Fin m → Rat) (lab : Fin m → Fin C) (i : Fin C) :
    attnOutput C m w lab i = classMass C m w lab i - 1 / (C : Rat) * sumFin m w := by
  unfold attnOutput classMass simplexCode
  rw [← sumFin_mul_left, ← sumFin_sub]
  refine sumFin_congr (fun t => ?_)
  by_cases h : lab t = i
  · rw [if_pos h, if_pos h.symm]; grind
  · rw [if_neg h, if_neg (fun e => h e.symm)]; grind

/-- **The attention step**: for any attention weights over the in-context examples (in
particular non-negative softmax weights), the argmax head on the attention-weighted label codes
returns the class with the largest total attention, the lowest such class on ties. -/
theorem argmaxHead_attnOutput (C m : Nat) (hC : 0 < C) (w : Fin m → Rat) (lab : Fin m → Fin C) :
    argmaxHead C hC (attnOutput C m w lab) = argmaxOf C hC (classMass C m w lab) := by
  rw [argmaxHead_eq_argmaxOf]
  apply argmaxOf_congr_order
  intro a b
  rw [attnOutput_eq, attnOutput_eq]
  constructor <;> intro h <;> grind

/-- Hard attention on the example `s`: weight `1` on it and `0` on the others. -/
def hardWeights (m : Nat) (s : Fin m) : Fin m → Rat := fun t => if t = s then 1 else 0

/-- Under hard attention on `s`, the mass of class `c` is `1` if `s` is labelled `c`, else `0`. -/
theorem classMass_hardWeights (C m : Nat) (lab : Fin m → Fin C) (s : Fin m) (c : Fin C) :
    classMass C m (hardWeights m s) lab c = if lab s = c then 1 else 0 := by
  unfold classMass hardWeights
  refine Eq.trans (sumFin_congr (fun t => ?_)) (sumFin_ite_eq m s (if lab s = c then 1 else 0))
  by_cases h : t = s
  · subst h; rw [if_pos rfl, if_pos rfl]
  · rw [if_neg h]; split <;> rfl

/-- **Hard attention outputs the attended example's label**: with all the weight on the example
`s`, the argmax head returns `lab s`. -/
theorem argmaxHead_hardWeights (C m : Nat) (hC : 0 < C) (lab : Fin m → Fin C) (s : Fin m) :
    argmaxHead C hC (attnOutput C m (hardWeights m s) lab) = lab s := by
  rw [argmaxHead_attnOutput]
  apply argmaxOf_eq_of_forall_lt
  intro c hc
  rw [classMass_hardWeights, classMass_hardWeights, if_pos rfl, if_neg (fun e => hc e.symm)]
  decide +kernel

/-- The example attended by hard dot-product attention: the one with the largest score
`⟨q, xs t⟩` for the query `q` (lowest index on ties). -/
def attendedExample {d : Nat} (m : Nat) (hm : 0 < m) (q : Fin d → Rat) (xs : Fin m → Fin d → Rat) :
    Fin m :=
  argmaxOf m hm (fun t => dot q (xs t))

/-- The nearest in-context example to the query `q`: the one with the least squared distance
(lowest index on ties). -/
def nearestExample {d : Nat} (m : Nat) (hm : 0 < m) (q : Fin d → Rat) (xs : Fin m → Fin d → Rat) :
    Fin m :=
  argminOf m hm (fun t => sqDist q (xs t))

/-- The one-nearest-neighbour classifier on the in-context examples: the label of the nearest
example. -/
def oneNN {d : Nat} (C m : Nat) (hm : 0 < m) (q : Fin d → Rat) (xs : Fin m → Fin d → Rat)
    (lab : Fin m → Fin C) : Fin C :=
  lab (nearestExample m hm q xs)

/-- The one-layer transformer with hard dot-product attention and an argmax head on simplex
label codes: attend to the example of largest score, read its label code, take the argmax. -/
def transformerHead {d : Nat} (C m : Nat) (hC : 0 < C) (hm : 0 < m) (q : Fin d → Rat)
    (xs : Fin m → Fin d → Rat) (lab : Fin m → Fin C) : Fin C :=
  argmaxHead C hC (attnOutput C m (hardWeights m (attendedExample m hm q xs)) lab)

/-- **Head = 1-NN on the in-context examples**: if the in-context examples have equal norms, the
one-layer transformer with hard attention and an argmax head on simplex label codes returns the
label of the nearest in-context example, for every query. -/
theorem transformerHead_eq_oneNN {d : Nat} (C m : Nat) (hC : 0 < C) (hm : 0 < m)
    (q : Fin d → Rat) (xs : Fin m → Fin d → Rat) (lab : Fin m → Fin C)
    (hnorm : ∀ t t', sqNorm (xs t) = sqNorm (xs t')) :
    transformerHead C m hC hm q xs lab = oneNN C m hm q xs lab := by
  unfold transformerHead oneNN nearestExample attendedExample
  rw [argmaxHead_hardWeights, argmaxOf_dot_eq_argminOf_sqDist hm xs hnorm q]

/-! ## Concrete instances (checked by kernel evaluation) -/

/-- The simplex Gram matrix for `C = 3`: `2/3` on the diagonal, `-1/3` off it. -/
theorem simplexCode_gram_instance_three :
    simplexGramRows 3 = [[2/3, -1/3, -1/3], [-1/3, 2/3, -1/3], [-1/3, -1/3, 2/3]] := by
  decide +kernel

/-- The simplex Gram matrix for `C = 5`: `4/5` on the diagonal, `-1/5` off it. -/
theorem simplexCode_gram_instance_five :
    simplexGramRows 5 =
      [[4/5, -1/5, -1/5, -1/5, -1/5], [-1/5, 4/5, -1/5, -1/5, -1/5],
       [-1/5, -1/5, 4/5, -1/5, -1/5], [-1/5, -1/5, -1/5, 4/5, -1/5],
       [-1/5, -1/5, -1/5, -1/5, 4/5]] := by
  decide +kernel

/-- The squared norm of a simplex code vector for `C = 5` is `4/5`. -/
theorem simplexCode_sqNorm_instance_five : sqNorm (simplexCode 5 2) = 4/5 := by
  decide +kernel

/-- The inner product of two distinct simplex code vectors for `C = 4` is `-1/4`. -/
theorem simplexCode_dot_instance_four : dot (simplexCode 4 0) (simplexCode 4 3) = -1/4 := by
  decide +kernel

/-- Two distinct simplex code vectors for `C = 5` are at squared distance `2`. -/
theorem simplexCode_sqDist_instance_five : sqDist (simplexCode 5 1) (simplexCode 5 3) = 2 := by
  decide +kernel

/-- On `x = (1/2, 3, -1)` with `C = 3`, the argmax head and the nearest-neighbour rule both
return class `1`. -/
theorem argmaxHead_nearestNeighbour_instance_three :
    argmaxHead 3 (Nat.succ_pos 2) (fun i => [1/2, 3, -1].getD i.val 0) = 1 ∧
      nearestNeighbour 3 (Nat.succ_pos 2) (fun i => [1/2, 3, -1].getD i.val 0) = 1 := by
  decide +kernel

/-- On the tie `x = (1, 0, 1)` with `C = 3`, both rules return the lowest maximising
class `0`. -/
theorem argmaxHead_nearestNeighbour_instance_tie :
    argmaxHead 3 (Nat.succ_pos 2) (fun i => [1, 0, 1].getD i.val 0) = 0 ∧
      nearestNeighbour 3 (Nat.succ_pos 2) (fun i => [1, 0, 1].getD i.val 0) = 0 := by
  decide +kernel

/-- The in-context examples of the instances: the four unit vectors `±e₀, ±e₁` of the plane,
labelled `2, 0, 1, 1`. -/
def examplesEx : Fin 4 → Fin 2 → Rat :=
  fun t i => ([[1, 0], [0, 1], [-1, 0], [0, -1]].getD t.val []).getD i.val 0

/-- The labels of the instance examples. -/
def labelsEx : Fin 4 → Fin 3 := fun t => [2, 0, 1, 1].getD t.val 0

/-- Instance: on the query `(3/5, 4/5)` the transformer attends to example `1` (label `0`), which
is also the nearest example; both rules return class `0`. -/
theorem transformerHead_oneNN_instance :
    transformerHead 3 4 (by decide) (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx
        labelsEx = 0 ∧
      oneNN 3 4 (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx = 0 := by
  decide +kernel

/-- Instance (soft attention): with weights `(1/2, 1/4, 1/8, 1/8)` the class masses are
`(1/4, 1/4, 1/2)` and the head returns class `2`; with uniform weights the masses are
`(1/4, 1/2, 1/4)` and it returns class `1`. -/
theorem argmaxHead_attnOutput_instance :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun t => [1/2, 1/4, 1/8, 1/8].getD t.val 0)
        labelsEx) = 2 ∧
      argmaxHead 3 (by decide) (attnOutput 3 4 (fun _ => 1/4) labelsEx) = 1 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `simplexCode_dot_of_ne` applied to classes `0 ≠ 1` of `3`. -/
theorem simplexCode_dot_of_ne_satisfiable :
    dot (simplexCode 3 0) (simplexCode 3 1) = -1 / ((3 : Nat) : Rat) :=
  simplexCode_dot_of_ne 3 (a := 0) (b := 1) (by decide)

/-- `simplexCode_sqDist_eq_two` applied to classes `0 ≠ 1` of `3`. -/
theorem simplexCode_sqDist_eq_two_satisfiable : sqDist (simplexCode 3 0) (simplexCode 3 1) = 2 :=
  simplexCode_sqDist_eq_two 3 (a := 0) (b := 1) (by decide)

/-- `dot_le_dot_iff_sqDist_le_sqDist` applied to two codes of the 3-class simplex. -/
theorem dot_le_dot_iff_sqDist_le_sqDist_satisfiable :
    dot (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 1) ≤
        dot (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 0) ↔
      sqDist (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 0) ≤
        sqDist (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 1) :=
  dot_le_dot_iff_sqDist_le_sqDist _ _ _ (by rw [simplexCode_sqNorm, simplexCode_sqNorm])

/-- `code_isMaximiser_iff_isMinimiser` applied to the 3-class simplex code. -/
theorem code_isMaximiser_iff_isMinimiser_satisfiable :
    (∀ c', dot (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 c') ≤
        dot (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 0)) ↔
      (∀ c', sqDist (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 0) ≤
        sqDist (fun i => [1, 0, 1].getD i.val 0) (simplexCode 3 c')) :=
  code_isMaximiser_iff_isMinimiser (simplexCode 3)
    (fun a b => by rw [simplexCode_sqNorm, simplexCode_sqNorm]) _ 0

/-- `argmaxHead_eq_nearestNeighbour` applied to `C = 3`. -/
theorem argmaxHead_eq_nearestNeighbour_satisfiable :
    argmaxHead 3 (by decide) (fun i => [1, 0, 1].getD i.val 0) =
      nearestNeighbour 3 (by decide) (fun i => [1, 0, 1].getD i.val 0) :=
  argmaxHead_eq_nearestNeighbour 3 (by decide) _

/-- `argmaxHead_attnOutput` applied to the instance labels. -/
theorem argmaxHead_attnOutput_satisfiable :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun _ => 1 / 4) labelsEx) =
      argmaxOf 3 (by decide) (classMass 3 4 (fun _ => 1 / 4) labelsEx) :=
  argmaxHead_attnOutput 3 4 (by decide) (fun _ => 1 / 4) labelsEx

/-- `argmaxHead_hardWeights` applied to the instance labels and example `2`. -/
theorem argmaxHead_hardWeights_satisfiable :
    argmaxHead 3 (by decide) (attnOutput 3 4 (hardWeights 4 2) labelsEx) = labelsEx 2 :=
  argmaxHead_hardWeights 3 4 (by decide) labelsEx 2

/-- `transformerHead_eq_oneNN` applied to the instance examples (all of squared norm `1`). -/
theorem transformerHead_eq_oneNN_satisfiable :
    transformerHead 3 4 (by decide) (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx =
      oneNN 3 4 (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx :=
  transformerHead_eq_oneNN 3 4 (by decide) (by decide) _ examplesEx labelsEx (by decide +kernel)

end MLTheory

end
