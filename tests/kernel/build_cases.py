"""Builds the kernel's own test cases under `tests/kernel/cases/<case>/` (input.ndjson, expected.yaml).

Run `PYTHONPATH=python python tests/kernel/build_cases.py` after changing a case; the outputs are
committed. Terms are written with free variables and abstracted (`pi`, `lam`), declarations with
the model of `claimcheck.kernel.declarations`. Inductive blocks get their derived data (field
counts, recursors) from the kernel's own generator, then a bad case mutates one piece of it.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "python"))

from claimcheck.kernel import expr as E  # noqa: E402
from claimcheck.kernel import level as L  # noqa: E402
from claimcheck.kernel.checker import check_declaration  # noqa: E402
from claimcheck.kernel.declarations import (  # noqa: E402
    Axiom,
    Constructor,
    Definition,
    HintKind,
    Hints,
    InductiveBlock,
    InductiveType,
    Opaque,
    Quot,
    QuotKind,
    Recursor,
    RecursorRule,
    Safety,
    Theorem,
)
from claimcheck.kernel.environment import Environment  # noqa: E402
from claimcheck.kernel.expr import Terms  # noqa: E402
from claimcheck.kernel.inductive import InductiveChecker  # noqa: E402
from claimcheck.kernel.ndjson import dump_lines  # noqa: E402
from claimcheck.kernel.quot import expected_type  # noqa: E402
from claimcheck.kernel.result import Outcome  # noqa: E402

CASES = HERE / "cases"
#: The terms every case is built in (a builder script: one table for all its environments; each
#: case is written out as NDJSON and read back by the test in a run of its own).
T = Terms()
pis, lams = T.pis, T.lams


def N(s: str) -> tuple:
    return tuple(s.split("."))


def U(p: str) -> L.Level:
    return T.levels.mk_param((p,))


def c(name: str, *us) -> E.Expr:
    return T.mk_const(N(name), us)


def app(f: E.Expr, *args) -> E.Expr:
    return T.mk_apps(f, args)


def var(name: str, ty: E.Expr) -> E.Expr:
    return T.mk_fvar(ty, None, (name,))


def pi(xs, body):
    return pis(list(xs), body)


def lam(xs, body):
    return lams(list(xs), body)


PROP = T.mk_sort(T.zero)
TYPE = T.mk_sort(T.one)


def sort(l):
    return T.mk_sort(l)


def arrow(a, b):
    return T.mk_arrow(a, b)


NAT = c("Nat")


def succ(x):
    return app(c("Nat.succ"), x)


def lit(n):
    return T.mk_lit(n)


def eq(ty, a, b, u=T.one):
    return app(c("Eq", u), ty, a, b)


def refl(ty, a, u=T.one):
    return app(c("Eq.refl", u), ty, a)


def defn(name, ty, val, lps=(), height=1, safety=Safety.SAFE):
    return Definition(N(name), tuple((p,) for p in lps), ty, val, Hints(HintKind.REGULAR, height), safety, (N(name),))


def thm(name, ty, val, lps=()):
    return Theorem(N(name), tuple((p,) for p in lps), ty, val, (N(name),))


def axiom(name, ty, lps=(), unsafe=False):
    return Axiom(N(name), tuple((p,) for p in lps), ty, unsafe)


def inductive(env, name, ty, nparams, ctors, lps=(), large: bool | None = None) -> InductiveBlock:
    """A one-type block; derived data and the recursor come from the kernel's generator."""
    lps = tuple((p,) for p in lps)

    def count_pis(t):
        n = 0
        while t.kind == E.PI:
            n += 1
            t = t.b
        return n

    ctor_names = tuple(N(cn) for cn, _ in ctors)
    ind = InductiveType(N(name), lps, ty, nparams, count_pis(ty) - nparams, (N(name),), ctor_names)
    cs = tuple(Constructor(N(cn), lps, ct, N(name), i, nparams, count_pis(ct) - nparams)
               for i, (cn, ct) in enumerate(ctors))
    ic = InductiveChecker(env, InductiveBlock((ind,), cs, ()))
    ic.check_types()
    env.add(ind)
    try:
        for x in cs:
            env.add(x)
        try:
            ic.check_constructors()
            zero_only = ic.elim_only_at_zero() if large is None else not large
            if zero_only:
                elim, rec_lps = None, lps
            else:
                un = ("u",) if ("u",) not in lps else ("u_1",)
                elim, rec_lps = T.levels.mk_param(un), (un,) + lps
            built = ic.build_recursors(elim, rec_lps)
            k = ic.k_target()
        finally:
            for x in cs:
                env.constants.pop(x.name)
    finally:
        env.constants.pop(ind.name)
    ind = dataclasses.replace(ind, is_rec=ic.is_rec, is_reflexive=ic.is_reflexive)
    rname, rtype, rules, nidx = built[0]
    rec = Recursor(rname, rec_lps, rtype, (N(name),), nparams, nidx, 1, len(ctors),
                   tuple(RecursorRule(cn, nf, rhs) for cn, nf, rhs in rules), k)
    return InductiveBlock((ind,), cs, (rec,))


def mutual(env, types, nparams) -> InductiveBlock:
    """A mutual block `types = [(name, type, [(ctor, type), ...]), ...]` without universe params."""
    def count_pis(t):
        n = 0
        while t.kind == E.PI:
            n += 1
            t = t.b
        return n

    all_names = tuple(N(n) for n, _, _ in types)
    inds = tuple(InductiveType(N(n), (), ty, nparams, count_pis(ty) - nparams, all_names,
                               tuple(N(cn) for cn, _ in cs)) for n, ty, cs in types)
    ctors = tuple(Constructor(N(cn), (), ct, N(n), i, nparams, count_pis(ct) - nparams)
                  for n, _, cs in types for i, (cn, ct) in enumerate(cs))
    ic = InductiveChecker(env, InductiveBlock(inds, ctors, ()))
    ic.check_types()
    added = []
    try:
        for x in inds + ctors:
            env.add(x)
            added.append(x.name)
        ic.check_constructors()
        zero_only = ic.elim_only_at_zero()
        elim, rec_lps = (None, ()) if zero_only else (T.levels.mk_param(("u",)), (("u",),))
        built = ic.build_recursors(elim, rec_lps)
        k = ic.k_target()
    finally:
        for n in added:
            env.constants.pop(n)
    inds = tuple(dataclasses.replace(t, is_rec=ic.is_rec, is_reflexive=ic.is_reflexive) for t in inds)
    nminors = len(ctors)
    recs = tuple(Recursor(rname, rec_lps, rtype, all_names, nparams, nidx, len(types), nminors,
                          tuple(RecursorRule(cn, nf, rhs) for cn, nf, rhs in rules), k)
                 for rname, rtype, rules, nidx in built)
    return InductiveBlock(inds, ctors, recs)


def nested_block(env, name, ty, ctors) -> InductiveBlock:
    """A one-type nested block without parameters; recursors via the kernel's translation."""
    from claimcheck.kernel.nested import NestedTranslation

    def count_pis(t):
        n = 0
        while t.kind == E.PI:
            n += 1
            t = t.b
        return n

    ind = InductiveType(N(name), (), ty, 0, count_pis(ty), (N(name),), tuple(N(cn) for cn, _ in ctors))
    cs = tuple(Constructor(N(cn), (), ct, N(name), i, 0, count_pis(ct)) for i, (cn, ct) in enumerate(ctors))
    nt = NestedTranslation(env, InductiveBlock((ind,), cs, ()))
    nt.run()
    ext = nt.extended_block()
    ic = InductiveChecker(env, ext)
    ic.check_types()
    added = []
    try:
        for x in ext.types + ext.ctors:
            env.add(x)
            added.append(x.name)
        ic.check_constructors()
        zero_only = ic.elim_only_at_zero()
        elim, rec_lps = (None, ()) if zero_only else (T.levels.mk_param(("u",)), (("u",),))
        built = ic.build_recursors(elim, rec_lps)
    finally:
        for n in added:
            env.constants.pop(n)
    names = {}
    for i, t in enumerate(ext.types):
        names[t.name + ("rec",)] = N(name) + ("rec",) if i == 0 else N(name) + (f"rec_{i}",)
    recs = []
    for rname, rtype, rules, nidx in built:
        rr = tuple(RecursorRule(nt.aux_ctor[cn][1] if cn in nt.aux_ctor else cn, nf, nt.restore(rhs, names))
                   for cn, nf, rhs in rules)
        recs.append(Recursor(names[rname], rec_lps, nt.restore(rtype, names), (N(name),), 0, nidx,
                             len(ext.types), len(ext.ctors), rr, False))
    ind = dataclasses.replace(ind, is_rec=ic.is_rec, is_reflexive=ic.is_reflexive, num_nested=nt.num_nested)
    return InductiveBlock((ind,), cs, tuple(recs))


class Builder:
    """Accumulates accepted declarations in an environment, as a file's prefix."""

    def __init__(self) -> None:
        self.env = Environment(terms=T)
        self.decls: list = []

    def add(self, d):
        v = check_declaration(self.env, d)
        if v.outcome != Outcome.ACCEPTED:
            raise SystemExit(f"builder: prefix declaration not accepted: {v}")
        self.decls.append(d)
        return d

    def nat(self):
        self.add(inductive(self.env, "Nat", TYPE, 0, [("Nat.zero", NAT), ("Nat.succ", arrow(NAT, NAT))]))
        return self

    def eq(self):
        u = U("u")
        a_ = var("α", sort(u))
        a = var("a", a_)
        b = var("b", a_)
        eq_u = lambda *xs: app(c("Eq", u), *xs)  # noqa: E731
        self.add(inductive(self.env, "Eq", pi([a_, a, b], PROP), 2,
                           [("Eq.refl", pi([a_, a], eq_u(a_, a, a)))], lps=("u",)))
        return self

    def nat_add(self, value=None):
        n = var("n", NAT)
        m = var("m", NAT)
        k = var("k", NAT)
        ih = var("ih", NAT)
        motive = lam([var("_", NAT)], NAT)
        real = lam([n, m], app(c("Nat.rec", T.one), motive, n, lam([k, ih], succ(ih)), m))
        self.add(defn("Nat.add", arrow(NAT, arrow(NAT, NAT)), value if value is not None else real))
        return self


