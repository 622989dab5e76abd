"""The ``claimcheck`` command line: parse arguments, run the pipeline session, render; errors become
exit codes here and only here.

Exit codes: :class:`claimcheck.errors.ExitCode` (0 success; 1 the work ran and found a failure; 2 bad
input or configuration; 3 no usable toolchain; 130 interrupted). Every command returns one; every
error is a :class:`~claimcheck.errors.ClaimcheckError` carrying its own, turned into it in
:func:`main` alone.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from claimcheck.errors import ClaimcheckError, ExitCode, ManifestError, ToolchainError
from claimcheck.escape import visible
from claimcheck.model.names import Name, NameSyntaxError
from claimcheck.progress import Progress
from claimcheck.report.registry import Document, formats, render, render_document
from claimcheck.project import Project
from claimcheck.pipeline.session import Options, Session



def _emit(text: str) -> None:
    """Write ``text`` to stdout, every control character made visible (:func:`claimcheck.escape.visible`:
    in JSON, the character's own escape); a reader that went away (``| head``) ends the output quietly."""
    try:
        sys.stdout.write(visible(text))
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _project(args: argparse.Namespace) -> Project:
    return Project.load(args.root).with_sources(getattr(args, "sources", None))


def _session(args: argparse.Namespace, **options) -> Session:
    progress = Progress(quiet=args.quiet)
    return Session(_project(args), progress, Options(
        jobs=getattr(args, "jobs", None), no_cache=getattr(args, "no_cache", False),
        unsandboxed_companion=getattr(args, "unsandboxed_companion", False),
        kernel_alongside=not getattr(args, "kernel_after_build", False), **options))


def _decls(texts: list[str] | None) -> tuple[Name, ...] | None:
    if not texts:
        return None
    try:
        return tuple(Name.parse(t) for t in texts)
    except NameSyntaxError as exc:
        raise ClaimcheckError(f"--decl: {exc}") from exc


def cmd_toolchain(args: argparse.Namespace) -> ExitCode:
    from claimcheck.lean import toolchain as tc

    project = _project(args)
    progress = Progress(quiet=args.quiet)
    if args.info:
        wanted = tc.read_toolchain_file(project.root)
        _emit(f"lean-toolchain: {wanted or '(none)'}\n")
        try:
            found = tc.resolve_toolchain(project.root, install=False, progress=progress)
        except ToolchainError as exc:
            _emit(f"toolchain: not available ({exc})\nwasm install folder: {tc.install_dir()}\n")
            return ExitCode.NO_TOOLCHAIN
        _emit(found.describe() + "\n")
        return ExitCode.SUCCESS
    found = tc.resolve_toolchain(project.root, install=True, progress=progress)
    _emit(found.describe() + "\n")
    return ExitCode.SUCCESS


def cmd_build(args: argparse.Namespace) -> ExitCode:
    session = _session(args)
    report = session.build
    _emit(render_document(Document.BUILD, _output_format(args, Document.BUILD), report, session.project.root))
    return ExitCode.of(report.ok)


def cmd_status(args: argparse.Namespace) -> ExitCode:
    """Proof status of every declaration, read from the build's .olean files.

    Exit code 1 when a declaration asked for with ``--decl`` is missing, or a module has no current
    outputs (failed, blocked, not built or stale: its record says why, a failed one with the Lean
    error) or a required package is missing; other statuses (sorry, native, unsafe, axiom) are
    reported in the output with exit code 0.
    """
    from claimcheck.pipeline.stages import project_settings

    decls = _decls(args.decl)
    session = _session(args, build=not args.no_build, kernel=not args.no_kernel, install=not args.no_build,
                       include_all=args.all, decls=decls)
    statements = bool(args.decl)
    fmt = _output_format(args, Document.STATUS)
    # why each module failed, from this build (the Lean error): in every output, and in the key of a
    # reused text (the same failed module may fail with another error)
    why = {m: r.first_error() for m, r in session.build.modules.items() if r.status in ("failed", "blocked")}

    def render(records) -> str:  # the renderers are imported only when the text is not reused
        deps = project_settings(session.project).dependencies_line()
        notes = ([f"warning: {p.file}:{p.line}: {p.message}" for p in session.native_fidelity]
                 + session.build.dependency_problems() + [f"missing: {m}" for m in session.build.missing])
        return render_document(Document.STATUS, fmt, _failed_with_errors(records, why), session.project.root,
                               statements=statements, dependencies=deps, notes=notes)

    text, missing = session.rendered_facts(f"{fmt}:{statements}" + "".join(f"\0{m}\0{e}" for m, e in sorted(why.items())),
                                           render)
    _emit(text)
    if not session.build.ok and not args.quiet:
        print(session.build.summary(errors=False), file=sys.stderr)
    return ExitCode.of(not missing and not why and session.build.ok)


def _failed_with_errors(records, why: dict[str, str]):
    """The records of modules that did not build, each with the Lean error that stopped it."""
    from dataclasses import replace

    from claimcheck.model.facts import DeclKind

    return [replace(r, note=f"module {r.module} did not build: {why[r.module]}")
            if r.kind is DeclKind.MODULE and r.module in why else r for r in records]


def cmd_validate(args: argparse.Namespace) -> ExitCode:
    """Check the manifests alone (schema, witness ids, citations when a sources folder is named):
    no toolchain, no build; seconds."""
    session = _session(args)
    try:
        manifests = session.manifests(companion=not args.no_companion)
        notes = session.check_names_against_last_build(manifests)
    except ManifestError as exc:
        _manifest_annotations(args, exc)
        raise
    if args.no_companion:
        notes.append("witness ids not checked (--no-companion: no companion code runs)")
    elif str(session.companion_sandbox()) == "not-run":
        notes.append("witness ids not checked: companion code does not run without an OS sandbox (Landlock or"
                     " bubblewrap); --unsandboxed-companion runs it without one")
    elif str(session.companion_sandbox()) == "unsandboxed":
        notes.append("companion code ran unsandboxed (--unsandboxed-companion): it could read, write and reach"
                     " whatever you can")
    n_claims = sum(len(m.claims) for m in manifests)
    project = session.project
    where = f"checked against {project.sources_dir}" if project.sources_dir else "not checked (no sources folder named)"
    _emit(f"{len(manifests)} manifests, {n_claims} claims: valid; citations {where}\n"
          + "".join(f"note: {n}\n" for n in notes))
    return ExitCode.SUCCESS


def _output_format(args: argparse.Namespace, document: Document = Document.GATE) -> str:
    """The format asked for (``--json`` is ``--format json``), else the document's default."""
    if getattr(args, "json", False):
        return "json"
    return getattr(args, "format", None) or formats(document)[0].name


def _manifest_annotations(args: argparse.Namespace, exc: ManifestError) -> None:
    """For ``--format github``: a bad manifest is also an ``::error`` on its file and line."""
    if _output_format(args) == "github":
        from claimcheck.report.github import github_manifest_errors

        _emit("".join(line + "\n" for line in github_manifest_errors(exc.issues)))


def _report_target(args: argparse.Namespace, project: Project) -> Path | None:
    out = getattr(args, "report", None) or getattr(args, "out", None)
    if out is not None:
        return Path(out)
    if args.command in ("report", "all"):
        return project.root / "report"
    return None


def _gate_session(args: argparse.Namespace) -> Session:
    no_build = getattr(args, "no_build", False)
    return _session(args, build=not no_build, install=not no_build)


def _gate(args: argparse.Namespace):
    """The session and its gate result; when the run fails before a report is written, an earlier
    report in the target folder is marked out of date (its verdicts are never left as current)."""
    session = _gate_session(args)
    target = _report_target(args, session.project)
    try:
        # a typo in a manifest costs a second, not a build; the witness ids are checked by the gate,
        # once every Lean fact is read (companion code never runs before them)
        manifests = session.manifests(companion=False)
        result = session.gate(manifests)
    except BaseException as exc:
        if target is not None:
            from claimcheck.report.render import mark_stale

            mark_stale(target, f"the last run stopped before writing a new one ({type(exc).__name__}: {exc})")
        raise
    return session, manifests, result


def _write_report(session: Session, result, target: Path) -> Path:
    from claimcheck.report.render import write_report

    path = write_report(result, target, source_root=session.project.root)
    _error(f"report: {path / 'index.html'}")
    return path


def cmd_check(args: argparse.Namespace) -> ExitCode:
    """The CI gate: exit 0 only when every claim holds as labelled."""
    try:
        return _check(args)
    except ManifestError as exc:
        _manifest_annotations(args, exc)
        raise
    except ClaimcheckError as exc:  # no toolchain, bad configuration: say so in the log too
        if _output_format(args) == "github":
            from claimcheck.report.github import command

            _emit(command("error", f"claimcheck could not run the gate: {exc}", title="claimcheck") + "\n")
        raise


#: The gate's formats that do not show when the result was made: a ``check`` rendering one of them
#: (no report written, no fingerprint updated) is reused whole on unchanged inputs.
REUSED_FORMATS = ("text", "github")


def _check(args: argparse.Namespace) -> ExitCode:
    fmt = _output_format(args)
    if fmt in REUSED_FORMATS and not args.update_fingerprints and args.report is None:
        session = _gate_session(args)
        text, ok = session.rendered_gate(fmt, lambda result: render(fmt, result, session.project.root))
        _emit(text)
        return ExitCode.of(ok)
    session, manifests, result = _gate(args)
    if args.update_fingerprints:
        from claimcheck.claims.fingerprints import update_fingerprints

        changed = update_fingerprints(manifests, result)
        for path in changed:
            _error(f"updated fingerprints in {path}")
        if changed:  # judge the updated manifests on the same evidence: the gate runs once
            manifests = session.manifests(companion=False)
            result = session.gate(manifests)
    target = _report_target(args, session.project)
    if target is not None:
        _write_report(session, result, target)
    _emit(render(_output_format(args), result, session.project.root))
    return ExitCode.of(result.ok)


def cmd_report(args: argparse.Namespace) -> ExitCode:
    """Write the HTML report, report.json and summary.md (exit 0 when written)."""
    session, _manifests, result = _gate(args)
    _write_report(session, result, _report_target(args, session.project) or session.project.root / "report")
    return ExitCode.SUCCESS


def cmd_all(args: argparse.Namespace) -> ExitCode:
    """The main job: toolchain, build, status, witnesses, check, report."""
    from claimcheck.report.markdown import render_summary
    from claimcheck.report.text import render_gate

    session, _manifests, result = _gate(args)
    _write_report(session, result, _report_target(args, session.project) or session.project.root / "report")
    _emit(render_summary(result) + "\n" + render_gate(result))
    return ExitCode.of(result.ok)


def cmd_formalization_yaml(args: argparse.Namespace) -> ExitCode:
    """Write or update the root formalization.yaml from a gate run, keeping hand-written fields."""
    from claimcheck.claims import formalization

    session, manifests, result = _gate(args)
    path = session.project.root / formalization.FILE_NAME
    generated = formalization.generate(result, manifests, session.project)
    if args.check:
        if not path.exists():
            _emit(f"stale: {path.name}: (no file)\n")
            return ExitCode.FAILURE
        problems = formalization.problems(path, result, manifests, session.project)
        _emit("".join(f"{p.severity}: {p.file}:{p.line}: {p.message}\n" for p in problems))
        return ExitCode.of(not any(p.is_error for p in problems))
    done = formalization.write(path, generated, session.project.root)
    lines = [f"{'wrote' if done.changed else 'unchanged'}: {path}"]
    lines += [f"  filled in `{'.'.join(k.keys)}`: {k.value} (from {k.origin})" for k in done.filled]
    if done.license_note:
        lines.append(f"  `project.license` not filled in: {done.license_note}")
    if done.remaining:
        # a file with blank required fields fails `claimcheck check`: say so now, not at the next check
        lines.append(f"still to fill in by hand ({len(done.remaining)}; `claimcheck check` fails until they are):")
        lines += [f"  {path.name}:{line}: {message}" for line, message in done.remaining]
    _emit("".join(line + "\n" for line in lines))
    return ExitCode.of(not done.remaining)


def cmd_export(args: argparse.Namespace) -> ExitCode:
    """Export the project's theorems and premise corpus in LeanDojo's benchmark shape (``--leandojo``)
    and/or its declarations as lean4export NDJSON (``--ndjson``)."""
    from claimcheck.export.leandojo import ExportError

    if args.leandojo is None and args.ndjson is None:
        raise ExportError("export: give --leandojo DIR and/or --ndjson FILE")
    session = _session(args, kernel=False)
    report = session.build
    env = session.environment
    built = session.built_modules
    if args.ndjson is not None:
        from claimcheck.recheck.front_end import DecodeError
        from claimcheck.recheck.run import export_ndjson

        names = sorted({n for m in built for n in env.load(m).constant_names()})
        try:
            units = export_ndjson(env, names, args.ndjson)
        except DecodeError as exc:
            raise ExportError(f"cannot export to {args.ndjson}: {exc}") from exc
        _emit(f"{units} declarations (the project's and the core ones they need) in lean4export NDJSON: {args.ndjson}\n")
        if args.leandojo is None:
            return ExitCode.of(report.ok)
    from claimcheck.export.leandojo import export_leandojo

    summary = export_leandojo(session, args.leandojo)
    _emit(f"{summary.theorems} theorems, {summary.premises} premises in {summary.files} files: {summary.folder}\n"
          "traced_tactics are empty: tactic states need a native Lean (see the README)\n")
    return ExitCode.of(report.ok)


def cmd_dojo(args: argparse.Namespace) -> ExitCode:
    """Hand a theorem to LeanDojo (optional extra; needs a native Lean and lake)."""
    from claimcheck.export.dojo import check_available, interact
    from claimcheck.export.leandojo import path_base, rebase

    project = _project(args)
    check_available(project.root)  # one line saying what is needed, before any build
    decl = _decls([args.decl])[0]  # type: ignore[index]
    session = _session(args, kernel=False, decls=(decl,))
    where = next((f.location for f in session.facts if f.name == decl and f.location is not None), None)
    if where is None:
        _error(f"claimcheck: dojo: {decl} is not a declaration of the built project")
        return ExitCode.FAILURE
    file = rebase(where.file, project.root, path_base(project.root))
    return ExitCode.of(interact(project.root, file, str(decl), sys.stdin, sys.stdout))


def cmd_init(args: argparse.Namespace) -> ExitCode:
    """Scaffold a new project: claimcheck.toml, lean-toolchain, lakefile.lean, a module, a manifest;
    or (``--here``) add the manifests folder to an existing project."""
    from claimcheck.claims.fingerprints import update_fingerprints
    from claimcheck.scaffold import scaffold

    if args.here:
        return _init_here(args)
    if args.dir is None:
        raise ClaimcheckError("init: name the new project's folder (`claimcheck init DIR`), or add claimcheck to the "
                              "project in this folder with `claimcheck init --here`")

    for path in scaffold(args.dir, args.name):
        _emit(f"wrote {path}\n")
    if not args.no_build:
        # The example's statements are the ones this command wrote: build them once and record
        # their fingerprints, so that the first `claimcheck all` passes. Your own claims get
        # theirs only after you review them (`claimcheck check --update-fingerprints`).
        session = Session(Project.load(args.dir), Progress(quiet=args.quiet), Options())
        manifests = session.manifests(companion=False)
        update_fingerprints(manifests, session.gate(manifests))
        print("built the example and recorded its statement fingerprints")
    _emit(f"next: cd {args.dir} && claimcheck all\n")
    return ExitCode.SUCCESS


def _init_here(args: argparse.Namespace) -> ExitCode:
    """Add claimcheck to the project at ``--root`` (a Lake workspace as it is, or a folder with
    claimcheck.toml): the manifests folder with one example claim on one of the project's own
    theorems, its fingerprint recorded; nothing that repeats what the lakefile says."""
    from claimcheck.claims.fingerprints import update_fingerprints
    from claimcheck.model.facts import DeclKind, Status
    from claimcheck.scaffold import add_manifests, slug_of

    if args.dir is not None:
        raise ClaimcheckError("init --here works on the project at --root (default: this folder); name no folder")
    project = Project.load(args.root)
    if not project.is_lake and not (project.root / "claimcheck.toml").is_file():
        raise ClaimcheckError(f"{project.root}: no lakefile.lean or lakefile.toml (and no claimcheck.toml): not a "
                              "project to add claimcheck to; `claimcheck init DIR` makes a new one")
    progress = Progress(quiet=args.quiet)
    session = Session(project, progress, Options(build=not args.no_build, install=not args.no_build))
    own = [f for f in session.facts if f.kind is DeclKind.THEOREM and f.module in session.build.modules
           and f.is_theorem]
    own.sort(key=lambda f: (f.status is not Status.PROVED, f.private, f.module, str(f.name)))
    chosen = own[0] if own else None
    name = project.workspace.root.name if project.workspace is not None else project.root.name
    decl = str(chosen.name.user_facing) if chosen is not None else None
    written = add_manifests(project.root, slug_of(name), decl, chosen.module if chosen else None,
                            project.manifests_dir)
    for path in written:
        print(f"wrote {project.relative(path)}")
    if chosen is not None:
        manifests = session.manifests(companion=False)
        update_fingerprints(manifests, session.gate(manifests))
        print(f"example claim on {decl} ({chosen.status}); its statement fingerprint recorded")
    else:
        print("no theorem found in the project's own modules: the example claim is not formalised yet")
    if not session.build.ok:
        print(session.build.summary(errors=False), file=sys.stderr)
    print("next: edit the claim, then `claimcheck check`")
    return ExitCode.SUCCESS


def cmd_diff(args: argparse.Namespace) -> ExitCode:
    """Claims and statements changed against ``--base`` (committed manifests and fingerprints; no
    build). Exit 1 when a statement changed without a review recorded with its fingerprint."""
    from claimcheck.claims.diff import base_manifests, diff_manifests
    from claimcheck.claims.manifest import load_manifests
    project = _project(args)
    result = diff_manifests(base_manifests(project.root, project.manifests_dir, args.base),
                            load_manifests(project.manifests_dir, project.root), args.base)
    _emit(render_document(Document.DIFF, _output_format(args, Document.DIFF), result, project.root))
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as out:
            out.write(render_document(Document.DIFF, "markdown", result, project.root))
    return ExitCode.of(result.ok)


def cmd_kernel(args: argparse.Namespace) -> int:
    """Check lean4export NDJSON files with claimcheck's own kernel (the arena's exit codes: 0 accepted,
    1 rejected, 2 declined)."""
    from claimcheck.kernel.cli import main as kernel_main

    fuel = [] if args.fuel is None else ["--fuel", str(args.fuel)]
    return kernel_main([*args.files, *(["-q"] if args.quiet else []), *fuel])


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--root", type=Path, default=Path("."), help="project root (default: current folder)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--no-cache", action="store_true",
                        help="read no cached kernel verdicts (nor does a run under CI=true)")
    parser.add_argument("--unsandboxed-companion", action="store_true",
                        help="run the project's companion code (witnesses, instance semantics) even where no OS"
                        " sandbox (Landlock, bubblewrap) is available; without a sandbox it does not run otherwise,"
                        " and every output says which (also CLAIMCHECK_UNSANDBOXED_COMPANION=1)")


