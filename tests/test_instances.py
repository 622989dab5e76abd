"""The instance cross-check (:mod:`claimcheck.analysis.instances`): every ``_instance_`` theorem of the built
project agrees with its Python recomputation; a changed statement is caught, and so is a wrong
Python mirror (:mod:`mltheory.mirrors`, one per newer module); the exact Python
mirrors of the traffic-light definitions (:mod:`mltheory.witnesses.traffic_light_lean`) agree
with hand-computed runs and with the numeric model of the same design."""

from __future__ import annotations

import itertools
from fractions import Fraction
import random
from types import SimpleNamespace
from typing import Any, Sequence

import pytest

from claimcheck.analysis.cross_check import instance_theorems, marked_statement, proved_by_decision
from claimcheck.companion.client import instance_requests as requests, instance_results as results
from claimcheck.analysis.instances import Evaluator, FinFun, Unsupported
from claimcheck.analysis.instance_rules import InstanceRules
from claimcheck.analysis.scope import ProjectScope
from claimcheck.companion import child, client
from claimcheck.companion.protocol import Request
from claimcheck.model.evidence import InstanceOutcome, InstanceResult
from claimcheck.model.facts import DeclFacts, DeclKind, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, Lam, Lit, MData, Proj, app_spine
from mltheory.witnesses import traffic_light
from mltheory.witnesses import traffic_light_lean as tl

#: The tool's core vocabulary with this repository's companion (as claimcheck.toml names it),
#: merged as the companion's process merges them.
SEMANTICS = child.load_semantics(["mltheory.semantics"])

TL = "MLTheory.TrafficLight."
PROJECT_MODULES = ["MLTheory.Simplex", "MLTheory.Acyclicity", "MLTheory.Angluin", "MLTheory.TrafficLight"]
#: The modules added on 2026-11-30, mirrored by :mod:`mltheory.mirrors`.
MIRRORED_MODULES = [
    "MLTheory.Pigeonhole", "MLTheory.Compaction", "MLTheory.GatedMLP", "MLTheory.ShermanMorrison",
    "MLTheory.MultiHead", "MLTheory.GenerationLimit", "MLTheory.PromptCount", "MLTheory.Retrieval",
    "MLTheory.GNNBisimulation", "MLTheory.TrafficLightFair",
    # added on 2026-11-30 (issue 18): mirrored by tables, matroid, attention, codes; PlanarTriangle
    # and RetrievalBound use only the core vocabulary and the Retrieval mirror
    "MLTheory.QueryTable", "MLTheory.PartitionGreedy", "MLTheory.ConnectionLaplacian", "MLTheory.OneDistance",
    "MLTheory.RationalCode", "MLTheory.PlanarTriangle", "MLTheory.HardAttention", "MLTheory.RetrievalBound",
]
MISMATCH = "Lean states one value, Python recomputes another"


# --------------------------------------------------------------------------- building Expr trees


def app(head: Expr, *args: Expr) -> Expr:
    for a in args:
        head = App(head, a)
    return head


def N(text: str) -> Name:
    return Name.parse(text)


def const(name: str) -> Const:
    return Const(N(name), ())


def nat(k: int) -> Expr:
    """The elaborated Nat literal ``OfNat.ofNat Nat k (instOfNatNat k)``."""
    return app(const("OfNat.ofNat"), const("Nat"), Lit(k), app(const("instOfNatNat"), Lit(k)))


def nat_list(xs: Sequence[int]) -> Expr:
    e: Expr = app(const("List.nil"), const("Nat"))
    for x in reversed(xs):
        e = app(const("List.cons"), const("Nat"), nat(x), e)
    return e


def fin_literal(n: int, k: int) -> Expr:
    """The elaborated literal ``(k : Fin n)``, with the library instance Lean uses (``n ≥ 1``)."""
    fin = app(const("Fin"), nat(n))
    inst = app(const("Fin.instOfNat"), nat(n), app(const("Nat.instNeZeroSucc"), nat(n - 1)), Lit(k))
    return app(const("OfNat.ofNat"), fin, Lit(k), inst)


def list_of(elems: Sequence[Expr], ty: Expr = const("Nat")) -> Expr:
    """A list literal ``[e₀, e₁, …]`` (the evaluator reads the entries, not the type)."""
    e: Expr = app(const("List.nil"), ty)
    for x in reversed(elems):
        e = app(const("List.cons"), ty, x, e)
    return e


def bool_list(xs: Sequence[bool]) -> Expr:
    return list_of([const("Bool.true" if x else "Bool.false") for x in xs], const("Bool"))


ArgPath = Sequence["int | str"]  # argument indices; "body" enters a `fun` or `∀`


def replace_at(e: Expr, path: ArgPath, new: Expr) -> Expr:
    """``e`` with the subterm reached by following ``path`` replaced by ``new``."""
    if not path:
        return new
    while isinstance(e, MData):
        e = e.expr
    if path[0] == "body":
        assert isinstance(e, (Lam, ForallE)), f"no binder at {path}"
        return type(e)(e.binder_name, e.binder_type, replace_at(e.body, path[1:], new), e.binder_info)
    head, args = app_spine(e)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return app(head, *args)


def subterm(e: Expr, path: ArgPath) -> Expr:
    for i in path:
        while isinstance(e, MData):
            e = e.expr
        e = e.body if i == "body" else app_spine(e)[1][i]
    return e


#: The built environment and its instance rules by module, set by the ``env`` fixture.
_BUILT: dict[str, Any] = {}


def inspector(module: str) -> InstanceRules:
    """The instance rules of a module's scope in the built environment (as the session's)."""
    got = _BUILT["inspectors"].get(module)
    if got is None:
        env, lib = _BUILT["env"], _BUILT["lib"]

        def is_core(m: str) -> bool:
            folder = env.module_folder(m)
            return folder is not None and folder.resolve() == lib

        got = _BUILT["inspectors"][module] = InstanceRules(ProjectScope(env, is_core, module))
    return got


