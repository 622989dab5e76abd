"""The computation the statement rules see through (issue 37): bounded by deterministic fuel.

A definition by pattern matching or recursion is computed at a value (:mod:`claimcheck.analysis.unfold`);
a computation that does not end (a definition that unfolds to itself, an evaluation nested in an
evaluation) stops within :data:`VALUE_FUEL` steps and :data:`VALUE_DEPTH` levels in all, and says it
did not get there (``None``), never hangs or overflows the stack. Without Lean: the constants are
made here.
"""

from __future__ import annotations

from claimcheck.analysis import unfold
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo
from claimcheck.olean.terms import App, BVar, Const, Lam, Proj


def _definition(name: str, value) -> ConstantInfo:
    ci = ConstantInfo("definition", Name.parse(name), (), "Fake", 0, 0)
    ci._value = value
    return ci


def test_a_definition_that_unfolds_to_itself_stops_within_its_steps() -> None:
    loop = Name.parse("Fake.loop")
    # `def loop (x) := loop x`: evaluating `loop 0` to a constructor never gets there
    table = {loop: _definition("Fake.loop", Lam(Name.of("x"), Const(Name.of("Nat"), ()), App(Const(loop, ()), BVar(0)), 0))}
    assert unfold.constructor_form(App(Const(loop, ()), Const(Name.of("Nat", "zero"), ())), table.get) is None


def test_evaluations_nested_in_evaluations_share_one_budget() -> None:
    """`def deep := (deep).1`: each step asks for the value of a structure whose value asks again;
    the nesting stops at `VALUE_DEPTH`, whatever the steps left."""
    deep = Name.parse("Fake.deep")
    table = {deep: _definition("Fake.deep", Proj(Name.parse("Fake.S"), 0, Const(deep, ())))}
    assert unfold.constructor_form(Const(deep, ()), table.get) is None
    # one head step of `deep.1`: its structure never evaluates, so no step applies
    assert unfold.head_step(Proj(Name.parse("Fake.S"), 0, Const(deep, ())), table.get, lambda _ci: True) is None
