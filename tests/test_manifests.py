"""The shipped manifests validate, and every schema error names the right file and line.

Bad cases live in ``tests/fixtures/manifests/<case>/`` (the one case runner, ``tests/cases.py``):
the bad YAML file(s) (sub-folders are loaded as further manifest folders) and an ``expected.yaml``
whose ``problems: must:`` lists each expected error as ``<file>:<line>: <substring>`` (file relative
to the case folder), and optionally ``known_decls`` (Lean names) to turn on declaration checking.
Adding a case is adding a folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import cases
from claimcheck.claims.manifest import (
    COVERAGES,
    LABELS,
    ManifestError,
    load_manifests,
    parse_manifest,
    validate,
)
from claimcheck.claims.sources import check_sources, read_sources, uncovered_abstracts
from claimcheck.model.names import Name
from claimcheck.project import Project
from mltheory.witnesses import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
MANIFESTS = ROOT / "manifests"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: The optional source texts the manifests cite. Not part of the repository: the tests of the
#: shipped citations run where CI names the folder (``$CLAIMCHECK_SOURCES``), and are not
#: collected elsewhere, so a user's clone has nothing to skip.
SOURCES = os.environ.get("CLAIMCHECK_SOURCES")


# --------------------------------------------------------------------------- shipped manifests


def test_manifests_load() -> None:
    manifests = load_manifests(MANIFESTS)
    assert len(manifests) == len(list(MANIFESTS.glob("*.yaml")))
    for m in manifests:
        assert m.id == m.path.stem
        assert 2 <= len(m.claims) <= 12, m.id  # a paper's main claims, more when mixed claims are split
        assert m.sources and all("/" not in s.file for s in m.sources), m.id
        for c in m.claims:
            assert c.label in LABELS
            if c.is_formal:
                assert c.formal and all(d.decl.root == "MLTheory" for d in c.formal)
                if c.label in ("theorem", "conditional"):
                    assert c.coverage in COVERAGES, (m.id, c.id)
            else:
                assert c.reason and c.note


def test_manifests_validate_against_the_registry() -> None:
    validate(load_manifests(MANIFESTS), known_decls=None, witness_ids=REGISTRY)


if SOURCES:

    def test_manifests_cite_the_source_texts() -> None:
        check_sources(load_manifests(MANIFESTS), SOURCES)

    def test_every_source_paper_has_exactly_one_manifest() -> None:
        manifests = load_manifests(MANIFESTS)
        assert uncovered_abstracts(manifests, SOURCES) == []
        texts: dict[str, list[tuple[str, int]]] = {}
        for lines in read_sources(SOURCES).values():
            for s in lines:
                if not s.is_author_line and s.text.strip():
                    texts.setdefault(s.text.strip(), []).append((s.file, s.line))
        # one manifest per distinct abstract, listing every location of it
        assert len(manifests) == len(texts)
        by_loc = {(s.file, s.line): m.id for m in manifests for s in m.sources}
        for locs in texts.values():
            assert len({by_loc[loc] for loc in locs}) == 1


def test_formal_claims_use_registered_witnesses() -> None:
    for m in load_manifests(MANIFESTS):
        for c in m.claims:
            assert set(c.witnesses) <= set(REGISTRY), (m.id, c.id)


def test_known_decls_are_checked() -> None:
    manifests = load_manifests(MANIFESTS)
    all_decls = {d.decl for m in manifests for c in m.claims for d in c.formal or []}
    validate(manifests, known_decls=all_decls, witness_ids=REGISTRY)
    with pytest.raises(ManifestError) as err:
        validate(manifests, known_decls=all_decls - {Name.parse("MLTheory.simplexCode_sqDist_eq_two")}, witness_ids=REGISTRY)
    assert len(err.value.issues) == 3  # cited by three claims in two manifests
    assert all("simplexCode_sqDist_eq_two" in i.message for i in err.value.issues)


def test_sources_folder_comes_from_config_option_or_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLAIMCHECK_SOURCES", raising=False)
    (tmp_path / "claimcheck.toml").write_text('[manifests]\nsources = "texts"\n')
    assert Project.load(tmp_path).sources_dir == (tmp_path / "texts").resolve()
    assert Project.load(tmp_path).with_sources(FIXTURES / "sources").sources_dir == (FIXTURES / "sources").resolve()
    monkeypatch.setenv("CLAIMCHECK_SOURCES", str(FIXTURES / "sources"))
    assert Project.load(tmp_path).sources_dir == (FIXTURES / "sources").resolve()
    (tmp_path / "claimcheck.toml").write_text("")
    monkeypatch.delenv("CLAIMCHECK_SOURCES")
    assert Project.load(tmp_path).sources_dir is None  # nothing named: citations are not checked


def test_no_source_text_is_copied_into_the_repository() -> None:
    """The manifests cite abstracts; they never quote them (a long verbatim run would be a copy)."""
    if not SOURCES:
        return
    abstracts = [s.text for lines in read_sources(SOURCES).values() for s in lines if len(s.text) > 200]
    tracked = [p for p in (ROOT / "manifests").glob("*") if p.is_file()] + list((ROOT / "lean").rglob("*.lean"))
    for path in tracked:
        text = " ".join(path.read_text(encoding="utf-8").split())
        for abstract in abstracts:
            words = abstract.split()
            for i in range(0, max(1, len(words) - 25), 25):
                assert " ".join(words[i:i + 25]) not in text, f"{path.name} quotes a source abstract"


# --------------------------------------------------------------------------- bad cases


def _issues_of_case(root: Path, known: set[str] | None = None) -> list:
    """The problems found in the manifests of ``root`` (a case's copy) and its sub-folders."""
    folders = [root] + sorted(p for p in root.rglob("*") if p.is_dir())
    manifests, issues = [], []
    for folder in folders:
        try:
            manifests.extend(load_manifests(folder))
        except ManifestError as exc:
            issues.extend(exc.issues)
    if issues:
        return issues
    try:
        validate(manifests, known_decls=known, witness_ids=REGISTRY)
        check_sources(manifests, FIXTURES / "sources")
    except ManifestError as exc:
        return exc.issues
    return []


def _copy(name: str, tmp_path: Path) -> Path:
    """The manifests of the case ``name`` (without its ``expected.yaml``, which is no manifest)."""
    return cases.case("manifests", name).copy(tmp_path / name)


@pytest.mark.parametrize("case", cases.params("manifests"))
def test_bad_manifest_reports_file_line_and_message(case: cases.Case, tmp_path: Path) -> None:
    root = case.copy(tmp_path / case.name)
    known = case.get("known_decls")
    issues = _issues_of_case(root, set(known) if known is not None else None)
    assert issues, f"case {case}: expected errors, the manifests were accepted"
    assert case.get("problems", {}).get("must"), f"case {case}: no problem expected"
    case.check_problems((f"{i.path.resolve().relative_to(root.resolve()).as_posix()}:{i.line}", i.message)
                        for i in issues)
    # every error message is actionable and carries `path:line:` when printed
    for i in issues:
        assert str(i).startswith(f"{i.path}:{i.line}: ")


def test_all_errors_of_a_file_are_collected() -> None:
    _, issues = parse_manifest(FIXTURES / "manifests" / "wrong-type" / "toy-paper.yaml")
    assert len(issues) >= 4
    assert sorted({i.line for i in issues}) == sorted({5, 11, 12, 13})


def test_manifest_error_string_lists_every_issue(tmp_path: Path) -> None:
    with pytest.raises(ManifestError) as err:
        load_manifests(_copy("wrong-type", tmp_path))
    text = str(err.value)
    assert text.count("toy-paper.yaml:") == len(err.value.issues) >= 4


def test_valid_fixture_passes(tmp_path: Path) -> None:
    case = _copy("duplicate-manifest-id", tmp_path)
    manifests = load_manifests(case)  # the top file alone is fine
    validate(manifests, witness_ids=REGISTRY)
    check_sources(manifests, FIXTURES / "sources")
    check_sources(load_manifests(case / "sub"), FIXTURES / "sources")


def test_a_fingerprint_yaml_reads_as_a_number_is_a_fingerprint(tmp_path: Path) -> None:
    """Issue 40: a fingerprint is read as written (all digits is still a fingerprint), and only the
    mistyped ones of the `invalid-fingerprint` case are reported, each at its `fingerprint:` line."""
    issues = _issues_of_case(_copy("invalid-fingerprint", tmp_path))
    assert sorted(i.line for i in issues) == [13, 15, 17, 23]
    text = (FIXTURES / "manifests" / "invalid-fingerprint" / "toy-paper.yaml").read_text()
    good = text.replace("3f2a9c01d4e5b6a ", "3f2a9c01d4e5b6a7").replace("3F2A9C01D4E5B6A7", "3f2a9c01d4e5b6a7") \
        .replace("3f2a9c01d4e5b6ag", "3f2a9c01d4e5b6a7").replace("fingerprint: abc", "fingerprint: '0000000000000000'")
    manifest, issues = parse_manifest_text(good)
    assert issues == []
    entries = {str(f.decl): f for f in manifest.claims[0].formal}
    assert entries["Toy.seven"].fingerprint == "1234567890123456"
    assert entries["Toy.four"].fingerprint_line == 13 and entries["Toy.four"].yaml_line == 12


def parse_manifest_text(text: str):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "toy-paper.yaml"
        path.write_text(text, encoding="utf-8")
        return parse_manifest(path)
