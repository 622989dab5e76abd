"""What the gate reads beside the build, the facts and the companion's results, as digests for the
key of a reused gate (issue 41): the manifests' bytes, the cited source texts, ``formalization.yaml``,
the project's settings (``claimcheck.toml`` and every field it resolved to), the Lean files under
the sources folder (a module the roots do not reach is a finding), and which files under the build
folder git tracks.

Each file is named by its path and where it resolves (a link out of the project is refused by the
gate, so it enters the key by where it points, and is never read here), and read whole when it is a
regular file inside the project; anything else enters the key as what it is. A change to any of
these makes another key: the gate runs again, nothing is reused.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from claimcheck.cache import digest
from claimcheck.project import Project

__all__ = ["GateInputs", "gate_inputs", "manifest_inputs"]

#: ``formalization.yaml``, as :mod:`claimcheck.claims.formalization` names it.
FORMALIZATION = "formalization.yaml"
CONFIG = "claimcheck.toml"


@dataclass(frozen=True)
class GateInputs:
    """The digests of what the gate reads of the project's files (see the module docstring)."""

    manifests: str  # the manifests and the cited source texts (what loading and checking them reads)
    rest: str  # formalization.yaml, the settings, the Lean files' listing, the build files git tracks


def _file(root: Path, path: Path) -> str:
    """A file as a key part: its path, where it resolves, and its bytes (a regular file inside
    ``root``) or what it is (absent, a folder, a link out, something else)."""
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError) as exc:  # a loop of links
        return f"{path}\0unresolvable\0{type(exc).__name__}"
    head = f"{path}\0{resolved}\0"
    if not resolved.is_relative_to(root.resolve()):
        return head + "outside"
    try:
        st = os.stat(resolved)
    except OSError as exc:
        return head + f"absent\0{exc.errno}"
    if not stat.S_ISREG(st.st_mode):
        return head + f"mode\0{st.st_mode:o}"
    try:
        with open(resolved, "rb") as f:
            return head + digest(f.read())
    except OSError as exc:
        return head + f"unreadable\0{exc.errno}"


def _listing(root: Path, folder: Path | None, pattern: str) -> list[str]:
    if folder is None:
        return ["none"]
    if not folder.is_dir():
        return [f"{folder}\0not a folder"]
    return [_file(root, p) for p in sorted(folder.glob(pattern))]


def manifest_inputs(project: Project) -> str:
    """The manifests (every ``*.yaml`` of the manifests folder) and the cited texts (every ``*.txt``
    of the sources folder, when one is named)."""
    root = project.root
    return digest("manifests", str(root), str(project.manifests_dir),
                  *_listing(root, project.manifests_dir, "*.yaml"), "sources", str(project.sources_dir),
                  *_listing(root, project.sources_dir, "*.txt"))


def _canonical(value: object, depth: int = 0) -> object:
    """``value`` as JSON-like data whose text is the same in every process (sets sorted; a value of
    no known kind by its ``repr``, which at worst makes every key another one)."""
    if depth > 8:
        return repr(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return sorted(str(_canonical(v, depth + 1)) for v in value)
    if isinstance(value, (list, tuple)):
        return [_canonical(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return sorted((str(k), _canonical(v, depth + 1)) for k, v in value.items())
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value) if isinstance(value, Path) else repr(value)


def _lean_files(project: Project) -> list[str]:
    """Every ``.lean`` file under the sources folder, by path and status (what a module the roots
    do not reach is reported by; its content is the build's, for the modules it builds)."""
    out = []
    for path in sorted(project.src_dir.rglob("*.lean")):
        try:
            st = os.stat(path)
            out.append(f"{path}\0{path.resolve()}\0{st.st_ino}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}")
        except (OSError, RuntimeError) as exc:
            out.append(f"{path}\0{type(exc).__name__}")
    return out


def gate_inputs(project: Project, tracked_build_files: list[str]) -> GateInputs:
    """The digests of what the gate reads of the project's files (``tracked_build_files``: the files
    under the build folder git tracks, as the project-level check finds them)."""
    root = project.root
    rest = digest("rest", _file(root, root / FORMALIZATION), _file(root, root / CONFIG),
                  repr(_canonical(project)), *_lean_files(project), "tracked", *tracked_build_files)
    return GateInputs(manifest_inputs(project), rest)
