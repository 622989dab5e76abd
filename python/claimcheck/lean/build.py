"""Build a folder of Lean modules with ``lean``, incrementally and in parallel.

Each module ``A.B`` (source ``<src>/A/B.lean``) compiles to ``build/lib/A/B.olean`` (+ ``.server``,
``.private``, ``.ilean``, ``.ir``) with ``LEAN_PATH=build/lib``. A module is rebuilt only when its
source, an imported module's output or the toolchain changed.

**Freshness is decided by content, and only by what claimcheck recorded itself.** A module's *key*
is a digest of the toolchain, its name, its source and the interfaces of every module it imports
(transitively); when claimcheck builds it, it records ``key -> digest of the outputs`` in a sealed
record in the user's cache folder (:class:`claimcheck.cache.Store`, never in the project). A module
is up to date only when such a record exists for its current key and its outputs still have that
digest: outputs a project ships (a committed ``build/`` folder, a forged bookkeeping file) are never
taken as current.

**Outputs are shared by content.** The outputs of every module claimcheck builds are also kept in
the user's cache, each file under its SHA-256 (``objects/``). A module whose key has a record but
whose build folder lacks the outputs (another checkout of the same sources, a test's copy, a
cleaned ``build/``) gets them from there, each file checked against the digest in the sealed record,
instead of compiling again. A failed module blocks its dependents, not unrelated modules. Outputs are written
to a temporary folder and renamed into place; a failed or blocked module's old outputs are removed,
so nothing stale is ever read as current.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from claimcheck import files
from claimcheck.cache import Store, reads_allowed
from claimcheck.errors import ConfigError, ModuleGraphError
from claimcheck.lean.hashes import KnownHashes, content_hash
from claimcheck.lean.lock import FileLock
from claimcheck.model.build_state import ModuleState
from claimcheck.lean.modules import (
    _HEADER_WORDS,
    _TOKEN,
    LeanModule,
    _block_comment_end,
    discover,
    project_imports,
    topological_order,
    transitive_imports,
)
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.lean.toolchain import Toolchain

if TYPE_CHECKING:
    from concurrent.futures import Future
    from claimcheck import sandbox
    from claimcheck.lean.plan import PlannedModule

#: The namespace of the build records in the user's cache (bump on an incompatible change).
BUILD_RECORDS = "builds-1"
#: Interface digests (lean/interface.py) by the content of the file they are computed from.
INTERFACE_RECORDS = "interfaces-1"
#: A build found with every module up to date, under the status of every file it was decided from.
NOOP_RECORDS = "noop-builds-1"
OUTPUT_SUFFIXES = (".olean", ".olean.server", ".olean.private", ".ilean", ".ir")
#: Parts of a module whose content its dependents see.
INTERFACE_SUFFIXES = (".olean", ".olean.server", ".olean.private")
WASM_JOB_BYTES = 4 * 1024**3

#: Builds for proof checking on the wasm toolchain. Its library ships `.olean` files only, no
#: compiled code (`.ir`), so Lean's code generator fails on any definition that uses a library
#: function (`List.reverse`, `++`, `deriving Repr`, ...: "Unknown constant `List.reverse._redArg`")
#: and the whole module fails although nothing is wrong with its logic. Lean 4.28 has no option to
#: skip code generation (none of its registered options does), but inside a `noncomputable
#: section` the elaborator marks a definition whose code cannot be generated `noncomputable`
#: instead of failing; the definition is still checked by Lean's kernel and its logical content is
#: unchanged. So on the wasm toolchain each module is compiled from a copy that opens such a
#: section right after its header, on the header's last line, so that every line number stays the
#: same (a column moves only on that line, after the header). Code that must run (`#eval`,
#: `native_decide`, metaprograms, macros written as `elab`) still fails; those errors get a hint.
PROOF_ONLY_SECTION = " noncomputable section "
#: Lean messages that mean "this needs compiled code", answered by NATIVE_HINT.
NEEDS_CODE = re.compile(
    r"Unknown constant `[^`]*\._(redArg|boxed|closed|lam|spec)|failed to compile|no executable code|"
    r"cannot evaluate code|[Cc]ould not evaluate|native implementation|\(interpreter\)|"
    r"Unknown constant `_private\.(Init|Std|Lean|Lake)\.|which is 'noncomputable'|is noncomputable|"
    r"has not been implemented"  # a macro or elaborator whose code could not be generated
)
NATIVE_HINT = (
    "\nclaimcheck: this needs code that Lean generates or runs (#eval, native_decide, a "
    "metaprogram, or code for a definition), which the wasm toolchain cannot do: its library "
    "ships no compiled code (.ir). A native Lean toolchain (elan, the version in lean-toolchain) "
    "builds this module; proofs elsewhere in it are not the problem."
)

#: Errors of the module system (a file starting with `module`, which multi-file builds on the wasm
#: toolchain need), each with what to do: measured on the real-code corpus (README, "What the wasm
#: toolchain cannot build"). A native Lean gives the same errors on a module.
MODULE_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Expected a definition with an exposed body"),
     "\nclaimcheck: a module sees a library definition's body only when the library exposes it "
     "(`@[expose]`); this one is not, so `simp`/`unfold` cannot use its equations here. Prove the "
     "step from the library's lemmas about the definition instead of unfolding it."),
    (re.compile(r"must be marked as `meta`"),
     "\nclaimcheck: in a module, code that Lean runs while elaborating (an `@[app_unexpander]`, "
     "`@[delab]`, `@[macro]` or `@[command_elab]` function) must be `meta`: write `meta def`, or put "
     "it in a `meta section`."),
)

#: An unknown name in a file without a ``module`` header that imports the project's (or a package's)
#: files: on the wasm toolchain such a file sees none of their declarations (README, "Files without a
#: `module` header"); a native ``lake build`` would see them.
UNKNOWN_NAME = re.compile(r"[Uu]nknown (identifier|constant|namespace)")
MODULELESS_HINT = (
    "\nclaimcheck: this file has no `module` header, and on the wasm toolchain a file without one sees "
    "none of the declarations of the project files it imports (a native `lake build` would). Start the "
    "files with `module`, import with `public import`, and put what others use in a `public section` "
    "(`@[expose] public section` when their proofs unfold its definitions), or build with a native Lean.")
CORE_ROOTS = frozenset({"Init", "Std", "Lean", "Lake"})


@dataclass(frozen=True)
class Message:
    """One message Lean reported for a module (from ``--json``), or a toolchain failure."""

    severity: str  # "error", "warning", "information"
    file: str
    line: int | None
    column: int | None
    text: str
    kind: str = ""

    def location(self) -> str:
        return f"{self.file}:{self.line}" if self.line is not None else self.file

    def render(self) -> str:
        return f"{self.location()}: {self.severity}: {self.text}"


#: A module's outputs are current: it was built now, or its outputs are those built from its present source.
CURRENT = (ModuleState.BUILT, ModuleState.UP_TO_DATE)
#: A module whose outputs cannot be read: failed, blocked by an import that has none, not built at all
#: (``--no-build``), or built from another source (``--no-build``).
NOT_CURRENT = (ModuleState.FAILED, ModuleState.BLOCKED, ModuleState.NOT_BUILT, ModuleState.STALE)


@dataclass
class ModuleResult:
    """The outcome for one module: built, up-to-date, failed, blocked, not-built or stale (the last
    two only when reading outputs without building: ``--no-build``)."""

    name: str
    source: Path
    status: ModuleState
    messages: list[Message] = field(default_factory=list)
    seconds: float = 0.0
    blocked_by: str | None = None
    #: the workspace package of the module ("" outside a workspace)
    package: str = ""
    #: for ``blocked``: why ``blocked_by`` has no outputs (another package's module, a missing package)
    reason: str = ""
    #: for ``blocked``: the module at the bottom of the chain, with its state (``A.B (stale)``)
    cause: str = ""

    @property
    def errors(self) -> list[Message]:
        return [m for m in self.messages if m.severity == "error"]

    def first_error(self) -> str:
        if self.status == "blocked":
            if self.reason:
                return f"blocked: {self.reason}"
            return f"blocked: imports {self.blocked_by}, which did not build"
        if self.status in ("not-built", "stale"):
            errors = self.errors
            return f"{self.status}: {errors[0].text}" if errors else self.status
        errors = self.errors
        return errors[0].render() if errors else "failed without an error message"


@dataclass
class BuildReport:
    """All modules of one build, in build (topological) order, with what later stages key their
    caches on: each current module's outputs digest and its project imports (transitively)."""

    modules: dict[str, ModuleResult]
    seconds: float = 0.0
    digests: dict[str, str] = field(default_factory=dict)
    imports: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: in a Lake workspace: each required package's modules that the project needs, by package
    packages: dict[str, "BuildReport"] = field(default_factory=dict)
    #: required packages that are not in the workspace (each message says how to get it)
    missing: tuple[str, ...] = ()
    #: the output folder of each required package, by package (dependency order)
    package_dirs: dict[str, Path] = field(default_factory=dict)
    #: how the outputs were made: "claimcheck" (built with lean) or "lake" (``lake build``)
    builder: str = "claimcheck"

    @property
    def ok(self) -> bool:
        return (all(r.status in CURRENT for r in self.modules.values()) and not self.missing
                and all(p.ok for p in self.packages.values()))

    def count(self, status: ModuleState) -> int:
        return sum(1 for r in self.modules.values() if r.status == status)

    def failed_modules(self) -> dict[str, Path]:
        """Modules with no current output (failed, blocked, not built or stale), for the status reader."""
        return {n: r.source for n, r in self.modules.items() if r.status in NOT_CURRENT}

    def module_states(self) -> dict[str, ModuleResult]:
        """Every module of the project and of the packages it needs, by name."""
        out: dict[str, ModuleResult] = {}
        for report in self.packages.values():
            out.update(report.modules)
        out.update(self.modules)
        return out

    def summary(self, errors: bool = True) -> str:
        """One line of counts, then (``errors``) one line per module that failed or is blocked with
        its first error (left out when the messages themselves were printed already)."""
        lines = []
        for package, report in self.packages.items():
            lines.append(f"package {package}: " + report._counts())
            lines += report._problems(errors)
        lines.append(self._counts())
        lines += self._problems(errors)
        lines += [f"  MISSING {m}" for m in self.missing]
        return "\n".join(lines)

    def dependency_problems(self) -> list[str]:
        """One line for each module of a required package that has no current outputs, with why."""
        return [f"package {name}: {r.name}: {r.first_error()}" for name, report in self.packages.items()
                for r in report.modules.values() if r.status in NOT_CURRENT]

    def _counts(self) -> str:
        n = len(self.modules)
        extra = "".join(f", {self.count(s)} {s}" for s in (ModuleState.NOT_BUILT, ModuleState.STALE) if self.count(s))
        return (f"{n} {'module' if n == 1 else 'modules'}: {self.count(ModuleState.BUILT)} built, "
                f"{self.count(ModuleState.UP_TO_DATE)} up to date, {self.count(ModuleState.FAILED)} failed, "
                f"{self.count(ModuleState.BLOCKED)} blocked"
                f"{extra} ({self.seconds:.1f}s)")

    def _problems(self, errors: bool) -> list[str]:
        return [f"  {r.status.upper()} {r.name}: {r.first_error()}" for r in self.modules.values()
                if r.status in ("blocked", "not-built", "stale") or (errors and r.status == "failed")]

    def to_json(self) -> dict:
        def module(r: ModuleResult) -> dict:
            return {"name": r.name, "source": str(r.source), "status": r.status, "seconds": round(r.seconds, 3),
                    "blocked_by": r.blocked_by, "package": r.package, "reason": r.first_error()
                    if r.status in NOT_CURRENT else None, "messages": [asdict(m) for m in r.messages]}

        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "builder": self.builder,
            "modules": [module(r) for r in self.modules.values()],
            "packages": [{"name": name, "ok": report.ok, "modules": [module(r) for r in report.modules.values()]}
                         for name, report in self.packages.items()],
            "missing": list(self.missing),
        }


