"""Build benchmark: ratios measured side by side in one run (absolute seconds mean little here).

- overhead_ratio: clean `claimcheck build -j1` wall time / sum of the raw `lean` invocations' wall
  times for the same modules, run one after another (goal <= 1.05);
- noop_seconds and noop_ratio: a no-op `claimcheck build` (goal < 1 s) / one raw `lean --version`;
- parallel_ratio: clean `-j2` / clean `-j1` wall time.

The last line printed is one JSON object with exactly the keys overhead_ratio, noop_seconds,
noop_ratio, parallel_ratio, modules. Usage: `python bench/build.py [--root DIR]` (default: this
project's `lean/`), run on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from claimcheck.lean.build import Builder, output_base
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.lean.toolchain import resolve_toolchain

REPO = Path(__file__).resolve().parent.parent


def fresh_copy(project: Project, parent: Path, name: str) -> Project:
    """A copy of the project's sources in a new root, with no build outputs."""
    root = parent / name
    shutil.copytree(project.src_dir, root / "lean")
    return Project.load(root)


def timed(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0 and "--version" not in cmd:
        sys.exit(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return elapsed


def raw_build(project: Project, toolchain) -> tuple[float, int]:
    """Each module compiled by a bare `lean` call, in import order, outputs straight into place."""
    builder = Builder(project, toolchain, jobs=1, progress=Progress(quiet=True))
    modules, order = builder.modules()
    env = dict(os.environ, LEAN_PATH=str(project.olean_dir))
    total = 0.0
    for name in order:
        base = output_base(project, name)
        base.parent.mkdir(parents=True, exist_ok=True)
        cmd = [
            *toolchain.lean_cmd,
            "-R", os.path.relpath(project.src_dir, project.root),
            "-o", os.path.relpath(base.with_suffix(".olean"), project.root),
            "-i", os.path.relpath(base.with_suffix(".ilean"), project.root),
            "--json", os.path.relpath(modules[name].path, project.root),
        ]  # fmt: skip
        total += timed(cmd, project.root, env)
        print(f"  raw lean {name}: done", file=sys.stderr)
    return total, len(order)


def claimcheck_build(project: Project, jobs: int) -> float:
    cmd = [sys.executable, "-m", "claimcheck.cli", "build", "-q", "-j", str(jobs), "--root", str(project.root)]
    return timed(cmd, project.root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=REPO)
    args = parser.parse_args()
    project = Project.load(args.root)
    toolchain = resolve_toolchain(project.root)
    scratch = Path(tempfile.mkdtemp(prefix="claimcheck-bench-"))
    try:
        version_start = timed([*toolchain.lean_cmd, "--version"], scratch)
        print(f"raw lean start (--version): {version_start:.2f}s", file=sys.stderr)
        raw_seconds, modules = raw_build(fresh_copy(project, scratch, "raw"), toolchain)
        print(f"raw lean, {modules} modules one after another: {raw_seconds:.2f}s", file=sys.stderr)
        j1_project = fresh_copy(project, scratch, "j1")
        j1 = claimcheck_build(j1_project, 1)
        print(f"claimcheck build -j1 (clean): {j1:.2f}s", file=sys.stderr)
        noop = claimcheck_build(j1_project, 1)
        print(f"claimcheck build (no-op): {noop:.3f}s", file=sys.stderr)
        j2 = claimcheck_build(fresh_copy(project, scratch, "j2"), 2)
        print(f"claimcheck build -j2 (clean): {j2:.2f}s", file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result = {
        "overhead_ratio": round(j1 / raw_seconds, 4),
        "noop_seconds": round(noop, 4),
        "noop_ratio": round(noop / version_start, 4),
        "parallel_ratio": round(j2 / j1, 4),
        "modules": modules,
    }
    print(f"harness overhead (goal <= 1.05): {result['overhead_ratio']}")
    print(f"no-op rebuild (goal < 1 s): {result['noop_seconds']} s = {result['noop_ratio']} x one lean start")
    print(f"-j2 / -j1: {result['parallel_ratio']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
