"""The instance Lean's resolution gives for a class at given types, and whether a term is it.

An instance argument may be left out of a printed statement only when it is what Lean's instance
resolution gives: ``instLTNat`` for ``LT Nat``, ``@instHAdd Nat instAddNat`` for ``HAdd Nat Nat
Nat``, ``instOfNatNat 2`` for ``OfNat Nat 2``, ``List._sizeOf_inst α (instSizeOfDefault α)`` for
``SizeOf (List α)`` at a bound ``α``, the binder ``inst`` for ``LT α`` under ``[inst : LT α]``.
:class:`Canonical` computes that instance and says whether a term in a statement is it:

* **Candidates.** The global (not ``scoped``) ``instance`` attributes of the library modules in
  scope (:meth:`claimcheck.olean.reader.Module.attributes`), indexed by class; with ``project``,
  also those of the project modules ``within`` imports and of ``within`` itself, read from their
  ``.olean`` entries the same way (the caller asks for them when the goal mentions a bound
  variable or a project constant; a closed goal at library terms is resolved over the library's
  alone: the library's meaning). They are tried as Lean's ``getInstances`` orders them: higher
  priority first; at equal priority in the reverse of the discrimination tree's order (an
  instance whose pattern is specific at the first place where two differ, ``LT Nat``, before one
  with a wildcard there, ``LT ?α``; then the later declared, in the modules' import order, first).
* **Local instances.** The statement's bound variables are free variables (opaque atoms); the
  binders whose type is a class application (an instance binder, or a binder of a class some
  instance in scope is of) are local instances, tried before every global instance, the last
  bound first, as Lean does.
* **Matching.** An instance's conclusion (its binders as metavariables) is unified first-order
  with the goal, universe levels aside, unfolding where the two differ what resolution sees
  through (beta-redexes, ``@[reducible]`` and ``abbrev`` definitions, instances): ``SizeOf N``
  with ``abbrev N := Nat`` is ``instSizeOfNat``'s. A goal ``∀ x, C x`` (an instance argument of
  ``instCCPOPi``) is resolved with ``x`` a new free variable, the answer ``fun x => …``; under
  one binder, the pattern ``?β x`` takes ``fun x => t`` (``instOrderPi``'s ``∀ x, ?β x`` against
  ``Nat → Option Nat``). The goal's ``outParam`` arguments (read from the class's
  type: the ``outParam`` wrapper of its binder types) are unknowns at the top, as Lean's
  ``preprocessOutParam`` makes them: the instance found for ``HAdd α α ?γ`` is the answer, and a
  term for ``HAdd α α α`` is canonical only when it is that instance. An instance's own
  instance-implicit arguments are resolved in turn, recursively (an unknown left in one, such as
  an ``outParam`` of its class, takes the value the instance found gives), with backtracking to the
  next candidate when one fails; an argument of a class whose instances cannot differ (a ``Prop``
  class, ``Decidable``) is any term (:data:`ANY`).
* **Fuel.** Every match and unfolding step costs one unit of a deterministic budget
  (:data:`FUEL`); a goal inside its own resolution fails (a cycle). Out of fuel, no instance is
  canonical: the statement shows it.
* **Comparison.** The statement's term is the canonical one when it is that term syntactically
  (metadata and universe levels aside), or when both reach the same term by unfolding what
  resolution sees through (``@[reducible]`` and ``abbrev`` definitions, the project's too; library
  instances; projections of constructors) and beta-reduction, under the same fuel. ``@instHAdd Nat ⟨Nat.mul⟩``
  unfolds to ``Nat.mul`` where the canonical one unfolds to ``Nat.add``: not canonical.

What this does not model: default instances; higher-order patterns other than ``?β x`` under one
binder; ``local`` and ``scoped`` instances (not among a module's global entries); ``outParam``
unknowns below the top (an instance's argument is
resolved with what matching gave, as Lean's tabled resolution does); ``let``-bound variables as
local instances; an instance declared after the statement in the same module counts. Where
resolution as modelled finds no instance at all, the caller
(:meth:`claimcheck.analysis.instance_rules.InstanceRules._judge_canonical`) falls back to its
structural rule rather than reporting every such instance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from claimcheck.errors import OleanError
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Lit, MVar, Proj, Sort, abstract, app_spine, beta,
    instantiate, instantiate_foralls, loose_bvar_range, mk_app, replace, strip_mdata,
)

__all__ = ["ANY", "FUEL", "Canonical", "Resolution"]

#: The steps (matches, unfoldings, comparisons) one question may take.
FUEL = 20_000
#: How deep resolution nests (an instance's argument's argument ...).
MAX_DEPTH = 16
#: Stands for an argument whose value cannot change a meaning (a proof, a ``Decidable`` instance).
ANY = Const(Name.of("_claimcheck", "any"), ())

_INST_IMPLICIT = 3
_OUT_PARAM = Name.of("outParam")
#: the unknowns standing for a goal's ``outParam`` arguments
_OUT = Name.of("_claimcheck_out")


class _OutOfFuel(Exception):
    """The deterministic budget of one question is spent."""


@dataclass(frozen=True)
class _Candidate:
    name: Name
    priority: int
    order: int  # place in the library's declaration order (import order, then entry order)
    module: str = ""  # a project instance's module ("" for the library's)


@dataclass(frozen=True)
class Resolution:
    """The answer for one instance term: ``canonical`` (elide it), else why not: ``expected`` the
    canonical instance (``None``: resolution found none, or ran out of fuel: ``out_of_fuel``)."""

    canonical: bool
    expected: Expr | None = None
    out_of_fuel: bool = False


@dataclass
class Resolutions:
    """The library's instances by class for one sequence of library modules in scope, the names
    resolution may unfold, and the goals resolved so far (shared by the modules that see them)."""

    by_class: dict[Name, list[_Candidate]]
    unfoldable: set[Name]
    memo: dict[object, Expr | None]


class Canonical:
    """Resolution over the library instances module ``within`` sees (module docstring).

    ``find``: the constants ``within`` sees; ``is_library_module``: tells the toolchain's modules;
    ``exempt``: classes whose instances cannot change a meaning."""

    def __init__(self, env: Environment, within: str, find: Callable[[Name], ConstantInfo | None],
                 is_library_module: Callable[[str], bool], exempt: Callable[[Name], bool],
                 fuel: int = FUEL, shared: dict[tuple[str, ...], "Resolutions"] | None = None) -> None:
        self.env, self.within, self.find = env, within, find
        self.is_library_module, self.exempt, self.fuel = is_library_module, exempt, fuel
        #: resolutions shared by the modules that see the same library modules in the same order
        #: (owned by the caller's run; a closed library goal resolves alike in each of them)
        self.shared = shared
        self._by_class: dict[Name, list[_Candidate]] | None = None
        #: the library's instances and the project's (the modules ``within`` imports, and its own)
        self._with_project: dict[Name, list[_Candidate]] | None = None
        self._unfoldable: set[Name] = set()
        #: resolutions that depend on the question (local instances, free variables, the project's
        #: instances): kept for one question only
        self._local_memo: dict[object, Expr | None] = {}
        self._locals: tuple[tuple[FVar, Expr], ...] = ()
        self._project = False
        #: the project's instances the declaration being judged does not see (:meth:`unseen_by`)
        self._unseen: frozenset[Name] = frozenset()
        self._imports_of: dict[str, frozenset[str]] = {}
        self._positions: dict[str, dict[Name, tuple[int, int]]] = {}
        self._fresh = 0
        self._outs: dict[Name, tuple[int, ...]] = {}
        self._through: dict[Name, bool] = {}
        self._memo: dict[object, Expr | None] = {}
        self._left = fuel
        self._in_progress: set[object] = set()
        self._cuts = 0

    # ------------------------------------------------------------------ the library's instances

    def _module_order(self) -> list[str]:
        """The modules ``within`` imports, in Lean's import order (depth first, a module after its
        imports)."""
        out: list[str] = []
        seen: set[str] = set()
        stack: list[tuple[str, Iterator[str]]] = []
        seen.add(self.within)
        stack.append((self.within, iter(self._imports(self.within))))
        while stack:
            m, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                out.append(m)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(self._imports(nxt))))
        return out

    def _imports(self, m: str) -> tuple[str, ...]:
        """The modules ``m`` imports (the library catalog's answer for a library module; none when
        its file cannot be read)."""
        catalog = self.env.catalog
        if catalog is not None and catalog.covers(m):
            return tuple(catalog.imported(m))
        try:
            return tuple(self.env.load(m).imported_modules)
        except (OleanError, OSError, KeyError):
            return ()

    def _index(self) -> dict[Name, list[_Candidate]]:
        if self._by_class is not None:
            return self._by_class
        library = tuple(m for m in self._module_order() if self.is_library_module(m))
        if self.shared is not None:
            known = self.shared.get(library)
            if known is not None:
                self._by_class, self._unfoldable, self._memo = known.by_class, known.unfoldable, known.memo
                return known.by_class
        by_class: dict[Name, list[_Candidate]] = {}
        order = 0
        catalog = self.env.catalog
        for m in library:
            if catalog is not None and catalog.covers(m):  # read once per toolchain, not per run
                for name, priority, of_class in catalog.instances_of(m):
                    by_class.setdefault(of_class, []).append(_Candidate(name, priority, order))
                    order += 1
                continue
            try:
                mod = self.env.load(m)
                attrs = mod.attributes()
            except (OleanError, OSError):
                continue  # a module whose entries cannot be read has no instance that counts
            self._unfoldable.update(attrs.reducible)
            for inst in attrs.instances:
                self._unfoldable.add(inst.name)
                if inst.scoped is not None:
                    continue
                ci = self.find(inst.name)
                cls = class_of(ci.type) if ci is not None else None
                if cls is not None:
                    by_class.setdefault(cls, []).append(_Candidate(inst.name, inst.priority, order))
                    order += 1
        self._by_class = by_class
        if self.shared is not None:
            self.shared[library] = Resolutions(by_class, self._unfoldable, self._memo)
        return by_class

    def _project_index(self) -> dict[Name, list[_Candidate]]:
        """The library's instances and, after them, the project's: the global ``instance``
        attributes of the project modules ``within`` imports and of ``within`` itself, read from
        their ``.olean`` entries as the library's are (in import order, then entry order)."""
        if self._with_project is not None:
            return self._with_project
        by_class = {cls: list(cands) for cls, cands in self._index().items()}
        order = sum(len(c) for c in by_class.values())
        for m in self._module_order():
            if self.is_library_module(m):
                continue
            try:
                attrs = self.env.load(m).attributes()
            except (OleanError, OSError, KeyError):
                continue  # a module whose entries cannot be read has no instance that counts
            for inst in attrs.instances:
                if inst.scoped is not None:
                    continue
                ci = self.find(inst.name)
                cls = class_of(ci.type) if ci is not None else None
                if cls is not None:
                    by_class.setdefault(cls, []).append(_Candidate(inst.name, inst.priority, order, m))
                    order += 1
        self._with_project = by_class
        return by_class

    def is_class(self, name: Name) -> bool:
        """Whether ``name`` is a class some instance in scope (the library's or the project's) is of."""
        return name in self._project_index()

    def _out_params(self, cls: Name) -> tuple[int, ...]:
        """The positions of ``cls``'s ``outParam`` arguments (``HAdd``'s third), read from the
        ``outParam`` wrapper of its binder types."""
        got = self._outs.get(cls)
        if got is None:
            ci = self.find(cls)
            out: list[int] = []
            t = strip_mdata(ci.type) if ci is not None else None
            k = 0
            while isinstance(t, ForallE):
                head, _ = app_spine(strip_mdata(t.binder_type))
                head = strip_mdata(head)
                if isinstance(head, Const) and head.name == _OUT_PARAM:
                    out.append(k)
                t = strip_mdata(t.body)
                k += 1
            got = self._outs[cls] = tuple(out)
        return got

    # ------------------------------------------------------------------ questions

    def unseen_by(self, decl: Name) -> frozenset[Name]:
        """The project instances in scope that ``decl`` does not see where it is declared: those of
        modules its own module does not import, and those its module declares after it (by the
        source positions of the build's ``.ilean``; an instance whose position is not known is
        taken as seen, so it can only make resolution give another instance, never hide one)."""
        ci = self.find(decl)
        if ci is None or self.is_library_module(ci.module):
            return frozenset()
        imported = self._imports_closure(ci.module)
        positions = self._declared_at(ci.module)
        at = positions.get(decl)
        out: set[Name] = set()
        for cands in self._project_index().values():
            for cand in cands:
                if not cand.module:
                    continue
                if cand.module not in imported:
                    out.add(cand.name)
                elif cand.module == ci.module and at is not None:
                    pos = positions.get(cand.name)
                    if pos is not None and pos > at:
                        out.add(cand.name)
        return frozenset(out)

    def _imports_closure(self, module: str) -> frozenset[str]:
        """``module`` and every project module it imports, transitively."""
        got = self._imports_of.get(module)
        if got is None:
            seen, todo = {module}, [module]
            while todo:
                for n in self._imports(todo.pop()):
                    if n not in seen and not self.is_library_module(n):
                        seen.add(n)
                        todo.append(n)
            got = self._imports_of[module] = frozenset(seen)
        return got

    def _declared_at(self, module: str) -> dict[Name, tuple[int, int]]:
        """Where each declaration of project ``module`` starts (line, column), from the ``.ilean``
        beside its ``.olean`` (empty when it cannot be read)."""
        got = self._positions.get(module)
        if got is None:
            from claimcheck.lean.ilean import declarations

            try:
                text = self.env.load(module).path.with_suffix(".ilean").read_text(encoding="utf-8")
            except (OleanError, OSError, KeyError, UnicodeDecodeError):
                text = ""
            got = {name: (nums[0], nums[1]) for name, nums in declarations(text, module).items()}
            self._positions[module] = got
        return got

    def check(self, term: Expr, goal: Expr, locals: Sequence[tuple[FVar, Expr]] = (),
              project: bool = False, unseen: frozenset[Name] = frozenset()) -> Resolution:
        """Whether ``term`` (an instance argument) is the instance resolution gives for the class
        application ``goal``. Both may mention free variables (the statement's bound variables, as
        opaque atoms); ``locals`` are the instances in scope (each free variable with its type, in
        the order of the statement's binders), tried before the global ones, the last first, as
        Lean tries them; ``project``: the project's instances join the library's. The goal's
        ``outParam`` arguments are unknowns while resolving, as in Lean: the instance found for
        ``HAdd α α ?γ`` must be ``term``, whatever ``γ`` it gives. ``unseen``: project instances
        the statement does not see (:meth:`unseen_by`), left out."""
        self._left = self.fuel
        self._locals, self._project, self._unseen = tuple(locals), project, unseen
        self._local_memo = {}
        try:
            expected = self.resolve(self._open_outs(_clean(goal)))
            if expected is None:
                return Resolution(False)
            same = self.equivalent(term, expected)
        except _OutOfFuel:
            return Resolution(False, out_of_fuel=True)
        except RecursionError:
            return Resolution(False, out_of_fuel=True)
        finally:
            self._locals, self._project, self._local_memo, self._unseen = (), False, {}, frozenset()
        return Resolution(same, None if same else expected)

    def _open_outs(self, goal: Expr) -> Expr:
        """``goal`` with its ``outParam`` arguments replaced by unknowns (metavariables)."""
        head, args = app_spine(goal)
        cls = class_of(goal)
        if cls is None or not isinstance(strip_mdata(head), Const):
            return goal
        outs = self._out_params(cls)
        if not outs:
            return goal
        return mk_app(head, *(MVar(_OUT.child(k)) if k in outs else a for k, a in enumerate(args)))

    def _spend(self, n: int = 1) -> None:
        self._left -= n
        if self._left < 0:
            raise _OutOfFuel()

    def resolve(self, goal: Expr, depth: int = 0) -> Expr | None:
        """The instance resolution gives for ``goal`` (its unknowns, metavariables, as they come
        out), or ``None``."""
        self._index()  # (the memo is the shared one once the library modules in scope are known)
        goal = _clean(goal)
        key = _key(goal)
        # a question with local instances, free variables or the project's instances is answered
        # for that question alone; a closed library goal's answer is shared
        local = bool(self._locals) or self._project or _has(goal, FVar)
        # a goal with an instance's unknowns in it is asked once (their names are fresh): not kept
        memo = {} if _has(goal, MVar, _OUT) else self._local_memo if local else self._memo
        if key in memo:
            return memo[key]
        if depth > MAX_DEPTH or key in self._in_progress:
            self._cuts += 1  # a failure that depends on where it was asked: not remembered
            return None
        cls = class_of(goal)
        if cls is None:
            return None
        if isinstance(goal, ForallE):
            return self._resolve_forall(goal, depth)
        self._in_progress.add(key)
        cuts = self._cuts
        try:
            got = self._resolve(cls, goal, depth)
        finally:
            self._in_progress.discard(key)
        if got is not None or self._cuts == cuts:
            memo[key] = got
        return got

    def _resolve_forall(self, goal: ForallE, depth: int) -> Expr | None:
        """A goal ``∀ x, C x`` (an instance argument such as ``instCCPOPi``'s ``∀ x, CCPO (β x)``):
        as Lean does, ``x`` a new free variable (a local instance when its type is a class), the body
        resolved, the answer ``fun x => …``."""
        self._fresh += 1
        fv = FVar(Name.of("_claimcheck_x", self._fresh))
        saved = self._locals
        if class_of(goal.binder_type) is not None and goal.binder_info == _INST_IMPLICIT:
            self._locals = saved + ((fv, goal.binder_type),)
        try:
            body = self.resolve(_beta_args(instantiate(goal.body, fv)), depth + 1)
        finally:
            self._locals = saved
        if body is None:
            return None
        return Lam(goal.binder_name, goal.binder_type, abstract(body, [fv]), goal.binder_info)

    def _resolve(self, cls: Name, goal: Expr, depth: int) -> Expr | None:
        matches = []
        index = self._project_index() if self._project else self._index()
        for cand in index.get(cls, ()):
            self._spend()
            if cand.name in self._unseen:
                continue
            ci = self.find(cand.name)
            if ci is None:
                continue
            binders, conclusion = self._open(ci.type)
            subst: dict[Name, Expr] = {}
            if not _unify(conclusion, goal, subst, self._spend, self._step):
                continue
            matches.append((cand.priority, _key_flags(conclusion), cand.order, Const(cand.name, ()), binders, subst))
        matches.sort(key=lambda t: (t[0], t[1], t[2]))
        tried = [(head, binders, subst) for _p, _f, _o, head, binders, subst in reversed(matches)]
        # the local instances first, the last bound first (Lean tries them before every global one)
        first = []
        for fvar, ty in reversed(self._locals):
            self._spend()
            if class_of(ty) != cls:
                continue
            binders, conclusion = self._open(ty)
            subst = {}
            if _unify(conclusion, goal, subst, self._spend, self._step):
                first.append((fvar, binders, subst))
        for head, binders, subst in first + tried:
            got = self._complete(head, binders, subst, depth)
            if got is not None:
                return got
        return None

    def _step(self, e: Expr) -> Expr | None:
        """``e`` unfolded one step at its head (a beta-redex; a definition resolution sees
        through), or ``None``."""
        self._spend()
        head, args = app_spine(strip_mdata(e))
        head = strip_mdata(head)
        if isinstance(head, Lam) and args:
            return beta(head, args)
        if isinstance(head, Const) and self._sees_through(head.name):
            ci = self.find(head.name)
            if ci is not None and ci.value is not None:
                return beta(_clean(ci.value), args)
        return None

    def _open(self, t: Expr) -> tuple[list[tuple[Name, Expr, int]], Expr]:
        self._fresh += 1
        return _open(t, self._fresh)

    def _complete(self, head: Expr, binders: list[tuple[Name, Expr, int]],
                  subst: dict[Name, Expr], depth: int) -> Expr | None:
        """The candidate applied to its arguments: the matched ones, its instance arguments
        resolved in turn (an unknown in one, such as an ``outParam`` the goal leaves open, takes
        the value the instance found gives: ``dom`` of ``Fin.instGetElemFinVal`` from its
        ``GetElem cont Nat elem dom`` argument); ``None`` when one cannot be, or an argument is
        left undetermined."""
        for mv, ty, info in binders:
            if mv in subst or info != _INST_IMPLICIT:
                continue  # (an argument matching left open is one a later instance argument's gives)
            sub = _full(ty, subst, self._spend)
            cls = class_of(sub)
            if cls is None:
                return None
            if self.exempt(cls):
                subst[mv] = ANY
                continue
            value = self.resolve(sub, depth + 1)
            if value is None:
                return None
            if _has(sub, MVar):  # its unknowns: what the instance found gives
                found = self._type_of(value)
                if found is None or not _unify(sub, found, subst, self._spend, self._step):
                    return None
            subst[mv] = value
        args = [_full(subst[mv], subst, self._spend) for mv, _ty, _info in binders]
        if any(_has(a, MVar) for a in args):
            return None  # an argument nothing determines
        return mk_app(head, *args)

    def _type_of(self, inst: Expr) -> Expr | None:
        """The type of a resolved instance (a constant or a local instance applied to arguments)."""
        head, args = app_spine(strip_mdata(inst))
        head = strip_mdata(head)
        if isinstance(head, Const):
            ci = self.find(head.name)
            ty = ci.type if ci is not None else None
        else:
            ty = next((t for f, t in self._locals if f is head or (isinstance(head, FVar) and f.name == head.name)), None)
        if ty is None:
            return None
        return instantiate_foralls(_clean(ty), args)

    # ------------------------------------------------------------------ comparison

    def equivalent(self, a: Expr, b: Expr) -> bool:
        """``a`` and ``b`` the same term, or the same after unfolding what resolution sees through."""
        if _same(a, b, self._spend):
            return True
        return self._defeq(a, b, 0)

    def _defeq(self, a: Expr, b: Expr, depth: int) -> bool:
        self._spend()
        if depth > 64:
            raise _OutOfFuel()
        a, b = self._whnf(a), self._whnf(b)
        if _same(a, b, self._spend):
            return True
        ha, xs = app_spine(a)
        hb, ys = app_spine(b)
        ha, hb = strip_mdata(ha), strip_mdata(hb)
        if isinstance(ha, Const) and isinstance(hb, Const) and ha.name == hb.name and len(xs) == len(ys):
            return all(self._defeq(x, y, depth + 1) for x, y in zip(xs, ys))
        if isinstance(a, Lam) and isinstance(b, Lam):
            return self._defeq(a.body, b.body, depth + 1)
        if isinstance(a, ForallE) and isinstance(b, ForallE):
            return self._defeq(a.binder_type, b.binder_type, depth + 1) and self._defeq(a.body, b.body, depth + 1)
        if isinstance(ha, FVar) and isinstance(hb, FVar) and ha.name == hb.name and len(xs) == len(ys):
            return all(self._defeq(x, y, depth + 1) for x, y in zip(xs, ys))
        if isinstance(ha, BVar) and isinstance(hb, BVar) and ha.index == hb.index and len(xs) == len(ys):
            return all(self._defeq(x, y, depth + 1) for x, y in zip(xs, ys))
        return False

    def _whnf(self, e: Expr) -> Expr:
        """``e`` with its head unfolded while it is a library definition resolution sees through,
        a beta-redex or a projection of a constructor."""
        while True:
            self._spend()
            e = strip_mdata(e)
            head, args = app_spine(e)
            head = strip_mdata(head)
            if isinstance(head, Lam) and args:
                e = beta(head, args)
                continue
            if isinstance(head, Proj):
                struct = self._whnf(head.struct)
                field = self._field(struct, head.index)
                if field is None:
                    return e
                e = mk_app(field, *args)
                continue
            if isinstance(head, Const) and self._sees_through(head.name):
                ci = self.find(head.name)
                if ci is None or ci.value is None:
                    return e
                e = mk_app(ci.value, *args)
                continue
            return e

    def _sees_through(self, name: Name) -> bool:
        """A definition resolution unfolds: a library instance, an ``abbrev`` or ``@[reducible]``
        definition, the project's included (a project ``abbrev`` whose value is the canonical
        instance means what the library's does; one whose value is anything else is not it)."""
        self._index()
        catalog = self.env.catalog
        if name in self._unfoldable or (catalog is not None and catalog.is_unfoldable(name)):
            return True
        got = self._through.get(name)
        if got is None:
            ci = self.find(name)
            got = False
            if ci is not None and ci.kind == "definition":
                try:
                    mod = self.env.load(ci.module)
                    got = mod.kernel_fields(name).hints[0] == "abbrev" or name in mod.attributes().reducible
                except (KeyError, OleanError, OSError):
                    got = False
            self._through[name] = got
        return got

    def _field(self, struct: Expr, index: int) -> Expr | None:
        head, args = app_spine(strip_mdata(struct))
        head = strip_mdata(head)
        if not isinstance(head, Const):
            return None
        ci = self.find(head.name)
        if ci is None or ci.kind != "constructor":
            return None
        try:
            params = self.env.load(ci.module).kernel_fields(head.name).num_params
        except (KeyError, OleanError, OSError):
            return None
        if params is None or params + index >= len(args):
            return None
        return args[params + index]