def check_one(decl: str, statement: Expr, evaluator: Evaluator | None = None) -> InstanceResult:
    """The cross-check of one instance theorem with ``statement`` in place of its built one, the way
    the pipeline runs it: its non-library instances marked in the theorem's module scope
    (``instance_theorems``), sent as a term table (``requests``), evaluated by the companion's
    function (``child.evaluate_instances``, in this process so that a test can give it another
    evaluator), and read back (``results``)."""
    env = _BUILT["env"]
    name = N(decl)
    ci = env.find(name)
    module = ci.module if ci is not None else "MLTheory.TrafficLight"
    facts = DeclFacts(name, module, DeclKind.THEOREM, Status.PROVED)
    theorems = [(facts, marked_statement(statement, inspector(module)))]
    reqs, table = requests(theorems)
    answers = child.evaluate_instances(evaluator or Evaluator(SEMANTICS), reqs, table)
    return results(theorems, answers)[facts.key]


# --------------------------------------------------------------------------- the built project


@pytest.fixture(scope="module")
def env(repo_build, repo_project, toolchain) -> Environment:
    assert repo_build.ok, repo_build.summary()
    e = Environment([toolchain.lib_dir, repo_project.olean_dir])
    for m in PROJECT_MODULES + MIRRORED_MODULES:
        e.load(m)
    _BUILT.update(env=e, lib=toolchain.lib_dir.resolve(), inspectors={})
    return e


@pytest.fixture(scope="module")
def instance_names(env, repo_build) -> list[Name]:
    names = []
    for m in repo_build.modules:
        for n in env.load(m).constant_names():
            if proved_by_decision(env.load(m), env.find(n)) and not n.is_internal:
                names.append(n)
    return sorted(names)


def statement(env: Environment, name: str) -> Expr:
    ci = env.find(N(name))
    assert ci is not None, f"{name} is not in the built modules"
    return ci.type


def test_every_project_instance_is_cross_checked_ok(env, instance_names, repo_root) -> None:
    for name in ["trafficLight_instance_path4_haltingRun", "trafficLight_instance_path4_syncRun",
                 "trafficLight_instance_path4_not_done_at_3", "trafficLight_instance_path4_seqRun",
                 "trafficLight_instance_notes_variant_deadlock"]:
        assert N(TL + name) in instance_names
    for module in PROJECT_MODULES + MIRRORED_MODULES:
        assert any(env.find(n).module == module for n in instance_names), f"no instance in {module}"
    # as the gate runs it: the statements marked here, evaluated in the companion's own process
    facts = [DeclFacts(n, env.find(n).module, DeclKind.THEOREM, Status.PROVED) for n in instance_names]
    theorems = instance_theorems(env, facts, inspector)
    assert len(theorems) == len(instance_names) >= 36
    reqs, table = requests(theorems)
    response = client.run(Request([], ["mltheory.semantics"], [], reqs, table), repo_root)
    checks = list(results(theorems, response.instances).values())
    assert len(checks) == len(instance_names)
    # claimcheck.toml is strict: every instance, of every module, is recomputed by Python and agrees
    bad = [(c.decl, c.outcome, c.detail, c.lean_value, c.python_value) for c in checks if not c.ok]
    assert not bad
    assert not any(c.fails_gate(strict=True) for c in checks)
    by_name = {str(c.decl): c for c in checks}
    c = by_name[TL + "trafficLight_instance_path4_syncRun"]
    assert (c.lean_value, c.python_value) == ("[3, 18, 3, 10] ∧ [2, 4, 1, 3] ∧ True",) * 2
    c = by_name["MLTheory.MultiHead.mha_instance_two_heads"]
    assert c.python_value == "[-1, 5/4] ∧ [-1, 5/4] ∧ 5/4 ∧ 3/5" == c.lean_value


GL, GM, SMO, MH, RT, GNN = ("MLTheory.GenerationLimit.", "MLTheory.GatedMLP.", "MLTheory.ShermanMorrison.",
                            "MLTheory.MultiHead.", "MLTheory.Retrieval.", "MLTheory.GNNBisimulation.")
QT, PG, CL, OD, RC, PT, HA, RB = ("MLTheory.QueryTable.", "MLTheory.PartitionGreedy.", "MLTheory.ConnectionLaplacian.",
                                  "MLTheory.OneDistance.", "MLTheory.RationalCode.", "MLTheory.PlanarTriangle.",
                                  "MLTheory.HardAttention.", "MLTheory.RetrievalBound.")


def rat(k: int) -> Expr:
    """The elaborated Rat literal ``OfNat.ofNat Rat k _`` (the evaluator reads the literal)."""
    return app(const("OfNat.ofNat"), const("Rat"), Lit(k), app(const("Rat.instOfNat"), Lit(k)))


def rat_list(xs: Sequence[int]) -> Expr:
    return list_of([rat(x) if x >= 0 else app(const("Neg.neg"), const("Rat"), const("Rat.instNeg"), rat(-x)) for x in xs],
                   const("Rat"))

