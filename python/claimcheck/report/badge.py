"""The shields.io endpoint badge (``report/badge.json``): the headline's counts, coloured.

The message counts what holds and how much of it, each coverage apart (``2 full, 14 special,
13 proof core, 4 reconstruction of 145``; a partial coverage no claim has is left out); it never says "all claims hold" unless every claim
holds in full. Green only then; yellow when the gate passes
with claims that hold only in part or not formalised; red when the gate fails.
"""

from __future__ import annotations

from typing import Any

from claimcheck.model.evidence import Coverage, GateResult

__all__ = ["badge"]

#: Each coverage's word on the badge (short: a badge is one line).
_BADGE_WORDS: dict[Coverage, str] = {
    Coverage.FULL: "full",
    Coverage.SPECIAL_CASE: "special",
    Coverage.PROOF_CORE: "proof core",
    Coverage.RECONSTRUCTION: "reconstruction",
}


def badge(result: GateResult) -> dict[str, Any]:
    s = result.summary
    cov = s.holds_by_coverage
    if s.all_hold_in_full:
        message = f"all {s.claims} hold in full"
    else:
        # full always; each partial coverage apart, when some claim has it
        parts = [f"{cov.get(str(c), 0)} {_BADGE_WORDS[c]}" for c in Coverage
                 if c is Coverage.FULL or cov.get(str(c), 0)]
        if s.holds_numerical:
            parts.append(f"{s.holds_numerical} numerical")
        message = f"{', '.join(parts)} of {s.claims}"
        if s.stated:
            message += f", {s.stated} open"
        if s.fails:
            message += f", {s.fails} fail"
    if not result.ok:
        color = "red"
    elif s.all_hold_in_full:
        color = "brightgreen"
    else:
        color = "yellow"
    return {"schemaVersion": 1, "label": "claims", "message": message, "color": color}