# ---------------------------------------------------------------------------- terms


def class_of(t: Expr) -> Name | None:
    """The constant heading ``t`` after its ``∀`` binders."""
    t = strip_mdata(t)
    while isinstance(t, ForallE):
        t = strip_mdata(t.body)
    head, _ = app_spine(t)
    head = strip_mdata(head)
    return head.name if isinstance(head, Const) else None


def _clean(e: Expr) -> Expr:
    """``e`` without metadata and universe levels (levels never decide which instance applies)."""
    return replace(e, lambda x, _d: Const(x.name, ()) if isinstance(x, Const) and x.levels else None)


def _open(t: Expr, tag: int) -> tuple[list[tuple[Name, Expr, int]], Expr]:
    """An instance's type as metavariables for its binders (with their types and binder infos)
    and its conclusion over them; ``tag`` keeps each opening's metavariables apart."""
    t = _clean(t)
    binders = []
    k = 0
    while isinstance(t, ForallE):
        mv = Name.of("_claimcheck_mvar", tag, k)
        binders.append((mv, t.binder_type, t.binder_info))
        t = instantiate(t.body, MVar(mv))
        k += 1
    return binders, t


def _has(e: Expr, kind: type, but: Name | None = None) -> bool:
    """Whether ``e`` has a subterm of ``kind`` (a metavariable, a free variable), one named under
    ``but`` aside."""
    found = False

    def f(x: Expr, _d: int) -> Expr | None:
        nonlocal found
        if isinstance(x, kind) and (but is None or not (isinstance(x, (MVar, FVar)) and x.name.starts_with(but))):
            found = True
            return x
        return None

    replace(e, f)
    return found


