"""The CI gate: claim verdicts, fingerprint updates, and `claimcheck check` end to end."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

import cases
from claimcheck.claims.fingerprints import update_fingerprints
from claimcheck.claims.manifest import load_manifests
from claimcheck.model.evidence import (
    ClaimEvidence,
    FormalEvidence,
    GateResult,
    PaperEvidence,
    Role,
    Verdict,
)
from claimcheck.model.evidence import WitnessOutcome as WitnessResult
from claimcheck.model.facts import DeclFacts, DeclKind, Status
from claimcheck.model.names import Name

from builders import N, claim, decl, evidence, judged, verdict, warnings
from builders import formal as FormalDecl
from conftest import FIXTURES, REPO


def test_theorem_with_proved_declarations_and_matching_fingerprints_holds() -> None:
    ev = evidence(decl("A.t"), witnesses=(WitnessResult("w.ok", True, "fine"),))
    assert verdict(claim(formal=[FormalDecl("A.t", "f1")], witnesses=["w.ok"]), ev) == ("holds", [])


@pytest.mark.parametrize(
    "record, expected",
    [
        (decl("A.t", "sorry", axioms=("sorryAx",)), "A.t: sorry, not proved"),
        (decl("A.t", "axiom", axioms=("A.cheat",)), "A.t: axiom, not proved (axioms: A.cheat)"),
        (decl("A.t", "native", axioms=("Lean.ofReduceBool",)), "A.t: native, not proved"),
        (decl("A.t", fingerprint="f2"), "fingerprint in manifest f1, built f2"),
    ],
)
def test_theorem_fails_with_the_reason(record: DeclFacts, expected: str) -> None:
    got, problems = verdict(claim(formal=[FormalDecl("A.t", "f1")]), evidence(record))
    assert got == "fails"
    assert any(expected in p for p in problems), problems


def test_a_mistyped_fingerprint_is_a_fingerprint_mismatch_at_its_line() -> None:
    """Issue 40: a recorded fingerprint a few keystrokes from the built one is a typo, reported as
    such at the `fingerprint:` line; a real change keeps its words, and says when the printed
    statement reads the same (a definition it mentions changed)."""
    from claimcheck.model.evidence import ProblemCode

    built = "3f2a9c01d4e5b6a7"
    ev = evidence(decl("A.t", fingerprint=built, statement="∀ (n : Nat), n + 0 = n"))
    for typo in ("3f2a9c01d4e5b6a8", "3f2a9c10d4e5b6a7", "3f2a9c11d4e5b6a0"):
        entry = FormalDecl("A.t", typo, statement="∀ (n : Nat), n + 0 = n", fingerprint_line=14, yaml_line=13)
        got = judged(claim(formal=[entry]), ev)
        assert got.verdict is Verdict.FAILS
        (p,) = got.problems
        assert p.code is ProblemCode.FINGERPRINT_MISTYPED and p.line == 14, p
        assert "fingerprint mismatch" in p.message and "not a statement change" in p.message
    entry = FormalDecl("A.t", "00000000000000ff", statement="∀ (n : Nat), n + 0 = n", fingerprint_line=14)
    (p,) = judged(claim(formal=[entry]), ev).problems
    assert p.code is ProblemCode.FINGERPRINT_CHANGED and p.line == 14
    assert "reads as recorded" in p.message and "meaning of a project definition" in p.message
    entry = FormalDecl("A.t", "00000000000000ff", statement="∀ (n : Nat), n = n", fingerprint_line=14)
    (p,) = judged(claim(formal=[entry]), ev).problems
    assert "statement changed" in p.message and "reads as recorded" not in p.message


def test_missing_declaration_and_unrecorded_fingerprint_fail() -> None:
    got, problems = verdict(claim(formal=[FormalDecl("A.gone", "f1")]), evidence())
    assert got == "fails" and problems == ["A.gone: missing, not proved"]
    got, problems = verdict(claim(formal=[FormalDecl("A.t", None)]), evidence(decl("A.t")))
    assert got == "fails" and "no fingerprint recorded" in problems[0]


def test_failing_witness_fails_the_claim() -> None:
    ev = evidence(decl("A.t"), witnesses=(WitnessResult("w.bad", False, "counterexample x=3"),))
    got, problems = verdict(claim(formal=[FormalDecl("A.t", "f1")], witnesses=["w.bad"]), ev)
    assert got == "fails" and problems == ["witness w.bad fails: counterexample x=3"]


def test_labels() -> None:
    ev = evidence(decl("A.t"), decl("A.open", "sorry", axioms=("sorryAx",)), witnesses=(WitnessResult("w", True, ""),))
    # A conjecture whose declaration is already proved is mislabelled; one with sorry is a statement
    # without a proof: `stated` (formalised, open), never `holds` (issue 25).
    assert verdict(claim("conjecture", [FormalDecl("A.t", "f1")]), ev)[0] == "fails"
    assert verdict(claim("conjecture", [FormalDecl("A.open", "f1")]), ev) == ("stated", [])
    # A conditional claim must say what it assumes.
    assert verdict(claim("conditional", [FormalDecl("A.t", "f1")]), ev)[0] == "fails"
    assert verdict(claim("conditional", [FormalDecl("A.t", "f1")], hypotheses=["h"]), ev)[0] == "holds"
    # A measurement backed by a passing witness holds; a claim with nothing to check is informal.
    assert verdict(claim("measurement", None, ["w"]), ev)[0] == "holds"
    assert verdict(claim("theorem", None), ev)[0] == "informal"


def test_a_definition_alone_never_makes_a_claim_hold() -> None:
    ev = evidence(decl("A.run", kind="definition", is_theorem=False))
    got, problems = verdict(claim(formal=[FormalDecl("A.run", "f1")]), ev)
    assert got == "fails"
    assert any("A.run is a definition whose type is not a proposition" in p and "role: definition" in p for p in problems)
    got, problems = verdict(claim(formal=[FormalDecl("A.run", "f1", role="definition")]), ev)
    assert got == "fails" and problems[-1].startswith("no theorem") and "A.run (role: definition)" in problems[-1]
    # beside a theorem, a definition is a supporting entry
    ev = evidence(decl("A.run", kind="definition", is_theorem=False), decl("A.t"))
    formal = [FormalDecl("A.t", "f1"), FormalDecl("A.run", "f1", role="definition")]
    assert verdict(claim(formal=formal), ev) == ("holds", [])


def test_a_proposition_counts_whatever_its_kind_and_undecided_does_not() -> None:
    ev = evidence(decl("A.inst", kind="definition", is_theorem=True), decl("A.u", is_theorem=None))
    assert verdict(claim(formal=[FormalDecl("A.inst", "f1")]), ev) == ("holds", [])
    got, problems = verdict(claim(formal=[FormalDecl("A.u", "f1")]), ev)
    assert got == "fails" and "could not decide whether its type is a proposition" in problems[0]


def test_library_declarations_are_cited_never_the_proof() -> None:
    lib = decl("Nat.add_comm", "trusted", module="Init.Core", kind="boundary")
    got, problems = verdict(claim(formal=[FormalDecl("Nat.add_comm", "f1")]), evidence(lib))
    assert got == "fails"
    assert any("not the project's own" in p and "Init.Core" in p for p in problems)
    assert any("trusted, not proved" in p for p in problems)
    formal = [FormalDecl("A.t", "f1"), FormalDecl("Nat.add_comm", "f1", role="library")]
    assert verdict(claim(formal=formal), evidence(lib, decl("A.t"))) == ("holds", [])
    got, problems = verdict(claim(formal=[FormalDecl("Nat.add_comm", "f1", role="library")]), evidence(lib))
    assert got == "fails" and problems[0].startswith("no theorem")
    # a project declaration listed as library is mislabelled
    got, problems = verdict(claim(formal=[FormalDecl("A.t", "f1", role="library")]), evidence(decl("A.t")))
    assert got == "fails" and "declared in the project's module M" in problems[0]


def test_vacuous_and_prelude_fail_unless_acknowledged() -> None:
    ev = evidence(decl("A.v", lint=("the statement's conclusion is `True`",)), decl("A.p", prelude=("P",)))
    got, problems = verdict(claim(formal=[FormalDecl("A.v", "f1")]), ev)
    assert got == "fails" and "vacuous statement" in problems[0]
    assert verdict(claim(formal=[FormalDecl("A.v", "f1")], acknowledge=("A.v",)), ev) == ("holds", [])
    got, problems = verdict(claim(formal=[FormalDecl("A.p", "f1")]), ev)
    assert got == "fails" and "rests on module P, which does not import Init" in problems[0]
    assert verdict(claim(formal=[FormalDecl("A.p", "f1")], acknowledge=("P",)), ev) == ("holds", [])


def test_conditional_without_hypotheses_is_flagged_not_failed() -> None:
    ev = evidence(decl("A.bare", binders=0), decl("A.data", binders=2, hypotheses=0),
                  decl("A.cond", binders=2, hypotheses=1, satisfiable_by="A.cond_sat"), decl("A.cond_sat", binders=0))
    bare = claim("conditional", [FormalDecl("A.bare", "f1")], hypotheses=["h"])
    assert verdict(bare, ev) == ("holds", [])
    assert "assumes nothing" in warnings(bare, ev)[0]
    # data binders alone (`sumTo_const (c n : Nat) : …`) are no hypothesis: flagged too (issue 40)
    data = claim("conditional", [FormalDecl("A.data", "f1")], hypotheses=["h"])
    assert verdict(data, ev) == ("holds", [])
    assert "A.data assumes nothing" in warnings(data, ev)[0]
    assert warnings(claim("conditional", [FormalDecl("A.cond", "f1")], hypotheses=["h"]), ev) == []
    assert warnings(claim("conditional", [FormalDecl("A.bare", "f1")], hypotheses=["h"], acknowledge=("A.bare",)), ev) == []


def test_separate_witnesses_each_proved_and_checked() -> None:
    # Two declarations, each applying one conjunct with hypotheses (issue 37): together they count,
    # each must be proved and checked by the kernel, and a manifest's witness may name either.
    two = dict(binders=0, hypotheses=2, satisfiable_by="A.sat1", satisfiable_also=("A.sat2",))
    ev = evidence(decl("A.t", **two), decl("A.sat1", binders=0), decl("A.sat2", binders=0))
    assert verdict(claim(formal=[FormalDecl("A.t")]), ev) == ("holds", [])
    assert verdict(claim(formal=[FormalDecl("A.t", satisfied_by="A.sat2")]), ev) == ("holds", [])
    got, problems = verdict(claim(formal=[FormalDecl("A.t", satisfied_by="A.other")]), ev)
    assert got == "fails" and "the search found A.sat1 and A.sat2" in problems[0]
    ev = evidence(decl("A.t", **two), decl("A.sat1", binders=0), decl("A.sat2", "sorry", binders=0, kernel=None))
    got, problems = verdict(claim(formal=[FormalDecl("A.t")]), ev)
    assert got == "fails" and "its witness A.sat2 (sorry" in problems[0] and "A.sat1" not in problems[0]


def _result_with(manifests, fingerprints: dict[Name, str]) -> GateResult:
    """A gate result whose entries for the declarations ``fingerprints`` names were built with those
    fingerprints (and no printed statement); the others were not found."""
    papers = []
    for m in manifests:
        claims = []
        for c in m.claims:
            entries = [FormalEvidence(f.decl, Role(f.role),
                                      DeclFacts(f.decl, "M", DeclKind.THEOREM, Status.PROVED,
                                                fingerprint=fingerprints[f.decl]) if f.decl in fingerprints else None,
                                      f.fingerprint) for f in c.formal or []]
            claims.append(ClaimEvidence(c.id, c.label, c.statement, Verdict.HOLDS, "compiled", formal=entries))
        papers.append(PaperEvidence(m.id, m.title, str(m.path), claims))
    from builders import evidence as _ev
    ev = _ev()
    return GateResult("2026-01-01T00:00:00Z", True, ev.toolchain, ev.build, papers)


def test_update_fingerprints_edits_only_the_values(tmp_path: Path) -> None:
    folder = tmp_path / "manifests"
    shutil.copytree(REPO / "manifests", folder)
    path = folder / "simplex-transformer-one-nn.yaml"
    before = path.read_text()
    manifests = [m for m in load_manifests(folder) if m.path == path]
    decls = [f.decl for c in manifests[0].claims for f in c.formal or []]
    changed = update_fingerprints(manifests, _result_with(manifests, {decls[0]: "0123456789abcdef"}))
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
        assert update_fingerprints([m], _result_with([m], {entries[-1].decl: "feedfacefeedface"})) == [m.path]
        new = m.path.read_text()
        changed = [(a, b) for a, b in zip(text.splitlines(), new.splitlines()) if a != b]
        assert len(new.splitlines()) == len(text.splitlines()) and len(changed) == 1, (m.path.name, changed)
    reloaded = [m for m in load_manifests(folder) if m.path == path][0]
    assert [f.fingerprint for c in reloaded.claims for f in c.formal or [] if f.decl == decls[0]][0] == "0123456789abcdef"


def test_check_passes_on_the_project(repo_gate) -> None:
    from claimcheck.report.registry import render

    session, _manifests, result = repo_gate
    assert result.ok, [p.message for c in result.claims for p in c.errors]
    assert "gate: PASS" in render("text", result, session.project.root)


def _session(project, **options):
    from claimcheck.progress import Progress
    from claimcheck.pipeline.session import Options, Session

    return Session(project, Progress(quiet=True), Options(**options))


def test_changed_statement_fails_the_gate_showing_old_and_new(repo_gate, repo_project, tmp_path: Path) -> None:
    session = repo_gate[0]  # the same Lean facts, judged against a changed manifest
    folder = repo_project.root / f"manifests-{tmp_path.name}"  # a manifest is a file of the project (issue 23)
    shutil.copytree(REPO / "manifests", folder)
    path = folder / "pldr-llm-power-law-attention.yaml"
    data = yaml.safe_load(path.read_text())
    entry = next(f for c in data["claims"] for f in (c["formal"] if isinstance(c["formal"], list) else []))
    old = entry["fingerprint"]
    path.write_text(path.read_text().replace(f"fingerprint: {old}", "fingerprint: 00000000deadbeef", 1))
    result = session.gate(load_manifests(folder, repo_project.root))
    assert result.ok is False
    lines = [p.message for c in result.claims for p in c.errors]
    assert any(entry["decl"] in l and "00000000deadbeef" in l and old in l for l in lines), lines


@pytest.mark.parametrize("case", cases.params("gate", lambda c: c.get("run") is not None))
def test_gate_command_fixture(case: cases.Case, toolchain, tmp_path: Path, capsys) -> None:
    """A fixture project the command of ``run`` refuses or judges: its exit code and outputs (e.g. a
    bad manifest: exit 2 with its file and line)."""
    cases.run_cli(case, case.copy(tmp_path / "proj"), capsys)


def test_report_from_a_real_gate_run_uses_the_projects_allow_list(toolchain, tmp_path: Path) -> None:
    """The report is rendered from the typed result of a real gate run on a fixture project,
    and highlights axioms against that project's allow-list (here `propext` only), not the default."""
    from claimcheck.project import Project
    from claimcheck.report.render import write_report

    root = tmp_path / "own"
    shutil.copytree(FIXTURES / "gate" / "own_axioms", root)
    result = _session(Project.load(root)).gate()
    assert result.settings.allowed_axioms == [N("propext")]
    verdicts = {c.id: (c.verdict, [p.message for p in c.errors]) for c in result.claims}
    assert verdicts["c1"][0] == "fails"
    assert any("Own.chosen_exists: axiom, not proved" in p and "Classical.choice" in p for p in verdicts["c1"][1]), verdicts
    assert not any("Own.eq_of_iff: axiom" in p for p in verdicts["c2"][1])
    out = write_report(result, tmp_path / "report")
    page = (out / "papers" / "own.html").read_text(encoding="utf-8")
    assert '<span class="chip axiom nonstd">Classical.choice</span>' in page
    assert '<span class="chip axiom">propext</span>' in page
    assert "Source text not available here" in page


