"""An exclusive advisory file lock (``flock``): one process at a time installs a toolchain into
a cache folder or builds into a build folder; the others wait, then find the work done."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from claimcheck.progress import Progress


class FileLock:
    """Hold an exclusive lock on ``path`` (created if absent) for the ``with`` block.

    When another process holds it, ``waiting`` is printed once (if a progress is given) and the
    call blocks until the lock is free. The lock is released when the process dies, so a killed
    holder never leaves it taken.
    """

    def __init__(self, path: Path, progress: Progress | None = None, waiting: str = "") -> None:
        self.path = Path(path)
        self.progress = progress
        self.waiting = waiting
        self.fd = -1

    def __enter__(self) -> "FileLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(self.path, os.O_CREAT | os.O_RDWR, 0o644)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if self.progress is not None and self.waiting:
                self.progress.line(self.waiting)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)
        self.fd = -1