# Each mutation: (instance, argument path of the replaced subterm, replacement).
MUTATIONS = [
    ("MLTheory.simplexCode_sqDist_instance_five", [2], nat(3)),
    ("MLTheory.simplexCode_dot_instance_four", [2], nat(0)),
    ("MLTheory.notearsTrunc_instance_positive_three", [2], nat(20375)),
    ("MLTheory.walkSum_instance_three", [2], nat(6)),
    ("MLTheory.Angluin.angluin_instance_tellTale_01", [3], nat_list([0])),  # {0} ⊊ {0, 1} contains [0]
    (TL + "trafficLight_instance_path4_haltingRun", [2], nat_list([3, 18, 3, 11])),
    (TL + "trafficLight_instance_path4_haltingRun", [1, 2, "body", 4, 1], nat_list([2, 3, 0, 2])),  # h 0 := 2
    (TL + "trafficLight_instance_path4_syncRun", [0, 2], nat_list([3, 18, 3, 7])),
    (TL + "trafficLight_instance_path4_syncRun", [1, 0, 2], nat_list([2, 4, 1, 4])),
    (TL + "trafficLight_instance_path4_syncRun", [1, 1, "body", 3, 6], nat(2)),  # 2 steps: not all done
    (TL + "trafficLight_instance_path4_not_done_at_3", [0, 3, 6], nat(4)),  # after 4 steps vertex 1 is done
    (TL + "trafficLight_instance_path4_seqRun", [1, 2], nat_list([2, 4, 1, 2])),
    # one step short: the states are already final (the last move is a frozen tick), the rounds not
    (TL + "trafficLight_instance_path4_seqRun", [1, 1, 2, "body", 1, 6], nat(9)),
    (TL + "trafficLight_instance_notes_variant_deadlock", [0, 4, 1], nat_list([1, 1, 1])),  # 2 is stopped
    (TL + "trafficLight_instance_notes_variant_deadlock", [1, 0, 4, 1], nat_list([2, 2, 0])),  # 1 is blocked
    (TL + "trafficLight_instance_notes_variant_deadlock", [1, 1, 0, "body", 0, 3, 1],
     nat_list([1, 1, 0])),  # there, vertex 0 is enabled
    # the modules mirrored by mltheory.mirrors: a stated value, or an input, changed
    ("MLTheory.allFuns_instance_three_two", [2], nat(8)),
    ("MLTheory.Compaction.parity_instance_three", [0, 2], const("Bool.true")),
    ("MLTheory.Compaction.parity_instance_three", [1, 1, 2], const("Bool.false")),  # a flip changes parity
    ("MLTheory.Compaction.selection_instance_three", [0, 2, 2, 1, 1], const("Bool.true")),  # kept bit 0 differs
    ("MLTheory.Compaction.selection_instance_three", [1, 2, 1],  # same parity on both sides
     app(const("MLTheory.Compaction.bits"), nat(3), bool_list([True, True, False]))),
    ("MLTheory.GatedMLP.bilinearMLP_instance_two", [2], nat(3)),
    ("MLTheory.GatedMLP.gatedMLP_instance_relu_swap", [1, 2], nat(1)),
    ("MLTheory.GatedMLP.gatedMLP_instance_relu_swap", [0, 1, 5], app(const(GM + "one"), nat(1))),  # W₂ = 1
    ("MLTheory.GatedMLP.gatedMLP_instance_quad_rescale", [0, 2], nat(3)),
    ("MLTheory.ShermanMorrison.shermanMorrison_instance_three", [0, 2], nat(2)),
    ("MLTheory.ShermanMorrison.shermanMorrison_instance_three", [1, 1, 1, 1, 1],  # A = diag(1, 1, 4): B is not A⁻¹
     app(const(SMO + "ofRows"), nat(3), list_of([nat_list([1, 0, 0]), nat_list([0, 1, 0]), nat_list([0, 0, 4])]))),
    ("MLTheory.MultiHead.mha_instance_two_heads", [0, 2], nat_list([1, 1])),
    ("MLTheory.MultiHead.mha_instance_two_heads", [1, 1, 1, 1, 5], nat(0)),  # the gate of head 0 is 2/5
    ("MLTheory.GenerationLimit.consistent_instance_multiples", [0, 4], nat(2)),  # 4 refutes the multiples of 3
    ("MLTheory.GenerationLimit.consistent_instance_multiples", [1, 1, 0, 4], nat(1)),  # the multiples of 4 fit
    ("MLTheory.PromptCount.repeatFirst_instance_outputs", [0, 2], list_of([nat_list([0, 0, 0]), nat_list([1, 1, 0])])),
    ("MLTheory.PromptCount.repeatFirst_instance_outputs", [1, 1, 1, 2], nat(2)),  # 4 words of length 2
    ("MLTheory.Retrieval.kSubsets_instance_four_two", [0, 1, 1], nat(1)),  # the 4 singletons
    ("MLTheory.Retrieval.kSubsets_instance_four_two", [1, 0, 2], nat(121)),
    ("MLTheory.Retrieval.kSubsets_instance_four_two", [1, 1, 2], nat(128)),  # 2^7 > C(10, 3)
    ("MLTheory.GNNBisimulation.rgnnRun_instance_triangle_hexagon", [0, 2], nat_list([1, 1, 2])),
    ("MLTheory.GNNBisimulation.rgnnRun_instance_triangle_hexagon", [1, 1, 1, 2, "body", 6], nat(3)),  # 2, 3, 5, 9
    (TL + "trafficLight_instance_path4_potential", [0, 2], nat(9)),
    (TL + "trafficLight_instance_path4_potential", [1, 1, 2], nat(1)),
    # issue 18
    (QT + "rowCount_instance_three", [0, 2], nat(7)),
    (QT + "rowCount_instance_three", [1, 2], nat(1)),
    (QT + "rowCount_instance_three", [0, 1, 1], nat(2)),  # queries 0 and 1 only: 4 distinct rows
    (PG + "greedy_instance_two_three", [1, 0, 2, 1], fin_literal(3, 0)),  # greedy takes 2 (weight 5), not 0 (weight 3)
    (PG + "greedy_instance_two_three", [1, 1, 0, 2], app(const("Option.some"), app(const("Fin"), nat(3)), fin_literal(3, 2))),
    (PG + "greedy_instance_two_three", [1, 1, 1, 2], rat(8)),  # 5 + 3 is not independent
    (PG + "greedy_instance_two_three", [0, 2], list_of([  # (0, 0) of weight 3 before (0, 2) of weight 5
        app(const("Prod.mk"), const("Fin2"), const("Fin3"), fin_literal(2, 0), fin_literal(3, a)) for a in (0, 2)])),
    (CL + "generator_instance_two", [1, 0, 2], rat_list([-4, 1])),
    (CL + "generator_instance_two", [1, 1, 0, 2], rat_list([4, 1])),
    (CL + "generator_instance_two", [1, 1, 1, 2], rat(34)),  # ⟨x, L x⟩, not 2 ⟨x, L x⟩
    (CL + "generator_instance_two", [0, 1],  # the all-ones matrix is not orthogonal
     Lam(N("a"), app(const("Fin"), nat(2)), Lam(N("b"), app(const("Fin"), nat(2)), rat(1), 0), 0)),
    (OD + "triangle_instance_three", [1, 0, "body", 2], rat(3)),
    (OD + "triangle_instance_three", [1, 1, 1, 1, 1, 2], rat(1)),  # the inner product is -1, not 1
    (OD + "triangle_instance_three", [1, 1, 0, 2], rat(4)),
    (RC + "code_instance_five", [0, 2], rat_list([1, 0, 1])),  # p 1, not p 0
    (RC + "code_instance_five", [1, 1, 0, 2], rat_list([0, 1, -1])),  # the second triangle vertex is at index 3
    (RC + "code_instance_five", [1, 1, 1, 1, "body", 2], rat(3)),
    (HA + "aha_instance_four", [0, 2], rat(4)),
    (HA + "aha_instance_four", [1, 0, 2], rat(20)),
    (HA + "aha_instance_four", [1, 1, 2], rat(13)),  # the sum 26, not the mean
    (PT + "mul_self_ne_three_instance_small", [1, 2], rat(49)),
    (PT + "mul_self_ne_three_instance_small", [0, "body", "body", 2], rat(4)),  # (2 / (0 + 1))² = 4
    (RB + "choose_bound_instance_ten_three", [1, 0, 2], nat(3000)),
]


