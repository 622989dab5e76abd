/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Simplex

/-!
# Soft attention with a majority weight on the nearest example is the 1-NN classifier

Source: `000_7a6cd69522701495.txt`, line 1 ("By leveraging the simplex encoding, we show that
one-layer transformers with an argmax classification head behave identically to a
one-nearest-neighbor classifier in the multiclass setting").

`MLTheory.Simplex` proves the attention step for hard attention: the argmax head on the
attention-weighted simplex label codes returns the class with the largest total attention
(`argmaxHead_attnOutput`), and hard dot-product attention on equal-norm examples attends to the
nearest example (`transformerHead_eq_oneNN`). This module takes the exact step toward **soft**
attention, with no limit:

* `argmaxHead_attnOutput_of_majority`: for any non-negative attention weights (normalised or
  not, e.g. softmax numerators), if one example carries more than half of the total weight, the
  argmax head returns that example's label, whatever the other labels;
* **`argmaxHead_attnOutput_eq_oneNN`**: so if the nearest in-context example (least squared
  distance to the query) carries more than half of the attention, the one-layer transformer's
  argmax head returns the 1-NN label;
* `argmaxHead_attnOutput_eq_oneNN_of_dot`: for equal-norm examples, the example of largest score
  `⟨q, x_t⟩` is the nearest one, so the condition reads "the highest-scoring example carries more
  than half of the attention".

**Regime.** Softmax attention `w_t ∝ exp(β ⟨q, x_t⟩)` puts more than half of the weight on the
highest-scoring example once `β` exceeds `log(m - 1)` divided by its score gap (a unique nearest
example); that limit argument needs `exp` and is not formalised here. The condition is sharp for
the argmax head: with exactly half of the weight on one example and half on an example of another
class the head ties (`argmaxHead_instance_majority` shows a strict majority at work).

The concrete instance (`_instance_`, by `decide +kernel`) uses the four in-context examples of
`MLTheory.Simplex`.
-/

@[expose] public section

noncomputable section

namespace MLTheory

/-- The class of an example collects at least its weight (non-negative weights). -/
theorem le_classMass_label (C m : Nat) (w : Fin m → Rat) (hw : ∀ t, 0 ≤ w t)
    (lab : Fin m → Fin C) (s : Fin m) : w s ≤ classMass C m w lab (lab s) := by
  unfold classMass
  rw [← sumFin_ite_eq m s (w s)]
  apply sumFin_le_sumFin
  intro t
  by_cases h : t = s
  · subst h; rw [if_pos rfl, if_pos rfl]; exact Rat.le_refl
  · rw [if_neg h]
    split
    · exact hw t
    · exact Rat.le_refl

/-- Any other class collects at most the weight of the examples other than `s`:
`mass c + w s ≤ ∑_t w t` for `c ≠ lab s` (non-negative weights). -/
theorem classMass_add_le (C m : Nat) (w : Fin m → Rat) (hw : ∀ t, 0 ≤ w t)
    (lab : Fin m → Fin C) (s : Fin m) (c : Fin C) (hc : c ≠ lab s) :
    classMass C m w lab c + w s ≤ sumFin m w := by
  unfold classMass
  rw [← sumFin_ite_eq m s (w s), ← sumFin_add]
  apply sumFin_le_sumFin
  intro t
  by_cases h : t = s
  · subst h
    rw [if_neg (fun e => hc e.symm), if_pos rfl]
    grind
  · rw [if_neg h]
    split
    · grind
    · have := hw t
      grind

/-- **A majority of the attention decides the argmax head**: for non-negative attention weights,
if the example `s` carries more than half of the total weight (`∑_t w t < 2 w s`), the argmax
head on the attention-weighted simplex label codes returns the label of `s`. -/
theorem argmaxHead_attnOutput_of_majority (C m : Nat) (hC : 0 < C) (w : Fin m → Rat)
    (hw : ∀ t, 0 ≤ w t) (lab : Fin m → Fin C) (s : Fin m) (hmaj : sumFin m w < 2 * w s) :
    argmaxHead C hC (attnOutput C m w lab) = lab s := by
  rw [argmaxHead_attnOutput]
  apply argmaxOf_eq_of_forall_lt
  intro c hc
  have h1 := classMass_add_le C m w hw lab s c hc
  have h2 := le_classMass_label C m w hw lab s
  grind

/-- **Soft attention with a majority on the nearest example is 1-NN**: for non-negative attention
weights (e.g. softmax weights) under which the nearest in-context example carries more than half
of the total weight, the one-layer transformer's argmax head on simplex label codes returns the
label of the nearest example, the 1-NN prediction. -/
theorem argmaxHead_attnOutput_eq_oneNN {d : Nat} (C m : Nat) (hC : 0 < C) (hm : 0 < m)
    (q : Fin d → Rat) (xs : Fin m → Fin d → Rat) (lab : Fin m → Fin C) (w : Fin m → Rat)
    (hw : ∀ t, 0 ≤ w t) (hmaj : sumFin m w < 2 * w (nearestExample m hm q xs)) :
    argmaxHead C hC (attnOutput C m w lab) = oneNN C m hm q xs lab :=
  argmaxHead_attnOutput_of_majority C m hC w hw lab _ hmaj

/-- For equal-norm examples the highest-scoring example is the nearest one, so a majority of the
attention on the example of largest score `⟨q, x_t⟩` makes the argmax head return the 1-NN
label. -/
theorem argmaxHead_attnOutput_eq_oneNN_of_dot {d : Nat} (C m : Nat) (hC : 0 < C) (hm : 0 < m)
    (q : Fin d → Rat) (xs : Fin m → Fin d → Rat) (lab : Fin m → Fin C) (w : Fin m → Rat)
    (hnorm : ∀ t t', sqNorm (xs t) = sqNorm (xs t')) (hw : ∀ t, 0 ≤ w t)
    (hmaj : sumFin m w < 2 * w (attendedExample m hm q xs)) :
    argmaxHead C hC (attnOutput C m w lab) = oneNN C m hm q xs lab := by
  have heq : attendedExample m hm q xs = nearestExample m hm q xs :=
    argmaxOf_dot_eq_argminOf_sqDist hm xs hnorm q
  rw [heq] at hmaj
  exact argmaxHead_attnOutput_eq_oneNN C m hC hm q xs lab w hw hmaj

