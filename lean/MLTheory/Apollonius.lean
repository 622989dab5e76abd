/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

public import MLTheory.BalancedCode

/-!
# The max-competitor squared-ratio score: its sublevel sets are unions of Apollonius balls

Source: `004_725b34af8153ec2b.txt`, line 24 (for balanced equal-norm codes "an auxiliary
squared ratio score has sublevel sets that are exact unions of Euclidean balls").

The project's reading of the auxiliary score, exactly over `Rat` and in every dimension: for a
code `μ : Fin C → (Fin d → Rat)` with `C ≥ 2` prototypes and a class `c`, the *max-competitor
squared ratio* of `x` is `‖x - μ_c‖² / max_{c' ≠ c} ‖x - μ_{c'}‖²` (`maxCompetitor`,
`ratioScore`). For `0 ≤ λ < 1`:

* `‖x - μ_c‖² ≤ λ · max_{c' ≠ c} ‖x - μ_{c'}‖²` iff `x` lies in one of the `C - 1` closed balls
  `B(c, c')` of centre `(μ_c - λ μ_{c'}) / (1 - λ)` and squared radius
  `λ ‖μ_c - μ_{c'}‖² / (1 - λ)²` (`sqDist_le_mul_maxCompetitor_iff`): the sublevel set, with the
  denominator cleared, is exactly a union of Apollonius balls;
* where the maximum is positive the score itself has the same sublevel set
  (`ratioScore_le_iff`), and the set of points accepted by some class is the union of all
  `C (C - 1)` balls (`exists_ratioScore_le_iff`).

The balls come from the Apollonius identity of `MLTheory.BalancedCode`; nothing here needs the
code to be balanced or equal-norm, so the statements hold for those codes in particular. The
bracketing of the operational distance-ratio score is not formalised.

The concrete instance (`_instance_`, by `decide +kernel`) evaluates the score's pieces for the
rational triangle code in `ℚ³`; the `_satisfiable` theorems apply each theorem with hypotheses.
-/

@[expose] public section

noncomputable section

namespace MLTheory.Apollonius

open MLTheory.BalancedCode

/-- The larger of two rationals. -/
def rmax (a b : Rat) : Rat := if a ≤ b then b else a

/-- The largest value of `f` on the list `l`, and `0` on the empty list (the values used below are
squared distances, so `0` is below all of them). -/
def listMax {α : Type} (f : α → Rat) : List α → Rat
  | [] => 0
  | a :: l => rmax (f a) (listMax f l)

/-- Every value on the list is at most the maximum. -/
theorem le_listMax {α : Type} (f : α → Rat) : ∀ (l : List α) (a : α), a ∈ l → f a ≤ listMax f l
  | [], _, h => by simp at h
  | b :: l, a, h => by
    have ih := le_listMax f l a
    show f a ≤ rmax (f b) (listMax f l)
    unfold rmax
    rcases List.mem_cons.mp h with rfl | h'
    · by_cases hb : f a ≤ listMax f l
      · rw [if_pos hb]; exact hb
      · rw [if_neg hb]; exact Rat.le_refl
    · have := ih h'
      by_cases hb : f b ≤ listMax f l
      · rw [if_pos hb]; exact this
      · rw [if_neg hb]; grind

/-- On a non-empty list of non-negative values, the maximum is attained. -/
theorem exists_eq_listMax {α : Type} (f : α → Rat) (hf : ∀ a, 0 ≤ f a) :
    ∀ (l : List α), l ≠ [] → ∃ a, a ∈ l ∧ listMax f l = f a
  | [], h => absurd rfl h
  | b :: l, _ => by
    show ∃ a, a ∈ b :: l ∧ rmax (f b) (listMax f l) = f a
    unfold rmax
    by_cases hb : f b ≤ listMax f l
    · rw [if_pos hb]
      cases l with
      | nil =>
        refine ⟨b, List.mem_cons_self, ?_⟩
        have := hf b
        show (0 : Rat) = f b
        have : f b ≤ 0 := hb
        grind
      | cons c l =>
        obtain ⟨a, ha, he⟩ := exists_eq_listMax f hf (c :: l) (by simp)
        exact ⟨a, List.mem_cons_of_mem _ ha, he⟩
    · rw [if_neg hb]
      exact ⟨b, List.mem_cons_self, rfl⟩

/-- The competitors of class `c`: every other class. -/
def competitors (C : Nat) (c : Fin C) : List (Fin C) := (List.finRange C).filter (fun c' => c' ≠ c)

/-- The competitors of `c` are exactly the classes `c' ≠ c`. -/
theorem mem_competitors {C : Nat} (c c' : Fin C) : c' ∈ competitors C c ↔ c' ≠ c := by
  unfold competitors
  simp [List.mem_filter, List.mem_finRange]

/-- With at least two classes, every class has a competitor. -/
theorem competitors_ne_nil {C : Nat} (hC : 2 ≤ C) (c : Fin C) : competitors C c ≠ [] := by
  intro h
  have hc' : (if c.val = 0 then (⟨1, by omega⟩ : Fin C) else ⟨0, by omega⟩) ∈ competitors C c := by
    rw [mem_competitors]
    intro he
    by_cases h0 : c.val = 0
    · rw [if_pos h0] at he
      have := congrArg Fin.val he
      simp at this
      omega
    · rw [if_neg h0] at he
      have := congrArg Fin.val he
      simp at this
      omega
  rw [h] at hc'
  simp at hc'

/-- The largest squared distance from `x` to a competing prototype, `max_{c' ≠ c} ‖x - μ_{c'}‖²`. -/
def maxCompetitor {C d : Nat} (μ : Fin C → Fin d → Rat) (c : Fin C) (x : Fin d → Rat) : Rat :=
  listMax (fun c' => sqDist x (μ c')) (competitors C c)

/-- The max-competitor squared-ratio score `‖x - μ_c‖² / max_{c' ≠ c} ‖x - μ_{c'}‖²`. -/
def ratioScore {C d : Nat} (μ : Fin C → Fin d → Rat) (c : Fin C) (x : Fin d → Rat) : Rat :=
  sqDist x (μ c) / maxCompetitor μ c x

/-- The squared radius `λ ‖a - b‖² / (1 - λ)²` of the Apollonius ball of `a` against `b`. -/
def radiusSq {d : Nat} (l : Rat) (a b : Fin d → Rat) : Rat := l * (1 - l)⁻¹ * (1 - l)⁻¹ * sqDist a b

/-- **Sublevel sets are unions of Apollonius balls** (denominator cleared): for `C ≥ 2` and
`0 ≤ λ < 1`, `‖x - μ_c‖² ≤ λ max_{c' ≠ c} ‖x - μ_{c'}‖²` iff for some competitor `c' ≠ c`, `x` is
in the closed ball of centre `(μ_c - λ μ_{c'}) / (1 - λ)` and squared radius
`λ ‖μ_c - μ_{c'}‖² / (1 - λ)²`. -/
theorem sqDist_le_mul_maxCompetitor_iff {C d : Nat} (hC : 2 ≤ C) (μ : Fin C → Fin d → Rat)
    (c : Fin C) (l : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1) (x : Fin d → Rat) :
    sqDist x (μ c) ≤ l * maxCompetitor μ c x ↔
      ∃ c', c' ≠ c ∧ sqDist x (centre l (μ c) (μ c')) ≤ radiusSq l (μ c) (μ c') := by
  have hball := fun c' => sqDist_le_mul_sqDist_iff_ball l hl0 hl1 x (μ c) (μ c')
  constructor
  · intro h
    obtain ⟨c', hc', he⟩ := exists_eq_listMax (fun c' => sqDist x (μ c'))
      (fun c' => sqDist_nonneg x (μ c')) (competitors C c) (competitors_ne_nil hC c)
    refine ⟨c', (mem_competitors c c').mp hc', (hball c').mp ?_⟩
    unfold maxCompetitor at h
    rw [he] at h
    exact h
  · rintro ⟨c', hc', hin⟩
    have h1 := (hball c').mpr hin
    have h2 := le_listMax (fun c' => sqDist x (μ c')) (competitors C c) c'
      ((mem_competitors c c').mpr hc')
    have h3 : l * sqDist x (μ c') ≤ l * maxCompetitor μ c x :=
      Rat.mul_le_mul_of_nonneg_left h2 hl0
    exact Rat.le_trans h1 h3

/-- **The score's sublevel set**: where `max_{c' ≠ c} ‖x - μ_{c'}‖² > 0` (for instance when `x` is
not at every competing prototype), `ratioScore μ c x ≤ λ` iff `x` lies in one of the balls
`B(c, c')`, `c' ≠ c`. -/
theorem ratioScore_le_iff {C d : Nat} (hC : 2 ≤ C) (μ : Fin C → Fin d → Rat) (c : Fin C)
    (l : Rat) (hl0 : 0 ≤ l) (hl1 : l < 1) (x : Fin d → Rat) (hpos : 0 < maxCompetitor μ c x) :
    ratioScore μ c x ≤ l ↔
      ∃ c', c' ≠ c ∧ sqDist x (centre l (μ c) (μ c')) ≤ radiusSq l (μ c) (μ c') := by
  rw [← sqDist_le_mul_maxCompetitor_iff hC μ c l hl0 hl1 x]
  unfold ratioScore
  have hne : maxCompetitor μ c x ≠ 0 := by grind
  have hcancel : sqDist x (μ c) / maxCompetitor μ c x * maxCompetitor μ c x = sqDist x (μ c) :=
    Rat.div_mul_cancel hne
  generalize sqDist x (μ c) / maxCompetitor μ c x = r at hcancel ⊢
  generalize maxCompetitor μ c x = m at hcancel hpos ⊢
  rw [← hcancel]
  constructor
  · intro h
    have := Rat.mul_le_mul_of_nonneg_right h (Rat.le_of_lt hpos)
    grind
  · intro h
    apply Classical.byContradiction
    intro hn
    have hlt : l < r := by grind
    have := Rat.mul_lt_mul_of_pos_right hlt hpos
    grind

/-- **The accepted set is a union of balls**: the points that some class accepts (score at most
`λ`, maximum positive) are exactly the points in one of the `C (C - 1)` balls `B(c, c')`. -/
theorem exists_ratioScore_le_iff {C d : Nat} (hC : 2 ≤ C) (μ : Fin C → Fin d → Rat) (l : Rat)
    (hl0 : 0 ≤ l) (hl1 : l < 1) (x : Fin d → Rat) (hpos : ∀ c, 0 < maxCompetitor μ c x) :
    (∃ c, ratioScore μ c x ≤ l) ↔
      ∃ c c', c' ≠ c ∧ sqDist x (centre l (μ c) (μ c')) ≤ radiusSq l (μ c) (μ c') :=
  ⟨fun ⟨c, h⟩ => ⟨c, (ratioScore_le_iff hC μ c l hl0 hl1 x (hpos c)).mp h⟩,
   fun ⟨c, h⟩ => ⟨c, (ratioScore_le_iff hC μ c l hl0 hl1 x (hpos c)).mpr h⟩⟩

/-! ## A concrete code -/

/-- The point `(1, 0, 0)`. -/
def pointE0 : Fin 3 → Rat := fun i => if i.val = 0 then 1 else 0

/-- Instance: for the triangle code, class `0`, `x = (1, 0, 0)` and `λ = 1/4`: `‖x - μ₀‖² = 1`,
the competitors are at `3` and `5`, so `max = 5` and `1 ≤ λ · 5`; accordingly `x` is in the ball
against `μ₂` (`‖x - centre‖² = 7/3 ≤ 8/3`) but not in the one against `μ₁` (`3 > 8/3`), and the
score is `1/5`. -/
theorem apollonius_instance_triangle :
    sqDist pointE0 (triangle 0) = 1 ∧ maxCompetitor triangle 0 pointE0 = 5 ∧
      sqDist pointE0 (centre (1 / 4) (triangle 0) (triangle 2)) = 7 / 3 ∧
      radiusSq (1 / 4) (triangle 0) (triangle 2) = 8 / 3 ∧
      sqDist pointE0 (centre (1 / 4) (triangle 0) (triangle 1)) = 3 ∧
      radiusSq (1 / 4) (triangle 0) (triangle 1) = 8 / 3 ∧
      ratioScore triangle 0 pointE0 = 1 / 5 := by
  decide +kernel

/-! ## Satisfiability witnesses -/

/-- `exists_eq_listMax` applied to the squared distances from `(1, 0, 0)` to the competitors of
class `0` of the triangle code. -/
theorem exists_eq_listMax_satisfiable :
    ∃ a, a ∈ competitors 3 0 ∧
      listMax (fun c' => sqDist pointE0 (triangle c')) (competitors 3 0) =
        sqDist pointE0 (triangle a) :=
  exists_eq_listMax (fun c' => sqDist pointE0 (triangle c')) (fun c' => sqDist_nonneg _ _)
    (competitors 3 0) (by decide)

/-- `le_listMax` applied to the competitor `2` of class `0`. -/
theorem le_listMax_satisfiable :
    sqDist pointE0 (triangle 2) ≤ listMax (fun c' => sqDist pointE0 (triangle c')) (competitors 3 0) :=
  le_listMax (fun c' => sqDist pointE0 (triangle c')) (competitors 3 0) 2 (by decide)

