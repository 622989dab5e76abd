"""Shared pytest fixtures: the repository, a real Lean toolchain, fixture projects.

Also makes the in-tree package importable when it is not installed (``pip install -e .``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
if str(REPO / "python") not in sys.path:
    sys.path.insert(0, str(REPO / "python"))

from claimcheck.progress import Progress  # noqa: E402
from claimcheck.project import Project  # noqa: E402
from claimcheck.lean.toolchain import Toolchain, resolve_toolchain  # noqa: E402


@pytest.fixture(scope="session")
def toolchain() -> Toolchain:
    """The real toolchain (installed on first use, as `claimcheck toolchain` would)."""
    return resolve_toolchain(REPO, install=True, progress=Progress())


@pytest.fixture(scope="session")
def repo_project() -> Project:
    return Project.load(REPO)


@pytest.fixture(scope="session")
def repo_build(repo_project: Project, toolchain: Toolchain):
    """The project's own `lean/` built in place (incremental: cheap when already built)."""
    from claimcheck.lean.build import build

    return build(repo_project, toolchain, progress=Progress())


def copy_case(case: Path, tmp_path: Path) -> Project:
    """A fixture folder copied to a temporary project root (its Lean files are the sources)."""
    root = tmp_path / case.name
    shutil.copytree(case, root)
    return Project.load(root)
