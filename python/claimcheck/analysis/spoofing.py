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

``inline-instance`` — an instance argument that is not a named instance at all: a structure
    written in place (``@HAdd.hAdd Nat Nat Nat ⟨Nat.mul⟩ 2 3``, what ``letI`` leaves behind) or a
    ``let``-bound variable. No project instance is involved, yet the operator does not mean the
    library's. Same exemptions as above.

``shadowing`` — a project declaration whose name, after one of its namespaces, is the full name
    of a library declaration visible to the project: ``MLTheory.Nat.gcd`` is written ``Nat.gcd``
    inside ``namespace MLTheory``, ``Foo.True`` is written ``True`` inside ``Foo``; or whose name
    *reads* like one (``Νat`` with a Greek ``Ν``, ``ℕ`` for ``Nat``: :func:`skeleton`). (A name under
    a declaration, like a structure's field ``Foo.Point.toString``, reads as that declaration's
    part and is not flagged; nor is a theorem's name: no statement mentions a theorem, and its
    own statement is printed in full.)

``prelude`` — a declaration of a project module that does not import Lean's ``Init`` (a
    ``prelude`` module): it can define its own ``Nat``, ``Eq`` or ``True``.

Each warning has a ``name`` — the instance, the declaration or the module — which is what a
manifest's ``acknowledge: [{name, note}]`` names to accept it in words.

Also here: :meth:`StatementInspector.is_library_instance`, which the instance cross-check
(:mod:`claimcheck.analysis.instances`) uses to refuse interpreting ``+``, ``≤`` or a numeral by
its library meaning when the instance argument is not the library's.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Callable

from claimcheck.analysis.naming import names
from claimcheck.analysis.pretty import BinderInfos, env_binder_infos, pretty, pretty_parts
from claimcheck.model.facts import StatementWarning, WarningKind
from claimcheck.model.names import Name
from claimcheck.olean.reader import (
    App,
    BVar,
    Const,
    Environment,
    Expr,
    ForallE,
    Lam,
    LetE,
    MData,
    OleanError,
    Proj,
    Sort,
    app_spine,
    strip_mdata,
)

__all__ = [
    "EXEMPT_CLASSES",
    "InstanceProblem",
    "StatementInspector",
    "skeleton",
]

#: Library classes whose instances cannot change a meaning (``Decidable p`` is a subsingleton).
EXEMPT_CLASSES = names("Decidable", "DecidableEq", "DecidablePred", "DecidableRel", "DecidableLT", "DecidableLE")
_INIT = "Init"

_INST_IMPLICIT = 3


#: Letters that look like Latin ones (Cyrillic, Greek): what :func:`skeleton` maps them to.
_CONFUSABLES = str.maketrans(
    "аеорсухіјѕԁԛԝАВЕКМНОРСТХУІЈЅοανρικτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdqwABEKMHOPCTXYIJSoavpiktuxABEZHIKMNOPTYX",
)


#: Names that read as the library's number types.
_NUMBER_SETS = {"ℕ": "Nat", "ℤ": "Int", "ℚ": "Rat", "ℝ": "Real", "ℂ": "Complex"}


