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
      or a project definition that unfolds to library constants only (``abbrev N := Nat`` is
      ``Nat``); bound variables are allowed, so ``instance [Add α] : HAdd α α α`` counts.

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
    constant whose type ends in a class application: ``instHAdd``, ``instAddNat``,
    ``Monad.toBind``, ``Nat.decEq``; not a constructor, not a recursor, not a function whose result
    type is a variable such as ``id``, ``ite``, ``dite``, ``cast`` or ``Prod.fst``) applied to
    arguments that pass this rule themselves: type arguments are free, instance arguments follow
    the same rule, and any other argument may not mention a project constant or a ``let``-bound
    variable. An instance variable bound by the statement's own binders (``[inst : Add α]``) is
    fine. Everything else is flagged and printed where it acts: a structure written in place
    (``@HAdd.hAdd Nat Nat Nat ⟨Nat.mul⟩ 2 3``), a function applied to an instance (``id ⟨Nat.mul⟩``),
    a projection (``Prod.fst`` of a project pair, ``p.1``), an ``ite``, a ``let``-bound variable, a
    project function whose result type is a variable. Safe by default: an instance the rule cannot
    classify (an unknown constant, a term of another shape) is flagged. Same exemptions as above.

``shadowing`` — a project declaration whose name, after one of its namespaces, is the full name
    of a library declaration visible to the project: ``MLTheory.Nat.gcd`` is written ``Nat.gcd``
    inside ``namespace MLTheory``, ``Sh.True`` is written ``True`` inside ``namespace Sh``. Two
    exemptions: an actual field of a structure (``Point.toString`` when ``Point``'s constructor has
    a field ``toString``, read from the structure's declaration), never any other declaration under
    a structure's namespace; and the function ``I.decEq`` that a ``DecidableEq`` definition ``I`` is
    exactly (as ``deriving DecidableEq`` makes it), never another ``decEq`` there. Also a name that reads as a library number type (``ℕ``, ``ℤ``, ``ℚ``,
    ``ℝ``, ``ℂ``: Mathlib's notation). A theorem's name is not checked for this: no statement
    mentions a theorem, and its own statement is printed in full.

``confusable`` — a project name (or a suffix of it after a namespace) whose Unicode TR39
    confusable skeleton (:func:`claimcheck.analysis.lookalike.skeleton`) is a visible library
    name's, while the name is not that name: ``Nat.«ɡcd»`` (U+0261) reads as ``Nat.gcd``, ``Nаt``
    with a Cyrillic ``а`` as ``Nat``.

``mixed-script`` — a project name with a word (a run of letters) whose letters come from more than
    one script: ``Nat.«lօg2»`` with an Armenian ``օ``.

``invisible`` — a project name, or a binder name of a statement, with a character a reader cannot
    see (a zero-width space or joiner, a bidirectional control, a space at a component's end, ...:
    :func:`claimcheck.analysis.lookalike.invisible_characters`). Never acknowledgeable: the gate
    fails every claim resting on it.

Each warning has a ``name`` — the instance, the declaration or the module — which is what a
manifest's ``acknowledge: [{name, note}]`` names to accept it in words (all but ``invisible``).

Also here: :meth:`StatementInspector.is_library_instance`, which the instance cross-check
(:mod:`claimcheck.analysis.instances`) uses to refuse interpreting ``+``, ``≤`` or a numeral by
its library meaning when the instance argument is not the library's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from claimcheck.analysis.lookalike import (
    describe_character, invisible_characters, mixed_script_words, skeleton, skeleton_components,
)
from claimcheck.analysis.naming import names
from claimcheck.analysis.pretty import BinderInfos, env_binder_infos, pretty, pretty_parts
from claimcheck.model.facts import StatementWarning, WarningKind
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment, OleanError
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, ForallE, Lam, LetE, Proj, Sort, app_spine, constants_of, instantiate,
    strip_mdata, subterms, walk,
)

__all__ = [
    "EXEMPT_CLASSES",
    "InstanceProblem",
    "LibraryNames",
    "StatementInspector",
    "skeleton",
]

