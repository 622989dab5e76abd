"""Universe levels: hash-consed terms, instantiation, and a complete decision of `<=`.

A level is `zero`, `succ l`, `max l1 l2`, `imax l1 l2` or a parameter. Levels are interned, so
structurally equal levels are the same object and `is` is equality.

`leq(a, b)` decides `a <= b` for every assignment of the parameters. `imax a b` is resolved by
splitting on the parameters of `b` (either zero, or positive); once no `imax` is left, a level is
`max(c, p1 + k1, ..., pn + kn)` and comparison is exact (see `_geq_flat`).
"""

from __future__ import annotations

import functools
from typing import Iterable

Name = tuple  # a hierarchical name: a tuple of str / int components


class Level:
    """An interned universe level. Do not construct directly: use the `mk_*` functions."""

    __slots__ = ("kind", "a", "b", "hash", "has_param", "__weakref__")

    def __init__(self, kind: str, a: object, b: object, h: int, has_param: bool) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.hash = h
        self.has_param = has_param

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:
        return level_to_str(self)


# The intern table is a cache only: two levels built the same way are the same object.
_TABLE: dict[tuple, Level] = {}


def _intern(kind: str, a: object, b: object, has_param: bool) -> Level:
    key = (kind, id(a) if isinstance(a, Level) else a, id(b) if isinstance(b, Level) else b)
    lv = _TABLE.get(key)
    if lv is None:
        lv = Level(kind, a, b, hash(("L", kind, hash(a), hash(b))), has_param)
        _TABLE[key] = lv
    return lv


ZERO = _intern("zero", None, None, False)


def mk_succ(l: Level) -> Level:
    return _intern("succ", l, None, l.has_param)


def mk_max(a: Level, b: Level) -> Level:
    return _intern("max", a, b, a.has_param or b.has_param)


def mk_imax(a: Level, b: Level) -> Level:
    return _intern("imax", a, b, a.has_param or b.has_param)


def mk_param(name: Name) -> Level:
    return _intern("param", name, None, True)


ONE = mk_succ(ZERO)


def imax_simp(a: Level, b: Level) -> Level:
    """`imax a b`, simplified as Lean's `mk_imax` does when `b` is known zero / positive."""
    if b is ZERO:
        return ZERO
    if b.kind == "succ" or a is ZERO:
        return b if a is ZERO else mk_max(a, b)
    if a is b:
        return a
    return mk_imax(a, b)


def level_to_str(l: Level) -> str:
    if l.kind == "zero":
        return "0"
    if l.kind == "succ":
        k = 0
        while l.kind == "succ":
            k += 1
            l = l.a
        return str(k) if l is ZERO else f"{level_to_str(l)}+{k}"
    if l.kind == "param":
        return ".".join(str(c) for c in l.a)
    return f"({l.kind} {level_to_str(l.a)} {level_to_str(l.b)})"


def instantiate_level(l: Level, subst: dict) -> Level:
    """Replace parameters by levels (`subst` maps parameter names to levels)."""
    if not l.has_param:
        return l
    k = l.kind
    if k == "param":
        return subst.get(l.a, l)
    if k == "succ":
        return mk_succ(instantiate_level(l.a, subst))
    a = instantiate_level(l.a, subst)
    b = instantiate_level(l.b, subst)
    return mk_max(a, b) if k == "max" else mk_imax(a, b)


def params_of(l: Level, out: set | None = None) -> set:
    out = set() if out is None else out
    stack = [l]
    while stack:
        x = stack.pop()
        if not x.has_param:
            continue
        if x.kind == "param":
            out.add(x.a)
        elif x.kind == "succ":
            stack.append(x.a)
        else:
            stack.append(x.a)
            stack.append(x.b)
    return out


def _zero_state(l: Level, pos: frozenset) -> bool | None:
    """True if `l` is 0, False if `l` > 0, None if it depends on the parameters (given `pos` > 0)."""
    k = l.kind
    if k == "zero":
        return True
    if k == "succ":
        return False
    if k == "param":
        return False if l.a in pos else None
    if k == "max":
        za = _zero_state(l.a, pos)
        zb = _zero_state(l.b, pos)
        if za is False or zb is False:
            return False
        if za is True and zb is True:
            return True
        return None
    return _zero_state(l.b, pos)  # imax


