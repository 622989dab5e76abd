"""Builds the kernel's own test cases under `tests/kernel/cases/<case>/` (input.ndjson, expected.yaml).

Run `PYTHONPATH=python python tests/kernel/build_cases.py` after changing a case; the outputs are
committed. Terms are written with free variables and abstracted (`pi`, `lam`), declarations with
the model of `claimcheck.kernel.declarations`. Inductive blocks get their derived data (field
counts, recursors) from the kernel's own generator, then a bad case mutates one piece of it.
"""

from __future__ import annotations

import dataclasses
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
    Quot,
    QuotKind,
    Recursor,
    RecursorRule,
    Safety,
    Theorem,
)
from claimcheck.kernel.environment import Environment  # noqa: E402
from claimcheck.kernel.inductive import InductiveChecker, lams, pis  # noqa: E402
from claimcheck.kernel.ndjson import dump_lines  # noqa: E402
from claimcheck.kernel.quot import expected_type  # noqa: E402
from claimcheck.kernel.result import Outcome  # noqa: E402

CASES = HERE / "cases"


def N(s: str) -> tuple:
    return tuple(s.split("."))


def U(p: str) -> L.Level:
    return L.mk_param((p,))


def c(name: str, *us) -> E.Expr:
    return E.mk_const(N(name), us)


def app(f: E.Expr, *args) -> E.Expr:
    return E.mk_apps(f, args)


def var(name: str, ty: E.Expr) -> E.Expr:
    return E.mk_fvar(ty, None, (name,))


def pi(xs, body):
    return pis(list(xs), body)


def lam(xs, body):
    return lams(list(xs), body)


PROP = E.mk_sort(L.ZERO)
TYPE = E.mk_sort(L.ONE)


def sort(l):
    return E.mk_sort(l)


def arrow(a, b):
    return E.mk_arrow(a, b)


NAT = c("Nat")


def succ(x):
    return app(c("Nat.succ"), x)


def lit(n):
    return E.mk_lit(n)


def eq(ty, a, b, u=L.ONE):
    return app(c("Eq", u), ty, a, b)


def refl(ty, a, u=L.ONE):
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
                elim, rec_lps = L.mk_param(un), (un,) + lps
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
        elim, rec_lps = (None, ()) if zero_only else (L.mk_param(("u",)), (("u",),))
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
        elim, rec_lps = (None, ()) if zero_only else (L.mk_param(("u",)), (("u",),))
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
        self.env = Environment()
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
        real = lam([n, m], app(c("Nat.rec", L.ONE), motive, n, lam([k, ih], succ(ih)), m))
        self.add(defn("Nat.add", arrow(NAT, arrow(NAT, NAT)), value if value is not None else real))
        return self


def write_case(name: str, decls: list, outcome: str, reason: str = "", raw: str | None = None,
               library: tuple = ()) -> None:
    """`library`: names the front end vouches for as the core library's own (`Environment.library`);
    an NDJSON file by itself vouches for nothing."""
    d = CASES / name
    d.mkdir(parents=True, exist_ok=True)
    text = raw if raw is not None else "\n".join(dump_lines(decls)) + "\n"
    (d / "input.ndjson").write_text(text, encoding="utf-8")
    y = f"outcome: {outcome}\n"
    if reason:
        y += f"reason: {reason!r}\n".replace("reason: '", "reason: '")
    if library:
        y += "library: [" + ", ".join(library) + "]\n"
    (d / "expected.yaml").write_text(y, encoding="utf-8")