#: Library classes whose instances cannot change a meaning (``Decidable p`` is a subsingleton).
EXEMPT_CLASSES = names("Decidable", "DecidableEq", "DecidablePred", "DecidableRel", "DecidableLT", "DecidableLE")
_INIT = "Init"

_INST_IMPLICIT = 3


#: Names that read as the library's number types (Mathlib's notation, not a Unicode confusable).
_NUMBER_SETS = {"ℕ": "Nat", "ℤ": "Int", "ℚ": "Rat", "ℝ": "Real", "ℂ": "Complex"}


class LibraryNames:
    """The library's declaration names by confusable skeleton, for one environment and one run:
    built on first use from the library modules loaded for the scopes asked about."""

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool]) -> None:
        self.env = env
        self.is_core_module = is_core_module
        self._by_skeleton: dict[tuple, list[Name]] = {}  # by `skeleton_components`
        self._indexed: set[str] = set()
        self._scopes: set[str] = set()

    def _index(self, within: str) -> None:
        if within in self._scopes:
            return
        self._scopes.add(within)
        self.env.load_all([within])
        for mod_name, mod in list(self.env.modules.items()):
            if mod_name in self._indexed or not self.is_core_module(mod_name):
                continue
            self._indexed.add(mod_name)
            for n in mod.constant_names():
                if not n.is_internal:
                    self._by_skeleton.setdefault(skeleton_components(n), []).append(n)

    def lookalikes(self, name: Name, within: str) -> list[Name]:
        """The library names visible from ``within`` whose skeleton is ``name``'s, ``name`` aside."""
        self._index(within)
        out = []
        for n in self._by_skeleton.get(skeleton_components(name), ()):
            if n != name:
                ci = self.env.find(n, within=within)
                if ci is not None and self.is_core_module(ci.module):
                    out.append(n)
        return sorted(set(out))


@dataclass(frozen=True)
class InstanceProblem:
    """An instance argument that does not carry the library's meaning.

    ``name`` is the project instance (kind ``instance``), or ``None`` for an inline one;
    ``class_name`` the library class; ``detail`` the instance's type or the inline term."""

    kind: WarningKind
    name: Name | None
    class_name: str
    detail: str


