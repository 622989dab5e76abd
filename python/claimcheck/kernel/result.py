"""Outcomes of checking: a typed verdict per declaration, and the exceptions that produce them.

`accepted` means the kernel checked the declaration; `rejected` means it found a concrete type
error with all the information it needs; `declined` means it could not decide, and `Verdict.code`
says why (a feature it does not check, a constant or a body the input does not contain, compiled
code it does not run, a step budget it ran out of, ...). A decline is never an acceptance.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Outcome(enum.StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    DECLINED = "declined"


class Declined(enum.StrEnum):
    """Why a declaration was declined (the kind of the missing piece)."""

    UNSUPPORTED = "unsupported"            # a feature this kernel does not check (nested translation failure, ...)
    MISSING_CONSTANT = "missing-constant"  # uses a constant the environment does not contain
    MISSING_BODY = "missing-body"          # needs to unfold a constant whose body the input does not ship
    UNVOUCHED_PRIMITIVE = "unvouched-primitive"  # needs a bodyless Nat primitive nobody vouches for
    NATIVE_CODE = "native-code"            # needs `Lean.reduceBool`/`reduceNat` (compiled code)
    DEPENDS_ON_DECLINED = "depends-on-declined"  # uses a declaration that was declined
    OUT_OF_FUEL = "out-of-fuel"            # ran out of its deterministic step budget
    TOO_DEEP = "too-deep"                  # the recursion limit of this checker
    INTERNAL_ERROR = "internal-error"      # a bug of this checker (never an acceptance)
    UNREADABLE = "unreadable"              # the input could not be read


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    declaration: str
    reason: str = ""
    code: Declined | None = None  # set exactly when the outcome is `declined`
    missing: tuple = ()  # the names (kernel name tuples) a decline is about, when there are some
    steps: int = 0  # the kernel steps the check took (see `Environment.fuel`)

    def line(self) -> str:
        if self.outcome == Outcome.ACCEPTED:
            return f"accepted: {self.declaration}"
        return f"{self.outcome}: {self.declaration}: {self.reason}"


class KernelError(Exception):
    """The declaration is ill-typed or ill-formed (the outcome is `rejected`)."""


class Unsupported(Exception):
    """The declaration cannot be decided by this kernel (the outcome is `declined`).

    `code` is the kind of decline, `missing` the names it is about (kernel name tuples)."""

    def __init__(self, message: str, code: Declined = Declined.UNSUPPORTED, missing: tuple = ()) -> None:
        super().__init__(message)
        self.code = code
        self.missing = tuple(missing)


class OutOfFuel(Exception):
    """The declaration used up its step budget (`Environment.fuel`): declined, `out-of-fuel`."""


_NO_LIMIT = 1 << 62


class Trace:
    """What one declaration's check has spent and met: the steps left (`left`), and the constants
    at which reduction got stuck for want of information (name -> `Declined` code)."""

    __slots__ = ("left", "fuel", "stuck")

    def __init__(self, fuel: int | None) -> None:
        self.fuel = fuel
        self.left = _NO_LIMIT if fuel is None else fuel
        self.stuck: dict = {}

    def spent(self) -> int:
        return (_NO_LIMIT if self.fuel is None else self.fuel) - self.left


def out_of_fuel(trace: Trace) -> OutOfFuel:
    return OutOfFuel(f"ran out of fuel: {trace.fuel:,} kernel steps (inference, reduction and "
                     f"definitional-equality steps) (or literal arithmetic of that cost) without reaching a verdict")


__all__ = ["Declined", "KernelError", "OutOfFuel", "Outcome", "Trace", "Unsupported", "Verdict", "out_of_fuel"]