@pytest.mark.parametrize("name,path,new", MUTATIONS, ids=[f"{m[0].rsplit('.', 1)[-1]}@{m[1]}" for m in MUTATIONS])
def test_a_changed_statement_is_a_mismatch(env, name: str, path: list[int], new: Expr) -> None:
    original = statement(env, name)
    assert check_one(name, original).ok
    mutated = replace_at(original, path, new)
    result = check_one(name, mutated)
    assert result.outcome is InstanceOutcome.DISAGREE and result.detail == MISMATCH, result
    assert result.fails_gate(strict=False)


#: Deliberately wrong mirrors: (instance, Lean name, a plausible but wrong Python meaning). Each
#: must turn the instance's agreement into a disagreement (so a mirror is not checked vacuously).
WRONG_MIRRORS = [
    ("MLTheory.allFuns_instance_three_two", "MLTheory.allFuns",  # one coordinate short
     lambda _a, l, d: [FinFun(w) for w in itertools.product(l(), repeat=max(0, int(d()) - 1))]),
    ("MLTheory.Compaction.parity_instance_three", "MLTheory.Compaction.parity",  # "some bit set"
     lambda n, x: any(x()(i) for i in range(int(n())))),
    ("MLTheory.Compaction.selection_instance_three", "MLTheory.Compaction.keepList",  # keeps everything
     lambda n, _l: FinFun((True,) * int(n()))),
    ("MLTheory.GatedMLP.gatedMLP_instance_relu_swap", "MLTheory.relu", lambda t: t()),  # the identity gate
    ("MLTheory.GatedMLP.gatedMLP_instance_quad_rescale", GM + "quadGate", lambda t: 2 * t()),  # homogeneous
    ("MLTheory.ShermanMorrison.shermanMorrison_instance_three", SMO + "smInverse",  # sign of the update
     lambda n, b, u, v: SEMANTICS[SMO + "smInverse"](n, b, lambda: (lambda i: -u()(i)), v)),
    ("MLTheory.MultiHead.mha_instance_two_heads", MH + "gate",  # gates summing to 2
     lambda n, h, att, i, j, k: 2 * SEMANTICS[MH + "gate"](n, h, att, i, j, k)),
    ("MLTheory.GenerationLimit.consistent_instance_multiples", GL + "multiplesOf",  # 3 read as 1
     lambda i: (lambda m: lambda x: x % m == 0)((2, 4, 1)[int(i())])),
    ("MLTheory.PromptCount.repeatFirst_instance_outputs", "MLTheory.PromptCount.repeatFirst",  # 1 - first
     lambda _v, _p, _l, _hp, x: lambda _t: 1 - x()(0)),
    ("MLTheory.Retrieval.kSubsets_instance_four_two", RT + "kSubsets",  # reversed order
     lambda n, k: list(reversed(SEMANTICS[RT + "kSubsets"](n, k)))),
    ("MLTheory.GNNBisimulation.rgnnRun_instance_triangle_hexagon", GNN + "combEx",  # mean, not sum
     lambda x, m: (lambda xs, ms: lambda a: xs(a) + ms(a) / 4 - 1)(x(), m())),
    (TL + "trafficLight_instance_path4_potential", "MLTheory.sumNat",  # one vertex short
     lambda n, f: sum(int(f()(v)) for v in range(int(n()) - 1))),
    # issue 18
    (QT + "rowCount_instance_three", QT + "rowCount",  # the contexts, not the distinct rows
     lambda n, _q, _a, _d, _t: int(n())),
    (QT + "rowCount_instance_three", QT + "membership",  # context x read as the first x elements
     lambda _k: lambda x: lambda j: int(j) < int(x)),
    (PG + "greedy_instance_two_three", PG + "greedy",  # no positivity test: every block takes its first element
     lambda n, k, w, l: SEMANTICS[PG + "greedy"](n, k, lambda: (lambda b: lambda c: 1), l)),
    (CL + "generator_instance_two", CL + "generator",  # the walk P x, not (I - P) x
     lambda n, d, w, tr, x: (lambda lx: lambda i: lambda a: x()(i)(a) - lx(i)(a))(SEMANTICS[CL + "generator"](n, d, w, tr, x))),
    (OD + "triangle_instance_three", "MLTheory.BalancedCode.triangle",  # e_c + e_{c+1}: not balanced
     lambda: FinFun(tuple(FinFun(tuple(int(i in (c, (c + 1) % 3)) for i in range(3))) for c in range(3)))),
    (RC + "code_instance_five", RC + "code",  # prototypes indexed off by one
     lambda e, c: (lambda mu, n: lambda j: mu((int(j) + 1) % n))(SEMANTICS[RC + "code"](e, c), int(c()))),
    (HA + "aha_instance_four", HA + "aha",  # the mean of all values, whatever the scores
     lambda n, _s, v: SEMANTICS[HA + "aha"](n, lambda: (lambda _j: 0), v)),
    (HA + "aha_instance_four", HA + "indicator",  # the complement of the marked set
     lambda n, s: (lambda ind: lambda j: 1 - ind(j))(SEMANTICS[HA + "indicator"](n, s))),
]


@pytest.mark.parametrize("name,constant,wrong", WRONG_MIRRORS, ids=[w[0].rsplit(".", 1)[-1] for w in WRONG_MIRRORS])
def test_a_wrong_mirror_is_a_mismatch(env, name: str, constant: str, wrong: Any) -> None:
    assert constant in SEMANTICS
    s = statement(env, name)
    assert check_one(name, s).ok
    result = check_one(name, s, Evaluator({**SEMANTICS, constant: wrong}))
    assert result.outcome is InstanceOutcome.DISAGREE and result.detail == MISMATCH, result
    assert result.lean_value != result.python_value


