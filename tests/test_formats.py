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
from claimcheck.cli import main
from claimcheck.model.codec import ModelError, report_from_json, report_to_json
from claimcheck.model.evidence import (
    REPORT_SCHEMA,
    FormalEvidence,
    Role,
    Tier,
    Verdict,
    WitnessOutcome,
    tier_of,
)
from claimcheck.model.facts import KernelOutcome, KernelVerdict
from claimcheck.report.markdown import render_summary
from claimcheck.report.schema import BUILD_SCHEMA, DIFF_SCHEMA, SCHEMA_FILES, STATUS_SCHEMA, json_schema

from builders import N, claim, decl, evidence, formal, judged

SAMPLE = Path(__file__).resolve().parent / "fixtures" / "report" / "sample.json"


def sample() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- tiers


def _proved(name: str, kernel: KernelVerdict | None = None) -> FormalEvidence:
    return FormalEvidence(N(name), Role.THEOREM, decl(name, kernel=kernel), expected_fingerprint="f1")


CHECKED = KernelVerdict(KernelOutcome.CHECKED)


def test_tier_follows_verdict_and_evidence():
    assert tier_of(Verdict.HOLDS, [_proved("a"), _proved("b")], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [_proved("a", CHECKED), _proved("b", CHECKED)], True) is Tier.KERNEL_RECHECKED
    # One declaration the independent kernel did not accept keeps the claim at `compiled`.
    undecided = KernelVerdict(KernelOutcome.UNDECIDED, "out of fuel")
    rejected = KernelVerdict(KernelOutcome.REJECTED, "type mismatch")
    assert tier_of(Verdict.HOLDS, [_proved("a", CHECKED), _proved("b", undecided)], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [_proved("a", CHECKED), _proved("b", rejected)], False) is Tier.COMPILED
    assert tier_of(Verdict.HOLDS, [], True) is Tier.NUMERICAL
    assert tier_of(Verdict.INFORMAL, [], True) is Tier.INFORMAL
    assert tier_of(Verdict.INFORMAL, [], False) is Tier.INFORMAL
    # A conjecture with open (unproved) declarations is stated (issue 25): never a Lean tier.
    open_decl = FormalEvidence(N("c"), Role.THEOREM, decl("c", "sorry", axioms=("sorryAx",)))
    assert tier_of(Verdict.STATED, [open_decl], True) is Tier.STATED
    c = judged(claim("conjecture", [formal("c")], ["w"]),
               evidence(decl("c", "sorry", axioms=("sorryAx",)), witnesses=[WitnessOutcome("w", True)]))
    assert (c.verdict, c.tier) == (Verdict.STATED, Tier.STATED)


def test_failing_claim_is_broken_whatever_it_has():
    kernel_checked = [_proved("a", CHECKED)]
    assert tier_of(Verdict.FAILS, kernel_checked, True) is Tier.BROKEN
    c = judged(claim(formal=[formal("a", "f0")], witnesses=["w.x"]),
               evidence(decl("a"), witnesses=[WitnessOutcome("w.x", True)]))
    assert c.verdict is Verdict.FAILS and c.tier is Tier.BROKEN  # a changed fingerprint, all else checked


def test_a_file_putting_a_failing_claim_in_a_green_tier_is_refused():
    data = sample()
    failing = next(c for p in data["papers"] for c in p["claims"] if c["verdict"] == "fails")
    failing["tier"] = "compiled"
    with pytest.raises(ModelError, match="does not follow"):
        report_from_json(data)


def test_tier_counts_are_kept_apart_in_json_and_summary():
    result = report_from_json(sample())
    data = report_to_json(result)
    tiers = {c.tier for c in result.claims}
    # the sample covers a failing, a kernel-rechecked and a stated claim
    assert {Tier.BROKEN, Tier.KERNEL_RECHECKED, Tier.STATED} <= tiers
    by_tier = data["summary"]["by_tier"]
    assert list(by_tier) == [str(t) for t in Tier]
    for tier in Tier:
        assert by_tier[str(tier)] == sum(1 for c in result.claims if c.tier is tier)
    assert sum(by_tier.values()) == len(result.claims)  # each claim in exactly one tier
    for paper, obj in zip(data["papers"], result.papers):
        assert paper["summary"]["by_tier"]["broken"] == sum(1 for c in obj.claims if c.verdict is Verdict.FAILS)
    line = next(l for l in render_summary(result).splitlines() if l.startswith("- evidence:"))
    for tier in Tier:
        assert f"{by_tier[str(tier)]} {tier}" in line