def _undecided_imax_param(l: Level, pos: frozenset) -> Name | None:
    stack = [l]
    while stack:
        x = stack.pop()
        if not x.has_param:
            continue
        if x.kind == "imax" and _zero_state(x.b, pos) is None:
            for p in sorted(params_of(x.b), key=repr):
                if p not in pos:
                    return p
        if x.kind == "succ":
            stack.append(x.a)
        elif x.kind in ("max", "imax"):
            stack.append(x.a)
            stack.append(x.b)
    return None


def _flat(l: Level, pos: frozenset) -> tuple[int, dict]:
    """`l` as max(c, p + k ...): returns (c, {p: k}); every imax in `l` must be decided."""
    k = l.kind
    if k == "zero":
        return 0, {}
    if k == "param":
        return 0, {l.a: 0}
    if k == "succ":
        c, terms = _flat(l.a, pos)
        return c + 1, {p: n + 1 for p, n in terms.items()}
    if k == "imax" and _zero_state(l.b, pos) is True:
        return 0, {}
    c1, t1 = _flat(l.a, pos)
    c2, t2 = _flat(l.b, pos)
    terms = dict(t1)
    for p, n in t2.items():
        if terms.get(p, -1) < n:
            terms[p] = n
    return max(c1, c2), terms


def _geq_flat(l1: Level, l2: Level, pos: frozenset) -> bool:
    c1, t1 = _flat(l1, pos)
    c2, t2 = _flat(l2, pos)
    # parameters in `pos` are >= 1: p + k >= k + 1 at the least assignment
    least1 = max([c1] + [n + (1 if p in pos else 0) for p, n in t1.items()])
    least2 = max([c2] + [n + (1 if p in pos else 0) for p, n in t2.items()])
    if least1 < least2:
        return False
    for p, n in t2.items():
        if t1.get(p, -1) < n:
            return False
    return True


def _geq(l1: Level, l2: Level, pos: frozenset) -> bool:
    p = _undecided_imax_param(l1, pos) or _undecided_imax_param(l2, pos)
    if p is None:
        return _geq_flat(l1, l2, pos)
    zero_subst = {p: ZERO}
    return _geq(instantiate_level(l1, zero_subst), instantiate_level(l2, zero_subst), pos) and _geq(
        l1, l2, pos | {p}
    )


def _closed_value(l: Level) -> int:
    """The value of a level without parameters."""
    k = l.kind
    if k == "zero":
        return 0
    if k == "succ":
        return _closed_value(l.a) + 1
    a, b = _closed_value(l.a), _closed_value(l.b)
    if k == "max":
        return max(a, b)
    return 0 if b == 0 else max(a, b)


@functools.lru_cache(maxsize=65536)
def leq(a: Level, b: Level) -> bool:
    """`a <= b` for every assignment of the level parameters (a pure function, memoised)."""
    if a is b or a is ZERO:
        return True
    if not a.has_param and not b.has_param:
        return _closed_value(a) <= _closed_value(b)
    return _geq(b, a, frozenset())


def geq(a: Level, b: Level) -> bool:
    return leq(b, a)


def level_eq(a: Level, b: Level) -> bool:
    """Equal as levels (for every assignment), e.g. `max u v == max v u`."""
    return a is b or (leq(a, b) and leq(b, a))


def is_never_zero(l: Level) -> bool:
    """`l` is positive for every assignment."""
    return _zero_state(l, frozenset()) is False and leq(ONE, l)


def normalize(l: Level) -> Level:
    """A canonical form of levels without undecided `imax`: `max` of `succ^k param` terms, sorted.

    Levels with an `imax` whose right side depends on a parameter are returned unchanged."""
    if _undecided_imax_param(l, frozenset()) is not None:
        return l
    c, terms = _flat(l, frozenset())
    parts: list[Level] = []
    for p in sorted(terms, key=repr):
        x = mk_param(p)
        for _ in range(terms[p]):
            x = mk_succ(x)
        parts.append(x)
    if c > max(terms.values(), default=-1) or not parts:
        x = ZERO
        for _ in range(c):
            x = mk_succ(x)
        parts.insert(0, x)
    out = parts[-1]
    for x in reversed(parts[:-1]):
        out = mk_max(x, out)
    return out


def all_params_declared(l: Level, names: Iterable[Name]) -> Name | None:
    """The first parameter of `l` not in `names`, or None."""
    allowed = set(names)
    for p in params_of(l):
        if p not in allowed:
            return p
    return None
