/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
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

**Halting.** In a halting RGNN a per-vertex classifier `halt` on the state stops the vertex: a
halted vertex keeps its state and its neighbours read the frozen state (`haltingRgnnRun`). A
halted vertex stays halted (`haltingRgnnRun_add_of_halt`), and the invariance holds for the
halting run too, round by round (`haltingRgnnRun_eq_of_bisim`): bisimilar vertices halt at the
same round and their outputs agree (`haltingRgnnRun_output_eq_of_bisim`).

**Scope (a proof core).** This is the invariance direction, round by round, for the halting
model stated here; it says nothing about converging RGNNs, and the converse
(every graded-bisimulation-invariant classifier in `μGML` is computed) is not formalised.

Concrete instances (`_instance_`, by `decide +kernel`) run one RGNN on the triangle and on the
hexagon (every vertex of one is bisimilar to every vertex of the other) and get the same states,
and one halting RGNN on the alternating 4- and 8-cycles, whose vertices halt at different rounds.
The `_satisfiable` theorems apply each theorem with hypotheses to concrete graphs.
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

/-! ## Halting RGNNs: a halted vertex keeps its state, its neighbours read the frozen state -/

/-- The run of a **halting** recurrent GNN with sum aggregation and a per-vertex halting classifier
`halt` on the state: `x₀ v = init (lab v)`; a vertex whose state `halt` accepts has halted and keeps
its state (`x_{t+1} v = x_t v`), and its neighbours go on reading that frozen state; every other
vertex updates `x_{t+1} v = comb (x_t v) (∑_{u ∈ nbrs v} x_t u)`. -/
def haltingRgnnRun {n d : Nat} {L : Type} (G : LGraph n L) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) (halt : (Fin d → Rat) → Bool) :
    Nat → Fin n → Fin d → Rat
  | 0 => fun v => init (G.lab v)
  | t + 1 => fun v =>
    if halt (haltingRgnnRun G init comb halt t v) = true then haltingRgnnRun G init comb halt t v
    else comb (haltingRgnnRun G init comb halt t v)
      (aggr (G.nbrs v) (haltingRgnnRun G init comb halt t))

/-- **A halted vertex keeps its state**: once the classifier accepts the state of `v` at round `t`,
the state of `v` is the same at every later round `t + k`. -/
theorem haltingRgnnRun_add_of_halt {n d : Nat} {L : Type} (G : LGraph n L)
    (init : L → Fin d → Rat) (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat))
    (halt : (Fin d → Rat) → Bool) {t : Nat} {v : Fin n}
    (ht : halt (haltingRgnnRun G init comb halt t v) = true) :
    ∀ k, haltingRgnnRun G init comb halt (t + k) v = haltingRgnnRun G init comb halt t v
  | 0 => rfl
  | k + 1 => by
    have ih := haltingRgnnRun_add_of_halt G init comb halt ht k
    show (if halt (haltingRgnnRun G init comb halt (t + k) v) = true then _ else _) = _
    rw [ih, if_pos ht]
    exact ih

