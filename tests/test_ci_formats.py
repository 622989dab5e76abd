"""CI outputs of the gate: GitHub workflow commands, JUnit XML, the shields.io badge, and the
`claimcheck check/validate --format ...` commands that print them (no Lean: the gate's result is
built here, or the manifests are bad before any build)."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from claimcheck.claims.model import (
    BuildSummary,
    ClaimResult,
    FormalEntry,
    GateResult,
    InstanceResult,
    Label,
    ModuleResult,
    ModuleState,
    PaperResult,
    SourceRange,
    ToolchainInfo,
    Verdict,
)
from claimcheck.cli import main
from claimcheck.report import ci_formats
from claimcheck.report.ci_formats import badge, command, escape_data, escape_property, github_commands, junit_xml
from claimcheck.report.render import write_report

from conftest import FIXTURES

TINY = FIXTURES / "ci" / "tiny"


def _formal(decl: str, status: str = "proved", **kw) -> FormalEntry:
    return FormalEntry(decl=decl, status=status, module="M", kind="theorem", fingerprint="f", expected_fingerprint="f",
                       fingerprint_ok=True, **kw)


def sample_result() -> GateResult:
    """Two papers: one claim holds, one fails with two problems (one with `%`, `:` and a newline),
    one informal theorem, one measurement; a failed module; an instance that disagrees."""
    good = PaperResult(
        id="good", title="Good", manifest="manifests/good.yaml",
        claims=[
            ClaimResult("c1", Label.THEOREM, "s", Verdict.HOLDS, formal=[_formal("A.t")], line=7),
            ClaimResult("c2", Label.MEASUREMENT, "m", Verdict.HOLDS, line=15),
        ],
    )
    bad = PaperResult(
        id="bad", title="Bad", manifest="manifests/bad, odd:name.yaml",
        claims=[
            ClaimResult("c1", Label.THEOREM, "s", Verdict.FAILS,
                        problems=["A.s: sorry, not proved", "A.u: statement changed: fingerprint in manifest 1a,"
                                  " built 2b; 100% sure\nsecond line"],
                        formal=[_formal("A.s", "sorry"), _formal("A.u")], line=12),
            ClaimResult("c2", Label.THEOREM, "t", Verdict.INFORMAL, reason="needs-real-analysis", line=20),
            ClaimResult("c3", Label.CONJECTURE, "u", Verdict.HOLDS, formal=[_formal("A.open", "sorry")], line=27),
        ],
    )
    return GateResult(
        generated="2026-11-30T00:00:00Z",
        ok=False,
        toolchain=ToolchainInfo("wasm", "4.28.0"),
        build=BuildSummary(False, [
            ModuleResult("A.Good", ModuleState.BUILT),
            ModuleResult("A.Bad", ModuleState.FAILED, "lean/A/Bad.lean:9: error: unknown identifier 'x'"),
            ModuleResult("A.After", ModuleState.BLOCKED, "blocked by A.Bad"),
        ]),
        papers=[good, bad],
        instances=[
            InstanceResult("A.i_instance_one", "f 1 = 2", "2", "2", "agree", True),
            InstanceResult("A.i_instance_two", "f 2 = 5", "5", "4", "disagree", False, "Lean 5 but Python 4"),
        ],
        locations={"A.i_instance_two": SourceRange("lean/A/Good.lean", 30, 1, 31, 20, 31, 9)},
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
    build = [(p, m) for p, m in errors if p.get("title", "").startswith("build ")]
    assert ({"file": "lean/A/Bad.lean", "line": "9"}.items() <= build[0][0].items())
    assert build[1][0].get("file") is None and "blocked by A.Bad" in build[1][1]
    # the disagreeing instance is an error on its declaration's line
    inst = [(p, m) for p, m in errors if "A.i_instance_two" in m]
    assert inst[0][0]["file"] == "lean/A/Good.lean" and inst[0][0]["line"] == "31"
    # nothing is said about claims that hold, and the last line is the gate's verdict
    assert not any(p.get("file") == "manifests/good.yaml" for _, p, _ in parsed)
    assert parsed[-1][0] == "error" and "gate fails" in parsed[-1][2]


def test_github_warns_for_uncovered_theorems_and_undecided_kernel_verdicts():
    result = sample_result()
    lines = [_parse(line) for line in github_commands(result)]
    warnings = [(p, m) for k, p, m in lines if k == "warning"]
    assert any(p["line"] == "20" and "no Lean declaration covers it (needs-real-analysis)" in m for p, m in warnings)
    # a conjecture whose declaration has sorry is not "uncovered": no warning for c3
    assert not any(p.get("line") == "27" for p, _ in warnings)

    # a `kernel` field (analysis/recheck.py): rejected is an error, undecided a warning, checked nothing
    class Kernel(dict):
        pass

    formal = [dict(decl="A.t", kernel="undecided: timed out after 5 s"), dict(decl="A.v", kernel="rejected: bad"),
              dict(decl="A.w", kernel="checked")]

    class Entry:
        def __init__(self, d):
            self.decl, self.kernel = d["decl"], d["kernel"]

    claim = ClaimResult("k1", Label.THEOREM, "s", Verdict.HOLDS, line=3)
    object.__setattr__(claim, "formal", [Entry(d) for d in formal])
    paper = PaperResult("k", "K", "manifests/k.yaml", [claim])
    got = [_parse(line) for line in ci_formats._claim_commands(paper, claim, "")]
    assert [(k, m) for k, _, m in got] == [
        ("warning", "A.t: kernel check undecided (undecided: timed out after 5 s)"),
        ("error", "A.v: the kernel check rejects it (rejected: bad)"),
    ]


def test_github_paths_are_relative_to_the_workspace(tmp_path: Path):
    assert ci_formats.root_prefix(tmp_path / "proj", tmp_path) == "proj"
    assert ci_formats.root_prefix(tmp_path, tmp_path) == ""
    lines = [_parse(line) for line in github_commands(sample_result(), "proj")]
    files = {p.get("file") for _, p, _ in lines if p.get("file")}
    assert files == {"proj/manifests/bad, odd:name.yaml", "proj/lean/A/Bad.lean", "proj/lean/A/Good.lean"}


def test_github_passing_gate_ends_with_a_notice():
    result = sample_result()
    good = GateResult(result.generated, True, result.toolchain, BuildSummary(True, []), [result.papers[0]])
    lines = github_commands(good)
    assert lines == ["::notice title=claimcheck gate::claimcheck: 2 claims in 1 papers: 2 holds; gate passes"]


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
    assert int(root.get("skipped")) == 1
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
    assert "A.open: sorry" in bad["c3 (conjecture)"].find("system-out").text
    build = {c.get("name"): c for c in suites[2].findall("testcase")}
    assert build["A.Good"].find("failure") is None
    assert "unknown identifier" in build["A.Bad"].find("failure").text


def test_junit_text_is_escaped():
    result = sample_result()
    claim = result.papers[1].claims[0]
    object.__setattr__(claim, "problems", ["<script>&\"'</script>"])
    text = junit_xml(result)
    assert "<script>" not in text
    root = ET.fromstring(text)
    assert root.find(".//failure").get("message") == "<script>&\"'</script>"


# --------------------------------------------------------------------------- badge


def test_badge_is_the_shields_endpoint_schema():
    data = badge(sample_result())
    assert data == {"schemaVersion": 1, "label": "claims", "message": "3 hold / 5, 1 fail", "color": "red"}
    result = sample_result()
    good = GateResult(result.generated, True, result.toolchain, BuildSummary(True, []), [result.papers[0]])
    assert badge(good)["color"] == "brightgreen" and badge(good)["message"] == "2 hold / 2"
    informal = PaperResult("i", "I", "m.yaml", [ClaimResult("c", Label.THEOREM, "s", Verdict.INFORMAL)])
    mixed = GateResult(result.generated, True, result.toolchain, BuildSummary(True, []), [result.papers[0], informal])
    assert badge(mixed) == {"schemaVersion": 1, "label": "claims", "message": "2 hold / 3", "color": "yellow"}


def test_report_folder_has_badge_and_junit(tmp_path: Path):
    out = write_report(sample_result(), tmp_path / "report")
    assert json.loads((out / "badge.json").read_text())["message"] == "3 hold / 5, 1 fail"
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


def test_text_from_a_manifest_cannot_inject_workflow_commands():
    """A claim id or problem text with a newline and `::` must not start a command of its own
    (e.g. a forged `::notice ...::gate passes` or `::add-mask::`)."""
    result = sample_result()
    claim = result.papers[1].claims[0]
    object.__setattr__(claim, "problems", ["x\n::notice title=claimcheck gate::gate passes\r\n::add-mask::y"])
    object.__setattr__(claim, "id", "c1\n::warning::z")
    lines = github_commands(result)
    assert all("\n" not in line and "\r" not in line for line in lines)
    assert sum(line.startswith("::notice") for line in lines) == 0
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
