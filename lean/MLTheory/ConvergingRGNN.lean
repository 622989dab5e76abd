/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic
public import MLTheory.TrafficLight

/-!
# A converging recurrent GNN simulates every halting one

Source: `004_725b34af8153ec2b.txt`, line 28 ("halting RGNNs, where a per-vertex halting
classifier determines when to stop … converging RGNNs, where all vertex representations must
stabilise … over undirected graphs, converging RGNNs are equally expressive as
graded-bisimulation-invariant halting RGNNs … The main technical challenge is simulating halting
RGNNs by converging ones: without a global halting classifier, vertices may locally decide to
halt at different times, causing desynchronisation. We develop a 'traffic-light' protocol").

Both sides are recurrent GNNs with **sum aggregation** on a finite undirected graph
(`Graph n` of `MLTheory.TrafficLight`), stated here as such:

* a **halting RGNN** (`HaltingRGNN`): states in any type `α` with `+` and `0`; every round every
  vertex replaces its state `x` by `combine x (∑_{u ~ v} x_u)` (`HaltingRGNN.run`), and the
  per-vertex halting classifier `halt` says when a vertex stops: its **output** is its state at
  the first round at which `halt` accepts it (`HaltingRGNN.HaltsAt`). The run of the network goes
  on for the others, so a vertex that has stopped may still be needed by its neighbours;
* a **recurrent GNN with sum aggregation** (`SumRGNN`): a message function and an update; one
  layer replaces the state `y` of every vertex `v`, all at once, by `update y (∑_{u ~ v} msg y_u)`
  (`SumRGNN.layer`, `SumRGNN.run`). It has no halting classifier: it **converges** on an input when
  its run is eventually constant (`SumRGNN.Converges`), and then its output is read off the limit.

**The simulating network** `trafficLightRGNN N` is built from the halting RGNN `N` alone (the same
network for every graph; nothing is given from outside, no halting rounds, no graph size). It runs
a traffic-light protocol (this project's reconstruction; the abstract does not give the paper's):
a vertex state (`TLState`) holds a colour in `Fin 3` (its simulated round mod 3), its simulated
states `cur` of that round and `prev` of the round before, whether `halt` has accepted one of its
states (`halted`) and its output so far (`out`). A vertex's message (`TLMsg`) is, for each colour,
a count (`1` at its own colour) and the state it offers for the round of that colour (`cur` at its
own colour, `prev` otherwise); messages are **summed**, so a vertex learns how many neighbours are
one round behind (colour `c + 2`), how many are one round ahead (colour `c + 1`), and the sum of
its neighbours' states of its own round. A vertex **ticks** (`Ticks`: computes the next round with
`combine`) when no neighbour is behind and it either has not halted or has a neighbour ahead (who
needs its next state); otherwise it waits. So vertices that have halted stop, at different rounds,
and start again when a neighbour still computing needs them: the rounds of neighbours differ by
one, and the colours tell which of `cur`/`prev` a neighbour reads.

Results (`x` the run of `N`, every vertex halting by round `H`, `n` vertices):
* `invariant_run`: along the run of the network there are simulated rounds `r` (`roundsRun`) such
  that every vertex holds `x_r v` and `x_{r-1} v`, neighbouring rounds differ by at most one,
  rounds never exceed `H`, `halted` says `h v ≤ r v` and `out` is `x_{min (r v) (h v)} v`, with
  `h v` the first halting round of `v` (`Invariant`);
* `all_halted_of_not_ticks`: in a configuration where no vertex ticks, every vertex has halted
  (a waiting vertex of least round that still wants to tick would have a neighbour behind it that
  wants to tick too);
* `trafficLightRGNN_converges_within`: from layer `n * H` on the run of the network is constant,
  and every vertex's `out` there is its output in `N`;
* **`trafficLightRGNN_simulates`** (the headline): for every halting RGNN `N`, every graph and
  every input on which `N` halts at every vertex, the network `trafficLightRGNN N` converges, and
  in its limit every vertex's `out` is its output in `N`. So every vertex classifier of a halting
  RGNN (a readout of the output) is a vertex classifier of a converging RGNN (the same readout of
  `out` in the limit).

**Scope.** One direction of the abstract's equivalence (halting ⟹ converging, the direction the
abstract calls the main technical challenge), for any state type and any `combine` and `halt`,
with the simulating network's update any function of the own state and the summed messages (it
uses conditionals and a three-valued colour), so the restriction of both sides to ReLU networks is
not covered; the converse (a converging RGNN is simulated by a graded-bisimulation-invariant
halting RGNN) and output-converging RGNNs are not formalised. A halting RGNN's output exists only
at vertices where it halts, so the theorem assumes that it halts at every vertex of the input.

The concrete instance (`_instance_`, by `decide +kernel`) runs the network on the 4-vertex path.
-/

@[expose] public section

namespace MLTheory.ConvergingRGNN

open MLTheory.TrafficLight

noncomputable section

/-! ## Recurrent GNNs with sum aggregation -/

/-- The sum `∑_{u ~ v} g u` of `g` over the neighbours of `v` (in vertex order; a non-neighbour
adds `0`). -/
def nbrSum {n : Nat} {μ : Type} [Add μ] [OfNat μ 0] (G : Graph n) (v : Fin n) (g : Fin n → μ) :
    μ :=
  (List.finRange n).foldr (fun u acc => (if G.adj v u = true then g u else 0) + acc) 0

/-- A recurrent GNN with sum aggregation: each vertex sends the message `msg y` of its state `y`,
and replaces its state `y` by `update y m`, `m` the sum of its neighbours' messages. -/
structure SumRGNN (β μ : Type) where
  /-- The message a vertex sends, a function of its state. -/
  msg : β → μ
  /-- The new state from the own state and the sum of the neighbours' messages. -/
  update : β → μ → β

/-- One layer of a recurrent GNN with sum aggregation: every vertex updates at once, from its own
state and the sum of its neighbours' messages. -/
def SumRGNN.layer {β μ : Type} [Add μ] [OfNat μ 0] (N : SumRGNN β μ) {n : Nat} (G : Graph n)
    (y : Fin n → β) : Fin n → β :=
  fun v => N.update (y v) (nbrSum G v (fun u => N.msg (y u)))

