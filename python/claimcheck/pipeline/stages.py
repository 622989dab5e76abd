"""The pipeline's stages, each a function of its typed inputs returning model values.

build (:mod:`claimcheck.lean`) → environment (:mod:`claimcheck.olean`) → facts
(:mod:`claimcheck.analysis`: statuses, printed statements, lint; the independent kernel's verdicts,
:mod:`claimcheck.recheck`; where each declaration is; satisfiability witnesses) → evidence (the
companion's witnesses and instance cross-checks, in a process of its own,
:mod:`claimcheck.companion`) → gate (:mod:`claimcheck.claims`). The session
(:mod:`claimcheck.pipeline.session`) chains them lazily and reuses their results; each stage imports
the folder it runs when it runs: ``status`` on unchanged inputs loads none of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from claimcheck.cache import Store, reads_allowed
from claimcheck.lean.build import BuildReport
from claimcheck.lean.toolchain import Toolchain
from claimcheck.model.names import Name
from claimcheck.project import Project

if TYPE_CHECKING:  # the facts' model is imported where a stage makes or reads facts (issue 41: a
    # reused `status` reads one record and builds no model)
    from pathlib import Path

    from claimcheck.model.facts import DeclFacts, KernelVerdict, SourceRange, Status

    from claimcheck.model.evidence import Settings
    from claimcheck.pipeline.alongside import Alongside
    from claimcheck.progress import Progress
    from claimcheck.analysis.cross_check import InstanceTheorem
    from claimcheck.analysis.library import LibraryIndex
    from claimcheck.analysis.props import Requirement
    from claimcheck.analysis.satisfiable import Application
    from claimcheck.analysis.instance_rules import InstanceRules
    from claimcheck.claims.gate import Evidence
    from claimcheck.claims.manifest import Manifest
    from claimcheck.companion.protocol import Request, Response
    from claimcheck.sandbox import Kind
    from claimcheck.model.evidence import CompanionSandbox, GateResult, InstanceResult, Problem, WitnessOutcome
    from claimcheck.olean.reader import Environment
    from claimcheck.recheck.run import Checker

Key = tuple[str, Name]

# ---------------------------------------------------------------------------------------- build


def build(project: Project, toolchain: Toolchain, jobs: int | None, progress: Progress, *, run: bool = True,
          alongside: Alongside | None = None) -> tuple[BuildReport, Checker | None]:
    """The build's report (``run=False``: the current outputs, nothing built; a lake workspace
    through lake's plan) and the checking run the kernel's re-check ``alongside`` it began (None:
    none ran alongside)."""
    from claimcheck.lean.build import build as build_modules, current_outputs

    if project.is_lake:
        from claimcheck.lean.workspace_build import build_workspace

        return build_workspace(project, toolchain, jobs, progress, build=run), None
    if not run:
        return current_outputs(project, toolchain), None
    try:
        report = build_modules(project, toolchain, jobs=jobs, progress=progress,
                               on_ready=alongside.ready if alongside is not None else None)
    except BaseException:
        if alongside is not None:
            alongside.abandon()  # an interrupted or failed build: nothing waits for the re-check
        raise
    return report, alongside.finish() if alongside is not None else None


def alongside(env: Callable[[], Environment], toolchain: Toolchain, fuel: int | None, no_cache: bool,
              progress: Progress) -> Alongside:
    """The kernel's re-check of each module as the build finishes it (:mod:`.alongside`); ``env()``
    is the session's environment, read once the first module is ready, and the verdict store is
    opened with the first module compiled."""
    from claimcheck.pipeline.alongside import Alongside

    return Alongside(env, [toolchain.lib_dir], lambda: verdict_store(no_cache), fuel, progress)


# ---------------------------------------------------------------------------------------- facts


def library(toolchain: Toolchain, reads: bool = True, progress: Callable[[str], None] | None = None) -> LibraryIndex:
    """The index of the toolchain's library, kept by its content (``reads=False``: computed)."""
    from claimcheck.analysis.library import library_index

    return library_index(toolchain.lib_dir, reads, progress)


