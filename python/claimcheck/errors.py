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
