"""The ``claimcheck`` command line: errors become exit codes here and only here.

Exit codes: 0 success; 1 the work ran and found a failure (a module failed to build, a claim does
not hold, a declaration is missing); 2 bad input or configuration (manifest, toml, imports);
3 no usable toolchain.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import ClaimcheckError, ToolchainError
from .manifest import ManifestError
from .olean import OleanError
from .progress import Progress
from .project import Project

TOOLCHAIN_EXIT = 3


def _project(args: argparse.Namespace) -> Project:
    return Project.load(args.root)


def cmd_toolchain(args: argparse.Namespace) -> int:
    from . import toolchain as tc

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    if args.info:
        wanted = tc.read_toolchain_file(project.root)
        print(f"lean-toolchain: {wanted or '(none)'}")
        try:
            found = tc.resolve_toolchain(project.root, install=False, progress=progress)
        except ToolchainError as exc:
            print(f"toolchain: not available ({exc})")
            print(f"wasm install folder: {tc.install_dir()}")
            return TOOLCHAIN_EXIT
        print(found.describe())
        return 0
    found = tc.resolve_toolchain(project.root, install=True, progress=progress)
    print(found.describe())
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build
    from .toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    toolchain = resolve_toolchain(project.root, progress=progress)
    report = build(project, toolchain, jobs=args.jobs, progress=progress)
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for result in report.modules.values():
            for message in result.messages:
                if message.severity in ("error", "warning"):
                    print(message.render())
        print(report.summary())
    return 0 if report.ok else 1


def cmd_status(args: argparse.Namespace) -> int:
    """Proof status of every declaration, read from the build's .olean files.

    Exit code 1 only when a declaration asked for with ``--decl`` is missing; other statuses
    (sorry, native, axiom, failed) are reported in the output with exit code 0.
    """
    from .build import build
    from .modules import discover
    from .olean import OleanError
    from .status import compute_status, format_table, to_json
    from .toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    if args.no_build:
        toolchain = resolve_toolchain(project.root, install=False, progress=progress)
        modules = discover(project.src_dir, exclude=(project.build_dir,))
        names = list(modules)
        failed: dict[str, Path] = {}
        for name, mod in modules.items():
            olean = project.olean_dir.joinpath(*name.split(".")).with_suffix(".olean")
            if not olean.is_file() or olean.stat().st_mtime < mod.path.stat().st_mtime:
                failed[name] = mod.path  # not built, or built from an older source: not current
    else:
        toolchain = resolve_toolchain(project.root, progress=progress)
        report = build(project, toolchain, jobs=args.jobs, progress=progress)
        names = list(report.modules)
        failed = report.failed_modules()
    try:
        records = compute_status(
            names,
            [project.olean_dir, toolchain.lib_dir],
            allowed_axioms=project.allowed_axioms,
            failed_modules=failed,
            decls=args.decl or None,
            include_all=args.all,
        )
    except OleanError as exc:
        print(f"claimcheck: status: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(to_json(records), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(records))
    return 1 if any(r.status == "missing" for r in records) else 0


def _gate(args: argparse.Namespace) -> tuple[Project, dict]:
    """Toolchain, build, status, witnesses and manifests: the report data (see gate.py)."""
    from .build import build
    from .gate import evaluate
    from .toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    toolchain = resolve_toolchain(project.root, progress=progress)
    report = build(project, toolchain, jobs=args.jobs, progress=progress)
    if not report.ok:
        print(report.summary(), file=sys.stderr)
    progress.line("reading proof status, running witnesses, checking manifests")
    return project, evaluate(project, toolchain, report)


def _print_gate(data: dict) -> None:
    from .gate import failures

    summary = data["summary"]
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(summary["by_verdict"].items()))
    inst = summary["instances"]
    print(f"{summary['papers']} papers, {summary['claims']} claims: {verdicts}; "
          f"{inst['ok']}/{inst['checked']} instance cross-checks agree")
    for line in failures(data):
        print(f"FAIL {line}")
    print("gate: PASS" if data["ok"] else "gate: FAIL")


def cmd_check(args: argparse.Namespace) -> int:
    """The CI gate: exit 0 only when every claim holds as labelled."""
    from .gate import update_fingerprints
    from .manifest import load_manifests

    project, data = _gate(args)
    if args.update_fingerprints:
        built = {d["name"]: d["fingerprint"] for d in data["declarations"] if d.get("fingerprint")}
        for path in update_fingerprints(load_manifests(project.manifests_dir), built):
            print(f"updated fingerprints in {path}")
        project, data = _gate(args)
    if args.json:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        _print_gate(data)
    return 0 if data["ok"] else 1


def _write_report(project: Project, data: dict, out: Path | None) -> Path:
    from .report import write_report

    target = out if out is not None else project.root / "report"
    path = write_report(data, target)
    print(f"report: {path / 'index.html'}")
    return path


def cmd_report(args: argparse.Namespace) -> int:
    """Write the HTML report, report.json and summary.md (exit 0 when written)."""
    project, data = _gate(args)
    _write_report(project, data, args.out)
    return 0


def cmd_all(args: argparse.Namespace) -> int:
    """The main job: toolchain, build, status, witnesses, check, report."""
    project, data = _gate(args)
    path = _write_report(project, data, args.out)
    print((path / "summary.md").read_text(encoding="utf-8"))
    _print_gate(data)
    return 0 if data["ok"] else 1


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--root", type=Path, default=Path("."), help="project root (default: current folder)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="claimcheck",
        description="Machine-checked companions to ML theory papers: build Lean cores, read proof status, check claims.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("toolchain", help="find or install the Lean toolchain")
    _add_common(p)
    p.add_argument("--info", action="store_true", help="print which toolchain is used, its version and paths")
    p.set_defaults(func=cmd_toolchain)

    p = sub.add_parser("build", help="build the project's Lean modules incrementally")
    _add_common(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs (default: bounded by cores and memory)")
    p.add_argument("--json", action="store_true", help="print the build report as JSON")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser(
        "status",
        help="proof status of every declaration (proved, sorry, native, axiom, missing, failed)",
        description="Build incrementally, then read each declaration's axioms from the .olean files. "
        "Exit code 1 if a --decl is missing; other statuses are reported with exit code 0.",
    )
    _add_common(p)
    p.add_argument("--json", action="store_true", help="print the records as a JSON array")
    p.add_argument("--decl", action="append", metavar="NAME", help="only this declaration (repeatable)")
    p.add_argument("--all", action="store_true", help="also list compiler-generated auxiliary declarations")
    p.add_argument("--no-build", action="store_true", help="use existing build outputs; stale or absent ones count as failed")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs for the build")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("check", help="the CI gate: every claim in manifests/ holds as labelled")
    _add_common(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
    p.add_argument("--json", action="store_true", help="print the full report data as JSON")
    p.add_argument("--update-fingerprints", action="store_true",
                   help="record the built statement fingerprints in the manifests (after reviewing the statements)")
    p.set_defaults(func=cmd_check)

    for name, func, text in (
        ("report", cmd_report, "write the HTML report, report.json and summary.md"),
        ("all", cmd_all, "the main job: toolchain, build, status, witnesses, check, report"),
    ):
        p = sub.add_parser(name, help=text)
        _add_common(p)
        p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
        p.add_argument("--out", type=Path, default=None, help="report folder (default: <root>/report)")
        p.set_defaults(func=func)

    return parser


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ToolchainError as exc:
        print(f"claimcheck: toolchain: {exc}", file=sys.stderr)
        return TOOLCHAIN_EXIT
    except ClaimcheckError as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return exc.exit_code
    except ManifestError as exc:
        print(f"claimcheck: invalid manifests:\n{exc}", file=sys.stderr)
        return 2
    except OleanError as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("claimcheck: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
