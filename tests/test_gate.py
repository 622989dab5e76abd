"""The CI gate: claim verdicts, fingerprint updates, and `claimcheck check` end to end."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
import yaml

from claimcheck.lean.build import BuildReport
from claimcheck.cli import main
from claimcheck.claims.gate import Evidence, claim_verdict, claim_warnings, evaluate, failures, update_fingerprints
from claimcheck.claims.manifest import Acknowledgement, Claim, FormalDecl, load_manifests
from claimcheck.claims.model import Label, ToolchainInfo, Verdict
from claimcheck.analysis.status import DeclStatus
from claimcheck.claims.witnesses import WitnessResult

from conftest import FIXTURES, REPO


def evidence(*records: DeclStatus, witnesses: tuple[WitnessResult, ...] = ()) -> Evidence:
    return Evidence(
        BuildReport({}), {r.name: r for r in records}, {w.id: w for w in witnesses}, {}, {}, True,
        list(records), ToolchainInfo("wasm", "test"), frozenset({"M"}),
    )


def decl(name: str, status: str = "proved", fingerprint: str = "f1", axioms: tuple[str, ...] = (), *,
         module: str = "M", kind: str = "theorem", is_theorem: bool | None = True, hypotheses: int = 1,
         lint: tuple[str, ...] = (), prelude: tuple[str, ...] = ()) -> DeclStatus:
    return DeclStatus(name, module, kind, status, axioms, (), fingerprint, prelude, is_theorem, hypotheses, lint)


def claim(label: str = "theorem", formal: list[FormalDecl] | None = None, witnesses: list[str] | None = None,
          hypotheses: list[str] | None = None, acknowledge: tuple[str, ...] = ()) -> Claim:
    c = Claim("c1", label, "s", hypotheses or [], formal, witnesses or [])
    c.acknowledge = [Acknowledgement(n, "meant") for n in acknowledge]
    return c


def test_theorem_with_proved_declarations_and_matching_fingerprints_holds() -> None:
    ev = evidence(decl("A.t"), witnesses=(WitnessResult("w.ok", True, "fine"),))
    assert claim_verdict(claim(formal=[FormalDecl("A.t", "f1")], witnesses=["w.ok"]), ev) == ("holds", [])


@pytest.mark.parametrize(
    "record, expected",
    [
        (decl("A.t", "sorry", axioms=("sorryAx",)), "A.t: sorry, not proved"),
        (decl("A.t", "axiom", axioms=("A.cheat",)), "A.t: axiom, not proved (axioms: A.cheat)"),
        (decl("A.t", "native", axioms=("Lean.ofReduceBool",)), "A.t: native, not proved"),
        (decl("A.t", fingerprint="f2"), "fingerprint in manifest f1, built f2"),
    ],
)
def test_theorem_fails_with_the_reason(record: DeclStatus, expected: str) -> None:
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.t", "f1")]), evidence(record))
    assert verdict == "fails"
    assert any(expected in p for p in problems), problems


def test_missing_declaration_and_unrecorded_fingerprint_fail() -> None:
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.gone", "f1")]), evidence())
    assert verdict == "fails" and problems == ["A.gone: missing, not proved"]
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.t", None)]), evidence(decl("A.t")))
    assert verdict == "fails" and "no fingerprint recorded" in problems[0]


def test_failing_witness_fails_the_claim() -> None:
    ev = evidence(decl("A.t"), witnesses=(WitnessResult("w.bad", False, "counterexample x=3"),))
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.t", "f1")], witnesses=["w.bad"]), ev)
    assert verdict == "fails" and problems == ["witness w.bad fails: counterexample x=3"]


def test_labels() -> None:
    ev = evidence(decl("A.t"), decl("A.open", "sorry", axioms=("sorryAx",)), witnesses=(WitnessResult("w", True, ""),))
    # A conjecture whose declaration is already proved is mislabelled; one with sorry is fine.
    assert claim_verdict(claim("conjecture", [FormalDecl("A.t", "f1")]), ev)[0] == "fails"
    assert claim_verdict(claim("conjecture", [FormalDecl("A.open", "f1")]), ev)[0] == "holds"
    # A conditional claim must say what it assumes.
    assert claim_verdict(claim("conditional", [FormalDecl("A.t", "f1")]), ev)[0] == "fails"
    assert claim_verdict(claim("conditional", [FormalDecl("A.t", "f1")], hypotheses=["h"]), ev)[0] == "holds"
    # A measurement backed by a passing witness holds; a claim with nothing to check is informal.
    assert claim_verdict(claim("measurement", None, ["w"]), ev)[0] == "holds"
    assert claim_verdict(claim("theorem", None), ev)[0] == "informal"


def test_a_definition_alone_never_makes_a_claim_hold() -> None:
    ev = evidence(decl("A.run", kind="definition", is_theorem=False))
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.run", "f1")]), ev)
    assert verdict == "fails"
    assert any("A.run is a definition whose type is not a proposition" in p and "role: definition" in p for p in problems)
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.run", "f1", role="definition")]), ev)
    assert verdict == "fails" and problems[-1].startswith("no theorem") and "A.run (role: definition)" in problems[-1]
    # beside a theorem, a definition is a supporting entry
    ev = evidence(decl("A.run", kind="definition", is_theorem=False), decl("A.t"))
    formal = [FormalDecl("A.t", "f1"), FormalDecl("A.run", "f1", role="definition")]
    assert claim_verdict(claim(formal=formal), ev) == ("holds", [])


def test_a_proposition_counts_whatever_its_kind_and_undecided_does_not() -> None:
    ev = evidence(decl("A.inst", kind="definition", is_theorem=True), decl("A.u", is_theorem=None))
    assert claim_verdict(claim(formal=[FormalDecl("A.inst", "f1")]), ev) == ("holds", [])
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.u", "f1")]), ev)
    assert verdict == "fails" and "could not decide whether its type is a proposition" in problems[0]


def test_library_declarations_are_cited_never_the_proof() -> None:
    lib = decl("Nat.add_comm", "trusted", module="Init.Core", kind="boundary")
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("Nat.add_comm", "f1")]), evidence(lib))
    assert verdict == "fails"
    assert any("not the project's own" in p and "Init.Core" in p for p in problems)
    assert any("trusted, not proved" in p for p in problems)
    formal = [FormalDecl("A.t", "f1"), FormalDecl("Nat.add_comm", "f1", role="library")]
    assert claim_verdict(claim(formal=formal), evidence(lib, decl("A.t"))) == ("holds", [])
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("Nat.add_comm", "f1", role="library")]), evidence(lib))
    assert verdict == "fails" and problems[0].startswith("no theorem")
    # a project declaration listed as library is mislabelled
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.t", "f1", role="library")]), evidence(decl("A.t")))
    assert verdict == "fails" and "declared in the project's module M" in problems[0]


def test_vacuous_and_prelude_fail_unless_acknowledged() -> None:
    ev = evidence(decl("A.v", lint=("the statement's conclusion is `True`",)), decl("A.p", prelude=("P",)))
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.v", "f1")]), ev)
    assert verdict == "fails" and "vacuous statement" in problems[0]
    assert claim_verdict(claim(formal=[FormalDecl("A.v", "f1")], acknowledge=("A.v",)), ev) == ("holds", [])
    verdict, problems = claim_verdict(claim(formal=[FormalDecl("A.p", "f1")]), ev)
    assert verdict == "fails" and "rests on module P, which does not import Init" in problems[0]
    assert claim_verdict(claim(formal=[FormalDecl("A.p", "f1")], acknowledge=("P",)), ev) == ("holds", [])


def test_conditional_without_hypotheses_is_flagged_not_failed() -> None:
    ev = evidence(decl("A.bare", hypotheses=0), decl("A.cond", hypotheses=2))
    bare = claim("conditional", [FormalDecl("A.bare", "f1")], hypotheses=["h"])
    assert claim_verdict(bare, ev) == ("holds", [])
    assert "assumes nothing" in claim_warnings(bare, ev)[0]
    assert claim_warnings(claim("conditional", [FormalDecl("A.cond", "f1")], hypotheses=["h"]), ev) == []
    assert claim_warnings(claim("conditional", [FormalDecl("A.bare", "f1")], hypotheses=["h"], acknowledge=("A.bare",)), ev) == []


def test_update_fingerprints_edits_only_the_values(tmp_path: Path) -> None:
    folder = tmp_path / "manifests"
    shutil.copytree(REPO / "manifests", folder)
    path = folder / "simplex-transformer-one-nn.yaml"
    before = path.read_text()
    manifests = [m for m in load_manifests(folder) if m.path == path]
    decls = [f.decl for c in manifests[0].claims for f in c.formal or []]
    changed = update_fingerprints(manifests, {decls[0]: "0123456789abcdef"})
    assert changed == [path]
    after = path.read_text()
    assert after.count("0123456789abcdef") == 1
    # comments and layout kept: exactly the one fingerprint line differs
    diff = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(after.splitlines()) == len(before.splitlines())
    assert len(diff) == 1 and diff[0][1].strip() == "fingerprint: 0123456789abcdef", diff
    # in every manifest with Lean, recording one fingerprint changes that one line and nothing else
    for m in load_manifests(folder):
        entries = [f for c in m.claims for f in c.formal or [] if f.fingerprint]
        if not entries:
            continue
        text = m.path.read_text()
        assert update_fingerprints([m], {entries[-1].decl: "feedfacefeedface"}) == [m.path]
        new = m.path.read_text()
        changed = [(a, b) for a, b in zip(text.splitlines(), new.splitlines()) if a != b]
        assert len(new.splitlines()) == len(text.splitlines()) and len(changed) == 1, (m.path.name, changed)
    reloaded = [m for m in load_manifests(folder) if m.path == path][0]
    assert [f.fingerprint for c in reloaded.claims for f in c.formal or [] if f.decl == decls[0]][0] == "0123456789abcdef"


def test_check_passes_on_the_project(repo_build, repo_root, capsys) -> None:
    assert repo_build.ok
    assert main(["check", "--root", str(repo_root), "-q"]) == 0
    assert "gate: PASS" in capsys.readouterr().out


def test_changed_statement_fails_the_gate_showing_old_and_new(repo_build, repo_project, toolchain, tmp_path: Path) -> None:
    folder = tmp_path / "manifests"
    shutil.copytree(REPO / "manifests", folder)
    path = folder / "pldr-llm-power-law-attention.yaml"
    data = yaml.safe_load(path.read_text())
    entry = next(f for c in data["claims"] for f in (c["formal"] if isinstance(c["formal"], list) else []))
    old = entry["fingerprint"]
    path.write_text(path.read_text().replace(f"fingerprint: {old}", "fingerprint: 00000000deadbeef", 1))
    project = dataclasses.replace(repo_project, manifests_dir=folder)
    result = evaluate(project, toolchain, repo_build)
    assert result.ok is False
    lines = failures(result)
    assert any(entry["decl"] in l and "00000000deadbeef" in l and old in l for l in lines), lines


def test_bad_manifest_is_exit_code_2_with_file_and_line(toolchain, tmp_path: Path, capsys) -> None:
    root = tmp_path / "proj"
    shutil.copytree(FIXTURES / "gate" / "bad_manifest", root)
    code = main(["check", "--root", str(root), "-q"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "toy.yaml:12: Lean declaration `Toy.two_add_two_eq_fiv` does not exist" in err


def test_report_from_a_real_gate_run_uses_the_projects_allow_list(toolchain, tmp_path: Path) -> None:
    """The report is rendered from the typed result of a real `evaluate()` on a fixture project,
    and highlights axioms against that project's allow-list (here `propext` only), not the default."""
    from claimcheck.lean.build import build
    from claimcheck.progress import Progress
    from claimcheck.project import Project
    from claimcheck.report.render import write_report

    root = tmp_path / "own"
    shutil.copytree(FIXTURES / "gate" / "own_axioms", root)
    project = Project.load(root)
    report = build(project, toolchain, progress=Progress(quiet=True))
    result = evaluate(project, toolchain, report)
    assert result.allowed_axioms == ["propext"]
    verdicts = {c.id: (c.verdict, c.problems) for c in result.claims}
    assert verdicts["c1"][0] == "fails"
    assert any("Own.chosen_exists: axiom, not proved" in p and "Classical.choice" in p for p in verdicts["c1"][1]), verdicts
    assert not any("Own.eq_of_iff: axiom" in p for p in verdicts["c2"][1])
    out = write_report(result, tmp_path / "report")
    page = (out / "papers" / "own.html").read_text(encoding="utf-8")
    assert '<span class="chip axiom nonstd">Classical.choice</span>' in page
    assert '<span class="chip axiom">propext</span>' in page
    assert "Source text not available here" in page


