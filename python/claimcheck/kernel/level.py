"""Universe levels: hash-consed terms, instantiation, and a complete decision of `<=`.

A level is `zero`, `succ l`, `max l1 l2`, `imax l1 l2` or a parameter. Levels are interned in the
`Levels` table of one checking run (`expr.Terms.levels`), so within a run structurally equal levels
are the same object and `is` is equality; two runs share nothing.

`Levels.leq(a, b)` decides `a <= b` for every assignment of the parameters. `imax a b` is resolved
by splitting on the parameters of `b` (either zero, or positive); once no `imax` is left, a level is
`max(c, p1 + k1, ..., pn + kn)` and comparison is exact (see `_geq_flat`). The number of cases split
is bounded (`MAX_LEVEL_CASES`): a comparison that would need more raises `LevelTooComplex` (the
checker declines it), so no input makes one comparison take exponential time.
"""

from __future__ import annotations

from typing import Any, Iterable

Name = tuple  # a hierarchical name: a tuple of str / int components

#: The most cases (assignments of parameters to zero / positive) one comparison may split into.
MAX_LEVEL_CASES = 1 << 8
#: Entries of the `leq` memo of a run before it is cleared (it is a cache: clearing never changes
#: an answer).
_LEQ_MEMO_MAX = 1 << 16


class LevelTooComplex(Exception):
    """A level comparison would split into more than `MAX_LEVEL_CASES` cases (a decline)."""


class Level:
    """An interned universe level. Do not construct directly: use a `Levels` table."""

    __slots__ = ("kind", "a", "b", "hash", "has_param", "__weakref__")
    # by kind: succ a=level; max/imax a, b=levels; param a=name; zero neither (a tagged record)
    a: Any
    b: Any

    def __init__(self, kind: str, a: Any, b: Any, h: int, has_param: bool) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.hash = h
        self.has_param = has_param

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:
        return level_to_str(self)


class Levels:
    """The level table of one checking run (a cache: two levels built alike are one object), with
    the operations that build levels and the run's memo of `leq`."""

    def __init__(self) -> None:
        self.table: dict[tuple, Level] = {}
        self.leq_memo: dict = {}
        self.zero = self._intern("zero", None, None, False)
        self.one = self.mk_succ(self.zero)

    def _intern(self, kind: str, a: object, b: object, has_param: bool) -> Level:
        key = (kind, id(a) if isinstance(a, Level) else a, id(b) if isinstance(b, Level) else b)
        lv = self.table.get(key)
        if lv is None:
            lv = Level(kind, a, b, hash(("L", kind, hash(a), hash(b))), has_param)
            self.table[key] = lv
        return lv

    def mk_succ(self, l: Level) -> Level:
        return self._intern("succ", l, None, l.has_param)

    def mk_max(self, a: Level, b: Level) -> Level:
        return self._intern("max", a, b, a.has_param or b.has_param)

    def mk_imax(self, a: Level, b: Level) -> Level:
        return self._intern("imax", a, b, a.has_param or b.has_param)

    def mk_param(self, name: Name) -> Level:
        return self._intern("param", name, None, True)

    def of_int(self, n: int) -> Level:
        l = self.zero
        for _ in range(n):
            l = self.mk_succ(l)
        return l

    def imax_simp(self, a: Level, b: Level) -> Level:
        """`imax a b`, simplified as Lean's `mk_imax` does when `b` is known zero / positive."""
        if b.kind == "zero":
            return b
        if b.kind == "succ" or a.kind == "zero":
            return b if a.kind == "zero" else self.mk_max(a, b)
        if a is b:
            return a
        return self.mk_imax(a, b)

    def instantiate(self, l: Level, subst: dict) -> Level:
        """Replace parameters by levels (`subst` maps parameter names to levels)."""
        if not l.has_param:
            return l
        k = l.kind
        if k == "param":
            return subst.get(l.a, l)
        if k == "succ":
            return self.mk_succ(self.instantiate(l.a, subst))
        a = self.instantiate(l.a, subst)
        b = self.instantiate(l.b, subst)
        return self.mk_max(a, b) if k == "max" else self.mk_imax(a, b)

    def leq(self, a: Level, b: Level) -> bool:
        """`a <= b` for every assignment of the level parameters (memoised for the run)."""
        if a is b or a.kind == "zero":
            return True
        if not a.has_param and not b.has_param:
            return _closed_value(a) <= _closed_value(b)
        key = (a, b)
        memo = self.leq_memo
        r = memo.get(key)
        if r is None:
            r = _geq(self, b, a, frozenset(), [MAX_LEVEL_CASES])
            if len(memo) >= _LEQ_MEMO_MAX:
                memo.clear()
            memo[key] = r
        return r

    def geq(self, a: Level, b: Level) -> bool:
        return self.leq(b, a)

    def eq(self, a: Level, b: Level) -> bool:
        """Equal as levels (for every assignment), e.g. `max u v == max v u`."""
        return a is b or (self.leq(a, b) and self.leq(b, a))

    def is_never_zero(self, l: Level) -> bool:
        """`l` is positive for every assignment."""
        return _zero_state(l, frozenset()) is False and self.leq(self.one, l)

    def normalize(self, l: Level) -> Level:
        """A canonical form of levels without undecided `imax`: `max` of `succ^k param` terms, sorted.

        Levels with an `imax` whose right side depends on a parameter are returned unchanged."""
        if _undecided_imax_param(l, frozenset()) is not None:
            return l
        c, terms = _flat(l, frozenset())
        parts: list[Level] = []
        for p in sorted(terms, key=repr):
            x = self.mk_param(p)
            for _ in range(terms[p]):
                x = self.mk_succ(x)
            parts.append(x)
        if c > max(terms.values(), default=-1) or not parts:
            parts.insert(0, self.of_int(c))
        out = parts[-1]
        for x in reversed(parts[:-1]):
            out = self.mk_max(x, out)
        return out


