"""What the gate found for each claim, and for the whole project: :class:`GateResult`.

Labels, roles, coverages, verdicts, tiers and problem codes are :class:`enum.StrEnum` values;
papers, claims, their formal entries (each holding the declaration's
:class:`~claimcheck.model.facts.DeclFacts`, never a copy of its fields), witnesses, instance checks
and problems are dataclasses. Every output format renders a ``GateResult``
(``claimcheck.report.registry``); ``report.json`` is :func:`claimcheck.model.codec.to_json` of one.

**Verdicts that say how much.** A claim that holds says how much of the paper its Lean covers
(``coverage``): every count keeps *holds in full*, *holds for a special case*, *holds for a proof
core* and *holds for the project's reconstruction* apart (:class:`Summary`), and a claim whose Lean
is a statement without a proof is ``stated`` ("formalised, open"), never ``holds``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from claimcheck.model.build_state import ModuleState
from claimcheck.model.facts import DeclFacts, KernelOutcome, Status
from claimcheck.model.names import Name

__all__ = [
    "Label",
    "Role",
    "CompanionSandbox",
    "Coverage",
    "Verdict",
    "ClaimState",
    "Tier",
    "TIERS",
    "Severity",
    "ProblemCode",
    "Problem",
    "InstanceOutcome",
    "InstanceResult",
    "WitnessOutcome",
    "Acknowledgement",
    "FormalEvidence",
    "ClaimEvidence",
    "Citation",
    "PaperEvidence",
    "ModuleResult",
    "BuildSummary",
    "ToolchainInfo",
    "Settings",
    "Summary",
    "GateResult",
    "tier_of",
    "REPORT_SCHEMA",
]

#: The schema marker of ``report.json`` and ``check --json``; a reader refuses another marker.
REPORT_SCHEMA = "claimcheck.report/2"


class Label(StrEnum):
    """What the paper says a claim is."""

    THEOREM = "theorem"
    CONDITIONAL = "conditional"
    MEASUREMENT = "measurement"
    CONJECTURE = "conjecture"


class Role(StrEnum):
    """What a formal entry is for."""

    THEOREM = "theorem"  # the project's proof of the claim
    DEFINITION = "definition"  # a supporting definition, never making a claim hold alone
    LIBRARY = "library"  # a cited library declaration, never the proof that makes a claim hold


class CompanionSandbox(StrEnum):
    """How a project's companion code (witnesses, instance semantics) ran."""

    LANDLOCK = "landlock"  # in the Landlock sandbox
    BUBBLEWRAP = "bubblewrap"  # in the bubblewrap sandbox
    UNSANDBOXED = "unsandboxed"  # without a sandbox, because the user asked for that explicitly
    NOT_RUN = "not-run"  # not at all: no sandbox here, and nobody asked to run it without one


class Coverage(StrEnum):
    """How much of the paper's claim the Lean covers, most first.

    - ``full``: the Lean states the paper's claim;
    - ``special-case``: the Lean states the claim for part of its cases (a size, a class of
      inputs, a stronger hypothesis) and proves it there;
    - ``proof-core``: the Lean proves a step the claim's proof rests on (a lemma, a counting or
      algebraic core), not the claim itself for any case;
    - ``reconstruction``: the Lean states the project's own model of something the paper does not
      spell out.
    """

    FULL = "full"
    SPECIAL_CASE = "special-case"
    PROOF_CORE = "proof-core"
    RECONSTRUCTION = "reconstruction"

    def count_words(self, n: int) -> str:
        """``n`` holding claims of this coverage, as the headline says it (``3 proof cores``)."""
        one, many = _COVERAGE_COUNT_WORDS[self]
        return f"{n} {one if n == 1 else many}"


_COVERAGE_COUNT_WORDS: dict[Coverage, tuple[str, str]] = {
    Coverage.FULL: ("in full", "in full"),
    Coverage.SPECIAL_CASE: ("special case", "special cases"),
    Coverage.PROOF_CORE: ("proof core", "proof cores"),
    Coverage.RECONSTRUCTION: ("reconstruction", "reconstructions"),
}


