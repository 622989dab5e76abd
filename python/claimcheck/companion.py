"""Loading what a project's companion modules export (witness registries, instance semantics).

``claimcheck.toml`` names the modules; the tool imports them by those names only, never by itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from claimcheck.errors import ConfigError


def exported_mappings(modules: Iterable[str], attribute: str, setting: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(module name, module.<attribute>)`` for each module named under ``setting`` (e.g.
    ``witnesses.modules``); a module that cannot be imported or lacks the mapping is a
    :class:`ConfigError` naming the setting."""
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise ConfigError(f"{setting}: cannot import {name!r}: {exc}") from exc
        found = getattr(module, attribute, None)
        if not isinstance(found, Mapping):
            raise ConfigError(f"{setting}: {name!r} has no {attribute} mapping")
        yield name, found
