"""One pipeline, which every command uses: build → environment → facts → kernel → evidence → gate.

A :class:`Session` is made for one project and one command run. Each stage
(:mod:`claimcheck.pipeline.stages`) runs at most once and only when a later stage (or the command)
asks for it: ``status`` needs the facts, ``check`` the gate's result, ``export`` the environment.
Each stage's result is reused from the user's cache under a key of everything it depends on
(:mod:`claimcheck.pipeline.keys`), as a typed record (:mod:`claimcheck.pipeline.records`).

Errors are exceptions (:class:`~claimcheck.errors.ClaimcheckError`); the CLI turns them into exit
codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING, Callable

from claimcheck.cache import reads_allowed
from claimcheck.lean.build import BuildReport
from claimcheck.lean.toolchain import Toolchain, resolve_toolchain
from claimcheck.model.names import Name
from claimcheck.pipeline import stages
from claimcheck.pipeline.keys import Keys, manifests_checked_key
from claimcheck.pipeline.options import Options
from claimcheck.pipeline.records import FACTS, PROJECT, Records
from claimcheck.progress import Progress
from claimcheck.project import Project

if TYPE_CHECKING:
    from claimcheck.model.evidence import CompanionSandbox, InstanceResult
    from claimcheck.model.facts import DeclFacts, KernelVerdict
    from claimcheck.pipeline.companion_runs import CompanionRuns
    from claimcheck.pipeline.alongside import Alongside
    from claimcheck.recheck.run import Checker
    from claimcheck.analysis.library import LibraryIndex
    from claimcheck.analysis.props import Requirement
    from claimcheck.analysis.satisfiable import Application
    from claimcheck.analysis.instance_rules import InstanceRules
    from claimcheck.claims.gate import Evidence
    from claimcheck.claims.manifest import Manifest
    from claimcheck.model.evidence import GateResult, Problem
    from claimcheck.olean.reader import Environment, ModuleReads

__all__ = ["Session", "Options"]

Key = tuple[str, Name]


@dataclass
class Session:
    """The pipeline for one project and one command (see the module docstring)."""

    project: Project
    progress: Progress = field(default_factory=Progress)
    options: Options = field(default_factory=Options)

    # ------------------------------------------------------------------ build, environment

    @cached_property
    def toolchain(self) -> Toolchain:
        return resolve_toolchain(self.project.root, install=self.options.install, progress=self.progress)

    @cached_property
    def build(self) -> BuildReport:
        run = self.options.build
        report, checker = stages.build(self.project, self.toolchain, self.options.jobs, self.progress, run=run,
                                       alongside=self._alongside if run and not self.project.is_lake else None)
        if checker is not None:
            self._checker = checker
        return report

    @cached_property
    def _alongside(self) -> Alongside | None:
        """The kernel's re-check of each module as the build finishes it (:mod:`.alongside`)."""
        if not self.options.kernel or not self.options.kernel_alongside:
            return None
        return stages.alongside(lambda: self.environment, self.toolchain, self.project.kernel_fuel,
                                self.options.no_cache, self.progress)

    #: the checking run the project's re-check continues (filled alongside the build)
    _checker: Checker | None = field(default=None, init=False, repr=False)

    @cached_property
    def library(self) -> LibraryIndex:
        """The toolchain library's index (read once per toolchain, kept by its content)."""
        return stages.library(self.toolchain, reads=not self.options.no_cache, progress=self.progress.line)

    @cached_property
    def environment(self) -> Environment:
        return stages.environment(self.project, self.toolchain, self.library)

    @property
    def modules_read(self) -> ModuleReads:
        """How many modules this run has read from disk (none until a stage needs the environment)."""
        from claimcheck.olean.reader import ModuleReads

        env = self.__dict__.get("environment")
        return env.reads if env is not None else ModuleReads()

    @property
    def built_modules(self) -> list[str]:
        failed = self.build.failed_modules()
        return [m for m in self.build.modules if m not in failed]

    def _core_module(self, module: str) -> bool:
        got = self._core_modules.get(module)
        if got is None:
            got = self._core_modules[module] = stages.is_core_module(self.environment, self.toolchain, module)
        return got

    #: which modules are the toolchain's library, as asked in this session (each resolves paths)
    _core_modules: dict[str, bool] = field(default_factory=dict, init=False, repr=False)

    #: the instance rules of each module read in this session
    _instance_rules: dict[str, InstanceRules] = field(default_factory=dict, init=False, repr=False)
    #: resolutions over the library, shared by the modules that see the same library modules
    _resolutions: dict = field(default_factory=dict, init=False, repr=False)

    def instance_rules(self, module: str) -> InstanceRules:
        """The instance rules as ``module`` sees its constants (one per module and session)."""
        if module not in self._instance_rules:
            self._instance_rules[module] = stages.instance_rules(self.environment, self._core_module, module,
                                                                 self._resolutions)
        return self._instance_rules[module]

    # ------------------------------------------------------------------ reuse

    @cached_property
    def keys(self) -> Keys:
        return Keys(self.project, self.toolchain.identity, self.build, self.options)

    @cached_property
    def records(self) -> Records:
        return Records(enabled=reads_allowed(self.options.no_cache))

    # ------------------------------------------------------------------ facts

    @cached_property
    def kernel_verdicts(self) -> dict[Key, KernelVerdict]:
        """The independent kernel's verdict on every constant of the built modules (kept unless a
        check ran out of fuel)."""
        return self._kernel_verdicts(reuse=True)

    def _kernel_verdicts(self, reuse: bool) -> dict[Key, KernelVerdict]:
        from claimcheck.model.facts import KernelVerdict

        if not self.options.kernel:
            return {}

        def compute() -> dict[Key, KernelVerdict]:
            return stages.kernel_verdicts(
                self.environment, self.built_modules, self.toolchain, self.project.kernel_fuel, self.options.no_cache,
                self.progress.line, self.project.dependency_dirs() if self.project.kernel_dependencies == "trust" else (),
                self._checker)

        return self.records.reuse(PROJECT, self.keys.kernel, dict[Key, KernelVerdict], compute,
                                  keep=lambda verdicts: not stages.ran_out_of_fuel(verdicts), read=reuse)

    @cached_property
    def facts(self) -> list[DeclFacts]:
        """The facts of every listed declaration (the options' ``decls``, or every user-facing
        declaration of the project), with kernel verdicts, locations and satisfiability witnesses;
        the project's whole list is reused as one record (a no-op ``check`` reads it alone)."""
        from claimcheck.model.facts import DeclFacts

        self.progress.line("reading proof status")
        if self.options.decls is not None:
            return self._completed(stages.declaration_facts(
                self.environment, self.project, self.build, self.toolchain, self.library, decls=self.options.decls,
                include_all=self.options.include_all))
        return self.records.reuse(PROJECT, self.keys.facts(), list[DeclFacts],
                                  lambda: self._completed(self._module_facts()),
                                  keep=lambda _facts: not stages.ran_out_of_fuel(self.kernel_verdicts))

    def _completed(self, records: list[DeclFacts]) -> list[DeclFacts]:
        """``records`` with their kernel verdicts, locations and satisfiability witnesses."""
        from claimcheck.model.facts import DeclKind

        verdicts = self.kernel_verdicts
        built = set(self.built_modules)
        if self.options.kernel and any(r.key not in verdicts for r in records
                                       if r.module in built and r.kind is not DeclKind.MODULE):
            # reused verdicts that lack one a cold run computes are no reuse (issue 37)
            verdicts = self.__dict__["kernel_verdicts"] = self._kernel_verdicts(reuse=False)
        ranges = stages.source_ranges(self.project, self.build, self.built_modules)
        return self._with_witnesses(stages.with_verdicts(records, verdicts, ranges))

    def rendered_facts(self, fmt: str, render: Callable[[list[DeclFacts]], str]) -> tuple[str, bool]:
        """``render(self.facts)`` and whether a listed declaration is missing, reused whole under the
        facts' key and the format ``fmt``: `status` on unchanged inputs reads one record (the text is
        the same either way: fuel is counted, not timed)."""
        def compute() -> tuple[str, bool]:
            from claimcheck.model.facts import Status

            return render(self.facts), any(r.status is Status.MISSING for r in self.facts)

        return self.records.reuse(PROJECT, self.keys.rendered(fmt), tuple[str, bool], compute)

    def _module_facts(self) -> list[DeclFacts]:
        """Every built module's records, reused per module under its key; the rest computed in one
        analysis over the whole project."""
        from claimcheck.model.facts import DeclFacts

        def of_module(module: str) -> Callable[[list[DeclFacts]], bool]:
            return lambda got: all(r.module == module for r in got)

        have = {m: self.records.get(FACTS, self.keys.module(m), list[DeclFacts], valid=of_module(m))
                for m in self.built_modules}
        todo = [m for m, got in have.items() if got is None]
        failed: list[DeclFacts] = []
        if todo or self.build.failed_modules():
            failed, computed = stages.by_module(stages.declaration_facts(
                self.environment, self.project, self.build, self.toolchain, self.library,
                include_all=self.options.include_all, only=set(todo)))
            for m in todo:
                have[m] = computed.get(m, [])
                self.records.put(FACTS, self.keys.module(m), have[m])
        return failed + [r for m in self.built_modules for r in have[m] or []]

    def _with_witnesses(self, records: list[DeclFacts]) -> list[DeclFacts]:
        wanted = stages.wanting_witnesses(records, self.build.modules)
        if not wanted:
            return records
        chosen = self.records.reuse(PROJECT, self.keys.witnesses(wanted), dict[Key, tuple[Name, ...]], lambda: stages.witnesses(
            self.environment, self.built_modules, wanted, records, self.kernel_verdicts, self._applications,
            self._arities))
        return stages.with_witnesses(records, chosen)

    def _applications(self, module: str) -> list[tuple[Name, list[Application]]]:
        """What the witness search reads of ``module`` (it depends on the module and its imports only)."""
        return self.records.reuse(FACTS, self.keys.applications(module),
                                  list[tuple[Name, list[tuple[str, Name, tuple[tuple[int, int], ...], int]]]],
                                  lambda: stages.applications(self.environment, module, lambda m: not self._core_module(m)))

    def _arities(self, module: str, names: list[Name]) -> dict[Name, tuple[Requirement, ...]]:
        return self.records.reuse(FACTS, self.keys.arities(module, names),
                                  dict[Name, tuple[tuple[tuple[tuple[int, int], ...], int], ...]],
                                  lambda: stages.arities(self.environment, module, names, self._core_module))

    # ------------------------------------------------------------------ manifests and evidence

    def manifests(self, companion: bool = True) -> list[Manifest]:
        """The manifests, loaded and checked before anything is built (a typo costs a second);
        ``companion=False`` leaves the witness ids unchecked (no companion code runs)."""
        return stages.load_manifests(self.project, self.witness_ids if companion else None)

    def check_names_against_last_build(self, manifests: list[Manifest]) -> list[str]:
        """The manifests' declaration names against the last build's ``.olean`` files (no build, no
        toolchain install); what could not be checked, in words. A name that is not there is a
        :class:`~claimcheck.errors.ManifestError` with its file and line."""
        return stages.check_names(self.project, manifests,
                                  lambda: resolve_toolchain(self.project.root, install=False, progress=self.progress))

    @cached_property
    def companion(self) -> CompanionRuns:
        """The runs of the project's companion code (witnesses, instance cross-checks) and their reuse."""
        from claimcheck.pipeline.companion_runs import CompanionRuns

        return CompanionRuns(self.project, self.records, self.progress, self.options.unsandboxed_companion)

    def companion_sandbox(self) -> CompanionSandbox | None:
        """How the project's companion code runs, as every output says it (None: it has none)."""
        return self.companion.companion_sandbox()

    def witness_ids(self, manifests: list[Manifest]) -> list[str] | None:
        """The witness ids the companion registers (see :meth:`CompanionRuns.witness_ids`)."""
        return self.companion.witness_ids(manifests)

    @cached_property
    def _instance_results(self) -> dict[Key, InstanceResult]:
        """The instance cross-checks of the facts (see :meth:`CompanionRuns.instance_results`)."""
        return self.companion.instance_results(lambda: self.environment, self.facts, self.instance_rules, self.keys)

    def evidence(self, manifests: list[Manifest]) -> Evidence:
        """Everything the verdicts are computed from. Companion code (witness modules, instance
        semantics) runs only now, after every Lean fact of the run is read."""
        facts = self.facts
        extra = self._manifest_decls(manifests, facts)
        stages.check_witness_ids(manifests, self.witness_ids(manifests))
        witnesses = self.companion.witness_results(stages.claim_witnesses(manifests))
        return stages.evidence(self.project, self.build, self.toolchain, facts + extra, witnesses,
                               self._instance_results, self.native_fidelity, self.companion_sandbox())

    @cached_property
    def native_fidelity(self) -> list[Problem]:
        """The definitions of the project's modules that the wasm build accepts and a native ``lake
        build`` refuses (each a warning at its line); none on a native toolchain, which reports them
        itself. Reused per module under its facts' key."""
        from claimcheck.model.evidence import Problem

        if self.toolchain.kind != "wasm":
            return []
        return [p for m in self.built_modules
                for p in self.records.reuse(FACTS, self.keys.fidelity(m), list[Problem], partial(self._fidelity, m))]

    def _fidelity(self, module: str) -> list[Problem]:
        return stages.native_fidelity(self.environment, self.project, self.toolchain, module,
                                      self.build.modules[module].source)

    def _manifest_decls(self, manifests: list[Manifest], facts: list[DeclFacts]) -> list[DeclFacts]:
        """Facts of the declarations the manifests name that are not among the project's listed ones
        (library declarations, auxiliaries)."""
        from claimcheck.model.facts import DeclFacts

        wanted = stages.named_decls(manifests, facts)
        if not wanted:
            return []
        records = self.records.reuse(PROJECT, self.keys.named(wanted), list[DeclFacts], lambda: stages.declaration_facts(
            self.environment, self.project, self.build, self.toolchain, self.library, decls=wanted),
            valid=lambda got: set(wanted) <= {r.name for r in got})
        return stages.with_verdicts(records, self.kernel_verdicts)

    def gate(self, manifests: list[Manifest] | None = None) -> GateResult:
        """The gate's result on the manifests (loaded if not given)."""
        manifests = manifests if manifests is not None else self.manifests(companion=False)
        return stages.judge(self.project, manifests, self.evidence(manifests),
                            lambda result: self.project_problems(result, manifests))

    def rendered_gate(self, fmt: str, render: Callable[[GateResult], str]) -> tuple[str, bool]:
        """``render`` of the gate's result on the manifests, and its verdict, reused whole under a key
        of everything the gate reads (:meth:`Keys.gate`, :mod:`.gate_inputs`): a ``check`` on
        unchanged inputs parses no manifest, decodes no facts and runs no gate. ``render`` must not
        show when the result was made (it is reused as it was). The manifests are checked before
        the build, as :meth:`gate`'s callers do (a typo costs a second, not a build), unless these
        same bytes were checked by this claimcheck before (the gate, when it runs, checks them
        again)."""
        from claimcheck.pipeline.gate_inputs import gate_inputs

        inputs = gate_inputs(self.project, self.tracked_build_files)
        checked = manifests_checked_key(inputs.manifests)
        if self.records.get(PROJECT, checked, str) != "checked":
            self.manifests(companion=False)
            self.records.put(PROJECT, checked, "checked")
        companion = self.companion.key_part()
        key = self.keys.gate(fmt, inputs.manifests, inputs.rest, companion,
                             f"{self.toolchain.kind}\0{self.toolchain.version}")

        def compute() -> tuple[str, bool]:
            result = self.gate(self.manifests(companion=False))
            return render(result), result.ok

        return self.records.reuse(PROJECT, key, tuple[str, bool], compute)

    @cached_property
    def tracked_build_files(self) -> list[str]:
        """The build folder's files git tracks (asked of git once a run: the gate's key and its
        project-level findings both read them)."""
        return self.project.tracked_build_files()

    def project_problems(self, result: GateResult, manifests: list[Manifest]) -> list[Problem]:
        """Findings about the project as a whole: an unreachable module, a build folder tracked by
        git, a stale ``formalization.yaml``."""
        return stages.project_problems(self.project, self.build, result, manifests, self.tracked_build_files)