def test_mutation_paths_hit_the_intended_subterms(env) -> None:
    """The paths above point at what the comments say (so the mutations are the intended ones)."""
    def head(name: str, path: ArgPath) -> str:
        return str(app_spine(subterm(statement(env, TL + name), path))[0].name)

    assert head("trafficLight_instance_path4_haltingRun", [1, 2, "body", 4]) == TL + "listFun"
    assert head("trafficLight_instance_path4_not_done_at_3", [0, 3]) == TL + "syncRun"
    assert head("trafficLight_instance_path4_seqRun", [0, 1, 2, "body", 1]) == TL + "seqRun"
    assert head("trafficLight_instance_path4_syncRun", [1, 1, "body"]) == TL + "Done"
    assert head("trafficLight_instance_path4_syncRun", [1, 1, "body", 3]) == TL + "syncRun"
    assert head("trafficLight_instance_notes_variant_deadlock", [0]) == TL + "VariantStep"
    assert head("trafficLight_instance_notes_variant_deadlock", [0, 4]) == TL + "listFun"
    assert head("trafficLight_instance_notes_variant_deadlock", [1, 1, 0, "body"]) == "Not"
    assert head("trafficLight_instance_notes_variant_deadlock", [1, 1, 0, "body", 0]) == TL + "VariantEnabled"
    def head_of(name: str, path: ArgPath) -> str:
        return str(app_spine(subterm(statement(env, name), path))[0].name)

    assert head_of("MLTheory.Compaction.selection_instance_three", [0, 2, 2]) == "MLTheory.Compaction.bits"
    assert head_of("MLTheory.Compaction.selection_instance_three", [1]) == "Ne"
    assert head_of("MLTheory.GatedMLP.gatedMLP_instance_relu_swap", [0, 1, 5]) == GM + "one"
    assert head_of("MLTheory.ShermanMorrison.shermanMorrison_instance_three", [1, 1, 1, 1]) == SMO + "rankOneUpdate"
    assert head_of("MLTheory.ShermanMorrison.shermanMorrison_instance_three", [1, 1, 1, 1, 1]) == SMO + "ofRows"
    assert head_of("MLTheory.MultiHead.mha_instance_two_heads", [1, 1, 1, 1]) == MH + "gate"
    assert head_of("MLTheory.GenerationLimit.consistent_instance_multiples", [1, 1, 0]) == GL + "Consistent"
    assert head_of("MLTheory.PromptCount.repeatFirst_instance_outputs", [1, 1, 1]) == "MLTheory.allFuns"
    assert head_of("MLTheory.Retrieval.kSubsets_instance_four_two", [0, 1]) == RT + "kSubsets"
    assert head_of("MLTheory.Retrieval.kSubsets_instance_four_two", [1, 1, 2]) == "HPow.hPow"
    assert head_of("MLTheory.GNNBisimulation.rgnnRun_instance_triangle_hexagon", [1, 1, 1, 2, "body"]) == GNN + "rgnnRun"
    assert head_of(QT + "rowCount_instance_three", [0, 1]) == QT + "rowCount"
    assert Evaluator(SEMANTICS).eval(subterm(statement(env, QT + "rowCount_instance_three"), [0, 1, 1])) == 3  # q
    assert head_of(PG + "greedy_instance_two_three", [0, 2]) == PG + "exampleOrder"
    assert head_of(PG + "greedy_instance_two_three", [1, 0, 2]) == "Option.some"
    assert head_of(PG + "greedy_instance_two_three", [1, 1, 1, 1]) == PG + "weight"
    assert head_of(CL + "generator_instance_two", [0, 1]) == CL + "swapT"
    assert head_of(CL + "generator_instance_two", [1, 1, 1, 1]) == CL + "piDot"
    assert head_of(OD + "triangle_instance_three", [1, 1, 1, 1, 1, 1]) == "MLTheory.dot"
    assert head_of(RC + "code_instance_five", [1, 1, 1, 1, "body", 1]) == "MLTheory.sqNorm"
    assert head_of(PT + "mul_self_ne_three_instance_small", [0, "body", "body"]) == "Ne"
    assert head_of(HA + "aha_instance_four", [1, 0, 1, 4]) == HA + "selCount"
    rounds_ = subterm(statement(env, "MLTheory.GNNBisimulation.rgnnRun_instance_triangle_hexagon"), [1, 1, 1, 2, "body", 6])
    assert Evaluator(SEMANTICS).eval(rounds_) == 2
    steps = subterm(statement(env, TL + "trafficLight_instance_path4_seqRun"), [0, 1, 2, "body", 1, 6])
    assert Evaluator(SEMANTICS).eval(steps) == 10


def test_dropping_a_negation_is_a_mismatch(env) -> None:
    name = "MLTheory.Angluin.angluin_instance_not_tellTale_0"
    s = statement(env, name)
    negated = subterm(s, [0])
    assert app_spine(negated)[0].name == N("Not")
    assert not check_one(name, replace_at(s, [0], subterm(negated, [0]))).ok
    name = TL + "trafficLight_instance_path4_not_done_at_3"
    s = statement(env, name)
    assert not check_one(name, subterm(s, [0])).ok


def test_unsupported_constants_are_not_cross_checked(env) -> None:
    name = TL + "trafficLight_instance_path4_haltingRun"
    without = Evaluator({k: v for k, v in SEMANTICS.items() if not k.startswith(TL)})
    result = check_one(name, statement(env, name), without)
    assert result.outcome is InstanceOutcome.NOT_CROSS_CHECKED and "haltingRun" in result.detail
    assert result.fails_gate(strict=True) and not result.fails_gate(strict=False)
    unknown = app(const("Eq"), const("Nat"), app(const(TL + "noSuchDefinition"), nat(1)), nat(1))
    result = check_one("X.unknown_instance_one", unknown)
    assert result.outcome is InstanceOutcome.NOT_CROSS_CHECKED and "noSuchDefinition" in result.detail
    # a statement quantified over ℕ has no finite check
    forall_nat = ForallE(N("k"), const("Nat"), app(const("Eq"), const("Nat"), BVar(0), BVar(0)), 0)
    result = check_one("X.forall_instance_nat", forall_nat)
    assert result.outcome is InstanceOutcome.NOT_CROSS_CHECKED


