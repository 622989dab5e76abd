"""Exceptions with messages a user can act on; the CLI turns them into exit codes."""


class ClaimcheckError(Exception):
    """Base of every error claimcheck reports to a user (exit code 2 unless a subclass says otherwise)."""

    exit_code = 2


class ConfigError(ClaimcheckError):
    """A project's configuration (``claimcheck.toml``, folders) is invalid."""


class ToolchainError(ClaimcheckError):
    """No usable Lean toolchain, or installing one failed."""


class ModuleGraphError(ClaimcheckError):
    """The Lean modules' imports cannot be resolved or ordered (unknown import, cycle)."""