def _add_sources(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sources", type=Path, default=None, metavar="DIR",
                        help="check manifest citations against the source texts in DIR "
                        "(default: [manifests] sources in claimcheck.toml, or $CLAIMCHECK_SOURCES)")


def _add_no_build(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-build", action="store_true",
                        help="build nothing: read the outputs where they are (lake's .lake/build in a workspace); a "
                        "module counts only when claimcheck's record or lake's trace says it was built from its present "
                        "source and the files agree; one not built or stale is an error with its reason (exit 1)")


def _add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-j", "--jobs", type=int, default=None,
                        help="parallel Lean jobs (default: bounded by cores and memory)")
    parser.add_argument("--kernel-after-build", action="store_true",
                        help="re-check with the independent kernel only after the whole build (default: each "
                        "module as soon as it and its imports are built; the verdicts are the same)")


def _add_format(parser: argparse.ArgumentParser, document: Document) -> None:
    """``--format`` (the document's formats, each meaning what it means for every command) and
    ``--json`` (``--format json``)."""
    choices = formats(document)
    parser.add_argument("--format", choices=[f.name for f in choices], default=choices[0].name,
                        help=f"output (default {choices[0].name}): " + "; ".join(f"{f.name} ({f.description})"
                                                                               for f in choices))
    parser.add_argument("--json", action="store_true", help="same as --format json")


