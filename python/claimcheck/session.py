"""One pipeline, which every command uses: build → environment → facts → kernel → evidence → gate.

A :class:`Session` is made for one project and one command run. Each stage runs at most once and
only when a later stage (or the command) asks for it: ``status`` needs the facts, ``check`` the
gate's result, ``export`` the environment. The stages:

1. **toolchain** and **build** (:mod:`claimcheck.lean`): the project's modules, incrementally;
2. **environment** (:mod:`claimcheck.olean`): the built ``.olean`` files with the toolchain's
   library folders (the trusted core, searched first);
3. **facts** (:mod:`claimcheck.analysis`): every declaration's
   :class:`~claimcheck.model.facts.DeclFacts`, each judged in its own module's environment, with
   the independent kernel's verdicts (:mod:`claimcheck.recheck`) and satisfiability witnesses;
4. **evidence**: the companion's witnesses and instance cross-checks, run in the companion's own
   process (:mod:`claimcheck.companion`);
5. **gate** (:mod:`claimcheck.claims.gate`): the manifests' verdicts, a
   :class:`~claimcheck.model.evidence.GateResult`, with the project-level problems (a stale
   ``formalization.yaml``, a build folder tracked by git).

**Results are reused by content.** Each stage's result is kept in the user's cache
(:class:`claimcheck.cache.Store`, sealed) under a key made of everything it depends on, and
claimcheck's own source: a module's facts under the outputs of the module and of every module it
imports; the kernel's verdicts, the satisfiability witnesses, the instance cross-checks and the
library declarations the manifests name under the outputs of every module; a witness's result under
the companion's source. A run with nothing changed opens no ``.olean`` file and starts no companion
process; an edit re-does what depends on the edited module. Nothing is read from these caches with
``--no-cache`` or under ``CI``, and the outputs are the same either way (a cache is never a trust
input: it holds only what this claimcheck computed, for exactly these inputs).

Errors are exceptions (:class:`~claimcheck.errors.ClaimcheckError` and friends); the CLI turns
them into exit codes.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from typing import TYPE_CHECKING, Callable

from claimcheck.errors import ClaimcheckError
from claimcheck.lean.build import BuildReport, build
from claimcheck.lean.ilean import read_ranges
from claimcheck.lean.toolchain import Toolchain, resolve_toolchain
from claimcheck.model.facts import DeclFacts, DeclKind, KernelOutcome, KernelVerdict, Status
from claimcheck.model.names import Name
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.cache import Store, code_digest, digest, reads_allowed
from claimcheck.model.codec import facts_from_json, plain

if TYPE_CHECKING:  # the manifests, the gate, the companion's client, the analysis and the kernel are
    # imported when a stage runs: `status` on unchanged inputs loads none of them
    from claimcheck.analysis.library import LibraryIndex
    from claimcheck.analysis.spoofing import StatementInspector
    from claimcheck.claims.gate import Evidence
    from claimcheck.claims.manifest import Manifest
    from claimcheck.companion.protocol import Request
    from claimcheck.model.evidence import CompanionSandbox, GateResult, InstanceResult, Problem, WitnessOutcome
    from claimcheck.olean.reader import Environment

__all__ = ["Session", "Options"]

#: The namespaces of the stages' results in the user's cache (bump one on an incompatible change).
FACTS = "facts-1"
PROJECT = "project-1"
COMPANION = "companion-1"



@dataclass(frozen=True)
class Options:
    """How a command wants the pipeline run."""

    jobs: int | None = None
    #: build before reading (False: read the existing outputs; stale or absent ones count as failed)
    build: bool = True
    kernel: bool = True
    #: install the toolchain if none is found
    install: bool = True
    include_all: bool = False
    decls: tuple[Name, ...] | None = None
    #: read no cached kernel verdicts (nothing is read under CI either)
    no_cache: bool = False
    #: run companion code even where no OS sandbox is available (the user's explicit choice)
    unsandboxed_companion: bool = False


@dataclass
class Session:
    """The pipeline for one project and one command (see the module docstring)."""

    project: Project
    progress: Progress = field(default_factory=Progress)
    options: Options = field(default_factory=Options)

    # ------------------------------------------------------------------ stages

    @cached_property
    def toolchain(self) -> Toolchain:
        return resolve_toolchain(self.project.root, install=self.options.install, progress=self.progress)

    @cached_property
    def build(self) -> BuildReport:
        if self.options.build:
            return build(self.project, self.toolchain, jobs=self.options.jobs, progress=self.progress)
        from claimcheck.lean.build import current_outputs

        return current_outputs(self.project, self.toolchain)

    @cached_property
    def library(self) -> "LibraryIndex":
        from claimcheck.analysis.library import library_index

        return library_index(self.toolchain.lib_dir)

    @cached_property
    def environment(self) -> Environment:
        from claimcheck.analysis.statuses import open_environment

        return open_environment([self.project.olean_dir], [self.toolchain.lib_dir])

    @property
    def built_modules(self) -> list[str]:
        failed = self.build.failed_modules()
        return [m for m in self.build.modules if m not in failed]

    def _core_module(self, module: str) -> bool:
        folder = self.environment.module_folder(module)
        return folder is not None and folder.resolve() == self.toolchain.lib_dir.resolve()

    @cached_property
    def _inspectors(self) -> dict[str, "StatementInspector"]:
        return {}

    @cached_property
    def _companion_results(self) -> dict[tuple[str, str], object]:
        """The companion's answers of this session (a second gate on other manifests, such as
        `check --update-fingerprints`' two, asks it again for nothing)."""
        return {}

    def inspector(self, module: str) -> "StatementInspector":
        from claimcheck.analysis.spoofing import StatementInspector

        got = self._inspectors.get(module)
        if got is None:
            got = self._inspectors[module] = StatementInspector(self.environment, self._core_module, module)
        return got

    # ------------------------------------------------------------------ reuse

    def _store(self, namespace: str) -> Store:
        return Store(namespace, enabled=reads_allowed(self.options.no_cache))

    @cached_property
    def _project_key(self) -> str:
        """Everything a whole-project result depends on: claimcheck, the toolchain, the settings
        that enter the facts, and every built module's outputs."""
        build = self.build
        return digest("project", code_digest(), self.toolchain.identity, *sorted(map(str, self.project.allowed_axioms)),
                      self.project.kernel_fuel, *(f"{m}={build.digests.get(m, 'absent')}" for m in build.modules))

    def _module_key(self, module: str) -> str:
        """Everything the facts of ``module`` depend on: its outputs and those of its imports."""
        build = self.build
        return digest("module", code_digest(), self.toolchain.identity, *sorted(map(str, self.project.allowed_axioms)),
                      self.options.include_all, module, build.digests.get(module, "absent"),
                      *(f"{d}={build.digests.get(d, 'absent')}" for d in build.imports.get(module, ())))

    # ------------------------------------------------------------------ facts

    @cached_property
    def kernel_verdicts(self) -> dict[tuple[str, Name], KernelVerdict]:
        """The independent kernel's verdict on every constant of the built modules."""
        return self._kernel_verdicts(reuse=True)

    def _kernel_verdicts(self, reuse: bool) -> dict[tuple[str, Name], KernelVerdict]:
        if not self.options.kernel:
            return {}
        cache = self._store(PROJECT)
        key = digest("kernel", self._project_key)

        def decode(got: list) -> dict[tuple[str, Name], KernelVerdict]:
            return {(str(m), Name(c)): KernelVerdict(KernelOutcome(o), str(r), None if x is None else Name(x))
                    for m, c, o, r, x in got}

        got = cache.get(key, valid=decode) if reuse else None
        if got is not None:
            return decode(got)
        from claimcheck.recheck.run import STORE_NAMESPACE, project_verdicts

        store = Store(STORE_NAMESPACE, enabled=reads_allowed(self.options.no_cache))
        verdicts, _result = project_verdicts(self.environment, self.built_modules, [self.toolchain.lib_dir],
                                             store, self.project.kernel_fuel, self.progress.line)
        if not any("fuel" in v.reason for v in verdicts.values()):
            cache.put(key, [[m, n.to_json(), str(v.outcome), v.reason, v.missing.to_json() if v.missing else None]
                            for (m, n), v in sorted(verdicts.items(), key=lambda kv: (kv[0][0], str(kv[0][1])))])
        return verdicts

    @cached_property
    def facts(self) -> list[DeclFacts]:
        """The facts of every listed declaration (the options' ``decls``, or every user-facing
        declaration of the project), with kernel verdicts and satisfiability witnesses."""
        build = self.build
        self.progress.line("reading proof status")
        if self.options.decls is not None:
            from claimcheck.analysis.statuses import declaration_facts

            records = declaration_facts(
                self.environment, list(build.modules), [self.toolchain.lib_dir],
                allowed_axioms=self.project.allowed_axioms, failed_modules=build.failed_modules(),
                decls=list(self.options.decls), include_all=self.options.include_all, library=self.library,
            )
        else:
            records = self._module_facts()
        verdicts = self.kernel_verdicts
        built = set(self.built_modules)
        if self.options.kernel and any(r.key not in verdicts for r in records
                                       if r.module in built and r.kind is not DeclKind.MODULE):
            # a reused set of verdicts that lacks one a cold run computes is no reuse (issue 37)
            verdicts = self.__dict__["kernel_verdicts"] = self._kernel_verdicts(reuse=False)
        ranges = read_ranges(self.project.olean_dir, {m: build.modules[m].source for m in self.built_modules},
                             self.project.root)
        records = [replace(r, kernel=verdicts.get(r.key), location=ranges.get(r.key)) for r in records]
        return self._with_witnesses(records)

    def rendered_facts(self, fmt: str, render: Callable[[list[DeclFacts]], str]) -> tuple[str, bool]:
        """``render(self.facts)`` and whether a listed declaration is missing, reused whole under
        everything the facts depend on (:meth:`_project_key`, the options, where the sources are) and
        the format ``fmt``: `status` on unchanged inputs reads one record (nothing is read under CI
        or with ``--no-cache``, and the text is the same either way)."""
        build = self.build
        opts = self.options
        key = digest("rendered", fmt, self._project_key, opts.kernel, opts.include_all,
                     "|".join(map(str, opts.decls)) if opts.decls is not None else "*", str(self.project.root),
                     *(f"{m}={r.status}={r.source}" for m, r in build.modules.items()))
        cache = self._store(PROJECT)
        got = cache.get(key)
        if isinstance(got, dict) and isinstance(got.get("text"), str) and isinstance(got.get("missing"), bool):
            return got["text"], got["missing"]
        records = self.facts
        text = render(records)
        missing = any(r.status is Status.MISSING for r in records)
        cache.put(key, {"text": text, "missing": missing})  # fuel is counted, not timed: the same every run
        return text, missing

    def _module_facts(self) -> list[DeclFacts]:
        """Every built module's records, reused per module when its key (:meth:`_module_key`) is
        unchanged; the rest computed in one analysis over the whole project."""
        build = self.build
        cache = self._store(FACTS)
        by_module: dict[str, list[DeclFacts]] = {}
        todo = []
        for m in self.built_modules:
            got = cache.get(self._module_key(m), valid=lambda g, m=m: all(facts_from_json(d).module == m for d in g))
            if isinstance(got, list):
                by_module[m] = [facts_from_json(d) for d in got]
            else:
                todo.append(m)
        failed: list[DeclFacts] = []
        if todo or build.failed_modules():
            from claimcheck.analysis.statuses import declaration_facts

            computed = declaration_facts(
                self.environment, list(build.modules), [self.toolchain.lib_dir],
                allowed_axioms=self.project.allowed_axioms, failed_modules=build.failed_modules(),
                include_all=self.options.include_all, library=self.library,
                sources={m: r.source for m, r in build.modules.items()}, only=set(todo),
            )
            for r in computed:
                if r.kind is DeclKind.MODULE:
                    failed.append(r)
                else:
                    by_module.setdefault(r.module, []).append(r)
            for m in todo:
                cache.put(self._module_key(m), [plain(r) for r in by_module.get(m, [])])
        return failed + [r for m in self.built_modules for r in by_module.get(m, [])]

    def _with_witnesses(self, records: list[DeclFacts]) -> list[DeclFacts]:
        wanted = [r.key for r in records if r.hypotheses and r.status is not Status.MISSING
                  and r.module in self.build.modules]
        if not wanted:
            return records
        cache = self._store(PROJECT)
        key = digest("witnesses", self._project_key, self.options.kernel, *(f"{m}\0{n}" for m, n in sorted(
            wanted, key=lambda k: (k[0], str(k[1])))))
        wanted_keys = {f"{m}\0{n}" for m, n in wanted}

        def decode(got: dict) -> dict[tuple[str, Name], Name]:
            assert set(got) <= wanted_keys
            return {(m, n): Name.parse(w) for m, n, w in
                    ((k.split("\0", 1)[0], Name.parse(k.split("\0", 1)[1]), w) for k, w in got.items())}

        got = cache.get(key, valid=decode)
        if isinstance(got, dict):
            chosen = decode(got)
        else:
            chosen = self._find_witnesses(records, wanted)
            cache.put(key, {f"{m}\0{n}": str(w) for (m, n), w in chosen.items()})
        return [replace(r, satisfiable_by=chosen[r.key]) if r.key in chosen else r for r in records]

    def _find_witnesses(self, records: list[DeclFacts], wanted: list) -> dict[tuple[str, Name], Name]:
        from claimcheck.analysis.satisfiable import find_witnesses

        found = find_witnesses(self.environment, self.built_modules, wanted, self._applications, self._arities)
        by_key = {r.key: r for r in records}
        verdicts = self.kernel_verdicts
        chosen = {}
        for key in wanted:
            best = None
            for module, name in (_owner(k) for k in found.get(key, [])):
                verdict = verdicts.get((module, name))
                owner = by_key.get((module, name))
                if owner is not None and owner.status is not Status.PROVED:
                    continue
                if best is None or (verdict is not None and verdict.accepted):
                    best = name
            if best is not None:
                chosen[key] = best
        return chosen

    def _applications(self, module: str) -> list:
        """What the witness search reads of ``module`` (`satisfiable.closed_applications`), reused
        per module under :meth:`_module_key` (it depends on the module and its imports only)."""
        from claimcheck.analysis.satisfiable import closed_applications

        cache = self._store(FACTS)
        key = digest("applications", self._module_key(module))
        got = cache.get(key)
        if isinstance(got, list):
            try:
                return [(Name.from_json(n), [(str(m), Name.from_json(h), int(k)) for m, h, k in applied])
                        for n, applied in got]
            except (TypeError, ValueError):
                pass
        found = closed_applications(self.environment, module, lambda m: not self._core_module(m))
        cache.put(key, [[n.to_json(), [[m, h.to_json(), k] for m, h, k in applied]] for n, applied in found])
        return found

    def _arities(self, module: str, names: list[Name]) -> dict[Name, int]:
        """`satisfiable.hypothesis_arities` of ``names`` (theorems of ``module``), reused under
        :meth:`_module_key`."""
        from claimcheck.analysis.satisfiable import hypothesis_arities

        cache = self._store(FACTS)
        key = digest("arities", self._module_key(module), *(str(n) for n in names))
        got = cache.get(key)
        if isinstance(got, list):
            try:
                return {Name.from_json(n): int(a) for n, a in got}
            except (TypeError, ValueError):
                pass
        found = hypothesis_arities(self.environment, module, names)
        cache.put(key, [[n.to_json(), a] for n, a in found.items()])
        return found

    # ------------------------------------------------------------------ manifests and evidence

    def manifests(self, companion: bool = True) -> list[Manifest]:
        """The manifests, loaded and checked before anything is built (a typo costs a second);
        ``companion=False`` leaves the witness ids unchecked (no companion code runs)."""
        from claimcheck.claims.manifest import load_manifests, validate
        from claimcheck.claims.sources import check_sources

        manifests = load_manifests(self.project.manifests_dir, self.project.root)
        validate(manifests, known_decls=None, witness_ids=self.witness_ids(manifests) if companion else None)
        if self.project.sources_dir is not None:
            check_sources(manifests, self.project.sources_dir)
        return manifests

    def check_names_against_last_build(self, manifests: list[Manifest]) -> list[str]:
        """Check the manifests' declaration names against the last build's ``.olean`` files (no
        build, no toolchain install); returns what could not be checked, in words. A name that is
        not there is a :class:`~claimcheck.claims.manifest.ManifestError` with its file and line."""
        from claimcheck.claims.manifest import Issue, ManifestError
        from claimcheck.olean.reader import Module, OleanError

        lib = self.project.olean_dir
        oleans = sorted(p for p in lib.rglob("*.olean")) if lib.is_dir() else []
        if not oleans:
            return ["declaration names not checked: no build yet (`claimcheck build`)"]
        names: set[Name] = set()
        for path in oleans:
            module = ".".join(path.relative_to(lib).with_suffix("").parts)
            try:
                names.update(n.user_facing for n in Module.load(module, path).constant_names())
            except OleanError:
                return [f"declaration names not checked: {path} cannot be read"]
        notes = []
        from claimcheck.analysis.library import library_index

        library: set[Name] | None = None
        try:
            library = set(library_index(resolve_toolchain(self.project.root, install=False,
                                                          progress=self.progress).lib_dir).names)
        except ClaimcheckError:
            notes.append("library declaration names (`role: library`) not checked: no toolchain installed")
        issues = []
        for m in manifests:
            for c in m.claims:
                for f in c.formal or []:
                    if f.role == "library":
                        known = library
                    else:
                        known = names
                    if known is not None and f.decl not in known:
                        where = "the last build" if f.role != "library" else "the Lean library"
                        issues.append(Issue(m.path, f.yaml_line, f"Lean declaration `{f.decl}` is not in {where}; fix"
                                            " the name, or build the module that declares it"))
        if issues:
            raise ManifestError(issues)
        return notes

    def witness_ids(self, manifests: list[Manifest]) -> list[str] | None:
        """The witness ids the companion registers (None: no manifest names a witness, nothing to
        check; an empty list when no witness module is configured)."""
        if not any(c.witnesses for m in manifests for c in m.claims):
            return None
        if not self.project.witness_modules:
            return []
        if self._companion_mode is None:
            return None  # no sandbox: companion code does not run, its ids are not checked
        key = self._companion_key("ids")
        got = self._store(COMPANION).get(key, valid=lambda g: all(isinstance(w, str) for w in g)) if key else None
        if isinstance(got, list):
            return [str(w) for w in got]
        from claimcheck.companion.protocol import Request

        ids = self._companion(Request(list(self.project.witness_modules), [])).witness_ids
        if key:
            self._store(COMPANION).put(key, ids)
        return ids

    @cached_property
    def _companion_source(self) -> str | None:
        from claimcheck.companion import client

        return client.companion_digest([*self.project.witness_modules, *self.project.semantics_modules],
                                       self.project.root)

    def _companion_key(self, *parts: object) -> str | None:
        """A key for what the companion computes (None: its source cannot be found, nothing is reused)."""
        if self._companion_source is None or self._companion_mode is None:
            return None
        return digest("companion", code_digest(), self._companion_source, self._companion_mode,
                      *self.project.witness_modules, "|", *self.project.semantics_modules, *parts)

    @cached_property
    def _companion_mode(self):
        """The sandbox companion code runs in here (``Kind.NONE``: none, at the user's request);
        None: there is none and nobody asked to run it without one, so it does not run."""
        from claimcheck.companion import client

        return client.sandbox_mode(self.options.unsandboxed_companion)

    def companion_sandbox(self) -> "CompanionSandbox | None":
        """How the project's companion code runs (None: the project has none)."""
        from claimcheck.model.evidence import CompanionSandbox

        if not (self.project.witness_modules or self.project.semantics_modules):
            return None
        mode = self._companion_mode
        if mode is None:
            return CompanionSandbox.NOT_RUN
        return CompanionSandbox.UNSANDBOXED if str(mode) == "none" else CompanionSandbox(str(mode))

    def _companion(self, request: Request):
        from claimcheck.companion import client

        return client.run(request, self.project.root, timeout=self.project.companion_timeout,
                          mode=self._companion_mode)

    def _witness_results(self, ids: list[str]) -> dict[str, WitnessOutcome]:
        """The named witnesses' results, each reused under the companion's source."""
        from claimcheck.companion.protocol import Request
        from claimcheck.model.evidence import WitnessOutcome

        cache = self._store(COMPANION)
        memo = self._companion_results
        out: dict[str, WitnessOutcome] = {}
        todo = []
        for wid in ids:
            if ("witness", wid) in memo:
                out[wid] = memo[("witness", wid)]  # type: ignore[assignment]
                continue
            key = self._companion_key("witness", wid)
            got = cache.get(key, valid=lambda g: isinstance(g["ok"], bool) and isinstance(g["summary"], str)
                            and isinstance(g["details"], dict)) if key else None
            if isinstance(got, dict):
                out[wid] = WitnessOutcome(wid, got["ok"], got["summary"], dict(got["details"]))
            else:
                todo.append(wid)
        if todo and self._companion_mode is not None:
            self.progress.line(f"running {len(todo)} witnesses (companion process)")
            response = self._companion(Request(list(self.project.witness_modules), [], todo))
            for w in response.witnesses:
                # the details as a cached record gives them back (keys sorted): the same output
                # whether the result was computed now or reused
                details = json.loads(json.dumps(w.details, sort_keys=True))
                out[w.id] = WitnessOutcome(w.id, w.ok, w.summary, details)
                key = self._companion_key("witness", w.id)
                if key:
                    cache.put(key, {"ok": w.ok, "summary": w.summary, "details": w.details})
        for wid, outcome in out.items():
            memo[("witness", wid)] = outcome
        return out

    def _instance_results(self) -> dict[tuple[str, Name], InstanceResult]:
        """The instance cross-checks (they depend on the facts alone: once a session)."""
        memo = self._companion_results
        if ("instances", "") not in memo:
            memo[("instances", "")] = self._compute_instance_results()
        return memo[("instances", "")]  # type: ignore[return-value]

    def _compute_instance_results(self) -> dict[tuple[str, Name], InstanceResult]:
        """The instance cross-checks, reused for the whole build, else per statement."""
        from claimcheck.companion import client
        from claimcheck.companion.protocol import Request, encode_terms
        from claimcheck.model.evidence import InstanceOutcome, InstanceResult

        from claimcheck.analysis.naming import instance_facts

        cache = self._store(COMPANION)
        expected = {f.key: f for f in instance_facts(self.facts)}
        whole = self._companion_key("instances", self._project_key)

        def decode(got: list) -> dict[tuple[str, Name], InstanceResult]:
            out = {(str(m), Name(c)): InstanceResult(Name(c), str(st), str(lv), str(pv), InstanceOutcome(o), str(de))
                   for m, c, st, lv, pv, o, de in got}
            assert set(out) == set(expected)  # every instance theorem of the build has its result
            return out

        got = cache.get(whole, valid=decode) if whole else None
        if isinstance(got, list):
            return decode(got)
        from claimcheck.analysis.cross_check import instance_theorems

        theorems = instance_theorems(self.environment, self.facts, self.inspector)
        if self._companion_mode is None:
            why = ("not cross-checked: companion code did not run (no OS sandbox here; --unsandboxed-companion"
                   " runs it without one)")
            return {f.key: InstanceResult(f.name, f.statement or "", "", "", InstanceOutcome.NOT_CROSS_CHECKED, why)
                    for f, _term in theorems}
        results: dict[tuple[str, Name], InstanceResult] = {}
        todo = []
        for facts, term in theorems:
            table, roots = encode_terms([term])
            key = self._companion_key("instance", json.dumps([table, roots], sort_keys=True), facts.statement or "")

            def one(g: dict) -> InstanceResult:
                return InstanceResult(facts.name, facts.statement or "", str(g["lean"]), str(g["python"]),
                                      InstanceOutcome(g["outcome"]), str(g["detail"]))

            got = cache.get(key, valid=one) if key else None
            if isinstance(got, dict):
                results[facts.key] = one(got)
            else:
                todo.append((facts, term, key))
        if todo:
            self.progress.line(f"cross-checking {len(todo)} instance theorems (companion process)")
            requests, table = client.instance_requests([(f, t) for f, t, _k in todo])
            response = self._companion(Request([], list(self.project.semantics_modules), [], requests, table))
            fresh = client.instance_results([(f, t) for f, t, _k in todo], response.instances)
            for facts, _term, key in todo:
                r = fresh[facts.key]
                results[facts.key] = r
                if key:
                    cache.put(key, {"lean": r.lean_value, "python": r.python_value, "outcome": str(r.outcome),
                                    "detail": r.detail})
        for key, f in expected.items():  # a statement the module did not give: said, never left out
            if key not in results:
                results[key] = InstanceResult(f.name, f.statement or "", "", "", InstanceOutcome.NOT_CROSS_CHECKED,
                                              "not cross-checked: its statement could not be read from its module")
        if whole:
            cache.put(whole, [[m, n.to_json(), r.statement, r.lean_value, r.python_value, str(r.outcome), r.detail]
                              for (m, n), r in sorted(results.items(), key=lambda kv: (kv[0][0], str(kv[0][1])))])
        return results

    def evidence(self, manifests: list[Manifest]) -> Evidence:
        from claimcheck.claims.gate import Evidence
        from claimcheck.model.evidence import BuildSummary, ModuleResult, ModuleState, Settings, ToolchainInfo

        states = {"built": ModuleState.BUILT, "up-to-date": ModuleState.UP_TO_DATE, "failed": ModuleState.FAILED,
                  "blocked": ModuleState.BLOCKED}
        facts = self.facts
        extra = self._manifest_decls(manifests, facts)
        # companion code (witness modules, instance semantics) runs only now, after every Lean fact of
        # the run is read: the witness ids are checked here, then the witnesses and cross-checks run
        from claimcheck.claims.manifest import validate

        validate(manifests, known_decls=None, witness_ids=self.witness_ids(manifests))
        witnesses = self._witness_results(sorted({w for m in manifests for c in m.claims for w in c.witnesses}))
        instances = self._instance_results()
        root = self.project.root
        modules = [ModuleResult(r.name, states[r.status],
                                r.first_error() if r.status in ("failed", "blocked") else None,
                                _relative(r.source, root))
                   for r in self.build.modules.values()]
        settings = Settings(
            allowed_axioms=sorted(self.project.allowed_axioms, key=str),
            kernel_required=self.project.kernel_required,
            kernel_fuel=self.project.kernel_fuel,
            strict_instances=self.project.strict_instances,
            sources_checked=self.project.sources_dir is not None,
            companion=self.companion_sandbox(),
        )
        return Evidence(
            facts=facts + extra, build=BuildSummary(self.build.ok, modules),
            toolchain=ToolchainInfo(self.toolchain.kind, self.toolchain.version), settings=settings,
            project_modules=frozenset(self.build.modules), witnesses=witnesses, instances=instances,
            failed_sources={m: _relative(p, root) for m, p in self.build.failed_modules().items()},
        )

    def _manifest_decls(self, manifests: list[Manifest], facts: list[DeclFacts]) -> list[DeclFacts]:
        """Facts of the declarations the manifests name that are not among the project's listed ones
        (library declarations, auxiliaries)."""
        have = {f.name for f in facts}
        wanted = sorted({f.decl for m in manifests for c in m.claims for f in c.formal or []} - have, key=str)
        if not wanted:
            return []
        cache = self._store(PROJECT)
        key = digest("named", self._project_key, *map(str, wanted))
        got = cache.get(key, valid=lambda g: set(wanted) <= {facts_from_json(d).name for d in g})
        if isinstance(got, list):
            records = [facts_from_json(d) for d in got]
        else:
            from claimcheck.analysis.statuses import declaration_facts

            build = self.build
            records = declaration_facts(self.environment, list(build.modules), [self.toolchain.lib_dir],
                                        allowed_axioms=self.project.allowed_axioms,
                                        failed_modules=build.failed_modules(), decls=wanted, library=self.library)
            cache.put(key, [plain(r) for r in records])
        verdicts = self.kernel_verdicts
        return [replace(r, kernel=verdicts.get(r.key)) if r.key in verdicts else r for r in records]

    def gate(self, manifests: list[Manifest] | None = None) -> GateResult:
        """The gate's result on the manifests (loaded if not given)."""
        from claimcheck.claims.gate import finish, judge
        from claimcheck.claims.manifest import validate
        from claimcheck.claims.sources import check_sources

        manifests = manifests if manifests is not None else self.manifests(companion=False)
        ev = self.evidence(manifests)
        known = {f.name for f in ev.facts if f.status is not Status.MISSING and f.kind is not DeclKind.MODULE}
        validate(manifests, known_decls=known, witness_ids=None)
        citations = check_sources(manifests, self.project.sources_dir) if self.project.sources_dir else {}
        result = judge(manifests, ev, self.project.root, citations)
        return finish(result, self.project_problems(result, manifests))

    def project_problems(self, result: GateResult, manifests: list[Manifest]) -> list[Problem]:
        """Findings about the project as a whole: a stale ``formalization.yaml``, a build folder
        tracked by git."""
        from claimcheck.claims import formalization
        from claimcheck.model.evidence import Problem, ProblemCode, Severity

        problems: list[Problem] = []
        if self.project.lib_roots is not None:
            from claimcheck.lean.modules import discover

            for name, mod in sorted(discover(self.project.src_dir, exclude=(self.project.build_dir,)).items()):
                if name not in self.build.modules:
                    problems.append(Problem(
                        ProblemCode.MODULE_UNREACHABLE, Severity.WARNING,
                        f"module {name} is not imported from the library roots ({', '.join(self.project.lib_roots)}),"
                        " so it is not built and its declarations are not checked; import it from a root or remove it",
                        file=_relative(mod.path, self.project.root), line=1))
        tracked = tracked_build_files(self.project)
        if tracked:
            problems.append(Problem(
                ProblemCode.BUILD_FOLDER_TRACKED, Severity.WARNING,
                f"{len(tracked)} files under {_relative(self.project.build_dir, self.project.root)}/ are tracked by git"
                f" (e.g. {tracked[0]}); claimcheck never takes a committed output as current, but a committed"
                " build folder should be removed (`git rm -r --cached build`) and ignored"))
        path = self.project.root / formalization.FILE_NAME
        if path.exists():
            problems += formalization.problems(path, result, manifests, self.project)
        return problems


def _owner(key: tuple[str, Name]) -> tuple[str, Name]:
    """A compiler-generated auxiliary (``T_sat._proof_1``) as the user-facing declaration it belongs to."""
    from claimcheck.analysis.naming import user_facing

    module, name = key
    comps = name.components
    while comps and not user_facing(Name(comps)):
        comps = comps[:-1]
    return (module, Name(comps)) if comps else key


def _relative(path: Path, root: Path) -> str:
    try:
        return Path(os.path.relpath(Path(path).resolve(), root.resolve())).as_posix()
    except ValueError:
        return str(path)


def tracked_build_files(project: Project) -> list[str]:
    """Files under the build folder that git tracks (empty outside git)."""
    try:
        proc = subprocess.run(["git", "ls-files", "--", _relative(project.build_dir, project.root)],
                              cwd=project.root, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if proc.returncode != 0:
        return []
    return [line for line in proc.stdout.splitlines() if line.strip()]
