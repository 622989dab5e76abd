"""The project's Lean core: every contracted theorem exists in the built modules and is proved;
every file follows the house style (module docstring citing its seed, docstrings on declarations)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from claimcheck.analysis.statuses import declaration_facts, open_environment
from claimcheck.model.names import Name

from conftest import FIXTURES, REPO

EXPECTED: dict[str, list[str]] = yaml.safe_load((FIXTURES / "lemmas" / "expected.yaml").read_text())
LEMMA_FILES = sorted((REPO / "lean" / "MLTheory").glob("*.lean"))
FORBIDDEN = re.compile(r"\b(sorry|admit|native_decide)\b|^\s*axiom\s", re.MULTILINE)


@pytest.fixture(scope="module")
def statuses(repo_build, repo_project, toolchain) -> dict:
    assert repo_build.ok, repo_build.summary()
    records = declaration_facts(
        open_environment([repo_project.olean_dir], [toolchain.lib_dir]),
        list(repo_build.modules),
        [toolchain.lib_dir],
        repo_project.allowed_axioms,
        decls=[Name.parse(name) for names in EXPECTED.values() for name in names],
    )
    return {str(r.name): r for r in records}


@pytest.mark.parametrize("module", sorted(EXPECTED))
def test_contracted_theorems_are_proved(module: str, statuses: dict) -> None:
    for name in EXPECTED[module]:
        record = statuses[name]
        assert record.module == module, f"{name} is in {record.module or 'no module'}"
        assert record.kind == "theorem", f"{name}: {record.kind}"
        assert record.status == "proved", f"{name}: {record.status} (axioms {record.axioms})"
        assert {str(a) for a in record.axioms} <= {"propext", "Classical.choice", "Quot.sound"}


def test_every_project_declaration_is_proved(repo_build, repo_project, toolchain) -> None:
    env = open_environment([repo_project.olean_dir], [toolchain.lib_dir])
    records = declaration_facts(env, list(repo_build.modules), [toolchain.lib_dir])
    bad = [(str(r.name), r.status, r.axioms) for r in records if r.status != "proved"]
    assert not bad
    assert sum(1 for r in records if "_instance_" in str(r.name.last)) >= 10


#: The licence header every Lean file of the project opens with (Mathlib's form).
LICENCE_HEADER = ("/-\nCopyright (c) 2026 The claimcheck authors. All rights reserved.\n"
                  "Released under Apache 2.0 license as described in the file LICENSE.\n-/\n")
LEAN_FILES = sorted((REPO / "lean").rglob("*.lean")) + [REPO / "lakefile.lean"]


@pytest.mark.parametrize("path", LEAN_FILES, ids=[str(p.relative_to(REPO)) for p in LEAN_FILES])
def test_licence_header(path: Path) -> None:
    """Every Lean file opens with the Apache-2.0 header naming the LICENSE file."""
    assert path.read_text(encoding="utf-8").startswith(LICENCE_HEADER), f"{path.name}: no licence header"


def test_licence_declared_once_everywhere() -> None:
    """The LICENSE file is Apache 2.0, and pyproject.toml and formalization.yaml say so."""
    import tomllib
    assert "Apache License" in (REPO / "LICENSE").read_text() and "Version 2.0" in (REPO / "LICENSE").read_text()
    assert tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["license"] == "Apache-2.0"
    assert yaml.safe_load((REPO / "formalization.yaml").read_text())["project"]["license"] == "Apache-2.0"


@pytest.mark.parametrize("path", LEMMA_FILES, ids=[p.stem for p in LEMMA_FILES])
def test_house_style(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith(LICENCE_HEADER + "module\n"), "the licence header, then the module system header"
    assert not FORBIDDEN.search(text), FORBIDDEN.search(text).group(0)
    doc = re.search(r"/-!\s*\n# .+?-/", text, re.DOTALL)
    assert doc, "a module docstring `/-! # Title ... -/`"
    if path.stem != "Basic":  # the shared helper module serves every lemma; the others cite a paper
        assert re.search(r"`\d{3}_[0-9a-f]+\.txt`?,? line \d+", doc.group(0)), "cite the source file by name and line"
    assert "shared/" not in text, "cite sources by file name, not by a path outside the repository"
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if re.match(r"(private )?(noncomputable )?(theorem|def|abbrev|structure|inductive)\s", line):
            j = i - 1
            while j >= 0 and (lines[j].startswith("@[") or lines[j].strip() == ""):
                j -= 1
            assert lines[j].rstrip().endswith("-/"), f"{path.name}:{i + 1}: `{line.strip()[:60]}` has no docstring"