def write_case(name: str, decls: list, outcome: str, reason: str = "", raw: str | None = None,
               library: tuple = (), hidden: tuple = (), fuel: int | None = None) -> None:
    """`library`: names the front end vouches for as the core library's own (`Environment.library`);
    `hidden`: names it marks as opaque only because their body was not shipped
    (`Environment.hidden_bodies`). An NDJSON file by itself says neither. `fuel`: the kernel steps a
    declaration may take in the test (a probe that runs out of the default fuel, run with less so
    that the suite stays fast; `bench/kernel.py` times the probes with the default)."""
    d = CASES / name
    d.mkdir(parents=True, exist_ok=True)
    text = raw if raw is not None else "\n".join(dump_lines(decls)) + "\n"
    (d / "input.ndjson").write_text(text, encoding="utf-8")
    y = f"outcome: {outcome}\n"
    if reason:  # a Python repr is a YAML single-quoted string unless it holds a backslash
        y += f"reason: {json.dumps(reason) if chr(92) in reason else repr(reason)}\n"
    if library:
        y += "library: [" + ", ".join(library) + "]\n"
    if hidden:
        y += "hidden: [" + ", ".join(hidden) + "]\n"
    if fuel is not None:
        y += f"fuel: {fuel}\n"
    (d / "expected.yaml").write_text(y, encoding="utf-8")


def nat_num(n: int) -> E.Expr:
    x = c("Nat.zero")
    for _ in range(n):
        x = succ(x)
    return x


# ----------------------------------------------------------------------------------------------
# A prelude written out by hand (types, constructors, recursors and their rules as Lean states
# them), for the cases about primitives and missing information: nothing here comes from the
# kernel's own recursor generator.

B = T.mk_bvar


def hand_nat() -> InductiveBlock:
    """`Nat` with `Nat.rec.{u} : {motive : Nat → Sort u} → motive zero → ((n : Nat) → motive n →
    motive (succ n)) → (t : Nat) → motive t` and its two rules."""
    u = U("u")
    zero, succ_c = c("Nat.zero"), c("Nat.succ")
    motive_t = T.mk_pi(("t",), NAT, sort(u))
    minor_succ = T.mk_pi(("n",), NAT, T.mk_pi(("n_ih",), app(B(2), B(0)), app(B(3), app(succ_c, B(1)))))
    rec_type = T.mk_pi(("motive",), motive_t, T.mk_pi(("zero",), app(B(0), zero), T.mk_pi(
        ("succ",), minor_succ, T.mk_pi(("t",), NAT, app(B(3), B(0))))))

    def rule(body):
        return T.mk_lam(("motive",), motive_t, T.mk_lam(("zero",), app(B(0), zero), T.mk_lam(("succ",), minor_succ, body)))

    rec = c("Nat.rec", u)
    rules = (RecursorRule(N("Nat.zero"), 0, rule(B(1))),
             RecursorRule(N("Nat.succ"), 1, rule(T.mk_lam(("n",), NAT, app(B(1), B(0), app(rec, B(3), B(2), B(1), B(0)))))))
    return InductiveBlock(
        (InductiveType(N("Nat"), (), TYPE, 0, 0, (N("Nat"),), (N("Nat.zero"), N("Nat.succ")), 0, True),),
        (Constructor(N("Nat.zero"), (), NAT, N("Nat"), 0, 0, 0), Constructor(N("Nat.succ"), (), arrow(NAT, NAT), N("Nat"), 1, 0, 1)),
        (Recursor(N("Nat.rec"), (("u",),), rec_type, (N("Nat"),), 0, 0, 1, 2, rules, False),))


def hand_eq() -> InductiveBlock:
    """`Eq.{u} : {α : Sort u} → α → α → Prop` with `Eq.refl` and the K-like `Eq.rec.{u_1, u}`."""
    u, v = U("u"), U("u_1")
    eq_u = c("Eq", u)
    ty = T.mk_pi(("α",), sort(u), T.mk_pi(("a",), B(0), T.mk_pi(("b",), B(1), PROP)))
    refl_t = T.mk_pi(("α",), sort(u), T.mk_pi(("a",), B(0), app(eq_u, B(1), B(0), B(0))))
    refl_at = lambda a_, x: app(c("Eq.refl", u), a_, x)  # noqa: E731
    # {α} {a} {motive : (b : α) → Eq a b → Sort u_1} (refl : motive a (Eq.refl a)) {b} (t : Eq a b) : motive b t
    motive_t = T.mk_pi(("b",), B(1), T.mk_pi(("t",), app(eq_u, B(2), B(1), B(0)), sort(v)))
    refl_minor = app(B(0), B(1), refl_at(B(2), B(1)))
    rec_type = T.mk_pi(("α",), sort(u), T.mk_pi(("a",), B(0), T.mk_pi(("motive",), motive_t, T.mk_pi(
        ("refl",), refl_minor, T.mk_pi(("b",), B(3), T.mk_pi(("t",), app(eq_u, B(4), B(3), B(0)), app(B(3), B(1), B(0))))))))
    rhs = T.mk_lam(("α",), sort(u), T.mk_lam(("a",), B(0), T.mk_lam(("motive",), motive_t, T.mk_lam(
        ("refl",), refl_minor, B(0)))))
    return InductiveBlock(
        (InductiveType(N("Eq"), (("u",),), ty, 2, 1, (N("Eq"),), (N("Eq.refl"),)),),
        (Constructor(N("Eq.refl"), (("u",),), refl_t, N("Eq"), 0, 2, 0),),
        (Recursor(N("Eq.rec"), (("u_1",), ("u",)), rec_type, (N("Eq"),), 2, 1, 1, 1,
                  (RecursorRule(N("Eq.refl"), 0, rhs),), True),))


def hand_bool() -> InductiveBlock:
    """`Bool` with `Bool.rec.{u} : {motive : Bool → Sort u} → motive false → motive true → (t : Bool) → motive t`."""
    u = U("u")
    bool_ = c("Bool")
    motive_t = T.mk_pi(("t",), bool_, sort(u))
    rec_type = T.mk_pi(("motive",), motive_t, T.mk_pi(("false",), app(B(0), c("Bool.false")), T.mk_pi(
        ("true",), app(B(1), c("Bool.true")), T.mk_pi(("t",), bool_, app(B(3), B(0))))))

    def rule(body):
        return T.mk_lam(("motive",), motive_t, T.mk_lam(("false",), app(B(0), c("Bool.false")), T.mk_lam(
            ("true",), app(B(1), c("Bool.true")), body)))

    return InductiveBlock(
        (InductiveType(N("Bool"), (), TYPE, 0, 0, (N("Bool"),), (N("Bool.false"), N("Bool.true"))),),
        (Constructor(N("Bool.false"), (), bool_, N("Bool"), 0, 0, 0), Constructor(N("Bool.true"), (), bool_, N("Bool"), 1, 0, 0)),
        (Recursor(N("Bool.rec"), (("u",),), rec_type, (N("Bool"),), 0, 0, 1, 2,
                  (RecursorRule(N("Bool.false"), 0, rule(B(1))), RecursorRule(N("Bool.true"), 0, rule(B(0)))), False),))


def hand_empty(name: str, ty) -> InductiveBlock:
    """An inductive type `name : ty` (a sort) without constructors; its recursor eliminates into Sort u."""
    u = U("u")
    t = c(name)
    motive_t = T.mk_pi(("t",), t, sort(u))
    rec_type = T.mk_pi(("motive",), motive_t, T.mk_pi(("t",), t, app(B(1), B(0))))
    return InductiveBlock((InductiveType(N(name), (), ty, 0, 0, (N(name),), ()),), (),
                          (Recursor(N(name) + ("rec",), (("u",),), rec_type, (N(name),), 0, 0, 1, 0, (), False),))


#: Each Nat primitive with a literal extension: (name, its type's result, arguments, the true value).
PRIMITIVE_CASES = [
    ("add", "Nat", 2, 3, 5), ("sub", "Nat", 7, 2, 5), ("mul", "Nat", 2, 3, 6), ("div", "Nat", 7, 2, 3),
    ("mod", "Nat", 7, 2, 1), ("gcd", "Nat", 4, 6, 2), ("land", "Nat", 12, 10, 8), ("lor", "Nat", 12, 10, 14),
    ("xor", "Nat", 12, 10, 6), ("shiftLeft", "Nat", 3, 2, 12), ("shiftRight", "Nat", 12, 2, 3),
    ("pow", "Nat", 2, 3, 8), ("beq", "Bool", 2, 2, True), ("ble", "Bool", 2, 3, True),
]