def default_jobs(toolchain: Toolchain) -> int:
    """Cores, bounded for the wasm toolchain by memory (~4 GB a job)."""
    cores = os.cpu_count() or 1
    if toolchain.kind != "wasm":
        return cores
    return max(1, min(cores, available_memory() // WASM_JOB_BYTES))


def available_memory() -> int:
    """Memory available now, in bytes (``/proc/meminfo``; one wasm job's worth where it cannot be read)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return WASM_JOB_BYTES


def output_base(project: Project, name: str) -> Path:
    """``build/lib/A/B`` for module ``A.B``; append a suffix from ``OUTPUT_SUFFIXES``."""
    return project.olean_dir.joinpath(*name.split("."))


#: Identifies how modules are compiled (options given to ``lean``, the proof-only section on the
#: wasm toolchain): part of every module's key.
BUILD_OPTIONS_ID = "2"


def outputs_hash(project: Project, name: str, hash: Callable[[Path], str]) -> str | None:
    """A digest of every output file of module ``name`` (None when the ``.olean`` is absent);
    ``hash``: a file's content hash (:class:`claimcheck.lean.hashes.KnownHashes` remembers them)."""
    base = output_base(project, name)
    digest = hashlib.sha256()
    if not base.with_name(base.name + ".olean").is_file():
        return None
    for suffix in OUTPUT_SUFFIXES:
        p = base.with_name(base.name + suffix)
        digest.update(suffix.encode() + b"\0" + (hash(p) if p.is_file() else "absent").encode() + b"\0")
    return digest.hexdigest()


def interface_hash(project: Project, name: str, hash: Callable[[Path], str]) -> str | None:
    """Hash of a built module's interface parts, or None if any is missing."""
    base = output_base(project, name)
    digest = hashlib.sha256()
    for suffix in INTERFACE_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if not path.exists():
            return None
        digest.update(suffix.encode() + b"\0" + hash(path).encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class ExternalModule:
    """A module of another package of the workspace, as that package's build left it: its state,
    a digest of its outputs and of everything it imports (``deep``), why it has none."""

    package: str
    status: str
    deep: str | None = None
    reason: str = ""
    #: for ``blocked``: the module at the bottom of the chain, with its state
    cause: str = ""


class Builder:
    """One build of a project (or of one package of a Lake workspace) with one toolchain.

    ``plan``: the package's modules, resolved by :func:`claimcheck.lean.plan.plan_workspace` (each with
    its source folder and ``lean`` arguments); without one, every module under the project's source
    folder (``lean.roots`` keeping those the roots import). ``external``: the modules of the packages
    it requires, as their builds left them (an import of one that has no outputs blocks the
    importer; their digests enter the keys). ``blocked``: modules that import what no package
    present provides (a missing package), with why."""

    def __init__(self, project: Project, toolchain: Toolchain, jobs: int | None = None,
                 progress: Progress | None = None, plan: "Mapping[str, PlannedModule] | None" = None,
                 external: Mapping[str, ExternalModule] | None = None,
                 blocked: Mapping[str, str] | None = None, on_ready: OnReady | None = None) -> None:
        self.project = project
        self.toolchain = toolchain
        self.jobs = max(1, jobs or default_jobs(toolchain))
        self.progress = progress or Progress()
        self.plan = dict(plan) if plan is not None else None
        self.external = dict(external or {})
        self.preblocked = dict(blocked or {})
        #: told of each module whose outputs are current (built now, or up to date), in build order
        self.on_ready = on_ready
        # Interface hashes read from disk, once each; dropped when a module's outputs change.
        self._interfaces: dict[tuple[str, str], str | None] = {}
        #: the content hashes of sources and outputs, remembered from run to run by their status
        self.hashes = KnownHashes(project.olean_dir)
        #: the sealed records this run decided outputs current from (a build with nothing to do
        #: is reused only while they are as they were)
        self._consulted: set[Path] = set()
        if not project.build_dir.resolve().is_relative_to(project.root):
            raise ConfigError(f"{project.build_dir}: the build folder must be inside the project root")

    @property
    def scratch_root(self) -> Path:
        """Where modules compile before their outputs are moved into place (``.claimcheck-tmp`` in
        lake's build folder, which lake owns)."""
        return self.project.build_dir / (".claimcheck-tmp" if self.project.is_lake else "tmp")

    def _src_dir(self, name: str) -> Path:
        return self.plan[name].src_dir if self.plan is not None else self.project.src_dir

    def _lean_args(self, name: str) -> tuple[str, ...]:
        return self.plan[name].lean_args if self.plan is not None else ()

    def _blocked_externally(self, mod: LeanModule) -> ModuleResult | None:
        """``mod`` blocked by a missing package, or by an import of another package's module that has
        no current outputs."""
        if mod.name in self.preblocked:
            return ModuleResult(mod.name, mod.path, ModuleState.BLOCKED, blocked_by="a missing package",
                                package=self._package, reason=self.preblocked[mod.name])
        for imp in mod.imports:
            ext = self.external.get(imp.module)
            if ext is not None and ext.status not in CURRENT:
                cause = ext.cause or f"{imp.module} (package {ext.package}, {ext.status})"
                why = f"imports {imp.module} (package {ext.package}), which is {ext.status}" + (
                    f" because of {cause}" if ext.status == "blocked" else (f": {ext.reason}" if ext.reason else ""))
                return ModuleResult(mod.name, mod.path, ModuleState.BLOCKED, blocked_by=imp.module, package=self._package,
                                    reason=why, cause=cause)
        return None

    def _blocked_by(self, name: str, path: Path, bad: str, below: ModuleResult) -> ModuleResult:
        """``name`` blocked by its import ``bad`` of the same package, which has no current outputs."""
        cause = below.cause or f"{bad} ({below.status}" + (f", package {self._package}" if self._package else "") + ")"
        state = "did not build" if below.status == "failed" else f"is {below.status}"
        why = f"imports {bad}, which {state}" + (f" because of {cause}" if below.status == "blocked" else "")
        return ModuleResult(name, path, ModuleState.BLOCKED, blocked_by=bad, package=self._package, reason=why, cause=cause)

    @property
    def _package(self) -> str:
        """The required package these modules belong to ("": the project's own modules)."""
        pkg = self.project.package
        return pkg.name if pkg is not None and pkg.kind != "root" else ""

    def modules(self) -> tuple[dict[str, LeanModule], list[str]]:
        if self.plan is not None:
            modules = {n: pm.module for n, pm in self.plan.items()}
            for name, mod in sorted(modules.items()):
                if self._is_library_module(name):
                    raise ModuleGraphError(
                        f"{mod.path}:{header_line(mod.path)}: this file is module {name}, a module of the Lean "
                        "library; a package's module must not take a library module's name: rename the file")
            return modules, topological_order(modules, lambda _m: True)
        modules = discover(self.project.src_dir, exclude=(self.project.build_dir,))
        for name, mod in sorted(modules.items()):
            if self._is_library_module(name):
                raise ModuleGraphError(
                    f"{mod.path}:{header_line(mod.path)}: this file is module {name}, a module of the Lean "
                    "library; a project module must not take a library module's name (it would stand in "
                    "for the library's): rename the file"
                )
        roots = self.project.lib_roots
        if roots is not None:
            unknown = [r for r in roots if r not in modules]
            if unknown:
                raise ConfigError(
                    f"{self.project.root / 'claimcheck.toml'}: lean.roots names {', '.join(unknown)}, "
                    f"not a module under {self.project.src_dir}"
                )
            keep = set(roots).union(*(transitive_imports(modules[r], modules) for r in roots))
            modules = {n: m for n, m in modules.items() if n in keep}
        order = topological_order(modules, self._is_library_module)
        return modules, order

    def _is_library_module(self, name: str) -> bool:
        return self.toolchain.lib_dir.joinpath(*name.split(".")).with_suffix(".olean").exists()

    def run(self) -> BuildReport:
        start = time.monotonic()
        noop = self._noop_key()
        if noop is not None:
            got = self._noop_report(noop, start)
            if got is not None:
                return got
        modules, order = self.modules()
        if not self.project.is_lake:  # in lake's folder, other outputs are lake's (a dependency's other modules)
            self._remove_vanished(modules)
        # scratch folders an interrupted build left behind (the build lock is held: none is in use)
        shutil.rmtree(self.scratch_root, ignore_errors=True)
        from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait  # a build that has work

        results: dict[str, ModuleResult] = {}
        pending = list(order)
        running: dict[Future, str] = {}
        keys: dict[str, str] = {}
        total = len(order)
        finished = 0
        clock = _Estimate(self.jobs, {n: _size(modules[n].path) for n in order})

        def deps_done(name: str) -> bool:
            return all(d in results for d in project_imports(modules[name], modules))

        def ready(name: str, compiled: bool) -> None:
            clock.done(name)
            if self.on_ready is not None:
                self.on_ready(name, tuple(sorted(transitive_imports(modules[name], modules))), compiled)

        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            while pending or running:
                for name in [n for n in pending if deps_done(n)]:
                    if len(running) >= self.jobs:
                        break  # submit only what can start now, so progress lines tell the truth
                    pending.remove(name)
                    mod = modules[name]
                    held = self._blocked_externally(mod)
                    if held is not None:
                        self._remove_outputs(name)
                        self._forget_interfaces(name)
                        results[name] = held
                        clock.done(name)
                        finished += 1
                        self.progress.line(f"[{finished}/{total}] {name}: blocked ({held.reason})")
                        continue
                    bad = next(
                        (d for d in project_imports(mod, modules) if results[d].status in (ModuleState.FAILED, ModuleState.BLOCKED)), None
                    )
                    if bad is not None:
                        self._remove_outputs(name)
                        self._forget_interfaces(name)
                        results[name] = self._blocked_by(name, mod.path, bad, results[bad])
                        clock.done(name)
                        finished += 1
                        self.progress.line(f"[{finished}/{total}] {name}: blocked by {bad}")
                        continue
                    key = keys[name] = self._key(mod, modules)
                    messages = self._current(name, key)
                    if messages is None:
                        messages = self._restore(name, key)
                    if messages is not None:
                        results[name] = ModuleResult(name, mod.path, ModuleState.UP_TO_DATE, messages, package=self._package)
                        finished += 1
                        ready(name, False)
                        continue
                    self.progress.line(f"[{finished}/{total} done] building {name}")
                    running[pool.submit(self._compile, mod)] = name
                if not running:
                    continue
                done, _ = wait(list(running), return_when=FIRST_COMPLETED)
                for future in done:
                    name = running.pop(future)
                    result = future.result()
                    results[name] = result
                    self._forget_interfaces(name)  # read before compiling: outputs changed since
                    finished += 1
                    if result.status is ModuleState.BUILT:
                        files = self._keep_outputs(name)
                        self.records.put(keys[name], {"outputs": outputs_hash(self.project, name, self.hashes.hash), "files": files,
                                                      "messages": [asdict(m) for m in result.messages]})
                    verdict = "ok" if result.status is ModuleState.BUILT else "FAILED"
                    clock.compiled(name, result.seconds)
                    if result.status is ModuleState.BUILT:
                        ready(name, True)
                    else:
                        clock.done(name)
                    left = clock.left(pending, list(running.values()))
                    self.progress.line(f"[{finished}/{total}] {name}: {verdict} ({result.seconds:.1f}s)"
                                       + (f"; {left}" if left else ""))
        ordered = {name: results[name] for name in order}
        report = self._report(ordered, modules, start)
        if noop is not None:
            self._keep_noop(noop, report)
        return report

    # -- a build with nothing to do, decided from the files' status (issue 41)

    def _noop_key(self) -> str | None:
        """The key of a build with nothing to do: claimcheck, the toolchain, the project's folders and
        roots, and the status (:func:`claimcheck.lean.hashes.stamp`) of every ``.lean`` file under the
        sources folder and every file under the output folder (a file changed in any way, added or
        removed is another key). None: not a plain project, or a file written too recently for its
        status to tell (:data:`claimcheck.lean.hashes.SETTLED_NS`)."""
        if self.plan is not None or self.external or self.preblocked or self.project.is_lake:
            return None
        from claimcheck.cache import code_digest, digest
        from claimcheck.lean.hashes import SETTLED_NS, stamp

        p = self.project
        parts: list[str] = [code_digest(), self.toolchain.identity, BUILD_OPTIONS_ID, str(p.root), str(p.src_dir),
                            str(p.build_dir), str(p.olean_dir), "|".join(p.lib_roots) if p.lib_roots is not None else "*"]
        newest = 0
        try:
            for folder, pattern in ((p.src_dir, "*.lean"), (p.olean_dir, "*")):
                parts.append(f"folder\0{folder}")
                if not folder.is_dir():
                    continue
                for path in sorted(folder.rglob(pattern)):
                    st, lst = os.stat(path), os.lstat(path)
                    newest = max(newest, st.st_ctime_ns, lst.st_ctime_ns)
                    parts.append(f"{path}\0{stamp(st)}\0{stamp(lst)}")
        except OSError:
            return None
        if newest >= time.time_ns() - SETTLED_NS:
            return None
        return digest("noop-build", *parts)

    def _noop_report(self, key: str, start: float) -> BuildReport | None:
        """The report of the build found with nothing to do under ``key``, when every sealed record
        it was decided from is as it was (None: build as usual)."""
        from claimcheck.lean.hashes import stamp

        record = Store(NOOP_RECORDS, enabled=reads_allowed()).get(key)
        if not isinstance(record, dict):
            return None
        try:
            for path, was in record["records"].items():
                if list(stamp(os.stat(path))) != was:
                    return None
            modules = {m["name"]: ModuleResult(m["name"], Path(m["source"]), ModuleState.UP_TO_DATE,
                                               [Message(**x) for x in m["messages"]], package=m["package"])
                       for m in record["modules"]}
            digests = {str(k): str(v) for k, v in record["digests"].items()}
            imports = {str(k): tuple(map(str, v)) for k, v in record["imports"].items()}
        except (OSError, TypeError, KeyError, AttributeError):
            return None
        if set(digests) != set(modules) or set(imports) != set(modules):
            return None
        shutil.rmtree(self.scratch_root, ignore_errors=True)
        for name in modules:
            if self.on_ready is not None:
                self.on_ready(name, imports[name], False)
        return BuildReport(modules, time.monotonic() - start, digests, imports)

    def _keep_noop(self, key: str, report: BuildReport) -> None:
        """Keep ``report`` under ``key`` when every module was up to date (nothing built, nothing
        failed), with the status of every sealed record it was decided from."""
        from claimcheck.lean.hashes import stamp

        plain = all(r.status is ModuleState.UP_TO_DATE and r == ModuleResult(r.name, r.source, r.status, r.messages,
                                                                              package=r.package)
                    for r in report.modules.values())
        if not plain or set(report.digests) != set(report.modules) or key != self._noop_key():
            return
        try:
            records = {str(path): list(stamp(os.stat(path))) for path in self._consulted}
        except OSError:
            return
        Store(NOOP_RECORDS).put(key, {
            "records": records, "digests": report.digests, "imports": {k: list(v) for k, v in report.imports.items()},
            "modules": [{"name": r.name, "source": str(r.source), "package": r.package,
                         "messages": [asdict(m) for m in r.messages]} for r in report.modules.values()]})

    def _report(self, results: dict[str, ModuleResult], modules: dict[str, LeanModule], start: float) -> BuildReport:
        digests = {n: d for n, r in results.items() if r.status in CURRENT
                   and (d := outputs_hash(self.project, n, self.hashes.hash)) is not None}
        imports = {n: tuple(sorted(transitive_imports(modules[n], modules))) for n in results}
        self.hashes.save()
        return BuildReport(results, time.monotonic() - start, digests, imports)

    def deep_digests(self, report: BuildReport, modules: dict[str, LeanModule]) -> dict[str, str]:
        """For each current module: a digest of its outputs and of everything it imports (for the
        keys of other packages' modules that import it)."""
        deep: dict[str, str] = {}
        for name in report.modules:
            if name not in report.digests:
                continue
            h = hashlib.sha256(report.digests[name].encode())
            for imp in modules[name].imports:
                got = deep.get(imp.module) if imp.module in modules else (
                    self.external[imp.module].deep if imp.module in self.external else None)
                if got is not None:
                    h.update(b"\0" + imp.module.encode() + b"\0" + got.encode())
            deep[name] = h.hexdigest()
        return deep

    def current(self) -> BuildReport:
        """The build as it stands, without compiling (``--no-build``): a module is up to date when its
        outputs are those claimcheck recorded for its present key, or (in a Lake workspace) those
        lake's trace records for its present source, checked by content (:func:`claimcheck.lake.trace.judge`);
        otherwise it is ``not-built`` (no ``.olean``) or ``stale`` (outputs of another source), with why."""
        start = time.monotonic()
        modules, order = self.modules()
        results: dict[str, ModuleResult] = {}
        shown = self.project.display_root

        def rel(path: Path) -> str:
            return Path(os.path.relpath(path, shown)).as_posix()

        for name in order:
            mod = modules[name]
            held = self._blocked_externally(mod)
            if held is not None:
                results[name] = held
                continue
            bad = next((d for d in project_imports(mod, modules) if results[d].status in NOT_CURRENT), None)
            if bad is not None:
                results[name] = self._blocked_by(name, mod.path, bad, results[bad])
                continue
            key = self._key(mod, modules)
            # outputs are read where they are: nothing is restored from the cache, nothing written
            messages = self._current(name, key)
            if messages is not None:
                results[name] = ModuleResult(name, mod.path, ModuleState.UP_TO_DATE, messages, package=self._package)
                continue
            base = output_base(self.project, name)
            olean = base.with_name(base.name + ".olean")
            how = "`claimcheck build`" + (", or `lake build` with a native Lean" if self.project.is_lake else "")
            if not olean.is_file():
                text = f"no {rel(olean)}: the module is not built (run {how})"
                results[name] = ModuleResult(name, mod.path, ModuleState.NOT_BUILT,
                                             [Message("error", rel(mod.path), None, None, text, "not-built")],
                                             package=self._package)
                continue
            if self.project.is_lake:
                from claimcheck.lake.trace import judge

                verdict = judge(olean, mod.path, name)
                if verdict.fresh:
                    note = Message("information", rel(mod.path), None, None, verdict.reason, "lake-trace")
                    results[name] = ModuleResult(name, mod.path, ModuleState.UP_TO_DATE, [note], package=self._package)
                    continue
                text = f"{rel(olean)}: {verdict.reason.removeprefix('stale: ')} (run {how})"
            else:
                text = (f"{rel(olean)} is not what claimcheck built from the present source (the source or an "
                        f"import changed since, or another tool wrote it; run {how})")
            results[name] = ModuleResult(name, mod.path, ModuleState.STALE,
                                         [Message("error", rel(mod.path), None, None, text, "stale")],
                                         package=self._package)
        return self._report(results, modules, start)

    # -- hashing and records

    @property
    def records(self) -> Store:
        return Store(BUILD_RECORDS)

    def _current(self, name: str, key: str) -> list[Message] | None:
        """The recorded messages when ``name``'s outputs are the ones claimcheck built for ``key``."""
        record = self.records.get(key)
        self._consulted.add(self.records.record_path(key))
        if not isinstance(record, dict) or record.get("outputs") is None:
            return None
        if outputs_hash(self.project, name, self.hashes.hash) != record["outputs"]:
            return None
        try:
            return [Message(**m) for m in record.get("messages", [])]
        except TypeError:
            return None

    @property
    def objects(self) -> Path:
        return self.records.folder / "objects"

    def _keep_outputs(self, name: str) -> dict[str, str]:
        """Copy the module's outputs into the shared store (by content); their digests by suffix."""
        base = output_base(self.project, name)
        files: dict[str, str] = {}
        for suffix in OUTPUT_SUFFIXES:
            path = base.with_name(base.name + suffix)
            if not path.is_file():
                continue
            digest = self.hashes.hash(path)
            files[suffix] = digest
            target = self.objects / digest[:2] / digest
            if target.is_file():
                continue
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".object.")
                os.close(fd)
                shutil.copyfile(path, tmp)
                os.replace(tmp, target)
            except OSError:
                pass  # an unwritable store costs a build later, nothing else
        return files

    def _restore(self, name: str, key: str) -> list[Message] | None:
        """The recorded outputs of ``key`` from the shared store, installed and checked against the
        sealed record (None when any is missing or does not match: the module is built)."""
        record = self.records.get(key)
        files = record.get("files") if isinstance(record, dict) else None
        if not isinstance(files, dict) or not files or ".olean" not in files:
            return None
        base = output_base(self.project, name)
        base.parent.mkdir(parents=True, exist_ok=True)
        staged: list[tuple[str, str]] = []
        try:
            for suffix, digest in files.items():
                if suffix not in OUTPUT_SUFFIXES or not isinstance(digest, str):
                    return None
                source = self.objects / digest[:2] / digest
                fd, tmp = tempfile.mkstemp(dir=base.parent, prefix=f".{base.name}{suffix}.")
                os.close(fd)
                staged.append((tmp, suffix))
                shutil.copyfile(source, tmp)
                if content_hash(Path(tmp)) != digest:
                    return None
            self._remove_outputs(name)
            for tmp, suffix in staged:
                os.chmod(tmp, 0o666 & ~_umask())
                os.replace(tmp, base.with_name(base.name + suffix))
            staged = []
        except OSError:
            return None
        finally:
            for tmp, _suffix in staged:
                Path(tmp).unlink(missing_ok=True)
        self._forget_interfaces(name)
        return self._current(name, key)

    def _forget_interfaces(self, name: str) -> None:
        for part in ("olean", "private"):
            self._interfaces.pop((name, part), None)

    def _key(self, mod: LeanModule, modules: dict[str, LeanModule]) -> str:
        """What a module's output depends on: source, toolchain, imported modules' interfaces."""
        digest = hashlib.sha256()
        digest.update(b"toolchain\0" + self.toolchain.identity.encode() + b"\0")
        digest.update(b"build\0" + BUILD_OPTIONS_ID.encode() + b"\0")
        digest.update(b"name\0" + mod.name.encode() + b"\0")
        digest.update(b"source\0" + self.hashes.hash(files.inside(self.project.src_dir, mod.path, "the Lean module")).encode()
                      + b"\0")
        # Every module reachable through imports: a module sees its imports' imports too, so an
        # unchanged direct import does not make a changed indirect one irrelevant. What counts of
        # each is its interface (lean/interface.py): a changed proof leaves it as it was.
        for dep in sorted(transitive_imports(mod, modules)):
            digest.update(dep.encode() + b"\0" + (self._interface(dep) or "missing").encode() + b"\0")
        for imp in mod.imports:
            if imp.all and imp.module in modules:  # `import all`: the private part is seen too
                digest.update(b"all\0" + (self._interface(imp.module, "private") or "missing").encode() + b"\0")
        args = self._lean_args(mod.name)
        if args:
            digest.update(b"args\0" + "\0".join(args).encode() + b"\0")
        # the modules of other packages it (or a module it imports) imports, with all they import
        for name in sorted({mod.name} | transitive_imports(mod, modules)):
            for imp in modules[name].imports:
                ext = self.external.get(imp.module)
                if ext is not None:
                    digest.update(b"external\0" + imp.module.encode() + b"\0" + (ext.deep or "none").encode() + b"\0")
        return digest.hexdigest()

    def _interface(self, name: str, part: str = "olean") -> str | None:
        """A finished module's interface digest (lean/interface.py), read once per run and cached
        by the file's content; the whole files' hash when the data cannot be decoded."""
        key = (name, part)
        if key not in self._interfaces:
            self._interfaces[key] = self._interface_of(name, part)
        return self._interfaces[key]

    def _interface_of(self, name: str, part: str) -> str | None:
        base = output_base(self.project, name)
        path = base.with_name(base.name + (".olean" if part == "olean" else ".olean.private"))
        if not path.is_file():
            return None
        content = self.hashes.hash(path)
        store = Store(INTERFACE_RECORDS)
        got = store.get(content)
        self._consulted.add(store.record_path(content))
        if isinstance(got, str):
            return got
        from claimcheck.errors import OleanError
        from claimcheck.lean.interface import interface_digest  # reads `.olean` data: only for a new file

        try:
            digest = interface_digest(base.with_name(base.name + ".olean"), name, part)
        except (OleanError, OSError, struct.error):
            return "files:" + (interface_hash(self.project, name, self.hashes.hash) or "missing")
        store.put(content, digest)
        return digest

    def _remove_vanished(self, modules: dict[str, LeanModule]) -> None:
        """Remove the outputs of modules that no longer have a source."""
        lib = self.project.olean_dir
        if not lib.is_dir():
            return
        for olean in lib.rglob("*.olean"):
            name = ".".join(olean.relative_to(lib).with_suffix("").parts)
            if name not in modules:
                self._remove_outputs(name)

    def _remove_outputs(self, name: str) -> None:
        base = output_base(self.project, name)
        for suffix in OUTPUT_SUFFIXES:
            base.with_name(base.name + suffix).unlink(missing_ok=True)

    # -- compiling one module

    @functools.cached_property
    def _sandbox(self) -> sandbox.Kind:
        """The sandbox the Lean processes run in (:func:`claimcheck.sandbox.build_kind`)."""
        from claimcheck import sandbox

        return sandbox.build_kind()

    @functools.cached_property
    def _readable(self) -> list[str]:
        """What a Lean process may read: the project, the outputs of the packages it requires (which
        may lie outside it: a path package ``../x``, or a git package's sibling in ``.lake/packages``),
        the toolchain, the program that runs it."""
        program = Path(os.path.realpath(self.toolchain.lean_cmd[0]))
        return [str(self.project.root), *(str(d) for d in self.project.dependency_dirs()),
                str(self.toolchain.home), str(self.toolchain.lib_dir), str(program.parent.parent),
                *(os.path.realpath(part) for part in self.toolchain.lean_cmd[1:] if os.path.isabs(part))]

    def _compile(self, mod: LeanModule) -> ModuleResult:
        root = self.project.root
        scratch_root = self.scratch_root
        scratch_root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=mod.name + ".", dir=scratch_root))
        stem = mod.name.rsplit(".", 1)[-1]
        started = time.monotonic()
        src_dir = self._src_dir(mod.name)
        try:
            src_rel = os.path.relpath(src_dir, root)
            source = mod.path
            if self.toolchain.kind == "wasm":  # see PROOF_ONLY_SECTION
                shadow = scratch / "src"
                source = shadow / mod.path.relative_to(src_dir)
                source.parent.mkdir(parents=True, exist_ok=True)
                text = files.read_text(self.project.src_dir, mod.path, "the Lean module")
                source.write_text(proof_only_source(text), encoding="utf-8")
                src_rel = os.path.relpath(shadow, root)
            cmd = [
                *self.toolchain.lean_cmd,
                *self._lean_args(mod.name),
                "-R", src_rel,
                "-o", os.path.relpath(scratch / f"{stem}.olean", root),
                "-i", os.path.relpath(scratch / f"{stem}.ilean", root),
                "--json",
                os.path.relpath(source, root),
            ]  # fmt: skip
            env = dict(os.environ, LEAN_PATH=os.pathsep.join(
                str(p.resolve()) for p in [self.project.olean_dir, *self.project.dependency_dirs()]))
            self.project.olean_dir.mkdir(parents=True, exist_ok=True)
            # the project's Lean code runs here (macros, `#eval`, `initialize`): in the sandbox, it
            # reads the project and the toolchain and writes only this module's scratch folder
            from claimcheck import sandbox

            cmd = sandbox.confined_command(cmd, self._readable, [str(scratch)], self._sandbox, str(root))
            proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
            seconds = time.monotonic() - started
            messages = parse_messages(proc.stdout, root)
            if source != mod.path:
                messages = [_as_original(m, os.path.relpath(source, root), os.path.relpath(mod.path, root))
                            for m in messages]
            messages = [_with_module_hint(m) for m in messages]
            if self.toolchain.kind == "wasm" and not mod.is_module and any(
                    i.module.split(".")[0] not in CORE_ROOTS for i in mod.imports):
                messages = [dataclasses.replace(m, text=m.text + MODULELESS_HINT)
                            if m.severity == "error" and UNKNOWN_NAME.search(m.text) else m for m in messages]
            errors = [m for m in messages if m.severity == "error"]
            produced = (scratch / f"{stem}.olean").exists()
            if proc.returncode == 0 and not errors and produced:
                self._install_outputs(scratch, stem, mod.name)
                return ModuleResult(mod.name, mod.path, ModuleState.BUILT, messages, seconds, package=self._package)
            self._remove_outputs(mod.name)
            if not errors:
                detail = "\n".join((proc.stdout + "\n" + proc.stderr).strip().splitlines()[-15:])
                messages.append(
                    Message(
                        "error", os.path.relpath(mod.path, root), None, None,
                        f"the Lean toolchain failed (exit code {proc.returncode}) without reporting a "
                        f"Lean error; this is a toolchain crash, not a proof failure:\n{detail}",
                        "toolchain",
                    )
                )  # fmt: skip
            return ModuleResult(mod.name, mod.path, ModuleState.FAILED, messages, seconds, package=self._package)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _install_outputs(self, scratch: Path, stem: str, name: str) -> None:
        base = output_base(self.project, name)
        base.parent.mkdir(parents=True, exist_ok=True)
        mode = 0o666 & ~_umask()  # the wasm Lean writes world-writable files; outputs get the user's umask
        for suffix in OUTPUT_SUFFIXES:
            produced = scratch / f"{stem}{suffix}"
            target = base.with_name(base.name + suffix)
            if produced.exists():
                os.chmod(produced, mode)
                os.replace(produced, target)
            else:
                target.unlink(missing_ok=True)


