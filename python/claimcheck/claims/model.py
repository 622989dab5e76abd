"""The gate's result as typed data: what :mod:`claimcheck.claims.gate` hands to the report.

Labels, verdicts and statuses are :class:`enum.StrEnum` values; papers, claims, their formal
declarations, witnesses and instance checks are dataclasses. :meth:`GateResult.to_json` is the
content of ``report.json``; :meth:`GateResult.from_json` reads one back (and rejects a file that
does not have this shape), so a report can be re-rendered from a saved ``report.json``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

import dacite

from claimcheck.errors import ClaimcheckError


class Label(StrEnum):
    """What the paper says a claim is."""

    THEOREM = "theorem"
    CONDITIONAL = "conditional"
    MEASUREMENT = "measurement"
    CONJECTURE = "conjecture"


class Verdict(StrEnum):
    """What the gate found for a claim."""

    HOLDS = "holds"
    FAILS = "fails"
    INFORMAL = "informal"


class ModuleState(StrEnum):
    """How a module's build ended."""

    BUILT = "built"
    SKIPPED = "skipped"
    FAILED = "failed"
    BLOCKED = "blocked"


class ModelError(ClaimcheckError):
    """Report data that does not have the shape of a gate result."""


@dataclass(frozen=True)
class InstanceResult:
    """The cross-check of one ``_instance_`` theorem."""

    decl: str
    statement: str
    lean_value: str
    python_value: str
    outcome: str  # an :class:`claimcheck.analysis.instances.InstanceOutcome` value
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class WitnessOutcome:
    """The result of one numerical witness."""

    id: str
    ok: bool
    summary: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WarningRecord:
    """Why a printed statement may not read as what was proved (see
    :mod:`claimcheck.analysis.spoofing`); ``acknowledged`` is the manifest's note when the claim
    acknowledges it."""

    kind: str  # a :class:`claimcheck.analysis.spoofing.WarningKind` value
    name: str
    message: str
    found_in: str = ""
    acknowledged: str | None = None


@dataclass(frozen=True)
class StatementPart:
    """A piece of a printed statement; ``decl`` names the project constant it shows, if any."""

    text: str
    decl: str | None = None


@dataclass(frozen=True)
class DeclRecord:
    """The proof status of one declaration (a row of ``claimcheck status``)."""

    name: str
    module: str
    kind: str
    status: str  # a :class:`claimcheck.analysis.status.Status` value
    axioms: list[str] = field(default_factory=list)
    boundary: list[str] = field(default_factory=list)
    fingerprint: str | None = None
    #: project modules not importing ``Init`` that the declaration's module is or imports
    prelude: list[str] = field(default_factory=list)
    is_theorem: bool | None = None  # its type is a proposition (None: undecided)
    hypotheses: int = 0  # binders of its statement
    lint: list[str] = field(default_factory=list)  # vacuity findings on its statement
    statement: str | None = None
    warnings: list[WarningRecord] = field(default_factory=list)
    statement_parts: list[StatementPart] = field(default_factory=list)
    #: the independent kernel's verdict: ``checked``, ``rejected: <why>``, ``undecided: <why>``
    #: (None: not re-checked)
    kernel: str | None = None


@dataclass(frozen=True)
class FormalEntry:
    """One Lean declaration a claim names, with what was found for it."""

    decl: str
    status: str
    module: str = ""
    kind: str = "unknown"
    axioms: list[str] = field(default_factory=list)
    boundary: list[str] = field(default_factory=list)
    statement: str = ""
    fingerprint: str | None = None
    expected_fingerprint: str | None = None
    fingerprint_ok: bool = False
    instance: InstanceResult | None = None
    role: str = "theorem"  # theorem | definition | library (claimcheck.claims.manifest.ROLES)
    #: the declaration's type is a proposition (None: undecided or not found)
    is_theorem: bool | None = None
    #: declared in a module of the project (False: the library's, or not found)
    own: bool = False
    hypotheses: int = 0
    lint: list[str] = field(default_factory=list)
    prelude: list[str] = field(default_factory=list)
    warnings: list[WarningRecord] = field(default_factory=list)
    statement_parts: list[StatementPart] = field(default_factory=list)
    #: the independent kernel's verdict: ``checked``, ``rejected: <why>``, ``undecided: <why>``
    #: (None: not re-checked)
    kernel: str | None = None


