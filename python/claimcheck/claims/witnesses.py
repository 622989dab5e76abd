"""Numerical witnesses: the result type a companion's checks return.

A project's witnesses live in its own companion modules (this repository's: ``mltheory.witnesses``),
named by ``claimcheck.toml`` (``[witnesses] modules``). Each exports ``REGISTRY``: a mapping from a
witness id (``module.check``) to a zero-argument function returning a :class:`WitnessResult`. They
run in the companion's own process (:mod:`claimcheck.companion`), only the ones some manifest names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["WitnessResult"]


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