/-! ## Concrete instance -/

/-- Instance: on the query `(3/5, 4/5)` the nearest of the four examples of `MLTheory.Simplex` is
example `1` (label `0`); soft attention `(1/10, 3/5, 1/5, 1/10)` puts more than half of its weight
there, and the argmax head returns class `0`, the 1-NN label, although the examples of class `1`
together get `3/10`. -/
theorem argmaxHead_instance_majority :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0)
        labelsEx) = 0 ∧
      oneNN 3 4 (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx = 0 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- The instance weights are non-negative. -/
theorem majorityWeights_nonneg :
    ∀ t : Fin 4, 0 ≤ (fun t : Fin 4 => [1/10, 3/5, 1/5, 1/10].getD t.val (0 : Rat)) t := by
  decide +kernel

/-- `le_classMass_label` applied to the instance. -/
theorem le_classMass_label_satisfiable :
    (fun t : Fin 4 => [1/10, 3/5, 1/5, 1/10].getD t.val (0 : Rat)) 1 ≤
      classMass 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0) labelsEx (labelsEx 1) :=
  le_classMass_label 3 4 _ majorityWeights_nonneg labelsEx 1

/-- `classMass_add_le` applied to the instance and class `1`. -/
theorem classMass_add_le_satisfiable :
    classMass 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0) labelsEx 1 +
        (fun t : Fin 4 => [1/10, 3/5, 1/5, 1/10].getD t.val (0 : Rat)) 1 ≤
      sumFin 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0) :=
  classMass_add_le 3 4 _ majorityWeights_nonneg labelsEx 1 1 (by decide +kernel)

/-- `argmaxHead_attnOutput_of_majority` applied to the instance. -/
theorem argmaxHead_attnOutput_of_majority_satisfiable :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0)
      labelsEx) = labelsEx 1 :=
  argmaxHead_attnOutput_of_majority 3 4 (by decide) _ majorityWeights_nonneg labelsEx 1
    (by decide +kernel)

/-- `argmaxHead_attnOutput_eq_oneNN` applied to the instance. -/
theorem argmaxHead_attnOutput_eq_oneNN_satisfiable :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0)
      labelsEx) = oneNN 3 4 (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx :=
  argmaxHead_attnOutput_eq_oneNN 3 4 (by decide) (by decide) _ examplesEx labelsEx _
    majorityWeights_nonneg (by decide +kernel)

/-- `argmaxHead_attnOutput_eq_oneNN_of_dot` applied to the instance (examples of squared norm
`1`). -/
theorem argmaxHead_attnOutput_eq_oneNN_of_dot_satisfiable :
    argmaxHead 3 (by decide) (attnOutput 3 4 (fun t => [1/10, 3/5, 1/5, 1/10].getD t.val 0)
      labelsEx) = oneNN 3 4 (by decide) (fun i => [3/5, 4/5].getD i.val 0) examplesEx labelsEx :=
  argmaxHead_attnOutput_eq_oneNN_of_dot 3 4 (by decide) (by decide) _ examplesEx labelsEx _
    (by decide +kernel) majorityWeights_nonneg (by decide +kernel)

end MLTheory

end