def _beta_args(e: Expr) -> Expr:
    """``e`` with the beta-redexes among its arguments reduced (``CCPO ((fun _ => Option Nat) x)``
    is ``CCPO (Option Nat)``, as Lean's ``instantiateForall`` and ``headBeta`` leave it)."""
    head, args = app_spine(strip_mdata(e))
    out = []
    for a in args:
        for _ in range(8):  # (`(fun x => (fun _ => t) x) a`: a redex a pattern's value leaves)
            h, xs = app_spine(strip_mdata(a))
            if not (isinstance(strip_mdata(h), Lam) and xs):
                break
            a = beta(strip_mdata(h), xs)
        out.append(a)
    return mk_app(head, *out)


def _full(e: Expr, subst: dict[Name, Expr], spend: Callable[[], None], depth: int = 0) -> Expr:
    """``e`` with its assigned metavariables replaced by their values, through chains."""
    if depth > 64:
        raise _OutOfFuel()  # an assignment that mentions itself
    spend()

    def f(x: Expr, _d: int) -> Expr | None:
        if isinstance(x, MVar) and x.name in subst:
            return _full(subst[x.name], subst, spend, depth + 1)
        return None

    return replace(e, f)


def _key_flags(conclusion: Expr) -> tuple[int, ...]:
    """The discrimination tree's path of a conclusion's arguments, as flags: 0 where it has a
    wildcard (a metavariable), 1 where a symbol (so that sorting ascending puts wildcards first)."""
    out: list[int] = []
    _, args = app_spine(conclusion)
    stack = list(reversed(args))
    while stack:
        x = strip_mdata(stack.pop())
        head, xs = app_spine(x)
        head = strip_mdata(head)
        if isinstance(head, MVar) or isinstance(head, BVar):
            out.append(0)
            continue
        out.append(1)
        stack.extend(reversed(xs))
    return tuple(out)


