"""GitHub workflow commands: one annotation per finding, on the manifest line or the Lean line.

``::error file=manifests/x.yaml,line=12,title=...::message`` for each error of a claim (a
declaration not proved, a changed fingerprint, a failing witness, a kernel rejection, ...), a module
that failed to build (on its Lean line), a stale ``formalization.yaml`` (on the file), an instance
cross-check that fails; ``::warning`` for what is flagged or undecided; ``::notice`` for what
informs (a special case, proof core or reconstruction: one per such claim; a conjecture stated with a
``sorry``). The level of each comes from :mod:`claimcheck.report.states`. The last line is the
gate's verdict with the headline, ``::notice`` when it passes and ``::error`` when it fails.

Values are escaped as GitHub requires: ``%``, ``\\r`` and ``\\n`` in messages, and also ``:`` and
``,`` in properties.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from claimcheck.model.evidence import GateResult, ProblemCode
from claimcheck.report.states import SEVERITY_LEVEL

__all__ = ["command", "escape_data", "escape_property", "github_commands", "github_manifest_errors", "root_prefix"]

_LOCATION = re.compile(r"^(?P<file>[^\s:][^:]*?\.lean):(?P<line>\d+)(?::(?P<col>\d+))?:")


def escape_data(text: str) -> str:
    """A workflow command's message: ``%``, ``\\r``, ``\\n`` percent-encoded."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as a message, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, file: str | None = None, line: int | None = None,
            title: str | None = None) -> str:
    """One workflow command line: ``::kind file=...,line=...,title=...::message``."""
    props = []
    if file:
        props.append(f"file={escape_property(file)}")
        if line and line > 0:
            props.append(f"line={int(line)}")
    if title:
        props.append(f"title={escape_property(title)}")
    head = f"::{kind} {','.join(props)}" if props else f"::{kind}"
    return f"{head}::{escape_data(message)}"


def _join(prefix: str, path: str | None) -> str | None:
    """``path`` (relative to the project root) as seen from where the command runs."""
    if not path:
        return path
    if os.path.isabs(path):
        return path
    return Path(os.path.normpath(os.path.join(prefix, path))).as_posix() if prefix not in ("", ".") else path


def root_prefix(root: Path, cwd: Path | None = None) -> str:
    """The project root relative to ``cwd`` (GitHub resolves ``file=`` against the workspace)."""
    cwd = Path.cwd() if cwd is None else cwd
    rel = os.path.relpath(Path(root).resolve(), Path(cwd).resolve())
    return "" if rel == "." else Path(rel).as_posix()


def github_commands(result: GateResult, prefix: str = "") -> list[str]:
    """Every finding of ``result`` as a workflow command (``prefix``: the project root as seen from
    the workspace, :func:`root_prefix`), ending with the verdict."""
    out: list[str] = []
    located = {d.name: d.location for d in result.declarations if d.location is not None}
    for problem in result.problems:
        file, line = problem.file, problem.line
        if problem.code is ProblemCode.MODULE_FAILED:
            match = _LOCATION.search(problem.message.split(": ", 1)[-1])
            if match:
                file, line = match["file"], int(match["line"])
        elif file is None and problem.decl in located:  # e.g. an instance cross-check: on its Lean line
            where = located[problem.decl]
            file, line = where.file, where.name_line or where.line
        out.append(command(SEVERITY_LEVEL[problem.severity], problem.message, _join(prefix, file), line,
                           f"claimcheck {problem.code}"))
    for paper in result.papers:
        for claim in paper.claims:
            file = _join(prefix, paper.manifest)
            title = f"{paper.id} {claim.id} ({claim.label})"
            for problem in claim.problems:
                out.append(command(SEVERITY_LEVEL[problem.severity], f"{claim.id}: {problem.message}", file,
                                   problem.line or claim.line, title))
    deps = result.settings.dependencies_line()
    if deps:
        out.append(command("notice", deps, title="claimcheck dependencies"))
    headline = result.summary.headline()
    verdict = "gate passes" if result.ok else "gate fails"
    out.append(command("notice" if result.ok else "error", f"claimcheck: {headline}; {verdict}", title="claimcheck gate"))
    return out


def github_manifest_errors(issues: Iterable[Any], prefix_from: Path | None = None) -> list[str]:
    """``::error`` commands for manifest issues (each with ``path``, ``line``, ``message``);
    paths are made relative to ``prefix_from`` (default: the current folder) when inside it."""
    base = Path.cwd() if prefix_from is None else Path(prefix_from)
    out = []
    for issue in issues:
        path = Path(issue.path)
        try:
            shown = path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            shown = str(path)
        out.append(command("error", issue.message, shown, issue.line, "invalid manifest"))
    return out
