"""The environment: constants accepted so far, by name, and what has been verified about them.

Only the checker (`checker.check_declaration`) adds to an environment, after a declaration is
accepted. Unsafe and partial declarations may be recorded (so that a later safe declaration that
uses them is rejected) but are never reported as accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .declarations import (
    Axiom,
    ConstantInfo,
    Constructor,
    Definition,
    InductiveType,
    Opaque,
    Quot,
    Recursor,
    Safety,
    Theorem,
)

Name = tuple


@dataclass
class Environment:
    constants: dict = field(default_factory=dict)
    quot_initialized: bool = False
    # Names of constants that are not safe (unsafe or partial): safe declarations must not use them.
    not_safe: set = field(default_factory=set)
    # Verified-or-refused status of the Nat / String primitives, filled lazily by `nat.Primitives`.
    primitive_status: dict = field(default_factory=dict)
    # Deep fingerprints (nat.deep_fingerprint) of well-founded Nat primitives (gcd, div, mod, ...)
    # that the caller vouches for, e.g. computed from a trusted core library: name -> set of str.
    trusted_fingerprints: dict = field(default_factory=dict)
    # Accelerate well-founded Nat primitives declared without a body (see nat.py).
    bodyless_primitives: bool = True
    # Names of the axioms that stand for a trusted library's theorems shipped without their proofs
    # (the trusted boundary), filled by a front end that knows where declarations come from. When
    # set, a primitive's specification (nat.py) counts only checked theorems and these axioms, never
    # an axiom a project declared. None: every axiom counts (an NDJSON file has no provenance).
    boundary_axioms: set | None = None
    # Names of declarations that were declined (not added): using one declines, not rejects.
    declined: set = field(default_factory=set)

    def get(self, name: Name) -> ConstantInfo | None:
        return self.constants.get(name)

    def __contains__(self, name: Name) -> bool:
        return name in self.constants

    def add(self, info: ConstantInfo) -> None:
        if info.name in self.constants:
            raise ValueError(f"duplicate constant {info.name}")
        self.constants[info.name] = info
        if _is_not_safe(info):
            self.not_safe.add(info.name)

    def inductive(self, name: Name) -> InductiveType | None:
        c = self.constants.get(name)
        return c if isinstance(c, InductiveType) else None

    def constructor(self, name: Name) -> Constructor | None:
        c = self.constants.get(name)
        return c if isinstance(c, Constructor) else None

    def recursor(self, name: Name) -> Recursor | None:
        c = self.constants.get(name)
        return c if isinstance(c, Recursor) else None


def _is_not_safe(info: ConstantInfo) -> bool:
    if isinstance(info, Definition):
        return info.safety != Safety.SAFE
    if isinstance(info, (Axiom, Opaque, InductiveType, Constructor, Recursor)):
        return info.is_unsafe
    return False


def has_value(info: ConstantInfo) -> bool:
    """Whether delta reduction may unfold the constant (definitions and theorems, as in Lean)."""
    return isinstance(info, (Definition, Theorem))


def is_structure_like(env: Environment, name: Name) -> bool:
    """One constructor, no indices, not recursive, not mutual."""
    I = env.inductive(name)
    return (
        I is not None and len(I.ctors) == 1 and I.num_indices == 0 and not I.is_rec and len(I.all) == 1
    )


__all__ = ["Environment", "has_value", "is_structure_like", "Quot"]
