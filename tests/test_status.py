"""Proof status on adversarial fixtures, each built with the real Lean toolchain.

Every folder of ``tests/fixtures/status/`` is a small project (its source folder is the
folder itself) with an ``expected.yaml`` in the one vocabulary of ``tests/cases.py``:

* ``declarations``: the status of *every* user-facing declaration (a listed declaration that is
  not in the file fails the test, so nothing can come out ``proved`` unnoticed);
* ``axioms``: axioms that must appear in a record;
* ``unsafe``: the unsafe declarations each declaration is or uses (every one not listed uses none);
* ``query``: names asked for with ``decls=`` and their expected status (``missing``, ``failed``);
* ``failed_modules``: modules that must fail to build;
* ``prelude``: declarations and the ``prelude`` modules (not importing ``Init``) they rest on;
  a declaration not named there must rest on none;
* ``run``, ``exit``, ``stderr``: the build refuses the project (exit 2), printing these texts
  (nothing is built);
* ``warnings``: the statement warnings of each declaration as ``kind: name`` strings (every
  declaration not listed must have none, so an honest fixture checks that nothing is flagged);
* ``statements``: printed statements that must come out exactly so;
* ``versions`` + ``fingerprint``: sub-folders built separately, and the declarations whose
  statement fingerprint must change (``changes``) or stay (``keeps``) between them;
  ``by_version`` adds declarations that exist in one version only.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import cases
from claimcheck.analysis.statuses import declaration_facts, open_environment
from claimcheck.model.facts import DeclFacts, DeclKind
from claimcheck.model.names import Name

CASES = cases.params("status", lambda c: c.get("run") is None)
REFUSED = cases.params("status", lambda c: c.get("run") is not None)


def _toolchain(root: Path):
    """The real toolchain (installed on first use): these tests never skip for want of one."""
    from claimcheck.lean.toolchain import resolve_toolchain

    return resolve_toolchain(root, install=True)


def _build(case: cases.Case, version: str, dst: Path) -> tuple[list[DeclFacts], dict, Path]:
    """The fixture built, and the facts of its declarations (what `claimcheck status` lists; the
    kernel's verdicts are `tests/test_recheck.py`'s)."""
    from claimcheck.progress import Progress
    from claimcheck.project import Project
    from claimcheck.pipeline.session import Options, Session

    case.copy(dst, version)
    session = Session(Project.load(dst), Progress(quiet=True), Options(jobs=1, kernel=False))
    ctx = {"report": session.build, "session": session, "root": dst}
    return session.facts, ctx, dst


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, toolchain):
    cache: dict[tuple[str, str], tuple[list[DeclFacts], dict, Path]] = {}

    def get(case: str, version: str = "") -> tuple[list[DeclFacts], dict, Path]:
        key = (case, version)
        if key not in cache:
            dst = tmp_path_factory.mktemp(case) / (version or "project")
            cache[key] = _build(cases.case("status", case), version, dst)
        return cache[key]

    return get


def _check_expected(records: list[DeclFacts], case: cases.Case, version: str, where: str) -> None:
    # a record by the name a user reads (a private declaration marked `(private)`)
    listed = {r.display_name: r for r in records if r.kind is not DeclKind.MODULE}
    assert len(listed) == sum(1 for r in records if r.kind is not DeclKind.MODULE), f"{where}: two records, one name"
    case.check_declarations({n: str(r.status) for n, r in listed.items()}, case.get("by_version", {}).get(version))
    spec = case.expected
    for name, axioms in (spec.get("axioms") or {}).items():
        for ax in axioms:
            assert Name.parse(ax) in listed[name].axioms, f"{where}: {name} should reach {ax}, got {listed[name].axioms}"
    unsafe = spec.get("unsafe") or {}
    for n, r in listed.items():
        assert sorted(map(str, r.unsafe)) == sorted(unsafe.get(n, [])), f"{where}: {n} rests on unsafe {r.unsafe}"
        assert not set(r.unsafe) & set(r.axioms), f"{where}: {n} lists an unsafe declaration as an axiom"
    prelude = spec.get("prelude") or {}
    for n, r in listed.items():
        assert list(r.prelude) == prelude.get(n, []), f"{where}: {n} rests on prelude modules {r.prelude}"
    want_warnings = {n: sorted(ws) for n, ws in (spec.get("warnings") or {}).items()}
    got_warnings = {n: sorted(f"{w.kind}: {w.name}" for w in r.warnings) for n, r in listed.items() if r.warnings}
    assert got_warnings == want_warnings, f"{where}: statement warnings"
    for name, text in (spec.get("statements") or {}).items():
        assert listed[name].statement == text, f"{where}: {name} prints as {listed[name].statement!r}"
    for n, r in listed.items():
        assert r.statement, f"{where}: {n} has no printed statement"
        if r.status == "proved":
            assert {str(a) for a in r.axioms} <= {"propext", "Classical.choice", "Quot.sound"}
        assert r.fingerprint is not None and len(r.fingerprint) == 16


@pytest.mark.parametrize("case", CASES)
def test_status_fixture(case: cases.Case, built) -> None:
    spec = case.expected
    versions = spec.get("versions") or [""]
    for version in versions:
        records, ctx, _root = built(case.name, version)
        where = f"{case}/{version}" if version else str(case)
        report = ctx["report"]
        must_fail = set(spec.get("failed_modules") or [])
        statuses = {n: r.status for n, r in report.modules.items()}
        assert {n for n, s in statuses.items() if s in ("failed", "blocked")} == must_fail, statuses
        failed_records = {r.module for r in records if r.kind is DeclKind.MODULE}
        assert failed_records == must_fail
        assert all(r.status == "failed" for r in records if r.kind is DeclKind.MODULE)
        _check_expected(records, case, version, where)
        query = spec.get("query") or {}
        if query:
            session = ctx["session"]
            got = declaration_facts(
                session.environment, list(report.modules), [session.toolchain.lib_dir],
                allowed_axioms=session.project.allowed_axioms, failed_modules=report.failed_modules(),
                decls=[Name.parse(q) for q in query], library=session.library,
            )
            by_name = {str(r.name): r.status for r in got if r.kind is not DeclKind.MODULE}
            assert by_name == query, f"{where}: queries {by_name} != {query}"


def test_fingerprints_change_only_with_the_statement(built) -> None:
    spec = cases.case("status", "fingerprint").expected
    v1, v2 = spec["versions"]
    fp1 = {str(r.name): r.fingerprint for r in built("fingerprint", v1)[0]}
    fp2 = {str(r.name): r.fingerprint for r in built("fingerprint", v2)[0]}
    for name in spec["fingerprint"]["changes"]:
        assert fp1[name] != fp2[name], f"{name}: statement changed but fingerprint kept"
    for name in spec["fingerprint"]["keeps"]:
        assert fp1[name] == fp2[name], f"{name}: statement kept but fingerprint changed"


def test_cli_status_exit_codes(built, capsys: pytest.CaptureFixture[str]) -> None:
    from claimcheck.cli import main

    _records, _ctx, root = built("missing")
    # Missing.Broken did not build, so --no-build finds no outputs for it: a problem, with its reason, exit 1
    assert main(["status", "--no-build", "-q", "--root", str(root), "--decl", "present"]) == 1
    out = capsys.readouterr().out
    assert "present" in out and "proved" in out
    assert "Missing.Broken was not read: not-built: no build/lib/Missing/Broken.olean" in out
    assert main(["status", "--no-build", "-q", "--root", str(root), "--json", "--decl", "not_there"]) == 1
    import json

    doc = json.loads(capsys.readouterr().out)
    import jsonschema

    from claimcheck.report.schema import STATUS_SCHEMA, json_schema

    assert doc["schema"] == STATUS_SCHEMA
    jsonschema.validate(doc, json_schema(STATUS_SCHEMA))
    data = doc["declarations"]
    assert [d["status"] for d in data if d["kind"] != "module"] == ["missing"]
    assert {"name", "components", "module", "kind", "status", "axioms", "fingerprint", "boundary"} <= set(data[0])
    (asked,) = [d for d in data if d["kind"] != "module"]
    assert asked["name"] == "not_there" and asked["components"] == ["not_there"]


@pytest.mark.parametrize("case", REFUSED)
def test_build_refuses(case: cases.Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = case.copy(tmp_path / case.name)
    _toolchain(root)
    code, _out, _err = cases.run_cli(case, root, capsys)
    assert code == 2
    assert not (root / "build" / "lib").exists() or not any((root / "build" / "lib").rglob("*.olean"))


def test_status_never_reads_a_project_module_named_like_a_library_module(tmp_path: Path) -> None:
    """A build folder holding a library module's name (e.g. left by an older claimcheck) is refused,
    not read in place of the library's module, and not taken for the library."""
    from claimcheck.analysis.statuses import StatusError

    toolchain = _toolchain(tmp_path)
    fake = tmp_path / "build" / "lib"
    (fake / "Std").mkdir(parents=True)
    shutil.copy(toolchain.lib_dir / "Init" / "Core.olean", fake / "Std" / "Data.olean")
    with pytest.raises(StatusError, match="Std.Data"):
        declaration_facts(open_environment([fake], [toolchain.lib_dir]), ["Std.Data"], [toolchain.lib_dir])


def test_a_folder_looking_like_the_library_is_not_trusted(tmp_path: Path) -> None:
    """``library_dirs`` names the trusted library: a project folder holding an ``Init.olean`` is
    not taken for it."""
    toolchain = _toolchain(tmp_path)
    fake = tmp_path / "build" / "lib"
    fake.mkdir(parents=True)
    shutil.copy(toolchain.lib_dir / "Init.olean", fake / "Init.olean")
    env = open_environment([fake, toolchain.lib_dir], library_dirs=[toolchain.lib_dir])
    assert env.search_path[0] == toolchain.lib_dir