def build_provenance_cases() -> None:
    """Primitives by provenance (issue 26): for every primitive, an axiom under its name gets no
    acceleration unless a front end vouches for it, and a wrong definition under its name gets none
    either; the two inputs of the issue that proved False are not accepted."""
    prelude = [hand_nat(), hand_eq(), hand_bool()]
    for op, res, a, b_, want in PRIMITIVE_CASES:
        res_t = c(res)
        ty = arrow(NAT, arrow(NAT, res_t))
        val = (c("Bool.true") if want else c("Bool.false")) if res == "Bool" else lit(want)
        goal = thm("t", eq(res_t, app(c(f"Nat.{op}"), lit(a), lit(b_)), val), refl(res_t, val))
        ax = axiom(f"Nat.{op}", ty)
        write_case(f"primitive_{op}_axiom", prelude + [ax, goal], "declined", "nothing vouches for it")
        write_case(f"primitive_{op}_axiom_vouched", prelude + [ax, goal], "accepted", library=(f"Nat.{op}",))
        xa, xb = var("a", NAT), var("b", NAT)
        wrong = lam([xa, xb], c("Bool.false") if res == "Bool" else xa)
        write_case(f"primitive_{op}_wrong_definition", prelude + [defn(f"Nat.{op}", ty, wrong), goal], "rejected",
                   "the value has type")
    # Issue 26, file 1: an axiom Nat.gcd with the consistent axiom `∀ a b, Nat.gcd a b = 0`.
    gcd = lambda x, y: app(c("Nat.gcd"), x, y)  # noqa: E731
    xa, xb = var("a", NAT), var("b", NAT)
    zero_ax = axiom("Nat.gcd_eq_zero", pi([xa, xb], eq(NAT, gcd(xa, xb), lit(0))))
    write_case("gcd_axiom_with_zero_axiom", prelude + [axiom("Nat.gcd", arrow(NAT, arrow(NAT, NAT))), zero_ax,
                                                       thm("two", eq(NAT, gcd(lit(4), lit(6)), lit(2)), refl(NAT, lit(2)))],
               "declined", "nothing vouches for it")
    # ... and what that axiom does give: gcd 4 6 = 0, by the axiom, not by computation.
    write_case("gcd_axiom_with_zero_axiom_used", prelude + [
        axiom("Nat.gcd", arrow(NAT, arrow(NAT, NAT))), zero_ax,
        thm("zero", eq(NAT, gcd(lit(4), lit(6)), lit(0)), app(c("Nat.gcd_eq_zero"), lit(4), lit(6)))], "accepted")
    # An opaque Nat.gcd (a body the kernel never unfolds) is bodyless in the same way.
    write_case("gcd_opaque_unvouched", prelude + [
        Opaque(N("Nat.gcd"), (), arrow(NAT, arrow(NAT, NAT)), lam([xa, xb], lit(0))),
        thm("two", eq(NAT, gcd(lit(4), lit(6)), lit(2)), refl(NAT, lit(2)))], "declined", "nothing vouches for it")
    # A literal needs the standard Nat: one with a third constructor gets no literals.
    odd = InductiveBlock(
        (InductiveType(N("Nat"), (), TYPE, 0, 0, (N("Nat"),), (N("Nat.zero"), N("Nat.succ"), N("Nat.other"))),),
        (Constructor(N("Nat.zero"), (), NAT, N("Nat"), 0, 0, 0), Constructor(N("Nat.succ"), (), arrow(NAT, NAT), N("Nat"), 1, 0, 1),
         Constructor(N("Nat.other"), (), NAT, N("Nat"), 2, 0, 0)), ())
    write_case("nat_literal_nonstandard_nat", [_with_generated_recursor(odd), defn("five", NAT, lit(5))], "rejected",
               "not declared as the standard")

    # Issue 26, file 2: String as an empty Prop, inhabited by a literal.
    s_lit = T.mk_lit("x")
    write_case("string_empty_prop", [hand_nat(), hand_empty("String", PROP), thm("s", c("String"), s_lit)], "rejected",
               "String literal is used")
    # ... also when String.ofList and Char.ofNat exist with their types (as axioms)
    with_fns = _string_prelude(PROP)
    write_case("string_empty_prop_with_functions", with_fns + [thm("s", c("String"), s_lit)], "rejected",
               "String literal is used")
    # the good variant: data types String and Char (uninterpreted functions): a literal is a String
    good = _string_prelude(TYPE)
    write_case("string_literal_data_types", good + [defn("s", c("String"), s_lit)], "accepted")
    # without String.ofList the input lacks what the literal stands for: declined, naming it ...
    write_case("string_literal_without_of_list", good[:4] + [defn("s", c("String"), s_lit)], "declined",
               "needs 'String.ofList'")
    # ... unless the front end vouches for String as the core library's own (Init uses literals
    # before it declares String.ofList)
    write_case("string_literal_vouched_string", good[:4] + [defn("s", c("String"), s_lit)], "accepted",
               library=("String",))
    # a vouched String must still be a data type
    write_case("string_literal_vouched_prop", [hand_nat(), hand_empty("String", PROP), thm("s", c("String"), s_lit)],
               "rejected", "String literal is used", library=("String",))


def _string_prelude(string_sort) -> list:
    """Nat, List, an empty `Char : Type`, an empty `String : string_sort`, and `String.ofList`,
    `Char.ofNat` as axioms of their types (what a String literal stands for)."""
    char = c("Char")
    lchar = app(c("List", T.zero), char)
    return [hand_nat(), _list_block(), hand_empty("Char", TYPE), hand_empty("String", string_sort),
            axiom("String.ofList", arrow(lchar, c("String"))), axiom("Char.ofNat", arrow(NAT, char))]


def _list_block() -> InductiveBlock:
    b = Builder()
    lu = U("u")
    la = var("α", sort(T.levels.mk_succ(lu)))
    return inductive(b.env, "List", pi([la], sort(T.levels.mk_succ(lu))), 1, [
        ("List.nil", pi([la], app(c("List", lu), la))),
        ("List.cons", pi([la], arrow(la, arrow(app(c("List", lu), la), app(c("List", lu), la)))))], lps=("u",))


def _with_generated_recursor(block: InductiveBlock) -> InductiveBlock:
    env = Environment(terms=T)
    t = block.types[0]
    return inductive(env, ".".join(t.name), t.type, t.num_params,
                     [(".".join(k.name), k.type) for k in block.ctors])


def build_missing_information_cases() -> None:
    """Missing information is declined, with the name, never rejected (issues 26 and 30)."""
    prelude = [hand_nat(), hand_eq(), hand_bool()]
    f = lambda x: app(c("f"), x)  # noqa: E731
    # a constant whose body the input does not ship (the front end marks it: `hidden`)
    fax = axiom("f", arrow(NAT, NAT))
    goal = thm("t", eq(NAT, f(lit(1)), lit(2)), refl(NAT, lit(2)))
    write_case("hidden_body_declined", prelude + [fax, goal], "declined", "needs the body of 'f'", hidden=("f",))
    # unmarked, the same axiom is an axiom: the proof by rfl is a type error
    write_case("axiom_is_not_a_hidden_body", prelude + [fax, goal], "rejected", "the value has type")
    # a proof that needs the body and is wrong anyway is still declined (the kernel cannot see it)
    # but a proof that does not need the body is checked as usual
    xa = var("x", NAT)
    write_case("hidden_body_not_needed", prelude + [fax, thm("t", pi([xa], eq(NAT, f(xa), f(xa))),
                                                             lam([xa], refl(NAT, f(xa))))], "accepted", hidden=("f",))
    # what native_decide produces: Lean.ofReduceBool with a proof by rfl of `reduceBool c = true`
    bool_ = c("Bool")
    rb = lambda x: app(c("Lean.reduceBool"), x)  # noqa: E731
    ba, bb = var("a", bool_), var("b", bool_)
    native = [axiom("Lean.reduceBool", arrow(bool_, bool_)),
              axiom("Lean.ofReduceBool", pi([ba, bb], arrow(eq(bool_, rb(ba), bb), eq(bool_, ba, bb))))]
    tt = c("Bool.true")
    write_case("native_decide_declined", prelude + native + [
        thm("ex", eq(bool_, tt, tt), app(c("Lean.ofReduceBool"), tt, tt, refl(bool_, tt)))], "declined",
        "runs compiled code")
    # a constant the input does not contain at all, used in a proof
    write_case("missing_constant_in_proof", prelude + [
        thm("t", eq(NAT, lit(1), lit(1)), app(c("Eq.refl", T.one), NAT, app(c("helper._proof_1"), lit(1))))],
        "declined", "needs 'helper._proof_1'")
    # the _unsafe_rec helpers of a mutual block refer to each other: declined, not rejected
    a_rec = Definition(N("a._unsafe_rec"), (), arrow(NAT, NAT), lam([xa], app(c("b._unsafe_rec"), xa)),
                       Hints(HintKind.OPAQUE), Safety.UNSAFE, (N("a._unsafe_rec"), N("b._unsafe_rec")))
    b_rec = Definition(N("b._unsafe_rec"), (), arrow(NAT, NAT), lam([xa], app(c("a._unsafe_rec"), xa)),
                       Hints(HintKind.OPAQUE), Safety.UNSAFE, (N("a._unsafe_rec"), N("b._unsafe_rec")))
    write_case("unsafe_rec_mutual_declined", prelude + [a_rec, b_rec], "declined", "mutual block")


