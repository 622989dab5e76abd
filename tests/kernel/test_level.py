"""Universe levels: normalisation, `<=` with parameters, imax."""

from claimcheck.kernel.level import (
    ONE,
    ZERO,
    geq,
    imax_simp,
    instantiate_level,
    is_never_zero,
    leq,
    level_eq,
    mk_imax,
    mk_max,
    mk_param,
    mk_succ,
    normalize,
)

u, v, w = mk_param(("u",)), mk_param(("v",)), mk_param(("w",))


def test_interned():
    assert mk_max(u, v) is mk_max(u, v)
    assert mk_succ(u) is not mk_succ(v)


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
    assert imax_simp(u, ZERO) is ZERO


def test_never_zero():
    assert is_never_zero(mk_succ(u))
    assert is_never_zero(mk_max(u, ONE))
    assert not is_never_zero(u)
    assert not is_never_zero(mk_imax(ONE, u))


def test_normalize_and_instantiate():
    assert normalize(mk_max(v, mk_max(u, u))) is normalize(mk_max(u, v))
    assert instantiate_level(mk_max(u, mk_succ(v)), {("u",): ONE, ("v",): ZERO}) is mk_max(ONE, ONE)
