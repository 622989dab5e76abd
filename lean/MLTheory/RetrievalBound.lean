/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Retrieval

/-!
# The precision bound of top-`k` retrieval in closed form: `(N/k)^k ≤ 2^(B d)`

Source: `004_725b34af8153ec2b.txt`, line 18 (with `B` bits per coordinate, realising every
`k`-subset of `N` documents as a top-`k` result needs `B·d = Ω(k ln N)`).

`MLTheory.Retrieval` proves the counting step `C(N, k) ≤ 2^(B d)` (`choose_le_of_perfect`). This
module adds the estimate of the binomial coefficient that turns it into a bound on `B d`:

* the absorption identity `(k+1) C(N+1, k+1) = (N+1) C(N, k)` (`succ_mul_choose_succ`);
* `N^k ≤ k^k C(N, k)` for `k ≤ N`, i.e. `C(N, k) ≥ (N/k)^k` (`pow_le_pow_mul_choose`);
* hence a perfect top-`k` retrieval system over `N ≥ k` documents with `B`-bit coordinates in
  `d` dimensions has `N^k ≤ k^k 2^(B d)`, i.e. `B d ≥ k log₂ (N/k)`
  (`pow_le_pow_mul_of_perfect`).

* **`B d = Ω(k ln N)`**: when `k` is small against `N`, `k^m ≤ N^(m-1)` (i.e. `k ≤ N^(1-1/m)`)
  for some `m ≥ 1`, the same system has `N^k ≤ 2^(B d m)`, i.e. `B d ≥ (k/m) log₂ N`
  (`pow_le_two_pow_mul_of_perfect`); with `k² ≤ N`, `N^k ≤ 4^(B d)`
  (`pow_le_four_pow_of_perfect`). (Some such restriction is needed: for `k = N` there is one
  `k`-subset and no lower bound on `B d`.)

**Scope.** The quantisation regimes of the paper are not formalised. The concrete instances
(`_instance_`, by `decide +kernel`) check `10³ ≤ 3³ · C(10, 3)` and the three bounds for
`N = 16`, `k = 2`; the `_satisfiable` theorems apply each theorem to a perfect system (`retTwo`).
-/

@[expose] public section

noncomputable section

namespace MLTheory.RetrievalBound

open MLTheory.Retrieval

