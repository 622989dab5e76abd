"""``claimcheck init``: scaffold a new project that claimcheck can build, check and report.

The project has the files a user edits: ``claimcheck.toml``, ``lean-toolchain`` (the version the
registry toolchain provides), ``lakefile.lean`` (for users with a native Lean and lake), one Lean
module with a theorem and an instance theorem (a concrete case proved by ``decide``), one manifest claiming the theorem, a
``manifests/README.md`` about writing the manifest of *this* paper, and a ``.gitignore`` for the
build and report outputs. When the folder is not inside a git repository, ``init`` makes one (``git
init``), so that ``claimcheck diff --base`` works from the first commit. It loads none of this
repository's ML-theory content: no witness or instance companion is named.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import shutil
import subprocess

from claimcheck.errors import ConfigError

#: The toolchain pin written to new projects: the version the registry (wasm) toolchain provides.
TOOLCHAIN_PIN = "leanprover/lean4:v4.28.0"


def library_name(folder: Path) -> str:
    """An ``UpperCamelCase`` Lean library name from a folder name (``my-paper`` -> ``MyPaper``)."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", folder.name) if w]
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Paper"
    return name if name[0].isalpha() else "P" + name


def _files(lib: str, slug: str) -> dict[str, str]:
    return {
        "claimcheck.toml": f'''# claimcheck project settings (see the claimcheck README).
[lean]
src = "lean"
roots = ["{lib}"]

[status]
allowed_axioms = ["propext", "Classical.choice", "Quot.sound"]

[manifests]
dir = "manifests"
# sources = "sources"   # optional: a folder of source texts to check citations against

# Optional companion modules of your own (importable Python):
# [witnesses]
# modules = ["mypaper.witnesses"]    # numerical witnesses: a REGISTRY of id -> check
# [instances]
# modules = ["mypaper.semantics"]    # Python meanings of your Lean definitions
# strict = false                     # true: an instance theorem (proved by `decide`) not cross-checked fails the gate
''',
        "lean-toolchain": TOOLCHAIN_PIN + "\n",
        ".gitignore": "# claimcheck's outputs: rebuilt from the sources, never committed\n/build/\n/report/\n"
                      "/.lake/\n",
        "manifests/README.md": f'''# The claims of your paper

`{slug}.yaml` lists the main claims of your paper, one entry each, and says for each what backs it:

- `label`: what the paper says the claim is: `theorem` (proved in the paper), `conditional`
  (proved under the hypotheses you list), `measurement` (an empirical finding) or `conjecture`.
- `formal`: the Lean declarations that formalise it (`decl`, the full Lean name as Lean writes it),
  with `coverage`: `full` when the Lean states the paper's claim, `special-case` (it states the
  claim for part of its cases), `proof-core` (it proves a step of the claim's proof, not the claim)
  or `reconstruction` (the project's model of what the paper leaves unsaid), and a `coverage_note`
  saying what the Lean leaves out. Or
  `formal: none` with a `reason` (`empirical`, `needs-real-analysis`, `out-of-scope`,
  `not-yet-formalised`) and a `note`.
- `fingerprint`: the reviewed statement. After you review a new or changed statement, run
  `claimcheck check --update-fingerprints`; when a statement changes in a pull request, record the
  review on the entry: `reviewed: {{fingerprint: <the new one>, note: <why the claim still holds>}}`.
- a theorem with hypotheses counts only when some proved declaration applies it to concrete
  arguments (say `theorem foo_satisfiable : Q 3 := foo 3 (by decide)`), so that its hypotheses are
  shown satisfiable; claimcheck finds it in the build, or name it on the entry with
  `satisfied_by: {lib}.foo_satisfiable`. Data binders such as `(n : Nat)` are no hypothesis: a
  `conditional` claim whose theorem has none is flagged for review.
- cite the paper with `arxiv:` or `url:` (or `sources:`, its abstract in a text file of yours).

The whole format, and the gate's rules: claimcheck's `manifests/README.md` and `README.md`;
writing witnesses and Python meanings of your definitions: its `docs/authors.md`.

`claimcheck validate` checks this file in seconds; `claimcheck all` builds the Lean, checks every
claim and writes the report.
''',
        "lakefile.lean": f'''import Lake
open Lake DSL

/-! Lake build for users with a native Lean (elan): the same library `claimcheck build` builds. -/

package {slug.replace("-", "_")} where

@[default_target]
lean_lib {lib} where
  srcDir := "lean"
''',
        f"lean/{lib}.lean": f'''module

public import {lib}.Basic

/-!
# {lib}

Root of the `{lib}` library: it imports every module of the library.
-/
''',
        f"lean/{lib}/Basic.lean": f'''module

public section

/-!
# A first lemma

Replace this with the core lemma of your paper. `claimcheck all` builds it, reads its proof
status and axioms from the build, and checks the claim in `manifests/{slug}.yaml`.
-/

namespace {lib}

/-- The sum of the first `n` odd numbers. -/
def oddSum : Nat → Nat
  | 0 => 0
  | n + 1 => oddSum n + (2 * n + 1)

/-- The sum of the first `n` odd numbers is `n ^ 2`. -/
theorem oddSum_eq_sq (n : Nat) : oddSum n = n ^ 2 := by
  induction n with
  | zero => rfl
  | succ n ih =>
    rw [oddSum, ih, Nat.pow_two, Nat.pow_two, Nat.add_mul, Nat.mul_add, Nat.mul_one, Nat.one_mul]
    omega

/-- A concrete instance, checked by the kernel. -/
theorem oddSum_instance_five : oddSum 5 = 25 := by decide +kernel

end {lib}
''',
        f"manifests/{slug}.yaml": f'''id: {slug}
title: The paper's title, in your words
# Cite the paper (the report says "not cited yet" until you do; see manifests/README.md):
# arxiv: "2401.01234"           # the arXiv id, quoted (YAML would read it as a number)
# url: https://example.org/paper  # where it is published
# authors: Ada Lovelace, Alan Turing
# sources:                      # or its abstract, one line of a text file in a sources folder
#   - file: abstract.txt        #   ([manifests] sources = "sources" in claimcheck.toml)
#     line: 1
claims:
  - id: c1
    label: theorem
    statement: >-
      The sum of the first n odd numbers is n squared.
    coverage: full               # full | special-case | proof-core | reconstruction (then say what is left out)
    # A fingerprint records the reviewed statement: after reviewing a new or changed one, run
    # `claimcheck check --update-fingerprints`.
    formal:
      - decl: {lib}.oddSum_eq_sq
        fingerprint: null
      - decl: {lib}.oddSum_instance_five
        fingerprint: null
    witnesses: []
''',
    }


def scaffold(folder: Path | str, name: str | None = None) -> list[Path]:
    """Write a new project into ``folder`` (created; refused if it exists and is not empty).

    The files are written into a temporary sibling folder that is renamed into place, so an
    interrupted ``init`` leaves nothing half-written. Returns the files written.
    """
    folder = Path(folder).absolute()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ConfigError(f"{folder}: exists and is not an empty folder; choose a new one")
    lib = name or library_name(folder)
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", lib):
        raise ConfigError(f"library name {lib!r}: use UpperCamelCase letters and digits (e.g. MyPaper)")
    slug = re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-") or "paper"
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.init-", dir=folder.parent))
    written = []
    for rel, text in _files(lib, slug).items():
        path = tmp / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(folder / rel)
    os.chmod(tmp, 0o777 & ~_umask())
    if folder.exists():
        folder.rmdir()
    os.rename(tmp, folder)
    if not _inside_git(folder) and shutil.which("git"):
        subprocess.run(["git", "init", "-q", str(folder)], check=False, capture_output=True)
    return written


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _inside_git(folder: Path) -> bool:
    if shutil.which("git") is None:
        return False
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "--is-inside-work-tree"], capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip() == "true"
