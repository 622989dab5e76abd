"""Caches that cannot vouch: sealed records in the user's cache folder, never in a project.

A project can ship any file it likes, a ``build/`` folder and its bookkeeping included, so nothing
claimcheck reuses from one run to the next lives in the project. A :class:`Store` keeps records in
the user's cache folder (``$CLAIMCHECK_CACHE_DIR``, else ``${XDG_CACHE_HOME:-~/.cache}/claimcheck``),
each under a content key the caller derives from everything the record depends on, and **sealed**:
an HMAC-SHA256 of the record under a key of this user's (``${XDG_CONFIG_HOME:-~/.config}/claimcheck/
cache-key``, 32 random bytes, mode 0600, made on first use), so a record copied from elsewhere or
edited by hand does not verify and is ignored. Records are written to a temporary file and renamed.

Records of model values are written and read back through the model's codec (:meth:`Store.write`,
:meth:`Store.read`: one encoding per type, the shape checked on reading). A cache is a convenience: a record that is absent, unreadable or does not verify is recomputed,
and a store that is *disabled* reads nothing (``--no-cache``, or ``CI`` set: a CI run starts from
what it can check itself). **A reused record never carries less than a computed one**: a reader
passes :meth:`Store.get` what a whole record must hold (``valid``), and a record that lacks any of
it (an older shape, a part missing, a value of the wrong type) is a miss, recomputed and replaced.
Concurrent runs sharing the cache see each other's records only whole: each is written to a
temporary file in its folder and renamed into place (atomic), read in one piece and verified
(its seal covers every byte) before it is used.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from claimcheck.model.codec import ModelError, decode, encode

__all__ = ["Store", "cache_home", "code_digest", "digest", "reads_allowed", "user_key"]


def cache_home() -> Path:
    """The user's claimcheck cache folder."""
    explicit = os.environ.get("CLAIMCHECK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "claimcheck"


def _key_path() -> Path:
    explicit = os.environ.get("CLAIMCHECK_CACHE_KEY_FILE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "claimcheck" / "cache-key"


def user_key() -> bytes:
    """This user's sealing key (made on first use; never inside a project)."""
    path = _key_path()
    try:
        data = path.read_bytes()
        if len(data) == 32:
            return data
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".cache-key.")
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, key)
        os.close(fd)
        try:
            os.link(tmp, path)  # first writer wins; a concurrent one reads the winner's key
        except FileExistsError:
            pass
    finally:
        Path(tmp).unlink(missing_ok=True)
    data = path.read_bytes()
    return data if len(data) == 32 else key


def digest(*parts: object) -> str:
    """SHA-256 of length-prefixed parts (a cache key from everything a record depends on)."""
    d = hashlib.sha256()
    for p in parts:
        b = p if isinstance(p, bytes) else str(p).encode()
        d.update(len(b).to_bytes(8, "little"))
        d.update(b)
    return d.hexdigest()


_CODE: list[str] = []


def code_digest() -> str:
    """A digest of claimcheck's own source (every ``.py`` of the package) and the Python version: a
    cached result of an earlier claimcheck is never reused by a changed one."""
    if not _CODE:
        import sys

        package = os.path.dirname(os.path.realpath(__file__))
        sources: list[str] = []
        for folder, subfolders, names in os.walk(package):
            subfolders[:] = [s for s in subfolders if s != "__pycache__"]
            sources += (os.path.relpath(os.path.join(folder, n), package) for n in names if n.endswith(".py"))
        d = hashlib.sha256(sys.version.encode())
        for rel in sorted(sources, key=lambda r: r.split(os.sep)):
            with open(os.path.join(package, rel), "rb") as f:
                d.update(rel.replace(os.sep, "/").encode() + b"\0" + f.read())
        _CODE.append(d.hexdigest())
    return _CODE[0]


def reads_allowed(no_cache: bool = False) -> bool:
    """Whether a run may read cached records: not with ``--no-cache``, not under ``CI``."""
    return not no_cache and not os.environ.get("CI")


@dataclass(frozen=True)
class Store:
    """Sealed JSON records of one kind (``namespace``) in the user's cache folder."""

    namespace: str
    enabled: bool = True

    @property
    def folder(self) -> Path:
        return cache_home() / self.namespace

    def record_path(self, key: str) -> Path:
        """The file the record under ``key`` is kept in (whether or not it exists)."""
        digest = hashlib.sha256(key.encode()).hexdigest()
        return self.folder / digest[:2] / f"{digest}.json"

    @staticmethod
    def _mac(key: str, payload: str) -> str:
        return hmac.new(user_key(), key.encode() + b"\0" + payload.encode(), hashlib.sha256).hexdigest()

    def get(self, key: str, valid: Callable[[Any], Any] | None = None) -> Any | None:
        """The record stored under ``key``, or None (absent, unreadable, not verified, disabled, or
        not ``valid``: a record for which ``valid(record)`` is false or raises lacks something a
        computed one has, and counts as absent)."""
        if not self.enabled:
            return None
        try:
            data = json.loads(self.record_path(key).read_text(encoding="utf-8"))
            payload = data["payload"]
            if not isinstance(payload, str) or not hmac.compare_digest(data["mac"], self._mac(key, payload)):
                return None
            value = json.loads(payload)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if valid is not None:
            try:
                if not valid(value):
                    return None
            except Exception:  # noqa: BLE001 - a record the reader cannot take apart is no record
                return None
        return value

    def read(self, key: str | None, kind: Any, valid: Callable[[Any], bool] | None = None) -> Any | None:
        """The record under ``key`` as a model value of type ``kind``, read through the model's codec
        (:func:`claimcheck.model.codec.decode`); None: no key, no record of that shape, or one that
        ``valid`` says lacks something a computed one has."""
        data = self.get(key) if key is not None else None
        if data is None:
            return None
        try:
            value = decode(kind, data)
        except ModelError:
            return None
        return value if valid is None or valid(value) else None

    def write(self, key: str | None, value: Any) -> None:
        """Keep the model value ``value`` under ``key`` (through the codec; nothing without a key)."""
        if key is not None:
            self.put(key, encode(value))

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` (JSON data) under ``key``; an unwritable cache costs time later, nothing else."""
        payload = json.dumps(value, sort_keys=True, separators=(",", ":"))
        path = self.record_path(key)
        tmp = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".record.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"mac": self._mac(key, payload), "payload": payload}, f)
            os.replace(tmp, path)  # atomic: a concurrent reader sees the old record or this one, whole
            tmp = None
        except OSError:
            pass
        finally:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
