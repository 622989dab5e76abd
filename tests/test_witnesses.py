"""Every registered witness passes, and every witness can fail when fed a wrong ingredient."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
from pathlib import Path

import pytest
import sympy

from claimcheck.claims.witnesses import WitnessResult
from claimcheck.companion import client
from claimcheck.companion.client import CompanionError
from claimcheck.companion.protocol import Request
from claimcheck.errors import ConfigError
from mltheory.witnesses import REGISTRY
from mltheory.witnesses import acyclicity, angluin, simplex
from mltheory.witnesses import traffic_light as tl

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def registered_results() -> dict:
    """Every registered witness, run once in the companion's own process (as the gate runs them)."""
    response = client.run(Request(["mltheory.witnesses"], [], sorted(REGISTRY)), ROOT)
    assert response.witness_ids == sorted(REGISTRY)
    return {w.id: w for w in response.witnesses}


@pytest.mark.parametrize("wid", sorted(REGISTRY))
def test_registered_witness_passes(wid: str, registered_results: dict) -> None:
    assert isinstance(REGISTRY[wid](), WitnessResult)  # what a companion's check returns
    res = registered_results[wid]
    assert res.id == wid
    assert res.ok, res.summary
    assert res.summary and isinstance(res.details, dict)


def test_unknown_ids_are_failed_results_and_refused_by_validation(tmp_path: Path) -> None:
    # The companion answers an id no module registers as a failure (it never passes unseen); the
    # manifests are refused before any build when they name such an id (`validate` with the
    # companion's registered ids, as `Session.manifests` runs it).
    response = client.run(Request(["mltheory.witnesses"], [], ["simplex.gram_exact", "simplex.nope"]), ROOT)
    by_id = {w.id: w for w in response.witnesses}
    assert by_id["simplex.gram_exact"].ok
    assert not by_id["simplex.nope"].ok and "not registered" in by_id["simplex.nope"].summary
    from claimcheck.claims.manifest import ManifestError, load_manifests, validate

    path = tmp_path / "m.yaml"
    path.write_text(
        "id: m\ntitle: T\nsources: [{file: a.txt, line: 1}]\nclaims:\n  - id: c1\n    label: measurement\n"
        "    statement: S.\n    formal: none\n    reason: empirical\n    note: n\n"
        "    witnesses: [simplex.nope]\n", encoding="utf-8")
    with pytest.raises(ManifestError, match="witness `simplex.nope` is not registered"):
        validate(load_manifests(tmp_path), known_decls=None, witness_ids=response.witness_ids)


def test_crashing_check_is_a_failure(tmp_path: Path) -> None:
    (tmp_path / "boom_companion.py").write_text(
        "def boom():\n    raise ZeroDivisionError('boom')\n\nREGISTRY = {'simplex.boom': boom}\n", encoding="utf-8")
    (res,) = client.run(Request(["boom_companion"], [], ["simplex.boom"]), tmp_path).witnesses
    assert not res.ok and "ZeroDivisionError" in res.summary


def test_registry_is_loaded_from_the_configured_modules_only() -> None:
    assert client.run(Request([], [], []), ROOT).witness_ids == []  # the tool alone knows no witness
    assert client.run(Request(["mltheory.witnesses"], [], []), ROOT).witness_ids == sorted(REGISTRY)
    with pytest.raises(ConfigError, match="cannot import 'no_such_companion'"):
        client.run(Request(["no_such_companion"], [], []), ROOT)
    with pytest.raises(CompanionError, match="has no REGISTRY"):
        client.run(Request(["json"], [], []), ROOT)
    with pytest.raises(CompanionError, match="registered twice"):
        client.run(Request(["mltheory.witnesses", "mltheory.witnesses"], [], []), ROOT)


def test_the_tool_never_imports_the_companion() -> None:
    """claimcheck loads mltheory only by the name claimcheck.toml gives: no import in its code."""
    import ast

    import claimcheck

    package = Path(claimcheck.__file__).parent
    offenders = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [(path.name, n) for n in names if n.split(".")[0] == "mltheory"]
    assert offenders == []


# --------------------------------------------------------------------------- simplex


def test_simplex_gram_is_exact() -> None:
    for C in range(2, 8):
        assert simplex.simplex_gram(C) == sympy.eye(C) - sympy.ones(C, C) / C
    assert simplex.simplex_gram_rows(3) == [[F(2, 3), F(-1, 3), F(-1, 3)], [F(-1, 3), F(2, 3), F(-1, 3)],
                                            [F(-1, 3), F(-1, 3), F(2, 3)]]
    assert simplex.simplex_sq_dist(4)[0, 3] == 2


def test_simplex_lean_instances_recomputed() -> None:
    # argmaxHead_nearestNeighbour_instance_three / _tie
    assert simplex.argmax_head([F(1, 2), F(3), F(-1)]) == simplex.nearest_neighbour([F(1, 2), F(3), F(-1)]) == 1
    assert simplex.argmax_head([F(1), F(0), F(1)]) == simplex.nearest_neighbour([F(1), F(0), F(1)]) == 0


