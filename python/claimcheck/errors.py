"""One error type, with the exit code each error means: the CLI turns a :class:`ClaimcheckError`
into its :class:`ExitCode` in one place (:func:`claimcheck.cli.main`).

Exit codes: 0 success; 1 the work ran and found a failure (a module failed to build, a claim does
not hold, a declaration is missing); 2 bad input or configuration (a manifest, ``claimcheck.toml``,
imports, an ``.olean`` file that cannot be read, a companion that cannot be loaded); 3 no usable
toolchain; 130 interrupted.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitCode", "ClaimcheckError", "ConfigError", "ToolchainError", "ModuleGraphError", "OleanError",
           "ManifestError"]


class ExitCode(IntEnum):
    """What a ``claimcheck`` command's exit status means."""

    SUCCESS = 0
    #: the work ran and found a failure
    FAILURE = 1
    #: bad input or configuration
    BAD_INPUT = 2
    #: no usable Lean toolchain
    NO_TOOLCHAIN = 3
    INTERRUPTED = 130

    @classmethod
    def of(cls, ok: bool) -> "ExitCode":
        """SUCCESS when the work found nothing wrong, FAILURE otherwise."""
        return cls.SUCCESS if ok else cls.FAILURE


class ClaimcheckError(Exception):
    """Base of every error claimcheck reports to a user: a message a user can act on, and the exit
    code it means (``BAD_INPUT`` unless a subclass says otherwise)."""

    exit_code: ExitCode = ExitCode.BAD_INPUT
    #: what the CLI writes before the message
    heading = ""

    def report(self) -> str:
        """The lines the CLI writes on stderr."""
        return f"claimcheck: {self.heading}{self}"


class ConfigError(ClaimcheckError):
    """A project's configuration (``claimcheck.toml``, folders) is invalid."""


class ToolchainError(ClaimcheckError):
    """No usable Lean toolchain, or installing one failed."""

    exit_code = ExitCode.NO_TOOLCHAIN
    heading = "toolchain: "


class ModuleGraphError(ClaimcheckError):
    """The Lean modules' imports cannot be resolved or ordered (unknown import, cycle)."""


class OleanError(ClaimcheckError):
    """An ``.olean`` file that the reader (:mod:`claimcheck.olean.reader`) cannot decode with certainty."""


class ManifestError(ClaimcheckError):
    """All problems found in one or more manifests (``issues``: each with its file and line, see
    :class:`claimcheck.claims.manifest.Issue`), one per line in ``str()``."""

    heading = "invalid manifests:\n"

    def __init__(self, issues: list):
        self.issues = list(issues)
        super().__init__("\n".join(str(i) for i in self.issues))
