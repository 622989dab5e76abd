"""Shared pytest fixtures: the repository, a real Lean toolchain, fixture projects.

Tests build into temporary folders, never into the repository's ``build/`` or ``report/``: the
project's own Lean is built in a session-wide copy. When the ``CI`` environment variable is set,
a skipped test counts as a failure (a skipped test in CI is a missing test).

Also makes the in-tree package importable when it is not installed (``pip install -e .``).
"""

from __future__ import annotations

import os
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


#: What a copy of the repository needs to build and check its own project.
PROJECT_FILES = ("claimcheck.toml", "lean-toolchain", "lakefile.lean", "lean", "manifests")


def copy_repo_project(target: Path) -> Path:
    """The repository's project files (Lean sources, manifests, settings) copied to ``target``.

    An existing ``build/`` of the repository (e.g. from ``claimcheck all``) is copied along as a
    cache, read-only for the repository: the build in the copy still checks every module's key
    (source, toolchain, imported interfaces) and rebuilds what does not match; a fresh clone
    without ``build/`` builds everything.
    """
    target.mkdir(parents=True, exist_ok=True)
    for name in PROJECT_FILES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, target / name)
        else:
            shutil.copy2(src, target / name)
    if (REPO / "build").is_dir():
        shutil.copytree(REPO / "build", target / "build", ignore=shutil.ignore_patterns("tmp", ".lock"))
    return target


@pytest.fixture(scope="session")
def repo_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session-wide copy of the repository's project, built by ``repo_build``."""
    return copy_repo_project(tmp_path_factory.mktemp("repo") / "project")


@pytest.fixture(scope="session")
def repo_project(repo_root: Path) -> Project:
    return Project.load(repo_root)


@pytest.fixture(scope="session")
def repo_build(repo_project: Project, toolchain: Toolchain):
    """The project's own `lean/`, built once per session in the copy."""
    from claimcheck.lean.build import build

    return build(repo_project, toolchain, jobs=1, progress=Progress())  # one Lean process at a time


@pytest.fixture(scope="session")
def repo_gate(repo_build, repo_project: Project):
    """The gate on the repository's own project, once per test process: ``(session, manifests,
    result)``. Other manifests can be judged on the same session (``session.gate(manifests)``): the
    Lean facts, kernel verdicts and companion answers are computed once."""
    from claimcheck.pipeline.session import Options, Session

    assert repo_build.ok, repo_build.summary()
    session = Session(repo_project, Progress(quiet=True), Options(jobs=1))
    manifests = session.manifests()
    return session, manifests, session.gate(manifests)


def gate_with_fingerprints(project: Project, jobs: int = 1):
    """A fixture project built and judged with every fingerprint recorded first, as a hurried author
    would (`check --update-fingerprints`, then `check`): ``(session, manifests, result)``."""
    from claimcheck.claims.fingerprints import update_fingerprints
    from claimcheck.pipeline.session import Options, Session

    session = Session(project, Progress(quiet=True), Options(jobs=jobs))
    manifests = session.manifests()
    update_fingerprints(manifests, session.gate(manifests))
    manifests = session.manifests()
    return session, manifests, session.gate(manifests)


#: What headless Chromium runs with in the report's browser tests (no network, no profile).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The names a Chromium goes by on PATH.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium for the report's browser tests, found on PATH (``$CHROMIUM`` names another);
    none is a failure that says what to install, never a skip."""
    from playwright.sync_api import sync_playwright

    found = os.environ.get("CHROMIUM") or next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)
    assert found, ("headless Chromium is needed for the report's browser tests and none is on PATH "
                   f"({', '.join(CHROMIUM_NAMES)}): install it (Debian: `apt-get install -y chromium`), as the "
                   "README says, or name it with $CHROMIUM")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=found, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def copy_case(case: Path, tmp_path: Path) -> Project:
    """A fixture folder copied to a temporary project root (its Lean files are the sources)."""
    root = tmp_path / case.name
    shutil.copytree(case, root)
    return Project.load(root)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """In CI (``CI`` set), a skipped test is reported as failed: nothing may hide a gap."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped in CI (CI is set, so a skip is a failure): {reason}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that uses the real toolchain (directly or through another fixture) is marked
    ``lean``, so ``-m "not lean"`` selects the fast tests and no Lean test goes unmarked; the tests of
    the repository's whole gate run first."""
    for item in items:
        if "toolchain" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.lean)
    # the files that judge the whole repository (a minute or more each) first: with a worker per
    # core, they start side by side instead of ending the run alone (the order within files is kept)
    items.sort(key=lambda item: "repo_gate" not in getattr(item, "fixturenames", ()))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pytest-xdist): a worker per core, bounded by memory: a worker's test may run two
    wasm Lean jobs at once (~4 GB each), and never more Lean jobs may run than memory allows."""
    from claimcheck.lean.build import WASM_JOB_BYTES, available_memory

    return max(1, min(os.cpu_count() or 1, available_memory() // (2 * WASM_JOB_BYTES)))
