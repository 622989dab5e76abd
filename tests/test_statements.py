"""A statement prints as what was proved, and a claim never rests on a vacuous theorem (issue 24).

One fixture folder per attack, variant and control under ``tests/fixtures/statements/<case>/``: the
Lean source (``lean/Case.lean``), a manifest claiming one of its theorems, and ``expected.yaml``:

```yaml
decls:
  Some.decl:
    statement: "exact printed statement"      # optional
    statement_contains: "[id"                 # optional
    warnings: [confusable, mixed-script]      # the exact warning kinds (optional)
    warnings_include: [inline-instance]       # kinds that must be among them (optional)
    lint: [trivial-conclusion]                # the exact lint kinds (optional)
    lint_contains: "(`inst✝`)"                # a text one lint message shows (optional)
    satisfiable_by: Some.witness              # optional
    satisfiable_also: [Other.witness]         # the further witnesses, with it (optional)
claim:
  verdict: fails                              # the gate's verdict on claim c1
  problems: [vacuous]                         # problem codes the claim must carry
  problems_contain: ["`never.1`"]             # texts the claim's error messages show (optional)
```

Each case is built, its facts read through the pipeline session, its manifest's fingerprints
recorded and the claim judged: an attack fails for the reason expected (never only for a missing
fingerprint), a control holds. The fixtures set ``[kernel] require = false`` and the session runs
without the kernel re-check (tested in ``tests/test_recheck.py``); the vacuity lint itself is decided
by kernel probes in every run.
"""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from claimcheck.analysis.canonical import FUEL, Canonical
from claimcheck.analysis.lookalike import invisible_characters, mixed_scripts, skeleton
from claimcheck.analysis.pretty import INFIX, MAX_DEPTH, env_binder_infos, literal_value, pretty
from claimcheck.claims.fingerprints import update_fingerprints
from claimcheck.model.names import Name
from claimcheck.olean.reader import App, BVar, Const, Environment, ForallE, FVar, Lam, Lit
from claimcheck.progress import Progress
from claimcheck.project import Project
from claimcheck.pipeline.session import Options, Session

from conftest import FIXTURES

CASES = sorted(p.name for p in (FIXTURES / "statements").iterdir() if p.is_dir())

#: What each entry of the printer's infix table prints (``printer_infix``), from Lean statements.
INFIX_EXPECTED = {
    "P.add": "∀ (a : Nat) (b : Nat), a + b = 1 → a + b = 1",
}


def _run(case: str, tmp: Path):
    root = tmp / case
    shutil.copytree(FIXTURES / "statements" / case, root, ignore=shutil.ignore_patterns("expected.yaml"))
    session = Session(Project.load(root), Progress(quiet=True), Options(jobs=1, kernel=False))
    manifests = session.manifests()
    first = session.gate(manifests)
    update_fingerprints(manifests, first)
    manifests = session.manifests()
    return session, session.gate(manifests)