def test_projections_as_proj_terms(env) -> None:
    """``(s v).cur`` may be a ``Proj`` term instead of the projection function: same value; the
    wrong field index gives a mismatch."""
    name = TL + "trafficLight_instance_path4_syncRun"
    s = statement(env, name)
    lam = subterm(s, [0, 1, 2])  # fun v => VertexState.cur Nat (syncRun … 4 v)
    head, args = app_spine(lam.body)
    assert head.name == N(TL + "VertexState.cur")
    as_proj = replace_at(s, [0, 1, 2], type(lam)(lam.binder_name, lam.binder_type,
                                                Proj(N(TL + "VertexState"), 1, args[1]), lam.binder_info))
    assert check_one(name, as_proj).ok
    wrong = replace_at(s, [0, 1, 2], type(lam)(lam.binder_name, lam.binder_type,
                                               Proj(N(TL + "VertexState"), 0, args[1]), lam.binder_info))
    assert check_one(name, wrong).detail == MISMATCH
    other = replace_at(s, [0, 1, 2], type(lam)(lam.binder_name, lam.binder_type,
                                               Proj(N(TL + "Signal"), 0, args[1]), lam.binder_info))
    assert check_one(name, other).outcome is InstanceOutcome.NOT_CROSS_CHECKED


# --------------------------------------------------------------------------- evaluator (no build)


def test_evaluator_fin_literals_forall_and_partial_application() -> None:
    ev = Evaluator(SEMANTICS)
    assert ev.eval(fin_literal(3, 5)) == 2  # (5 : Fin 3) = 2
    assert ev.eval(fin_literal(4, 1)) == 1
    # partial application: `List.map colour [4, 5]` (colour given no argument)
    mapped = app(const("List.map"), const("Nat"), const("Nat"), const(TL + "colour"), nat_list([4, 5, 9]))
    assert ev.eval(mapped) == [1, 2, 0]
    # over-application: `listFun [7, 8] v` for v : Fin 3, and `<`
    f = app(const(TL + "listFun"), nat(3), nat_list([7, 8]))
    assert [ev.eval(app(f, fin_literal(3, k))) for k in range(3)] == [7, 8, 0]
    lt = app(const("LT.lt"), const("Nat"), const("instLTNat"), app(f, fin_literal(3, 2)), app(f, fin_literal(3, 0)))
    assert ev.eval(lt) is True
    # ∀ v : Fin 3, listFun [7, 8] v < 8 — false at v = 1
    body = app(const("LT.lt"), const("Nat"), const("instLTNat"), app(f, BVar(0)), nat(8))
    assert ev.eval(ForallE(N("v"), app(const("Fin"), nat(3)), body, 0)) is False
    body9 = app(const("LT.lt"), const("Nat"), const("instLTNat"), app(f, BVar(0)), nat(9))
    assert ev.eval(ForallE(N("v"), app(const("Fin"), nat(3)), body9, 0)) is True


def nat_cast(target: Expr, x: Expr) -> Expr:
    return app(const("Nat.cast"), target, const("instNatCast"), x)


def test_evaluator_pairwise_pairs_ite_and_casts() -> None:
    """``List.Pairwise`` relates every earlier entry to every later one (not only neighbours);
    ``if`` picks the branch its condition selects; ``Nat.cast`` keeps the value into ``Nat``,
    ``Int`` and ``Rat`` and is refused into any other type (``((5 : Nat) : Fin 3)`` is ``2``)."""
    ev = Evaluator(SEMANTICS)
    le = lambda a, b: app(const("LE.le"), const("Nat"), const("instLENat"), a, b)  # noqa: E731
    rel = Lam(N("a"), const("Nat"), Lam(N("b"), const("Nat"), le(BVar(1), BVar(0)), 0), 0)
    pairwise = lambda xs: app(const("List.Pairwise"), const("Nat"), rel, nat_list(xs))  # noqa: E731
    assert ev.eval(pairwise([1, 2, 2, 5])) is True
    assert ev.eval(pairwise([2, 3, 1])) is False  # 2 ≤ 3 and 3 ≤ 1 fails; 2 ≤ 1 fails too
    assert ev.eval(pairwise([])) is True
    pair = app(const("Prod.mk"), const("Nat"), const("Nat"), nat(4), nat(7))
    assert ev.eval(app(const("Prod.fst"), const("Nat"), const("Nat"), pair)) == 4
    assert ev.eval(app(const("Prod.snd"), const("Nat"), const("Nat"), pair)) == 7
    with pytest.raises(Unsupported):
        ev.eval(app(const("Prod.fst"), const("Nat"), const("Nat"), nat_list([4, 7, 9])))
    eq = lambda a, b: app(const("Eq"), const("Nat"), a, b)  # noqa: E731
    ite = lambda c: app(const("ite"), const("Nat"), c, const("instDecidableEqNat"), nat(10), nat(20))  # noqa: E731
    assert ev.eval(ite(eq(nat(1), nat(1)))) == 10 and ev.eval(ite(eq(nat(1), nat(2)))) == 20
    for target in ("Nat", "Int", "Rat"):
        assert ev.eval(nat_cast(const(target), nat(5))) == 5
        assert ev.eval(nat_cast(const(target), app(const("Fin.val"), nat(3), fin_literal(3, 2)))) == 2
    fin3 = app(const("Fin"), nat(3))
    with pytest.raises(Unsupported, match="Fin 3"):
        ev.eval(nat_cast(fin3, nat(5)))  # a literal cast wraps around in `Fin 3`
    with pytest.raises(Unsupported):
        ev.eval(nat_cast(fin3, app(const("Fin.val"), nat(4), fin_literal(4, 3))))
    with pytest.raises(Unsupported):
        ev.eval(nat_cast(const("MyNumber"), nat(5)))
    # inside arithmetic and `=`: `(5 : Fin 3) + 0 = 5` must not be read as 5 + 0 = 5
    plus = app(const("HAdd.hAdd"), fin3, fin3, fin3, const("instHAdd"), nat_cast(fin3, nat(5)), fin_literal(3, 0))
    with pytest.raises(Unsupported):
        ev.eval(app(const("Eq"), fin3, plus, nat(5)))
    neg = app(const("Neg.neg"), const("Int"), const("Int.instNegInt"), nat_cast(fin3, nat(5)))
    with pytest.raises(Unsupported):
        ev.eval(neg)


