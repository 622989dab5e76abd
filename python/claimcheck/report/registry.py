"""Every output format of every command, in one place: adding a format is adding one entry.

A format means the same for every command (:data:`FORMATS`): ``text`` is for a terminal, ``json``
the command's document with its schema marker, ``markdown`` Markdown (a CI step summary),
``github`` workflow commands, ``junit`` JUnit XML. Each command renders one document, and each of
its formats is a renderer of that document's model (:data:`RENDERERS`), never of another format's
output: ``check``, ``report`` and ``all`` the gate's
:class:`~claimcheck.model.evidence.GateResult`; ``status`` the declarations'
:class:`~claimcheck.model.facts.DeclFacts`; ``build`` the
:class:`~claimcheck.lean.build.BuildReport`; ``diff`` the
:class:`~claimcheck.claims.diff.DiffResult`. The HTML report folder
(:func:`claimcheck.report.render.write_report`) holds the HTML pages and the gate's ``json``,
``markdown`` and ``junit`` renderings and the badge. How each state shows in each format is written
once, in :mod:`claimcheck.report.states`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from claimcheck.claims.diff import DiffResult
    from claimcheck.lean.build import BuildReport
    from claimcheck.model.evidence import GateResult
    from claimcheck.model.facts import DeclFacts

__all__ = ["Document", "FORMATS", "Format", "RENDERERS", "formats", "render", "render_document"]


class Document(StrEnum):
    """What a command renders."""

    GATE = "gate"  # check, report, all
    STATUS = "status"
    BUILD = "build"
    DIFF = "diff"


@dataclass(frozen=True)
class Format:
    """One output format: its name and what it is, the same for every command."""

    name: str
    description: str


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", "for a terminal (the gate's ends with its verdict)"),
    Format("json", "the command's document with its schema marker"),
    Format("github", "GitHub workflow commands annotating manifest and Lean lines"),
    Format("junit", "JUnit XML, a test case per claim"),
    Format("markdown", "Markdown (a CI step summary)"),
)}

# Each renderer imports its module when it runs: the command line lists the formats (``--format``)
# on every start, and most commands render none of them. ``root`` is the project root (for paths).


def _gate_text(result: GateResult, root: Path) -> str:
    from claimcheck.report.text import render_gate

    return render_gate(result)


def _gate_json(result: GateResult, root: Path) -> str:
    from claimcheck.model.codec import report_to_json

    return _dump(report_to_json(result))


def _gate_github(result: GateResult, root: Path) -> str:
    from claimcheck.report.github import github_commands, root_prefix

    return "\n".join(github_commands(result, root_prefix(root))) + "\n"


def _gate_junit(result: GateResult, root: Path) -> str:
    from claimcheck.report.github import root_prefix
    from claimcheck.report.junit import junit_xml

    return junit_xml(result, root_prefix(root))


def _gate_markdown(result: GateResult, root: Path) -> str:
    from claimcheck.report.markdown import render_summary

    return render_summary(result)


def _status_text(records: list[DeclFacts], root: Path, statements: bool = False, dependencies: str | None = None,
                 notes: Sequence[str] = ()) -> str:
    """The status table, then the notes (a definition a native build refuses, a required package's
    module without outputs, a missing package) and the workspace's dependencies line."""
    from claimcheck.report.text import render_status

    return (render_status(records, statements=statements) + "".join(f"{n}\n" for n in notes)
            + (f"{dependencies}\n" if dependencies else ""))


def _status_json(records: list[DeclFacts], root: Path, statements: bool = False, dependencies: str | None = None,
                 notes: Sequence[str] = ()) -> str:
    from claimcheck.model.codec import facts_to_json

    return _dump(facts_to_json(records, dependencies, list(notes)))


def _build_text(report: BuildReport, root: Path) -> str:
    lines = [m.render() for r in report.modules.values() for m in r.messages if m.severity in ("error", "warning")]
    return "".join(line + "\n" for line in lines) + report.summary(errors=False) + "\n"


def _build_json(report: BuildReport, root: Path) -> str:
    from claimcheck.report.schema import BUILD_SCHEMA, marked

    return json.dumps(marked(BUILD_SCHEMA, report.to_json()), indent=2) + "\n"


def _diff_markdown(result: DiffResult, root: Path) -> str:
    from claimcheck.claims.diff import render_markdown

    return render_markdown(result) + "\n"


def _diff_json(result: DiffResult, root: Path) -> str:
    from claimcheck.claims.diff import diff_to_json

    return _dump(diff_to_json(result))


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


#: Each document's renderers by format; the first is the command's default.
RENDERERS: dict[Document, dict[str, Callable[..., str]]] = {
    Document.GATE: {"text": _gate_text, "json": _gate_json, "github": _gate_github, "junit": _gate_junit,
                    "markdown": _gate_markdown},
    Document.STATUS: {"text": _status_text, "json": _status_json},
    Document.BUILD: {"text": _build_text, "json": _build_json},
    Document.DIFF: {"markdown": _diff_markdown, "json": _diff_json},
}


def formats(document: Document) -> list[Format]:
    """The formats a document renders in, its default first."""
    return [FORMATS[name] for name in RENDERERS[document]]


def render_document(document: Document, fmt: str, value: Any, root: Path, **options: Any) -> str:
    """``value`` (the document's model) in the format ``fmt``, every control character made visible
    (:mod:`claimcheck.escape`: JSON stays valid with the same data, JUnit well-formed XML 1.0)."""
    from claimcheck.escape import visible

    return visible(RENDERERS[document][fmt](value, root, **options))


def render(name: str, result: GateResult, root: Path) -> str:
    """The gate's result in the format ``name``."""
    return render_document(Document.GATE, name, result, root)
