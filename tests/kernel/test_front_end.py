"""The `.olean` front end's provenance (issue 26): what it vouches for, and what that changes.

These read the toolchain's core library (`.olean` files, no Lean process); `[kernel] fuel` is a
validated setting.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.errors import ConfigError
from claimcheck.kernel import Environment, Outcome
from claimcheck.kernel.checker import check_declaration, run_with_big_stack
from claimcheck.kernel.declarations import Theorem
from claimcheck.kernel.nat import SPEC_THEOREMS
from claimcheck.kernel.result import Declined
from claimcheck.model.names import Name
from claimcheck.olean import reader as O
from claimcheck.project import Project
from claimcheck.recheck.front_end import OleanSource


def _source(toolchain) -> OleanSource:
    lib = toolchain.lib_dir
    src = OleanSource(O.Environment([lib]), [lib])
    src.env.load("Init")
    return src


def test_the_library_constants_are_vouched_for_and_bodyless_ones_marked(toolchain) -> None:
    src = _source(toolchain)
    lib, hidden = src.provenance(Name.parse("Nat.gcd"))  # an axiom in the package, a definition in Lean
    assert lib == [("Nat", "gcd")] and hidden == [("Nat", "gcd")]
    lib, hidden = src.provenance(Name.parse("propext"))  # an axiom in Lean itself
    assert lib == [("propext",)] and hidden == []
    lib, hidden = src.provenance(Name.parse("Nat.add"))  # shipped with its body
    assert lib == [("Nat", "add")] and hidden == []


def _gcd_goal(T) -> Theorem:
    nat = T.mk_const(("Nat",))
    gcd = T.mk_apps(T.mk_const(("Nat", "gcd")), (T.mk_lit(4), T.mk_lit(6)))
    ty = T.mk_apps(T.mk_const(("Eq",), (T.one,)), (nat, gcd, T.mk_lit(2)))
    return Theorem(("gcd_4_6",), (), ty, T.mk_apps(T.mk_const(("Eq", "refl"), (T.one,)), (nat, T.mk_lit(2))))


@pytest.mark.parametrize("vouch", [True, False])
def test_the_library_gcd_computes_only_when_vouched_for(toolchain, vouch: bool) -> None:
    """`Nat.gcd 4 6 = 2 := rfl` over the real library: accepted when the front end vouches for the
    library's constants (as the re-check does), declined (not rejected) when it does not."""
    src = _source(toolchain)
    order = src.closure([Name(n) for n in SPEC_THEOREMS] + [Name.parse("Nat.gcd")])
    env = Environment(terms=src.terms, boundary_axioms=set() if vouch else None)

    def run():
        for k in order:
            decl = src.declaration(k)
            if vouch:
                lib, hidden = src.provenance(k)
                env.library.update(lib)
                env.hidden_bodies.update(hidden)
                if src.is_boundary(k):
                    env.boundary_axioms.add(decl.name)
            v = check_declaration(env, decl)
            assert v.outcome != Outcome.REJECTED, v.line()
        return check_declaration(env, _gcd_goal(src.terms))

    v = run_with_big_stack(run)
    if vouch:
        assert v.outcome == Outcome.ACCEPTED, v.line()
    else:
        assert v.outcome == Outcome.DECLINED and v.code == Declined.UNVOUCHED_PRIMITIVE, v.line()


def test_kernel_fuel_setting_is_validated(tmp_path: Path) -> None:
    (tmp_path / "claimcheck.toml").write_text("[kernel]\nfuel = 5000\n", encoding="utf-8")
    assert Project.load(tmp_path).kernel_fuel == 5000
    for bad in ("0", "-3", "1.5", "true", "1e20", '"many"'):
        (tmp_path / "claimcheck.toml").write_text(f"[kernel]\nfuel = {bad}\n", encoding="utf-8")
        with pytest.raises(ConfigError, match="kernel.fuel"):
            Project.load(tmp_path)
