"""Which declarations are shown as a theorem's satisfiability witnesses (issue 37): one meeting every
requirement when there is one, else one per requirement not met yet, only proved ones
(`claimcheck.analysis.satisfiable.choose_witnesses`; the Lean cases are the `conj_*` statement
fixtures)."""

from __future__ import annotations

from claimcheck.analysis.satisfiable import choose_witnesses
from claimcheck.model.facts import KernelOutcome, KernelVerdict

from builders import N, decl

T = ("M", N("A.t"))


def _key(name: str) -> tuple[str, object]:
    return ("M", N(name))


def test_one_declaration_meeting_every_requirement_is_preferred() -> None:
    found = {T: [[_key("A.first"), _key("A.both")], [_key("A.both"), _key("A.second")]]}
    assert choose_witnesses(found, [], {}) == {T: (N("A.both"),)}


def test_separate_declarations_combine_one_per_requirement() -> None:
    found = {T: [[_key("A.first")], [_key("A.second")], [_key("A.first")]]}
    assert choose_witnesses(found, [], {}) == {T: (N("A.first"), N("A.second"))}
    # a requirement nobody meets: no witness at all, not the ones that meet the others
    assert choose_witnesses({T: [[_key("A.first")], []]}, [], {}) == {}


def test_unproved_declarations_do_not_count_and_checked_ones_are_preferred() -> None:
    facts = [decl("A.sorry", "sorry"), decl("A.first"), decl("A.other")]
    found = {T: [[_key("A.first")], [_key("A.sorry")]]}
    assert choose_witnesses(found, facts, {}) == {}
    checked = {_key("A.other"): KernelVerdict(KernelOutcome.CHECKED)}
    found = {T: [[_key("A.first"), _key("A.other")], [_key("A.second")]]}
    assert choose_witnesses(found, facts, checked) == {T: (N("A.other"), N("A.second"))}
