"""The facts of a project's declarations, read from its ``.olean`` files: :func:`declaration_facts`.

For every declaration of the project's modules (or only the ones asked for) this gives a
:class:`~claimcheck.model.facts.DeclFacts`: its kind, its **status** (a
:class:`~claimcheck.model.facts.Status`; precedence: failed > missing > sorry > native > unsafe >
axiom > trusted > proved) from the axioms it reaches (:mod:`claimcheck.analysis.axioms`), its trusted
boundary, statement fingerprint (:mod:`claimcheck.analysis.fingerprints`), shape
(:mod:`claimcheck.analysis.props`), vacuity lint decided by the kernel
(:mod:`claimcheck.analysis.vacuity`), printed statement and statement warnings
(:mod:`claimcheck.analysis.spoofing`), and its direct project dependencies
(:mod:`claimcheck.analysis.depgraph`).

* ``proved``: it reaches only allowed axioms, each of them the library's own declaration;
* ``sorry``: it reaches ``sorryAx``; ``native``: ``Lean.ofReduceBool`` and friends;
* ``unsafe``: it is, or reaches, an ``unsafe`` declaration (Lean's kernel checks none: never proved,
  and not an axiom);
* ``axiom``: any other axiom (or is one);
* ``trusted``: a library constant on the trusted boundary itself, or one of the library's own
  allowed axioms (no proof to check: never ``proved``);
* ``missing``: asked for but found nowhere; ``failed``: its module did not build.

Every declaration is judged in its own module's environment (two project modules that no Lean
environment imports together may each declare ``helper``: two records, each with its own status).
A project module whose name is a library module's is refused (:class:`StatusError`). A project
module that does not import ``Init`` (``prelude``) is named in the ``prelude`` field of the records
of every module that is or imports it. A module that yields no declaration although its source
declares some is an error, never an empty answer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Collection, Mapping, Sequence

from claimcheck import files
from claimcheck.analysis.axioms import AxiomCollector, classify
from claimcheck.analysis.depgraph import ProjectUses
from claimcheck.analysis.fingerprints import StatementFingerprints
from claimcheck.analysis.library import LibraryIndex, library_index
from claimcheck.analysis.naming import CORE_AXIOMS, DEFAULT_ALLOWED, is_syntax_declaration, user_facing
from claimcheck.analysis.props import projection_label, shape_of
from claimcheck.analysis.name_rules import LibraryNames
from claimcheck.analysis.spoofing import StatementInspector
from claimcheck.analysis.vacuity import VacuityChecker
from claimcheck.errors import ClaimcheckError
from claimcheck.model.facts import DeclFacts, DeclKind, Lint, StatementWarning, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment, Module, OleanError

__all__ = [
    "StatusError",
    "declaration_facts",
    "is_core_folder",
    "open_environment",
    "prelude_modules",
]


class StatusError(ClaimcheckError):
    """The build folder cannot be read as the project's (e.g. a project module with a library
    module's name, or a module whose declarations cannot be read)."""


def is_core_folder(folder: Path) -> bool:
    """A folder holding Lean's own library (it has ``Init.olean``)."""
    return (Path(folder) / "Init.olean").is_file() or (Path(folder) / "Init" / "Prelude.olean").is_file()


def open_environment(project_dirs: Sequence[Path], library_dirs: Sequence[Path],
                     index: LibraryIndex | None = None) -> Environment:
    """An environment over the toolchain's library folders (searched first: the only trusted
    core, read as shipped) and the project's build folders (every module written by the library's
    Lean, with all its parts); ``index``: the first library folder's, whose catalog answers for its
    modules (:class:`~claimcheck.olean.reader.Environment`)."""
    library = [Path(p) for p in library_dirs]
    return Environment(library + [Path(p) for p in project_dirs if Path(p) not in library], library_folders=library,
                       catalog=index.catalog if index is not None else None)