def test_report_page_shows_each_claims_tier(tmp_path: Path):
    from claimcheck.report.render import write_report

    result = report_from_json(sample())
    out = write_report(result, tmp_path / "r")
    page = (out / "papers" / f"{result.papers[0].id}.html").read_text(encoding="utf-8")
    for claim_ in result.papers[0].claims:
        assert f'class="badge tier t-{claim_.tier}"' in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="tiers"' in index and "t-kernel-rechecked" in index and "t-broken" in index


# --------------------------------------------------------------------------- schema markers


def test_report_json_carries_its_marker_and_validates():
    data = report_to_json(report_from_json(sample()))
    assert data["schema"] == REPORT_SCHEMA
    jsonschema.validate(data, json_schema(REPORT_SCHEMA))


@pytest.mark.parametrize("marker", [None, "claimcheck.report/0", "claimcheck.report/1", "claimcheck.status/2",
                                    "other.tool/1"])
def test_from_json_refuses_a_foreign_or_missing_marker(marker):
    data = sample()
    if marker is None:
        del data["schema"]
    else:
        data["schema"] = marker
    with pytest.raises(ModelError, match="schema"):
        report_from_json(data)


def test_from_json_refuses_a_list():
    with pytest.raises(ModelError, match="JSON object"):
        report_from_json([{"schema": REPORT_SCHEMA}])


def test_report_schema_rejects_a_failing_claim_in_a_green_tier_and_a_wrong_marker():
    data = report_to_json(report_from_json(sample()))
    bad = copy.deepcopy(data)
    next(c for p in bad["papers"] for c in p["claims"] if c["verdict"] == "fails")["tier"] = "compiled"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json_schema(REPORT_SCHEMA))
    bad = dict(data, schema="claimcheck.status/2")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json_schema(REPORT_SCHEMA))


def test_every_shipped_schema_is_a_valid_json_schema_with_its_marker():
    for marker in SCHEMA_FILES:
        schema = json_schema(marker)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == marker
        assert schema["properties"]["schema"] == {"const": marker}


def test_schemas_use_the_models_vocabulary():
    """The shipped schemas list exactly the model's enum values (a value added to the model is added
    to the schema)."""
    from claimcheck.model.evidence import Coverage, Label, ProblemCode
    from claimcheck.model.facts import DeclKind, Status

    defs = json_schema(REPORT_SCHEMA)["$defs"]
    assert defs["claim"]["properties"]["verdict"]["enum"] == [str(v) for v in Verdict]
    assert defs["claim"]["properties"]["tier"]["enum"] == [str(t) for t in Tier]
    assert defs["claim"]["properties"]["label"]["enum"] == [str(v) for v in Label]
    assert defs["claim"]["properties"]["coverage"]["oneOf"][1]["enum"] == [str(c) for c in Coverage]
    summary = json_schema(REPORT_SCHEMA)["properties"]["summary"]["properties"]
    assert summary["holds_by_coverage"]["propertyNames"]["enum"] == [str(c) for c in Coverage]
    assert defs["problem"]["properties"]["code"]["enum"] == [str(v) for v in ProblemCode]
    assert defs["declaration"]["properties"]["status"]["enum"] == [str(v) for v in Status]
    assert defs["declaration"]["properties"]["kind"]["enum"] == [str(v) for v in DeclKind]
    assert json_schema(STATUS_SCHEMA)["$defs"]["declaration"] == defs["declaration"]