/-- The run of a recurrent GNN: `t` layers applied to the initial states `y0`. -/
def SumRGNN.run {β μ : Type} [Add μ] [OfNat μ 0] (N : SumRGNN β μ) {n : Nat} (G : Graph n)
    (y0 : Fin n → β) : Nat → Fin n → β
  | 0 => y0
  | t + 1 => N.layer G (N.run G y0 t)

/-- A recurrent GNN **converges** on a graph and an input when its run is eventually constant:
from some layer `T` on, every vertex keeps its state. -/
def SumRGNN.Converges {β μ : Type} [Add μ] [OfNat μ 0] (N : SumRGNN β μ) {n : Nat} (G : Graph n)
    (y0 : Fin n → β) : Prop :=
  ∃ T, ∀ t, T ≤ t → N.run G y0 t = N.run G y0 T

/-- A halting recurrent GNN with sum aggregation: an update `combine` of a vertex's state and the
sum of its neighbours' states, and a per-vertex halting classifier `halt` on the state. -/
structure HaltingRGNN (α : Type) where
  /-- The new state from the own state and the sum of the neighbours' states. -/
  combine : α → α → α
  /-- The halting classifier: a vertex stops at the first round at which it accepts its state. -/
  halt : α → Bool

/-- The run of a halting RGNN: every round every vertex replaces its state `x` by
`combine x (∑_{u ~ v} x_u)`. -/
def HaltingRGNN.run {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) {n : Nat} (G : Graph n)
    (x0 : Fin n → α) : Nat → Fin n → α
  | 0 => x0
  | r + 1 => fun v => N.combine (N.run G x0 r v) (nbrSum G v (N.run G x0 r))

