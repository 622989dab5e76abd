"""Proof status of a project's declarations, read from its ``.olean`` files.

For each declaration this module computes the axioms its type and value reach,
following constants through every module (the project's and the core
library's) as long as their values are present, the way Lean's
``CollectAxioms`` does: definitions, theorems and opaques contribute their type
and value, inductives their type and constructors, constructors and recursors
their type, axioms their type (and themselves).

Two kinds of leaves end the walk:

* **real axioms**: the ``axiom`` declarations of Lean's core (``CORE_AXIOMS``),
  and every ``axiom`` of a project module (the project's ``.olean.private``
  part holds the real declaration of each theorem, so an axiom entry that stays
  an axiom there *is* an axiom);
* the **trusted boundary**: constants of the shipped core library whose values
  were not shipped (its exported ``.olean`` files turn theorems into value-less
  axiom entries) and core constants that a core value mentions but that the
  exported files do not contain.  They are listed separately, never as axioms.

The status of a declaration (a :class:`Status`; precedence: failed > missing > sorry > native >
axiom > trusted > proved) is

* ``proved``: it reaches only axioms in the allow-list (``DEFAULT_ALLOWED``), each of them the
  library's own declaration (see below);
* ``sorry``: it reaches ``sorryAx``;
* ``native``: it reaches ``Lean.ofReduceBool``, ``Lean.ofReduceNat``,
  ``Lean.trustCompiler`` or an auxiliary ``…_native…`` axiom (what
  ``native_decide`` adds from Lean 4.29 on);
* ``axiom``: it reaches any other axiom (or is one);
* ``trusted``: a library constant on the trusted boundary itself (its proof was not shipped with
  the toolchain, so it is trusted, not checked), or one of the library's own allowed axioms;
* ``missing``: asked for (``decls``) but found nowhere;
* ``failed``: its module did not build.

**Axioms by identity, not by name.** An allowed axiom counts only when it is the library's own
declaration: the constant of that name in the toolchain's library (the folders given as
``library_dirs``, never a folder guessed from its content when they are given), declared in the
library module that declares it there, with the same statement fingerprint (see
:mod:`claimcheck.analysis.library`). Every ``axiom`` of a project module is an axiom whatever its
name, and so is every project constant that reuses the full name of a library constant (possible
in a module that does not import ``Init``): a declaration reaching one is ``axiom``, with that
name among its axioms. A project module whose name is a library module's is refused
(:class:`StatusError`). A project module that does not import ``Init`` (``prelude``) is named in
the ``prelude`` field of the records of every module that is or imports it.

**Shape.** Each record also says whether the declaration's type is a proposition
(``is_theorem``; ``None`` when undecided), how many binders its statement has (``hypotheses``)
and the vacuity lint of its statement (``lint``), from :mod:`claimcheck.analysis.props`.

The **statement fingerprint** is a SHA-256 (first 16 hex digits) of the
elaborated type, computed from its structure: constants by name, universe
parameters by position, literals, de Bruijn indices; binder names, binder
info and metadata (``mdata``) do not enter it. It also covers the meaning of
every project definition the statement mentions, transitively (their types and
values; see :class:`StatementFingerprints`): redefining a notion a theorem talks
about changes the theorem's fingerprint, while proofs never do.

Each record also carries its **printed statement** and its **statement warnings**: the reasons
its printed text may not read as what was proved (a hijacking project instance, an instance
written in place, a name shadowing a library name, a ``prelude`` module; see
:mod:`claimcheck.analysis.spoofing` and :func:`annotate_statements`).

Listed by default (``user_facing``): every declaration of the module except
compiler-generated auxiliaries, that is names with a component that is a number
or starts with ``_`` (``_private``, ``_proof_1``, ``_unfold``, ``_sunfold``,
``_nativeDecide_1``, ...), and names whose last component is an auxiliary
suffix (``match_1``, ``proof_1``, ``eq_1``, ``eq_def``, ``rec``, ``casesOn``,
``below``, ``noConfusion``, ``injEq``, ``sizeOf_spec``, ... see
``AUX_LAST``/``AUX_PATTERN``), and the parser definitions that ``syntax``,
``macro`` and ``notation`` generate (type ``Lean.ParserDescr``).
``include_all=True`` lists everything.
"""

from __future__ import annotations

