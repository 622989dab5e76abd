"""Running a project's companion in its own process (see :mod:`claimcheck.companion`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from claimcheck.companion.protocol import ProtocolError, Request, Response
from claimcheck.errors import ConfigError

__all__ = ["CompanionError", "run"]


class CompanionError(ConfigError):
    """The companion could not be loaded or did not answer (exit code 2)."""


def run(request: Request, cwd: Path, timeout: float | None = None) -> Response:
    """Start the companion's process in ``cwd`` (the project root), send ``request``, return its
    response. A companion that cannot be loaded, crashes or answers nonsense is a
    :class:`CompanionError` (with the tail of what it printed)."""
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "claimcheck.companion.child"],
            input=json.dumps(request.to_json()), capture_output=True, text=True, cwd=cwd, env=env,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        raise CompanionError(f"the companion did not answer within {timeout:g} s") from exc
    except OSError as exc:
        raise CompanionError(f"cannot start the companion's process: {exc}") from exc
    try:
        response = Response.from_json(json.loads(proc.stdout))
    except (ValueError, ProtocolError) as exc:
        tail = "\n".join(proc.stderr.strip().splitlines()[-5:])
        raise CompanionError(f"the companion's process ended (exit {proc.returncode}) without an answer"
                             + (f":\n{tail}" if tail else "")) from exc
    if response.error is not None:
        raise CompanionError(response.error)
    return response
