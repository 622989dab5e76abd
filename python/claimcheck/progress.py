"""Progress lines on stderr for long work (toolchain download, unpacking, builds)."""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator, TextIO

from claimcheck.escape import visible


@dataclass
class Progress:
    """Writes progress to a stream: a rewritten line on a terminal, plain lines otherwise.

    ``quiet`` silences everything (tests, ``--json`` consumers that want clean stderr).
    """

    stream: TextIO = field(default_factory=lambda: sys.stderr)
    quiet: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _open_line: bool = field(default=False, repr=False)

    @property
    def _tty(self) -> bool:
        return hasattr(self.stream, "isatty") and self.stream.isatty()

    def line(self, text: str) -> None:
        """A finished line of progress."""
        if self.quiet:
            return
        with self._lock:
            if self._open_line:
                self.stream.write("\r\x1b[K")
                self._open_line = False
            self.stream.write(visible(text) + "\n")
            self.stream.flush()

    def update(self, text: str) -> None:
        """A transient status: rewritten in place on a terminal, dropped elsewhere (see ``bar``)."""
        if self.quiet or not self._tty:
            return
        with self._lock:
            self.stream.write("\r\x1b[K" + visible(text))
            self.stream.flush()
            self._open_line = True

    def bar(self, label: str, done: int, total: int, unit: str = "") -> None:
        """A progress bar; off a terminal only every 10% step and the end are printed."""
        if self.quiet or total <= 0:
            return
        frac = min(done / total, 1.0)
        width = 30
        filled = int(frac * width)
        text = f"{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{unit} {frac:4.0%}"
        if self._tty:
            if done >= total:
                self.line(text)
            else:
                self.update(text)
        else:
            step = max(total // 10, 1)
            if done >= total or done % step == 0:
                self.line(text)

    @contextmanager
    def ticking(self, label: str, interval: float = 5.0) -> Iterator[None]:
        """Show elapsed time while an opaque step (a download by npm) runs."""
        if self.quiet:
            yield
            return
        stop = threading.Event()
        start = time.monotonic()

        def tick() -> None:
            while not stop.wait(1.0 if self._tty else interval):
                elapsed = time.monotonic() - start
                if self._tty:
                    self.update(f"{label} ... {elapsed:.0f}s")
                else:
                    self.line(f"{label} ... {elapsed:.0f}s")

        thread = threading.Thread(target=tick, daemon=True)
        self.line(f"{label} ...")
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()
            self.line(f"{label}: done in {time.monotonic() - start:.1f}s")
