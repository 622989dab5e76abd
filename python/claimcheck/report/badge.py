"""The shields.io endpoint badge (``report/badge.json``): the headline's counts, coloured.

The message counts what holds and how much of it (``2 full, 28 partial of 145``); it never says
"all claims hold" unless every claim holds in full. Green only then; yellow when the gate passes
with claims that hold only in part or not formalised; red when the gate fails.
"""

from __future__ import annotations

from typing import Any

from claimcheck.model.evidence import GateResult

__all__ = ["badge"]


def badge(result: GateResult) -> dict[str, Any]:
    s = result.summary
    cov = s.holds_by_coverage
    partial = cov.get("special-case", 0) + cov.get("reconstruction", 0)
    if s.all_hold_in_full:
        message = f"all {s.claims} hold in full"
    else:
        parts = [f"{cov.get('full', 0)} full", f"{partial} partial"]
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
