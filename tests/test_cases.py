"""The one case runner (tests/cases.py) refuses what it cannot check: a key outside the vocabulary
is an error, not an expectation silently ignored; a problem entry names a head and a text."""

from __future__ import annotations

from pathlib import Path

import pytest

import cases


def test_a_key_outside_the_vocabulary_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "expected.yaml").write_text("declarations: {A.t: proved}\ndeclaratons: {A.u: sorry}\n")
    with pytest.raises(cases.CaseError, match="declaratons"):
        cases.load("suite", tmp_path)
    (tmp_path / "expected.yaml").write_text("claims: {c1: {verdict: holds, eror: [x]}}\n")
    case = cases.load("suite", tmp_path)
    with pytest.raises(cases.CaseError, match="eror"):
        case.check_claims({"c1": "holds"}, {"c1": []}, {"c1": []}, lambda *_: None)


def test_problem_entries_match_head_and_text() -> None:
    assert cases.matches("a.yaml:3: unknown key", ("a.yaml:3", "unknown key `x`"))
    assert not cases.matches("a.yaml:3: unknown key", ("a.yaml:13", "unknown key `x`"))
    assert not cases.matches("a.yaml:3: unknown key", ("sub/a.yaml:3", "unknown key `x`"))
    assert cases.matches("vacuous", ("vacuous", "anything"))
    assert not cases.matches("vacuous: hypothesis 2", ("vacuous", "hypothesis 1"))


def test_declarations_are_exact(tmp_path: Path) -> None:
    (tmp_path / "expected.yaml").write_text("declarations: {A.t: proved}\n")
    case = cases.load("suite", tmp_path)
    case.check_declarations({"A.t": "proved"})
    with pytest.raises(AssertionError, match="A.u"):
        case.check_declarations({"A.t": "proved", "A.u": "proved"})
    with pytest.raises(AssertionError, match="absent"):
        case.check_declarations({})


def test_every_suite_folder_reads_the_vocabulary() -> None:
    """Every ``expected.yaml`` of the ported suites loads (none holds a key the runner would ignore)."""
    for suite in ("manifests", "status", "gate", "build", "realcode", "recheck", "lake", "trust"):
        assert cases.cases(suite), suite
