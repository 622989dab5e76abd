"""Every output format of the gate's result, in one place: adding a format is adding one entry.

Each format is a renderer of the same :class:`~claimcheck.model.evidence.GateResult` (none can drop
a field the model has): ``text`` (a terminal), ``json`` (``check --json``, ``report.json``),
``github`` (workflow commands), ``junit`` (JUnit XML), ``markdown`` (a step summary). The HTML
report folder (:func:`claimcheck.report.render.write_report`) holds the HTML pages and the same
renderings of ``json``, ``markdown``, ``junit`` and the badge. How each state shows in each format
is written once, in :mod:`claimcheck.report.states`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from claimcheck.model.codec import report_to_json
from claimcheck.model.evidence import GateResult
from claimcheck.report.github import github_commands, root_prefix
from claimcheck.report.junit import junit_xml
from claimcheck.report.markdown import render_summary
from claimcheck.report.text import render_gate

__all__ = ["FORMATS", "Format", "render"]


@dataclass(frozen=True)
class Format:
    """One output format of the gate: its renderer (result, project root -> text)."""

    name: str
    render: Callable[[GateResult, Path], str]
    description: str


def _json(result: GateResult, root: Path) -> str:
    return json.dumps(report_to_json(result), indent=2, ensure_ascii=False) + "\n"


def _github(result: GateResult, root: Path) -> str:
    return "\n".join(github_commands(result, root_prefix(root))) + "\n"


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", lambda r, root: render_gate(r), "a summary for a terminal, ending with the verdict"),
    Format("json", _json, "the report data (claimcheck.report/2)"),
    Format("github", _github, "GitHub workflow commands annotating manifest and Lean lines"),
    Format("junit", lambda r, root: junit_xml(r, root_prefix(root)), "JUnit XML, a test case per claim"),
    Format("markdown", lambda r, root: render_summary(r), "Markdown (a CI step summary)"),
)}


def render(name: str, result: GateResult, root: Path) -> str:
    return FORMATS[name].render(result, root)
