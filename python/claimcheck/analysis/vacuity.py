"""Vacuity decided by the kernel: statements that say nothing, found by proving that they do.

A theorem says nothing when its conclusion holds for no reason (``Converges f := ∀ n, f n = f n``,
``Stable := True ∧ True``) or when a hypothesis can never hold (``h : False`` after unfolding, ``e :
Empty``, ``i : Fin 0``, ``h : 1 = 2``, ``h : n < 0``, ``h : ¬True``, ``h : ∀ p : Prop, p``, an
uninhabited class). Looking at shapes misses what a definition hides; here the question is put to
claimcheck's own kernel (:mod:`claimcheck.kernel`, through the ``.olean`` front end) as a proof to
check:

1. **Trivial conclusion** (lint ``trivial-conclusion``): the candidate ``fun xs => t``, where ``t``
   is ``True.intro``, ``rfl`` (``Eq.refl``, ``HEq.refl``), ``Iff.refl``, ``And.intro`` of such (and
   ``Iff.intro`` of such implications: ``A ↔ B`` is ``(A → B) ∧ (B → A)``), or the
   constructor of a proposition structure all of whose fields are such, under the statement's
   binders and those its definitions hide. It is checked against the statement in an environment
   where the project's definitions unfold and the library's *operations* do not: a library
   definition of data (``Nat.add``, ``instOfNatNat``, ``List.length``) is an axiom there (its type
   only), recursors do not compute, and only the library's definitions of types and propositions
   (``Not``, ``Ne``, ``GE.ge``, ``Set``) and its structure projections unfold. So ``2 + 2 = 4`` or a
   ``decide +kernel`` instance ``f 3 = 7`` is never "trivial" (it is a computation), while ``f n = f
   n`` hidden behind a project definition is. Also here: the conclusion closed by a hypothesis
   (lint ``conclusion-is-hypothesis``).
2. **Unsatisfiable hypothesis** (lint ``unsatisfiable-hypothesis``): for binder ``k`` (a hypothesis
   or any binder: ``(e : Empty)`` makes a statement vacuous too), a proof of ``∀ x₁ … xₖ₋₁, Hₖ →
   False`` built from the refutations: ``False`` itself; an inductive type with no constructor
   (its recursor); a structure with a refutable field (``Fin 0``: its ``isLt`` field is ``val <
   0``); ``n < 0`` on ``Nat`` (``Nat.not_lt_zero``); ``A → B`` with ``A`` trivially true and ``B``
   refutable (``¬True``, ``a ≠ a``); ``∀ p : Prop, …`` at ``p := False``; and a closed decidable
   proposition whose ``decide`` evaluates to ``false`` (``of_decide_eq_false rfl``: ``1 = 2``, for
   ``Nat`` and ``Bool`` equations and orders and the connectives). These are checked with every
   definition unfolding (evaluation is the point).

Both are judged on the statement **with the project's definitions unfolded**: the binders a
conclusion's definitions hide (``def Safe := False → P``, ``∀ _ : Empty, P``, behind a ``let``) are
binders too (evaluated at the statement's arguments, ``Guard 5 (2 + 2 = 5)`` with ``def Guard n P
:= n < 1 → P``, unless the conclusion is a negation: ``NotBelow 5 3`` is proved by refuting what it
hides, :mod:`claimcheck.analysis.unfold`), and so are those of each part of the conclusion (the
sides of ``∧``, the fields of a proposition structure but not ``↔``, the branch of an ``if`` its
condition decides). One rule for the statement and its parts: a part the statement's own text
states (``(1 = 2 → P) ∧ Q``, behind its ``let`` or ``if``) is judged as the statement is, at its
arguments, evaluation included unless it is a negation; a part a definition or structure states is
judged in it, its parameters as variables (``def Good := (False → P) ∧ Q``'s ``False`` is a hidden
hypothesis, ``IsFirstHalt … 0``'s empty ``∀ s < 0`` is not). A proposition has alternative
candidates (``A → B``: ``A`` refuted, or ``B`` trivial); the search is memoised by the structure of
what it looks at and runs under :data:`SEARCH_FUEL`: out of it, it says nothing (no lint), it
never hangs.

Each candidate is a term of the kernel's model, checked by
:func:`claimcheck.kernel.checker.check_declaration` with a small fuel (where the kernel takes one)
in an environment of the declarations the statement reaches, as the ``.olean`` files hold them
(already checked, by Lean and by the re-check; they are added, not re-checked). Only an accepted
candidate gives a lint; a candidate the kernel rejects, declines or runs out of fuel on says
nothing, and so does a statement whose names two modules declare differently. An accepted
candidate is a proof: the lint cannot be false.
"""

from __future__ import annotations

import inspect
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from claimcheck.analysis.unfold import UNFOLD, expose, head_step, independent_fields, is_negation
from claimcheck.kernel import Environment as KernelEnvironment
from claimcheck.kernel import Outcome
from claimcheck.kernel import declarations as D
from claimcheck.kernel.checker import check_declaration, run_with_big_stack
from claimcheck.model.facts import Lint, LintKind
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Level, Lit, MData, Proj, Sort, abstract, app_spine, constants_of,
    fold, instantiate, instantiate_levels, loose_bvar_range, mk_app, strip_mdata, subterms,
)
from claimcheck.recheck.front_end import DecodeError, OleanSource, kernel_name

__all__ = ["VacuityChecker", "PROBE_FUEL"]

#: Kernel steps one candidate may take (where the kernel counts steps): a trivial proof needs few.
PROBE_FUEL = 200_000
#: Unfolding steps the candidate search takes on one proposition.
_UNFOLD = UNFOLD
#: How deep the candidate search goes (nested ``∧``, fields, binders).
_DEPTH = 32
#: Steps the candidate search of one declaration takes (unfoldings, candidates, refutations): past
#: them the search stops and says nothing (no lint: "not shown vacuous", never a hang).
SEARCH_FUEL = 20_000
#: Alternative candidates kept for one proposition (``A → B``: ``A`` refuted, or ``B`` trivial).
_ALTS = 4
#: Conclusion parts (conjuncts, fields, hidden binders) whose hypotheses are refuted.
_PARTS = 32

