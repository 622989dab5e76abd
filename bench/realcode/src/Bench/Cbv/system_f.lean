-- Adapted from https://github.com/leanprover/lean4, file `tests/bench/cbv/system_f.lean`, commit 722813105dfd350b11db1de7ccb7b511528e7449.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: first part only (through `end ReflTransClosure`); `import Lean` dropped (core only); Coq comments removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

/-!
# System F - Ported from Coq/Rocq

This file is a translation of the Rocq case study from:

  *Definitional Proof Irrelevance Made Accessible*
  Thiago Felicissimo, Yann Leray, Loïc Pujet, Nicolas Tabareau, Éric Tanter,
  Théo Winterhalter

Used with permission of the authors.
-/


/-- Binary trees with binders (using de Bruijn indices).
    The parameter `A` is a phantom type allowing different notations
    for λ-terms vs System F types. -/
inductive MakeTree (A : Type) : Type where
  | Leaf : Nat → MakeTree A
  | Bind : MakeTree A → MakeTree A
  | Node : MakeTree A → MakeTree A → MakeTree A
deriving Repr, DecidableEq

namespace MakeTree

variable {A : Type}

/-- Shift free variables with index >= d by 1 -/
def shift (depth : Nat) : MakeTree A → MakeTree A
  | Leaf n => if depth ≤ n then Leaf (n + 1) else Leaf n
  | Bind t => Bind (shift (depth + 1) t)
  | Node t1 t2 => Node (shift depth t1) (shift depth t2)

-- Notation: we'll use ↑ for shift
scoped notation "↑[" d "]" t => shift d t

@[simp, grind =]
theorem shift_leaf_ge {d n : Nat} (h : n ≥ d) : shift d (Leaf n : MakeTree A) = Leaf (n + 1) := by
  grind [shift]

@[simp, grind =]
theorem shift_leaf_lt {d n : Nat} (h : n < d) : shift d (Leaf n : MakeTree A) = Leaf n := by
  grind [shift]

@[simp, grind =]
theorem shift_bind (d : Nat) (t : MakeTree A) : shift d (Bind t) = Bind (shift (d + 1) t) := rfl

@[simp, grind =]
theorem shift_node (d : Nat) (t t' : MakeTree A) : shift d (Node t t') = Node (shift d t) (shift d t') := rfl

/-- Shifting commutes in a specific way
    Coq: `shift_shift : forall (d d' : nat) (t : Tree), d' <= d -> ↑d'(↑d t) = ↑(S d)(↑d' t)` -/
@[grind _=_]
theorem shift_shift {d d' : Nat} (t : MakeTree A) (h : d' ≤ d) :
    shift d' (shift d t) = shift (d + 1) (shift d' t) := by
  induction t generalizing d d' <;> grind