import enum
import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from claimcheck.analysis.library import LibraryIndex, library_index
from claimcheck.analysis.props import shape_of
from claimcheck.errors import ClaimcheckError
from claimcheck.analysis.pretty import split_refs, strip_refs
from claimcheck.analysis.spoofing import StatementInspector, StatementWarning
from claimcheck.olean.reader import (
    App,
    BVar,
    Const,
    ConstantInfo,
    Environment,
    Expr,
    ForallE,
    FVar,
    Lam,
    LetE,
    Level,
    Lit,
    MData,
    Module,
    MVar,
    OleanError,
    Proj,
    Sort,
)

__all__ = [
    "Status",
    "StatusError",
    "DEFAULT_ALLOWED",
    "CORE_AXIOMS",
    "SORRY_AXIOMS",
    "NATIVE_AXIOMS",
    "STATUS_ORDER",
    "DeclStatus",
    "AxiomCollector",
    "annotate_statements",
    "compute_status",
    "format_table",
    "to_json",
    "fingerprint",
    "user_facing",
    "is_syntax_declaration",
    "is_core_folder",
]

#: Axioms a ``proved`` declaration may use.
DEFAULT_ALLOWED = frozenset({"propext", "Classical.choice", "Quot.sound"})
SORRY_AXIOMS = frozenset({"sorryAx"})
NATIVE_AXIOMS = frozenset({"Lean.ofReduceBool", "Lean.ofReduceNat", "Lean.trustCompiler"})
#: The ``axiom`` declarations of Lean's ``src/Init``, ``src/Std`` and ``src/Lean``
#: (Init/Prelude.lean: ``sorryAx``, ``Classical.choice``; Init/Core.lean: ``propext``,
#: ``Quot.sound``, ``Lean.trustCompiler``, ``Lean.ofReduceBool``, ``Lean.ofReduceNat``).
CORE_AXIOMS = DEFAULT_ALLOWED | SORRY_AXIOMS | NATIVE_AXIOMS



class Status(enum.StrEnum):
    """The proof status of a declaration (equal to its string value)."""

    PROVED = "proved"
    TRUSTED = "trusted"
    SORRY = "sorry"
    NATIVE = "native"
    AXIOM = "axiom"
    MISSING = "missing"
    FAILED = "failed"


#: Statuses from most to least severe.
STATUS_ORDER = (Status.FAILED, Status.MISSING, Status.SORRY, Status.NATIVE, Status.AXIOM, Status.TRUSTED,
                Status.PROVED)


class StatusError(ClaimcheckError):
    """The build folder cannot be read as the project's (e.g. a project module with a library module's name)."""

AUX_LAST = frozenset(
    {
        "rec", "recOn", "casesOn", "below", "ibelow", "brecOn", "binductionOn",
        "noConfusion", "noConfusionType", "injEq", "inj", "sizeOf_spec", "ctorIdx",
        "toCtorIdx", "ctorElim", "ctorElimType", "eq_def", "eq_unfold", "induct",
        "induct_unfolding", "mutual_induct", "fun_cases", "fun_cases_unfolding",
        "splitter", "congr_simp", "elim", "hcongr_1", "ofNat_toCtorIdx",
    }
)
AUX_PATTERN = re.compile(r"^(match|proof|eq|matcher|hcongr|congr|spec|lambda|lam|cstage|closed|boxed|elambda)_\d+$")


@dataclass(frozen=True)
class DeclStatus:
    """The proof status of one declaration."""

    name: str
    module: str
    kind: str
    status: Status
    axioms: tuple[str, ...]
    boundary: tuple[str, ...]
    fingerprint: str | None
    #: project modules that do not import ``Init`` which this declaration's module is or imports
    prelude: tuple[str, ...] = ()
    #: whether the type is a proposition (None: undecided, see ``theorem_note``)
    is_theorem: bool | None = None
    hypotheses: int = 0  # binders of the statement's telescope
    lint: tuple[str, ...] = ()  # vacuity findings on the statement
    theorem_note: str = ""
    #: The printed statement (hijacked instances shown in place; see analysis/spoofing.py).
    statement: str | None = None
    #: Why the printed statement may not read as what was proved (analysis/spoofing.py).
    warnings: tuple[StatementWarning, ...] = ()
    #: ``statement`` cut into ``(text, project constant or None)`` parts, for links.
    statement_parts: tuple[tuple[str, str | None], ...] = ()
    #: the independent kernel's verdict (analysis/recheck.py): ``checked``, ``rejected: <why>`` or
    #: ``undecided: <why>``; None when not re-checked
    kernel: str | None = None