def test_status_and_build_schemas_accept_their_documents_and_refuse_a_bare_list():
    from claimcheck.model.codec import facts_to_json

    status_doc = facts_to_json([decl("A.b", fingerprint="0123456789abcdef", module="A"),
                                decl("Col.«Y.ax»", "axiom", axioms=("Col.«Y.ax»",), module="A", kind="axiom")])
    assert status_doc["schema"] == STATUS_SCHEMA
    assert status_doc["declarations"][1]["name"] == "Col.«Y.ax»"
    assert status_doc["declarations"][1]["components"] == ["Col", "Y.ax"]
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
{ack}      - decl: Demo.helper
        fingerprint: 1111aaaa1111bbbb
{ack_helper}  - id: c2
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
    (root / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="", ack_helper=""))
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
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack="", ack_helper=""))
    code, out = _diff(repo, capsys)
    assert code == 1
    assert "| paper-one | c1 | `Demo.adds_up` | aaaaaaaaaaaaaaaa | bbbbbbbbbbbbbbbb | **no** |" in out
    written = summary.read_text()
    assert written.startswith("earlier step\n") and "Changed statements (1)" in written  # appended


def _review(fingerprint: str, note: str) -> str:
    return f"        reviewed:\n          fingerprint: {fingerprint}\n          note: {note}\n"


def test_diff_passes_when_the_entry_records_the_review_of_the_new_statement(repo, capsys, monkeypatch):
    # the review of a statement change is `reviewed: {fingerprint, note}` on the formal entry, kept
    # with the fingerprint it approves (issue 25), no longer a claim's `acknowledge`
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    review = _review("bbbbbbbbbbbbbbbb", "the bound is now stated for all n")
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=review, ack_helper=""))
    code, out = _diff(repo, capsys)
    assert code == 0, out
    assert "yes: the bound is now stated for all n" in out
    # A review on another declaration does not cover this one.
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack="", ack_helper=review))
    assert _diff(repo, capsys)[0] == 1
    # Nor does a review of another statement (its fingerprint is not the one recorded now).
    old_review = _review("cccccccccccccccc", "the bound is now stated for all n")
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=old_review, ack_helper=""))
    code, out = _diff(repo, capsys)
    assert code == 1 and "| **no** |" in out


def test_diff_and_check_agree_on_a_reviewed_statement_change(repo, capsys, monkeypatch):
    """The review `diff` needs does not make `check` fail: `check`'s acknowledgements are for
    statement warnings, and a manifest with a review has none to remove."""
    from claimcheck.claims.manifest import load_manifests

    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    review = _review("bbbbbbbbbbbbbbbb", "the bound is now stated for all n")
    (repo / "manifests" / "paper-one.yaml").write_text(MANIFEST.format(fp1="bbbbbbbbbbbbbbbb", ack=review, ack_helper=""))
    assert _diff(repo, capsys)[0] == 0
    (m,) = load_manifests(repo / "manifests", repo)
    c = m.claims[0]
    assert c.acknowledge == [] and c.formal[0].reviewed.fingerprint == "bbbbbbbbbbbbbbbb"
    ev = evidence(decl("Demo.adds_up", fingerprint="bbbbbbbbbbbbbbbb"), decl("Demo.helper", fingerprint="1111aaaa1111bbbb"))
    got = judged(c, ev)
    assert got.verdict is Verdict.HOLDS and got.errors == []