class _Built:
    """Every case built and judged once: ``built(case)`` -> (facts by name, the claim's evidence);
    ``built.root(case)``: the folder it was built in."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.tmp_path_factory = tmp_path_factory
        self.out: dict[str, tuple] = {}
        self.roots: dict[str, Path] = {}

    def __call__(self, case: str):
        if case not in self.out:
            session, result = _run(case, self.tmp_path_factory.mktemp("statements"))
            assert session.build.ok, session.build.failed_modules()
            facts = {f.name: f for f in session.facts}
            self.out[case] = (facts, result.claims[0])
            self.roots[case] = session.project.root
        return self.out[case]

    def root(self, case: str) -> Path:
        self(case)
        return self.roots[case]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, toolchain) -> _Built:
    return _Built(tmp_path_factory)


@pytest.mark.parametrize("case", CASES)
def test_statement_case(case: str, built) -> None:
    expected = yaml.safe_load((FIXTURES / "statements" / case / "expected.yaml").read_text(encoding="utf-8"))
    facts, claim = built(case)
    for text, want in (expected.get("decls") or {}).items():
        f = facts[Name.parse(text)]
        kinds = sorted({str(w.kind) for w in f.warnings})
        if "statement" in want:
            assert f.statement == want["statement"], (text, f.statement)
        if "statement_contains" in want:
            assert want["statement_contains"] in (f.statement or ""), (text, f.statement)
        if "warnings" in want:
            assert kinds == sorted(want["warnings"]), (text, [w.message for w in f.warnings])
        for k in want.get("warnings_include", ()):
            assert k in kinds, (text, [w.message for w in f.warnings])
        if "lint" in want:
            assert sorted(str(x.kind) for x in f.lint) == sorted(want["lint"]), (text, [x.message for x in f.lint])
        if "lint_contains" in want:
            assert any(want["lint_contains"] in x.message for x in f.lint), (text, [x.message for x in f.lint])
        if "satisfiable_by" in want:
            assert str(f.satisfiable_by) == want["satisfiable_by"], (text, f.satisfiable_by)
        if "satisfiable_also" in want:
            assert [str(n) for n in f.satisfiable_also] == want["satisfiable_also"], (text, f.satisfiable_also)
    verdict = expected["claim"]["verdict"]
    codes = {str(p.code) for p in claim.problems if p.is_error}
    assert str(claim.verdict) == verdict, (case, [p.message for p in claim.problems])
    assert "fingerprint-unrecorded" not in codes and "fingerprint-changed" not in codes
    for code in expected["claim"].get("problems", ()):
        assert code in codes, (case, code, [p.message for p in claim.problems])
    for text in expected["claim"].get("problems_contain", ()):
        assert any(text in p.message for p in claim.problems if p.is_error), \
            (case, text, [p.message for p in claim.problems])


#: The cases whose printed statements are elaborated back by Lean (``test_printed_statement_round_trips``):
#: every printer case, and honest cases and controls of the other rules.
ROUND_TRIP = [c for c in CASES if c.startswith("printer_")] + [
    "names_honest", "names_binders_control", "names_mixed_script_control", "vac_honest", "inst_honest",
    "inst_canonical_control", "shadow_field_control", "inst_bound_control", "inst_project_instances_control",
]
#: Declarations whose printed statement is, on purpose, not Lean's text (case -> name -> why); every
#: other project theorem and definition of a ``ROUND_TRIP`` case must round-trip.
NOT_LEAN: dict[str, dict[str, str]] = {
    "printer_too_large": {"T.deep": "too large to show: printed cut with `…` (the claim on it fails), not a statement"},
}
#: Declarations whose printed statement elaborates to a type definitionally equal to theirs but not
#: the same term (case -> name -> why): the ``example`` check holds, ``#guard_expr =ₐ`` does not.
NOT_SAME: dict[str, dict[str, str]] = {
    "inst_canonical_control": {
        "Inst.infer": "written with `inferInstance`, which unfolds to the library's `instLTNat` the text leaves out",
        "Inst.infer_as": "written with `inferInstanceAs`, which unfolds to the library's `instLTNat` the text leaves out",
    },
}


@pytest.mark.parametrize("case", ROUND_TRIP)
def test_printed_statement_round_trips(case: str, built) -> None:
    """The printed statement is the statement: elaborated by Lean in a module that imports only the
    case's own module (the core library and the project's constants), ``example : <printed> :=
    @decl`` is accepted (the text denotes a type the declaration's own is definitionally equal to,
    with nothing left for Lean to guess: an implicit argument the text leaves out and nothing
    determines is an error), and ``#guard_expr (type_of% @decl) =ₐ (<printed>)`` holds: the text
    elaborates to the declaration's very type, up to binder names (another instance, another
    carrier, another cast would differ even where definitionally equal). One Lean process per case:
    all of its declarations in one file."""
    from claimcheck.lean.build import build
    from claimcheck.lean.toolchain import resolve_toolchain

    facts, _claim = built(case)
    root = built.root(case)
    expected_not = NOT_LEAN.get(case, {})
    lines = ["module", "import Case", "set_option autoImplicit false", "universe u v w u_1 u_2 u_3", ""]
    where: dict[int, tuple[str, str]] = {}
    for name in sorted(facts, key=str):
        f = facts[name]
        if f.kind not in ("theorem", "definition") or f.statement is None or name.is_internal or name.is_private:
            continue
        where[len(lines) + 1] = (str(name), "elaborates")
        lines.append(f"example : {f.statement} := @{name.user_facing}")
        where[len(lines) + 1] = (str(name), "same term")
        lines.append(f"#guard_expr (type_of% @{name.user_facing}) =ₐ ({f.statement})")
    assert where, case
    (root / "lean" / "RoundTrip.lean").write_text("\n".join(lines) + "\n", encoding="utf-8")
    project = Project.load(root)
    report = build(project, resolve_toolchain(root, install=True, progress=Progress(quiet=True)), jobs=1,
                   progress=Progress(quiet=True))
    result = report.module_states()["RoundTrip"]
    failed: dict[tuple[str, str], str] = {}
    for m in result.errors:
        failed.setdefault(where.get(m.line or 0, (f"line {m.line}", "")), m.text)
    want = {(n, "elaborates") for n in expected_not} | {(n, "same term") for n in expected_not}
    want |= {(n, "same term") for n in NOT_SAME.get(case, {})}
    shown = {k: (facts[Name.parse(k[0])].statement if k[1] else None, text) for k, text in failed.items()}
    assert set(failed) == want, (case, shown)


def test_printer_prints_every_infix_entry(built) -> None:
    facts, _claim = built("printer_infix")
    printed = {str(n): f.statement for n, f in facts.items() if str(n).startswith("P.") and f.kind == "theorem"}
    symbols = {op.symbol for op in INFIX.values()}
    shown = {sym for sym in symbols if any(f" {sym} " in (s or "") for s in printed.values())}
    assert shown == symbols, sorted(symbols - shown)
    for name, text in INFIX_EXPECTED.items():
        assert printed[name] == text
    # each statement prints its hypothesis and conclusion from the right arguments
    assert printed["P.heq2"].endswith("a ≍ b → a ≍ b"), printed["P.heq2"]
    assert printed["P.mem"].endswith("a ∈ l → a ∈ l"), printed["P.mem"]
    assert printed["P.comp"].endswith("(f ∘ g) 0 = 0 → (f ∘ g) 0 = 0"), printed["P.comp"]
    assert printed["P.sdiff"].endswith("a \\ b = a → a \\ b = a"), printed["P.sdiff"]


def test_infix_table_reads_the_explicit_arguments(toolchain) -> None:
    """Every entry's arity and operand positions are the constant's own: the operands are its
    explicit arguments, in the library's binder infos."""
    env = Environment([toolchain.lib_dir])
    env.load("Init")
    env.load_all(["Init"])
    infos = env_binder_infos(env)
    for name, op in INFIX.items():
        got = infos(Name.parse(name))
        assert got is not None, name
        # the notation's arguments: the first `arity` binders (`f ∘ g` leaves the composite's own binder)
        assert len(got) >= op.arity, (name, got)
        explicit = [i for i, b in enumerate(got[: op.arity]) if b == 0]
        assert sorted([op.left, op.right]) == sorted(explicit), (name, explicit, op)