class Verdict(StrEnum):
    """What the gate found for a claim."""

    HOLDS = "holds"
    #: the Lean states the claim without proving it (``sorry``, or an axiom standing in for it)
    STATED = "stated"
    FAILS = "fails"
    INFORMAL = "informal"


class ClaimState(StrEnum):
    """A claim's state as every output shows it: its verdict, a holding one with how much it covers."""

    HOLDS_FULL = "holds-full"
    HOLDS_SPECIAL_CASE = "holds-special-case"
    HOLDS_PROOF_CORE = "holds-proof-core"
    HOLDS_RECONSTRUCTION = "holds-reconstruction"
    #: holds on numerical witnesses alone (no Lean)
    HOLDS_NUMERICAL = "holds-numerical"
    STATED = "stated"
    INFORMAL = "informal"
    FAILS = "fails"


class Tier(StrEnum):
    """How strong a claim's evidence is, strongest first; each counted on its own.

    - ``kernel-rechecked``: holds, and the independent kernel accepted every declaration it rests on;
    - ``compiled``: holds on Lean declarations that built and are ``proved``, not re-checked;
    - ``numerical``: holds on numerical witnesses only;
    - ``stated``: a Lean statement without a proof (an open claim, formalised);
    - ``informal``: nothing checked;
    - ``broken``: the claim fails, whatever evidence it has.
    """

    KERNEL_RECHECKED = "kernel-rechecked"
    COMPILED = "compiled"
    NUMERICAL = "numerical"
    STATED = "stated"
    INFORMAL = "informal"
    BROKEN = "broken"


TIERS: tuple[Tier, ...] = tuple(Tier)


class Severity(StrEnum):
    """An ``error`` fails its claim (or the gate); a ``warning`` is flagged for review; a ``notice``
    informs (a special case, an open statement)."""

    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


class ProblemCode(StrEnum):
    """Why a claim (or the project) is flagged: one code per rule, so that every output can say
    the same thing and a reader can look the rule up."""

    # a formal entry
    MISSING = "missing"
    BUILD_FAILED = "build-failed"
    AMBIGUOUS = "ambiguous"
    NOT_PROVED = "not-proved"
    NOT_OWN = "not-own"
    NOT_LIBRARY = "not-library"
    NOT_PROPOSITION = "not-proposition"
    UNDECIDED_PROPOSITION = "undecided-proposition"
    FINGERPRINT_UNRECORDED = "fingerprint-unrecorded"
    FINGERPRINT_CHANGED = "fingerprint-changed"
    FINGERPRINT_MISTYPED = "fingerprint-mistyped"
    KERNEL_REJECTED = "kernel-rejected"
    KERNEL_NOT_ACCEPTED = "kernel-not-accepted"
    KERNEL_RELAXED = "kernel-relaxed"
    VACUOUS = "vacuous"
    HYPOTHESES_NOT_SATISFIABLE = "hypotheses-not-shown-satisfiable"
    PRELUDE = "prelude"
    STATEMENT_WARNING = "statement-warning"
    INVISIBLE_NAME = "invisible-name"
    STATEMENT_TOO_LARGE = "statement-too-large"
    ACKNOWLEDGEMENT_UNUSED = "acknowledgement-unused"
    INSTANCE_DISAGREES = "instance-disagrees"
    INSTANCE_NOT_CROSS_CHECKED = "instance-not-cross-checked"
    INSTANCE_NOT_DECIDED = "instance-not-decided"
    # a claim
    NO_THEOREM = "no-theorem"
    NO_HYPOTHESES_NAMED = "no-hypotheses-named"
    UNCONDITIONAL = "unconditional"
    ROLE_MISMATCH = "role-mismatch"
    WITNESS_FAILED = "witness-failed"
    WITNESS_NOT_RUN = "witness-not-run"
    CONJECTURE_PROVED = "conjecture-proved"
    OPEN_STATEMENT = "open-statement"
    PARTIAL_COVERAGE = "partial-coverage"
    NOT_FORMALISED = "not-formalised"
    # the project
    MODULE_FAILED = "module-failed"
    #: ``--no-build``: a module not built, or built from another source: its outputs were not read
    MODULE_STALE = "module-stale"
    #: what the wasm build accepts and a native ``lake build`` refuses (a definition needing ``noncomputable``)
    NATIVE_BUILD_FAILS = "native-build-fails"
    #: a package the workspace requires is not there
    PACKAGE_MISSING = "package-missing"
    MODULE_UNREACHABLE = "module-unreachable"
    FORMALIZATION_STALE = "formalization-stale"
    FORMALIZATION_FIELD_BLANK = "formalization-field-blank"
    FORMALIZATION_HAND_ROW = "formalization-hand-written-row"
    BUILD_FOLDER_TRACKED = "build-folder-tracked"
    COMPANION_NOT_RUN = "companion-not-run"
    COMPANION_UNSANDBOXED = "companion-unsandboxed"