def test_diff_reports_removed_declarations_claims_and_changed_fields(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    text = MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="", ack_helper="")
    text = text.replace("      - decl: Demo.helper\n        fingerprint: 1111aaaa1111bbbb\n", "")
    text = text.replace("label: theorem\n    statement: Everything adds up.", "label: conjecture\n    statement: Everything adds up.")
    text = text.replace("    coverage: full\n", "")
    text = text.split("  - id: c2")[0] + (
        "  - id: c3\n    label: measurement\n    statement: New.\n    formal: none\n"
        "    reason: empirical\n    note: measured\n")
    (repo / "manifests" / "paper-one.yaml").write_text(text)
    code, out = _diff(repo, capsys, "--json")
    # what c1 rests on changed (a declaration removed, its label and coverage), and c2 was removed:
    # each needs a review (issue 37), though no statement changed
    assert code == 1
    doc = json.loads(out)
    jsonschema.validate(doc, json_schema(DIFF_SCHEMA))
    kinds = {(c["kind"], c["claim"], c["decl"] or c["field"]) for c in doc["changes"]}
    assert ("decl-removed", "c1", "Demo.helper") in kinds
    assert ("claim-changed", "c1", "label") in kinds
    assert ("claim-changed", "c1", "tier") in kinds  # a conjecture's declarations promise no Lean tier
    assert any(c["kind"] == "claim-removed" and c["claim"] == "c2" for c in doc["changes"])
    assert any(c["kind"] == "claim-added" and c["claim"] == "c3" and not c["blocking"] for c in doc["changes"])
    assert doc["ok"] is False and doc["schema"] == DIFF_SCHEMA
    basis = next(c["basis"] for c in doc["changes"] if c["kind"] == "decl-removed")
    # the reviews recorded: the claim's basis on c1, c2 retired in the manifest
    text = text.replace("    label: conjecture\n    statement: Everything adds up.\n",
                        "    label: conjecture\n    statement: Everything adds up.\n"
                        f"    reviewed:\n      basis: {basis}\n      note: the helper is no longer needed\n")
    text = text.replace("claims:\n", "retired:\n  - claim: c2\n    note: merged into c1\nclaims:\n", 1)
    (repo / "manifests" / "paper-one.yaml").write_text(text)
    code, out = _diff(repo, capsys, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] is True, out
    assert all(c["acknowledged"] for c in doc["changes"] if c["kind"] in ("decl-removed", "claim-removed"))


def test_diff_with_an_unknown_base_is_bad_input(repo, capsys):
    assert main(["diff", "--root", str(repo), "--base", "no-such-ref"]) == 2
    assert "--base no-such-ref: no such revision" in capsys.readouterr().err
    assert main(["diff", "--root", str(repo), "--base=--output=/tmp/x"]) == 2
    assert "name a git revision" in capsys.readouterr().err


def test_diff_fails_when_a_recorded_fingerprint_is_dropped(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    text = MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="", ack_helper="").replace("        fingerprint: aaaaaaaaaaaaaaaa\n", "")
    (repo / "manifests" / "paper-one.yaml").write_text(text)
    code, out = _diff(repo, capsys)
    assert code == 1 and "| aaaaaaaaaaaaaaaa | — | **no** |" in out


def test_diff_outside_git_is_a_clear_error(tmp_path: Path):
    from claimcheck.claims.diff import base_manifests

    (tmp_path / "manifests").mkdir()
    with pytest.raises(DiffError, match="git"):
        base_manifests(tmp_path, tmp_path / "manifests", "main")