def prelude_modules(env: Environment, modules: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """For each project module, the project modules not importing ``Init`` that it is or imports.

    A module imports ``Init`` when it or a project module it imports (transitively) imports
    ``Init`` itself or a library module outside ``Init.*`` (``Std``, ``Lean``, ``Lake``: those
    all import ``Init``). Modules ``Init.*`` (``Init.Prelude``, ``Init.Core``, ...) do not.
    """
    project = [m for m in modules if m in env.modules]
    imports = {m: list(env.modules[m].imported_modules) for m in project}

    def outside_init(lib_module: str) -> bool:
        return lib_module == "Init" or not lib_module.startswith("Init.")

    closure: dict[str, set[str]] = {}
    for m in project:
        seen: set[str] = set()
        todo = [m]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            todo.extend(i for i in imports.get(x, ()) if i in imports)
        closure[m] = seen
    has_init = {
        m: any(outside_init(i) for x in closure[m] for i in imports[x] if i not in imports)
        for m in project
    }
    bare = {m for m in project if not has_init[m]}
    return {m: tuple(sorted(closure[m] & bare)) for m in project}


_DECL_KEYWORDS = r"(?:theorem|lemma|def|abbrev|axiom|opaque|instance|structure|inductive|class|example)"


def _declared_in_source(name: Name, source: Path) -> bool:
    try:
        text = files.read_text(source.parent, source, "the Lean module", errors="replace")
    except (OSError, files.OutsideError):
        return False
    last = re.escape(str(Name.of(name.last))) if name.last is not None else ""
    full = re.escape(str(name))
    return re.search(rf"\b{_DECL_KEYWORDS}\s+(?:{full}|{last})(?![\w.'!?])", text) is not None


#: Commands that add a constant to the environment (`example` is checked and discarded: it adds none).
_DECLARING_KEYWORDS = r"(?:theorem|lemma|def|abbrev|axiom|opaque|instance|structure|inductive|class)"
_SOURCE_DECL = re.compile(rf"^\s*(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable|partial|unsafe|public)\s+)*"
                          rf"{_DECLARING_KEYWORDS}\s", re.M)


def _source_declares_something(source: Path) -> bool:
    try:
        return _SOURCE_DECL.search(files.read_text(source.parent, source, "the Lean module", errors="replace")) is not None
    except (OSError, files.OutsideError):
        return False


class _Analysis:
    """The per-run state behind :func:`declaration_facts`: one collector, fingerprinter and
    inspector per module scope, shared by every record."""

    def __init__(self, env: Environment, core: Sequence[Path], library: LibraryIndex | None,
                 loaded: Sequence[Module], allowed: frozenset[Name], packages: Mapping[Path, str] | None = None):
        self.env = env
        project_names = {n for mod in loaded for n in mod.constant_names()}
        self.collector = AxiomCollector(env, core, library, project_names, packages)
        self.fingerprints = StatementFingerprints(env, self.collector.is_core_module)
        self.prelude = prelude_modules(env, [mod.name for mod in loaded])
        self.allowed = allowed
        self.uses = ProjectUses(env, [mod.name for mod in loaded])
        self._inspectors: dict[str, StatementInspector] = {}
        self.library_names = LibraryNames(env, self.collector.is_core_module, library)
        self.vacuity = VacuityChecker(env, self.collector.is_core_module, core)

    def inspector(self, module: str) -> StatementInspector:
        got = self._inspectors.get(module)
        if got is None:
            got = self._inspectors[module] = StatementInspector(self.env, self.collector.is_core_module, module,
                                                                library_names=self.library_names)
        return got

    def facts(self, ci: ConstantInfo) -> DeclFacts:
        key = (ci.module, ci.name)
        axioms, boundary, unsafe = self.collector.reached(key)
        allowed = self.allowed & self.collector.verified
        status = classify(axioms, allowed, unsafe)
        from_packages = tuple(sorted(d for d in self.collector.dependency_axioms(key) if d.axiom not in allowed))
        try:
            fp: str | None = self.fingerprints.fingerprint(ci)
        except OleanError:
            fp = None
        kind = DeclKind(ci.kind)
        core = self.collector.is_core_module(ci.module)
        core_axiom_entry = ci.kind == "axiom" and core
        if core_axiom_entry and ci.name not in CORE_AXIOMS:
            kind = DeclKind.BOUNDARY  # a core theorem (or hidden definition) whose value was not shipped
        if core_axiom_entry and status is Status.PROVED and ci.name not in self.collector.shadows:
            status = Status.TRUSTED  # no proof to check (a boundary constant, an allowed axiom): never "proved"
        try:
            shape = shape_of(self.env, ci.type, within=ci.module, is_core_module=self.collector.is_core_module)
            is_theorem, binders, hypotheses, note = shape.is_theorem, shape.binders, shape.hypotheses, shape.note
            hidden = shape.hidden_hypotheses
            conjuncts = tuple(projection_label(path) for path, _arity in shape.requirements if path)
        except OleanError as exc:
            is_theorem, binders, hypotheses, note = None, 0, 0, f"its type could not be read: {exc}"
            hidden, conjuncts = 0, ()
        lint: tuple[Lint, ...] = ()
        if is_theorem is True and not core:  # data (a universe left open) is no theorem to lint
            try:
                lint = self.vacuity.lint(ci, ci.module)  # decided by the kernel (analysis/vacuity.py)
            except OleanError:
                lint = ()
        statement, parts = None, ()
        warnings: tuple[StatementWarning, ...] = ()
        if not core:
            inspector = self.inspector(ci.module)
            try:
                got = inspector.statement(ci.name)
                if got is not None:
                    statement, parts = got
                warnings = inspector.warnings(ci.name)
            except OleanError:
                pass
        return DeclFacts(
            name=ci.name,
            module=ci.module,
            kind=kind,
            status=status,
            axioms=tuple(sorted(axioms, key=str)),
            boundary=tuple(sorted(boundary, key=str)),
            unsafe=tuple(sorted(unsafe, key=str)),
            fingerprint=fp,
            statement=statement,
            statement_parts=parts,
            prelude=self.prelude.get(ci.module, ()),
            is_theorem=is_theorem,
            theorem_note=note,
            binders=binders,
            hypotheses=hypotheses,
            hidden_hypotheses=hidden,
            hypothesis_conjuncts=conjuncts,
            lint=tuple(lint),
            warnings=tuple(warnings),
            uses=self.uses.project_uses(key) if not core else (),
            package=self.collector.package_of(ci.module) or "",
            dependency_axioms=from_packages,
        )


def declaration_facts(
    env: Environment,
    modules: Sequence[str],
    library_dirs: Sequence[Path],
    allowed_axioms: frozenset[Name] = DEFAULT_ALLOWED,
    failed_modules: Mapping[str, Path] = {},
    decls: Sequence[Name] | None = None,
    include_all: bool = False,
    library: LibraryIndex | None = None,
    sources: Mapping[str, Path] | None = None,
    only: Collection[str] | None = None,
    packages: Mapping[Path, str] | None = None,
    module_notes: Mapping[str, tuple[Status, str]] | None = None,
    dependency_failed: Mapping[str, Path] | None = None,
) -> list[DeclFacts]:
    """The facts of the declarations of the project ``modules`` (or only of ``decls``).

    ``env`` is an environment from :func:`open_environment` (modules already decoded there are not
    read again); ``library_dirs`` the toolchain's library folders (the trusted core). A module of
    ``failed_modules`` (module -> its source file) gets one ``failed`` record, and a requested
    declaration found in such a source is ``failed``; a requested declaration found nowhere is
    ``missing``. ``sources`` (module -> source file): a built module that yields no user-facing
    declaration while its source declares some is an error. ``only``: list the declarations of these
    modules alone (the others are loaded all the same: each is judged in its full environment).
    """
    core = [Path(p) for p in library_dirs]
    if library is None and core:
        library = library_index(core[0])
    if library is not None:
        clash = sorted(m for m in modules if library.is_library_module(m))
        if clash:
            raise StatusError(
                f"project module {clash[0]} has the name of a module of the Lean library; a project "
                "module never stands in for a library module: rename it"
            )
    core_resolved = {c.resolve() for c in core}
    loaded: list[Module] = []
    for m in modules:
        if m in failed_modules:
            continue
        located = env.locate(m)
        if located is not None and located[1].resolve() in core_resolved:
            raise StatusError(f"project module {m} is found in the Lean library folder {located[1]}: rename it")
        loaded.append(env.load(m))
    analysis = _Analysis(env, core, library, loaded, frozenset(allowed_axioms), packages or {})

    notes = module_notes or {}
    records: list[DeclFacts] = []
    for m in failed_modules:
        status, why = notes.get(m, (Status.FAILED, ""))
        what = "was not read" if status is Status.STALE else "did not build"
        records.append(DeclFacts(Name.parse(m), m, DeclKind.MODULE, status,
                                 note=f"module {m} {what}" + (f": {why}" if why else "")))

    if decls is None:
        for mod in loaded:
            if only is not None and mod.name not in only:
                continue
            listed = 0
            for name in sorted(mod.constant_names(), key=str):
                if not include_all and not user_facing(name):
                    continue
                ci = mod.get(name)
                assert ci is not None
                if not include_all and is_syntax_declaration(ci):
                    continue
                records.append(analysis.facts(ci))
                listed += 1
            source = (sources or {}).get(mod.name)
            if not listed and source is not None and _source_declares_something(source):
                raise StatusError(
                    f"{source}: module {mod.name} built, but none of the declarations its source makes "
                    f"could be read from its .olean files ({len(mod.constant_names())} constants in all); "
                    "this is a claimcheck limitation, not an empty module"
                )
        return records

    for name in decls:
        found: list[ConstantInfo] = [ci for mod in loaded if (ci := mod.get(name)) is not None]
        if not found:  # a private declaration, asked for by the name its source gives it
            found = [ci for mod in loaded
                     if (ci := mod.get(Name(("_private", *mod.name.split("."), 0, *name.components)))) is not None]
        if not found:
            for fm, src in {**failed_modules, **(dependency_failed or {})}.items():
                if _declared_in_source(name, Path(src)):
                    status, why = notes.get(fm, (Status.FAILED, ""))
                    what = "was not read" if status is Status.STALE else "did not build"
                    records.append(DeclFacts(name, fm, DeclKind.UNKNOWN, status,
                                             note=f"declared in {fm}, which {what}" + (f": {why}" if why else "")))
                    break
            else:
                ci = env.find(name)
                if ci is None:
                    records.append(DeclFacts(name, "", DeclKind.UNKNOWN, Status.MISSING))
                    continue
                found = [ci]
        records.extend(analysis.facts(ci) for ci in found)
    return records


def with_kernel(records: list[DeclFacts], verdicts: Mapping[tuple[str, Name], object]) -> list[DeclFacts]:
    """``records`` with the kernel verdicts of their (module, name) filled in."""
    return [replace(r, kernel=verdicts[r.key]) if r.key in verdicts else r for r in records]  # type: ignore[arg-type]
