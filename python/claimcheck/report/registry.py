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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimcheck.model.evidence import GateResult

__all__ = ["FORMATS", "Format", "render"]


@dataclass(frozen=True)
class Format:
    """One output format of the gate: its renderer (result, project root -> text)."""

    name: str
    render: Callable[[GateResult, Path], str]
    description: str


# Each renderer imports its module when it runs: the command line lists the formats (``--format``)
# on every start, and most commands render none of them.

def _text(result: GateResult, root: Path) -> str:
    from claimcheck.report.text import render_gate

    return render_gate(result)


def _json(result: GateResult, root: Path) -> str:
    from claimcheck.model.codec import report_to_json

    return json.dumps(report_to_json(result), indent=2, ensure_ascii=False) + "\n"


def _github(result: GateResult, root: Path) -> str:
    from claimcheck.report.github import github_commands, root_prefix

    return "\n".join(github_commands(result, root_prefix(root))) + "\n"


def _junit(result: GateResult, root: Path) -> str:
    from claimcheck.report.github import root_prefix
    from claimcheck.report.junit import junit_xml

    return junit_xml(result, root_prefix(root))


def _markdown(result: GateResult, root: Path) -> str:
    from claimcheck.report.markdown import render_summary

    return render_summary(result)


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", _text, "a summary for a terminal, ending with the verdict"),
    Format("json", _json, "the report data (claimcheck.report/2)"),
    Format("github", _github, "GitHub workflow commands annotating manifest and Lean lines"),
    Format("junit", _junit, "JUnit XML, a test case per claim"),
    Format("markdown", _markdown, "Markdown (a CI step summary)"),
)}


def render(name: str, result: GateResult, root: Path) -> str:
    """``result`` in the format ``name``, every control character made visible (:mod:`claimcheck.escape`:
    JSON stays valid with the same data, JUnit well-formed XML 1.0)."""
    from claimcheck.escape import visible

    return visible(FORMATS[name].render(result, root))
