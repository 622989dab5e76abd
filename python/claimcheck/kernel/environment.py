"""The environment of a checking run: its terms (`expr.Terms`, the hash-consing tables), the
constants accepted so far, what the front end vouches for, the per-declaration budgets, and the
caches shared by the run's declarations. Everything a check remembers belongs to its run: two runs
share no state.

Only the checker (`checker.check_declaration`) adds to an environment, after a declaration is
accepted. Unsafe and partial declarations may be recorded (so that a later safe declaration that
uses them is rejected) but are never reported as accepted.

What a front end may tell the kernel (an NDJSON file tells it nothing, so all are empty there):

* `library`: names of constants the front end vouches for as the toolchain's core library's own,
  as the toolchain shipped them (the `.olean` front end decides this by the module a constant comes
  from). A Nat primitive declared without a body (`Nat.gcd`, `Nat.land`, ... in the wasm package)
  gets its literal extension only when its name is here; elsewhere an axiom named `Nat.gcd` is just
  an axiom. (`boundary_axioms`, the proof-less library theorems, counts as vouched too.)
* `hidden_bodies`: names of constants that are opaque here only because their body was not shipped
  (a definition of a module that does not export it, read as an axiom). A check that fails after
  getting stuck on one of them is declined (`missing-body`), not rejected.
* `fuel`: the number of kernel steps (inference, weak-head and definitional-equality steps, and
  literal arithmetic by the size of its numbers) one declaration may take; `memory`: the number of
  new term nodes it may build (a Nat literal counts by its size). Running out of either is the typed
  decline `out-of-fuel`, the same on every machine.
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
from .expr import Terms

Name = tuple

#: Kernel steps one declaration may take by default (see `Environment.fuel`). The heaviest
#: declaration of this project's Lean code (a `decide +kernel` instance) takes about 140,000 and
#: the heaviest of Lean's core library about 175,000; at this checker's pace (40,000-90,000 steps
#: a CPU-second on the 2-core development machine, `bench/kernel.py` measures it) running out
#: takes ten to thirty CPU-seconds.
DEFAULT_FUEL = 1_000_000
#: New term nodes one declaration may build by default (`Environment.memory`): about 200 bytes
#: each with their table and cache entries, so a check stays within a few GB.
DEFAULT_MEMORY = 8_000_000
#: Terms a run keeps before it drops the caches shared by its declarations (they hold closed
#: terms alive) and sweeps its table: bounds the memory of a long run (`Environment.trim`).
RUN_TERMS_LIMIT = 12_000_000


@dataclass
class RunCaches:
    """Caches of one checking run, shared by its declarations.

    They hold facts about closed terms without free variables (their inferred types, weak-head
    normal forms, definitional equalities that hold, constants' types and values at given levels),
    which adding declarations cannot change; only checkers of ordinary declarations (whose check
    does not put anything into the environment) write to them. Weak-head normal forms also depend
    on which literal extensions are on, so they are dropped whenever one is switched on
    (`Environment.reduction_changed`)."""

    infer_only: dict = field(default_factory=dict)
    checked: dict = field(default_factory=dict)  # (safe, level params) -> {term: type}
    const_types: dict = field(default_factory=dict)
    unfold: dict = field(default_factory=dict)
    bvar0: dict = field(default_factory=dict)  # id(term) -> (term, whether bound variable 0 occurs)
    whnf: dict = field(default_factory=dict)
    whnf_core: dict = field(default_factory=dict)
    whnf_cheap: dict = field(default_factory=dict)
    eq: set = field(default_factory=set)

    def clear(self) -> None:
        for d in (self.infer_only, self.checked, self.const_types, self.unfold, self.bvar0, self.whnf,
                  self.whnf_core, self.whnf_cheap, self.eq):
            d.clear()

    def checked_for(self, safe: bool, level_params: frozenset) -> dict:
        key = (safe, level_params)
        d = self.checked.get(key)
        if d is None:
            d = self.checked[key] = {}
        return d


@dataclass
class Environment:
    # The run's terms: every declaration checked in this environment must be built in them.
    terms: Terms = field(default_factory=Terms)
    constants: dict = field(default_factory=dict)
    quot_initialized: bool = False
    # Names of constants that are not safe (unsafe or partial): safe declarations must not use them.
    not_safe: set = field(default_factory=set)
    # Verified-or-refused status of the Nat / String primitives, filled lazily by `nat.NatExtension`.
    primitive_status: dict = field(default_factory=dict)
    # Deep fingerprints (nat.deep_fingerprint) of well-founded Nat primitives (gcd, div, mod, ...)
    # that the caller vouches for, e.g. computed from a trusted core library: name -> set of str.
    trusted_fingerprints: dict = field(default_factory=dict)
    # Names of the axioms that stand for a trusted library's theorems shipped without their proofs
    # (the trusted boundary), filled by a front end that knows where declarations come from. When
    # set, a primitive's specification (nat.py) counts only checked theorems and these axioms, never
    # an axiom a project declared. None: every axiom counts (an NDJSON file has no provenance).
    boundary_axioms: set | None = None
    # Constants the front end vouches for as the core library's own (see the module docstring).
    library: set = field(default_factory=set)
    # Constants that are opaque only because their body was not shipped (see the module docstring).
    hidden_bodies: set = field(default_factory=set)
    # Names of declarations that were declined (not added): using one declines, not rejects.
    declined: dict = field(default_factory=dict)  # name -> the decline's reason
    # Steps one declaration may take (None: no limit).
    fuel: int | None = DEFAULT_FUEL
    # New term nodes one declaration may build (None: no limit).
    memory: int | None = DEFAULT_MEMORY
    caches: RunCaches = field(default_factory=RunCaches)

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

    def vouched(self, name: Name) -> bool:
        """Whether the front end vouches for `name` as the core library's own constant."""
        return name in self.library or (self.boundary_axioms is not None and name in self.boundary_axioms)

    def reduction_changed(self) -> None:
        """A literal extension or the quotient reductions were switched on: weak-head normal forms
        computed before may now reduce further."""
        self.caches.whnf.clear()
        self.caches.whnf_core.clear()
        self.caches.whnf_cheap.clear()

    def trim(self, limit: int = RUN_TERMS_LIMIT) -> None:
        """Between declarations: when the run holds more than `limit` terms, drop the shared caches
        (they are caches: a later check recomputes what it needs) and sweep the table."""
        if len(self.terms) > limit:
            self.caches.clear()
            self.terms.sweep()


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
    """One constructor, no indices, not recursive (as Lean's kernel: a type of a mutual block may be
    one; `isRec` is the block's, so a block with a recursive constructor has none)."""
    I = env.inductive(name)
    return I is not None and len(I.ctors) == 1 and I.num_indices == 0 and not I.is_rec


__all__ = ["DEFAULT_FUEL", "DEFAULT_MEMORY", "Environment", "RunCaches", "has_value", "is_structure_like", "Quot"]
