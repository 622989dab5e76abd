"""What the kernel generates it checks (issue 38): the recursors it builds are type-checked, so a
flaw in the generator is a rejection, not a proof of `False`."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.kernel import Environment, Outcome, check_all, read_ndjson
from claimcheck.kernel import inductive

CASES = Path(__file__).resolve().parent / "cases"


def _outcome(case: str):
    env = Environment()
    verdicts = check_all(read_ndjson(CASES / case / "input.ndjson", env.terms), env=env, stop_on_reject=True)
    return verdicts[-1]


def _by_name(tc, t):
    """Lean's own rule: strip the annotations by name alone (what this kernel did before issue 38)."""
    while True:
        f, args = inductive.get_app_fn_args(t)
        if f.kind != inductive.CONST or inductive.ANNOTATIONS.get(f.a) != len(args):
            return t
        t = args[0]


@pytest.mark.parametrize("name", ["optParam", "autoParam", "outParam", "semiOutParam"])
def test_a_recursor_generated_from_a_trusted_name_is_still_type_checked(monkeypatch, name):
    """With annotations stripped by name (the generator then agrees with the recursor given), the
    generated recursor's type does not type-check (`T.mk` takes the annotation's `Unit`, the minor
    premise an `Empty`): rejected all the same."""
    monkeypatch.setattr(inductive, "consume_type_annotations", _by_name)
    v = _outcome(f"annotation_{name}_not_identity")
    assert v.outcome == Outcome.REJECTED and "application type mismatch" in v.reason, v.line()
    assert _outcome(f"annotation_{name}_identity").outcome == Outcome.ACCEPTED


def test_an_ill_typed_rule_is_rejected_even_if_generated(monkeypatch):
    """A rule whose right-hand side does not have the type iota reduction needs is rejected by the
    check of generated terms (here the generator is made to swap Bool's two rules)."""
    original = inductive.InductiveChecker.build_recursors

    def swapped(self, elim, lps):
        out = original(self, elim, lps)
        name, ty, rules, nidx = out[0]
        if name == ("Bool", "rec"):
            (c0, n0, r0), (c1, n1, r1) = rules
            rules = [(c0, n0, r1), (c1, n1, r0)]
        return [(name, ty, rules, nidx)] + out[1:]

    monkeypatch.setattr(inductive.InductiveChecker, "build_recursors", swapped)
    v = _outcome("bogus_recursor_rule")  # its given rules are the swapped ones: they now match
    assert v.outcome == Outcome.REJECTED and "ill-typed" in v.reason, v.line()