@dataclass(frozen=True)
class Problem:
    """One finding: its rule, severity and message, the declaration it is about, and where to
    show it (a file relative to the project root and a 1-based line)."""

    code: ProblemCode
    severity: Severity
    message: str
    decl: Name | None = None
    file: str | None = None
    line: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


class InstanceOutcome(StrEnum):
    """What the cross-check of one instance theorem (a closed statement proved by decision) found."""

    AGREE = "agree"  # Python recomputes the value Lean states
    DISAGREE = "disagree"  # Python recomputes another value: always a failure
    NOT_CROSS_CHECKED = "not-cross-checked"  # no Python meaning for something in the statement


@dataclass(frozen=True)
class InstanceResult:
    """The cross-check of one instance theorem: the value Lean states, the one Python computes."""

    decl: Name
    statement: str
    lean_value: str
    python_value: str
    outcome: InstanceOutcome
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome is InstanceOutcome.AGREE

    def fails_gate(self, strict: bool) -> bool:
        """A disagreement always fails; an instance with no Python meaning fails when strict."""
        return self.outcome is InstanceOutcome.DISAGREE or (strict and not self.ok)


@dataclass(frozen=True)
class WitnessOutcome:
    """The result of one numerical witness (run in the companion's own process)."""

    id: str
    ok: bool
    summary: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Acknowledgement:
    """A warning a manifest accepts in words: what it names and why the claim still means what it
    reads."""

    name: Name
    note: str


@dataclass(frozen=True)
class FormalEvidence:
    """One Lean declaration a claim names, with the facts found for it (``None``: not found)."""

    decl: Name
    role: Role
    facts: DeclFacts | None = None
    #: the fingerprint (and the statement text) the manifest recorded at its last review
    expected_fingerprint: str | None = None
    recorded_statement: str | None = None
    instance: InstanceResult | None = None
    #: set when two project modules declare ``decl`` (the manifest names it ambiguously)
    candidates: tuple[str, ...] = ()

    @property
    def fingerprint_ok(self) -> bool:
        return bool(self.facts and self.facts.fingerprint and self.facts.fingerprint == self.expected_fingerprint)

    @property
    def status(self) -> Status:
        return self.facts.status if self.facts is not None else Status.MISSING


