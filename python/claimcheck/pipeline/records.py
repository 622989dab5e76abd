"""The stages' results in the user's cache, as typed records: written and read back through the
model's codec (:meth:`claimcheck.cache.Store.write`, :meth:`~claimcheck.cache.Store.read`), one
encoding per type. A record that is absent, unreadable, of another shape or not sealed by this user
is recomputed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from claimcheck.cache import Store

__all__ = ["FACTS", "PROJECT", "COMPANION", "Records"]

#: The namespaces of the stages' results in the user's cache (bump one on an incompatible change).
FACTS = "facts-1"
PROJECT = "project-1"
COMPANION = "companion-1"

T = TypeVar("T")


@dataclass(frozen=True)
class Records:
    """Typed access to the user's cache for one run (``enabled``: whether records may be read)."""

    enabled: bool = True

    def get(self, namespace: str, key: str | None, kind: Any, valid: Callable[[Any], bool] | None = None) -> Any | None:
        """The record of type ``kind`` under ``key`` (None: no key, absent, of another shape, or
        lacking what ``valid`` asks of a whole record)."""
        return Store(namespace, enabled=self.enabled).read(key, kind, valid)

    def put(self, namespace: str, key: str | None, value: object) -> None:
        """Keep ``value`` under ``key`` (nothing without a key)."""
        Store(namespace).write(key, value)

    def reuse(self, namespace: str, key: str | None, kind: Any, compute: Callable[[], T],
              keep: Callable[[T], bool] = lambda _value: True, valid: Callable[[T], bool] | None = None,
              read: bool = True) -> T:
        """The record under ``key`` (when ``valid`` finds it whole: a reused record never carries
        less than a computed one), else ``compute()`` (kept when ``keep`` says so). ``read=False``:
        computed and kept whatever is there (a record found lacking)."""
        got = self.get(namespace, key, kind, valid) if read else None
        if got is not None:
            return got
        value = compute()
        if keep(value):
            self.put(namespace, key, value)
        return value