def user_facing(name: str) -> bool:
    """Whether ``name`` is listed by default (not a compiler-generated auxiliary)."""
    parts = name.split(".")
    for p in parts:
        if not p or p.startswith("_") or p.isdigit():
            return False
    last = parts[-1]
    return last not in AUX_LAST and not AUX_PATTERN.match(last)


_SYNTAX_TYPES = frozenset({"Lean.ParserDescr", "Lean.TrailingParserDescr"})


def is_syntax_declaration(ci: ConstantInfo) -> bool:
    """A parser generated by ``syntax``/``macro``/``notation`` (type ``Lean.ParserDescr``)."""
    if ci.kind != "definition":
        return False
    t = ci.type
    return isinstance(t, Const) and t.name in _SYNTAX_TYPES


def is_core_folder(folder: Path) -> bool:
    """A folder holding Lean's own library (it has ``Init.olean``)."""
    return (Path(folder) / "Init.olean").is_file() or (Path(folder) / "Init" / "Prelude.olean").is_file()


# ---------------------------------------------------------------------------
# Axiom closure
# ---------------------------------------------------------------------------


def close_components(
    root: str,
    successors: Callable[[str], Sequence[str]],
    done: Mapping[str, object],
    on_component: Callable[[list[str]], None],
) -> None:
    """Visit the constants reachable from ``root`` that are not in ``done``, one strongly
    connected component at a time, dependencies first (Tarjan's algorithm, iterative).

    ``on_component(members)`` is called once per component, when every successor outside it is
    already in ``done``; it must put each member into ``done``.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    work: list[tuple[str, int]] = [(root, 0)]
    while work:
        v, i = work.pop()
        if i == 0:
            index[v] = low[v] = len(index)
            stack.append(v)
            on_stack.add(v)
        succ = successors(v)
        recurse = False
        while i < len(succ):
            w = succ[i]
            i += 1
            if w in done:
                continue
            if w not in index:
                work.append((v, i))
                work.append((w, 0))
                recurse = True
                break
            if w in on_stack:
                low[v] = min(low[v], index[w])
        if recurse:
            continue
        if low[v] == index[v]:
            members: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.append(w)
                if w == v:
                    break
            on_component(members)
        if work:
            u = work[-1][0]
            low[u] = min(low[u], low[v])


class AxiomCollector:
    """Axioms and boundary constants reached by constants, memoised per constant.

    The dependency graph can have cycles (an inductive and its constructors,
    mutual definitions), so results are computed per strongly connected
    component (Tarjan's algorithm, iterative).
    """

    def __init__(self, env: Environment, core_folders: Iterable[Path], library: LibraryIndex | None = None,
                 project_names: Iterable[str] = ()):
        self.env = env
        self.core_folders = {Path(f).resolve() for f in core_folders}
        self.library = library
        #: names declared in project modules that are also library constants' names
        self.shadows = frozenset(n for n in project_names if library is not None and library.declares(n))
        #: axioms found to be the library's own declarations (identity checked)
        self.verified: set[str] = set()
        self._core_module: dict[str, bool] = {}
        self._leaves: dict[str, tuple[frozenset[str], frozenset[str], tuple[str, ...]]] = {}
        self.result: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def is_core_module(self, module: str) -> bool:
        got = self._core_module.get(module)
        if got is None:
            folder = self.env.module_folder(module)
            got = folder is not None and folder.resolve() in self.core_folders
            self._core_module[module] = got
        return got

    def _node(self, name: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
        """(axioms, boundary, successors) of one constant."""
        got = self._leaves.get(name)
        if got is not None:
            return got
        ci = self.env.find(name)
        axioms: set[str] = set()
        boundary: set[str] = set()
        succ: set[str] = set()
        if ci is None:
            # only reached from a project constant (core references are filtered below)
            axioms.add(f"<unknown constant {name}>")
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
                # an unsafe constant means nothing logically (`unsafe def loop : False := loop`);
                # Lean's kernel refuses a safe declaration using it, but `set_option
                # debug.skipKernelTC true` lets one through: it is assumed, never proved
                axioms.add(name)
            succ |= ci.type_constants()
            if ci.kind in ("definition", "theorem", "opaque"):
                succ |= ci.value_constants()
            elif ci.kind == "inductive":
                succ.update(ci.ctors)
            succ.discard(name)
            if core:
                # a core value may mention core constants the exported files omit
                for s in list(succ):
                    if self.env.find(s) is None:
                        succ.discard(s)
                        boundary.add(s)
        node = (frozenset(axioms), frozenset(boundary), tuple(sorted(succ)))
        self._leaves[name] = node
        return node

    def closure(self, root: str) -> tuple[frozenset[str], frozenset[str]]:
        """(axioms, boundary) reached from constant ``root`` (itself included)."""
        if root not in self.result:
            close_components(root, lambda v: self._node(v)[2], self.result, self._finish)
        return self.result[root]

    def _finish(self, members: list[str]) -> None:
        """One component: its members share the axioms and boundary of all of them."""
        ax: set[str] = set()
        bd: set[str] = set()
        inside = set(members)
        for m in members:
            a, b, succ = self._node(m)
            ax |= a
            bd |= b
            for w in succ:
                if w not in inside:
                    ra, rb = self.result[w]
                    ax |= ra
                    bd |= rb
        res = (frozenset(ax), frozenset(bd))
        for m in members:
            self.result[m] = res


def classify(axioms: Iterable[str], allowed: frozenset[str]) -> Status:
    """The status implied by a set of reached axioms (``allowed``: the allowed axioms whose
    identity was checked)."""
    axioms = set(axioms)
    if axioms & SORRY_AXIOMS:
        return Status.SORRY
    if axioms & NATIVE_AXIOMS or any("_native" in a.split(".") for a in axioms):
        return Status.NATIVE
    if axioms - allowed:
        return Status.AXIOM
    return Status.PROVED


# ---------------------------------------------------------------------------
# Fingerprints
# ---------------------------------------------------------------------------


def _level_key(lv: Level, params: dict[str, int]) -> str:
    if lv.kind == "zero":
        return "0"
    if lv.kind == "succ":
        return "S" + _level_key(lv.args[0], params)
    if lv.kind in ("max", "imax"):
        return f"{lv.kind}({_level_key(lv.args[0], params)},{_level_key(lv.args[1], params)})"
    if lv.kind == "param" and lv.name in params:
        return f"u{params[lv.name]}"
    return f"{lv.kind}:{lv.name}"


def _h(*parts: bytes | str) -> bytes:
    d = hashlib.sha256()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        d.update(len(b).to_bytes(4, "little"))
        d.update(b)
    return d.digest()


def fingerprint(ci: ConstantInfo) -> str:
    """Stable hash of the declaration's elaborated type alone (constants by name)."""
    return _h("decl", str(len(ci.level_params)), expr_digest(ci.type, ci.level_params)).hex()[:16]


def expr_digest(root: Expr, level_params: Sequence[str]) -> bytes:
    """Structural hash of an expression: constants by name, universe parameters by position,
    literals, de Bruijn indices; binder names, binder info and metadata do not enter it."""
    params = {p: i for i, p in enumerate(level_params)}
    memo: dict[int, bytes] = {}
    h = _h
    stack: list[Expr] = [root]
    while stack:
        e = stack[-1]
        if id(e) in memo:
            stack.pop()
            continue
        if isinstance(e, App):
            kids: tuple[Expr, ...] = (e.fn, e.arg)
        elif isinstance(e, (Lam, ForallE)):
            kids = (e.binder_type, e.body)
        elif isinstance(e, LetE):
            kids = (e.type, e.value, e.body)
        elif isinstance(e, MData):
            kids = (e.expr,)
        elif isinstance(e, Proj):
            kids = (e.struct,)
        else:
            kids = ()
        todo = [k for k in kids if id(k) not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if isinstance(e, BVar):
            r = h("bvar", str(e.index))
        elif isinstance(e, (FVar, MVar)):
            r = h(e.kind, e.name)
        elif isinstance(e, Sort):
            r = h("sort", _level_key(e.level, params))
        elif isinstance(e, Const):
            r = h("const", e.name, *(_level_key(lv, params) for lv in e.levels))
        elif isinstance(e, App):
            r = h("app", memo[id(e.fn)], memo[id(e.arg)])
        elif isinstance(e, Lam):
            r = h("lam", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, ForallE):
            r = h("pi", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, LetE):
            r = h("let", memo[id(e.type)], memo[id(e.value)], memo[id(e.body)])
        elif isinstance(e, Lit):
            r = h("nat" if isinstance(e.value, int) else "str", str(e.value))
        elif isinstance(e, MData):
            r = memo[id(e.expr)]
        elif isinstance(e, Proj):
            r = h("proj", e.type_name, str(e.index), memo[id(e.struct)])
        else:  # pragma: no cover
            raise TypeError(f"unknown expression {e!r}")
        memo[id(e)] = r
    return memo[id(root)]


class StatementFingerprints:
    """Statement fingerprints that also see the meaning of what a statement talks about.

    A theorem's statement names definitions; if the project redefines one of them, the same
    statement text means something else. So the fingerprint of a declaration hashes its type
    together with the *meaning* of every project constant the type mentions, transitively: a
    project definition or opaque means its type and value, an inductive its type and
    constructors, a theorem its type only (proofs never matter). Library (core) constants count
    by name. Cycles (an inductive and its constructors, mutual definitions) are hashed as
    strongly connected components, so the result does not depend on the order of the queries.
    """

    def __init__(self, env: Environment, is_core_module: "Callable[[str], bool]"):
        self.env = env
        self.is_core_module = is_core_module
        self._local: dict[str, tuple[bytes, tuple[str, ...]]] = {}
        self._meaning: dict[str, bytes] = {}

    def _node(self, name: str) -> tuple[bytes, tuple[str, ...]]:
        got = self._local.get(name)
        if got is not None:
            return got
        ci = self.env.find(name)
        if ci is None:
            node: tuple[bytes, tuple[str, ...]] = (_h("unknown", name), ())
        elif self.is_core_module(ci.module):
            node = (_h("library", name), ())
        else:
            parts = [_h(ci.kind, name, str(len(ci.level_params)), expr_digest(ci.type, ci.level_params))]
            succ = set(ci.type_constants())
            if ci.kind in ("definition", "opaque") and ci.has_value:
                value = ci.value
                assert value is not None
                parts.append(expr_digest(value, ci.level_params))
                succ |= ci.value_constants()
            elif ci.kind == "inductive":
                parts.append(_h("ctors", *ci.ctors))
                succ.update(ci.ctors)
            succ.discard(name)
            node = (_h(*parts), tuple(sorted(succ)))
        self._local[name] = node
        return node

    def meaning(self, root: str) -> bytes:
        """Hash of what ``root`` means (see the class docstring)."""
        if root not in self._meaning:
            close_components(root, lambda v: self._node(v)[1], self._meaning, self._finish)
        return self._meaning[root]

    def _finish(self, members: list[str]) -> None:
        inside = set(members)
        outside = sorted({w for m in members for w in self._node(m)[1]} - inside)
        component = _h(
            "scc",
            *(_h(m, self._node(m)[0]) for m in sorted(members)),
            *(_h(w, self._meaning[w]) for w in outside),
        )
        for m in members:
            self._meaning[m] = _h("member", m, component)

    def fingerprint(self, ci: ConstantInfo) -> str:
        return _h("statement", str(len(ci.level_params)), self.meaning(ci.name)).hex()[:16]


# ---------------------------------------------------------------------------
# Status
# ---------------------------------------------------------------------------


def _status_of(ci: ConstantInfo, collector: AxiomCollector, allowed: frozenset[str],
               fingerprints: StatementFingerprints, prelude: Mapping[str, tuple[str, ...]] = {}) -> DeclStatus:
    axioms, boundary = collector.closure(ci.name)
    status = classify(axioms, allowed & collector.verified)
    try:
        fp: str | None = fingerprints.fingerprint(ci)
    except OleanError:
        fp = None
    kind = ci.kind
    core_axiom_entry = kind == "axiom" and collector.is_core_module(ci.module)
    if core_axiom_entry and ci.name not in CORE_AXIOMS:
        kind = "boundary"  # a core theorem (or hidden definition) whose value was not shipped
    if core_axiom_entry and status == Status.PROVED and ci.name not in collector.shadows:
        status = Status.TRUSTED  # no proof to check (a boundary constant, an allowed axiom): never "proved"
    try:
        shape = shape_of(collector.env, ci.type)
    except OleanError as exc:
        shape = None
        note = f"its type could not be read: {exc}"
    return DeclStatus(
        name=ci.name,
        module=ci.module,
        kind=kind,
        status=status,
        axioms=tuple(sorted(axioms)),
        boundary=tuple(sorted(boundary)),
        fingerprint=fp,
        prelude=prelude.get(ci.module, ()),
        is_theorem=shape.is_theorem if shape else None,
        hypotheses=shape.hypotheses if shape else 0,
        lint=shape.lint if shape else (),
        theorem_note=shape.note if shape else note,
    )


def prelude_modules(env: Environment, modules: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each project module, the project modules not importing ``Init`` that it is or imports.

    A module imports ``Init`` when it or a project module it imports (transitively) imports
    ``Init`` itself or a library module outside ``Init.*`` (``Std``, ``Lean``, ``Lake``: those
    all import ``Init``). Modules ``Init.*`` (``Init.Prelude``, ``Init.Core``, ...) do not.
    """
    project = [m for m in modules if m in env.modules]
    imports = {m: [i.module for i in env.modules[m].imports] for m in project}

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


def _declared_in_source(name: str, source: Path) -> bool:
    try:
        text = source.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    last = re.escape(name.split(".")[-1])
    full = re.escape(name)
    return re.search(rf"\b{_DECL_KEYWORDS}\s+(?:{full}|{last})(?![\w.'!?])", text) is not None


def _core_folders(search_path: Sequence[Path], library_dirs: Sequence[Path] | None) -> list[Path]:
    folders = [Path(p) for p in search_path]
    if library_dirs is not None:
        return [Path(p) for p in library_dirs]
    return [f for f in folders if is_core_folder(f)]


def open_environment(search_path: Sequence[Path], library_dirs: Sequence[Path] | None = None) -> Environment:
    """An environment over ``search_path`` with the trusted core folders searched first.

    ``library_dirs``: the toolchain's library folders (the only trusted core); by default, the
    folders of ``search_path`` that hold ``Init.olean``."""
    folders = [Path(p) for p in search_path]
    core = _core_folders(folders, library_dirs)
    return Environment(core + [f for f in folders if f not in core])


def compute_status(
    modules: Sequence[str],
    search_path: Sequence[Path],
    allowed_axioms: frozenset[str] = DEFAULT_ALLOWED,
    failed_modules: Mapping[str, Path] = {},
    decls: Sequence[str] | None = None,
    include_all: bool = False,
    env: Environment | None = None,
    library_dirs: Sequence[Path] | None = None,
    library: LibraryIndex | None = None,
) -> list[DeclStatus]:
    """Status records for the declarations of ``modules`` (or only ``decls``).

    ``env``: an environment from :func:`open_environment` to reuse (modules already decoded
    there are not read again); by default a new one over ``search_path``.

    ``search_path``: folders with compiled modules (the project's ``build/lib``
    and the core library folder; folders holding ``Init.olean`` are the trusted
    core and are searched first).  ``failed_modules`` maps modules that did not
    build to their source files: each gets one ``failed`` record (kind
    ``module``), and a requested declaration found in such a source is
    ``failed``.  A requested declaration found nowhere is ``missing``.
    """
    env = env or open_environment(search_path, library_dirs)
    core = _core_folders(env.search_path, library_dirs)
    if library is None and core:
        library = library_index(core[0])
    allowed = frozenset(allowed_axioms)
    if library is not None:
        clash = sorted(m for m in modules if library.is_library_module(m))
        if clash:
            raise StatusError(
                f"project module {clash[0]} has the name of a module of the Lean library; a project "
                "module never stands in for a library module: rename it"
            )
    loaded: list[Module] = []
    for m in modules:
        if m in failed_modules:
            continue
        found = env.locate(m)
        if found is not None and found[1].resolve() in {c.resolve() for c in core}:
            raise StatusError(f"project module {m} is found in the Lean library folder {found[1]}: rename it")
        loaded.append(env.load(m))
    project_names = {n for mod in loaded for n in mod.constant_names()}
    collector = AxiomCollector(env, core, library, project_names)
    fingerprints = StatementFingerprints(env, collector.is_core_module)
    prelude = prelude_modules(env, [mod.name for mod in loaded])

    records: list[DeclStatus] = []
    for m, src in failed_modules.items():
        records.append(DeclStatus(m, m, "module", Status.FAILED, (), (), None))

    if decls is None:
        for mod in loaded:
            for name in sorted(mod.constant_names()):
                if not include_all and not user_facing(name):
                    continue
                ci = mod.get(name)
                assert ci is not None
                if not include_all and is_syntax_declaration(ci):
                    continue
                records.append(_status_of(ci, collector, allowed, fingerprints, prelude))
        return annotate_statements(records, env, collector.is_core_module)

    for name in decls:
        ci = None
        for mod in loaded:
            ci = mod.get(name)
            if ci is not None:
                break
        if ci is None:
            for fm, src in failed_modules.items():
                if _declared_in_source(name, Path(src)):
                    records.append(DeclStatus(name, fm, "unknown", Status.FAILED, (), (), None))
                    break
            else:
                ci = env.find(name)
                if ci is None:
                    records.append(DeclStatus(name, "", "unknown", Status.MISSING, (), (), None))
                    continue
        if ci is not None:
            records.append(_status_of(ci, collector, allowed, fingerprints, prelude))
    return annotate_statements(records, env, collector.is_core_module)


def annotate_statements(records: list[DeclStatus], env: Environment,
                        is_core_module: Callable[[str], bool]) -> list[DeclStatus]:
    """The records with their printed statements and statement warnings filled in (records of
    failed modules and missing declarations have neither)."""
    inspector = StatementInspector(env, is_core_module)
    out: list[DeclStatus] = []
    for r in records:
        if r.status in ("missing", "failed") or r.kind == "module":
            out.append(r)
            continue
        try:
            marked = inspector.statement(r.name, mark_refs=True)
            warnings = inspector.warnings(r.name)
        except OleanError:
            out.append(r)
            continue
        if marked is None:
            out.append(r)
            continue
        out.append(replace(r, statement=strip_refs(marked), warnings=warnings,
                           statement_parts=tuple(split_refs(marked))))
    return out


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def to_json(records: Iterable[DeclStatus]) -> list[dict]:
    """Records as JSON-ready dictionaries."""
    return [
        {
            "name": r.name,
            "module": r.module,
            "kind": r.kind,
            "status": str(r.status),
            "axioms": list(r.axioms),
            "boundary": list(r.boundary),
            "fingerprint": r.fingerprint,
            "prelude": list(r.prelude),
            "is_theorem": r.is_theorem,
            "hypotheses": r.hypotheses,
            "lint": list(r.lint),
            "statement": r.statement,
            "warnings": [w.to_json() for w in r.warnings],
            "kernel": r.kernel,
        }
        for r in records
    ]


def format_table(records: Iterable[DeclStatus], statements: bool = False) -> str:
    """A plain-text table grouped by module, with a summary line. Each statement warning is a
    line under its declaration; ``statements=True`` also prints each printed statement."""
    records = list(records)
    if not records:
        return "no declarations\n"
    by_module: dict[str, list[DeclStatus]] = {}
    for r in records:
        by_module.setdefault(r.module or "(not found)", []).append(r)
    wn = max(len(r.name) for r in records)
    wk = max(len(r.kind) for r in records)
    lines: list[str] = []
    for mod in sorted(by_module):
        lines.append(f"{mod}")
        for r in by_module[mod]:
            extra = ""
            notable = [a for a in r.axioms]
            if notable:
                extra = "  axioms: " + ", ".join(notable)
            if r.prelude:
                extra += "  prelude: " + ", ".join(r.prelude)
            if r.lint:
                extra += "  lint: " + "; ".join(r.lint)
            if r.kernel is not None:
                extra += f"  kernel: {r.kernel.splitlines()[0][:200]}"
            lines.append(f"  {r.name:<{wn}}  {r.kind:<{wk}}  {r.status:<7}  {r.fingerprint or '-':<16}{extra}")
            if statements and r.statement is not None:
                lines.append(f"    statement: {r.statement}")
            for w in r.warnings:
                lines.append(f"    warning ({w.kind}, {w.name}): {w.message}")
        lines.append("")
    counts = {s: sum(1 for r in records if r.status == s) for s in STATUS_ORDER}
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items() if n))
    warned = sum(1 for r in records if r.warnings)
    if warned:
        lines.append(f"statement warnings: {warned} declarations (a printed statement may not read as what was proved)")
    kernel = [r.kernel.split(":", 1)[0] for r in records if r.kernel is not None]
    if kernel:
        lines.append("kernel re-check: " + ", ".join(f"{kernel.count(k)} {k}" for k in ("checked", "rejected", "undecided")
                                                     if kernel.count(k)))
    boundary = sorted({b for r in records for b in r.boundary})
    if boundary:
        lines.append(f"trusted boundary: {len(boundary)} core constants without shipped proofs (see --json)")
    return "\n".join(lines) + "\n"