def build_open_term_cases() -> None:
    """Nat literal extensions on open terms (the ledger's false rejection, issue 26): Lean's kernel
    reduces `Nat.gcd a b` in `whnf` whenever `a` and `b` reduce to literals, even when the term
    mentions a free variable (`Nat.gcd (den (1 * (fun _ => 0) x)) 1` in `Rat.add`, unfolded under
    `x : Rat`). For every primitive: a recursor whose major premise is the primitive applied to a
    dead redex `(fun _ => a) x` reduces (good), the same with a wrong value is rejected (bad), and
    a really open argument stays stuck (bad). Lazy delta reduction and proofs by reflection try the
    extensions on closed terms only, unless the argument is marked `eagerReduce`."""
    prelude = [hand_nat(), hand_eq(), hand_bool()]
    xv = var("x", NAT)
    dead = lambda v: app(T.mk_lam(("y",), NAT, lit(v)), xv)  # noqa: E731  (fun _ => v) x
    # the major premise through a recursor into Nat: Nat -> its successor's predecessor (or 0), Bool -> 0/1
    nat_motive = T.mk_lam(("t",), NAT, NAT)
    bool_motive = T.mk_lam(("t",), c("Bool"), NAT)
    through_nat = lambda m: app(c("Nat.rec", T.one), nat_motive, lit(0),  # noqa: E731
                                T.mk_lam(("n",), NAT, T.mk_lam(("ih",), NAT, succ(B(1)))), m)
    through_bool = lambda m: app(c("Bool.rec", T.one), bool_motive, lit(0), lit(1), m)  # noqa: E731
    for op, res, a, b_, want in PRIMITIVE_CASES:
        ty = arrow(NAT, arrow(NAT, c(res)))
        prim = axiom(f"Nat.{op}", ty)
        major = app(c(f"Nat.{op}"), dead(a), lit(b_))
        lhs, val = (through_bool(major), int(want)) if res == "Bool" else (through_nat(major), want)
        good = thm("t", pi([xv], eq(NAT, lhs, lit(val))), lam([xv], refl(NAT, lit(val))))
        write_case(f"primitive_{op}_under_free_variable", prelude + [prim, good], "accepted", library=(f"Nat.{op}",))
        wrong = 1 - val if res == "Bool" else val + 1
        bad = thm("t", pi([xv], eq(NAT, lhs, lit(wrong))), lam([xv], refl(NAT, lit(wrong))))
        write_case(f"primitive_{op}_under_free_variable_wrong", prelude + [prim, bad], "rejected",
                   "the value has type", library=(f"Nat.{op}",))
    # a really open argument: nothing to compute, the recursor is stuck
    gcd_t = arrow(NAT, arrow(NAT, NAT))
    open_lhs = through_nat(app(c("Nat.gcd"), xv, lit(6)))
    write_case("primitive_gcd_open_argument", prelude + [axiom("Nat.gcd", gcd_t), thm(
        "t", pi([xv], eq(NAT, open_lhs, lit(2))), lam([xv], refl(NAT, lit(2))))], "rejected", "the value has type",
        library=("Nat.gcd",))
    # a proof by reflection of `Nat.beq ((fun _ => 2) x) 2 = true`: with the argument marked
    # `eagerReduce` the extension is tried although the goal mentions `x` ...
    bool_ = c("Bool")
    tt = c("Bool.true")
    u = U("u")
    av = var("α", sort(u))
    eager = defn("eagerReduce", pi([av], arrow(av, av)), lam([av, var("a", av)], B(0)), lps=("u",))
    pv = var("p", PROP)
    wrap = axiom("wrap", pi([pv], arrow(pv, pv)))
    beq_t = arrow(NAT, arrow(NAT, bool_))

    def by_reflection(goal, marked):
        proof = refl(bool_, tt)
        if marked:
            proof = app(c("eagerReduce", T.zero), eq(bool_, tt, tt), proof)
        return thm("t", pi([xv], goal), lam([xv], app(c("wrap"), goal, proof)))

    claim_ = lambda v: eq(bool_, app(c("Nat.beq"), dead(2), lit(v)), tt)  # noqa: E731
    base = prelude + [axiom("Nat.beq", beq_t), eager, wrap]
    write_case("eager_reduce_open_reflection", base + [by_reflection(claim_(2), True)], "accepted",
               library=("Nat.beq",))
    # ... and a false claim is rejected all the same
    write_case("eager_reduce_open_reflection_wrong", base + [by_reflection(claim_(3), True)], "rejected",
               "application type mismatch", library=("Nat.beq",))
    # unmarked, as in Lean's kernel, the reflection is not tried on an open goal: rejected
    write_case("reflection_open_unmarked", base + [by_reflection(claim_(2), False)], "rejected",
               "application type mismatch", library=("Nat.beq",))


def build_binder_cases() -> None:
    """Inference under binders without substitution (the arena's perf/app-lam shape, small)."""
    prelude = [hand_nat(), hand_eq(), hand_bool()]
    b = Builder().nat().nat_add()
    add_def = b.decls[-1]
    fn = arrow(NAT, NAT)
    fv, gv = var("f", fn), var("g", fn)
    wrap2 = defn("wrap2", arrow(fn, arrow(fn, NAT)), lam([fv, gv], app(c("Nat.add"), app(fv, c("Nat.zero")),
                                                                       app(gv, c("Nat.zero")))))

    def app_lam(n, leaf):
        body = leaf(n)
        for i in range(n):
            lm = T.mk_lam((f"x{n - i}",), NAT, body)
            body = app(c("wrap2"), lm, lm)
        return body

    def sum_of(n):
        body = B(n - 1)
        for i in range(1, n):
            body = app(c("Nat.add"), body, B(n - 1 - i))
        return body

    write_case("app_lam_small", prelude[:1] + [add_def, wrap2, defn("d", NAT, app_lam(300, sum_of))], "accepted")
    # the innermost body adds a proposition: the mismatch is found under 300 binders, names shown
    bad = lambda n: app(c("Nat.add"), sum_of(n), PROP)  # noqa: E731
    write_case("app_lam_small_bad", prelude[:1] + [add_def, wrap2, defn("d", NAT, app_lam(300, bad))], "rejected",
               "application type mismatch")
    # a dependent argument under binders: `fun (n : Nat) (h : n = n) => Eq.refl n` types as
    # `(n : Nat) → n = n → n = n`, the argument `n` closed only where the type needs it
    nv = var("n", NAT)
    hv = var("h", eq(NAT, nv, nv))
    write_case("dependent_under_binders", prelude + [
        thm("t", pi([nv, hv], eq(NAT, nv, nv)), lam([nv, hv], refl(NAT, nv)))], "accepted")
    write_case("dependent_under_binders_bad", prelude + [
        thm("t", pi([nv, hv], eq(NAT, nv, succ(nv))), lam([nv, hv], refl(NAT, nv)))], "rejected", "the value has type")


