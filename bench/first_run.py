"""The first ``claimcheck all`` of this repository, from an empty cache, as a new user runs it (issue 40).

A copy of the repository's project (its Lean sources, manifests and settings; no ``build/``) is
checked by ``claimcheck all`` with a cache folder of its own (``CLAIMCHECK_CACHE_DIR``: no build
output, fact, kernel verdict or library index of an earlier run is there), reusing the installed
toolchain (``CLAIMCHECK_TOOLCHAIN_DIR``: the download and unpacking of the toolchain are not timed;
``claimcheck toolchain`` on a new machine adds them, ~30 s plus the download). It is run twice, one
after the other, each from its own empty cache: with the kernel's re-check alongside the build (the
default: each module re-checked as soon as it and its imports are built) and with ``--kernel-after-build``,
so that the ratio of the two is measured side by side.

Printed per run: the wall time, the time until the build's last module (from the progress lines), the
gate's verdict and headline, the exit code; then one JSON line:

``first_all_seconds`` (the default run), ``first_all_kernel_after_build_seconds``, ``alongside_ratio``
(default / after-build: below 1 when the overlap helps), ``build_seconds`` and ``after_build_seconds``
(from the end of the build to the end of the run) of each, ``gate``, ``headline``, ``jobs``, ``cpus``.

Usage: ``python bench/first_run.py [--jobs N] [--only default|after-build]`` (about 10 minutes a run
on an idle 2-core machine; goal: the default run within 15 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from claimcheck.lean.toolchain import install_dir, resolve_toolchain  # noqa: E402

PROJECT_FILES = ("claimcheck.toml", "lean-toolchain", "lakefile.lean", "lean", "manifests", "formalization.yaml")
#: The progress line of the build's last module, and the gate's headline in the summary.
_BUILT = re.compile(r"^\[(\d+)/(\d+)\] \S+: (ok|FAILED)")
_HEADLINE = re.compile(r"^\*\*(Gate (?:passes|fails): .*)\*\*$", re.M)


def _copy(root: Path) -> None:
    root.mkdir(parents=True)
    for name in PROJECT_FILES:
        src = REPO / name
        if src.exists():
            (shutil.copytree if src.is_dir() else shutil.copy2)(src, root / name)


def first_all(tmp: Path, label: str, extra: list[str], jobs: int | None) -> dict:
    """One first ``claimcheck all`` in a fresh copy with an empty cache of its own."""
    root = tmp / label / "project"
    _copy(root)
    cache = tmp / label / "cache"
    cache.mkdir()
    env = dict(os.environ, CLAIMCHECK_CACHE_DIR=str(cache), CLAIMCHECK_TOOLCHAIN_DIR=str(install_dir().parent))
    env.pop("CI", None)  # as a user runs it (under CI the result is the same: nothing is read from a cache)
    cmd = [sys.executable, "-m", "claimcheck.cli", "all", *(["-j", str(jobs)] if jobs else []), *extra]
    print(f"{label}: {' '.join(cmd[2:])} in {root}", file=sys.stderr)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    built_at: list[float] = []
    log: list[str] = []

    def read_stderr() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            log.append(line)
            m = _BUILT.match(line)
            if m and m.group(1) == m.group(2):
                built_at.append(time.perf_counter() - start)
            print(f"  {label} {time.perf_counter() - start:7.1f}s {line.rstrip()}", file=sys.stderr)

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    stdout = proc.stdout.read() if proc.stdout is not None else ""
    code = proc.wait()
    reader.join()
    seconds = time.perf_counter() - start
    headline = _HEADLINE.search(stdout)
    build = built_at[-1] if built_at else None
    result = {
        "seconds": round(seconds, 1),
        "build_seconds": round(build, 1) if build is not None else None,
        "after_build_seconds": round(seconds - build, 1) if build is not None else None,
        "exit_code": code,
        "gate": "PASS" if "gate: PASS" in stdout else "FAIL",
        "headline": headline.group(1) if headline else None,
    }
    print(f"{label}: {json.dumps(result)}", file=sys.stderr)
    if code not in (0, 1):
        raise SystemExit(f"{label}: claimcheck all failed ({code}):\n{''.join(log[-40:])}")
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=None, help="parallel Lean jobs (default: claimcheck's)")
    ap.add_argument("--only", choices=("default", "after-build"), default=None,
                    help="one run only (no ratio): the default, or --kernel-after-build")
    args = ap.parse_args()
    resolve_toolchain(REPO, install=True)  # installed once, outside the timed runs
    runs = {"default": [], "after-build": ["--kernel-after-build"]}
    if args.only:
        runs = {args.only: runs[args.only]}
    with tempfile.TemporaryDirectory(prefix="claimcheck-bench-first-") as tmp:
        got = {label: first_all(Path(tmp), label, extra, args.jobs) for label, extra in runs.items()}
    out: dict = {"jobs": args.jobs, "cpus": os.cpu_count()}
    if "default" in got:
        d = got["default"]
        out.update(first_all_seconds=d["seconds"], build_seconds=d["build_seconds"],
                   after_build_seconds=d["after_build_seconds"], gate=d["gate"], headline=d["headline"])
    if "after-build" in got:
        a = got["after-build"]
        out.update(first_all_kernel_after_build_seconds=a["seconds"], kernel_after_build_build_seconds=a["build_seconds"],
                   kernel_after_build_after_build_seconds=a["after_build_seconds"])
        out.setdefault("gate", a["gate"])
        out.setdefault("headline", a["headline"])
    if "default" in got and "after-build" in got:
        out["alongside_ratio"] = round(got["default"]["seconds"] / got["after-build"]["seconds"], 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
