"""Statements that cannot deceive (issue 15): the printed statement shows hijacked instances, the
gate fails a claim whose declarations carry an unacknowledged statement warning, the report shows
warnings and links the project's constants, and the instance cross-check refuses arithmetic whose
instance is not the library's.

The statement warnings of each status fixture (``spoof_*``, ``honest``) are checked by
``tests/test_status.py`` from their ``expected.yaml``; the tests here build the fixtures they use.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
from claimcheck.analysis.cross_check import instance_theorems
from claimcheck.companion.client import instance_requests as requests, instance_results as results
from claimcheck.analysis.instances import CORE_SEMANTICS, Evaluator
from claimcheck.analysis.pretty import pretty_parts
from claimcheck.cli import main
from claimcheck.companion import client
from claimcheck.companion.protocol import Request
from claimcheck.model.codec import report_from_json, report_to_json
from claimcheck.model.evidence import InstanceOutcome, Verdict
from claimcheck.model.facts import StatementPart
from claimcheck.model.names import Name
from claimcheck.olean.terms import App, Const, Lit, app_spine
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.report.render import write_report
from claimcheck.pipeline.session import Options, Session

from conftest import FIXTURES, copy_case, gate_with_fingerprints


def N(text: str) -> Name:
    return Name.parse(text)


def C(name: str) -> Const:
    return Const(N(name), ())


@pytest.fixture(scope="module")
def hadd(tmp_path_factory: pytest.TempPathFactory, toolchain):
    """The `spoof_hadd` status fixture, built: (session, environment, records by name)."""
    root = cases.case("status", "spoof_hadd").copy(tmp_path_factory.mktemp("hadd") / "project")
    session = Session(Project.load(root), Progress(quiet=True), Options(jobs=1, kernel=False))
    assert session.build.ok
    return session, session.environment, {str(r.name): r for r in session.facts}


@pytest.fixture(scope="module")
def gate_case(tmp_path_factory: pytest.TempPathFactory, toolchain):
    """The `spoof_ack` gate fixture, built, with every fingerprint recorded: (project, result)."""
    project = copy_case(FIXTURES / "gate" / "spoof_ack", tmp_path_factory.mktemp("gate"))
    _session, _manifests, result = gate_with_fingerprints(project)
    return project, result


def _inspector(session, module: str = "Spoof.HAdd"):
    return session.instance_rules(module)


@pytest.mark.lean
def test_hijacked_addition_is_printed_with_its_instance(hadd) -> None:
    _session, _env, records = hadd
    r = records["Spoof.two_add_three"]
    assert r.status == "proved" and r.axioms == ()
    assert r.statement == "2 +[Spoof.addIsMul] 3 = 6"
    assert [(w.kind, w.name) for w in r.warnings] == [("instance", N("Spoof.addIsMul"))]
    assert "HAdd" in r.warnings[0].message
    # the project constant is a part of its own, to be linked to its definition
    assert StatementPart("Spoof.addIsMul", N("Spoof.addIsMul")) in r.statement_parts
    assert "".join(p.text for p in r.statement_parts) == r.statement


@pytest.mark.lean
def test_cross_check_refuses_a_hijacked_instance(hadd) -> None:
    """`2 + 2 = 4` with `+` meaning `*`: an evaluator reading `+` by its name agrees, so the
    cross-check would confirm a statement that is not what Lean proved. It must refuse: the
    hijacked instance is marked before the statement leaves claimcheck, and the companion's
    process refuses to give a marked operation its library meaning."""
    session, env, records = hadd
    name = "Spoof.addIsMul_instance_two"
    statement = env.find(N(name), within="Spoof.HAdd").type
    head, args = app_spine(statement)
    naive = Evaluator(CORE_SEMANTICS, instance_guard=None)  # no instance guard: takes `+` by its name
    assert naive.eval(args[1]) == naive.eval(args[2]) == 4  # the threat: it agrees
    theorems = instance_theorems(env, [records[name]], session.instance_rules)
    reqs, table = requests(theorems)
    response = client.run(Request([], [], [], reqs, table), session.project.root)
    (check,) = results(theorems, response.instances).values()
    assert check.outcome is InstanceOutcome.NOT_CROSS_CHECKED, check
    assert "not a library instance" in check.detail
    assert check.statement == "2 +[Spoof.addIsMul] 2 = 4"  # the instance table does not print `2 + 2 = 4`


@pytest.mark.lean
def test_cross_check_still_evaluates_library_instances(hadd) -> None:
    """The guard refuses only what is not the library's: a literal sum with `instHAdd` of
    `instAddNat` is evaluated as before."""
    session, env, _records = hadd
    inspector = _inspector(session)
    nat = C("Nat")

    def lit(k: int):
        return App(App(App(C("OfNat.ofNat"), nat), Lit(k)), App(C("instOfNatNat"), Lit(k)))

    inst = App(App(C("instHAdd"), nat), C("instAddNat"))
    term = App(App(App(App(App(App(C("HAdd.hAdd"), nat), nat), nat), inst), lit(2)), lit(3))
    assert Evaluator(CORE_SEMANTICS, inspector.is_library_instance).eval(term) == 5
    hijacked = App(App(App(App(App(App(C("HAdd.hAdd"), nat), nat), nat), C("Spoof.addIsMul")), lit(2)), lit(3))
    from claimcheck.analysis.instances import Unsupported

    with pytest.raises(Unsupported, match="Spoof.addIsMul"):
        Evaluator(CORE_SEMANTICS, inspector.is_library_instance).eval(hijacked)


@pytest.mark.lean
def test_let_bound_and_inline_instances_are_shown(hadd) -> None:
    """An instance bound by `let` or written in place is not the library's either: flagged, and
    printed where it acts; an honest library instance is not."""
    from claimcheck.analysis.pretty import env_binder_infos, pretty
    from claimcheck.model.facts import WarningKind
    from claimcheck.olean.reader import BVar, LetE

    session, env, _records = hadd
    inspector = _inspector(session)
    nat = C("Nat")

    def lit(k: int):
        return App(App(App(C("OfNat.ofNat"), nat), Lit(k)), App(C("instOfNatNat"), Lit(k)))

    def add(inst, a, b):
        return App(App(App(App(App(App(C("HAdd.hAdd"), nat), nat), nat), inst), a), b)

    def eq(a, b):
        return App(App(App(C("Eq"), nat), a), b)

    mul = App(App(App(App(C("HAdd.mk"), nat), nat), nat), C("Nat.mul"))
    hadd_ty = App(App(App(C("HAdd"), nat), nat), nat)
    let_term = LetE(N("inst"), hadd_ty, mul, eq(add(BVar(0), lit(2), lit(3)), lit(6)))
    problems, _ = inspector.expr_problems(let_term)
    assert [p.kind for p in problems] == [WarningKind.INLINE_INSTANCE]
    infos = env_binder_infos(env, "Spoof.HAdd")
    assert pretty(let_term, infos, inspector=inspector) == "let inst := HAdd.mk Nat.mul; 2 +[inst] 3 = 6"
    inline = eq(add(mul, lit(2), lit(3)), lit(6))
    assert pretty(inline, infos, inspector=inspector) == "2 +[HAdd.mk Nat.mul] 3 = 6"
    library = eq(add(App(App(C("instHAdd"), nat), C("instAddNat")), lit(2), lit(3)), lit(5))
    assert inspector.expr_problems(library)[0] == []
    assert pretty(library, infos, inspector=inspector) == "2 + 3 = 5"
    # numerals alone do not show their type: a relation between them says it unless it is Nat
    fin2 = App(C("Fin"), lit(2))

    def fin(k: int):
        return App(App(App(C("OfNat.ofNat"), fin2), Lit(k)), App(App(C("Fin.instOfNat"), lit(2)), Lit(k)))

    fin_add = App(App(App(App(App(App(C("HAdd.hAdd"), fin2), fin2), fin2),
                          App(App(C("instHAdd"), fin2), App(C("Fin.instAdd"), lit(2)))), fin(1)), fin(1))
    fin_eq = App(App(App(C("Eq"), fin2), fin_add), fin(0))
    assert pretty(fin_eq, infos, inspector=inspector) == "(1 + 1 : Fin 2) = 0"
    # a hijacking instance nested in a library one is found and shown
    nested = eq(add(App(App(C("instHAdd"), nat), C("Spoof.addIsMul")), lit(2), lit(3)), lit(6))
    assert {str(p.name) for p in inspector.expr_problems(nested)[0]} == {"Spoof.addIsMul"}


@pytest.mark.lean
def test_status_json_and_decl_show_statement_and_warnings(hadd, capsys) -> None:
    session, _env, _records = hadd
    project = session.project
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
    # one statement warning, naming the instance (the vacuity lint also finds `4 = 4` once the
    # project's instance is unfolded: issue 24)
    from claimcheck.model.evidence import ProblemCode

    warned = [p for p in silent.errors if p.code is ProblemCode.STATEMENT_WARNING]
    assert len(warned) == 1 and "Toy.fiveIsFour" in warned[0].message
    assert "acknowledge" in warned[0].message
    assert {p.code for p in silent.errors} == {ProblemCode.STATEMENT_WARNING, ProblemCode.VACUOUS}
    stale = claims["stale"]
    assert stale.verdict is Verdict.FAILS
    assert [p.message for p in stale.errors] == [
        "acknowledges `Toy.fiveIsFour`, but no declaration of the claim has a statement warning, vacuity lint,"
        " unshown hypotheses or prelude module naming it; remove the acknowledgement"]
    assert result.ok is False
    # the acknowledged warning is matched by the manifest's words; the silent one is not
    (ack,) = claims["acknowledged"].formal[0].facts.warnings
    assert ack.name == N("Toy.fiveIsFour")
    words = {a.name: a.note for a in claims["acknowledged"].acknowledge}
    assert "on purpose" in words[ack.name]
    assert claims["silent"].formal[0].facts.warnings[0].name not in {a.name for a in claims["silent"].acknowledge}
    assert claims["silent"].formal[0].facts.statement == "(5 : Nat) [Toy.fiveIsFour] = 4"
    # the typed result survives report.json
    back = report_from_json(report_to_json(result))
    assert back.claims[0].formal[0].facts.warnings[0].name == N("Toy.fiveIsFour")


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


def test_statement_parts_round_trip() -> None:
    """A statement cut into parts, each project constant a part of its own holding its name (what
    the report links), printed Lean's way: a component that is not an identifier is quoted."""

    class Stub:
        """An inspector that calls every constant but `Eq` and `Nat` the project's."""

        def is_project(self, name: Name) -> bool:
            return name not in (N("Eq"), N("Nat"))

        def infos(self, name: Name):
            return None

        def instance_problems(self, *args):
            return []

        def mentions_project(self, e) -> bool:
            return False

    quoted = Name(("Col", "Y.ax"))
    term = App(App(App(C("Eq"), C("Nat")), C("A.b")), Const(quoted, ()))
    text, parts = pretty_parts(term, None, Stub())
    assert text == "A.b = Col.«Y.ax»"
    assert parts == (StatementPart("A.b", N("A.b")), StatementPart(" = "), StatementPart("Col.«Y.ax»", quoted))
    assert "".join(p.text for p in parts) == text


