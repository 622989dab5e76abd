"""Running a project's companion in its own process (see :mod:`claimcheck.companion`)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import sys
from pathlib import Path

from typing import TYPE_CHECKING

from claimcheck.companion.protocol import InstanceAnswer, InstanceRequest, ProtocolError, Request, Response, encode_terms
from claimcheck.errors import ConfigError
from claimcheck.model.evidence import InstanceOutcome, InstanceResult
from claimcheck.model.names import Name

if TYPE_CHECKING:
    from claimcheck.analysis.cross_check import InstanceTheorem

__all__ = ["CompanionError", "companion_digest", "instance_requests", "instance_results", "run"]


class CompanionError(ConfigError):
    """The companion could not be loaded or did not answer (exit code 2)."""


def companion_digest(modules: list[str], root: Path) -> str | None:
    """A digest of the companion's source: every ``.py`` file of the top-level package (or module)
    of each module named, found on the companion process's path (the project root, then this
    interpreter's) without importing it. None when one cannot be found: nothing it computes is
    reused then."""
    import hashlib

    d = hashlib.sha256()
    for name in sorted(set(modules)):
        top = name.split(".")[0]
        for entry in [str(root), *sys.path]:
            base = Path(entry or ".") / top
            if (base / "__init__.py").is_file():
                files = sorted(base.rglob("*.py"))
                break
            if base.with_suffix(".py").is_file():
                files = [base.with_suffix(".py")]
                break
        else:
            return None
        d.update(name.encode() + b"\0")
        for path in files:
            d.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return d.hexdigest()


def run(request: Request, cwd: Path, timeout: float | None = None) -> Response:
    """Start the companion's process in ``cwd`` (the project root), send ``request``, return its
    response. A companion that cannot be loaded, crashes or answers nonsense is a
    :class:`CompanionError` (with the tail of what it printed)."""
    with tempfile.TemporaryDirectory(prefix="claimcheck-companion-") as home:
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "claimcheck.companion.child"],
                input=json.dumps(request.to_json()), capture_output=True, text=True, cwd=cwd,
                env=companion_environment(Path(home)), timeout=timeout,
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


#: Variables that point a process at the user's own folders (claimcheck's caches and key, the
#: toolchains, configuration): the companion's process gets a temporary folder instead.
_USER_FOLDERS = ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                 "CLAIMCHECK_CACHE_DIR", "CLAIMCHECK_CACHE_KEY_FILE", "CLAIMCHECK_TOOLCHAIN_DIR")


def companion_environment(home: Path) -> dict[str, str]:
    """The companion's environment: the user's, with every folder claimcheck keeps its records in
    pointed at ``home`` (a temporary folder). Defence in depth only: the process runs as the user,
    and code running as the user can reach any file by its path (README, "What claimcheck trusts")."""
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for var in _USER_FOLDERS:
        env[var] = str(home / var.lower())
    return env


def instance_requests(theorems: list["InstanceTheorem"]) -> tuple[list[InstanceRequest], list[list]]:
    """The companion's instance requests (ids are the theorems' positions) and the term table."""
    table, roots = encode_terms([term for _f, term in theorems])
    return [InstanceRequest(str(i), root) for i, root in enumerate(roots)], table


def instance_results(theorems: list["InstanceTheorem"], answers: list[InstanceAnswer]
                     ) -> dict[tuple[str, Name], InstanceResult]:
    """The companion's answers as the model's results, by (module, name); a theorem the companion
    did not answer for is not cross-checked."""
    by_id = {a.decl: a for a in answers}
    out = {}
    for i, (f, _term) in enumerate(theorems):
        a = by_id.get(str(i))
        statement = f.statement or ""
        if a is None or a.outcome not in {str(o) for o in InstanceOutcome}:
            out[f.key] = InstanceResult(f.name, statement, "", "", InstanceOutcome.NOT_CROSS_CHECKED,
                                        "the companion gave no answer")
            continue
        out[f.key] = InstanceResult(f.name, statement, a.lean_value, a.python_value, InstanceOutcome(a.outcome),
                                    a.detail)
    return out
