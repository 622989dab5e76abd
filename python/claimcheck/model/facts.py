"""What the pipeline learns about one Lean declaration: :class:`DeclFacts`.

One record per declaration of a project module (and per library declaration a manifest names),
filled stage by stage: the ``.olean`` reader and the status analysis give its kind, status,
axioms, trusted boundary, fingerprint, printed statement, warnings and lint; the independent
kernel its :class:`KernelVerdict`; the satisfiability search the declaration that shows its
hypotheses can hold. Every output renders these records; none copies them field by field.

A declaration is identified by its module and its :class:`~claimcheck.model.names.Name`: two
project modules that no environment imports together may declare the same name, and each is
judged in its own module's environment.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from claimcheck.model.names import Name

__all__ = [
    "DeclKind",
    "Status",
    "STATUS_ORDER",
    "KernelOutcome",
    "DeclineCode",
    "KernelVerdict",
    "WarningKind",
    "StatementWarning",
    "LintKind",
    "Lint",
    "StatementPart",
    "SourceRange",
    "DependencyAxiom",
    "DeclFacts",
]


class DeclKind(StrEnum):
    """What a declaration is (``ConstantInfo``'s constructor, plus claimcheck's own three)."""

    AXIOM = "axiom"
    DEFINITION = "definition"
    THEOREM = "theorem"
    OPAQUE = "opaque"
    QUOTIENT = "quotient"
    INDUCTIVE = "inductive"
    CONSTRUCTOR = "constructor"
    RECURSOR = "recursor"
    #: a library theorem (or hidden definition) shipped without its value: the trusted boundary
    BOUNDARY = "boundary"
    #: the record of a module that did not build
    MODULE = "module"
    #: asked for and not found (or found only in the source of a module that did not build)
    UNKNOWN = "unknown"


class Status(StrEnum):
    """The proof status of a declaration, read from the ``.olean`` files."""

    PROVED = "proved"
    TRUSTED = "trusted"
    SORRY = "sorry"
    NATIVE = "native"
    #: it is, or rests on, an ``unsafe`` declaration: outside the logic, so never proved, and no axiom
    UNSAFE = "unsafe"
    AXIOM = "axiom"
    MISSING = "missing"
    FAILED = "failed"
    #: its module's outputs were not read: not built, or built from another source (``--no-build``)
    STALE = "stale"


#: Statuses from most to least severe.
STATUS_ORDER = (Status.FAILED, Status.STALE, Status.MISSING, Status.SORRY, Status.NATIVE, Status.UNSAFE, Status.AXIOM,
                Status.TRUSTED, Status.PROVED)


class KernelOutcome(StrEnum):
    """The independent kernel's answer for one declaration.

    - ``checked``: accepted, with everything it uses;
    - ``rejected``: a concrete type error or ill-formed declaration (the reason says where);
    - ``declined``: the check needs something the input does not hold (a constant or a body the
      package does not ship, a feature the kernel does not implement, native evaluation);
    - ``undecided``: the check did not finish (out of fuel) or a dependency was not accepted.
    """

    CHECKED = "checked"
    REJECTED = "rejected"
    DECLINED = "declined"
    UNDECIDED = "undecided"


class DeclineCode(StrEnum):
    """Why the kernel did not decide (the kernel's ``Declined`` codes, by value), for a verdict that is
    declined, or undecided because the check ran out of fuel."""

    UNSUPPORTED = "unsupported"
    MISSING_CONSTANT = "missing-constant"
    MISSING_BODY = "missing-body"
    UNVOUCHED_PRIMITIVE = "unvouched-primitive"
    NATIVE_CODE = "native-code"
    DEPENDS_ON_DECLINED = "depends-on-declined"
    OUT_OF_FUEL = "out-of-fuel"
    TOO_DEEP = "too-deep"
    INTERNAL_ERROR = "internal-error"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class KernelVerdict:
    """A kernel outcome with its reason (empty for ``checked``), the kernel's code when it did not
    decide (:class:`DeclineCode`) and, for a decline, the constant that was missing."""

    outcome: KernelOutcome
    reason: str = ""
    missing: Name | None = None
    code: DeclineCode | None = None

    @property
    def accepted(self) -> bool:
        return self.outcome is KernelOutcome.CHECKED

    def __str__(self) -> str:
        return str(self.outcome) if not self.reason else f"{self.outcome}: {self.reason}"

    @property
    def headline(self) -> str:
        """One line of at most 200 characters (reasons can be long: two types that differ)."""
        text = str(self).splitlines()[0] if str(self) else ""
        return text if len(text) <= 200 else text[:199] + "…"


class WarningKind(StrEnum):
    """Why a printed statement may not read as what was proved (see ``analysis/spoofing.py``)."""

    INSTANCE = "instance"  # a project instance of a library class at library types
    INLINE_INSTANCE = "inline-instance"  # an instance that is not a library instance constant
    SHADOWING = "shadowing"  # a project name that ends with, or looks like, a library name
    CONFUSABLE = "confusable"  # a name whose confusable skeleton (Unicode TR39) is a library name's
    MIXED_SCRIPT = "mixed-script"  # letters of another script than the rest of the name
    INVISIBLE = "invisible"  # an invisible or bidirectional-control character in a name: an error
    PRELUDE = "prelude"  # a module that does not import Init
    TOO_LARGE = "too-large"  # a statement too large to print whole: never shown cut

    @property
    def acknowledgeable(self) -> bool:
        """Whether a manifest may accept it in words (an invisible character, a statement too large
        to show, never)."""
        return self not in (WarningKind.INVISIBLE, WarningKind.TOO_LARGE)


@dataclass(frozen=True, order=True)
class StatementWarning:
    """One reason to distrust a printed statement. ``name`` is what the warning names (the
    instance, the declaration, the module): what a manifest acknowledges; ``found_in`` the
    project declaration it was found in (the declaration itself or one its statement mentions)."""

    kind: WarningKind
    name: Name  # a declaration, or a module (a module's name is a Lean name too)
    message: str
    found_in: Name | None = None


class LintKind(StrEnum):
    """Why a theorem's statement may say nothing."""

    TRIVIAL_CONCLUSION = "trivial-conclusion"  # the conclusion is closed by a trivial proof
    UNSATISFIABLE_HYPOTHESIS = "unsatisfiable-hypothesis"  # a hypothesis can never hold
    CONCLUSION_IS_HYPOTHESIS = "conclusion-is-hypothesis"


@dataclass(frozen=True, order=True)
class Lint:
    """One vacuity finding on a statement; ``hypothesis`` is the 1-based binder it is about."""

    kind: LintKind
    message: str
    hypothesis: int | None = None


@dataclass(frozen=True)
class StatementPart:
    """A piece of a printed statement; ``ref`` is the project constant it shows, if any."""

    text: str
    ref: Name | None = None


@dataclass(frozen=True)
class SourceRange:
    """Where a declaration is in its Lean source (from the build's ``.ilean``): the file relative
    to the project root, 1-based lines and columns; ``line``..``end_line`` spans the declaration,
    ``name_line``/``name_column`` is where its name is."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    name_line: int = 0
    name_column: int = 0


@dataclass(frozen=True, order=True)
class DependencyAxiom:
    """An axiom (``sorryAx`` included) that a declaration reaches through a required package of the
    workspace: the package, the axiom, and the package's declaration that uses it (or is it)."""

    package: str
    axiom: Name
    via: Name

    def __str__(self) -> str:
        how = "" if self.via == self.axiom else f" via {self.via}"
        return f"{self.axiom} (package {self.package}{how})"


@dataclass(frozen=True)
class DeclFacts:
    """Everything claimcheck learnt about one declaration."""

    name: Name
    module: str
    kind: DeclKind
    status: Status
    axioms: tuple[Name, ...] = ()
    #: library constants reached whose proofs were not shipped (trusted, not checked)
    boundary: tuple[Name, ...] = ()
    fingerprint: str | None = None
    #: the printed statement (hijacking instances shown where they act)
    statement: str | None = None
    statement_parts: tuple[StatementPart, ...] = ()
    #: project modules not importing ``Init`` that the declaration's module is or imports
    prelude: tuple[str, ...] = ()
    #: whether its type is a proposition (None: undecided, ``theorem_note`` says why)
    is_theorem: bool | None = None
    theorem_note: str = ""
    #: binders of the statement's telescope, and how many of them are hypotheses (propositions)
    binders: int = 0
    hypotheses: int = 0
    #: of ``hypotheses``, those the conclusion's project definitions hide (``def Stable f := (∀ n, f n
    #: < f n) → …``; not a negation's): a witness discharges them too
    hidden_hypotheses: int = 0
    #: the conjuncts of the conclusion with hypotheses of their own, as the projections a witness
    #: applies (``.1``, ``.2.1``; a branch of an ``if``, whose condition is its hypothesis, as
    #: ``.then``, ``.else``): a witness applies each through them (their hypotheses count in
    #: ``hypotheses``)
    hypothesis_conjuncts: tuple[str, ...] = ()
    lint: tuple[Lint, ...] = ()
    warnings: tuple[StatementWarning, ...] = ()
    #: the independent kernel's verdict (None: not re-checked)
    kernel: KernelVerdict | None = None
    #: a proved project declaration applying this one to closed arguments that discharge every
    #: hypothesis, with ``satisfiable_also`` (None: none found, or no hypothesis to discharge)
    satisfiable_by: Name | None = None
    #: further proved declarations, each applying conjuncts of its conclusion ``satisfiable_by``
    #: does not: together they discharge every hypothesis
    satisfiable_also: tuple[Name, ...] = ()
    #: direct project dependencies (statement and proof), for the report's graphs
    uses: tuple[Name, ...] = ()
    location: SourceRange | None = None
    #: why a record has no data (a module that did not build: its first error)
    note: str = ""
    #: ``unsafe`` declarations it is or reaches (Lean's kernel does not check them: never proved)
    unsafe: tuple[Name, ...] = ()
    #: the required package of the workspace that declares it ("": the project's, or the core library's)
    package: str = ""
    #: the axioms it reaches that come from required packages (not allowed ones), with their package
    dependency_axioms: tuple[DependencyAxiom, ...] = ()

    @property
    def private(self) -> bool:
        """A ``private`` declaration (shown under its user-facing name with a mark)."""
        return self.name.is_private

    @property
    def display_name(self) -> str:
        """The name a user wrote, ``(private)`` marked."""
        return f"{self.name.user_facing} (private)" if self.private else str(self.name)

    @property
    def key(self) -> tuple[str, Name]:
        """The declaration's identity: its module and name."""
        return (self.module, self.name)