GATE_CASES = cases.params("gate", lambda c: c.get("run") is None)


def _entry_value(entry: FormalEvidence, key: str, project_modules: set[str]):
    """A fact of a formal entry as ``expected.yaml`` names it."""
    facts = entry.facts
    if key == "role":
        return str(entry.role)
    if key == "own":
        return facts is not None and facts.module in project_modules
    if key == "lint":
        return [l.message for l in facts.lint]
    if key == "lint_kinds":
        return [str(l.kind) for l in facts.lint]
    if key == "prelude":
        return list(facts.prelude)
    if key == "instance":
        return str(entry.instance.outcome) if entry.instance is not None else None
    value = getattr(facts, key)
    return str(value) if isinstance(value, Name) else value


@pytest.mark.lean
@pytest.mark.parametrize("case", GATE_CASES)
def test_gate_fixture(case: cases.Case, toolchain, tmp_path: Path) -> None:
    """A small project built with the real toolchain, its fingerprints recorded as a hurried author
    would (`--update-fingerprints`), then judged: each claim's verdict, errors, warnings and the
    entries' facts as in ``expected.yaml``."""
    from claimcheck.model.codec import report_from_json, report_to_json
    from claimcheck.model.evidence import Severity
    from conftest import copy_case, gate_with_fingerprints

    project = copy_case(case.folder, tmp_path)
    spec = case.expected
    assert spec.get("claims"), f"{case}: no claim expected"
    session, _manifests, result = gate_with_fingerprints(project)
    assert session.build.ok, session.build.summary()
    modules = {m.name for m in result.build.modules}
    claims = {c.id: c for c in result.claims}
    entries = {(c.id, str(f.decl)): f for c in result.claims for f in c.formal}
    case.check_claims({cid: str(c.verdict) for cid, c in claims.items()},
                      {cid: [p.message for p in c.errors] for cid, c in claims.items()},
                      {cid: [p.message for p in c.problems if p.severity is Severity.WARNING]
                       for cid, c in claims.items()},
                      lambda cid, decl, key: _entry_value(entries[cid, decl], key, modules))
    assert result.ok == all((c["verdict"] if isinstance(c, dict) else c) != "fails" for c in spec["claims"].values())
    if "main_results" in spec:  # formalization.yaml's main results: the theorems, never an instance theorem
        from claimcheck.claims.formalization import generate

        got_main = [m["declaration"] for m in generate(result, _manifests, project).main_results]
        assert got_main == spec["main_results"], got_main
    # the JSON report carries the new facts, and reads back; the HTML report shows them
    assert report_from_json(report_to_json(result)) == result
    from claimcheck.report.render import write_report

    out = write_report(result, tmp_path / "report")
    html = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html")))
    for text in spec.get("report") or []:
        assert text in html, f"{case}: report lacks {text!r}"