GATE_CASES = sorted(p.name for p in (FIXTURES / "gate").iterdir() if (p / "expected.yaml").is_file())


@pytest.mark.lean
@pytest.mark.parametrize("case", GATE_CASES)
def test_gate_fixture(case: str, toolchain, tmp_path: Path) -> None:
    """A small project built with the real toolchain, its fingerprints recorded as a hurried author
    would (`--update-fingerprints`), then judged: each claim's verdict, problems, warnings and the
    entries' facts as in ``expected.yaml``."""
    from claimcheck.claims.gate import gather, judge, prepare
    from claimcheck.lean.build import build
    from claimcheck.progress import Progress
    from conftest import copy_case

    project = copy_case(FIXTURES / "gate" / case, tmp_path)
    spec = yaml.safe_load((project.root / "expected.yaml").read_text(encoding="utf-8"))
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok, report.summary()
    manifests = prepare(project)
    ev = gather(project, toolchain, report, manifests)
    update_fingerprints(manifests, {n: r.fingerprint for n, r in ev.statuses.items() if r.fingerprint})
    manifests = prepare(project)
    result = judge(project, ev, manifests)
    claims = {c.id: c for c in result.claims}
    assert set(claims) == set(spec["claims"])
    for cid, want in spec["claims"].items():
        got = claims[cid]
        where = f"{case}/{cid}: {got.problems} {got.warnings}"
        assert got.verdict == want["verdict"], where
        for text in want.get("problems") or []:
            assert any(text in p for p in got.problems), f"{where}: no problem with {text!r}"
        if want["verdict"] == "holds":
            assert got.problems == [], where
        if "warnings" in want:
            assert len(got.warnings) == len(want["warnings"]), where
            for text in want["warnings"]:
                assert any(text in w for w in got.warnings), f"{where}: no warning with {text!r}"
        entries = {f.decl: f for f in got.formal}
        for decl_name, facts in (want.get("entries") or {}).items():
            for key, value in facts.items():
                assert getattr(entries[decl_name], key) == value, f"{where}: {decl_name}.{key}"
    assert result.ok == all(c["verdict"] != "fails" for c in spec["claims"].values())
    # the JSON report carries the new facts, and reads back; the HTML report shows them
    data = result.to_json()
    assert type(result).from_json(data) == result
    from claimcheck.report.render import write_report

    out = write_report(result, tmp_path / "report")
    html = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html")))
    for text in spec.get("report") or []:
        assert text in html, f"{case}: report lacks {text!r}"


