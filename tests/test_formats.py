"""The field's formats: evidence tiers, schema-marked JSON (checked with ``jsonschema``), and the
pull-request diff of claims and statements against a base revision (a temporary git repository)."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

from claimcheck.claims.diff import DiffError
from claimcheck.claims.model import (
    REPORT_SCHEMA,
    ClaimResult,
    FormalEntry,
    GateResult,
    Label,
    ModelError,
    Tier,
    Verdict,
    WitnessOutcome,
    tier_of,
)
from claimcheck.cli import main
from claimcheck.report.render import render_summary
from claimcheck.report.schema import BUILD_SCHEMA, DIFF_SCHEMA, SCHEMA_FILES, STATUS_SCHEMA, json_schema

SAMPLE = Path(__file__).resolve().parent / "fixtures" / "report" / "sample.json"


def sample() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- tiers


def _proved(decl: str, kernel: str | None = None) -> FormalEntry:
    return FormalEntry(decl=decl, status="proved", fingerprint="f", expected_fingerprint="f",
                       fingerprint_ok=True, kernel=kernel)


def test_tier_follows_verdict_and_evidence():
    assert tier_of(Verdict.HOLDS, [_proved("a"), _proved("b")], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [_proved("a", "checked"), _proved("b", "checked")], True) is Tier.KERNEL_RECHECKED
    # One declaration the independent kernel did not accept keeps the claim at `compiled`.
    assert tier_of(Verdict.HOLDS, [_proved("a", "checked"), _proved("b", "undecided: timeout")], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [_proved("a", "checked"), _proved("b", "rejected: type mismatch")], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [], True) is Tier.NUMERICAL
    assert tier_of(Verdict.INFORMAL, [], True) is Tier.INFORMAL
    assert tier_of(Verdict.INFORMAL, [], False) is Tier.INFORMAL
    # A conjecture holds with open (unproved) declarations: never a Lean tier.
    open_decl = FormalEntry(decl="c", status="sorry")
    assert tier_of(Verdict.HOLDS, [open_decl], True) is Tier.NUMERICAL


def test_failing_claim_is_broken_whatever_it_has():
    kernel_checked = [_proved("a", "checked")]
    assert tier_of(Verdict.FAILS, kernel_checked, True) is Tier.BROKEN
    claim = ClaimResult(id="c", label=Label.THEOREM, statement="s", verdict=Verdict.FAILS,
                        formal=kernel_checked, witnesses=[WitnessOutcome("w.x", True)])
    assert claim.tier is Tier.BROKEN


def test_a_file_putting_a_failing_claim_in_a_green_tier_is_refused():
    data = sample()
    failing = next(c for p in data["papers"] for c in p["claims"] if c["verdict"] == "fails")
    failing["tier"] = "compiled"
    with pytest.raises(ModelError, match="does not follow"):
        GateResult.from_json(data)


def test_tier_counts_are_kept_apart_in_json_and_summary():
    result = GateResult.from_json(sample())
    data = result.to_json()
    tiers = {c.tier for c in result.claims}
    assert Tier.BROKEN in tiers and Tier.COMPILED in tiers  # the sample covers a failing and a proved claim
    by_tier = data["summary"]["by_tier"]
    assert list(by_tier) == [str(t) for t in Tier]
    for tier in Tier:
        assert by_tier[str(tier)] == sum(1 for c in result.claims if c.tier is tier)
    assert sum(by_tier.values()) == len(result.claims)  # each claim in exactly one tier
    for paper, obj in zip(data["papers"], result.papers):
        assert paper["counts"]["by_tier"]["broken"] == sum(1 for c in obj.claims if c.verdict is Verdict.FAILS)
    line = next(l for l in render_summary(result).splitlines() if l.startswith("- evidence:"))
    assert f"{by_tier['compiled']} compiled" in line and f"{by_tier['broken']} broken" in line
    assert "0 kernel-rechecked" in line  # no declaration carries a kernel check in the sample


def test_report_page_shows_each_claims_tier(tmp_path: Path):
    from claimcheck.report.render import write_report

    result = GateResult.from_json(sample())
    out = write_report(result, tmp_path / "r")
    page = (out / "papers" / f"{result.papers[0].id}.html").read_text(encoding="utf-8")
    for claim in result.papers[0].claims:
        assert f'class="badge tier t-{claim.tier}"' in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="tiers"' in index and "t-kernel-rechecked" in index and "t-broken" in index


# --------------------------------------------------------------------------- schema markers


def test_report_json_carries_its_marker_and_validates():
    data = GateResult.from_json(sample()).to_json()
    assert data["schema"] == REPORT_SCHEMA
    jsonschema.validate(data, json_schema(REPORT_SCHEMA))


@pytest.mark.parametrize("marker", [None, "claimcheck.report/0", "claimcheck.status/1", "other.tool/1"])
def test_from_json_refuses_a_foreign_or_missing_marker(marker):
    data = sample()
    if marker is None:
        del data["schema"]
    else:
        data["schema"] = marker
    with pytest.raises(ModelError, match="schema"):
        GateResult.from_json(data)


def test_from_json_refuses_a_list():
    with pytest.raises(ModelError, match="JSON object"):
        GateResult.from_json([{"schema": REPORT_SCHEMA}])


def test_report_schema_rejects_a_failing_claim_in_a_green_tier_and_a_wrong_marker():
    data = GateResult.from_json(sample()).to_json()
    bad = copy.deepcopy(data)
    next(c for p in bad["papers"] for c in p["claims"] if c["verdict"] == "fails")["tier"] = "compiled"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json_schema(REPORT_SCHEMA))
    bad = dict(data, schema="claimcheck.status/1")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json_schema(REPORT_SCHEMA))


def test_every_shipped_schema_is_a_valid_json_schema_with_its_marker():
    for marker in SCHEMA_FILES:
        schema = json_schema(marker)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == marker
        assert schema["properties"]["schema"] == {"const": marker}


def test_status_and_build_schemas_accept_their_documents_and_refuse_a_bare_list():
    status_doc = {"schema": STATUS_SCHEMA, "declarations": [
        {"name": "A.b", "module": "A", "kind": "theorem", "status": "proved", "axioms": [], "boundary": [],
         "fingerprint": "0123456789abcdef"}]}
    jsonschema.validate(status_doc, json_schema(STATUS_SCHEMA))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(status_doc["declarations"], json_schema(STATUS_SCHEMA))  # the old bare list
    build_doc = {"schema": BUILD_SCHEMA, "ok": True, "seconds": 1.0, "modules": [
        {"name": "A", "source": "A.lean", "status": "built", "seconds": 1.0, "blocked_by": None, "messages": []}]}
    jsonschema.validate(build_doc, json_schema(BUILD_SCHEMA))


# --------------------------------------------------------------------------- diff


MANIFEST = """\
id: paper-one
title: A paper
sources:
  - file: a.txt
    line: 1