def environment(project: Project, toolchain: Toolchain, library: LibraryIndex | None = None) -> Environment:
    """The built ``.olean`` files with the toolchain's library folders (the trusted core, searched
    first), the library's modules read only as their constants are asked for (``library``'s catalog)."""
    from claimcheck.analysis.statuses import open_environment

    return open_environment([project.olean_dir, *project.dependency_dirs()], [toolchain.lib_dir], library)


def verdict_store(no_cache: bool) -> Store:
    """The kernel's verdict store in the user's cache (read unless ``no_cache`` or under CI)."""
    from claimcheck.recheck.run import STORE_NAMESPACE

    return Store(STORE_NAMESPACE, enabled=reads_allowed(no_cache))


def kernel_verdicts(env: Environment, modules: Sequence[str], toolchain: Toolchain, fuel: int, no_cache: bool,
                    progress: Callable[[str], None], trusted: Sequence[Path] = (),
                    checker: Checker | None = None) -> dict[Key, KernelVerdict]:
    """The independent kernel's verdict on every constant of ``modules`` (``trusted``: the output
    folders of required packages whose theorems are admitted as stated; ``checker``: the checking
    run begun alongside the build, whose units are not checked again)."""
    from claimcheck.recheck.run import project_verdicts

    verdicts, _result = project_verdicts(env, modules, [toolchain.lib_dir], verdict_store(no_cache), fuel, progress,
                                         trusted, checker)
    return verdicts


def ran_out_of_fuel(verdicts: Mapping[Key, KernelVerdict]) -> bool:
    from claimcheck.model.facts import DeclineCode

    return any(v.code is DeclineCode.OUT_OF_FUEL for v in verdicts.values())


def declaration_facts(env: Environment, project: Project, build: BuildReport, toolchain: Toolchain,
                      library: LibraryIndex, *, decls: Sequence[Name] | None = None, include_all: bool = False,
                      only: Collection[str] | None = None) -> list[DeclFacts]:
    """The facts of the declarations ``decls``, or of every user-facing declaration of the modules
    ``only`` (with the records of the modules that did not build)."""
    from claimcheck.analysis.statuses import declaration_facts as facts

    return facts(env, list(build.modules), [toolchain.lib_dir], allowed_axioms=project.allowed_axioms,
                 failed_modules=build.failed_modules(), decls=list(decls) if decls is not None else None,
                 include_all=include_all, library=library, only=only,
                 sources={m: r.source for m, r in build.modules.items()} if only is not None else None,
                 packages=package_folders(project), module_notes=module_notes(build),
                 dependency_failed={m: p for dep in build.packages.values() for m, p in dep.failed_modules().items()})


def package_folders(project: Project) -> dict[Path, str]:
    """The output folder of each required package of the workspace, with the package's name."""
    if project.workspace is None:
        return {}
    return {p.olean_dir.resolve(): p.name for p in project.workspace.dependencies}


def module_notes(build: BuildReport) -> dict[str, tuple[Status, str]]:
    """The status of the declarations of each module that has no current outputs (``stale`` when they
    were not read: not built, or built from another source; ``failed`` otherwise), and why, in the
    build's own words."""
    from claimcheck.model.facts import Status

    states = build.module_states()
    failed = set(build.failed_modules()).union(*(d.failed_modules() for d in build.packages.values()))
    return {n: (Status.STALE if r.status in ("not-built", "stale") or (r.status == "blocked" and not r.messages
                                                                      and _stale_below(build, n)) else Status.FAILED,
                r.first_error())
            for n, r in states.items() if n in failed}


def _stale_below(build: BuildReport, module: str) -> bool:
    """Whether a blocked module is blocked only by modules that are not built or stale (the outputs
    were not read, nothing failed)."""
    states = build.module_states()
    seen: set[str] = set()
    todo = [module]
    while todo:
        m = todo.pop()
        if m in seen or m not in states:
            continue
        seen.add(m)
        r = states[m]
        if r.status == "failed":
            return False
        if r.status == "blocked":
            if r.blocked_by is None or r.blocked_by not in states:
                return False
            todo.append(r.blocked_by)
    return True


