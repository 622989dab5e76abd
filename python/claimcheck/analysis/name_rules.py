"""Name rules: project names that read as something else (``shadowing``, ``confusable``,
``mixed-script``, ``invisible``) and modules that do not import ``Init`` (``prelude``); the rules
are described in :mod:`claimcheck.analysis.spoofing`'s docstring."""

from __future__ import annotations

from typing import Callable

from claimcheck.analysis.lookalike import (
    describe_character, invisible_characters, mixed_scripts, skeleton_components,
)
from claimcheck.analysis.library import LibraryIndex
from claimcheck.analysis.scope import ProjectScope
from claimcheck.model.facts import StatementWarning, WarningKind
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment, OleanError
from claimcheck.olean.terms import BVar, Const, Expr, ForallE, Lam, LetE, Sort, app_spine, strip_mdata, subterms

__all__ = ["LibraryNames", "NameRules"]

_INIT = "Init"

#: Names that read as the library's number types (Mathlib's notation, not a Unicode confusable).
_NUMBER_SETS = {"ℕ": "Nat", "ℤ": "Int", "ℚ": "Rat", "ℝ": "Real", "ℂ": "Complex"}


def _word_scripts(text: str) -> tuple[str, ...]:
    """The scripts of the first word of identifier ``text`` that is not "Highly Restrictive" (UTS
    #39, as :func:`~claimcheck.analysis.lookalike.mixed_scripts`), else ``()``. The words are the
    ``_``-separated parts, Lean's word separator: ``δ_bound`` is two words of one script each
    (Lean's usual naming), ``lօg2`` and ``раth`` are one word of two scripts."""
    for word in text.split("_"):
        scripts = mixed_scripts(word)
        if scripts:
            return scripts
    return ()


def _binder_mixed_scripts(text: str) -> tuple[str, ...]:
    """:func:`_word_scripts` of binder name ``text``; a hypothesis named after what it is about
    (Lean's ``h`` + a name: ``hδ : 0 < δ``, ``hμ``) is judged by that name, so ``hδ`` passes and
    ``hраth`` does not."""
    scripts = _word_scripts(text)
    if scripts and len(text) > 1 and text[0] == "h" and not _word_scripts(text[1:]):
        return ()
    return scripts


class LibraryNames:
    """The library's declaration names by confusable skeleton, for one environment and one run:
    from the library's index (:meth:`~claimcheck.analysis.library.LibraryIndex.lookalikes`, kept
    per toolchain) when the environment reads that library through its catalog, else built on first
    use from the library modules loaded for the scopes asked about."""

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool],
                 index: LibraryIndex | None = None) -> None:
        self.env = env
        self.is_core_module = is_core_module
        self.index = index if index is not None and env.catalog is index.catalog else None
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
        if self.index is not None:
            found = self.index.lookalikes(name)
        else:
            self._index(within)
            found = [n for n in self._by_skeleton.get(skeleton_components(name), ()) if n != name]
        out = []
        for n in found:
            module = self.env.resolve(n, within=within)
            if module is not None and self.is_core_module(module):
                out.append(n)
        return sorted(set(out))