def test_gram_check_fails_on_wrong_gram() -> None:
    res = simplex.check_gram_exact(cs=range(2, 6), gram_fn=lambda C: sympy.eye(C))
    assert not res.ok and "I - J/C" in res.summary


def test_gram_check_fails_on_non_equidistant_code() -> None:
    def skewed(C: int) -> sympy.Matrix:
        V = simplex.simplex_code(C)
        V[0, 0] = V[0, 0] + 1  # breaks balance, norm and distances of class 0
        return V

    res = simplex.check_gram_exact(cs=range(3, 6), code_fn=skewed)
    assert not res.ok


def test_argmax_check_fails_on_unequal_norms() -> None:
    def scaled(C: int) -> sympy.Matrix:
        V = simplex.simplex_code(C)
        V[0, :] = 3 * V[0, :]
        return V

    res = simplex.check_argmax_eq_1nn(trials=300, code_fn=scaled)
    assert not res.ok and res.details["float_mismatches"] + res.details["exact_set_mismatches"] > 0


def test_code_check() -> None:
    assert simplex.check_code(simplex.simplex_realisation(5)).ok
    square = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])  # balanced, equal norm
    res = simplex.check_code(square)
    assert not res.ok and res.details["distance_defect"] == pytest.approx(2.0)


def test_balanced_rank_fails_on_bad_sampler_or_realisation() -> None:
    def unbalanced(C: int, d: int, rng: np.random.Generator) -> np.ndarray:
        return rng.normal(size=(C, d))

    assert not simplex.check_balanced_rank(cs=range(4, 7), sampler=unbalanced).ok

    def squashed(C: int) -> np.ndarray:  # project the simplex to C-2 dimensions: no longer one-distance
        return simplex.simplex_realisation(C)[:, : max(1, C - 2)]

    assert not simplex.check_balanced_rank(cs=range(3, 7), realise=squashed).ok


# --------------------------------------------------------------------------- acyclicity


def test_notears_trunc_exact_values() -> None:
    ones = [[F(1), F(1)], [F(1), F(1)]]  # (W∘W)^k = 2^(k-1)·J, trace 2^k
    assert acyclicity.notears_trunc(ones, 1) == 2
    assert acyclicity.notears_trunc(ones, 2) == 4
    assert acyclicity.notears_trunc(ones, 3) == F(16, 3)
    upper = [[0, 2, F(1, 2)], [0, 0, -3], [0, 0, 0]]
    assert all(acyclicity.notears_trunc(upper, K) == 0 for K in range(1, 6))
    assert acyclicity.mat_pow(acyclicity.as_fractions(upper), 3) == [[0] * 3] * 3


def test_walk_sum_check_fails_on_wrong_power() -> None:
    def transposed_power(A: acyclicity.Mat, k: int) -> acyclicity.Mat:
        P = acyclicity.mat_pow(A, k)
        return [list(r) for r in zip(*P)]

    assert not acyclicity.check_walk_sum(power=transposed_power).ok


def test_positivity_check_fails_on_matrices_with_zeros() -> None:
    res = acyclicity.check_notears_positive(trials=20, sampler=acyclicity.random_strict_upper)
    assert not res.ok


def test_upper_triangular_check_fails_on_a_cycle() -> None:
    def with_cycle(rng: np.random.Generator, n: int) -> acyclicity.Mat:
        A = acyclicity.random_strict_upper(rng, n)
        if n >= 2:
            A[n - 1][0] = F(1)
        else:
            A[0][0] = F(1)
        return A

    assert not acyclicity.check_upper_triangular_zero(trials=20, sampler=with_cycle).ok


# --------------------------------------------------------------------------- angluin


def test_tell_tale_lean_instances_recomputed() -> None:
    Ls = [[0], [0, 1], [0, 1, 2]]
    assert angluin.is_tell_tale_lists(Ls, 1, [0, 1])
    assert angluin.is_tell_tale_lists(Ls, 1, [1])
    assert not angluin.is_tell_tale_lists(Ls, 1, [0])
    assert not angluin.is_tell_tale_lists(Ls, 1, [])
    assert angluin.is_tell_tale_lists(Ls, 0, [])


def test_finite_families_check_fails_on_a_wrong_finder() -> None:
    res = angluin.check_finite_families(trials=30, finder=lambda fam, i: frozenset())
    assert not res.ok


def test_gold_check_fails_on_a_family_that_is_not_gold() -> None:
    def thinned(m: int) -> list:  # drop the sub-languages missing the element 0
        return [L for L in angluin.gold_truncated(m) if 0 in L]

    assert not angluin.check_gold_truncated(ms=range(1, 5), family_fn=thinned).ok


def test_initial_segments_check_fails_without_segments() -> None:
    assert not angluin.check_initial_segments(family_fn=lambda m: [frozenset(range(m + 1))]).ok


# --------------------------------------------------------------------------- traffic light


def test_decoding_check_fails_on_wrong_decoder() -> None:
    assert not tl.check_decoding_table(decode_fn=lambda a, b: (a - b) % 3).ok


