"""Benchmark of the proof-status engine, every number measured in one run.

1. ``status_ratio``: status extraction for the whole project, computed (a fresh reader, every
   module, every fact: statuses, axioms, printed statements, warnings, lint) divided by one raw
   ``lean --version`` start of the same toolchain. `claimcheck status` reuses these facts by content:
   ``bench/check.py`` measures that (goal < 0.1 there).
2. A sweep of every ``.olean`` of the shipped core library: every declaration's type and
   value decoded; ``core_decls_per_second``, ``core_parse_failures`` (goal 0) and
   ``core_sweep_ratio`` = sweep wall time / the wall time of a clean build of the project
   (made in a temporary copy, in this run; ``--small`` builds a one-theorem module instead).

The last line printed is one JSON object with exactly the keys ``status_ratio``,
``core_files``, ``core_parse_failures``, ``core_decls_per_second``, ``core_sweep_ratio``.

Usage: ``python bench/status.py [--root DIR] [--small]``
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from claimcheck.lean.build import build  # noqa: E402
from claimcheck.olean.reader import Module  # noqa: E402
from claimcheck.progress import Progress  # noqa: E402
from claimcheck.project import Project  # noqa: E402
from claimcheck.analysis.statuses import declaration_facts, open_environment  # noqa: E402
from claimcheck.lean.toolchain import resolve_toolchain  # noqa: E402

SMALL_MODULE = """module

/-! # Benchmark module -/

public section

theorem bench_fact (n : Nat) : n + 0 = n := by simp

end
"""


def time_lean_start(lean_cmd: tuple[str, ...]) -> float:
    start = time.perf_counter()
    # the wasm build exits with a non-zero code after printing its version: check the output
    proc = subprocess.run([*lean_cmd, "--version"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if "Lean (version" not in proc.stdout + proc.stderr:
        raise RuntimeError(f"`lean --version` printed no version (exit code {proc.returncode})")
    return elapsed


def clean_build(project: Project, small: bool, scratch: Path):
    """A clean build in a temporary copy: (project copy, report, seconds)."""
    root = scratch / "project"
    if small:
        (root / "Bench").mkdir(parents=True)
        (root / "Bench" / "Small.lean").write_text(SMALL_MODULE, encoding="utf-8")
    else:
        root.mkdir()
        rel = project.src_dir.relative_to(project.root) if project.src_dir != project.root else None
        if rel is None:
            shutil.copytree(project.root, root, dirs_exist_ok=True, ignore=shutil.ignore_patterns("build", ".*"))
        else:
            shutil.copytree(project.src_dir, root / rel)
        for extra in ("claimcheck.toml", "lean-toolchain"):
            if (project.root / extra).is_file():
                shutil.copy(project.root / extra, root / extra)
    copy = Project.load(root)
    toolchain = resolve_toolchain(copy.root, install=False)
    # a user cache of its own: outputs kept by content from another build would be restored, not built
    os.environ["CLAIMCHECK_CACHE_DIR"] = str(scratch / "user-cache")
    os.environ["CLAIMCHECK_CACHE_KEY_FILE"] = str(scratch / "user-config" / "cache-key")
    start = time.perf_counter()
    report = build(copy, toolchain, jobs=1, progress=Progress(quiet=False))  # one Lean process at a time
    return copy, toolchain, report, time.perf_counter() - start


def sweep(lib_dir: Path) -> tuple[int, int, int, float, list[str]]:
    files = sorted(lib_dir.rglob("*.olean"))
    failures: list[str] = []
    decls = 0
    start = time.perf_counter()
    for path in files:
        name = ".".join(path.relative_to(lib_dir).with_suffix("").parts)
        try:
            mod = Module.load(name, path)
            for ci in mod.constants():
                ci.type
                ci.value
                decls += 1
        except Exception as exc:  # every failure counts, whatever its kind
            failures.append(f"{path}: {exc}")
    return len(files), len(failures), decls, time.perf_counter() - start, failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--small", action="store_true", help="time a one-theorem module instead of the whole project")
    args = ap.parse_args()

    project = Project.load(args.root)
    toolchain = resolve_toolchain(project.root, install=False)
    with tempfile.TemporaryDirectory(prefix="claimcheck-bench-") as tmp:
        copy, tc, report, build_s = clean_build(project, args.small, Path(tmp))
        print(f"clean build: {len(report.modules)} modules in {build_s:.1f}s ({report.summary()})")

        lean_s = time_lean_start(toolchain.lean_cmd)
        print(f"raw `lean --version` start: {lean_s:.2f}s")

        start = time.perf_counter()
        env = open_environment([copy.olean_dir], [tc.lib_dir])
        records = declaration_facts(
            env, list(report.modules), [tc.lib_dir],
            allowed_axioms=copy.allowed_axioms,
            failed_modules=report.failed_modules(),
        )
        status_s = time.perf_counter() - start
        counts: dict[str, int] = {}
        for r in records:
            counts[str(r.status)] = counts.get(str(r.status), 0) + 1
        print(f"status extraction: {len(records)} declarations in {status_s:.3f}s {counts}")

    files, failures, decls, sweep_s, failed = sweep(toolchain.lib_dir)
    for line in failed[:10]:
        print(f"parse failure: {line}")
    print(f"core sweep: {files} files, {decls} declarations in {sweep_s:.1f}s, {failures} failures")

    result = {
        "status_ratio": round(status_s / lean_s, 4),
        "core_files": files,
        "core_parse_failures": failures,
        "core_decls_per_second": round(decls / sweep_s, 1),
        "core_sweep_ratio": round(sweep_s / build_s, 4),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