/-- `competitors_ne_nil` applied to three classes. -/
theorem competitors_ne_nil_satisfiable : competitors 3 1 ≠ [] :=
  competitors_ne_nil (by decide) 1

/-- `sqDist_le_mul_maxCompetitor_iff` applied to the triangle code with `λ = 1/4`. -/
theorem sqDist_le_mul_maxCompetitor_iff_satisfiable :
    sqDist pointE0 (triangle 0) ≤ 1 / 4 * maxCompetitor triangle 0 pointE0 ↔
      ∃ c', c' ≠ 0 ∧ sqDist pointE0 (centre (1 / 4) (triangle 0) (triangle c')) ≤
        radiusSq (1 / 4) (triangle 0) (triangle c') :=
  sqDist_le_mul_maxCompetitor_iff (by decide) triangle 0 (1 / 4) (by decide +kernel) (by decide +kernel) pointE0

/-- `ratioScore_le_iff` applied to the triangle code with `λ = 1/4` (the maximum is `5 > 0`). -/
theorem ratioScore_le_iff_satisfiable :
    ratioScore triangle 0 pointE0 ≤ 1 / 4 ↔
      ∃ c', c' ≠ 0 ∧ sqDist pointE0 (centre (1 / 4) (triangle 0) (triangle c')) ≤
        radiusSq (1 / 4) (triangle 0) (triangle c') :=
  ratioScore_le_iff (by decide) triangle 0 (1 / 4) (by decide +kernel) (by decide +kernel) pointE0
    (by decide +kernel)

/-- `exists_ratioScore_le_iff` applied to the triangle code with `λ = 1/4` at `(1, 0, 0)`. -/
theorem exists_ratioScore_le_iff_satisfiable :
    (∃ c, ratioScore triangle c pointE0 ≤ 1 / 4) ↔
      ∃ c c', c' ≠ c ∧ sqDist pointE0 (centre (1 / 4) (triangle c) (triangle c')) ≤
        radiusSq (1 / 4) (triangle c) (triangle c') :=
  exists_ratioScore_le_iff (by decide) triangle (1 / 4) (by decide +kernel) (by decide +kernel) pointE0
    (by decide +kernel)

end MLTheory.Apollonius

end
