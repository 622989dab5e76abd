"""Command line: check lean4export NDJSON files; exit 0 all accepted, 1 any rejected, 2 any declined.

One line per file on stdout: `FILE: accepted`, or `FILE: rejected|declined: <declaration>: <reason>`.
`--fuel N` bounds the kernel steps of each declaration (a declaration that needs more is declined).
Progress goes to stderr every few seconds for long files. Checking runs in a thread with a large
stack so that deep terms do not overflow Python's stack.
"""

from __future__ import annotations

import argparse
import sys
import time

from .checker import check_all, summarize
from .environment import DEFAULT_FUEL, Environment
from .ndjson import NdjsonError, error_verdict, read_ndjson
from .result import Declined, Outcome, Verdict


def _emit(text: str, stream=None) -> None:
    """One line on `stream` (stdout), whatever it holds: what the stream's encoding cannot write
    (a lone surrogate from a file name) is written as an escape, never an encoding error."""
    stream = stream or sys.stdout
    enc = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(enc, "backslashreplace").decode(enc, "replace") + "\n")
    stream.flush()


def check_file(path: str, quiet: bool = False, fuel: int | None = DEFAULT_FUEL) -> Verdict:
    """The verdict deciding one file (accepted if every declaration is accepted); `fuel`: kernel
    steps per declaration (None: no limit). One checking run per file: its own terms and caches."""
    env = Environment(fuel=fuel)
    try:
        decls = read_ndjson(path, env.terms)
    except NdjsonError as e:
        return error_verdict(e)
    except OSError as e:
        return Verdict(Outcome.DECLINED, "(file)", f"cannot open: {e}", Declined.UNREADABLE)
    total = len(decls)
    last = [time.monotonic()]

    def progress(i: int, v: Verdict) -> None:
        now = time.monotonic()
        if not quiet and now - last[0] > 5:
            last[0] = now
            _emit(f"{path}: {i}/{total} declarations checked", sys.stderr)

    verdicts = check_all(decls, progress, env, stop_on_reject=True)
    worst = summarize(verdicts)
    if worst is not None:
        return worst
    if not verdicts:
        return Verdict(Outcome.ACCEPTED, "(no declarations)")
    return Verdict(Outcome.ACCEPTED, f"{len(verdicts)} declarations")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="claimcheck kernel", description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="lean4export NDJSON files")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--fuel", type=int, default=DEFAULT_FUEL,
                    help="kernel steps one declaration may take, then it is declined as out of fuel "
                         "(default %(default)s; 0: no limit)")
    args = ap.parse_args(argv)
    if args.fuel < 0:
        ap.error("--fuel must be 0 (no limit) or positive")
    fuel = args.fuel or None
    any_rejected = any_declined = False
    for f in args.files:
        try:
            v = check_file(f, args.quiet, fuel)
        except Exception as e:  # never let an internal error look like a verdict other than declined
            v = Verdict(Outcome.DECLINED, "(file)", f"internal error: {type(e).__name__}: {e}", Declined.INTERNAL_ERROR)
        if v.outcome == Outcome.ACCEPTED:
            _emit(f"{f}: accepted")
        else:
            _emit(f"{f}: {v.outcome}: {v.declaration}: {v.reason}")
            any_rejected |= v.outcome == Outcome.REJECTED
            any_declined |= v.outcome == Outcome.DECLINED
    return 1 if any_rejected else 2 if any_declined else 0
