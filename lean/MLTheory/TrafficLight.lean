/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

@[expose] public section

/-!
# The traffic-light protocol: converging recurrent GNNs simulate halting ones

Source: `004_725b34af8153ec2b.txt`, line 28 (recurrent GNNs: converging RGNNs are as
expressive as graded-bisimulation-invariant halting RGNNs; "without a global halting classifier,
vertices may locally decide to halt at different times, causing desynchronisation. We develop a
'traffic-light' protocol that enables vertices to coordinate despite this asynchrony").

The abstract names the protocol but does not give it. **What follows is this project's
reconstruction**, a three-colour synchroniser, not the paper's own protocol.

## The clock (part 1)
The graph is a finite undirected graph on `Fin n` (`Graph`: a symmetric Boolean adjacency).
Every vertex `v` holds a *simulated round* `r v : Nat`. Its neighbours do not see the round, only
its *colour* `r v % 3` (green 0, yellow 1, red 2) — the traffic light. A vertex may advance
`r v := r v + 1` only when every neighbour shows its own colour `r v % 3` or the next one
`(r v + 1) % 3`, i.e. when no neighbour is behind (`ClockEnabled`). A step of an arbitrary,
adversarial schedule lets any set of enabled vertices advance at once (`ClockStep`).
* decoding (`decode_colour_eq_sub`): when two rounds differ by at most one, their difference is
  determined by the two colours alone;
* safety (`synchronised_of_clockStep`): if neighbouring rounds differ by at most one, they still
  do after any step of any schedule;
* progress (`clockEnabled_of_minimal`, `exists_clockEnabled`): a vertex of minimal round is
  enabled, so no schedule deadlocks; under the synchronous schedule (all enabled vertices move)
  every vertex has round at least `m + k` after `k` steps, `m` the least initial round
  (`le_clockSyncRun`); from all rounds `0` every vertex is at round exactly `R` after `R` steps
  (`clockSyncRun_zero`).

## The simulation of a halting RGNN (part 2)
The simulated halting RGNN: every vertex has a state in `α`; in round `r` a vertex `v` that has
not halted (`r < h v`) replaces its state by `f v x nb`, where `x` is its own state and
`nb u = some y` gives the round-`r` state `y` of each neighbour `u` (`none` for non-neighbours);
a halted vertex keeps its state, and its neighbours keep reading it (`haltingRun`, the synchronous
reference run).

The protocol runs the same update asynchronously, driven by the clock above. Each vertex keeps a
`VertexState`: its round, its state of that round (`cur`) and of the round before (`prev`).
It shows its neighbours a `Signal`: its colour and whether it is `done`.
* A vertex that has not reached its halting round computes: when enabled, it reads each
  neighbour's state of its own round (`readNeighbour`: the neighbour's `cur` if it shows the same
  colour or is done, its `prev` if it shows the next colour, i.e. is one round ahead), applies `f`,
  shifts `cur` into `prev` and advances.
* A vertex at its halting round keeps its state frozen but keeps its clock running for one more
  tick (when enabled, it sets `prev := cur` and advances to round `h v + 1`); from then on it is
  `done` and its clock is stopped.
* Neighbours never wait for a `done` vertex; they read its frozen `cur`.

The design avoids the two traps recorded in the project notes. (2) A neighbour may be one round
ahead, so every vertex keeps `prev`, and the colours tell which of `cur`/`prev` to read. (1) A
halted vertex must not stop its clock while a computing neighbour may still need it. The notes'
variant — a halted vertex keeps ticking until all of its neighbours have halted — can still
deadlock at distance two (path `x – w – u` with `h u = h w = 0 < h x`: `u` stops at round 0,
`w` keeps ticking but cannot pass round 1, `x` cannot pass round 2), so here a vertex stops its
clock one tick after it halts and shows `done`, and `done` vertices are ignored by the
enabling rule. The extra tick guarantees that when a vertex becomes `done`, every neighbour still
computing is at least at its halting round, so its frozen `cur` is the right state for them from
then on (`Invariant.done_nbr`).

Results: the protocol invariant holds along every run of every schedule (`invariant_of_reachable`);
while some vertex is not done some vertex is enabled (`exists_enabled_of_not_done`); once every
vertex is done the configuration is a fixpoint of the step (`step_eq_self_of_all_done`) and every
vertex's final state is its state at round `h v` of the synchronous halting run
(`cur_eq_haltingRun_of_all_done`); under the synchronous schedule every vertex is done after
`H + 1` steps when `h v ≤ H` for all `v` (`syncRun_converges`).

Concrete instances (`_instance_`, by `decide +kernel`) run the protocol on the path with 4
vertices under the synchronous and the sequential schedule, and exhibit the deadlock of the notes'
variant on the path with 3 vertices (`trafficLight_instance_notes_variant_deadlock`).
-/

namespace MLTheory.TrafficLight

noncomputable section

/-! ## Graphs and colours -/

/-- A finite undirected graph on the vertices `Fin n`: a symmetric Boolean adjacency relation. -/
structure Graph (n : Nat) where
  /-- `adj u v = true` when `u` and `v` are neighbours. -/
  adj : Fin n → Fin n → Bool
  /-- The adjacency is symmetric (the graph is undirected). -/
  symm : ∀ u v, adj u v = adj v u

/-- Adjacency read in the other direction. -/
theorem Graph.adj_comm {n : Nat} (G : Graph n) {u v : Fin n} (h : G.adj u v = true) :
    G.adj v u = true := by
  rw [G.symm]; exact h

/-- The path graph `0 – 1 – ⋯ – (n-1)`. -/
def pathGraph (n : Nat) : Graph n where
  adj u v := decide (u.val + 1 = v.val) || decide (v.val + 1 = u.val)
  symm _ _ := Bool.or_comm _ _

/-- The colour of a round, the only thing neighbours see of it: `0` green, `1` yellow, `2` red. -/
def colour (r : Nat) : Nat := r % 3

/-- Two rounds at most one apart have the same colour exactly when they are equal. -/
theorem colour_eq_iff {a b : Nat} (h1 : a ≤ b + 1) (h2 : b ≤ a + 1) :
    colour a = colour b ↔ a = b := by
  simp only [colour]; omega

/-- For a round `a` at most one away from `b`, the neighbour rule "colour of `a` is the colour of
`b` or of `b + 1`" holds exactly when `a` is not behind `b`. -/
theorem colour_ok_iff {a b : Nat} (h1 : a ≤ b + 1) (h2 : b ≤ a + 1) :
    (colour a = colour b ∨ colour a = colour (b + 1)) ↔ b ≤ a := by
  simp only [colour]; omega

/-- Decoding table: the difference `a - b` read from the colours, valid when `|a - b| ≤ 1`. -/
def decode (ca cb : Nat) : Int :=
  if ca = cb then 0 else if ca = (cb + 1) % 3 then 1 else -1

