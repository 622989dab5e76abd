"""The one walker over the reader's terms (issue 34): every analysis, digest and encoder goes through
``claimcheck.olean.terms``; these are its rules, each on a hand-built term."""

from __future__ import annotations

import sys

from claimcheck.model.names import Name
from claimcheck.olean.terms import (
    App, BVar, Const, ForallE, FVar, Lam, LetE, Level, Lit, MData, Proj, Sort, abstract, children, constants_of,
    fold, instantiate, instantiate_levels, loose_bvar_range, mk_app, replace, subterms, walk, whole_applications,
)

N = Name.parse
NAT = Const(N("Nat"), ())
U = Level("param", (), N("u"))


def c(name: str) -> Const:
    return Const(N(name), ())


def test_children_say_which_are_under_a_binder() -> None:
    lam = Lam(N("x"), NAT, BVar(0), 0)
    let = LetE(N("y"), NAT, Lit(1), BVar(0))
    assert [(k, u) for k, u in children(lam)] == [(NAT, False), (lam.body, True)]
    assert [u for _k, u in children(let)] == [False, False, True]
    assert children(Proj(N("P"), 0, NAT)) == ((NAT, False),) and children(Lit(3)) == ()


def test_a_shared_subterm_is_visited_once() -> None:
    shared = mk_app(c("f"), Lit(1))
    term = App(App(c("g"), shared), shared)
    seen = [x for x in subterms(term) if x is shared]
    assert len(seen) == 1
    assert constants_of(term) == {N("f"), N("g")}


def test_walk_carries_its_context_into_binders_and_may_look_elsewhere() -> None:
    # ∀ x, let y := x; f y : the context counts binders, a `let` counts as one
    term = ForallE(N("x"), NAT, LetE(N("y"), NAT, BVar(0), App(c("f"), BVar(0))), 0)
    depths = {}
    walk(term, lambda x, d: depths.setdefault(x.index, []).append(d) if isinstance(x, BVar) else None,  # type: ignore[func-returns-value]
         0, lambda d, _b: d + 1)
    assert depths == {0: [1, 2]}
    # an application taken whole: the partial application `f a` is not looked at
    full = mk_app(c("f"), c("a"), c("b"))
    assert [x for x in subterms(full, whole_applications) if isinstance(x, App)] == [full]
    # a visit that returns False does not look inside
    assert [x for x in subterms(full)][:1] == [full]
    looked = []
    walk(full, lambda x, _c: looked.append(x) or False, None)  # type: ignore[func-returns-value]
    assert looked == [full]


def test_fold_and_loose_ranges() -> None:
    term = Lam(N("x"), NAT, App(BVar(0), BVar(2)), 0)
    memo: dict[int, int] = {}
    assert loose_bvar_range(term, memo) == 2  # BVar 2 under one binder is the outer BVar 1
    assert memo[id(term.body)] == 3 and loose_bvar_range(c("k")) == 0
    assert fold(mk_app(c("f"), Lit(1), Lit(2)), lambda e, kids: 1 + sum(kids)) == 5


def test_instantiate_abstract_and_levels() -> None:
    body = App(BVar(0), BVar(1))  # under one binder: the bound one and an outer one
    got = instantiate(body, c("v"))
    assert isinstance(got, App) and got.fn is not None and isinstance(got.arg, BVar) and got.arg.index == 0
    assert got.fn.name == N("v")  # type: ignore[attr-defined]
    fx, fy = FVar(N("x")), FVar(N("y"))
    closed = abstract(App(fx, Lam(N("z"), fy, App(fy, BVar(1)), 0)), [fx, fy])
    # outermost first: x is BVar 1 outside the lambda, y is BVar 0 outside (1 inside), and the loose
    # BVar 1 inside the lambda (an outer binder) is lifted past the two new ones
    assert closed.fn.index == 1  # type: ignore[attr-defined]
    lam = closed.arg  # type: ignore[attr-defined]
    assert lam.binder_type.index == 0 and lam.body.fn.index == 1 and lam.body.arg.index == 3
    sort = instantiate_levels(ForallE(N("a"), Sort(U), Const(N("List"), (U,)), 0), {N("u"): Level("zero")})
    assert sort.binder_type.level.kind == "zero" and sort.body.levels[0].kind == "zero"  # type: ignore[attr-defined]


def test_one_metadata_policy_substitutions_drop_it() -> None:
    term = MData(App(MData(BVar(0)), Lit(1)))
    got = instantiate(term, c("v"))
    assert not any(isinstance(x, MData) for x in subterms(got))
    unchanged = App(c("f"), Lit(1))
    assert replace(unchanged, lambda _e, _d: None) is unchanged  # nothing replaced: the very term


def test_deep_terms_do_not_exhaust_the_stack() -> None:
    deep = Lit(0)
    for _ in range(sys.getrecursionlimit() * 3):
        deep = App(c("succ"), deep)
    assert constants_of(deep) == {N("succ")}
    assert loose_bvar_range(deep) == 0
    lam = Lam(N("x"), NAT, deep, 0)
    assert instantiate(lam.body, c("v")) is deep  # closed: nothing to substitute, nothing rebuilt
