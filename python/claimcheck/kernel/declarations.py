"""The in-memory declaration model: what a front end (NDJSON reader, .olean reader) hands the kernel.

Names are tuples of components (str or int); levels and expressions are `level.Level` / `expr.Expr`.
The derived data that Lean's kernel computes itself (recursors, constructor counts, `isRec`, ...)
is carried as given by the front end and is re-derived and compared by the checker, never trusted.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .expr import Expr

Name = tuple


class Safety(enum.StrEnum):
    SAFE = "safe"
    UNSAFE = "unsafe"
    PARTIAL = "partial"


class HintKind(enum.StrEnum):
    OPAQUE = "opaque"
    ABBREV = "abbrev"
    REGULAR = "regular"


@dataclass(frozen=True)
class Hints:
    """Reducibility hints of a definition: lazy delta unfolds the greater height first."""

    kind: HintKind
    height: int = 0


class QuotKind(enum.StrEnum):
    TYPE = "type"
    CTOR = "ctor"
    LIFT = "lift"
    IND = "ind"


@dataclass(frozen=True)
class Axiom:
    name: Name
    level_params: tuple
    type: Expr
    is_unsafe: bool = False


@dataclass(frozen=True)
class Definition:
    name: Name
    level_params: tuple
    type: Expr
    value: Expr
    hints: Hints
    safety: Safety = Safety.SAFE
    all: tuple = ()


@dataclass(frozen=True)
class Theorem:
    name: Name
    level_params: tuple
    type: Expr
    value: Expr
    all: tuple = ()


@dataclass(frozen=True)
class Opaque:
    name: Name
    level_params: tuple
    type: Expr
    value: Expr
    is_unsafe: bool = False
    all: tuple = ()


@dataclass(frozen=True)
class Quot:
    name: Name
    level_params: tuple
    type: Expr
    kind: QuotKind


@dataclass(frozen=True)
class InductiveType:
    name: Name
    level_params: tuple
    type: Expr
    num_params: int
    num_indices: int
    all: tuple
    ctors: tuple
    num_nested: int = 0
    is_rec: bool = False
    is_unsafe: bool = False
    is_reflexive: bool = False


@dataclass(frozen=True)
class Constructor:
    name: Name
    level_params: tuple
    type: Expr
    induct: Name
    cidx: int
    num_params: int
    num_fields: int
    is_unsafe: bool = False


@dataclass(frozen=True)
class RecursorRule:
    ctor: Name
    nfields: int
    rhs: Expr


@dataclass(frozen=True)
class Recursor:
    name: Name
    level_params: tuple
    type: Expr
    all: tuple
    num_params: int
    num_indices: int
    num_motives: int
    num_minors: int
    rules: tuple
    k: bool
    is_unsafe: bool = False


@dataclass(frozen=True)
class InductiveBlock:
    """A (mutual) inductive declaration with its constructors and the recursors to be verified."""

    types: tuple
    ctors: tuple
    recursors: tuple = field(default=())

    @property
    def name(self) -> Name:
        return self.types[0].name if self.types else ("[empty inductive block]",)


Declaration = Axiom | Definition | Theorem | Opaque | Quot | InductiveBlock
ConstantInfo = Axiom | Definition | Theorem | Opaque | Quot | InductiveType | Constructor | Recursor