def build() -> None:
    if CASES.exists():
        shutil.rmtree(CASES)

    # --- definitions and theorems -------------------------------------------------------------
    b = Builder().nat()
    write_case("def_good", b.decls + [defn("two", NAT, nat_num(2))], "accepted")
    write_case("def_type_mismatch", b.decls + [defn("two", NAT, PROP)], "rejected", "the value has type")
    b = Builder().nat().eq()
    two = b.add(defn("two", NAT, nat_num(2)))
    write_case("theorem_good", b.decls + [thm("two_eq", eq(NAT, c("two"), nat_num(2)), refl(NAT, c("two")))],
               "accepted")
    write_case("theorem_not_prop", b.decls + [thm("not_prop", NAT, c("Nat.zero"))], "rejected",
               "must be a proposition")
    write_case("theorem_wrong_proof", b.decls + [thm("bad", eq(NAT, c("two"), nat_num(3)), refl(NAT, c("two")))],
               "rejected", "the value has type")
    del two

    # --- declaration rules --------------------------------------------------------------------
    b = Builder()
    write_case("duplicate_declaration", [axiom("A", PROP), axiom("A", PROP)], "rejected", "already been declared")
    b = Builder().nat()
    write_case("duplicate_constructor_name", b.decls + [defn("T.mk", NAT, c("Nat.zero")),
                                                        inductive(b.env, "T", TYPE, 0, [("T.mk", c("T"))])],
               "rejected", "already been declared")
    # missing information is a decline (the input lacks 'foo'); an input out of order is ill-formed
    write_case("undeclared_constant", b.decls + [defn("x", NAT, c("foo"))], "declined",
               "needs 'foo', which the environment does not contain")
    write_case("use_before_declaration", [defn("x", NAT, c("Nat.zero"))] + b.decls, "rejected",
               "before its declaration")
    write_case("level_params_not_distinct", [axiom("ax", sort(U("u")), lps=("u", "u"))], "rejected",
               "not distinct")
    write_case("level_param_undeclared", [axiom("ax", sort(U("v")), lps=("u",))], "rejected",
               "undeclared universe level parameter")
    write_case("level_params_good", [axiom("ax", sort(T.levels.mk_max(U("u"), U("v"))), lps=("u", "v"))], "accepted")
    write_case("unsafe_used_by_safe", b.decls + [axiom("evil", NAT, unsafe=True), defn("x", NAT, c("evil"))],
               "rejected", "unsafe or partial")
    write_case("unsafe_recursive_definition", b.decls + [defn("loop", NAT, c("loop"), safety=Safety.UNSAFE)],
               "accepted")
    write_case("unsafe_definition_ill_typed", b.decls + [defn("bad", NAT, PROP, safety=Safety.UNSAFE)],
               "rejected", "the value has type")
    write_case("partial_used_by_safe", b.decls + [defn("p", NAT, c("Nat.zero"), safety=Safety.PARTIAL),
                                                  defn("q", NAT, c("p"))], "rejected", "unsafe or partial")
    write_case("negative_nat_literal", b.decls + [defn("x", NAT, lit(-1))], "rejected", "negative")

    # --- universes ----------------------------------------------------------------------------
    # imax u 0 = 0: a function into Prop is a Prop, for every u
    a_ = var("α", sort(U("u")))
    p = var("p", arrow(a_, PROP))
    x = var("x", a_)
    write_case("imax_prop", [axiom("allp", pi([a_, p], PROP), lps=("u",)),
                             axiom("thm_like", pi([a_, p], pi([x], app(p, x))), lps=("u",)),
                             thm("uses_imax", pi([a_, p], pi([x], app(p, x))),
                                 lam([a_, p], app(c("thm_like", U("u")), a_, p)), lps=("u",))], "accepted")
    write_case("universe_mismatch", [defn("t", sort(U("u")), sort(U("u")), lps=("u",))], "rejected",
               "the value has type")

    # --- Nat literals and primitives ----------------------------------------------------------
    b = Builder().nat().eq().nat_add()
    add = lambda x, y: app(c("Nat.add"), x, y)  # noqa: E731
    write_case("nat_add_literals", b.decls + [thm("t", eq(NAT, add(lit(2), lit(2)), lit(4)), refl(NAT, lit(4)))],
               "accepted")
    big = 10**40
    write_case("nat_add_big_literals", b.decls + [
        thm("t", eq(NAT, add(lit(big), lit(big)), lit(2 * big)), refl(NAT, lit(2 * big)))], "accepted")
    write_case("nat_add_wrong", b.decls + [thm("t", eq(NAT, add(lit(2), lit(2)), lit(5)), refl(NAT, lit(4)))],
               "rejected", "the value has type")
    write_case("nat_literal_vs_succ", b.decls + [thm("t", eq(NAT, lit(3), nat_num(3)), refl(NAT, lit(3)))],
               "accepted")
    # A prelude that redefines Nat.add as `fun a b => a` must not get the extension.
    b2 = Builder().nat().eq()
    na, nb = var("a", NAT), var("b", NAT)
    b2.nat_add(value=lam([na, nb], na))
    write_case("nat_add_redefined", b2.decls + [thm("t", eq(NAT, add(lit(2), lit(2)), lit(4)), refl(NAT, lit(4)))],
               "rejected", "the value has type")
    # A prelude that redefines Nat.gcd (as the constant 1): `Nat.gcd 4 6 = 2` must be rejected ...
    b3 = Builder().nat().eq()
    b3.add(defn("Nat.gcd", arrow(NAT, arrow(NAT, NAT)), lam([na, nb], lit(1))))
    gcd = lambda x, y: app(c("Nat.gcd"), x, y)  # noqa: E731
    write_case("nat_gcd_redefined", b3.decls + [thm("t", eq(NAT, gcd(lit(4), lit(6)), lit(2)), refl(NAT, lit(2)))],
               "rejected", "the value has type")
    # ... and the redefinition itself is what unfolding computes.
    write_case("nat_gcd_redefined_unfolds", b3.decls + [
        thm("t", eq(NAT, gcd(lit(4), lit(6)), lit(1)), refl(NAT, lit(1)))], "accepted")

    # Well-founded primitives: accelerated when the environment states their specification.
    # Here div/mod/gcd are uninterpreted (axiom-backed), so `Nat.gcd 12 18 = 6` only goes through
    # if the kernel computes it, which it may only do once the specification theorems are there.
    b4 = Builder().nat().eq().nat_add()
    kk, ih2 = var("k", NAT), var("ih", NAT)
    mm, nn2 = var("m", NAT), var("n", NAT)
    b4.add(defn("Nat.mul", arrow(NAT, arrow(NAT, NAT)), lam([nn2, mm], app(
        c("Nat.rec", T.one), lam([var("_", NAT)], NAT), lit(0), lam([kk, ih2], add(ih2, nn2)), mm))))
    ln, lm = var("n", NAT), var("m", NAT)
    le = c("Nat.le")
    b4.add(inductive(b4.env, "Nat.le", pi([ln], arrow(NAT, PROP)), 1, [
        ("Nat.le.refl", pi([ln], app(le, ln, ln))),
        ("Nat.le.step", pi([ln, lm], arrow(app(le, ln, lm), app(le, ln, succ(lm)))))]))
    bin_ = arrow(NAT, arrow(NAT, NAT))
    for op_name in ("div", "mod", "gcd"):
        b4.add(axiom(f"impl_{op_name}", bin_))
        b4.add(defn(f"Nat.{op_name}", bin_, c(f"impl_{op_name}")))
    op2 = lambda n, x, y: app(c(f"Nat.{n}"), x, y)  # noqa: E731
    xa, ya = var("x", NAT), var("y", NAT)
    spec = [
        axiom("Nat.mod_add_div", pi([xa, ya], eq(NAT, add(op2("mod", xa, ya), op2("mul", ya, op2("div", xa, ya))), xa))),
        axiom("Nat.mod_lt", pi([xa, ya], arrow(app(le, lit(1), ya), app(le, succ(op2("mod", xa, ya)), ya)))),
        axiom("Nat.div_zero", pi([xa], eq(NAT, op2("div", xa, lit(0)), lit(0)))),
        axiom("Nat.gcd_zero_left", pi([ya], eq(NAT, op2("gcd", lit(0), ya), ya))),
    ]
    gcd_succ = axiom("Nat.gcd_succ", pi([xa, ya], eq(NAT, op2("gcd", succ(xa), ya),
                                                        op2("gcd", op2("mod", ya, succ(xa)), succ(xa)))))
    gcd_wrong = axiom("Nat.gcd_succ", pi([xa, ya], eq(NAT, op2("gcd", succ(xa), ya), op2("gcd", ya, succ(xa)))))
    goal = thm("g", eq(NAT, op2("gcd", lit(12), lit(18)), lit(6)), refl(NAT, lit(6)))
    write_case("nat_gcd_by_specification", b4.decls + spec + [gcd_succ, goal], "accepted")
    write_case("nat_gcd_specification_missing", b4.decls + spec + [goal], "rejected", "the value has type")
    write_case("nat_gcd_specification_wrong", b4.decls + spec + [gcd_wrong, goal], "rejected", "the value has type")
    big_goal = thm("m", eq(NAT, op2("mod", lit(10**30 + 7), lit(10**9)), lit(7)), refl(NAT, lit(7)))
    write_case("nat_mod_by_specification", b4.decls + spec + [big_goal], "accepted")
    b4.add(axiom("impl_shiftRight", bin_))
    b4.add(defn("Nat.shiftRight", bin_, c("impl_shiftRight")))
    sr_spec = [axiom("Nat.shiftRight_zero", pi([xa], eq(NAT, op2("shiftRight", xa, lit(0)), xa))),
               axiom("Nat.shiftRight_succ", pi([xa, ya], eq(NAT, op2("shiftRight", xa, succ(ya)),
                                                            op2("div", op2("shiftRight", xa, ya), lit(2)))))]
    sr_goal = thm("s", eq(NAT, op2("shiftRight", lit(1000), lit(3)), lit(125)), refl(NAT, lit(125)))
    write_case("nat_shiftright_by_specification", b4.decls + spec + sr_spec + [sr_goal], "accepted")
    write_case("nat_shiftright_specification_missing", b4.decls + spec + sr_spec[:1] + [sr_goal], "rejected",
               "the value has type")
    # A primitive declared without a body gets its real meaning (as in Lean) only when the front end
    # vouches for it as the core library's own constant (here: the case's `library`) ...
    b5 = Builder().nat().eq()
    b5.add(axiom("Nat.land", bin_))
    land = lambda x, y: app(c("Nat.land"), x, y)  # noqa: E731
    write_case("nat_land_bodyless", b5.decls + [thm("l", eq(NAT, land(lit(12), lit(10)), lit(8)), refl(NAT, lit(8)))],
               "accepted", library=("Nat.land",))
    write_case("nat_land_bodyless_wrong", b5.decls + [thm("l", eq(NAT, land(lit(12), lit(10)), lit(9)),
                                                          refl(NAT, lit(9)))], "rejected", "the value has type",
               library=("Nat.land",))
    # ... otherwise (an NDJSON file vouches for nothing) it is an axiom like any other: the check is
    # stuck on it, and says so.
    write_case("nat_land_bodyless_unvouched", b5.decls + [
        thm("l", eq(NAT, land(lit(12), lit(10)), lit(8)), refl(NAT, lit(8)))], "declined", "nothing vouches for it")
    write_case("nat_mod_specification_missing", b4.decls + spec[1:] + [big_goal], "rejected", "the value has type")

    # --- inductive types ----------------------------------------------------------------------
    b = Builder()
    BOOL = c("Bool")
    bool_block = inductive(b.env, "Bool", TYPE, 0, [("Bool.false", BOOL), ("Bool.true", BOOL)])
    write_case("inductive_bool_good", [bool_block], "accepted")
    rec = bool_block.recursors[0]
    swapped = (dataclasses.replace(rec.rules[0], rhs=rec.rules[1].rhs),
               dataclasses.replace(rec.rules[1], rhs=rec.rules[0].rhs))
    write_case("bogus_recursor_rule", [dataclasses.replace(bool_block, recursors=(
        dataclasses.replace(rec, rules=swapped),))], "rejected", "wrong right-hand side")
    write_case("recursor_wrong_num_minors", [dataclasses.replace(bool_block, recursors=(
        dataclasses.replace(rec, num_minors=3),))], "rejected", "numMinors")
    b = Builder().nat().eq()
    eq_block = b.decls[-1]
    erec = eq_block.recursors[0]
    write_case("wrong_k_flag", b.decls[:-1] + [dataclasses.replace(eq_block, recursors=(
        dataclasses.replace(erec, k=False),))], "rejected", "K flag")
    b = Builder().nat()
    bad_ty = c("Bad")
    write_case("negative_occurrence", b.decls + [
        _unchecked_block("Bad", TYPE, 0, [("Bad.mk", arrow(arrow(bad_ty, NAT), bad_ty))])], "rejected",
        "non positive occurrence")
    tree = c("Tree")
    write_case("reflexive_inductive_good", b.decls + [
        inductive(b.env, "Tree", TYPE, 0, [("Tree.leaf", tree), ("Tree.node", arrow(arrow(NAT, tree), tree))])],
        "accepted")
    write_case("constructor_wrong_result", b.decls + [
        _unchecked_block("W", TYPE, 0, [("W.mk", NAT)])], "rejected", "invalid return type")
    write_case("field_universe_too_big", b.decls + [
        _unchecked_block("Big", TYPE, 0, [("Big.mk", arrow(TYPE, c("Big")))])], "rejected", "too big")
    # A Prop with two constructors eliminates only into Prop.
    b = Builder()
    orp = c("OrP")
    write_case("large_elim_non_subsingleton", [
        inductive(b.env, "OrP", PROP, 0, [("OrP.a", orp), ("OrP.b", orp)], large=True)], "rejected",
        "only eliminates into Prop")
    write_case("prop_elim_good", [inductive(b.env, "OrP", PROP, 0, [("OrP.a", orp), ("OrP.b", orp)])],
               "accepted")
    # Nested inductives are declined, not accepted.
    b = Builder().nat()
    lu = U("u")
    la = var("α", sort(T.levels.mk_succ(lu)))
    list_block = inductive(b.env, "List", pi([la], sort(T.levels.mk_succ(lu))), 1, [
        ("List.nil", pi([la], app(c("List", lu), la))),
        ("List.cons", pi([la], arrow(la, arrow(app(c("List", lu), la), app(c("List", lu), la)))))],
        lps=("u",))
    b.add(list_block)
    rose = c("Rose")
    nested = _unchecked_block("Rose", TYPE, 0, [("Rose.mk", arrow(app(c("List", T.zero), rose), rose))])
    write_case("nested_inductive_declined", b.decls + [nested], "declined", "nested")
    rose_block = nested_block(b.env, "Rose", TYPE, [("Rose.mk", arrow(app(c("List", T.zero), rose), rose))])
    write_case("nested_inductive_good", b.decls + [rose_block], "accepted")
    rrec = rose_block.recursors[1]
    write_case("nested_recursor_bogus_rule", b.decls + [dataclasses.replace(rose_block, recursors=(
        rose_block.recursors[0], dataclasses.replace(rrec, rules=(rrec.rules[0], dataclasses.replace(
            rrec.rules[1], rhs=rrec.rules[0].rhs)))))], "declined", "wrong right-hand side")
    # size of a rose tree by its recursors, computed by the kernel: a node with two leaves has size 3
    b2 = Builder().nat().eq()
    b2.add(list_block)
    b2.nat_add()
    b2.add(rose_block)
    lr = app(c("List", T.zero), rose)
    t_, ts_, ih_, ihs_ = var("t", rose), var("ts", lr), var("ih", NAT), var("ihs", NAT)
    lst = var("l", lr)
    rv0 = var("r", rose)
    size = lam([rv0], app(c("Rose.rec", T.one), lam([var("_", rose)], NAT), lam([var("_", lr)], NAT),
                      lam([lst, ihs_], succ(ihs_)), lit(0),
                      lam([t_, ts_, ih_, ihs_], app(c("Nat.add"), ih_, ihs_)), rv0))
    b2.add(defn("Rose.size", arrow(rose, NAT), size))
    nil = app(c("List.nil", T.zero), rose)
    leaf = app(c("Rose.mk"), nil)
    two = app(c("List.cons", T.zero), rose, leaf, app(c("List.cons", T.zero), rose, leaf, nil))
    write_case("nested_recursor_reduces", b2.decls + [
        thm("size3", eq(NAT, app(c("Rose.size"), app(c("Rose.mk"), two)), lit(3)), refl(NAT, lit(3)))], "accepted")
    write_case("nested_recursor_reduces_wrong", b2.decls + [
        thm("size4", eq(NAT, app(c("Rose.size"), app(c("Rose.mk"), two)), lit(4)), refl(NAT, lit(4)))],
        "rejected", "the value has type")
    rv = var("r", rose)
    write_case("uses_declined_declaration", b.decls + [nested, defn("f", arrow(rose, NAT), lam([rv], c("Nat.zero")))],
               "declined", "which was not accepted")

    # Mutual blocks: Even/Odd as predicates on Nat, with recursors for both.
    b = Builder().nat().eq()
    nn = var("n", NAT)
    even, odd = c("Even"), c("Odd")
    eo = [("Even", arrow(NAT, PROP), [("Even.zero", app(even, c("Nat.zero"))),
                                       ("Even.succ", pi([nn], arrow(app(odd, nn), app(even, succ(nn)))))]),
          ("Odd", arrow(NAT, PROP), [("Odd.succ", pi([nn], arrow(app(even, nn), app(odd, succ(nn)))))])]
    block = mutual(b.env, eo, 0)
    write_case("mutual_inductive_good", b.decls + [block], "accepted")
    r_even, r_odd = block.recursors
    write_case("mutual_recursor_swapped_types", b.decls + [dataclasses.replace(block, recursors=(
        dataclasses.replace(r_even, type=r_odd.type), r_odd))], "rejected", "not the recursor's type")
    write_case("mutual_recursor_missing", b.decls + [dataclasses.replace(block, recursors=(r_even,))],
               "rejected", "expected 2 recursors")
    b.add(block)
    write_case("mutual_theorem_good", b.decls + [
        thm("even2", app(even, nat_num(2)), app(c("Even.succ"), nat_num(1), app(c("Odd.succ"), c("Nat.zero"), c("Even.zero"))))],
        "accepted")
    write_case("mutual_theorem_bad", b.decls + [
        thm("even1", app(even, nat_num(1)), app(c("Odd.succ"), c("Nat.zero"), c("Even.zero")))],
        "rejected", "the value has type")

    # A structure in a mutual block (Lean 4 allows them; `Lean.Compiler.LCNF.FunDecl` is one): its
    # projections are checked as Lean's kernel does, one constructor and no restriction on the block.
    b = Builder().nat().eq()
    node, forest = c("Node"), c("Forest")
    nf = [("Node", TYPE, [("Node.mk", arrow(NAT, arrow(forest, node)))]),
          ("Forest", TYPE, [("Forest.nil", forest), ("Forest.cons", arrow(node, arrow(forest, forest)))])]
    b.add(mutual(b.env, nf, 0))
    leaf = app(c("Node.mk"), lit(3), c("Forest.nil"))
    write_case("projection_of_mutual_structure", b.decls + [
        thm("label3", eq(NAT, T.mk_proj(N("Node"), 0, leaf), lit(3)), refl(NAT, lit(3)))], "accepted")
    write_case("projection_of_mutual_structure_wrong", b.decls + [
        thm("label4", eq(NAT, T.mk_proj(N("Node"), 0, leaf), lit(4)), refl(NAT, lit(4)))],
        "rejected", "the value has type")
    fv = var("f", forest)
    write_case("projection_of_two_constructor_type", b.decls + [
        defn("head", arrow(forest, node), lam([fv], T.mk_proj(N("Forest"), 0, fv)))],
        "rejected", "is not a structure")

    # --- String literals: "ab" unfolds to String.ofList [Char.ofNat 97, Char.ofNat 98] -------
    b = Builder().nat().eq()
    b.add(list_block)
    char, string = c("Char"), c("String")
    b.add(inductive(b.env, "Char", TYPE, 0, [("Char.mk", arrow(NAT, char))]))
    nv = var("n", NAT)
    b.add(defn("Char.ofNat", arrow(NAT, char), lam([nv], app(c("Char.mk"), nv))))
    lchar = app(c("List", T.zero), char)
    b.add(inductive(b.env, "String", TYPE, 0, [("String.mk", arrow(lchar, string))]))
    lv = var("l", lchar)
    b.add(defn("String.ofList", arrow(lchar, string), lam([lv], app(c("String.mk"), lv))))

    def chars(text):
        r = app(c("List.nil", T.zero), char)
        for ch in reversed(text):
            r = app(c("List.cons", T.zero), char, app(c("Char.ofNat"), lit(ord(ch))), r)
        return r

    write_case("string_literal_unfolds", b.decls + [
        thm("ab", eq(string, T.mk_lit("ab"), app(c("String.ofList"), chars("ab"))), refl(string, T.mk_lit("ab")))],
        "accepted")
    write_case("string_literal_projection", b.decls + [
        thm("ab1", eq(lchar, T.mk_proj(N("String"), 0, T.mk_lit("ab")), chars("ab")), refl(lchar, chars("ab")))],
        "accepted")
    write_case("string_literal_wrong", b.decls + [
        thm("ab", eq(string, T.mk_lit("ab"), app(c("String.ofList"), chars("ba"))), refl(string, T.mk_lit("ab")))],
        "rejected", "the value has type")

    # --- structures, projections, eta, proof irrelevance, unit-like ---------------------------
    b = Builder().nat().eq()
    pair = c("Pair")
    b.add(inductive(b.env, "Pair", TYPE, 0, [("Pair.mk", arrow(NAT, arrow(NAT, pair)))]))
    pv = var("p", pair)
    write_case("struct_eta_good", b.decls + [
        thm("eta", pi([pv], eq(pair, pv, app(c("Pair.mk"), T.mk_proj(N("Pair"), 0, pv), T.mk_proj(N("Pair"), 1, pv)))),
            lam([pv], refl(pair, pv)))], "accepted")
    write_case("projection_reduces", b.decls + [
        thm("pr", eq(NAT, T.mk_proj(N("Pair"), 1, app(c("Pair.mk"), lit(1), lit(2))), lit(2)), refl(NAT, lit(2)))],
        "accepted")
    write_case("projection_out_of_range", b.decls + [defn("x", pi([pv], NAT), lam([pv], T.mk_proj(N("Pair"), 2, pv)))],
               "rejected", "out of range")
    f = var("f", arrow(NAT, NAT))
    xx = var("x", NAT)
    write_case("function_eta_good", b.decls + [
        thm("feta", pi([f], eq(arrow(NAT, NAT), f, lam([xx], app(f, xx)))), lam([f], refl(arrow(NAT, NAT), f)))],
        "accepted")
    pp = var("P", PROP)
    h1 = var("h1", pp)
    h2 = var("h2", pp)
    write_case("proof_irrelevance_good", b.decls + [
        thm("pi", pi([pp, h1, h2], eq(pp, h1, h2, T.zero)), lam([pp, h1, h2], refl(pp, h1, T.zero)))], "accepted")
    n1 = var("n1", NAT)
    n2 = var("n2", NAT)
    write_case("no_irrelevance_for_data", b.decls + [
        thm("bad", pi([n1, n2], eq(NAT, n1, n2)), lam([n1, n2], refl(NAT, n1)))], "rejected", "the value has type")
    unit = c("Unit1")
    b.add(inductive(b.env, "Unit1", TYPE, 0, [("Unit1.star", unit)]))
    u1 = var("a", unit)
    u2 = var("b", unit)
    write_case("unit_like_good", b.decls + [
        thm("ul", pi([u1, u2], eq(unit, u1, u2)), lam([u1, u2], refl(unit, u1)))], "accepted")

    # --- quotients ----------------------------------------------------------------------------
    def quot_decls():
        out = []
        for kind, name in ((QuotKind.TYPE, "Quot"), (QuotKind.CTOR, "Quot.mk"), (QuotKind.LIFT, "Quot.lift"),
                           (QuotKind.IND, "Quot.ind")):
            lps = (("u",), ("v",)) if kind == QuotKind.LIFT else (("u",),)
            out.append(Quot(N(name), lps, expected_type(T, kind, lps), kind))
        return out

    b = Builder().nat().eq()
    qs = quot_decls()
    write_case("quot_good", b.decls + qs, "accepted")
    write_case("quot_before_eq", Builder().nat().decls + qs, "rejected", "needs 'Eq'")
    wrong_mk = dataclasses.replace(qs[1], type=expected_type(T, QuotKind.TYPE, (("u",),)))
    write_case("quot_wrong_type", b.decls + [qs[0], wrong_mk], "rejected", "does not have the type")
    for q in qs:
        b.add(q)
    r = var("r", arrow(NAT, arrow(NAT, PROP)))
    a = var("a", NAT)
    fq = var("f", arrow(NAT, NAT))
    av, bv = var("a", NAT), var("b", NAT)
    hty = pi([av, bv], arrow(app(r, av, bv), eq(NAT, app(fq, av), app(fq, bv))))
    h = var("h", hty)
    lift = app(c("Quot.lift", T.one, T.one), NAT, r, NAT, fq, h, app(c("Quot.mk", T.one), NAT, r, a))
    write_case("quot_lift_reduces", b.decls + [
        thm("lift_mk", pi([r, fq, h, a], eq(NAT, lift, app(fq, a))), lam([r, fq, h, a], refl(NAT, app(fq, a))))],
        "accepted")

    # --- deep terms ---------------------------------------------------------------------------
    b = Builder().nat().eq()
    deep = nat_num(20000)
    write_case("deep_term", b.decls + [defn("deep", NAT, deep),
                                       thm("deep_eq", eq(NAT, c("deep"), lit(20000)), refl(NAT, c("deep")))],
               "accepted")
    write_case("deep_term_wrong", b.decls + [defn("deep", NAT, deep),
                                             thm("deep_eq", eq(NAT, c("deep"), lit(19999)), refl(NAT, c("deep")))],
               "rejected", "the value has type")

    # --- input that cannot be read ------------------------------------------------------------
    meta = '{"meta":{"format":{"version":"3.1.0"}}}\n'
    write_case("malformed_input", [], "declined", "line 2", raw=meta + '{"ie":0,"app":{"fn":5,\n')
    write_case("unknown_expression_index", [], "declined", "unknown expression index",
               raw=meta + '{"in":1,"str":{"pre":0,"str":"a"}}\n{"axiom":{"name":1,"levelParams":[],"type":7,'
                          '"isUnsafe":false}}\n')
    # References may point forward (the format only asks for integers).
    build_provenance_cases()
    build_missing_information_cases()
    build_binder_cases()
    build_open_term_cases()
    build_round_three_cases()
    write_case("forward_references", [], "accepted",
               raw=meta + '{"in":1,"str":{"pre":0,"str":"a"}}\n{"il":1,"succ":2}\n{"il":2,"succ":0}\n'
                          '{"ie":0,"sort":1}\n{"axiom":{"name":1,"levelParams":[],"type":0,"isUnsafe":false}}\n')


