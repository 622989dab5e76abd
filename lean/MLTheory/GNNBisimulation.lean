module

public import MLTheory.Basic

/-!
# Sum-aggregation recurrent GNNs are graded-bisimulation invariant, round by round

Source: `004_725b34af8153ec2b.txt`, line 28 (recurrent GNNs: "over undirected graphs,
converging RGNNs are equally expressive as graded-bisimulation-invariant halting RGNNs … These
results hold even when restricting to ReLU networks with sum aggregation").

A graph is given by the list of neighbours of each vertex (repetitions allowed), with vertex
labels; a recurrent GNN with sum aggregation starts from `x₀ v = init (lab v)` and updates
`x_{t+1} v = comb (x_t v) (∑_{u ∈ nbrs v} x_t u)` with states in `Fin d → Rat` (`rgnnRun`;
`comb` is arbitrary, e.g. a ReLU layer). A *graded bisimulation* between two labelled graphs is a
relation `Z` between their vertices such that `Z v v'` implies equal labels and a one-to-one
matching of the neighbours of `v` with those of `v'` (up to order) along `Z` (`IsGradedBisim`):
the "graded" part is that neighbours are matched with multiplicities, as sums count them.

* `rgnnRun_eq_of_bisim`: if `Z v v'`, then `x_t v = x'_t v'` for every round `t`;
* `readout_eq_of_bisim`, `haltingRound_eq_of_bisim`: so every readout of the state, and the round
  at which a halting classifier on the state first fires, agree on bisimilar vertices — the
  halting RGNN computes a graded-bisimulation-invariant classifier.

**Scope (special case).** This is the invariance direction, round by round; the converse
(every graded-bisimulation-invariant classifier in `μGML` is computed) is not formalised.

Concrete instances (`_instance_`, by `decide +kernel`) run one RGNN on the triangle and on the
hexagon (every vertex of one is bisimilar to every vertex of the other) and get the same states.
-/

@[expose] public section

noncomputable section

namespace MLTheory.GNNBisimulation

/-- A labelled graph on `Fin n`: the neighbour list of every vertex and the label of every vertex. -/
structure LGraph (n : Nat) (L : Type) where
  /-- The neighbours of each vertex, as a list (order irrelevant, repetitions allowed). -/
  nbrs : Fin n → List (Fin n)
  /-- The label of each vertex. -/
  lab : Fin n → L

/-- The sum `∑_{u ∈ l} x u` of vectors over a list of vertices. -/
def aggr {β : Type} {d : Nat} (l : List β) (x : β → Fin d → Rat) : Fin d → Rat :=
  fun a => l.foldr (fun u acc => x u a + acc) 0

/-- The run of a recurrent GNN with sum aggregation: `x₀ v = init (lab v)` and
`x_{t+1} v = comb (x_t v) (∑_{u ∈ nbrs v} x_t u)`. -/
def rgnnRun {n d : Nat} {L : Type} (G : LGraph n L) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) : Nat → Fin n → Fin d → Rat
  | 0 => fun v => init (G.lab v)
  | t + 1 => fun v => comb (rgnnRun G init comb t v) (aggr (G.nbrs v) (rgnnRun G init comb t))

