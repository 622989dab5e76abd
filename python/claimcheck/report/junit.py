"""JUnit XML: a ``testsuite`` per paper, a ``testcase`` per claim, then the build, the instance
cross-checks and the project's own findings.

A claim's outcome comes from :mod:`claimcheck.report.states`: a failing claim has a ``failure``
(its first error as ``message``, every finding in the text), a claim that is not formalised or is
formalised but open is ``skipped``, a holding one passes (its coverage in ``system-out``). An
instance cross-check that is not cross-checked is ``skipped`` unless the project requires it; a
stale ``formalization.yaml`` is a failing test case of the ``project`` suite.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from claimcheck.model.evidence import GateResult, Severity
from claimcheck.report.github import _join
from claimcheck.report.states import JUnit, claim_state, instance_state

__all__ = ["junit_xml"]


def _case(classname: str, name: str, file: str | None = None, line: int | None = None) -> ET.Element:
    case = ET.Element("testcase", classname=classname, name=name, time="0")
    if file:
        case.set("file", file)
        if line:
            case.set("line", str(line))
    return case


def _outcome(case: ET.Element, outcome: JUnit, message: str, text: str = "", kind: str = "") -> None:
    if outcome is JUnit.FAILED:
        failure = ET.SubElement(case, "failure", message=message, type=kind or "failure")
        failure.text = text or message
    elif outcome is JUnit.SKIPPED:
        ET.SubElement(case, "skipped", message=message)


def _suite(root: ET.Element, name: str, cases: list[ET.Element], timestamp: str) -> None:
    if not cases:
        return
    suite = ET.SubElement(root, "testsuite", name=name, timestamp=timestamp.removesuffix("Z"))
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
    suite.set("errors", "0")
    suite.set("skipped", str(sum(1 for c in cases if c.find("skipped") is not None)))
    suite.set("time", "0")
    suite.extend(cases)


def junit_xml(result: GateResult, prefix: str = "") -> str:
    """The gate's result as JUnit XML (see the module docstring)."""
    root = ET.Element("testsuites", name="claimcheck")
    for paper in result.papers:
        cases = []
        for claim in paper.claims:
            case = _case(paper.id, f"{claim.id} ({claim.label})", _join(prefix, paper.manifest), claim.line)
            state = claim_state(claim.state)
            errors = [p.message for p in claim.problems if p.severity is Severity.ERROR]
            if state.junit is JUnit.FAILED:
                _outcome(case, JUnit.FAILED, errors[0] if errors else "fails", "\n".join(errors), "claim fails")
            elif state.junit is JUnit.SKIPPED:
                why = claim.reason or "no formal statement and no witness"
                _outcome(case, JUnit.SKIPPED, f"{state.words}: {why}" if claim.state == "informal" else state.words)
            lines = [f"{state.words} [{claim.tier}]"]
            if claim.coverage is not None and claim.is_formal:
                lines.append(f"coverage: {claim.coverage}" + (f" ({claim.coverage_note})" if claim.coverage_note else ""))
            lines += [f"{f.decl}: {f.status}" for f in claim.formal]
            lines += [f"{p.severity}: {p.message}" for p in claim.problems if p.severity is not Severity.ERROR]
            out = ET.SubElement(case, "system-out")
            out.text = "\n".join(lines)
            cases.append(case)
        _suite(root, paper.id, cases, result.generated)
    cases = []
    for module in result.build.modules:
        case = _case("build" if not module.package else f"build.{module.package}", module.name, module.source)
        if module.status in ("failed", "blocked", "not-built", "stale"):
            _outcome(case, JUnit.FAILED, str(module.status), module.first_error or "", f"module {module.status}")
        cases.append(case)
    _suite(root, "build", cases, result.generated)
    deps = result.settings.dependencies_line()
    if deps:  # the kernel's treatment of dependencies, said in the report's properties
        suite = root.find("testsuite")
        props = ET.SubElement(suite if suite is not None else root, "properties")
        ET.SubElement(props, "property", name="dependencies", value=deps)
    cases = []
    for inst in result.instances:
        case = _case("instances", str(inst.decl))
        state = instance_state(inst, result.settings.strict_instances)
        _outcome(case, state.junit, f"{state.words}: {inst.detail}" if inst.detail else state.words,
                 f"Lean {inst.lean_value or '-'}, Python {inst.python_value or '-'}", str(inst.outcome))
        cases.append(case)
    _suite(root, "instances", cases, result.generated)
    cases = []
    for problem in result.problems:
        if problem.code in ("module-failed", "module-stale", "instance-disagrees", "instance-not-cross-checked"):
            continue  # a test case of the build suite, or of the instances suite
        case = _case("project", str(problem.code), problem.file, problem.line)
        outcome = {Severity.ERROR: JUnit.FAILED, Severity.WARNING: JUnit.SKIPPED}.get(problem.severity, JUnit.PASSED)
        _outcome(case, outcome, problem.message, problem.message, str(problem.code))
        cases.append(case)
    _suite(root, "project", cases, result.generated)
    suites = root.findall("testsuite")
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.set("time", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