_ZERO = Level("zero")
_ONE = Level("succ", (_ZERO,))


def N(text: str) -> Name:
    return Name.parse(text)


_TRUE, _FALSE, _EQ, _HEQ, _IFF, _AND, _NOT = (N(x) for x in ("True", "False", "Eq", "HEq", "Iff", "And", "Not"))
_NAT, _BOOL, _LT, _LE, _OR = N("Nat"), N("Bool"), N("LT.lt"), N("LE.le"), N("Or")
_OFNAT = N("OfNat.ofNat")
_ITE, _DITE = N("ite"), N("dite")


class _NoCandidate(Exception):
    pass


class _OutOfFuel(Exception):
    """The search of one declaration spent :data:`SEARCH_FUEL`."""


@dataclass
class _Opened:
    """A statement's telescope opened: binder names, types (over earlier free variables) and the
    free variables standing for them, and the body."""

    names: list[Name]
    types: list[Expr]
    fvars: list[FVar]
    body: Expr


@dataclass
class _Item:
    """A statement or one of its parts, to judge: its telescope (the statement's binders, those
    of the parts it is in, its own), the first binder that is its own, how many of them the
    statement's text writes, where it is, and whether the statement's own text states it (else a
    definition or structure does, its parameters as variables)."""

    opened: _Opened
    start: int
    written: int
    where: str
    own: bool


class _Fresh:
    """Fresh free variables ``_vac.N`` (a telescope opened)."""

    def __init__(self) -> None:
        self._ids = itertools.count()

    def fresh(self) -> FVar:
        return FVar(Name.of("_vac", next(self._ids)))


def _closed_over(e: Expr, fvars: Sequence[FVar]) -> Expr:
    """``e`` with the free variables ``fvars`` (outermost first) bound; _NoCandidate if it has another."""
    out = abstract(e, fvars)
    if _has_fvar(out):
        raise _NoCandidate("a free variable outside the telescope")
    return out


def _has_fvar(e: Expr) -> bool:
    return any(isinstance(x, FVar) for x in subterms(e))


def _c(name: Name, *levels: Level) -> Const:
    return Const(name, tuple(levels))


def _nat_value(e: Expr) -> int | None:
    e = strip_mdata(e)
    if isinstance(e, Lit) and isinstance(e.value, int):
        return e.value
    head, args = app_spine(e)
    if isinstance(head, Const) and head.name == _OFNAT and len(args) == 3:
        inner = strip_mdata(args[1])
        if isinstance(inner, Lit) and isinstance(inner.value, int):
            return inner.value
    return None


class _Policy:
    FULL = "full"  # every definition unfolds
    OPERATIONS_OPAQUE = "operations-opaque"  # the library's data definitions are axioms


class _KernelScope:
    """A kernel environment holding the declarations candidates need, converted from the
    ``.olean`` files under one unfolding policy (added, not re-checked: they are what Lean
    checked)."""

    def __init__(self, src: OleanSource, policy: str, is_core_module: Callable[[str], bool],
                 declared_twice: Callable[[Name], bool] = lambda _n: False) -> None:
        self.src = src
        self.declared_twice = declared_twice
        self.policy = policy
        self.is_core_module = is_core_module
        self.env = KernelEnvironment(terms=src.terms)  # the terms `src` converts declarations into
        self.added: set[Name] = set()
        self.failed: set[Name] = set()

    def _keeps_value(self, ci: ConstantInfo) -> bool:
        if self.policy == _Policy.FULL or not self.is_core_module(ci.module):
            return True
        t = strip_mdata(ci.type)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        if isinstance(t, Sort):
            return True  # a definition of a type or a proposition (`Not`, `Ne`, `Set`)
        v = ci.value
        while isinstance(v, (Lam, MData)):
            v = v.body if isinstance(v, Lam) else v.expr
        return isinstance(v, Proj)  # a structure projection

    def ensure(self, roots: set[Name]) -> bool:
        """Add every declaration ``roots`` reach; False if one cannot be decoded or is declared by two
        modules (by name, the shared environment would hold one meaning for both)."""
        todo = [r for r in roots if r not in self.added]
        while todo:
            n = todo.pop()
            if n in self.added:
                continue
            if n in self.failed or self.declared_twice(n):
                self.failed.add(n)
                return False
            try:
                key = self.src.key(n)
                members = self.src.members(key)
                decl = self._declaration(key)
            except (KeyError, DecodeError):
                self.failed.add(n)
                return False
            deps: set[Name] = set()
            for m in members:
                self.added.add(m)
                try:
                    ci, _ = self.src.info(m)
                except KeyError:
                    continue
                deps |= ci.type_constants()
                if ci.kind in ("definition", "opaque") and self._keeps_value(ci):
                    deps |= ci.value_constants()
                elif ci.kind == "inductive":
                    deps |= set(ci.ctors)
            try:
                self._add(decl, key)
            except ValueError:  # a name of the block is already there under another key
                self.failed.add(n)
                return False
            todo.extend(d for d in deps if d not in self.added)
        return True

    def _declaration(self, key: Name) -> D.Declaration:
        ci, _ = self.src.info(key)
        if ci.kind in ("theorem", "definition", "opaque") and (ci.kind == "theorem" or not self._keeps_value(ci)):
            # only its type: a proof is irrelevant, an operation does not compute here
            try:
                return D.Axiom(kernel_name(key), tuple(kernel_name(p) for p in ci.level_params),
                               self.src.conv.expr(ci.type))
            except Exception as e:  # noqa: BLE001
                raise DecodeError(str(e)) from e
        return self.src.declaration(key)

    def _add(self, decl: D.Declaration, key: Name) -> None:
        env = self.env
        if isinstance(decl, D.InductiveBlock):
            for t in decl.types:
                env.add(t)
            for c in decl.ctors:
                env.add(c)
            for r in decl.recursors:
                if self.policy == _Policy.FULL:
                    env.add(r)
                else:  # recursors do not compute here
                    env.add(D.Axiom(r.name, r.level_params, r.type))
            return
        if isinstance(decl, D.Quot):
            env.add(decl)
            env.quot_initialized = True
            return
        if isinstance(decl, D.Theorem):
            env.add(D.Axiom(decl.name, decl.level_params, decl.type))  # proofs are irrelevant here
            return
        if isinstance(decl, D.Definition):
            ci, _ = self.src.info(key)
            if not self._keeps_value(ci):
                env.add(D.Axiom(decl.name, decl.level_params, decl.type))
                return
        env.add(decl)


