/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic
public import MLTheory.TrafficLight

/-!
# The traffic-light protocol under every fair schedule, and the paper's setting

Source: `004_725b34af8153ec2b.txt`, line 28 (converging RGNNs simulate halting RGNNs,
in which "a per-vertex halting classifier determines when to stop"; the results "hold even when
restricting to ReLU networks with sum aggregation"; vertices "may locally decide to halt at
different times" and coordinate by a "traffic-light" protocol). As in `MLTheory.TrafficLight`,
the protocol is **this project's reconstruction**, not the paper's own.

`MLTheory.TrafficLight` proves safety, progress and convergence under the synchronous schedule.
This module adds:

* **termination under every fair schedule** (each step moves a set of enabled vertices, at least
  one whenever one is enabled; the set may be chosen adversarially, depending on the whole
  history): every vertex is done after at most `∑_v (h v + 1)` steps, and from then on the run is
  at a fixpoint with the correct states (`FairRun.converges`); the bound comes from the potential
  `∑_v (h v + 1 - round v)`, which drops at every step that moves a vertex
  (`potential_lt_of_step`);
* **the paper's setting**: the halting rounds come from a *halting classifier* on the vertex state
  (`classifierRun`, `IsHaltingRound`); the classifier run is the halting run
  (`classifierRun_eq`); in every reachable configuration a vertex reads its halting decision off
  its own state (`halt_cur_iff`); and for updates that aggregate the neighbours by a sum
  (`sumAggUpdate`, e.g. a ReLU layer of the own state and the sum), the protocol converges under
  every fair schedule to the states at which the halting RGNN stops
  (`sumAgg_fairRun_converges`).

The concrete instance (`_instance_`, by `decide +kernel`) computes the bound on the 4-vertex path
of `MLTheory.TrafficLight` and the potential of its sequential run.
-/

@[expose] public section

namespace MLTheory.TrafficLight

noncomputable section

/-! ### Termination under every fair schedule

A run is *fair* if every step moves a set of enabled vertices, and at least one vertex whenever
some vertex is enabled; the set may be chosen adversarially, depending on the whole history. The
potential `∑_v (h v + 1 - round v)` drops by at least one at every step that moves a vertex, so
every fair run has every vertex done after at most `∑_v (h v + 1)` steps. -/

/-- The potential of a configuration: the number of ticks still to come, `∑_v (h v + 1 - r v)`. -/
def potential {n : Nat} {α : Type} (h : Fin n → Nat) (s : Config n α) : Nat :=
  sumNat n (fun v => h v + 1 - (s v).round)

/-- A fair run: from the initial configuration, every step moves a set `S` of enabled vertices,
non-empty whenever some vertex is enabled. -/
def FairRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) (run : Nat → Config n α) : Prop :=
  run 0 = initConfig x0 ∧ ∀ k, ∃ S : Fin n → Bool, (∀ v, S v = true → Enabled G h (run k) v) ∧
    ((∃ v, Enabled G h (run k) v) → ∃ v, S v = true) ∧ run (k + 1) = schedule f G h (run k) S

section Fair

variable {n : Nat} {α : Type} {f : Update n α} {G : Graph n} {h : Fin n → Nat} {x0 : Fin n → α}

/-- The round of a vertex after a schedule step: one more if it moved. -/
theorem schedule_round (s : Config n α) (S : Fin n → Bool) (v : Fin n) :
    (schedule f G h s S v).round = if S v = true then (s v).round + 1 else (s v).round := by
  unfold schedule
  split
  · exact move_round
  · rfl

/-- **The potential drops**: a step that moves at least one enabled vertex decreases the
potential. -/
theorem potential_lt_of_step (s : Config n α) (S : Fin n → Bool)
    (hS : ∀ v, S v = true → Enabled G h s v) (hne : ∃ v, S v = true) :
    potential h (schedule f G h s S) < potential h s := by
  unfold potential
  apply sumNat_lt_sumNat
  · intro v
    rw [schedule_round]
    split <;> omega
  · obtain ⟨v, hv⟩ := hne
    refine ⟨v, ?_⟩
    rw [schedule_round, if_pos hv]
    have hnd : ¬ h v < (s v).round := (hS v hv).1
    omega