#: ``on_ready(module, its project imports (transitively), compiled in this run)``
OnReady = Callable[[str, tuple[str, ...], bool], None]


def _size(path: Path) -> int:
    try:
        return max(1, path.stat().st_size)
    except OSError:
        return 1


class _Estimate:
    """The build's remaining time, from the modules' sizes and the seconds per byte measured on the
    modules compiled so far (shown once one has been compiled; a guess: modules differ)."""

    def __init__(self, jobs: int, sizes: dict[str, int]) -> None:
        self.jobs = jobs
        self.sizes = sizes
        self.finished: set[str] = set()
        self.bytes = 0
        self.seconds = 0.0

    def done(self, name: str) -> None:
        self.finished.add(name)

    def compiled(self, name: str, seconds: float) -> None:
        self.finished.add(name)
        self.bytes += self.sizes.get(name, 1)
        self.seconds += seconds

    def left(self, pending: list[str], running: list[str]) -> str:
        todo = [n for n in [*pending, *running] if n not in self.finished]
        if not todo or self.bytes == 0:
            return ""
        rate = self.seconds / self.bytes
        sizes = [self.sizes.get(n, 1) for n in todo]
        # the work shared by the jobs, but never less than the largest module alone (it is one job)
        seconds = max(sum(sizes) * rate / max(1, min(self.jobs, len(todo))), max(sizes) * rate)
        return (f"about {seconds / 60:.0f} min of building left" if seconds >= 90
                else f"about {seconds:.0f} s of building left")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def proof_only_source(text: str) -> str:
    """``text`` with a ``noncomputable section`` opened right after its header (see PROOF_ONLY_SECTION)."""
    end = header_end(text)
    return text[:end] + PROOF_ONLY_SECTION + text[end:]


