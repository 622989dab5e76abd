"""Read every ``.olean`` module under a folder as claimcheck reads a project's outputs; count by Lean version.

Point it at native build folders (``.lake/build/lib/lean``, a ``.lake/packages/*`` build, a whole
checkout holding several): each ``X.olean`` is one module, read with its ``.olean.server`` and
``.olean.private`` parts (a module of the module system must have them all, as for a project), and
every constant's type and value is decoded, and the ``instance`` attributes with their priorities. Printed per Lean version (from each file's header): the
object layout, files, files decoded in full, constants, big-number literals (``Nat`` literals of 2^63
and more: GMP's layout in native files) and the constants' kinds; then every file that did not
decode, with the reader's error. The last line is one JSON object with the same counts.

Nothing is timed: the reader's speed is ``bench/status.py``'s.

Usage: ``python bench/native_olean.py FOLDER [FOLDER ...]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from claimcheck.errors import OleanError  # noqa: E402
from claimcheck.olean.layout import parse_lean_version  # noqa: E402
from claimcheck.olean.reader import Lit, Module  # noqa: E402

_KIDS = ("fn", "arg", "binder_type", "body", "type", "value", "expr", "struct")


def module_name(olean: Path) -> str:
    """``A.B`` for ``.../lib/lean/A/B.olean`` (or ``.../lib/A/B.olean``), else the file's stem."""
    parts = olean.with_suffix("").parts
    for i in range(len(parts) - 1, 0, -1):
        if parts[i - 1] == "lib" or (parts[i - 1] == "lean" and i > 1 and parts[i - 2] == "lib"):
            return ".".join(parts[i:])
    return olean.stem


def header_version(olean: Path) -> str:
    with olean.open("rb") as f:
        head = f.read(40)
    if head.startswith(b"oleanfile"):
        return "(before 4.18)"
    if not head.startswith(b"olean"):
        return "(not an .olean)"
    if head[5] == 1:
        return "(format 1, before 4.18)"
    return head[7:40].split(b"\0", 1)[0].decode("ascii", "replace") or "(none)"


def big_literals(*roots) -> int:
    """Nat literals of 2^63 and more (each term node once)."""
    count, stack, seen = 0, [r for r in roots if r is not None], set()
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, Lit) and isinstance(x.value, int) and x.value >= 2**63:
            count += 1
        stack.extend(getattr(x, k) for k in _KIDS if hasattr(x, k) and not isinstance(getattr(x, k), (int, str)))
    return count


def read_one(olean: Path) -> tuple[str, int, int, Counter]:
    """(layout, constants, big literals, kinds) of a module decoded in full, its ``instance``
    attributes counted among the kinds (``instance attribute``, and ``priority N`` for each
    priority other than the default 1000); raises OleanError."""
    mod = Module.load(module_name(olean), olean, require_parts=True)
    kinds: Counter = Counter()
    for inst in mod.attributes().instances:
        kinds["instance attribute"] += 1
        if inst.priority != 1000:
            kinds[f"priority {inst.priority}"] += 1
    big = 0
    for ci in mod.constants():
        big += big_literals(ci.type, ci.value)
        ci.type_constants()
        ci.value_constants()
        kinds[ci.kind] += 1
    mod.imports
    constants = sum(n for k, n in kinds.items() if k in ("axiom", "definition", "theorem", "opaque", "quotient",
                                                          "inductive", "constructor", "recursor"))
    return mod.layout.name, constants, big, kinds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders searched for *.olean files")
    args = parser.parse_args(argv)
    files = sorted({p for folder in args.folders for p in folder.rglob("*.olean")})
    rows: dict[str, dict] = defaultdict(lambda: {"layouts": set(), "files": 0, "decoded": 0, "constants": 0,
                                                 "big_literals": 0, "kinds": Counter()})
    failures: list[tuple[str, Path, str]] = []
    for i, olean in enumerate(files, 1):
        version = header_version(olean)
        row = rows[version]
        row["files"] += 1
        try:
            layout, constants, big, kinds = read_one(olean)
        except OleanError as exc:
            failures.append((version, olean, str(exc)))
        else:
            row["layouts"].add(layout)
            row["decoded"] += 1
            row["constants"] += constants
            row["big_literals"] += big
            row["kinds"] += kinds
        if i % 50 == 0 or i == len(files):
            print(f"read {i}/{len(files)} files", file=sys.stderr)

    def key(v: str) -> tuple:
        parsed = parse_lean_version(v)
        return (parsed is None, parsed or (), v)

    print(f"{'Lean version':<14} {'layout':<14} {'files':>6} {'decoded':>8} {'constants':>10} {'big nats':>9}  kinds")
    for version in sorted(rows, key=key):
        r = rows[version]
        kinds = ", ".join(f"{n} {k}" for k, n in r["kinds"].most_common())
        print(f"{version:<14} {'/'.join(sorted(r['layouts'])) or '-':<14} {r['files']:>6} {r['decoded']:>8} "
              f"{r['constants']:>10} {r['big_literals']:>9}  {kinds}")
    total = {k: sum(r[k] for r in rows.values()) for k in ("files", "decoded", "constants", "big_literals")}
    print(f"{'all':<14} {'':<14} {total['files']:>6} {total['decoded']:>8} {total['constants']:>10} {total['big_literals']:>9}")
    shown: Counter = Counter()
    for version, olean, message in failures:
        shown[version] += 1
        if shown[version] <= 3:
            print(f"not decoded ({version}): {message}")
    for version, n in shown.items():
        if n > 3:
            print(f"not decoded ({version}): {n - 3} more")
    summary = {"by_version": {v: {k: r[k] for k in ("files", "decoded", "constants", "big_literals")}
                              for v, r in sorted(rows.items(), key=lambda kv: key(kv[0]))}, **total}
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
