"""Statement shapes (proposition or not, hypotheses, vacuity lint), read from the real toolchain's
library ``.olean`` files (no Lean run). The library index: ``tests/test_library_work.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.analysis.props import is_prop_level, shape_of
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment, Level

N = Name.parse


@pytest.fixture(scope="module")
def lib_dir(toolchain) -> Path:
    """The real toolchain's library (installed on first use: never a skip)."""
    return toolchain.lib_dir


@pytest.fixture(scope="module")
def env(lib_dir: Path) -> Environment:
    e = Environment([lib_dir])
    e.load("Init")
    return e


@pytest.mark.parametrize(
    "name, is_theorem, binders, hypotheses",
    [
        ("Nat.add_comm", True, 2, 0),  # a theorem (an axiom entry: its proof was not shipped)
        # a constructor of a Prop-valued inductive is a proof; `w : α` with `α : Sort u` may be a proof
        # too: undecided, so counted as a hypothesis (`h : p w` is one)
        ("Exists.intro", True, 4, 2),
        ("Nat.le.refl", True, 1, 0),
        ("Nat.add", False, 2, 0),  # a function
        ("Nat", False, 0, 0),  # a type
        ("instDecidableEqNat", False, 0, 0),  # data, though it carries proofs
        ("List.map", False, 4, 0),
        ("absurd", None, 4, 2),  # `{b : Sort v}`: Prop or not depends on the universe
    ],
)
def test_proposition_decided_from_the_type(env: Environment, name: str, is_theorem: bool | None,
                                           binders: int, hypotheses: int) -> None:
    """``binders`` counts the telescope's binders; ``hypotheses`` those whose type is a proposition."""
    ci = env.find(N(name))
    assert ci is not None
    shape = shape_of(env, ci.type, is_core_module=lambda _m: True)
    assert (shape.is_theorem, shape.binders, shape.hypotheses) == (is_theorem, binders, hypotheses)
    assert bool(shape.note) == (is_theorem is None)


@pytest.mark.parametrize(
    "name, kind, finding",
    [
        ("trivial", "trivial-conclusion", "trivial proof (True.intro)"),
        ("Eq.refl", "trivial-conclusion", "trivial proof (rfl)"),
        ("Iff.rfl", "trivial-conclusion", "trivial proof"),
        ("HEq.refl", "trivial-conclusion", "trivial proof"),
        # `imp_intro : α → β → α` (`id` is no proposition: its universe is open, and no lint is asked of it)
        ("imp_intro", "conclusion-is-hypothesis", "the conclusion is hypothesis 3"),
        ("False.elim", "unsatisfiable-hypothesis", "hypothesis 2 (`h`) can never hold"),  # `False → C`
        ("Nat.add_comm", None, None),
        ("Nat.le_refl", None, None),  # `n ≤ n`: no trivial proof (`Nat.le` is no structure)
    ],
)
def test_vacuity_lint(env: Environment, lib_dir: Path, name: str, kind: str | None, finding: str | None) -> None:
    """The vacuity lint is decided by the kernel (issue 24, :mod:`claimcheck.analysis.vacuity`): a
    finding is a candidate proof the kernel accepts."""
    from claimcheck.analysis.vacuity import VacuityChecker

    ci = env.find(N(name))
    assert ci is not None
    checker = VacuityChecker(env, lambda m: True, [lib_dir])
    lint = checker.lint(ci, ci.module)
    if kind is None:
        assert lint == (), lint
    else:
        assert [str(f.kind) for f in lint] == [kind], lint
        assert finding in lint[0].message, lint


def test_level_is_zero() -> None:
    zero, one, u = Level("zero"), Level("succ", (Level("zero"),)), Level("param", (), N("u"))
    assert is_prop_level(zero) is True
    assert is_prop_level(one) is False
    assert is_prop_level(Level("max", (u, zero))) is None
    assert is_prop_level(Level("max", (u, one))) is False
    assert is_prop_level(Level("imax", (u, zero))) is True
    assert is_prop_level(Level("imax", (one, u))) is None