/-- **Decoding**: if two rounds differ by at most one, their difference is determined by their
colours alone. -/
theorem decode_colour_eq_sub {a b : Nat} (h1 : a ≤ b + 1) (h2 : b ≤ a + 1) :
    decode (colour a) (colour b) = (a : Int) - b := by
  simp only [decode, colour]
  split
  · omega
  · split <;> omega

/-- Every nonempty set of naturals-valued points has a point of least value (a minimum of `f` on
`{x | P x}`). -/
theorem exists_minimal_of_exists {β : Type} (P : β → Prop) (f : β → Nat) (h : ∃ x, P x) :
    ∃ x, P x ∧ ∀ y, P y → f x ≤ f y := by
  apply Classical.byContradiction
  intro hno
  have key : ∀ k, ∀ y, P y → k ≤ f y := by
    intro k
    induction k with
    | zero => intro y _; exact Nat.zero_le _
    | succ k ih =>
      intro y hy
      have hk := ih y hy
      by_cases heq : f y = k
      · exact absurd ⟨y, hy, fun z hz => by rw [heq]; exact ih z hz⟩ hno
      · omega
  obtain ⟨x, hx⟩ := h
  have := key (f x + 1) x hx
  omega

/-! ## Part 1: the three-colour clock -/

/-- The simulated rounds of all vertices. -/
abbrev Rounds (n : Nat) : Type := Fin n → Nat

/-- The traffic-light rule: `v` may advance when every neighbour shows `v`'s colour or the next
colour (no neighbour is behind `v`). -/
def ClockEnabled {n : Nat} (G : Graph n) (r : Rounds n) (v : Fin n) : Prop :=
  ∀ u, G.adj v u = true → colour (r u) = colour (r v) ∨ colour (r u) = colour (r v + 1)

/-- The clock rule is decidable (a finite check over the neighbours). -/
instance instDecidableClockEnabled {n : Nat} (G : Graph n) (r : Rounds n) (v : Fin n) :
    Decidable (ClockEnabled G r v) :=
  inferInstanceAs (Decidable (∀ u, G.adj v u = true →
    colour (r u) = colour (r v) ∨ colour (r u) = colour (r v + 1)))

/-- The vertices of the set `S` advance by one round, the others stay. -/
def advance {n : Nat} (r : Rounds n) (S : Fin n → Bool) : Rounds n :=
  fun v => if S v = true then r v + 1 else r v

