"""The LeanDojo export (`claimcheck export --leandojo DIR`) and `claimcheck dojo`: the field list
the README documents, positions and premises read from a real build, and the one-line message
when LeanDojo cannot run here."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from claimcheck.model.facts import SourceRange
from claimcheck.cli import main
from claimcheck.export import leandojo
from claimcheck.export.leandojo import (
    CORPUS_FIELDS,
    PREMISE_FIELDS,
    PROVENANCE_FIELDS,
    THEOREM_FIELDS,
    UNAVAILABLE,
    statement_code,
    strip_comments,
    validate_export,
    write_export,
)

from conftest import FIXTURES, REPO

TINY = FIXTURES / "ci" / "tiny"


def test_readme_documents_exactly_the_exported_fields():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## LeanDojo export", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    assert documented == set(THEOREM_FIELDS) | set(PREMISE_FIELDS) | set(PROVENANCE_FIELDS) | set(CORPUS_FIELDS)
    for field in UNAVAILABLE:
        assert f"`{field}`" in section
    assert "claimcheck[dojo]" in section


def test_source_text_helpers():
    assert strip_comments("/-- doc\n line -/\ntheorem t -- why\n  : 1 = 1 := rfl") == "theorem t\n  : 1 = 1 := rfl"
    assert statement_code("/-- d -/\ntheorem t (n : Nat) : n = n := by\n  rfl", "theorem") == "theorem t (n : Nat) : n = n"
    assert statement_code("def f (n : Nat) : Nat := n", "definition") == "def f (n : Nat) : Nat := n"
    lines = ["abc", "  theorem x : True :=", "  trivial  -- end", "zzz"]
    assert leandojo._slice(lines, SourceRange("f", 2, 3, 3, 10)) == "theorem x : True :=\n  trivial"
    assert leandojo._slice(lines, SourceRange("f", 9, 1, 9, 2)) == ""


def _good_export(tmp_path: Path) -> Path:
    theorem = {"url": None, "commit": None, "file_path": "A.lean", "full_name": "A.t", "start": [3, 1],
               "end": [4, 8], "traced_tactics": [], "theorem_statement": "theorem t : True",
               "premises": [{"full_name": "A.d", "def_path": "A.lean", "def_pos": [1, 1], "def_end_pos": [1, 20]}],
               "library_premises": ["True.intro"], "claimcheck": {}}
    corpus = [{"path": "A.lean", "imports": [], "premises": [
        {"full_name": "A.d", "code": "def d := 1", "start": [1, 1], "end": [1, 20], "kind": "definition"},
        {"full_name": "A.t", "code": "theorem t : True", "start": [3, 1], "end": [4, 8], "kind": "theorem"}]}]
    write_export(tmp_path / "out", [theorem], corpus, leandojo.metadata(None, None, "4.28"))
    return tmp_path / "out"


def test_validate_export_accepts_the_documented_shape_and_finds_deviations(tmp_path: Path):
    out = _good_export(tmp_path)
    assert validate_export(out) == []
    theorems = json.loads((out / "theorems.json").read_text())
    theorems[0]["premises"][0]["def_pos"] = [2, 1]  # not where the corpus has it
    theorems[0]["start"] = [0, 1]  # positions are 1-based
    theorems[0]["traced_tactics"] = [{"tactic": "simp"}]
    del theorems[0]["library_premises"]
    (out / "theorems.json").write_text(json.dumps(theorems))
    problems = validate_export(out)
    assert any("keys" in p for p in problems)
    theorems[0]["library_premises"] = []
    theorems[0] = {k: theorems[0][k] for k in THEOREM_FIELDS}
    (out / "theorems.json").write_text(json.dumps(theorems))
    problems = validate_export(out)
    assert any("bad positions" in p for p in problems)
    assert any("traced_tactics cannot be produced" in p for p in problems)
    assert any("premise A.d is not in the corpus there" in p for p in problems)


def test_paths_are_relative_to_the_git_checkout(tmp_path: Path):
    import subprocess

    repo = tmp_path / "repo"
    (repo / "proj" / "lean").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "https://example.org/r.git"], check=True)
    root = repo / "proj"
    assert leandojo.path_base(root) == repo.resolve()
    assert leandojo.rebase("lean/A.lean", root, leandojo.path_base(root)) == "proj/lean/A.lean"
    assert leandojo.git_origin(root) == ("https://example.org/r.git", None)  # no commit yet
    plain = tmp_path / "plain"
    plain.mkdir()
    assert leandojo.path_base(plain) == plain.resolve() and leandojo.git_origin(plain) == (None, None)


def test_dojo_without_lean_dojo_says_what_is_needed(tmp_path: Path, capsys):
    root = tmp_path / "tiny"
    shutil.copytree(TINY, root, ignore=shutil.ignore_patterns("build"))
    code = main(["dojo", "Tiny.double_even", "--root", str(root), "-q"])
    err = capsys.readouterr().err
    assert code == 3
    assert len(err.strip().splitlines()) == 1
    assert "pip install 'claimcheck[dojo]'" in err and "`lake`" in err
    assert "missing here: the lean-dojo package" in err


@pytest.fixture(scope="module")
def exported(toolchain, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("export") / "tiny"
    shutil.copytree(TINY, root, ignore=shutil.ignore_patterns("build"))
    out = root.parent / "dojo"
    assert main(["export", "--root", str(root), "--leandojo", str(out), "-j", "1", "-q"]) == 0
    return out


@pytest.mark.lean
def test_export_of_a_built_project(exported: Path, capsys):
    assert validate_export(exported) == []
    theorems = {t["full_name"]: t for t in json.loads((exported / "theorems.json").read_text())}
    assert set(theorems) == {"Tiny.double_eq", "Tiny.double_eq_two_mul", "Tiny.double_even"}
    even = theorems["Tiny.double_even"]
    assert list(even) == list(THEOREM_FIELDS)
    # not a git checkout: no url or commit, paths relative to the project root
    assert even["url"] is None and even["commit"] is None
    assert even["file_path"] == "lean/Tiny/Basic.lean"
    source = (TINY / "lean" / "Tiny" / "Basic.lean").read_text().splitlines()
    assert source[even["start"][0] - 1].startswith("/-- Doubled numbers are even.")
    assert source[even["end"][0] - 1].strip() == "omega"
    assert even["theorem_statement"] == "theorem double_even (n : Nat) : double n % 2 = 0"
    # premises: what the proof uses (rw [double_eq_two_mul]) and the statement mentions (double)
    assert [p["full_name"] for p in even["premises"]] == ["Tiny.double", "Tiny.double_eq_two_mul"]
    assert "HMod.hMod" in even["library_premises"]
    assert even["traced_tactics"] == []
    assert even["claimcheck"]["status"] == "proved" and even["claimcheck"]["statement"].startswith("∀ (n : Nat)")
    corpus = [json.loads(line) for line in (exported / "corpus.jsonl").read_text().splitlines()]
    assert len(corpus) == 1 and corpus[0]["path"] == even["file_path"]
    kinds = {p["full_name"]: p["kind"] for p in corpus[0]["premises"]}
    assert kinds == {"Tiny.double": "definition", "Tiny.double_eq": "theorem", "Tiny.double_eq_two_mul": "theorem",
                     "Tiny.double_even": "theorem"}
    meta = json.loads((exported / "metadata.json").read_text())
    assert meta["unavailable_fields"] == UNAVAILABLE and "4.28" in meta["lean_version"]