def test_evaluator_implication_membership_and_inverse() -> None:
    """``A → B`` between decidable statements (a `∀` whose body does not use its variable); list
    membership ``x ∈ l``; ``x⁻¹`` on ``Rat`` with ``0⁻¹ = 0`` and refused on other types (issue 39:
    instance theorems are now found by their statement and proof, and use these)."""
    ev = Evaluator(SEMANTICS)
    eq = lambda a, b: app(const("Eq"), const("Nat"), a, b)  # noqa: E731
    implies = lambda a, b: ForallE(N("h"), a, b, 0)  # noqa: E731  (b does not mention `h`)
    assert ev.eval(implies(eq(nat(1), nat(2)), eq(nat(3), nat(4)))) is True  # false → anything
    assert ev.eval(implies(eq(nat(1), nat(1)), eq(nat(3), nat(4)))) is False
    assert ev.eval(implies(eq(nat(1), nat(1)), eq(nat(3), nat(3)))) is True
    # ∀ v : Fin 3, v ≠ 0 → v < 3 (a dependent body: the implication inside the quantifier)
    fin3 = app(const("Fin"), nat(3))
    ne0 = app(const("Ne"), fin3, BVar(0), fin_literal(3, 0))
    lt3 = app(const("LT.lt"), const("Nat"), const("instLTNat"), app(const("Fin.val"), nat(3), BVar(1)), nat(3))
    assert ev.eval(ForallE(N("v"), fin3, ForallE(N("h"), ne0, lt3, 0), 0)) is True
    with pytest.raises(Unsupported):  # a proof the body uses is no implication between statements
        ev.eval(ForallE(N("h"), eq(nat(1), nat(1)), eq(BVar(0), BVar(0)), 0))
    mem = lambda x, l: app(const("Membership.mem"), const("Nat"), app(const("List"), const("Nat")),  # noqa: E731
                           const("List.instMembership"), l, x)
    assert ev.eval(mem(nat(2), nat_list([1, 2, 3]))) is True and ev.eval(mem(nat(5), nat_list([1, 2]))) is False
    rat_lit = lambda k: app(const("OfNat.ofNat"), const("Rat"), Lit(k), app(const("Rat.instOfNat"), Lit(k)))  # noqa: E731
    inv = lambda ty, x: app(const("Inv.inv"), ty, const("Rat.instInv"), x)  # noqa: E731
    assert ev.eval(inv(const("Rat"), rat_lit(4))) == Fraction(1, 4) and ev.eval(inv(const("Rat"), rat_lit(0))) == 0
    with pytest.raises(Unsupported, match="only the inverse on Rat"):
        ev.eval(inv(const("MyField"), rat_lit(4)))


# --------------------------------------------------------------------------- traffic-light semantics

P4 = tl.path_graph(4)
H4 = [1, 3, 0, 2]
X4 = [1, 2, 3, 4]
SUM4 = tl.sum_update(4)


def rounds(s: tl.Config) -> list[int]:
    return [x.round for x in s]


def curs(s: tl.Config) -> list[Any]:
    return [x.cur for x in s]


def test_path_graph_and_list_fun() -> None:
    assert [[P4.adj(u, v) for v in range(4)] for u in range(4)] == [
        [False, True, False, False], [True, False, True, False], [False, True, False, True], [False, False, True, False]]
    assert [tl.list_fun([1, 3], v) for v in range(4)] == [1, 3, 0, 0]
    with pytest.raises(ValueError, match="symmetric"):
        tl.Graph(((False, True), (False, False)))
    assert tl.colour(7) == 1


def test_sum_update_reads_only_some() -> None:
    nb = {0: tl.Some(5), 2: tl.Some(7)}
    assert SUM4(1, 10, lambda u: nb.get(u)) == 22
    assert SUM4(1, 10, lambda u: None) == 10


def test_halting_run_on_path4_docstring_values() -> None:
    """The Lean docstring: ``[1, 2, 3, 4] → [3, 6, 3, 7] → [3, 12, 3, 10] → [3, 18, 3, 10]``."""
    runs = [list(tl.halting_run(SUM4, P4, H4, X4, r)) for r in range(5)]
    assert runs == [[1, 2, 3, 4], [3, 6, 3, 7], [3, 12, 3, 10], [3, 18, 3, 10], [3, 18, 3, 10]]
    assert [runs[H4[v]][v] for v in range(4)] == [3, 18, 3, 10]


def test_sync_run_on_path4_by_hand() -> None:
    """Worked by hand from the Lean definitions (done = ``h v < round``)."""
    expected = [  # (rounds, cur, prev) after k steps
        ([0, 0, 0, 0], [1, 2, 3, 4], [1, 2, 3, 4]),
        ([1, 1, 1, 1], [3, 6, 3, 7], [1, 2, 3, 4]),  # vertex 2 (h = 0) ticked frozen: now done
        ([2, 2, 1, 2], [3, 12, 3, 10], [3, 6, 3, 7]),  # 1 reads done 2's cur; 0 ticks frozen
        ([2, 3, 1, 3], [3, 18, 3, 10], [3, 12, 3, 10]),  # 0 done stays; 1 computes; 3 ticks frozen
        ([2, 4, 1, 3], [3, 18, 3, 10], [3, 18, 3, 10]),  # 1 ticks frozen: all done
        ([2, 4, 1, 3], [3, 18, 3, 10], [3, 18, 3, 10]),  # fixpoint
    ]
    for k, (r, c, p) in enumerate(expected):
        s = tl.sync_run(SUM4, P4, H4, X4, k)
        assert (rounds(s), curs(s), [x.prev for x in s]) == (r, c, p), k
    s3 = tl.sync_run(SUM4, P4, H4, X4, 3)
    assert [tl.done(H4, s3, v) for v in range(4)] == [True, False, True, True]
    assert tl.sync_schedule(P4, H4, s3) == (False, True, False, False)
    s4 = tl.sync_run(SUM4, P4, H4, X4, 4)
    assert all(tl.done(H4, s4, v) for v in range(4))
    assert tl.signal(H4, s4, 1) == tl.Signal(1, True)


