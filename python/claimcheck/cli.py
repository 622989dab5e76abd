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
from typing import TYPE_CHECKING

from claimcheck.errors import ClaimcheckError, ToolchainError
from claimcheck.claims.manifest import ManifestError
from claimcheck.claims.model import GateResult

if TYPE_CHECKING:
    from claimcheck.claims.gate import Evidence
from claimcheck.olean.reader import OleanError
from claimcheck.progress import Progress
from claimcheck.project import Project

TOOLCHAIN_EXIT = 3


def _project(args: argparse.Namespace) -> Project:
    return Project.load(args.root).with_sources(getattr(args, "sources", None))


def cmd_toolchain(args: argparse.Namespace) -> int:
    from claimcheck.lean import toolchain as tc

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
    from claimcheck.lean.build import build
    from claimcheck.lean.toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    toolchain = resolve_toolchain(project.root, progress=progress)
    report = build(project, toolchain, jobs=args.jobs, progress=progress)
    if args.json:
        from claimcheck.report.schema import BUILD_SCHEMA, marked

        json.dump(marked(BUILD_SCHEMA, report.to_json()), sys.stdout, indent=2)
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
    from claimcheck.lean.build import build
    from claimcheck.lean.modules import discover
    from claimcheck.olean.reader import OleanError
    from claimcheck.analysis.status import compute_status, format_table, to_json
    from claimcheck.lean.toolchain import resolve_toolchain

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
        from claimcheck.analysis.recheck import attach_kernel
        from claimcheck.analysis.status import open_environment

        env = open_environment([project.olean_dir, toolchain.lib_dir], [toolchain.lib_dir])
        records = compute_status(
            names,
            [project.olean_dir, toolchain.lib_dir],
            allowed_axioms=project.allowed_axioms,
            failed_modules=failed,
            decls=args.decl or None,
            include_all=args.all,
            library_dirs=[toolchain.lib_dir],
            env=env,
        )
        if not args.no_kernel:
            records, _ = attach_kernel(records, env, [n for n in names if n not in failed], [toolchain.lib_dir],
                                       project.build_dir / "kernel-cache.json", project.kernel_budget,
                                       progress.line)
    except OleanError as exc:
        print(f"claimcheck: status: {exc}", file=sys.stderr)
        return 2
    if args.json:
        from claimcheck.report.schema import STATUS_SCHEMA, marked

        json.dump(marked(STATUS_SCHEMA, {"declarations": to_json(records)}), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(records, statements=bool(args.decl)))
    return 1 if any(r.status == "missing" for r in records) else 0


def _evidence(args: argparse.Namespace) -> tuple[Project, "Evidence", list]:
    """Manifests first (seconds), then toolchain, build, status, witnesses: the gate's evidence."""
    from claimcheck.claims.gate import gather, prepare
    from claimcheck.lean.build import build
    from claimcheck.lean.toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    manifests = prepare(project)  # a typo in a manifest costs a second, not a build
    toolchain = resolve_toolchain(project.root, progress=progress)
    report = build(project, toolchain, jobs=args.jobs, progress=progress)
    if not report.ok:
        print(report.summary(), file=sys.stderr)
    progress.line("reading proof status, running witnesses, checking manifests")
    return project, gather(project, toolchain, report, manifests), manifests


def _gate(args: argparse.Namespace) -> tuple[Project, GateResult]:
    from claimcheck.claims.gate import judge

    project, evidence, manifests = _evidence(args)
    return project, judge(project, evidence, manifests)


def _print_gate(result: GateResult, project: Project) -> None:
    from claimcheck.claims.gate import failures, review_warnings

    summary = result.summary
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(summary["by_verdict"].items()))
    inst = summary["instances"]
    extra = f", {inst['not_cross_checked']} not cross-checked" if inst["not_cross_checked"] else ""
    print(f"{summary['papers']} papers, {summary['claims']} claims: {verdicts}; "
          f"{inst['ok']}/{inst['checked']} instance cross-checks agree{extra}")
    print("evidence: " + ", ".join(f"{n} {t}" for t, n in summary["by_tier"].items()))
    if not result.sources_checked:
        print("sources: source text not available here; citations not checked against it (--sources DIR)")
    for line in failures(result, project.strict_instances):
        print(f"FAIL {line}")
    for line in review_warnings(result):
        print(f"WARN {line}")
    print("gate: PASS" if result.ok else "gate: FAIL")


