"""The whole core library as a conformance test: replay every module of Init, Std and Lean from
the toolchain's `.olean` files into the independent kernel.

Every constant of every module of the chosen packages is decoded (with `claimcheck.olean`),
converted to the kernel's model in dependency order and checked in one environment (one checking
run: the caches are shared across declarations), with the pipeline's front end
(`claimcheck.recheck.front_end`): each constant comes from the toolchain's library folder, so the
front end vouches for it as the core library's own (`Environment.library`: bodyless Nat primitives
get their literal extensions), and marks as `hidden_bodies` every constant the package ships without
a body except the genuine axioms (`propext`, `Classical.choice`, `Quot.sound`, ...): a definition of
a module that does not export it, or a theorem shipped without its proof. A check that fails for
want of such a body is declined, not rejected.

Progress goes to stderr; the last line is one JSON object with the keys `modules`, `checked`,
`accepted`, `rejected`, `declined` (a count by reason code), `seconds`, `cpu_seconds`,
`declarations_per_second`, `peak_rss_mb`, `most_steps` (the declaration that took the most kernel
steps, and how many: what `Environment.fuel` must allow), `rejections` (the first ones) and
`decline_examples` (the first few declines of each kind, with their reasons).
Goal: 0 rejected, every decline explained.

Usage: `python bench/library_replay.py [--lib DIR] [--packages Init Std Lean] [--limit N]`
(with `--python DIR`, the kernel and front end are imported from that folder instead: the same
replay for an older revision; options it does not know are left out).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", type=Path, help="the toolchain's library folder (default: the installed toolchain's)")
    ap.add_argument("--packages", nargs="+", default=["Init", "Std", "Lean"])
    ap.add_argument("--limit", type=int, default=0, help="stop after N declarations")
    ap.add_argument("--python", type=Path, help="import claimcheck from this folder (e.g. an older revision)")
    ap.add_argument("--show", type=int, default=20, help="how many rejections to list")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(args.python or REPO / "python"))
    from claimcheck.kernel import Environment, Outcome
    from claimcheck.kernel.checker import check_declaration, run_with_big_stack
    from claimcheck.kernel.nat import SPEC_THEOREMS
    from claimcheck.olean import reader as O
    try:  # the front end of the pipeline (recheck/), or before it moved there
        from claimcheck.model.names import Name
        from claimcheck.recheck.front_end import OleanSource
    except ImportError:
        from claimcheck.kernel.from_olean import OleanSource

        def Name(n):  # noqa: N802 - the older front end names constants by dotted strings
            return ".".join(map(str, n))

    lib = args.lib
    if lib is None:
        from claimcheck.lean.toolchain import resolve_toolchain

        lib = resolve_toolchain(REPO, install=False).lib_dir
    modules = []
    for pkg in args.packages:
        if (lib / f"{pkg}.olean").is_file():
            modules.append(pkg)
        modules += sorted(".".join(p.relative_to(lib).with_suffix("").parts) for p in (lib / pkg).rglob("*.olean"))
    t_start, c_start = time.perf_counter(), time.process_time()
    src = OleanSource(O.Environment([lib]), [lib])
    roots: list = [Name(n) for n in SPEC_THEOREMS]
    for i, m in enumerate(modules):
        roots += src.env.load(m).constant_names()
        if i % 100 == 0:
            print(f"loaded {i + 1}/{len(modules)} modules", file=sys.stderr, flush=True)
    order = src.closure(roots)
    print(f"{len(order)} units in dependency order", file=sys.stderr, flush=True)
    env = Environment(terms=src.terms) if hasattr(src, "terms") else Environment()  # older: global terms
    vouching = hasattr(src, "provenance")  # the older kernel accelerated every bodyless primitive
    counts: Counter = Counter()
    declined: Counter = Counter()
    rejections: list = []
    examples: dict = {}  # decline code -> the first few declined declarations, with the reason
    last = [time.monotonic()]
    most = [0, ""]  # the most kernel steps one declaration took, and which

    def run() -> None:
        done = 0
        for k in order:
            try:
                decl = src.declaration(k)
            except Exception as e:  # noqa: BLE001 - undecodable: declined, with the reason
                counts["declined"] += 1
                declined["undecodable"] += 1
                if len(rejections) < args.show:
                    print(f"  undecodable {k}: {e}", file=sys.stderr)
                continue
            if vouching:  # as the pipeline's front end does: by the module a constant comes from
                lib_names, hidden_names = src.provenance(k)
                env.library.update(lib_names)
                env.hidden_bodies.update(hidden_names)
            v = check_declaration(env, decl)
            steps = getattr(v, "steps", 0)
            if steps > most[0]:
                most[:] = [steps, v.declaration]
            counts[str(v.outcome)] += 1
            if v.outcome == Outcome.DECLINED:
                code = str(getattr(v, "code", None) or "declined")
                declined[code] += 1
                if len(examples.setdefault(code, [])) < 3:
                    examples[code].append({"name": v.declaration, "reason": v.reason[:300]})
            elif v.outcome == Outcome.REJECTED:
                if len(rejections) < args.show:
                    rejections.append({"name": v.declaration, "reason": v.reason[:400]})
                print(f"  rejected {v.declaration}: {v.reason[:300]}", file=sys.stderr, flush=True)
            done += 1
            now = time.monotonic()
            if now - last[0] > 10:
                last[0] = now
                print(f"  {done}/{len(order)} checked {dict(counts)} {now - t_start:.0f} s", file=sys.stderr, flush=True)
            if args.limit and done >= args.limit:
                break

    run_with_big_stack(run)
    seconds = time.perf_counter() - t_start
    checked = sum(counts.values())
    print(json.dumps({
        "modules": len(modules),
        "checked": checked,
        "accepted": counts["accepted"],
        "rejected": counts["rejected"],
        "declined": dict(sorted(declined.items())),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(time.process_time() - c_start, 1),
        "declarations_per_second": round(checked / seconds, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "most_steps": {"declaration": most[1], "steps": most[0]},
        "rejections": rejections,
        "decline_examples": examples,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