def test_read_neighbour_view_and_move() -> None:
    # vertex 0 at round 1, vertex 1 one round ahead (round 2): 0 reads 1's prev
    s = (tl.VertexState(1, 10, 5), tl.VertexState(2, 30, 20), tl.VertexState(1, 7, 6), tl.VertexState(0, 1, 1))
    h = [5, 5, 0, 5]  # vertex 2 is done (0 < 1)
    assert tl.read_neighbour(h, s, 0, 1) == 20
    assert tl.read_neighbour(h, s, 1, 2) == 7  # done: cur
    assert tl.read_neighbour(h, s, 1, 0) == 5  # colour 1 ≠ colour 2, not done: prev
    nb = tl.view(P4, h, s, 1)
    assert [nb(u) for u in range(4)] == [tl.Some(5), None, tl.Some(7), None]
    assert tl.move(SUM4, P4, h, s, 0) == tl.VertexState(2, 10 + 20, 10)
    frozen = tl.move(SUM4, P4, [1, 5, 0, 5], s, 0)  # round 1 = h: freeze
    assert frozen == tl.VertexState(2, 10, 10)
    assert not tl.enabled(P4, h, s, 2)  # done
    assert not tl.enabled(P4, h, s, 1)  # neighbour 0 is behind (colour 1 ∉ {2, 0})
    assert tl.enabled(P4, h, s, 0)  # 1 shows the next colour
    assert tl.enabled(P4, h, s, 3)  # its only neighbour 2 is done: colours are not compared


def test_step_is_decided_over_all_schedules() -> None:
    s3 = tl.sync_run(SUM4, P4, H4, X4, 3)
    s4 = tl.sync_run(SUM4, P4, H4, X4, 4)
    assert tl.step(SUM4, P4, H4, s3, s4)
    assert tl.step(SUM4, P4, H4, s3, s3)  # the empty schedule
    moved_done = tl.schedule(SUM4, P4, H4, s3, [True, False, False, False])  # 0 is done: not enabled
    assert moved_done != s3 and not tl.step(SUM4, P4, H4, s3, moved_done)
    assert all(tl.step(SUM4, P4, H4, s4, tl.schedule(SUM4, P4, H4, s4, S)) == (tl.schedule(SUM4, P4, H4, s4, S) == s4)
               for S in tl.schedules(4))


def test_seq_run_on_path4() -> None:
    s1 = tl.seq_run(SUM4, P4, H4, X4, 1)
    assert rounds(s1) == [1, 0, 0, 0] and curs(s1) == [3, 2, 3, 4]
    assert tl.first_enabled(P4, H4, s1) == (False, True, False, False)  # 0 waits for 1 (behind)
    s10 = tl.seq_run(SUM4, P4, H4, X4, 10)
    assert rounds(s10) == [2, 4, 1, 3] and curs(s10) == [3, 18, 3, 10]
    assert not any(tl.first_enabled(P4, H4, s10))
    s9 = tl.seq_run(SUM4, P4, H4, X4, 9)
    assert sum(rounds(s9)) == 9 and any(tl.first_enabled(P4, H4, s9))
    assert curs(s9) == [3, 18, 3, 10]  # the 10th move is a frozen tick


def test_notes_variant_deadlock_by_hand() -> None:
    g, h = tl.path_graph(3), [5, 0, 0]
    assert [tl.variant_enabled(g, h, [0, 0, 0], v) for v in range(3)] == [True, True, False]
    assert tl.variant_step(g, h, [0, 0, 0], [1, 1, 0])
    assert tl.variant_step(g, h, [0, 0, 0], [1, 0, 0])
    assert not tl.variant_step(g, h, [0, 0, 0], [1, 1, 1])  # 2 stopped at once
    assert [tl.variant_enabled(g, h, [1, 1, 0], v) for v in range(3)] == [True, False, False]
    assert tl.variant_step(g, h, [1, 1, 0], [2, 1, 0])
    assert not any(tl.variant_enabled(g, h, [2, 1, 0], v) for v in range(3))
    assert not tl.variant_step(g, h, [2, 1, 0], [3, 1, 0])
    assert tl.variant_step(g, h, [2, 1, 0], [2, 1, 0])  # only the empty schedule remains


def test_clock() -> None:
    g = tl.path_graph(3)
    assert tl.clock_enabled(g, [1, 2, 0], 0)  # neighbour one ahead
    assert not tl.clock_enabled(g, [1, 0, 0], 0)  # neighbour behind
    assert tl.clock_enabled(g, [3, 4, 5], 0)  # colours 0, 1: ahead (a round gap of 2 at 1 – 2 is ignored)
    assert tl.advance([1, 2, 3], [True, False, True]) == (2, 2, 4)
    assert tl.clock_step(g, [0, 0, 0], [1, 0, 1])
    assert not tl.clock_step(g, [0, 1, 0], [0, 2, 0])


def test_sync_run_matches_the_numeric_model_on_random_graphs() -> None:
    """:func:`traffic_light.protocol_fixpoint` (another author's model of the same design) and the
    synchronous halting run of :mod:`traffic_light` agree with the exact mirrors of Lean."""
    rng = random.Random(4)
    for _ in range(60):
        n = rng.randint(1, 6)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.5]
        g = tl.Graph.from_function(n, lambda u, v: (min(u, v), max(u, v)) in edges)
        h = [rng.randint(0, 4) for _ in range(n)]
        x0 = [rng.randint(-3, 5) for _ in range(n)]
        f = tl.sum_update(n)
        steps, final_r, final_x = traffic_light.protocol_fixpoint(
            n, edges, h, x0, lambda v, x, view: x + sum(view.values()))
        assert steps == max(h) + 1
        s = tl.sync_run(f, g, h, x0, steps)
        assert rounds(s) == final_r == [x + 1 for x in h]
        assert curs(s) == final_x
        assert all(tl.done(h, s, v) for v in range(n))
        X = traffic_light.sync_halting_run(traffic_light.Graph.from_edges(n, edges), x0, h,
                                           lambda x, nbrs: x + sum(nbrs))
        assert [tl.halting_run(f, g, h, x0, h[v])[v] for v in range(n)] == [X[h[v]][v] for v in range(n)] == final_x
        seq = tl.seq_run(f, g, h, x0, sum(x + 1 for x in h))
        assert rounds(seq) == final_r and curs(seq) == final_x


def test_semantics_table_returns_lean_shaped_values() -> None:
    """Runs come back as callables on ``Fin n`` (``FinFun``), so ``syncRun … k v`` applies."""
    ev_run = SEMANTICS[TL + "syncRun"]
    k = lambda v: (lambda: v)  # noqa: E731
    cfg = ev_run(k(4), k("Nat"), k(SEMANTICS[TL + "sumUpdate"](k(4))), k(P4),
                 k(lambda v: H4[v]), k(lambda v: X4[v]), k(4))
    assert isinstance(cfg, FinFun) and [cfg(v).cur for v in range(4)] == [3, 18, 3, 10]
