"""A native ``lake``: found beside the native ``lean`` claimcheck uses, asked what a
``lakefile.lean`` says (``lake translate-config toml``) and, when the toolchain is native, asked to
build (:func:`lake_build`).

``lake translate-config toml OUT`` (Lake of every Lean claimcheck reads) elaborates the package's
``lakefile.lean`` and writes its declarative configuration as TOML; claimcheck reads that file
(:mod:`claimcheck.lake.toml_file`), so a ``lakefile.lean`` means what lake says it means, never
what claimcheck guesses. It runs the lakefile as lake does, with the user's own lake.

A lakefile is a Lean program and ``lake build`` runs the project's Lean code (macros, ``#eval``,
``initialize``): every ``lake`` claimcheck starts runs confined like the wasm build's ``lean``
(:func:`lake_command`): it reads the package folders, the toolchain (and the elan folder it lives
in) and the system's libraries, writes only the packages' ``.lake`` folders and a temporary
folder, and opens no socket (a package lake would have to download is reported missing instead;
fetch packages first with ``lake update`` or ``lake exe cache get``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from claimcheck import sandbox
from claimcheck.lake.config import LakeConfig, LakefileError

__all__ = ["find_lake", "lake_command", "translate_config", "TRANSLATED"]

TRANSLATED = "lake translate-config"
#: How long asking lake may take (it elaborates the lakefile: a native Lean start and the file).
LAKE_TIMEOUT = 900


def find_lake(lean: str | Path | None = None) -> Path | None:
    """The ``lake`` beside ``lean`` (a native toolchain's ``bin``), else ``lake`` beside
    ``$CLAIMCHECK_LEAN``, else the one on ``PATH``; None when there is none."""
    candidates: list[Path] = []
    for exe in (lean, os.environ.get("CLAIMCHECK_LEAN")):
        if exe:
            candidates.append(Path(exe).parent / "lake")
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    found = shutil.which("lake")
    return Path(found) if found else None


def lake_command(lake: Path, args: list[str], folders: list[Path], scratch: Path,
                 toolchains: Sequence[Path] = ()) -> list[str]:
    """``lake ARGS`` confined (:func:`claimcheck.sandbox.confined_command`, with the build's sandbox
    :func:`claimcheck.sandbox.build_kind`): reading ``folders`` (the packages), ``toolchains``, the
    toolchain ``lake`` belongs to (an elan proxy's whole elan folder) and the system's libraries;
    writing only each folder's ``.lake`` and ``scratch``."""
    kind = sandbox.build_kind()
    if kind is sandbox.Kind.NONE:
        return [str(lake), *args]
    prefix = Path(os.path.realpath(lake)).parent.parent
    write = [scratch]
    for folder in folders:
        (folder / ".lake").mkdir(parents=True, exist_ok=True)
        write.append(folder / ".lake")
    read = [*map(str, folders), *map(str, toolchains), str(prefix)]
    return sandbox.confined_command([str(lake), *args], read, [*map(str, write)], kind, str(folders[0]))


def translate_config(lake: Path, lakefile: Path) -> LakeConfig:
    """The package configuration of ``lakefile`` (a ``lakefile.lean``) as ``lake`` reads it."""
    from claimcheck.lake.toml_file import read_toml

    folder = lakefile.parent
    with tempfile.TemporaryDirectory(prefix="claimcheck-lake-") as tmp:
        out = Path(tmp) / "lakefile.toml"
        cmd = lake_command(lake, ["translate-config", "toml", str(out)], [folder], Path(tmp))
        try:
            proc = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=LAKE_TIMEOUT,
                                  env=dict(os.environ, TMPDIR=tmp))
        except (OSError, subprocess.SubprocessError) as exc:
            raise LakefileError(f"{lakefile}: `{lake} translate-config toml` did not run: {exc}") from exc
        if proc.returncode != 0 or not out.is_file():
            tail = "\n".join((proc.stdout + "\n" + proc.stderr).strip().splitlines()[-15:])
            raise LakefileError(f"{lakefile}: lake could not read it (`lake translate-config toml`, exit "
                                f"{proc.returncode}):\n{tail}")
        config = read_toml(out, read_by=TRANSLATED)
    # lines of the translated file mean nothing in the user's lakefile.lean
    return replace(config, file=lakefile,
                   libs=tuple(replace(lib, line=0) for lib in config.libs),
                   exes=tuple(replace(exe, line=0) for exe in config.exes),
                   requires=tuple(replace(req, line=0) for req in config.requires))

