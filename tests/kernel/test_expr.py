"""Expressions: interning, loose bound variable ranges, instantiate / abstract / lift / lower."""

from claimcheck.kernel import expr as E
from claimcheck.kernel.level import ONE, mk_param

NAT = E.mk_const(("Nat",))


def test_hash_consing_ignores_binder_names():
    a = E.mk_lam(("x",), NAT, E.mk_bvar(0))
    b = E.mk_lam(("y",), NAT, E.mk_bvar(0))
    assert a is b
    assert E.mk_app(a, NAT) is E.mk_app(b, NAT)


def test_loose_bvar_range():
    assert E.mk_bvar(3).lbr == 4
    assert E.mk_lam(("x",), NAT, E.mk_bvar(0)).lbr == 0
    assert E.mk_lam(("x",), NAT, E.mk_bvar(2)).lbr == 2
    assert E.mk_app(E.mk_bvar(1), E.mk_bvar(4)).lbr == 5
    assert E.mk_let(("x",), NAT, E.mk_bvar(0), E.mk_bvar(1)).lbr == 1


def test_instantiate():
    body = E.mk_app(E.mk_bvar(0), E.mk_bvar(1))
    assert E.instantiate(body, [NAT]) is E.mk_app(NAT, E.mk_bvar(0))
    lam = E.mk_lam(("y",), NAT, E.mk_app(E.mk_bvar(1), E.mk_bvar(0)))
    # under a binder the substituted term's loose variables are lifted
    assert E.instantiate(lam, [E.mk_bvar(5)]) is E.mk_lam(("y",), NAT, E.mk_app(E.mk_bvar(6), E.mk_bvar(0)))
    assert E.instantiate_rev(E.mk_app(E.mk_bvar(0), E.mk_bvar(1)), [E.mk_lit(1), E.mk_lit(2)]) is E.mk_app(
        E.mk_lit(2), E.mk_lit(1))


def test_abstract_inverts_instantiate():
    x = E.mk_fvar(NAT, None, ("x",))
    y = E.mk_fvar(NAT, None, ("y",))
    t = E.mk_app(E.mk_app(x, y), E.mk_lam(("z",), NAT, x))
    a = E.abstract(t, [x, y])
    assert a.lbr == 2 and not a.has_fvar
    assert E.instantiate_rev(a, [x, y]) is t


def test_lift_and_lower():
    t = E.mk_app(E.mk_bvar(0), E.mk_lam(("z",), NAT, E.mk_bvar(1)))
    assert E.lift_loose(t, 2) is E.mk_app(E.mk_bvar(2), E.mk_lam(("z",), NAT, E.mk_bvar(3)))
    assert E.lower_loose(E.lift_loose(t, 2), 2, 2) is t
    assert E.has_loose_bvar(t, 0) and not E.has_loose_bvar(t, 1)


def test_instantiate_level_params():
    u = mk_param(("u",))
    t = E.mk_app(E.mk_const(("List",), [u]), E.mk_sort(u))
    assert E.instantiate_lparams(t, [("u",)], [ONE]) is E.mk_app(E.mk_const(("List",), [ONE]), E.mk_sort(ONE))
    assert t.has_lparam and not E.instantiate_lparams(t, [("u",)], [ONE]).has_lparam


def test_sweep_keeps_live_terms_interned():
    old = E._SWEEP_AT[0], E._SWEEP_MIN[0]
    try:
        E._SWEEP_AT[0] = E._SWEEP_MIN[0] = 0  # sweep at every construction
        keep = E.mk_app(E.mk_const(("f",)), E.mk_lit(12345))
        for i in range(200):  # garbage
            E.mk_app(E.mk_const(("g",)), E.mk_lit(10**6 + i))
        E._sweep()
        assert E.mk_app(E.mk_const(("f",)), E.mk_lit(12345)) is keep
        assert (id(keep.a), id(keep.b)) in E._TABLE
        assert not any(k[0] == E.LIT and k[2] == 10**6 + 5 for k in E._TABLE)
    finally:
        E._SWEEP_AT[0], E._SWEEP_MIN[0] = old
