"""Universe levels: normalisation, `<=` with parameters, imax."""

import pytest

from claimcheck.kernel.level import MAX_LEVEL_CASES, Levels, LevelTooComplex

L = Levels()
ZERO, ONE = L.zero, L.one
mk_succ, mk_max, mk_imax, mk_param = L.mk_succ, L.mk_max, L.mk_imax, L.mk_param
leq, geq, level_eq = L.leq, L.geq, L.eq
u, v, w = mk_param(("u",)), mk_param(("v",)), mk_param(("w",))


def test_interned():
    assert mk_max(u, v) is mk_max(u, v)
    assert mk_succ(u) is not mk_succ(v)
    assert Levels().mk_max(Levels().zero, Levels().zero) is not mk_max(ZERO, ZERO)  # one table a run


def test_max_is_commutative_associative_and_absorbs():
    assert level_eq(mk_max(u, v), mk_max(v, u))
    assert level_eq(mk_max(u, mk_max(v, w)), mk_max(mk_max(u, v), w))
    assert level_eq(mk_max(u, mk_succ(u)), mk_succ(u))
    assert level_eq(mk_max(ZERO, u), u)
    assert not level_eq(mk_max(u, v), u)


def test_leq_with_params():
    assert leq(u, mk_succ(u))
    assert not leq(mk_succ(u), u)
    assert leq(u, mk_max(u, v))
    assert not leq(mk_max(u, v), u)
    assert leq(ONE, mk_max(ONE, u))
    assert not leq(ONE, u)
    assert leq(ZERO, u)
    assert geq(mk_succ(mk_max(u, v)), mk_succ(v))


def test_imax():
    assert level_eq(mk_imax(u, ZERO), ZERO)
    assert level_eq(mk_imax(u, ONE), mk_max(u, ONE))
    assert level_eq(mk_imax(u, mk_succ(v)), mk_max(u, mk_succ(v)))
    # imax u v is 0 when v = 0 and max u v otherwise: it is <= max u v but not >= u
    assert leq(mk_imax(u, v), mk_max(u, v))
    assert not leq(u, mk_imax(u, v))
    assert leq(v, mk_imax(u, v))
    assert level_eq(mk_imax(u, mk_imax(v, ZERO)), ZERO)
    assert L.imax_simp(u, ZERO) is ZERO


def test_never_zero():
    assert L.is_never_zero(mk_succ(u))
    assert L.is_never_zero(mk_max(u, ONE))
    assert not L.is_never_zero(u)
    assert not L.is_never_zero(mk_imax(ONE, u))


def test_normalize_and_instantiate():
    assert L.normalize(mk_max(v, mk_max(u, u))) is L.normalize(mk_max(u, v))
    assert L.instantiate(mk_max(u, mk_succ(v)), {("u",): ONE, ("v",): ZERO}) is mk_max(ONE, ONE)


def test_a_comparison_that_splits_too_much_is_refused_not_run():
    """Deciding `<=` splits on the parameters under `imax`; past `MAX_LEVEL_CASES` cases it stops
    (the checker declines) instead of taking time exponential in the number of parameters."""
    ps = [mk_param((f"p{i}",)) for i in range(40)]
    big = ZERO
    for p in ps:
        big = mk_imax(mk_succ(big), p)
    with pytest.raises(LevelTooComplex):
        leq(mk_max(big, u), mk_max(u, big))
    assert MAX_LEVEL_CASES < 1 << 40
