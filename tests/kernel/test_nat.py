"""Nat literal extensions: only verified (or caller-trusted) primitives are accelerated."""

from pathlib import Path

from claimcheck.kernel import Environment, Outcome, check_all, read_ndjson
from claimcheck.kernel.result import Declined
from claimcheck.kernel.nat import deep_fingerprint, primitive_fingerprints
from claimcheck.kernel.typechecker import TypeChecker

CASES = Path(__file__).resolve().parent / "cases"


def _env_of(case: str, **kw) -> tuple[Environment, list]:
    env = Environment(**kw)
    return env, read_ndjson(CASES / case / "input.ndjson", env.terms)


def test_structural_add_is_verified_and_bogus_add_is_not():
    env, decls = _env_of("nat_add_literals")
    assert all(v.outcome == Outcome.ACCEPTED for v in check_all(decls, env=env))
    assert TypeChecker(env).nat.verified(("Nat", "add"))
    env, decls = _env_of("nat_add_redefined")
    check_all(decls[:-1], env=env)
    assert not TypeChecker(env).nat.verified(("Nat", "add"))


def test_gcd_needs_a_trusted_fingerprint():
    env, decls = _env_of("nat_gcd_redefined")
    prefix, theorem = decls[:-1], decls[-1]
    check_all(prefix, env=env)
    assert not TypeChecker(env).nat.verified(("Nat", "gcd"))
    # A caller that vouches for this (bogus) definition gets it accelerated: the fingerprint is the
    # caller's statement of trust, so `Nat.gcd 4 6 = 2` then goes through.
    trusted = Environment(terms=env.terms, trusted_fingerprints=primitive_fingerprints(env))
    assert check_all(prefix + [theorem], env=trusted)[-1].outcome == Outcome.ACCEPTED
    # A fingerprint covers the definition: any other body does not match it.
    env2, decls2 = _env_of("nat_add_literals")
    check_all(decls2[:-1], env=env2)
    assert deep_fingerprint(env2, ("Nat", "add")) != deep_fingerprint(env, ("Nat", "gcd"))


def test_bodyless_primitive_only_when_vouched_for():
    """An axiom `Nat.land` is the real `Nat.land` only if the front end vouches for it as the core
    library's own; by itself (an NDJSON file) it is uninterpreted, and the check declines."""
    vouched, decls = _env_of("nat_land_bodyless", library={("Nat", "land")})
    assert check_all(decls, env=vouched)[-1].outcome == Outcome.ACCEPTED
    plain, decls = _env_of("nat_land_bodyless")
    v = check_all(decls, env=plain)[-1]
    assert v.outcome == Outcome.DECLINED and v.code == Declined.UNVOUCHED_PRIMITIVE
    assert v.missing == (("Nat", "land"),)
    # the proof-less library theorems a front end lists as the trusted boundary count as vouched too
    boundary, decls = _env_of("nat_land_bodyless", boundary_axioms={("Nat", "land")})
    assert check_all(decls, env=boundary)[-1].outcome == Outcome.ACCEPTED


def test_results_do_not_depend_on_table_sweeps():
    from claimcheck.kernel.expr import Terms

    for case, want in (("nat_gcd_by_specification", Outcome.ACCEPTED), ("nested_recursor_reduces", Outcome.ACCEPTED),
                       ("bogus_recursor_rule", Outcome.REJECTED)):
        env, decls = _env_of(case, terms=Terms(sweep_min=300))
        verdicts = check_all(decls, env=env)
        assert (Outcome.REJECTED if any(v.outcome == Outcome.REJECTED for v in verdicts) else Outcome.ACCEPTED) == want


def test_a_specification_is_a_checked_theorem_or_a_boundary_axiom():
    """`Nat.gcd_succ` etc. turn a primitive's literal extension on: a project's own axiom of that name
    must not, when the front end says which axioms are the trusted library's (`boundary_axioms`)."""
    from claimcheck.kernel.declarations import Axiom, Theorem
    from claimcheck.kernel.expr import Terms
    from claimcheck.kernel.nat import spec_statement_trusted

    prop = Terms().prop
    name = ("Nat", "gcd_succ")
    ax = Axiom(name, (), prop)
    assert spec_statement_trusted(Environment(boundary_axioms={name}), ax)  # the library's, proof-less
    assert not spec_statement_trusted(Environment(boundary_axioms=set()), ax)  # a project's axiom
    assert spec_statement_trusted(Environment(), ax)  # no provenance known (an NDJSON file)
    thm = Theorem(name, (), prop, prop, (name,))
    assert spec_statement_trusted(Environment(boundary_axioms=set()), thm)  # checked with its proof


def test_fuel_is_deterministic_and_out_of_fuel_is_a_decline():
    """A declaration checked with too little fuel is declined (`out-of-fuel`) every time, after the
    same number of steps; with enough fuel it is accepted (issue 22: no wall-clock limit)."""
    from claimcheck.kernel.checker import check_declaration, run_with_big_stack
    from claimcheck.kernel.result import Declined

    def run(fuel):
        env = Environment()
        decls = read_ndjson(CASES / "nat_gcd_by_specification" / "input.ndjson", env.terms)
        for d in decls[:-1]:
            assert check_declaration(env, d).outcome == Outcome.ACCEPTED
        return check_declaration(env, decls[-1], fuel)

    small = [run_with_big_stack(run, 40) for _ in range(3)]
    assert all(v.outcome == Outcome.DECLINED and v.code == Declined.OUT_OF_FUEL for v in small)
    assert len({v.reason for v in small}) == 1 and "40 kernel steps" in small[0].reason
    assert run_with_big_stack(run, None).outcome == Outcome.ACCEPTED
    assert run_with_big_stack(run, 10**6).outcome == Outcome.ACCEPTED


def test_claimcheck_kernel_fuel_option(capsys):
    from claimcheck.kernel.cli import main

    case = str(CASES / "nat_gcd_by_specification" / "input.ndjson")
    assert main(["-q", "--fuel", "40", case]) == 2
    assert "ran out of fuel" in capsys.readouterr().out
    assert main(["-q", case]) == 0