def test_report_shows_roles_trusted_lint_prelude_warnings_and_hypotheses(tmp_path: Path) -> None:
    """The HTML report and summary.md show what the gate found for each entry (no Lean run)."""
    from claimcheck.claims.model import BuildSummary, ClaimResult, FormalEntry, GateResult, PaperResult
    from claimcheck.report.render import render_summary, write_report

    entries = [
        FormalEntry("Toy.t", "proved", "Toy", "theorem", statement="∀ (n : Nat), n = n", role="theorem",
                    is_theorem=True, own=True, hypotheses=1, lint=["an equation whose two sides are the same term"]),
        FormalEntry("Toy.run", "proved", "Toy", "definition", role="definition", is_theorem=False, own=True),
        FormalEntry("Nat.add_comm", "trusted", "Init.Core", "boundary", role="library", is_theorem=True),
        FormalEntry("Toy.p", "proved", "Toy.P", "theorem", statement="Toy.Holds", role="theorem", is_theorem=True,
                    own=True, prelude=["Toy.P"]),
    ]
    claim_ = ClaimResult("c1", Label.CONDITIONAL, "s", Verdict.FAILS, hypotheses=["the net is wide"],
                         problems=["Toy.t: vacuous statement"], formal=entries,
                         warnings=["conditional claim, but its Lean theorem Toy.p assumes nothing"])
    result = GateResult("2026-01-01T00:00:00Z", False, ToolchainInfo("wasm", "x"), BuildSummary(True),
                        [PaperResult("toy", "Toy", "manifests/toy.yaml", [claim_])])
    out = write_report(result, tmp_path / "report")
    html = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html")))
    for text in ['s-trusted">trusted</span>', "(library)", 'chip role r-library', 'chip role r-definition',
                 "an equation whose two sides are the same term", "prelude module Toy.P", "Flagged for review",
                 "assumes nothing", "the net is wide", "1 binder in the Lean statement"]:
        assert text in html, text
    assert "Flagged for review" in render_summary(result)