/-- Vertex `v` of the halting RGNN stops at round `r`: `r` is the first round at which `halt`
accepts its state; its output is then its state `N.run G x0 r v`. -/
def HaltingRGNN.HaltsAt {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) {n : Nat}
    (G : Graph n) (x0 : Fin n → α) (v : Fin n) (r : Nat) : Prop :=
  N.halt (N.run G x0 r v) = true ∧ ∀ r', r' < r → N.halt (N.run G x0 r' v) = false

/-- Stopping at a given round is decidable (a finite check of the rounds before it). -/
instance instDecidableHaltsAt {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) {n : Nat}
    (G : Graph n) (x0 : Fin n → α) (v : Fin n) (r : Nat) : Decidable (N.HaltsAt G x0 v r) :=
  inferInstanceAs (Decidable (N.halt (N.run G x0 r v) = true ∧
    ∀ r', r' < r → N.halt (N.run G x0 r' v) = false))

/-! ## The traffic-light network -/

/-- The state of a vertex of the traffic-light network: its colour (the simulated round mod 3),
its simulated states `cur` of that round and `prev` of the round before, whether the halting
classifier has accepted one of its states, and its output so far. -/
structure TLState (α : Type) where
  /-- The traffic light: the simulated round mod 3. -/
  colour : Fin 3
  /-- The simulated state of the current round. -/
  cur : α
  /-- The simulated state of the round before. -/
  prev : α
  /-- Whether `halt` has accepted one of the vertex's states so far. -/
  halted : Bool
  /-- The output: the state at which the vertex halted (its current state before that). -/
  out : α
  deriving DecidableEq

/-- The message of a vertex of the traffic-light network, indexed by colour: how many vertices
show that colour, and the (summed) states offered for the round of that colour. -/
structure TLMsg (α : Type) where
  /-- `count c`: the number of vertices showing colour `c`. -/
  count : Fin 3 → Nat
  /-- `val c`: the states offered for the round of colour `c`. -/
  val : Fin 3 → α

/-- Messages add componentwise. -/
instance instAddTLMsg {α : Type} [Add α] : Add (TLMsg α) :=
  ⟨fun a b => ⟨fun c => a.count c + b.count c, fun c => a.val c + b.val c⟩⟩

/-- The zero message. -/
instance instZeroTLMsg {α : Type} [OfNat α 0] : OfNat (TLMsg α) 0 :=
  ⟨⟨fun _ => 0, fun _ => 0⟩⟩

/-- The colour after `c` (that of a neighbour one round ahead). -/
def nextColour (c : Fin 3) : Fin 3 := ⟨(c.val + 1) % 3, Nat.mod_lt _ (by decide)⟩

/-- The colour before `c` (that of a neighbour one round behind). -/
def behindColour (c : Fin 3) : Fin 3 := ⟨(c.val + 2) % 3, Nat.mod_lt _ (by decide)⟩

/-- The message of a vertex: count `1` at its colour; its `cur` offered for the round of its
colour and its `prev` for the others (a neighbour reading the colour before this vertex's is one
round behind it). -/
def tlMsg {α : Type} (s : TLState α) : TLMsg α :=
  { count := fun c => if s.colour = c then 1 else 0
    val := fun c => if s.colour = c then s.cur else s.prev }

/-- A vertex with state `s` and summed neighbour messages `m` **ticks**: no neighbour is one round
behind, and it has not halted or some neighbour is one round ahead (and needs its next state). -/
def Ticks {α : Type} (s : TLState α) (m : TLMsg α) : Prop :=
  m.count (behindColour s.colour) = 0 ∧ (s.halted = false ∨ m.count (nextColour s.colour) ≠ 0)

/-- Ticking is decidable. -/
instance instDecidableTicks {α : Type} (s : TLState α) (m : TLMsg α) : Decidable (Ticks s m) :=
  inferInstanceAs (Decidable (m.count (behindColour s.colour) = 0 ∧
    (s.halted = false ∨ m.count (nextColour s.colour) ≠ 0)))

/-- The update of a vertex of the traffic-light network: if it ticks, it computes its next state
`combine cur (∑ neighbours' states of its round)`, moves to the next colour, keeps `cur` as `prev`,
records whether `halt` accepts the new state, and keeps its output once halted; otherwise it
waits (keeps its state). -/
def tlUpdate {α : Type} (N : HaltingRGNN α) (s : TLState α) (m : TLMsg α) : TLState α :=
  if Ticks s m then
    ⟨nextColour s.colour, N.combine s.cur (m.val s.colour), s.cur,
      s.halted || N.halt (N.combine s.cur (m.val s.colour)),
      if s.halted = true then s.out else N.combine s.cur (m.val s.colour)⟩
  else s

/-- **The traffic-light network** of a halting RGNN `N`: a recurrent GNN with sum aggregation,
built from `N` alone (the same network for every graph). -/
def trafficLightRGNN {α : Type} (N : HaltingRGNN α) : SumRGNN (TLState α) (TLMsg α) :=
  ⟨tlMsg, tlUpdate N⟩

/-- The encoded input: every vertex at colour `0` with its input state, halted if `halt` accepts
it. -/
def tlInit {n : Nat} {α : Type} (N : HaltingRGNN α) (x0 : Fin n → α) : Fin n → TLState α :=
  fun v => ⟨0, x0 v, x0 v, N.halt (x0 v), x0 v⟩

/-- Every term of a sum of naturals is at most the sum. -/
theorem le_sumNat : ∀ (n : Nat) (f : Fin n → Nat) (i : Fin n), f i ≤ sumNat n f
  | 0, _, i => i.elim0
  | n + 1, f, i => by
    show f i ≤ f 0 + sumNat n (fun j => f j.succ)
    cases i using Fin.cases with
    | zero => omega
    | succ i => have := le_sumNat n (fun j => f j.succ) i; omega

/-! ## Sums over the neighbours -/

section Sums

variable {n : Nat} (G : Graph n) (v : Fin n)

/-- A map that preserves `+` and `0` commutes with the sum over the neighbours. -/
theorem nbrSum_map {μ ν : Type} [Add μ] [OfNat μ 0] [Add ν] [OfNat ν 0] (p : μ → ν)
    (hadd : ∀ a b, p (a + b) = p a + p b) (hzero : p 0 = 0) (g : Fin n → μ) :
    p (nbrSum G v g) = nbrSum G v (fun u => p (g u)) := by
  unfold nbrSum
  induction List.finRange n with
  | nil => exact hzero
  | cons u l ih =>
    simp only [List.foldr_cons]
    rw [hadd, ih]
    congr 1
    split <;> simp_all

/-- A sum of natural numbers over the neighbours is `0` iff every neighbour's term is `0`. -/
theorem nbrSum_nat_eq_zero_iff (g : Fin n → Nat) :
    nbrSum G v g = 0 ↔ ∀ u, G.adj v u = true → g u = 0 := by
  unfold nbrSum
  have key : ∀ l : List (Fin n),
      l.foldr (fun u acc => (if G.adj v u = true then g u else 0) + acc) 0 = 0 ↔
        ∀ u, u ∈ l → G.adj v u = true → g u = 0 := by
    intro l
    induction l with
    | nil => simp
    | cons w l ih =>
      simp only [List.foldr_cons, List.mem_cons]
      constructor
      · intro h u hu hadj
        rcases hu with rfl | hu
        · rw [if_pos hadj] at h; omega
        · exact ih.mp (by omega) u hu hadj
      · intro h
        have h1 := ih.mpr (fun u hu hadj => h u (Or.inr hu) hadj)
        by_cases hadj : G.adj v w = true
        · rw [if_pos hadj, h w (Or.inl rfl) hadj]; omega
        · rw [if_neg hadj]; omega
  rw [key]
  exact ⟨fun h u hadj => h u (List.mem_finRange u) hadj, fun h u _ hadj => h u hadj⟩

/-- Sums over the neighbours of functions equal on the neighbours are equal. -/
theorem nbrSum_congr {μ : Type} [Add μ] [OfNat μ 0] {g g' : Fin n → μ}
    (hg : ∀ u, G.adj v u = true → g u = g' u) : nbrSum G v g = nbrSum G v g' := by
  unfold nbrSum
  induction List.finRange n with
  | nil => rfl
  | cons u l ih =>
    simp only [List.foldr_cons]
    rw [ih]
    by_cases hadj : G.adj v u = true
    · rw [if_pos hadj, if_pos hadj, hg u hadj]
    · rw [if_neg hadj, if_neg hadj]

end Sums

/-! ## Halting rounds -/

section Halting

variable {n : Nat} {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) (G : Graph n)
  (x0 : Fin n → α)

/-- A vertex stops at one round only: its output is well defined. -/
theorem HaltingRGNN.HaltsAt.unique {v : Fin n} {r r' : Nat} (h1 : N.HaltsAt G x0 v r)
    (h2 : N.HaltsAt G x0 v r') : r = r' := by
  apply Classical.byContradiction
  intro hne
  by_cases hlt : r < r'
  · have := h2.2 r hlt
    rw [h1.1] at this
    exact Bool.noConfusion this
  · have := h1.2 r' (by omega)
    rw [h2.1] at this
    exact Bool.noConfusion this

/-- A vertex that halts by round `H` stops at some round `h ≤ H`. -/
theorem HaltingRGNN.exists_haltsAt {v : Fin n} {H : Nat} (hH : N.halt (N.run G x0 H v) = true) :
    ∃ h, h ≤ H ∧ N.HaltsAt G x0 v h := by
  obtain ⟨h, hh, hmin⟩ :=
    exists_minimal_of_exists (fun r => N.halt (N.run G x0 r v) = true) id ⟨H, hH⟩
  refine ⟨h, hmin H hH, hh, fun r hr => ?_⟩
  cases hb : N.halt (N.run G x0 r v) with
  | false => rfl
  | true => exact absurd (hmin r hb) (by simp only [id]; omega)

end Halting

/-! ## The invariant of the traffic-light network -/

/-- A round as a colour in `Fin 3`. -/
def toColour (r : Nat) : Fin 3 := ⟨r % 3, Nat.mod_lt _ (by decide)⟩

/-- The sum of the messages a vertex receives in the configuration `y`. -/
def received {n : Nat} {α : Type} [Add α] [OfNat α 0] (G : Graph n) (y : Fin n → TLState α)
    (v : Fin n) : TLMsg α :=
  nbrSum G v (fun u => tlMsg (y u))

section Invariant

variable {n : Nat} {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) (G : Graph n)
  (x0 : Fin n → α)

/-- The invariant of the traffic-light network: with simulated rounds `r` (neighbours at most one
round apart, all at most `H`), every vertex shows the colour of its round, holds the states of
the halting RGNN's run at its round and the round before, knows whether it has reached its first
halting round `h v`, and holds the state at round `min (r v) (h v)` as its output. -/
structure Invariant (h : Fin n → Nat) (H : Nat) (r : Fin n → Nat) (y : Fin n → TLState α) :
    Prop where
  /-- Neighbouring rounds differ by at most one. -/
  sync : Synchronised G r
  /-- The colour is the round mod 3. -/
  colour_eq : ∀ v, (y v).colour = toColour (r v)
  /-- `cur` is the state at the vertex's round. -/
  cur_eq : ∀ v, (y v).cur = N.run G x0 (r v) v
  /-- `prev` is the state at the round before. -/
  prev_eq : ∀ v, (y v).prev = N.run G x0 (r v - 1) v
  /-- `halted` says whether the first halting round is reached. -/
  halted_eq : ∀ v, (y v).halted = decide (h v ≤ r v)
  /-- `out` is the state at the first halting round once it is reached. -/
  out_eq : ∀ v, (y v).out = N.run G x0 (min (r v) (h v)) v
  /-- Rounds never exceed `H`. -/
  round_le : ∀ v, r v ≤ H

variable {N G x0} {h : Fin n → Nat} {H : Nat}

/-- The encoded input satisfies the invariant with all rounds `0`. -/
theorem invariant_tlInit (hh : ∀ v, N.HaltsAt G x0 v (h v)) :
    Invariant N G x0 h H (fun _ => 0) (tlInit N x0) where
  sync _ _ _ := Nat.zero_le _
  colour_eq _ := rfl
  cur_eq _ := rfl
  prev_eq _ := rfl
  halted_eq v := by
    show N.halt (x0 v) = decide (h v ≤ 0)
    by_cases h0 : h v = 0
    · have := (hh v).1
      rw [h0] at this
      rw [h0]; exact this
    · have hf : N.halt (x0 v) = false := (hh v).2 0 (by omega)
      rw [hf]
      simp only [Nat.le_zero]
      exact (decide_eq_false h0).symm
  out_eq v := by
    show x0 v = N.run G x0 (min 0 (h v)) v
    rw [Nat.zero_min]; rfl
  round_le _ := Nat.zero_le _

variable {r : Fin n → Nat} {y : Fin n → TLState α}

/-- No neighbour is one round behind (the count at the colour before is `0`) iff the clock rule
of `MLTheory.TrafficLight` holds. -/
theorem count_behind_eq_zero_iff (hI : Invariant N G x0 h H r y) (v : Fin n) :
    (received G y v).count (behindColour (y v).colour) = 0 ↔ ClockEnabled G r v := by
  unfold received
  rw [nbrSum_map G v (fun m : TLMsg α => m.count (behindColour (y v).colour)) (fun _ _ => rfl)
    rfl, nbrSum_nat_eq_zero_iff]
  apply forall_congr'
  intro u
  apply imp_congr_right
  intro _
  simp only [tlMsg, hI.colour_eq, behindColour, toColour, colour, Fin.ext_iff]
  constructor
  · intro hz
    split at hz
    · exact absurd hz (by decide)
    · omega
  · intro hc
    split
    · omega
    · rfl

/-- Some neighbour is one round ahead (the count at the next colour is not `0`) iff some
neighbour's round is one more. -/
theorem count_next_ne_zero_iff (hI : Invariant N G x0 h H r y) (v : Fin n) :
    (received G y v).count (nextColour (y v).colour) ≠ 0 ↔ ∃ u, G.adj v u = true ∧ r u = r v + 1 := by
  unfold received
  rw [nbrSum_map G v (fun m : TLMsg α => m.count (nextColour (y v).colour)) (fun _ _ => rfl)
    rfl, Ne, nbrSum_nat_eq_zero_iff]
  have key : ∀ u, G.adj v u = true →
      ((tlMsg (y u)).count (nextColour (y v).colour) = 0 ↔ ¬ r u = r v + 1) := by
    intro u hadj
    have h1 := hI.sync u v (G.adj_comm hadj)
    have h2 := hI.sync v u hadj
    simp only [tlMsg, hI.colour_eq, nextColour, toColour, Fin.ext_iff]
    constructor
    · intro hz
      split at hz
      · exact absurd hz (by decide)
      · omega
    · intro hc
      split
      · omega
      · rfl
  constructor
  · intro hno
    apply Classical.byContradiction
    intro hex
    exact hno fun u hadj => (key u hadj).mpr fun he => hex ⟨u, hadj, he⟩
  · intro ⟨u, hadj, he⟩ hall
    exact (key u hadj).mp (hall u hadj) he

/-- A vertex that no neighbour is behind reads, summed over its neighbours, their states of its
own round. -/
theorem val_eq_of_clockEnabled (hI : Invariant N G x0 h H r y) {v : Fin n}
    (hen : ClockEnabled G r v) :
    (received G y v).val (y v).colour = nbrSum G v (N.run G x0 (r v)) := by
  unfold received
  rw [nbrSum_map G v (fun m : TLMsg α => m.val (y v).colour) (fun _ _ => rfl) rfl]
  apply nbrSum_congr
  intro u hadj
  have hle := (clockEnabled_iff hI.sync v).mp hen u hadj
  have h1 := hI.sync u v (G.adj_comm hadj)
  show (if (y u).colour = (y v).colour then (y u).cur else (y u).prev) = _
  rw [hI.colour_eq u, hI.colour_eq v]
  by_cases he : r u = r v
  · rw [if_pos (by rw [he]), hI.cur_eq u, he]
  · rw [if_neg (by simp only [toColour, Fin.ext_iff]; omega), hI.prev_eq u]
    congr 2
    omega

/-- Under the invariant, a vertex ticks iff no neighbour is behind and it has not reached its
halting round or a neighbour is one round ahead. -/
theorem ticks_iff (hI : Invariant N G x0 h H r y) (v : Fin n) :
    Ticks (y v) (received G y v) ↔
      ClockEnabled G r v ∧ (r v < h v ∨ ∃ u, G.adj v u = true ∧ r u = r v + 1) := by
  unfold Ticks
  rw [count_behind_eq_zero_iff hI, count_next_ne_zero_iff hI, hI.halted_eq v]
  apply and_congr_right
  intro _
  apply or_congr_left
  simp only [decide_eq_false_iff_not, Nat.not_le]

/-- The rounds after one layer: the vertices that tick advance by one. -/
def nextRounds (G : Graph n) (r : Fin n → Nat) (y : Fin n → TLState α) : Fin n → Nat :=
  advance r (fun v => decide (Ticks (y v) (received G y v)))

/-- The round of a vertex after one layer: one more if it ticks. -/
theorem nextRounds_apply (G : Graph n) (r : Fin n → Nat) (y : Fin n → TLState α) (v : Fin n) :
    nextRounds G r y v = if Ticks (y v) (received G y v) then r v + 1 else r v := by
  unfold nextRounds advance
  by_cases ht : Ticks (y v) (received G y v) <;> simp [ht]

/-- **One layer keeps the invariant**, with the rounds of the vertices that tick advanced. -/
theorem invariant_layer (hh : ∀ v, N.HaltsAt G x0 v (h v)) (hH : ∀ v, h v ≤ H)
    (hI : Invariant N G x0 h H r y) :
    Invariant N G x0 h H (nextRounds G r y) ((trafficLightRGNN N).layer G y) := by
  have hlayer : ∀ v, (trafficLightRGNN N).layer G y v = tlUpdate N (y v) (received G y v) :=
    fun _ => rfl
  have hround := nextRounds_apply G r y
  -- the state of a vertex after the layer
  have hstay : ∀ v, ¬ Ticks (y v) (received G y v) →
      (trafficLightRGNN N).layer G y v = y v := by
    intro v ht
    rw [hlayer]; unfold tlUpdate; rw [if_neg ht]
  have htick : ∀ v, Ticks (y v) (received G y v) →
      (trafficLightRGNN N).layer G y v =
        ⟨nextColour (y v).colour, N.run G x0 (r v + 1) v, N.run G x0 (r v) v,
          decide (h v ≤ r v + 1), N.run G x0 (min (r v + 1) (h v)) v⟩ := by
    intro v ht
    have hen := ((ticks_iff hI v).mp ht).1
    rw [hlayer]; unfold tlUpdate; rw [if_pos ht, val_eq_of_clockEnabled hI hen, hI.cur_eq v]
    have hnext : N.combine (N.run G x0 (r v) v) (nbrSum G v (N.run G x0 (r v))) =
        N.run G x0 (r v + 1) v := rfl
    rw [hnext, hI.halted_eq v, hI.out_eq v]
    simp only [TLState.mk.injEq]
    refine ⟨trivial, trivial, trivial, ?_, ?_⟩
    · -- halted: the first halting round is reached now or before
      by_cases hle : h v ≤ r v
      · simp [hle, Nat.le_succ_of_le hle]
      · by_cases heq : h v = r v + 1
        · have := (hh v).1
          rw [heq] at this
          simp [heq, this]
        · have := (hh v).2 (r v + 1) (by omega)
          simp [hle, this]; omega
    · by_cases hle : h v ≤ r v
      · simp only [hle, decide_true, if_true]
        congr 1; omega
      · simp only [hle, decide_false, Bool.false_eq_true, if_false]
        congr 1; omega
  constructor
  · -- the clock invariant: ticking vertices are enabled
    refine synchronised_of_clockStep hI.sync ⟨fun v => decide (Ticks (y v) (received G y v)),
      fun v hv => ((ticks_iff hI v).mp (of_decide_eq_true hv)).1, rfl⟩
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht, htick v ht, hI.colour_eq v]
      simp only [nextColour, toColour, Fin.ext_iff]
      omega
    · rw [if_neg ht, hstay v ht]; exact hI.colour_eq v
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht, htick v ht]
    · rw [if_neg ht, hstay v ht]; exact hI.cur_eq v
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht, htick v ht]; rfl
    · rw [if_neg ht, hstay v ht]; exact hI.prev_eq v
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht, htick v ht]
    · rw [if_neg ht, hstay v ht]; exact hI.halted_eq v
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht, htick v ht]
    · rw [if_neg ht, hstay v ht]; exact hI.out_eq v
  · intro v
    rw [hround v]
    by_cases ht : Ticks (y v) (received G y v)
    · rw [if_pos ht]
      rcases ((ticks_iff hI v).mp ht).2 with hlt | ⟨u, _, hu⟩
      · have := hH v; omega
      · have := hI.round_le u; omega
    · rw [if_neg ht]; exact hI.round_le v

/-- A layer in which no vertex ticks leaves the configuration unchanged. -/
theorem layer_eq_self_of_not_ticks (hq : ∀ v, ¬ Ticks (y v) (received G y v)) :
    (trafficLightRGNN N).layer G y = y := by
  funext v
  show tlUpdate N (y v) (received G y v) = y v
  unfold tlUpdate
  rw [if_neg (hq v)]

/-- **No vertex waits forever without having halted**: in a configuration satisfying the
invariant where no vertex ticks, every vertex has reached its first halting round. (A vertex of
least round among those that want to tick — not halted, or with a neighbour ahead — waits only for
a neighbour behind it, and that neighbour has it ahead, so wants to tick too, at a smaller round.) -/
theorem halted_of_not_ticks (hI : Invariant N G x0 h H r y)
    (hq : ∀ v, ¬ Ticks (y v) (received G y v)) (v : Fin n) : h v ≤ r v := by
  apply Classical.byContradiction
  intro hv
  let Wants : Fin n → Prop := fun w => r w < h w ∨ ∃ u, G.adj w u = true ∧ r u = r w + 1
  obtain ⟨w, hw, hmin⟩ := exists_minimal_of_exists Wants r ⟨v, Or.inl (by omega)⟩
  -- `w` wants to tick but does not: some neighbour is behind it
  have hnen : ¬ ClockEnabled G r w := fun hen => hq w ((ticks_iff hI w).mpr ⟨hen, hw⟩)
  have : ∃ u, G.adj w u = true ∧ r u < r w := by
    apply Classical.byContradiction
    intro hno
    exact hnen ((clockEnabled_iff hI.sync w).mpr fun u hadj =>
      Nat.le_of_not_lt fun hlt => hno ⟨u, hadj, hlt⟩)
  obtain ⟨u, hadj, hlt⟩ := this
  have hsync := hI.sync w u hadj
  -- `u` has `w` one round ahead, so it wants to tick, at a smaller round
  have hu : Wants u := Or.inr ⟨w, G.adj_comm hadj, by omega⟩
  have := hmin u hu
  omega

end Invariant

/-! ## The run of the traffic-light network -/

section Run

variable {n : Nat} {α : Type} [Add α] [OfNat α 0] (N : HaltingRGNN α) (G : Graph n)
  (x0 : Fin n → α)

/-- The run of the traffic-light network from the encoded input. -/
abbrev tlRun : Nat → Fin n → TLState α := (trafficLightRGNN N).run G (tlInit N x0)

/-- The simulated rounds along the run (a bookkeeping device of the proof, not part of the
network's state): each layer advances the rounds of the vertices that tick. -/
def roundsRun : Nat → Fin n → Nat
  | 0 => fun _ => 0
  | t + 1 => nextRounds G (roundsRun t) (tlRun N G x0 t)

variable {N G x0} {h : Fin n → Nat} {H : Nat}

/-- **The invariant holds along the run.** -/
theorem invariant_run (hh : ∀ v, N.HaltsAt G x0 v (h v)) (hH : ∀ v, h v ≤ H) :
    ∀ t, Invariant N G x0 h H (roundsRun N G x0 t) (tlRun N G x0 t)
  | 0 => invariant_tlInit hh
  | t + 1 => invariant_layer hh hH (invariant_run hh hH t)

/-- A configuration in which no vertex ticks stays forever. -/
theorem tlRun_add_of_quiet {t : Nat}
    (hq : ∀ v, ¬ Ticks (tlRun N G x0 t v) (received G (tlRun N G x0 t) v)) :
    ∀ k, tlRun N G x0 (t + k) = tlRun N G x0 t
  | 0 => rfl
  | k + 1 => by
    show (trafficLightRGNN N).layer G (tlRun N G x0 (t + k)) = _
    rw [tlRun_add_of_quiet hq k]
    exact layer_eq_self_of_not_ticks hq

/-- The potential `∑_v (H - r v)`: the rounds still available below the bound. -/
def potential (H : Nat) (r : Fin n → Nat) : Nat := sumNat n (fun v => H - r v)

/-- Along the run, at layer `k` some earlier layer was quiet (no vertex ticked), or the potential
has dropped by `k`. -/
theorem quiet_or_potential (hh : ∀ v, N.HaltsAt G x0 v (h v)) (hH : ∀ v, h v ≤ H) :
    ∀ k, (∃ t, t ≤ k ∧ ∀ v, ¬ Ticks (tlRun N G x0 t v) (received G (tlRun N G x0 t) v)) ∨
      potential H (roundsRun N G x0 k) + k ≤ n * H
  | 0 => by
    right
    have := sumNat_le_mul n (fun v => H - roundsRun N G x0 0 v) H (fun _ => Nat.sub_le _ _)
    unfold potential; omega
  | k + 1 => by
    rcases quiet_or_potential hh hH k with ⟨t, ht, hq⟩ | hle
    · exact Or.inl ⟨t, by omega, hq⟩
    · by_cases hq : ∀ v, ¬ Ticks (tlRun N G x0 k v) (received G (tlRun N G x0 k) v)
      · exact Or.inl ⟨k, by omega, hq⟩
      · right
        obtain ⟨v0, hv0⟩ : ∃ v, Ticks (tlRun N G x0 k v) (received G (tlRun N G x0 k) v) :=
          Classical.byContradiction fun hno => hq fun v hv => hno ⟨v, hv⟩
        have hbound := (invariant_run hh hH (k + 1)).round_le
        have hnext : ∀ v, roundsRun N G x0 (k + 1) v =
            if Ticks (tlRun N G x0 k v) (received G (tlRun N G x0 k) v) then
              roundsRun N G x0 k v + 1 else roundsRun N G x0 k v :=
          nextRounds_apply G (roundsRun N G x0 k) (tlRun N G x0 k)
        have hlt : potential H (roundsRun N G x0 (k + 1)) < potential H (roundsRun N G x0 k) := by
          unfold potential
          apply sumNat_lt_sumNat
          · intro v
            rw [hnext v]
            split <;> omega
          · refine ⟨v0, ?_⟩
            have := hbound v0
            rw [hnext v0, if_pos hv0] at this ⊢
            omega
        omega

/-- **Convergence within `n * H` layers**: if every vertex of the halting RGNN stops by round `H`,
the traffic-light network is constant from layer `n * H` on, and there every vertex's `out` is
its output (its state at the round at which it stops). -/
theorem trafficLightRGNN_converges_within
    (hH : ∀ v, ∃ r, r ≤ H ∧ N.halt (N.run G x0 r v) = true) :
    (∀ t, n * H ≤ t → tlRun N G x0 t = tlRun N G x0 (n * H)) ∧
      ∀ v r, N.HaltsAt G x0 v r → (tlRun N G x0 (n * H) v).out = N.run G x0 r v := by
  -- the first halting rounds
  have hex : ∀ v, ∃ h, h ≤ H ∧ N.HaltsAt G x0 v h := fun v => by
    obtain ⟨r, hr, hhr⟩ := hH v
    obtain ⟨h, hle, hh⟩ := N.exists_haltsAt G x0 hhr
    exact ⟨h, by omega, hh⟩
  let h : Fin n → Nat := fun v => Classical.choose (hex v)
  have hh : ∀ v, N.HaltsAt G x0 v (h v) := fun v => (Classical.choose_spec (hex v)).2
  have hhH : ∀ v, h v ≤ H := fun v => (Classical.choose_spec (hex v)).1
  -- some layer `t ≤ n * H` is quiet, and the run stays there
  obtain ⟨t, ht, hq⟩ : ∃ t, t ≤ n * H ∧
      ∀ v, ¬ Ticks (tlRun N G x0 t v) (received G (tlRun N G x0 t) v) := by
    rcases quiet_or_potential hh hhH (n * H) with hq | hle
    · exact hq
    · refine ⟨n * H, Nat.le_refl _, fun v hv => ?_⟩
      -- the potential is `0`: every round is `H`, and a vertex that ticked would pass `H`
      have hI := invariant_run hh hhH (n * H)
      have hI' := invariant_run hh hhH (n * H + 1)
      have hpot : potential H (roundsRun N G x0 (n * H)) = 0 := by omega
      have hzero : H - roundsRun N G x0 (n * H) v = 0 := by
        apply Classical.byContradiction
        intro hne
        have hpos : 0 < H - roundsRun N G x0 (n * H) v := by omega
        have := sumNat_lt_sumNat n (fun _ => 0) (fun w => H - roundsRun N G x0 (n * H) w)
          (fun _ => Nat.zero_le _) ⟨v, hpos⟩
        have hz : sumNat n (fun _ => 0) = 0 := by
          have := sumNat_le_mul n (fun _ => 0) 0 (fun _ => Nat.le_refl 0)
          rw [Nat.mul_zero] at this; omega
        unfold potential at hpot; omega
      have hb := hI'.round_le v
      have hnext : roundsRun N G x0 (n * H + 1) v = roundsRun N G x0 (n * H) v + 1 := by
        have : roundsRun N G x0 (n * H + 1) v =
            if Ticks (tlRun N G x0 (n * H) v) (received G (tlRun N G x0 (n * H)) v) then
              roundsRun N G x0 (n * H) v + 1 else roundsRun N G x0 (n * H) v :=
          nextRounds_apply G (roundsRun N G x0 (n * H)) (tlRun N G x0 (n * H)) v
        rw [if_pos hv] at this
        exact this
      omega
  have hstay := tlRun_add_of_quiet hq
  have hT : tlRun N G x0 (n * H) = tlRun N G x0 t := by
    have := hstay (n * H - t)
    rwa [Nat.add_sub_cancel' ht] at this
  refine ⟨fun t' ht' => ?_, fun v r hr => ?_⟩
  · have := hstay (t' - t)
    rw [Nat.add_sub_cancel' (by omega)] at this
    rw [this, hT]
  · have hI := invariant_run hh hhH t
    have hhalt := halted_of_not_ticks hI hq v
    rw [hT, hI.out_eq v, Nat.min_eq_right hhalt, (hh v).unique N G x0 hr]

/-- **A converging RGNN simulates every halting RGNN.** For every halting RGNN `N` with sum
aggregation, the traffic-light network `trafficLightRGNN N` (a recurrent GNN with sum aggregation
built from `N` alone) converges on every graph and input on which `N` halts at every vertex, and
in its limit every vertex's `out` is its output in `N`: its state at the round at which it
stops. -/
theorem trafficLightRGNN_simulates (hhalt : ∀ v, ∃ r, N.halt (N.run G x0 r v) = true) :
    ∃ T, (∀ t, T ≤ t → (trafficLightRGNN N).run G (tlInit N x0) t =
        (trafficLightRGNN N).run G (tlInit N x0) T) ∧
      ∀ v, ∃ r, N.HaltsAt G x0 v r ∧
        ((trafficLightRGNN N).run G (tlInit N x0) T v).out = N.run G x0 r v := by
  let R : Fin n → Nat := fun v => Classical.choose (hhalt v)
  have hR : ∀ v, N.halt (N.run G x0 (R v) v) = true := fun v => Classical.choose_spec (hhalt v)
  obtain ⟨hconv, hout⟩ := trafficLightRGNN_converges_within (N := N) (G := G) (x0 := x0)
    (H := sumNat n R) (fun v => ⟨R v, le_sumNat n R v, hR v⟩)
  refine ⟨n * sumNat n R, hconv, fun v => ?_⟩
  obtain ⟨h, -, hh⟩ := N.exists_haltsAt G x0 (hR v)
  exact ⟨h, hh, hout v h hh⟩

/-- In particular the traffic-light network converges (`SumRGNN.Converges`) on every graph and
input on which the halting RGNN halts at every vertex. -/
theorem trafficLightRGNN_converges (hhalt : ∀ v, ∃ r, N.halt (N.run G x0 r v) = true) :
    (trafficLightRGNN N).Converges G (tlInit N x0) :=
  let ⟨T, hT, _⟩ := trafficLightRGNN_simulates hhalt
  ⟨T, hT⟩

end Run

/-! ## Concrete instance on the 4-vertex path

Path `0 – 1 – 2 – 3`, states in `Nat`, `combine x m = x + m`, `halt` accepts states `≥ 10`, input
`[1, 2, 3, 4]`. The halting RGNN runs `[1, 2, 3, 4] → [3, 6, 9, 7] → [9, 18, 22, 16] →
[27, 49, 56, 38]`: vertices `1, 2, 3` stop at round `2`, vertex `0` at round `3`, with outputs
`[27, 18, 22, 16]`. In the traffic-light network vertex `0` computes round `3` alone (layer `3`:
colours `[0, 2, 2, 2]`), then pulls its neighbours one after the other; from layer `6` on the run
is constant, with the outputs in `out`. -/

/-- The halting RGNN of the instance: `combine x m = x + m` on `Nat`, `halt` accepts `x ≥ 10`. -/
def sumHaltAtTen : HaltingRGNN Nat := ⟨fun x m => x + m, fun x => decide (10 ≤ x)⟩

/-- Instance: on the 4-vertex path the halting RGNN stops at rounds `[3, 2, 2, 2]` with outputs
`[27, 18, 22, 16]`; the traffic-light network is desynchronised at layer `3` (colours
`[0, 2, 2, 2]`), and at layer `6` it is at a fixpoint with the outputs in `out`. -/
theorem trafficLightRGNN_instance_path4 :
    (∀ v : Fin 4, sumHaltAtTen.HaltsAt (pathGraph 4) (listFun [1, 2, 3, 4]) v
      (listFun [3, 2, 2, 2] v)) ∧
    (List.finRange 4).map (fun v => sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4])
      (listFun [3, 2, 2, 2] v) v) = [27, 18, 22, 16] ∧
    (List.finRange 4).map (fun v => ((trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
      (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) 3 v).colour.val) = [0, 2, 2, 2] ∧
    (List.finRange 4).map (fun v => ((trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
      (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) 6 v).out) = [27, 18, 22, 16] ∧
    ∀ v : Fin 4, (trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
      (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) 7 v =
      (trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
        (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) 6 v := by
  decide +kernel

/-! ## Satisfiability witnesses: the theorems with hypotheses on the instance -/

/-- The vertices of the instance stop at rounds `[3, 2, 2, 2]`. -/
theorem haltsAt_path4 : ∀ v : Fin 4, sumHaltAtTen.HaltsAt (pathGraph 4) (listFun [1, 2, 3, 4]) v
    (listFun [3, 2, 2, 2] v) := by
  decide +kernel

/-- `invariant_run` applied to the instance, at layer `2`. -/
theorem invariant_run_satisfiable :
    Invariant sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (listFun [3, 2, 2, 2]) 3
      (roundsRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) 2)
      (tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) 2) :=
  invariant_run haltsAt_path4 (by decide +kernel) 2

/-- `halted_of_not_ticks` applied to the instance at layer `6`. -/
theorem halted_of_not_ticks_satisfiable :
    listFun [3, 2, 2, 2] (0 : Fin 4) ≤ roundsRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) 6 0 :=
  halted_of_not_ticks (invariant_run haltsAt_path4 (H := 3) (by decide +kernel) 6)
    (by decide +kernel) 0

/-- `trafficLightRGNN_converges_within` applied to the instance with `H = 3`. -/
theorem trafficLightRGNN_converges_within_satisfiable :
    (∀ t, 4 * 3 ≤ t → tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) t =
        tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (4 * 3)) ∧
      ∀ v r, sumHaltAtTen.HaltsAt (pathGraph 4) (listFun [1, 2, 3, 4]) v r →
        (tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (4 * 3) v).out =
          sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4]) r v :=
  trafficLightRGNN_converges_within fun v => ⟨3, Nat.le_refl 3, by revert v; decide +kernel⟩


/-- Every vertex of the instance halts by round `3`. -/
theorem halts_by_three_path4 :
    ∀ v : Fin 4, ∃ r, r ≤ 3 ∧ sumHaltAtTen.halt (sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4]) r v) = true :=
  fun v => ⟨3, Nat.le_refl 3, by revert v; decide +kernel⟩

/-- `trafficLightRGNN_converges_within`'s two conjuncts applied: at layer `4 * 3` itself, and at
vertex `0` with its first halting round. -/
theorem trafficLightRGNN_converges_within_parts_satisfiable :
    tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (4 * 3) =
        tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (4 * 3) ∧
      (tlRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) (4 * 3) 0).out =
        sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4]) (listFun [3, 2, 2, 2] (0 : Fin 4)) 0 :=
  ⟨(trafficLightRGNN_converges_within (N := sumHaltAtTen) (G := pathGraph 4) (x0 := listFun [1, 2, 3, 4])
      (H := 3) halts_by_three_path4).1 (4 * 3) (Nat.le_refl _),
    (trafficLightRGNN_converges_within (N := sumHaltAtTen) (G := pathGraph 4) (x0 := listFun [1, 2, 3, 4])
      (H := 3) halts_by_three_path4).2 0 _ (haltsAt_path4 0)⟩