def by_module(records: Iterable[DeclFacts]) -> tuple[list[DeclFacts], dict[str, list[DeclFacts]]]:
    """The records of modules that did not build, and the others by module."""
    from claimcheck.model.facts import DeclKind

    failed: list[DeclFacts] = []
    out: dict[str, list[DeclFacts]] = {}
    for r in records:
        if r.kind is DeclKind.MODULE:
            failed.append(r)
        else:
            out.setdefault(r.module, []).append(r)
    return failed, out


def source_ranges(project: Project, build: BuildReport, modules: Iterable[str]) -> dict[Key, SourceRange]:
    from claimcheck.lean.ilean import read_ranges

    return read_ranges(project.olean_dir, {m: build.modules[m].source for m in modules}, project.root)


def with_verdicts(records: Iterable[DeclFacts], verdicts: Mapping[Key, KernelVerdict],
                  ranges: Mapping[Key, SourceRange] | None = None) -> list[DeclFacts]:
    """The records with their kernel verdicts (and, given ``ranges``, their locations)."""
    if ranges is None:
        return [replace(r, kernel=verdicts[r.key]) if r.key in verdicts else r for r in records]
    return [replace(r, kernel=verdicts.get(r.key), location=ranges.get(r.key)) for r in records]


def wanting_witnesses(records: Iterable[DeclFacts], project_modules: Collection[str]) -> list[Key]:
    """The project declarations with hypotheses: each needs a satisfiability witness."""
    from claimcheck.model.facts import Status

    return [r.key for r in records if r.hypotheses and r.status is not Status.MISSING and r.module in project_modules]


def witnesses(env: Environment, modules: Sequence[str], wanted: list[Key], records: list[DeclFacts],
              verdicts: Mapping[Key, KernelVerdict], applications: Callable[[str], list[tuple[Name, list[Application]]]],
              arities: Callable[[str, list[Name]], dict[Name, tuple[Requirement, ...]]]
              ) -> dict[Key, tuple[Name, ...]]:
    """The satisfiability witnesses shown for each of ``wanted``, together meeting every requirement
    (:mod:`claimcheck.analysis.satisfiable`)."""
    from claimcheck.analysis.satisfiable import choose_witnesses, find_witnesses

    return choose_witnesses(find_witnesses(env, modules, wanted, applications, arities), records, verdicts)


def with_witnesses(records: Iterable[DeclFacts], chosen: Mapping[Key, tuple[Name, ...]]) -> list[DeclFacts]:
    return [replace(r, satisfiable_by=chosen[r.key][0], satisfiable_also=chosen[r.key][1:])
            if r.key in chosen and chosen[r.key] else r for r in records]


def applications(env: Environment, module: str, is_project: Callable[[str], bool]
                 ) -> list[tuple[Name, list[Application]]]:
    from claimcheck.analysis.satisfiable import closed_applications

    return closed_applications(env, module, is_project)


def arities(env: Environment, module: str, names: list[Name], is_core_module: Callable[[str], bool]
            ) -> dict[Name, tuple[Requirement, ...]]:
    from claimcheck.analysis.satisfiable import hypothesis_arities

    return hypothesis_arities(env, module, names, is_core_module)


def is_core_module(env: Environment, toolchain: Toolchain, module: str) -> bool:
    """Whether ``module`` is read from the toolchain's library folder."""
    folder = env.module_folder(module)
    return folder is not None and folder.resolve() == toolchain.lib_dir.resolve()


def instance_rules(env: Environment, is_core: Callable[[str], bool], module: str,
                   resolutions: dict | None = None) -> InstanceRules:
    """The instance rules as ``module`` sees its constants (``is_core``: a library module;
    ``resolutions``: the run's resolutions over the library, shared by its modules)."""
    from claimcheck.analysis.instance_rules import InstanceRules
    from claimcheck.analysis.scope import ProjectScope

    return InstanceRules(ProjectScope(env, is_core, module), resolutions=resolutions)


