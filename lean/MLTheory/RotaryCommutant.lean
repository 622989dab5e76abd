/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.PowerLawAttention

/-!
# The commutant of a rotary generator, and relative-position scores

Source: `004_725b34af8153ec2b.txt`, line 5 (PLDR-LLM: "under nonresonance (satisfied by
standard rotary frequencies), a commutant criterion identifies which operators preserve
relative-position dependence").

Rotary position encoding acts on `2m` coordinates grouped in `m` planes; its generator is the
block-diagonal matrix `diag(ω₀ J, …, ω_{m-1} J)` with `J = [[0, -1], [1, 0]]`. Here vectors are
block vectors `Fin m → Fin 2 → Rat` and operators block matrices `Fin m → Fin m → Mat 2`
(`BMat`, product `bmul`, action `bapply`, inner product `bdot`), exactly over `Rat`:

* **the commutant** (`commutes_gen_iff`): if the squared frequencies `ω_i²` are pairwise distinct
  and non-zero (the algebraic form of nonresonance), an operator `M` commutes with the generator
  iff it is block-diagonal (`M i j = 0` for `i ≠ j`) with every diagonal block of the form
  `a I + b J`;
* **relative-position scores** (`bdot_bapply_rot_shift`, `score_depends_on_difference`): such an
  operator commutes with every block rotation `diag(R(c_i, s_i))` with `c_i² + s_i² = 1` (rational
  rotations), and then the score `⟨P^p q, M P^{p'} k⟩` of a query at position `p` and a key at
  position `p'` (positions acting by powers of one rotation `P`) is unchanged when both positions
  are shifted: it depends on `p' - p` only. `relative_scores_of_commutes` combines the two.

**Scope (special case).** The nonresonance step from real rotary angles `θ_i p` to commuting with
each generator block (irrational frequencies, trigonometry) is not formalised: rotations here are
rational, and the frequencies enter only through the generator. The converse holds for a
nonresonant rotation (every `s_i ≠ 0`, the `c_i` pairwise distinct): an operator whose scores are
unchanged by shifting both positions is in the commutant (`commutant_of_shift_invariant`), so the
criterion is an equivalence (`relative_scores_iff_commutes`).

The concrete instance (`_instance_`, by `decide +kernel`) checks the block product and a shifted
score on two planes; the `_satisfiable` theorems apply each theorem with hypotheses.
-/

@[expose] public section

noncomputable section

namespace MLTheory.RotaryCommutant

open MLTheory.PowerLaw

/-- Block vectors: `m` planes of two coordinates. -/
abbrev BVec (m : Nat) : Type := Fin m → Fin 2 → Rat

/-- Block matrices: an `m × m` array of `2 × 2` blocks. -/
abbrev BMat (m : Nat) : Type := Fin m → Fin m → Mat 2

/-- The product of block matrices, `(A B) i j = ∑ k, A i k * B k j` (block products). -/
def bmul {m : Nat} (A B : BMat m) : BMat m :=
  fun i j r s => sumFin m (fun k => matMul (A i k) (B k j) r s)

/-- A block matrix acting on a block vector: `(A x) i = ∑ j, A i j (x j)`. -/
def bapply {m : Nat} (A : BMat m) (x : BVec m) : BVec m :=
  fun i r => sumFin m (fun j => matVec (A i j) (x j) r)

/-- The inner product of block vectors, `∑ i, ⟨x i, y i⟩`. -/
def bdot {m : Nat} (x y : BVec m) : Rat := sumFin m (fun i => dot (x i) (y i))

/-- The block-diagonal matrix with diagonal blocks `D i`. -/
def blockDiag {m : Nat} (D : Fin m → Mat 2) : BMat m :=
  fun i j => if i = j then D i else matZero 2

/-- The rotary generator `diag(ω₀ J, …, ω_{m-1} J)`. -/
def gen {m : Nat} (ω : Fin m → Rat) : BMat m := blockDiag (fun i r s => ω i * J r s)

/-- The block rotation `diag(R(c₀, s₀), …)` with `R(c, s) = [[c, -s], [s, c]]`. -/
def blockRot {m : Nat} (c s : Fin m → Rat) : BMat m := blockDiag (fun i => rot (c i) (s i))

/-- `A * 0 = 0` and `0 * A = 0` for `2 × 2` blocks, entrywise. -/
theorem matMul_zero_two (A : Mat 2) (r s : Fin 2) :
    matMul A (matZero 2) r s = 0 ∧ matMul (matZero 2) A r s = 0 := by
  rw [matMul_two_apply, matMul_two_apply]
  simp only [matZero, Rat.mul_zero, Rat.zero_mul, Rat.add_zero]
  exact ⟨trivial, trivial⟩

/-- `A 0 = 0` for a `2 × 2` block. -/
theorem matVec_zero_two (v : Fin 2 → Rat) (r : Fin 2) : matVec (matZero 2) v r = 0 := by
  simp only [matVec, matZero, sumFin_succ, sumFin_zero, Rat.zero_mul, Rat.add_zero]

/-- Multiplying by a block-diagonal matrix on the right keeps one block: `(A D) i j = A i j D j`. -/
theorem bmul_blockDiag_right {m : Nat} (A : BMat m) (D : Fin m → Mat 2) (i j : Fin m) (r s : Fin 2) :
    bmul A (blockDiag D) i j r s = matMul (A i j) (D j) r s := by
  unfold bmul blockDiag
  refine Eq.trans (sumFin_congr (fun k => ?_)) (sumFin_ite_eq m j (matMul (A i j) (D j) r s))
  by_cases h : k = j
  · subst h; simp
  · simp only [h, if_false]
    exact (matMul_zero_two _ r s).1

