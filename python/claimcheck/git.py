"""git on a project's repository, without running what the repository configures.

A repository's own configuration (``.git/config`` and the files it includes) can name programs that
git runs on its own: ``core.fsmonitor`` runs on ``git ls-files`` and ``git status``, hooks run on
some commands, a pager on others. A project folder shipped with its ``.git`` (an archive of a
paper's code) would run them as the user when claimcheck asks git which build files are tracked or
reads manifests at a base revision. Every git claimcheck runs goes through :func:`run`, which turns
them off on the command line (a ``-c`` setting wins over every configuration file) and never opens
a terminal.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

__all__ = ["SAFE", "run"]

#: Settings that override what the repository configures: no file-system monitor program, no hooks,
#: no pager, no network protocol.
SAFE = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
        "-c", "protocol.allow=never")


def run(folder: Path | str, *args: str, timeout: float | None = 30) -> subprocess.CompletedProcess[str]:
    """``git -C folder ARGS`` with :data:`SAFE`, its output captured as text (``OSError`` when git
    is not installed, ``subprocess.TimeoutExpired`` after ``timeout`` seconds)."""
    return subprocess.run(["git", *SAFE, "-C", str(folder), *args], capture_output=True, text=True,
                          timeout=timeout, check=False, stdin=subprocess.DEVNULL)
