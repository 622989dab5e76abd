"""What building a Lake workspace costs with the registry (wasm) toolchain: every package in
dependency order into lake's layout, cold (an empty build cache) and then warm (nothing changed).

Builds a copy of a workspace (default: ``tests/fixtures/lake/toml_workspace``: a path and a git
dependency, six modules) with ``claimcheck build -j1`` in a cache folder of its own (the shared user
cache is never touched), and prints per package the modules built and the seconds, the rate (seconds
a module) and, from it, what a workspace of ``--modules N`` modules would take (Mathlib has several
thousand: it is beyond this toolchain, see the README). The warm run shows the incremental cost.
The last line is one JSON object with the figures.

Usage: ``python bench/lake.py [WORKSPACE] [--modules N] [-j J]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "python"))

from claimcheck.lean.toolchain import resolve_toolchain  # noqa: E402
from claimcheck.lean.workspace_build import build_workspace  # noqa: E402
from claimcheck.progress import Progress  # noqa: E402
from claimcheck.project import Project  # noqa: E402


def run(root: Path, jobs: int) -> tuple[float, dict[str, tuple[int, float]]]:
    project = Project.load(root)
    toolchain = resolve_toolchain(root, install=True, progress=Progress())
    start = time.monotonic()
    report = build_workspace(project, toolchain, jobs, Progress(quiet=True), build=True)
    wall = time.monotonic() - start
    if not report.ok:
        print(report.summary(), file=sys.stderr)
    per = {name: (dep.count("built"), sum(r.seconds for r in dep.modules.values()))
           for name, dep in report.packages.items()}
    per[project.workspace.root.name] = (report.count("built"), sum(r.seconds for r in report.modules.values()))
    return wall, per


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workspace", nargs="?", type=Path, default=HERE / "tests/fixtures/lake/toml_workspace")
    parser.add_argument("--modules", type=int, default=5000, help="extrapolate to a workspace of this many modules")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="claimcheck-bench-lake-") as tmp:
        root = Path(tmp) / "ws"
        shutil.copytree(args.workspace, root, ignore=shutil.ignore_patterns(".lake/build", "build"))
        for built in root.rglob(".lake/build"):
            shutil.rmtree(built)
        os.environ["CLAIMCHECK_CACHE_DIR"] = str(Path(tmp) / "cache")  # cold: no build records, no shared outputs
        cold, per = run(root, args.jobs)
        warm, _ = run(root, args.jobs)
    built = sum(n for n, _s in per.values())
    rate = cold / built if built else float("nan")
    for name, (n, secs) in per.items():
        print(f"package {name}: {n} modules built, {secs:.1f} s of Lean")
    print(f"cold: {built} modules in {cold:.1f} s ({rate:.1f} s a module, -j{args.jobs}); warm: {warm:.1f} s")
    print(f"at that rate {args.modules} modules would take {rate * args.modules / 3600:.1f} h")
    print(json.dumps({"modules": built, "cold_s": round(cold, 2), "warm_s": round(warm, 2),
                      "s_per_module": round(rate, 2), "jobs": args.jobs,
                      "extrapolated_h": round(rate * args.modules / 3600, 2), "extrapolated_modules": args.modules}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
