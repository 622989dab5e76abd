/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.Basic
public import MLTheory.Pigeonhole

/-!
# How many sequences can a model output? At most `V^p` from prompts of length `p`

Source: `004_725b34af8153ec2b.txt`, line 27 (an upper bound, depending on the length of
the prompt, on the number of different sequences a transformer can output; "beyond a critical
threshold, the proportion of accessible sequences decays exponentially with sequence length";
"these results hold even with unbounded context and computation time").

A deterministic model with a vocabulary of `V` tokens that answers a prompt of length `p` with an
output of length `L` is a map `gen : (Fin p → Fin V) → (Fin L → Fin V)`; nothing else about it
matters, which is why the bound holds with unbounded context and computation. An output is
*accessible* if some prompt produces it. We prove, for all `V`, `p`, `L`:

* **counting bound**: every duplicate-free list of accessible outputs has at most `V^p` entries
  (`accessible_length_le`) — pigeonhole on the `V^p` prompts;
* **accessible fraction**: for `p ≤ L`, `#accessible * V^(L-p) ≤ V^L`, i.e. at most a fraction
  `V^(p-L)` of the `V^L` outputs of length `L` is accessible (`accessible_fraction`), which decays
  exponentially in `L` for fixed `p`.

**Prompts of every length up to `p`** (a `Model V L` answers prompts of any length): there are
`Σ_{i ≤ p} V^i` of them (`promptCount`), at most `2 V^p` and fewer than `V^(p+1)` when `V ≥ 2`
(`promptCount_le`, `promptCount_lt`). Hence:

* every duplicate-free list of outputs accessible with prompts of length at most `p` has at most
  `Σ_{i ≤ p} V^i` entries (`accessibleLe_length_le`);
* **the coefficient is at most one**: if every output of length `L` is accessible with prompts of
  length at most `p` (over `V ≥ 2` tokens), then `L ≤ p` (`le_of_forall_accessibleLe`);
* **exponential decay beyond the threshold**: for `L ≥ p`, at most a fraction `2 V^(p-L)` of the
  `V^L` outputs of length `L` is accessible (`accessibleLe_fraction`).

**A model that reaches the bound**: the padding model (copy the prompt, pad with token `0`) makes
every output of length `L` accessible with prompts of length at most `p` iff `L ≤ p`
(`forall_accessibleLe_padModel_iff`), so for it the maximal fully accessible length is the prompt
length, growing linearly with coefficient `1`.

**Scope.** These are counting bounds for every deterministic model; the paper's lower bound for
transformers (that a transformer realises such linear growth) needs a model of transformers and is
not formalised, nor are its architecture-dependent constants.

Concrete instances (`_instance_`, by `decide +kernel`) list the outputs of a copying and of a
padding model; the `_satisfiable` theorems apply each theorem with hypotheses to them.
-/

@[expose] public section

noncomputable section

namespace MLTheory.PromptCount

/-- An output of length `L` is accessible for the model `gen` if some prompt produces it. -/
def Accessible {V p L : Nat} (gen : (Fin p → Fin V) → (Fin L → Fin V)) (y : Fin L → Fin V) :
    Prop :=
  ∃ x, gen x = y

/-- **Counting bound**: a model reading prompts of length `p` over `V` tokens has at most `V^p`
accessible outputs: every duplicate-free list of accessible outputs has at most `V^p` entries. -/
theorem accessible_length_le {V p L : Nat} (gen : (Fin p → Fin V) → (Fin L → Fin V))
    (ys : List (Fin L → Fin V)) (hnd : ys.Nodup) (hacc : ∀ y, y ∈ ys → Accessible gen y) :
    ys.length ≤ V ^ p :=
  length_le_pow_of_covered_fin V p gen ys hnd hacc