def test_warning_problems_without_lean() -> None:
    """The gate rule on its own: each unacknowledged warning is a problem naming what to
    acknowledge; an acknowledged one is not; an acknowledgement of nothing is."""
    from claimcheck.model.facts import StatementWarning, WarningKind

    from builders import claim, decl, evidence, formal, verdict

    w1 = StatementWarning(WarningKind.INSTANCE, N("P.inst"), "uses the project instance `P.inst`", N("P.t"))
    w2 = StatementWarning(WarningKind.SHADOWING, N("P.Nat.gcd"), "ends with a library name", N("P.Nat.gcd"))
    ev = evidence(decl("P.t", statement="s", warnings=(w1, w2)), decl("P.u", statement="s"))
    c = claim(formal=[formal("P.t", "f1")])
    got, problems = verdict(c, ev)
    assert got == "fails" and len(problems) == 2 and all("acknowledge" in p for p in problems)
    assert any("name: P.inst" in p for p in problems) and any("name: P.Nat.gcd" in p for p in problems)
    assert verdict(claim(formal=[formal("P.t", "f1")], acknowledge=("P.inst", "P.Nat.gcd")), ev) == ("holds", [])
    assert len(verdict(claim(formal=[formal("P.t", "f1")], acknowledge=("P.inst",)), ev)[1]) == 1
    honest = claim(formal=[formal("P.u", "f1")], acknowledge=("P.inst",))
    assert verdict(honest, ev) == ("fails", [
        "acknowledges `P.inst`, but no declaration of the claim has a statement warning, vacuity lint,"
        " unshown hypotheses or prelude module naming it; remove the acknowledgement"
    ])