_TAKES_FUEL = "fuel" in inspect.signature(check_declaration).parameters


class VacuityChecker:
    """The vacuity lint of declarations of one environment (one per run: it owns the kernel
    environments it fills, see the module docstring)."""

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool],
                 core_folders: Sequence[Path] = ()) -> None:
        self.env = env
        self.is_core_module = is_core_module
        self.src = OleanSource(env, list(core_folders) or None)
        self._scopes: dict[str, _KernelScope] = {}
        self._probes = itertools.count()
        self.terms = _Fresh()
        self.within: str | None = None
        self._reach: frozenset[str] = frozenset()
        self._reach_at = -1  # the number of loaded modules `_reach` was computed at
        self._begin()

    def _begin(self) -> None:
        """A fresh search state for one declaration: its fuel, and the memo tables (structural keys
        of terms, their candidates and refutations), which are keyed by ``id`` and so live no longer
        than the terms they hold."""
        self.fuel = SEARCH_FUEL
        self._key_of: dict[int, int] = {}
        self._signatures: dict[tuple, int] = {}
        self._alive: list[Expr] = []
        self._trivial_memo: dict[int, list[Expr]] = {}
        self._refute_memo: dict[tuple[int, bool], Expr | None] = {}

    def _tick(self, n: int = 1) -> None:
        self.fuel -= n
        if self.fuel < 0:
            raise _OutOfFuel

    def key(self, e: Expr) -> int:
        """A number equal for structurally equal terms (metadata and binder names aside): terms are
        hash-consed into it, each shared subterm once."""
        def combine(x: Expr, kids: list[int]) -> int:
            if isinstance(x, MData):
                return kids[0]
            if isinstance(x, Const):
                atom: object = (x.name, x.levels)
            elif isinstance(x, Sort):
                atom = x.level
            elif isinstance(x, BVar):
                atom = x.index
            elif isinstance(x, (FVar,)):
                atom = x.name
            elif isinstance(x, Lit):
                atom = (type(x.value).__name__, x.value)
            elif isinstance(x, Proj):
                atom = (x.type_name, x.index)
            else:
                atom = None
            sig = (type(x).__name__, atom, tuple(kids))
            got = self._signatures.get(sig)
            if got is None:
                got = self._signatures[sig] = len(self._signatures)
            self._alive.append(x)
            return got

        before = len(self._key_of)
        got = fold(e, combine, self._key_of)
        self._tick(1 + (len(self._key_of) - before) // 64)
        return got

    def same(self, a: Expr, b: Expr) -> bool:
        return self.key(a) == self.key(b)

    # ------------------------------------------------------------------ environment

    def scope(self, policy: str) -> _KernelScope:
        got = self._scopes.get(policy)
        if got is None:
            got = self._scopes[policy] = _KernelScope(self.src, policy, self.is_core_module, self._declared_twice)
        return got

    def find(self, name: Name) -> ConstantInfo | None:
        return self.env.find(name, within=self.within)

    def _declared_twice(self, name: Name) -> bool:
        """Whether two modules among those loaded so far and what they import declare ``name`` (the
        library's modules are not read for it: the environment's catalog says which declare it)."""
        where = self.env.declarers(name)
        if len(where) < 2:
            return False
        if self._reach_at != len(self.env.modules):
            self._reach, self._reach_at = self.env.reachable(), len(self.env.modules)
        return sum(m in self._reach for m in where) > 1

    def _consistent(self, names: set[Name]) -> bool:
        """Whether every name resolves in the declaration's module as the shared kernel environment
        resolves it (two modules declaring one name differently: no answer)."""
        for n in names:
            scoped = self.env.find(n, within=self.within)
            if scoped is not None and self.env.find(n) is not scoped:
                return False
        return True

    def _accepts(self, policy: str, level_params: tuple[Name, ...], ty: Expr, value: Expr) -> bool:
        """Whether the kernel accepts ``value`` as a proof of ``ty`` (closed reader terms)."""
        scope = self.scope(policy)
        consts = constants_of(ty) | constants_of(value)
        if not self._consistent(consts) or not scope.ensure(consts):
            return False
        try:
            conv = self.src.conv
            decl = D.Theorem((("_claimcheck_probe", next(self._probes))), tuple(kernel_name(p) for p in level_params),
                             conv.expr(ty), conv.expr(value))
        except Exception:  # noqa: BLE001 - a term the front end cannot convert: no answer
            return False
        kwargs = {"fuel": PROBE_FUEL} if _TAKES_FUEL else {}
        verdict = check_declaration(scope.env, decl, **kwargs)
        return verdict.outcome == Outcome.ACCEPTED

    # ------------------------------------------------------------------ unfolding

    def step(self, e: Expr) -> Expr | None:
        """One unfolding step of ``e``'s head (beta, zeta, delta, a projection of a constructor), or
        ``None`` when its head is stuck. (What a reader of the statement does not see through by
        itself, the binders a conclusion hides, is :func:`claimcheck.analysis.unfold.expose`'s.)"""
        self._tick()
        e = strip_mdata(e)
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, Proj):
            s = strip_mdata(head.struct)
            for _ in range(_UNFOLD):
                h2, a2 = app_spine(s)
                ci = self.find(h2.name) if isinstance(h2, Const) else None
                if ci is not None and ci.kind == "constructor":
                    ind = self.find(ci.induct) if ci.induct is not None else None
                    k = (ind.num_params or 0) + head.index if ind is not None else None
                    if k is not None and k < len(a2):
                        return mk_app(a2[k], *args)
                    return None
                nxt = self.step(s)
                if nxt is None:
                    return None
                s = strip_mdata(nxt)
            return None
        return head_step(e, self.find, lambda _ci: True)

    def unfoldings(self, e: Expr):
        """``e`` and its successive unfoldings (at most ``_UNFOLD``)."""
        for _ in range(_UNFOLD):
            yield e
            nxt = self.step(e)
            if nxt is None:
                return
            e = strip_mdata(nxt)

    def open(self, ty: Expr, limit: int | None = None, hidden: bool = True) -> _Opened:
        """The telescope of ``ty`` opened; ``hidden``: on through the binders the project's
        definitions hide in the conclusion (``def Safe := False → P``)."""
        names: list[Name] = []
        types: list[Expr] = []
        fvars: list[FVar] = []
        e = strip_mdata(ty)
        while limit is None or len(fvars) < limit:
            if hidden and not isinstance(e, ForallE):
                e = expose(e, self.find, self.is_core_module, self._tick)
            if not isinstance(e, ForallE):
                break
            fv = self.terms.fresh()
            names.append(e.binder_name)
            types.append(e.binder_type)
            fvars.append(fv)
            e = strip_mdata(instantiate(e.body, fv))
        return _Opened(names, types, fvars, e)

    def _close(self, opened: _Opened, upto: int, body: Expr, extra: Sequence[tuple[Name, Expr, FVar]] = ()) -> Expr:
        """``fun x₁ … xᵤ (extra…) => body`` over the first ``upto`` binders of ``opened``."""
        binders = list(zip(opened.names[:upto], opened.types[:upto], opened.fvars[:upto])) + list(extra)
        fvs = [b[2] for b in binders]
        out = _closed_over(body, fvs)
        for i in range(len(binders) - 1, -1, -1):
            name, ty, _fv = binders[i]
            out = Lam(name, _closed_over(ty, fvs[:i]), out, 0)
        return out

    def _pi(self, opened: _Opened, upto: int, body: Expr, extra: Sequence[tuple[Name, Expr, FVar]] = ()) -> Expr:
        binders = list(zip(opened.names[:upto], opened.types[:upto], opened.fvars[:upto])) + list(extra)
        fvs = [b[2] for b in binders]
        out = _closed_over(body, fvs)
        for i in range(len(binders) - 1, -1, -1):
            name, ty, _fv = binders[i]
            out = ForallE(name, _closed_over(ty, fvs[:i]), out, 0)
        return out

    # ------------------------------------------------------------------ trivial proofs

    def trivial(self, prop: Expr, depth: int = 0) -> Expr:
        """A candidate trivial proof of ``prop`` (raises _NoCandidate)."""
        got = self.trivials(prop, depth)
        if not got:
            raise _NoCandidate("no trivial proof")
        return got[0]

    def trivials(self, prop: Expr, depth: int = 0) -> list[Expr]:
        """Up to :data:`_ALTS` candidate trivial proofs of ``prop``, the likeliest first (memoised by
        the proposition's structure: the same proposition is searched once)."""
        self._tick()
        if depth > _DEPTH:
            return []
        k = self.key(prop)
        got = self._trivial_memo.get(k)
        if got is None:
            self._trivial_memo[k] = []  # while searching: a proposition met again inside itself has none
            got = self._trivial_memo[k] = self._trivials(prop, depth)
        return got

    def _trivials(self, prop: Expr, depth: int) -> list[Expr]:
        out: list[Expr] = []

        def add(candidates) -> None:
            for c in candidates:
                if len(out) >= _ALTS:
                    return
                out.append(c)

        for form in self.unfoldings(prop):
            if len(out) >= _ALTS:
                break
            if isinstance(form, ForallE):
                fv = self.terms.fresh()
                inner = instantiate(form.body, fv)
                # `A → B` with `A` refutable (`False → P`, `¬(P ∧ False)`): nothing is claimed
                try:
                    refutation = self.refute(form.binder_type, fv, depth + 1, decide=False)
                    add([_lam_over(form, fv, mk_app(_c(N("False.elim"), _ZERO), inner, refutation))])
                except _NoCandidate:
                    pass
                add(_lam_over(form, fv, body) for body in self.trivials(inner, depth + 1))
                break
            head, args = app_spine(form)
            head = strip_mdata(head)
            if not isinstance(head, Const):
                continue
            n = head.name
            if n == _TRUE and not args:
                add([_c(N("True.intro"))])
            elif n == _EQ and len(args) == 3:
                add([mk_app(_c(N("Eq.refl"), *head.levels), args[0], args[1])])
            elif n == _HEQ and len(args) == 4:
                add([mk_app(_c(N("HEq.refl"), *head.levels), args[0], args[1])])
            elif n == _IFF and len(args) == 2:
                add([mk_app(_c(N("Iff.refl")), args[0])])
                # `A ↔ B` is `(A → B) ∧ (B → A)`: trivial when each way is (`(∀ n, n < n → P) ↔ True`)
                a, b = args
                if loose_bvar_range(a) == 0 and loose_bvar_range(b) == 0:
                    ways = [self.trivials(ForallE(Name.of("h"), x, y, 0), depth + 1)[:1] for x, y in ((a, b), (b, a))]
                    add(mk_app(_c(N("Iff.intro")), a, b, p, q) for p in ways[0] for q in ways[1])
            elif n == _AND and len(args) == 2:
                add(mk_app(_c(N("And.intro")), args[0], args[1], a, b)
                    for a, b in itertools.product(self.trivials(args[0], depth + 1), self.trivials(args[1], depth + 1)))
            elif n == _OR and len(args) == 2:  # `P ∨ True`: one side trivial
                for side, ctor in ((1, "Or.inr"), (0, "Or.inl")):
                    add(mk_app(_c(N(ctor)), args[0], args[1], p) for p in self.trivials(args[side], depth + 1))
            elif n in (_ITE, _DITE) and len(args) == 5 and _is_prop_sort(args[0]):
                add(self._if_proofs(head, args, depth))
            else:
                add(self._structure_proofs(head, args, depth))
        return out

    def _if_proofs(self, head: Const, args: list[Expr], depth: int) -> list[Expr]:
        """Proofs of ``if c then t else e`` (a proposition): ``c`` trivially true and ``t`` trivial
        (``if f 0 = f 0 then True else False``), ``c`` refuted and ``e`` trivial, or both branches
        trivial (by cases on the decision)."""
        _alpha, c, inst, t, e = args
        form = mk_app(head, *args)
        dependent = head.name == _DITE
        pos_name, neg_name = ("dif_pos", "dif_neg") if dependent else ("if_pos", "if_neg")
        if self.find(N(pos_name)) is None or self.find(N(neg_name)) is None or self.find(N("Eq.mpr")) is None:
            return []
        lv = head.levels

        def branch(side: Expr, h: Expr) -> Expr:
            return instantiate(_beta_body(side), h) if dependent else side

        def via(lemma: str, side: Expr, h: Expr, proof: Expr) -> Expr:
            # Eq.mpr (lemma h : ite c t e = side) proof
            target = mk_app(side, h) if dependent else side
            eq = mk_app(_c(N(lemma), *lv), c, inst, h, args[0], t, e)
            return mk_app(_c(N("Eq.mpr"), _ZERO), form, target, eq, proof)

        out: list[Expr] = []
        hc = self.terms.fresh()
        hn = self.terms.fresh()
        not_c = mk_app(_c(_NOT), c)
        pos = [(h, p) for h in self.trivials(c, depth + 1)[:1] for p in self.trivials(branch(t, h), depth + 1)[:1]]
        out += [via(pos_name, t, h, p) for h, p in pos]
        try:
            refuted = Lam(Name.of("h"), c, abstract(self.refute(c, hc, depth + 1, decide=False), [hc]), 0)
            out += [via(neg_name, e, refuted, p) for p in self.trivials(branch(e, refuted), depth + 1)[:1]]
        except _NoCandidate:
            pass
        if self.find(N("Decidable.byCases")) is not None:
            yes = self.trivials(branch(t, hc), depth + 1)[:1]
            no = self.trivials(branch(e, hn), depth + 1)[:1]
            if yes and no:
                on_yes = Lam(Name.of("h"), c, abstract(via(pos_name, t, hc, yes[0]), [hc]), 0)
                on_no = Lam(Name.of("h"), not_c, abstract(via(neg_name, e, hn, no[0]), [hn]), 0)
                out.append(mk_app(_c(N("Decidable.byCases"), _ZERO), c, form, inst, on_yes, on_no))
        return out

    def _structure(self, head: Const, args: list[Expr]):
        """``(inductive, constructor)`` when ``head args`` is a structure-like inductive (one
        constructor, no indices) fully applied to its parameters."""
        ci = self.find(head.name)
        if ci is None or ci.kind != "inductive" or len(ci.ctors) != 1 or len(args) != (ci.num_params or 0):
            return None
        ctor = self.find(ci.ctors[0])
        if ctor is None or len(ctor.level_params) != len(head.levels):
            return None
        return ci, ctor

    def _fields(self, ctor: ConstantInfo, head: Const, args: list[Expr], struct: Expr | None):
        """The field types of ``ctor`` at parameters ``args``; a field is instantiated with the
        earlier fields' projections of ``struct`` (or, without one, must not depend on them)."""
        t = instantiate_levels(ctor.type, dict(zip(ctor.level_params, head.levels)))
        for a in args:
            t = strip_mdata(t)
            if not isinstance(t, ForallE):
                raise _NoCandidate("constructor arity")
            t = instantiate(t.body, a)
        out = []
        i = 0
        t = strip_mdata(t)
        while isinstance(t, ForallE):
            self._tick()
            out.append(t.binder_type)
            nxt: Expr
            if struct is not None:
                nxt = Proj(head.name, i, struct)
            else:
                nxt = self.terms.fresh()  # a dependent field: the candidate cannot name it
            t = strip_mdata(instantiate(t.body, nxt))
            i += 1
        return out

    def _structure_proofs(self, head: Const, args: list[Expr], depth: int) -> list[Expr]:
        found = self._structure(head, args)
        if found is None:
            return []
        _ci, ctor = found
        try:
            fields = self._fields(ctor, head, args, None)
        except _NoCandidate:
            return []
        proofs = []
        for f in fields:  # every field a proposition with a trivial proof
            got = self.trivials(f, depth + 1)
            if not got:
                return []
            proofs.append(got[0])
        return [mk_app(_c(ctor.name, *head.levels), *args, *proofs)]

    # ------------------------------------------------------------------ refutations

    def refute(self, ty: Expr, h: Expr, depth: int = 0, decide: bool = True) -> Expr:
        """A candidate proof of ``False`` from ``h : ty`` (raises _NoCandidate); ``decide=False``:
        without evaluation (for a conclusion, where the library's operations do not compute).
        Memoised by the structure of ``ty`` (whether it is refuted does not depend on ``h``)."""
        self._tick()
        if depth > _DEPTH:
            raise _NoCandidate("too deep")
        k = (self.key(ty), decide)
        if k not in self._refute_memo:
            self._refute_memo[k] = None  # while searching: met again inside itself, not refuted
            hole = self.terms.fresh()
            try:
                self._refute_memo[k] = abstract(self._refute(ty, hole, depth, decide), [hole])
            except _NoCandidate:
                pass
        got = self._refute_memo[k]
        if got is None:
            raise _NoCandidate("no refutation")
        return instantiate(got, h)

    def _refute(self, ty: Expr, h: Expr, depth: int, decide: bool) -> Expr:
        tried_decide = False
        for form in self.unfoldings(ty):
            if isinstance(form, ForallE):
                dom = strip_mdata(form.binder_type)
                if isinstance(dom, Sort) and dom.level.kind == "zero":  # ∀ p : Prop, … at p := False
                    return self.refute(instantiate(form.body, _c(_FALSE)), App(h, _c(_FALSE)), depth + 1,
                                       decide)
                try:
                    arg = self.trivial(form.binder_type, depth + 1)
                except _NoCandidate:
                    arg = None
                if arg is None and _is_const(dom, _NAT):  # a function from `Nat` (into `Empty`, say): at 0
                    arg = _c(N("Nat.zero"))
                if arg is not None:  # A → B with A trivially true (or inhabited): refute B
                    return self.refute(instantiate(form.body, arg), App(h, arg), depth + 1, decide)
                continue
            head, args = app_spine(form)
            head = strip_mdata(head)
            if not isinstance(head, Const):
                continue
            n = head.name
            if n == _FALSE and not args:
                return h
            if n == _ITE and len(args) == 5 and _is_prop_sort(args[0]):
                got = self._refute_if(head, args, form, h, depth, decide)
                if got is not None:
                    return got
            if n == _LT and len(args) == 4 and _is_const(args[0], _NAT) and _nat_value(args[3]) == 0 \
                    and self.find(N("Nat.not_lt_zero")) is not None:
                return mk_app(_c(N("Nat.not_lt_zero")), args[2], h)
            if n == _LT and len(args) == 4 and _is_const(args[0], _NAT) and self.same(args[2], args[3]) \
                    and self.find(N("Nat.lt_irrefl")) is not None:  # `a < a` (a structure's field, say)
                return mk_app(_c(N("Nat.lt_irrefl")), args[2], h)
            if decide and not tried_decide and not _has_fvar(form):
                inst = self._decidable(form, 0)
                # tried once an instance is found (a project name hiding `0 = 1` has none: unfold on)
                tried_decide = inst is not None
                if inst is not None and self.find(N("of_decide_eq_false")) is not None:
                    refl = mk_app(_c(N("Eq.refl"), _ONE), _c(_BOOL), _c(N("Bool.false")))
                    return mk_app(_c(N("of_decide_eq_false")), form, inst, refl, h)
            got = self._empty(head, args, form, h, depth, decide)
            if got is not None:
                return got
        raise _NoCandidate("no refutation")

    def _refute_if(self, head: Const, args: list[Expr], form: Expr, h: Expr, depth: int,
                   decide: bool) -> Expr | None:
        """A refutation of ``h : if c then t else e`` (a proposition) through the branch its
        condition decides: ``c`` trivially true and ``t`` refuted (``if f 0 = f 0 then False else
        True``), or ``c`` refuted and ``e`` refuted."""
        _alpha, c, inst, t, e = args
        if self.find(N("if_pos")) is None or self.find(N("if_neg")) is None or self.find(N("Eq.mp")) is None:
            return None

        def through(lemma: str, side: Expr, proof: Expr) -> Expr | None:
            eq = mk_app(_c(N(lemma), *head.levels), c, inst, proof, args[0], t, e)
            try:
                return self.refute(side, mk_app(_c(N("Eq.mp"), _ZERO), form, side, eq, h), depth + 1, decide)
            except _NoCandidate:
                return None

        for hc in self.trivials(c, depth + 1)[:1]:
            got = through("if_pos", t, hc)
            if got is not None:
                return got
        hn = self.terms.fresh()
        try:
            refuted = Lam(Name.of("h"), c, abstract(self.refute(c, hn, depth + 1, decide), [hn]), 0)
        except _NoCandidate:
            return None
        return through("if_neg", e, refuted)

    def _empty(self, head: Const, args: list[Expr], form: Expr, h: Expr, depth: int,
               decide: bool = True) -> Expr | None:
        ci = self.find(head.name)
        if ci is None or ci.kind != "inductive":
            return None
        nparams = ci.num_params or 0
        if not ci.ctors and len(args) >= nparams:
            # no constructor: its recursor, into `False`
            rec = self.find(head.name.child("rec"))
            if rec is None:
                return None
            levels = head.levels
            if len(rec.level_params) == len(head.levels) + 1:
                levels = (_ZERO, *head.levels)  # the motive's universe: Prop
            elif len(rec.level_params) != len(head.levels):
                return None
            if len(args) != nparams:
                return None  # an indexed family: its motive would take the indices (not built here)
            motive = Lam(Name.of("x"), form, _c(_FALSE), 0)  # fun (x : I params) => False
            return mk_app(_c(rec.name, *levels), *args, motive, h)
        found = self._structure(head, args)
        if found is None:
            return None
        _ci, ctor = found
        fields = self._fields(ctor, head, args, h)
        for i, f in enumerate(fields):
            try:
                return self.refute(f, Proj(head.name, i, h), depth + 1, decide)
            except _NoCandidate:
                continue
        return None

    def _decidable(self, p: Expr, depth: int) -> Expr | None:
        """A ``Decidable p`` instance for a closed proposition of the library's connectives,
        ``Nat``/``Bool`` equations and ``Nat`` orders (``None``: not one of those)."""
        if depth > _DEPTH:
            return None
        p = strip_mdata(p)
        head, args = app_spine(p)
        head = strip_mdata(head)
        if not isinstance(head, Const):
            return None
        n = head.name

        def known(name: str) -> Const | None:
            c = N(name)
            return _c(c) if self.find(c) is not None else None

        if n == _TRUE and not args:
            return known("instDecidableTrue")
        if n == _FALSE and not args:
            return known("instDecidableFalse")
        if n == _NOT and len(args) == 1:
            inner, c = self._decidable(args[0], depth + 1), known("instDecidableNot")
            return mk_app(c, args[0], inner) if inner is not None and c is not None else None
        if n in (_AND, N("Or"), _IFF) and len(args) == 2:
            c = known({_AND: "instDecidableAnd", N("Or"): "instDecidableOr", _IFF: "instDecidableIff"}[n])
            a, b = self._decidable(args[0], depth + 1), self._decidable(args[1], depth + 1)
            return mk_app(c, args[0], args[1], a, b) if c is not None and a is not None and b is not None else None
        if n == _EQ and len(args) == 3:
            if _is_const(args[0], _NAT):
                c = known("instDecidableEqNat")
            elif _is_const(args[0], _BOOL):
                c = known("instDecidableEqBool")
            else:
                return None
            return mk_app(c, args[1], args[2]) if c is not None else None
        if n in (_LT, _LE) and len(args) == 4 and _is_const(args[0], _NAT):
            c = known("Nat.decLt" if n == _LT else "Nat.decLe")
            return mk_app(c, args[2], args[3]) if c is not None else None
        return None

    # ------------------------------------------------------------------ the lint

    def lint(self, ci: ConstantInfo, within: str) -> tuple[Lint, ...]:
        """The vacuity lint of declaration ``ci`` (of module ``within``): empty when the kernel
        accepts no candidate. The search runs under :data:`SEARCH_FUEL`; out of it, what was found
        (each finding a proof the kernel accepted) is all that is said."""
        self.within = within
        self._begin()
        found: list[Lint] = []
        try:
            run_with_big_stack(self._lint, ci, found)
        except (_NoCandidate, _OutOfFuel, RecursionError):
            pass
        finally:
            self._begin()  # the memo tables hold terms: let them go
        return tuple(found)

    def _lint(self, ci: ConstantInfo, found: list[Lint]) -> None:
        opened = self.open(ci.type)
        lps = ci.level_params
        # (1) the conclusion, closed by a trivial proof under every binder
        try:
            candidates = self.trivials(opened.body)
        except _NoCandidate:
            candidates = []
        for proof in candidates:
            try:
                value = self._close(opened, len(opened.fvars), proof)
            except _NoCandidate:
                continue
            if self._accepts(_Policy.OPERATIONS_OPAQUE, lps, ci.type, value):
                found.append(Lint(LintKind.TRIVIAL_CONCLUSION,
                                  f"the conclusion is closed by a trivial proof ({_describe(proof)}) under its binders,"
                                  " after unfolding the project's definitions (the kernel accepts it)"))
                break
        if not found:
            for k, hyp in enumerate(opened.types):
                value = self._close(opened, len(opened.fvars), opened.fvars[k])
                if self._quick_same_head(hyp, opened.body) and \
                        self._accepts(_Policy.OPERATIONS_OPAQUE, lps, ci.type, value):
                    found.append(Lint(LintKind.CONCLUSION_IS_HYPOTHESIS,
                                      f"the conclusion is hypothesis {k + 1} (the kernel accepts it as the proof)", k + 1))
                    break
        # (2) each binder, refuted: one the statement's own text writes with evaluation (`h : 1 = 2`);
        # one the project's definitions hide in it with evaluation too (`def Guard n P := n < 1 → P`
        # at `Guard 5 (2 + 2 = 5)` is `5 < 1 → …`), unless its conclusion is `False`: a negation
        # (`NotBelow 5 3`), proved by refuting what it hides. Then (3) the binders of each part of
        # the conclusion (a conjunct, a field of a proposition structure, a branch of an `if` its
        # condition decides), by the same rule: a part the statement's own text states (`(1 = 2 →
        # P) ∧ Q`, behind a `let` or an `if`) is judged as the statement is, at its arguments; a part
        # a definition or structure states is judged in it, its parameters as variables, evaluated
        # only where closed (`IsFirstHalt … 0`'s `∀ s < t` is no hidden hypothesis, `def Good :=
        # (False → P) ∧ Q`'s `False` is).
        todo = [_Item(opened, 0, len(self.open(ci.type, hidden=False).fvars), "", True)]
        parts = 0
        while todo:
            item = todo.pop(0)
            opened_item = item.opened
            negation = is_negation(opened_item.body)
            for k in range(item.start, len(opened_item.types)):
                shown = item.own and k < item.written
                h = self.terms.fresh()
                try:
                    refutation = self.refute(opened_item.types[k], h, decide=not item.own or shown or not negation)
                except _NoCandidate:
                    continue
                extra = [(opened_item.names[k], opened_item.types[k], h)]
                try:
                    ty = self._pi(opened_item, k, _c(_FALSE), extra)
                    value = self._close(opened_item, k, refutation, extra)
                except _NoCandidate:
                    continue
                if self._accepts(_Policy.FULL, lps, ty, value):
                    where = f" of {item.where}" if item.where else ""
                    hidden = where if shown else f" of {item.where or 'the conclusion'}, hidden in the definitions it unfolds to,"
                    found.append(Lint(LintKind.UNSATISFIABLE_HYPOTHESIS,
                                      f"hypothesis {k + 1} (`{_written(opened_item.names[k])}`){hidden} can never hold (the kernel"
                                      f" accepts a proof of `False` from it: {_describe(refutation)}): the statement"
                                      f" holds vacuously{' there' if hidden else ''}", k + 1))
            params, pieces, owner = self.parts(opened_item.body)
            base = _Opened(opened_item.names + [p[0] for p in params], opened_item.types + [p[1] for p in params],
                           opened_item.fvars + [p[2] for p in params], opened_item.body)
            for i, part in enumerate(pieces):
                parts += 1
                if parts > _PARTS:
                    break
                more = self.open(part)
                own = item.own and owner is None  # the statement's own text states it
                written = len(base.types) + (len(self.open(part, hidden=False).fvars) if own else 0)
                label = f"part {i + 1} of {f'`{owner}`' if owner is not None else (item.where or 'the conclusion')}"
                todo.append(_Item(_Opened(base.names + more.names, base.types + more.types, base.fvars + more.fvars,
                                          more.body), len(base.types), written, label, own))

    def parts(self, body: Expr) -> tuple[list[tuple[Name, Expr, FVar]], list[Expr], Name | None]:
        """The parts a conclusion states together: the two sides of ``∧``, the fields of a
        proposition structure (none depending on another; not ``Iff``: a two-way implication whose
        sides are false is no vacuous statement), the branch of an ``if`` whose condition is
        trivially true or refuted. A part that a project definition or structure states is taken
        in it, its parameters as variables: ``(parameters, parts, the definition or structure)``;
        no parts when the conclusion is none of these."""
        e = body
        for _ in range(_UNFOLD):
            self._tick()
            e = strip_mdata(e)
            if isinstance(e, LetE):
                e = instantiate(e.body, e.value)
                continue
            head, args = app_spine(e)
            head = strip_mdata(head)
            if isinstance(head, Lam) and args:
                e = mk_app(instantiate(head.body, args[0]), *args[1:])
                continue
            if not isinstance(head, Const):
                break
            if head.name == _AND and len(args) == 2:
                return [], list(args), None
            if head.name == _ITE and len(args) == 5 and _is_prop_sort(args[0]):
                if self.trivials(args[1]):
                    return [], [args[3]], None
                try:
                    self.refute(args[1], self.terms.fresh(), decide=False)
                    return [], [args[4]], None
                except _NoCandidate:
                    break
            ci = self.find(head.name)
            if ci is None or self.is_core_module(ci.module) and head.name != _AND:
                break
            lv = dict(zip(ci.level_params, head.levels))
            if len(ci.level_params) != len(head.levels):
                break
            if ci.kind == "definition" and ci.value is not None:
                v = instantiate_levels(ci.value, lv)
                params: list[tuple[Name, Expr, FVar]] = []
                for _a in args:
                    v = strip_mdata(v)
                    if not isinstance(v, Lam):
                        break
                    fv = self.terms.fresh()
                    params.append((v.binder_name, v.binder_type, fv))
                    v = instantiate(v.body, fv)
                inner, pieces, _owner = self.parts(mk_app(v, *args[len(params):]))
                return params + inner, pieces, head.name
            if ci.kind == "inductive" and len(ci.ctors) == 1 and len(args) == (ci.num_params or 0):
                t = strip_mdata(instantiate_levels(ci.type, lv))
                params = []
                for _a in args:
                    if not isinstance(t, ForallE):
                        break
                    fv = self.terms.fresh()
                    params.append((t.binder_name, t.binder_type, fv))
                    t = strip_mdata(instantiate(t.body, fv))
                while isinstance(t, ForallE):
                    t = strip_mdata(t.body)
                ctor = self.find(ci.ctors[0])
                if len(params) != len(args) or not _is_prop_sort(t) or ctor is None \
                        or len(ctor.level_params) != len(head.levels):
                    break
                return params, independent_fields(ctor, head, [p[2] for p in params], self._tick), head.name
            break
        return [], [], None

    def _quick_same_head(self, hyp: Expr, concl: Expr) -> bool:
        """A cheap filter before asking the kernel whether a hypothesis is the conclusion."""
        a, _ = app_spine(strip_mdata(hyp))
        b, _ = app_spine(strip_mdata(concl))
        a, b = strip_mdata(a), strip_mdata(b)
        if isinstance(a, Const) and isinstance(b, Const):
            return a.name == b.name
        return type(a) is type(b) and not isinstance(a, Sort)


