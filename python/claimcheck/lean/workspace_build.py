"""Building a Lake workspace, or reading what was built: :func:`build_workspace`.

- With a native toolchain that has ``lake``: ``lake build`` builds (the root package's libraries and
  executables' root modules), and its outputs are then read where lake put them, each module judged
  by content (its source and outputs against what lake's trace records: :mod:`claimcheck.lake.trace`).
- With the registry (wasm) toolchain: claimcheck builds each package in dependency order into lake's
  layout (``.lake/packages/<name>/.lake/build/lib/lean``, ``.lake/build/lib/lean``), incrementally
  (:class:`~claimcheck.lean.build.Builder`), each module with its own library's options, and only
  the modules of a dependency that the root package needs. A path package outside the workspace folder
  (``require x from "../x"``) is built where lake builds it, in its own ``.lake/build``.
- Without building (``--no-build``): every package's outputs are read as they are, each module
  current only when claimcheck's record or lake's trace says so *and* the files agree.

The report is the root package's, with each required package's beside it
(:attr:`~claimcheck.lean.build.BuildReport.packages`) and the missing packages' messages.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from pathlib import Path

from claimcheck.lake.native import lake_command
from claimcheck.lean.build import CURRENT, BuildReport, Builder, ExternalModule, Message
from claimcheck.lean.lock import FileLock
from claimcheck.lean.plan import plan_workspace
from claimcheck.lean.toolchain import Toolchain
from claimcheck.model.build_state import ModuleState
from claimcheck.progress import Progress
from claimcheck.project import Project

__all__ = ["build_workspace", "lake_targets"]

LAKE_BUILD_TIMEOUT = 24 * 3600
_LAKE_MESSAGE = re.compile(r"^(error|warning|info):\s*(?:\./)*(.+?\.lean):(\d+):(\d+):\s*(.*)$")


def lake_targets(project: Project) -> list[str]:
    """What ``lake build`` is asked for: the root package's libraries, and its executables' root
    modules (``+Main``: the module, not a linked program)."""
    assert project.workspace is not None
    cfg = project.workspace.root.config
    return [lib.name for lib in cfg.libs] + [f"+{exe.root}" for exe in cfg.exes]


def build_workspace(project: Project, toolchain: Toolchain, jobs: int | None = None,
                    progress: Progress | None = None, build: bool = True) -> BuildReport:
    """Build (or, ``build=False``, read) the workspace ``project`` is (see the module docstring)."""
    progress = progress or Progress()
    ws = project.workspace
    assert ws is not None
    start = time.monotonic()
    plan = plan_workspace(ws, lambda m: toolchain.lib_dir.joinpath(*m.split(".")).with_suffix(".olean").exists())
    lake_messages: list[Message] = []
    builder_kind = "claimcheck"
    if build and toolchain.kind == "native" and toolchain.lake is not None:
        lake_messages = _lake_build(project, toolchain, progress)
        build = False  # lake built: every output is now read and judged by content
        builder_kind = "lake"
    external: dict[str, ExternalModule] = {}
    reports: dict[str, BuildReport] = {}
    dirs: dict[str, Path] = {}
    for pkg in ws.dependencies:
        mods = plan.by_package.get(pkg.name, {})
        dirs[pkg.name] = pkg.olean_dir
        if not mods:
            continue
        sub = project.for_package(pkg)
        builder = Builder(sub, toolchain, jobs, progress, plan=mods, external=external, blocked=plan.blocked)
        if build:
            progress.line(f"package {pkg.name}: {len(mods)} module{'s' if len(mods) != 1 else ''} needed")
            with FileLock(pkg.build_dir / ".claimcheck.lock", progress,
                          f"another build of package {pkg.name} is running; waiting for it to finish"):
                report = builder.run()
        else:
            report = builder.current()
        modules, _order = builder.modules()
        deep = builder.deep_digests(report, modules)
        for name, result in report.modules.items():
            why = "" if result.status in CURRENT else (
                result.reason if result.status == "blocked" and result.reason else result.first_error())
            external[name] = ExternalModule(pkg.name, result.status, deep.get(name),
                                            why.removeprefix(f"{result.status}: "), result.cause)
        reports[pkg.name] = report
    root_mods = plan.by_package.get(ws.root.name, {})
    builder = Builder(project, toolchain, jobs, progress, plan=root_mods, external=external, blocked=plan.blocked)
    if build:
        with FileLock(project.build_dir / ".claimcheck.lock", progress,
                      f"another build of {project.root} is running; waiting for it to finish"):
            report = builder.run()
    else:
        report = builder.current()
    _attach(report, reports, lake_messages, project)
    report.packages = reports
    report.missing = tuple(m.relative_to(project.root).message() for m in ws.missing)
    report.package_dirs = dirs
    report.builder = builder_kind
    report.seconds = time.monotonic() - start
    return report


def _lake_build(project: Project, toolchain: Toolchain, progress: Progress) -> list[Message]:
    """Run ``lake build`` on the root package's targets; lake's messages, as claimcheck's."""
    assert toolchain.lake is not None and project.workspace is not None
    args = ["build", *lake_targets(project)]
    cmd = [str(toolchain.lake), *args]
    # the project's lakefile and Lean code run here: confined like the wasm build's `lean`
    folders = [project.root, *(p.dir for p in project.workspace.dependencies)]
    with progress.ticking(f"lake build ({' '.join(args[1:])})"), \
            tempfile.TemporaryDirectory(prefix="claimcheck-lake-") as scratch:
        try:
            proc = subprocess.run(lake_command(toolchain.lake, args, folders, Path(scratch), [toolchain.home]),
                                  cwd=project.root, capture_output=True, text=True, timeout=LAKE_BUILD_TIMEOUT,
                                  env=dict(os.environ, TMPDIR=scratch))
        except (OSError, subprocess.SubprocessError) as exc:
            return [Message("error", "", None, None, f"`{' '.join(cmd)}` did not run: {exc}", "lake")]
    out: list[Message] = []
    for line in (proc.stdout + "\n" + proc.stderr).splitlines():
        m = _LAKE_MESSAGE.match(line.strip())
        if m:
            out.append(Message(m.group(1) if m.group(1) != "info" else "information", m.group(2), int(m.group(3)),
                               int(m.group(4)), m.group(5), "lake"))
    if proc.returncode != 0 and not any(m.severity == "error" for m in out):
        tail = "\n".join((proc.stdout + "\n" + proc.stderr).strip().splitlines()[-15:])
        out.append(Message("error", "", None, None, f"`{' '.join(cmd)}` failed (exit {proc.returncode}):\n{tail}",
                           "lake"))
    return out


def _attach(report: BuildReport, packages: dict[str, BuildReport], messages: list[Message], project: Project) -> None:
    """Lake's messages on the modules whose sources they name (the rest on the first module that is
    not current, so that no error is lost)."""
    if not messages:
        return
    everything = dict(report.modules)
    for dep in packages.values():
        everything.update(dep.modules)
    by_path = {str(r.source.resolve()): r for r in everything.values()}
    leftover = []
    for msg in messages:
        target = None
        if msg.file:
            for base in [project.root, *(p.dir for p in project.workspace.packages)] if project.workspace else [project.root]:
                target = by_path.get(str((base / msg.file).resolve()))
                if target is not None:
                    break
        if target is not None:
            if msg.severity == "error" and target.status in ("not-built", "stale"):
                target.status = ModuleState.FAILED  # lake tried to build it, and this is why it has no outputs
                target.messages = [m for m in target.messages if m.kind not in ("not-built", "stale")]
            target.messages.append(msg)
        else:
            leftover.append(msg)
    if leftover:
        bad = next((r for r in report.modules.values() if r.status not in CURRENT), None)
        if bad is not None:
            bad.messages.extend(leftover)
