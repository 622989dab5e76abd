/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.MultiHead

/-!
# The generator of a connection walk is a random-walk connection Laplacian

Source: `000_7a6cd69522701495.txt`, line 7 (attention as a connection walk: "We further
clarify the conditions under which the corresponding generator reduces to a random-walk
connection Laplacian, highlighting the roles of stochasticity, reversibility, and
metric-compatible transports").

For a connection walk `P x = connWalk W Tr x` (`MLTheory.MultiHead.connWalk`:
`(P x) i = ∑_j W i j • Tr i j (x j)`) the generator is `L = I - P` (`generator`). Exactly over
`Rat`, for every number of tokens and feature dimension:

* **stochasticity** (rows of `W` sum to `1`): `(L x) i = ∑_j W i j • (x i - Tr i j (x j))`, the
  random-walk form of a connection Laplacian (`generator_eq_of_isStochastic`);
* **reversibility** (`π i W i j = π j W j i`) with transports that are transposes of each other
  along an edge (`Tr j i = (Tr i j)ᵀ`): the walk and the generator are self-adjoint for the
  `π`-weighted inner product `⟨x, y⟩_π = ∑_i π i ⟨x i, y i⟩` (`piDot_connWalk_comm`,
  `piDot_generator_comm`);
* adding **metric compatibility** (orthogonal transports, `Trᵀ Tr = I`) and stochasticity: the
  Dirichlet form `2 ⟨x, L x⟩_π = ∑_i ∑_j π i W i j |x i - Tr i j (x j)|²`
  (`two_mul_piDot_generator`), so with non-negative `π` and `W` the generator is positive
  semidefinite (`piDot_generator_nonneg`).

**Scope.** Finite graphs and exact rational weights and transports (rational orthogonal maps
such as permutations and signed permutations exist); the paper's continuum generator and its
statements about learned transports are not formalised. The concrete instance (`_instance_`, by
`decide +kernel`) evaluates the generator on two tokens with a swap transport.
-/

@[expose] public section

noncomputable section

namespace MLTheory.ConnectionLaplacian

open MLTheory.MultiHead

/-- The generator `L = I - P` of the connection walk `P = connWalk W Tr`. -/
def generator {n d : Nat} (W : Mat n) (Tr : Fin n → Fin n → Mat d) (x : Fin n → Fin d → Rat) :
    Fin n → Fin d → Rat :=
  fun i a => x i a - connWalk W Tr x i a

/-- The walk matrix is stochastic: every row sums to `1`. -/
def IsStochastic {n : Nat} (W : Mat n) : Prop := ∀ i, sumFin n (fun j => W i j) = 1

/-- The walk is reversible for the weights `π`: `π i W i j = π j W j i` (detailed balance). -/
def IsReversible {n : Nat} (π : Fin n → Rat) (W : Mat n) : Prop :=
  ∀ i j, π i * W i j = π j * W j i

/-- The transport back along an edge is the transpose of the transport forth:
`Tr j i = (Tr i j)ᵀ`. -/
def IsTransposeCompatible {n d : Nat} (Tr : Fin n → Fin n → Mat d) : Prop :=
  ∀ i j a b, Tr j i a b = Tr i j b a

/-- The matrix `T` is orthogonal: `Tᵀ T = I` (a metric-compatible transport). -/
def IsOrthogonal {d : Nat} (T : Mat d) : Prop :=
  ∀ b c, sumFin d (fun a => T a b * T a c) = if b = c then 1 else 0

/-- The transpose of a matrix. -/
def transposeM {d : Nat} (T : Mat d) (a b : Fin d) : Rat := T b a

/-- The `π`-weighted inner product `⟨x, y⟩_π = ∑_i π i ⟨x i, y i⟩` of token features. -/
def piDot {n d : Nat} (π : Fin n → Rat) (x y : Fin n → Fin d → Rat) : Rat :=
  sumFin n (fun i => π i * dot (x i) (y i))

/-! ## Stochasticity: the random-walk form -/

/-- **Random-walk form**: if the rows of `W` sum to `1`, the generator is
`(L x) i = ∑_j W i j • (x i - Tr i j (x j))`. -/
theorem generator_eq_of_isStochastic {n d : Nat} (W : Mat n) (Tr : Fin n → Fin n → Mat d)
    (hW : IsStochastic W) (x : Fin n → Fin d → Rat) (i : Fin n) (a : Fin d) :
    generator W Tr x i a = sumFin n (fun j => W i j * (x i a - matVec (Tr i j) (x j) a)) := by
  have h1 : sumFin n (fun j => W i j * (x i a - matVec (Tr i j) (x j) a)) =
      sumFin n (fun j => W i j * x i a) - sumFin n (fun j => W i j * matVec (Tr i j) (x j) a) := by
    rw [← sumFin_sub]
    exact sumFin_congr (fun j => by grind)
  rw [h1, sumFin_mul_right, hW i, Rat.one_mul]
  rfl

/-! ## Reversibility: self-adjointness -/

/-- The inner product with one step of the walk, edge by edge. -/
theorem dot_connWalk {n d : Nat} (W : Mat n) (Tr : Fin n → Fin n → Mat d)
    (u : Fin d → Rat) (v : Fin n → Fin d → Rat) (i : Fin n) :
    dot u (connWalk W Tr v i) = sumFin n (fun j => W i j * dot u (matVec (Tr i j) (v j))) := by
  unfold dot connWalk
  have h1 : ∀ a, u a * sumFin n (fun j => W i j * matVec (Tr i j) (v j) a) =
      sumFin n (fun j => u a * (W i j * matVec (Tr i j) (v j) a)) :=
    fun a => (sumFin_mul_left n (u a) _).symm
  rw [sumFin_congr h1, sumFin_comm]
  apply sumFin_congr
  intro j
  rw [← sumFin_mul_left]
  exact sumFin_congr (fun a => by grind)

/-- Moving a matrix to the other side of the inner product transposes it. -/
theorem dot_matVec {d : Nat} (T : Mat d) (u v : Fin d → Rat) :
    dot (matVec T u) v = dot u (matVec (transposeM T) v) := by
  unfold dot matVec transposeM
  have h1 : ∀ a, sumFin d (fun b => T a b * u b) * v a = sumFin d (fun b => T a b * u b * v a) :=
    fun a => (sumFin_mul_right d (v a) _).symm
  have h2 : ∀ b, u b * sumFin d (fun a => T a b * v a) = sumFin d (fun a => u b * (T a b * v a)) :=
    fun b => (sumFin_mul_left d (u b) _).symm
  rw [sumFin_congr h1, sumFin_congr h2, sumFin_comm]
  exact sumFin_congr (fun b => sumFin_congr (fun a => by grind))

/-- The `π`-inner product with one step of the walk, as a double sum over edges. -/
theorem piDot_connWalk {n d : Nat} (π : Fin n → Rat) (W : Mat n) (Tr : Fin n → Fin n → Mat d)
    (u v : Fin n → Fin d → Rat) :
    piDot π u (connWalk W Tr v) =
      sumFin n (fun i => sumFin n (fun j => π i * W i j * dot (u i) (matVec (Tr i j) (v j)))) := by
  unfold piDot
  apply sumFin_congr
  intro i
  rw [dot_connWalk, ← sumFin_mul_left]
  exact sumFin_congr (fun j => by grind)

/-- **The reversible walk is self-adjoint**: if `π i W i j = π j W j i` and `Tr j i = (Tr i j)ᵀ`,
then `⟨y, P x⟩_π = ⟨P y, x⟩_π`. -/
theorem piDot_connWalk_comm {n d : Nat} (π : Fin n → Rat) (W : Mat n)
    (Tr : Fin n → Fin n → Mat d) (hrev : IsReversible π W) (htr : IsTransposeCompatible Tr)
    (x y : Fin n → Fin d → Rat) :
    piDot π y (connWalk W Tr x) = piDot π (connWalk W Tr y) x := by
  have hR : piDot π (connWalk W Tr y) x = piDot π x (connWalk W Tr y) := by
    unfold piDot
    exact sumFin_congr (fun i => by rw [dot_comm])
  rw [hR, piDot_connWalk, piDot_connWalk]
  conv => rhs; rw [sumFin_comm]
  apply sumFin_congr
  intro i
  apply sumFin_congr
  intro j
  rw [← hrev i j]
  have ht : transposeM (Tr j i) = Tr i j := funext fun a => funext fun b => htr i j b a
  rw [dot_comm (x j), dot_matVec, ht]

/-- The `π`-inner product with the generator: `⟨y, L x⟩_π = ⟨y, x⟩_π - ⟨y, P x⟩_π`. -/
theorem piDot_generator {n d : Nat} (π : Fin n → Rat) (W : Mat n) (Tr : Fin n → Fin n → Mat d)
    (x y : Fin n → Fin d → Rat) :
    piDot π y (generator W Tr x) = piDot π y x - piDot π y (connWalk W Tr x) := by
  unfold piDot
  rw [← sumFin_sub]
  apply sumFin_congr
  intro i
  have hg : generator W Tr x i = fun a => x i a - connWalk W Tr x i a := rfl
  rw [hg, dot_sub_right]
  grind

/-- **The reversible generator is self-adjoint**: under the same hypotheses,
`⟨y, L x⟩_π = ⟨L y, x⟩_π`. -/
theorem piDot_generator_comm {n d : Nat} (π : Fin n → Rat) (W : Mat n)
    (Tr : Fin n → Fin n → Mat d) (hrev : IsReversible π W) (htr : IsTransposeCompatible Tr)
    (x y : Fin n → Fin d → Rat) :
    piDot π y (generator W Tr x) = piDot π (generator W Tr y) x := by
  have hsym : ∀ u v : Fin n → Fin d → Rat, piDot π u v = piDot π v u := fun u v => by
    unfold piDot
    exact sumFin_congr (fun i => by rw [dot_comm])
  rw [piDot_generator, hsym (generator W Tr y) x, piDot_generator, hsym x y,
    piDot_connWalk_comm π W Tr hrev htr x y, hsym (connWalk W Tr y) x]

/-! ## Metric-compatible transports: the Dirichlet form -/

/-- An orthogonal matrix preserves squared norms. -/
theorem sqNorm_matVec_of_isOrthogonal {d : Nat} (T : Mat d) (hT : IsOrthogonal T)
    (u : Fin d → Rat) : sqNorm (matVec T u) = sqNorm u := by
  unfold sqNorm
  rw [dot_matVec]
  have h : matVec (transposeM T) (matVec T u) = u := by
    funext b
    unfold matVec transposeM
    have h1 : ∀ a, T a b * sumFin d (fun c => T a c * u c) =
        sumFin d (fun c => T a b * (T a c * u c)) := fun a => (sumFin_mul_left d _ _).symm
    rw [sumFin_congr h1, sumFin_comm]
    have h2 : ∀ c, sumFin d (fun a => T a b * (T a c * u c)) = (if c = b then u b else 0) := by
      intro c
      have h3 : sumFin d (fun a => T a b * (T a c * u c)) =
          sumFin d (fun a => T a b * T a c) * u c := by
        rw [← sumFin_mul_right]
        exact sumFin_congr (fun a => by grind)
      rw [h3, hT b c]
      by_cases hcb : c = b
      · subst hcb
        rw [if_pos rfl, if_pos rfl, Rat.one_mul]
      · have hbc : ¬ b = c := fun e => hcb e.symm
        rw [if_neg hbc, if_neg hcb, Rat.zero_mul]
    rw [sumFin_congr h2, sumFin_ite_eq]
  rw [h]

/-- **The Dirichlet form**: with stochastic, reversible `W` and orthogonal, transpose-compatible
transports, `2 ⟨x, L x⟩_π = ∑_i ∑_j π i W i j |x i - Tr i j (x j)|²`. -/
theorem two_mul_piDot_generator {n d : Nat} (π : Fin n → Rat) (W : Mat n)
    (Tr : Fin n → Fin n → Mat d) (hW : IsStochastic W) (hrev : IsReversible π W)
    (horth : ∀ i j, IsOrthogonal (Tr i j)) (x : Fin n → Fin d → Rat) :
    2 * piDot π x (generator W Tr x) =
      sumFin n (fun i => sumFin n (fun j => π i * W i j * sqDist (x i) (matVec (Tr i j) (x j)))) := by
  -- expand the squared distances edge by edge
  have hexp : ∀ i j, π i * W i j * sqDist (x i) (matVec (Tr i j) (x j)) =
      π i * W i j * sqNorm (x i) - 2 * (π i * W i j * dot (x i) (matVec (Tr i j) (x j))) +
        π i * W i j * sqNorm (x j) := by
    intro i j
    rw [sqDist_eq, sqNorm_matVec_of_isOrthogonal _ (horth i j)]
    grind
  have hsplit : sumFin n (fun i => sumFin n (fun j => π i * W i j *
        sqDist (x i) (matVec (Tr i j) (x j)))) =
      sumFin n (fun i => sumFin n (fun j => π i * W i j * sqNorm (x i))) -
        2 * piDot π x (connWalk W Tr x) +
        sumFin n (fun i => sumFin n (fun j => π i * W i j * sqNorm (x j))) := by
    rw [piDot_connWalk, ← sumFin_mul_left, ← sumFin_sub, ← sumFin_add]
    apply sumFin_congr
    intro i
    rw [← sumFin_mul_left, ← sumFin_sub, ← sumFin_add]
    exact sumFin_congr (fun j => hexp i j)
  -- the first and the last term are both `⟨x, x⟩_π`
  have hfirst : sumFin n (fun i => sumFin n (fun j => π i * W i j * sqNorm (x i))) =
      piDot π x x := by
    unfold piDot
    apply sumFin_congr
    intro i
    have h1 : sumFin n (fun j => π i * W i j * sqNorm (x i)) =
        sumFin n (fun j => W i j) * (π i * sqNorm (x i)) := by
      rw [← sumFin_mul_right]
      exact sumFin_congr (fun j => by grind)
    rw [h1, hW i, Rat.one_mul]
    rfl
  have hlast : sumFin n (fun i => sumFin n (fun j => π i * W i j * sqNorm (x j))) =
      piDot π x x := by
    have h1 : sumFin n (fun i => sumFin n (fun j => π i * W i j * sqNorm (x j))) =
        sumFin n (fun i => sumFin n (fun j => π j * W j i * sqNorm (x j))) :=
      sumFin_congr (fun i => sumFin_congr (fun j => by rw [hrev i j]))
    rw [h1, sumFin_comm]
    unfold piDot
    apply sumFin_congr
    intro j
    have h2 : sumFin n (fun i => π j * W j i * sqNorm (x j)) =
        sumFin n (fun i => W j i) * (π j * sqNorm (x j)) := by
      rw [← sumFin_mul_right]
      exact sumFin_congr (fun i => by grind)
    rw [h2, hW j, Rat.one_mul]
    rfl
  rw [hsplit, hfirst, hlast, piDot_generator]
  grind

/-- **Positive semidefinite**: with non-negative `π` and `W` in addition, `⟨x, L x⟩_π ≥ 0`. -/
theorem piDot_generator_nonneg {n d : Nat} (π : Fin n → Rat) (W : Mat n)
    (Tr : Fin n → Fin n → Mat d) (hW : IsStochastic W) (hrev : IsReversible π W)
    (horth : ∀ i j, IsOrthogonal (Tr i j)) (hπ : ∀ i, 0 ≤ π i) (hW0 : ∀ i j, 0 ≤ W i j)
    (x : Fin n → Fin d → Rat) :
    0 ≤ piDot π x (generator W Tr x) := by
  have h := two_mul_piDot_generator π W Tr hW hrev horth x
  have hs : 0 ≤ sumFin n (fun i => sumFin n (fun j => π i * W i j *
      sqDist (x i) (matVec (Tr i j) (x j)))) :=
    sumFin_nonneg n _ (fun i => sumFin_nonneg n _ (fun j =>
      Rat.mul_nonneg (Rat.mul_nonneg (hπ i) (hW0 i j)) (sqDist_nonneg _ _)))
  rw [← h] at hs
  grind

/-! ## Concrete instance -/

/-- Two tokens, the walk that always moves to the other token, and the swap of the two features
as transport on both edges (orthogonal, its own transpose). -/
def swapWalk : Mat 2 := fun i j => if i = j then 0 else 1

/-- The swap of two features. -/
def swapT : Mat 2 := fun a b => if a = b then 0 else 1

/-- Instance: the swap transport is orthogonal; on the features `x 0 = (1, 2)`, `x 1 = (3, 5)`
the generator gives `(L x) 0 = (1 - 5, 2 - 3) = (-4, -1)` and `(L x) 1 = (3 - 2, 5 - 1) = (1, 4)`,
and `⟨x, L x⟩_π = 17 ≥ 0` for `π = (1, 1)`. -/
theorem generator_instance_two :
    IsOrthogonal swapT ∧
      finList 2 (generator swapWalk (fun _ _ => swapT)
          (fun i a => if i.val = 0 then (if a.val = 0 then 1 else 2)
            else (if a.val = 0 then 3 else 5)) 0) = [-4, -1] ∧
      finList 2 (generator swapWalk (fun _ _ => swapT)
          (fun i a => if i.val = 0 then (if a.val = 0 then 1 else 2)
            else (if a.val = 0 then 3 else 5)) 1) = [1, 4] ∧
      piDot (fun _ => 1) (fun i a => if i.val = 0 then (if a.val = 0 then 1 else 2)
            else (if a.val = 0 then 3 else 5))
        (generator swapWalk (fun _ _ => swapT)
          (fun i a => if i.val = 0 then (if a.val = 0 then 1 else 2)
            else (if a.val = 0 then 3 else 5))) = 17 := by
  refine ⟨?_, ?_⟩
  · intro b c
    revert b c
    decide +kernel
  · decide +kernel

/-! ## Satisfiability witnesses -/

/-- The features of the instance, `x 0 = (1, 2)`, `x 1 = (3, 5)`. -/
def xSwap : Fin 2 → Fin 2 → Rat := fun i a =>
  if i.val = 0 then (if a.val = 0 then 1 else 2) else (if a.val = 0 then 3 else 5)

/-- The swap walk is stochastic. -/
theorem swapWalk_isStochastic : IsStochastic swapWalk := by
  unfold IsStochastic
  decide +kernel

/-- The swap walk is reversible for `π = (1, 1)`. -/
theorem swapWalk_isReversible : IsReversible (fun _ => 1) swapWalk := by
  unfold IsReversible
  decide +kernel

/-- The constant swap transport is transpose-compatible. -/
theorem swapT_isTransposeCompatible : IsTransposeCompatible (fun _ _ : Fin 2 => swapT) := by
  unfold IsTransposeCompatible
  decide +kernel

/-- The swap transport is orthogonal. -/
theorem swapT_isOrthogonal : IsOrthogonal swapT := by
  unfold IsOrthogonal
  decide +kernel

/-- `generator_eq_of_isStochastic` applied to the swap walk. -/
theorem generator_eq_of_isStochastic_satisfiable :
    generator swapWalk (fun _ _ => swapT) xSwap 0 1 =
      sumFin 2 (fun j => swapWalk 0 j * (xSwap 0 1 - matVec swapT (xSwap j) 1)) :=
  generator_eq_of_isStochastic swapWalk (fun _ _ => swapT) swapWalk_isStochastic xSwap 0 1

/-- `piDot_connWalk_comm` applied to the swap walk. -/
theorem piDot_connWalk_comm_satisfiable :
    piDot (fun _ => 1) xSwap (connWalk swapWalk (fun _ _ => swapT) xSwap) =
      piDot (fun _ => 1) (connWalk swapWalk (fun _ _ => swapT) xSwap) xSwap :=
  piDot_connWalk_comm (fun _ => 1) swapWalk (fun _ _ => swapT) swapWalk_isReversible
    swapT_isTransposeCompatible xSwap xSwap

/-- `piDot_generator_comm` applied to the swap walk. -/
theorem piDot_generator_comm_satisfiable :
    piDot (fun _ => 1) xSwap (generator swapWalk (fun _ _ => swapT) xSwap) =
      piDot (fun _ => 1) (generator swapWalk (fun _ _ => swapT) xSwap) xSwap :=
  piDot_generator_comm (fun _ => 1) swapWalk (fun _ _ => swapT) swapWalk_isReversible
    swapT_isTransposeCompatible xSwap xSwap

/-- `sqNorm_matVec_of_isOrthogonal` applied to the swap. -/
theorem sqNorm_matVec_of_isOrthogonal_satisfiable : sqNorm (matVec swapT (xSwap 1)) = sqNorm (xSwap 1) :=
  sqNorm_matVec_of_isOrthogonal swapT swapT_isOrthogonal (xSwap 1)

/-- `two_mul_piDot_generator` applied to the swap walk. -/
theorem two_mul_piDot_generator_satisfiable :
    2 * piDot (fun _ => 1) xSwap (generator swapWalk (fun _ _ => swapT) xSwap) =
      sumFin 2 (fun i => sumFin 2 (fun j =>
        (fun _ => (1 : Rat)) i * swapWalk i j * sqDist (xSwap i) (matVec swapT (xSwap j)))) :=
  two_mul_piDot_generator (fun _ => 1) swapWalk (fun _ _ => swapT) swapWalk_isStochastic
    swapWalk_isReversible (fun _ _ => swapT_isOrthogonal) xSwap

/-- `piDot_generator_nonneg` applied to the swap walk. -/
theorem piDot_generator_nonneg_satisfiable :
    0 ≤ piDot (fun _ => 1) xSwap (generator swapWalk (fun _ _ => swapT) xSwap) :=
  piDot_generator_nonneg (fun _ => 1) swapWalk (fun _ _ => swapT) swapWalk_isStochastic
    swapWalk_isReversible (fun _ _ => swapT_isOrthogonal) (by decide +kernel)
    (by decide +kernel) xSwap

end MLTheory.ConnectionLaplacian

end

end