def test_library_instance_attributes(toolchain) -> None:
    """The library's ``instance`` attributes are read from its modules' exported entries: an
    instance constant is one, a function building an instance (``ltOfOrd``, ``Ord.on``) is not,
    whatever its type (issue 37)."""
    env = Environment([toolchain.lib_dir])
    env.load("Init")
    env.load_all(["Init"])

    def declared(text: str) -> bool:
        ci = env.find(Name.parse(text))
        assert ci is not None, text
        return any(i.name == ci.name and i.scoped is None for i in env.modules[ci.module].attributes().instances)

    for name in ("instLTNat", "instOrdNat", "instHAdd", "Monad.toBind", "instDecidableEqNat"):
        assert declared(name), name
    for name in ("ltOfOrd", "leOfOrd", "Ord.opposite", "Ord.on", "inferInstance", "Nat.lt_irrefl"):
        assert not declared(name), name


def _C(text: str) -> Const:
    """The constant named ``text`` (no universe levels: resolution compares them aside)."""
    return Const(Name.parse(text), ())


def _app(f, *xs):
    for x in xs:
        f = App(f, x)
    return f


def _library_canonical(env: Environment, fuel: int = FUEL) -> Canonical:
    """Resolution as module ``Init`` sees the library (``Decidable`` instances exempt)."""
    return Canonical(env, "Init", lambda n: env.find(n, within="Init"), lambda _m: True,
                     lambda n: str(n).startswith("Decidable"), fuel)