/-- Multiplying by a block-diagonal matrix on the left keeps one block: `(D A) i j = D i A i j`. -/
theorem bmul_blockDiag_left {m : Nat} (A : BMat m) (D : Fin m → Mat 2) (i j : Fin m) (r s : Fin 2) :
    bmul (blockDiag D) A i j r s = matMul (D i) (A i j) r s := by
  unfold bmul blockDiag
  refine Eq.trans (sumFin_congr (fun k => ?_)) (sumFin_ite_eq' m i (matMul (D i) (A i j) r s))
  by_cases h : i = k
  · subst h; simp
  · simp only [h, if_false]
    exact (matMul_zero_two _ r s).2

/-- Entries of `A (ω J)` and `(ω J) A` for a `2 × 2` block `A = [[a, b], [c, d]]`:
`A (ω J) = ω [[b, -a], [d, -c]]` and `(ω J) A = ω [[-c, -d], [a, b]]`. -/
theorem matMul_smul_J (A : Mat 2) (w : Rat) :
    (matMul A (fun r s => w * J r s) 0 0 = w * A 0 1 ∧ matMul A (fun r s => w * J r s) 0 1 = -(w * A 0 0) ∧
      matMul A (fun r s => w * J r s) 1 0 = w * A 1 1 ∧ matMul A (fun r s => w * J r s) 1 1 = -(w * A 1 0)) ∧
    (matMul (fun r s => w * J r s) A 0 0 = -(w * A 1 0) ∧ matMul (fun r s => w * J r s) A 0 1 = -(w * A 1 1) ∧
      matMul (fun r s => w * J r s) A 1 0 = w * A 0 0 ∧ matMul (fun r s => w * J r s) A 1 1 = w * A 0 1) := by
  simp only [matMul_two_apply, J, rot]
  simp
  refine ⟨⟨?_, ?_, ?_, ?_⟩, ⟨?_, ?_, ?_, ?_⟩⟩ <;> grind

/-- **The commutant of the rotary generator**: if the `ω_i` are non-zero with pairwise distinct
squares, a block matrix commutes with `diag(ω₀ J, …)` iff it is block-diagonal with every diagonal
block of the form `a I + b J` (`M i i 0 0 = M i i 1 1`, `M i i 0 1 = -M i i 1 0`). -/
theorem commutes_gen_iff {m : Nat} (ω : Fin m → Rat) (hω0 : ∀ i, ω i ≠ 0)
    (hω : ∀ i j, i ≠ j → ω i * ω i ≠ ω j * ω j) (M : BMat m) :
    bmul M (gen ω) = bmul (gen ω) M ↔
      (∀ i j, i ≠ j → M i j = matZero 2) ∧ ∀ i, M i i 0 0 = M i i 1 1 ∧ M i i 0 1 = -M i i 1 0 := by
  have key : ∀ i j r s, bmul M (gen ω) i j r s = matMul (M i j) (fun r s => ω j * J r s) r s ∧
      bmul (gen ω) M i j r s = matMul (fun r s => ω i * J r s) (M i j) r s :=
    fun i j r s => ⟨bmul_blockDiag_right M _ i j r s, bmul_blockDiag_left M _ i j r s⟩
  constructor
  · intro h
    have hent : ∀ i j r s, matMul (M i j) (fun r s => ω j * J r s) r s =
        matMul (fun r s => ω i * J r s) (M i j) r s := fun i j r s => by
      rw [← (key i j r s).1, ← (key i j r s).2, h]
    refine ⟨fun i j hij => ?_, fun i => ?_⟩
    · obtain ⟨⟨a1, a2, a3, a4⟩, _⟩ := matMul_smul_J (M i j) (ω j)
      obtain ⟨_, ⟨b1, b2, b3, b4⟩⟩ := matMul_smul_J (M i j) (ω i)
      have e00 := hent i j 0 0
      have e01 := hent i j 0 1
      have e10 := hent i j 1 0
      have e11 := hent i j 1 1
      rw [a1, b1] at e00
      rw [a2, b2] at e01
      rw [a3, b3] at e10
      rw [a4, b4] at e11
      have hne := hω i j hij
      -- `(ω_j² - ω_i²) x = 0` for every entry `x`
      have hsq : ∀ x y : Rat, ω j * x = ω i * y → ω j * y = ω i * x → x = 0 := by
        intro x y h1 h2
        have h3 : ω j * (ω j * x) = ω i * (ω i * x) := by
          rw [h1, ← h2]; grind
        apply Classical.byContradiction
        intro hx
        apply hne
        have : (ω j * ω j - ω i * ω i) * x = 0 := by grind
        rcases Rat.mul_eq_zero.mp this with h | h
        · grind
        · exact absurd h hx
      have z00 : M i j 0 0 = 0 := hsq (M i j 0 0) (M i j 1 1) (by grind) (by grind)
      have z11 : M i j 1 1 = 0 := hsq (M i j 1 1) (M i j 0 0) (by grind) (by grind)
      have z01 : M i j 0 1 = 0 := hsq (M i j 0 1) (-M i j 1 0) (by grind) (by grind)
      have z10 : M i j 1 0 = 0 := hsq (M i j 1 0) (-M i j 0 1) (by grind) (by grind)
      exact mat_two_ext (by rw [z00]; rfl) (by rw [z01]; rfl) (by rw [z10]; rfl) (by rw [z11]; rfl)
    · obtain ⟨⟨a1, a2, a3, a4⟩, ⟨b1, b2, b3, b4⟩⟩ := matMul_smul_J (M i i) (ω i)
      have e00 := hent i i 0 0
      have e01 := hent i i 0 1
      rw [a1, b1] at e00
      rw [a2, b2] at e01
      have hw := hω0 i
      constructor
      · have : ω i * (M i i 0 0 - M i i 1 1) = 0 := by grind
        rcases Rat.mul_eq_zero.mp this with h | h
        · exact absurd h hw
        · grind
      · have : ω i * (M i i 0 1 + M i i 1 0) = 0 := by grind
        rcases Rat.mul_eq_zero.mp this with h | h
        · exact absurd h hw
        · grind
  · rintro ⟨hoff, hdiag⟩
    funext i j r s
    rw [(key i j r s).1, (key i j r s).2]
    by_cases hij : i = j
    · subst hij
      obtain ⟨⟨a1, a2, a3, a4⟩, ⟨b1, b2, b3, b4⟩⟩ := matMul_smul_J (M i i) (ω i)
      obtain ⟨h1, h2⟩ := hdiag i
      have heq : matMul (M i i) (fun r s => ω i * J r s) = matMul (fun r s => ω i * J r s) (M i i) :=
        mat_two_ext (by rw [a1, b1]; grind) (by rw [a2, b2]; grind) (by rw [a3, b3]; grind)
          (by rw [a4, b4]; grind)
      exact congrFun (congrFun heq r) s
    · rw [hoff i j hij]
      rw [(matMul_zero_two _ r s).2, (matMul_zero_two _ r s).1]

/-! ## Rotations and relative-position scores -/

/-- A `2 × 2` block acting on a plane vector: `(A v) r = A r 0 * v 0 + A r 1 * v 1`. -/
theorem matVec_two_apply (A : Mat 2) (v : Fin 2 → Rat) (r : Fin 2) :
    matVec A v r = A r 0 * v 0 + A r 1 * v 1 := by
  simp only [matVec, sumFin_succ, sumFin_zero, Fin.succ_zero_eq_one]
  grind

/-- A plane vector is determined by its two coordinates. -/
theorem vec_two_ext {u v : Fin 2 → Rat} (h0 : u 0 = v 0) (h1 : u 1 = v 1) : u = v := by
  funext r
  cases r using Fin.cases with
  | zero => exact h0
  | succ r =>
    cases r using Fin.cases with
    | zero => exact h1
    | succ r => exact r.elim0

/-- The inner product of plane vectors, `⟨u, v⟩ = u 0 v 0 + u 1 v 1`. -/
theorem dot_two_apply (u v : Fin 2 → Rat) : dot u v = u 0 * v 0 + u 1 * v 1 := by
  simp only [dot, sumFin_succ, sumFin_zero, Fin.succ_zero_eq_one]
  grind

/-- A block `a I + b J` commutes with every rotation `R(c, s)` as a map of the plane. -/
theorem matVec_rot_comm (A : Mat 2) (ha : A 0 0 = A 1 1) (hb : A 0 1 = -A 1 0) (c s : Rat)
    (v : Fin 2 → Rat) : matVec A (matVec (rot c s) v) = matVec (rot c s) (matVec A v) := by
  apply vec_two_ext <;> simp only [matVec_two_apply, rot] <;> simp <;> grind

/-- A rotation `R(c, s)` with `c² + s² = 1` preserves the inner product of the plane. -/
theorem dot_matVec_rot (c s : Rat) (h : c * c + s * s = 1) (u v : Fin 2 → Rat) :
    dot (matVec (rot c s) u) (matVec (rot c s) v) = dot u v := by
  rw [dot_two_apply, dot_two_apply]
  simp only [matVec_two_apply, rot]
  simp
  have e : (c * u 0 + -s * u 1) * (c * v 0 + -s * v 1) + (s * u 0 + c * u 1) * (s * v 0 + c * v 1) =
      (c * c + s * s) * (u 0 * v 0 + u 1 * v 1) := by grind
  rw [e, h, Rat.one_mul]

/-- A block-diagonal matrix acts plane by plane: `(diag(D) x) i = D i (x i)`. -/
theorem bapply_blockDiag {m : Nat} (D : Fin m → Mat 2) (x : BVec m) :
    bapply (blockDiag D) x = fun i => matVec (D i) (x i) := by
  funext i r
  unfold bapply blockDiag
  refine Eq.trans (sumFin_congr (fun j => ?_)) (sumFin_ite_eq' m i (matVec (D i) (x i) r))
  by_cases h : i = j
  · subst h; simp
  · simp only [h, if_false]
    exact matVec_zero_two _ r

/-- A block matrix with zero off-diagonal blocks acts plane by plane. -/
theorem bapply_of_offDiag_zero {m : Nat} (M : BMat m) (hoff : ∀ i j, i ≠ j → M i j = matZero 2)
    (x : BVec m) : bapply M x = fun i => matVec (M i i) (x i) := by
  have : M = blockDiag (fun i => M i i) := by
    funext i j
    unfold blockDiag
    by_cases h : i = j
    · subst h; simp
    · simp only [h, if_false]; exact hoff i j h
  rw [this, bapply_blockDiag]
  simp [blockDiag]

/-- **Operators of the commutant commute with every block rotation**: a block-diagonal operator
with diagonal blocks `a I + b J` commutes with `diag(R(c_i, s_i))`. -/
theorem bapply_blockRot_comm {m : Nat} (M : BMat m) (hoff : ∀ i j, i ≠ j → M i j = matZero 2)
    (hdiag : ∀ i, M i i 0 0 = M i i 1 1 ∧ M i i 0 1 = -M i i 1 0) (c s : Fin m → Rat) (y : BVec m) :
    bapply M (bapply (blockRot c s) y) = bapply (blockRot c s) (bapply M y) := by
  unfold blockRot
  rw [bapply_of_offDiag_zero M hoff, bapply_of_offDiag_zero M hoff, bapply_blockDiag,
    bapply_blockDiag]
  funext i
  exact matVec_rot_comm (M i i) (hdiag i).1 (hdiag i).2 (c i) (s i) (y i)

/-- Block rotations with `c_i² + s_i² = 1` preserve the inner product of block vectors. -/
theorem bdot_blockRot {m : Nat} (c s : Fin m → Rat) (h : ∀ i, c i * c i + s i * s i = 1)
    (x y : BVec m) : bdot (bapply (blockRot c s) x) (bapply (blockRot c s) y) = bdot x y := by
  unfold blockRot
  rw [bapply_blockDiag, bapply_blockDiag]
  unfold bdot
  exact sumFin_congr (fun i => dot_matVec_rot (c i) (s i) (h i) (x i) (y i))

/-- **Scores see only the relative rotation**: for an operator of the commutant and a block
rotation `P`, rotating both the query and the key by `P` leaves the score unchanged:
`⟨P x, M (P y)⟩ = ⟨x, M y⟩`. -/
theorem bdot_bapply_rot_shift {m : Nat} (M : BMat m) (hoff : ∀ i j, i ≠ j → M i j = matZero 2)
    (hdiag : ∀ i, M i i 0 0 = M i i 1 1 ∧ M i i 0 1 = -M i i 1 0) (c s : Fin m → Rat)
    (h : ∀ i, c i * c i + s i * s i = 1) (x y : BVec m) :
    bdot (bapply (blockRot c s) x) (bapply M (bapply (blockRot c s) y)) = bdot x (bapply M y) := by
  rw [bapply_blockRot_comm M hoff hdiag c s y]
  exact bdot_blockRot c s h x (bapply M y)

/-- The rotary encoding of position `p`: the block rotation `P` applied `p` times. -/
def rotPow {m : Nat} (P : BMat m) : Nat → BVec m → BVec m
  | 0, x => x
  | p + 1, x => bapply P (rotPow P p x)

/-- **Relative-position dependence**: for an operator of the commutant and positions encoded by
powers of a block rotation `P` (`c_i² + s_i² = 1`), the score of a query at position `p` and a key
at position `p'` is unchanged when both are shifted by `r`: it depends on `p' - p` only. -/
theorem score_depends_on_difference {m : Nat} (M : BMat m)
    (hoff : ∀ i j, i ≠ j → M i j = matZero 2)
    (hdiag : ∀ i, M i i 0 0 = M i i 1 1 ∧ M i i 0 1 = -M i i 1 0) (c s : Fin m → Rat)
    (h : ∀ i, c i * c i + s i * s i = 1) (q k : BVec m) (p p' : Nat) :
    ∀ r, bdot (rotPow (blockRot c s) (p + r) q) (bapply M (rotPow (blockRot c s) (p' + r) k)) =
      bdot (rotPow (blockRot c s) p q) (bapply M (rotPow (blockRot c s) p' k))
  | 0 => rfl
  | r + 1 => by
    show bdot (bapply (blockRot c s) (rotPow (blockRot c s) (p + r) q))
        (bapply M (bapply (blockRot c s) (rotPow (blockRot c s) (p' + r) k))) = _
    rw [bdot_bapply_rot_shift M hoff hdiag c s h]
    exact score_depends_on_difference M hoff hdiag c s h q k p p' r

/-- **The commutant criterion**: if the `ω_i` are non-zero with pairwise distinct squares and `M`
commutes with the rotary generator `diag(ω₀ J, …)`, then under every rational rotary encoding
(powers of a block rotation with `c_i² + s_i² = 1`) the scores `⟨P^p q, M P^{p'} k⟩` depend only on
the relative position. -/
theorem relative_scores_of_commutes {m : Nat} (ω : Fin m → Rat) (hω0 : ∀ i, ω i ≠ 0)
    (hω : ∀ i j, i ≠ j → ω i * ω i ≠ ω j * ω j) (M : BMat m)
    (hM : bmul M (gen ω) = bmul (gen ω) M) (c s : Fin m → Rat)
    (h : ∀ i, c i * c i + s i * s i = 1) (q k : BVec m) (p p' r : Nat) :
    bdot (rotPow (blockRot c s) (p + r) q) (bapply M (rotPow (blockRot c s) (p' + r) k)) =
      bdot (rotPow (blockRot c s) p q) (bapply M (rotPow (blockRot c s) p' k)) := by
  obtain ⟨hoff, hdiag⟩ := (commutes_gen_iff ω hω0 hω M).mp hM
  exact score_depends_on_difference M hoff hdiag c s h q k p p' r

/-! ## The converse: relative scores force the commutant

For a rotation `P = diag(R(c_i, s_i))` that is *nonresonant* in the algebraic sense (every
`s_i ≠ 0`, the `c_i` pairwise distinct: no two planes turn by the same angle or by opposite
angles), an operator whose scores are invariant under shifting both positions by one,
`⟨P q, M P k⟩ = ⟨q, M k⟩`, is in the commutant: its off-diagonal blocks vanish and its diagonal
blocks are `a I + b J`. Together with `relative_scores_of_commutes` this makes the commutant
criterion an equivalence (`relative_scores_iff_commutes`). -/

/-- The block vector with the plane vector `u` in block `i` and `0` elsewhere. -/
def bsingle {m : Nat} (i : Fin m) (u : Fin 2 → Rat) : BVec m := fun l r => if l = i then u r else 0

/-- A `2 × 2` block applied to the zero vector. -/
theorem matVec_zero_vec_two (A : Mat 2) (r : Fin 2) : matVec A (fun _ => 0) r = 0 := by
  rw [matVec_two_apply]; grind

/-- The block `i` of `bsingle i u` is `u`. -/
theorem bsingle_self {m : Nat} (i : Fin m) (u : Fin 2 → Rat) : bsingle i u i = u :=
  funext fun _ => if_pos rfl

/-- The other blocks of `bsingle i u` are `0`. -/
theorem bsingle_of_ne {m : Nat} {i l : Fin m} (u : Fin 2 → Rat) (h : l ≠ i) :
    bsingle i u l = fun _ => 0 :=
  funext fun _ => if_neg h

/-- A block matrix applied to a vector supported on block `j`: column `j` of blocks. -/
theorem bapply_bsingle {m : Nat} (M : BMat m) (j : Fin m) (u : Fin 2 → Rat) :
    bapply M (bsingle j u) = fun l => matVec (M l j) u := by
  funext l r
  unfold bapply
  refine Eq.trans (sumFin_congr (fun k => ?_)) (sumFin_ite_eq' m j (matVec (M l j) u r))
  by_cases h : j = k
  · subst h
    rw [if_pos rfl, bsingle_self]
  · rw [if_neg h, bsingle_of_ne u (fun e => h e.symm)]
    exact matVec_zero_vec_two _ r

/-- The inner product with a vector supported on block `i`. -/
theorem bdot_bsingle {m : Nat} (i : Fin m) (u : Fin 2 → Rat) (y : BVec m) :
    bdot (bsingle i u) y = dot u (y i) := by
  unfold bdot
  refine Eq.trans (sumFin_congr (fun l => ?_)) (sumFin_ite_eq m i (dot u (y i)))
  by_cases h : l = i
  · subst h; rw [if_pos rfl, bsingle_self]
  · rw [if_neg h, bsingle_of_ne u h, dot_two_apply]
    grind

/-- A block rotation keeps a vector in its block. -/
theorem bapply_blockRot_bsingle {m : Nat} (c s : Fin m → Rat) (i : Fin m) (u : Fin 2 → Rat) :
    bapply (blockRot c s) (bsingle i u) = bsingle i (matVec (rot (c i) (s i)) u) := by
  unfold blockRot
  rw [bapply_blockDiag]
  funext l r
  by_cases h : l = i
  · subst h; rw [bsingle_self, bsingle_self]
  · rw [bsingle_of_ne u h, bsingle_of_ne _ h, matVec_zero_vec_two]

/-- Entries of a rotation: `R(c, s) = [[c, -s], [s, c]]`. -/
theorem rot_apply (c s : Rat) :
    rot c s 0 0 = c ∧ rot c s 0 1 = -s ∧ rot c s 1 0 = s ∧ rot c s 1 1 = c := by
  simp [rot]

/-- **Conjugation-invariant blocks commute with the rotations**: if
`⟨R(c, s) u, X R(c', s') v⟩ = ⟨u, X v⟩` for all plane vectors and `c² + s² = 1`, then
`X R(c', s') = R(c, s) X`, entrywise. -/
theorem comm_of_conj_invariant (X : Mat 2) (c s c' s' : Rat) (h : c * c + s * s = 1)
    (hinv : ∀ u v : Fin 2 → Rat,
      dot (matVec (rot c s) u) (matVec X (matVec (rot c' s') v)) = dot u (matVec X v)) :
    X 0 0 * c' + X 0 1 * s' = c * X 0 0 - s * X 1 0 ∧
      X 0 0 * -s' + X 0 1 * c' = c * X 0 1 - s * X 1 1 ∧
      X 1 0 * c' + X 1 1 * s' = s * X 0 0 + c * X 1 0 ∧
      X 1 0 * -s' + X 1 1 * c' = s * X 0 1 + c * X 1 1 := by
  obtain ⟨r00, r01, r10, r11⟩ := rot_apply c s
  obtain ⟨q00, q01, q10, q11⟩ := rot_apply c' s'
  have E : ∀ a b : Fin 2, dot (matVec (rot c s) (fun r => if r = a then 1 else 0))
      (matVec X (matVec (rot c' s') (fun r => if r = b then 1 else 0))) =
      dot (fun r => if r = a then 1 else 0) (matVec X (fun r => if r = b then 1 else 0)) :=
    fun a b => hinv _ _
  have E00 : c * (X 0 0 * c' + X 0 1 * s') + s * (X 1 0 * c' + X 1 1 * s') = X 0 0 := by
    have := E 0 0
    simp [dot_two_apply, matVec_two_apply, r00, r01, r10, r11, q00, q01, q10, q11] at this
    grind
  have E10 : -s * (X 0 0 * c' + X 0 1 * s') + c * (X 1 0 * c' + X 1 1 * s') = X 1 0 := by
    have := E 1 0
    simp [dot_two_apply, matVec_two_apply, r00, r01, r10, r11, q00, q01, q10, q11] at this
    grind
  have E01 : c * (X 0 0 * -s' + X 0 1 * c') + s * (X 1 0 * -s' + X 1 1 * c') = X 0 1 := by
    have := E 0 1
    simp [dot_two_apply, matVec_two_apply, r00, r01, r10, r11, q00, q01, q10, q11] at this
    grind
  have E11 : -s * (X 0 0 * -s' + X 0 1 * c') + c * (X 1 0 * -s' + X 1 1 * c') = X 1 1 := by
    have := E 1 1
    simp [dot_two_apply, matVec_two_apply, r00, r01, r10, r11, q00, q01, q10, q11] at this
    grind
  -- apply `R(c, s)` to both sides of `R(c, s)ᵀ X R(c', s') = X`, using `c² + s² = 1`
  have k1 : (c * c + s * s) * (X 0 0 * c' + X 0 1 * s') =
      c * (c * (X 0 0 * c' + X 0 1 * s') + s * (X 1 0 * c' + X 1 1 * s')) -
        s * (-s * (X 0 0 * c' + X 0 1 * s') + c * (X 1 0 * c' + X 1 1 * s')) := by grind
  have k3 : (c * c + s * s) * (X 1 0 * c' + X 1 1 * s') =
      s * (c * (X 0 0 * c' + X 0 1 * s') + s * (X 1 0 * c' + X 1 1 * s')) +
        c * (-s * (X 0 0 * c' + X 0 1 * s') + c * (X 1 0 * c' + X 1 1 * s')) := by grind
  have k2 : (c * c + s * s) * (X 0 0 * -s' + X 0 1 * c') =
      c * (c * (X 0 0 * -s' + X 0 1 * c') + s * (X 1 0 * -s' + X 1 1 * c')) -
        s * (-s * (X 0 0 * -s' + X 0 1 * c') + c * (X 1 0 * -s' + X 1 1 * c')) := by grind
  have k4 : (c * c + s * s) * (X 1 0 * -s' + X 1 1 * c') =
      s * (c * (X 0 0 * -s' + X 0 1 * c') + s * (X 1 0 * -s' + X 1 1 * c')) +
        c * (-s * (X 0 0 * -s' + X 0 1 * c') + c * (X 1 0 * -s' + X 1 1 * c')) := by grind
  rw [E00, E10, h, Rat.one_mul] at k1 k3
  rw [E01, E11, h, Rat.one_mul] at k2 k4
  exact ⟨k1, k2, k3, k4⟩

/-- A positive square: `0 < δ²` for `δ ≠ 0`, and `0 ≤ σ²`. -/
theorem sq_add_sq_pos (δ σ : Rat) (hδ : δ ≠ 0) : 0 < δ * δ + σ * σ := by
  have h1 : 0 < δ * δ := by
    by_cases h : 0 < δ
    · exact Rat.mul_pos h h
    · have h' : 0 < -δ := by grind
      have := Rat.mul_pos h' h'
      grind
  have h2 : 0 ≤ σ * σ := by
    by_cases h : 0 ≤ σ
    · exact Rat.mul_nonneg h h
    · have h' : 0 ≤ -σ := by grind
      have := Rat.mul_nonneg h' h'
      grind
  grind

/-- From `δ u = σ v` and `δ v = -σ u` with `δ ≠ 0`: `u = 0`. -/
theorem eq_zero_of_rotation_pair (δ σ u v : Rat) (hδ : δ ≠ 0) (h1 : δ * u = σ * v)
    (h2 : δ * v = -(σ * u)) : u = 0 := by
  have e1 := congrArg (δ * ·) h1
  have e2 := congrArg (σ * ·) h2
  simp only at e1 e2
  have : (δ * δ + σ * σ) * u = 0 := by grind
  rcases Rat.mul_eq_zero.mp this with h | h
  · exact absurd h (Rat.ne_of_gt (sq_add_sq_pos δ σ hδ))
  · exact h

/-- **Blocks between planes turning by different angles vanish**: if `X R(c', s') = R(c, s) X`
(entrywise, as in `comm_of_conj_invariant`) and `c ≠ c'`, then `X = 0`. -/
theorem eq_zero_of_comm_rot (X : Mat 2) (c s c' s' : Rat) (hc : c ≠ c')
    (h1 : X 0 0 * c' + X 0 1 * s' = c * X 0 0 - s * X 1 0)
    (h2 : X 0 0 * -s' + X 0 1 * c' = c * X 0 1 - s * X 1 1)
    (h3 : X 1 0 * c' + X 1 1 * s' = s * X 0 0 + c * X 1 0)
    (h4 : X 1 0 * -s' + X 1 1 * c' = s * X 0 1 + c * X 1 1) : X = matZero 2 := by
  have hδ : c' - c ≠ 0 := fun e => hc (by grind)
  -- `x + w` and `y - z` turn by `s - s'`; `x - w` and `y + z` by `s + s'`
  have hu : X 0 0 + X 1 1 = 0 := eq_zero_of_rotation_pair (c' - c) (s - s') _ (X 0 1 - X 1 0) hδ
    (by grind) (by grind)
  have hv : X 0 1 - X 1 0 = 0 := by
    have : (c' - c) * (X 0 1 - X 1 0) = 0 := by grind
    rcases Rat.mul_eq_zero.mp this with h | h
    · exact absurd h hδ
    · exact h
  have hu' : X 0 0 - X 1 1 = 0 := eq_zero_of_rotation_pair (c' - c) (-(s + s')) _ (X 0 1 + X 1 0)
    hδ (by grind) (by grind)
  have hv' : X 0 1 + X 1 0 = 0 := by
    have : (c' - c) * (X 0 1 + X 1 0) = 0 := by grind
    rcases Rat.mul_eq_zero.mp this with h | h
    · exact absurd h hδ
    · exact h
  exact mat_two_ext (by show X 0 0 = 0; grind) (by show X 0 1 = 0; grind)
    (by show X 1 0 = 0; grind) (by show X 1 1 = 0; grind)

/-- **Relative scores force the commutant**: for a nonresonant rational block rotation
`P = diag(R(c_i, s_i))` (`c_i² + s_i² = 1`, every `s_i ≠ 0`, the `c_i` pairwise distinct), an
operator with `⟨P q, M P k⟩ = ⟨q, M k⟩` for all `q, k` has zero off-diagonal blocks and diagonal
blocks of the form `a I + b J`. -/
theorem commutant_of_shift_invariant {m : Nat} (M : BMat m) (c s : Fin m → Rat)
    (h : ∀ i, c i * c i + s i * s i = 1) (hs : ∀ i, s i ≠ 0) (hc : ∀ i j, i ≠ j → c i ≠ c j)
    (hinv : ∀ q k : BVec m, bdot (bapply (blockRot c s) q) (bapply M (bapply (blockRot c s) k)) =
      bdot q (bapply M k)) :
    (∀ i j, i ≠ j → M i j = matZero 2) ∧ ∀ i, M i i 0 0 = M i i 1 1 ∧ M i i 0 1 = -M i i 1 0 := by
  have hblock : ∀ i j (u v : Fin 2 → Rat),
      dot (matVec (rot (c i) (s i)) u) (matVec (M i j) (matVec (rot (c j) (s j)) v)) =
        dot u (matVec (M i j) v) := by
    intro i j u v
    have := hinv (bsingle i u) (bsingle j v)
    rw [bapply_blockRot_bsingle, bapply_blockRot_bsingle, bdot_bsingle, bdot_bsingle,
      bapply_bsingle, bapply_bsingle] at this
    exact this
  refine ⟨fun i j hij => ?_, fun i => ?_⟩
  · obtain ⟨h1, h2, h3, h4⟩ := comm_of_conj_invariant (M i j) (c i) (s i) (c j) (s j) (h i)
      (hblock i j)
    exact eq_zero_of_comm_rot (M i j) (c i) (s i) (c j) (s j) (hc i j hij) h1 h2 h3 h4
  · obtain ⟨h1, h2, _, _⟩ := comm_of_conj_invariant (M i i) (c i) (s i) (c i) (s i) (h i)
      (hblock i i)
    have hsi := hs i
    constructor
    · have : s i * (M i i 1 1 - M i i 0 0) = 0 := by grind
      rcases Rat.mul_eq_zero.mp this with e | e
      · exact absurd e hsi
      · grind
    · have : s i * (M i i 0 1 + M i i 1 0) = 0 := by grind
      rcases Rat.mul_eq_zero.mp this with e | e
      · exact absurd e hsi
      · grind

/-- **The commutant criterion, both directions**: for frequencies `ω_i ≠ 0` with pairwise distinct
squares and a nonresonant rational block rotation `P` (`c_i² + s_i² = 1`, `s_i ≠ 0`, the `c_i`
pairwise distinct), an operator `M` preserves relative-position dependence — every score
`⟨P^p q, M P^{p'} k⟩` is unchanged when both positions are shifted — iff it commutes with the
rotary generator `diag(ω₀ J, …)`. -/
theorem relative_scores_iff_commutes {m : Nat} (ω : Fin m → Rat) (hω0 : ∀ i, ω i ≠ 0)
    (hω : ∀ i j, i ≠ j → ω i * ω i ≠ ω j * ω j) (c s : Fin m → Rat)
    (h : ∀ i, c i * c i + s i * s i = 1) (hs : ∀ i, s i ≠ 0) (hc : ∀ i j, i ≠ j → c i ≠ c j)
    (M : BMat m) :
    (∀ (q k : BVec m) (p p' r : Nat),
      bdot (rotPow (blockRot c s) (p + r) q) (bapply M (rotPow (blockRot c s) (p' + r) k)) =
        bdot (rotPow (blockRot c s) p q) (bapply M (rotPow (blockRot c s) p' k))) ↔
      bmul M (gen ω) = bmul (gen ω) M := by
  constructor
  · intro hrel
    apply (commutes_gen_iff ω hω0 hω M).mpr
    exact commutant_of_shift_invariant M c s h hs hc (fun q k => hrel q k 0 0 1)
  · intro hM q k p p' r
    exact relative_scores_of_commutes ω hω0 hω M hM c s h q k p p' r

/-! ## A concrete rotary encoding on two planes -/

/-- The frequencies `ω = (1, 2)` (non-zero, distinct squares). -/
def omegaEx : Fin 2 → Rat := fun i => if i = 0 then 1 else 2

/-- An operator of the commutant: `diag(2 I + 3 J, I - J)`. -/
def commEx : BMat 2 := blockDiag (fun i => if i = 0 then rot 2 3 else rot 1 (-1))

/-- An operator outside the commutant: `commEx` with the off-diagonal block `[[1, 0], [0, 0]]` at
`(0, 1)`. -/
def nonCommEx : BMat 2 := fun i j =>
  if i = 0 ∧ j = 1 then (fun r t => if r = 0 ∧ t = 0 then 1 else 0) else commEx i j

/-- The cosines of the block rotation `diag(R(3/5, 4/5), R(0, 1))`. -/
def cEx : Fin 2 → Rat := fun i => if i = 0 then 3 / 5 else 0

/-- The sines of the block rotation `diag(R(3/5, 4/5), R(0, 1))`. -/
def sEx : Fin 2 → Rat := fun i => if i = 0 then 4 / 5 else 1

/-- The query `((1, 2), (-1, 1))`. -/
def qEx : BVec 2 := fun i r => if i = 0 then (if r = 0 then 1 else 2) else (if r = 0 then -1 else 1)

/-- The key `((0, 1), (2, -1))`. -/
def kEx : BVec 2 := fun i r => if i = 0 then (if r = 0 then 0 else 1) else (if r = 0 then 2 else -1)

/-- Instance: with `P = diag(R(3/5, 4/5), R(0, 1))`, the operator `commEx` of the commutant gives
the same score `-99/25` to the position pairs `(1, 3)` and `(0, 2)`; the operator `nonCommEx`,
which does not commute with the generator of `ω = (1, 2)` (its block `(0, 1)` gives `-2` on one
side and `0` on the other), gives `-74/25` and `-149/25`. -/
theorem rotary_instance_two_planes :
    bdot (rotPow (blockRot cEx sEx) 1 qEx) (bapply commEx (rotPow (blockRot cEx sEx) 3 kEx)) = -99 / 25 ∧
      bdot (rotPow (blockRot cEx sEx) 0 qEx) (bapply commEx (rotPow (blockRot cEx sEx) 2 kEx)) = -99 / 25 ∧
      bdot (rotPow (blockRot cEx sEx) 1 qEx) (bapply nonCommEx (rotPow (blockRot cEx sEx) 3 kEx)) =
        -74 / 25 ∧
      bdot (rotPow (blockRot cEx sEx) 0 qEx) (bapply nonCommEx (rotPow (blockRot cEx sEx) 2 kEx)) =
        -149 / 25 ∧
      bmul nonCommEx (gen omegaEx) 0 1 0 1 = -2 ∧ bmul (gen omegaEx) nonCommEx 0 1 0 1 = 0 ∧
      bmul commEx (gen omegaEx) 1 1 0 1 = -2 ∧ bmul (gen omegaEx) commEx 1 1 0 1 = -2 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `ω = (1, 2)` has non-zero entries. -/
theorem omegaEx_ne_zero : ∀ i, omegaEx i ≠ 0 := by decide +kernel

/-- `ω = (1, 2)` has distinct squares. -/
theorem omegaEx_sq_ne : ∀ i j, i ≠ j → omegaEx i * omegaEx i ≠ omegaEx j * omegaEx j := by
  decide +kernel

/-- `commEx` has zero off-diagonal blocks. -/
theorem commEx_offDiag : ∀ i j, i ≠ j → commEx i j = matZero 2 := by
  intro i j hij
  unfold commEx blockDiag
  rw [if_neg hij]

/-- The diagonal blocks of `commEx` have the form `a I + b J`. -/
theorem commEx_diag : ∀ i, commEx i i 0 0 = commEx i i 1 1 ∧ commEx i i 0 1 = -commEx i i 1 0 := by
  decide +kernel

/-- `diag(R(3/5, 4/5), R(0, 1))` is a rotation in each plane. -/
theorem cEx_sEx_norm : ∀ i, cEx i * cEx i + sEx i * sEx i = 1 := by decide +kernel

/-- `commEx` commutes with the generator of `ω = (1, 2)`. -/
theorem commEx_comm_gen : bmul commEx (gen omegaEx) = bmul (gen omegaEx) commEx :=
  (commutes_gen_iff omegaEx omegaEx_ne_zero omegaEx_sq_ne commEx).mpr ⟨commEx_offDiag, commEx_diag⟩

/-- `commutes_gen_iff` applied to `ω = (1, 2)` and `commEx`. -/
theorem commutes_gen_iff_satisfiable :
    bmul commEx (gen omegaEx) = bmul (gen omegaEx) commEx ↔
      (∀ i j, i ≠ j → commEx i j = matZero 2) ∧
        ∀ i, commEx i i 0 0 = commEx i i 1 1 ∧ commEx i i 0 1 = -commEx i i 1 0 :=
  commutes_gen_iff omegaEx omegaEx_ne_zero omegaEx_sq_ne commEx

/-- `matVec_rot_comm` applied to the block `2 I + 3 J`. -/
theorem matVec_rot_comm_satisfiable :
    matVec (rot 2 3) (matVec (rot (3 / 5) (4 / 5)) (qEx 0)) =
      matVec (rot (3 / 5) (4 / 5)) (matVec (rot 2 3) (qEx 0)) :=
  matVec_rot_comm (rot 2 3) (by decide +kernel) (by decide +kernel) (3 / 5) (4 / 5) (qEx 0)

/-- `dot_matVec_rot` applied to `R(3/5, 4/5)`. -/
theorem dot_matVec_rot_satisfiable :
    dot (matVec (rot (3 / 5) (4 / 5)) (qEx 0)) (matVec (rot (3 / 5) (4 / 5)) (kEx 0)) =
      dot (qEx 0) (kEx 0) :=
  dot_matVec_rot (3 / 5) (4 / 5) (by decide +kernel) (qEx 0) (kEx 0)

/-- `bapply_of_offDiag_zero` applied to `commEx`. -/
theorem bapply_of_offDiag_zero_satisfiable :
    bapply commEx qEx = fun i => matVec (commEx i i) (qEx i) :=
  bapply_of_offDiag_zero commEx commEx_offDiag qEx

/-- `bapply_blockRot_comm` applied to `commEx` and `diag(R(3/5, 4/5), R(0, 1))`. -/
theorem bapply_blockRot_comm_satisfiable :
    bapply commEx (bapply (blockRot cEx sEx) kEx) = bapply (blockRot cEx sEx) (bapply commEx kEx) :=
  bapply_blockRot_comm commEx commEx_offDiag commEx_diag cEx sEx kEx

/-- `bdot_blockRot` applied to `diag(R(3/5, 4/5), R(0, 1))`. -/
theorem bdot_blockRot_satisfiable :
    bdot (bapply (blockRot cEx sEx) qEx) (bapply (blockRot cEx sEx) kEx) = bdot qEx kEx :=
  bdot_blockRot cEx sEx cEx_sEx_norm qEx kEx

/-- `bdot_bapply_rot_shift` applied to `commEx` and `diag(R(3/5, 4/5), R(0, 1))`. -/
theorem bdot_bapply_rot_shift_satisfiable :
    bdot (bapply (blockRot cEx sEx) qEx) (bapply commEx (bapply (blockRot cEx sEx) kEx)) =
      bdot qEx (bapply commEx kEx) :=
  bdot_bapply_rot_shift commEx commEx_offDiag commEx_diag cEx sEx cEx_sEx_norm qEx kEx

/-- `score_depends_on_difference` applied to `commEx`: positions `(0 + 1, 2 + 1)` and `(0, 2)`. -/
theorem score_depends_on_difference_satisfiable :
    bdot (rotPow (blockRot cEx sEx) (0 + 1) qEx) (bapply commEx (rotPow (blockRot cEx sEx) (2 + 1) kEx)) =
      bdot (rotPow (blockRot cEx sEx) 0 qEx) (bapply commEx (rotPow (blockRot cEx sEx) 2 kEx)) :=
  score_depends_on_difference commEx commEx_offDiag commEx_diag cEx sEx cEx_sEx_norm qEx kEx 0 2 1

/-- `relative_scores_of_commutes` applied to `ω = (1, 2)` and `commEx`. -/
theorem relative_scores_of_commutes_satisfiable :
    bdot (rotPow (blockRot cEx sEx) (0 + 1) qEx) (bapply commEx (rotPow (blockRot cEx sEx) (2 + 1) kEx)) =
      bdot (rotPow (blockRot cEx sEx) 0 qEx) (bapply commEx (rotPow (blockRot cEx sEx) 2 kEx)) :=
  relative_scores_of_commutes omegaEx omegaEx_ne_zero omegaEx_sq_ne commEx commEx_comm_gen cEx sEx
    cEx_sEx_norm qEx kEx 0 2 1

/-- The rotation `diag(R(3/5, 4/5), R(0, 1))` is nonresonant: no sine is `0`. -/
theorem sEx_ne_zero : ∀ i, sEx i ≠ 0 := by decide +kernel

/-- The rotation `diag(R(3/5, 4/5), R(0, 1))` is nonresonant: the cosines differ. -/
theorem cEx_ne : ∀ i j, i ≠ j → cEx i ≠ cEx j := by decide +kernel

/-- `commutant_of_shift_invariant` applied to `commEx`, whose scores are shift invariant. -/
theorem commutant_of_shift_invariant_satisfiable :
    (∀ i j, i ≠ j → commEx i j = matZero 2) ∧
      ∀ i, commEx i i 0 0 = commEx i i 1 1 ∧ commEx i i 0 1 = -commEx i i 1 0 :=
  commutant_of_shift_invariant commEx cEx sEx cEx_sEx_norm sEx_ne_zero cEx_ne
    (bdot_bapply_rot_shift commEx commEx_offDiag commEx_diag cEx sEx cEx_sEx_norm)

/-- `relative_scores_iff_commutes` applied to `ω = (1, 2)`, the rotation of the instance and
`commEx`. -/
theorem relative_scores_iff_commutes_satisfiable :
    (∀ (q k : BVec 2) (p p' r : Nat),
      bdot (rotPow (blockRot cEx sEx) (p + r) q) (bapply commEx (rotPow (blockRot cEx sEx) (p' + r) k)) =
        bdot (rotPow (blockRot cEx sEx) p q) (bapply commEx (rotPow (blockRot cEx sEx) p' k))) ↔
      bmul commEx (gen omegaEx) = bmul (gen omegaEx) commEx :=
  relative_scores_iff_commutes omegaEx omegaEx_ne_zero omegaEx_sq_ne cEx sEx cEx_sEx_norm sEx_ne_zero
    cEx_ne commEx

/-- `commutant_of_shift_invariant`'s first conjunct applied to the planes `0 ≠ 1` of `commEx`. -/
theorem commutant_of_shift_invariant_offDiag_satisfiable : commEx 0 1 = matZero 2 :=
  (commutant_of_shift_invariant commEx cEx sEx cEx_sEx_norm sEx_ne_zero cEx_ne
    (bdot_bapply_rot_shift commEx commEx_offDiag commEx_diag cEx sEx cEx_sEx_norm)).1 0 1 (by decide)

end MLTheory.RotaryCommutant

end
