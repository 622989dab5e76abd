"""The kernel's re-check alongside the build (issue 40): each module is re-checked as soon as it
and its imports are built; the verdicts are those of the re-check after the build, and the units
checked alongside are not checked again."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.pipeline.options import Options
from claimcheck.pipeline.session import Session
from claimcheck.progress import Progress

from conftest import FIXTURES, copy_case


def _verdicts(tmp_path: Path, name: str, alongside: bool, monkeypatch: pytest.MonkeyPatch):
    """The kernel's verdicts on a fresh copy of the `chain` build fixture, with an empty user cache
    of its own (everything is compiled and checked in this run)."""
    import io

    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / f"cache-{name}"))
    project = copy_case(FIXTURES / "build" / "chain", tmp_path / name)
    stream = io.StringIO()
    session = Session(project, Progress(stream=stream), Options(jobs=1, kernel_alongside=alongside))
    assert session.build.ok
    return session, dict(session.kernel_verdicts), stream.getvalue()


def test_verdicts_alongside_the_build_are_those_after_it(tmp_path: Path, toolchain, monkeypatch) -> None:
    session, along, log = _verdicts(tmp_path, "alongside", True, monkeypatch)
    alongside = session._alongside
    assert alongside is not None and alongside.error is None
    # every module was re-checked alongside: the project's re-check after the build found them done
    assert sorted(alongside.modules_checked) == ["Chain.A", "Chain.B", "Chain.C", "Other"], log
    assert "modules re-checked alongside the build" in log
    checker = session._checker
    assert checker is not None and len(checker.status) > 0
    _, after, log_after = _verdicts(tmp_path, "after", False, monkeypatch)
    assert "alongside" not in log_after
    assert along == after and along
    assert all(v.outcome == "checked" for v in along.values())