/-- Every configuration of a fair run is reachable. -/
theorem FairRun.reachable {run : Nat → Config n α} (hrun : FairRun f G h x0 run) :
    ∀ k, Reachable f G h x0 (run k)
  | 0 => hrun.1 ▸ Reachable.start
  | k + 1 => by
    obtain ⟨S, hS, -, hk⟩ := hrun.2 k
    exact Reachable.step (FairRun.reachable hrun k) ⟨S, hS, hk⟩

/-- Along a fair run, at step `k` every vertex is done, or the potential has dropped by `k`. -/
theorem FairRun.progress {run : Nat → Config n α} (hrun : FairRun f G h x0 run) :
    ∀ k, (∀ v, Done h (run k) v) ∨ potential h (run k) + k ≤ sumNat n (fun v => h v + 1)
  | 0 => by
    right
    rw [hrun.1]
    exact Nat.le_of_eq (by simp [potential, initConfig])
  | k + 1 => by
    obtain ⟨S, hS, hfair, hk⟩ := hrun.2 k
    rcases FairRun.progress hrun k with hall | hle
    · left
      have : run (k + 1) = run k := step_eq_self_of_all_done hall ⟨S, hS, hk⟩
      rw [this]; exact hall
    · by_cases hall' : ∀ v, Done h (run (k + 1)) v
      · exact Or.inl hall'
      · right
        have hI := invariant_of_reachable (hrun.reachable k)
        have hnd : ∃ v, ¬ Done h (run k) v := by
          apply Classical.byContradiction
          intro hno
          apply hall'
          have hall : ∀ v, Done h (run k) v := fun v =>
            Classical.byContradiction fun hv => hno ⟨v, hv⟩
          rw [step_eq_self_of_all_done hall ⟨S, hS, hk⟩]
          exact hall
        have hdrop := potential_lt_of_step (f := f) (run k) S hS
          (hfair (exists_enabled_of_not_done hI hnd))
        rw [← hk] at hdrop
        omega