@pytest.mark.parametrize("design", ["done_tick", "halted_pairs"])
@pytest.mark.parametrize("trap", [dict(keep_prev=False), dict(clock_stops_at_halt=True),
                                  dict(wait_for_finished=True)], ids=["no-prev", "stop-at-halt", "wait-finished"])
def test_random_schedules_catch_each_design_trap(design: str, trap: dict) -> None:
    res = tl.check_random_schedules(trials=80, proto=tl.Protocol(design=design, **trap))
    assert not res.ok, res.summary


def test_trap_path_deadlocks_under_the_literal_rule() -> None:
    g = tl.Graph.from_edges(3, [(0, 1), (1, 2)])
    f = tl.relu_update(np.random.default_rng(1), 2)
    x0 = [np.array([1.0, -1.0]), np.array([0.5, 2.0]), np.array([-1.0, 0.25])]
    rng = np.random.default_rng(0)
    good = tl.run_protocol(g, x0, [0, 0, 5], f, rng, mode="sync")
    assert good.converged and not good.problems and good.final_rounds == [1, 1, 6]
    bad = tl.run_protocol(g, x0, [0, 0, 5], f, rng, mode="sync",
                          proto=tl.Protocol(design="halted_pairs", wait_for_finished=True))
    assert not bad.converged and any("blocked" in p for p in bad.problems)


def test_sync_bound_fails_when_clock_stops_at_halt() -> None:
    assert not tl.check_sync_bound(trials=30, proto=tl.Protocol(clock_stops_at_halt=True)).ok


def test_protocol_fixpoint_matches_synchronous_halting_run() -> None:
    edges = [(0, 1), (1, 2), (2, 3)]
    h = [1, 0, 2, 1]
    x0 = [1, 2, 3, 4]
    steps, rounds, states = tl.protocol_fixpoint(4, edges, h, x0, lambda v, x, nb: x + sum(nb.values()))
    # synchronous halting run by hand: X1 = (3, 2, 9, 7), X2 = (3, 2, 18, 7)
    assert (steps, rounds, states) == (3, [2, 1, 3, 2], [3, 2, 18, 7])


# --------------------------------------------------------------------------- Lean instance values
# The values stated in the `_instance_` theorems of lean/MLTheory/{Acyclicity,TrafficLight}.lean,
# recomputed independently here (the harness cross-checks them against the built modules too).


def test_acyclicity_lean_instances_recomputed() -> None:
    W = acyclicity.as_fractions([[1, "1/2", 2], ["1/3", 1, 1], [1, 2, "1/2"]])
    assert acyclicity.notears_trunc(W, 3) == F(20375, 1152)  # notearsTrunc_instance_positive_three
    assert acyclicity.walk_sum(W, 2, 0, 1) == 5  # walkSum_instance_three
    assert acyclicity.walk_sum(W, 3, 2, 0) == F(91, 12)  # walkSum_instance_three_cube
    U = acyclicity.as_fractions([[0, 1, 2, 3], [0, 0, "1/2", 1], [0, 0, 0, 5], [0, 0, 0, 0]])
    cube = acyclicity.mat_pow(U, 3)
    assert cube == [[0, 0, 0, F(5, 2)], [0] * 4, [0] * 4, [0] * 4]  # matPow_instance_upper_cube
    assert acyclicity.mat_pow(U, 4) == [[0] * 4] * 4  # matPow_instance_upper_fourth
    assert acyclicity.notears_trunc(U, 4) == 0  # notearsTrunc_instance_upper_four


def test_traffic_light_lean_instance_recomputed() -> None:
    # trafficLight_instance_path4_syncRun: path on 4 vertices, h = [1, 3, 0, 2], x0 = [1, 2, 3, 4],
    # update = own state + sum of neighbours' states
    steps, rounds, states = tl.protocol_fixpoint(4, [(0, 1), (1, 2), (2, 3)], [1, 3, 0, 2], [1, 2, 3, 4],
                                                 lambda v, x, nb: x + sum(nb.values()))
    assert (steps, rounds, states) == (4, [2, 4, 1, 3], [3, 18, 3, 10])


def test_converging_rgnn_check_fails_on_the_naive_protocol() -> None:
    """The simulation witness rejects a network in which halted vertices never tick again."""
    from mltheory.witnesses import converging_rgnn
    result = converging_rgnn.check_simulation(trials=40, run=converging_rgnn.naive_run)
    assert not result.ok and "halting outputs" in result.details


def test_metric_rank_check_fails_on_a_gram_configuration() -> None:
    """A score matrix of rank d (a Euclidean head) is refused."""
    from mltheory.witnesses import metric_scores
    result = metric_scores.check_rank(max_d=3, trials=0, scores=lambda d: [[int(i == j) for j in range(d)] for i in
                                                                          range(d * (d + 1) // 2)])
    assert not result.ok and "rank" in result.details


def test_soft_majority_check_fails_on_a_head_ignoring_the_weights() -> None:
    """A head that always answers class 0 is caught."""
    from mltheory.witnesses import simplex
    assert not simplex.check_soft_majority(trials=60, head=lambda C, w, lab: 0).ok