def test_diff_base_without_a_manifest_for_a_new_paper(repo, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    (repo / "manifests" / "paper-two.yaml").write_text(
        MANIFEST.format(fp1="aaaaaaaaaaaaaaaa", ack="", ack_helper="").replace("paper-one", "paper-two"))
    code, out = _diff(repo, capsys)
    assert code == 0 and "Papers added (1)" in out


# --------------------------------------------------------------------------- formalization.yaml


FORMAL_MANIFEST = """\
id: demo
title: A demo paper
authors: Ada Lovelace, Alan Turing and Emmy Noether
arxiv: "2401.01234"
sources:
  - file: a.txt
    line: 1
claims:
  - id: c1
    label: theorem
    statement: It adds up.
    coverage: full
    witnesses: []
    formal:
      - decl: Demo.a
        fingerprint: aaaaaaaaaaaaaaaa
  - id: c2
    label: theorem
    statement: It depends on sorry.
    coverage: special-case
    coverage_note: only for n = 3
    witnesses: []
    formal:
      - decl: Demo.b
        fingerprint: bbbbbbbbbbbbbbbb
  - id: c3
    label: measurement
    statement: Measured.
    formal: none
    reason: empirical
    note: measured
"""

HAND_WRITTEN = """\
# our own header comment
version: "v0.4"

project:
  name: "demo"                 # the name we chose
  authors: ["Grace Hopper"]
  license: "Apache-2.0"

sources:
  - title: "A textbook we used"   # hand-written source
    authors: ["Someone"]

status:
  scope: "the main theorem only"   # hand-written
  sorry_count: 0
  sorry_in_definitions: 0
  axioms: []
  main_results:
    - declaration: Demo.a
      comparator_config: "comparator/a.json"   # hand-written key on a generated entry

review:
  status: "self-assessed"

alignment:
  namespace: "Demo"
  statements:
    - claim: demo/c1
      source: old text
      lean: Demo.old
      status: proved
      note: "checked by hand against Thm 2"   # hand-written note
    - claim: demo/c2
      source: old
      lean: Demo.b
      status: proved      # a hand-kept status that drifted: c2 depends on sorry
    - source: "Lemma 7"
      lean: Demo.lemma7
      status: in-progress
"""


def _formal_case(tmp_path: Path):
    from claimcheck.claims.manifest import parse_manifest
    from claimcheck.model.evidence import (
        BuildSummary, ClaimEvidence, GateResult, Label, PaperEvidence, Problem, ProblemCode, Severity, ToolchainInfo,
    )
    from claimcheck.model.facts import DeclFacts, DeclKind, Status
    from claimcheck.project import Project

    root = tmp_path / "proj"
    (root / "manifests").mkdir(parents=True)
    mpath = root / "manifests" / "demo.yaml"
    mpath.write_text(FORMAL_MANIFEST)
    manifest, issues = parse_manifest(mpath)
    assert manifest is not None and not issues, issues
    fa = decl("Demo.a", module="Demo.Core", axioms=("propext",), fingerprint="aaaaaaaaaaaaaaaa")
    fb = decl("Demo.b", "sorry", module="Demo.Extra", axioms=("sorryAx",), fingerprint="bbbbbbbbbbbbbbbb")
    a = FormalEvidence(N("Demo.a"), Role.THEOREM, fa, "aaaaaaaaaaaaaaaa")
    b = FormalEvidence(N("Demo.b"), Role.THEOREM, fb, "bbbbbbbbbbbbbbbb")
    claims = [
        ClaimEvidence("c1", Label.THEOREM, "It adds up.", Verdict.HOLDS, Tier.COMPILED, coverage="full", formal=[a]),
        ClaimEvidence("c2", Label.THEOREM, "It depends on sorry.", Verdict.FAILS, Tier.BROKEN, coverage="special-case",
                      coverage_note="only for n = 3", formal=[b],
                      problems=[Problem(ProblemCode.NOT_PROVED, Severity.ERROR, "Demo.b: sorry, not proved")]),
        ClaimEvidence("c3", Label.MEASUREMENT, "Measured.", Verdict.INFORMAL, Tier.INFORMAL),
    ]
    result = GateResult(
        generated="2026-11-30T00:00:00Z", ok=False, toolchain=ToolchainInfo("wasm", "4.28.0"),
        build=BuildSummary(True), papers=[PaperEvidence(
            id="demo", title="A demo paper", manifest="manifests/demo.yaml", claims=claims,
            authors="Ada Lovelace, Alan Turing and Emmy Noether +2", arxiv="2401.01234")],
        declarations=[
            DeclFacts(N("Demo.Core"), "Demo.Core", DeclKind.MODULE, Status.PROVED),
            fa, fb,
            decl("Demo.f", "sorry", module="Demo.Extra", kind="definition", axioms=("Classical.choice", "sorryAx")),
        ],
    )
    return Project.load(root), result, [manifest]


def _load_yaml(path: Path) -> dict:
    import yaml

    return yaml.safe_load(path.read_text())


def _check_template_fields(doc: dict) -> None:
    """The field list of mathlib-initiative/formalization.yaml (v0.3/v0.4) for the generated parts."""
    assert isinstance(doc["sources"], list) and doc["sources"]
    for src in doc["sources"]:
        assert isinstance(src["title"], str) and src["title"]
        assert isinstance(src.get("authors", []), list)
        assert isinstance(src.get("id", ""), str)
    status = doc["status"]
    for key in ("sorry_count", "sorry_in_definitions"):
        assert isinstance(status[key], int) and status[key] >= 0
    assert isinstance(status["axioms"], list) and all(isinstance(a, str) for a in status["axioms"])
    for main in status["main_results"]:
        assert isinstance(main["declaration"], str) and isinstance(main["file"], str)
        assert isinstance(main["sorry_count"], int) and main["sorry_count"] >= 0
        assert isinstance(main["axioms"], list)
    assert isinstance(doc["fidelity"]["divergences"], str)
    for row in doc["alignment"]["statements"]:
        assert {"source", "lean"} <= set(row)
        if "claim" in row:  # a generated row: one type per field, claimcheck's words
            assert isinstance(row["lean"], list) and isinstance(row["module"], list)
            assert row["status"] in ("proved", "literature-dependency", "in-progress", "not-formalized")


def test_formalization_yaml_new_file_follows_the_template(tmp_path: Path):
    from claimcheck.claims import formalization

    project, result, manifests = _formal_case(tmp_path)
    path = project.root / "formalization.yaml"
    gen = formalization.generate(result, manifests, project)
    assert formalization.write(path, gen).changed is True
    assert path.read_text().startswith("# yaml-language-server: $schema=") and "v0.4.schema.json" in path.read_text()
    doc = _load_yaml(path)
    _check_template_fields(doc)
    assert doc["version"] == "v0.4" and doc["review"]["status"] == ""  # hand parts left to the authors
    assert doc["sources"] == [{"manifest": "manifests/demo.yaml", "title": "A demo paper",
                               "authors": ["Ada Lovelace", "Alan Turing", "Emmy Noether"],
                               "id": "arXiv:2401.01234", "type": "preprint"}]
    assert doc["status"]["sorry_count"] == 2 and doc["status"]["sorry_in_definitions"] == 1
    assert doc["status"]["axioms"] == ["Classical.choice", "propext", "sorryAx"]
    assert [m["declaration"] for m in doc["status"]["main_results"]] == ["Demo.a", "Demo.b"]
    assert doc["status"]["main_results"][0]["file"] == "Demo/Core.lean"
    assert doc["status"]["main_results"][1]["sorry_count"] == 1
    rows = {r["claim"]: r for r in doc["alignment"]["statements"]}
    assert rows["demo/c1"]["status"] == "proved" and rows["demo/c1"]["tier"] == "compiled"
    assert rows["demo/c1"]["lean"] == ["Demo.a"] and rows["demo/c1"]["coverage"] == "full"
    # A claim resting on sorry is never `proved`, in a green tier or anywhere else.
    assert rows["demo/c2"]["status"] == "in-progress" and rows["demo/c2"]["tier"] == "broken"
    assert rows["demo/c3"]["status"] == "not-formalized" and rows["demo/c3"]["lean"] == []
    assert doc["fidelity"]["divergences"] == "demo/c2 (special-case): only for n = 3"
    assert formalization.stale_parts(path, gen) == []
    assert formalization.write(path, gen).changed is False  # idempotent


def test_formalization_yaml_keeps_hand_written_fields_and_comments(tmp_path: Path):
    from claimcheck.claims import formalization

    project, result, manifests = _formal_case(tmp_path)
    path = project.root / "formalization.yaml"
    path.write_text(HAND_WRITTEN)
    gen = formalization.generate(result, manifests, project)
    stale = formalization.stale_parts(path, gen)
    assert "alignment.statements" in stale and "status.sorry_count" in stale and "sources" in stale
    formalization.write(path, gen)
    text = path.read_text()
    for kept in ("# our own header comment", "# the name we chose", "# hand-written source",
                 "# hand-written key on a generated entry", "# hand-written note"):
        assert kept in text, kept
    doc = _load_yaml(path)
    _check_template_fields(doc)
    assert doc["project"] == {"name": "demo", "authors": ["Grace Hopper"], "license": "Apache-2.0"}
    assert doc["status"]["scope"] == "the main theorem only"
    assert doc["alignment"]["namespace"] == "Demo"
    assert doc["sources"][0]["title"] == "A textbook we used"  # hand-written source kept
    assert doc["status"]["main_results"][0]["comparator_config"] == "comparator/a.json"
    rows = doc["alignment"]["statements"]
    assert rows[0] == {"source": "Lemma 7", "lean": "Demo.lemma7", "status": "in-progress"}  # hand row kept
    by_claim = {r["claim"]: r for r in rows if "claim" in r}
    assert by_claim["demo/c1"]["note"] == "checked by hand against Thm 2"
    assert by_claim["demo/c1"]["lean"] == ["Demo.a"]  # a name out of sync is regenerated
    assert by_claim["demo/c2"]["status"] == "in-progress"  # the drifted status is corrected
    assert formalization.stale_parts(path, gen) == []


def test_formalization_yaml_hand_edits_are_not_stale_generated_edits_are(tmp_path: Path):
    """A stale generated part is a problem of the project in the gate's result (issue 25: not a stray
    `FAIL` line), rendered by every format before the verdict line; a hand edit is not stale."""
    from claimcheck.claims import formalization
    from claimcheck.claims.gate import finish
    from claimcheck.model.evidence import ProblemCode, Severity
    from claimcheck.report.junit import junit_xml
    from claimcheck.report.text import render_gate
    from claimcheck.pipeline.session import Session

    project, result, manifests = _formal_case(tmp_path)
    session = Session(project)
    assert session.project_problems(result, manifests) == []  # no file: nothing to be stale
    path = project.root / "formalization.yaml"
    formalization.write(path, formalization.generate(result, manifests, project))
    # the template's required fields, blank in a new file, are reported until the authors fill them in
    blank = session.project_problems(result, manifests)
    assert blank and {p.code for p in blank} == {ProblemCode.FORMALIZATION_FIELD_BLANK}
    assert any(p.message == "`project.license` is required and blank; fill it in" for p in blank)
    assert all(p.file == "formalization.yaml" and p.line > 1 for p in blank)
    text = path.read_text()
    for old, new in (('name: ""', 'name: "demo"'), ("authors: []", 'authors: ["Grace Hopper"]'),
                     ('license: ""', 'license: "Apache-2.0"'), ('method: ""', 'method: "manual"'),
                     ('status: ""', 'status: "self-assessed"')):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    assert session.project_problems(result, manifests) == []
    path.write_text(text.replace('name: "demo"', 'name: "renamed by hand"'))
    assert session.project_problems(result, manifests) == []
    path.write_text(text.replace("status: in-progress", "status: proved"))  # a `\\leanok` left on c2
    (stale,) = session.project_problems(result, manifests)
    assert (stale.code, stale.severity, stale.file) == (ProblemCode.FORMALIZATION_STALE, Severity.ERROR,
                                                        "formalization.yaml")
    assert "`alignment.statements` is stale" in stale.message
    judged_ = finish(result, [stale])
    assert judged_.ok is False
    lines = render_gate(judged_).splitlines()
    assert lines[-1] == "gate: FAIL"
    # on the line of the stale part's key, the location printed once (issue 40)
    at = next(i for i, l in enumerate(path.read_text().splitlines(), 1) if l.startswith("  statements:"))
    assert stale.line == at
    assert any(l == f"FAIL formalization.yaml:{at}: `alignment.statements` is stale; run `claimcheck"
               " formalization-yaml`" for l in lines), lines
    import xml.etree.ElementTree as ET

    project_suite = [s for s in ET.fromstring(junit_xml(judged_)).findall("testsuite") if s.get("name") == "project"]
    assert project_suite and project_suite[0].find("testcase/failure") is not None
    path.write_text(text.replace("sorry_count: 2", "sorry_count: 0"))
    assert formalization.stale_parts(path, formalization.generate(result, manifests, project)) == ["status.sorry_count"]


def test_formalization_yaml_bad_file_is_a_clear_error(tmp_path: Path):
    from claimcheck.claims import formalization

    project, result, manifests = _formal_case(tmp_path)
    path = project.root / "formalization.yaml"
    gen = formalization.generate(result, manifests, project)
    path.write_text("status: [1, 2]\n")
    with pytest.raises(formalization.FormalizationError, match=r"formalization.yaml:1: `status` must be a mapping"):
        formalization.write(path, gen)
    path.write_text("a: [\n")
    with pytest.raises(formalization.FormalizationError, match="invalid YAML"):
        formalization.stale_parts(path, gen)


def test_formalization_yaml_a_failed_build_is_one_cause_not_every_part_stale(tmp_path: Path):
    """Issue 40: a module that does not build is one problem; the generated parts, which differ from
    the file because of it, are not compared (one notice says so), and no location is printed twice."""
    from dataclasses import replace as _replace

    from claimcheck.claims import formalization
    from claimcheck.claims.gate import finish
    from claimcheck.model.build_state import ModuleState
    from claimcheck.model.evidence import BuildSummary, ModuleResult, ProblemCode, Severity
    from claimcheck.model.facts import Status
    from claimcheck.report.text import render_gate

    project, result, manifests = _formal_case(tmp_path)
    path = project.root / "formalization.yaml"
    formalization.write(path, formalization.generate(result, manifests, project), project.root)
    text = path.read_text()
    for old, new in (("authors: []", 'authors: ["Grace Hopper"]'), ('method: ""', 'method: "manual"'),
                     ('status: ""', 'status: "self-assessed"'), ('license: ""', 'license: "MIT"')):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    failed = _replace(result, build=BuildSummary(False, [ModuleResult("Demo.Core", ModuleState.FAILED,
                                                                      "Demo/Core.lean:3:0: error: type mismatch")]))
    # the failed build's facts: every declaration of the module failed, so the parts would all differ
    failed = _replace(failed, declarations=[_replace(d, status=Status.FAILED) for d in result.declarations])
    problems = formalization.problems(path, failed, manifests, project)
    assert [(p.code, p.severity) for p in problems] == [(ProblemCode.FORMALIZATION_STALE, Severity.NOTICE)]
    assert "not compared" in problems[0].message
    out = render_gate(finish(failed, problems))
    assert "formalization.yaml:1: formalization.yaml" not in out and out.count("formalization.yaml") == 1
    # with the build fixed, a real drift is reported again
    drifted = _replace(result, declarations=[_replace(d, status=Status.FAILED) for d in result.declarations])
    assert {p.code for p in formalization.problems(path, drifted, manifests, project)} == {
        ProblemCode.FORMALIZATION_STALE}


MIT = """MIT License

Copyright (c) 2026 Ada

Permission is hereby granted, free of charge, to any person obtaining a copy of this software ...
The above copyright notice and this permission notice shall be included in all copies ...
"""


@pytest.mark.parametrize("files, name, license_", [
    ({"lakefile.lean": "import Lake\nopen Lake DSL\n\npackage «my-paper» where\n", "LICENSE": MIT}, "my-paper", "MIT"),
    ({"lakefile.toml": 'name = "toml_paper"\n', "LICENSE.md": "SPDX-License-Identifier: Apache-2.0\n"},
     "toml_paper", "Apache-2.0"),
    ({"COPYING": "                                 Apache License\n                           Version 2.0, January 2004\n"},
     "proj", "Apache-2.0"),
    ({}, "proj", None),
    ({"LICENSE": "All rights reserved.\n"}, "proj", None),
])
def test_formalization_yaml_fills_what_the_project_says(tmp_path: Path, files, name, license_):
    """Issue 40: `formalization-yaml` fills the project's name (from the lakefile, else the folder)
    and licence (from a licence file it recognises) and lists the required fields left."""
    from claimcheck.claims import formalization

    project, result, manifests = _formal_case(tmp_path)
    for rel, text in files.items():
        (project.root / rel).write_text(text)
    path = project.root / "formalization.yaml"
    done = formalization.write(path, formalization.generate(result, manifests, project), project.root)
    doc = _load_yaml(path)
    assert doc["project"]["name"] == name
    assert doc["project"]["license"] == (license_ or "")
    assert {".".join(k.keys) for k in done.filled} == {"project.name"} | ({"project.license"} if license_ else set())
    remaining = [m for _line, m in done.remaining]
    assert any("project.authors" in m for m in remaining) and any("review.status" in m for m in remaining)
    assert any("project.license" in m for m in remaining) == (license_ is None)
    if "LICENSE" in files and license_ is None:
        assert "LICENSE is there but its licence is not one claimcheck recognises" in done.license_note
    # what the authors wrote is never replaced
    import re

    path.write_text(re.sub(r"(?m)^  name: .*$", "  name: Our own name", path.read_text(), count=1))
    formalization.write(path, formalization.generate(result, manifests, project), project.root)
    assert _load_yaml(path)["project"]["name"] == "Our own name"
