"""Nothing a project ships can raise a verdict (issue 23): one fixture folder per attack.

Every folder of ``tests/fixtures/trust/`` is a small project with an ``expected.yaml``:

* ``before``: steps run first, in order: ``build``; ``tamper: {module, from, to}`` (a Nat literal
  changed in the built ``.olean`` bytes); ``forge_bookkeeping`` (the bookkeeping an older claimcheck
  trusted, forged: ``build/state.json`` and ``build/kernel-cache.json`` claiming current and
  ``checked``); ``symlink_outside: PATH`` (PATH becomes a link to a folder outside the project);
  ``write: {path, text}``; ``touch_outputs_later`` (every built file's time set an hour ahead);
  ``run: [args]`` (a claimcheck command); ``fill_formalization_required``; ``hand_row: {...}`` (a
  hand-written alignment row); ``deep_manifest: {path, depth}``; ``secret_outside: {link, text}``
  (a file outside the project, and a link to it inside);
* ``run``: the claimcheck command (``--root`` and ``-q`` added), run in its own process;
* ``exit``, and what its output must show: ``claims`` (paper/claim -> verdict, from ``--format
  json``), ``problems`` (codes that must occur), ``modules`` (module -> build state),
  ``statements`` (declaration -> printed statement), ``witnesses`` (witness id -> ok), ``status_json`` (module -> ``failed`` or
  ``listed``), ``stderr`` / ``stderr_also`` (text that must occur), ``stderr_not`` (text that must
  not); ``also``: further commands with their exit codes.

No run may print a Python traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from tamper import tamper_nat_literals

FIXTURES = Path(__file__).parent / "fixtures" / "trust"
CASES = sorted(p.name for p in FIXTURES.iterdir() if (p / "expected.yaml").is_file())


def _cli(root: Path, args: list[str], timeout: float = 1800) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "claimcheck.cli", *args, "--root", str(root), "-q"]
    return subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=timeout)


def _step(step, root: Path, tmp: Path) -> None:
    kind, arg = (step, None) if isinstance(step, str) else next(iter(step.items()))
    if kind == "build":
        done = _cli(root, ["build", "-j", "1"])
        assert done.returncode == 0, done.stderr
    elif kind == "tamper":
        olean = root / "build" / "lib" / (arg["module"].replace(".", "/") + ".olean")
        assert tamper_nat_literals(olean, arg["from"], arg["to"]) > 0
        private = olean.with_name(olean.name + ".private")
        if private.is_file():
            tamper_nat_literals(private, arg["from"], arg["to"])
    elif kind == "forge_bookkeeping":
        lib = root / "build" / "lib"
        (root / "build" / "state.json").write_text(json.dumps({"version": 1, "modules": {
            p.stem: {"key": "forged", "interface": "forged", "messages": []} for p in lib.rglob("*.olean")}}))
        (root / "build" / "kernel-cache.json").write_text(json.dumps({"version": 2, "core": "forged", "entries": {},
                                                                       "project": {"verdicts": "checked"}}))
    elif kind == "symlink_outside":
        outside = tmp / "outside-build"
        (outside / "lib").mkdir(parents=True)
        target = root / arg
        if target.exists():
            shutil.rmtree(target)
        target.symlink_to(outside, target_is_directory=True)
    elif kind == "write":
        (root / arg["path"]).write_text(arg["text"], encoding="utf-8")
    elif kind == "touch_outputs_later":
        later = time.time() + 3600
        for p in (root / "build").rglob("*"):
            if p.is_file():
                os.utime(p, (later, later))
    elif kind == "run":
        _cli(root, list(arg))
    elif kind == "fill_formalization_required":
        path = root / "formalization.yaml"
        text = path.read_text(encoding="utf-8")
        text = text.replace('name: ""', 'name: "trust fixture"').replace('license: ""', 'license: "CC0-1.0"')
        text = text.replace("authors: []                  # [required]", 'authors: ["a tester"]  #')
        text = text.replace('- method: ""', "- method: manual").replace('status: ""', "status: unchecked")
        path.write_text(text, encoding="utf-8")
    elif kind == "hand_row":
        from ruamel.yaml import YAML

        y = YAML()
        path = root / "formalization.yaml"
        doc = y.load(path.read_text(encoding="utf-8"))
        doc.setdefault("alignment", {}).setdefault("statements", []).append(dict(arg))
        with path.open("w", encoding="utf-8") as out:
            y.dump(doc, out)
    elif kind == "deep_manifest":
        depth = int(arg["depth"])
        (root / arg["path"]).parent.mkdir(parents=True, exist_ok=True)
        (root / arg["path"]).write_text("id: deep\nnote: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    elif kind == "secret_outside":
        secret = tmp / "secret.txt"
        secret.write_text(arg["text"], encoding="utf-8")
        (root / arg["link"]).parent.mkdir(parents=True, exist_ok=True)
        (root / arg["link"]).symlink_to(secret)
    else:  # pragma: no cover - a fixture's typo
        raise AssertionError(f"unknown step {kind}")


@pytest.mark.parametrize("case", CASES)
def test_trust_case(case: str, tmp_path: Path, toolchain) -> None:
    spec = yaml.safe_load((FIXTURES / case / "expected.yaml").read_text(encoding="utf-8"))
    root = tmp_path / case
    shutil.copytree(FIXTURES / case, root, ignore=shutil.ignore_patterns("expected.yaml"))
    for step in spec.get("before") or []:
        _step(step, root, tmp_path)
    done = _cli(root, spec["run"], timeout=spec.get("timeout", 1800))
    assert "Traceback" not in done.stderr, done.stderr
    if "exit" in spec:
        assert done.returncode == spec["exit"], (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    for key in ("stderr", "stderr_also"):
        if key in spec:
            assert spec[key] in done.stderr, done.stderr
    if "stderr_not" in spec:
        assert spec["stderr_not"] not in done.stderr + done.stdout
    wants_json = any(k in spec for k in ("claims", "problems", "modules", "statements", "witnesses"))
    if wants_json:
        data = json.loads(done.stdout)
        verdicts = {f"{p['id']}/{c['id']}": c["verdict"] for p in data["papers"] for c in p["claims"]}
        for key, verdict in (spec.get("claims") or {}).items():
            assert verdicts.get(key) == verdict, verdicts
        codes = {p["code"] for p in data["problems"]} | {
            p["code"] for paper in data["papers"] for c in paper["claims"] for p in c["problems"]}
        for code in spec.get("problems") or []:
            assert code in codes, codes
        ran = {w["id"]: w for w in data["witnesses"]}
        for wid, ok in (spec.get("witnesses") or {}).items():
            assert wid in ran and ran[wid]["ok"] is ok, ran.get(wid)
        states = {m["name"]: m["status"] for m in data["build"]["modules"]}
        for module, state in (spec.get("modules") or {}).items():
            assert states.get(module) == state, states
        printed = {d["name"]: d["statement"] for d in data["declarations"]}
        for decl, text in (spec.get("statements") or {}).items():
            assert printed.get(decl) == text, printed
    if "status_json" in spec:
        records = json.loads(done.stdout)["declarations"]
        for module, what in spec["status_json"].items():
            mine = [r for r in records if r["module"] == module]
            if what == "failed":
                assert mine and all(r["status"] == "failed" for r in mine), mine
            else:
                assert mine and all(r["statement"] for r in mine), mine
    for extra in spec.get("also") or []:
        again = _cli(root, extra["run"])
        assert "Traceback" not in again.stderr, again.stderr
        assert again.returncode == extra["exit"], (again.stdout[-2000:], again.stderr[-2000:])
