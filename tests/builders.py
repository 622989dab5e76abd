"""The model's values built by hand, for the tests that need no Lean: declarations' facts, the
gate's evidence, manifests' claims, and the gate's result judged from them (``claims.gate.judge``,
the same rules a real run applies)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from claimcheck.claims.gate import Evidence, judge
from claimcheck.claims.manifest import Acknowledgement, Claim, FormalDecl, Manifest, SourceRef
from claimcheck.model.evidence import (
    BuildSummary,
    ClaimEvidence,
    GateResult,
    InstanceResult,
    ModuleResult,
    Settings,
    Severity,
    ToolchainInfo,
    WitnessOutcome,
)
from claimcheck.model.facts import (
    DeclFacts,
    DeclKind,
    KernelOutcome,
    KernelVerdict,
    Lint,
    LintKind,
    StatementWarning,
    Status,
)
from claimcheck.model.names import Name

ROOT = Path("/project")
CHECKED = KernelVerdict(KernelOutcome.CHECKED)


def N(text: str) -> Name:
    return Name.parse(text)


def decl(name: str, status: str = "proved", fingerprint: str | None = "f1", axioms: Iterable[str] = (), *,
         module: str = "M", kind: str = "theorem", is_theorem: bool | None = True, binders: int = 1,
         hypotheses: int = 0, lint: Iterable[str | Lint] = (), prelude: tuple[str, ...] = (),
         kernel: KernelVerdict | None = CHECKED, warnings: Iterable[StatementWarning] = (),
         statement: str | None = None, satisfiable_by: str | None = None, satisfiable_also: Iterable[str] = (),
         note: str = "", boundary: Iterable[str] = ()) -> DeclFacts:
    """A declaration's facts; by default a proved theorem with one (non-proposition) binder, the
    fingerprint ``f1`` and the kernel's ``checked``."""
    return DeclFacts(
        N(name), module, DeclKind(kind), Status(status), tuple(N(a) for a in axioms), tuple(N(b) for b in boundary),
        fingerprint, statement=statement, prelude=prelude, is_theorem=is_theorem, binders=binders,
        hypotheses=hypotheses,
        lint=tuple(x if isinstance(x, Lint) else Lint(LintKind.TRIVIAL_CONCLUSION, x) for x in lint),
        warnings=tuple(warnings), kernel=kernel, note=note,
        satisfiable_by=N(satisfiable_by) if satisfiable_by else None,
        satisfiable_also=tuple(N(w) for w in satisfiable_also),
    )


def evidence(*facts: DeclFacts, witnesses: Iterable[WitnessOutcome] = (), project_modules: Iterable[str] = ("M",),
             settings: Settings | None = None, modules: list[ModuleResult] | None = None,
             instances: dict[tuple[str, Name], InstanceResult] | None = None, build_ok: bool = True) -> Evidence:
    return Evidence(
        facts=list(facts), build=BuildSummary(build_ok, modules or []), toolchain=ToolchainInfo("wasm", "test"),
        settings=settings or Settings(strict_instances=True), project_modules=frozenset(project_modules),
        witnesses={w.id: w for w in witnesses}, instances=instances or {},
    )


def formal(name: str, fingerprint: str | None = "f1", **kw) -> FormalDecl:
    if "satisfied_by" in kw and isinstance(kw["satisfied_by"], str):
        kw["satisfied_by"] = N(kw["satisfied_by"])
    return FormalDecl(N(name), fingerprint, **kw)


def claim(label: str = "theorem", formal: list[FormalDecl] | None = None, witnesses: list[str] | None = None,
          hypotheses: list[str] | None = None, acknowledge: tuple[str, ...] = (), *, id: str = "c1",
          coverage: str | None = None, reason: str | None = None, line: int = 0) -> Claim:
    if coverage is None and formal is not None and label in ("theorem", "conditional"):
        coverage = "full"
    c = Claim(id, label, "s", hypotheses or [], formal, witnesses or [], reason=reason, coverage=coverage,
              yaml_line=line)
    c.acknowledge = [Acknowledgement(N(n), "meant") for n in acknowledge]
    return c


def manifest(*claims: Claim, id: str = "m") -> Manifest:
    return Manifest(ROOT / "manifests" / f"{id}.yaml", id, id.title(), [SourceRef("a.txt", 1)], list(claims))


def gate(ev: Evidence, *manifests: Manifest) -> GateResult:
    return judge(list(manifests), ev, ROOT)


def judged(c: Claim, ev: Evidence) -> ClaimEvidence:
    """One claim judged on ``ev``."""
    return gate(ev, manifest(c)).claims[0]


def verdict(c: Claim, ev: Evidence) -> tuple[str, list[str]]:
    """(verdict, error messages) of one claim: what the old ``claim_verdict`` returned."""
    got = judged(c, ev)
    return str(got.verdict), [p.message for p in got.errors]


def warnings(c: Claim, ev: Evidence) -> list[str]:
    """The messages of the findings the gate flags for review (severity ``warning``)."""
    return [p.message for p in judged(c, ev).problems if p.severity is Severity.WARNING]