/-- `invariant_run`'s `sync` field at the neighbours `0` and `1` of the instance, at layer `2`. -/
theorem invariant_run_sync_satisfiable :
    roundsRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) 2 0 ≤
      roundsRun sumHaltAtTen (pathGraph 4) (listFun [1, 2, 3, 4]) 2 1 + 1 :=
  (invariant_run haltsAt_path4 (H := 3) (by decide +kernel) 2).sync 0 1 (by decide +kernel)

/-- `trafficLightRGNN_instance_path4`'s first conjunct at vertex `0`: round `0 < 3` does not halt. -/
theorem trafficLightRGNN_instance_path4_satisfiable :
    sumHaltAtTen.halt (sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4]) 0 0) = false :=
  (trafficLightRGNN_instance_path4.1 0).2 0 (by decide)

/-- `trafficLightRGNN_simulates` applied to the instance. -/
theorem trafficLightRGNN_simulates_satisfiable :
    ∃ T, (∀ t, T ≤ t → (trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
        (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) t =
        (trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
          (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) T) ∧
      ∀ v, ∃ r, sumHaltAtTen.HaltsAt (pathGraph 4) (listFun [1, 2, 3, 4]) v r ∧
        ((trafficLightRGNN sumHaltAtTen).run (pathGraph 4)
          (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) T v).out =
          sumHaltAtTen.run (pathGraph 4) (listFun [1, 2, 3, 4]) r v :=
  trafficLightRGNN_simulates fun v => ⟨3, by revert v; decide +kernel⟩

/-- `trafficLightRGNN_converges` applied to the instance. -/
theorem trafficLightRGNN_converges_satisfiable :
    (trafficLightRGNN sumHaltAtTen).Converges (pathGraph 4)
      (tlInit sumHaltAtTen (listFun [1, 2, 3, 4])) :=
  trafficLightRGNN_converges fun v => ⟨3, by revert v; decide +kernel⟩

end

end MLTheory.ConvergingRGNN
