"""Statements that cannot deceive: warnings where the printed text may not be what was proved.

A reader of the report sees a declaration's *printed* statement. Lean hides instance arguments
when it prints, and a project can supply its own: with ``instance fiveIsFour : OfNat Nat 5 :=
⟨4⟩``, ``theorem five_eq_four : (5 : Nat) = 4 := rfl`` is proved with no axioms and prints as
``5 = 4``. This module finds such cases and names them, and tells the printer
(:mod:`claimcheck.analysis.pretty`) where to show the hidden argument.

A declaration's **warnings** come from its statement and, transitively, from every project
constant it mentions: a project definition or instance counts with its type and value (its
value is its meaning), an inductive with its constructors, a theorem with its type only (proofs
never change a meaning). Library constants end the walk. Four kinds:

``instance`` — a **hijacking project instance**: a constant declared in a project module, passed
    at an instance-implicit argument position (``[inst : C …]`` of the function applied), whose
    type is ``C a₁ … aₙ`` (after its own ``∀`` binders) where

    * ``C`` is declared in the toolchain library (not in the project), and
    * no ``aᵢ`` mentions a project type: every constant in the arguments is a library constant,
      or a reducible project definition that unfolds to library constants only (``abbrev N :=
      Nat`` and ``@[reducible] def N := Nat`` are ``Nat`` to instance resolution; a plain ``def
      PreInt := Nat × Nat`` is a type of its own, and the printer shows it where an operation's
      operands do not determine it: ``(a + b : N)``); bound variables are allowed, so ``instance
      [Add α] : HAdd α α α`` counts.

    A parent projection of a project class (``Group.toMul`` of ``class Group (G) extends Mul G``)
    is such an instance only where it is applied at library types (through the project's ``Group
    Nat``): at a bound ``G`` or a project type it gives ``Mul G`` only where a ``Group G``
    instance is, and that instance argument is judged like any other.

    That is, the project gives a library class a new meaning *at library types*, where every
    reader assumes the library's (``OfNat Nat 5``, ``HAdd Nat Nat Nat``, ``LE Rat``,
    ``BEq Nat``, ``Inhabited Nat``). A class applied to a project type (``DecidableEq MyType``,
    ``Inhabited MyStruct``, ``Add Vec2``, ``Decidable (myPred n)``) hijacks nothing: there is no
    library meaning to take over, and the type is visible in the statement. Two exemptions, both
    because no instance can change the meaning: classes whose values are proofs (the class is a
    ``Prop``, e.g. ``Nonempty``), and the ``Decidable`` family (``Decidable``, ``DecidableEq``,
    ``DecidablePred``, ``DecidableRel``, ``DecidableLT``, ``DecidableLE``): ``Decidable p`` is a
    subsingleton, so ``decide p`` and ``if p then …`` mean the same whichever instance decides.

``inline-instance`` — an instance argument that is not a library instance by identity. An
    instance argument counts as the library's only when it is a library *instance constant* (a
    constant the library declares an ``instance``, global, as its module's exported
    ``instanceExtension`` entries say: ``instHAdd``, ``instAddNat``, ``Monad.toBind``; not a
    function that builds an instance, however it is typed: ``ltOfOrd (Ord.opposite instOrdNat)``,
    ``leOfOrd``, ``Ord.on instOrdNat f``, ``lexOrd``; not a constructor, not a recursor, not a
    function whose result type is a variable such as ``id``, ``ite``, ``dite``, ``cast`` or
    ``Prod.fst``; an ``abbrev`` resolution unfolds, ``inferInstance`` or ``inferInstanceAs``, is
    judged by what it unfolds to) applied to
    arguments that pass this rule themselves: type arguments are free, instance arguments follow
    the same rule, and any other argument may not mention a project constant or a ``let``-bound
    variable. An instance variable bound by the statement's own binders (``[inst : Add α]``) is
    fine. Everything else is flagged and printed where it acts: a structure written in place
    (``@HAdd.hAdd Nat Nat Nat ⟨Nat.mul⟩ 2 3``), a function applied to an instance (``id ⟨Nat.mul⟩``),
    a projection (``Prod.fst`` of a project pair, ``p.1``), an ``ite``, a ``let``-bound variable, a
    project function whose result type is a variable. Safe by default: an instance the rule cannot
    classify (an unknown constant, a term of another shape) is flagged. Same exemptions as above.

    On top of that, an instance of a library class at closed library terms (``LT Nat``, ``HAdd Nat
    Nat Nat``, ``SizeOf Nat``) is judged by what it *is*, not by how it is built: elided only when
    it is the instance Lean's resolution gives over the library's own instances (priority, then
    discrimination-tree order; each argument resolved in turn; :mod:`claimcheck.analysis.canonical`),
    or unfolds to it through reducible and instance definitions (``⟨Nat.lt⟩`` is ``instLTNat``).
    Another library instance, however declared, is flagged with what resolution gives:
    ``@SizeOf.sizeOf Nat (instSizeOfDefault Nat) 5 = 0`` (a priority-100 instance where resolution
    gives ``instSizeOfNat``) prints as ``SizeOf.sizeOf [instSizeOfDefault Nat] 5 = 0`` and fails the
    claim. An instance at the statement's bound variables or project constants is judged the same
    way with the binders in scope: the bound variables as opaque free variables, the statement's
    instance binders as local instances tried first (the last bound first), the project's instances
    beside the library's; ``instSizeOfDefault (List α)`` (resolution gives ``List._sizeOf_inst α
    (instSizeOfDefault α)``), a library instance where an ``[SizeOf α]`` binder is in scope, the
    earlier of two ``[LT α]`` binders, are flagged. When such an instance is what resolution
    gives, the structural rule above still applies (a project instance of a library class at a
    bound type). A class's ``outParam`` arguments are unknowns while resolving, as in Lean:
    ``instHAdd α inst`` where an ``[HAdd α α Nat]`` binder (or a project ``HAdd P P Nat``) is what
    ``a + b`` resolves to is flagged. Out of fuel, the instance is flagged; where resolution as
    modelled finds no instance at all (a higher-order pattern), the structural rule above decides.

``shadowing`` — a project declaration whose name, after one of its namespaces, is the full name
    of a library declaration visible to the project: ``MLTheory.Nat.gcd`` is written ``Nat.gcd``
    inside ``namespace MLTheory``, ``Sh.True`` is written ``True`` inside ``namespace Sh``. Two
    exemptions: an actual field of a structure (``Point.toString`` when ``Point``'s constructor has
    a field ``toString``, read from the structure's declaration), never any other declaration under
    a structure's namespace; the function ``I.decEq`` that a ``DecidableEq`` definition ``I`` is
    exactly (as ``deriving DecidableEq`` makes it), never another ``decEq`` there; and a definition
    under a project instance's name that the instance's value uses (``deriving Repr``'s
    ``instReprColor.repr``). Also a name that reads as a library number type (``ℕ``, ``ℤ``, ``ℚ``,
    ``ℝ``, ``ℂ``: Mathlib's notation). A theorem's name is not checked for this: no statement
    mentions a theorem, and its own statement is printed in full.

``confusable`` — a project name (or a suffix of it after a namespace) whose Unicode TR39
    confusable skeleton (:func:`claimcheck.analysis.lookalike.skeleton`) is a visible library
    name's, while the name is not that name: ``Nat.«ɡcd»`` (U+0261) reads as ``Nat.gcd``, ``Nаt``
    with a Cyrillic ``а`` as ``Nat``.

``mixed-script`` — an identifier a statement shows (a component of a project name, or a binder
    name) that is not "Highly Restrictive" in Unicode TR39 (section 5.2: one script, or Latin with
    Han and kana, Bopomofo or Hangul): ``Nat.«lօg2»`` with an Armenian ``օ``, a binder ``раth`` with
    a Cyrillic ``р`` and ``а`` (:func:`claimcheck.analysis.lookalike.mixed_scripts`), judged word by
    word (``_`` separates Lean's words: ``δ_bound`` passes). A hypothesis ``h`` + a name (``hδ : 0 <
    δ``) is judged by that name: Lean's usual naming.

``invisible`` — a project name, or a binder name of a statement, with a character a reader cannot
    see (a zero-width space or joiner, a bidirectional control, a space at a component's end, ...:
    :func:`claimcheck.analysis.lookalike.invisible_characters`). Never acknowledgeable: the gate
    fails every claim resting on it.

``confusable`` also applies among the project's own names (``Conf.o`` and ``Conf.ο``, a Greek
    omicron: two declarations a reader takes for one) and to the names a statement binds: a binder
    that reads like a visible library name (``Νat``, a Greek Ν) and two binders of one type that read
    alike (``o`` and ``ο``). Binders of different types (``α : Type`` and ``a : α``, ``σ : Nat →
    Nat`` and ``o : Nat``) are Lean's usual naming.

``too-large`` — a statement deeper than the printer goes: it is never shown cut with ``…`` (what
    lies past the cut would be neither shown nor reviewed); the claim fails, "too large to show".
    Never acknowledgeable.

Each warning has a ``name`` — the instance, the declaration or the module — which is what a
manifest's ``acknowledge: [{name, note}]`` names to accept it in words (all but ``invisible`` and
``too-large``).

The rules live by job: instance hijacking in :mod:`claimcheck.analysis.instance_rules`, the name
rules in :mod:`claimcheck.analysis.name_rules`, both over what one module sees
(:mod:`claimcheck.analysis.scope`); the printer (:mod:`claimcheck.analysis.pretty`) shows a hidden
instance where the instance rules say. :class:`StatementInspector` puts them together: a
declaration's warnings, and its printed statement.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.analysis.instance_rules import InstanceRules
from claimcheck.analysis.name_rules import LibraryNames, NameRules
from claimcheck.analysis.pretty import MAX_DEPTH, BinderInfos, pretty_whole
from claimcheck.analysis.scope import ProjectScope
from claimcheck.model.facts import StatementWarning, WarningKind
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment

__all__ = ["StatementInspector"]


class StatementInspector:
    """The warnings of each declaration of one module's scope, and its printed statement (see the
    module docstring): the instance rules and the name rules over what module ``within`` sees.
    ``is_core_module(module)`` tells library modules from project ones. Results are memoised."""

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool], within: str,
                 binder_infos: BinderInfos | None = None, library_names: LibraryNames | None = None) -> None:
        self.scope = ProjectScope(env, is_core_module, within)
        self.instances = InstanceRules(self.scope, binder_infos)
        self.names = NameRules(self.scope, library_names)
        self._local: dict[Name, tuple[frozenset[StatementWarning], tuple[Name, ...]]] = {}
        self._warnings: dict[Name, tuple[StatementWarning, ...]] = {}
        self._statements: dict[Name, object] = {}
        self._cut: dict[Name, bool] = {}

    def _own(self, name: Name) -> tuple[frozenset[StatementWarning], tuple[Name, ...]]:
        """Warnings found in one project constant's own meaning, and the project constants it
        mentions there."""
        got = self._local.get(name)
        if got is not None:
            return got
        ci = self.scope.find(name)
        warnings: set[StatementWarning] = set()
        succ: set[Name] = set()
        if ci is not None and self.scope.is_project(name):
            roots = [ci.type]
            # an opaque's value (a `partial def`'s inhabitant) is never unfolded: no statement reads it
            if ci.kind == "definition" and ci.value is not None:
                roots.append(ci.value)
            elif ci.kind == "inductive":
                succ.update(ci.ctors)
            for root in roots:
                self.instances.judged = name
                problems, consts = self.instances.expr_problems(root)
                succ |= {c for c in consts if self.scope.is_project(c)}
                for p in problems:
                    warnings.add(self.instances.problem_warning(p, name))
            warnings |= self.names.name_warnings(name, ci, name)
            prelude = self.names.prelude_warning(ci, name)
            if prelude is not None:
                warnings.add(prelude)
        succ.discard(name)
        node = (frozenset(warnings), tuple(sorted(succ)))
        self._local[name] = node
        return node

    def warnings(self, name: Name) -> tuple[StatementWarning, ...]:
        """The warnings of declaration ``name``: its own and those of every project constant its
        meaning mentions, transitively; one per kind and name (sorted)."""
        got = self._warnings.get(name)
        if got is not None:
            return got
        found: set[StatementWarning] = set()
        seen = {name}
        todo = [name]
        while todo:
            n = todo.pop()
            ws, succ = self._own(n)
            found |= ws
            for s in succ:
                if s not in seen:
                    seen.add(s)
                    todo.append(s)
        large = self.too_large(name)
        if large is not None:
            found.add(large)
        # one warning per thing named: the one found in the declaration itself, else the first
        best: dict[tuple[WarningKind, Name], StatementWarning] = {}
        for w in sorted(found, key=lambda w: (w.found_in != name, w)):
            best.setdefault((w.kind, w.name), w)
        result = tuple(sorted(best.values()))
        self._warnings[name] = result
        return result

    def statement(self, name: Name):
        """The printed statement of ``name`` with hijacked instances shown in place, and its parts
        (see :func:`claimcheck.analysis.pretty.pretty_parts`); ``None`` if not found."""
        got = self._statements.get(name, False)
        if got is not False:
            return got  # type: ignore[return-value]
        ci = self.scope.find(name)
        if ci is None:
            self._statements[name] = None
            return None
        self.instances.judged = name
        text, parts, cut = pretty_whole(ci.type, self.instances.infos, self.instances)
        self._statements[name] = (text, parts)
        self._cut[name] = cut
        return text, parts

    def too_large(self, name: Name) -> StatementWarning | None:
        """The ``too-large`` warning of ``name`` when its statement cannot be printed whole (deeper
        than the printer goes): it is never shown cut, and a claim on it fails."""
        if self.statement(name) is None or not self._cut.get(name):
            return None
        return StatementWarning(
            WarningKind.TOO_LARGE, name,
            f"the statement of `{name.user_facing}` is too large to show (deeper than {MAX_DEPTH} levels): a cut"
            " text would hide what was proved", name)
