/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Simplex

/-!
# Task experts in a one-layer mixture of experts: route by template, answer by dictionary

Source: `004_725b34af8153ec2b.txt`, line 17 (knowledge "via syntactic templates and finite
key-value dictionaries"; "a single-layer MoE transformer can encode knowledge by using experts
that specialize in the corresponding tasks"; "queries are routed to unique, task-specific experts
whose size depends solely on the intrinsic complexity of the given task").

**The project's reconstruction** (the abstract gives neither the paper's architecture nor its
embeddings), exactly over `Rat`: `T` tasks, task `t` with a template token `t` and a dictionary
`D t : Fin K → Option (Fin V)` from key tokens to value tokens. A query of task `t` for the key
`k` is embedded one-hot, its template part `e_t` and its key part `e_k`. A one-layer mixture of
`E` experts has a linear router `R : Fin E → Fin T → Rat` (expert `e` scores the query by
`⟨R e, e_t⟩`; the query goes to a highest-scoring expert, the lowest index on ties) and a linear
expert `W e : Fin V → Fin K → Rat` per index (value `v` scores `⟨W e v, e_k⟩`; the answer is a
highest-scoring value).

* `taskMoE_routes_and_answers`: the layer with one expert per task, router `R = I` and expert
  `W t v k = 1` iff `D t k = some v` (`taskExpert`), routes every query of task `t` to expert `t`,
  the only expert of maximal score (`routerScore_lt`), and answers every query whose key is in the
  dictionary with its value;
* `expertSize_taskExpert`: expert `t` has exactly as many non-zero weights as `D t` has entries,
  and it is built from `D t` alone: its size depends on its own task and nothing else.