/-- **Absorption**: `(k+1) C(N+1, k+1) = (N+1) C(N, k)`. -/
theorem succ_mul_choose_succ : ∀ N k, (k + 1) * choose (N + 1) (k + 1) = (N + 1) * choose N k
  | 0, 0 => rfl
  | 0, k + 1 => by
    show (k + 2) * (choose 0 (k + 1) + choose 0 (k + 2)) = 1 * choose 0 (k + 1)
    simp [choose]
  | N + 1, 0 => by
    show 1 * (choose (N + 1) 0 + choose (N + 1) 1) = (N + 2) * choose (N + 1) 0
    rw [choose_zero, choose_one]
    omega
  | N + 1, j + 1 => by
    -- `C(N+2, j+2) = C(N+1, j+1) + C(N+1, j+2)` and `C(N+1, j+1) = C(N, j) + C(N, j+1)`
    have hP : choose (N + 2) (j + 2) = choose (N + 1) (j + 1) + choose (N + 1) (j + 2) := rfl
    have hP' : choose (N + 1) (j + 1) = choose N j + choose N (j + 1) := rfl
    have ih1 := succ_mul_choose_succ N j
    have ih2 : (j + 2) * choose (N + 1) (j + 2) = (N + 1) * choose N (j + 1) :=
      succ_mul_choose_succ N (j + 1)
    show (j + 2) * choose (N + 2) (j + 2) = (N + 2) * choose (N + 1) (j + 1)
    rw [hP]
    -- expand the products into sums of atoms
    have e1 : (j + 2) * (choose (N + 1) (j + 1) + choose (N + 1) (j + 2)) =
        ((j + 1) * choose (N + 1) (j + 1) + choose (N + 1) (j + 1)) +
          (j + 2) * choose (N + 1) (j + 2) := by
      have h : (j + 2) * choose (N + 1) (j + 1) =
          (j + 1) * choose (N + 1) (j + 1) + choose (N + 1) (j + 1) := Nat.succ_mul _ _
      rw [Nat.mul_add]
      omega
    have e2 : (N + 2) * choose (N + 1) (j + 1) =
        (N + 1) * choose (N + 1) (j + 1) + choose (N + 1) (j + 1) := Nat.succ_mul _ _
    have e3 : (N + 1) * choose (N + 1) (j + 1) = (N + 1) * choose N j + (N + 1) * choose N (j + 1) := by
      rw [hP', Nat.mul_add]
    rw [e1, e2, e3, ih1, ih2]
    omega

/-- **`C(N, k) ≥ (N/k)^k`**: `N^k ≤ k^k C(N, k)` for `k ≤ N`. -/
theorem pow_le_pow_mul_choose : ∀ k N, k ≤ N → N ^ k ≤ k ^ k * choose N k
  | 0, N, _ => by rw [choose_zero]; simp
  | k + 1, 0, h => absurd h (by omega)
  | k + 1, M + 1, h => by
    have hk : k ≤ M := by omega
    have ih := pow_le_pow_mul_choose k M hk
    -- `(k+1)^(k+1) C(M+1, k+1) = (k+1)^k (M+1) C(M, k)`
    have hab : (k + 1) ^ (k + 1) * choose (M + 1) (k + 1) =
        (k + 1) ^ k * ((M + 1) * choose M k) := by
      rw [Nat.pow_succ, Nat.mul_assoc, succ_mul_choose_succ]
    rw [hab]
    -- it suffices that `(M+1)^k ≤ (k+1)^k C(M, k)`
    suffices hs : (M + 1) ^ k ≤ (k + 1) ^ k * choose M k by
      have := Nat.mul_le_mul_right (M + 1) hs
      rw [Nat.pow_succ]
      calc (M + 1) ^ k * (M + 1) ≤ (k + 1) ^ k * choose M k * (M + 1) := this
        _ = (k + 1) ^ k * ((M + 1) * choose M k) := by
          rw [Nat.mul_assoc, Nat.mul_comm (choose M k)]
    by_cases hk0 : k = 0
    · subst hk0
      rw [choose_zero]
      simp
    · -- `((M+1) k)^k ≤ ((k+1) M)^k` since `(M+1) k ≤ (k+1) M` (as `k ≤ M`)
      have hlin : (M + 1) * k ≤ (k + 1) * M := by
        rw [Nat.add_mul, Nat.add_mul, Nat.one_mul, Nat.one_mul, Nat.mul_comm M k]
        omega
      have hpow : ((M + 1) * k) ^ k ≤ ((k + 1) * M) ^ k := Nat.pow_le_pow_left hlin k
      rw [Nat.mul_pow, Nat.mul_pow] at hpow
      -- `k^k (M+1)^k ≤ (k+1)^k M^k ≤ (k+1)^k k^k C(M, k)`
      have h2 : (k + 1) ^ k * M ^ k ≤ (k + 1) ^ k * (k ^ k * choose M k) :=
        Nat.mul_le_mul_left _ ih
      have h3 : k ^ k * (M + 1) ^ k ≤ k ^ k * ((k + 1) ^ k * choose M k) := by
        calc k ^ k * (M + 1) ^ k = (M + 1) ^ k * k ^ k := Nat.mul_comm _ _
          _ ≤ (k + 1) ^ k * M ^ k := hpow
          _ ≤ (k + 1) ^ k * (k ^ k * choose M k) := h2
          _ = k ^ k * ((k + 1) ^ k * choose M k) := by
            rw [← Nat.mul_assoc, Nat.mul_comm ((k + 1) ^ k) (k ^ k), Nat.mul_assoc]
      have hpos : 0 < k ^ k := Nat.pow_pos (Nat.pos_of_ne_zero hk0)
      exact Nat.le_of_mul_le_mul_left h3 hpos

/-- **The precision bound in closed form**: a perfect top-`k` retrieval system over `N ≥ k`
documents with `B`-bit coordinates in `d` dimensions has `N^k ≤ k^k 2^(B d)`, i.e.
`(N/k)^k ≤ 2^(B d)` and `B d ≥ k log₂ (N/k)`. -/
theorem pow_le_pow_mul_of_perfect {B d N k : Nat} (ret : (Fin d → Fin (2 ^ B)) → List Bool)
    (hret : Perfect N k ret) (hk : k ≤ N) : N ^ k ≤ k ^ k * 2 ^ (B * d) :=
  Nat.le_trans (pow_le_pow_mul_choose k N hk) (Nat.mul_le_mul_left _ (choose_le_of_perfect ret hret))

/-- **`B d = Ω(k ln N)`**: a perfect top-`k` retrieval system over `N` documents with `B`-bit
coordinates in `d` dimensions, with `k` small against `N` in the sense `k^m ≤ N^(m-1)` (that is,
`k ≤ N^(1 - 1/m)`) for some `m ≥ 1`, has `N^k ≤ 2^(B d m)`, i.e. `B d ≥ (k/m) log₂ N`. -/
theorem pow_le_two_pow_mul_of_perfect {B d N k m : Nat} (ret : (Fin d → Fin (2 ^ B)) → List Bool)
    (hret : Perfect N k ret) (hm : 1 ≤ m) (hkN : k ^ m ≤ N ^ (m - 1)) :
    N ^ k ≤ 2 ^ (B * d * m) := by
  rcases Nat.eq_zero_or_pos N with hN | hN
  · subst hN
    rcases Nat.eq_zero_or_pos k with hk | hk
    · subst hk
      exact Nat.one_le_two_pow
    · rw [Nat.zero_pow hk]
      exact Nat.zero_le _
  · have hk : k ≤ N := by
      apply Classical.byContradiction
      intro h
      have h1 : (N + 1) ^ m ≤ k ^ m := Nat.pow_le_pow_left (by omega) m
      have h2 : N ^ (m - 1) ≤ N ^ m := Nat.pow_le_pow_right hN (by omega)
      have h3 : N ^ m < (N + 1) ^ m := Nat.pow_lt_pow_left (by omega) (by omega)
      omega
    have hb := pow_le_pow_mul_of_perfect ret hret hk
    have h1 : (N ^ k) ^ m ≤ (k ^ k * 2 ^ (B * d)) ^ m := Nat.pow_le_pow_left hb m
    have hkk : (k ^ k) ^ m = (k ^ m) ^ k := by
      rw [← Nat.pow_mul, ← Nat.pow_mul, Nat.mul_comm]
    rw [Nat.mul_pow, hkk] at h1
    have h2 : (k ^ m) ^ k ≤ (N ^ (m - 1)) ^ k := Nat.pow_le_pow_left hkN k
    have h3 : (N ^ k) ^ m ≤ (N ^ (m - 1)) ^ k * (2 ^ (B * d)) ^ m :=
      Nat.le_trans h1 (Nat.mul_le_mul_right _ h2)
    have e : (N ^ k) ^ m = (N ^ (m - 1)) ^ k * N ^ k := by
      rw [← Nat.pow_mul, ← Nat.pow_mul, ← Nat.pow_add]
      congr 1
      have : m = (m - 1) + 1 := by omega
      calc k * m = k * ((m - 1) + 1) := by rw [← this]
        _ = (m - 1) * k + k := by rw [Nat.mul_add, Nat.mul_one, Nat.mul_comm]
    rw [e] at h3
    have hpos : 0 < (N ^ (m - 1)) ^ k := Nat.pow_pos (Nat.pow_pos hN)
    have := Nat.le_of_mul_le_mul_left h3 hpos
    rwa [← Nat.pow_mul] at this

/-- **The square-root regime**: with `k² ≤ N`, a perfect top-`k` retrieval system has
`N^k ≤ 4^(B d)`, i.e. `B d ≥ (k/2) log₂ N`. -/
theorem pow_le_four_pow_of_perfect {B d N k : Nat} (ret : (Fin d → Fin (2 ^ B)) → List Bool)
    (hret : Perfect N k ret) (hkN : k * k ≤ N) : N ^ k ≤ 4 ^ (B * d) := by
  have h := pow_le_two_pow_mul_of_perfect (m := 2) ret hret (by decide)
    (by rw [Nat.pow_two, Nat.pow_one]; exact hkN)
  have e : 2 ^ (B * d * 2) = 4 ^ (B * d) := by
    rw [Nat.mul_comm (B * d) 2, Nat.pow_mul]
  rw [← e]
  exact h

/-- Instance: for `k = 2` of `N = 16` documents (`k² ≤ N`), the three bounds on `B d`: the exact
count `C(16, 2) = 120 > 2^6` needs `B d ≥ 7`, `N^k = 256 ≤ k^k 2^(B d)` needs `B d ≥ 6`, and
`N^k = 256 = 4^4` needs `B d ≥ 4`. -/
theorem retrieval_bounds_instance_sixteen_two :
    choose 16 2 = 120 ∧ 2 ^ 6 < choose 16 2 ∧ 16 ^ 2 = 2 ^ 2 * 2 ^ 6 ∧ 16 ^ 2 = 4 ^ 4 := by
  decide +kernel

/-- Instance: `10³ = 1000 ≤ 3³ · C(10, 3) = 27 · 120 = 3240`, and absorption
`3 · C(9, 3) = 9 · C(8, 2)` (`3 · 84 = 9 · 28 = 252`). -/
theorem choose_bound_instance_ten_three :
    10 ^ 3 ≤ 3 ^ 3 * choose 10 3 ∧ 3 ^ 3 * choose 10 3 = 3240 ∧ 3 * choose 9 3 = 9 * choose 8 2 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `pow_le_pow_mul_choose` applied to `k = 3`, `N = 10`. -/
theorem pow_le_pow_mul_choose_satisfiable : 10 ^ 3 ≤ 3 ^ 3 * choose 10 3 :=
  pow_le_pow_mul_choose 3 10 (by decide)

/-- `pow_le_pow_mul_of_perfect` applied to `retTwo`. -/
theorem pow_le_pow_mul_of_perfect_satisfiable : 2 ^ 1 ≤ 1 ^ 1 * 2 ^ (1 * 1) :=
  pow_le_pow_mul_of_perfect retTwo perfect_retTwo (by decide)

/-- `pow_le_two_pow_mul_of_perfect` applied to `retTwo` with `m = 1`. -/
theorem pow_le_two_pow_mul_of_perfect_satisfiable : 2 ^ 1 ≤ 2 ^ (1 * 1 * 1) :=
  pow_le_two_pow_mul_of_perfect (m := 1) retTwo perfect_retTwo (by decide) (by decide)

/-- `pow_le_four_pow_of_perfect` applied to `retTwo` (`1 · 1 ≤ 2`). -/
theorem pow_le_four_pow_of_perfect_satisfiable : 2 ^ 1 ≤ 4 ^ (1 * 1) :=
  pow_le_four_pow_of_perfect retTwo perfect_retTwo (by decide)

end MLTheory.RetrievalBound

end

end
