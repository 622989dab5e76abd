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
