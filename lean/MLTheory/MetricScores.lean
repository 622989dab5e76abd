/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.LinearDependence

/-!
# Attention scores with per-token metrics are not Gram in dimension `O(d)`

Source: `004_725b34af8153ec2b.txt`, line 6 ("We prove that Riemannian attention scores with
heterogeneous per-token metrics are non-Gram---they cannot be factorized as QK^T with
factorization dimension O(d)").

The abstract does not write the score out; this module takes the score of query `i` against key
`j` to be the squared length of `q_i - k_j` in the metric `G_j` of the key token,
`s_ij = (q_i - k_j)ᵀ G_j (q_i - k_j)` (`metricScore`: the squared geodesic distance of the metric
frozen at token `j`), with every `G_j` a symmetric positive definite rational `d × d` matrix
(`IsSymm`, `IsPosDef`). A score matrix *factorises with inner dimension `r`* when
`s_ij = ⟨Q_i, K_j⟩` for some `Q : Fin m → Fin r → Rat`, `K : Fin m' → Fin r → Rat`
(`HasFactorisation`).

* `le_of_hasFactorisation`: if the rows of a matrix are linearly independent, every factorisation
  has inner dimension at least the number of rows — through `linDep_of_lt` (more vectors than
  dimensions are dependent);
* the configuration: the `d(d+1)/2` pairs `a ≤ b < d` (`pairAt`, `two_mul_tri`), queries
  `e_a + e_b` (`e_a` when `a = b`, `pairVec`), keys at the origin, and one metric per pair
  `(d + 1) I + D_{ab}` (`metricAt`), `D_{ab}` the dual basis of the `q qᵀ` among symmetric
  matrices, so that `s_ij = (d + 1) ‖q_i‖² + [i = j]` (`metricScore_pairs`);
* `metricAt_isPosDef`: each metric is symmetric positive definite (entries of `D` lie in
  `[-1, 1]`, so `xᵀ D x ≥ -d ‖x‖²`);
* **`metricScore_not_gram`**: for every `d` there are per-token metrics (symmetric positive
  definite, all different) and `d(d+1)/2` queries whose score matrix factorises with no inner
  dimension below `d(d+1)/2`;
* **`metricScore_not_gram_linear`**: for every constant `C` there is a dimension `d` and such a
  score matrix with no factorisation of inner dimension `C · d`: no `O(d)` bound holds;
* **`metricScoreQuery_not_gram_linear`**: the same when each query is scored in the metric of its
  own token (`metricScoreQuery`), by transposing the configuration.

The bound is sharp for keys at the origin (`s_ij = ⟨q_i q_iᵀ, G_j⟩` lives in the symmetric
matrices, of dimension `d(d+1)/2`); general keys add at most `d + 1` to it. The concrete instance
(`_instance_`, by `decide +kernel`) computes the `3 × 3` score matrix for `d = 2`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.MetricScores

open MLTheory

/-! ## Scores with per-token metrics, and factorisations -/

/-- The quadratic form `xᵀ G x` of a matrix. -/
def quadForm {d : Nat} (G : Mat d) (x : Fin d → Rat) : Rat := dot x (matVec G x)

/-- A symmetric matrix. -/
def IsSymm {d : Nat} (G : Mat d) : Prop := ∀ a b, G a b = G b a

/-- A positive definite matrix: `xᵀ G x > 0` for every non-zero `x`. -/
def IsPosDef {d : Nat} (G : Mat d) : Prop := ∀ x : Fin d → Rat, (∃ a, x a ≠ 0) → 0 < quadForm G x

/-- The attention score with per-token metrics: query `i` against key `j` scores the squared
length of `q_i - k_j` in the metric `G_j` of the key token. -/
def metricScore {d m m' : Nat} (G : Fin m' → Mat d) (q : Fin m → Fin d → Rat)
    (k : Fin m' → Fin d → Rat) : Fin m → Fin m' → Rat :=
  fun i j => quadForm (G j) (fun a => q i a - k j a)

/-- The score matrix `S` factorises with inner dimension `r`: `S i j = ⟨Q i, K j⟩` (a Gram
factorisation `S = Q Kᵀ`). -/
def HasFactorisation {m m' : Nat} (S : Fin m → Fin m' → Rat) (r : Nat) : Prop :=
  ∃ (Q : Fin m → Fin r → Rat) (K : Fin m' → Fin r → Rat), ∀ i j, S i j = dot (Q i) (K j)

/-- **A factorisation has at least as many inner dimensions as independent rows**: if the rows
of `S` are linearly independent, every factorisation `S = Q Kᵀ` has inner dimension at least the
number of rows. (Fewer inner dimensions make the rows of `Q`, hence of `S`, dependent:
`linDep_of_lt`.) -/
theorem le_of_hasFactorisation {m m' : Nat} (S : Fin m → Fin m' → Rat) (hind : ¬ LinDep S)
    {r : Nat} (hf : HasFactorisation S r) : m ≤ r := by
  apply Classical.byContradiction
  intro hlt
  obtain ⟨Q, K, hQK⟩ := hf
  obtain ⟨c, hc, hsum⟩ := linDep_of_lt r m (by omega) Q
  apply hind
  refine ⟨c, hc, fun j => ?_⟩
  have : sumFin m (fun i => c i * S i j) =
      sumFin r (fun t => sumFin m (fun i => c i * Q i t) * K j t) := by
    rw [sumFin_congr (g := fun i => sumFin r (fun t => c i * Q i t * K j t)) (fun i => by
      rw [hQK i j]; unfold dot; rw [← sumFin_mul_left]
      exact sumFin_congr (fun t => by grind)), sumFin_comm]
    exact sumFin_congr (fun t => by rw [← sumFin_mul_right])
  rw [this]
  exact Eq.trans (sumFin_congr (fun t => by rw [hsum t, Rat.zero_mul])) (sumFin_zero_fun r)

/-! ## Bounds on quadratic forms -/

/-- `2xy ≤ x² + y²`. -/
theorem two_mul_le_add_sq (x y : Rat) : 2 * (x * y) ≤ x * x + y * y := by
  have h : 0 ≤ (x - y) * (x - y) := by
    by_cases hxy : 0 ≤ x - y
    · exact Rat.mul_nonneg hxy hxy
    · have h' : 0 ≤ -(x - y) := by grind
      have := Rat.mul_nonneg h' h'
      grind
  grind

/-- `-2xy ≤ x² + y²`. -/
theorem neg_two_mul_le_add_sq (x y : Rat) : -(2 * (x * y)) ≤ x * x + y * y := by
  have := two_mul_le_add_sq x (-y)
  grind

/-- One term of a quadratic form with a coefficient in `[-β, β]`:
`-β (x² + y²) ≤ 2 D x y`. -/
theorem neg_le_two_mul_term (D β x y : Rat) (h1 : -β ≤ D) (h2 : D ≤ β) :
    -(β * (x * x + y * y)) ≤ 2 * (x * (D * y)) := by
  have hβ : 0 ≤ β := by grind
  by_cases hxy : 0 ≤ x * y
  · have e1 : 0 ≤ (D + β) * (x * y) := Rat.mul_nonneg (by grind) hxy
    have e2 : 0 ≤ β * (x * x + y * y - 2 * (x * y)) :=
      Rat.mul_nonneg hβ (by have := two_mul_le_add_sq x y; grind)
    grind
  · have e1 : 0 ≤ (β - D) * (-(x * y)) := Rat.mul_nonneg (by grind) (by grind)
    have e2 : 0 ≤ β * (x * x + y * y + 2 * (x * y)) :=
      Rat.mul_nonneg hβ (by have := neg_two_mul_le_add_sq x y; grind)
    grind

/-- The quadratic form as a double sum. -/
theorem quadForm_eq_sum {d : Nat} (G : Mat d) (x : Fin d → Rat) :
    quadForm G x = sumFin d (fun a => sumFin d (fun b => x a * (G a b * x b))) := by
  unfold quadForm dot matVec
  exact sumFin_congr (fun a => (sumFin_mul_left _ _ _).symm)

/-- **A quadratic form with coefficients in `[-β, β]` is at least `-β d ‖x‖²`.** -/
theorem neg_le_quadForm {d : Nat} (D : Mat d) (β : Rat) (hD : ∀ a b, -β ≤ D a b ∧ D a b ≤ β)
    (x : Fin d → Rat) : -(β * (d : Rat) * sqNorm x) ≤ quadForm D x := by
  rw [quadForm_eq_sum]
  -- twice the form is at least the double sum of `-β (x_a² + x_b²)`
  have hterm : ∀ a b, -(β * (x a * x a + x b * x b)) / 2 ≤ x a * (D a b * x b) := fun a b => by
    have := neg_le_two_mul_term (D a b) β (x a) (x b) (hD a b).1 (hD a b).2
    grind
  have hle := sumFin_le_sumFin d _ _ (fun a => sumFin_le_sumFin d _ _ (fun b => hterm a b))
  have hval : sumFin d (fun a => sumFin d (fun b => -(β * (x a * x a + x b * x b)) / 2)) =
      -(β * (d : Rat) * sqNorm x) := by
    have hinner : ∀ a, sumFin d (fun b => -(β * (x a * x a + x b * x b)) / 2) =
        -(β / 2) * ((d : Rat) * (x a * x a)) - (β / 2) * sqNorm x := fun a => by
      rw [sumFin_congr (g := fun b => -(β / 2) * (x a * x a) + -(β / 2) * (x b * x b))
        (fun b => by grind), sumFin_add, sumFin_const, sumFin_mul_left]
      unfold sqNorm dot
      grind
    rw [sumFin_congr hinner, sumFin_sub, sumFin_mul_left, sumFin_mul_left, sumFin_const]
    unfold sqNorm dot
    grind
  rw [hval] at hle
  exact hle

/-- A vector with a non-zero coordinate has positive squared norm. -/
theorem sqNorm_pos {d : Nat} (x : Fin d → Rat) (hx : ∃ a, x a ≠ 0) : 0 < sqNorm x := by
  obtain ⟨a, ha⟩ := hx
  unfold sqNorm dot
  have hnn : ∀ i, 0 ≤ x i * x i := fun i => by
    by_cases h : 0 ≤ x i
    · exact Rat.mul_nonneg h h
    · have h' : 0 ≤ -x i := by grind
      have := Rat.mul_nonneg h' h'
      grind
  refine (sumFin_pos_iff_exists_pos d _ hnn).mpr ⟨a, ?_⟩
  by_cases h : 0 < x a
  · exact Rat.mul_pos h h
  · have h' : 0 < -x a := by grind
    have := Rat.mul_pos h' h'
    grind

/-- The quadratic form of `c I + D` is `c ‖x‖² + xᵀ D x`. -/
theorem quadForm_scalar_add {d : Nat} (c : Rat) (D : Mat d) (x : Fin d → Rat) :
    quadForm (fun a b => (if a = b then c else 0) + D a b) x = c * sqNorm x + quadForm D x := by
  rw [quadForm_eq_sum, quadForm_eq_sum]
  unfold sqNorm dot
  rw [← sumFin_mul_left, ← sumFin_add]
  refine sumFin_congr (fun a => ?_)
  rw [sumFin_congr (g := fun b => (if b = a then x a * (c * x a) else 0) + x a * (D a b * x b))
    (fun b => by by_cases h : a = b <;> simp [h] <;> grind), sumFin_add, sumFin_ite_eq]
  grind

/-- **Positive definiteness by a dominant multiple of the identity**: if the entries of `D` lie in
`[-β, β]` and `c > β d`, then `c I + D` is positive definite. -/
theorem isPosDef_scalar_add {d : Nat} (c β : Rat) (D : Mat d) (hD : ∀ a b, -β ≤ D a b ∧ D a b ≤ β)
    (hc : β * (d : Rat) < c) : IsPosDef (fun a b => (if a = b then c else 0) + D a b) := by
  intro x hx
  rw [quadForm_scalar_add]
  have h1 := neg_le_quadForm D β hD x
  have h2 := sqNorm_pos x hx
  have h3 : 0 < (c - β * (d : Rat)) * sqNorm x := Rat.mul_pos (by grind) h2
  grind

/-! ## The configuration: one query and one metric per pair `a ≤ b < d` -/

/-- The triangular numbers, `tri d = 0 + 1 + ⋯ + d = d(d+1)/2`: the number of pairs `a ≤ b < d`. -/
def tri : Nat → Nat
  | 0 => 0
  | d + 1 => tri d + (d + 1)

/-- `2 · tri d = d (d + 1)`. -/
theorem two_mul_tri : ∀ d, 2 * tri d = d * (d + 1)
  | 0 => rfl
  | d + 1 => by
    show 2 * (tri d + (d + 1)) = (d + 1) * (d + 1 + 1)
    have := two_mul_tri d
    simp only [Nat.mul_add, Nat.add_mul, Nat.mul_one, Nat.one_mul] at this ⊢
    omega

/-- The `i`-th pair `(a, b)` with `a ≤ b < d`: the pairs of `d` come first, then `(a, d)` for
`a ≤ d`. -/
def pairAt : (d : Nat) → Fin (tri d) → Nat × Nat
  | 0, i => i.elim0
  | d + 1, i => if h : i.val < tri d then pairAt d ⟨i.val, h⟩ else (i.val - tri d, d)

/-- The pairs are ordered and below `d`. -/
theorem pairAt_lt : ∀ (d : Nat) (i : Fin (tri d)), (pairAt d i).1 ≤ (pairAt d i).2 ∧
    (pairAt d i).2 < d
  | 0, i => i.elim0
  | d + 1, i => by
    show (if h : i.val < tri d then pairAt d ⟨i.val, h⟩ else (i.val - tri d, d)).1 ≤
        (if h : i.val < tri d then pairAt d ⟨i.val, h⟩ else (i.val - tri d, d)).2 ∧
      (if h : i.val < tri d then pairAt d ⟨i.val, h⟩ else (i.val - tri d, d)).2 < d + 1
    by_cases h : i.val < tri d
    · rw [dif_pos h]
      have := pairAt_lt d ⟨i.val, h⟩
      omega
    · rw [dif_neg h]
      have := i.isLt
      show i.val - tri d ≤ d ∧ d < d + 1
      have : tri (d + 1) = tri d + (d + 1) := rfl
      omega

/-- Different indices give different pairs. -/
theorem pairAt_inj : ∀ (d : Nat) (i j : Fin (tri d)), pairAt d i = pairAt d j → i = j
  | 0, i, _, _ => i.elim0
  | d + 1, i, j, he => by
    have hi := i.isLt
    have hj := j.isLt
    have htri : tri (d + 1) = tri d + (d + 1) := rfl
    have hunfold : ∀ k : Fin (tri (d + 1)), pairAt (d + 1) k =
        if h : k.val < tri d then pairAt d ⟨k.val, h⟩ else (k.val - tri d, d) := fun _ => rfl
    rw [hunfold, hunfold] at he
    apply Fin.ext
    by_cases h1 : i.val < tri d <;> by_cases h2 : j.val < tri d
    · rw [dif_pos h1, dif_pos h2] at he
      exact Fin.mk.inj_iff.mp (pairAt_inj d ⟨i.val, h1⟩ ⟨j.val, h2⟩ he)
    · rw [dif_pos h1, dif_neg h2] at he
      have := (pairAt_lt d ⟨i.val, h1⟩).2
      rw [he] at this
      exact absurd this (Nat.lt_irrefl d)
    · rw [dif_neg h1, dif_pos h2] at he
      have := (pairAt_lt d ⟨j.val, h2⟩).2
      rw [← he] at this
      exact absurd this (Nat.lt_irrefl d)
    · rw [dif_neg h1, dif_neg h2] at he
      have := congrArg Prod.fst he
      simp only at this
      omega

/-- The query of the pair `(a, b)`: `e_a + e_b`, and `e_a` when `a = b`. -/
def pairVec (d : Nat) (p : Nat × Nat) : Fin d → Rat :=
  fun x => if x.val = p.1 ∨ x.val = p.2 then 1 else 0

/-- The dual matrix of the pair `(a, b)` among symmetric matrices: `(E_ab + E_ba)/2` when `a < b`;
`E_aa - (∑_{b ≠ a} (E_ab + E_ba))/2` when `a = b`. Its quadratic form at `e_c + e_e` is `1` for
the pair `(c, e) = (a, b)` and `0` for the other pairs. -/
def dualMat (d : Nat) (p : Nat × Nat) : Mat d := fun x y =>
  if p.1 = p.2 then
    (if x.val = p.1 ∧ y.val = p.1 then 1 else if x.val = p.1 ∨ y.val = p.1 then -1/2 else 0)
  else if (x.val = p.1 ∧ y.val = p.2) ∨ (x.val = p.2 ∧ y.val = p.1) then 1/2 else 0

/-- The metric of token `j`: `(d + 1) I + D_{pair j}`. -/
def metricAt (d : Nat) (j : Fin (tri d)) : Mat d :=
  fun x y => (if x = y then ((d : Rat) + 1) else 0) + dualMat d (pairAt d j) x y

/-- The query of token `i`: `pairVec` of its pair. -/
def queryAt (d : Nat) (i : Fin (tri d)) : Fin d → Rat := pairVec d (pairAt d i)

/-- The entries of the dual matrices lie in `[-1, 1]`. -/
theorem dualMat_bound (d : Nat) (p : Nat × Nat) (x y : Fin d) :
    -1 ≤ dualMat d p x y ∧ dualMat d p x y ≤ 1 := by
  unfold dualMat
  split
  · split
    · decide +kernel
    · split <;> decide +kernel
  · split <;> decide +kernel

/-- **Each metric is symmetric and positive definite.** -/
theorem metricAt_isSymm (d : Nat) (j : Fin (tri d)) : IsSymm (metricAt d j) := by
  intro x y
  unfold metricAt
  have hid : (if x = y then ((d : Rat) + 1) else 0) = (if y = x then ((d : Rat) + 1) else 0) := by
    by_cases h : x = y
    · rw [if_pos h, if_pos h.symm]
    · rw [if_neg h, if_neg (fun e => h e.symm)]
  rw [hid]
  congr 1
  unfold dualMat
  by_cases h0 : (pairAt d j).1 = (pairAt d j).2 <;>
    by_cases h1 : x.val = (pairAt d j).1 <;> by_cases h2 : y.val = (pairAt d j).1 <;>
    by_cases h3 : x.val = (pairAt d j).2 <;> by_cases h4 : y.val = (pairAt d j).2 <;>
    simp [h0, h1, h2, h3, h4]

/-- **Each metric is positive definite** (`d + 1 > 1 · d`). -/
theorem metricAt_isPosDef (d : Nat) (j : Fin (tri d)) : IsPosDef (metricAt d j) :=
  isPosDef_scalar_add ((d : Rat) + 1) 1 (dualMat d (pairAt d j)) (dualMat_bound d _)
    (by grind)

/-- A sum weighted by the indicator of one coordinate picks that coordinate. -/
theorem sumFin_mul_indicator {d : Nat} (f : Fin d → Rat) (k : Nat) (hk : k < d) :
    sumFin d (fun y => f y * (if y.val = k then 1 else 0)) = f ⟨k, hk⟩ := by
  refine Eq.trans (sumFin_congr (fun y => ?_)) (sumFin_ite_eq d ⟨k, hk⟩ (f ⟨k, hk⟩))
  by_cases h : y.val = k
  · have : y = ⟨k, hk⟩ := Fin.ext h
    subst this; simp
  · have : y ≠ ⟨k, hk⟩ := fun e => h (by rw [e])
    simp [h, this]

/-- The query of a pair as a sum of indicators. -/
theorem pairVec_eq (d : Nat) (p : Nat × Nat) (x : Fin d) :
    pairVec d p x = (if x.val = p.1 then 1 else 0) + (if p.1 = p.2 then 0 else
      (if x.val = p.2 then 1 else 0)) := by
  unfold pairVec
  by_cases h3 : p.1 = p.2
  · rw [if_pos h3]
    by_cases h1 : x.val = p.1
    · rw [if_pos (Or.inl h1), if_pos h1]; grind
    · rw [if_neg (by omega), if_neg h1]; grind
  · rw [if_neg h3]
    by_cases h1 : x.val = p.1
    · rw [if_pos (Or.inl h1), if_pos h1, if_neg (by omega)]; grind
    · by_cases h2 : x.val = p.2
      · rw [if_pos (Or.inr h2), if_neg h1, if_pos h2]; grind
      · rw [if_neg (by omega), if_neg h1, if_neg h2]; grind

/-- A sum weighted by the query of a pair `(a, b)`: `f a + f b` (`f a` when `a = b`). -/
theorem sumFin_mul_pairVec {d : Nat} (f : Fin d → Rat) (p : Nat × Nat) (h1 : p.1 < d)
    (h2 : p.2 < d) : sumFin d (fun y => f y * pairVec d p y) =
      f ⟨p.1, h1⟩ + (if p.1 = p.2 then 0 else f ⟨p.2, h2⟩) := by
  rw [sumFin_congr (g := fun y => f y * (if y.val = p.1 then 1 else 0) +
      (if p.1 = p.2 then 0 else f y * (if y.val = p.2 then 1 else 0)))
    (fun y => by rw [pairVec_eq]; split <;> grind), sumFin_add, sumFin_mul_indicator f p.1 h1]
  congr 1
  split
  · exact sumFin_zero_fun d
  · exact sumFin_mul_indicator f p.2 h2

/-- The quadratic form of a matrix at the query of a pair `(a, b)`:
`G a a + G a b + G b a + G b b`, or `G a a` when `a = b`. -/
theorem quadForm_pairVec {d : Nat} (G : Mat d) (p : Nat × Nat) (h1 : p.1 < d) (h2 : p.2 < d) :
    quadForm G (pairVec d p) =
      if p.1 = p.2 then G ⟨p.1, h1⟩ ⟨p.1, h1⟩ else
        G ⟨p.1, h1⟩ ⟨p.1, h1⟩ + G ⟨p.1, h1⟩ ⟨p.2, h2⟩ + G ⟨p.2, h2⟩ ⟨p.1, h1⟩ +
          G ⟨p.2, h2⟩ ⟨p.2, h2⟩ := by
  unfold quadForm dot matVec
  rw [sumFin_congr (g := fun x => (sumFin d (fun y => G x y * pairVec d p y)) * pairVec d p x)
    (fun x => Rat.mul_comm _ _), sumFin_mul_pairVec _ p h1 h2]
  simp only [sumFin_mul_pairVec _ p h1 h2]
  by_cases h : p.1 = p.2
  · simp [h] <;> grind
  · simp only [h, if_false]
    grind

/-- The dual property on pairs: the quadratic form of the dual matrix of the pair `(c, e)` at the
query of the pair `(a, b)` (both ordered, below `d`) is `1` for the same pair and `0` otherwise. -/
theorem quadForm_dualMat_pairVec (d a b c e : Nat) (hab : a ≤ b) (hb : b < d) (hce : c ≤ e) :
    quadForm (dualMat d (c, e)) (pairVec d (a, b)) = if a = c ∧ b = e then 1 else 0 := by
  rw [quadForm_pairVec _ (a, b) (by show a < d; omega) hb]
  unfold dualMat
  simp only []
  by_cases h1 : a = b <;> by_cases h2 : c = e <;> by_cases h3 : a = c <;> by_cases h4 : a = e <;>
    by_cases h5 : b = c <;> by_cases h6 : b = e <;> simp [h1, h2, h3, h4, h5, h6] <;>
    first | omega | grind

/-- **The dual property**: the quadratic form of the dual matrix of pair `j` at the query of pair
`i` is `1` if `i = j` and `0` otherwise. -/
theorem quadForm_dualMat (d : Nat) (i j : Fin (tri d)) :
    quadForm (dualMat d (pairAt d j)) (queryAt d i) = if i = j then 1 else 0 := by
  have hi := pairAt_lt d i
  have hj := pairAt_lt d j
  have key := quadForm_dualMat_pairVec d (pairAt d i).1 (pairAt d i).2 (pairAt d j).1
    (pairAt d j).2 hi.1 hi.2 hj.1
  unfold queryAt
  refine key.trans ?_
  by_cases h : i = j
  · rw [if_pos h, if_pos ⟨by rw [h], by rw [h]⟩]
  · rw [if_neg h, if_neg (fun e => h (pairAt_inj d i j (Prod.ext e.1 e.2)))]

/-- **The score matrix of the configuration**: `s_ij = (d + 1) ‖q_i‖² + [i = j]` (keys at the
origin). -/
theorem metricScore_pairs (d : Nat) (i j : Fin (tri d)) :
    metricScore (metricAt d) (queryAt d) (fun _ _ => 0) i j =
      ((d : Rat) + 1) * sqNorm (queryAt d i) + (if i = j then 1 else 0) := by
  unfold metricScore
  have : (fun a => queryAt d i a - (fun _ _ => (0 : Rat)) j a) = queryAt d i := by
    funext a; show queryAt d i a - 0 = queryAt d i a; grind
  rw [this]
  unfold metricAt
  rw [quadForm_scalar_add, quadForm_dualMat]

/-- **The rows of the score matrix are linearly independent.** If `∑_i w_i s_ij = 0` for every
`j`, then `w_j = -λ` for all `j`, with `λ = (d + 1) ∑_i w_i ‖q_i‖²`, so
`λ (1 + (d + 1) ∑_i ‖q_i‖²) = 0`, `λ = 0` and every `w_j = 0`. -/
theorem metricScore_pairs_linIndep (d : Nat) :
    ¬ LinDep (metricScore (metricAt d) (queryAt d) (fun _ _ => 0)) := by
  intro ⟨w, ⟨j0, hj0⟩, hsum⟩
  let c : Rat := (d : Rat) + 1
  let n : Fin (tri d) → Rat := fun i => sqNorm (queryAt d i)
  let lam : Rat := c * sumFin (tri d) (fun i => w i * n i)
  have hcol : ∀ j, lam + w j = 0 := by
    intro j
    have := hsum j
    rw [sumFin_congr (g := fun i => c * (w i * n i) + (if i = j then w j else 0))
      (fun i => by rw [metricScore_pairs]; by_cases h : i = j <;> simp [h] <;> grind),
      sumFin_add, sumFin_mul_left, sumFin_ite_eq] at this
    exact this
  have hw : ∀ j, w j = -lam := fun j => by have := hcol j; grind
  have hN : 0 ≤ sumFin (tri d) n := sumFin_nonneg _ _ (fun i => sqNorm_nonneg _)
  have hlam : lam * (1 + c * sumFin (tri d) n) = 0 := by
    have : lam = c * sumFin (tri d) (fun i => -lam * n i) :=
      congrArg (fun s => c * s) (sumFin_congr (fun i => by rw [hw i]))
    rw [sumFin_mul_left] at this
    grind
  have hc : 0 < 1 + c * sumFin (tri d) n := by
    have : 0 ≤ c * sumFin (tri d) n := Rat.mul_nonneg (by grind) hN
    grind
  have hlam0 : lam = 0 := by
    rcases Rat.mul_eq_zero.mp hlam with h | h
    · exact h
    · grind
  exact hj0 (by rw [hw j0, hlam0]; grind)

/-! ## The headline -/

/-- **Scores with per-token metrics are not Gram in low dimension.** For every dimension `d`
there are `tri d = d(d+1)/2` tokens with symmetric positive definite metrics and queries such
that the score matrix (keys at the origin) has no factorisation `S = Q Kᵀ` with inner dimension
below `d(d+1)/2`. -/
theorem metricScore_not_gram (d : Nat) :
    ∃ (G : Fin (tri d) → Mat d) (q : Fin (tri d) → Fin d → Rat),
      (∀ j, IsSymm (G j) ∧ IsPosDef (G j)) ∧
      ∀ r, HasFactorisation (metricScore G q (fun _ _ => 0)) r → 2 * r ≥ d * (d + 1) := by
  refine ⟨metricAt d, queryAt d, fun j => ⟨metricAt_isSymm d j, metricAt_isPosDef d j⟩,
    fun r hf => ?_⟩
  have := le_of_hasFactorisation _ (metricScore_pairs_linIndep d) hf
  rw [← two_mul_tri]
  omega

/-- **No `O(d)` factorisation dimension**: for every constant `C` there is a dimension `d` and a
score matrix with per-token symmetric positive definite metrics that has no factorisation with
inner dimension `C · d`. -/
theorem metricScore_not_gram_linear (C : Nat) :
    ∃ (d m : Nat) (G : Fin m → Mat d) (q : Fin m → Fin d → Rat),
      (∀ j, IsSymm (G j) ∧ IsPosDef (G j)) ∧
      ¬ HasFactorisation (metricScore G q (fun _ _ => 0)) (C * d) := by
  obtain ⟨G, q, hG, hf⟩ := metricScore_not_gram (2 * C + 1)
  refine ⟨2 * C + 1, tri (2 * C + 1), G, q, hG, fun h => ?_⟩
  have := hf _ h
  have h1 : 2 * (C * (2 * C + 1)) < (2 * C + 1) * (2 * C + 1 + 1) := by
    rw [← Nat.mul_assoc, Nat.mul_comm (2 * C) (2 * C + 1)]
    exact Nat.mul_lt_mul_of_pos_left (by omega) (by omega)
  omega

/-! ## The metric of the query token -/

/-- The attention score with the metric of the query token: query `i` against key `j` scores the
squared length of `q_i - k_j` in the metric `G_i`. -/
def metricScoreQuery {d m m' : Nat} (G : Fin m → Mat d) (q : Fin m → Fin d → Rat)
    (k : Fin m' → Fin d → Rat) : Fin m → Fin m' → Rat :=
  fun i j => quadForm (G i) (fun a => q i a - k j a)

/-- A factorisation `S = Q Kᵀ` gives the factorisation `Sᵀ = K Qᵀ` of the transpose, with the same
inner dimension. -/
theorem hasFactorisation_transpose {m m' : Nat} (S : Fin m → Fin m' → Rat) (r : Nat)
    (h : HasFactorisation S r) : HasFactorisation (fun j i => S i j) r := by
  obtain ⟨Q, K, hQK⟩ := h
  exact ⟨K, Q, fun j i => (hQK i j).trans (dot_comm _ _)⟩

/-- With queries at the origin, the query-token scores are the key-token scores of the transposed
configuration (`(-k)ᵀ G (-k) = kᵀ G k`). -/
theorem metricScoreQuery_zero_eq {d m m' : Nat} (G : Fin m → Mat d) (k : Fin m' → Fin d → Rat)
    (i : Fin m) (j : Fin m') :
    metricScoreQuery G (fun _ _ => 0) k i j = metricScore G k (fun _ _ => 0) j i := by
  unfold metricScoreQuery metricScore
  rw [quadForm_eq_sum, quadForm_eq_sum]
  exact sumFin_congr (fun a => sumFin_congr (fun b => by grind))

/-- **Scores in the metric of the query token are not Gram in low dimension either**: for every
constant `C` there is a dimension `d` and a score matrix with per-token symmetric positive definite
metrics, each query scored in its own token's metric, that has no factorisation with inner
dimension `C · d` (the transposed configuration of `metricScore_not_gram_linear`, keys and queries
exchanged). -/
theorem metricScoreQuery_not_gram_linear (C : Nat) :
    ∃ (d m : Nat) (G : Fin m → Mat d) (k : Fin m → Fin d → Rat),
      (∀ i, IsSymm (G i) ∧ IsPosDef (G i)) ∧
      ¬ HasFactorisation (metricScoreQuery G (fun _ _ => 0) k) (C * d) := by
  obtain ⟨d, m, G, q, hG, hnot⟩ := metricScore_not_gram_linear C
  refine ⟨d, m, G, q, hG, fun h => hnot ?_⟩
  obtain ⟨Q, K, hQK⟩ := hasFactorisation_transpose _ _ h
  exact ⟨Q, K, fun i j => (metricScoreQuery_zero_eq G q j i).symm.trans (hQK i j)⟩

/-! ## Concrete instance -/

/-- The score matrix of the configuration as a list of rows, for stating instances. -/
def scoreRows (d : Nat) : List (List Rat) :=
  finList (tri d) (fun i => finList (tri d) (fun j =>
    metricScore (metricAt d) (queryAt d) (fun _ _ => 0) i j))

/-- Instance, `d = 2`: the pairs `(0,0), (0,1), (1,1)`, queries `e₀, e₀ + e₁, e₁`, metrics
`3 I + D`; the scores are `3 ‖q_i‖² + [i = j]`. -/
theorem metricScore_instance_two :
    scoreRows 2 = [[4, 3, 3], [6, 7, 6], [3, 3, 4]] := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `metricAt_isPosDef` applied to the first metric for `d = 2`. -/
theorem metricAt_isPosDef_satisfiable : IsPosDef (metricAt 2 ⟨0, by decide⟩) :=
  metricAt_isPosDef 2 ⟨0, by decide⟩

/-- `metricAt_isPosDef` applied further, to the all-ones vector that its conclusion `IsPosDef`
quantifies over: the hypothesis hidden in that definition (a nonzero coordinate) holds. -/
theorem metricAt_isPosDef_vector_satisfiable :
    0 < quadForm (metricAt 2 ⟨0, by decide⟩) (fun _ => 1) :=
  metricAt_isPosDef 2 ⟨0, by decide⟩ (fun _ => 1) ⟨⟨0, by decide⟩, by decide⟩

/-- `metricScore_pairs` applied to the tokens `0` and `1` for `d = 2`. -/
theorem metricScore_pairs_satisfiable :
    metricScore (metricAt 2) (queryAt 2) (fun _ _ => 0) ⟨0, by decide⟩ ⟨1, by decide⟩ =
      ((2 : Nat) + 1 : Rat) * sqNorm (queryAt 2 ⟨0, by decide⟩) +
        (if (⟨0, by decide⟩ : Fin (tri 2)) = ⟨1, by decide⟩ then 1 else 0) :=
  metricScore_pairs 2 ⟨0, by decide⟩ ⟨1, by decide⟩

/-- `hasFactorisation_transpose` applied to the `1 × 1` matrix `[[2]] = [1] [2]ᵀ`. -/
theorem hasFactorisation_transpose_satisfiable :
    HasFactorisation (fun (j : Fin 1) (i : Fin 1) => (fun (_ : Fin 1) (_ : Fin 1) => (2 : Rat)) i j) 1 :=
  hasFactorisation_transpose _ 1 ⟨fun _ _ => 1, fun _ _ => 2, fun _ _ => by
    simp only [dot, sumFin_succ, sumFin_zero]
    grind⟩

/-- `le_of_hasFactorisation` applied to the configuration for `d = 1` (one token) and its
factorisation with inner dimension `1`. -/
theorem le_of_hasFactorisation_satisfiable : tri 1 ≤ 1 :=
  le_of_hasFactorisation _ (metricScore_pairs_linIndep 1)
    ⟨fun i _ => metricScore (metricAt 1) (queryAt 1) (fun _ _ => 0) i ⟨0, by decide⟩,
      fun _ _ => 1, fun i j => by
        have hj : j = ⟨0, by decide⟩ := Fin.ext (by
          have h1 := j.isLt
          have h2 : tri 1 = 1 := rfl
          show j.val = 0
          omega)
        subst hj
        show _ = sumFin 1 (fun _ => _ * 1)
        simp only [sumFin_succ, sumFin_zero]
        grind⟩

end MLTheory.MetricScores

end
