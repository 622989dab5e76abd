"""The GitHub Action (`action.yml`) and the pre-commit hook (`.pre-commit-hooks.yaml`) run what
they say: their `claimcheck ...` commands are read from the files and run here against the tiny
fixture project (the hook's validate in seconds; the action's gate builds one Lean module)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES, REPO

TINY = FIXTURES / "ci" / "tiny"
BIN = Path(sys.executable).parent  # the venv's `claimcheck`


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    env.update(extra)
    return env


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "work" / "tiny"
    shutil.copytree(TINY, root, ignore=shutil.ignore_patterns("build", "report"))
    return root


def _action() -> dict:
    return yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))


def _claimcheck_steps(action: dict) -> list[dict]:
    return [s for s in action["runs"]["steps"] if "claimcheck " in s.get("run", "") and
            s["run"].lstrip().startswith("claimcheck ")]


def test_action_is_a_composite_action_with_the_expected_steps():
    action = _action()
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    uses = [s.get("uses", "").split("@")[0] for s in steps]
    assert uses.count("actions/setup-python") == 1
    cache = next(s for s in steps if s.get("uses", "").startswith("actions/cache/restore@"))
    assert "claimcheck-toolchains" in cache["with"]["path"]
    assert "lean-toolchain" in cache["with"]["key"] and "hashFiles" in cache["with"]["key"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()" and upload["with"]["path"] == "${{ inputs.report }}"
    install = next(s for s in steps if "pip install" in s.get("run", ""))
    assert "$GITHUB_ACTION_PATH[lean]" in install["run"]  # the registry toolchain needs the `lean` extra
    runs = _claimcheck_steps(action)
    assert [shlex.split(s["run"])[:2] for s in runs] == [["claimcheck", "toolchain"], ["claimcheck", "check"]]
    gate = runs[-1]
    assert "--format github" in gate["run"] and "--report" in gate["run"]
    for step in runs:  # the toolchain folder the cache keeps is the one claimcheck uses
        assert step["env"]["CLAIMCHECK_TOOLCHAIN_DIR"] == cache["with"]["path"]
        assert "${{" not in step["run"]  # inputs reach the shell through env, never spliced into it


def _hook() -> dict:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and [h["id"] for h in hooks] == ["claimcheck-validate", "claimcheck-check"]
    return hooks[0]


def test_pre_commit_hook_validates_and_catches_a_bad_manifest(tmp_path: Path):
    hook = _hook()
    assert hook["id"] == "claimcheck-validate" and hook["language"] == "python"
    assert hook["pass_filenames"] is False
    argv = shlex.split(hook["entry"]) + list(hook.get("args", []))
    assert argv[:2] == ["claimcheck", "validate"]
    root = _project(tmp_path)
    good = subprocess.run(argv, cwd=root, env=_env(), capture_output=True, text=True, timeout=120)
    assert good.returncode == 0, good.stderr
    assert "1 manifests, 2 claims: valid" in good.stdout
    manifest = root / "manifests" / "tiny.yaml"
    manifest.write_text(manifest.read_text().replace("decl: Tiny.double_even", "decl: Tiny double even"))
    bad = subprocess.run(argv, cwd=root, env=_env(), capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "tiny.yaml:" in bad.stderr
    # the files pattern selects manifests and claimcheck.toml, not Lean sources
    import re

    pattern = re.compile(hook["files"])
    assert pattern.search("manifests/tiny.yaml") and pattern.search("sub/manifests/x.yml")
    assert pattern.search("claimcheck.toml") and not pattern.search("lean/Tiny/Basic.lean")


@pytest.mark.lean
def test_action_gate_commands_run_green_on_a_tiny_project(toolchain, tmp_path: Path):
    """The action's `claimcheck` steps, as written, with the inputs' defaults: the gate passes,
    prints workflow commands only, and writes the report that the upload step takes."""
    root = _project(tmp_path)
    workspace = root.parent
    env = _env(CLAIMCHECK_ROOT="tiny", CLAIMCHECK_REPORT="claimcheck-report", CLAIMCHECK_JOBS="1")
    env.pop("CLAIMCHECK_TOOLCHAIN_DIR", None)  # the shared, installed toolchain (the cache's role here)
    outputs = []
    for step in _claimcheck_steps(_action()):
        done = subprocess.run(["bash", "-c", step["run"]], cwd=workspace, env=env, capture_output=True,
                              text=True, timeout=1800)
        assert done.returncode == 0, (step["name"], done.stdout, done.stderr)
        outputs.append(done.stdout)
    lines = outputs[-1].splitlines()
    assert lines and all(line.startswith("::") for line in lines), lines
    assert lines[-1] == "::notice title=claimcheck gate::claimcheck: all 2 claims hold in full; gate passes"
    report = workspace / "claimcheck-report"
    assert json.loads((report / "badge.json").read_text()) == {
        "schemaVersion": 1, "label": "claims", "message": "all 2 hold in full", "color": "brightgreen"}
    junit = ET.parse(report / "junit.xml").getroot()
    assert junit.get("tests") == "3" and junit.get("failures") == "0"
    page = (report / "papers" / "tiny.html").read_text()
    assert "<svg" in page and 'href="../declarations.html#decl-Tiny.double_eq_two_mul"' in page
    data = json.loads((report / "report.json").read_text())
    even = next(d for d in data["declarations"] if d["name"] == "Tiny.double_even")
    assert even["uses"] == ["Tiny.double", "Tiny.double_eq_two_mul"]
    assert even["location"]["file"] == "lean/Tiny/Basic.lean"

    # a broken proof makes the same command fail with an annotation on the Lean line
    source = root / "lean" / "Tiny" / "Basic.lean"
    source.write_text(source.read_text().replace("rw [double_eq_two_mul]\n  omega", "sorry"))
    gate = _claimcheck_steps(_action())[-1]
    done = subprocess.run(["bash", "-c", gate["run"]], cwd=workspace, env=env, capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode == 1, done.stderr
    errors = [line for line in done.stdout.splitlines() if line.startswith("::error")]
    assert any("file=tiny/manifests/tiny.yaml,line=7" in e and "Tiny.double_even: sorry" in e for e in errors), errors
