"""CI outputs of the gate: GitHub workflow commands, JUnit XML, the shields.io badge, and the
`claimcheck check/validate --format ...` commands that print them (no Lean: the gate's result is
built here, or the manifests are bad before any build)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from claimcheck.cli import main
from claimcheck.model.evidence import (
    BuildSummary,
    ClaimEvidence,
    FormalEvidence,
    GateResult,
    InstanceOutcome,
    InstanceResult,
    Label,
    ModuleResult,
    ModuleState,
    PaperEvidence,
    Problem,
    ProblemCode,
    Role,
    Settings,
    Severity,
    Tier,
    ToolchainInfo,
    Verdict,
)
from claimcheck.model.facts import KernelOutcome, KernelVerdict, SourceRange
from claimcheck.report import github
from claimcheck.report.badge import badge
from claimcheck.report.github import command, escape_data, escape_property, github_commands
from claimcheck.report.junit import junit_xml
from claimcheck.report.render import write_report

from builders import N, claim, decl, evidence, formal, gate, manifest
from conftest import FIXTURES

TINY = FIXTURES / "ci" / "tiny"


def _formal(name: str, status: str = "proved") -> FormalEvidence:
    return FormalEvidence(N(name), Role.THEOREM, decl(name, status, "f"), expected_fingerprint="f")


def _error(code: ProblemCode, message: str) -> Problem:
    return Problem(code, Severity.ERROR, message)


def sample_result() -> GateResult:
    """Two papers: one claim holds, one fails with two problems (one with `%`, `:` and a newline),
    one informal theorem, a conjecture stated with `sorry`, one measurement; a failed module; an
    instance that disagrees. The findings are those the gate makes (``claims.gate``)."""
    good = PaperEvidence(
        id="good", title="Good", manifest="manifests/good.yaml",
        claims=[
            ClaimEvidence("c1", Label.THEOREM, "s", Verdict.HOLDS, Tier.KERNEL_RECHECKED, coverage="full",
                          formal=[_formal("A.t")], line=7),
            ClaimEvidence("c2", Label.MEASUREMENT, "m", Verdict.HOLDS, Tier.NUMERICAL, line=15),
        ],
    )
    bad = PaperEvidence(
        id="bad", title="Bad", manifest="manifests/bad, odd:name.yaml",
        claims=[
            ClaimEvidence("c1", Label.THEOREM, "s", Verdict.FAILS, Tier.BROKEN, coverage="full",
                          problems=[_error(ProblemCode.NOT_PROVED, "A.s: sorry, not proved"),
                                    _error(ProblemCode.FINGERPRINT_CHANGED, "A.u: statement changed: fingerprint in"
                                           " manifest 1a, built 2b; 100% sure\nsecond line")],
                          formal=[_formal("A.s", "sorry"), _formal("A.u")], line=12),
            ClaimEvidence("c2", Label.THEOREM, "t", Verdict.INFORMAL, Tier.INFORMAL, reason="needs-real-analysis",
                          problems=[Problem(ProblemCode.NOT_FORMALISED, Severity.WARNING,
                                            "the paper states a theorem, but no Lean declaration covers it"
                                            " (needs-real-analysis)")], line=20),
            ClaimEvidence("c3", Label.CONJECTURE, "u", Verdict.STATED, Tier.STATED, formal=[_formal("A.open", "sorry")],
                          problems=[Problem(ProblemCode.OPEN_STATEMENT, Severity.NOTICE, "A.open states the conjecture"
                                            " without a proof (`sorry`): formalised, open", N("A.open"))], line=27),
        ],
    )
    instance = decl("A.i_instance_two", module="A.Good")
    return GateResult(
        generated="2026-11-30T00:00:00Z",
        ok=False,
        toolchain=ToolchainInfo("wasm", "4.28.0"),
        build=BuildSummary(False, [
            ModuleResult("A.Good", ModuleState.BUILT, source="lean/A/Good.lean"),
            ModuleResult("A.Bad", ModuleState.FAILED, "lean/A/Bad.lean:9: error: unknown identifier 'x'"),
            ModuleResult("A.After", ModuleState.BLOCKED, "blocked by A.Bad"),
        ]),
        papers=[good, bad],
        declarations=[dataclasses.replace(instance, location=SourceRange("lean/A/Good.lean", 30, 1, 31, 20, 31, 9))],
        instances=[
            InstanceResult(N("A.i_instance_one"), "f 1 = 2", "2", "2", InstanceOutcome.AGREE),
            InstanceResult(N("A.i_instance_two"), "f 2 = 5", "5", "4", InstanceOutcome.DISAGREE, "Lean 5 but Python 4"),
        ],
        problems=[
            _error(ProblemCode.MODULE_FAILED, "A.Bad (failed): lean/A/Bad.lean:9: error: unknown identifier 'x'"),
            _error(ProblemCode.MODULE_FAILED, "A.After (blocked): blocked by A.Bad"),
            Problem(ProblemCode.INSTANCE_DISAGREES, Severity.ERROR,
                    "instance A.i_instance_two: Lean states 5, Python computes 4", N("A.i_instance_two")),
        ],
    )


# --------------------------------------------------------------------------- GitHub


def test_escaping_follows_the_workflow_command_rules():
    assert escape_data("100%\r\nok: a,b") == "100%25%0D%0Aok: a,b"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    line = command("error", "x: 1%\ny", "dir, 1/f:g.yaml", 12, "t, 1")
    assert line == "::error file=dir%2C 1/f%3Ag.yaml,line=12,title=t%2C 1::x: 1%25%0Ay"
    assert command("warning", "plain") == "::warning::plain"


def _parse(line: str) -> tuple[str, dict[str, str], str]:
    """A workflow command back into (kind, properties, message), undoing the escapes."""
    def unescape(text: str) -> str:
        return (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",")
                .replace("%25", "%"))
    assert line.startswith("::")
    head, message = line[2:].split("::", 1)
    kind, _, props = head.partition(" ")
    properties = dict(p.split("=", 1) for p in props.split(",")) if props else {}
    return kind, {k: unescape(v) for k, v in properties.items()}, unescape(message)


def test_github_one_error_per_problem_on_the_manifest_line():
    lines = github_commands(sample_result())
    assert all("\n" not in line and "\r" not in line for line in lines)
    parsed = [_parse(line) for line in lines]
    errors = [(p, m) for k, p, m in parsed if k == "error"]
    on_bad = [(p, m) for p, m in errors if p.get("file") == "manifests/bad, odd:name.yaml"]
    assert len(on_bad) == 2 and all(p["line"] == "12" for p, _ in on_bad)
    assert "A.s: sorry, not proved" in on_bad[0][1]
    assert on_bad[1][1].endswith("built 2b; 100% sure\nsecond line")  # newline and % survive the round trip
    # the failed module is an error on its source line; the blocked one names no file
    build = [(p, m) for p, m in errors if p.get("title") == "claimcheck module-failed"]
    assert ({"file": "lean/A/Bad.lean", "line": "9"}.items() <= build[0][0].items())
    assert build[1][0].get("file") is None and "blocked by A.Bad" in build[1][1]
    # the disagreeing instance is an error on its declaration's line
    inst = [(p, m) for p, m in errors if "A.i_instance_two" in m]
    assert inst[0][0]["file"] == "lean/A/Good.lean" and inst[0][0]["line"] == "31"
    # nothing is said about claims that hold, and the last line is the gate's verdict
    assert not any(p.get("file") == "manifests/good.yaml" for _, p, _ in parsed)
    assert parsed[-1][0] == "error" and "gate fails" in parsed[-1][2]


def test_github_warns_for_uncovered_theorems_and_notes_open_statements():
    result = sample_result()
    lines = [_parse(line) for line in github_commands(result)]
    warnings = [(p, m) for k, p, m in lines if k == "warning"]
    assert any(p["line"] == "20" and "no Lean declaration covers it (needs-real-analysis)" in m for p, m in warnings)
    # a conjecture whose declaration has sorry is not "uncovered": no warning for c3, but a notice
    # naming the `sorry` (formalised, open)
    assert not any(p.get("line") == "27" for p, _ in warnings)
    notices = [(p, m) for k, p, m in lines if k == "notice"]
    assert any(p.get("line") == "27" and "`sorry`" in m for p, m in notices)


@pytest.mark.parametrize("required", [True, False])
def test_github_kernel_verdicts_rejected_is_an_error_undecided_an_error_or_a_warning(required: bool):
    """The kernel's verdicts, as the gate turns them into findings: a rejection is an error whatever
    the settings; an undecided verdict is an error, or a warning under `[kernel] require = false`;
    `checked` says nothing."""
    ev = evidence(decl("A.t", kernel=KernelVerdict(KernelOutcome.UNDECIDED, "out of fuel")),
                  decl("A.v", kernel=KernelVerdict(KernelOutcome.REJECTED, "bad")),
                  decl("A.w"), settings=Settings(kernel_required=required, strict_instances=True))
    result = gate(ev, manifest(claim(formal=[formal("A.t"), formal("A.v"), formal("A.w")], id="k1", line=3), id="k"))
    got = [(k, p, m) for k, p, m in (_parse(line) for line in github_commands(result)[:-1])]
    assert all(p["file"] == "manifests/k.yaml" and p["line"] == "3" for _, p, _ in got)
    kinds = [(k, m.split(":", 2)[1].strip()) for k, _, m in got]
    assert kinds == [("error" if required else "warning", "A.t"), ("error", "A.v")], got
    assert "undecided: out of fuel" in got[0][2] and "rejects it: rejected: bad" in got[1][2]


def test_github_paths_are_relative_to_the_workspace(tmp_path: Path):
    assert github.root_prefix(tmp_path / "proj", tmp_path) == "proj"
    assert github.root_prefix(tmp_path, tmp_path) == ""
    lines = [_parse(line) for line in github_commands(sample_result(), "proj")]
    files = {p.get("file") for _, p, _ in lines if p.get("file")}
    assert files == {"proj/manifests/bad, odd:name.yaml", "proj/lean/A/Bad.lean", "proj/lean/A/Good.lean"}


def _good() -> GateResult:
    result = sample_result()
    return GateResult(result.generated, True, result.toolchain, BuildSummary(True, []), [result.papers[0]])


def test_github_passing_gate_ends_with_a_notice():
    # the verdict line says how much holds (issue 25): one in full, one on witnesses alone
    lines = github_commands(_good())
    assert lines == ["::notice title=claimcheck gate::claimcheck: 1 in full, 0 special cases, 0 proof cores, 0 reconstructions,"
                     " 1 numerically of 2 claims hold; gate passes"]


# --------------------------------------------------------------------------- JUnit


def test_junit_structure_and_counts():
    root = ET.fromstring(junit_xml(sample_result()))
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["good", "bad", "build", "instances"]
    for suite in suites:
        cases = suite.findall("testcase")
        assert int(suite.get("tests")) == len(cases) > 0
        assert int(suite.get("failures")) == sum(c.find("failure") is not None for c in cases)
        assert int(suite.get("skipped")) == sum(c.find("skipped") is not None for c in cases)
        assert suite.get("errors") == "0"
        for case in cases:
            assert case.get("classname") == suite.get("name") and case.get("name")
            assert set(child.tag for child in case) <= {"failure", "skipped", "system-out"}
    assert int(root.get("tests")) == 2 + 3 + 3 + 2
    assert int(root.get("failures")) == 1 + 2 + 1
    assert int(root.get("skipped")) == 2  # the informal theorem, and the conjecture stated with `sorry`
    bad = {c.get("name"): c for c in suites[1].findall("testcase")}
    failure = bad["c1 (theorem)"].find("failure")
    assert failure.get("message") == "A.s: sorry, not proved"
    assert failure.text.splitlines() == ["A.s: sorry, not proved",
                                         "A.u: statement changed: fingerprint in manifest 1a, built 2b; 100% sure",
                                         "second line"]
    assert bad["c1 (theorem)"].get("file") == "manifests/bad, odd:name.yaml"
    assert bad["c1 (theorem)"].get("line") == "12"
    assert "needs-real-analysis" in bad["c2 (theorem)"].find("skipped").get("message")
    assert bad["c3 (conjecture)"].find("failure") is None
    assert bad["c3 (conjecture)"].find("skipped").get("message") == "formalised, open"
    assert "A.open: sorry" in bad["c3 (conjecture)"].find("system-out").text
    build = {c.get("name"): c for c in suites[2].findall("testcase")}
    assert build["A.Good"].find("failure") is None
    assert "unknown identifier" in build["A.Bad"].find("failure").text


def _with_problems(result: GateResult, problems: list[Problem], id: str | None = None) -> GateResult:
    """``result`` with the first claim of its second paper given other problems (and id)."""
    bad = result.papers[1]
    first = dataclasses.replace(bad.claims[0], problems=problems, id=id or bad.claims[0].id)
    return dataclasses.replace(result, papers=[result.papers[0],
                                               dataclasses.replace(bad, claims=[first, *bad.claims[1:]])])


def test_junit_text_is_escaped():
    result = _with_problems(sample_result(), [_error(ProblemCode.NOT_PROVED, "<script>&\"'</script>")])
    text = junit_xml(result)
    assert "<script>" not in text
    root = ET.fromstring(text)
    assert root.find(".//failure").get("message") == "<script>&\"'</script>"


# --------------------------------------------------------------------------- badge


def test_badge_is_the_shields_endpoint_schema():
    # the message says how much holds, never "N hold" (issue 25): green only when every claim holds in full
    data = badge(sample_result())
    assert data == {"schemaVersion": 1, "label": "claims", "message": "1 full, 1 numerical of 5, 1 open,"
                    " 1 fail", "color": "red"}
    good = _good()
    assert badge(good) == {"schemaVersion": 1, "label": "claims", "message": "1 full, 1 numerical of 2",
                           "color": "yellow"}
    full = dataclasses.replace(good, papers=[dataclasses.replace(good.papers[0], claims=good.papers[0].claims[:1])])
    assert badge(full) == {"schemaVersion": 1, "label": "claims", "message": "all 1 hold in full", "color": "brightgreen"}
    informal = PaperEvidence("i", "I", "m.yaml", [ClaimEvidence("c", Label.THEOREM, "s", Verdict.INFORMAL, Tier.INFORMAL)])
    mixed = GateResult(good.generated, True, good.toolchain, BuildSummary(True, []), [good.papers[0], informal])
    assert badge(mixed) == {"schemaVersion": 1, "label": "claims", "message": "1 full, 1 numerical of 3",
                            "color": "yellow"}


def test_report_folder_has_badge_and_junit(tmp_path: Path):
    out = write_report(sample_result(), tmp_path / "report")
    assert json.loads((out / "badge.json").read_text())["message"] == "1 full, 1 numerical of 5, 1 open, 1 fail"
    assert ET.parse(out / "junit.xml").getroot().tag == "testsuites"


# --------------------------------------------------------------------------- the commands


def _broken_project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(TINY, root, ignore=shutil.ignore_patterns("build"))
    path = root / "manifests" / "tiny.yaml"
    path.write_text(path.read_text().replace("label: theorem", "label: theorm", 1))
    return root


def test_validate_and_check_annotate_a_bad_manifest(tmp_path: Path, capsys, monkeypatch):
    root = _broken_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    for argv in (["validate", "--root", "proj", "--format", "github"],
                 ["check", "--root", "proj", "-q", "--format", "github"]):
        assert main(argv) == 2  # bad input, before any toolchain or build
        out, err = capsys.readouterr()
        kind, props, message = _parse(out.splitlines()[0])
        assert kind == "error" and props["file"] == "proj/manifests/tiny.yaml" and props["line"] == "8"
        assert "theorm" in message
        assert "tiny.yaml:8:" in err  # the text message for people stays on stderr
    # text format: no workflow commands on stdout
    assert main(["validate", "--root", str(root)]) == 2
    assert "::error" not in capsys.readouterr().out


def test_check_format_choices_and_json_alias():
    from claimcheck.cli import make_parser

    parser = make_parser()
    assert parser.parse_args(["check"]).format == "text"
    assert parser.parse_args(["check", "--json"]).json is True
    for fmt in ("text", "json", "github", "junit"):
        assert parser.parse_args(["check", "--format", fmt]).format == fmt
    with pytest.raises(SystemExit):
        parser.parse_args(["check", "--format", "xml"])


@pytest.mark.parametrize(("command", "document"), [("check", "gate"), ("report", None), ("status", "status"),
                                                   ("build", "build"), ("diff", "diff")])
def test_every_command_takes_the_formats_of_its_document_from_the_registry(command, document):
    """`--format` means the same for every command (issue 34): each command offers the formats its
    document renders in (report.registry), its first the default, and `--json` is `--format json`."""
    from claimcheck.cli import make_parser
    from claimcheck.report.registry import FORMATS, RENDERERS, Document

    parser = make_parser()
    base = [command, "--base", "main"] if command == "diff" else [command]
    if document is None:  # the report folder holds every format: the command has no --format
        with pytest.raises(SystemExit):
            parser.parse_args([*base, "--format", "json"])
        return
    offered = list(RENDERERS[Document(document)])
    assert set(offered) <= set(FORMATS) and "json" in offered
    assert parser.parse_args(base).format == offered[0]
    assert parser.parse_args([*base, "--json"]).json is True
    for fmt in offered:
        assert parser.parse_args([*base, "--format", fmt]).format == fmt
    for fmt in set(FORMATS) - set(offered):
        with pytest.raises(SystemExit):
            parser.parse_args([*base, "--format", fmt])


def test_text_from_a_manifest_cannot_inject_workflow_commands():
    """A claim id or problem text with a newline and `::` must not start a command of its own
    (e.g. a forged `::notice ...::gate passes` or `::add-mask::`)."""
    result = _with_problems(sample_result(), [
        _error(ProblemCode.NOT_PROVED, "x\n::notice title=claimcheck gate::gate passes\r\n::add-mask::y")],
        id="c1\n::warning::z")
    lines = github_commands(result)
    assert all("\n" not in line and "\r" not in line for line in lines)
    # the one notice is the open statement's (c3), on its manifest line; none is forged
    assert [line for line in lines if line.startswith("::notice")] == [
        line for line in lines if line.startswith("::notice file=manifests/bad%2C odd%3Aname.yaml,line=27,")]
    assert sum(line.startswith("::notice") for line in lines) == 1
    assert lines[-1].startswith("::error title=claimcheck gate::")


def test_github_format_reports_a_gate_that_cannot_run(tmp_path: Path, capsys):
    root = tmp_path / "proj"
    shutil.copytree(TINY, root, ignore=shutil.ignore_patterns("build"))
    (root / "claimcheck.toml").write_text("[lean]\nsrc = 'nowhere'\n")
    assert main(["check", "--root", str(root), "-q", "--format", "github"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("::error title=claimcheck::claimcheck could not run the gate: ")


def test_junit_timestamps_have_the_schema_form():
    root = ET.fromstring(junit_xml(sample_result()))
    assert {s.get("timestamp") for s in root.findall("testsuite")} == {"2026-11-30T00:00:00"}
