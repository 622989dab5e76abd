"""Findings about a project as a whole, beside its claims' verdicts: a module the library roots do not
reach, a build folder tracked by git, a stale ``formalization.yaml``."""

from __future__ import annotations

from collections.abc import Collection

from claimcheck.claims import formalization
from claimcheck.claims.manifest import Manifest
from claimcheck.lean.modules import discover
from claimcheck.model.evidence import GateResult, Problem, ProblemCode, Severity
from claimcheck.project import Project

__all__ = ["project_problems"]


def project_problems(project: Project, built: Collection[str], result: GateResult,
                     manifests: list[Manifest], tracked: list[str]) -> list[Problem]:
    """The project-level problems of ``project`` (``built``: the modules of its build; ``tracked``:
    the build folder's files git tracks, :meth:`Project.tracked_build_files`) judged as ``result``."""
    problems: list[Problem] = []
    if project.lib_roots is not None:
        for name, mod in sorted(discover(project.src_dir, exclude=(project.build_dir,)).items()):
            if name not in built:
                problems.append(Problem(
                    ProblemCode.MODULE_UNREACHABLE, Severity.WARNING,
                    f"module {name} is not imported from the library roots ({', '.join(project.lib_roots)}),"
                    " so it is not built and its declarations are not checked; import it from a root or remove it",
                    file=project.relative(mod.path), line=1))
    if tracked:
        problems.append(Problem(
            ProblemCode.BUILD_FOLDER_TRACKED, Severity.WARNING,
            f"{len(tracked)} files under {project.relative(project.build_dir)}/ are tracked by git"
            f" (e.g. {tracked[0]}); claimcheck never takes a committed output as current, but a committed"
            " build folder should be removed (`git rm -r --cached build`) and ignored"))
    path = project.root / formalization.FILE_NAME
    if path.exists():
        problems += formalization.problems(path, result, manifests, project)
    return problems