@dataclass(frozen=True)
class ClaimResult:
    """One claim of a paper and its verdict."""

    id: str
    label: Label
    statement: str
    verdict: Verdict
    hypotheses: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    formal: list[FormalEntry] = field(default_factory=list)
    reason: str | None = None
    note: str | None = None
    witnesses: list[WitnessOutcome] = field(default_factory=list)
    line: int = 0  # the claim's line in its manifest
    #: flagged for review, not failing the gate (e.g. a conditional claim whose theorems assume nothing)
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Citation:
    """Where the paper's abstract comes from; ``text`` only when a sources folder was checked."""

    file: str
    line: int
    text: str | None = None


@dataclass(frozen=True)
class PaperResult:
    """One manifest: the paper's citation and its claims."""

    id: str
    title: str
    manifest: str
    claims: list[ClaimResult]
    authors: str | None = None
    categories: list[str] = field(default_factory=list)
    arxiv: str | None = None
    url: str | None = None
    sources: list[Citation] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        return _counts(self.claims)


@dataclass(frozen=True)
class ModuleResult:
    """One module of the build."""

    name: str
    status: ModuleState
    first_error: str | None = None


@dataclass(frozen=True)
class BuildSummary:
    ok: bool
    modules: list[ModuleResult] = field(default_factory=list)


@dataclass(frozen=True)
class ToolchainInfo:
    kind: str
    version: str


@dataclass(frozen=True)
class SourceRange:
    """Where a declaration is in its Lean source (from the build's ``.ilean``): the file relative
    to the project root; lines and columns 1-based; ``line``..``end_line`` spans the whole
    declaration (doc comment included), ``name_line``/``name_column`` is where its name is."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    name_line: int = 0
    name_column: int = 0


@dataclass(frozen=True)
class GateResult:
    """Everything the gate found; ``ok`` is its verdict."""

    generated: str
    ok: bool
    toolchain: ToolchainInfo
    build: BuildSummary
    papers: list[PaperResult]
    allowed_axioms: list[str] = field(default_factory=list)
    #: Whether the citations were checked against source texts (a sources folder was named).
    sources_checked: bool = False
    declarations: list[DeclRecord] = field(default_factory=list)
    instances: list[InstanceResult] = field(default_factory=list)
    witnesses: list[WitnessOutcome] = field(default_factory=list)
    #: Direct project dependencies of each project declaration (statement and proof), read from
    #: the .olean files (:mod:`claimcheck.analysis.depgraph`); the report's graphs draw them.
    dependencies: dict[str, list[str]] = field(default_factory=dict)
    #: Source positions of the project's declarations (from the .ilean files).
    locations: dict[str, SourceRange] = field(default_factory=dict)

    @property
    def claims(self) -> list[ClaimResult]:
        return [c for p in self.papers for c in p.claims]

    @property
    def summary(self) -> dict[str, Any]:
        return {
            "papers": len(self.papers),
            "claims": len(self.claims),
            **_counts(self.claims),
            "instances": {
                "checked": len(self.instances),
                "ok": sum(1 for i in self.instances if i.ok),
                "not_cross_checked": sum(1 for i in self.instances if i.outcome == "not-cross-checked"),
            },
        }

    def to_json(self) -> dict[str, Any]:
        """The content of ``report.json`` (with the derived counts, for readers of the file)."""
        data = asdict(self)
        data["summary"] = self.summary
        for paper, obj in zip(data["papers"], self.papers):
            paper["counts"] = obj.counts
        return _plain(data)

    @classmethod
    def from_json(cls, data: Any) -> "GateResult":
        """Read ``report.json`` data back; derived keys (``summary``, ``counts``) are ignored."""
        try:
            return dacite.from_dict(cls, data, config=dacite.Config(cast=[StrEnum]))
        except (dacite.DaciteError, ValueError, TypeError) as exc:
            raise ModelError(f"report data: {exc}") from exc


def _counts(claims: list[ClaimResult]) -> dict[str, dict[str, int]]:
    return {
        "by_label": {str(k): n for k, n in Counter(c.label for c in claims).items()},
        "by_verdict": {str(k): n for k, n in Counter(c.verdict for c in claims).items()},
    }


def _plain(value: Any) -> Any:
    """Enums as their string values, tuples as lists: JSON-ready."""
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