@dataclass(frozen=True)
class ClaimEvidence:
    """One claim of a paper: what it says, what backs it, and the verdict."""

    id: str
    label: Label
    statement: str
    verdict: Verdict
    tier: Tier
    coverage: Coverage | None = None
    coverage_note: str | None = None
    hypotheses: list[str] = field(default_factory=list)
    formal: list[FormalEvidence] = field(default_factory=list)
    witnesses: list[WitnessOutcome] = field(default_factory=list)
    #: every finding: errors (the claim fails), warnings and notices
    problems: list[Problem] = field(default_factory=list)
    acknowledge: list[Acknowledgement] = field(default_factory=list)
    reason: str | None = None  # why there is no Lean (``formal: none``)
    note: str | None = None
    line: int = 0  # the claim's line in its manifest

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def is_formal(self) -> bool:
        return bool(self.formal)

    @property
    def state(self) -> ClaimState:
        """The claim's state for the outputs: its verdict, a holding one with its coverage
        (``holds-full``, ``holds-special-case``, ``holds-proof-core``, ``holds-reconstruction``)."""
        if self.verdict is Verdict.HOLDS and self.coverage is not None and self.is_formal:
            return ClaimState(f"holds-{self.coverage}")
        if self.verdict is Verdict.HOLDS:
            return ClaimState.HOLDS_NUMERICAL if not self.is_formal else ClaimState.HOLDS_FULL
        return ClaimState(str(self.verdict))


@dataclass(frozen=True)
class Citation:
    """Where the paper's abstract comes from; ``text`` only when a sources folder was checked."""

    file: str
    line: int
    text: str | None = None


@dataclass(frozen=True)
class PaperEvidence:
    """One manifest: the paper's citation and its claims."""

    id: str
    title: str
    manifest: str  # relative to the project root
    claims: list[ClaimEvidence]
    authors: str | None = None
    categories: list[str] = field(default_factory=list)
    arxiv: str | None = None
    url: str | None = None
    sources: list[Citation] = field(default_factory=list)

    @property
    def summary(self) -> "Summary":
        return Summary.of(self.claims)


@dataclass(frozen=True)
class ModuleResult:
    name: str
    status: ModuleState
    first_error: str | None = None
    source: str | None = None  # relative to the project root
    #: the required package of the workspace it belongs to ("": the project's own module)
    package: str = ""


@dataclass(frozen=True)
class BuildSummary:
    ok: bool
    modules: list[ModuleResult] = field(default_factory=list)
    #: required packages of the workspace that are missing, each with how to get it
    missing: list[str] = field(default_factory=list)
    #: findings of the build at a module's line (a definition a native build refuses), as problems
    warnings: list["Problem"] = field(default_factory=list)


@dataclass(frozen=True)
class ToolchainInfo:
    kind: str
    version: str


@dataclass(frozen=True)
class Settings:
    """The project settings a verdict depends on (shown in every output that shows verdicts)."""

    allowed_axioms: list[Name] = field(default_factory=list)
    kernel_required: bool = True
    kernel_fuel: int = 0
    strict_instances: bool = False
    sources_checked: bool = False
    #: how the project's companion code ran (None: the project has none)
    companion: CompanionSandbox | None = None
    #: the workspace's required packages (name and source), and whether the kernel re-checks their
    #: declarations ("check") or admits their theorems as stated ("trust"); empty without any
    dependencies: list[str] = field(default_factory=list)
    kernel_dependencies: str = "check"

    def dependencies_line(self) -> str | None:
        """The workspace's required packages and how the kernel treats them, in one line (None
        without any): every output that shows verdicts says it."""
        if not self.dependencies:
            return None
        how = ("the independent kernel re-checks their declarations" if self.kernel_dependencies == "check"
               else "their theorems are admitted as stated, not re-checked by the independent kernel")
        return (f"dependencies: {', '.join(self.dependencies)}; {how} "
                f"(`[kernel] dependencies = \"{self.kernel_dependencies}\"`)")


