"""Running a project's companion in its own process (see :mod:`claimcheck.companion`)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import sys
from pathlib import Path

from typing import TYPE_CHECKING

from claimcheck.errors import ConfigError
from claimcheck.model.evidence import InstanceOutcome, InstanceResult
from claimcheck.model.names import Name

if TYPE_CHECKING:
    from claimcheck.companion.protocol import InstanceAnswer, InstanceRequest, Request, Response
    from claimcheck.analysis.cross_check import InstanceTheorem
    from claimcheck import sandbox

__all__ = ["CompanionError", "SandboxUnavailable", "companion_digest", "instance_requests", "instance_results",
           "load_own_code", "run", "sandbox_mode"]


class CompanionError(ConfigError):
    """The companion could not be loaded or did not answer (exit code 2)."""


def companion_digest(modules: list[str], root: Path) -> str | None:
    """A digest of the companion's source: every ``.py`` file of the top-level package (or module)
    of each module named, found on the companion process's path (the project root, then this
    interpreter's) without importing it. None when one cannot be found: nothing it computes is
    reused then."""
    import hashlib

    from claimcheck import files

    d = hashlib.sha256()
    for name in sorted(set(modules)):
        top = name.split(".")[0]
        for entry in [str(root), *sys.path]:
            base = Path(entry or ".") / top
            if (base / "__init__.py").is_file():
                found = sorted(base.rglob("*.py"))
                break
            if base.with_suffix(".py").is_file():
                found = [base.with_suffix(".py")]
                break
        else:
            return None
        d.update(name.encode() + b"\0")
        for path in found:
            # the project's own files are read only inside it (a link out is refused by name)
            folder = root if entry == str(root) else path.parent
            d.update(path.as_posix().encode() + b"\0" + files.read_bytes(folder, path, "the companion's module"))
    return d.hexdigest()


#: The supervisor's start: the module search path it is given (never the project's folder, so no
#: project file can stand in for claimcheck's own modules), then `child.main`.
_BOOT = ("import json, sys; sys.path[:] = json.loads(sys.argv[1])['path'];"
         " from claimcheck.companion.child import main; sys.exit(main(sys.argv[1:]))")
#: The default time limit of a companion run (seconds; `[companion] timeout` in claimcheck.toml).
DEFAULT_TIMEOUT = 600.0


class SandboxUnavailable(CompanionError):
    """No OS sandbox is available and the user did not ask to run companion code without one."""


def load_own_code() -> None:
    """Import every module of claimcheck before any project code runs: a companion that could
    change a claimcheck file (it cannot, in its sandbox; it can when run unsandboxed at the user's
    request) still changes nothing this run executes."""
    import importlib
    import pkgutil

    import claimcheck

    for info in pkgutil.walk_packages(claimcheck.__path__, "claimcheck."):
        if info.name not in sys.modules and not info.name.endswith(".__main__"):  # a command, not a module
            try:
                importlib.import_module(info.name)
            except ImportError:  # an optional extra's module (its dependency is not installed)
                pass


def _child_path(root: Path) -> list[str]:
    """This interpreter's module search path without the project's folder (nor the current one):
    the supervisor finds claimcheck where this process found it."""
    own = {os.path.realpath(root), os.path.realpath(os.getcwd())}
    return [p for p in sys.path if p and os.path.realpath(p) not in own]


def policy(root: Path, home: Path, kind: "sandbox.Kind", timeout: float) -> "sandbox.Policy":
    """What the companion may touch: read the project, this Python and the system's libraries;
    write ``home``."""
    from claimcheck import sandbox

    read = {os.path.realpath(root), *sandbox.python_paths(_child_path(root))}
    read |= {os.path.realpath(p) for p in sandbox.SYSTEM_READ if os.path.exists(p)}
    return sandbox.Policy(tuple(sorted(read)), os.path.realpath(home), timeout, kind)


def sandbox_mode(unsandboxed: bool = False) -> "sandbox.Kind | None":
    """How companion code runs here: the sandbox chosen, ``Kind.NONE`` when there is none and the
    user asked to run it anyway, None when there is none and nobody asked (it does not run)."""
    from claimcheck import sandbox

    try:
        kind = sandbox.choose()
    except sandbox.SandboxError as exc:
        raise CompanionError(str(exc)) from exc
    if kind is sandbox.Kind.NONE and not sandbox.unsandboxed_requested(unsandboxed):
        return None
    return kind


def run(request: Request, cwd: Path, timeout: float = DEFAULT_TIMEOUT, mode: "sandbox.Kind | None" = None
        ) -> Response:
    """Run the companion on ``request`` in its sandbox (``mode``: :func:`sandbox_mode`'s answer,
    found when not given), with ``cwd`` (the project root) as its folder, and return its response.
    No sandbox and no request to run without one is :class:`SandboxUnavailable`; a companion that
    cannot be loaded, crashes, runs past ``timeout`` seconds or answers nonsense is a
    :class:`CompanionError` (with the tail of what it printed)."""
    from claimcheck import sandbox

    if mode is None:
        mode = sandbox_mode()
        if mode is None:
            raise SandboxUnavailable(
                "companion code not run: no OS sandbox is available here (Landlock or bubblewrap);"
                " pass --unsandboxed-companion (or set CLAIMCHECK_UNSANDBOXED_COMPANION=1) to run it unsandboxed")
    load_own_code()
    with tempfile.TemporaryDirectory(prefix="claimcheck-companion-") as home:
        rules = policy(cwd, Path(home), mode, timeout)
        setup = {"path": _child_path(cwd), "policy": rules.to_json(), "project": os.path.realpath(cwd)}
        cmd = [sys.executable, "-I", "-B", "-c", _BOOT, json.dumps(setup)]
        if mode is sandbox.Kind.BUBBLEWRAP:
            cmd = [*sandbox.bubblewrap_command(rules, os.path.realpath(cwd)), "--", *cmd]
        try:
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, cwd=cwd, env=companion_environment(Path(home)), start_new_session=True)
        except OSError as exc:
            raise CompanionError(f"cannot start the companion's process: {exc}") from exc
        try:
            stdout, stderr = proc.communicate(json.dumps(request.to_json()), timeout=timeout + 60)
        except subprocess.TimeoutExpired as exc:  # the supervisor's own limit failed: end its group
            try:
                os.killpg(proc.pid, 9)
            except ProcessLookupError:
                pass
            proc.communicate()
            raise CompanionError(f"the companion did not answer within {timeout:g} s") from exc
    tail = "\n".join(stderr.strip().splitlines()[-5:])
    try:
        envelope = json.loads(stdout)
        if not isinstance(envelope, dict):
            raise ValueError("not an object")
    except ValueError as exc:
        raise CompanionError(f"the companion's process ended (exit {proc.returncode}) without an answer"
                             + (f":\n{tail}" if tail else "")) from exc
    if envelope.get("error"):
        raise CompanionError(str(envelope["error"]))
    if envelope.get("timed_out"):
        raise CompanionError(f"the companion did not finish within {timeout:g} s and was stopped (the limit is"
                             " `[companion] timeout` in claimcheck.toml)")
    try:
        data = json.loads(str(envelope.get("answer") or ""))
    except ValueError as exc:
        raise CompanionError(f"the companion's process ended (exit {envelope.get('exit')}) without an answer"
                             + (f":\n{tail}" if tail else "")) from exc
    if isinstance(data, dict) and "sandbox_error" in data:
        raise CompanionError(f"the companion's sandbox ({mode}) could not be set up: {data['sandbox_error']}")
    from claimcheck.companion.protocol import ProtocolError, Response

    try:
        response = Response.from_json(data)
    except ProtocolError as exc:
        raise CompanionError(f"the companion answered nonsense ({exc})" + (f":\n{tail}" if tail else "")) from exc
    if response.error is not None:
        raise CompanionError(response.error)
    return response


#: Variables passed on to the companion (the rest of the user's environment, its tokens and
#: credentials included, is not): the locale, the time zone, the numeric libraries' thread counts.
_PASSED = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "TZ", "OMP_NUM_THREADS",
           "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS", "SOURCE_DATE_EPOCH")
#: Variables that point a process at the user's own folders (claimcheck's caches and key, the
#: toolchains, configuration): the companion's process gets its temporary folder instead.
_USER_FOLDERS = ("HOME", "TMPDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                 "CLAIMCHECK_CACHE_DIR", "CLAIMCHECK_CACHE_KEY_FILE", "CLAIMCHECK_TOOLCHAIN_DIR")


def companion_environment(home: Path) -> dict[str, str]:
    """The companion's environment: the few variables of :data:`_PASSED` from the user's, and every
    folder a process keeps records in pointed into ``home`` (its temporary folder, the one it can
    write)."""
    env = {k: os.environ[k] for k in _PASSED if k in os.environ}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for var in _USER_FOLDERS:
        env[var] = str(home) if var in ("HOME", "TMPDIR") else str(home / var.lower())
    return env


def instance_requests(theorems: list["InstanceTheorem"]) -> tuple[list[InstanceRequest], list[list]]:
    """The companion's instance requests (ids are the theorems' positions) and the term table."""
    from claimcheck.companion.protocol import InstanceRequest, encode_terms

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