/-- One step of an arbitrary schedule: some set `S` of enabled vertices advances. -/
def ClockStep {n : Nat} (G : Graph n) (r r' : Rounds n) : Prop :=
  ∃ S : Fin n → Bool, (∀ v, S v = true → ClockEnabled G r v) ∧ r' = advance r S

/-- The clock invariant: the rounds of neighbours differ by at most one. -/
def Synchronised {n : Nat} (G : Graph n) (r : Rounds n) : Prop :=
  ∀ u v, G.adj u v = true → r u ≤ r v + 1

/-- Under the invariant, `v` is enabled exactly when no neighbour has a smaller round. -/
theorem clockEnabled_iff {n : Nat} {G : Graph n} {r : Rounds n} (hs : Synchronised G r)
    (v : Fin n) : ClockEnabled G r v ↔ ∀ u, G.adj v u = true → r v ≤ r u := by
  constructor
  · intro h u huv
    exact (colour_ok_iff (hs u v (G.adj_comm huv)) (hs v u huv)).mp (h u huv)
  · intro h u huv
    exact (colour_ok_iff (hs u v (G.adj_comm huv)) (hs v u huv)).mpr (h u huv)

/-- **Safety**: under any schedule, if neighbouring rounds differ by at most one before a step,
they do after it. -/
theorem synchronised_of_clockStep {n : Nat} {G : Graph n} {r r' : Rounds n}
    (hs : Synchronised G r) (hstep : ClockStep G r r') : Synchronised G r' := by
  obtain ⟨S, hS, rfl⟩ := hstep
  intro u v huv
  have h1 := hs u v huv
  have key : S u = true → r u ≤ r v := fun hu => (clockEnabled_iff hs u).mp (hS u hu) v huv
  by_cases hu : S u = true <;> by_cases hv : S v = true
  · simp [advance, hu, hv] <;> omega
  · have := key hu
    simp [advance, hu, hv] <;> omega
  · simp [advance, hu, hv] <;> omega
  · simp [advance, hu, hv] <;> omega

/-- **Progress**: under the invariant, a vertex whose round is minimal is enabled. -/
theorem clockEnabled_of_minimal {n : Nat} {G : Graph n} {r : Rounds n} (hs : Synchronised G r)
    {v : Fin n} (hmin : ∀ w, r v ≤ r w) : ClockEnabled G r v :=
  (clockEnabled_iff hs v).mpr fun u _ => hmin u

/-- **No deadlock**: on a nonempty graph, under the invariant, some vertex is enabled. -/
theorem exists_clockEnabled {n : Nat} {G : Graph n} {r : Rounds n} (hs : Synchronised G r)
    (hn : 0 < n) : ∃ v, ClockEnabled G r v := by
  obtain ⟨v, -, hv⟩ := exists_minimal_of_exists (fun _ => True) r ⟨⟨0, hn⟩, trivial⟩
  exact ⟨v, clockEnabled_of_minimal hs fun w => hv w trivial⟩

/-- The synchronous schedule: every enabled vertex advances. -/
def clockSync {n : Nat} (G : Graph n) (r : Rounds n) : Rounds n :=
  fun v => if ClockEnabled G r v then r v + 1 else r v

/-- `k` steps of the synchronous schedule from the rounds `r`. -/
def clockSyncRun {n : Nat} (G : Graph n) (r : Rounds n) : Nat → Rounds n
  | 0 => r
  | k + 1 => clockSync G (clockSyncRun G r k)

/-- The synchronous schedule is a schedule: its step is a `ClockStep`. -/
theorem clockStep_clockSync {n : Nat} (G : Graph n) (r : Rounds n) :
    ClockStep G r (clockSync G r) :=
  ⟨fun v => decide (ClockEnabled G r v), fun v hv => of_decide_eq_true hv, by
    funext v; simp [clockSync, advance]⟩

/-- The synchronous schedule keeps the clock invariant. -/
theorem synchronised_clockSyncRun {n : Nat} {G : Graph n} {r : Rounds n}
    (hs : Synchronised G r) : ∀ k, Synchronised G (clockSyncRun G r k)
  | 0 => hs
  | k + 1 => synchronised_of_clockStep (synchronised_clockSyncRun hs k) (clockStep_clockSync _ _)

/-- **Bound for the synchronous schedule**: if every initial round is at least `m`, then after
`k` synchronous steps every vertex has round at least `m + k`. -/
theorem le_clockSyncRun {n : Nat} {G : Graph n} {r : Rounds n} (hs : Synchronised G r) {m : Nat}
    (hm : ∀ w, m ≤ r w) : ∀ k v, m + k ≤ clockSyncRun G r k v := by
  intro k
  induction k with
  | zero => intro v; simpa [clockSyncRun] using hm v
  | succ k ih =>
    intro v
    have hsk := synchronised_clockSyncRun hs k
    show m + (k + 1) ≤ clockSync G (clockSyncRun G r k) v
    unfold clockSync
    by_cases hlt : m + k + 1 ≤ clockSyncRun G r k v
    · split <;> omega
    · have heq : clockSyncRun G r k v = m + k := by have := ih v; omega
      have hen : ClockEnabled G (clockSyncRun G r k) v :=
        (clockEnabled_iff hsk v).mpr fun u _ => by rw [heq]; exact ih u
      rw [if_pos hen]; omega

/-- Rounds grow by at most one per synchronous step. -/
theorem clockSyncRun_le {n : Nat} {G : Graph n} {r : Rounds n} {M : Nat} (hM : ∀ w, r w ≤ M) :
    ∀ k v, clockSyncRun G r k v ≤ M + k := by
  intro k
  induction k with
  | zero => intro v; simpa [clockSyncRun] using hM v
  | succ k ih =>
    intro v
    show clockSync G (clockSyncRun G r k) v ≤ M + (k + 1)
    have := ih v
    unfold clockSync
    split <;> omega

/-- **Every vertex reaches round `R` within `R` synchronous steps** (from any synchronised
start). -/
theorem reaches_round_clockSyncRun {n : Nat} {G : Graph n} {r : Rounds n}
    (hs : Synchronised G r) (R : Nat) (v : Fin n) : R ≤ clockSyncRun G r R v := by
  have := le_clockSyncRun hs (m := 0) (fun _ => Nat.zero_le _) R v
  omega

/-- From all rounds `0`, after `R` synchronous steps every vertex is exactly at round `R`. -/
theorem clockSyncRun_zero {n : Nat} (G : Graph n) (R : Nat) (v : Fin n) :
    clockSyncRun G (fun _ => 0) R v = R := by
  have hs : Synchronised G (fun _ => 0) := fun _ _ _ => Nat.zero_le _
  have h1 := reaches_round_clockSyncRun hs R v
  have h2 := clockSyncRun_le (G := G) (r := fun _ => 0) (M := 0) (fun _ => Nat.le_refl _) R v
  omega

/-! ## Part 2: simulating a halting RGNN -/

/-- A local update rule of the simulated recurrent GNN: `f v x nb` is the next state of vertex `v`
from its own state `x` and its view `nb` of its neighbours (`nb u = some y` gives neighbour `u`'s
state of the same round; `nb u = none` when `u` is not a neighbour). -/
abbrev Update (n : Nat) (α : Type) : Type := Fin n → α → (Fin n → Option α) → α

/-- The synchronous halting run (the reference semantics): round `0` is `x0`; in round `r` a
vertex with `r < h v` applies `f` to its state and its neighbours' round-`r` states, and a vertex
that has halted (`h v ≤ r`) keeps its state. -/
def haltingRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) : Nat → Fin n → α
  | 0 => x0
  | r + 1 => fun v =>
    if r < h v then
      f v (haltingRun f G h x0 r v)
        (fun u => if G.adj v u = true then some (haltingRun f G h x0 r u) else none)
    else haltingRun f G h x0 r v

/-- The local state of a vertex running the protocol. -/
structure VertexState (α : Type) where
  /-- The simulated round the vertex is in. -/
  round : Nat
  /-- Its state at simulated round `round` (frozen once it has halted). -/
  cur : α
  /-- Its state at simulated round `round - 1`, for a neighbour one round behind. -/
  prev : α

/-- A global configuration of the protocol: the local state of every vertex. -/
abbrev Config (n : Nat) (α : Type) : Type := Fin n → VertexState α

/-- The initial configuration: every vertex at round `0` with its initial state. -/
def initConfig {n : Nat} {α : Type} (x0 : Fin n → α) : Config n α :=
  fun v => { round := 0, cur := x0 v, prev := x0 v }

/-- Vertex `v` is done: it has passed its halting round `h v` (it halted and ticked once more);
its clock is stopped. -/
def Done {n : Nat} {α : Type} (h : Fin n → Nat) (s : Config n α) (v : Fin n) : Prop :=
  h v < (s v).round

/-- Being done is decidable. -/
instance instDecidableDone {n : Nat} {α : Type} (h : Fin n → Nat) (s : Config n α)
    (v : Fin n) : Decidable (Done h s v) :=
  inferInstanceAs (Decidable (h v < (s v).round))

/-- What a vertex shows its neighbours: its colour (traffic light) and whether it is done. -/
structure Signal where
  /-- The colour `round % 3`. -/
  colour : Nat
  /-- Whether the vertex is done (clock stopped, state final). -/
  done : Bool

/-- The signal shown by vertex `v`. -/
def signal {n : Nat} {α : Type} (h : Fin n → Nat) (s : Config n α) (v : Fin n) : Signal :=
  { colour := colour (s v).round, done := decide (Done h s v) }

/-- The protocol's enabling rule: `v` is not done, and every neighbour is done or shows `v`'s
colour or the next colour (no computing neighbour is behind). -/
def Enabled {n : Nat} {α : Type} (G : Graph n) (h : Fin n → Nat) (s : Config n α) (v : Fin n) :
    Prop :=
  ¬ Done h s v ∧ ∀ u, G.adj v u = true →
    (signal h s u).done = true ∨ (signal h s u).colour = colour (s v).round ∨
      (signal h s u).colour = colour ((s v).round + 1)

/-- The protocol's enabling rule is decidable (a finite check over the neighbours). -/
instance instDecidableEnabled {n : Nat} {α : Type} (G : Graph n) (h : Fin n → Nat)
    (s : Config n α) (v : Fin n) : Decidable (Enabled G h s v) :=
  inferInstanceAs (Decidable (¬ Done h s v ∧ ∀ u, G.adj v u = true →
    (signal h s u).done = true ∨ (signal h s u).colour = colour (s v).round ∨
      (signal h s u).colour = colour ((s v).round + 1)))

/-- How `v` reads neighbour `u`'s state of `v`'s round from `u`'s signal and memory: `cur` if `u`
is done or shows the same colour, `prev` otherwise (then `u` is one round ahead). -/
def readNeighbour {n : Nat} {α : Type} (h : Fin n → Nat) (s : Config n α) (v u : Fin n) : α :=
  if (signal h s u).done = true ∨ (signal h s u).colour = colour (s v).round then (s u).cur
  else (s u).prev

/-- The view of `v` passed to the update: neighbours' states of `v`'s round, `none` elsewhere. -/
def view {n : Nat} {α : Type} (G : Graph n) (h : Fin n → Nat) (s : Config n α) (v : Fin n) :
    Fin n → Option α :=
  fun u => if G.adj v u = true then some (readNeighbour h s v u) else none

/-- The move of an enabled vertex: before its halting round it computes its next state and keeps
the old one as `prev`; at its halting round it keeps its state frozen (and sets `prev := cur`);
in both cases its round advances by one. -/
def move {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat) (s : Config n α)
    (v : Fin n) : VertexState α :=
  if (s v).round < h v then
    { round := (s v).round + 1, cur := f v (s v).cur (view G h s v), prev := (s v).cur }
  else
    { round := (s v).round + 1, cur := (s v).cur, prev := (s v).cur }

/-- Apply a schedule step: the vertices of `S` move, the others keep their state. -/
def schedule {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (s : Config n α) (S : Fin n → Bool) : Config n α :=
  fun v => if S v = true then move f G h s v else s v

/-- One step of the protocol under an arbitrary (adversarial) schedule: any set `S` of enabled
vertices moves at once. -/
def Step {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (s s' : Config n α) : Prop :=
  ∃ S : Fin n → Bool, (∀ v, S v = true → Enabled G h s v) ∧ s' = schedule f G h s S

/-- The configurations reachable from the initial one by steps of any schedule. -/
inductive Reachable {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) : Config n α → Prop
  /-- The initial configuration is reachable. -/
  | start : Reachable f G h x0 (initConfig x0)
  /-- A step from a reachable configuration reaches a configuration. -/
  | step {s s' : Config n α} : Reachable f G h x0 s → Step f G h s s' → Reachable f G h x0 s'

/-- The protocol invariant: rounds stay at most `h v + 1`; `cur` and `prev` are the states of the
synchronous halting run at the vertex's round and the round before; computing neighbours are at
most one round apart; a computing neighbour of a done vertex `u` is at least at round `h u`. -/
structure Invariant {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) (s : Config n α) : Prop where
  /-- No vertex goes beyond round `h v + 1`. -/
  round_le : ∀ v, (s v).round ≤ h v + 1
  /-- `cur` is the synchronous state at the vertex's round. -/
  cur_eq : ∀ v, (s v).cur = haltingRun f G h x0 (s v).round v
  /-- `prev` is the synchronous state at the round before. -/
  prev_eq : ∀ v, (s v).prev = haltingRun f G h x0 ((s v).round - 1) v
  /-- Neighbours that are not done are at most one round apart. -/
  sync : ∀ u v, G.adj u v = true → ¬ Done h s u → ¬ Done h s v → (s u).round ≤ (s v).round + 1
  /-- A neighbour still running of a done vertex `u` has reached round `h u`. -/
  done_nbr : ∀ u v, G.adj u v = true → Done h s u → ¬ Done h s v → h u ≤ (s v).round

section Lemmas

variable {n : Nat} {α : Type} {f : Update n α} {G : Graph n} {h : Fin n → Nat} {x0 : Fin n → α}

/-- Before its halting round, a vertex of the synchronous run applies the update. -/
theorem haltingRun_succ_of_lt {r : Nat} {v : Fin n} (hr : r < h v) :
    haltingRun f G h x0 (r + 1) v =
      f v (haltingRun f G h x0 r v)
        (fun u => if G.adj v u = true then some (haltingRun f G h x0 r u) else none) := by
  show (if r < h v then _ else _) = _
  rw [if_pos hr]

/-- After its halting round, a vertex of the synchronous run keeps its state. -/
theorem haltingRun_succ_of_le {r : Nat} {v : Fin n} (hr : h v ≤ r) :
    haltingRun f G h x0 (r + 1) v = haltingRun f G h x0 r v := by
  show (if r < h v then _ else _) = _
  rw [if_neg (Nat.not_lt.mpr hr)]

/-- From its halting round on, a vertex of the synchronous run has its final state. -/
theorem haltingRun_eq_of_le {r : Nat} {v : Fin n} (hr : h v ≤ r) :
    haltingRun f G h x0 r v = haltingRun f G h x0 (h v) v := by
  obtain ⟨k, rfl⟩ := Nat.exists_eq_add_of_le hr
  induction k with
  | zero => rfl
  | succ k ih =>
    rw [← Nat.add_assoc, haltingRun_succ_of_le (Nat.le_add_right _ _)]
    exact ih (Nat.le_add_right _ _)

/-- The signal of `u` shows `done` exactly when `u` is done. -/
theorem signal_done_eq_true {s : Config n α} {u : Fin n} :
    (signal h s u).done = true ↔ Done h s u := by
  simp [signal]

/-- The initial configuration satisfies the invariant. -/
theorem invariant_initConfig : Invariant f G h x0 (initConfig x0) where
  round_le _ := Nat.zero_le _
  cur_eq _ := rfl
  prev_eq _ := rfl
  sync _ _ _ _ _ := Nat.zero_le _
  done_nbr _ _ _ hu _ := absurd hu (Nat.not_lt_zero _)

/-- An enabled vertex is not behind any neighbour that is not done. -/
theorem round_le_of_enabled {s : Config n α} (hI : Invariant f G h x0 s) {v u : Fin n}
    (hen : Enabled G h s v) (huv : G.adj v u = true) (hu : ¬ Done h s u) :
    (s v).round ≤ (s u).round := by
  have h1 := hI.sync u v (G.adj_comm huv) hu hen.1
  have h2 := hI.sync v u huv hen.1 hu
  rcases hen.2 u huv with hd | hc
  · exact absurd (signal_done_eq_true.mp hd) hu
  · exact (colour_ok_iff h1 h2).mp hc

/-- An enabled vertex reads the state of each neighbour at its own round. -/
theorem readNeighbour_eq {s : Config n α} (hI : Invariant f G h x0 s) {v u : Fin n}
    (hen : Enabled G h s v) (huv : G.adj v u = true) :
    readNeighbour h s v u = haltingRun f G h x0 (s v).round u := by
  unfold readNeighbour
  by_cases hu : Done h s u
  · rw [if_pos (Or.inl (signal_done_eq_true.mpr hu)), hI.cur_eq u]
    have hle := hI.done_nbr u v (G.adj_comm huv) hu hen.1
    have hlt : h u < (s u).round := hu
    rw [haltingRun_eq_of_le (Nat.le_of_lt hlt), haltingRun_eq_of_le hle]
  · have hle := round_le_of_enabled hI hen huv hu
    have hle2 := hI.sync u v (G.adj_comm huv) hu hen.1
    by_cases heq : (s u).round = (s v).round
    · rw [if_pos (Or.inr (by simp [signal, heq])), hI.cur_eq u, heq]
    · have hsucc : (s u).round = (s v).round + 1 := by omega
      rw [if_neg, hI.prev_eq u, hsucc, Nat.add_sub_cancel]
      intro hc
      rcases hc with hc | hc
      · exact hu (signal_done_eq_true.mp hc)
      · simp only [signal, colour] at hc; omega

/-- An enabled vertex moves to the synchronous run's states of its next round and its round. -/
theorem move_eq {s : Config n α} (hI : Invariant f G h x0 s) {v : Fin n}
    (hen : Enabled G h s v) :
    move f G h s v = ⟨(s v).round + 1, haltingRun f G h x0 ((s v).round + 1) v,
      haltingRun f G h x0 (s v).round v⟩ := by
  unfold move
  split
  · rename_i hlt
    rw [haltingRun_succ_of_lt hlt, ← hI.cur_eq v]
    have hview : view G h s v =
        (fun u => if G.adj v u = true then some (haltingRun f G h x0 (s v).round u) else none) := by
      funext u
      unfold view
      split
      · rename_i huv; rw [readNeighbour_eq hI hen huv]
      · rfl
    rw [hview]
  · rename_i hge
    rw [haltingRun_succ_of_le (Nat.le_of_not_lt hge), ← hI.cur_eq v]

/-- A moved vertex advances its round by one. -/
theorem move_round {s : Config n α} {v : Fin n} :
    (move f G h s v).round = (s v).round + 1 := by
  unfold move; split <;> rfl

/-- In a schedule step, a done vertex does not move (it is never enabled). -/
theorem schedule_of_done {s : Config n α} {S : Fin n → Bool}
    (hS : ∀ v, S v = true → Enabled G h s v) {v : Fin n} (hd : Done h s v) :
    schedule f G h s S v = s v := by
  unfold schedule
  rw [if_neg]
  intro hv
  exact (hS v hv).1 hd

/-- **Safety of the protocol**: every step of every schedule preserves the invariant. -/
theorem invariant_step {s s' : Config n α} (hI : Invariant f G h x0 s)
    (hstep : Step f G h s s') : Invariant f G h x0 s' := by
  obtain ⟨S, hS, rfl⟩ := hstep
  -- what happens to one vertex
  have hv_true : ∀ v, S v = true → schedule f G h s S v = ⟨(s v).round + 1,
      haltingRun f G h x0 ((s v).round + 1) v, haltingRun f G h x0 (s v).round v⟩ :=
    fun v hv => by unfold schedule; rw [if_pos hv, move_eq hI (hS v hv)]
  have hv_false : ∀ v, S v = false → schedule f G h s S v = s v :=
    fun v hv => by unfold schedule; rw [if_neg (by rw [hv]; decide)]
  have hround : ∀ v, (schedule f G h s S v).round = if S v = true then (s v).round + 1
      else (s v).round := by
    intro v
    cases hv : S v
    · rw [hv_false v hv]; rfl
    · rw [hv_true v hv]; rfl
  -- a vertex not done after the step was not done before
  have hnd : ∀ v, ¬ Done h (schedule f G h s S) v → ¬ Done h s v := by
    intro v hv hd
    exact hv (by unfold Done; rw [schedule_of_done hS hd]; exact hd)
  constructor
  · intro v
    cases hv : S v
    · rw [hv_false v hv]; exact hI.round_le v
    · rw [hv_true v hv]
      have : ¬ h v < (s v).round := (hS v hv).1
      show (s v).round + 1 ≤ h v + 1
      omega
  · intro v
    cases hv : S v
    · rw [hv_false v hv]; exact hI.cur_eq v
    · rw [hv_true v hv]
  · intro v
    cases hv : S v
    · rw [hv_false v hv]; exact hI.prev_eq v
    · rw [hv_true v hv]; rfl
  · intro u v huv hu hv
    have hu0 := hnd u hu
    have hv0 := hnd v hv
    have hold := hI.sync u v huv hu0 hv0
    rw [hround u, hround v]
    by_cases hSu : S u = true
    · have := round_le_of_enabled hI (hS u hSu) huv hv0
      rw [if_pos hSu]
      split <;> omega
    · rw [if_neg hSu]
      split <;> omega
  · intro u v huv hu hv
    have hv0 := hnd v hv
    have hvle : (s v).round ≤ (schedule f G h s S v).round := by rw [hround v]; split <;> omega
    by_cases hu0 : Done h s u
    · exact Nat.le_trans (hI.done_nbr u v huv hu0 hv0) hvle
    · -- `u` became done in this step: it moved from its halting round
      have hu' : h u < (schedule f G h s S u).round := hu
      have hu0' : ¬ h u < (s u).round := hu0
      rw [hround u] at hu'
      by_cases hSu : S u = true
      · rw [if_pos hSu] at hu'
        have := round_le_of_enabled hI (hS u hSu) huv hv0
        omega
      · rw [if_neg hSu] at hu'; exact absurd hu' hu0'

/-- **Safety along runs**: every configuration reachable under any schedule satisfies the
invariant. -/
theorem invariant_of_reachable {s : Config n α} (hr : Reachable f G h x0 s) :
    Invariant f G h x0 s := by
  induction hr with
  | start => exact invariant_initConfig
  | step _ hstep ih => exact invariant_step ih hstep

/-- **Progress of the protocol**: under the invariant, while some vertex is not done, some
vertex is enabled (a not-done vertex of least round); no schedule deadlocks. -/
theorem exists_enabled_of_not_done {s : Config n α} (hI : Invariant f G h x0 s)
    (hex : ∃ v, ¬ Done h s v) : ∃ v, Enabled G h s v := by
  obtain ⟨v, hv, hmin⟩ := exists_minimal_of_exists (fun v => ¬ Done h s v)
    (fun v => (s v).round) hex
  refine ⟨v, hv, fun u huv => ?_⟩
  by_cases hu : Done h s u
  · exact Or.inl (signal_done_eq_true.mpr hu)
  · have h1 := hI.sync u v (G.adj_comm huv) hu hv
    have h2 := hI.sync v u huv hv hu
    exact Or.inr ((colour_ok_iff h1 h2).mpr (hmin u hu))

/-- **Fixpoint**: once every vertex is done, no vertex is enabled and every step leaves the
configuration unchanged: the run has converged. -/
theorem step_eq_self_of_all_done {s s' : Config n α} (hall : ∀ v, Done h s v)
    (hstep : Step f G h s s') : s' = s := by
  obtain ⟨S, hS, rfl⟩ := hstep
  funext v
  exact schedule_of_done hS (hall v)

/-- **Correct final states**: in a reachable configuration where every vertex is done, each
vertex is at round `h v + 1` and its state is its state at round `h v` of the synchronous halting
run. -/
theorem cur_eq_haltingRun_of_all_done {s : Config n α} (hr : Reachable f G h x0 s)
    (hall : ∀ v, Done h s v) (v : Fin n) :
    (s v).round = h v + 1 ∧ (s v).cur = haltingRun f G h x0 (h v) v := by
  have hI := invariant_of_reachable hr
  have h1 := hI.round_le v
  have h2 : h v < (s v).round := hall v
  refine ⟨by omega, ?_⟩
  rw [hI.cur_eq v, haltingRun_eq_of_le (by omega)]

end Lemmas

/-! ### The synchronous schedule and its bound -/

/-- The synchronous schedule: every enabled vertex moves. -/
def syncSchedule {n : Nat} {α : Type} (G : Graph n) (h : Fin n → Nat) (s : Config n α) :
    Fin n → Bool :=
  fun v => decide (Enabled G h s v)

/-- `k` steps of the protocol under the synchronous schedule from the initial configuration. -/
def syncRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) : Nat → Config n α
  | 0 => initConfig x0
  | k + 1 => schedule f G h (syncRun f G h x0 k) (syncSchedule G h (syncRun f G h x0 k))

section Sync

variable {n : Nat} {α : Type} {f : Update n α} {G : Graph n} {h : Fin n → Nat} {x0 : Fin n → α}

/-- The synchronous schedule is a schedule: its step is a `Step`. -/
theorem step_syncSchedule (s : Config n α) :
    Step f G h s (schedule f G h s (syncSchedule G h s)) :=
  ⟨syncSchedule G h s, fun _ hv => of_decide_eq_true hv, rfl⟩

/-- Every configuration of the synchronous run is reachable. -/
theorem reachable_syncRun : ∀ k, Reachable f G h x0 (syncRun f G h x0 k)
  | 0 => Reachable.start
  | k + 1 => Reachable.step (reachable_syncRun k) (step_syncSchedule _)

/-- **Progress under the synchronous schedule**: after `k` steps, every vertex is done or at
round at least `k`. -/
theorem syncRun_progress : ∀ k v, Done h (syncRun f G h x0 k) v ∨ k ≤ (syncRun f G h x0 k v).round
  | 0, _ => Or.inr (Nat.zero_le _)
  | k + 1, v => by
    have ih := syncRun_progress k
    have hI := invariant_of_reachable (reachable_syncRun (f := f) (G := G) (h := h) (x0 := x0) k)
    show Done h (schedule f G h (syncRun f G h x0 k) (syncSchedule G h (syncRun f G h x0 k))) v ∨
      k + 1 ≤ (schedule f G h (syncRun f G h x0 k) (syncSchedule G h (syncRun f G h x0 k)) v).round
    generalize hs : syncRun f G h x0 k = s at ih hI ⊢
    by_cases hd : Done h s v
    · left
      unfold Done
      rw [schedule_of_done (S := syncSchedule G h s) (fun _ hv => of_decide_eq_true hv) hd]
      exact hd
    · right
      have hk : k ≤ (s v).round := (ih v).resolve_left hd
      unfold schedule
      split
      · rw [move_round]; omega
      · rename_i hns
        by_cases hkv : k + 1 ≤ (s v).round
        · exact hkv
        · -- `v` is at round `k` exactly, and then it is enabled: contradiction
          have hen : Enabled G h s v := by
            refine ⟨hd, fun u huv => ?_⟩
            by_cases hu : Done h s u
            · exact Or.inl (signal_done_eq_true.mpr hu)
            · have h1 := hI.sync u v (G.adj_comm huv) hu hd
              have h2 := hI.sync v u huv hd hu
              have h3 := (ih u).resolve_left hu
              exact Or.inr ((colour_ok_iff h1 h2).mpr (by omega))
          exact absurd (decide_eq_true hen) hns

/-- **Termination bound**: if every halting round is at most `H`, then after `H + 1` synchronous
steps every vertex is done. -/
theorem syncRun_all_done {H : Nat} (hH : ∀ v, h v ≤ H) (v : Fin n) :
    Done h (syncRun f G h x0 (H + 1)) v := by
  have hI := invariant_of_reachable (reachable_syncRun (f := f) (G := G) (h := h) (x0 := x0)
    (H + 1))
  rcases syncRun_progress (f := f) (G := G) (h := h) (x0 := x0) (H + 1) v with hd | hle
  · exact hd
  · have := hH v
    show h v < _
    omega

/-- **Convergence under the synchronous schedule**: if every halting round is at most `H`, then
after `H + 1` steps the configuration is a fixpoint of every schedule's step, and every vertex's
state is its state at round `h v` of the synchronous halting run. -/
theorem syncRun_converges {H : Nat} (hH : ∀ v, h v ≤ H) :
    (∀ s', Step f G h (syncRun f G h x0 (H + 1)) s' → s' = syncRun f G h x0 (H + 1)) ∧
      ∀ v, (syncRun f G h x0 (H + 1) v).cur = haltingRun f G h x0 (h v) v :=
  ⟨fun _ hstep => step_eq_self_of_all_done (syncRun_all_done hH) hstep,
    fun v => (cur_eq_haltingRun_of_all_done (reachable_syncRun (H + 1))
      (syncRun_all_done hH) v).2⟩

end Sync


/-! ### Sequential schedule -/

/-- The sequential schedule: only the enabled vertex of least index moves (one vertex a step). -/
def firstEnabled {n : Nat} {α : Type} (G : Graph n) (h : Fin n → Nat) (s : Config n α) :
    Fin n → Bool :=
  fun v => decide (Enabled G h s v ∧ ∀ w : Fin n, w.val < v.val → ¬ Enabled G h s w)

/-- `k` steps of the protocol under the sequential schedule from the initial configuration. -/
def seqRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) : Nat → Config n α
  | 0 => initConfig x0
  | k + 1 => schedule f G h (seqRun f G h x0 k) (firstEnabled G h (seqRun f G h x0 k))

/-- Every configuration of the sequential run is reachable. -/
theorem reachable_seqRun {n : Nat} {α : Type} {f : Update n α} {G : Graph n} {h : Fin n → Nat}
    {x0 : Fin n → α} : ∀ k, Reachable f G h x0 (seqRun f G h x0 k)
  | 0 => Reachable.start
  | k + 1 => Reachable.step (reachable_seqRun k)
      ⟨_, fun _ hv => (of_decide_eq_true hv).1, rfl⟩

/-! ## Concrete instances on the path with 4 vertices

Path `0 – 1 – 2 – 3`, states in `Nat`, update "own state plus the sum of the neighbours' states",
initial states `[1, 2, 3, 4]`, halting rounds `[1, 3, 0, 2]`. The synchronous halting run goes
`[1, 2, 3, 4] → [3, 6, 3, 7] → [3, 12, 3, 10] → [3, 18, 3, 10]`. -/

/-- The function on `Fin n` listed by `l` (`0` past the end of `l`), to write instances. -/
def listFun {n : Nat} (l : List Nat) : Fin n → Nat := fun v => l.getD v.val 0

/-- The update of the instances: own state plus the sum of the neighbours' states. -/
def sumUpdate (n : Nat) : Update n Nat :=
  fun _ x nb => x + (List.finRange n).foldr (fun u acc => (nb u).getD 0 + acc) 0

/-- Instance: the synchronous halting run on the 4-vertex path; vertex `v` at its halting round
`h v` has states `[3, 18, 3, 10]`. -/
theorem trafficLight_instance_path4_haltingRun :
    (List.finRange 4).map (fun v => haltingRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) (listFun [1, 3, 0, 2] v) v) = [3, 18, 3, 10] := by
  decide +kernel

/-- Instance: the protocol under the synchronous schedule on the 4-vertex path, after
`4 = max h + 1` steps: final states `[3, 18, 3, 10]` (those of the halting run), rounds
`[2, 4, 1, 3]` (`h v + 1`), and every vertex done. -/
theorem trafficLight_instance_path4_syncRun :
    (List.finRange 4).map (fun v => (syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 4 v).cur) = [3, 18, 3, 10] ∧
    (List.finRange 4).map (fun v => (syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 4 v).round) = [2, 4, 1, 3] ∧
    ∀ v, Done (listFun [1, 3, 0, 2]) (syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 4) v := by
  decide +kernel

/-- Instance: after `3` synchronous steps vertex `1` (halting round `3`) is not yet done, so the
bound `max h + 1 = 4` is attained. -/
theorem trafficLight_instance_path4_not_done_at_3 :
    ¬ Done (listFun [1, 3, 0, 2]) (syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 3) 1 := by
  decide +kernel

/-- On the 4-vertex path, after `4` synchronous steps the configuration is a fixpoint of every
schedule's step (from `syncRun_converges` with `H = 3`). A consequence of the general theorem, not
a computed value, so it is not named as an `_instance_`. -/
theorem trafficLight_path4_syncRun_fixpoint (s' : Config 4 Nat)
    (hstep : Step (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2]) (listFun [1, 2, 3, 4]) 4) s') :
    s' = syncRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2]) (listFun [1, 2, 3, 4]) 4 :=
  (syncRun_converges (H := 3) (by decide +kernel)).1 s' hstep

/-- Instance: under the sequential schedule (one vertex a step) the same path reaches the same
final states `[3, 18, 3, 10]` and rounds `[2, 4, 1, 3]` after `10 = Σ (h v + 1)` steps. -/
theorem trafficLight_instance_path4_seqRun :
    (List.finRange 4).map (fun v => (seqRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 10 v).cur) = [3, 18, 3, 10] ∧
    (List.finRange 4).map (fun v => (seqRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
      (listFun [1, 2, 3, 4]) 10 v).round) = [2, 4, 1, 3] := by
  decide +kernel


/-! ## Why `done` vertices are ignored: the notes' variant deadlocks

In the variant of trap (1) recorded in the project notes, a vertex that has halted keeps its
clock running until it and all its neighbours have halted, then stops it, and the plain colour
rule applies to every neighbour. On the path `0 – 1 – 2` with halting rounds `[5, 0, 0]`, vertex
`2` stops at once, vertex `1` reaches round `1` and can go no further, and vertex `0` — which
still computes — is stuck at round `2 < 5`. -/

/-- The notes' variant of the enabling rule: `v` has not stopped (stopped = halted, `h v ≤ r v`,
with every neighbour halted) and the plain colour rule holds. -/
def VariantEnabled {n : Nat} (G : Graph n) (h : Fin n → Nat) (r : Rounds n) (v : Fin n) : Prop :=
  ¬ (h v ≤ r v ∧ ∀ u, G.adj v u = true → h u ≤ r u) ∧ ClockEnabled G r v

/-- The variant's enabling rule is decidable. -/
instance instDecidableVariantEnabled {n : Nat} (G : Graph n) (h : Fin n → Nat) (r : Rounds n)
    (v : Fin n) : Decidable (VariantEnabled G h r v) :=
  inferInstanceAs (Decidable (¬ (h v ≤ r v ∧ ∀ u, G.adj v u = true → h u ≤ r u) ∧
    ClockEnabled G r v))

/-- A step of the notes' variant under an arbitrary schedule. -/
def VariantStep {n : Nat} (G : Graph n) (h : Fin n → Nat) (r r' : Rounds n) : Prop :=
  ∃ S : Fin n → Bool, (∀ v, S v = true → VariantEnabled G h r v) ∧ r' = advance r S

/-- Instance: the notes' variant deadlocks on the 3-vertex path with halting rounds `[5, 0, 0]`:
rounds `[0, 0, 0] → [1, 1, 0] → [2, 1, 0]` are legal steps, then no vertex is enabled although
vertex `0` is at round `2 < 5`. -/
theorem trafficLight_instance_notes_variant_deadlock :
    VariantStep (pathGraph 3) (listFun [5, 0, 0]) (listFun [0, 0, 0]) (listFun [1, 1, 0]) ∧
    VariantStep (pathGraph 3) (listFun [5, 0, 0]) (listFun [1, 1, 0]) (listFun [2, 1, 0]) ∧
    (∀ v, ¬ VariantEnabled (pathGraph 3) (listFun [5, 0, 0]) (listFun [2, 1, 0]) v) ∧
    listFun (n := 3) [2, 1, 0] 0 < listFun (n := 3) [5, 0, 0] 0 := by
  refine ⟨⟨fun v => decide (v.val < 2), by decide +kernel,
      funext fun v => by revert v; decide +kernel⟩,
    ⟨fun v => decide (v.val = 0), by decide +kernel,
      funext fun v => by revert v; decide +kernel⟩, by decide +kernel, by decide +kernel⟩

/-! ## Satisfiability witnesses: the theorems with hypotheses on the 2-vertex path

Path `0 – 1`, states in `Nat`, the sum update, initial states `[1, 2]`, halting rounds `[1, 0]`. -/

/-- All rounds `0` are synchronised on the 2-vertex path. -/
theorem synchronised_zero_path2 : Synchronised (pathGraph 2) (fun _ => 0) := by
  unfold Synchronised
  decide +kernel

/-- `decode_colour_eq_sub` applied to the rounds `3` and `2`. -/
theorem decode_colour_eq_sub_satisfiable : decode (colour 3) (colour 2) = (3 : Int) - 2 :=
  decode_colour_eq_sub (by decide) (by decide)

/-- `synchronised_of_clockStep` applied to the synchronous clock step from all rounds `0`. -/
theorem synchronised_of_clockStep_satisfiable :
    Synchronised (pathGraph 2) (clockSync (pathGraph 2) (fun _ => 0)) :=
  synchronised_of_clockStep synchronised_zero_path2 (clockStep_clockSync _ _)

/-- `synchronised_of_clockStep` applied further, to the edge `0 – 1` its conclusion `Synchronised`
quantifies over: the hypothesis hidden in that definition (an edge) holds. -/
theorem synchronised_of_clockStep_edge_satisfiable :
    clockSync (pathGraph 2) (fun _ => 0) 0 ≤ clockSync (pathGraph 2) (fun _ => 0) 1 + 1 :=
  synchronised_of_clockStep synchronised_zero_path2 (clockStep_clockSync _ _) 0 1 (by decide)

/-- `clockSyncRun_zero` applied to the 2-vertex path: its graph binder has an element. -/
theorem clockSyncRun_zero_satisfiable : clockSyncRun (pathGraph 2) (fun _ => 0) 3 0 = 3 :=
  clockSyncRun_zero (pathGraph 2) 3 0

/-- `clockEnabled_of_minimal` applied to vertex `0` at all rounds `0`. -/
theorem clockEnabled_of_minimal_satisfiable : ClockEnabled (pathGraph 2) (fun _ => 0) 0 :=
  clockEnabled_of_minimal synchronised_zero_path2 (v := 0) (fun _ => Nat.le_refl 0)

/-- `clockEnabled_of_minimal` applied further, to the neighbour `1` of vertex `0` its conclusion
`ClockEnabled` quantifies over: the hypothesis hidden in that definition (an edge) holds. -/
theorem clockEnabled_of_minimal_edge_satisfiable :
    colour 0 = colour 0 ∨ colour 0 = colour (0 + 1) :=
  clockEnabled_of_minimal synchronised_zero_path2 (v := 0) (fun _ => Nat.le_refl 0) 1 (by decide)

/-- `exists_clockEnabled` applied to all rounds `0` on the 2-vertex path. -/
theorem exists_clockEnabled_satisfiable : ∃ v, ClockEnabled (pathGraph 2) (fun _ => 0) v :=
  exists_clockEnabled synchronised_zero_path2 (by decide)

/-- `le_clockSyncRun` applied to all rounds `0` on the 2-vertex path. -/
theorem le_clockSyncRun_satisfiable :
    ∀ k v, 0 + k ≤ clockSyncRun (pathGraph 2) (fun _ => 0) k v :=
  le_clockSyncRun synchronised_zero_path2 (m := 0) (fun _ => Nat.le_refl 0)

/-- `invariant_of_reachable` applied to the initial configuration of the 2-vertex path. -/
theorem invariant_of_reachable_satisfiable :
    Invariant (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2])
      (initConfig (listFun [1, 2])) :=
  invariant_of_reachable Reachable.start

/-- `exists_enabled_of_not_done` applied to the initial configuration (vertex `0` is not done). -/
theorem exists_enabled_of_not_done_satisfiable :
    ∃ v, Enabled (pathGraph 2) (listFun [1, 0]) (initConfig (n := 2) (listFun [1, 2])) v :=
  exists_enabled_of_not_done (f := sumUpdate 2) invariant_of_reachable_satisfiable
    ⟨0, by decide +kernel⟩

/-- After `2 = max h + 1` synchronous steps every vertex of the 2-vertex path is done. -/
theorem syncRun_path2_all_done :
    ∀ v, Done (listFun [1, 0]) (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
      (listFun [1, 2]) 2) v := by
  decide +kernel

/-- `step_eq_self_of_all_done` applied to the synchronous step after `2` steps. -/
theorem step_eq_self_of_all_done_satisfiable :
    schedule (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 2)
        (syncSchedule (pathGraph 2) (listFun [1, 0])
          (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 2)) =
      syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 2 :=
  step_eq_self_of_all_done syncRun_path2_all_done (step_syncSchedule _)

/-- `cur_eq_haltingRun_of_all_done` applied to the synchronous run after `2` steps. -/
theorem cur_eq_haltingRun_of_all_done_satisfiable :
    (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 2 0).round =
        listFun (n := 2) [1, 0] 0 + 1 ∧
      (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 2 0).cur =
        haltingRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2])
          (listFun (n := 2) [1, 0] 0) 0 :=
  cur_eq_haltingRun_of_all_done (reachable_syncRun 2) syncRun_path2_all_done 0

/-- `syncRun_all_done` applied to the 2-vertex path with `H = 1`. -/
theorem syncRun_all_done_satisfiable :
    Done (listFun [1, 0]) (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
      (listFun [1, 2]) (1 + 1)) 1 :=
  syncRun_all_done (H := 1) (by decide +kernel) 1

/-- `syncRun_converges` applied to the 2-vertex path with `H = 1`. -/
theorem syncRun_converges_satisfiable :
    (∀ s', Step (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) (1 + 1)) s' →
        s' = syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) (1 + 1)) ∧
      ∀ v, (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) (1 + 1) v).cur =
        haltingRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2])
          (listFun [1, 0] v) v :=
  syncRun_converges (H := 1) (by decide +kernel)


/-- The schedule that moves no vertex is a step, from any configuration. -/
theorem step_idle {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat) (s : Config n α) :
    Step f G h s (schedule f G h s (fun _ => false)) :=
  ⟨fun _ => false, fun _ hv => by simp at hv, rfl⟩

/-- `syncRun_converges`' fixpoint conjunct applied to the idle step from the final configuration. -/
theorem syncRun_converges_fixpoint_satisfiable :
    schedule (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) (1 + 1)) (fun _ => false) =
      syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) (1 + 1) :=
  (syncRun_converges (f := sumUpdate 2) (G := pathGraph 2) (h := listFun [1, 0]) (x0 := listFun [1, 2])
    (H := 1) (by decide +kernel)).1 _ (step_idle _ _ _ _)

/-- `invariant_of_reachable`'s `sync` and `done_nbr` fields at the neighbours of the 2-vertex path:
both running at the start (halting rounds `[1, 1]`), and vertex `1` done beside the running vertex
`0` after one synchronous step (halting rounds `[1, 0]`). -/
theorem invariant_of_reachable_fields_satisfiable :
    (initConfig (n := 2) (listFun [1, 2]) 0).round ≤ (initConfig (n := 2) (listFun [1, 2]) 1).round + 1 ∧
      listFun (n := 2) [1, 0] 1 ≤
        (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 1 0).round :=
  ⟨(invariant_of_reachable (f := sumUpdate 2) (G := pathGraph 2) (h := listFun [1, 1])
      (x0 := listFun [1, 2]) Reachable.start).sync 0 1 (by decide +kernel) (by decide +kernel)
      (by decide +kernel),
    (invariant_of_reachable (reachable_syncRun (f := sumUpdate 2) (G := pathGraph 2) (h := listFun [1, 0])
      (x0 := listFun [1, 2]) 1)).done_nbr 1 0 (by decide +kernel) (by decide +kernel) (by decide +kernel)⟩

end

end MLTheory.TrafficLight