@dataclass(frozen=True)
class Summary:
    """The counts every output shows, keeping each kind of result apart."""

    papers: int
    claims: int
    by_label: dict[str, int]
    by_verdict: dict[str, int]
    by_tier: dict[str, int]
    #: holding claims with Lean, by coverage (``full``, ``special-case``, ``proof-core``, ``reconstruction``)
    holds_by_coverage: dict[str, int]
    #: holding claims backed by witnesses only
    holds_numerical: int
    stated: int
    informal: int
    fails: int

    @classmethod
    def of(cls, claims: list[ClaimEvidence], papers: int = 1) -> "Summary":
        verdicts = Counter(c.verdict for c in claims)
        tiers = Counter(c.tier for c in claims)
        labels = Counter(c.label for c in claims)
        holds = [c for c in claims if c.verdict is Verdict.HOLDS]
        coverage = Counter(c.coverage for c in holds if c.is_formal)
        return cls(
            papers=papers,
            claims=len(claims),
            by_label={str(k): labels.get(k, 0) for k in Label},
            by_verdict={str(v): verdicts.get(v, 0) for v in Verdict},
            by_tier={str(t): tiers.get(t, 0) for t in TIERS},
            holds_by_coverage={str(c): coverage.get(c, 0) for c in Coverage},
            holds_numerical=sum(1 for c in holds if not c.is_formal),
            stated=verdicts.get(Verdict.STATED, 0),
            informal=verdicts.get(Verdict.INFORMAL, 0),
            fails=verdicts.get(Verdict.FAILS, 0),
        )

    @property
    def holds(self) -> int:
        return sum(self.holds_by_coverage.values()) + self.holds_numerical

    @property
    def all_hold_in_full(self) -> bool:
        return self.claims > 0 and self.holds_by_coverage.get(str(Coverage.FULL), 0) == self.claims

    def headline(self) -> str:
        """The one sentence every output opens with: what holds, how much of it, of how many, and
        what is not formalised. Never "all claims hold" unless every claim holds in full."""
        if self.all_hold_in_full:
            return f"all {self.claims} claims hold in full"
        parts = [c.count_words(self.holds_by_coverage.get(str(c), 0)) for c in Coverage]
        if self.holds_numerical:
            parts.append(f"{self.holds_numerical} numerically")
        text = f"{', '.join(parts)} of {self.claims} {'claim' if self.claims == 1 else 'claims'} hold"
        rest = []
        if self.stated:
            rest.append(f"{self.stated} stated, open")
        if self.informal:
            rest.append(f"{self.informal} not formalised")
        if self.fails:
            rest.append(f"{self.fails} {'fails' if self.fails == 1 else 'fail'}")
        return text + ("; " + ", ".join(rest) if rest else "")


@dataclass(frozen=True)
class GateResult:
    """Everything the gate found; ``ok`` is its verdict."""

    generated: str
    ok: bool
    toolchain: ToolchainInfo
    build: BuildSummary
    papers: list[PaperEvidence]
    settings: Settings = field(default_factory=Settings)
    declarations: list[DeclFacts] = field(default_factory=list)
    instances: list[InstanceResult] = field(default_factory=list)
    witnesses: list[WitnessOutcome] = field(default_factory=list)
    #: findings about the project as a whole (a module that failed, a stale formalization.yaml)
    problems: list[Problem] = field(default_factory=list)

    @property
    def claims(self) -> list[ClaimEvidence]:
        return [c for p in self.papers for c in p.claims]

    @property
    def summary(self) -> Summary:
        return Summary.of(self.claims, len(self.papers))

    def declaration(self, module: str, name: Name) -> DeclFacts | None:
        return next((d for d in self.declarations if d.module == module and d.name == name), None)


def tier_of(verdict: Verdict, formal: list[FormalEvidence], has_witnesses: bool) -> Tier:
    """A claim's evidence tier from its verdict and what backs it.

    A failing claim is ``broken``; a stated one ``stated``. A holding claim with Lean declarations is
    ``kernel-rechecked`` only when the kernel accepted every declaration it rests on, otherwise
    ``compiled``; one that holds on witnesses alone is ``numerical``; the rest are ``informal``.
    """
    if verdict is Verdict.FAILS:
        return Tier.BROKEN
    if verdict is Verdict.STATED:
        return Tier.STATED
    if verdict is not Verdict.HOLDS:
        return Tier.INFORMAL
    if formal:
        if all(f.facts is not None and f.facts.kernel is not None
               and f.facts.kernel.outcome is KernelOutcome.CHECKED for f in formal):
            return Tier.KERNEL_RECHECKED
        return Tier.COMPILED
    if has_witnesses:
        return Tier.NUMERICAL
    return Tier.INFORMAL