/-- Substitute t' for variable n in tree, decreasing variables > n -/
def substitute (n : Nat) (tree : MakeTree A) (tree' : MakeTree A) : MakeTree A :=
  match tree with
  | Leaf m =>
    if m = n then tree'
    else if m > n then Leaf (m - 1)
    else Leaf m
  | Bind t => Bind (substitute (n + 1) t (shift 0 tree'))
  | Node t1 t2 => Node (substitute n t1 tree') (substitute n t2 tree')

-- Notation for substitution
scoped notation t "[" n " ↦ " u "]" => substitute n t u

@[simp, grind =]
theorem substitute_leaf_eq (n : Nat) (t : MakeTree A) : substitute n (Leaf n) t = t := by
  grind [substitute]

@[simp, grind =]
theorem substitute_leaf_gt {n m : Nat} (t : MakeTree A) (h : m > n) :
    substitute n (Leaf m) t = Leaf (m - 1) := by
  grind [substitute]

@[simp, grind =]
theorem substitute_leaf_lt {n m : Nat} (t : MakeTree A) (h : m < n) :
    substitute n (Leaf m) t = Leaf m := by
  grind [substitute]

@[simp, grind =]
theorem substitute_bind (n : Nat) (t t' : MakeTree A) :
    substitute n (Bind t) t' = Bind (substitute (n + 1) t (shift 0 t')) := rfl

@[simp, grind =]
theorem substitute_node (n : Nat) (t1 t2 t' : MakeTree A) :
    substitute n (Node t1 t2) t' = Node (substitute n t1 t') (substitute n t2 t') := rfl

/-- Shifting a term and then substituting at a shifted position cancels out -/
@[grind =]
theorem shift_substitute3 (d : Nat) (t t' : MakeTree A) :
    substitute d (shift d t) t' = t := by
  induction t generalizing d t' <;> grind

/-- First shift-substitute interaction lemma -/
@[grind =]
theorem shift_substitute1 {n d : Nat} (t t' : MakeTree A) (h : d ≤ n) :
    substitute (n + 1) (shift d t) (shift d t') = shift d (substitute n t t') := by
  induction t generalizing n d t' <;> grind [shift, substitute]

/-- Second shift-substitute interaction lemma -/
@[grind =]
theorem shift_substitute2 {n d : Nat} (t t' : MakeTree A) (h : d ≥ n) :
    substitute n (shift (d + 1) t) (shift d t') = shift d (substitute n t t') := by
  induction t generalizing n d t' <;> grind

/-- Substitution composition lemma -/
theorem substitute_substitute {n n' : Nat} (t t' t'' : MakeTree A) (h : n ≤ n') :
    substitute n' (substitute n t t') t'' =
    substitute n (substitute (n' + 1) t (shift n t'')) (substitute n' t' t'') := by
  induction t generalizing n n' t' t'' <;> grind [substitute]

/-- Returns the least upper bound on free variable indices (plus one) -/
def freeVar : MakeTree A → Nat
  | Leaf n => n + 1
  | Bind t => (freeVar t) - 1
  | Node t1 t2 => max (freeVar t1) (freeVar t2)

@[simp, grind =]
theorem freeVar_leaf (n : Nat) : freeVar (Leaf n : MakeTree A) = n + 1 := rfl

@[simp, grind =]
theorem freeVar_bind (t : MakeTree A) : freeVar (Bind t) = freeVar t - 1 := rfl

@[simp, grind =]
theorem freeVar_node (t1 t2 : MakeTree A) : freeVar (Node t1 t2) = max (freeVar t1) (freeVar t2) := rfl

/-- If d >= freeVar t, then shifting by d doesn't change t -/
@[grind =]
theorem shift_freeVar (t : MakeTree A) (d : Nat) (h : d ≥ freeVar t) :
    shift d t = t := by
  induction t generalizing d <;> grind [shift]

/-- If n >= freeVar t, then substituting for variable n doesn't change t -/
@[grind =]
theorem substitute_freeVar (t : MakeTree A) (n : Nat) (t' : MakeTree A) (h : n ≥ freeVar t) :
    substitute n t t' = t := by
  induction t generalizing n t' <;> grind

/-- Coq: Lemma id_substitute_shift_substitute : forall (t : Tree) (n p : nat),
      n >= free_var t -> (↑p (t[p↦#n]))[S n↦#p] = t.
    This states that substitution of a big enough variable can be reverted. -/
@[grind =]
theorem id_substitute_shift_substitute (t : MakeTree A) (n p : Nat) (h : n ≥ freeVar t) :
    substitute (n + 1) (shift p (substitute p t (Leaf n))) (Leaf p) = t := by
  induction t generalizing n p <;> grind

/-- Shift all trees in a list by depth d -/
def shiftList (depth : Nat) (trees : List (MakeTree A)) : List (MakeTree A) :=
  trees.map (shift depth)

-- Notation: ⇑ for shiftList
scoped notation "⇑[" d "]" ts => shiftList d ts

@[simp, grind =]
theorem shiftList_nil (d : Nat) : shiftList d ([] : List (MakeTree A)) = [] := rfl

@[simp, grind =]
theorem shiftList_cons (d : Nat) (t : MakeTree A) (trees : List (MakeTree A)) :
    shiftList d (t :: trees) = shift d t :: shiftList d trees := rfl

@[simp, grind =]
theorem shiftList_length (d : Nat) (trees : List (MakeTree A)) :
    (shiftList d trees).length = trees.length := by
  grind [shiftList]

@[grind =]
theorem shiftList_getD (d : Nat) (trees : List (MakeTree A)) (n : Nat) (t : MakeTree A) :
    (shiftList d trees).getD n (shift d t) = shift d (trees.getD n t) := by
  simp only [shiftList, List.getD_eq_getElem?_getD, List.getElem?_map, Option.getD_map]

@[grind =]
theorem shiftList_shiftList {d d' : Nat} (trees : List (MakeTree A)) (h : d' ≤ d) :
    shiftList d' (shiftList d trees) = shiftList (d + 1) (shiftList d' trees) := by
  induction trees with
  | nil => rfl
  | cons t ts ih =>
    simp only [shiftList_cons, shift_shift _ h, ih]

/-- Parallel substitution: substitute the mth element of subst for free variable n+m,
    and decrease all free variables >= n + length subst by length subst -/
def substituteList (n : Nat) (tree : MakeTree A) (subst : List (MakeTree A)) : MakeTree A :=
  match tree with
  | Leaf m =>
    if n ≤ m then subst.getD (m - n) (Leaf (m - subst.length))
    else Leaf m
  | Bind t => Bind (substituteList (n + 1) t (shiftList 0 subst))
  | Node t1 t2 => Node (substituteList n t1 subst) (substituteList n t2 subst)

-- Notation for substituteList
scoped notation t "[[" n " ↦ " s "]]" => substituteList n t s

@[simp, grind =]
theorem substituteList_leaf_ge {n m : Nat} (s : List (MakeTree A)) (h : m ≥ n) :
    substituteList n (Leaf m) s = s.getD (m - n) (Leaf (m - s.length)) := by
  grind [substituteList]

@[simp, grind =]
theorem substituteList_leaf_lt {n m : Nat} (s : List (MakeTree A)) (h : m < n) :
    substituteList n (Leaf m : MakeTree A) s = Leaf m := by
  grind [substituteList]

@[simp, grind =]
theorem substituteList_bind (n : Nat) (t : MakeTree A) (s : List (MakeTree A)) :
    substituteList n (Bind t) s = Bind (substituteList (n + 1) t (shiftList 0 s)) := rfl

@[simp, grind =]
theorem substituteList_node (n : Nat) (t1 t2 : MakeTree A) (s : List (MakeTree A)) :
    substituteList n (Node t1 t2) s = Node (substituteList n t1 s) (substituteList n t2 s) := rfl

@[grind =]
theorem substituteList_nil (n : Nat) (t : MakeTree A) : substituteList n t [] = t := by
  induction t generalizing n <;> grind

@[grind =]
theorem substituteList_cons (n : Nat) (t : MakeTree A) (s : List (MakeTree A)) (t' : MakeTree A) :
    substituteList n t (t' :: s) = substitute n (substituteList (n + 1) t (shiftList n s)) t' := by
  induction t generalizing n s t' <;> grind [shiftList]

theorem substituteList_id_gen (t : MakeTree A) (d n : Nat) (h : freeVar t ≤ d + n) :
    substituteList d t (List.map (fun i => Leaf (A := A) (d + i)) (List.range n)) = t := by
  induction t generalizing d n with
  | Leaf m =>
    grind
  | Bind t ih =>
    congr 1
    have hshift : shiftList 0 (List.map (fun i => Leaf (A := A) (d + i)) (List.range n)) =
                  List.map (fun i => Leaf (A := A) ((d + 1) + i)) (List.range n) := by
      simp only [shiftList, List.map_map]
      congr 1
      grind
    grind [shiftList]
  | Node t1 t2 ih1 ih2 =>
    grind

theorem substituteList_id (t : MakeTree A) (n : Nat) (h : freeVar t ≤ n) :
    substituteList 0 t (List.map (Leaf (A := A)) (List.range n)) = t := by
  have hgen := substituteList_id_gen t 0 n (by grind)
  simp only [Nat.zero_add] at hgen
  exact hgen

end MakeTree

/-- A relation R is confluent if whenever t reduces to both t' and t'',
    there exists t''' such that both t' and t'' reduce to t''' -/
def Confluent {A : Type} (R : A → A → Prop) : Prop :=
  ∀ t t' t'', R t t' → R t t'' → ∃ t''', R t' t''' ∧ R t'' t'''

/-- Reflexive transitive closure of a relation -/
@[grind]
inductive ReflTransClosure {A : Type} (R : A → A → Prop) : A → A → Prop where
  | refl : ∀ t, ReflTransClosure R t t
  | trans : ∀ t t' t'', R t t' → ReflTransClosure R t' t'' → ReflTransClosure R t t''

namespace ReflTransClosure

variable {A : Type} {R : A → A → Prop}

theorem refl_trans_refl (t : A) : ReflTransClosure R t t := refl t

theorem refl_trans_trans {t t' t'' : A} (h1 : ReflTransClosure R t t') (h2 : ReflTransClosure R t' t'') :
    ReflTransClosure R t t'' := by
  induction h1 with
  | refl _ => exact h2
  | trans _ _ _ hstep _ ih => exact trans _ _ _ hstep (ih h2)

theorem refl_trans_confluent (hconf : Confluent R) : Confluent (ReflTransClosure R) := by
  have aux : ∀ t t' t'', ReflTransClosure R t t' → R t t'' → ∃ t''', R t' t''' ∧ ReflTransClosure R t'' t''' := by
    intro t t' t'' hred
    induction hred generalizing t'' with
    | refl _ =>
      intro hstep
      exact ⟨t'', hstep, refl _⟩
    | trans _ _ _ hstep0 _ ih =>
      intro hstep''
      obtain ⟨w, hredw1, hredw2⟩ := hconf _ _ _ hstep0 hstep''
      obtain ⟨u, hredu1, hredu2⟩ := ih _ hredw1
      exact ⟨u, hredu1, trans _ _ _ hredw2 hredu2⟩
  intro t t' t'' hred' hred''
  induction hred'' generalizing t' with
  | refl _ =>
    exact ⟨t', refl _, hred'⟩
  | trans _ _ _ hstep0'' _ ih =>
    obtain ⟨w, hredw1, hredw2⟩ := aux _ _ _ hred' hstep0''
    obtain ⟨u, hredu1, hredu2⟩ := ih _ hredw2
    exact ⟨u, refl_trans_trans (trans _ _ _ hredw1 (refl _)) hredu1, hredu2⟩

theorem refl_trans_incl {R' : A → A → Prop}
    (hinc : ∀ t t', R t t' → ReflTransClosure R' t t')
    {t t' : A} (hred : ReflTransClosure R t t') : ReflTransClosure R' t t' := by
  induction hred with
  | refl _ => grind
  | trans _ _ _ hstep _ ih => apply refl_trans_trans (hinc _ _ hstep) <;> grind

end ReflTransClosure
