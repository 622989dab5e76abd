"""Every output says the same, and says how much (issue 25).

``tests/fixtures/outputs/states`` holds one claim in each state (holds in full, holds for a special
case, a conjecture stated with ``sorry``, a proved "conjecture", not formalised, an instance theorem
no companion cross-checks) and gets a stale ``formalization.yaml``; each format of ``check`` must
show each state as :mod:`claimcheck.report.states` says, the JUnit output must parse, and the exit
code must agree with the last line. ``tests/fixtures/outputs/flow`` goes through a reviewed
statement change in a git repository: ``diff --base`` and ``check`` both pass at the end. A unit test
renders every state of the table in every format.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from claimcheck.model.evidence import (
    BuildSummary, ClaimEvidence, Coverage, GateResult, InstanceOutcome, InstanceResult, Label, PaperEvidence,
    Settings, ToolchainInfo, Verdict, tier_of,
)
from claimcheck.model.names import Name
from claimcheck.report.badge import badge
from claimcheck.report.junit import junit_xml
from claimcheck.report.markdown import render_summary
from claimcheck.report.registry import FORMATS, render
from claimcheck.report.states import CLAIM_STATES, INSTANCE_STATES, JUnit

FIXTURES = Path(__file__).parent / "fixtures" / "outputs"


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args, "--root", str(root), "-q"], cwd=root,
                          capture_output=True, text=True, timeout=1800)


@pytest.fixture(scope="module")
def states(tmp_path_factory: pytest.TempPathFactory, toolchain) -> Path:
    root = tmp_path_factory.mktemp("outputs") / "states"
    shutil.copytree(FIXTURES / "states", root)
    done = _cli(root, "check", "--update-fingerprints", "-j", "1")
    assert "Traceback" not in done.stderr, done.stderr
    done = _cli(root, "formalization-yaml")
    assert done.returncode == 0, done.stderr
    path = root / "formalization.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("tier: stated", "tier: kernel-rechecked"),
                    encoding="utf-8")  # stale: the generated row now says something the build does not
    return root


@pytest.fixture(scope="module")
def outputs(states: Path) -> dict[str, subprocess.CompletedProcess]:
    return {fmt: _cli(states, "check", "--format", fmt) for fmt in FORMATS}


def test_json_states(outputs) -> None:
    done = outputs["json"]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    data = json.loads(done.stdout)
    states = {c["id"]: c["state"] for c in data["papers"][0]["claims"]}
    assert states == {"c1": "holds-full", "c2": "holds-special-case", "c3": "stated", "c4": "fails",
                      "c5": "informal", "c6": "holds-special-case", "c7": "holds-proof-core"}
    claims = {c["id"]: c for c in data["papers"][0]["claims"]}
    assert claims["c2"]["coverage"] == "special-case" and claims["c1"]["coverage"] == "full"
    assert claims["c3"]["tier"] == "stated"
    assert [p["code"] for p in claims["c4"]["problems"] if p["severity"] == "error"] == ["conjecture-proved"]
    assert any(p["code"] == "open-statement" and "sorry" in p["message"] for p in claims["c3"]["problems"])
    assert any(p["code"] == "instance-not-cross-checked" and p["severity"] == "warning"
               for p in claims["c6"]["problems"])
    assert any(p["code"] == "formalization-stale" for p in data["problems"])
    summary = data["summary"]
    assert summary["holds_by_coverage"] == {"full": 1, "special-case": 2, "proof-core": 1, "reconstruction": 0}
    assert summary["headline"].startswith("1 in full, 2 special cases, 1 proof core, 0 reconstructions of 7 claims hold")
    assert "all" not in summary["headline"]


def test_text_ends_with_the_verdict_that_the_exit_code_gives(outputs) -> None:
    done = outputs["text"]
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "gate: FAIL" and done.returncode == 1
    assert lines[0].endswith("1 in full, 2 special cases, 1 proof core, 0 reconstructions of 7 claims hold; 1 stated, open, "
                             "1 not formalised, 1 fails")
    stale = [i for i, line in enumerate(lines) if "formalization.yaml" in line and line.startswith("FAIL")]
    assert stale and stale[0] < len(lines) - 1


def test_github_levels(outputs) -> None:
    lines = outputs["github"].stdout.strip().splitlines()
    assert all(line.startswith("::") for line in lines), lines
    notices = [line for line in lines if line.startswith("::notice")]
    assert sum("covers a special case" in line for line in notices) >= 2
    assert sum("proves a proof core" in line for line in notices) == 1
    assert any("c3" in line and "sorry" in line for line in notices)
    assert any(line.startswith("::error file=formalization.yaml") for line in lines)
    assert any(line.startswith("::error") and "c4" in line for line in lines)
    assert any(line.startswith("::warning") and "not cross-checked" in line for line in lines)
    assert lines[-1].startswith("::error") and "gate fails" in lines[-1]


def test_junit_parses_and_maps_each_state(outputs) -> None:
    root = ET.fromstring(outputs["junit"].stdout)
    cases = {c.get("name").split(" ")[0]: c for c in root.iter("testcase") if c.get("classname") == "states"}
    assert cases["c1"].find("failure") is None and cases["c1"].find("skipped") is None
    assert cases["c2"].find("failure") is None and cases["c2"].find("skipped") is None
    assert cases["c3"].find("skipped") is not None
    assert cases["c4"].find("failure") is not None
    assert cases["c5"].find("skipped") is not None
    instances = [c for c in root.iter("testcase") if c.get("classname") == "instances"]
    assert instances and all(c.find("skipped") is not None for c in instances)
    project = [c for c in root.iter("testcase") if c.get("classname") == "project"]
    assert any(c.find("failure") is not None and c.get("name") == "formalization-stale" for c in project)


def test_markdown_headline(outputs) -> None:
    text = outputs["markdown"].stdout
    assert "**Gate FAILS: 1 in full, 2 special cases, 1 proof core, 0 reconstructions of 7 claims hold" in text
    assert "| states | 7 | 1 | 2 | 1 | 0 |" in text


def test_report_files_say_the_same(states: Path, tmp_path: Path) -> None:
    done = _cli(states, "check", "--report", str(tmp_path / "report"))
    assert done.returncode == 1
    index = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "1 in full, 2 special cases, 1 proof core, 0 reconstructions of 7 claims hold" in index
    assert "all claims hold" not in index.lower() and "gate fails" in index
    badge_data = json.loads((tmp_path / "report" / "badge.json").read_text(encoding="utf-8"))
    assert badge_data["color"] == "red" and "1 full, 2 special, 1 proof core of 7" in badge_data["message"]
    ET.fromstring((tmp_path / "report" / "junit.xml").read_text(encoding="utf-8"))


def test_a_failed_run_marks_the_old_report_stale(states: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert _cli(states, "check", "--report", str(out)).returncode == 1
    assert (out / "report.json").is_file()
    bad = tmp_path / "bad"
    shutil.copytree(states, bad)
    (bad / "manifests" / "states.yaml").write_text("id: [broken\n", encoding="utf-8")
    done = _cli(bad, "check", "--report", str(out))
    assert done.returncode == 2
    assert not (out / "report.json").exists() and (out / "STALE.txt").is_file()


def test_broken_pipe_ends_quietly(states: Path) -> None:
    cmd = f"{sys.executable} -m claimcheck.cli check --format junit --root {states} -q | head -n 1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True, timeout=1800)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True)


def test_a_reviewed_statement_change_passes_diff_and_check(tmp_path: Path, toolchain) -> None:
    root = tmp_path / "flow"
    shutil.copytree(FIXTURES / "flow", root)
    _git(root, "init", "-q")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "empty")
    assert _cli(root, "check", "--update-fingerprints", "-j", "1").returncode == 0
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first")
    lean = root / "lean" / "Flow.lean"
    lean.write_text(lean.read_text(encoding="utf-8").replace("n ≤ n + n", "n ≤ 2 * n"), encoding="utf-8")
    changed = _cli(root, "check")
    assert changed.returncode == 1 and "recorded: ∀ (n : Nat), n ≤ n + n" in changed.stdout, changed.stdout
    assert _cli(root, "check", "--update-fingerprints").returncode == 0
    unreviewed = _cli(root, "diff", "--base", "HEAD")
    assert unreviewed.returncode == 1 and "without a review" in unreviewed.stdout
    manifest = root / "manifests" / "flow.yaml"
    import yaml

    fp = yaml.safe_load(manifest.read_text(encoding="utf-8"))["claims"][0]["formal"][0]["fingerprint"]
    text = manifest.read_text(encoding="utf-8")
    text = text.replace(f"fingerprint: {fp}", f"fingerprint: {fp}\n        reviewed:\n          fingerprint: {fp}\n"
                        "          note: 2 * n is n + n; the bound is the same")
    manifest.write_text(text, encoding="utf-8")
    reviewed = _cli(root, "diff", "--base", "HEAD")
    assert reviewed.returncode == 0, reviewed.stdout
    final = _cli(root, "check")
    assert final.returncode == 0, final.stdout


def _claim(cid: str, verdict: Verdict, coverage: Coverage | None, formal: bool) -> ClaimEvidence:
    from claimcheck.model.evidence import FormalEvidence, Role

    entries = [FormalEvidence(Name.of("X", cid), Role.THEOREM)] if formal else []
    return ClaimEvidence(cid, Label.THEOREM, "s", verdict, tier_of(verdict, entries, not formal), coverage,
                         "note" if coverage and coverage is not Coverage.FULL else None, formal=entries)


def test_every_state_renders_in_every_format() -> None:
    claims = [
        _claim("full", Verdict.HOLDS, Coverage.FULL, True),
        _claim("special", Verdict.HOLDS, Coverage.SPECIAL_CASE, True),
        _claim("core", Verdict.HOLDS, Coverage.PROOF_CORE, True),
        _claim("recon", Verdict.HOLDS, Coverage.RECONSTRUCTION, True),
        _claim("numerical", Verdict.HOLDS, None, False),
        _claim("stated", Verdict.STATED, None, True),
        _claim("informal", Verdict.INFORMAL, None, False),
        _claim("fails", Verdict.FAILS, Coverage.FULL, True),
    ]
    assert {c.state for c in claims} == set(CLAIM_STATES)
    instances = [InstanceResult(Name.of("X", o.value), "", "", "", o) for o in InstanceOutcome]
    for strict in (False, True):
        result = GateResult("2026-12-01T00:00:00Z", True, ToolchainInfo("wasm", "4.28"), BuildSummary(True),
                            [PaperEvidence("p", "P", "manifests/p.yaml", claims)], Settings(strict_instances=strict),
                            instances=instances)
        for name in FORMATS:
            assert render(name, result, Path(".")), name
        junit = ET.fromstring(junit_xml(result))
        for c in claims:
            case = next(e for e in junit.iter("testcase") if e.get("name", "").startswith(c.id + " "))
            outcome = CLAIM_STATES[c.state].junit
            assert (case.find("failure") is not None) == (outcome is JUnit.FAILED), c.state
            assert (case.find("skipped") is not None) == (outcome is JUnit.SKIPPED), c.state
        for inst in instances:
            case = next(e for e in junit.iter("testcase") if e.get("name") == str(inst.decl))
            outcome = INSTANCE_STATES[(inst.outcome, strict)].junit
            assert (case.find("failure") is not None) == (outcome is JUnit.FAILED)
        data = json.loads(render("json", result, Path(".")))
        assert [c["state"] for c in data["papers"][0]["claims"]] == [c.state for c in claims]
        assert "numerical" in render_summary(result)
        assert badge(result)["message"].startswith(
            "1 full, 1 special, 1 proof core, 1 reconstruction, 1 numerical of 8")


def _everything_said(result: GateResult, tmp: Path) -> dict[str, str]:
    """Every output of ``result``: each format, the badge and each page of the HTML report."""
    from claimcheck.report.render import write_report

    said = {name: render(name, result, Path(".")) for name in FORMATS}
    said["badge"] = json.dumps(badge(result))
    folder = write_report(result, tmp / "report")
    said.update({p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
                 for p in folder.rglob("*") if p.suffix in (".html", ".md", ".json", ".xml")})
    return said


@pytest.mark.parametrize("coverage", [c for c in Coverage if c is not Coverage.FULL])
def test_no_output_says_all_claims_hold_unless_all_hold_in_full(coverage: Coverage, tmp_path: Path) -> None:
    """The headline's rule in every output (issue 39): a passing gate whose claims hold only in part
    says "gate passes" and counts each coverage; "all claims hold" appears only when every claim
    holds in full."""
    def result(claims: list[ClaimEvidence]) -> GateResult:
        return GateResult("2026-12-01T00:00:00Z", True, ToolchainInfo("wasm", "4.28"), BuildSummary(True),
                          [PaperEvidence("p", "P", "manifests/p.yaml", claims)])

    partial = result([_claim("full", Verdict.HOLDS, Coverage.FULL, True), _claim("part", Verdict.HOLDS, coverage, True)])
    for name, text in _everything_said(partial, tmp_path / "partial").items():
        assert "all claims hold" not in text.lower() and "all 2 claims hold" not in text.lower(), name
    html = (tmp_path / "partial" / "report" / "index.html").read_text(encoding="utf-8")
    assert "gate passes" in html and "1 in full" in html and coverage.count_words(1) in html
    full = result([_claim("a", Verdict.HOLDS, Coverage.FULL, True), _claim("b", Verdict.HOLDS, Coverage.FULL, True)])
    said = _everything_said(full, tmp_path / "full")
    assert all("all 2 claims hold in full" in said[name] for name in ("text", "json", "github", "markdown"))
    assert "all 2 hold in full" in said["badge"] and "all 2 claims hold in full" in said["index.html"]


def test_outputs_are_byte_identical_with_and_without_warm_caches(states: Path, tmp_path: Path) -> None:
    """Every stage's result reused from the user's cache gives the very same bytes as computing it
    (issue 28): ``check`` in each format, ``status`` and the report folder, cold (an empty cache: built and
    computed), warm (everything reused) and with ``--no-cache`` (nothing read)."""
    import os

    from claimcheck.lean.build import BUILD_RECORDS, INTERFACE_RECORDS

    root = tmp_path / "states"
    shutil.copytree(states, root, ignore=shutil.ignore_patterns("build", "report"))
    env = {k: v for k, v in os.environ.items() if k != "CI"}  # under CI nothing would be read at all
    env.update(CLAIMCHECK_CACHE_DIR=str(tmp_path / "cache"), CLAIMCHECK_CACHE_KEY_FILE=str(tmp_path / "key" / "k"),
               SOURCE_DATE_EPOCH="1764633600")

    def run(tag: str, *extra: str) -> tuple[dict[str, bytes], str]:
        out: dict[str, bytes] = {}
        progress = ""
        for fmt in ("json", "junit", "github", "text"):
            done = subprocess.run([sys.executable, "-m", "claimcheck.cli", "check", "--format", fmt, "-j", "1",
                                   *extra, "--root", str(root)], cwd=root, env=env, capture_output=True, timeout=1800)
            assert b"Traceback" not in done.stderr, done.stderr.decode()
            out[fmt] = done.stdout + b"exit %d" % done.returncode
            progress += done.stderr.decode()
        for args in (["status"], ["status", "--json"], ["status", "--all", "--json"]):
            done = subprocess.run([sys.executable, "-m", "claimcheck.cli", *args, "-j", "1", *extra, "--root", str(root)],
                                  cwd=root, env=env, capture_output=True, timeout=1800)
            assert b"Traceback" not in done.stderr, done.stderr.decode()
            out[" ".join(args)] = done.stdout + b"exit %d" % done.returncode
        folder = tmp_path / f"report-{tag}"
        done = subprocess.run([sys.executable, "-m", "claimcheck.cli", "report", "-q", "-j", "1", *extra, "--out",
                               str(folder), "--root", str(root)], cwd=root, env=env, capture_output=True, timeout=1800)
        assert done.returncode in (0, 1), done.stderr.decode()
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                out[p.relative_to(folder).as_posix()] = p.read_bytes()
        return out, progress

    # built first (a build says what it did: `built` once, `up-to-date` after), then every stage's
    # results dropped: the cold run computes them all
    done = subprocess.run([sys.executable, "-m", "claimcheck.cli", "build", "-q", "-j", "1", "--root", str(root)],
                          cwd=root, env=env, capture_output=True, timeout=1800)
    assert done.returncode == 0, done.stderr.decode()
    for folder in (tmp_path / "cache").iterdir():
        if folder.name not in (BUILD_RECORDS, INTERFACE_RECORDS):
            shutil.rmtree(folder)
    cold, cold_progress = run("cold")
    warm, warm_progress = run("warm")
    fresh, _ = run("fresh", "--no-cache")
    assert "reading proof status" in cold_progress and "cross-checking" in cold_progress  # computed
    assert "cross-checking" not in warm_progress and "building" not in cold_progress + warm_progress
    assert len(cold) > 4 and any(k.endswith(".html") for k in cold)
    for name in cold:
        assert warm.get(name) == cold[name], f"{name}: warm caches changed the output"
        assert fresh.get(name) == cold[name], f"{name}: --no-cache changed the output"
    assert set(warm) == set(cold) == set(fresh)


def test_a_stage_reads_what_it_needs_whatever_earlier_stages_reused(states: Path, tmp_path: Path) -> None:
    """A stage never relies on what an earlier stage happened to read: with every declaration's facts
    reused (no `.olean` file opened for them) and the companion's results dropped, the instance
    cross-checks are computed again in full, the same as the first time (they once came out empty:
    the statements were looked up only among the modules already read)."""
    import os

    from claimcheck.pipeline.records import COMPANION

    root = tmp_path / "states"
    shutil.copytree(states, root, ignore=shutil.ignore_patterns("report"))
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(CLAIMCHECK_CACHE_DIR=str(tmp_path / "cache"), CLAIMCHECK_CACHE_KEY_FILE=str(tmp_path / "key" / "k"))

    def instances() -> list:
        done = subprocess.run([sys.executable, "-m", "claimcheck.cli", "check", "--format", "json", "-q", "-j", "1",
                               "--root", str(root)], cwd=root, env=env, capture_output=True, text=True, timeout=1800)
        assert "Traceback" not in done.stderr, done.stderr
        return json.loads(done.stdout)["instances"]

    first = instances()
    assert first and all(i["outcome"] for i in first)
    shutil.rmtree(tmp_path / "cache" / COMPANION)
    assert instances() == first
