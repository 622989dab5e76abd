"""Statement shapes (proposition or not, hypotheses, vacuity lint) and the library index, read from
the real toolchain's library ``.olean`` files (no Lean run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.analysis.library import library_index
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
    shape = shape_of(env, ci.type)
    assert (shape.is_theorem, shape.binders, shape.hypotheses) == (is_theorem, binders, hypotheses)
    assert bool(shape.note) == (is_theorem is None)


@pytest.mark.parametrize(
    "name, finding",
    [
        ("trivial", "conclusion is `True`"),
        ("Eq.refl", "two sides are the same term (`a = a`)"),
        ("Iff.rfl", "two sides are the same term (`a ↔ a`)"),
        ("HEq.refl", "two sides are the same term"),
        ("id", "the conclusion is hypothesis 2"),
        ("False.elim", None),  # `False → C`: the hypothesis is an explicit `False`
        ("Nat.add_comm", None),
        ("Nat.le_refl", None),  # `n ≤ n`: not an equation
    ],
)
def test_vacuity_lint(env: Environment, name: str, finding: str | None) -> None:
    ci = env.find(N(name))
    assert ci is not None
    lint = [f.message for f in shape_of(env, ci.type).lint]
    if name == "False.elim":
        assert any("is `False`" in f for f in lint), lint
    elif finding is None:
        assert lint == []
    else:
        assert any(finding in f for f in lint), lint


def test_level_is_zero() -> None:
    zero, one, u = Level("zero"), Level("succ", (Level("zero"),)), Level("param", (), N("u"))
    assert is_prop_level(zero) is True
    assert is_prop_level(one) is False
    assert is_prop_level(Level("max", (u, zero))) is None
    assert is_prop_level(Level("max", (u, one))) is False
    assert is_prop_level(Level("imax", (u, zero))) is True
    assert is_prop_level(Level("imax", (one, u))) is None


def test_library_index_names_the_real_axioms_and_caches_them(lib_dir: Path, tmp_path: Path) -> None:
    index = library_index(lib_dir, cache_dir=tmp_path)
    assert index.axioms[N("propext")].module == "Init.Core"
    assert index.axioms[N("Classical.choice")].module == "Init.Prelude"
    assert index.axioms[N("Quot.sound")].module == "Init.Core"
    fp = index.axioms[N("propext")].fingerprint
    assert index.is_library_axiom(N("propext"), "Init.Core", fp)
    assert not index.is_library_axiom(N("propext"), "Pr.Bad", fp)  # same name, another module
    assert not index.is_library_axiom(N("propext"), "Init.Core", "0" * 16)  # same name, another type
    assert index.is_library_module("Std.Data") and index.is_library_module("Init.Prelude")
    assert index.declares(N("Nat.add_comm")) and not index.declares(N("Pr.bad"))
    cached = list(tmp_path.glob("*.json.gz"))
    assert len(cached) == 1
    again = library_index(lib_dir, cache_dir=tmp_path)
    assert again.axioms == index.axioms and again.names == index.names and again.modules == index.modules
    cached[0].write_bytes(b"not gzip")  # a damaged cache is recomputed, never trusted
    assert library_index(lib_dir, cache_dir=tmp_path).axioms == index.axioms