def test_report_shows_roles_trusted_lint_prelude_warnings_and_hypotheses(tmp_path: Path) -> None:
    """The HTML report and summary.md show what the gate found for each entry (no Lean run)."""
    from claimcheck.model.evidence import (
        BuildSummary, Label, ModuleResult, ModuleState, Problem, ProblemCode, Severity, Tier, ToolchainInfo,
    )
    from claimcheck.report.render import write_report
    from claimcheck.report.markdown import render_summary

    toy_t = decl("Toy.t", module="Toy", statement="∀ (n : Nat), n = n", binders=1,
                 lint=("an equation whose two sides are the same term",))
    toy_run = decl("Toy.run", module="Toy", kind="definition", is_theorem=False)
    add_comm = decl("Nat.add_comm", "trusted", None, module="Init.Core", kind="boundary")
    toy_p = decl("Toy.p", module="Toy.P", statement="Toy.Holds", binders=0, prelude=("Toy.P",))
    entries = [
        FormalEvidence(N("Toy.t"), Role.THEOREM, toy_t),
        FormalEvidence(N("Toy.run"), Role.DEFINITION, toy_run),
        FormalEvidence(N("Nat.add_comm"), Role.LIBRARY, add_comm),
        FormalEvidence(N("Toy.p"), Role.THEOREM, toy_p),
    ]
    problems = [Problem(ProblemCode.VACUOUS, Severity.ERROR, "Toy.t: vacuous statement", N("Toy.t")),
                Problem(ProblemCode.UNCONDITIONAL, Severity.WARNING,
                        "conditional claim, but its Lean theorem Toy.p assumes nothing")]
    claim_ = ClaimEvidence("c1", Label.CONDITIONAL, "s", Verdict.FAILS, Tier.BROKEN, coverage="full",
                           hypotheses=["the net is wide"], formal=entries, problems=problems)
    result = GateResult("2026-01-01T00:00:00Z", False, ToolchainInfo("wasm", "x"),
                        BuildSummary(True, [ModuleResult("Toy", ModuleState.BUILT),
                                            ModuleResult("Toy.P", ModuleState.BUILT)]),
                        [PaperEvidence("toy", "Toy", "manifests/toy.yaml", [claim_])],
                        declarations=[toy_t, toy_run, toy_p])
    out = write_report(result, tmp_path / "report")
    html = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html")))
    # "Flagged and noted" is the new heading of what is flagged (warnings) and noted (notices)
    for text in ['s-trusted">trusted</span>', "(library)", 'chip role r-library', 'chip role r-definition',
                 "an equation whose two sides are the same term", "prelude module Toy.P", "Flagged and noted",
                 "assumes nothing", "the net is wide", "1 binder in the Lean statement"]:
        assert text in html, text
    assert "Flagged and noted" in render_summary(result)
