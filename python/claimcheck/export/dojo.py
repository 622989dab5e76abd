"""Hand a declaration to LeanDojo for interactive proving, where LeanDojo can run.

LeanDojo (the optional extra ``claimcheck[dojo]``, package ``lean-dojo``) traces a project with a
native Lean 4 and ``lake`` and runs tactics in it; it identifies a theorem by the project's git
``url`` and ``commit``, its file and its full name. :func:`missing` says what this machine lacks
for that (the extra, ``lake``, a native ``lean``, a git checkout with a commit and a remote);
:func:`interact` opens a Dojo on the theorem, prints its initial goal and runs the tactics read
from ``tactics`` (one a line), printing each new state, until the proof is finished or the input
ends. Neither the wasm toolchain nor this module's absence of LeanDojo affects any other command.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from claimcheck.errors import ToolchainError
from claimcheck.export.leandojo import git_origin

NEEDS = ("LeanDojo needs: pip install 'claimcheck[dojo]', a native Lean 4 toolchain with `lake` on PATH "
         "(elan), and the project in a git checkout with a remote and a commit")


def _native_lean() -> bool:
    lean = shutil.which("lean")
    if lean is None:
        return False
    try:
        done = subprocess.run([lean, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0 and "wasm" not in done.stdout


def missing(root: Path) -> list[str]:
    """What this machine lacks for LeanDojo (empty: everything is there)."""
    lacks = []
    if importlib.util.find_spec("lean_dojo") is None:
        lacks.append("the lean-dojo package")
    if shutil.which("lake") is None:
        lacks.append("`lake`")
    if not _native_lean():
        lacks.append("a native `lean`")
    url, commit = git_origin(root)
    if url is None or commit is None:
        lacks.append("a git remote and commit")
    return lacks


def check_available(root: Path) -> tuple[str, str]:
    """The project's (url, commit), or :class:`ToolchainError` with one line saying what is needed."""
    lacks = missing(root)
    if lacks:
        raise ToolchainError(f"{NEEDS}; missing here: {', '.join(lacks)}")
    url, commit = git_origin(root)
    assert url is not None and commit is not None
    return url, commit


def interact(root: Path, file_path: str, full_name: str, tactics: Iterable[str], out: TextIO) -> bool:
    """Run ``tactics`` on the theorem in LeanDojo; True when they finish the proof."""
    url, commit = check_available(root)
    import lean_dojo  # the optional extra; check_available made sure it is there

    repo = lean_dojo.LeanGitRepo(url, commit)
    theorem = lean_dojo.Theorem(repo, file_path, full_name)
    with lean_dojo.Dojo(theorem) as (dojo, state):
        print(state.pp, file=out)
        for tactic in tactics:
            tactic = tactic.strip()
            if not tactic:
                continue
            result = dojo.run_tac(state, tactic)
            if isinstance(result, lean_dojo.ProofFinished):
                print("proof finished", file=out)
                return True
            if isinstance(result, lean_dojo.TacticState):
                state = result
                print(state.pp, file=out)
            else:
                print(f"error: {getattr(result, 'error', result)}", file=out)
    return False
