"""Benchmark of the independent kernel re-check, every number measured in one run.

1. A clean `claimcheck build` of the project in a temporary copy (`build_seconds`, one Lean process).
2. A full re-check of every declaration of the project's modules with claimcheck's kernel, from
   the `.olean` files, with an empty cache (`replay_seconds`); `replay_ratio` = replay / build
   (goal <= 1); counts of `checked`, `rejected`, `undecided` verdicts over `declarations`.
3. The same re-check again with the cache the first one wrote (`noop_seconds`, goal < 1).

The last line printed is one JSON object with exactly the keys `replay_seconds`, `build_seconds`,
`replay_ratio`, `declarations`, `checked`, `rejected`, `undecided`, `noop_seconds`.

Usage: `python bench/kernel.py [--root DIR] [--small] [--budget SECONDS]`
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from status import clean_build  # noqa: E402  (bench/status.py: the same clean build in a temporary copy)

from claimcheck.analysis.recheck import recheck, verdict_kind  # noqa: E402
from claimcheck.analysis.status import open_environment  # noqa: E402
from claimcheck.project import Project  # noqa: E402


def replay(copy: Project, lib_dir: Path, modules: list[str], budget: float, cache: Path):
    env = open_environment([copy.olean_dir, lib_dir], [lib_dir])
    start = time.perf_counter()
    names = sorted({n for m in modules for n in env.load(m).constant_names()})
    result = recheck(env, names, [lib_dir], cache, budget,
                     lambda s: print(s, file=sys.stderr, flush=True))
    return result, time.perf_counter() - start


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--small", action="store_true", help="build a one-theorem module instead of the project")
    ap.add_argument("--budget", type=float, default=None, help="seconds per declaration (default: the project's)")
    args = ap.parse_args(argv)
    project = Project.load(args.root)
    with tempfile.TemporaryDirectory(prefix="claimcheck-bench-kernel-") as tmp:
        copy, toolchain, report, build_seconds = clean_build(project, args.small, Path(tmp))
        modules = [m for m in report.modules if m not in report.failed_modules()]
        cache = copy.build_dir / "kernel-cache.json"
        budget = args.budget or copy.kernel_budget
        result, replay_seconds = replay(copy, toolchain.lib_dir, modules, budget, cache)
        counts = Counter(verdict_kind(v) for v in result.verdicts.values())
        for name, v in sorted(result.verdicts.items()):
            if v != "checked":
                print(f"  {name}: {v[:300]}", file=sys.stderr)
        again, noop_seconds = replay(copy, toolchain.lib_dir, modules, budget, cache)
        if again.verdicts != result.verdicts:
            raise SystemExit("the cached re-check differs from the full one")
    print(json.dumps({
        "replay_seconds": round(replay_seconds, 2),
        "build_seconds": round(build_seconds, 2),
        "replay_ratio": round(replay_seconds / build_seconds, 3),
        "declarations": len(result.verdicts),
        "checked": counts.get("checked", 0),
        "rejected": counts.get("rejected", 0),
        "undecided": counts.get("undecided", 0),
        "noop_seconds": round(noop_seconds, 3),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
