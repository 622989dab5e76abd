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

**Scope (special case).** This is the counting core of the paper's bound, for prompts of one fixed
length `p`; the paper's statements on the maximal accessible length and its linear coefficient
are not formalised here.

Concrete instances (`_instance_`, by `decide +kernel`) list the outputs of a copying model.
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

end MLTheory.PromptCount

end
