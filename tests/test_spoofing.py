"""Statements that cannot deceive (issue 15): the printed statement shows hijacked instances, the
gate fails a claim whose declarations carry an unacknowledged statement warning, the report shows
warnings and links the project's constants, and the instance cross-check refuses arithmetic whose
instance is not the library's.

The statement warnings of each status fixture (``spoof_*``, ``honest``) are checked by
``tests/test_status.py`` from their ``expected.yaml``; the tests here build the fixtures they use.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from claimcheck.analysis.instances import CORE_SEMANTICS, Evaluator, InstanceOutcome, check_instances
from claimcheck.analysis.pretty import split_refs, strip_refs
from claimcheck.analysis.status import compute_status, open_environment
from claimcheck.cli import main
from claimcheck.claims.gate import gather, judge, prepare, update_fingerprints
from claimcheck.claims.model import GateResult, Verdict
from claimcheck.lean.build import build
from claimcheck.olean.reader import App, Const, Lit, app_spine
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.report.render import write_report

from conftest import FIXTURES, copy_case


@pytest.fixture(scope="module")
def hadd(tmp_path_factory: pytest.TempPathFactory, toolchain):
    """The `spoof_hadd` status fixture, built: (project, environment, records by name)."""
    root = tmp_path_factory.mktemp("hadd") / "project"
    shutil.copytree(FIXTURES / "status" / "spoof_hadd", root, ignore=shutil.ignore_patterns("expected.yaml"))
    project = Project.load(root)
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok
    search = [project.olean_dir, toolchain.lib_dir]
    env = open_environment(search)
    records = compute_status(list(report.modules), search, env=env)
    return project, env, {r.name: r for r in records}


@pytest.fixture(scope="module")
def gate_case(tmp_path_factory: pytest.TempPathFactory, toolchain):
    """The `spoof_ack` gate fixture, built, with every fingerprint recorded: (project, result)."""
    project = copy_case(FIXTURES / "gate" / "spoof_ack", tmp_path_factory.mktemp("gate"))
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok
    manifests = prepare(project)
    evidence = gather(project, toolchain, report, manifests)
    update_fingerprints(manifests, {n: r.fingerprint for n, r in evidence.statuses.items()})
    manifests = prepare(project)
    return project, judge(project, evidence, manifests)


@pytest.mark.lean
def test_hijacked_addition_is_printed_with_its_instance(hadd) -> None:
    _project, _env, records = hadd
    r = records["Spoof.two_add_three"]
    assert r.status == "proved" and r.axioms == ()
    assert r.statement == "2 +[Spoof.addIsMul] 3 = 6"
    assert [(w.kind, w.name) for w in r.warnings] == [("instance", "Spoof.addIsMul")]
    assert "HAdd" in r.warnings[0].message
    # the project constant is a part of its own, to be linked to its definition
    assert ("Spoof.addIsMul", "Spoof.addIsMul") in r.statement_parts
    assert "".join(t for t, _ in r.statement_parts) == r.statement


@pytest.mark.lean
def test_cross_check_refuses_a_hijacked_instance(hadd) -> None:
    """`2 + 2 = 4` with `+` meaning `*`: an evaluator reading `+` by its name agrees, so the
    cross-check would confirm a statement that is not what Lean proved. It must refuse."""
    _project, env, _records = hadd
    name = "Spoof.addIsMul_instance_two"
    statement = env.find(name).type
    head, args = app_spine(statement)
    naive = Evaluator(CORE_SEMANTICS)  # no instance guard: takes `+` by its name
    assert naive.eval(args[1]) == naive.eval(args[2]) == 4  # the threat: it agrees
    (check,) = check_instances(env, [name], Evaluator(CORE_SEMANTICS))
    assert check.outcome is InstanceOutcome.NOT_CROSS_CHECKED, check
    assert "Spoof.addIsMul" in check.detail and "not a library instance" in check.detail
    assert check.statement == "2 +[Spoof.addIsMul] 2 = 4"  # the instance table does not print `2 + 2 = 4`


@pytest.mark.lean
def test_cross_check_still_evaluates_library_instances(hadd) -> None:
    """The guard refuses only what is not the library's: a literal sum with `instHAdd` of
    `instAddNat` is evaluated as before."""
    _project, env, _records = hadd
    from claimcheck.analysis.spoofing import StatementInspector

    nat = Const("Nat", ())

    def lit(k: int):
        return App(App(App(Const("OfNat.ofNat", ()), nat), Lit(k)), App(Const("instOfNatNat", ()), Lit(k)))

    inst = App(App(Const("instHAdd", ()), nat), Const("instAddNat", ()))
    term = App(App(App(App(App(App(Const("HAdd.hAdd", ()), nat), nat), nat), inst), lit(2)), lit(3))
    core = {f.resolve() for f in env.search_path if (f / "Init.olean").is_file()}
    inspector = StatementInspector(env, lambda m: env.module_folder(m).resolve() in core)
    assert Evaluator(CORE_SEMANTICS, inspector.is_library_instance).eval(term) == 5
    hijacked = App(App(App(App(App(App(Const("HAdd.hAdd", ()), nat), nat), nat), Const("Spoof.addIsMul", ())), lit(2)), lit(3))
    from claimcheck.analysis.instances import Unsupported

    with pytest.raises(Unsupported, match="Spoof.addIsMul"):
        Evaluator(CORE_SEMANTICS, inspector.is_library_instance).eval(hijacked)


@pytest.mark.lean
def test_let_bound_and_inline_instances_are_shown(hadd) -> None:
    """An instance bound by `let` or written in place is not the library's either: flagged, and
    printed where it acts; an honest library instance is not."""
    from claimcheck.analysis.pretty import env_binder_infos, pretty
    from claimcheck.analysis.spoofing import StatementInspector, WarningKind
    from claimcheck.olean.reader import BVar, LetE

    _project, env, _records = hadd
    core = {f.resolve() for f in env.search_path if (f / "Init.olean").is_file()}
    inspector = StatementInspector(env, lambda m: env.module_folder(m).resolve() in core)
    nat = Const("Nat", ())

    def lit(k: int):
        return App(App(App(Const("OfNat.ofNat", ()), nat), Lit(k)), App(Const("instOfNatNat", ()), Lit(k)))

    def add(inst, a, b):
        return App(App(App(App(App(App(Const("HAdd.hAdd", ()), nat), nat), nat), inst), a), b)

    def eq(a, b):
        return App(App(App(Const("Eq", ()), nat), a), b)

    mul = App(App(App(App(Const("HAdd.mk", ()), nat), nat), nat), Const("Nat.mul", ()))
    hadd_ty = App(App(App(Const("HAdd", ()), nat), nat), nat)
    let_term = LetE("inst", hadd_ty, mul, eq(add(BVar(0), lit(2), lit(3)), lit(6)))
    problems, _ = inspector.expr_problems(let_term)
    assert [p.kind for p in problems] == [WarningKind.INLINE_INSTANCE]
    infos = env_binder_infos(env)
    assert pretty(let_term, infos, inspector=inspector) == "let inst := HAdd.mk Nat.mul; 2 +[inst] 3 = 6"
    inline = eq(add(mul, lit(2), lit(3)), lit(6))
    assert pretty(inline, infos, inspector=inspector) == "2 +[HAdd.mk Nat.mul] 3 = 6"
    library = eq(add(App(App(Const("instHAdd", ()), nat), Const("instAddNat", ())), lit(2), lit(3)), lit(5))
    assert inspector.expr_problems(library)[0] == []
    assert pretty(library, infos, inspector=inspector) == "2 + 3 = 5"
    # numerals alone do not show their type: a relation between them says it unless it is Nat
    fin2 = App(Const("Fin", ()), lit(2))

    def fin(k: int):
        return App(App(App(Const("OfNat.ofNat", ()), fin2), Lit(k)), App(App(Const("Fin.instOfNat", ()), lit(2)), Lit(k)))

    fin_add = App(App(App(App(App(App(Const("HAdd.hAdd", ()), fin2), fin2), fin2),
                          App(App(Const("instHAdd", ()), fin2), App(Const("Fin.instAdd", ()), lit(2)))), fin(1)), fin(1))
    fin_eq = App(App(App(Const("Eq", ()), fin2), fin_add), fin(0))
    assert pretty(fin_eq, infos, inspector=inspector) == "(1 + 1 : Fin 2) = 0"
    # a hijacking instance nested in a library one is found and shown
    nested = eq(add(App(App(Const("instHAdd", ()), nat), Const("Spoof.addIsMul", ())), lit(2), lit(3)), lit(6))
    assert {p.name for p in inspector.expr_problems(nested)[0]} == {"Spoof.addIsMul"}


@pytest.mark.lean
def test_status_json_and_decl_show_statement_and_warnings(hadd, capsys) -> None:
    project, _env, _records = hadd
    assert main(["status", "--no-build", "-q", "--root", str(project.root), "--json"]) == 0
    data = {d["name"]: d for d in json.loads(capsys.readouterr().out)["declarations"]}
    d = data["Spoof.two_add_three"]
    assert d["statement"] == "2 +[Spoof.addIsMul] 3 = 6"
    assert d["warnings"][0]["kind"] == "instance" and d["warnings"][0]["name"] == "Spoof.addIsMul"
    assert main(["status", "--no-build", "-q", "--root", str(project.root), "--decl", "Spoof.two_add_three"]) == 0
    out = capsys.readouterr().out
    assert "statement: 2 +[Spoof.addIsMul] 3 = 6" in out
    assert "warning (instance, Spoof.addIsMul)" in out


@pytest.mark.lean
def test_gate_fails_an_unacknowledged_warning(gate_case) -> None:
    _project, result = gate_case
    claims = {c.id: c for c in result.claims}
    assert claims["acknowledged"].verdict is Verdict.HOLDS, claims["acknowledged"].problems
    assert claims["honest"].verdict is Verdict.HOLDS, claims["honest"].problems
    silent = claims["silent"]
    assert silent.verdict is Verdict.FAILS
    assert len(silent.problems) == 1 and "Toy.fiveIsFour" in silent.problems[0]
    assert "acknowledge" in silent.problems[0]
    stale = claims["stale"]
    assert stale.verdict is Verdict.FAILS
    assert stale.problems == ["acknowledges `Toy.fiveIsFour`, but no declaration of the claim has a statement"
                              " warning, vacuity lint or prelude module naming it; remove the acknowledgement"]
    assert result.ok is False
    # the acknowledged warning carries the manifest's words; the silent one does not
    (ack,) = claims["acknowledged"].formal[0].warnings
    assert ack.name == "Toy.fiveIsFour" and ack.acknowledged and "on purpose" in ack.acknowledged
    assert claims["silent"].formal[0].warnings[0].acknowledged is None
    assert claims["silent"].formal[0].statement == "(5 : Nat) [Toy.fiveIsFour] = 4"
    # the typed result survives report.json
    assert GateResult.from_json(result.to_json()).claims[0].formal[0].warnings[0].name == "Toy.fiveIsFour"


@pytest.mark.lean
def test_check_cli_names_the_instance(gate_case, capsys) -> None:
    project, _result = gate_case
    assert main(["check", "--root", str(project.root), "-q"]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert "silent" in text and "Toy.fiveIsFour" in text


@pytest.mark.lean
def test_report_shows_warnings_and_links_project_constants(gate_case, tmp_path: Path) -> None:
    _project, result = gate_case
    out = write_report(result, tmp_path / "report")
    page = (out / "papers" / "toy.html").read_text(encoding="utf-8")
    # the statement marks the instance in place and links it to its definition
    assert ('(5 : Nat) [<a class="ref" href="../declarations.html#decl-Toy.fiveIsFour">Toy.fiveIsFour</a>] = 4'
            in page)
    assert "1 statement warning" in page and "1 acknowledged warning" in page
    assert "Not acknowledged in the manifest." in page
    assert "The toy renames 4 as the numeral 5 on purpose" in page
    decls = (out / "declarations.html").read_text(encoding="utf-8")
    assert 'id="decl-Toy.fiveIsFour"' in decls
    assert "uses the project instance" in decls


def test_split_refs_round_trip() -> None:
    marked = "\x02A.b\x03 x = \x02C\x03"
    assert split_refs(marked) == [("A.b", "A.b"), (" x = ", None), ("C", "C")]
    assert strip_refs(marked) == "A.b x = C"


def _record(name: str, *warnings):
    from claimcheck.analysis.status import DeclStatus

    return DeclStatus(name, "M", "theorem", "proved", (), (), "f1", statement="s", warnings=tuple(warnings))


def test_warning_problems_without_lean() -> None:
    """The gate rule on its own: each unacknowledged warning is a problem naming what to
    acknowledge; an acknowledged one is not; an acknowledgement of nothing is."""
    from claimcheck.analysis.spoofing import StatementWarning, WarningKind
    from claimcheck.claims.gate import Evidence, warning_problems
    from claimcheck.claims.manifest import Acknowledgement, Claim, FormalDecl
    from claimcheck.claims.model import ToolchainInfo
    from claimcheck.lean.build import BuildReport

    w1 = StatementWarning(WarningKind.INSTANCE, "P.inst", "uses the project instance `P.inst`", "P.t")
    w2 = StatementWarning(WarningKind.SHADOWING, "P.Nat.gcd", "ends with a library name", "P.Nat.gcd")
    ev = Evidence(BuildReport({}), {"P.t": _record("P.t", w1, w2), "P.u": _record("P.u")}, {}, {}, {}, False, [],
                  ToolchainInfo("test", "0"))
    claim = Claim("c1", "theorem", "s", [], [FormalDecl("P.t", "f1")], [])
    problems = warning_problems(claim, ev)
    assert len(problems) == 2 and all("acknowledge" in p for p in problems)
    assert any("name: P.inst" in p for p in problems) and any("name: P.Nat.gcd" in p for p in problems)
    claim.acknowledge = [Acknowledgement("P.inst", "why"), Acknowledgement("P.Nat.gcd", "why")]
    assert warning_problems(claim, ev) == []
    claim.acknowledge = [Acknowledgement("P.inst", "why")]
    assert len(warning_problems(claim, ev)) == 1
    honest = Claim("c2", "theorem", "s", [], [FormalDecl("P.u", "f1")], [], acknowledge=[Acknowledgement("P.inst", "why")])
    assert warning_problems(honest, ev) == [
        "acknowledges `P.inst`, but no declaration of the claim has a statement warning, vacuity lint or"
        " prelude module naming it; remove the acknowledgement"
    ]