def _unify(p: Expr, t: Expr, subst: dict[Name, Expr], spend: Callable[[], None],
           step: Callable[[Expr], Expr | None] = lambda _e: None) -> bool:
    """First-order unification of ``p`` and ``t``: a metavariable on either side (an instance's
    binders, a goal's unknowns) is assigned in ``subst`` (universe levels aside); where two terms
    differ, each is unfolded a step by ``step`` (a beta-redex, a reducible or ``abbrev``
    definition, an instance: what Lean's resolution unfolds, so that ``SizeOf N`` with ``abbrev N
    := Nat`` finds ``instSizeOfNat``) and tried again. Under one binder, a pattern ``?β x`` (``x``
    that binder) takes ``fun x => t`` for the term ``t`` (``instOrderPi``'s ``∀ x, ?β x`` against
    ``Nat → Option Nat``), the one higher-order pattern instances' conclusions have."""
    stack: list[tuple[Expr, Expr, tuple[Expr, ...]]] = [(p, t, ())]
    while stack:
        spend()
        x, y, binders = stack.pop()
        x, y = _deref(x, subst), _deref(y, subst)
        if x is y or x is ANY or y is ANY:
            continue
        if len(binders) == 1 and isinstance(x, App) and not isinstance(y, MVar) and loose_bvar_range(y) <= 1:
            fn, arg = strip_mdata(x.fn), strip_mdata(x.arg)
            if isinstance(fn, MVar) and fn.name not in subst and isinstance(arg, BVar) and arg.index == 0:
                yf, ya = (strip_mdata(y.fn), strip_mdata(y.arg)) if isinstance(y, App) else (None, None)
                if yf is not None and isinstance(ya, BVar) and ya.index == 0 and loose_bvar_range(yf) == 0:
                    subst[fn.name] = yf  # `f x`: `?β` is `f` (eta)
                else:
                    subst[fn.name] = Lam(Name.of("x"), binders[0], y, 0)
                continue
        if isinstance(x, MVar) or isinstance(y, MVar):
            if isinstance(x, MVar) and isinstance(y, MVar) and x.name == y.name:
                continue
            if isinstance(x, MVar):
                subst[x.name] = y
            else:
                assert isinstance(y, MVar)
                subst[y.name] = x
            continue
        if isinstance(x, Const) and isinstance(y, Const):
            ok = x.name == y.name
        elif isinstance(x, App) and isinstance(y, App):
            stack += [(x.arg, y.arg, binders), (x.fn, y.fn, binders)]
            ok = True
        elif (isinstance(x, ForallE) and isinstance(y, ForallE)) or (isinstance(x, Lam) and isinstance(y, Lam)):
            stack += [(x.body, y.body, binders + (y.binder_type,)), (x.binder_type, y.binder_type, binders)]
            ok = True
        elif isinstance(x, Lit) and isinstance(y, Lit):
            ok = x.value == y.value
        elif isinstance(x, BVar) and isinstance(y, BVar):
            ok = x.index == y.index
        elif isinstance(x, FVar) and isinstance(y, FVar):
            ok = x.name == y.name
        else:
            ok = isinstance(x, Sort) and isinstance(y, Sort)
        if not ok:
            ux, uy = step(x), step(y)
            if ux is None and uy is None:
                return False
            stack.append((x if ux is None else ux, y if uy is None else uy, binders))
    return True