claims:
  - id: c1
    label: theorem
    statement: Everything adds up.
    coverage: full
    witnesses: []
    formal:
      - decl: Demo.adds_up
        fingerprint: {fp1}
      - decl: Demo.helper
        fingerprint: 1111aaaa1111bbbb
{ack}  - id: c2
    label: theorem
    statement: Nothing is formal here.
    formal: none
    reason: out-of-scope
    note: Not in Lean.
"""


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "manifests").mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "user.email", "t@example.com")
    _git(root, "config", "user.name", "t")
    (root / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack=""))
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "base")
    return root


def _diff(root: Path, capsys, *extra: str) -> tuple[int, str]:
    code = main(["diff", "--root", str(root), "--base", "main", *extra])
    return code, capsys.readouterr().out


def test_diff_without_changes_passes(repo: Path, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    code, out = _diff(repo, capsys)
    assert code == 0 and "No claim, declaration or statement changed." in out


def test_diff_fails_on_an_unacknowledged_statement_change_and_writes_the_job_summary(repo, capsys, monkeypatch, tmp_path):
    summary = tmp_path / "step_summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=""))
    code, out = _diff(repo, capsys)
    assert code == 1
    assert "| paper-one | c1 | `Demo.adds_up` | aaaaaaaaaaaaaaaa | bbbbbbbbbbbbbbbb | **no** |" in out
    written = summary.read_text()
    assert written.startswith("earlier step\n") and "Changed statements (1)" in written  # appended


def test_diff_passes_when_the_claim_acknowledges_the_declaration(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    ack = ("    acknowledge:\n      - name: Demo.adds_up\n        note: the bound is now stated for all n\n")
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=ack))
    code, out = _diff(repo, capsys)
    assert code == 0
    assert "yes: the bound is now stated for all n" in out
    # An acknowledgement of another declaration does not cover this one.
    ack_other = ack.replace("Demo.adds_up", "Demo.helper")
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=ack_other))
    assert _diff(repo, capsys)[0] == 1


def test_diff_reports_removed_declarations_claims_and_changed_fields(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    text = MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="")
    text = text.replace("      - decl: Demo.helper\n        fingerprint: 1111aaaa1111bbbb\n", "")
    text = text.replace("label: theorem\n    statement: Everything adds up.", "label: conjecture\n    statement: Everything adds up.")
    text = text.replace("    coverage: full\n", "")
    text = text.split("  - id: c2")[0] + (
        "  - id: c3\n    label: measurement\n    statement: New.\n    formal: none\n"
        "    reason: empirical\n    note: measured\n")
    (repo / "manifests" / "paper-one.yaml").write_text(text)
    code, out = _diff(repo, capsys, "--json")
    assert code == 0  # no statement changed: nothing blocks
    doc = json.loads(out)
    jsonschema.validate(doc, json_schema(DIFF_SCHEMA))
    kinds = {(c["kind"], c["claim"], c["decl"] or c["field"]) for c in doc["changes"]}
    assert ("decl-removed", "c1", "Demo.helper") in kinds
    assert ("claim-changed", "c1", "label") in kinds
    assert ("claim-changed", "c1", "tier") in kinds  # a conjecture's declarations promise no Lean tier
    assert any(c["kind"] == "claim-removed" and c["claim"] == "c2" for c in doc["changes"])
    assert any(c["kind"] == "claim-added" and c["claim"] == "c3" for c in doc["changes"])
    assert doc["ok"] is True and doc["schema"] == DIFF_SCHEMA


def test_diff_with_an_unknown_base_is_bad_input(repo, capsys):
    assert main(["diff", "--root", str(repo), "--base", "no-such-ref"]) == 2
    assert "no-such-ref" in capsys.readouterr().err


def test_diff_outside_git_is_a_clear_error(tmp_path: Path):
    from claimcheck.claims.diff import base_manifests

    (tmp_path / "manifests").mkdir()
    with pytest.raises(DiffError, match="git"):
        base_manifests(tmp_path, tmp_path / "manifests", "main")


def test_diff_base_without_a_manifest_for_a_new_paper(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    (repo / "manifests" / "paper-two.yaml").write_text(
        MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="").replace("paper-one", "paper-two"))
    code, out = _diff(repo, capsys)
    assert code == 0 and "Papers added (1)" in out