# ------------------------------------------------------------------------------------ companion


def companion_source(project: Project) -> str | None:
    """The digest of the companion's code (None: not found)."""
    from claimcheck.companion.client import companion_digest

    return companion_digest([*project.witness_modules, *project.semantics_modules], project.root)


def sandbox(unsandboxed: bool) -> Kind | None:
    """How companion code runs here (:func:`claimcheck.companion.client.sandbox_mode`): the sandbox
    kind (``none`` when the user asked to run it without one), None when it does not run."""
    from claimcheck.companion.client import sandbox_mode

    return sandbox_mode(unsandboxed)


def companion_sandbox(project: Project, mode: Kind | None) -> CompanionSandbox | None:
    """How the project's companion code runs, as every output says it (None: the project has none)."""
    from claimcheck.model.evidence import CompanionSandbox

    if not (project.witness_modules or project.semantics_modules):
        return None
    if mode is None:
        return CompanionSandbox.NOT_RUN
    return CompanionSandbox.UNSANDBOXED if str(mode) == "none" else CompanionSandbox(str(mode))


def _run(project: Project, request: Request, mode: Kind) -> Response:
    from claimcheck.companion import client

    return client.run(request, project.root, timeout=project.companion_timeout, mode=mode)


def witness_ids(project: Project, mode: Kind) -> list[str]:
    """The witness ids the companion registers (companion code runs, in ``mode``'s sandbox)."""
    from claimcheck.companion.protocol import Request

    return _run(project, Request(list(project.witness_modules), []), mode).witness_ids


def run_witnesses(project: Project, ids: list[str], mode: Kind) -> dict[str, WitnessOutcome]:
    """The witnesses ``ids``' results (companion code runs, in ``mode``'s sandbox); the details with
    their keys sorted, as a record reads them back."""
    from claimcheck.companion.protocol import Request
    from claimcheck.model.evidence import WitnessOutcome

    response = _run(project, Request(list(project.witness_modules), [], ids), mode)
    return {w.id: WitnessOutcome(w.id, w.ok, w.summary, json.loads(json.dumps(w.details, sort_keys=True)))
            for w in response.witnesses}


def instance_theorems(env: Environment, facts: list[DeclFacts], rules: Callable[[str], InstanceRules],
                      decided: Callable[[str], Collection[Name]] | None = None) -> list[InstanceTheorem]:
    from claimcheck.analysis.cross_check import instance_theorems as theorems

    return theorems(env, facts, rules, decided)


def decided_theorems(env: Environment, module: str, facts: list[DeclFacts]) -> list[Name]:
    """The theorems among ``facts`` of ``module`` proved by decisions (their proofs read)."""
    from claimcheck.analysis.cross_check import decided_theorems as decided

    return decided(env, module, facts)


def cross_check(project: Project, theorems: list[InstanceTheorem], mode: Kind) -> dict[Key, InstanceResult]:
    """The instance theorems' cross-checks (companion code runs, in ``mode``'s sandbox)."""
    from claimcheck.companion import client
    from claimcheck.companion.protocol import Request

    requests, table = client.instance_requests(theorems)
    response = _run(project, Request([], list(project.semantics_modules), [], requests, table), mode)
    return client.instance_results(theorems, response.instances)


def not_cross_checked(facts: Iterable[DeclFacts], why: str) -> dict[Key, InstanceResult]:
    """Results for instance theorems the companion did not cross-check (``why``, in words)."""
    from claimcheck.model.evidence import InstanceOutcome, InstanceResult

    return {f.key: InstanceResult(f.name, f.statement or "", "", "", InstanceOutcome.NOT_CROSS_CHECKED,
                                  f"not cross-checked: {why}") for f in facts}



# -------------------------------------------------------------------------------- claims, gate