def make_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; given the ``command`` that runs, only its options are made (the
    others are listed by name and help: building every option is a tenth of a no-op ``status``,
    issue 41)."""
    parser = argparse.ArgumentParser(
        prog="claimcheck",
        description="Machine-checked companions to ML theory papers: build Lean cores, read proof status, check claims.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, **kwargs: Any) -> argparse.ArgumentParser | None:
        made = sub.add_parser(name, **kwargs)
        return made if command in (None, name) else None

    p = add("toolchain", help="find or install the Lean toolchain")
    if p is not None:
        _add_common(p)
        p.add_argument("--info", action="store_true", help="print which toolchain is used, its version and paths")
        p.set_defaults(func=cmd_toolchain)

    p = add("build", help="build the project's Lean modules incrementally")
    if p is not None:
        _add_common(p)
        _add_jobs(p)
        _add_format(p, Document.BUILD)
        p.set_defaults(func=cmd_build)

    p = add(
        "status",
        help="proof status of every declaration (proved, trusted, sorry, native, unsafe, axiom, missing, failed)",
        description="Build incrementally, then read each declaration's axioms from the .olean files. "
        "Exit code 1 if a module did not build (its record gives the Lean error) or a --decl is missing; "
        "other statuses are reported with exit code 0.",
    )
    if p is not None:
        _add_common(p)
        _add_format(p, Document.STATUS)
        p.add_argument("--decl", action="append", metavar="NAME",
                       help="only this declaration, as Lean writes its name (`Term.«let»`; repeatable)")
        p.add_argument("--all", action="store_true", help="also list compiler-generated auxiliary declarations")
        _add_no_build(p)
        p.add_argument("--no-kernel", action="store_true", help="do not re-check the declarations with the independent kernel")
        _add_jobs(p)
        p.set_defaults(func=cmd_status)

    p = add("validate", help="check the manifests only (no build): schema, witness ids, citations")
    if p is not None:
        _add_common(p)
        _add_sources(p)
        p.add_argument("--format", choices=("text", "github"), default="text",
                       help="github: also print each manifest problem as an ::error workflow command")
        p.add_argument("--no-companion", action="store_true",
                       help="run no companion code: the witness ids are not checked (the pre-commit hook's light mode)")
        p.set_defaults(func=cmd_validate)

    p = add("kernel", help="check lean4export NDJSON files with the independent kernel "
            "(exit 0 accepted, 1 rejected, 2 declined)")
    if p is not None:
        p.add_argument("files", nargs="+", type=str, metavar="FILE.ndjson")
        p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
        p.add_argument("--fuel", type=int, default=None,
                       help="kernel steps one declaration may take, then it is declined as out of fuel (0: no limit)")
        p.set_defaults(func=cmd_kernel)

    p = add("formalization-yaml", help="write or update the root formalization.yaml (generated parts "
            "from a gate run; hand-written fields and comments kept)")
    if p is not None:
        _add_common(p)
        _add_sources(p)
        _add_jobs(p)
        p.add_argument("--check", action="store_true", help="write nothing; exit 1 when the file is absent or stale")
        p.set_defaults(func=cmd_formalization_yaml)

    p = add("diff", help="claims and statements changed against a base revision (no build); "
            "exit 1 on a statement change without a review")
    if p is not None:
        _add_common(p)
        p.add_argument("--base", required=True, metavar="REF", help="the git revision to compare with (e.g. origin/main)")
        _add_format(p, Document.DIFF)
        p.set_defaults(func=cmd_diff)

    p = add("init", help="scaffold a new claimcheck project in DIR, or add claimcheck to an existing "
            "project (--here)")
    if p is not None:
        p.add_argument("dir", type=Path, nargs="?", default=None,
                       help="the new project's folder (created; must be empty if it exists)")
        p.add_argument("--here", action="store_true",
                       help="add claimcheck to the project at --root (a Lake workspace as it is): the manifests folder "
                       "with one example claim on one of its own theorems; nothing that repeats the lakefile")
        p.add_argument("--root", type=Path, default=Path("."), help="with --here: the project (default: this folder)")
        p.add_argument("--name", default=None, help="the Lean library name (default: from the folder name)")
        p.add_argument("--no-build", action="store_true",
                       help="only write the files (the example's fingerprints stay unrecorded)")
        p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
        p.set_defaults(func=cmd_init)

    p = add("check", help="the CI gate: every claim in manifests/ holds as labelled")
    if p is not None:
        _add_common(p)
        _add_sources(p)
        _add_jobs(p)
        _add_format(p, Document.GATE)
        p.add_argument("--report", type=Path, default=None, metavar="DIR",
                       help="also write the report (HTML, report.json, summary.md, badge.json, junit.xml) to DIR")
        p.add_argument("--update-fingerprints", action="store_true",
                       help="record the built statement fingerprints (and statements) in the manifests, after reviewing them")
        _add_no_build(p)
        p.set_defaults(func=cmd_check)

    p = add("export", help="export theorems and a premise corpus in LeanDojo's benchmark shape")
    if p is not None:
        _add_common(p)
        p.add_argument("--leandojo", type=Path, default=None, metavar="DIR",
                       help="write theorems.json, corpus.jsonl and metadata.json to DIR")
        p.add_argument("--ndjson", type=Path, default=None, metavar="FILE",
                       help="write the project's declarations with the core ones they need as lean4export NDJSON "
                       "(format 3.1.0), for other kernels to re-check")
        _add_jobs(p)
        p.set_defaults(func=cmd_export)

    p = add("dojo", help="prove a theorem interactively with LeanDojo (claimcheck[dojo], native Lean)",
            description="Opens a LeanDojo Dojo on DECL, prints its goal, then runs the tactics read "
            "from standard input, one a line. Needs the extra claimcheck[dojo], a native Lean with "
            "lake, and a git checkout; without them it says what is missing (exit 3).")
    if p is not None:
        _add_common(p)
        p.add_argument("decl", help="the theorem's full name")
        _add_jobs(p)
        p.set_defaults(func=cmd_dojo)

    for name, func, text in (
        ("report", cmd_report, "write the HTML report, report.json and summary.md"),
        ("all", cmd_all, "the main job: toolchain, build, status, witnesses, check, report"),
    ):
        p = add(name, help=text)
        if p is None:
            continue
        _add_common(p)
        _add_sources(p)
        _add_jobs(p)
        p.add_argument("--out", type=Path, default=None, help="report folder (default: <root>/report)")
        if name == "report":
            _add_no_build(p)
        p.set_defaults(func=func)

    return parser


def _error(text: str) -> None:
    """An error message on stderr, every control character made visible."""
    print(visible(text), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = make_parser(argv[0] if argv and not argv[0].startswith("-") else None)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ClaimcheckError as exc:
        _error(exc.report())
        return exc.exit_code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return ExitCode.FAILURE
    except KeyboardInterrupt:
        print("claimcheck: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED


def run() -> None:
    """The command line: :func:`main`, then the process ends without tearing the interpreter down.
    A check holds millions of decoded objects, and freeing them one by one took ~0.3 s after the
    work was done; by then every file claimcheck writes is closed and renamed into place, and no
    thread is left (``os._exit`` skips only the interpreter's clean-up)."""
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away: nothing more to say, as in `main`
        code = code or ExitCode.FAILURE
    os._exit(code)


if __name__ == "__main__":
    run()
