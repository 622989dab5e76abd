"""The axioms a declaration reaches, and its proof status.

For each declaration this module computes the axioms its type and value reach, following
constants through every module (the project's and the core library's) as long as their values are
present, the way Lean's ``CollectAxioms`` does: definitions, theorems and opaques contribute their
type and value, inductives their type and constructors, constructors and recursors their type,
axioms their type (and themselves). Each mention is resolved in the environment of the module that
makes it (a name two project modules declare is two constants).

Two kinds of leaves end the walk:

* **real axioms**: the ``axiom`` declarations of Lean's core (:data:`~claimcheck.analysis.naming.CORE_AXIOMS`),
  and every ``axiom`` of a project module (the project's ``.olean.private`` part holds the real
  declaration of each theorem, so an axiom entry that stays an axiom there *is* an axiom);
* the **trusted boundary**: constants of the shipped core library whose values were not shipped
  (its exported ``.olean`` files turn theorems into value-less axiom entries) and core constants
  that a core value mentions but that the exported files do not contain. They are listed
  separately, never as axioms.

**Axioms by identity, not by name.** An allowed axiom counts only when it is the library's own
declaration (:mod:`claimcheck.analysis.library`). Every ``axiom`` of a project module is an axiom
whatever its name, and so is every project constant that reuses the full name of a library
constant, unless it is a name Lean generates (:func:`~claimcheck.analysis.naming.is_generated`:
``main``, ``match_1``, ``eq_def``, ``hcongr_3``, ``_unsafe_rec``, ...), which a project module and
the library each make for themselves: each such constant is judged in its own module.

**Axioms that come from a required package are named with it.** In a Lake workspace, a
declaration of another package (``packages``: its output folder) that is an axiom, or that uses a
core axiom directly (``sorryAx``, ``Lean.ofReduceBool``, ...), is recorded as a
:class:`~claimcheck.model.facts.DependencyAxiom` (package, axiom, the package's declaration), and
every declaration reaching it gets it (:meth:`AxiomCollector.dependency_axioms`).

**Unsafe constants are collected apart.** Lean's kernel does not check an ``unsafe`` declaration
(``unsafe def loop : False := loop`` is accepted), so one that is, or reaches, an unsafe constant
is never ``proved``; it is not an axiom either: its status is ``unsafe`` (:func:`classify`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.analysis.library import LibraryIndex
from claimcheck.analysis.naming import CORE_AXIOMS, SORRY_AXIOMS, is_generated, is_native_axiom
from claimcheck.analysis.scc import close_components
from claimcheck.model.facts import DependencyAxiom, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment

__all__ = ["AxiomCollector", "Key", "classify"]

Key = tuple[str, Name]  # (declaring module, name): one constant, whoever mentions it


class AxiomCollector:
    """Axioms and boundary constants reached by constants, memoised per constant (per strongly
    connected component: an inductive and its constructors, mutual definitions)."""

    def __init__(self, env: Environment, core_folders: Iterable[Path], library: LibraryIndex | None = None,
                 project_names: Iterable[Name] = (), packages: Mapping[Path, str] | None = None):
        self.env = env
        self.core_folders = {Path(f).resolve() for f in core_folders}
        self.packages = {Path(f).resolve(): name for f, name in (packages or {}).items()}
        self._package_of: dict[str, str | None] = {}
        self._dep_nodes: dict[Key, frozenset[DependencyAxiom]] = {}
        self._dep_result: dict[Key, frozenset[DependencyAxiom]] = {}
        self.library = library
        #: names a user wrote in project modules that are also library constants' names (a name Lean
        #: generates is each module's own: :func:`~claimcheck.analysis.naming.is_generated`)
        self.shadows = frozenset(n for n in project_names
                                 if library is not None and not is_generated(n) and library.declares(n))
        #: axioms found to be the library's own declarations (identity checked)
        self.verified: set[Name] = set()
        self._core_module: dict[str, bool] = {}
        self._nodes: dict[Key, tuple[frozenset[Name], frozenset[Name], frozenset[Name], tuple[Key, ...]]] = {}
        self.result: dict[Key, tuple[frozenset[Name], frozenset[Name], frozenset[Name]]] = {}

    def is_core_module(self, module: str) -> bool:
        got = self._core_module.get(module)
        if got is None:
            folder = self.env.module_folder(module)
            got = folder is not None and folder.resolve() in self.core_folders
            self._core_module[module] = got
        return got

    def package_of(self, module: str) -> str | None:
        """The required package of the workspace whose outputs hold ``module`` (None: the project's
        own module, or the core library's)."""
        if not self.packages:
            return None
        if module not in self._package_of:
            folder = self.env.module_folder(module)
            self._package_of[module] = self.packages.get(folder.resolve()) if folder is not None else None
        return self._package_of[module]

    def dependency_axioms(self, key: Key) -> frozenset[DependencyAxiom]:
        """The axioms constant ``key`` reaches through required packages, each with its package and
        the package's declaration that is it or uses it."""
        if not self.packages:
            return frozenset()
        self.reached(key)
        return self._dep_result.get(key, frozenset())

    def _direct_dependency_axioms(self, key: Key, axioms: set[Name], succ: list[Key]) -> frozenset[DependencyAxiom]:
        module, name = key
        package = self.package_of(module) if module else None
        if package is None:
            return frozenset()
        found = {DependencyAxiom(package, a, name) for a in axioms}
        for m, s in succ:
            if m and self.is_core_module(m) and s in CORE_AXIOMS:
                found.add(DependencyAxiom(package, s, name))
        return frozenset(found)

    def _node(self, key: Key) -> tuple[frozenset[Name], frozenset[Name], frozenset[Name], tuple[Key, ...]]:
        """(axioms, boundary, unsafe constants, successors) of one constant."""
        got = self._nodes.get(key)
        if got is not None:
            return got
        module, name = key
        mod = self.env.modules.get(module)
        ci = mod.get(name) if mod is not None else None
        axioms: set[Name] = set()
        boundary: set[Name] = set()
        unsafe: set[Name] = set()
        succ: list[Key] = []
        if ci is None:
            # a mention that its module's environment does not resolve (core mentions are filtered below)
            axioms.add(Name.of(f"<unknown constant {name}>"))
        else:
            core = self.is_core_module(ci.module)
            if name in self.shadows:
                # a project constant reuses a library name: whichever of the two this is, the
                # name no longer identifies the library's constant; never trust it
                axioms.add(name)
            elif ci.kind == "axiom":
                if name in CORE_AXIOMS and core:
                    axioms.add(name)
                    if self.library is not None and self.library.is_library_axiom(name, ci.module, fingerprint(ci)):
                        self.verified.add(name)
                elif core:
                    boundary.add(name)
                else:
                    axioms.add(name)
            if ci.is_unsafe:
                # Lean's kernel does not check an unsafe declaration (and refuses a safe one using it,
                # unless `set_option debug.skipKernelTC true` lets one through): never proved
                unsafe.add(name)
            mentioned = set(ci.type_constants())
            if ci.kind in ("definition", "theorem", "opaque"):
                mentioned |= ci.value_constants()
            elif ci.kind == "inductive":
                mentioned.update(ci.ctors)
            mentioned.discard(name)
            for s in sorted(mentioned):
                target = self.env.find(s, within=ci.module)
                if target is not None:
                    succ.append((target.module, s))
                elif core:
                    boundary.add(s)  # a core value may mention core constants the exported files omit
                else:
                    succ.append(("", s))  # unresolved: its node says so
        node = (frozenset(axioms), frozenset(boundary), frozenset(unsafe), tuple(succ))
        self._nodes[key] = node
        if self.packages:
            self._dep_nodes[key] = self._direct_dependency_axioms(key, axioms, succ)
        return node

    def closure(self, key: Key) -> tuple[frozenset[Name], frozenset[Name]]:
        """(axioms, boundary) reached from constant ``key`` (itself included)."""
        return self.reached(key)[:2]  # type: ignore[return-value]

    def unsafe(self, key: Key) -> frozenset[Name]:
        """The ``unsafe`` constants reached from constant ``key`` (itself included)."""
        return self.reached(key)[2]

    def reached(self, key: Key) -> tuple[frozenset[Name], frozenset[Name], frozenset[Name]]:
        """(axioms, boundary, unsafe constants) reached from constant ``key`` (itself included)."""
        if key not in self.result:
            close_components(key, lambda v: self._node(v)[3], self.result, self._finish)
        return self.result[key]

    def _finish(self, members: list[Key]) -> None:
        ax: set[Name] = set()
        bd: set[Name] = set()
        us: set[Name] = set()
        dep: set[DependencyAxiom] = set()
        inside = set(members)
        for m in members:
            a, b, u, succ = self._node(m)
            ax |= a
            bd |= b
            us |= u
            dep |= self._dep_nodes.get(m, frozenset())
            for w in succ:
                if w not in inside:
                    ra, rb, ru = self.result[w]
                    ax |= ra
                    bd |= rb
                    us |= ru
                    dep |= self._dep_result.get(w, frozenset())
        res = (frozenset(ax), frozenset(bd), frozenset(us))
        deps = frozenset(dep)
        for m in members:
            self.result[m] = res
            if deps:
                self._dep_result[m] = deps


def classify(axioms: Iterable[Name], allowed: frozenset[Name], unsafe: Iterable[Name] = ()) -> Status:
    """The status implied by the reached axioms (``allowed``: the allowed axioms whose identity was
    checked) and unsafe constants: sorry > native > unsafe > axiom > proved."""
    axioms = set(axioms)
    if axioms & SORRY_AXIOMS:
        return Status.SORRY
    if any(is_native_axiom(a) for a in axioms):
        return Status.NATIVE
    if any(True for _ in unsafe):
        return Status.UNSAFE
    if axioms - allowed:
        return Status.AXIOM
    return Status.PROVED