def _unchecked_block(name, ty, nparams, ctors) -> InductiveBlock:
    """A block whose recursor is a placeholder: for cases that must fail before recursors are compared."""
    def count_pis(t):
        n = 0
        while t.kind == E.PI:
            n += 1
            t = t.b
        return n

    ind = InductiveType(N(name), (), ty, nparams, count_pis(ty) - nparams, (N(name),), tuple(N(cn) for cn, _ in ctors))
    cs = tuple(Constructor(N(cn), (), ct, N(name), i, nparams, count_pis(ct) - nparams) for i, (cn, ct) in enumerate(ctors))
    rec = Recursor(N(name) + ("rec",), (), PROP, (N(name),), nparams, 0, 1, len(ctors), (), False)
    return InductiveBlock((ind,), cs, (rec,))




# ----------------------------------------------------------------------------------------------
# Issue 38: what the kernel generates it checks, names trusted only by definition, fuel for all
# work, no crash on any input, structure eta in mutual blocks, string literals as Lean types them.


def _swap_ctor_type(block: InductiveBlock, ctor_type) -> InductiveBlock:
    """`block` with its one constructor's type replaced (the recursor left as generated)."""
    (ctor,) = block.ctors
    return dataclasses.replace(block, ctors=(dataclasses.replace(ctor, type=ctor_type),))


