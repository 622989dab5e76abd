/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Pigeonhole

/-!
# Perfect top-`k` retrieval at finite precision needs `2^(B d) ≥ C(N, k)`

Source: `004_725b34af8153ec2b.txt`, line 18 (embedding `N` documents so that every
`k`-subset is the top-`k` result of some query: "With `B` bits per coordinate, perfect top-`k`
retrieval requires `Bd = Ω(k ln N)`").

A query with `B` bits per coordinate in `d` dimensions is a vector `Fin d → Fin (2^B)`; there are
`2^(B d)` of them. A retrieval system maps each query to the set of documents it returns (a subset
of `N` documents, written as its characteristic list of `N` Booleans); top-`k` retrieval by scores
of any embedding, with any tie-breaking, is such a map. It is *perfect* if every `k`-subset of the
`N` documents is returned by some query. We prove, for all `N`, `k`, `B`, `d`:

* the `k`-subsets of `N` documents, listed without duplicates by `kSubsets N k`, number
  `choose N k` (`kSubsets_length`, `kSubsets_nodup`, `mem_kSubsets`);
* **the counting bound**: a perfect top-`k` retrieval system with `B`-bit `d`-dimensional queries
  has `choose N k ≤ 2^(B d)` (`choose_le_of_perfect`); for `k = 1`, `N ≤ 2^(B d)`
  (`le_of_perfect_one`).

**Scope (a proof core).** This is the pigeonhole core of the paper's bound; the step from
`C(N, k) ≥ (N/k)^k` to `Bd = Ω(k ln N)` is `MLTheory.RetrievalBound`, and the quantisation thresholds
are not formalised.

Concrete instances (`_instance_`, by `decide +kernel`) count the `k`-subsets for small `N`.
-/

@[expose] public section

noncomputable section

namespace MLTheory.Retrieval

/-- The binomial coefficient `C(n, k)`, by Pascal's rule (core Lean has none). -/
def choose : Nat → Nat → Nat
  | _, 0 => 1
  | 0, _ + 1 => 0
  | n + 1, k + 1 => choose n k + choose n (k + 1)

/-- The `k`-subsets of `N` documents, as characteristic lists of length `N`: those containing
document `0` (`true ::`) and those not containing it (`false ::`). -/
def kSubsets : Nat → Nat → List (List Bool)
  | N, 0 => [List.replicate N false]
  | 0, _ + 1 => []
  | N + 1, k + 1 => (kSubsets N k).map (true :: ·) ++ (kSubsets N (k + 1)).map (false :: ·)

/-- There are `choose N k` subsets of size `k` in the list. -/
theorem kSubsets_length : ∀ N k, (kSubsets N k).length = choose N k
  | N, 0 => by simp [kSubsets, choose]
  | 0, _ + 1 => rfl
  | N + 1, k + 1 => by
    simp only [kSubsets, choose, List.length_append, List.length_map, kSubsets_length N k,
      kSubsets_length N (k + 1)]

/-- Every entry of `kSubsets N k` is the characteristic list of a `k`-subset of `N` documents:
it has length `N` and exactly `k` entries `true`. -/
theorem mem_kSubsets : ∀ N k S, S ∈ kSubsets N k → S.length = N ∧ S.count true = k
  | N, 0, S, h => by
    simp only [kSubsets, List.mem_singleton] at h
    subst h
    simp [List.count_replicate]
  | 0, _ + 1, S, h => by simp [kSubsets] at h
  | N + 1, k + 1, S, h => by
    simp only [kSubsets, List.mem_append, List.mem_map] at h
    rcases h with ⟨T, hT, rfl⟩ | ⟨T, hT, rfl⟩
    · have := mem_kSubsets N k T hT
      simp [this.1, this.2]
    · have := mem_kSubsets N (k + 1) T hT
      simp [this.1, this.2]

/-- The list of `k`-subsets has no duplicates. -/
theorem kSubsets_nodup : ∀ N k, (kSubsets N k).Nodup
  | N, 0 => by
    simp only [kSubsets]
    exact List.nodup_cons.mpr ⟨by simp, List.nodup_nil⟩
  | 0, _ + 1 => List.nodup_nil
  | N + 1, k + 1 => by
    simp only [kSubsets]
    rw [List.nodup_append]
    refine ⟨nodup_map_of_injective _ (fun a b h => (List.cons.inj h).2) _ (kSubsets_nodup N k),
      nodup_map_of_injective _ (fun a b h => (List.cons.inj h).2) _ (kSubsets_nodup N (k + 1)),
      ?_⟩
    first
      | (intro a ha b hb hab
         obtain ⟨T, _, rfl⟩ := List.mem_map.mp ha
         obtain ⟨T', _, rfl⟩ := List.mem_map.mp hb
         exact absurd (List.cons.inj hab).1 (by decide))
      | (intro a ha hb
         obtain ⟨T, _, rfl⟩ := List.mem_map.mp ha
         obtain ⟨T', _, hT'⟩ := List.mem_map.mp hb
         exact absurd (List.cons.inj hT').1 (by decide))

/-- A retrieval system with `B`-bit `d`-dimensional queries is perfect for `k`-subsets of `N`
documents if every `k`-subset (characteristic list of length `N` with `k` entries `true`) is
returned by some query. -/
def Perfect {B d : Nat} (N k : Nat) (ret : (Fin d → Fin (2 ^ B)) → List Bool) : Prop :=
  ∀ S : List Bool, S.length = N → S.count true = k → ∃ q, ret q = S

/-- **Counting bound**: a perfect top-`k` retrieval system over `N` documents with `B` bits per
coordinate in `d` dimensions has `C(N, k) ≤ 2^(B d)`. -/
theorem choose_le_of_perfect {B d N k : Nat} (ret : (Fin d → Fin (2 ^ B)) → List Bool)
    (hret : Perfect N k ret) : choose N k ≤ 2 ^ (B * d) := by
  have h := length_le_pow_of_covered_fin (2 ^ B) d ret (kSubsets N k) (kSubsets_nodup N k)
    (fun S hS => by
      have := mem_kSubsets N k S hS
      exact hret S this.1 this.2)
  rw [kSubsets_length, ← Nat.pow_mul] at h
  exact h

/-- `C(N, 0) = 1`. -/
theorem choose_zero (N : Nat) : choose N 0 = 1 := by
  cases N <;> rfl

/-- `C(N, 1) = N`. -/
theorem choose_one : ∀ N, choose N 1 = N
  | 0 => rfl
  | N + 1 => by
    show choose N 0 + choose N 1 = N + 1
    rw [choose_zero, choose_one N]
    omega

/-- **Top-1 retrieval**: a perfect top-`1` system needs `N ≤ 2^(B d)` (one query per document). -/
theorem le_of_perfect_one {B d N : Nat} (ret : (Fin d → Fin (2 ^ B)) → List Bool)
    (hret : Perfect N 1 ret) : N ≤ 2 ^ (B * d) := by
  have := choose_le_of_perfect ret hret
  rw [choose_one] at this
  exact this

/-! ## Concrete instances -/

/-- Instance: there are `6` subsets of size `2` of `4` documents, listed without repetition, and
`C(10, 3) = 120` (so perfect top-`3` retrieval over `10` documents needs `B d ≥ 7`). -/
theorem kSubsets_instance_four_two :
    kSubsets 4 2 = [[true, true, false, false], [true, false, true, false],
      [true, false, false, true], [false, true, true, false], [false, true, false, true],
      [false, false, true, true]] ∧ choose 10 3 = 120 ∧ 2 ^ 6 < choose 10 3 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- A perfect top-`1` retrieval system over `2` documents with `1`-bit queries in `1` dimension:
the query `0` returns document `0`, the query `1` document `1`. -/
def retTwo (q : Fin 1 → Fin (2 ^ 1)) : List Bool := if q 0 = 0 then [true, false] else [false, true]

/-- `retTwo` is perfect for the `1`-subsets of `2` documents. -/
theorem perfect_retTwo : Perfect 2 1 retTwo := by
  intro S hl hc
  match S, hl, hc with
  | [a, b], _, hc =>
    cases a <;> cases b
    · simp at hc
    · exact ⟨fun _ => 1, by decide⟩
    · exact ⟨fun _ => 0, by decide⟩
    · simp at hc

/-- `choose_le_of_perfect` applied to `retTwo`: `C(2, 1) ≤ 2^1` (tight). -/
theorem choose_le_of_perfect_satisfiable : choose 2 1 ≤ 2 ^ (1 * 1) :=
  choose_le_of_perfect retTwo perfect_retTwo

/-- `le_of_perfect_one` applied to `retTwo`. -/
theorem le_of_perfect_one_satisfiable : 2 ≤ 2 ^ (1 * 1) :=
  le_of_perfect_one retTwo perfect_retTwo

/-- `mem_kSubsets` applied to the first `2`-subset of `4` documents. -/
theorem mem_kSubsets_satisfiable :
    [true, true, false, false].length = 4 ∧ [true, true, false, false].count true = 2 :=
  mem_kSubsets 4 2 [true, true, false, false] (by decide +kernel)

end MLTheory.Retrieval

end

end
