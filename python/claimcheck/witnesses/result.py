"""The result type shared by all numerical witnesses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
