"""The author's loop, measured in one run on a copy of the repository (issue 28).

1. ``lean_start_seconds``: one raw ``lean --version`` of the toolchain (median of ``--runs``);
2. ``check_noop_seconds``: ``claimcheck check`` with nothing changed (median);
3. ``status_seconds``: ``claimcheck status`` with nothing changed (median);
4. ``edit_check_seconds``: a proof in a leaf module changed (its statement kept), then ``claimcheck
   check`` (median over as many edits);
5. ``leaf_build_seconds``: the raw ``lean`` call that builds that module alone (median).

Ratios: ``check_noop_ratio`` = 2 / 1 (goal <= 0.3), ``status_ratio`` = 3 / 1 (goal < 0.1),
``edit_overhead_seconds`` = 4 - 5 (goal <= 3). The copy is warmed first with one ``claimcheck
check`` (outputs and results come from the user's cache: nothing is copied from the repository's
own ``build/``) and left to settle for 3 s (a file written in the last 2 s is hashed again). The last line printed is one JSON object with those keys.

Usage: ``python bench/check.py [--runs 3] [--module MLTheory.GenerationLimit]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from claimcheck.lean.toolchain import resolve_toolchain  # noqa: E402

PROJECT_FILES = ("claimcheck.toml", "lean-toolchain", "lakefile.lean", "lean", "manifests", "formalization.yaml")
#: The edit: a proof step that changes the source and not the statement (`skip` does nothing), with
#: a fresh comment each cycle so no earlier build of the same text can be restored from the cache.
EDIT_AT = "by omega]"
#: Seconds the warmed copy rests before the no-op runs (claimcheck.lean.hashes.SETTLED_NS).
SETTLE_SECONDS = 3


def _edit(cycle: int) -> str:
    return f"by (skip; omega) /- bench {uuid.uuid4().hex} cycle {cycle} -/]"


def _timed(cmd: list[str], cwd: Path, env: dict | None = None, ok: tuple[int, ...] = (0, 1)) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--module", default="MLTheory.GenerationLimit", help="a leaf module (only the root imports it)")
    args = ap.parse_args()
    claimcheck = [sys.executable, "-m", "claimcheck.cli"]
    toolchain = resolve_toolchain(REPO, install=True)
    with tempfile.TemporaryDirectory(prefix="claimcheck-bench-check-") as tmp:
        root = Path(tmp) / "project"
        root.mkdir()
        for name in PROJECT_FILES:
            src = REPO / name
            (shutil.copytree if src.is_dir() else shutil.copy2)(src, root / name)
        print("warming the copy (outputs and results from the user's cache)", file=sys.stderr)
        _timed([*claimcheck, "check", "-q", "-j", "1"], root)
        # a file written in the last 2 s is hashed again by content (its times cannot yet tell a later
        # write from this one, as git's racy-timestamp rule): "nothing changed" means files that settled
        time.sleep(SETTLE_SECONDS)
        # The wasm build exits with 24 after printing its version (as the toolchain's smoke test knows).
        lean_start = [_timed([*toolchain.lean_cmd, "--version"], root, ok=(0, 24)) for _ in range(args.runs)]
        noop = [_timed([*claimcheck, "check", "-q"], root) for _ in range(args.runs)]
        status = [_timed([*claimcheck, "status", "-q"], root) for _ in range(args.runs)]
        source = root / "lean" / Path(*args.module.split(".")).with_suffix(".lean")
        text = source.read_text(encoding="utf-8")
        if EDIT_AT not in text:
            raise SystemExit(f"{source}: the edit's text `{EDIT_AT}` is not there; choose another --module")
        edits, leaf = [], []
        env = dict(os.environ, LEAN_PATH=str((root / "build" / "lib").resolve()))
        for i in range(args.runs):
            print(f"edit cycle {i + 1}/{args.runs}", file=sys.stderr)
            source.write_text(text.replace(EDIT_AT, _edit(i), 1), encoding="utf-8")
            edits.append(_timed([*claimcheck, "check", "-q", "-j", "1"], root))
            out = root / "bench-out" / f"leaf{i}"
            out.mkdir(parents=True)
            leaf.append(_timed([*toolchain.lean_cmd, "-R", "lean", "-o", os.path.relpath(out / "X.olean", root),
                                os.path.relpath(source, root)], root, env))
        result = {
            "lean_start_seconds": round(statistics.median(lean_start), 3),
            "check_noop_seconds": round(statistics.median(noop), 3),
            "status_seconds": round(statistics.median(status), 3),
            "edit_check_seconds": round(statistics.median(edits), 3),
            "leaf_build_seconds": round(statistics.median(leaf), 3),
        }
        result["check_noop_ratio"] = round(result["check_noop_seconds"] / result["lean_start_seconds"], 3)
        result["status_ratio"] = round(result["status_seconds"] / result["lean_start_seconds"], 3)
        result["edit_overhead_seconds"] = round(result["edit_check_seconds"] - result["leaf_build_seconds"], 3)
        print(json.dumps(result))


if __name__ == "__main__":
    main()
