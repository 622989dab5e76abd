/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.BalancedCode

/-!
# Rational balanced equal-norm codes of every size in every dimension `d ≥ 3`

Source: `004_725b34af8153ec2b.txt`, line 24 (balanced equal-norm codes, "prototype
configurations with equal lengths and zero sum, which exist for all d >= 2").

For every number `C ≥ 2` of prototypes and every dimension `d = e + 3 ≥ 3` we write down a code
`code C : Fin C → (Fin d → Rat)` of `C` **distinct** prototypes with rational coordinates, all of
squared norm `2`, summing to zero (`exists_balanced_equalNorm_code`):

* the points `p k = (1, (1 - k²)/(1 + k²), 2k/(1 + k²))` (`pv`, a rational point of the unit
  circle lifted to squared norm `2`) and their negatives give `C/2` antipodal pairs for even `C`;
* for odd `C ≥ 3`, `(C - 3)/2` such pairs are followed by the triangle `(1, -1, 0), (0, 1, -1),
  (-1, 0, 1)` (`tri`);
* the remaining coordinates are `0`.

Distinctness rests on `k ↦ (1 - k²)/(1 + k²)` being injective on `ℕ` (`xk_injective`).

**Scope.** Dimension `d ≥ 3` only: in `d = 2` the even sizes work with the planar points alone,
and odd sizes need other arguments (for `C = 3` the regular triangle needs `√3`); neither is
formalised. The regular simplex as a special case is `MLTheory.simplexCode` (`d = C`). The
concrete instance (`_instance_`, by `decide +kernel`) checks the code of `5` prototypes in `Rat³`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.RationalCode

open MLTheory.BalancedCode

-- the dimension beyond the first three coordinates (`d = e + 3`)
variable {e : Nat}

/-! ## Vectors with three non-zero coordinates -/

/-- The vector `(a, b, c, 0, …, 0)` of `Rat^(e+3)`. -/
def vec (a b c : Rat) : Fin (e + 3) → Rat := fun i =>
  if i.val = 0 then a else if i.val = 1 then b else if i.val = 2 then c else 0

/-- The coordinate `0` of `Fin (e + 3)`. -/
def i0 : Fin (e + 3) := ⟨0, by omega⟩
/-- The coordinate `1` of `Fin (e + 3)`. -/
def i1 : Fin (e + 3) := ⟨1, by omega⟩
/-- The coordinate `2` of `Fin (e + 3)`. -/
def i2 : Fin (e + 3) := ⟨2, by omega⟩

/-- Coordinate `0` of `(a, b, c, 0, …)` is `a`. -/
theorem vec_i0 (a b c : Rat) : vec (e := e) a b c i0 = a := rfl
/-- Coordinate `1` of `(a, b, c, 0, …)` is `b`. -/
theorem vec_i1 (a b c : Rat) : vec (e := e) a b c i1 = b := rfl
/-- Coordinate `2` of `(a, b, c, 0, …)` is `c`. -/
theorem vec_i2 (a b c : Rat) : vec (e := e) a b c i2 = c := rfl

/-- The squared norm of `(a, b, c, 0, …, 0)` is `a² + b² + c²`. -/
theorem sqNorm_vec (a b c : Rat) : sqNorm (vec (e := e) a b c) = a * a + b * b + c * c := by
  unfold sqNorm dot
  rw [sumFin_succ, sumFin_succ, sumFin_succ]
  have hrest : sumFin e (fun i => vec (e := e) a b c i.succ.succ.succ *
      vec (e := e) a b c i.succ.succ.succ) = 0 := by
    rw [sumFin_congr (g := fun _ => (0 : Rat)) (fun i => by
      have hv : (i.succ.succ.succ).val = i.val + 1 + 1 + 1 := by
        rw [Fin.val_succ, Fin.val_succ, Fin.val_succ]
      have h1 : ¬ (i.succ.succ.succ).val = 0 := by rw [hv]; omega
      have h2 : ¬ (i.succ.succ.succ).val = 1 := by rw [hv]; omega
      have h3 : ¬ (i.succ.succ.succ).val = 2 := by rw [hv]; omega
      simp only [vec, if_neg h1, if_neg h2, if_neg h3, Rat.mul_zero])]
    exact sumFin_zero_fun e
  rw [hrest]
  first
  | (show a * a + (b * b + (c * c + 0)) = a * a + b * b + c * c; grind)
  | (simp [vec, Fin.val_succ] <;> grind)

/-! ## The rational points of the circle -/

/-- `1 / (1 + k²)`. -/
def s (k : Nat) : Rat := (1 + (k : Rat) * k)⁻¹

/-- `1 + k² > 0`. -/
theorem one_add_sq_pos (k : Nat) : 0 < 1 + (k : Rat) * k := by
  have : (0 : Rat) ≤ (k : Rat) * k := Rat.mul_nonneg (Rat.natCast_nonneg) (Rat.natCast_nonneg)
  grind

/-- `(1 + k²) · s k = 1`. -/
theorem one_add_sq_mul_s (k : Nat) : (1 + (k : Rat) * k) * s k = 1 :=
  Rat.mul_inv_cancel _ (fun h => by have := one_add_sq_pos k; grind)

/-- `s k = 1/(1 + k²)` is positive. -/
theorem s_pos (k : Nat) : 0 < s k := Rat.inv_pos.mpr (one_add_sq_pos k)

/-- The first circle coordinate `(1 - k²)/(1 + k²)`. -/
def xk (k : Nat) : Rat := (1 - (k : Rat) * k) * s k

/-- The second circle coordinate `2k/(1 + k²)`. -/
def yk (k : Nat) : Rat := 2 * (k : Rat) * s k

/-- `(xk k, yk k)` lies on the unit circle. -/
theorem xk_sq_add_yk_sq (k : Nat) : xk k * xk k + yk k * yk k = 1 := by
  have h := one_add_sq_mul_s k
  have e : xk k * xk k + yk k * yk k = ((1 + (k : Rat) * k) * s k) * ((1 + (k : Rat) * k) * s k) := by
    unfold xk yk; grind
  rw [e, h, Rat.mul_one]

/-- The second circle coordinate `2k/(1 + k²)` is non-negative. -/
theorem yk_nonneg (k : Nat) : 0 ≤ yk k :=
  Rat.mul_nonneg (Rat.mul_nonneg (by decide) Rat.natCast_nonneg) (Rat.le_of_lt (s_pos k))

/-- The first circle coordinate is never `-1`. -/
theorem xk_ne_neg_one (k : Nat) : xk k ≠ -1 := by
  intro h
  have h1 := one_add_sq_mul_s k
  have h2 := s_pos k
  unfold xk at h
  grind

/-- **Distinct parameters give distinct points**: `k ↦ (1 - k²)/(1 + k²)` is injective on `ℕ`. -/
theorem xk_injective (j k : Nat) (h : xk j = xk k) : j = k := by
  have hj := one_add_sq_mul_s j
  have hk := one_add_sq_mul_s k
  have hsj := s_pos j
  unfold xk at h
  -- `xk j + 1 = 2 s j`, so `s j = s k`, so `j² = k²`
  have hs : s j = s k := by grind
  have hjk : ((j : Rat) * j - (k : Rat) * k) * s j = 0 := by rw [hs] at hj ⊢; grind
  have hsq : (j : Rat) * j = (k : Rat) * k := by
    cases Rat.mul_eq_zero.mp hjk with
    | inl h0 => grind
    | inr h0 => grind
  have hnat : j * j = k * k := by
    have e1 : ((j * j : Nat) : Rat) = ((k * k : Nat) : Rat) := by
      rw [Rat.natCast_mul, Rat.natCast_mul]; exact hsq
    have l1 : j * j ≤ k * k := Rat.natCast_le_natCast.mp (e1 ▸ Rat.le_refl)
    have l2 : k * k ≤ j * j := Rat.natCast_le_natCast.mp (e1 ▸ Rat.le_refl)
    exact Nat.le_antisymm l1 l2
  exact Nat.mul_self_inj.mp hnat

/-! ## The code -/

/-- The lifted circle point `p k = (1, xk k, yk k, 0, …)`, of squared norm `2`. -/
def pv (k : Nat) : Fin (e + 3) → Rat := vec 1 (xk k) (yk k)

/-- The negative of a vector. -/
def negv (v : Fin (e + 3) → Rat) : Fin (e + 3) → Rat := fun i => -v i

/-- The triangle `(1, -1, 0), (0, 1, -1), (-1, 0, 1)` (indices `0, 1, 2`). -/
def tri (j : Nat) : Fin (e + 3) → Rat :=
  if j = 0 then vec 1 (-1) 0 else if j = 1 then vec 0 1 (-1) else vec (-1) 0 1

/-- The antipodal pairs: index `2k` is `p k`, index `2k + 1` is `-p k`. -/
def pairCode (j : Nat) : Fin (e + 3) → Rat :=
  if j % 2 = 0 then pv (j / 2) else negv (pv (j / 2))

/-- The code of `C` prototypes, by index: for even `C` the pairs; for odd `C` the pairs below
`C - 3` and the triangle at `C - 3, C - 2, C - 1`. -/
def codeAt (C j : Nat) : Fin (e + 3) → Rat :=
  if C % 2 = 0 then pairCode j else if j < C - 3 then pairCode j else tri (j - (C - 3))

/-- The code `Fin C → Rat^(e+3)`. -/
def code (C : Nat) : Fin C → Fin (e + 3) → Rat := fun c => codeAt C c.val

/-! ## Sums by index -/

/-- `f 0 + f 1 + ⋯ + f (n-1)`, summed from the top. -/
def sumRange (f : Nat → Rat) : Nat → Rat
  | 0 => 0
  | n + 1 => sumRange f n + f n

/-- Peeling off the first term of a sum by index. -/
theorem sumRange_succ' (f : Nat → Rat) : ∀ n,
    sumRange f (n + 1) = f 0 + sumRange (fun j => f (j + 1)) n
  | 0 => by show 0 + f 0 = f 0 + 0; grind
  | n + 1 => by
    show sumRange f (n + 1) + f (n + 1) = f 0 + (sumRange (fun j => f (j + 1)) n + f (n + 1))
    rw [sumRange_succ' f n]
    grind

/-- A sum over `Fin n` of a function of the index value is the sum by index. -/
theorem sumFin_eq_sumRange : ∀ (n : Nat) (f : Nat → Rat),
    sumFin n (fun c => f c.val) = sumRange f n
  | 0, _ => rfl
  | n + 1, f => by
    have h : sumFin n (fun c => f (c.val + 1)) = sumRange (fun j => f (j + 1)) n :=
      sumFin_eq_sumRange n (fun j => f (j + 1))
    rw [sumFin_succ]
    simp only [Fin.val_zero, Fin.val_succ]
    rw [h, sumRange_succ']

/-- Sums by index of functions that agree below `n` are equal. -/
theorem sumRange_congr (f g : Nat → Rat) : ∀ n, (∀ j, j < n → f j = g j) →
    sumRange f n = sumRange g n
  | 0, _ => rfl
  | n + 1, h => by
    show sumRange f n + f n = sumRange g n + g n
    rw [sumRange_congr f g n (fun j hj => h j (by omega)), h n (by omega)]

/-- The pairs cancel: `∑_{j < 2m} pairCode j = 0` in every coordinate. -/
theorem sumRange_pairCode (i : Fin (e + 3)) : ∀ m : Nat,
    sumRange (fun j => pairCode j i) (2 * m) = 0
  | 0 => rfl
  | m + 1 => by
    have h2 : 2 * (m + 1) = 2 * m + 1 + 1 := by omega
    rw [h2]
    show sumRange (fun j => pairCode j i) (2 * m) + pairCode (2 * m) i +
      pairCode (2 * m + 1) i = 0
    rw [sumRange_pairCode i m]
    have a1 : (2 * m) % 2 = 0 := by omega
    have a2 : ¬ (2 * m + 1) % 2 = 0 := by omega
    have a3 : 2 * m / 2 = m := by omega
    have a4 : (2 * m + 1) / 2 = m := by omega
    unfold pairCode
    rw [if_pos a1, if_neg a2, a3, a4]
    unfold negv
    grind

/-- The triangle sums to zero in every coordinate. -/
theorem tri_sum (i : Fin (e + 3)) : tri 0 i + tri 1 i + tri 2 i = 0 := by
  unfold tri vec
  by_cases h0 : i.val = 0
  · simp [h0] <;> grind
  · by_cases h1 : i.val = 1
    · simp [h1] <;> grind
    · by_cases h2 : i.val = 2
      · simp [h2] <;> grind
      · simp [h0, h1, h2] <;> grind

/-- Three more terms of a sum by index. -/
theorem sumRange_add_three (f : Nat → Rat) (n : Nat) :
    sumRange f (n + 3) = sumRange f n + f n + f (n + 1) + f (n + 2) := rfl

/-- **The code is balanced** (for `C ≠ 1`: a single non-zero prototype cannot sum to zero). -/
theorem code_isBalanced (C : Nat) (hC : C ≠ 1) : IsBalanced (code (e := e) C) := by
  intro i
  unfold code
  rw [sumFin_eq_sumRange C (fun j => codeAt C j i)]
  by_cases hev : C % 2 = 0
  · have hf : ∀ j, j < C → codeAt (e := e) C j i = pairCode j i := fun j _ => by
      unfold codeAt; rw [if_pos hev]
    rw [sumRange_congr _ _ C hf]
    have hm : C = 2 * (C / 2) := by omega
    rw [hm]
    exact sumRange_pairCode i (C / 2)
  · obtain ⟨m, rfl⟩ : ∃ m, C = 2 * m + 3 := ⟨(C - 3) / 2, by omega⟩
    rw [sumRange_add_three]
    have hf : ∀ j, j < 2 * m → codeAt (e := e) (2 * m + 3) j i = pairCode j i := fun j hj => by
      unfold codeAt; rw [if_neg hev, if_pos (by omega)]
    have t0 : codeAt (e := e) (2 * m + 3) (2 * m) = tri 0 := by
      unfold codeAt
      rw [if_neg hev, if_neg (by omega), show 2 * m - (2 * m + 3 - 3) = 0 by omega]
    have t1 : codeAt (e := e) (2 * m + 3) (2 * m + 1) = tri 1 := by
      unfold codeAt
      rw [if_neg hev, if_neg (by omega), show 2 * m + 1 - (2 * m + 3 - 3) = 1 by omega]
    have t2 : codeAt (e := e) (2 * m + 3) (2 * m + 2) = tri 2 := by
      unfold codeAt
      rw [if_neg hev, if_neg (by omega), show 2 * m + 2 - (2 * m + 3 - 3) = 2 by omega]
    rw [sumRange_congr _ _ (2 * m) hf, sumRange_pairCode i m, t0, t1, t2]
    have := tri_sum i
    grind

/-! ## Equal norms -/

/-- Negation keeps the squared norm. -/
theorem sqNorm_negv (v : Fin (e + 3) → Rat) : sqNorm (negv v) = sqNorm v := by
  unfold sqNorm dot negv
  exact sumFin_congr (fun i => by grind)

/-- The lifted circle point `p k` has squared norm `1 + 1 = 2`. -/
theorem sqNorm_pv (k : Nat) : sqNorm (pv (e := e) k) = 2 := by
  unfold pv
  rw [sqNorm_vec]
  have := xk_sq_add_yk_sq k
  grind

/-- Every pair prototype `±p k` has squared norm `2`. -/
theorem sqNorm_pairCode (j : Nat) : sqNorm (pairCode (e := e) j) = 2 := by
  unfold pairCode
  by_cases h : j % 2 = 0
  · rw [if_pos h, sqNorm_pv]
  · rw [if_neg h, sqNorm_negv, sqNorm_pv]

/-- Every triangle vertex has squared norm `2`. -/
theorem sqNorm_tri (j : Nat) : sqNorm (tri (e := e) j) = 2 := by
  unfold tri
  by_cases h0 : j = 0
  · rw [if_pos h0, sqNorm_vec]; grind
  · by_cases h1 : j = 1
    · rw [if_neg h0, if_pos h1, sqNorm_vec]; grind
    · rw [if_neg h0, if_neg h1, sqNorm_vec]; grind

/-- **Every prototype has squared norm `2`.** -/
theorem sqNorm_code (C : Nat) (c : Fin C) : sqNorm (code (e := e) C c) = 2 := by
  unfold code codeAt
  by_cases hev : C % 2 = 0
  · rw [if_pos hev, sqNorm_pairCode]
  · rw [if_neg hev]
    by_cases hj : c.val < C - 3
    · rw [if_pos hj, sqNorm_pairCode]
    · rw [if_neg hj, sqNorm_tri]

/-! ## Distinct prototypes -/

/-- Coordinate `0` of a pair prototype is its sign: `1` at even, `-1` at odd indices. -/
theorem pairCode_i0 (j : Nat) :
    pairCode (e := e) j i0 = if j % 2 = 0 then 1 else -1 := by
  unfold pairCode
  by_cases h : j % 2 = 0
  · rw [if_pos h, if_pos h]; rfl
  · rw [if_neg h, if_neg h]; rfl

/-- Distinct indices give distinct pair prototypes (sign, then `xk_injective`). -/
theorem pairCode_injective (j j' : Nat)
    (h : pairCode (e := e) j = pairCode (e := e) j') : j = j' := by
  have h0 := congrFun h i0
  rw [pairCode_i0, pairCode_i0] at h0
  have hpar : j % 2 = j' % 2 := by
    by_cases a : j % 2 = 0 <;> by_cases b : j' % 2 = 0
    · omega
    · rw [if_pos a, if_neg b] at h0; exact absurd h0 (by decide)
    · rw [if_neg a, if_pos b] at h0; exact absurd h0 (by decide)
    · omega
  have h1 := congrFun h i1
  unfold pairCode at h1
  have hx : xk (j / 2) = xk (j' / 2) := by
    by_cases a : j % 2 = 0
    · have b : j' % 2 = 0 := by omega
      rw [if_pos a, if_pos b] at h1
      exact h1
    · have b : ¬ j' % 2 = 0 := by omega
      rw [if_neg a, if_neg b] at h1
      have h1' : -xk (j / 2) = -xk (j' / 2) := h1
      grind
  have := xk_injective _ _ hx
  omega

/-- Coordinate `0` of the triangle vertex `0` is `1`. -/
theorem tri_i0_zero : tri (e := e) 0 i0 = 1 := rfl
/-- Coordinate `0` of the triangle vertex `1` is `0`. -/
theorem tri_i0_one : tri (e := e) 1 i0 = 0 := rfl
/-- Coordinate `0` of the triangle vertex `2` is `-1`. -/
theorem tri_i0_two : tri (e := e) 2 i0 = -1 := rfl
/-- Coordinate `1` of the triangle vertex `0` is `-1`. -/
theorem tri_i1_zero : tri (e := e) 0 i1 = -1 := rfl
/-- Coordinate `2` of the triangle vertex `2` is `1`. -/
theorem tri_i2_two : tri (e := e) 2 i2 = 1 := rfl

/-- The three triangle vertices are distinct (coordinate `0` tells them apart). -/
theorem tri_injective (t t' : Nat) (ht : t < 3) (ht' : t' < 3)
    (h : tri (e := e) t = tri (e := e) t') : t = t' := by
  have h0 := congrFun h i0
  have a : t = 0 ∨ t = 1 ∨ t = 2 := by omega
  have b : t' = 0 ∨ t' = 1 ∨ t' = 2 := by omega
  rcases a with rfl | rfl | rfl <;> rcases b with rfl | rfl | rfl <;>
    first
    | rfl
    | (rw [tri_i0_zero, tri_i0_one] at h0; exact absurd h0 (by decide))
    | (rw [tri_i0_zero, tri_i0_two] at h0; exact absurd h0 (by decide))
    | (rw [tri_i0_one, tri_i0_zero] at h0; exact absurd h0 (by decide))
    | (rw [tri_i0_one, tri_i0_two] at h0; exact absurd h0 (by decide))
    | (rw [tri_i0_two, tri_i0_zero] at h0; exact absurd h0 (by decide))
    | (rw [tri_i0_two, tri_i0_one] at h0; exact absurd h0 (by decide))

/-- No pair prototype is a triangle vertex. -/
theorem pairCode_ne_tri (j t : Nat) (ht : t < 3) :
    pairCode (e := e) j ≠ tri (e := e) t := by
  intro h
  have h0 := congrFun h i0
  rw [pairCode_i0] at h0
  have a : t = 0 ∨ t = 1 ∨ t = 2 := by omega
  rcases a with rfl | rfl | rfl
  · rw [tri_i0_zero] at h0
    have hj : j % 2 = 0 := by
      apply Classical.byContradiction
      intro hj
      rw [if_neg hj] at h0
      exact absurd h0 (by decide)
    have h1 := congrFun h i1
    unfold pairCode at h1
    rw [if_pos hj, tri_i1_zero] at h1
    exact xk_ne_neg_one _ h1
  · rw [tri_i0_one] at h0
    by_cases hj : j % 2 = 0
    · rw [if_pos hj] at h0; exact absurd h0 (by decide)
    · rw [if_neg hj] at h0; exact absurd h0 (by decide)
  · rw [tri_i0_two] at h0
    have hj : ¬ j % 2 = 0 := by
      intro hj
      rw [if_pos hj] at h0
      exact absurd h0 (by decide)
    have h2 := congrFun h i2
    unfold pairCode at h2
    rw [if_neg hj, tri_i2_two] at h2
    have h2' : -yk (j / 2) = 1 := h2
    have := yk_nonneg (j / 2)
    grind

/-- **The prototypes are distinct.** -/
theorem code_injective (C : Nat) (a b : Fin C)
    (h : code (e := e) C a = code (e := e) C b) : a = b := by
  apply Fin.ext
  unfold code codeAt at h
  by_cases hev : C % 2 = 0
  · rw [if_pos hev, if_pos hev] at h
    exact pairCode_injective _ _ h
  · rw [if_neg hev, if_neg hev] at h
    have ha := a.isLt
    have hb := b.isLt
    by_cases h1 : a.val < C - 3 <;> by_cases h2 : b.val < C - 3
    · rw [if_pos h1, if_pos h2] at h
      exact pairCode_injective _ _ h
    · rw [if_pos h1, if_neg h2] at h
      exact absurd h (pairCode_ne_tri _ _ (by omega))
    · rw [if_neg h1, if_pos h2] at h
      exact absurd h.symm (pairCode_ne_tri _ _ (by omega))
    · rw [if_neg h1, if_neg h2] at h
      have := tri_injective _ _ (by omega) (by omega) h
      omega

/-- **Rational balanced equal-norm codes of every size `C ≥ 2` in every dimension `d ≥ 3`**: `C`
distinct prototypes with rational coordinates, all of squared norm `2`, summing to zero. -/
theorem exists_balanced_equalNorm_code (C d : Nat) (hC : 2 ≤ C) (hd : 3 ≤ d) :
    ∃ μ : Fin C → Fin d → Rat, IsBalanced μ ∧ (∀ c, sqNorm (μ c) = 2) ∧
      ∀ a b, μ a = μ b → a = b := by
  obtain ⟨e, rfl⟩ : ∃ e, d = e + 3 := ⟨d - 3, by omega⟩
  exact ⟨code C, code_isBalanced C (by omega), sqNorm_code C, code_injective C⟩

/-! ## Concrete instance -/

/-- Instance: the code of `5` prototypes in `Rat³` is `p 0 = (1, 1, 0)`, `-p 0`, then the
triangle; it sums to zero and all squared norms are `2`. -/
theorem code_instance_five :
    finList 3 (code (e := 0) 5 0) = [1, 1, 0] ∧ finList 3 (code (e := 0) 5 1) = [-1, -1, 0] ∧
      finList 3 (code (e := 0) 5 2) = [1, -1, 0] ∧
      (∀ i : Fin 3, sumFin 5 (fun c => code (e := 0) 5 c i) = 0) ∧
      (∀ c : Fin 5, sqNorm (code (e := 0) 5 c) = 2) := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `xk_injective` applied to `xk 2 = xk 2`. -/
theorem xk_injective_satisfiable : 2 = 2 := xk_injective 2 2 rfl

/-- `code_isBalanced` applied to five prototypes in `ℚ³`. -/
theorem code_isBalanced_satisfiable : IsBalanced (code (e := 0) 5) :=
  code_isBalanced 5 (by decide)

/-- `code_injective` applied to `code 5 3 = code 5 3`. -/
theorem code_injective_satisfiable : (3 : Fin 5) = 3 := code_injective (e := 0) 5 3 3 rfl

/-- `exists_balanced_equalNorm_code` applied to `C = 4`, `d = 3`. -/
theorem exists_balanced_equalNorm_code_satisfiable :
    ∃ μ : Fin 4 → Fin 3 → Rat, IsBalanced μ ∧ (∀ c, sqNorm (μ c) = 2) ∧ ∀ a b, μ a = μ b → a = b :=
  exists_balanced_equalNorm_code 4 3 (by decide) (by decide)

end MLTheory.RationalCode

end

end