class NameRules:
    """The name rules as module ``scope.within`` sees its constants (``library_names``: the
    library's names by confusable skeleton, shared by the scopes of one run)."""

    def __init__(self, scope: ProjectScope, library_names: LibraryNames | None = None) -> None:
        self.scope = scope
        self.find, self.is_project = scope.find, scope.is_project
        self.library_names = library_names if library_names is not None else LibraryNames(scope.env,
                                                                                          scope.is_core_module)
        self._prelude: dict[str, bool] = {}
        self._project_skeletons: dict[tuple, list[Name]] | None = None

    def is_prelude_module(self, module: str) -> bool:
        """A project module that does not import ``Init`` (its header says ``prelude``)."""
        got = self._prelude.get(module)
        if got is None:
            mod = self.scope.env.modules.get(module)
            if mod is None:
                try:
                    mod = self.scope.env.load(module)
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

    def is_instance_auxiliary(self, name: Name) -> bool:
        """Whether ``name`` is ``I.f`` for a project instance ``I`` whose value uses it (as ``deriving
        Repr`` makes ``instReprColor.repr`` for ``instReprColor``): the instance's own
        implementation, named after the field it fills, not a second ``repr``."""
        if len(name) < 2:
            return False
        inst = self.find(name.prefix)
        if inst is None or not self.is_project(name.prefix) or inst.kind != "definition" or inst.value is None:
            return False
        mod = self.scope.env.modules.get(inst.module)
        try:
            declared = mod is not None and any(i.name == inst.name for i in mod.attributes().instances)
        except OleanError:
            declared = False
        return declared and name in inst.value_constants()

    def shadowed_library_name(self, name: Name) -> Name | None:
        """The library declaration whose full name a proper suffix of project name ``name`` is
        (``MLTheory.Nat.gcd`` → ``Nat.gcd``, ``Sh.True`` → ``True``), or the library number type a
        name reads as (``ℕ``), else ``None``. Exempt are an actual field of a structure
        (``Point.toString``, ``toString`` a field of ``Point``'s constructor) and the function a
        ``deriving DecidableEq`` instance is (:meth:`is_derived_dec_eq`), and the implementation an
        instance's value uses (:meth:`is_instance_auxiliary`: ``deriving Repr``'s ``instReprColor.repr``);
        nothing else is.
        Compiler-generated names (a component that starts with ``_`` or is a number) are not checked.
        A private name is printed as its author wrote it, so that name is checked, the whole of it too."""
        private = name.is_private
        if private:
            name = name.user_facing
        if name.is_internal:
            return None
        if isinstance(name.last, str) and name.last in _NUMBER_SETS:
            number = Name.of(_NUMBER_SETS[name.last])
            ci = self.find(number)
            if ci is not None and self.scope.is_core_module(ci.module):
                return number
        if self.is_structure_field(name) or self.is_derived_dec_eq(name) or self.is_instance_auxiliary(name):
            return None
        for i in range(0 if private else 1, len(name)):
            suffix = name.suffix_from(i)
            ci = self.find(suffix)
            if ci is not None and self.scope.is_core_module(ci.module):
                return suffix
        return None

    def lookalike_library_name(self, name: Name) -> tuple[Name, Name] | None:
        """``(suffix, library name)``: a suffix of project name ``name`` (the whole name included)
        whose confusable skeleton is that visible library name's, though the texts differ
        (``Nat.«ɡcd»`` → ``Nat.gcd``); else ``None``."""
        name = name.user_facing
        if name.is_internal:
            return None
        for i in range(len(name)):
            suffix = name.suffix_from(i)
            found = self.library_names.lookalikes(suffix, self.scope.within)
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
        out |= self.binder_warnings(name, ci, found_in)
        twin = self.project_lookalike(name)
        if twin is not None:
            out.add(StatementWarning(
                WarningKind.CONFUSABLE, name,
                f"`{name.user_facing}` reads like the project's `{twin}` (the same Unicode confusable skeleton), but the"
                " two are different declarations", found_in))
        if hidden:
            chars = ", ".join(dict.fromkeys(describe_character(c) for c in hidden))
            out.add(StatementWarning(
                WarningKind.INVISIBLE, name,
                f"the name `{name.user_facing}` holds characters a reader cannot see ({chars}): it can print like"
                " another name", found_in))
        for binder, chars in binder_hidden:
            out.add(StatementWarning(
                WarningKind.INVISIBLE, name,
                f"the statement of `{name.user_facing}` binds `{binder}`, a name holding characters a reader cannot see"
                f" ({chars})", found_in))
        for c in name.components:
            scripts = _word_scripts(c) if isinstance(c, str) else ()
            if scripts:
                out.add(StatementWarning(
                    WarningKind.MIXED_SCRIPT, name,
                    f"`{name.user_facing}` mixes scripts in `{c}` ({', '.join(s.title() for s in scripts)}; not"
                    " \"Highly Restrictive\" in Unicode TR39): a letter of one script can pass for another's", found_in))
                break
        look = self.lookalike_library_name(name)
        if look is not None:
            suffix, library = look
            where = "" if suffix == name.user_facing else f" (its part `{suffix}`)"
            out.add(StatementWarning(
                WarningKind.CONFUSABLE, name,
                f"`{name.user_facing}`{where} reads like the library declaration `{library}` (the same Unicode confusable"
                " skeleton), but it is the project's own", found_in))
        # a theorem's name enters no statement (its own statement is printed in full)
        shadowed = self.shadowed_library_name(name) if ci.kind != "theorem" else None
        if shadowed is not None and not name.ends_with(shadowed):
            out.add(StatementWarning(
                WarningKind.SHADOWING, name,
                f"`{name.user_facing}` reads like the library declaration `{shadowed}`, but it is the project's own", found_in))
        elif shadowed is not None:
            out.add(StatementWarning(
                WarningKind.SHADOWING, name,
                f"`{name.user_facing}` ends with the name of the library declaration `{shadowed}`: inside its"
                f" namespace it is written `{shadowed}`, but it is the project's own", found_in))
        return out

    def project_lookalike(self, name: Name) -> Name | None:
        """Another project name visible here whose confusable skeleton is ``name``'s though the
        texts differ (``Conf.o`` and ``Conf.ο``, a Greek omicron): two declarations a reader takes
        for one."""
        name = name.user_facing
        if name.is_internal:
            return None
        if self._project_skeletons is None:
            index: dict[tuple, list[Name]] = {}
            for mod_name, mod in list(self.scope.env.modules.items()):
                if self.scope.is_core_module(mod_name) or not self.scope.env.in_scope(mod_name, self.scope.within):
                    continue
                for n in mod.constant_names():
                    n = n.user_facing
                    if not n.is_internal:
                        index.setdefault(skeleton_components(n), []).append(n)
            self._project_skeletons = index
        for other in sorted(set(self._project_skeletons.get(skeleton_components(name), ())), key=str):
            if other != name:
                return other
        return None

    def binder_warnings(self, name: Name, ci, found_in: Name) -> set[StatementWarning]:
        """Warnings about the names a statement binds, which it shows as written: a binder that
        reads like a visible library name (its confusable skeleton is that name's: ``Νat`` with a
        Greek Ν), and two binders of one type that read alike (``o`` and ``ο``, a Greek omicron).
        Binders of different types (``o : Fin n`` and ``σ : Nat → Nat``, or ``α : Type`` and ``a :
        α``) are told apart by where they stand. A binder that mixes scripts (``раth``, Cyrillic р
        and а) is flagged whatever it reads like (:func:`_binder_mixed_scripts`)."""
        out: set[StatementWarning] = set()
        seen: dict[tuple[tuple, str], str] = {}
        for text, kind in self._binder_names(ci.type):
            scripts = _binder_mixed_scripts(text)
            if scripts:
                out.add(StatementWarning(
                    WarningKind.MIXED_SCRIPT, name,
                    f"the statement of `{name.user_facing}` binds `{text}`, which mixes scripts ({', '.join(s.title() for s in scripts)};"
                    " not \"Highly Restrictive\" in Unicode TR39): a letter of one script can pass for another's", found_in))
            library = self.library_names.lookalikes(Name.of(text), self.scope.within)
            if library:
                out.add(StatementWarning(
                    WarningKind.CONFUSABLE, name,
                    f"the statement of `{name.user_facing}` binds `{text}`, which reads like the library declaration"
                    f" `{library[0]}` (the same Unicode confusable skeleton)", found_in))
            other = seen.setdefault((skeleton_components(Name.of(text)), kind), text)
            if other != text:
                out.add(StatementWarning(
                    WarningKind.CONFUSABLE, name,
                    f"the statement of `{name.user_facing}` binds both `{other}` and `{text}`, which read alike (the same"
                    " Unicode confusable skeleton) and have the same type", found_in))
        return out

    @staticmethod
    def _binder_names(ty: Expr) -> list[tuple[str, str]]:
        """The names a statement binds as a reader sees them (macro scopes dropped, inaccessible
        and generated names left out), each with the head of its type (``Nat``, ``Fin``, ``∀``,
        ``Sort``, or a variable's position): what tells two binders apart."""
        out: list[tuple[str, str]] = []
        for x in subterms(ty):
            if isinstance(x, (ForallE, Lam)):
                name, ty_ = x.binder_name, x.binder_type
            elif isinstance(x, LetE):
                name, ty_ = x.decl_name, x.type
            else:
                continue
            comps = name.components
            if "_@" in comps:
                comps = comps[: comps.index("_@")]
            last = comps[-1] if comps else None
            if not isinstance(last, str) or not last or last.startswith("_") or "✝" in last:
                continue
            head, _args = app_spine(strip_mdata(ty_))
            head = strip_mdata(head)
            kind = (str(head.name) if isinstance(head, Const) else "Sort" if isinstance(head, Sort)
                    else "∀" if isinstance(head, ForallE) else type(head).__name__)
            out.append((last, kind))
        return sorted(set(out))

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

    def prelude_warning(self, ci: ConstantInfo, found_in: Name) -> StatementWarning | None:
        """The warning of a project constant declared in a ``prelude`` module, else None."""
        if not self.is_prelude_module(ci.module):
            return None
        return StatementWarning(
            WarningKind.PRELUDE, Name.parse(ci.module),
            f"`{ci.module}` is a `prelude` module (it does not import Lean's `Init`, so its names"
            f" need not mean the library's), and `{found_in}` is declared there", found_in)
