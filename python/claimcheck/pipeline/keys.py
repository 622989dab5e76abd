"""What each stage's result in the user's cache depends on: every key of the pipeline, in one place.

Each stage's result is kept in the user's cache (:class:`claimcheck.cache.Store`, sealed; see
:mod:`claimcheck.pipeline.records`) under a key made of everything it depends on, claimcheck's own
source included:

- a module's facts, the applications the witness search reads of it and its theorems' hypothesis
  counts: the outputs of the module and of every module it imports (:meth:`Keys.module`);
- the kernel's verdicts, the satisfiability witnesses, the library declarations the manifests name,
  the instance cross-checks of the whole build: the outputs of every module (:meth:`Keys.project`);
- the project's facts whole (verdicts, locations and witnesses put in), a rendered ``status``: the
  same, the options and where the sources are (:meth:`Keys.facts`, :meth:`Keys.rendered`);
- what the companion computes (its witness ids, a witness's result, an instance's cross-check):
  the companion's source (:func:`companion_key`);
- the gate's result rendered for ``check`` (text, github): the facts' key, every module's state as
  the build summary shows it, and every file the gate reads besides (the manifests, the cited texts,
  ``formalization.yaml``, ``claimcheck.toml``, the Lean files' listing, the build files git tracks:
  :mod:`claimcheck.pipeline.gate_inputs`), the companion's source and sandbox (:meth:`Keys.gate`).

Below these, the build itself reuses what tells it nothing changed (:mod:`claimcheck.lean.hashes`):
an output's content hash by the file's status, and a build found with every module up to date by
the status of every source and output file.

A run with nothing changed opens no ``.olean`` file, starts no companion process, parses no manifest
and runs no gate; an edit re-does what depends on the edited module. Nothing is read with ``--no-cache`` or under ``CI``, and the
outputs are the same either way (a cache is never a trust input: it holds only what this claimcheck
computed, for exactly these inputs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Iterable

from claimcheck.cache import code_digest, digest
from claimcheck.lean.build import NOT_CURRENT, BuildReport
from claimcheck.model.names import Name
from claimcheck.pipeline.options import Options
from claimcheck.project import Project

if TYPE_CHECKING:
    from claimcheck.olean.terms import Expr

__all__ = ["Keys", "companion_key", "manifests_checked_key"]


@dataclass(frozen=True)
class Keys:
    """The cache keys of one run: a project built by one toolchain (its ``identity``), run with
    ``options``."""

    project: Project
    toolchain: str
    build: BuildReport
    options: Options

    def _settings(self) -> tuple[object, ...]:
        return (code_digest(), self.toolchain, *sorted(map(str, self.project.allowed_axioms)), self._dependencies)

    @cached_property
    def _dependencies(self) -> str:
        """The outputs of the required packages' modules (a declaration's facts go through them) and
        how the kernel treats them; "" outside a workspace."""
        build = self.build
        if not build.packages and not build.missing:
            return ""
        return digest("dependencies", self.project.kernel_dependencies, *build.missing,
                      *(f"{p}:{m}={r.digests.get(m, r.modules[m].status)}" for p, r in build.packages.items()
                        for m in r.modules))

    @cached_property
    def project_key(self) -> str:
        """Everything a whole-project result depends on: claimcheck, the toolchain, the settings that
        enter the facts, and every built module's outputs."""
        build = self.build
        return digest("project", *self._settings(), self.project.kernel_fuel,
                      *(f"{m}={build.digests.get(m, 'absent')}" for m in build.modules))

    def module(self, module: str) -> str:
        """Everything the facts of ``module`` depend on: its outputs and those of its imports."""
        build = self.build
        return digest("module", *self._settings(), self.options.include_all, module,
                      build.digests.get(module, "absent"),
                      *(f"{d}={build.digests.get(d, 'absent')}" for d in build.imports.get(module, ())))

    @property
    def kernel(self) -> str:
        return digest("kernel", self.project_key)

    def facts(self) -> str:
        """The facts of every listed declaration with their kernel verdicts, locations and witnesses:
        the facts' key, the options, where the sources are (locations are relative to the root), and
        why each module without current outputs has none (a module's record carries the reason: the
        same stale module, stale for another reason, is another record)."""
        opts = self.options
        return digest("facts", self.project_key, opts.kernel, opts.include_all, str(self.project.root),
                      *self._module_states())

    def _module_states(self) -> list[str]:
        failed = self.build.failed_modules()
        return [f"{m}={r.status}={r.source}={r.first_error() if m in failed else ''}"
                for m, r in self.build.modules.items()]

    def rendered(self, fmt: str) -> str:
        """A rendered ``status`` in the format ``fmt``: the facts' key, the options, where the sources are."""
        opts = self.options
        return digest("rendered", fmt, self.project_key, opts.kernel, opts.include_all,
                      "|".join(map(str, opts.decls)) if opts.decls is not None else "*", str(self.project.root),
                      *self._module_states())

    def gate(self, fmt: str, manifests: str, rest: str, companion: str, toolchain: str) -> str:
        """The gate's result rendered in the format ``fmt`` (:mod:`claimcheck.pipeline.gate_inputs`):
        the facts' key, the options, every module's state as the build summary shows it (a required
        package's too), the manifests and cited texts (``manifests``), the project's other files the
        gate reads (``rest``), the companion's source and sandbox (``companion``) and the toolchain as
        outputs name it."""
        opts = self.options
        build = self.build
        states = [f"{p}\0{r.name}\0{r.status}\0{r.first_error() if r.status in NOT_CURRENT else ''}"
                  f"\0{r.source}\0{r.package}"
                  for p, report in (*build.packages.items(), ("", build)) for r in report.modules.values()]
        return digest("gate", fmt, self.facts(), opts.kernel, opts.include_all, opts.unsandboxed_companion,
                      "|".join(map(str, opts.decls)) if opts.decls is not None else "*", build.ok, *build.missing,
                      manifests, rest, companion, toolchain, *states)

    @property
    def instances_not_run(self) -> str:
        """The instance theorems, each not cross-checked (companion code does not run here)."""
        return digest("instances-not-run", self.project_key)

    def witnesses(self, wanted: Iterable[tuple[str, Name]]) -> str:
        return digest("witnesses", self.project_key, self.options.kernel,
                      *(f"{m}\0{n}" for m, n in sorted(wanted, key=lambda k: (k[0], str(k[1])))))

    def fidelity(self, module: str) -> str:
        """What a native build refuses in ``module`` (its facts' key: its outputs and its imports')."""
        return digest("fidelity", self.module(module))

    def decided(self, module: str) -> str:
        """The theorems of ``module`` proved by decisions (its facts' key: its outputs and its imports')."""
        return digest("decided", self.module(module))

    def marked(self, module: str) -> str:
        """The marked statements of ``module``'s instance theorems (its facts' key)."""
        return digest("marked", self.module(module))

    def applications(self, module: str) -> str:
        return digest("applications", self.module(module))

    def arities(self, module: str, names: Iterable[Name]) -> str:
        return digest("arities", self.module(module), *(str(n) for n in names))

    @staticmethod
    def term(term: Expr) -> str:
        """A statement's term as the companion receives it (an instance's cross-check depends on it)."""
        from claimcheck.companion.protocol import encode_terms

        table, roots = encode_terms([term])
        return json.dumps([table, roots], sort_keys=True)

    def named(self, wanted: Iterable[Name]) -> str:
        """The facts of the declarations the manifests name beyond the project's listed ones."""
        return digest("named", self.project_key, *map(str, wanted))


def companion_key(project: Project, source: str | None, sandbox: object, *parts: object) -> str | None:
    """What the companion of ``project`` whose code digests to ``source``, run in ``sandbox`` (the
    sandbox kind; results are reused only under the same one, so every output says how they were
    computed), computes from ``parts`` (None: its source was not found, or it does not run here:
    nothing it computes is reused). It needs no build."""
    if source is None or sandbox is None:
        return None
    return digest("companion", code_digest(), source, str(sandbox), *project.witness_modules, "|",
                  *project.semantics_modules, *parts)


def manifests_checked_key(manifests: str) -> str:
    """The manifests and cited texts digesting to ``manifests`` (:func:`.gate_inputs.manifest_inputs`)
    were loaded and checked without an error by this claimcheck (the early check before a build
    is skipped; the gate, when it runs, loads and checks them itself)."""
    return digest("manifests-checked", code_digest(), manifests)