class StatementInspector:
    """Decides which constants are the project's, which instance arguments hijack a library
    meaning, and the warnings of each declaration (see the module docstring).

    ``is_core_module(module)`` tells library modules from project ones (the module's folder is
    a core library folder). Names are resolved as module ``within`` sees them (its own
    environment: itself and its imports); one inspector serves the declarations of one module.
    Results are memoised.
    """

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool], within: str,
                 binder_infos: BinderInfos | None = None, library_names: "LibraryNames | None" = None) -> None:
        self.env = env
        self.within = within
        self.is_core_module = is_core_module
        self.infos: BinderInfos = binder_infos or env_binder_infos(env, within)
        self._project: dict[Name, bool] = {}
        self._hijack: dict[Name, InstanceProblem | None] = {}
        self._transparent: dict[Name, bool] = {}
        self._prop_class: dict[Name, bool] = {}
        self._local: dict[Name, tuple[frozenset[StatementWarning], tuple[Name, ...]]] = {}
        self._prelude: dict[str, bool] = {}
        self._warnings: dict[Name, tuple[StatementWarning, ...]] = {}
        self._telescopes: dict[Name, object] = {}
        self.library_names = library_names if library_names is not None else LibraryNames(env, is_core_module)

    def find(self, name: Name):
        return self.env.find(name, within=self.within)

    # ----------------------------------------------------------------- constants

    def is_project(self, name: Name) -> bool:
        """A constant declared in a project module (not in the toolchain library)."""
        got = self._project.get(name)
        if got is None:
            ci = self.find(name)
            got = ci is not None and not self.is_core_module(ci.module)
            self._project[name] = got
        return got

    def _is_transparent(self, name: Name) -> bool:
        """A project definition that unfolds to library constants only (an alias of a library
        term, like ``abbrev N := Nat``)."""
        got = self._transparent.get(name)
        if got is not None:
            return got
        self._transparent[name] = False  # cycles: not transparent
        ci = self.find(name)
        ok = False
        if ci is not None and ci.kind == "definition" and ci.value is not None:
            ok = not self.mentions_project_type(ci.value)
        self._transparent[name] = ok
        return ok

    def mentions_project_type(self, e: Expr) -> bool:
        """Whether ``e`` mentions a project constant that is not an alias of library terms."""
        return any(self.is_project(c) and not self._is_transparent(c) for c in constants_of(e))

    def _is_prop_class(self, name: Name) -> bool:
        got = self._prop_class.get(name)
        if got is None:
            ci = self.find(name)
            got = False
            if ci is not None:
                t = strip_mdata(ci.type)
                while isinstance(t, ForallE):
                    t = strip_mdata(t.body)
                got = isinstance(t, Sort) and t.level.kind == "zero"
            self._prop_class[name] = got
        return got

    def _exempt(self, class_name: Name) -> bool:
        return class_name in EXEMPT_CLASSES or self._is_prop_class(class_name)

    def hijacking_instance(self, name: Name) -> InstanceProblem | None:
        """The problem of project constant ``name`` used as an instance: its type is a library
        class at library types (see the module docstring), else ``None``."""
        if name in self._hijack:
            return self._hijack[name]
        problem = None
        ci = self.find(name)
        if ci is not None and self.is_project(name):
            t = strip_mdata(ci.type)
            while isinstance(t, ForallE):
                t = strip_mdata(t.body)
            head, args = app_spine(t)
            if (isinstance(head, Const) and not self.is_project(head.name) and not self._exempt(head.name)
                    and not any(self.mentions_project_type(a) for a in args)):
                problem = InstanceProblem(WarningKind.INSTANCE, name, str(head.name), pretty(ci.type))
        self._hijack[name] = problem
        return problem

    # ----------------------------------------------------------------- instance arguments

    def _telescope(self, name: Name) -> tuple[tuple[Expr, ...], Expr] | None:
        """The binder types of a constant's type and its codomain (metadata stripped), memoised."""
        got = self._telescopes.get(name, False)
        if got is not False:
            return got  # type: ignore[return-value]
        ci = self.find(name)
        out = None
        if ci is not None:
            binders = []
            t = strip_mdata(ci.type)
            while isinstance(t, ForallE):
                binders.append(strip_mdata(t.binder_type))
                t = strip_mdata(t.body)
            out = (tuple(binders), t)
        self._telescopes[name] = out
        return out

    @staticmethod
    def _head_const(t: Expr) -> Name | None:
        """The constant heading ``t`` after its ``∀`` binders (``Decidable`` of ``∀ a b, Decidable
        (a = b)``), or ``None`` (a variable, a sort)."""
        t = strip_mdata(t)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        head, _ = app_spine(t)
        head = strip_mdata(head)
        return head.name if isinstance(head, Const) else None

    def instance_class(self, fn: Name, i: int, args: list[Expr] | None = None) -> Name | None:
        """The class expected at argument ``i`` of constant ``fn``: its binder type's head, with
        the earlier arguments ``args`` put in (``inferInstanceAs (Decidable p) inst`` expects a
        ``Decidable``)."""
        ci = self.find(fn)
        if ci is None:
            return None
        t = strip_mdata(ci.type)
        for k in range(i):
            if not isinstance(t, ForallE):
                return None
            t = strip_mdata(instantiate(t.body, args[k]) if args is not None and k < len(args) else t.body)
        if not isinstance(t, ForallE):
            return None
        return self._head_const(t.binder_type)

    @staticmethod
    def _is_type_binder(t: Expr) -> bool:
        """A binder whose argument is a type or a type former (``(α : Type u)``, ``(f : α → Sort v)``)."""
        t = strip_mdata(t)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        return isinstance(t, Sort)

    def _mentions_let(self, e: Expr, depth: int, lets: tuple[int, ...]) -> bool:
        """Whether ``e`` (under ``depth`` binders) mentions a variable bound by one of the ``let``
        binders at the levels ``lets``."""
        if not lets:
            return False
        found = False

        def visit(x: Expr, d: int) -> bool:
            nonlocal found
            found = found or (isinstance(x, BVar) and d - 1 - x.index in lets)
            return not found

        walk(e, visit, depth, lambda d, _binder: d + 1)
        return found

    def instance_problems(self, arg: Expr, depth: int = 0, lets: tuple[int, ...] = (),
                          expected: Name | None = None) -> list[InstanceProblem]:
        """What is wrong with the instance argument ``arg`` (empty: a library instance by identity,
        a bound instance variable, or a project instance at a project type; see the module
        docstring). ``depth`` is the number of binders ``arg`` is under, ``lets`` the levels of
        those that are ``let`` binders, ``expected`` the class the position asks for (an exempt
        class needs no check)."""
        if expected is not None and self._exempt(expected):
            return []
        out: list[InstanceProblem] = []
        self._instance_problems(arg, depth, lets, out, 0, expected, library_only=False)
        return out

    def _inline(self, out: list[InstanceProblem], expected: Name | None, detail: str) -> None:
        out.append(InstanceProblem(WarningKind.INLINE_INSTANCE, None, str(expected) if expected else "?", detail))

    def _instance_problems(self, arg: Expr, depth: int, lets: tuple[int, ...], out: list[InstanceProblem],
                           level: int, expected: Name | None, library_only: bool) -> None:
        e = strip_mdata(arg)
        if level > 64:  # instance terms are shallow: a deeper one is not classified, so it is flagged
            self._inline(out, expected, "an instance term too deep to classify")
            return
        while isinstance(e, Lam):
            depth += 1
            e = strip_mdata(e.body)
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, BVar):
            if depth - 1 - head.index in lets:
                self._inline(out, expected, "a `let`-bound instance")
            elif any(self._mentions_let(a, depth, lets) or self.mentions_project(a) for a in args) and library_only:
                self._inline(out, expected, pretty(e, self.infos))
            return  # an instance variable of the statement's own binders (`[inst : Add α]`)
        if isinstance(head, Lam) and args:
            # a beta-redex `(fun a => inst ...) x` (as elaboration leaves for instances of
            # `∀ a, Decidable (p a)`): the instance is the lambda's body, judged as any other
            self._instance_problems(head, depth, lets, out, level + 1, expected, library_only)
            return
        if isinstance(head, Proj):
            inner = strip_mdata(head.struct)
            if isinstance(inner, BVar) and depth - 1 - inner.index not in lets and not args:
                return  # a field of an instance variable of the statement's binders
            self._inline(out, expected, pretty(e, self.infos))
            return
        if not isinstance(head, Const):
            self._inline(out, expected, pretty(e, self.infos))  # a `let`, a literal, a sort: not an instance constant
            return
        ci = self.find(head.name)
        if ci is None:
            self._inline(out, expected, f"the unknown constant `{head.name}`")
            return
        tel = self._telescope(head.name)
        codomain_class = self._head_const(tel[1]) if tel is not None else None
        if self.is_project(head.name):
            problem = self.hijacking_instance(head.name)
            if problem is not None:
                out.append(problem)
            elif library_only:
                out.append(InstanceProblem(WarningKind.INSTANCE, head.name, str(expected or "?"),
                                           "a project instance, not the library's"))
            elif codomain_class is None:
                self._inline(out, expected, pretty(e, self.infos))  # a project function returning its argument
                return
        elif ci.kind in ("constructor", "recursor"):
            self._inline(out, expected, pretty(e, self.infos))  # a structure written in place
            return
        elif codomain_class is None:
            # `id`, `ite`, `dite`, `cast`, `Prod.fst`: a function whose result is any of its arguments
            self._inline(out, expected, pretty(e, self.infos))
            return
        infos = self.infos(head.name) or ()
        binders = tel[0] if tel is not None else ()
        for i, a in enumerate(args):
            if i < len(infos) and infos[i] == _INST_IMPLICIT:
                inner_class = self.instance_class(head.name, i, args)
                if inner_class is not None and self._exempt(inner_class):
                    continue
                self._instance_problems(a, depth, lets, out, level + 1, inner_class, library_only)
            elif i < len(binders) and self._is_type_binder(binders[i]):
                continue  # a type: any type, the project's too, is shown in the statement
            elif self._mentions_let(a, depth, lets) or self.mentions_project_term(a):
                # a library instance constant built from project data or a `let` (`mkInst myFun`)
                self._inline(out, expected, pretty(e, self.infos))
                return

    def mentions_project_term(self, e: Expr) -> bool:
        """Whether ``e`` mentions a project constant that is not an alias of library terms."""
        return self.mentions_project_type(e)

    def is_library_instance(self, arg: Expr, level: int = 0) -> bool:
        """Whether ``arg`` is a library instance by identity (see the module docstring), with no
        project instance anywhere in it: a library instance constant applied to types and to
        instances that pass this rule (``instHAdd Nat instAddNat``; project types may appear as
        arguments). Only such an instance has the meaning the library defines: what the instance
        cross-check may interpret ``+``, ``≤`` or a numeral by. A bare instance variable is not
        one (the cross-check has no meaning for it)."""
        e = strip_mdata(arg)
        while isinstance(e, Lam):
            e = strip_mdata(e.body)
        head, _args = app_spine(e)
        if not isinstance(strip_mdata(head), Const):
            return False
        out: list[InstanceProblem] = []
        self._instance_problems(arg, 0, (), out, level, None, library_only=True)
        return not out

    def mentions_project(self, e: Expr) -> bool:
        """Whether ``e`` mentions any project constant."""
        return any(self.is_project(c) for c in constants_of(e))

    def expr_problems(self, root: Expr) -> tuple[list[InstanceProblem], set[Name]]:
        """The problems of every instance argument in ``root`` and the constants it mentions."""
        problems: list[InstanceProblem] = []
        consts: set[Name] = set()

        def visit(e: Expr, scope: tuple[int, tuple[int, ...]]) -> Iterable[Expr] | None:
            if isinstance(e, Const):
                consts.add(e.name)
            elif isinstance(e, App):  # an application whole: its head, and its arguments in turn
                head, args = app_spine(e)
                if not isinstance(head, Const):
                    return [head, *args]
                consts.add(head.name)
                infos = self.infos(head.name) or ()
                depth, lets = scope
                for i, a in enumerate(args):
                    if i < len(infos) and infos[i] == _INST_IMPLICIT:
                        problems.extend(self.instance_problems(a, depth, lets, self.instance_class(head.name, i, args)))
                return args
            return None

        def bind(scope: tuple[int, tuple[int, ...]], binder: Expr) -> tuple[int, tuple[int, ...]]:
            depth, lets = scope
            return depth + 1, lets + (depth,) if isinstance(binder, LetE) else lets

        walk(root, visit, (0, ()), bind)
        return problems, consts

    # ----------------------------------------------------------------- names and modules

    def is_prelude_module(self, module: str) -> bool:
        """A project module that does not import ``Init`` (its header says ``prelude``)."""
        got = self._prelude.get(module)
        if got is None:
            mod = self.env.modules.get(module)
            if mod is None:
                try:
                    mod = self.env.load(module)
                except OleanError:  # an unreadable module is reported by the status itself
                    mod = None
            got = mod is not None and not any(i.module == _INIT for i in mod.imports)
            self._prelude[module] = got
        return got

    def structure_fields(self, name: Name) -> tuple[str, ...]:
        """The field names of structure ``name`` (its one constructor's binders after the
        parameters), or ``()`` when ``name`` is not a structure."""
        ci = self.find(name)
        if ci is None or ci.kind != "inductive" or len(ci.ctors) != 1:
            return ()
        ctor = self.find(ci.ctors[0])
        if ctor is None:
            return ()
        params = ci.num_params or 0
        fields = []
        t = strip_mdata(ctor.type)
        k = 0
        while isinstance(t, ForallE):
            if k >= params:
                last = t.binder_name.last
                fields.append(last if isinstance(last, str) else str(last))
            k += 1
            t = strip_mdata(t.body)
        return tuple(fields)

    def is_structure_field(self, name: Name) -> bool:
        """Whether ``name`` is ``S.f`` for a structure ``S`` with a field ``f`` (its projection)."""
        return len(name) >= 2 and isinstance(name.last, str) and name.last in self.structure_fields(name.prefix)

    def is_derived_dec_eq(self, name: Name) -> bool:
        """Whether ``name`` is ``I.decEq`` for a project instance ``I : DecidableEq T`` whose value is
        exactly that function (``fun a b => I.decEq a b``), as ``deriving DecidableEq`` makes it: its
        name ends with the library's ``decEq`` and means what that means, the instance's decision."""
        if len(name) < 2 or name.last != "decEq":
            return False
        inst = self.find(name.prefix)
        if inst is None or not self.is_project(name.prefix) or inst.kind != "definition" or inst.value is None:
            return False
        ty = strip_mdata(inst.type)
        while isinstance(ty, ForallE):  # `instDecidableEqTree {A} [DecidableEq A] : DecidableEq (Tree A)`
            ty = strip_mdata(ty.body)
        head, _args = app_spine(ty)
        if not (isinstance(head, Const) and head.name == Name.of("DecidableEq")):
            return False
        body, depth = strip_mdata(inst.value), 0
        while isinstance(body, Lam):
            body, depth = strip_mdata(body.body), depth + 1
        head, args = app_spine(body)
        return (isinstance(head, Const) and head.name == name and len(args) >= depth
                and all(isinstance(a, BVar) and a.index == depth - 1 - i for i, a in enumerate(args[len(args) - depth:])))

    def shadowed_library_name(self, name: Name) -> Name | None:
        """The library declaration whose full name a proper suffix of project name ``name`` is
        (``MLTheory.Nat.gcd`` → ``Nat.gcd``, ``Sh.True`` → ``True``), or the library number type a
        name reads as (``ℕ``), else ``None``. Exempt are an actual field of a structure
        (``Point.toString``, ``toString`` a field of ``Point``'s constructor) and the function a
        ``deriving DecidableEq`` instance is (:meth:`is_derived_dec_eq`); nothing else is.
        Compiler-generated names (a component that starts with ``_`` or is a number) are not checked."""
        if name.is_internal:
            return None
        if isinstance(name.last, str) and name.last in _NUMBER_SETS:
            number = Name.of(_NUMBER_SETS[name.last])
            ci = self.find(number)
            if ci is not None and self.is_core_module(ci.module):
                return number
        if self.is_structure_field(name) or self.is_derived_dec_eq(name):
            return None
        for i in range(1, len(name)):
            suffix = name.suffix_from(i)
            ci = self.find(suffix)
            if ci is not None and self.is_core_module(ci.module):
                return suffix
        return None

    def lookalike_library_name(self, name: Name) -> tuple[Name, Name] | None:
        """``(suffix, library name)``: a suffix of project name ``name`` (the whole name included)
        whose confusable skeleton is that visible library name's, though the texts differ
        (``Nat.«ɡcd»`` → ``Nat.gcd``); else ``None``."""
        if name.is_internal:
            return None
        for i in range(len(name)):
            suffix = name.suffix_from(i)
            found = self.library_names.lookalikes(suffix, self.within)
            if found:
                return suffix, found[0]
        return None

    def name_warnings(self, name: Name, ci, found_in: Name) -> set[StatementWarning]:
        """The warnings about the text of project name ``name`` and of its statement's binders:
        invisible characters, a confusable skeleton, mixed scripts, shadowing."""
        out: set[StatementWarning] = set()
        hidden = []
        for c in name.components:
            if isinstance(c, str):
                hidden += invisible_characters(c)
        binder_hidden = self._binder_invisibles(ci.type)
        if hidden:
            chars = ", ".join(dict.fromkeys(describe_character(c) for c in hidden))
            out.add(StatementWarning(
                WarningKind.INVISIBLE, name,
                f"the name `{name}` holds characters a reader cannot see ({chars}): it can print like"
                " another name", found_in))
        for binder, chars in binder_hidden:
            out.add(StatementWarning(
                WarningKind.INVISIBLE, name,
                f"the statement of `{name}` binds `{binder}`, a name holding characters a reader cannot see"
                f" ({chars})", found_in))
        for c in name.components:
            if isinstance(c, str):
                for word, scripts in mixed_script_words(c):
                    out.add(StatementWarning(
                        WarningKind.MIXED_SCRIPT, name,
                        f"`{name}` mixes scripts in the word `{word}` ({', '.join(s.title() for s in scripts)}):"
                        " a letter of one script can pass for another's", found_in))
                    break
        look = self.lookalike_library_name(name)
        if look is not None:
            suffix, library = look
            where = "" if suffix == name else f" (its part `{suffix}`)"
            out.add(StatementWarning(
                WarningKind.CONFUSABLE, name,
                f"`{name}`{where} reads like the library declaration `{library}` (the same Unicode confusable"
                " skeleton), but it is the project's own", found_in))
        # a theorem's name enters no statement (its own statement is printed in full)
        library = self.shadowed_library_name(name) if ci.kind != "theorem" else None
        if library is not None and not name.ends_with(library):
            out.add(StatementWarning(
                WarningKind.SHADOWING, name,
                f"`{name}` reads like the library declaration `{library}`, but it is the project's own", found_in))
        elif library is not None:
            out.add(StatementWarning(
                WarningKind.SHADOWING, name,
                f"`{name}` ends with the name of the library declaration `{library}`: inside its"
                f" namespace it is written `{library}`, but it is the project's own", found_in))
        return out

    @staticmethod
    def _binder_invisibles(ty: Expr) -> list[tuple[str, str]]:
        """Binder names of a statement holding invisible characters, with those characters."""
        out: list[tuple[str, str]] = []
        for x in subterms(ty):
            name = x.binder_name if isinstance(x, (ForallE, Lam)) else x.decl_name if isinstance(x, LetE) else None
            if name is None:
                continue
            hidden = [c for comp in name.components if isinstance(comp, str) for c in invisible_characters(comp)]
            if hidden:
                out.append((str(name), ", ".join(dict.fromkeys(describe_character(c) for c in hidden))))
        return sorted(set(out))

    # ----------------------------------------------------------------- warnings

    def _own(self, name: Name) -> tuple[frozenset[StatementWarning], tuple[Name, ...]]:
        """Warnings found in one project constant's own meaning, and the project constants it
        mentions there."""
        got = self._local.get(name)
        if got is not None:
            return got
        ci = self.find(name)
        warnings: set[StatementWarning] = set()
        succ: set[Name] = set()
        if ci is not None and self.is_project(name):
            roots = [ci.type]
            # an opaque's value (a `partial def`'s inhabitant) is never unfolded: no statement reads it
            if ci.kind == "definition" and ci.value is not None:
                roots.append(ci.value)
            elif ci.kind == "inductive":
                succ.update(ci.ctors)
            for root in roots:
                problems, consts = self.expr_problems(root)
                succ |= {c for c in consts if self.is_project(c)}
                for p in problems:
                    warnings.add(self._problem_warning(p, name))
            warnings |= self.name_warnings(name, ci, name)
            if self.is_prelude_module(ci.module):
                warnings.add(StatementWarning(
                    WarningKind.PRELUDE, Name.parse(ci.module),
                    f"`{ci.module}` is a `prelude` module (it does not import Lean's `Init`, so its names"
                    f" need not mean the library's), and `{name}` is declared there", name))
        succ.discard(name)
        node = (frozenset(warnings), tuple(sorted(succ)))
        self._local[name] = node
        return node

    @staticmethod
    def _problem_warning(p: InstanceProblem, found_in: Name) -> StatementWarning:
        if p.kind is WarningKind.INSTANCE and p.name is not None:
            return StatementWarning(
                WarningKind.INSTANCE, p.name,
                f"uses the project instance `{p.name}` of the library class `{p.class_name}`"
                f" (`{p.detail}`): a library operation at library types with the project's meaning"
                + ("" if found_in == p.name else f" (in `{found_in}`)"), found_in)
        what = f"an instance of `{p.class_name}` written in place" if p.class_name != "?" else "an instance"
        return StatementWarning(
            WarningKind.INLINE_INSTANCE, found_in,
            f"`{found_in}` passes {what} ({p.detail}), not a library instance", found_in)

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
        ci = self.find(name)
        if ci is None:
            return None
        return pretty_parts(ci.type, self.infos, self)
