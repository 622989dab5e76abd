"""What real Lean code from outside shows (issue 30): one fixture folder per case found in the corpus.

Every folder of ``tests/fixtures/realcode/`` is a small project with an ``expected.json``:
``command`` (a ``status --json`` run) and ``declarations`` (each ``decl`` by its user-facing name,
its ``module`` and what must hold of its record: ``status``, ``kind``, ``private``, ``kernel``,
``kernel_not``, ``warnings``, ``lint``, ``lint_contains``), or ``or_refused`` (the project refused
with exit 2 naming both places); ``every_declaration`` (a rule for every record of a module);
``native_decide_auxiliaries`` / ``unsafe_rec_helpers`` (the kernel's verdict on generated helpers);
``no_declarations`` (modules with no record), ``exit_code`` (of the command; 0 unless given),
``failed_modules`` (a module that did not build: the Lean error in its record and in the text), ``decl_lookup`` (``status --decl`` runs), ``validate``,
``json_names`` (printed names the JSON must
hold), ``check`` (claims that must hold once the fixture's fingerprints are recorded).
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck.model.names import Name

FIXTURES = Path(__file__).parent / "fixtures" / "realcode"
CASES = sorted(p.name for p in FIXTURES.iterdir() if (p / "expected.json").is_file())


def _run(root: Path, command: str) -> subprocess.CompletedProcess:
    words = shlex.split(command)
    assert words[0] == "claimcheck"
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *words[1:], "--root", str(root), "-q"], cwd=root,
                          capture_output=True, text=True, timeout=1800)


def _records(done: subprocess.CompletedProcess) -> list[dict]:
    assert "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout)["declarations"]


def _user_name(record: dict) -> str:
    return str(Name(record["components"]).user_facing)


def _kernel(record: dict) -> str | None:
    return (record.get("kernel") or {}).get("outcome")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory):
    made: dict[str, Path] = {}

    def get(case: str) -> Path:
        if case not in made:
            root = tmp_path_factory.mktemp(case) / case
            shutil.copytree(FIXTURES / case, root, ignore=shutil.ignore_patterns("expected.json"))
            made[case] = root
        return made[case]

    return get


@pytest.mark.parametrize("case", CASES)
def test_realcode_case(case: str, project, toolchain) -> None:
    spec = json.loads((FIXTURES / case / "expected.json").read_text(encoding="utf-8"))
    root = project(case)
    if "command" in spec:
        done = _run(root, spec["command"])
        if done.returncode == 2 and "or_refused" in spec:
            for where in spec["or_refused"]["mentions"]:
                assert where in done.stderr, done.stderr
        else:
            assert done.returncode == spec.get("exit_code", 0), done.stderr
            records = _records(done)
            for want in spec.get("failed_modules") or []:  # a module that did not build says why
                (r,) = [r for r in records if r["kind"] == "module" and r["module"] == want["module"]]
                assert r["status"] == "failed"
                for text in want["note_contains"]:
                    assert text in r["note"], (want, r["note"])
                if "text_contains" in want:
                    text = _run(root, spec["command"].replace("--json", ""))
                    assert text.returncode == spec.get("exit_code", 0), text.stderr
                    for part in want["text_contains"]:
                        assert part in text.stdout, text.stdout
            for want in spec.get("declarations") or []:
                found = [r for r in records if _user_name(r) == want["decl"] and r["module"] == want["module"]]
                assert len(found) == 1, (want, [(_user_name(r), r["module"]) for r in records])
                r = found[0]
                for key in ("status", "kind", "private", "warnings", "lint"):
                    if key in want:
                        assert r[key] == want[key], (want, r[key])
                if "kernel" in want:
                    assert _kernel(r) == want["kernel"], (want, r.get("kernel"))
                if "kernel_not" in want:
                    assert _kernel(r) != want["kernel_not"], (want, r.get("kernel"))
                if "lint_contains" in want:
                    assert any(want["lint_contains"] in lint["message"] for lint in r["lint"]), r["lint"]
            for module in spec.get("no_declarations") or []:
                assert not [r["name"] for r in records if r["module"] == module], module
            rule = spec.get("every_declaration")
            if rule:
                mine = [r for r in records if r["module"] == rule["module"]]
                assert mine
                for r in mine:
                    if "kernel_not" in rule:
                        assert _kernel(r) != rule["kernel_not"], (r["name"], r.get("kernel"))
                    if "warnings_without_kind" in rule:
                        assert all(w["kind"] != rule["warnings_without_kind"] for w in r["warnings"]), r
            aux = spec.get("native_decide_auxiliaries")
            if aux:
                helpers = [r for r in records if aux["name_contains"] in r["name"]]
                assert helpers, [r["name"] for r in records]
                for r in helpers:
                    assert _kernel(r) == aux["kernel"] and aux["reason_mentions"] in r["kernel"]["reason"], r
            rec = spec.get("unsafe_rec_helpers")
            if rec:
                helpers = [r for r in records if r["name"].endswith(rec["name_suffix"])]
                assert helpers
                for r in helpers:
                    assert _kernel(r) == rec["kernel"] and rec["reason_mentions"] in r["kernel"]["reason"], r
            defs = spec.get("native_decide_definitions")
            if defs:
                helpers = [r for r in records if defs["name_contains"] in r["name"] and r["kind"] == "definition"]
                assert helpers, [r["name"] for r in records]
                for r in helpers:
                    assert _kernel(r) == defs["kernel"], r
    if "validate" in spec:
        done = _run(root, spec["validate"]["command"])
        assert done.returncode == spec["validate"]["exit_code"], done.stderr
    lookups = spec.get("decl_lookup") or []
    for look in [lookups] if isinstance(lookups, dict) else lookups:
        done = _run(root, look["command"].replace("status --decl", "status --json --decl"))
        assert done.returncode == look["exit_code"], done.stderr
        records = [r for r in _records(done) if r["kind"] != "module"]
        assert len(records) == 1, records
        if "status" in look:
            assert records[0]["status"] == look["status"]
        if "printed_name" in look:
            assert records[0]["name"] == look["printed_name"]
    if "json_names" in spec:
        names = {r["name"] for r in _records(_run(root, "claimcheck status --json --no-kernel"))}
        assert set(spec["json_names"]) <= names, names
    if "check" in spec:
        _run(root, "claimcheck check --update-fingerprints")  # the fixture's statements are the reviewed ones
        done = _run(root, spec["check"]["command"])
        data = json.loads(done.stdout)
        verdicts = {c["id"]: c["verdict"] for p in data["papers"] for c in p["claims"]}
        for cid in spec["check"]["claims_hold"]:
            assert verdicts.get(cid) == "holds", verdicts
