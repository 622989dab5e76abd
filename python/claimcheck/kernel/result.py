"""Outcomes of checking: a typed verdict per declaration, and the exceptions that produce them."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Outcome(enum.StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    DECLINED = "declined"


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    declaration: str
    reason: str = ""

    def line(self) -> str:
        if self.outcome == Outcome.ACCEPTED:
            return f"accepted: {self.declaration}"
        return f"{self.outcome}: {self.declaration}: {self.reason}"


class KernelError(Exception):
    """The declaration is ill-typed or ill-formed (the outcome is `rejected`)."""


class Unsupported(Exception):
    """The declaration uses a feature this kernel does not check (the outcome is `declined`)."""
