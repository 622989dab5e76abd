"""The content hashes of a build's files, remembered from one run to the next by each file's status
(issue 41): a run with nothing changed does not read every output again to learn it is unchanged.

A hash is remembered under the file's path with ``(st_dev, st_ino, st_size, st_mtime_ns,
st_ctime_ns)`` and reused only while a fresh ``stat`` gives exactly those. Whatever writes a file
changes its ctime, and a user cannot set a ctime (``touch -r``, ``os.utime`` set the access and
modification times only, and change the ctime doing it), so a file rewritten by hand with its old
size and modification time restored is hashed again. A hash is remembered only for a file whose
ctime is older than :data:`SETTLED_NS` when it is read, and whose status did not change while it
was read: a file written again within the filesystem's timestamp granularity of the reading would
otherwise keep the stamp the earlier content was remembered under.

The record is sealed in the user's cache (:class:`claimcheck.cache.Store`), one per output folder;
it is read unless reads are off (``CI``), and written whole (a temporary file, renamed).
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import BinaryIO

from claimcheck.cache import Store, digest, reads_allowed

__all__ = ["KnownHashes", "NAMESPACE", "SETTLED_NS", "content_hash", "stamp"]

NAMESPACE = "file-hashes-1"
#: How old a file's ctime must be (nanoseconds) for its hash to be remembered.
SETTLED_NS = 2_000_000_000

Stamp = tuple[int, int, int, int, int]


def stamp(st: os.stat_result) -> Stamp:
    """A file's status as far as a write can tell it: device, inode, size, mtime and ctime."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _sha256(f: BinaryIO) -> str:
    h = hashlib.sha256()
    for chunk in iter(lambda: f.read(1 << 20), b""):
        h.update(chunk)
    return h.hexdigest()


def content_hash(path: Path) -> str:
    """The SHA-256 of a file's content, read now (nothing remembered)."""
    with open(path, "rb") as f:
        return _sha256(f)


def _valid(record: object) -> bool:
    return isinstance(record, dict) and all(
        isinstance(k, str) and isinstance(v, list) and len(v) == 6 and all(type(x) is int for x in v[:5])
        and isinstance(v[5], str) and len(v[5]) == 64 for k, v in record.items())


class KnownHashes:
    """The SHA-256 of files under ``folder``, remembered by their status (see the module docstring)."""

    def __init__(self, folder: Path, enabled: bool | None = None) -> None:
        self.store = Store(NAMESPACE, enabled=reads_allowed() if enabled is None else enabled)
        self.key = digest("file-hashes", str(folder.resolve()))
        self._known: dict[str, list] | None = None
        self._changed = False
        #: what this run hashed, settled or not (the run owns it; nothing of it is kept)
        self._this_run: dict[str, tuple[Stamp, str]] = {}

    def _record(self) -> dict[str, list]:
        if self._known is None:
            got = self.store.get(self.key, valid=_valid)
            self._known = dict(got) if got is not None else {}
        return self._known

    def hash(self, path: Path) -> str:
        """The SHA-256 of ``path``'s content (read only when its status is not the remembered one,
        nor the one it had when this run hashed it: a file the build just wrote is hashed once)."""
        known = self._record()
        name = str(path)
        now = stamp(os.stat(path))
        got = known.get(name)
        if got is not None and tuple(got[:5]) == now:
            return got[5]
        this_run = self._this_run.get(name)
        if this_run is not None and this_run[0] == now:
            return this_run[1]
        with open(path, "rb") as f:
            value = _sha256(f)
            after = stamp(os.fstat(f.fileno()))
        if after == now:
            self._this_run[name] = (now, value)
        if after == now and now[4] < time.time_ns() - SETTLED_NS:
            known[name] = [*now, value]
            self._changed = True
        elif got is not None:
            del known[name]
            self._changed = True
        return value

    def save(self) -> None:
        """Keep what was learnt (entries of files that are gone dropped)."""
        if not self._changed or self._known is None:
            return
        self._known = {k: v for k, v in self._known.items() if os.path.exists(k)}
        self.store.put(self.key, self._known)
        self._changed = False
