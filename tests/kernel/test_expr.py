"""Expressions: interning, loose bound variable ranges, instantiate / abstract / lift / lower."""

from claimcheck.kernel.expr import LIT, Terms, has_loose_bvar

T = Terms()
NAT = T.mk_const(("Nat",))


def test_hash_consing_ignores_binder_names():
    a = T.mk_lam(("x",), NAT, T.mk_bvar(0))
    b = T.mk_lam(("y",), NAT, T.mk_bvar(0))
    assert a is b
    assert T.mk_app(a, NAT) is T.mk_app(b, NAT)


def test_loose_bvar_range():
    assert T.mk_bvar(3).lbr == 4
    assert T.mk_lam(("x",), NAT, T.mk_bvar(0)).lbr == 0
    assert T.mk_lam(("x",), NAT, T.mk_bvar(2)).lbr == 2
    assert T.mk_app(T.mk_bvar(1), T.mk_bvar(4)).lbr == 5
    assert T.mk_let(("x",), NAT, T.mk_bvar(0), T.mk_bvar(1)).lbr == 1


def test_instantiate():
    body = T.mk_app(T.mk_bvar(0), T.mk_bvar(1))
    assert T.instantiate(body, [NAT]) is T.mk_app(NAT, T.mk_bvar(0))
    lam = T.mk_lam(("y",), NAT, T.mk_app(T.mk_bvar(1), T.mk_bvar(0)))
    # under a binder the substituted term's loose variables are lifted
    assert T.instantiate(lam, [T.mk_bvar(5)]) is T.mk_lam(("y",), NAT, T.mk_app(T.mk_bvar(6), T.mk_bvar(0)))
    assert T.instantiate_rev(T.mk_app(T.mk_bvar(0), T.mk_bvar(1)), [T.mk_lit(1), T.mk_lit(2)]) is T.mk_app(
        T.mk_lit(2), T.mk_lit(1))


def test_abstract_inverts_instantiate():
    x = T.mk_fvar(NAT, None, ("x",))
    y = T.mk_fvar(NAT, None, ("y",))
    t = T.mk_app(T.mk_app(x, y), T.mk_lam(("z",), NAT, x))
    a = T.abstract(t, [x, y])
    assert a.lbr == 2 and not a.has_fvar
    assert T.instantiate_rev(a, [x, y]) is t


def test_lift_and_lower():
    t = T.mk_app(T.mk_bvar(0), T.mk_lam(("z",), NAT, T.mk_bvar(1)))
    assert T.lift_loose(t, 2) is T.mk_app(T.mk_bvar(2), T.mk_lam(("z",), NAT, T.mk_bvar(3)))
    assert T.lower_loose(T.lift_loose(t, 2), 2, 2) is t
    assert has_loose_bvar(t, 0) and not has_loose_bvar(t, 1)


def test_instantiate_level_params():
    u = T.levels.mk_param(("u",))
    t = T.mk_app(T.mk_const(("List",), [u]), T.mk_sort(u))
    one = T.one
    assert T.instantiate_lparams(t, [("u",)], [one]) is T.mk_app(T.mk_const(("List",), [one]), T.mk_sort(one))
    assert t.has_lparam and not T.instantiate_lparams(t, [("u",)], [one]).has_lparam


def test_sweep_keeps_live_terms_interned():
    terms = Terms(sweep_min=0)  # sweep at every construction
    keep = terms.mk_app(terms.mk_const(("f",)), terms.mk_lit(12345))
    for i in range(200):  # garbage
        terms.mk_app(terms.mk_const(("g",)), terms.mk_lit(10**6 + i))
    terms.sweep()
    assert terms.mk_app(terms.mk_const(("f",)), terms.mk_lit(12345)) is keep
    assert (id(keep.a), id(keep.b)) in terms.table
    assert not any(k[0] == LIT and k[2] == 10**6 + 5 for k in terms.table)


def test_two_tables_share_nothing():
    """Terms belong to the table of their run: the same term built in two tables is two objects,
    each knows its table, and building in one leaves the other untouched."""
    a, b = Terms(), Terms()
    ta = a.mk_app(a.mk_const(("f",)), a.mk_lit(1))
    size_b = len(b)
    tb = b.mk_app(b.mk_const(("f",)), b.mk_lit(1))
    assert ta is not tb and ta.hash == tb.hash
    assert ta.terms is a and tb.terms is b and a.owns(ta) and not a.owns(tb)
    assert len(b) == size_b + 3
    assert a.levels is not b.levels and a.zero is not b.zero


def test_memory_budget_is_deterministic():
    import pytest

    from claimcheck.kernel.result import OutOfFuel

    terms = Terms()
    with pytest.raises(OutOfFuel, match="memory"):
        with terms.budget(50):
            for i in range(100):
                terms.mk_lit(i)
    with terms.budget(50):  # what exists already costs nothing
        for i in range(100):
            terms.mk_lit(i)
    with pytest.raises(OutOfFuel):  # a literal counts by its size
        with terms.budget(1000):
            terms.mk_lit(1 << 2_000_000)
