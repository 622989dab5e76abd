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
           "ManifestError", "VersionMismatchError"]


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


class VersionMismatchError(ToolchainError):
    """Outputs written by another Lean than the toolchain at hand: a module's objects are read only
    against the core library of the Lean that wrote them (exit code 3, as every toolchain error)."""

    def __init__(self, path, written_by: str, written_commit: str, installed: str, installed_commit: str, library):
        self.path, self.written_by, self.installed = path, written_by, installed
        same_version = written_by == installed
        wrote = f"Lean {written_by}" + (f" (commit {written_commit[:12]})" if same_version else "")
        have = f"Lean {installed}" + (f" (commit {installed_commit[:12]})" if same_version else "")
        super().__init__(
            f"{path}: written by {wrote}, but the toolchain at hand is {have} (its library: {library}); "
            f"claimcheck reads a project's outputs only against the core library of the Lean that wrote them. "
            f"Either use that Lean (`elan toolchain install leanprover/lean4:v{written_by}`, pin it in the "
            f"project's lean-toolchain, and put its `lean` on PATH or name it with CLAIMCHECK_LEAN), or rebuild "
            f"the outputs with the installed Lean (`claimcheck build`, or `lake build` under {installed})"
        )
