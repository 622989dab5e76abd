"""The kernel's re-check alongside the build: each module is re-checked as soon as it and every
module it imports are built, while Lean builds the rest.

The build calls :meth:`Alongside.ready` for each module it finishes (built now, or up to date); once
two modules have been compiled in this run (a run that compiles nothing reuses the whole project's
verdicts, and one that compiles a single module, an edit, reuses every other module's: neither
needs early work, and reading the edited module's imports into a checking run costs more than the
project's re-check after the build), a thread of its own re-checks the ready modules one by one, in
the order they came, each with the modules it imports (so that every verdict is keyed as the whole
project's re-check keys it: the verdict store is shared, under the same keys). Every unit it checks
is kept in the run's :class:`~claimcheck.recheck.run.Checker`, which the whole project's re-check
after the build is given: what was checked alongside is not checked again, and what was not (a
module that finished last) is checked then. The verdicts are the same as without it: the early
checks are the very checks the project's re-check would run, in an order its dependencies allow.

The thread reads the build's ``.olean`` files through the session's environment, which nothing else
reads during the build; :meth:`finish` waits for it (after the build, before any other stage reads
the environment). A failure in the thread is no verdict: the project's re-check then runs on its own,
with a fresh checking run.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from claimcheck.progress import Progress

if TYPE_CHECKING:
    from claimcheck.cache import Store
    from claimcheck.olean.reader import Environment
    from claimcheck.recheck.run import Checker

__all__ = ["Alongside"]

_DONE = object()


class Alongside:
    """The early re-check of one session's build (see the module docstring)."""

    def __init__(self, environment: Callable[[], Environment], core_folders: Sequence[Path],
                 store: Callable[[], Store], fuel: int | None, progress: Progress) -> None:
        self._environment = environment
        self.core_folders = list(core_folders)
        self._store = store
        self.progress = progress
        #: the run's checking, begun with the first module compiled (a build that compiles nothing
        #: loads no kernel: the project's whole verdicts are reused)
        self.checker: Checker | None = None
        self.store: Store | None = None
        self.fuel = fuel
        self._ready: list[tuple[str, tuple[str, ...]]] = []
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._queued = 0
        self._compiled = 0
        #: modules re-checked alongside the build, and the seconds it took
        self.modules_checked: list[str] = []
        self.seconds = 0.0
        self.error: BaseException | None = None
        self._stop = False

    # -- called by the build (its main thread)

    def ready(self, module: str, imports: tuple[str, ...], compiled: bool) -> None:
        """``module`` (importing the project modules ``imports``, transitively) has its outputs;
        ``compiled``: it was compiled in this run."""
        self._ready.append((module, imports))
        self._compiled += compiled
        # from the second module compiled on: an edit that rebuilds one module has nothing to overlap
        # (the project's re-check after it reuses every other module's verdicts), so no early work
        if self._compiled >= 2 and self._thread is None:
            from claimcheck.recheck.run import Checker

            self.checker, self.store = Checker(self.fuel), self._store()
            self._thread = threading.Thread(target=self._work, name="kernel-alongside", daemon=True)
            self._thread.start()
        if self._thread is not None:
            for item in self._ready[self._queued:]:
                self._queue.put(item)
            self._queued = len(self._ready)

    # -- called by the session once the build is done

    def finish(self) -> Checker | None:
        """Wait for the thread (it ends the modules handed to it); the run's checker, or None when
        the thread failed (the project's re-check then starts afresh)."""
        if self._thread is None:
            return self.checker
        self._queue.put(_DONE)
        self._thread.join()
        self._thread = None
        if self.modules_checked:
            self.progress.line(f"kernel: {len(self.modules_checked)} modules re-checked alongside the build"
                               f" ({self.seconds:.0f}s)")
        return None if self.error is not None else self.checker

    def abandon(self) -> None:
        """Stop after the module being checked, without waiting (the build stopped: its session is
        given up; the thread is a daemon and holds nothing anyone reads)."""
        self._stop = True
        self._queue.put(_DONE)
        self._thread = None
        self.checker = None

    # -- the thread

    def _work(self) -> None:
        from claimcheck.recheck.run import project_verdicts

        while True:
            item = self._queue.get()
            if self._stop:
                return
            if item is _DONE or self.error is not None:
                if item is _DONE:
                    return
                continue
            module, imports = item
            started = time.monotonic()
            try:
                project_verdicts(self._environment(), [*imports, module], self.core_folders, self.store, self.fuel,
                                 None, checker=self.checker)
            except BaseException as exc:  # noqa: BLE001 - no verdict: the project's re-check runs afresh
                self.error = exc
                self.progress.line(f"kernel: the re-check alongside the build stopped ({type(exc).__name__}: {exc});"
                                   " the project's re-check will run after the build")
                continue
            self.seconds += time.monotonic() - started
            self.modules_checked.append(module)
