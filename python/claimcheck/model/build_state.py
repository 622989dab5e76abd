"""How a module's build ended: :class:`ModuleState`.

Its own module because the build (:mod:`claimcheck.lean.build`) needs this one enum and nothing
else of the evidence model: a ``status`` or ``check`` whose build has nothing to do reads its
reused record without building the report's model (issue 41).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ModuleState"]


class ModuleState(StrEnum):
    """How a module's build ended."""

    BUILT = "built"
    UP_TO_DATE = "up-to-date"
    FAILED = "failed"
    BLOCKED = "blocked"
    #: ``--no-build``: no outputs, or outputs of another source (its reason says which)
    NOT_BUILT = "not-built"
    STALE = "stale"
