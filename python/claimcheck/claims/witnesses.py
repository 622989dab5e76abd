"""Numerical witnesses: the result type, and loading and running the checks a project names.

A project's witnesses live in its own companion modules (this repository's: ``mltheory.witnesses``),
named by ``claimcheck.toml`` (``[witnesses] modules``). Each exports ``REGISTRY``: a mapping from a
witness id (``module.check``) to a zero-argument function returning a :class:`WitnessResult`. The
tool never imports a companion by itself, and runs only the witnesses some manifest names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from claimcheck.companion import exported_mappings
from claimcheck.errors import ConfigError

Witness = Callable[[], "WitnessResult"]


@dataclass
class WitnessResult:
    """Outcome of one witness check.

    ``id`` is the registry id (e.g. ``simplex.gram_exact``), ``ok`` whether every trial passed,
    ``summary`` one human-readable line, ``details`` the numbers behind it (trials run, maximal
    errors, exact values, the first counterexample found when ``ok`` is False).
    """

    id: str
    ok: bool
    summary: str
    details: dict[str, Any] = field(default_factory=dict)


class UnknownWitnessError(KeyError):
    """A witness id that no configured witness module registers."""

    def __init__(self, wid: str, known: Iterable[str]) -> None:
        super().__init__(wid)
        self.known = sorted(known)

    def __str__(self) -> str:
        known = ", ".join(self.known) or "(none: name witness modules in claimcheck.toml [witnesses] modules)"
        return f"unknown witness id {self.args[0]!r}; registered ids: {known}"


def load_registry(modules: Iterable[str]) -> dict[str, Witness]:
    """The union of the ``REGISTRY`` of each module named; an id registered twice is an error."""
    registry: dict[str, Witness] = {}
    for name, found in exported_mappings(modules, "REGISTRY", "witnesses.modules"):
        for wid, check in found.items():
            if wid in registry:
                raise ConfigError(f"witnesses.modules: witness id {wid!r} is registered twice (again by {name!r})")
            registry[wid] = check
    return registry


def run_witnesses(registry: Mapping[str, Witness], ids: Iterable[str]) -> list[WitnessResult]:
    """Run the witnesses ``ids`` in the given order.

    Unknown ids raise :class:`UnknownWitnessError` before anything runs. A check that raises is
    reported as a failed result (``ok=False``) carrying the exception, never silently skipped.
    """
    ids = list(ids)
    for wid in ids:
        if wid not in registry:
            raise UnknownWitnessError(wid, registry)
    results = []
    for wid in ids:
        try:
            res = registry[wid]()
        except Exception as exc:  # noqa: BLE001 - a crashing check is a failed check
            res = WitnessResult(wid, False, f"check raised {type(exc).__name__}: {exc}", {"exception": repr(exc)})
        if res.id != wid:
            res = WitnessResult(wid, res.ok, res.summary, res.details)
        results.append(res)
    return results