def test_canonical_instances_are_what_resolution_over_the_library_gives(toolchain) -> None:
    """Resolution over the library's instances (issue 37): by priority (``instSizeOfNat`` over the
    priority-100 ``instSizeOfDefault``), then discrimination-tree order (``instAddNat`` before the
    later-declared ``Lean.Grind.Semiring.toAdd ?α``), each instance argument resolved in turn; a
    term is canonical when it is that instance or unfolds to it, and out of fuel nothing is."""
    env = Environment([toolchain.lib_dir])
    C, app = _C, _app

    def canonical(fuel: int = FUEL) -> Canonical:
        return _library_canonical(env, fuel)

    nat = C("Nat")
    can = canonical()
    cases = {
        app(C("LT"), nat): "instLTNat",
        app(C("HAdd"), nat, nat, nat): "instHAdd Nat instAddNat",
        app(C("Add"), nat): "instAddNat",
        app(C("SizeOf"), nat): "instSizeOfNat",
        app(C("OfNat"), nat, Lit(2)): "instOfNatNat 2",
        app(C("LT"), app(C("List"), nat)): "List.instLT Nat instLTNat",
    }
    for goal, want in cases.items():
        got = can.resolve(goal)
        assert got is not None and pretty(got) == want, (pretty(goal), got and pretty(got))
    add_goal = app(C("HAdd"), nat, nat, nat)
    assert can.check(app(C("instHAdd"), nat, C("instAddNat")), add_goal).canonical
    # the structure `instLTNat` is: the same instance written another way
    assert can.check(app(C("LT.mk"), nat, C("Nat.lt")), app(C("LT"), nat)).canonical
    # a declared instance over another argument, a lower-priority instance: not canonical
    times = app(C("instHAdd"), nat, app(C("Add.mk"), nat, C("Nat.mul")))
    got = can.check(times, add_goal)
    assert not got.canonical and got.expected is not None and pretty(got.expected) == "instHAdd Nat instAddNat"
    assert not can.check(app(C("instSizeOfDefault"), nat), app(C("SizeOf"), nat)).canonical
    starved = canonical(fuel=3).check(app(C("instHAdd"), nat, C("instAddNat")), add_goal)
    assert not starved.canonical and starved.out_of_fuel