def header_end(text: str) -> int:
    """The offset just after a Lean file's header (``module``, ``prelude``, imports), or 0."""
    pos = end = 0
    expecting_name = False
    while pos < len(text):
        if text.startswith(("/-!", "/--"), pos):
            break
        if text.startswith("/-", pos):
            pos = _block_comment_end(text, pos)
            if pos < 0:
                break
            continue
        match = _TOKEN.match(text, pos)
        if match is None:  # pragma: no cover - the pattern matches any character
            break
        token = match.group(0)
        if not (token.isspace() or token.startswith("--")):
            if expecting_name:
                expecting_name = token == "all"
            elif token == "import":
                expecting_name = True
            elif token not in _HEADER_WORDS:
                break
            end = match.end()
        pos = match.end()
    return end


def _with_module_hint(message: Message) -> Message:
    """An error of the module system with what to do about it (:data:`MODULE_HINTS`)."""
    if message.severity != "error":
        return message
    hints = "".join(hint for pattern, hint in MODULE_HINTS if pattern.search(message.text))
    return dataclasses.replace(message, text=message.text + hints) if hints else message


def _as_original(message: Message, shadow: str, original: str) -> Message:
    """A message about the proof-only copy, told about the original file, with the native hint."""
    text = message.text
    if message.severity == "error" and NEEDS_CODE.search(text):
        text += NATIVE_HINT
    return dataclasses.replace(message, file=original if message.file == shadow else message.file, text=text)


