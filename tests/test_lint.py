"""The package is clean under its linter and its type checker (issue 34): ``ruff`` and ``mypy`` with
pyproject.toml's settings, at the versions the test extra pins. The typed model is typed for the
checker too, not only for readers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_ruff_is_clean_on_the_package() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "python/claimcheck"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean_on_the_package(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy")], cwd=REPO,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues found" in done.stdout