/-- **Halting RGNNs are graded-bisimulation invariant, round by round**: if `Z` is a graded
bisimulation and `Z v v'`, the halting RGNN has the same state at `v` and at `v'` in every round,
halted or not (a vertex halts at `v` exactly when it halts at `v'`, and neighbours that halted are
read frozen on both sides). -/
theorem haltingRgnnRun_eq_of_bisim {n n' d : Nat} {L : Type} (G : LGraph n L) (G' : LGraph n' L)
    (Z : Fin n → Fin n' → Prop) (hZ : IsGradedBisim G G' Z) (init : L → Fin d → Rat)
    (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat)) (halt : (Fin d → Rat) → Bool) :
    ∀ t v v', Z v v' → haltingRgnnRun G init comb halt t v = haltingRgnnRun G' init comb halt t v'
  | 0, v, v', hvv => by
    show init (G.lab v) = init (G'.lab v')
    rw [(hZ v v' hvv).1]
  | t + 1, v, v', hvv => by
    obtain ⟨-, l, hperm, hmatch⟩ := hZ v v' hvv
    have ih := haltingRgnnRun_eq_of_bisim G G' Z hZ init comb halt t v v' hvv
    show (if halt (haltingRgnnRun G init comb halt t v) = true then haltingRgnnRun G init comb halt t v
        else comb (haltingRgnnRun G init comb halt t v)
          (aggr (G.nbrs v) (haltingRgnnRun G init comb halt t))) =
      (if halt (haltingRgnnRun G' init comb halt t v') = true then
          haltingRgnnRun G' init comb halt t v'
        else comb (haltingRgnnRun G' init comb halt t v')
          (aggr (G'.nbrs v') (haltingRgnnRun G' init comb halt t)))
    rw [ih, aggr_matched hmatch _ _
      (fun a b hab => haltingRgnnRun_eq_of_bisim G G' Z hZ init comb halt t a b hab),
      aggr_perm hperm]

/-- **Halting rounds and outputs are bisimulation invariant**: if the halting classifier fires
first at round `h` on `v` and at round `h'` on a bisimilar `v'`, then `h = h'`; the output of `v`
(its state when it halts) is final (`x_t v = x_h v` for every `t ≥ h`) and every readout `out` of
it agrees with that of `v'`. -/
theorem haltingRgnnRun_output_eq_of_bisim {n n' d : Nat} {L β : Type} (G : LGraph n L)
    (G' : LGraph n' L) (Z : Fin n → Fin n' → Prop) (hZ : IsGradedBisim G G' Z)
    (init : L → Fin d → Rat) (comb : (Fin d → Rat) → (Fin d → Rat) → (Fin d → Rat))
    (halt : (Fin d → Rat) → Bool) (out : (Fin d → Rat) → β) (v : Fin n) (v' : Fin n')
    (hvv : Z v v') (h h' : Nat) (hh : IsFirstHalt (haltingRgnnRun G init comb halt) halt v h)
    (hh' : IsFirstHalt (haltingRgnnRun G' init comb halt) halt v' h') :
    h = h' ∧ (∀ t, h ≤ t → haltingRgnnRun G init comb halt t v = haltingRgnnRun G init comb halt h v) ∧
      out (haltingRgnnRun G init comb halt h v) = out (haltingRgnnRun G' init comb halt h' v') := by
  have heq := fun t => haltingRgnnRun_eq_of_bisim G G' Z hZ init comb halt t v v' hvv
  have hround : h = h' := by
    apply Classical.byContradiction
    intro hne
    by_cases hlt : h < h'
    · have := hh'.2 h hlt
      rw [← heq h, hh.1] at this
      exact absurd this (by decide)
    · have := hh.2 h' (by omega)
      rw [heq h', hh'.1] at this
      exact absurd this (by decide)
  refine ⟨hround, fun t ht => ?_, ?_⟩
  · have := haltingRgnnRun_add_of_halt G init comb halt hh.1 (t - h)
    rw [Nat.add_sub_cancel' ht] at this
    exact this
  · rw [← hround, heq h]

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

/-- The cycle on `n` vertices with labels alternating along the vertex order: vertex `v` is
adjacent to `v ± 1 (mod n)` and has label `v % 2` (for even `n` the labels alternate around the
cycle, so the cycles `altCycle 4` and `altCycle 8` are bisimilar along `v % 2 = v' % 2`). -/
def altCycle (n : Nat) (hn : 0 < n) : LGraph n Nat where
  nbrs v := [⟨(v.val + 1) % n, Nat.mod_lt _ hn⟩, ⟨(v.val + n - 1) % n, Nat.mod_lt _ hn⟩]
  lab v := v.val % 2

/-- The sum update of the halting instances: `comb x m = x + m` on one coordinate. -/
def combSum (x m : Fin 1 → Rat) : Fin 1 → Rat := fun a => x a + m a

/-- The halting classifier of the instances: a vertex halts once its state is at least `2`. -/
def haltEx (x : Fin 1 → Rat) : Bool := decide (2 ≤ x 0)

/-- The initial state of the instances: `1` on label `0`, `0` on every other label. -/
def initAlt (l : Nat) : Fin 1 → Rat := fun _ => if l = 0 then 1 else 0

/-- Instance: on the alternating cycles with `4` and `8` vertices, the halting RGNN (`x ↦ x + Σ`,
halting at `x ≥ 2`) halts at round `1` on odd vertices (state `2`) and at round `2` on even ones
(state `5`), and after `3` rounds both graphs show `5, 2, 5, 2, …`; without halting the same update
gives `13, 14, …` at round `3`. -/
theorem haltingRgnnRun_instance_alt_cycles :
    finList 4 (fun v => haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 3 v 0) =
        [5, 2, 5, 2] ∧
      finList 8 (fun v => haltingRgnnRun (altCycle 8 (by decide)) initAlt combSum haltEx 3 v 0) =
        [5, 2, 5, 2, 5, 2, 5, 2] ∧
      finList 4 (fun v => haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 1 v 0) =
        [1, 2, 1, 2] ∧
      finList 4 (fun v => rgnnRun (altCycle 4 (by decide)) initAlt combSum 3 v 0) =
        [13, 14, 13, 14] := by
  decide +kernel

/-! ## Satisfiability witnesses: the hypotheses of the theorems above hold on concrete graphs -/

/-- The relation "same parity" between the vertices of `altCycle 4` and `altCycle 8` is a graded
bisimulation (each neighbour list is matched with itself, in order). -/
theorem isGradedBisim_altCycle_four_eight :
    IsGradedBisim (altCycle 4 (by decide)) (altCycle 8 (by decide))
      (fun v v' => v.val % 2 = v'.val % 2) := by
  intro v v' hvv
  refine ⟨hvv, (altCycle 8 (by decide)).nbrs v', List.Perm.refl _, ?_⟩
  refine Matched.cons ?_ (Matched.cons ?_ Matched.nil)
  · show (v.val + 1) % 4 % 2 = (v'.val + 1) % 8 % 2
    omega
  · show (v.val + 4 - 1) % 4 % 2 = (v'.val + 8 - 1) % 8 % 2
    have := v.isLt
    have := v'.isLt
    omega

/-- The total relation between the triangle and the hexagon is a graded bisimulation (both are
2-regular with one label). -/
theorem isGradedBisim_cycle_three_six :
    IsGradedBisim (cycleGraph 3 (by decide)) (cycleGraph 6 (by decide)) (fun _ _ => True) :=
  fun _ v' _ => ⟨rfl, (cycleGraph 6 (by decide)).nbrs v', List.Perm.refl _,
    Matched.cons trivial (Matched.cons trivial Matched.nil)⟩

/-- `rgnnRun_eq_of_bisim` applied to the triangle and the hexagon. -/
theorem rgnnRun_eq_of_bisim_satisfiable :
    rgnnRun (cycleGraph 3 (by decide)) (fun _ _ => 1) combEx 3 0 =
      rgnnRun (cycleGraph 6 (by decide)) (fun _ _ => 1) combEx 3 5 :=
  rgnnRun_eq_of_bisim (cycleGraph 3 (by decide)) (cycleGraph 6 (by decide)) (fun _ _ => True)
    isGradedBisim_cycle_three_six (fun _ _ => 1) combEx 3 0 5 trivial

/-- `readout_eq_of_bisim` applied to the triangle and the hexagon. -/
theorem readout_eq_of_bisim_satisfiable :
    (fun x => x 0) (rgnnRun (cycleGraph 3 (by decide)) (fun _ _ => 1) combEx 2 1) =
      (fun x => x 0) (rgnnRun (cycleGraph 6 (by decide)) (fun _ _ => 1) combEx 2 4) :=
  readout_eq_of_bisim (cycleGraph 3 (by decide)) (cycleGraph 6 (by decide)) (fun _ _ => True)
    isGradedBisim_cycle_three_six (fun _ _ => 1) combEx (fun x => x 0) 2 1 4 trivial

/-- The first halting round of the even vertices of the alternating cycles is `2`. -/
theorem isFirstHalt_altCycle_four :
    IsFirstHalt (haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx) haltEx 0 2 := by
  refine ⟨by decide +kernel, fun r hr => ?_⟩
  have : r = 0 ∨ r = 1 := by omega
  rcases this with rfl | rfl <;> decide +kernel

/-- The first halting round of the even vertices of the 8-cycle is `2` as well. -/
theorem isFirstHalt_altCycle_eight :
    IsFirstHalt (haltingRgnnRun (altCycle 8 (by decide)) initAlt combSum haltEx) haltEx 2 2 := by
  refine ⟨by decide +kernel, fun r hr => ?_⟩
  have : r = 0 ∨ r = 1 := by omega
  rcases this with rfl | rfl <;> decide +kernel

/-- With initial state `2`, the classifier `haltEx` accepts vertex `0` of the triangle (run
`rgnnRun`) at round `0`: its first halting round is `0`. -/
theorem isFirstHalt_cycle_three :
    IsFirstHalt (rgnnRun (cycleGraph 3 (by decide)) (fun _ _ => 2) combEx) haltEx 0 0 :=
  ⟨by decide +kernel, fun _ hr => absurd hr (Nat.not_lt_zero _)⟩

/-- The first halting round on the hexagon with initial state `2` is `0`. -/
theorem isFirstHalt_cycle_six :
    IsFirstHalt (rgnnRun (cycleGraph 6 (by decide)) (fun _ _ => 2) combEx) haltEx 3 0 :=
  ⟨by decide +kernel, fun _ hr => absurd hr (Nat.not_lt_zero _)⟩

/-- `haltingRound_eq_of_bisim` applied to the triangle and the hexagon. -/
theorem haltingRound_eq_of_bisim_satisfiable : (0 : Nat) = 0 :=
  haltingRound_eq_of_bisim (cycleGraph 3 (by decide)) (cycleGraph 6 (by decide)) (fun _ _ => True)
    isGradedBisim_cycle_three_six (fun _ _ => 2) combEx haltEx 0 3 trivial 0 0
    isFirstHalt_cycle_three isFirstHalt_cycle_six

/-- `haltingRgnnRun_add_of_halt` applied to an even vertex of `altCycle 4`, halted at round `2`. -/
theorem haltingRgnnRun_add_of_halt_satisfiable :
    haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx (2 + 5) 0 =
      haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 2 0 :=
  haltingRgnnRun_add_of_halt (altCycle 4 (by decide)) initAlt combSum haltEx
    (t := 2) (v := 0) (by decide +kernel) 5

/-- `haltingRgnnRun_eq_of_bisim` applied to the alternating cycles with `4` and `8` vertices. -/
theorem haltingRgnnRun_eq_of_bisim_satisfiable :
    haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 3 1 =
      haltingRgnnRun (altCycle 8 (by decide)) initAlt combSum haltEx 3 5 :=
  haltingRgnnRun_eq_of_bisim (altCycle 4 (by decide)) (altCycle 8 (by decide))
    (fun v v' => v.val % 2 = v'.val % 2) isGradedBisim_altCycle_four_eight initAlt combSum haltEx
    3 1 5 (by decide)

/-- `haltingRgnnRun_output_eq_of_bisim` applied to the even vertices `0` of `altCycle 4` and `2`
of `altCycle 8`, both halting at round `2`. -/
theorem haltingRgnnRun_output_eq_of_bisim_satisfiable :
    (2 : Nat) = 2 ∧ (∀ t, 2 ≤ t →
        haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx t 0 =
          haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 2 0) ∧
      (fun x => x 0) (haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 2 0) =
        (fun x => x 0) (haltingRgnnRun (altCycle 8 (by decide)) initAlt combSum haltEx 2 2) :=
  haltingRgnnRun_output_eq_of_bisim (altCycle 4 (by decide)) (altCycle 8 (by decide))
    (fun v v' => v.val % 2 = v'.val % 2) isGradedBisim_altCycle_four_eight initAlt combSum haltEx
    (fun x => x 0) 0 2 (by decide) 2 2 isFirstHalt_altCycle_four isFirstHalt_altCycle_eight


/-- `haltingRgnnRun_output_eq_of_bisim`'s stability conjunct applied to the round `2 ≤ 2`. -/
theorem haltingRgnnRun_output_eq_of_bisim_stable_satisfiable :
    haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 2 0 =
      haltingRgnnRun (altCycle 4 (by decide)) initAlt combSum haltEx 2 0 :=
  (haltingRgnnRun_output_eq_of_bisim (altCycle 4 (by decide)) (altCycle 8 (by decide))
    (fun v v' => v.val % 2 = v'.val % 2) isGradedBisim_altCycle_four_eight initAlt combSum haltEx
    (fun x => x 0) 0 2 (by decide) 2 2 isFirstHalt_altCycle_four isFirstHalt_altCycle_eight).2.1 2
    (Nat.le_refl 2)

end MLTheory.GNNBisimulation

end