def header_line(path: Path) -> int:
    """The line of a module's header (its first ``module``, ``prelude`` or ``import``), else 1."""
    try:
        lines = files.read_text(path.parent, path, "the Lean module", errors="replace").splitlines()
    except (OSError, files.OutsideError):
        return 1
    for i, line in enumerate(lines, 1):
        word = line.strip().split(" ", 1)[0]
        if word in ("module", "prelude", "import", "public"):
            return i
    return 1


def parse_messages(stdout: str, root: Path) -> list[Message]:
    """Lean's ``--json`` messages (one JSON object a line); other lines become plain information."""
    messages: list[Message] = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            data = json.loads(line)
        except ValueError:
            messages.append(Message("information", "", None, None, line, "output"))
            continue
        if not isinstance(data, dict):
            continue
        pos = data.get("pos") or {}
        file = data.get("fileName", "")
        messages.append(
            Message(
                severity=data.get("severity", "information"),
                file=file,
                line=pos.get("line"),
                column=pos.get("column"),
                text=data.get("data", ""),
                kind=data.get("kind", ""),
            )
        )
    return messages


def build(project: Project, toolchain: Toolchain, jobs: int | None = None,
          progress: Progress | None = None, on_ready: OnReady | None = None) -> BuildReport:
    """Build every module of ``project`` (see the module docstring); ``on_ready`` is told of each
    module as its outputs become current (the kernel's re-check alongside the build).

    The build folder is locked for the whole build: a second ``claimcheck build`` of the same
    project waits for the first, then finds every module up to date instead of redoing the work.
    """
    lock = project.build_dir / ".lock"
    with FileLock(lock, progress, f"another build of {project.root} is running; waiting for it to finish"):
        return Builder(project, toolchain, jobs, progress, on_ready=on_ready).run()


def current_outputs(project: Project, toolchain: Toolchain) -> BuildReport:
    """The build as it stands (``--no-build``): decided by content as a build decides it."""
    return Builder(project, toolchain, 1, Progress(quiet=True)).current()