def test_resolution_with_bound_variables_local_instances_and_out_params(toolchain) -> None:
    """Resolution with the statement's binders (issue 37): bound variables are free variables, the
    instance binders local instances tried before the global ones, the last first; an ``outParam``
    is an unknown while resolving, so the instance found for ``HAdd α α ?γ`` must be the term's."""
    env = Environment([toolchain.lib_dir])
    C, app = _C, _app
    can = _library_canonical(env)
    alpha, i1, i2, add = FVar(Name.of("α")), FVar(Name.of("i1")), FVar(Name.of("i2")), FVar(Name.of("add"))
    nat = C("Nat")
    # `SizeOf (List α)`: the list instance over the default one at the opaque `α`, not the default at `List α`
    size_list = app(C("SizeOf"), app(C("List"), alpha))
    got = can.check(app(C("instSizeOfDefault"), app(C("List"), alpha)), size_list)
    assert not got.canonical and got.expected is not None
    assert pretty(got.expected) == "List._sizeOf_inst α (instSizeOfDefault α)"
    assert can.check(app(C("List._sizeOf_inst"), alpha, app(C("instSizeOfDefault"), alpha)), size_list).canonical
    # a local instance is tried first: `[SizeOf α]` over the library's default
    size = app(C("SizeOf"), alpha)
    local_size = [(i1, size)]
    assert not can.check(app(C("instSizeOfDefault"), alpha), size, local_size).canonical
    assert can.check(i1, size, local_size).canonical
    # two `[LT α]`: the later one
    lt = app(C("LT"), alpha)
    assert not can.check(i1, lt, [(i1, lt), (i2, lt)]).canonical
    assert can.check(i2, lt, [(i1, lt), (i2, lt)]).canonical
    # `List α`'s `<` over the local `[LT α]`
    got = can.check(app(C("List.instLT"), alpha, i1), app(C("LT"), app(C("List"), alpha)), [(i1, lt)])
    assert got.canonical
    # outParam: `[Add α] [i2 : HAdd α α Nat]`: `a + b` is `i2`, not `instHAdd α add`
    hadd_nat = app(C("HAdd"), alpha, alpha, nat)
    scope = [(add, app(C("Add"), alpha)), (i2, hadd_nat)]
    got = can.check(app(C("instHAdd"), alpha, add), app(C("HAdd"), alpha, alpha, alpha), scope)
    assert not got.canonical and got.expected is i2
    assert can.check(app(C("instHAdd"), alpha, add), app(C("HAdd"), alpha, alpha, alpha), scope[:1]).canonical
    # at library types the output is what resolution gives
    assert can.check(app(C("instHAdd"), nat, C("instAddNat")), app(C("HAdd"), nat, nat, nat)).canonical


def test_resolution_of_function_types_by_higher_order_patterns(toolchain) -> None:
    """``partial_fixpoint``'s instances (issue 37): a goal ``∀ x, C x`` is resolved under a new
    variable (``instCCPOPi``'s argument), and ``∀ x, ?β x`` matches ``Nat → Option Nat`` with ``?β :=
    fun x => Option Nat``; ``CCPO.toPartialOrder`` of the ``CCPO`` instance is the ``PartialOrder``
    resolution gives, by unfolding."""
    env = Environment([toolchain.lib_dir])
    C, app = _C, _app
    can = _library_canonical(env)
    nat, x = C("Nat"), Name.of("x")
    opt = app(C("Option"), nat)
    fam = Lam(x, nat, opt, 0)
    ccpo_pi = app(C("Lean.Order.instCCPOPi"), nat, fam, Lam(x, nat, app(C("Lean.Order.instCCPOOption"), nat), 0))
    assert can.check(ccpo_pi, app(C("Lean.Order.CCPO"), ForallE(x, nat, App(fam, BVar(0)), 0))).canonical
    assert can.check(ccpo_pi, app(C("Lean.Order.CCPO"), ForallE(x, nat, opt, 0))).canonical
    order = app(C("Lean.Order.CCPO.toPartialOrder"), ForallE(x, nat, opt, 0), ccpo_pi)
    assert can.check(order, app(C("Lean.Order.PartialOrder"), ForallE(x, nat, opt, 0))).canonical


# ---------------------------------------------------------------------------- no Lean


def _nat() -> Const:
    return Const(Name.of("Nat"), ())


def _lit(k: int) -> App:
    return App(App(App(Const(Name.parse("OfNat.ofNat"), ()), _nat()), Lit(k)),
               App(Const(Name.parse("instOfNatNat"), ()), Lit(k)))


def _add(a, b) -> App:
    n = _nat()
    head = App(App(App(App(Const(Name.parse("HAdd.hAdd"), ()), n), n), n),
               App(App(Const(Name.parse("instHAdd"), ()), n), Const(Name.parse("instAddNat"), ())))
    return App(App(head, a), b)