def skeleton(name: Name) -> Name:
    """``name`` as it reads: ``ℕ``, ``ℤ``, ``ℚ`` as ``Nat``, ``Int``, ``Rat``; compatibility
    forms folded (NFKC: fullwidth letters, ligatures); Cyrillic and Greek letters that look like
    Latin ones replaced by those (``Νat`` with a Greek ``Ν`` reads as ``Nat``)."""
    out: list[str | int] = []
    for c in name.components:
        if isinstance(c, str):
            c = unicodedata.normalize("NFKC", _NUMBER_SETS.get(c, c)).translate(_CONFUSABLES)
        out.append(c)
    return Name(out)


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
                 binder_infos: BinderInfos | None = None) -> None:
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

    def _constants(self, e: Expr) -> set[Name]:
        out: set[Name] = set()
        stack = [e]
        seen: set[int] = set()
        while stack:
            x = stack.pop()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if isinstance(x, Const):
                out.add(x.name)
            elif isinstance(x, App):
                stack += (x.fn, x.arg)
            elif isinstance(x, (Lam, ForallE)):
                stack += (x.binder_type, x.body)
            elif isinstance(x, LetE):
                stack += (x.type, x.value, x.body)
            elif isinstance(x, MData):
                stack.append(x.expr)
            elif isinstance(x, Proj):
                stack.append(x.struct)
        return out

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
        return any(self.is_project(c) and not self._is_transparent(c) for c in self._constants(e))

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

    def instance_problems(self, arg: Expr, depth: int = 0, lets: tuple[int, ...] = ()) -> list[InstanceProblem]:
        """What is wrong with the instance argument ``arg`` (empty: it carries the library's
        meaning or a project meaning at a project type). ``depth`` is the number of binders
        ``arg`` is under and ``lets`` the levels of those that are ``let`` binders. The instance
        arguments of the instance itself are checked too (``instHAdd Nat myAdd``)."""
        out: list[InstanceProblem] = []
        self._instance_problems(arg, depth, lets, out, 0)
        return out

    def _instance_problems(self, arg: Expr, depth: int, lets: tuple[int, ...], out: list[InstanceProblem],
                           level: int) -> None:
        if level > 64:  # instance terms are shallow; a deeper one is not worth following
            return
        e = strip_mdata(arg)
        while isinstance(e, Lam):
            depth += 1
            e = strip_mdata(e.body)
        if isinstance(e, Proj):
            self._instance_problems(e.struct, depth, lets, out, level + 1)
            return
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, BVar):
            if depth - 1 - head.index in lets:
                out.append(InstanceProblem(WarningKind.INLINE_INSTANCE, None, "?", "a `let`-bound instance"))
            return
        if isinstance(head, Lam) and args:
            # a beta-redex `(fun a => inst ...) x` (as elaboration leaves for instances of
            # `∀ a, Decidable (p a)`): the instance is the lambda's body, judged as any other
            self._instance_problems(head, depth, lets, out, level + 1)
            return
        if isinstance(head, (LetE, Lam, Proj)):
            out.append(InstanceProblem(WarningKind.INLINE_INSTANCE, None, "?", pretty(e)))
            return
        if not isinstance(head, Const):
            return
        ci = self.find(head.name)
        if ci is None:
            return
        if self.is_project(head.name):
            problem = self.hijacking_instance(head.name)
            if problem is not None:
                out.append(problem)
        elif ci.kind == "constructor":
            cls = ci.induct
            if cls is None or not self._exempt(cls):
                out.append(InstanceProblem(WarningKind.INLINE_INSTANCE, None, str(cls or "?"), pretty(e, self.infos)))
            return
        infos = self.infos(head.name) or ()
        for i, a in enumerate(args):
            if i < len(infos) and infos[i] == _INST_IMPLICIT:
                self._instance_problems(a, depth, lets, out, level + 1)

    def is_library_instance(self, arg: Expr, level: int = 0) -> bool:
        """Whether ``arg`` is a library instance: its head is a library constant that is not a
        constructor (no structure written in place, no ``let``- or ``∀``-bound variable), and so
        is every instance argument it passes on (``instHAdd Nat instAddNat``); project types may
        appear as arguments. Only such an instance has the meaning the library defines: what the
        instance cross-check may interpret ``+``, ``≤`` or a numeral by."""
        if level > 64:
            return False
        e = strip_mdata(arg)
        while isinstance(e, Lam):
            e = strip_mdata(e.body)
        if isinstance(e, Proj):
            return self.is_library_instance(e.struct, level + 1)
        head, args = app_spine(e)
        head = strip_mdata(head)
        if not isinstance(head, Const) or self.is_project(head.name):
            return False
        ci = self.find(head.name)
        if ci is None or ci.kind == "constructor":
            return False
        infos = self.infos(head.name) or ()
        return all(self.is_library_instance(a, level + 1)
                   for i, a in enumerate(args) if i < len(infos) and infos[i] == _INST_IMPLICIT)

    def mentions_project(self, e: Expr) -> bool:
        """Whether ``e`` mentions any project constant."""
        return any(self.is_project(c) for c in self._constants(e))

    def expr_problems(self, root: Expr) -> tuple[list[InstanceProblem], set[Name]]:
        """The problems of every instance argument in ``root`` and the constants it mentions."""
        problems: list[InstanceProblem] = []
        consts: set[Name] = set()
        stack: list[tuple[Expr, int, tuple[int, ...]]] = [(root, 0, ())]
        seen: set[tuple[int, int, tuple[int, ...]]] = set()
        while stack:
            e, depth, lets = stack.pop()
            key = (id(e), depth, lets)
            if key in seen:
                continue
            seen.add(key)
            if isinstance(e, MData):
                stack.append((e.expr, depth, lets))
            elif isinstance(e, Const):
                consts.add(e.name)
            elif isinstance(e, App):
                head, args = app_spine(e)
                if isinstance(head, Const):
                    consts.add(head.name)
                    infos = self.infos(head.name) or ()
                    for i, a in enumerate(args):
                        if i < len(infos) and infos[i] == _INST_IMPLICIT:
                            problems += self.instance_problems(a, depth, lets)
                else:
                    stack.append((head, depth, lets))
                stack.extend((a, depth, lets) for a in args)
            elif isinstance(e, (Lam, ForallE)):
                stack.append((e.binder_type, depth, lets))
                stack.append((e.body, depth + 1, lets))
            elif isinstance(e, LetE):
                stack.append((e.type, depth, lets))
                stack.append((e.value, depth, lets))
                stack.append((e.body, depth + 1, lets + (depth,)))
            elif isinstance(e, Proj):
                stack.append((e.struct, depth, lets))
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

    def shadowed_library_name(self, name: Name) -> Name | None:
        """The library declaration whose full name a proper suffix of project name ``name`` is
        (``MLTheory.Nat.gcd`` → ``Nat.gcd``), or ``None``.

        Only suffixes after a *namespace* count: when the prefix is itself a declaration (a
        structure's field ``Foo.Point.toString``, the ``decEq`` that ``deriving DecidableEq``
        puts under its instance), the name is reached through that declaration and reads as its
        part. Compiler-generated names (a component that starts with ``_`` or is a number) are
        not checked."""
        if name.is_internal:
            return None
        look = skeleton(name)
        if look != name:  # letters that look like others: `Nаt` with a Cyrillic `а` reads as `Nat`
            for i in range(len(look)):
                ci = self.find(look.suffix_from(i))
                if ci is not None and self.is_core_module(ci.module):
                    return look.suffix_from(i)
        for i in range(1, len(name)):
            if self.find(name.prefix_to(i)) is not None:
                continue
            suffix = name.suffix_from(i)
            ci = self.find(suffix)
            if ci is not None and self.is_core_module(ci.module):
                return suffix
        return None

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
            if ci.kind in ("definition", "opaque") and ci.value is not None:
                roots.append(ci.value)
            elif ci.kind == "inductive":
                succ.update(ci.ctors)
            for root in roots:
                problems, consts = self.expr_problems(root)
                succ |= {c for c in consts if self.is_project(c)}
                for p in problems:
                    warnings.add(self._problem_warning(p, name))
            # a theorem's name enters no statement (its own statement is printed in full)
            library = self.shadowed_library_name(name) if ci.kind != "theorem" else None
            if library is not None and not name.ends_with(library):
                warnings.add(StatementWarning(
                    WarningKind.SHADOWING, name,
                    f"`{name}` reads like the library declaration `{library}` (letters that look alike),"
                    " but it is the project's own", name))
            elif library is not None:
                warnings.add(StatementWarning(
                    WarningKind.SHADOWING, name,
                    f"`{name}` ends with the name of the library declaration `{library}`: inside its"
                    f" namespace it is written `{library}`, but it is the project's own", name))
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
