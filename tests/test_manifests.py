"""The shipped manifests validate, and every schema error names the right file and line.

Bad cases live in ``tests/fixtures/manifests/<case>/``: the bad YAML file(s) (sub-folders are
loaded as further manifest folders), an ``expected.txt`` with one ``<file>:<line>: <substring>``
per expected error (file relative to the case folder), and optionally ``known_decls.txt`` (one
Lean name a line) to turn on declaration checking. Adding a case is adding a folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.claims.manifest import (
    LABELS,
    ManifestError,
    default_seeds_dir,
    load_manifests,
    parse_manifest,
    read_seeds,
    uncovered_seeds,
    validate,
)
from mltheory.witnesses import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
MANIFESTS = ROOT / "manifests"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CASES = sorted(p for p in (FIXTURES / "manifests").iterdir() if p.is_dir())
SEEDS = default_seeds_dir(ROOT)
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"seed folder {SEEDS} not present")


# --------------------------------------------------------------------------- shipped manifests


def test_manifests_load() -> None:
    manifests = load_manifests(MANIFESTS)
    assert len(manifests) == len(list(MANIFESTS.glob("*.yaml")))
    for m in manifests:
        assert m.id == m.path.stem
        assert 2 <= len(m.claims) <= 6, m.id
        for c in m.claims:
            assert c.label in LABELS
            if c.is_formal:
                assert c.formal and all(d.decl.startswith("MLTheory.") for d in c.formal)
            else:
                assert c.reason and c.note


@needs_seeds
def test_manifests_validate_against_seeds_and_registry() -> None:
    validate(load_manifests(MANIFESTS), known_decls=None, seeds_dir=SEEDS)


@needs_seeds
def test_every_seed_paper_has_exactly_one_manifest() -> None:
    manifests = load_manifests(MANIFESTS)
    assert uncovered_seeds(manifests, SEEDS) == []
    texts = {}
    for lines in read_seeds(SEEDS).values():
        for s in lines:
            if not s.is_author_line and s.text.strip():
                texts.setdefault(s.text.strip(), []).append((s.file, s.line))
    # one manifest per distinct abstract, listing every location of it
    assert len(manifests) == len(texts)
    by_loc = {(s.file, s.line): m.id for m in manifests for s in m.seed}
    for locs in texts.values():
        assert len({by_loc[loc] for loc in locs}) == 1


def test_formal_claims_use_registered_witnesses() -> None:
    for m in load_manifests(MANIFESTS):
        for c in m.claims:
            assert set(c.witnesses) <= set(REGISTRY), (m.id, c.id)
            if c.is_formal:
                assert c.witnesses, f"{m.id}/{c.id}: a formal claim should have a numerical witness"


def test_core_papers_are_formal() -> None:
    formal = {m.id for m in load_manifests(MANIFESTS) if any(c.is_formal for c in m.claims)}
    assert formal == {"simplex-transformer-one-nn", "simplex-open-set-recognition",
                      "pldr-llm-power-law-attention", "nested-generation-verifier-taste",
                      "converging-rgnn-traffic-light"}


def test_known_decls_are_checked() -> None:
    manifests = load_manifests(MANIFESTS)
    all_decls = {d.decl for m in manifests for c in m.claims for d in c.formal or []}
    if SEEDS.is_dir():
        validate(manifests, known_decls=all_decls, seeds_dir=SEEDS)
        with pytest.raises(ManifestError) as err:
            validate(manifests, known_decls=all_decls - {"MLTheory.simplexCode_sqDist_eq_two"},
                     seeds_dir=SEEDS)
        assert len(err.value.issues) == 2  # used by two manifests
        assert all("simplexCode_sqDist_eq_two" in i.message for i in err.value.issues)


def test_seeds_env_var_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAIMCHECK_SEEDS", str(FIXTURES / "seeds"))
    assert default_seeds_dir(ROOT) == FIXTURES / "seeds"
    monkeypatch.delenv("CLAIMCHECK_SEEDS")
    assert default_seeds_dir(ROOT) == (ROOT / ".." / "shared" / "seeds").resolve()


# --------------------------------------------------------------------------- bad cases


def _issues_of_case(case: Path) -> list:
    folders = [case] + sorted(p for p in case.rglob("*") if p.is_dir())
    manifests, issues = [], []
    for folder in folders:
        try:
            manifests.extend(load_manifests(folder))
        except ManifestError as exc:
            issues.extend(exc.issues)
    if issues:
        return issues
    known = None
    if (case / "known_decls.txt").is_file():
        known = set((case / "known_decls.txt").read_text().split())
    try:
        validate(manifests, known_decls=known, seeds_dir=FIXTURES / "seeds")
    except ManifestError as exc:
        return exc.issues
    return []


def _expected(case: Path) -> list[tuple[str, int, str]]:
    out = []
    for raw in (case / "expected.txt").read_text().splitlines():
        if raw.strip():
            loc, _, text = raw.partition(": ")
            file, _, line = loc.rpartition(":")
            out.append((file, int(line), text.strip()))
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_manifest_reports_file_line_and_message(case: Path) -> None:
    issues = _issues_of_case(case)
    assert issues, f"case {case.name}: expected errors, the manifests were accepted"
    rendered = [(i.path.resolve().relative_to(case.resolve()).as_posix(), i.line, i.message) for i in issues]
    for file, line, text in _expected(case):
        assert any(f == file and ln == line and text in msg for f, ln, msg in rendered), (
            f"case {case.name}: no error `{file}:{line}: ...{text}...`; got:\n"
            + "\n".join(f"{f}:{ln}: {msg}" for f, ln, msg in rendered))
    # every error message is actionable and carries `path:line:` when printed
    for i in issues:
        assert str(i).startswith(f"{i.path}:{i.line}: ")


def test_all_errors_of_a_file_are_collected() -> None:
    _, issues = parse_manifest(FIXTURES / "manifests" / "wrong-type" / "toy-paper.yaml")
    assert len(issues) >= 4
    assert sorted({i.line for i in issues}) == sorted({5, 11, 12, 13})


def test_manifest_error_string_lists_every_issue() -> None:
    with pytest.raises(ManifestError) as err:
        load_manifests(FIXTURES / "manifests" / "wrong-type")
    text = str(err.value)
    assert text.count("toy-paper.yaml:") == len(err.value.issues) >= 4


def test_valid_fixture_passes() -> None:
    case = FIXTURES / "manifests" / "duplicate-manifest-id"
    manifests = load_manifests(case)  # the top file alone is fine
    validate(manifests, seeds_dir=FIXTURES / "seeds")
    validate(load_manifests(case / "sub"), seeds_dir=FIXTURES / "seeds")
