"""A native ``lake``: found beside the native ``lean`` claimcheck uses, asked what a
``lakefile.lean`` says (``lake translate-config toml``) and, when the toolchain is native, asked to
build (:func:`lake_build`).

``lake translate-config toml OUT`` (Lake of every Lean claimcheck reads) elaborates the package's
``lakefile.lean`` and writes its declarative configuration as TOML; claimcheck reads that file
(:mod:`claimcheck.lake.toml_file`), so a ``lakefile.lean`` means what lake says it means, never
what claimcheck guesses. It runs the lakefile as lake does, with the user's own lake.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from claimcheck.lake.config import LakeConfig, LakefileError

__all__ = ["find_lake", "translate_config", "TRANSLATED"]

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


def translate_config(lake: Path, lakefile: Path) -> LakeConfig:
    """The package configuration of ``lakefile`` (a ``lakefile.lean``) as ``lake`` reads it."""
    from claimcheck.lake.toml_file import read_toml

    folder = lakefile.parent
    with tempfile.TemporaryDirectory(prefix="claimcheck-lake-") as tmp:
        out = Path(tmp) / "lakefile.toml"
        cmd = [str(lake), "translate-config", "toml", str(out)]
        try:
            proc = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=LAKE_TIMEOUT)
        except (OSError, subprocess.SubprocessError) as exc:
            raise LakefileError(f"{lakefile}: `{' '.join(cmd)}` did not run: {exc}") from exc
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

