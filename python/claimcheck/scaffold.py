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

from claimcheck import git
from claimcheck.errors import ConfigError

#: The toolchain pin written to new projects: the version the registry (wasm) toolchain provides.
TOOLCHAIN_PIN = "leanprover/lean4:v4.28.0"


def library_name(folder: Path) -> str:
    """An ``UpperCamelCase`` Lean library name from a folder name (``my-paper`` -> ``MyPaper``)."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", folder.name) if w]
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Paper"
    return name if name[0].isalpha() else "P" + name


def manifests_readme(slug: str, example: str = "YourLib.foo_satisfiable") -> str:
    """``manifests/README.md``: how to write the manifest of *this* paper (``example``: a name to show
    for a declaration that shows a theorem's hypotheses satisfiable)."""
    return f'''# The claims of your paper

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
  `satisfied_by: {example}`. Data binders such as `(n : Nat)` are no hypothesis: a
  `conditional` claim whose theorem has none is flagged for review.
- cite the paper with `arxiv:` or `url:` (or `sources:`, its abstract in a text file of yours).

The whole format, and the gate's rules: claimcheck's `manifests/README.md` and `README.md`;
writing witnesses and Python meanings of your definitions: its `docs/authors.md`.

`claimcheck validate` checks this file in seconds; `claimcheck all` builds the Lean, checks every
claim and writes the report.
'''


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
        "manifests/README.md": manifests_readme(slug, f"{lib}.foo_satisfiable"),
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


def example_manifest(slug: str, decl: str | None, module: str | None) -> str:
    """A manifest with one example claim on the project's own theorem ``decl`` (``None``: the
    project has none yet; the example claim is then not formalised)."""
    head = f'''id: {slug}
title: The paper's title, in your words
sources:
  - file: abstract.txt           # the source text's file name (checked only with --sources DIR)
    line: 1
# arxiv: "2401.01234"           # optional: the arXiv id, quoted (YAML would read it as a number)
claims:
'''
    if decl is None:
        return head + '''  - id: c1
    label: theorem
    statement: >-
      The paper's first claim, in its own words.
    formal: none                 # no Lean theorem of the project yet: name one with `decl:` when there is
    reason: not-yet-formalised
    note: claimcheck init found no theorem in the project's own modules.
    witnesses: []
'''
    return head + f'''  # An example: `{decl}` (module {module}) is one of the project's own theorems. Say which
  # claim of the paper it formalises, and how much of it (`coverage`).
  - id: c1
    label: theorem
    statement: >-
      The claim of the paper that {decl} formalises, in the paper's words.
    coverage: full               # full | special-case | reconstruction (then say what is left out)
    # The fingerprint records the reviewed statement: after reviewing a new or changed one, run
    # `claimcheck check --update-fingerprints`.
    formal:
      - decl: {decl}
        fingerprint: null
    witnesses: []
'''


def add_manifests(root: Path, slug: str, decl: str | None, module: str | None, manifests_dir: Path) -> list[Path]:
    """Write the manifests folder of an existing project (``claimcheck init --here``): its README and
    one manifest with an example claim, nothing else (the lakefile already says what the Lean is).
    Refused when the folder already holds a manifest; written to a temporary folder first."""
    if manifests_dir.exists() and (not manifests_dir.is_dir() or any(manifests_dir.glob("*.yaml"))):
        raise ConfigError(f"{manifests_dir}: already holds manifests; claimcheck init --here adds the first one")
    files = {"README.md": manifests_readme(slug), f"{slug}.yaml": example_manifest(slug, decl, module)}
    manifests_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        target = manifests_dir / name
        if target.exists():
            continue  # a README of the author's own is kept
        fd, tmp = tempfile.mkstemp(dir=manifests_dir, prefix=f".{name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
        written.append(target)
    return written


def slug_of(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "paper"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _inside_git(folder: Path) -> bool:
    if shutil.which("git") is None:
        return False
    done = git.run(folder, "rev-parse", "--is-inside-work-tree")
    return done.returncode == 0 and done.stdout.strip() == "true"
