"""The build driver on fixture projects, with the real Lean toolchain.

Each folder under `fixtures/build/` is a project (its `.lean` files are the sources) with an
`expected.yaml` beside it (the one case runner, `tests/cases.py`); adding a case is adding a folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import cases
from claimcheck.lean.build import BuildReport, build
from claimcheck.errors import ModuleGraphError
from claimcheck.progress import Progress
from claimcheck.project import Project

from conftest import FIXTURES, copy_case



@pytest.fixture(autouse=True)
def own_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with an empty user cache: the build records and the outputs kept by content
    are shared by every checkout on the machine, and a fixture another run already built would be
    restored, not built (these tests are about what the build itself does)."""
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "user-cache"))


def statuses(report: BuildReport, status: str) -> set[str]:
    return {name for name, r in report.modules.items() if r.status == status}


def check_step(report: BuildReport, expected: dict) -> None:
    if "ok" in expected:
        assert report.ok is expected["ok"], report.summary()
    assert statuses(report, "built") == set(expected.get("built", [])), report.summary()
    if "up_to_date" in expected:
        assert statuses(report, "up-to-date") == set(expected["up_to_date"])
    if "blocked" in expected:
        assert statuses(report, "blocked") == set(expected["blocked"])
    for name, location in expected.get("failed", {}).items():
        result = report.modules[name]
        assert result.status == "failed"
        assert location in result.first_error(), result.first_error()
    order = list(report.modules)
    for before, after in expected.get("order_before", []):
        assert order.index(before) < order.index(after)


@pytest.mark.parametrize("case", cases.params("build"))
def test_build_case(case: cases.Case, tmp_path: Path, toolchain) -> None:
    expected = case.expected
    project = Project.load(case.copy(tmp_path / case.name))
    quiet = Progress(quiet=True)
    if "problems" in expected:  # the module graph is refused: the error, and nothing built
        with pytest.raises(ModuleGraphError) as refused:
            build(project, toolchain, jobs=2, progress=quiet)
        case.check_problems([(type(refused.value).__name__, str(refused.value))])
        assert not project.olean_dir.exists() or not any(project.olean_dir.rglob("*.olean"))
        return
    report = build(project, toolchain, jobs=2, progress=quiet)
    check_step(report, expected["build"])
    for name, result in report.modules.items():
        olean = project.olean_dir.joinpath(*name.split(".")).with_suffix(".olean")
        assert olean.exists() == (result.status == "built"), name
    assert not list((project.build_dir / "tmp").iterdir()), "scratch outputs left behind"

    if "touch" in expected:
        path = project.src_dir / expected["touch"]["file"]
        os.utime(path, (path.stat().st_atime + 10, path.stat().st_mtime + 10))
        check_step(build(project, toolchain, jobs=2, progress=quiet), expected["touch"])
    if "edit" in expected:
        path = project.src_dir / expected["edit"]["file"]
        path.write_text(path.read_text() + expected["edit"]["append"])
        check_step(build(project, toolchain, jobs=2, progress=quiet), expected["edit"])


def test_failed_module_loses_its_stale_output(tmp_path: Path, toolchain) -> None:
    """A module that built once and then breaks must not leave its old .olean behind."""
    project = copy_case(FIXTURES / "build" / "chain", tmp_path)
    quiet = Progress(quiet=True)
    assert build(project, toolchain, progress=quiet).ok
    leaf = project.src_dir / "Chain" / "A.lean"
    leaf.write_text(leaf.read_text().replace("def Chain.base : Nat := 3", "def Chain.base : Nat := true"))
    report = build(project, toolchain, jobs=2, progress=quiet)
    assert statuses(report, "failed") == {"Chain.A"}
    assert statuses(report, "blocked") == {"Chain.B", "Chain.C"}
    assert statuses(report, "up-to-date") == {"Other"}
    assert "A.lean:4" in report.modules["Chain.A"].first_error()
    for stem in ("A", "B", "C"):
        assert not (project.olean_dir / "Chain" / f"{stem}.olean").exists()
    assert (project.olean_dir / "Other.olean").exists()


def test_end_to_end_build_of_the_project(repo_build, repo_project) -> None:
    """Every module of the project's own `lean/` builds without errors."""
    assert repo_build.ok, repo_build.summary()
    assert "MLTheory" in repo_build.modules
    assert "MLTheory.Basic" in repo_build.modules
    for name in repo_build.modules:
        assert repo_project.olean_dir.joinpath(*name.split(".")).with_suffix(".olean").exists()


def test_two_builds_of_one_project_at_once_do_the_work_once(tmp_path: Path, toolchain) -> None:
    """The build folder is locked: the second build waits, then finds the module up to date."""
    import threading

    root = tmp_path / "twice"
    (root / "Twice").mkdir(parents=True)
    (root / "Twice" / "A.lean").write_text("module\n\npublic section\n\ntheorem Twice.t : 1 + 1 = 2 := rfl\n")
    project = Project.load(root)
    reports: list = []
    threads = [threading.Thread(target=lambda: reports.append(build(project, toolchain, jobs=1, progress=Progress(quiet=True))))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(r.modules["Twice.A"].status for r in reports)
    assert statuses == ["built", "up-to-date"], statuses


def test_the_build_tells_of_each_module_ready_and_estimates_the_time_left(tmp_path: Path, toolchain) -> None:
    """Issue 40: the build tells a listener of each module as soon as its outputs are current (with
    its project imports, and whether it was compiled now), in an order its imports allow; and after
    the first compiled module, each progress line says how long the rest of the build will take,
    from the modules' sizes and the seconds per byte measured so far."""
    import io

    project = copy_case(FIXTURES / "build" / "chain", tmp_path)
    told: list[tuple[str, tuple[str, ...], bool]] = []
    stream = io.StringIO()
    report = build(project, toolchain, jobs=1, progress=Progress(stream=stream),
                   on_ready=lambda m, imports, compiled: told.append((m, imports, compiled)))
    assert report.ok, report.summary()
    assert sorted(told) == [("Chain.A", (), True), ("Chain.B", ("Chain.A",), True),
                            ("Chain.C", ("Chain.A", "Chain.B"), True), ("Other", (), True)]
    order = [m for m, _i, _c in told]
    assert order.index("Chain.A") < order.index("Chain.B") < order.index("Chain.C")
    lines = [l for l in stream.getvalue().splitlines() if ": ok (" in l]
    assert len(lines) == 4 and all("of building left" in l for l in lines[:-1]), lines
    assert "left" not in lines[-1]
    told.clear()
    assert build(project, toolchain, jobs=1, on_ready=lambda m, i, c: told.append((m, i, c))).ok
    assert sorted(told) == [("Chain.A", (), False), ("Chain.B", ("Chain.A",), False),
                            ("Chain.C", ("Chain.A", "Chain.B"), False), ("Other", (), False)]


def test_the_estimate_reads_sizes_and_measured_seconds() -> None:
    from claimcheck.lean.build import _Estimate

    clock = _Estimate(2, {"A": 1000, "B": 3000, "C": 3000, "D": 60_000})
    assert clock.left(["B", "C"], []) == ""  # nothing measured yet
    clock.compiled("A", 10.0)  # 0.01 s a byte
    assert clock.left(["B", "C"], []) == "about 30 s of building left"  # 60 s of work on 2 jobs
    assert clock.left(["B", "C", "D"], []) == "about 10 min of building left"  # D alone is 600 s
    clock.done("B")
    assert clock.left(["C"], []) == "about 30 s of building left"  # one module: one job