def _output_format(args: argparse.Namespace) -> str:
    return "json" if getattr(args, "json", False) else (getattr(args, "format", None) or "text")


def _manifest_annotations(args: argparse.Namespace, exc: ManifestError) -> None:
    """For ``--format github``: a bad manifest is also an ``::error`` on its file and line."""
    if _output_format(args) == "github":
        from claimcheck.report.ci_formats import github_manifest_errors

        for line in github_manifest_errors(exc.issues):
            print(line)


def cmd_check(args: argparse.Namespace) -> int:
    """The CI gate: exit 0 only when every claim holds as labelled."""
    try:
        return _check(args)
    except ManifestError as exc:
        _manifest_annotations(args, exc)
        raise
    except (ClaimcheckError, OleanError) as exc:  # no toolchain, bad configuration: say so in the log too
        if _output_format(args) == "github":
            from claimcheck.report.ci_formats import command

            print(command("error", f"claimcheck could not run the gate: {exc}", title="claimcheck"))
        raise


def _check(args: argparse.Namespace) -> int:
    from claimcheck.claims.gate import judge, prepare, update_fingerprints

    project, evidence, manifests = _evidence(args)
    result = judge(project, evidence, manifests)
    if args.update_fingerprints:
        built = {d.name: d.fingerprint for d in result.declarations if d.fingerprint}
        for f in (f for p in result.papers for c in p.claims for f in c.formal):
            if f.fingerprint:
                built.setdefault(f.decl, f.fingerprint)
        changed = update_fingerprints(manifests, built)
        for path in changed:
            print(f"updated fingerprints in {path}")
        if changed:  # judge the updated manifests on the same evidence: the gate runs once
            manifests = prepare(project)
            result = judge(project, evidence, manifests)
    if args.report is not None:
        _write_report(project, result, args.report, stream=sys.stderr)
    fmt = _output_format(args)
    if fmt == "json":
        json.dump(result.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif fmt == "github":
        from claimcheck.report.ci_formats import github_commands, root_prefix

        for line in github_commands(result, root_prefix(project.root), project.strict_instances):
            print(line)
    elif fmt == "junit":
        from claimcheck.report.ci_formats import junit_xml, root_prefix

        sys.stdout.write(junit_xml(result, root_prefix(project.root)))
    else:
        _print_gate(result, project)
    # With --json the stale lines go to stderr: stdout stays one JSON document.
    stale = _stale_formalization(project, result, manifests, sys.stderr if args.json else sys.stdout)
    return 0 if result.ok and not stale else 1


def _stale_formalization(project: Project, result: GateResult, manifests: list, out) -> bool:
    """Whether the committed formalization.yaml (if any) has stale generated parts (printed)."""
    from claimcheck.claims import formalization

    path = project.root / formalization.FILE_NAME
    if not path.exists():
        return False  # a project without the file is not failed
    parts = formalization.stale_parts(path, formalization.generate(result, manifests, project))
    for part in parts:
        print(f"FAIL {path.name}: `{part}` is stale; run `claimcheck formalization-yaml`",
              file=out)
    return bool(parts)


def cmd_formalization_yaml(args: argparse.Namespace) -> int:
    """Write or update the root formalization.yaml from a gate run, keeping hand-written fields."""
    from claimcheck.claims import formalization
    from claimcheck.claims.gate import judge

    project, evidence, manifests = _evidence(args)
    result = judge(project, evidence, manifests)
    path = project.root / formalization.FILE_NAME
    generated = formalization.generate(result, manifests, project)
    if args.check:
        parts = formalization.stale_parts(path, generated) if path.exists() else ["(no file)"]
        for part in parts:
            print(f"stale: {path.name}: {part}")
        return 1 if parts else 0
    changed = formalization.write(path, generated)
    print(f"{'wrote' if changed else 'unchanged'}: {path}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    """Check the manifests alone (schema, witness ids, citations when a sources folder is named):
    no toolchain, no build; seconds."""
    from claimcheck.claims.gate import prepare

    project = _project(args)
    try:
        manifests = prepare(project)
    except ManifestError as exc:
        _manifest_annotations(args, exc)
        raise
    n_claims = sum(len(m.claims) for m in manifests)
    where = f"checked against {project.sources_dir}" if project.sources_dir else "not checked (no sources folder named)"
    print(f"{len(manifests)} manifests, {n_claims} claims: valid; citations {where}")
    return 0


def _write_report(project: Project, result: GateResult, out: Path | None, stream=None) -> Path:
    from claimcheck.report.render import write_report

    target = out if out is not None else project.root / "report"
    path = write_report(result, target, source_root=project.root)
    print(f"report: {path / 'index.html'}", file=stream or sys.stdout)
    return path


def cmd_report(args: argparse.Namespace) -> int:
    """Write the HTML report, report.json and summary.md (exit 0 when written)."""
    project, result = _gate(args)
    _write_report(project, result, args.out)
    return 0


def cmd_all(args: argparse.Namespace) -> int:
    """The main job: toolchain, build, status, witnesses, check, report."""
    project, result = _gate(args)
    path = _write_report(project, result, args.out)
    print((path / "summary.md").read_text(encoding="utf-8"))
    _print_gate(result, project)
    return 0 if result.ok else 1


def _built_environment(args: argparse.Namespace):
    """Build incrementally; the project, its environment, built modules and their sources."""
    from claimcheck.analysis.status import open_environment
    from claimcheck.lean.build import build
    from claimcheck.lean.toolchain import resolve_toolchain

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    toolchain = resolve_toolchain(project.root, progress=progress)
    report = build(project, toolchain, jobs=args.jobs, progress=progress)
    if not report.ok:
        print(report.summary(), file=sys.stderr)
    failed = report.failed_modules()
    built = [m for m in report.modules if m not in failed]
    env = open_environment([project.olean_dir, toolchain.lib_dir])
    return project, toolchain, report, env, built


def cmd_export(args: argparse.Namespace) -> int:
    """Export the project's theorems and premise corpus in LeanDojo's benchmark shape (``--leandojo``)
    and/or its declarations as lean4export NDJSON (``--ndjson``)."""
    if args.leandojo is None and args.ndjson is None:
        from claimcheck.export.leandojo import ExportError as _ExportError

        raise _ExportError("export: give --leandojo DIR and/or --ndjson FILE")
    from claimcheck.analysis.depgraph import ProjectUses
    from claimcheck.analysis.status import compute_status
    from claimcheck.export.leandojo import (
        ExportError, build_records, git_origin, metadata, path_base, validate_export, write_export,
    )
    from claimcheck.lean.ilean import read_ranges
    from claimcheck.lean.modules import discover

    project, toolchain, report, env, built = _built_environment(args)
    if args.ndjson is not None:
        from claimcheck.analysis.recheck import export_ndjson
        from claimcheck.kernel.from_olean import DecodeError

        names = sorted({n for m in built for n in env.load(m).constant_names()})
        try:
            units = export_ndjson(env, names, args.ndjson)
        except DecodeError as exc:
            raise ExportError(f"cannot export to {args.ndjson}: {exc}") from exc
        print(f"{units} declarations (the project's and the core ones they need) in lean4export NDJSON: {args.ndjson}")
        if args.leandojo is None:
            return 0 if report.ok else 1
    records = compute_status(built, [project.olean_dir, toolchain.lib_dir], project.allowed_axioms, env=env)
    statuses = {r.name: r for r in records}
    sources = {m: report.modules[m].source for m in built}
    modules = discover(project.src_dir, exclude=(project.build_dir,))
    imports = {m: [i.module for i in modules[m].imports] for m in built if m in modules}
    ranges = read_ranges(project.olean_dir, sources, project.root)
    url, commit = git_origin(project.root)
    theorems, corpus = build_records(ProjectUses(env, built), statuses, ranges, sources, imports, project.root,
                                     url, commit, env, path_base(project.root))
    summary = write_export(args.leandojo, theorems, corpus, metadata(url, commit, toolchain.version))
    problems = validate_export(args.leandojo)
    if problems:
        raise ExportError("the export does not match its field list:\n" + "\n".join(problems))
    print(f"{summary.theorems} theorems, {summary.premises} premises in {summary.files} files: {summary.folder}")
    print("traced_tactics are empty: tactic states need a native Lean (see the README)")
    return 0 if report.ok else 1


def cmd_dojo(args: argparse.Namespace) -> int:
    """Hand a theorem to LeanDojo (optional extra; needs a native Lean and lake)."""
    from claimcheck.export.dojo import check_available, interact

    project = _project(args)
    check_available(project.root)  # one line saying what is needed, before any build
    from claimcheck.lean.ilean import read_ranges

    project, toolchain, report, env, built = _built_environment(args)
    ranges = read_ranges(project.olean_dir, {m: report.modules[m].source for m in built}, project.root)
    where = ranges.get(args.decl)
    if where is None:
        print(f"claimcheck: dojo: {args.decl} is not a declaration of the built project", file=sys.stderr)
        return 1
    from claimcheck.export.leandojo import path_base, rebase

    file = rebase(where.file, project.root, path_base(project.root))
    return 0 if interact(project.root, file, args.decl, sys.stdin, sys.stdout) else 1


def cmd_init(args: argparse.Namespace) -> int:
    """Scaffold a new project: claimcheck.toml, lean-toolchain, lakefile.lean, a module, a manifest."""
    from claimcheck.claims.gate import update_fingerprints
    from claimcheck.scaffold import scaffold

    for path in scaffold(args.dir, args.name):
        print(f"wrote {path}")
    if not args.no_build:
        # The example's statements are the ones this command wrote: build them once and record
        # their fingerprints, so that the first `claimcheck all` passes. Your own claims get
        # theirs only after you review them (`claimcheck check --update-fingerprints`).
        args.root, args.jobs, args.sources = args.dir, None, None
        project, evidence, manifests = _evidence(args)
        built = {name: r.fingerprint for name, r in evidence.statuses.items() if r.fingerprint}
        update_fingerprints(manifests, built)
        print("built the example and recorded its statement fingerprints")
    print(f"next: cd {args.dir} && claimcheck all")
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    """Claims and statements changed against ``--base`` (committed manifests and fingerprints; no
    build). Exit 1 when a statement changed without an acknowledgement in its claim."""
    import os

    from claimcheck.claims.diff import base_manifests, diff_manifests, diff_to_json, render_markdown
    from claimcheck.claims.manifest import load_manifests

    project = _project(args)
    result = diff_manifests(base_manifests(project.root, project.manifests_dir, args.base),
                            load_manifests(project.manifests_dir), args.base)
    text = render_markdown(result)
    if args.json:
        json.dump(diff_to_json(result), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(text)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0 if result.ok else 1


def cmd_kernel(args: argparse.Namespace) -> int:
    """Check lean4export NDJSON files with claimcheck's own kernel (arena exit codes 0/1/2)."""
    from claimcheck.kernel.cli import main as kernel_main

    return kernel_main([*args.files, *(["-q"] if args.quiet else [])])


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--root", type=Path, default=Path("."), help="project root (default: current folder)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")


def _add_sources(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sources", type=Path, default=None, metavar="DIR",
                        help="check manifest citations against the source texts in DIR "
                        "(default: [manifests] sources in claimcheck.toml, or $CLAIMCHECK_SOURCES)")


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
        help="proof status of every declaration (proved, trusted, sorry, native, axiom, missing, failed)",
        description="Build incrementally, then read each declaration's axioms from the .olean files. "
        "Exit code 1 if a --decl is missing; other statuses are reported with exit code 0.",
    )
    _add_common(p)
    p.add_argument("--json", action="store_true",
                   help='print {"schema": "claimcheck.status/1", "declarations": [...]} as JSON')
    p.add_argument("--decl", action="append", metavar="NAME", help="only this declaration (repeatable)")
    p.add_argument("--all", action="store_true", help="also list compiler-generated auxiliary declarations")
    p.add_argument("--no-build", action="store_true", help="use existing build outputs; stale or absent ones count as failed")
    p.add_argument("--no-kernel", action="store_true", help="do not re-check the declarations with the independent kernel")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs for the build")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("validate", help="check the manifests only (no build): schema, witness ids, citations")
    _add_common(p)
    _add_sources(p)
    p.add_argument("--format", choices=("text", "github"), default="text",
                   help="github: also print each manifest problem as an ::error workflow command")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("kernel", help="check lean4export NDJSON files with the independent kernel "
                       "(exit 0 accepted, 1 rejected, 2 declined)")
    p.add_argument("files", nargs="+", type=str, metavar="FILE.ndjson")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    p.set_defaults(func=cmd_kernel)

    p = sub.add_parser("formalization-yaml", help="write or update the root formalization.yaml (generated parts "
                       "from a gate run; hand-written fields and comments kept)")
    _add_common(p)
    _add_sources(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when the file is absent or stale")
    p.set_defaults(func=cmd_formalization_yaml)

    p = sub.add_parser("diff", help="claims and statements changed against a base revision (no build); "
                       "exit 1 on an unacknowledged statement change")
    _add_common(p)
    p.add_argument("--base", required=True, metavar="REF", help="the git revision to compare with (e.g. origin/main)")
    p.add_argument("--json", action="store_true", help="print the claimcheck.diff/1 document instead of Markdown")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser("init", help="scaffold a new claimcheck project in DIR")
    p.add_argument("dir", type=Path, help="the new project's folder (created; must be empty if it exists)")
    p.add_argument("--name", default=None, help="the Lean library name (default: from the folder name)")
    p.add_argument("--no-build", action="store_true",
                   help="only write the files (the example's fingerprints stay unrecorded)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    p.set_defaults(func=cmd_init)

    p = sub.add_parser("check", help="the CI gate: every claim in manifests/ holds as labelled")
    _add_common(p)
    _add_sources(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
    p.add_argument("--format", choices=("text", "json", "github", "junit"), default="text",
                   help="output: text (default), json (the report data), github (workflow commands that "
                   "annotate manifest lines), junit (JUnit XML, a test case per claim)")
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument("--report", type=Path, default=None, metavar="DIR",
                   help="also write the report (HTML, report.json, summary.md, badge.json, junit.xml) to DIR")
    p.add_argument("--update-fingerprints", action="store_true",
                   help="record the built statement fingerprints in the manifests (after reviewing the statements)")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("export", help="export theorems and a premise corpus in LeanDojo's benchmark shape")
    _add_common(p)
    p.add_argument("--leandojo", type=Path, default=None, metavar="DIR",
                   help="write theorems.json, corpus.jsonl and metadata.json to DIR")
    p.add_argument("--ndjson", type=Path, default=None, metavar="FILE",
                   help="write the project's declarations with the core ones they need as lean4export NDJSON "
                   "(format 3.1.0), for other kernels to re-check")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("dojo", help="prove a theorem interactively with LeanDojo (claimcheck[dojo], native Lean)",
                       description="Opens a LeanDojo Dojo on DECL, prints its goal, then runs the tactics read "
                       "from standard input, one a line. Needs the extra claimcheck[dojo], a native Lean with "
                       "lake, and a git checkout; without them it says what is missing (exit 3).")
    _add_common(p)
    p.add_argument("decl", help="the theorem's full name")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel Lean jobs")
    p.set_defaults(func=cmd_dojo)

    for name, func, text in (
        ("report", cmd_report, "write the HTML report, report.json and summary.md"),
        ("all", cmd_all, "the main job: toolchain, build, status, witnesses, check, report"),
    ):
        p = sub.add_parser(name, help=text)
        _add_common(p)
        _add_sources(p)
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
