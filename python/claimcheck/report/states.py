"""What each state means in each output format, written once.

Every output shows the same state the same way: a claim's state (its verdict, a holding one with
its coverage), an instance cross-check's outcome, a problem's severity. :data:`CLAIM_STATES` maps a
claim state to its words (text, Markdown, HTML), its CSS class (HTML), its JUnit outcome and its
GitHub annotation level; :func:`instance_state` and :data:`SEVERITY_LEVEL` do the same for
instances and problems. ``tests/test_formats.py`` checks that every state renders in every format.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from claimcheck.model.evidence import ClaimState, InstanceOutcome, InstanceResult, Severity, Tier

__all__ = ["JUnit", "Presentation", "CLAIM_STATES", "MACHINE_CHECKED_TIERS", "SEVERITY_LEVEL", "instance_state", "claim_state", "status_words"]


class JUnit(StrEnum):
    PASSED = "passed"
    SKIPPED = "skipped"
    FAILED = "failed"


@dataclass(frozen=True)
class Presentation:
    """How one state shows: ``words`` (text, Markdown, HTML), ``css`` (an HTML badge class), the
    JUnit outcome, the GitHub annotation level (``None``: no annotation), and whether it is green."""

    words: str
    css: str
    junit: JUnit
    github: str | None
    green: bool = False


CLAIM_STATES: dict[ClaimState, Presentation] = {
    ClaimState.HOLDS_FULL: Presentation("holds in full", "holds", JUnit.PASSED, None, True),
    ClaimState.HOLDS_SPECIAL_CASE: Presentation("holds for a special case", "partial", JUnit.PASSED, "notice"),
    ClaimState.HOLDS_PROOF_CORE: Presentation("holds for a proof core (a step of the claim's proof)", "partial",
                                              JUnit.PASSED, "notice"),
    ClaimState.HOLDS_RECONSTRUCTION: Presentation("holds for the project's reconstruction", "partial", JUnit.PASSED,
                                                  "notice"),
    ClaimState.HOLDS_NUMERICAL: Presentation("holds numerically (witnesses only)", "numerical", JUnit.PASSED, None),
    ClaimState.STATED: Presentation("formalised, open", "stated", JUnit.SKIPPED, "notice"),
    ClaimState.INFORMAL: Presentation("not formalised", "informal", JUnit.SKIPPED, None),
    ClaimState.FAILS: Presentation("fails", "fails", JUnit.FAILED, "error"),
}

INSTANCE_STATES: dict[tuple[InstanceOutcome, bool], Presentation] = {
    (InstanceOutcome.AGREE, False): Presentation("agree", "agree", JUnit.PASSED, None, True),
    (InstanceOutcome.AGREE, True): Presentation("agree", "agree", JUnit.PASSED, None, True),
    (InstanceOutcome.NOT_CROSS_CHECKED, False): Presentation("not cross-checked", "neutral", JUnit.SKIPPED, "warning"),
    (InstanceOutcome.NOT_CROSS_CHECKED, True): Presentation("not cross-checked (required)", "fails", JUnit.FAILED, "error"),
    (InstanceOutcome.DISAGREE, False): Presentation("disagree", "fails", JUnit.FAILED, "error"),
    (InstanceOutcome.DISAGREE, True): Presentation("disagree", "fails", JUnit.FAILED, "error"),
}

#: The evidence tiers of a machine-checked claim: it holds on Lean declarations that built and are
#: proved (``kernel-rechecked``: the independent kernel accepted every one of them too). A claim
#: holding on witnesses only, or failing whatever its Lean, is not machine-checked.
MACHINE_CHECKED_TIERS: tuple[str, ...] = (str(Tier.KERNEL_RECHECKED), str(Tier.COMPILED))

SEVERITY_LEVEL: dict[Severity, str] = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTICE: "notice"}


def status_words(status: str, is_theorem: bool | None) -> str:
    """A declaration's status as the outputs show it: a definition (not a proposition) whose
    closure is clean is ``defined``, not ``proved`` (nothing about it is a proof)."""
    if str(status) == "proved" and is_theorem is False:
        return "defined"
    return str(status)


def claim_state(state: ClaimState | str) -> Presentation:
    return CLAIM_STATES[ClaimState(state)]


def instance_state(instance: InstanceResult, strict: bool) -> Presentation:
    """An instance cross-check's presentation (``strict``: not cross-checked fails the gate)."""
    return INSTANCE_STATES[(instance.outcome, strict)]
