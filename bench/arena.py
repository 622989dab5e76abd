"""Kernel conformance run: every `good/` and `bad/` NDJSON case of an arena directory.

Each case runs `python -m claimcheck.kernel CASE` in its own subprocess with a time limit (a
timeout counts as declined). Prints one line per case (name, expected, outcome, seconds), then the
counts, and as its LAST line one JSON object with the keys good, good_accepted, bad, bad_rejected,
declined, false_accepts, seconds. A false accept (a bad case accepted) is the worst outcome.

Usage: `python bench/arena.py DIR [--timeout 120]` (DIR holds good/ and bad/).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUTCOMES = {0: "accepted", 1: "rejected", 2: "declined"}


def run_case(path: Path, timeout: float) -> tuple[str, float, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO / "python") + os.pathsep + env.get("PYTHONPATH", "")
    start = time.monotonic()
    try:
        p = subprocess.run(
            [sys.executable, "-m", "claimcheck.kernel", "-q", str(path)],
            capture_output=True, text=True, timeout=timeout, env=env,
        )
    except subprocess.TimeoutExpired:
        return "declined", time.monotonic() - start, f"timeout after {timeout:.0f} s"
    secs = time.monotonic() - start
    outcome = OUTCOMES.get(p.returncode, "declined")
    detail = (p.stdout.strip().splitlines() or [p.stderr.strip()[-200:]])[-1]
    return outcome, secs, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("-v", "--verbose", action="store_true", help="print each case's verdict line")
    args = ap.parse_args(argv)
    counts = dict(good=0, good_accepted=0, bad=0, bad_rejected=0, declined=0, false_accepts=0)
    wrong = 0
    t0 = time.monotonic()
    for expected, folder in (("accepted", "good"), ("rejected", "bad")):
        for case in sorted((args.dir / folder).glob("*.ndjson")):
            outcome, secs, detail = run_case(case, args.timeout)
            counts[folder] += 1
            if outcome == "declined":
                counts["declined"] += 1
            elif outcome == expected:
                counts["good_accepted" if folder == "good" else "bad_rejected"] += 1
            else:
                wrong += 1
                if folder == "bad":
                    counts["false_accepts"] += 1
            mark = "" if outcome == expected else "  <-- " + ("FALSE ACCEPT" if folder == "bad" and outcome == "accepted" else "unexpected")
            print(f"{folder}/{case.name:45s} expected {expected:9s} got {outcome:9s} {secs:7.2f}s{mark}")
            if args.verbose or outcome != expected:
                print(f"    {detail[:300]}")
    seconds = round(time.monotonic() - t0, 2)
    print(f"good accepted {counts['good_accepted']}/{counts['good']}, bad rejected "
          f"{counts['bad_rejected']}/{counts['bad']}, declined {counts['declined']}, wrong {wrong} "
          f"(false accepts {counts['false_accepts']})")
    print(json.dumps({**counts, "seconds": seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