def _written(name: Name) -> str:
    """A binder as a reader knows it: a name Lean made hygienic (an ``[inst : C]`` binder is
    ``inst._@.Mod._hyg.2``) as Lean shows an inaccessible name, ``inst✝``."""
    shown = name.without_macro_scopes()
    return f"{shown}✝" if name.has_macro_scopes else str(shown)


def _lam_over(form: ForallE, fv: FVar, body: Expr) -> Expr:
    """``fun x : A => body`` with ``fv`` bound (``A`` is ``form``'s binder type, closed over the
    outer free variables)."""
    return Lam(form.binder_name, form.binder_type, abstract(body, [fv]), 0)


def _is_prop_sort(e: Expr) -> bool:
    e = strip_mdata(e)
    return isinstance(e, Sort) and e.level.kind == "zero"


def _beta_body(e: Expr) -> Expr:
    """The body of ``fun h => b`` (``b`` with ``h`` loose), else ``e h`` with ``h`` loose: what
    :func:`instantiate` puts a branch's hypothesis into."""
    e = strip_mdata(e)
    if isinstance(e, Lam):
        return e.body
    return App(e, BVar(0))


def _is_const(e: Expr, name: Name) -> bool:
    e = strip_mdata(e)
    return isinstance(e, Const) and e.name == name


_SHOWN = {"True.intro": "True.intro", "Eq.refl": "rfl", "HEq.refl": "HEq.rfl", "Iff.refl": "Iff.rfl", "Iff.intro": "Iff.intro",
          "And.intro": "And.intro", "Or.inl": "Or.inl", "Or.inr": "Or.inr",
          "False.elim": "False.elim", "Nat.not_lt_zero": "Nat.not_lt_zero",
          "Nat.lt_irrefl": "Nat.lt_irrefl", "of_decide_eq_false": "decide"}


def _describe(proof: Expr) -> str:
    """The proof's main constants, for the message (``rfl``, ``And.intro``, ``decide``)."""
    words: list[str] = []
    for n in sorted(constants_of(proof), key=str):
        shown = _SHOWN.get(str(n))
        if shown is not None and shown not in words:
            words.append(shown)
    if not words:
        head, _ = app_spine(strip_mdata(proof))
        while isinstance(head, Lam):
            head, _ = app_spine(strip_mdata(head.body))
        if isinstance(head, Const):
            words.append(str(head.name))
        elif isinstance(head, (FVar, BVar)):
            words.append("the hypothesis itself")
        else:
            words.append("a projection")
    return ", ".join(words)
