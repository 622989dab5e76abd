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


class OleanError(Exception):
    """An ``.olean`` file that the reader (:mod:`claimcheck.olean.reader`) cannot decode with certainty."""


class ManifestError(Exception):
    """All problems found in one or more manifests (``issues``: each with its file and line, see
    :class:`claimcheck.claims.manifest.Issue`), one per line in ``str()``; exit code 2."""

    def __init__(self, issues: list):
        self.issues = list(issues)
        super().__init__("\n".join(str(i) for i in self.issues))