def load_manifests(project: Project, witness_ids: Callable[[list[Manifest]], list[str] | None] | None
                   ) -> list[Manifest]:
    """The manifests, loaded and checked (``witness_ids``: the companion's, None: not checked)."""
    from claimcheck.claims.manifest import load_manifests as load, validate
    from claimcheck.claims.sources import check_sources

    manifests = load(project.manifests_dir, project.root)
    validate(manifests, known_decls=None, witness_ids=witness_ids(manifests) if witness_ids else None)
    if project.sources_dir is not None:
        check_sources(manifests, project.sources_dir)
    return manifests


#: ``validate`` reads the names of a required package's built modules up to this many modules.
MAX_VALIDATED_PACKAGE_MODULES = 2000


def check_names(project: Project, manifests: list[Manifest], toolchain: Callable[[], Toolchain]) -> list[str]:
    """The manifests' declaration names against the last build (no build, no toolchain install:
    ``toolchain`` finds an installed one or raises); what could not be checked, in words."""
    from claimcheck.claims.names import built_names, check_names as check
    from claimcheck.errors import ClaimcheckError, OleanError

    built = built_names(project.olean_dir)
    if isinstance(built, str):
        return [built]
    notes = []
    # the declarations of a workspace's required packages are known too (as check knows them)
    packages: set[Name] = set()
    known_all = True
    for folder in project.dependency_dirs():
        count = sum(1 for _ in folder.rglob("*.olean")) if folder.is_dir() else 0
        if count > MAX_VALIDATED_PACKAGE_MODULES:  # Mathlib: reading every module would take minutes
            known_all = False
            notes.append(f"declarations of the package built in {project.relative(folder)} not checked ({count} "
                         "modules); `check` knows them")
            continue
        got = built_names(folder)
        if isinstance(got, str):
            notes.append(f"declarations of the package built in {project.relative(folder)}: {got}")
        else:
            packages |= got
    try:
        declared = library(toolchain()).declared
        known: Container[Name] | None = _Either(declared, packages) if packages else declared
    except OleanError:
        raise
    except ClaimcheckError:
        known = None
        notes.append("library declaration names (`role: library`) not checked: no toolchain installed")
    if not known_all:
        return notes  # a name of that package cannot be told from a typo: leave it to `check`
    check(manifests, built | packages, known)
    return notes


class _Either:
    """Names declared in the library's catalog or in one of the workspace's packages."""

    def __init__(self, first: Container[Name], second: Container[Name]) -> None:
        self.first, self.second = first, second

    def __contains__(self, name: object) -> bool:
        return name in self.first or name in self.second

    def __iter__(self) -> Iterator[Name]:
        for names in (self.first, self.second):
            yield from names if isinstance(names, Iterable) else ()


def check_witness_ids(manifests: list[Manifest], ids: list[str] | None) -> None:
    """Every witness a manifest names is among ``ids`` (the companion's; None: not checked)."""
    from claimcheck.claims.manifest import validate

    validate(manifests, known_decls=None, witness_ids=ids)


def claim_witnesses(manifests: list[Manifest]) -> list[str]:
    """Every witness id the manifests name."""
    return sorted({w for m in manifests for c in m.claims for w in c.witnesses})


def named_decls(manifests: list[Manifest], facts: list[DeclFacts]) -> list[Name]:
    """The declarations the manifests name that are not among ``facts``."""
    have = {f.name.user_facing for f in facts}
    return sorted({f.decl for m in manifests for c in m.claims for f in c.formal or []} - have, key=str)


