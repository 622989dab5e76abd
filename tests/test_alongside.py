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
    assert session.build.ok, session.build.summary()
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


def test_an_abandoned_re_check_does_not_hold_the_run() -> None:
    """A build that stops (an error, Ctrl-C) gives the re-check up without waiting for it."""
    import threading
    import time

    from claimcheck.pipeline.alongside import Alongside

    started = threading.Event()

    class SlowEnvironment:  # the thread's first module takes long: `abandon` must not wait for it
        def load(self, module):
            started.set()
            time.sleep(5)
            raise RuntimeError("never read")

    along = Alongside(lambda: SlowEnvironment(), [], lambda: None, 100, Progress(quiet=True))
    along.ready("A", (), True)
    along.ready("B", ("A",), True)  # the second module compiled starts the re-check
    assert started.wait(5)
    t0 = time.monotonic()
    along.abandon()
    assert time.monotonic() - t0 < 1 and along.checker is None


def test_one_module_compiled_starts_no_early_work() -> None:
    """An edit rebuilds one module: nothing to overlap, so no checking run is begun (the project's
    re-check after the build reuses every other module's verdicts); up-to-date modules never count."""
    from claimcheck.pipeline.alongside import Alongside

    class NoEnvironment:
        def load(self, module):
            raise AssertionError(f"{module} read: the re-check began for one compiled module")

    along = Alongside(lambda: NoEnvironment(), [], lambda: None, 100, Progress(quiet=True))
    along.ready("A", (), False)
    along.ready("B", ("A",), True)
    along.ready("C", ("A", "B"), False)
    assert along.finish() is None and along.modules_checked == []
