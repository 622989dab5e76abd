"""Every benchmark in `bench/` still runs against the package as it is: `--help` imports it and parses
its arguments (a benchmark that imports a module since moved fails here, not when its figure is due)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert {"check.py", "status.py", "kernel.py", "library_replay.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_imports_and_parses_its_arguments(script: str) -> None:
    done = subprocess.run([sys.executable, str(BENCH / script), "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower(), done.stdout[:500]
