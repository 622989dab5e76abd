"""What real Lean code from outside shows (issue 30): one fixture folder per case found in the corpus.

Every folder of ``tests/fixtures/realcode/`` is a small project with an ``expected.yaml`` in the one
vocabulary of ``tests/cases.py``: ``run`` (a ``status --json`` run) and ``exit`` (0 unless given);
``records`` (each ``decl`` by its user-facing name, its ``module`` and what must hold of its record:
``status``, ``kind``, ``private``, ``kernel``, ``kernel_not``, ``warnings``, ``lint``,
``lint_contains``), or ``or_refused`` (the project refused with ``exit`` 2 naming both places in
``stderr``); ``every_record`` (a rule for every record of a module); ``helpers`` (the kernel's verdict
on generated helpers); ``no_records`` (modules with no record), ``module_errors`` (a module that did
not build: the Lean error in its record and in the text), ``lookups`` (``status --decl`` runs),
``also_run`` (e.g. ``validate``), ``json_names`` (printed names the JSON must hold), ``claims`` (the
claims and their verdicts once the fixture's fingerprints are recorded).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import cases
from claimcheck.model.names import Name


def _run(root: Path, args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *map(str, args), "--root", str(root), "-q"],
                          cwd=root, capture_output=True, text=True, timeout=1800)


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

    def get(case: cases.Case) -> Path:
        if case.name not in made:
            made[case.name] = case.copy(tmp_path_factory.mktemp(case.name) / case.name)
        return made[case.name]

    return get


def _check_records(case: cases.Case, root: Path, command: list[str], done: subprocess.CompletedProcess) -> None:
    spec = case.expected
    assert done.returncode == spec.get("exit", 0), done.stderr
    records = _records(done)
    for want in spec.get("module_errors") or []:  # a module that did not build says why
        (r,) = [r for r in records if r["kind"] == "module" and r["module"] == want["module"]]
        assert r["status"] == "failed"
        for text in want["note"]:
            assert text in r["note"], (want, r["note"])
        if "text" in want:
            text = _run(root, [a for a in command if a != "--json"])
            assert text.returncode == spec.get("exit", 0), text.stderr
            for part in want["text"]:
                assert part in text.stdout, text.stdout
    for want in spec.get("records") or []:
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
    for module in spec.get("no_records") or []:
        assert not [r["name"] for r in records if r["module"] == module], module
    rule = spec.get("every_record")
    if rule:
        mine = [r for r in records if r["module"] == rule["module"]]
        assert mine
        for r in mine:
            if "kernel_not" in rule:
                assert _kernel(r) != rule["kernel_not"], (r["name"], r.get("kernel"))
            if "warnings_without_kind" in rule:
                assert all(w["kind"] != rule["warnings_without_kind"] for w in r["warnings"]), r
    for want in spec.get("helpers") or []:
        helpers = [r for r in records
                   if (want["name_contains"] in r["name"] if "name_contains" in want else r["name"].endswith(want["name_suffix"]))
                   and r["kind"] == want.get("kind", r["kind"])]
        assert helpers, (want, [r["name"] for r in records])
        for r in helpers:
            assert _kernel(r) == want["kernel"], r
            if "reason_mentions" in want:
                assert want["reason_mentions"] in r["kernel"]["reason"], r


@pytest.mark.parametrize("case", cases.params("realcode"))
def test_realcode_case(case: cases.Case, project, toolchain) -> None:
    spec = case.expected
    root = project(case)
    for command in spec.get("run") or []:
        done = _run(root, command)
        refused = spec.get("or_refused")
        if done.returncode == 2 and refused:
            assert refused["exit"] == 2
            for where in refused["stderr"]:
                assert where in done.stderr, done.stderr
        else:
            _check_records(case, root, command, done)
    for also in spec.get("also_run") or []:
        done = _run(root, also["run"])
        assert done.returncode == also["exit"], done.stderr
    for look in spec.get("lookups") or []:
        args = list(look["run"])
        assert args[:2] == ["status", "--decl"], look
        done = _run(root, ["status", "--json", *args[1:]])
        assert done.returncode == look["exit"], done.stderr
        records = [r for r in _records(done) if r["kind"] != "module"]
        assert len(records) == 1, records
        if "status" in look:
            assert records[0]["status"] == look["status"]
        if "printed_name" in look:
            assert records[0]["name"] == look["printed_name"]
    if "json_names" in spec:
        names = {r["name"] for r in _records(_run(root, ["status", "--json", "--no-kernel"]))}
        assert set(spec["json_names"]) <= names, names
    if "claims" in spec:
        _run(root, ["check", "--update-fingerprints"])  # the fixture's statements are the reviewed ones
        case.check_report_claims(json.loads(_run(root, ["check", "--format", "json"]).stdout))