/-- **Accessible fraction**: for `p ≤ L`, `#accessible * V^(L-p) ≤ V^L`: at most a fraction
`V^(p-L)` of the `V^L` sequences of length `L` is accessible. -/
theorem accessible_fraction {V p L : Nat} (hpL : p ≤ L) (gen : (Fin p → Fin V) → (Fin L → Fin V))
    (ys : List (Fin L → Fin V)) (hnd : ys.Nodup) (hacc : ∀ y, y ∈ ys → Accessible gen y) :
    ys.length * V ^ (L - p) ≤ V ^ L := by
  have h := Nat.mul_le_mul_right (V ^ (L - p)) (accessible_length_le gen ys hnd hacc)
  rw [← Nat.pow_add, Nat.add_sub_cancel' hpL] at h
  exact h

/-! ## Prompts of every length up to `p` -/

/-- `Σ_{i ≤ p} V^i`, the number of prompts of length at most `p` over `V` tokens. -/
def promptCount (V : Nat) : Nat → Nat
  | 0 => 1
  | p + 1 => promptCount V p + V ^ (p + 1)

/-- A model that reads prompts of any length: `gen i x` is its output of length `L` for the
prompt `x` of length `i`. -/
abbrev Model (V L : Nat) : Type := (i : Nat) → (Fin i → Fin V) → (Fin L → Fin V)

/-- An output is accessible with prompts of length at most `p` if some such prompt produces it. -/
def AccessibleLe {V L : Nat} (gen : Model V L) (p : Nat) (y : Fin L → Fin V) : Prop :=
  ∃ i, i ≤ p ∧ ∃ x, gen i x = y

/-- The outputs of all prompts of length at most `p`, prompt length by prompt length. -/
def outputsUpTo {V L : Nat} (gen : Model V L) : Nat → List (Fin L → Fin V)
  | 0 => (allFuns (List.finRange V) 0).map (gen 0)
  | p + 1 => outputsUpTo gen p ++ (allFuns (List.finRange V) (p + 1)).map (gen (p + 1))

/-- There are `promptCount V p` prompts of length at most `p`, so as many outputs in the list. -/
theorem outputsUpTo_length {V L : Nat} (gen : Model V L) :
    ∀ p, (outputsUpTo gen p).length = promptCount V p
  | 0 => by simp [outputsUpTo, promptCount, allFuns]
  | p + 1 => by
    simp only [outputsUpTo, promptCount, List.length_append, List.length_map, allFuns_length,
      List.length_finRange, outputsUpTo_length gen p]

/-- Every output accessible with prompts of length at most `p` is in `outputsUpTo gen p`. -/
theorem mem_outputsUpTo {V L : Nat} (gen : Model V L) :
    ∀ p y, AccessibleLe gen p y → y ∈ outputsUpTo gen p
  | 0, y, ⟨i, hi, x, hx⟩ => by
    have : i = 0 := by omega
    subst this
    exact List.mem_map.mpr ⟨x, mem_allFuns _ 0 x (fun j => j.elim0), hx⟩
  | p + 1, y, ⟨i, hi, x, hx⟩ => by
    simp only [outputsUpTo, List.mem_append]
    by_cases hip : i ≤ p
    · exact Or.inl (mem_outputsUpTo gen p y ⟨i, hip, x, hx⟩)
    · have : i = p + 1 := by omega
      subst this
      exact Or.inr (List.mem_map.mpr
        ⟨x, mem_allFuns _ _ x (fun j => List.mem_finRange (x j)), hx⟩)

/-- **Counting bound, prompts of length at most `p`**: every duplicate-free list of outputs
accessible with prompts of length at most `p` has at most `Σ_{i ≤ p} V^i` entries. -/
theorem accessibleLe_length_le {V L : Nat} (gen : Model V L) (p : Nat)
    (ys : List (Fin L → Fin V)) (hnd : ys.Nodup) (hacc : ∀ y, y ∈ ys → AccessibleLe gen p y) :
    ys.length ≤ promptCount V p := by
  have h := length_le_of_nodup_subset ys (outputsUpTo gen p) hnd
    (fun y hy => mem_outputsUpTo gen p y (hacc y hy))
  rwa [outputsUpTo_length] at h

/-- For `V ≥ 2`, `Σ_{i ≤ p} V^i ≤ 2 V^p`. -/
theorem promptCount_le {V : Nat} (hV : 2 ≤ V) : ∀ p, promptCount V p ≤ 2 * V ^ p
  | 0 => by simp [promptCount]
  | p + 1 => by
    have ih := promptCount_le hV p
    have h : 2 * V ^ p ≤ V ^ (p + 1) := by
      rw [Nat.pow_succ, Nat.mul_comm (V ^ p) V]
      exact Nat.mul_le_mul_right _ hV
    show promptCount V p + V ^ (p + 1) ≤ 2 * V ^ (p + 1)
    omega

/-- For `V ≥ 2`, `Σ_{i ≤ p} V^i < V^(p+1)`. -/
theorem promptCount_lt {V : Nat} (hV : 2 ≤ V) : ∀ p, promptCount V p < V ^ (p + 1)
  | 0 => by simp [promptCount]; omega
  | p + 1 => by
    have ih := promptCount_lt hV p
    have h : 2 * V ^ (p + 1) ≤ V ^ (p + 2) := by
      rw [Nat.pow_succ V (p + 1), Nat.mul_comm (V ^ (p + 1)) V]
      exact Nat.mul_le_mul_right _ hV
    show promptCount V p + V ^ (p + 1) < V ^ (p + 2)
    omega

/-- **The accessible length is at most the prompt length**: if every output of length `L` over
`V ≥ 2` tokens is accessible with prompts of length at most `p`, then `L ≤ p`; so the coefficient
relating prompt length to the length of fully accessible outputs is at most `1`. -/
theorem le_of_forall_accessibleLe {V L : Nat} (hV : 2 ≤ V) (gen : Model V L) (p : Nat)
    (hall : ∀ y, AccessibleLe gen p y) : L ≤ p := by
  have h := accessibleLe_length_le gen p (allFuns (List.finRange V) L)
    (allFuns_nodup _ (nodup_finRange V) L) (fun y _ => hall y)
  rw [allFuns_length, List.length_finRange] at h
  have hlt := promptCount_lt hV p
  apply Classical.byContradiction
  intro hLp
  have : V ^ (p + 1) ≤ V ^ L := Nat.pow_le_pow_right (by omega) (by omega)
  omega

/-- **The accessible fraction decays exponentially beyond the prompt length**: for `V ≥ 2` and
`p ≤ L`, `#accessible · V^(L-p) ≤ 2 V^L`: at most a fraction `2 V^(p-L)` of the `V^L` outputs of
length `L` is accessible with prompts of length at most `p`. -/
theorem accessibleLe_fraction {V L : Nat} (hV : 2 ≤ V) (gen : Model V L) (p : Nat) (hpL : p ≤ L)
    (ys : List (Fin L → Fin V)) (hnd : ys.Nodup) (hacc : ∀ y, y ∈ ys → AccessibleLe gen p y) :
    ys.length * V ^ (L - p) ≤ 2 * V ^ L := by
  have h1 := Nat.le_trans (accessibleLe_length_le gen p ys hnd hacc) (promptCount_le hV p)
  have h := Nat.mul_le_mul_right (V ^ (L - p)) h1
  rw [Nat.mul_assoc, ← Nat.pow_add, Nat.add_sub_cancel' hpL] at h
  exact h

/-! ## Concrete instances -/

/-- A copying model: it repeats the first prompt token `L` times. -/
def repeatFirst {V p L : Nat} (hp : 0 < p) : (Fin p → Fin V) → (Fin L → Fin V) :=
  fun x _ => x ⟨0, hp⟩

/-- Instance: with `V = 2`, prompts of length `1` and outputs of length `3`, the copying model
reaches exactly the `2 = 2^1` outputs `000` and `111` of the `8` sequences. -/
theorem repeatFirst_instance_outputs :
    (allFuns (List.finRange 2) 1).map
        (fun x => finList 3 (fun t => (repeatFirst (L := 3) (Nat.succ_pos 0) x t).val)) =
      [[0, 0, 0], [1, 1, 1]] ∧ (allFuns (List.finRange 2) 3).length = 8 := by
  decide +kernel

/-- A padding model: it copies the prompt and fills the rest of the output with token `0`. -/
def padModel {V L : Nat} (hV : 0 < V) : Model V L :=
  fun i x t => if h : t.val < i then x ⟨t.val, h⟩ else ⟨0, hV⟩

/-- Instance: over `V = 2` tokens, the padding model with prompts of length at most `1` reaches
the outputs `00` (from the empty prompt and from `0`) and `10`: `3 = 1 + 2` prompts; and the
counts `Σ_{i ≤ 3} 2^i = 15 < 2^4` and `≤ 2 · 2^3`. -/
theorem padModel_instance_outputs :
    (outputsUpTo (padModel (V := 2) (L := 2) (by decide)) 1).map
        (fun y => finList 2 (fun t => (y t).val)) = [[0, 0], [0, 0], [1, 0]] ∧
      promptCount 2 1 = 3 ∧ promptCount 2 3 = 15 ∧ promptCount 2 3 < 2 ^ 4 ∧
      promptCount 2 3 ≤ 2 * 2 ^ 3 := by
  decide +kernel

/-- **The padding model reaches every output of its prompt's length**: every output `y` of length
`L` is the padding model's answer to the prompt `y` itself. -/
theorem accessibleLe_padModel {V L : Nat} (hV : 0 < V) (p : Nat) (hLp : L ≤ p) (y : Fin L → Fin V) :
    AccessibleLe (padModel hV) p y := by
  refine ⟨L, hLp, y, ?_⟩
  funext t
  show (if h : t.val < L then y ⟨t.val, h⟩ else ⟨0, hV⟩) = y t
  rw [dif_pos t.isLt]

/-- **The accessible length of the padding model is the prompt length**: over `V ≥ 2` tokens,
every output of length `L` is accessible with prompts of length at most `p` iff `L ≤ p`. So the
maximal length of fully accessible outputs grows linearly with the prompt length, with the
coefficient `1` that no model exceeds (`le_of_forall_accessibleLe`). -/
theorem forall_accessibleLe_padModel_iff {V L : Nat} (hV : 2 ≤ V) (p : Nat) :
    (∀ y : Fin L → Fin V, AccessibleLe (padModel (by omega)) p y) ↔ L ≤ p :=
  ⟨fun h => le_of_forall_accessibleLe hV _ p h, fun hLp y => accessibleLe_padModel _ p hLp y⟩

/-! ## Satisfiability witnesses -/

/-- Every output of length `1` over `2` tokens is accessible for the padding model with prompts
of length at most `1`. -/
theorem forall_accessibleLe_padModel :
    ∀ y, AccessibleLe (padModel (V := 2) (L := 1) (by decide)) 1 y := by
  intro y
  refine ⟨1, Nat.le_refl 1, y, ?_⟩
  funext t
  show (if h : t.val < 1 then y ⟨t.val, h⟩ else ⟨0, by decide⟩) = y t
  rw [dif_pos t.isLt]

/-- `accessibleLe_padModel` applied to the output `10` over `2` tokens and prompts of length `3`. -/
theorem accessibleLe_padModel_satisfiable :
    AccessibleLe (padModel (V := 2) (L := 2) (by decide)) 3 (fun t => if t.val = 0 then 1 else 0) :=
  accessibleLe_padModel (by decide) 3 (by decide) _

/-- `forall_accessibleLe_padModel_iff` applied to outputs of length `2` and prompts of length at
most `3` over `2` tokens. -/
theorem forall_accessibleLe_padModel_iff_satisfiable :
    (∀ y : Fin 2 → Fin 2, AccessibleLe (padModel (by omega)) 3 y) ↔ 2 ≤ 3 :=
  forall_accessibleLe_padModel_iff (Nat.le_refl 2) 3

/-- The two constant outputs `000` and `111` of length `3` over `2` tokens. -/
def constOutputs : List (Fin 3 → Fin 2) := [fun _ => 0, fun _ => 1]

/-- The two outputs `0` and `1` of length `1` over `2` tokens. -/
def unitOutputs : List (Fin 1 → Fin 2) := [fun _ => 0, fun _ => 1]

/-- `constOutputs` has no duplicates. -/
theorem constOutputs_nodup : constOutputs.Nodup :=
  List.nodup_cons.mpr ⟨fun h => by
    simp only [List.mem_cons, List.not_mem_nil, or_false] at h
    exact absurd (congrFun h 0) (by decide), List.nodup_cons.mpr ⟨by simp, List.nodup_nil⟩⟩

/-- `unitOutputs` has no duplicates. -/
theorem unitOutputs_nodup : unitOutputs.Nodup :=
  List.nodup_cons.mpr ⟨fun h => by
    simp only [List.mem_cons, List.not_mem_nil, or_false] at h
    exact absurd (congrFun h 0) (by decide), List.nodup_cons.mpr ⟨by simp, List.nodup_nil⟩⟩

/-- Both constant outputs are accessible for the copying model with prompts of length `1`. -/
theorem constOutputs_accessible :
    ∀ y, y ∈ constOutputs → Accessible (repeatFirst (V := 2) (p := 1) (L := 3) (Nat.succ_pos 0)) y := by
  intro y hy
  simp only [constOutputs, List.mem_cons, List.not_mem_nil, or_false] at hy
  rcases hy with rfl | rfl
  · exact ⟨fun _ => 0, rfl⟩
  · exact ⟨fun _ => 1, rfl⟩

/-- `accessible_length_le` applied to the copying model and its two outputs. -/
theorem accessible_length_le_satisfiable : constOutputs.length ≤ 2 ^ 1 :=
  accessible_length_le (repeatFirst (Nat.succ_pos 0)) constOutputs constOutputs_nodup
    constOutputs_accessible

/-- `accessible_fraction` applied to the copying model and its two outputs. -/
theorem accessible_fraction_satisfiable : constOutputs.length * 2 ^ (3 - 1) ≤ 2 ^ 3 :=
  accessible_fraction (by decide) (repeatFirst (Nat.succ_pos 0)) constOutputs constOutputs_nodup
    constOutputs_accessible

/-- `accessibleLe_length_le` applied to the padding model and its two outputs of length `1`. -/
theorem accessibleLe_length_le_satisfiable : unitOutputs.length ≤ promptCount 2 1 :=
  accessibleLe_length_le (padModel (by decide)) 1 unitOutputs unitOutputs_nodup
    (fun y _ => forall_accessibleLe_padModel y)

/-- `promptCount_le` applied to `V = 2`. -/
theorem promptCount_le_satisfiable : promptCount 2 3 ≤ 2 * 2 ^ 3 :=
  promptCount_le (by decide) 3

/-- `promptCount_lt` applied to `V = 2`. -/
theorem promptCount_lt_satisfiable : promptCount 2 3 < 2 ^ (3 + 1) :=
  promptCount_lt (by decide) 3

/-- `le_of_forall_accessibleLe` applied to the padding model: outputs of length `1` are all
accessible with prompts of length at most `1`. -/
theorem le_of_forall_accessibleLe_satisfiable : 1 ≤ 1 :=
  le_of_forall_accessibleLe (by decide) (padModel (V := 2) (L := 1) (by decide)) 1
    forall_accessibleLe_padModel

/-- `accessibleLe_fraction` applied to the padding model and its two outputs of length `1`. -/
theorem accessibleLe_fraction_satisfiable : unitOutputs.length * 2 ^ (1 - 1) ≤ 2 * 2 ^ 1 :=
  accessibleLe_fraction (by decide) (padModel (by decide)) 1 (Nat.le_refl 1) unitOutputs
    unitOutputs_nodup (fun y _ => forall_accessibleLe_padModel y)

end MLTheory.PromptCount

end
