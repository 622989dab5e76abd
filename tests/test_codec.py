"""The model's codec: one encoding per type, read back exactly, the shape checked on reading; the
cache's typed records through it (issue 34)."""

from __future__ import annotations

import pytest

from claimcheck.cache import Store
from claimcheck.model.codec import ModelError, decode, encode
from claimcheck.model.evidence import InstanceOutcome, InstanceResult, Problem, ProblemCode, Severity, WitnessOutcome
from claimcheck.model.facts import DeclFacts, DeclineCode, DeclKind, KernelOutcome, KernelVerdict, Lint, LintKind, Status
from claimcheck.model.names import Name

N = Name.parse
FUEL = KernelVerdict(KernelOutcome.UNDECIDED, "out of fuel after 10 steps", code=DeclineCode.OUT_OF_FUEL)


@pytest.mark.parametrize(("kind", "value"), [
    (KernelVerdict, FUEL),
    (KernelVerdict, KernelVerdict(KernelOutcome.DECLINED, "needs X", N("X.«y z»"), DeclineCode.MISSING_BODY)),
    (dict[tuple[str, Name], KernelVerdict], {("M", N("a.b")): FUEL, ("M2", N("_private.M.0.c")): FUEL}),
    (dict[Name, int], {N("T"): 2, N("Term.«let»"): 0}),
    # empty: encode sees no key and writes an object; a record of no instance results is reused
    (dict[tuple[str, Name], InstanceResult], {}),
    (list[tuple[Name, list[tuple[str, Name, int]]]], [(N("w"), [("M", N("T"), 3)])]),
    (tuple[str, bool], ("text\n", True)),
    (list[Problem], [Problem(ProblemCode.FORMALIZATION_STALE, Severity.ERROR, "stale", N("a"), "f.yaml", 1)]),
    (WitnessOutcome, WitnessOutcome("w.x", True, "ok", {"a": [1, 2], "b": {"c": None}})),
    (InstanceResult, InstanceResult(N("i_instance_1"), "2 + 2 = 4", "4", "4", InstanceOutcome.AGREE)),
    (DeclFacts, DeclFacts(N("a.b"), "M", DeclKind.THEOREM, Status.PROVED, axioms=(N("propext"),), kernel=FUEL,
                          lint=(Lint(LintKind.TRIVIAL_CONCLUSION, "m", 1),), hypotheses=1)),
])
def test_every_model_value_reads_back_exactly(kind, value) -> None:
    assert decode(kind, encode(value)) == value


def test_a_dict_with_text_keys_is_an_object_and_other_keys_a_list_of_pairs() -> None:
    assert encode({N("a.b"): 1}) == {"a.b": 1}
    assert encode({("M", N("a")): 1}) == [[["M", "a"], 1]]


@pytest.mark.parametrize(("kind", "data", "message"), [
    (KernelVerdict, {"outcome": "maybe"}, "not a valid KernelOutcome"),
    (KernelVerdict, {"outcome": "declined", "code": "tired"}, 'field "code"'),
    (KernelVerdict, ["declined", "", None], "expected dict"),
    (list[KernelVerdict], {"outcome": "checked"}, "expected list"),
    (tuple[str, bool], ["text"], "expected 2 items"),
    (dict[Name, int], {"a.": 1}, "not a Lean name"),
    (int, True, "expected int"),
])
def test_data_of_another_shape_is_refused(kind, data, message) -> None:
    with pytest.raises(ModelError, match=message):
        decode(kind, data)


def test_a_cache_record_of_another_shape_is_a_miss(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CLAIMCHECK_CACHE_KEY_FILE", str(tmp_path / "key"))
    monkeypatch.delenv("CI", raising=False)
    store = Store("test-records")
    store.write("k", {("M", N("a")): FUEL})
    assert store.read("k", dict[tuple[str, Name], KernelVerdict]) == {("M", N("a")): FUEL}
    assert store.read("k", list[KernelVerdict]) is None  # another shape: recomputed, never trusted
    store.put("k", [["M", "a", "checked", "", None]])  # an earlier, hand-written record format
    assert store.read("k", dict[tuple[str, Name], KernelVerdict]) is None
    assert store.read(None, KernelVerdict) is None
    assert Store("test-records", enabled=False).read("k", list) is None
