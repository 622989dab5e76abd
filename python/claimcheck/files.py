"""Reading a project's files: every file claimcheck reads from a project resolves inside it.

A project can ship links. Every file claimcheck reads from a project (its settings, manifests,
``formalization.yaml``, ``lean-toolchain``, Lean modules, source texts, the companion's modules it
digests) is read through :func:`read_bytes` / :func:`read_text`, which open it only when its path,
links followed, is a file inside the folder it must be in (the project root, or a folder the user
named), and check again on the opened file (so a link swapped in between is caught too). Anything
else is refused by name (:class:`OutsideError`, exit code 2), and no error message shows a byte of
the file.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from claimcheck.errors import ConfigError

__all__ = ["OutsideError", "UnreadableError", "inside", "is_inside", "no_control", "read_bytes", "read_text"]

#: Characters no settings file may hold: C0 controls but tab, line feed and carriage return, DEL,
#: C1 controls, lone surrogates.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class OutsideError(ConfigError):
    """A project file that is a link out of its folder (or a folder, or absent): refused by name."""


class UnreadableError(ConfigError):
    """A project file that cannot be read as text (not UTF-8, too large, a character not allowed)."""


def is_inside(folder: Path, path: Path | str) -> bool:
    """Whether ``path`` (absolute, or relative to ``folder``), links followed, is inside ``folder``."""
    named = Path(path) if Path(path).is_absolute() else Path(folder) / path
    return named.resolve().is_relative_to(Path(folder).resolve())


def inside(folder: Path, path: Path | str, what: str) -> Path:
    """The resolved path of the file ``path`` (absolute, or relative to ``folder``) when it is a file
    inside ``folder``, links followed; :class:`OutsideError` naming it otherwise."""
    base = Path(folder).resolve()
    named = Path(path) if Path(path).is_absolute() else Path(folder) / path
    resolved = named.resolve()
    if not resolved.is_relative_to(base):
        raise OutsideError(f"{named}: {what} resolves outside the project ({base}); claimcheck reads only the"
                           " project's own files: replace the link with the file itself")
    if resolved.is_dir():
        raise OutsideError(f"{named}: {what} is a folder, not a file")
    return resolved


def read_bytes(folder: Path, path: Path | str, what: str, limit: int | None = None) -> bytes:
    """The bytes of the file ``path`` inside ``folder`` (:func:`inside`), at most ``limit`` of them."""
    resolved = inside(folder, path, what)
    named = Path(path) if Path(path).is_absolute() else Path(folder) / path
    try:
        fd = os.open(resolved, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError as exc:
        raise OutsideError(f"{named}: {what} cannot be read: {exc.strerror or exc}") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OutsideError(f"{named}: {what} is not a regular file")
        opened = _opened_path(fd)
        if opened is not None and not Path(opened).is_relative_to(Path(folder).resolve()):
            raise OutsideError(f"{named}: {what} resolves outside the project ({Path(folder).resolve()})")
        if limit is not None and st.st_size > limit:
            raise UnreadableError(f"{named}: {what} is {st.st_size} bytes, more than it may be ({limit})")
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            if limit is not None and sum(map(len, chunks)) > limit:
                raise UnreadableError(f"{named}: {what} is more than {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _opened_path(fd: int) -> str | None:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None


def read_text(folder: Path, path: Path | str, what: str, limit: int | None = None, errors: str = "strict") -> str:
    """The UTF-8 text of the file ``path`` inside ``folder``; a file that is not UTF-8 is an
    :class:`UnreadableError` with its line (``errors="replace"`` reads it anyway)."""
    data = read_bytes(folder, path, what, limit)
    try:
        return data.decode("utf-8", errors=errors)
    except UnicodeDecodeError as exc:
        named = Path(path) if Path(path).is_absolute() else Path(folder) / path
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableError(f"{named}:{line}: {what} is not UTF-8 text (byte {exc.start}: {exc.reason});"
                              " save it as UTF-8") from exc


def no_control(path: Path, text: str, what: str) -> None:
    """:class:`UnreadableError` with the file and line when ``text`` holds a control character."""
    found = CONTROL.search(text)
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        raise UnreadableError(f"{path}:{line}: {what} holds the control character U+{ord(found.group()):04X}, which it"
                              " may not; remove it")