def is_zero(l: Level) -> bool:
    return l.kind == "zero"


def level_to_str(l: Level, name=None) -> str:
    """`l` in Lean's notation; `name` prints a parameter's name (messages pass `pretty.name_to_str`,
    which escapes what is not printable)."""
    if l.kind == "zero":
        return "0"
    if l.kind == "succ":
        k = 0
        while l.kind == "succ":
            k += 1
            l = l.a
        return str(k) if l.kind == "zero" else f"{level_to_str(l, name)}+{k}"
    if l.kind == "param":
        return name(l.a) if name is not None else ".".join(str(c) for c in l.a)
    return f"({l.kind} {level_to_str(l.a, name)} {level_to_str(l.b, name)})"


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
        n = 0
        while l.kind == "succ":
            n += 1
            l = l.a
        c, terms = _flat(l, pos)
        return c + n, {p: m + n for p, m in terms.items()}
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


def _geq(levels: Levels, l1: Level, l2: Level, pos: frozenset, cases: list) -> bool:
    p = _undecided_imax_param(l1, pos) or _undecided_imax_param(l2, pos)
    if p is None:
        return _geq_flat(l1, l2, pos)
    cases[0] -= 1
    if cases[0] < 0:
        raise LevelTooComplex("a universe level comparison splits into more than "
                              f"{MAX_LEVEL_CASES:,} cases")
    zero_subst = {p: levels.zero}
    return _geq(levels, levels.instantiate(l1, zero_subst), levels.instantiate(l2, zero_subst), pos,
                cases) and _geq(levels, l1, l2, pos | {p}, cases)


def _closed_value(l: Level) -> int:
    """The value of a level without parameters."""
    n = 0
    while l.kind == "succ":
        n += 1
        l = l.a
    k = l.kind
    if k == "zero":
        return n
    a, b = _closed_value(l.a), _closed_value(l.b)
    if k == "max":
        return n + max(a, b)
    return n + (0 if b == 0 else max(a, b))


def all_params_declared(l: Level, names: Iterable[Name]) -> Name | None:
    """The first parameter of `l` not in `names`, or None."""
    allowed = set(names)
    for p in params_of(l):
        if p not in allowed:
            return p
    return None