Templates are one token per task here (the paper's templates are richer), and values are read off
by an argmax rather than generated. The concrete instance (by `decide +kernel`) checks two tasks
of a four-key vocabulary.
-/

@[expose] public section

noncomputable section

namespace MLTheory.TaskExperts

-- `T` tasks (template tokens), `K` key tokens, `V` value tokens
variable {T K V : Nat}

/-- Expert `t` of the task layer: weight `1` from key `k` to value `v` iff the dictionary maps
`k` to `v`. -/
def taskExpert (D : Fin K → Option (Fin V)) : Fin V → Fin K → Rat :=
  fun v k => if D k = some v then 1 else 0

/-- The score of expert `e` for a query with template `t`: `⟨R e, e_t⟩`. -/
def routerScore (R : Fin T → Fin T → Rat) (t e : Fin T) : Rat :=
  sumFin T (fun s => R e s * basisVec t s)

/-- The expert a query with template `t` is routed to: a highest-scoring one, the lowest index on
ties. -/
def route (hT : 0 < T) (R : Fin T → Fin T → Rat) (t : Fin T) : Fin T :=
  argmaxOf T hT (routerScore R t)

/-- The value scores of an expert `W` for the key `k`: `⟨W v, e_k⟩` for every value `v`. -/
def valueScore (W : Fin V → Fin K → Rat) (k : Fin K) : Fin V → Rat :=
  fun v => sumFin K (fun j => W v j * basisVec k j)

/-- The answer of the layer with router `R` and experts `W` to the query `(t, k)`: the
highest-scoring value of the expert the query is routed to. -/
def answer (hT : 0 < T) (hV : 0 < V) (R : Fin T → Fin T → Rat) (W : Fin T → Fin V → Fin K → Rat)
    (t : Fin T) (k : Fin K) : Fin V :=
  argmaxOf V hV (valueScore (W (route hT R t)) k)

/-- The number of non-zero weights of an expert. -/
def expertSize (W : Fin V → Fin K → Rat) : Rat :=
  sumFin K (fun k => sumFin V (fun v => if W v k = 0 then 0 else 1))

/-- The number of entries of a dictionary. -/
def dictSize (D : Fin K → Option (Fin V)) : Rat :=
  sumFin K (fun k => if (D k).isSome then 1 else 0)

/-- A sum of `f j * e_k j` picks out `f k`. -/
theorem sumFin_mul_basisVec {n : Nat} (f : Fin n → Rat) (k : Fin n) :
    sumFin n (fun j => f j * basisVec k j) = f k := by
  refine Eq.trans (sumFin_congr (fun j => ?_)) (sumFin_ite_eq n k (f k))
  by_cases h : j = k <;> simp [basisVec, h]

/-- If `f i` is strictly larger than every other value, the argmax is `i`. -/
theorem argmaxOf_eq_of_forall_lt {n : Nat} (hn : 0 < n) (f : Fin n → Rat) (i : Fin n)
    (h : ∀ j, j ≠ i → f j < f i) : argmaxOf n hn f = i := by
  apply Classical.byContradiction
  intro hne
  have h1 := argmaxOf_spec n hn f i
  have h2 := h _ hne
  grind

/-- With the identity router, expert `t` scores a query of template `t` by `1`, the others by
`0`. -/
theorem routerScore_id (t e : Fin T) :
    routerScore (fun e s => if e = s then 1 else 0) t e = if e = t then 1 else 0 := by
  unfold routerScore
  rw [sumFin_mul_basisVec (fun s => if e = s then (1 : Rat) else 0) t]

/-- **Unique routing**: with the identity router every other expert scores a query of template
`t` strictly below expert `t`. -/
theorem routerScore_lt (t e : Fin T) (he : e ≠ t) :
    routerScore (fun e s => if e = s then 1 else 0) t e <
      routerScore (fun e s => if e = s then 1 else 0) t t := by
  rw [routerScore_id, routerScore_id, if_neg he, if_pos rfl]
  decide +kernel

/-- **The task layer routes by template and answers by dictionary**: with one expert per task,
the identity router and the experts `taskExpert (D t)`, every query of task `t` is routed to
expert `t`, and a query whose key `k` is in the dictionary (`D t k = some v`) is answered `v`. -/
theorem taskMoE_routes_and_answers (hT : 0 < T) (hV : 0 < V) (D : Fin T → Fin K → Option (Fin V))
    (t : Fin T) (k : Fin K) (v : Fin V) (hk : D t k = some v) :
    route hT (fun e s => if e = s then 1 else 0) t = t ∧
      answer hT hV (fun e s => if e = s then 1 else 0) (fun e => taskExpert (D e)) t k = v := by
  have hroute : route hT (fun e s => if e = s then 1 else 0) t = t :=
    argmaxOf_eq_of_forall_lt hT _ t (fun e he => routerScore_lt t e he)
  refine ⟨hroute, ?_⟩
  unfold answer
  rw [hroute]
  apply argmaxOf_eq_of_forall_lt hV
  intro w hw
  simp only [valueScore, taskExpert]
  rw [sumFin_mul_basisVec, sumFin_mul_basisVec, hk, if_pos rfl]
  have : ¬ (some v = some w) := fun h => hw (Option.some.inj h).symm
  rw [if_neg this]
  decide +kernel

/-- **Expert size is the task's complexity**: the expert of a dictionary has exactly as many
non-zero weights as the dictionary has entries. -/
theorem expertSize_taskExpert (D : Fin K → Option (Fin V)) :
    expertSize (taskExpert D) = dictSize D := by
  unfold expertSize dictSize taskExpert
  refine sumFin_congr (fun k => ?_)
  cases hk : D k with
  | none =>
    have h0 : ∀ v : Fin V,
        (if (if (none : Option (Fin V)) = some v then (1 : Rat) else 0) = 0 then (0 : Rat) else 1) = 0 := by
      intro v
      rw [if_neg (show ¬ ((none : Option (Fin V)) = some v) from fun e => nomatch e), if_pos (rfl : (0 : Rat) = 0)]
    rw [sumFin_congr h0, sumFin_zero_fun]
    simp
  | some v0 =>
    have h1 : ∀ v : Fin V, (if (if some v0 = some v then (1 : Rat) else 0) = 0 then (0 : Rat) else 1) =
        if v = v0 then 1 else 0 := by
      intro v
      by_cases h : v = v0
      · subst h
        rw [if_pos (rfl : some v = some v), if_neg (by decide +kernel : (1 : Rat) ≠ 0), if_pos (rfl : v = v)]
      · have h' : ¬ (some v0 = some v) := fun e => h (Option.some.inj e).symm
        rw [if_neg h', if_pos (rfl : (0 : Rat) = 0), if_neg h]
    rw [sumFin_congr h1, sumFin_ite_eq]
    simp

/-! ## A concrete layer -/

/-- Two tasks over four keys and three values: task `0` maps keys `0, 1` to values `2, 0`; task `1`
maps keys `1, 2, 3` to values `1, 1, 2`. -/
def dictEx : Fin 2 → Fin 4 → Option (Fin 3) := fun t k =>
  ([[some 2, some 0, none, none], [none, some 1, some 1, some 2]].getD t.val []).getD k.val none

/-- Instance: the task layer of `dictEx` routes the query `(1, 2)` to expert `1` and answers `1`,
routes `(0, 0)` to expert `0` and answers `2`; expert `0` has 2 weights, expert `1` has 3. -/
theorem taskMoE_instance_two_tasks :
    route (T := 2) (by decide) (fun e s => if e = s then 1 else 0) 1 = 1 ∧
      answer (by decide) (by decide) (fun e s => if e = s then 1 else 0)
        (fun e => taskExpert (dictEx e)) 1 2 = 1 ∧
      answer (by decide) (by decide) (fun e s => if e = s then 1 else 0)
        (fun e => taskExpert (dictEx e)) 0 0 = 2 ∧
      expertSize (taskExpert (dictEx 0)) = 2 ∧ expertSize (taskExpert (dictEx 1)) = 3 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `argmaxOf_eq_of_forall_lt` applied to the scores `(0, 1, 0)`. -/
theorem argmaxOf_eq_of_forall_lt_satisfiable :
    argmaxOf 3 (by decide) (fun (i : Fin 3) => if i = 1 then (1 : Rat) else 0) = 1 :=
  argmaxOf_eq_of_forall_lt (by decide) _ 1 (by decide +kernel)

/-- `routerScore_lt` applied to two tasks. -/
theorem routerScore_lt_satisfiable :
    routerScore (T := 2) (fun e s => if e = s then 1 else 0) 0 1 <
      routerScore (T := 2) (fun e s => if e = s then 1 else 0) 0 0 :=
  routerScore_lt 0 1 (by decide)

/-- `taskMoE_routes_and_answers` applied to `dictEx`, task `1`, key `2`. -/
theorem taskMoE_routes_and_answers_satisfiable :
    route (T := 2) (by decide) (fun e s => if e = s then 1 else 0) 1 = 1 ∧
      answer (by decide) (by decide) (fun e s => if e = s then 1 else 0)
        (fun e => taskExpert (dictEx e)) 1 2 = 1 :=
  taskMoE_routes_and_answers (by decide) (by decide) dictEx 1 2 1 (by decide +kernel)

end MLTheory.TaskExperts

end
