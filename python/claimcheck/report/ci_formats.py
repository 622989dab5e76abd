"""The gate's result in the shapes CI systems read: GitHub workflow commands, JUnit XML, a badge.

- :func:`github_commands`: one workflow command a problem, so GitHub shows it on the manifest line
  of a pull request: ``::error file=manifests/x.yaml,line=12,title=...::message`` for a claim that
  fails (each of its problems: an unproved declaration, a changed fingerprint, a failing witness),
  a module that failed to build, an instance cross-check that fails the gate, a kernel that rejects
  a declaration; ``::warning`` for what is not decided (a kernel that declined a declaration, a
  paper theorem no Lean declaration covers, a warning the gate attaches to a claim); ``::notice``
  for Lean that covers only part of a claim. :func:`github_manifest_errors` does the same for the
  issues of a :class:`~claimcheck.claims.manifest.ManifestError`.
- :func:`junit_xml`: one ``testsuite`` a paper, one ``testcase`` a claim (``failure`` with the
  reasons for a claim that fails, ``skipped`` for an informal one), plus suites for the build and
  the instance cross-checks.
- :func:`badge`: the shields.io endpoint JSON (``schemaVersion``, ``label``, ``message``,
  ``color``) that ``report/badge.json`` holds.

Values are escaped as GitHub requires: ``%``, ``\\r`` and ``\\n`` in messages, and also ``:`` and
``,`` in properties.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from claimcheck.claims.model import ClaimResult, GateResult, Label, PaperResult, Verdict

#: Kernel verdicts (a ``kernel`` field on declarations, when the gate has one): ``checked``,
#: ``rejected: <why>`` or ``undecided: <why>`` (analysis/recheck.py).
KERNEL_REJECTED = "rejected"
KERNEL_ACCEPTED = "checked"
#: Claims whose Lean covers only part of what the paper says (manifest ``coverage``).
PARTIAL_COVERAGE = ("special-case", "reconstruction")

_LOCATION = re.compile(r"^(?P<file>[^\s:][^:]*?\.lean):(?P<line>\d+)(?::(?P<col>\d+))?:")


# --------------------------------------------------------------------------- GitHub


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


def _join(prefix: str, path: str) -> str:
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


def _field(obj: Any, name: str) -> Any:
    """An optional field that newer gate results may carry (``kernel``, ``coverage``, ``warnings``)."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def _claim_commands(paper: PaperResult, claim: ClaimResult, prefix: str) -> list[str]:
    file = _join(prefix, paper.manifest)
    title = f"{paper.id} {claim.id} ({claim.label})"
    out: list[str] = []
    if claim.verdict is Verdict.FAILS:
        for problem in claim.problems or ["fails (no reason recorded)"]:
            out.append(command("error", f"{claim.id} ({claim.label}) fails: {problem}", file, claim.line, title))
    for entry in claim.formal:
        kernel = _field(entry, "kernel")
        if kernel is None:
            continue
        kind = str(kernel).split(":", 1)[0].strip()
        if kind == KERNEL_REJECTED:
            out.append(command("error", f"{entry.decl}: the kernel check rejects it ({kernel})", file, claim.line, title))
        elif kind != KERNEL_ACCEPTED:
            out.append(command("warning", f"{entry.decl}: kernel check undecided ({kernel})", file, claim.line, title))
    for warning in _field(claim, "warnings") or []:
        out.append(command("warning", f"{claim.id}: {_field(warning, 'message') or warning}", file, claim.line, title))
    if claim.verdict is Verdict.INFORMAL and claim.label in (Label.THEOREM, Label.CONDITIONAL):
        why = f" ({claim.reason})" if claim.reason else ""
        out.append(command("warning", f"{claim.id}: the paper states a {claim.label}, but no Lean declaration "
                           f"covers it{why}", file, claim.line, title))
    coverage = _field(claim, "coverage")
    if claim.formal and coverage in PARTIAL_COVERAGE:
        note = _field(claim, "coverage_note")
        out.append(command("notice", f"{claim.id}: the Lean covers a {coverage} of the claim"
                           + (f": {note}" if note else ""), file, claim.line, title))
    return out