def test_deep_sum_prints_and_evaluates_bounded() -> None:
    """A 10,000-deep `1 + 1 + …` neither exhausts the stack nor is evaluated: it prints cut, and
    its value is not read (a literal deeper than the bound is none)."""
    e = _lit(1)
    for _ in range(10_000):
        e = _add(e, _lit(1))
    stmt = ForallE(Name.of("n"), _nat(), App(App(App(Const(Name.of("Eq"), ()), _nat()), e),
                                                 _lit(10_001)), 0)
    text = pretty(stmt)
    assert "…" in text and text.endswith("= 10001")
    assert literal_value(e) is None
    shallow = _lit(1)
    for _ in range(MAX_DEPTH // 2):
        shallow = _add(shallow, _lit(1))
    assert literal_value(shallow) == MAX_DEPTH // 2 + 1


def test_huge_scientific_literal_is_not_evaluated() -> None:
    """`1e1000000000` is too large to evaluate: its value is not computed."""
    rat = Const(Name.of("Rat"), ())
    sci = App(App(App(App(App(Const(Name.parse("OfScientific.ofScientific"), ()), rat), Const(Name.parse("inst"), ())),
                      Lit(1)), Const(Name.parse("Bool.false"), ())), Lit(1_000_000_000))
    assert literal_value(sci) is None
    small = App(App(App(App(App(Const(Name.parse("OfScientific.ofScientific"), ()), rat), Const(Name.parse("inst"), ())),
                        Lit(15)), Const(Name.parse("Bool.true"), ())), Lit(1))
    assert literal_value(small) == Fraction(3, 2)


def test_confusable_skeletons_come_from_unicode_data() -> None:
    N = Name.parse
    assert skeleton(Name.of("Nat", "ɡcd")) == skeleton(N("Nat.gcd"))  # U+0261, not in any hand list
    assert skeleton(Name.of("Nat", "lօg2")) == skeleton(N("Nat.log2"))  # Armenian օ
    assert skeleton(Name.of("Nаt")) == skeleton(N("Nat"))  # Cyrillic а
    assert skeleton(Name.of("Νat")) == skeleton(N("Nat"))  # Greek Ν
    assert skeleton(Name.of("rnod")) == skeleton(N("mod"))  # TR39 maps m to rn
    assert skeleton(N("Nat.gcd")) != skeleton(N("Nat.lcm"))
    assert skeleton(N("Int")) != skeleton(N("Nat"))


def test_invisible_characters_and_mixed_scripts() -> None:
    assert invisible_characters("Nat\u200b") == ["\u200b"]
    assert invisible_characters("Nat ") == [" "]
    assert invisible_characters("\u202eNat") == ["\u202e"]
    assert invisible_characters("Nat\u2060") == ["\u2060"]  # word joiner
    assert invisible_characters("Nat\u00a0x") == ["\u00a0"]
    assert invisible_characters("2 + 2 = 5") == []  # visible once quoted: «2 + 2 = 5»
    assert invisible_characters("δ_bound") == []
    # UTS #39 "Highly Restrictive": one script, or Latin with Han and kana / Bopomofo / Hangul
    assert mixed_scripts("lօg2") == ("ARMENIAN", "LATIN")
    assert mixed_scripts("раth") == ("CYRILLIC", "LATIN")  # Cyrillic р and а
    assert mixed_scripts("no_δ") == ("GREEK", "LATIN")  # `_` is Common: one identifier, two scripts
    assert mixed_scripts("ε") == () and mixed_scripts("x₁") == () and mixed_scripts("path") == ()
    assert mixed_scripts("変数x") == () and mixed_scripts("かな漢字") == () and mixed_scripts("한글漢字x") == ()
    assert mixed_scripts("abーc") == ()  # U+30FC is Hiragana and Katakana by Script_Extensions
    assert mixed_scripts("かな한글") == ("HANGUL", "HIRAGANA")  # Japanese and Korean: no one writing system
