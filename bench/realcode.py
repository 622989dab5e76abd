"""claimcheck end to end on real Lean code written elsewhere: the corpus in `bench/realcode/`.

The corpus is 100+ core-only Lean 4 files from the Lean 4 repository (`tests/lean/run`,
`tests/bench`, `doc/examples`; sources and changes in `bench/realcode/SOURCES.tsv` and each file's
first lines), most made modules, some kept without a `module` header. They are built as ONE
project (as a repository of unrelated files would be: the same names occur in several files):

1. `claimcheck build -j 1 --json` in a copy of the corpus (the repository is never written);
2. `claimcheck status --json --no-build` on that build: the status and the kernel re-check of
   every declaration;
3. `claimcheck check --format json` and `claimcheck report` on the project's empty manifest
   folder, with the sources of the modules that failed removed from the copy (they were measured
   in step 1; both commands build first, and would retry them). The gate and the report must run
   on such a project without a crash.

A crash is a Python traceback on stderr or an exit code other than 0 and 1. Progress goes to
stderr; the last line printed is one JSON object: `files`, `moduleless_files`, `built`,
`moduleless_built`, `build_failed` (failed modules by reason class), `declarations`,
`moduleless_declarations`, `statuses` (by status), `kernel` (by verdict), `rejected` (the names the
kernel rejected), `crashes` (one line each), `seconds`.

Usage: `python bench/realcode.py [--corpus DIR] [--workdir DIR] [--keep]`
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: Build failures by the first error of a failed module, most specific class first. "native" is
#: what the wasm toolchain cannot do at all (generate or run code: its library ships no `.ir`);
#: "toolchain" is a crash of the Lean process itself; "lean" is any other Lean error (mostly
#: version drift: these files were written for other Lean versions).
FAILURE_CLASSES = (
    ("native", re.compile(
        r"needs the native toolchain|Unknown constant `[^`]*\._redArg`|failed to compile|"
        r"no executable code|cannot evaluate code|could not evaluate|Could not evaluate|"
        r"code generator does not support|Unknown constant `_private\.(Init|Std|Lean|Lake)\.|interpreter|"
        r"failed to evaluate|native_decide|has not been implemented")),
    ("toolchain", re.compile(r"toolchain failed|toolchain crash")),
)


def failure_class(module: dict) -> str:
    if module["status"] == "blocked":
        return "blocked"
    errors = [m["text"] for m in module["messages"] if m["severity"] == "error"]
    if not errors:
        return "no_error_message"
    for name, pattern in FAILURE_CLASSES:
        if pattern.search(errors[0]):
            return name
    return "lean"


def is_moduleless(path: Path) -> bool:
    for line in path.read_text(encoding="utf-8").splitlines():
        s = line.strip()
        if s and not s.startswith("--"):
            return s != "module"
    return True


def run(cmd: list[str], cwd: Path, crashes: list[str], what: str) -> subprocess.CompletedProcess:
    print(f"[realcode] {what}: {' '.join(cmd)}", file=sys.stderr, flush=True)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    sys.stderr.write(proc.stderr[-4000:])
    print(f"[realcode] {what}: exit {proc.returncode} ({time.monotonic() - start:.0f}s)", file=sys.stderr, flush=True)
    if "Traceback (most recent call last)" in proc.stderr:
        last = proc.stderr.strip().splitlines()[-1]
        crashes.append(f"{what}: Python traceback: {last}")
    elif proc.returncode not in (0, 1):
        crashes.append(f"{what}: exit code {proc.returncode}: {proc.stderr.strip()[-300:]}")
    return proc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=HERE / "realcode", help="the corpus folder (claimcheck.toml + src/)")
    ap.add_argument("--workdir", type=Path, default=None,
                    help="build here (reused when it holds an earlier run's build) instead of a temporary folder")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder and print its path")
    args = ap.parse_args(argv)
    started = time.monotonic()
    claimcheck = [sys.executable, "-m", "claimcheck.cli"]
    tmp = None
    if args.workdir is None:
        tmp = Path(tempfile.mkdtemp(prefix="claimcheck-realcode-"))
        root = tmp / "corpus"
    else:
        root = args.workdir.resolve()
    root.mkdir(parents=True, exist_ok=True)
    # a fresh copy of the sources (the build folder, if any, is kept: the build is incremental)
    shutil.rmtree(root / "src", ignore_errors=True)
    shutil.copytree(args.corpus / "src", root / "src")
    shutil.copy(args.corpus / "claimcheck.toml", root / "claimcheck.toml")
    (root / "manifests").mkdir(exist_ok=True)
    crashes: list[str] = []
    try:
        files = sorted((root / "src").rglob("*.lean"))
        moduleless = {".".join(p.relative_to(root / "src").with_suffix("").parts) for p in files if is_moduleless(p)}

        proc = run([*claimcheck, "build", "--root", str(root), "-j", "1", "--json"], root, crashes, "build")
        build = json.loads(proc.stdout)
        (root / "build-report.json").write_text(proc.stdout, encoding="utf-8")
        modules = build["modules"]
        built = {m["name"] for m in modules if m["status"] in ("built", "up-to-date")}
        failed = Counter(failure_class(m) for m in modules if m["name"] not in built)
        for m in modules:
            if m["name"] not in built:
                first = next((x for x in m["messages"] if x["severity"] == "error"), None)
                text = (first["text"].splitlines() or [""])[0][:160] if first else m["status"]
                print(f"[realcode]   FAILED {m['name']} [{failure_class(m)}]: {text}", file=sys.stderr)

        # the build is current: status reads it (without --no-build it would retry every failed module)
        proc = run([*claimcheck, "status", "--root", str(root), "--json", "--no-build"], root, crashes, "status")
        records = json.loads(proc.stdout)["declarations"] if proc.stdout.strip() else []
        mine = [r for r in records if r.get("module") in built]
        statuses = Counter(r["status"] for r in mine)

        def outcome(r: dict) -> str:
            return r["kernel"]["outcome"] if r.get("kernel") else "none"

        kernel = Counter(outcome(r) for r in mine)
        rejected = sorted(f"{r['module']}:{r['name']}" for r in mine if outcome(r) == "rejected")
        for r in mine:
            if outcome(r) in ("rejected", "undecided"):
                why = r["kernel"]["reason"][:200]
                print(f"[realcode]   {r['module']} {r['name']}: {r['status']}, kernel {outcome(r)}: {why}",
                      file=sys.stderr)

        # check and report build too: on the modules that built (the failures are measured above)
        for m in modules:
            if m["name"] not in built:
                (root / m["source"]).unlink(missing_ok=True)  # an absolute source path stays as it is
        run([*claimcheck, "check", "--root", str(root), "--format", "json", "-j", "1"], root, crashes, "check")
        run([*claimcheck, "report", "--root", str(root), "-j", "1", "--out", str(root / "report")], root, crashes,
            "report")
    finally:
        if tmp is not None and not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        elif tmp is not None:
            print(f"[realcode] kept {root}", file=sys.stderr)
    print(json.dumps({
        "files": len(files),
        "moduleless_files": len(moduleless),
        "built": len(built),
        "moduleless_built": len(built & moduleless),
        "build_failed": dict(sorted(failed.items())),
        "declarations": len(mine),
        "moduleless_declarations": sum(1 for r in mine if r["module"] in moduleless),
        "statuses": dict(sorted(statuses.items())),
        "kernel": dict(sorted(kernel.items())),
        "rejected": rejected,
        "crashes": crashes,
        "seconds": round(time.monotonic() - started, 1),
    }, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