def github_commands(result: GateResult, prefix: str = "", strict_instances: bool = True) -> list[str]:
    """Every problem of ``result`` as a workflow command; ``prefix``: the project root as seen
    from the workspace (:func:`root_prefix`); ``strict_instances``: an instance that is not
    cross-checked fails the gate (an error, else a warning). Ends with a one-line summary (``::notice`` when the
    gate passes, ``::error`` when it fails)."""
    out: list[str] = []
    for module in result.build.modules:
        if not module.first_error:
            continue
        match = _LOCATION.match(module.first_error)
        if match:
            out.append(command("error", module.first_error, _join(prefix, match["file"]), int(match["line"]),
                               f"build {module.name}"))
        else:
            out.append(command("error", f"{module.name} ({module.status}): {module.first_error}",
                               title=f"build {module.name}"))
    for paper in result.papers:
        for claim in paper.claims:
            out.extend(_claim_commands(paper, claim, prefix))
    for inst in result.instances:
        if inst.ok:
            continue
        where = result.locations.get(inst.decl)
        kind = "error" if inst.outcome == "disagree" or strict_instances else "warning"
        out.append(command(kind, f"instance {inst.decl}: {inst.outcome}: {inst.detail}",
                           _join(prefix, where.file) if where else None, where.name_line if where else None,
                           f"instance {inst.decl}"))
    summary = result.summary
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(summary["by_verdict"].items()))
    text = f"claimcheck: {summary['claims']} claims in {summary['papers']} papers: {verdicts}"
    out.append(command("notice" if result.ok else "error", text + ("; gate passes" if result.ok else "; gate fails"),
                       title="claimcheck gate"))
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


# --------------------------------------------------------------------------- JUnit


def _testcase(parent: ET.Element, classname: str, name: str, file: str | None = None,
              line: int | None = None) -> ET.Element:
    case = ET.SubElement(parent, "testcase", classname=classname, name=name, time="0")
    if file:
        case.set("file", file)
        if line:
            case.set("line", str(line))
    return case


def _suite(root: ET.Element, name: str, cases: list[ET.Element], timestamp: str) -> None:
    if not cases:
        return
    # JUnit's schema wants a timestamp without a zone (the gate's time is UTC)
    suite = ET.SubElement(root, "testsuite", name=name, timestamp=timestamp.removesuffix("Z"))
    failures = sum(1 for c in cases if c.find("failure") is not None)
    skipped = sum(1 for c in cases if c.find("skipped") is not None)
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(failures))
    suite.set("errors", "0")
    suite.set("skipped", str(skipped))
    suite.set("time", "0")
    suite.extend(cases)


def junit_xml(result: GateResult, prefix: str = "") -> str:
    """The gate's result as JUnit XML: ``testsuites`` > one ``testsuite`` a paper (then
    ``build`` and ``instances``) > ``testcase``; a claim that fails has a ``failure`` whose
    ``message`` is its first problem and whose text lists them all; an informal claim is
    ``skipped`` (nothing formal to check)."""
    root = ET.Element("testsuites", name="claimcheck")
    holder = ET.Element("holder")  # test cases are made first, then grouped into their suite
    for paper in result.papers:
        cases = []
        for claim in paper.claims:
            case = _testcase(holder, paper.id, f"{claim.id} ({claim.label})", _join(prefix, paper.manifest), claim.line)
            if claim.verdict is Verdict.FAILS:
                problems = claim.problems or ["fails (no reason recorded)"]
                failure = ET.SubElement(case, "failure", message=problems[0], type="claim fails")
                failure.text = "\n".join(problems)
            elif claim.verdict is Verdict.INFORMAL:
                why = claim.reason or "no formal statement and no witness"
                ET.SubElement(case, "skipped", message=f"informal: {why}")
            if claim.formal:
                out = ET.SubElement(case, "system-out")
                out.text = "\n".join(f"{f.decl}: {f.status}" for f in claim.formal)
            holder.remove(case)
            cases.append(case)
        _suite(root, paper.id, cases, result.generated)
    cases = []
    for module in result.build.modules:
        case = _testcase(holder, "build", module.name)
        if module.status in ("failed", "blocked"):
            failure = ET.SubElement(case, "failure", message=f"{module.status}", type=f"module {module.status}")
            failure.text = module.first_error or ""
        holder.remove(case)
        cases.append(case)
    _suite(root, "build", cases, result.generated)
    cases = []
    for inst in result.instances:
        case = _testcase(holder, "instances", inst.decl)
        if not inst.ok:
            failure = ET.SubElement(case, "failure", message=f"{inst.outcome}: {inst.detail}", type=inst.outcome)
            failure.text = f"Lean {inst.lean_value}, Python {inst.python_value}"
        holder.remove(case)
        cases.append(case)
    _suite(root, "instances", cases, result.generated)
    suites = root.findall("testsuite")
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.set("time", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --------------------------------------------------------------------------- badge


def badge(result: GateResult) -> dict[str, Any]:
    """The shields.io endpoint JSON: ``claims`` / ``N hold / M`` in green when the gate passes
    and every claim holds, yellow when it passes with informal claims, red when it fails."""
    claims = result.claims
    holds = sum(1 for c in claims if c.verdict is Verdict.HOLDS)
    fails = sum(1 for c in claims if c.verdict is Verdict.FAILS)
    message = f"{holds} hold / {len(claims)}"
    if fails:
        message += f", {fails} fail"
    if not result.ok:
        color = "red"
    elif holds == len(claims):
        color = "brightgreen"
    else:
        color = "yellow"
    return {"schemaVersion": 1, "label": "claims", "message": message, "color": color}