def _annotation_prelude():
    """Unit, Empty, False (generated here), as the decls of a Builder."""
    b = Builder()
    unit, empty, false = c("Unit"), c("Empty"), c("False")
    b.add(inductive(b.env, "Unit", TYPE, 0, [("Unit.unit", unit)]))
    b.add(inductive(b.env, "Empty", TYPE, 0, []))
    b.add(inductive(b.env, "False", PROP, 0, []))
    return b


#: Each annotation: its name, the arguments after the type, and Lean's (identity) definition.
ANNOTATION_KINDS = [("optParam", True), ("autoParam", True), ("outParam", False), ("semiOutParam", False)]


def build_annotation_cases() -> None:
    """Issue 38: field annotations are stripped from the generated recursor only where the annotated
    type is definitionally the wrapped one. Bad: a `prelude`'s own annotation that is `Unit`, with the
    recursor Lean's exporter writes (annotation stripped): `T.rec` would eliminate an `Empty` while
    `T.mk` takes a `Unit`, proving `False`. Good: the library's identity definition, the same recursor."""
    for name, two_args in ANNOTATION_KINDS:
        # bad: `def optParam (α : Type) (d : Unit) : Type := Unit`
        b = _annotation_prelude()
        unit, empty = c("Unit"), c("Empty")
        a_ = var("α", TYPE)
        d_ = var("d", unit)
        fake = defn(name, pi([a_, d_] if two_args else [a_], TYPE), lam([a_, d_] if two_args else [a_], unit))
        b.add(fake)
        annotated = app(c(name), empty, c("Unit.unit")) if two_args else app(c(name), empty)
        tt = c("T")
        honest = inductive(b.env, "T", TYPE, 0, [("T.mk", arrow(empty, tt))])
        block = _swap_ctor_type(honest, arrow(annotated, tt))
        false = c("False")
        xe = var("x", empty)
        proof = app(c("T.rec", T.zero), lam([var("t", tt)], false),
                    lam([xe], app(c("Empty.rec", T.zero), lam([var("e", empty)], false), xe)),
                    app(c("T.mk"), c("Unit.unit")))
        write_case(f"annotation_{name}_not_identity", b.decls + [block, thm("bad", false, proof)], "rejected",
                   "not the recursor's type")
        # good: `def optParam.{u} (α : Sort u) (d : α) : Sort u := α` (an abbreviation, as in Init.Prelude)
        b = Builder().nat().eq()
        u = U("u")
        au = var("α", sort(u))
        du = var("d", au)
        real = Definition(N(name), (("u",),), pi([au, du] if two_args else [au], sort(u)),
                          lam([au, du] if two_args else [au], au), Hints(HintKind.ABBREV), Safety.SAFE, (N(name),))
        b.add(real)
        ann = app(c(name, T.levels.one), NAT, lit(0)) if two_args else app(c(name, T.levels.one), NAT)
        honest = inductive(b.env, "T", TYPE, 0, [("T.mk", arrow(NAT, tt))])
        block = _swap_ctor_type(honest, arrow(ann, tt))
        xn = var("x", NAT)
        five = app(c("T.rec", T.one), lam([var("t", tt)], NAT), lam([xn], xn), app(c("T.mk"), lit(5)))
        write_case(f"annotation_{name}_identity", b.decls + [block, thm("five", eq(NAT, five, lit(5)), refl(NAT, lit(5)))],
                   "accepted")


def build_name_trust_cases() -> None:
    """Issue 38: constants the kernel recognises by name (proofs by reflection `t =?= Bool.true`, Nat
    offsets `Nat.zero`/`Nat.succ`) are matched as the very constant, universe levels included, and a
    literal is related to `Nat.zero`/`Nat.succ` only for the standard `Nat`: an axiom family under
    such a name is not collapsed across levels (bad), the real constants still work (good)."""
    for name, ty in (("Bool.true", PROP), ("Nat.zero", PROP)):
        ax = axiom(name, ty, lps=("u",))
        h = axiom("h", c(name, T.zero))
        write_case(f"name_trust_{name.replace('.', '_')}_levels", [ax, h, thm("t", c(name, T.one), c("h"))], "rejected",
                   "the value has type")
        h1 = axiom("h", c(name, T.one))
        write_case(f"name_trust_{name.replace('.', '_')}_same_levels", [ax, h1, thm("t", c(name, T.one), c("h"))],
                   "accepted")
    pp = axiom("P", PROP)
    succ_ax = axiom("Nat.succ", arrow(PROP, PROP), lps=("u",))
    h = axiom("h", app(c("Nat.succ", T.zero), c("P")))
    write_case("name_trust_Nat_succ_levels", [pp, succ_ax, h, thm("t", app(c("Nat.succ", T.one), c("P")), c("h"))],
               "rejected", "the value has type")
    # the standard Nat and Bool: offsets and reflection (good), and wrong claims (bad)
    prelude = [hand_nat(), hand_eq(), hand_bool()]
    write_case("nat_offset_literal_good", prelude + [
        thm("z", eq(NAT, lit(0), c("Nat.zero")), refl(NAT, lit(0))),
        thm("s", eq(NAT, succ(lit(4)), lit(5)), refl(NAT, lit(5)))], "accepted")
    write_case("nat_offset_literal_wrong", prelude + [thm("s", eq(NAT, succ(lit(4)), lit(6)), refl(NAT, lit(6)))],
               "rejected", "the value has type")
    bool_, tt = c("Bool"), c("Bool.true")
    ble = axiom("Nat.ble", arrow(NAT, arrow(NAT, bool_)))
    write_case("reflection_bool_true_good", prelude + [ble, thm("r", eq(bool_, app(c("Nat.ble"), lit(2), lit(3)), tt),
                                                                refl(bool_, tt))], "accepted", library=("Nat.ble",))
    write_case("reflection_bool_true_wrong", prelude + [ble, thm("r", eq(bool_, app(c("Nat.ble"), lit(3), lit(2)), tt),
                                                                 refl(bool_, tt))], "rejected", "the value has type",
               library=("Nat.ble",))