/-- A one-to-one matching of two lists along a relation `R` (entries matched in order). -/
inductive Matched {β γ : Type} (R : β → γ → Prop) : List β → List γ → Prop
  /-- Two empty lists are matched. -/
  | nil : Matched R [] []
  /-- Matched lists extended by a related pair. -/
  | cons {a b l l'} : R a b → Matched R l l' → Matched R (a :: l) (b :: l')

/-- A graded bisimulation between `G` and `G'`: related vertices have equal labels and their
neighbour lists can be matched one-to-one along the relation, up to reordering. -/
def IsGradedBisim {n n' : Nat} {L : Type} (G : LGraph n L) (G' : LGraph n' L)
    (Z : Fin n → Fin n' → Prop) : Prop :=
  ∀ v v', Z v v' → G.lab v = G'.lab v' ∧ ∃ l, l.Perm (G'.nbrs v') ∧ Matched Z (G.nbrs v) l

/-- Sums over a list do not depend on its order. -/
theorem aggr_perm {β : Type} {d : Nat} {l l' : List β} (hp : l.Perm l') (x : β → Fin d → Rat) :
    aggr l x = aggr l' x := by
  funext a
  unfold aggr
  induction hp with
  | nil => rfl
  | cons u _ ih => simp only [List.foldr_cons, ih]
  | swap u w l => simp only [List.foldr_cons]; grind
  | trans _ _ ih1 ih2 => exact ih1.trans ih2

/-- Sums over matched lists of pointwise matched values agree. -/
theorem aggr_matched {β γ : Type} {d : Nat} {R : β → γ → Prop} {l : List β} {l' : List γ}
    (hm : Matched R l l') (x : β → Fin d → Rat) (y : γ → Fin d → Rat)
    (hxy : ∀ a b, R a b → x a = y b) : aggr l x = aggr l' y := by
  funext c
  unfold aggr
  induction hm with
  | nil => rfl
  | cons hab _ ih => simp only [List.foldr_cons, ih, hxy _ _ hab]

/-- **Graded-bisimulation invariance, round by round**: if `Z` is a graded bisimulation and
`Z v v'`, the recurrent GNN has the same state at `v` and `v'` in every round. -/
theorem rgnnRun_eq_of_bisim {n n' d : Nat} {L : Type} (G : LGraph n L) (G' : LGraph n' L)
    (Z : Fin n → Fin n' → Prop) (hZ : IsGradedBisim G G' Z) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) :
    ∀ t v v', Z v v' → rgnnRun G init comb t v = rgnnRun G' init comb t v'
  | 0, v, v', hvv => by
    show init (G.lab v) = init (G'.lab v')
    rw [(hZ v v' hvv).1]
  | t + 1, v, v', hvv => by
    obtain ⟨-, l, hperm, hmatch⟩ := hZ v v' hvv
    show comb (rgnnRun G init comb t v) (aggr (G.nbrs v) (rgnnRun G init comb t)) =
      comb (rgnnRun G' init comb t v') (aggr (G'.nbrs v') (rgnnRun G' init comb t))
    rw [rgnnRun_eq_of_bisim G G' Z hZ init comb t v v' hvv,
      aggr_matched hmatch _ _ (fun a b hab => rgnnRun_eq_of_bisim G G' Z hZ init comb t a b hab),
      aggr_perm hperm]

/-- Every readout of the state (an output classifier) agrees on bisimilar vertices. -/
theorem readout_eq_of_bisim {n n' d : Nat} {L β : Type} (G : LGraph n L) (G' : LGraph n' L)
    (Z : Fin n → Fin n' → Prop) (hZ : IsGradedBisim G G' Z) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) (out : (Fin d → Rat) → β)
    (t : Nat) (v : Fin n) (v' : Fin n') (hvv : Z v v') :
    out (rgnnRun G init comb t v) = out (rgnnRun G' init comb t v') := by
  rw [rgnnRun_eq_of_bisim G G' Z hZ init comb t v v' hvv]

/-- `h` is the first round at which the halting classifier `halt` accepts the state of `v`. -/
def IsFirstHalt {n d : Nat} (x : Nat → Fin n → Fin d → Rat) (halt : (Fin d → Rat) → Bool)
    (v : Fin n) (h : Nat) : Prop :=
  halt (x h v) = true ∧ ∀ r, r < h → halt (x r v) = false

/-- **Halting rounds are bisimulation invariant**: a halting classifier on the state fires first
at the same round on bisimilar vertices, so the halting RGNN's output is graded-bisimulation
invariant. -/
theorem haltingRound_eq_of_bisim {n n' d : Nat} {L : Type} (G : LGraph n L) (G' : LGraph n' L)
    (Z : Fin n → Fin n' → Prop) (hZ : IsGradedBisim G G' Z) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) (halt : (Fin d → Rat) → Bool)
    (v : Fin n) (v' : Fin n') (hvv : Z v v') (h h' : Nat)
    (hh : IsFirstHalt (rgnnRun G init comb) halt v h)
    (hh' : IsFirstHalt (rgnnRun G' init comb) halt v' h') : h = h' := by
  have heq := fun t => rgnnRun_eq_of_bisim G G' Z hZ init comb t v v' hvv
  apply Classical.byContradiction
  intro hne
  by_cases hlt : h < h'
  · have := hh'.2 h hlt
    rw [← heq h, hh.1] at this
    exact absurd this (by decide)
  · have := hh.2 h' (by omega)
    rw [heq h', hh'.1] at this
    exact absurd this (by decide)

/-! ## Concrete instances: the triangle and the hexagon -/

/-- The cycle on `n` vertices (each vertex adjacent to its two neighbours), all labels `0`. -/
def cycleGraph (n : Nat) (hn : 0 < n) : LGraph n Nat where
  nbrs v := [⟨(v.val + 1) % n, Nat.mod_lt _ hn⟩, ⟨(v.val + n - 1) % n, Nat.mod_lt _ hn⟩]
  lab _ := 0

/-- The update of the instances: `comb x m = x + m/2 - 1` on one coordinate. -/
def combEx (x m : Fin 1 → Rat) : Fin 1 → Rat := fun a => x a + m a / 2 - 1

/-- Instance: after `3` rounds from state `1`, every vertex of the triangle and of the hexagon
(all pairwise bisimilar: both graphs are 2-regular with one label) has the same state. -/
theorem rgnnRun_instance_triangle_hexagon :
    finList 3 (fun v => rgnnRun (cycleGraph 3 (by decide)) (fun _ _ => 1) combEx 3 v 0) =
        [1, 1, 1] ∧
      finList 6 (fun v => rgnnRun (cycleGraph 6 (by decide)) (fun _ _ => 1) combEx 3 v 0) =
        [1, 1, 1, 1, 1, 1] ∧
      finList 3 (fun v => rgnnRun (cycleGraph 3 (by decide)) (fun _ _ => 2) combEx 2 v 0) =
        [5, 5, 5] := by
  decide +kernel

end MLTheory.GNNBisimulation

end
