"""Markdown for CI logs and step summaries (``report/summary.md``, ``$GITHUB_STEP_SUMMARY``).

It opens with the verdict and the headline (what holds and how much of it, of how many), then a
table of papers with the same split, every error, and what is flagged or noted.
"""

from __future__ import annotations

from typing import Any

from claimcheck.model.evidence import Coverage, GateResult, Severity
from claimcheck.report.states import claim_state

__all__ = ["render_summary"]


def _cell(value: Any) -> str:
    text = " ".join(str(value).split())
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _line(value: Any) -> str:
    return " ".join(str(value).split())


def render_summary(result: GateResult) -> str:
    s = result.summary
    lines = ["# claimcheck report", ""]
    verdict = "passes" if result.ok else "FAILS"
    lines.append(f"**Gate {verdict}: {s.headline()}.**")
    lines.append("")
    lines.append(f"- generated: {_line(result.generated)}")
    lines.append(f"- toolchain: {_line(result.toolchain.kind)}, {_line(result.toolchain.version)}")
    bad = [m for m in result.build.modules if m.status in ("failed", "blocked", "not-built", "stale")]
    lines.append(f"- build: {'ok' if result.build.ok else 'FAILED'} ({len(result.build.modules)} modules,"
                 f" {len(bad)} failed, blocked, not built or stale)")
    deps = result.settings.dependencies_line()
    if deps:
        lines.append(f"- {_line(deps)}")
    lines.append("- evidence: " + ", ".join(f"{n} {t}" for t, n in s.by_tier.items()))
    lines.append("")
    lines.append("## Papers")
    lines.append("")
    header = ["paper", "claims", "in full", "special case", "proof core", "reconstruction", "numerical", "open",
              "not formalised", "fail"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" + "---:|" * (len(header) - 1))
    for paper in result.papers:
        counts = paper.summary
        cov = counts.holds_by_coverage
        row = [_cell(paper.id), counts.claims, *(cov.get(str(c), 0) for c in Coverage), counts.holds_numerical,
               counts.stated, counts.informal, counts.fails]
        lines.append("| " + " | ".join(str(v) for v in row) + " |")
    lines.append("")
    errors = [(paper, claim, p) for paper in result.papers for claim in paper.claims for p in claim.problems
              if p.severity is Severity.ERROR]
    project = [p for p in result.problems if p.severity is Severity.ERROR]
    lines.append("## Failures")
    lines.append("")
    if not errors and not project:
        lines.append("None.")
    for p in project:
        lines.append(f"- **project**: {_line(p.message)}")
    for paper, claim, p in errors:
        lines.append(f"- **{_line(paper.id)} / {_line(claim.id)}** ({claim.label}): {_line(p.message)}")
    flagged = [(paper, claim, p) for paper in result.papers for claim in paper.claims for p in claim.problems
               if p.severity is not Severity.ERROR]
    flagged_project = [p for p in result.problems if p.severity is not Severity.ERROR]
    if flagged or flagged_project:
        lines.append("")
        lines.append("## Flagged and noted")
        lines.append("")
        for p in flagged_project:
            lines.append(f"- {p.severity}: {_line(p.message)}")
        for paper, claim, p in flagged:
            lines.append(f"- {p.severity}: **{_line(paper.id)} / {_line(claim.id)}** "
                         f"({claim_state(claim.state).words}): {_line(p.message)}")
    lines.append("")
    return "\n".join(lines)