def evidence(project: Project, build: BuildReport, toolchain: Toolchain, facts: list[DeclFacts],
             witnesses: dict[str, WitnessOutcome], instances: dict[Key, InstanceResult],
             warnings: Sequence["Problem"] = (), companion: CompanionSandbox | None = None) -> Evidence:
    """Everything the verdicts are computed from (``companion``: how companion code ran)."""
    from claimcheck.claims.gate import Evidence
    from claimcheck.model.build_state import ModuleState
    from claimcheck.model.evidence import BuildSummary, ModuleResult, ToolchainInfo

    from claimcheck.lean.build import NOT_CURRENT

    modules = [ModuleResult(r.name, ModuleState(r.status), r.first_error() if r.status in NOT_CURRENT else None,
                            project.relative(r.source), r.package)
               for report in (*build.packages.values(), build) for r in report.modules.values()]
    settings = replace(project_settings(project), companion=companion)
    return Evidence(
        facts=facts, build=BuildSummary(build.ok, modules, list(build.missing), list(warnings)),
        toolchain=ToolchainInfo(toolchain.kind, toolchain.version),
        settings=settings, project_modules=frozenset(build.modules), witnesses=witnesses, instances=instances,
        failed_sources={m: project.relative(p) for m, p in build.failed_modules().items()})


def native_fidelity(env: Environment, project: Project, toolchain: Toolchain, module: str, source: Path
                    ) -> list["Problem"]:
    """The definitions of ``module`` (built by the wasm toolchain) that a native ``lake build``
    refuses for want of ``noncomputable``, each a warning at its line
    (:mod:`claimcheck.analysis.fidelity`)."""
    from claimcheck.analysis.fidelity import native_fidelity_messages
    from claimcheck.errors import ClaimcheckError
    from claimcheck.model.evidence import Problem, ProblemCode, Severity

    library = toolchain.lib_dir.resolve()

    def is_library(m: str) -> bool:
        folder = env.module_folder(m)
        return folder is not None and folder.resolve() == library

    ilean = project.olean_dir.joinpath(*module.split(".")).with_suffix(".ilean")
    try:
        found = native_fidelity_messages(env, module, source, ilean, is_library)
    except (ClaimcheckError, RecursionError, KeyError, ValueError) as exc:  # a warning that cannot be computed
        return [Problem(ProblemCode.NATIVE_BUILD_FAILS, Severity.NOTICE, f"module {module}: whether a native `lake "
                        f"build` accepts its definitions was not checked ({type(exc).__name__}: {exc})",
                        file=project.relative(source))]
    return [Problem(ProblemCode.NATIVE_BUILD_FAILS, Severity.WARNING, text, file=project.relative(source), line=line)
            for line, _column, text in found]


def project_settings(project: Project) -> "Settings":
    """The project settings a verdict depends on, as every output shows them."""
    from claimcheck.model.evidence import Settings

    deps = [p.describe(project.root) for p in project.workspace.dependencies] if project.workspace is not None else []
    return Settings(allowed_axioms=sorted(project.allowed_axioms, key=str), kernel_required=project.kernel_required,
                    kernel_fuel=project.kernel_fuel, strict_instances=project.strict_instances,
                    sources_checked=project.sources_dir is not None, dependencies=deps,
                    kernel_dependencies=project.kernel_dependencies)


def judge(project: Project, manifests: list[Manifest], ev: Evidence,
          problems: Callable[[GateResult], list[Problem]]) -> GateResult:
    """The gate's result on ``manifests`` and the evidence, with the project-level ``problems``."""
    from claimcheck.claims.gate import finish, judge as verdicts
    from claimcheck.claims.manifest import validate
    from claimcheck.claims.sources import check_sources
    from claimcheck.model.facts import DeclKind, Status

    known = {f.name.user_facing for f in ev.facts if f.status is not Status.MISSING and f.kind is not DeclKind.MODULE}
    validate(manifests, known_decls=known, witness_ids=None)
    citations = check_sources(manifests, project.sources_dir) if project.sources_dir else {}
    result = verdicts(manifests, ev, project.root, citations)
    return finish(result, problems(result))


def project_problems(project: Project, build: BuildReport, result: GateResult, manifests: list[Manifest],
                     tracked_build_files: list[str]) -> list[Problem]:
    from claimcheck.claims.project_checks import project_problems as problems

    return problems(project, build.modules, result, manifests, tracked_build_files)
