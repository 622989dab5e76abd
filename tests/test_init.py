"""`claimcheck init` scaffolds a project that builds, checks and reports on its own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck.cli import main
from claimcheck.errors import ConfigError
from claimcheck.scaffold import library_name, scaffold


def test_scaffold_writes_the_files_a_user_edits(tmp_path: Path) -> None:
    written = scaffold(tmp_path / "my-paper")
    names = sorted(p.relative_to(tmp_path / "my-paper").as_posix() for p in written)
    assert names == [".gitignore", "claimcheck.toml", "lakefile.lean", "lean-toolchain", "lean/MyPaper.lean",
                     "lean/MyPaper/Basic.lean", "manifests/README.md", "manifests/my-paper.yaml"]
    ignored = (tmp_path / "my-paper" / ".gitignore").read_text(encoding="utf-8").split()
    assert "/build/" in ignored and "/report/" in ignored
    assert "mltheory" not in (tmp_path / "my-paper" / "claimcheck.toml").read_text().replace("# ", "#")
    assert [p.name for p in tmp_path.iterdir()] == ["my-paper"]  # no temporary folder left behind


def test_scaffold_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(ConfigError, match="not an empty folder"):
        scaffold(tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"
    with pytest.raises(ConfigError, match="UpperCamelCase"):
        scaffold(tmp_path / "other", "lower_case")
    assert library_name(Path("2024 neural-nets")) == "P2024NeuralNets"


def test_init_then_all_passes_with_no_companion_loaded(toolchain, tmp_path: Path) -> None:
    project = tmp_path / "my-paper"
    assert main(["init", str(project), "-q"]) == 0
    manifest = (project / "manifests" / "my-paper.yaml").read_text()
    assert "fingerprint: null" not in manifest  # the example's own statements were recorded
    script = (
        "import sys; from claimcheck.cli import main; "
        f"code = main(['all', '--root', {str(project)!r}, '-q']); "
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'mltheory'); "
        "print('companion modules loaded:', loaded); sys.exit(code if not loaded else 9)"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "gate: PASS" in run.stdout and "companion modules loaded: []" in run.stdout
    data = json.loads((project / "report" / "report.json").read_text())
    assert data["ok"] is True and data["summary"]["by_verdict"] == {"holds": 1, "stated": 0, "fails": 0, "informal": 0}
    # its `_instance_` theorem has no Python mirror: reported, not a failure (not strict)
    assert [i["outcome"] for i in data["instances"]] == ["not-cross-checked"]
    assert "not cross-checked" in run.stdout
