"""The evidence stage's runs of the project's companion code: its witness ids, its witnesses'
results and the instance cross-checks, each reused from the user's cache under the companion's
source and sandbox (:func:`claimcheck.pipeline.keys.companion_key`), each computed by a stage of
:mod:`claimcheck.pipeline.stages` in a process of its own. One :class:`CompanionRuns` per session:
a second gate of the session asks the companion for nothing."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Callable

from claimcheck.model.evidence import CompanionSandbox, InstanceResult, WitnessOutcome
from claimcheck.model.facts import DeclFacts, DeclKind
from claimcheck.model.names import Name
from claimcheck.pipeline import stages
from claimcheck.pipeline.keys import Keys, companion_key
from claimcheck.pipeline.records import COMPANION, FACTS, PROJECT, Records
from claimcheck.progress import Progress
from claimcheck.project import Project

if TYPE_CHECKING:
    from claimcheck.analysis.instance_rules import InstanceRules
    from claimcheck.claims.manifest import Manifest
    from claimcheck.olean.reader import Environment

__all__ = ["CompanionRuns"]

Key = tuple[str, Name]


@dataclass
class CompanionRuns:
    """The companion's runs for one project and session (``unsandboxed``: the user's
    ``--unsandboxed-companion``)."""

    project: Project
    records: Records
    progress: Progress
    unsandboxed: bool = False
    #: the witnesses' results of this session
    _witnesses: dict[str, WitnessOutcome] = field(default_factory=dict, init=False, repr=False)

    @cached_property
    def _source(self) -> str | None:
        return stages.companion_source(self.project)

    @cached_property
    def sandbox(self):
        """The sandbox companion code runs in here (``none``: none, at the user's request); None:
        there is none and nobody asked to run it without one, so it does not run."""
        return stages.sandbox(self.unsandboxed)

    def companion_sandbox(self) -> CompanionSandbox | None:
        """How the project's companion code runs, as every output says it (None: it has none)."""
        return stages.companion_sandbox(self.project, self.sandbox)

    def _key(self, *parts: object) -> str | None:
        return companion_key(self.project, self._source, self.sandbox, *parts)

    def key_part(self) -> str:
        """What every result of the companion here depends on, for the key of a result built on
        them: its source and sandbox (whether it runs at all), its modules and timeout."""
        return "\0".join(map(str, (self._key("results"), self._source, self.sandbox, self.project.companion_timeout,
                                    *self.project.witness_modules, "|", *self.project.semantics_modules)))

    def witness_ids(self, manifests: list[Manifest]) -> list[str] | None:
        """The witness ids the companion registers (None: no manifest names a witness, nothing to
        check; an empty list when no witness module is configured)."""
        if not any(c.witnesses for m in manifests for c in m.claims):
            return None
        if not self.project.witness_modules:
            return []
        if self.sandbox is None:
            return None  # companion code does not run here: its witness ids are not checked
        return self.records.reuse(COMPANION, self._key("ids"), list[str],
                                  lambda: stages.witness_ids(self.project, self.sandbox))

    def witness_results(self, ids: list[str]) -> dict[str, WitnessOutcome]:
        """The named witnesses' results, each reused under the companion's source."""
        for wid in ids:
            if wid not in self._witnesses:
                got = self.records.get(COMPANION, self._key("witness", wid), WitnessOutcome)
                if got is not None:
                    self._witnesses[wid] = got
        todo = [wid for wid in ids if wid not in self._witnesses]
        if todo and self.sandbox is not None:  # without a sandbox, nothing runs: the witnesses did not run
            self.progress.line(f"running {len(todo)} witnesses (companion process)")
            for wid, outcome in stages.run_witnesses(self.project, todo, self.sandbox).items():
                self._witnesses[wid] = outcome
                self.records.put(COMPANION, self._key("witness", wid), outcome)
        return {wid: self._witnesses[wid] for wid in ids if wid in self._witnesses}

    def instance_results(self, env: Callable[[], Environment], facts: list[DeclFacts],
                         rules: Callable[[str], InstanceRules], keys: Keys) -> dict[Key, InstanceResult]:
        """The instance cross-checks (they depend on the facts alone), reused for the whole build. The
        instance theorems are read from their modules (``env()``), loaded when the facts came from the
        cache (a warm run once listed 0 cross-checks where a cold one listed 56, and kept that); a
        record naming a declaration that is no theorem of these facts is not taken."""
        theorems = {f.key for f in facts if f.kind is DeclKind.THEOREM}
        if self.sandbox is None:  # each not cross-checked, a record too (a no-op check reads no module)
            def not_run() -> dict[Key, InstanceResult]:  # the theorems alone: no statement marked
                decided = self._decided(env, facts, keys)
                found = [f for f in facts if f.kind is DeclKind.THEOREM and f.name in decided(f.module)]
                return stages.not_cross_checked(found, "companion code did not run (no OS sandbox here;"
                                                " --unsandboxed-companion runs it without one)")

            return self.records.reuse(PROJECT, keys.instances_not_run, dict[Key, InstanceResult], not_run,
                                      valid=lambda got: set(got) <= theorems)
        return self.records.reuse(COMPANION, self._key("instances", keys.project_key), dict[Key, InstanceResult],
                                  lambda: self._cross_check(env, facts, rules, keys),
                                  valid=lambda got: set(got) <= theorems)

    def _marked(self, env: Callable[[], Environment], module: str, mine: list[DeclFacts],
                rules: Callable[[str], InstanceRules], decided: Callable[[str], set[Name]], keys: Keys
                ) -> dict[Name, str]:
        """The marked statements (as the companion receives them) of ``module``'s instance theorems
        among ``mine``, reused under its facts' key; a record naming what is not among them is not
        taken."""
        names = {f.name for f in mine}
        return self.records.reuse(
            FACTS, keys.marked(module), dict[Name, str],
            lambda: {f.name: keys.term(term) for f, term in stages.instance_theorems(env(), mine, rules, decided)},
            valid=lambda got: set(got) <= names)

    def _decided(self, env: Callable[[], Environment], facts: list[DeclFacts], keys: Keys
                 ) -> Callable[[str], set[Name]]:
        """Each module's theorems proved by decisions, reused per module under its facts' key (they
        depend on the module's outputs alone): an edit reads the proofs of the edited module only. A
        record naming what is no theorem of the module's facts is not taken."""
        by_module: dict[str, list[DeclFacts]] = {}
        for f in facts:
            by_module.setdefault(f.module, []).append(f)
        known: dict[str, set[Name]] = {}

        def decided(module: str) -> set[Name]:
            if module not in known:
                mine = by_module.get(module, [])
                theorems = {f.name for f in mine if f.kind is DeclKind.THEOREM}
                known[module] = set(self.records.reuse(
                    FACTS, keys.decided(module), list[Name], lambda: stages.decided_theorems(env(), module, mine),
                    valid=lambda names: set(names) <= theorems))
            return known[module]

        return decided

    def _cross_check(self, env: Callable[[], Environment], facts: list[DeclFacts],
                     rules: Callable[[str], InstanceRules], keys: Keys) -> dict[Key, InstanceResult]:
        """The instance cross-checks, each reused under its statement as the companion receives it
        (its marked term); the marked terms are reused per module under its facts' key, so an edit
        marks the edited module's instance theorems alone (issue 41: marking all of them, each
        instance judged by resolution, was a second of every edit)."""
        decided = self._decided(env, facts, keys)
        by_module: dict[str, list[DeclFacts]] = {}
        for f in facts:
            by_module.setdefault(f.module, []).append(f)
        terms: dict[Key, str] = {}
        for module, mine in by_module.items():
            marks = self._marked(env, module, mine, rules, decided, keys)
            terms.update({(module, n): t for n, t in marks.items()})
        by_key = {f.key: f for f in facts}
        key_of = {k: self._key("instance", t, by_key[k].statement or "") for k, t in terms.items()}
        results = {}
        for k in terms:
            got = self.records.get(COMPANION, key_of[k], InstanceResult)
            if got is not None:
                f = by_key[k]
                results[k] = replace(got, decl=f.name, statement=f.statement or "")
        todo = stages.instance_theorems(env(), [by_key[k] for k in terms if k not in results], rules, decided)
        if todo:
            self.progress.line(f"cross-checking {len(todo)} instance theorems (companion process)")
            fresh = stages.cross_check(self.project, todo, self.sandbox)
            for f, _term in todo:
                results[f.key] = fresh[f.key]
                self.records.put(COMPANION, key_of[f.key], fresh[f.key])
        return results