def nat_num(n: int) -> E.Expr:
    x = c("Nat.zero")
    for _ in range(n):
        x = succ(x)
    return x


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
    write_case("level_params_good", [axiom("ax", sort(L.mk_max(U("u"), U("v"))), lps=("u", "v"))], "accepted")
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
        c("Nat.rec", L.ONE), lam([var("_", NAT)], NAT), lit(0), lam([kk, ih2], add(ih2, nn2)), mm))))
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
    la = var("α", sort(L.mk_succ(lu)))
    list_block = inductive(b.env, "List", pi([la], sort(L.mk_succ(lu))), 1, [
        ("List.nil", pi([la], app(c("List", lu), la))),
        ("List.cons", pi([la], arrow(la, arrow(app(c("List", lu), la), app(c("List", lu), la)))))],
        lps=("u",))
    b.add(list_block)
    rose = c("Rose")
    nested = _unchecked_block("Rose", TYPE, 0, [("Rose.mk", arrow(app(c("List", L.ZERO), rose), rose))])
    write_case("nested_inductive_declined", b.decls + [nested], "declined", "nested")
    rose_block = nested_block(b.env, "Rose", TYPE, [("Rose.mk", arrow(app(c("List", L.ZERO), rose), rose))])
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
    lr = app(c("List", L.ZERO), rose)
    t_, ts_, ih_, ihs_ = var("t", rose), var("ts", lr), var("ih", NAT), var("ihs", NAT)
    lst = var("l", lr)
    rv0 = var("r", rose)
    size = lam([rv0], app(c("Rose.rec", L.ONE), lam([var("_", rose)], NAT), lam([var("_", lr)], NAT),
                      lam([lst, ihs_], succ(ihs_)), lit(0),
                      lam([t_, ts_, ih_, ihs_], app(c("Nat.add"), ih_, ihs_)), rv0))
    b2.add(defn("Rose.size", arrow(rose, NAT), size))
    nil = app(c("List.nil", L.ZERO), rose)
    leaf = app(c("Rose.mk"), nil)
    two = app(c("List.cons", L.ZERO), rose, leaf, app(c("List.cons", L.ZERO), rose, leaf, nil))
    write_case("nested_recursor_reduces", b2.decls + [
        thm("size3", eq(NAT, app(c("Rose.size"), app(c("Rose.mk"), two)), lit(3)), refl(NAT, lit(3)))], "accepted")
    write_case("nested_recursor_reduces_wrong", b2.decls + [
        thm("size4", eq(NAT, app(c("Rose.size"), app(c("Rose.mk"), two)), lit(4)), refl(NAT, lit(4)))],
        "rejected", "the value has type")
    rv = var("r", rose)
    write_case("uses_declined_declaration", b.decls + [nested, defn("f", arrow(rose, NAT), lam([rv], c("Nat.zero")))],
               "declined", "which was declined")

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

    # --- String literals: "ab" unfolds to String.ofList [Char.ofNat 97, Char.ofNat 98] -------
    b = Builder().nat().eq()
    b.add(list_block)
    char, string = c("Char"), c("String")
    b.add(inductive(b.env, "Char", TYPE, 0, [("Char.mk", arrow(NAT, char))]))
    nv = var("n", NAT)
    b.add(defn("Char.ofNat", arrow(NAT, char), lam([nv], app(c("Char.mk"), nv))))
    lchar = app(c("List", L.ZERO), char)
    b.add(inductive(b.env, "String", TYPE, 0, [("String.mk", arrow(lchar, string))]))
    lv = var("l", lchar)
    b.add(defn("String.ofList", arrow(lchar, string), lam([lv], app(c("String.mk"), lv))))

    def chars(text):
        r = app(c("List.nil", L.ZERO), char)
        for ch in reversed(text):
            r = app(c("List.cons", L.ZERO), char, app(c("Char.ofNat"), lit(ord(ch))), r)
        return r

    write_case("string_literal_unfolds", b.decls + [
        thm("ab", eq(string, E.mk_lit("ab"), app(c("String.ofList"), chars("ab"))), refl(string, E.mk_lit("ab")))],
        "accepted")
    write_case("string_literal_projection", b.decls + [
        thm("ab1", eq(lchar, E.mk_proj(N("String"), 0, E.mk_lit("ab")), chars("ab")), refl(lchar, chars("ab")))],
        "accepted")
    write_case("string_literal_wrong", b.decls + [
        thm("ab", eq(string, E.mk_lit("ab"), app(c("String.ofList"), chars("ba"))), refl(string, E.mk_lit("ab")))],
        "rejected", "the value has type")

    # --- structures, projections, eta, proof irrelevance, unit-like ---------------------------
    b = Builder().nat().eq()
    pair = c("Pair")
    b.add(inductive(b.env, "Pair", TYPE, 0, [("Pair.mk", arrow(NAT, arrow(NAT, pair)))]))
    pv = var("p", pair)
    write_case("struct_eta_good", b.decls + [
        thm("eta", pi([pv], eq(pair, pv, app(c("Pair.mk"), E.mk_proj(N("Pair"), 0, pv), E.mk_proj(N("Pair"), 1, pv)))),
            lam([pv], refl(pair, pv)))], "accepted")
    write_case("projection_reduces", b.decls + [
        thm("pr", eq(NAT, E.mk_proj(N("Pair"), 1, app(c("Pair.mk"), lit(1), lit(2))), lit(2)), refl(NAT, lit(2)))],
        "accepted")
    write_case("projection_out_of_range", b.decls + [defn("x", pi([pv], NAT), lam([pv], E.mk_proj(N("Pair"), 2, pv)))],
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
        thm("pi", pi([pp, h1, h2], eq(pp, h1, h2, L.ZERO)), lam([pp, h1, h2], refl(pp, h1, L.ZERO)))], "accepted")
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
            out.append(Quot(N(name), lps, expected_type(kind, lps), kind))
        return out

    b = Builder().nat().eq()
    qs = quot_decls()
    write_case("quot_good", b.decls + qs, "accepted")
    write_case("quot_before_eq", Builder().nat().decls + qs, "rejected", "needs 'Eq'")
    wrong_mk = dataclasses.replace(qs[1], type=expected_type(QuotKind.TYPE, (("u",),)))
    write_case("quot_wrong_type", b.decls + [qs[0], wrong_mk], "rejected", "does not have the type")
    for q in qs:
        b.add(q)
    r = var("r", arrow(NAT, arrow(NAT, PROP)))
    a = var("a", NAT)
    fq = var("f", arrow(NAT, NAT))
    av, bv = var("a", NAT), var("b", NAT)
    hty = pi([av, bv], arrow(app(r, av, bv), eq(NAT, app(fq, av), app(fq, bv))))
    h = var("h", hty)
    lift = app(c("Quot.lift", L.ONE, L.ONE), NAT, r, NAT, fq, h, app(c("Quot.mk", L.ONE), NAT, r, a))
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


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    build()
    print(f"wrote {len(list(CASES.iterdir()))} cases to {CASES}")