def _deref(e: Expr, subst: dict[Name, Expr]) -> Expr:
    e = strip_mdata(e)
    seen = 0
    while isinstance(e, MVar) and e.name in subst and seen < 64:
        e = strip_mdata(subst[e.name])
        seen += 1
    return e


def _same(a: Expr, b: Expr, spend: Callable[[], None]) -> bool:
    """The same term, metadata and universe levels aside; :data:`ANY` is the same as anything."""
    stack = [(a, b)]
    while stack:
        spend()
        x, y = stack.pop()
        x, y = strip_mdata(x), strip_mdata(y)
        if x is y or x is ANY or y is ANY:
            continue
        if isinstance(x, Const) and isinstance(y, Const):
            ok = x.name == y.name
        elif isinstance(x, App) and isinstance(y, App):
            stack += [(x.fn, y.fn), (x.arg, y.arg)]
            ok = True
        elif (isinstance(x, ForallE) and isinstance(y, ForallE)) or (isinstance(x, Lam) and isinstance(y, Lam)):
            stack += [(x.binder_type, y.binder_type), (x.body, y.body)]
            ok = True
        elif isinstance(x, LetE) and isinstance(y, LetE):
            stack += [(x.type, y.type), (x.value, y.value), (x.body, y.body)]
            ok = True
        elif isinstance(x, Proj) and isinstance(y, Proj):
            stack.append((x.struct, y.struct))
            ok = x.index == y.index and x.type_name == y.type_name
        elif isinstance(x, Sort) and isinstance(y, Sort):
            ok = True
        elif isinstance(x, Lit) and isinstance(y, Lit):
            ok = x.value == y.value
        elif isinstance(x, BVar) and isinstance(y, BVar):
            ok = x.index == y.index
        elif (isinstance(x, MVar) and isinstance(y, MVar)) or (isinstance(x, FVar) and isinstance(y, FVar)):
            ok = x.name == y.name
        else:
            ok = False
        if not ok:
            return False
    return True


def _key(e: Expr) -> object:
    """A structural, hashable key of a term (terms compare by identity)."""
    e = strip_mdata(e)
    if isinstance(e, App):
        head, args = app_spine(e)
        return ("app", _key(head), tuple(_key(a) for a in args))
    if isinstance(e, Const):
        return ("c", e.name)
    if isinstance(e, Lit):
        return ("l", e.value)
    if isinstance(e, BVar):
        return ("b", e.index)
    if isinstance(e, (MVar, FVar)):
        return ("m", e.name)
    if isinstance(e, Sort):
        return ("s",)
    if isinstance(e, (ForallE, Lam)):
        return (e.kind, _key(e.binder_type), _key(e.body))
    if isinstance(e, Proj):
        return ("p", e.type_name, e.index, _key(e.struct))
    return ("?", id(e))


def closed(e: Expr) -> bool:
    return loose_bvar_range(e) == 0