/-- **Termination under every fair schedule**: along every fair run, after
`B = ∑_v (h v + 1)` steps (and at every later step) every vertex is done, the configuration is a
fixpoint of the step, and each vertex holds its state at round `h v` of the synchronous halting
run. -/
theorem FairRun.converges {run : Nat → Config n α} (hrun : FairRun f G h x0 run) (k : Nat)
    (hk : sumNat n (fun v => h v + 1) ≤ k) :
    (∀ v, Done h (run k) v) ∧ (∀ s', Step f G h (run k) s' → s' = run k) ∧
      ∀ v, (run k v).cur = haltingRun f G h x0 (h v) v := by
  have hall : ∀ v, Done h (run k) v := by
    rcases hrun.progress k with hall | hle
    · exact hall
    · intro v
      have hpot : potential h (run k) = 0 := by omega
      have hI := invariant_of_reachable (hrun.reachable k)
      -- a vertex with `h v + 1 - round v > 0` would make the potential positive
      apply Classical.byContradiction
      intro hv
      have hv' : (run k v).round ≤ h v := by unfold Done at hv; omega
      have : 0 < potential h (run k) := by
        unfold potential
        have h0 := sumNat_lt_sumNat n (fun _ => 0) (fun w => h w + 1 - (run k w).round)
          (fun _ => Nat.zero_le _) ⟨v, by show 0 < h v + 1 - (run k v).round; omega⟩
        have hz : sumNat n (fun _ => 0) = 0 := by
          have := sumNat_le_mul n (fun _ => 0) 0 (fun _ => Nat.le_refl 0)
          rw [Nat.mul_zero] at this
          omega
        omega
      omega
  exact ⟨hall, fun _ hstep => step_eq_self_of_all_done hall hstep,
    fun v => (cur_eq_haltingRun_of_all_done (hrun.reachable k) hall v).2⟩

end Fair

/-! ### The paper's setting: a halting classifier on the state, sum aggregation

In a halting RGNN each vertex applies the update until its *halting classifier*, a function of
its own state, says stop (`classifierRun`). The protocol above takes the halting rounds `h` as
given; here `h v` is the first round at which the classifier accepts the state of `v`
(`IsHaltingRound`), and then the classifier run is the halting run (`classifierRun_eq`), and in
every reachable configuration a vertex can read its halting decision off its own state
(`halt_cur_iff`). The updates of the paper aggregate the neighbours by a sum
(`sumAggUpdate`; the paper's networks are ReLU networks with sum aggregation, any `combine`
works here). -/

/-- The halting RGNN with a halting classifier `halt` on states: a vertex whose state is accepted
by `halt` keeps it; the others apply the update to their state and their neighbours' states. -/
def classifierRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (halt : α → Bool)
    (x0 : Fin n → α) : Nat → Fin n → α
  | 0 => x0
  | r + 1 => fun v =>
    if halt (classifierRun f G halt x0 r v) = true then classifierRun f G halt x0 r v
    else f v (classifierRun f G halt x0 r v)
      (fun u => if G.adj v u = true then some (classifierRun f G halt x0 r u) else none)

/-- `h v` is the halting round of `v` in the classifier run: the first round whose state the
classifier accepts. -/
def IsHaltingRound {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (halt : α → Bool)
    (x0 : Fin n → α) (h : Fin n → Nat) : Prop :=
  ∀ v, (∀ r, r < h v → halt (classifierRun f G halt x0 r v) = false) ∧
    halt (classifierRun f G halt x0 (h v) v) = true

/-- A sum-aggregation update: the next state of a vertex is `combine x m` of its own state `x`
and the sum `m` of its neighbours' states. -/
def sumAggUpdate {n : Nat} {α : Type} [Add α] [OfNat α 0] (combine : α → α → α) : Update n α :=
  fun _ x nb => combine x ((List.finRange n).foldr (fun u acc => (nb u).getD 0 + acc) 0)

section Classifier

variable {n : Nat} {α : Type} {f : Update n α} {G : Graph n} {halt : α → Bool} {x0 : Fin n → α}

/-- Once the classifier accepts a state, the vertex keeps it. -/
theorem classifierRun_add_of_halt {r : Nat} {v : Fin n}
    (hr : halt (classifierRun f G halt x0 r v) = true) :
    ∀ k, classifierRun f G halt x0 (r + k) v = classifierRun f G halt x0 r v
  | 0 => rfl
  | k + 1 => by
    have ih := classifierRun_add_of_halt hr k
    show (if halt (classifierRun f G halt x0 (r + k) v) = true then _ else _) = _
    rw [ih, if_pos hr]
    exact ih

/-- **The classifier run is the halting run** with the halting rounds it defines. -/
theorem classifierRun_eq {h : Fin n → Nat} (hh : IsHaltingRound f G halt x0 h) :
    ∀ r, classifierRun f G halt x0 r = haltingRun f G h x0 r
  | 0 => rfl
  | r + 1 => by
    have ih := classifierRun_eq hh r
    funext v
    show (if halt (classifierRun f G halt x0 r v) = true then _ else _) =
      (if r < h v then _ else _)
    by_cases hr : r < h v
    · rw [if_pos hr, if_neg (by rw [(hh v).1 r hr]; decide), ih]
    · have hstop : halt (classifierRun f G halt x0 r v) = true := by
        have := classifierRun_add_of_halt (hh v).2 (r - h v)
        rw [Nat.add_sub_cancel' (by omega)] at this
        rw [this]; exact (hh v).2
      rw [if_pos hstop, if_neg hr, ih]

/-- **The halting decision is local**: in every reachable configuration of the protocol run with
the classifier's halting rounds, the classifier accepts a vertex's current state iff the vertex
has reached its halting round. -/
theorem halt_cur_iff {h : Fin n → Nat} (hh : IsHaltingRound f G halt x0 h) {s : Config n α}
    (hr : Reachable f G h x0 s) (v : Fin n) :
    halt (s v).cur = true ↔ h v ≤ (s v).round := by
  have hI := invariant_of_reachable hr
  rw [hI.cur_eq v, ← classifierRun_eq hh]
  constructor
  · intro ht
    apply Classical.byContradiction
    intro hlt
    rw [(hh v).1 _ (by omega)] at ht
    exact Bool.false_ne_true ht
  · intro hle
    have := classifierRun_add_of_halt (hh v).2 ((s v).round - h v)
    rw [Nat.add_sub_cancel' hle] at this
    rw [this]; exact (hh v).2

end Classifier

/-- **Converging RGNNs simulate halting RGNNs (this reconstruction)**: for a sum-aggregation
update and a halting classifier on states with halting rounds `h`, along every fair run of the
protocol, after `∑_v (h v + 1)` steps every vertex is done, the run has converged (fixpoint), and
each vertex holds the state at which the halting RGNN stops. -/
theorem sumAgg_fairRun_converges {n : Nat} {α : Type} [Add α] [OfNat α 0]
    (combine : α → α → α) (G : Graph n) (halt : α → Bool) (x0 : Fin n → α) (h : Fin n → Nat)
    (hh : IsHaltingRound (sumAggUpdate combine) G halt x0 h) (run : Nat → Config n α)
    (hrun : FairRun (sumAggUpdate combine) G h x0 run) (k : Nat)
    (hk : sumNat n (fun v => h v + 1) ≤ k) :
    (∀ v, Done h (run k) v) ∧
      (∀ s', Step (sumAggUpdate combine) G h (run k) s' → s' = run k) ∧
      ∀ v, (run k v).cur = classifierRun (sumAggUpdate combine) G halt x0 (h v) v := by
  obtain ⟨h1, h2, h3⟩ := hrun.converges k hk
  exact ⟨h1, h2, fun v => by rw [h3 v, classifierRun_eq hh]⟩

/-! ## Concrete instance -/

/-- Instance: the fair-run bound on the 4-vertex path is `∑_v (h v + 1) = 10` (the initial
potential), attained by the sequential schedule above; after it the sequential run has potential
`0`. -/
theorem trafficLight_instance_path4_potential :
    potential (listFun [1, 3, 0, 2]) (initConfig (n := 4) (listFun [1, 2, 3, 4])) = 10 ∧
      sumNat 4 (fun v => listFun [1, 3, 0, 2] v + 1) = 10 ∧
      potential (listFun [1, 3, 0, 2]) (seqRun (sumUpdate 4) (pathGraph 4) (listFun [1, 3, 0, 2])
        (listFun [1, 2, 3, 4]) 10) = 0 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- **The synchronous run is fair**: every step moves exactly the enabled vertices. -/
theorem fairRun_syncRun {n : Nat} {α : Type} (f : Update n α) (G : Graph n) (h : Fin n → Nat)
    (x0 : Fin n → α) : FairRun f G h x0 (syncRun f G h x0) :=
  ⟨rfl, fun k => ⟨syncSchedule G h (syncRun f G h x0 k), fun _ hv => of_decide_eq_true hv,
    fun ⟨v, hv⟩ => ⟨v, decide_eq_true hv⟩, rfl⟩⟩

/-- `potential_lt_of_step` applied to the synchronous step from the initial configuration of the
2-vertex path. -/
theorem potential_lt_of_step_satisfiable :
    potential (listFun [1, 0]) (schedule (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (initConfig (listFun [1, 2]))
        (syncSchedule (pathGraph 2) (listFun [1, 0]) (initConfig (n := 2) (listFun [1, 2])))) <
      potential (listFun [1, 0]) (initConfig (n := 2) (listFun [1, 2])) :=
  potential_lt_of_step _ _ (fun _ hv => of_decide_eq_true hv) ⟨0, by decide +kernel⟩

/-- `FairRun.converges` applied to the synchronous run of the 2-vertex path (bound `3`). -/
theorem FairRun.converges_satisfiable :
    (∀ v, Done (listFun [1, 0]) (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (listFun [1, 2]) 3) v) ∧
      (∀ s', Step (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
          (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 3) s' →
        s' = syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 3) ∧
      ∀ v, (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 3 v).cur =
        haltingRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2])
          (listFun [1, 0] v) v :=
  FairRun.converges (fairRun_syncRun _ _ _ _) 3 (by decide +kernel)


/-- `FairRun.converges`' fixpoint conjunct applied to the idle step from the configuration at `3`. -/
theorem FairRun.converges_fixpoint_satisfiable :
    schedule (sumUpdate 2) (pathGraph 2) (listFun [1, 0])
        (syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 3) (fun _ => false) =
      syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2]) 3 :=
  (FairRun.converges (fairRun_syncRun (sumUpdate 2) (pathGraph 2) (listFun [1, 0]) (listFun [1, 2])) 3
    (by decide +kernel)).2.1 _ (step_idle _ _ _ _)

/-- The halting classifier of the witnesses: stop at a state of at least `3`. -/
def haltAtThree (x : Nat) : Bool := decide (3 ≤ x)

/-- With states `[1, 2]` and the sum aggregation on the 2-vertex path both vertices reach `3` at
round `1`, where `haltAtThree` stops them. -/
theorem isHaltingRound_path2 :
    IsHaltingRound (sumAggUpdate (fun x m => x + m)) (pathGraph 2) haltAtThree (listFun [1, 2])
      (listFun [1, 1]) := by
  unfold IsHaltingRound
  decide +kernel

/-- `classifierRun_eq` applied to the 2-vertex path. -/
theorem classifierRun_eq_satisfiable :
    ∀ r, classifierRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) haltAtThree (listFun [1, 2]) r =
      haltingRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1]) (listFun [1, 2]) r :=
  classifierRun_eq isHaltingRound_path2