def build_struct_eta_mutual_cases() -> None:
    """Issue 38: structure eta as Lean's kernel has it: a one-constructor type without indices of a
    block without recursive constructors, mutual or not (a false rejection before)."""
    b = Builder().nat().eq()
    aa, bb = c("A"), c("B")
    block = mutual(b.env, [("A", TYPE, [("A.mk", arrow(NAT, aa))]), ("B", TYPE, [("B.mk", arrow(NAT, bb))])], 0)
    b.add(block)
    av = var("a", aa)
    write_case("struct_eta_mutual_good", b.decls + [
        thm("eta", pi([av], eq(aa, av, app(c("A.mk"), T.mk_proj(N("A"), 0, av)))), lam([av], refl(aa, av)))],
        "accepted")
    write_case("struct_eta_mutual_wrong", b.decls + [
        thm("eta", pi([av], eq(aa, av, app(c("A.mk"), lit(0)))), lam([av], refl(aa, av)))],
        "rejected", "the value has type")
    # a block with a recursive constructor has no structure eta (Lean's `isRec` is the block's)
    b = Builder().nat().eq()
    nn, ff = c("Node"), c("Forest")
    b.add(mutual(b.env, [("Node", TYPE, [("Node.mk", arrow(NAT, arrow(ff, nn)))]),
                         ("Forest", TYPE, [("Forest.nil", ff), ("Forest.cons", arrow(nn, arrow(ff, ff)))])], 0))
    nv = var("n", nn)
    write_case("struct_eta_recursive_block", b.decls + [
        thm("eta", pi([nv], eq(nn, nv, app(c("Node.mk"), T.mk_proj(N("Node"), 0, nv), T.mk_proj(N("Node"), 1, nv)))),
            lam([nv], refl(nn, nv)))], "rejected", "the value has type")


def build_string_literal_cases() -> None:
    """Issue 38: Lean's kernel types a string literal as the constant `String` whatever the
    environment holds: where a `Nat` is expected and `String` is not declared, that is a type error."""
    prelude = [hand_nat()]
    write_case("string_literal_where_nat_expected", prelude + [defn("s", NAT, T.mk_lit("x"))], "rejected",
               "'String' is not declared")
    # with a String data type and what a literal stands for, a literal is a String (not a Nat)
    strings = _string_prelude(TYPE)
    write_case("string_literal_is_a_string_good", strings + [defn("s", c("String"), T.mk_lit("x"))], "accepted")
    write_case("string_literal_is_not_a_nat", strings + [defn("s", NAT, T.mk_lit("x"))], "rejected",
               "the value has type")


#: The probes' prelude: Nat, Eq and Bool written out, the Nat primitives as library axioms.
_PROBE_PRIMS = ("Nat.add", "Nat.mul", "Nat.pow", "Nat.sub", "Nat.div", "Nat.mod", "Nat.gcd", "Nat.shiftLeft", "Nat.beq")


def _probe_prelude() -> list:
    ty2 = arrow(NAT, arrow(NAT, NAT))
    return [hand_nat(), hand_eq(), hand_bool()] + [
        axiom(n, arrow(NAT, arrow(NAT, c("Bool"))) if n == "Nat.beq" else ty2) for n in _PROBE_PRIMS]


def _op(name, a, b):
    return app(c(name), a, b)


def build_fuel_cases() -> None:
    """Issue 38: every step costs fuel. Literal arithmetic is charged by the size of its numbers
    before it is computed and no literal over `nat.MAX_LITERAL_BITS` is computed; a decimal literal
    is read in subquadratic time; exponential unfolding runs out of (default) fuel. The probes are
    run here with a smaller fuel where the default would only take longer (`bench/kernel.py` times
    them with the default); a true claim about a big number that needs no big work is accepted."""
    lib = _PROBE_PRIMS
    pre = _probe_prelude()
    two24 = _op("Nat.pow", lit(2), lit(1 << 24))
    # (2^2^24)^2^24: a number of 2^48 bits, refused before any work
    tower = _op("Nat.pow", two24, lit(1 << 24))
    write_case("probe_pow_tower", pre + [thm("t", eq(NAT, tower, lit(0)), refl(NAT, lit(0)))], "declined",
               "more than the", library=lib)
    # 2^2^24 itself is computed (Lean's largest power by its exponent limit): true claims hold
    write_case("probe_pow_2_2_24_good", pre + [thm("t", eq(c("Bool"), _op("Nat.beq", two24, two24), c("Bool.true")),
                                                   refl(c("Bool"), c("Bool.true")))], "accepted", library=lib)
    # repeated squaring of 3^2^24 (26.6 million bits): charged, out of fuel long before the
    # sixth square (here with a fuel that does not cover the first power either)
    x = _op("Nat.pow", lit(3), lit(1 << 24))
    for _ in range(6):
        x = _op("Nat.mul", x, x)
    write_case("probe_repeated_squaring", pre + [thm("t", eq(NAT, x, lit(0)), refl(NAT, lit(0)))], "declined",
               "ran out of fuel", library=lib, fuel=500_000)
    # gcd and division are quadratic: charged as such
    big = _op("Nat.pow", lit(7), lit(1 << 18))
    # (a false claim: gcd (7^2^18) (7^2^18 + 2) is 1; with the default fuel it is computed and rejected)
    write_case("probe_quadratic_gcd", pre + [thm("t", eq(NAT, _op("Nat.gcd", big, _op("Nat.add", big, lit(2))), lit(2)),
                                                 refl(NAT, lit(2)))], "declined", "ran out of fuel", library=lib,
               fuel=100_000)
    # exponential unfolding: f0 = id, f(k+1) x = fk (fk x): whnf of f40 0 takes 2^40 steps
    b = Builder().nat().eq()
    xv = var("x", NAT)
    b.add(defn("f0", arrow(NAT, NAT), lam([xv], xv), height=1))
    for k in range(1, 41):
        b.add(defn(f"f{k}", arrow(NAT, NAT), lam([xv], app(c(f"f{k - 1}"), app(c(f"f{k - 1}"), xv))), height=k + 1))
    write_case("probe_exponential_delta", b.decls + [thm("t", eq(NAT, app(c("f40"), c("Nat.zero")), c("Nat.zero")),
                                                         refl(NAT, c("Nat.zero")))], "declined", "ran out of fuel",
               fuel=20_000)
    write_case("probe_exponential_delta_small_good", b.decls + [
        thm("t", eq(NAT, app(c("f8"), c("Nat.zero")), c("Nat.zero")), refl(NAT, c("Nat.zero")))], "accepted")
    # a 2,000,000-digit literal: read in subquadratic time, a claim about it needing only linear work holds
    digits = "1" + "0" * 1_999_999
    placeholder = 987654321987654321
    for name, goal, outcome in (
            ("probe_literal_2m_digits_good", lambda L: eq(NAT, succ(L), _op("Nat.add", L, lit(1))), "accepted"),
            ("probe_literal_2m_digits_wrong", lambda L: eq(NAT, succ(L), L), "rejected")):
        L = lit(placeholder)
        lines = dump_lines(pre + [thm("t", goal(L), refl(NAT, succ(L)))])
        text = "\n".join(lines).replace(f'"natVal": "{placeholder}"', f'"natVal": "{digits}"') + "\n"
        assert digits in text
        write_case(name, [], outcome, "" if outcome == "accepted" else "the value has type", raw=text, library=lib)
    # a universe comparison that would split into 2^40 cases: declined, not run
    ps = [f"p{i}" for i in range(40)]
    big_l = T.zero
    for p in ps:
        big_l = T.levels.mk_imax(T.levels.mk_succ(big_l), U(p))
    both = T.levels.mk_max(big_l, big_l)
    write_case("probe_level_explosion", [defn("B", sort(T.levels.mk_succ(both)), sort(big_l), lps=tuple(ps))],
               "declined", "universe level comparison")


def build_input_cases() -> None:
    """Issue 38: no input crashes the checker: values no Lean export holds are refused (rejected)
    with the line; names with unprintable characters are printed escaped."""
    b = Builder().nat()
    base = "\n".join(dump_lines(b.decls + [defn("seven", NAT, lit(7))])) + "\n"
    assert '"natVal": "7"' in base and '"str": "seven"' in base
    write_case("input_natval_fractional", [], "rejected", "not a natural number",
               raw=base.replace('"natVal": "7"', '"natVal": 3.7'))
    write_case("input_natval_negative_number", [], "rejected", "negative",
               raw=base.replace('"natVal": "7"', '"natVal": -7'))
    write_case("input_natval_not_decimal", [], "rejected", "not a natural number in decimal",
               raw=base.replace('"natVal": "7"', '"natVal": "0x7"'))
    write_case("input_natval_unicode_digits", [], "rejected", "not a natural number in decimal",
               raw=base.replace('"natVal": "7"', '"natVal": "\\u0667"'))
    write_case("input_name_lone_surrogate", [], "rejected", "lone UTF-16 surrogate",
               raw=base.replace('"str": "seven"', '"str": "\\ud800"'))
    write_case("input_natval_as_json_number_good", [], "accepted", raw=base.replace('"natVal": "7"', '"natVal": 7'))
    string_base = "\n".join(dump_lines([defn("s", c("String"), T.mk_lit("ab"))])) + "\n"
    write_case("input_strval_lone_surrogate", [], "rejected", "lone UTF-16 surrogate",
               raw=string_base.replace('"strVal": "ab"', '"strVal": "a\\udc00"'))
    write_case("input_count_fractional", [], "rejected", "not a natural number",
               raw=base.replace('"numParams": 0', '"numParams": 0.5', 1))
    write_case("input_flag_not_boolean", [], "rejected", "not a boolean",
               raw=base.replace('"isRec": true', '"isRec": "false"', 1))
    # a declaration named with control and bidirectional characters: checked, its name shown escaped
    bb = Builder().nat().eq()
    write_case("input_name_unprintable_rejected", bb.decls + [
        Theorem(("x\u202eevil\n\u0007",), (), eq(NAT, lit(1), lit(2)), refl(NAT, lit(1)), (("x\u202eevil\n\u0007",),))],
        "rejected", "«x\\u{202e}evil\\u{a}\\u{7}»")


def build_round_three_cases() -> None:
    build_annotation_cases()
    build_name_trust_cases()
    build_struct_eta_mutual_cases()
    build_string_literal_cases()
    build_fuel_cases()
    build_input_cases()


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    build()
    print(f"wrote {len(list(CASES.iterdir()))} cases to {CASES}")