/-- `halt_cur_iff` applied to the initial configuration of the 2-vertex path. -/
theorem halt_cur_iff_satisfiable :
    haltAtThree (initConfig (n := 2) (listFun [1, 2]) 0).cur = true ↔
      listFun (n := 2) [1, 1] 0 ≤ (initConfig (n := 2) (listFun [1, 2]) 0).round :=
  halt_cur_iff isHaltingRound_path2 Reachable.start 0

/-- `sumAgg_fairRun_converges` applied to the synchronous run of the 2-vertex path (bound `4`). -/
theorem sumAgg_fairRun_converges_satisfiable :
    (∀ v, Done (listFun [1, 1]) (syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2)
        (listFun [1, 1]) (listFun [1, 2]) 4) v) ∧
      (∀ s', Step (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1])
          (syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1])
            (listFun [1, 2]) 4) s' →
        s' = syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1])
          (listFun [1, 2]) 4) ∧
      ∀ v, (syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1])
          (listFun [1, 2]) 4 v).cur =
        classifierRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) haltAtThree (listFun [1, 2])
          (listFun [1, 1] v) v :=
  sumAgg_fairRun_converges (fun x m => x + m) (pathGraph 2) haltAtThree (listFun [1, 2])
    (listFun [1, 1]) isHaltingRound_path2 _ (fairRun_syncRun _ _ _ _) 4 (by decide +kernel)


/-- `sumAgg_fairRun_converges`' fixpoint conjunct applied to the idle step from the configuration
at `4`. -/
theorem sumAgg_fairRun_converges_fixpoint_satisfiable :
    schedule (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1])
        (syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1]) (listFun [1, 2]) 4)
        (fun _ => false) =
      syncRun (sumAggUpdate (fun x m => x + m)) (pathGraph 2) (listFun [1, 1]) (listFun [1, 2]) 4 :=
  (sumAgg_fairRun_converges (fun x m => x + m) (pathGraph 2) haltAtThree (listFun [1, 2])
    (listFun [1, 1]) isHaltingRound_path2 _ (fairRun_syncRun _ _ _ _) 4 (by decide +kernel)).2.1 _
    (step_idle _ _ _ _)

end

end MLTheory.TrafficLight
