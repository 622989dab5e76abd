"""Expressions: hash-consed immutable terms with cached flags, and the operations on bound variables.

Terms belong to a `Terms` table, the DAG of one checking run (as nanoda's `TcCtx` owns its dag):
within a table, building the same term twice gives the same object, so `is` is structural equality
up to binder names and binder info (which the kernel ignores); two tables share nothing, and every
term knows its table (`e.terms`, a class attribute of the table's own node class, so it costs no
memory per node). Each node caches its hash, `lbr` (loose bound variable range: 1 + the largest
loose de Bruijn index, 0 if closed), whether it mentions level parameters and whether it mentions
free variables (local constants).

Free variables (`FVAR`) carry their type (and, for let-bound ones, their value), as Lean 3 local
constants do; the type checker creates them with ids unique in the table when it goes under a binder.

`Terms.instantiate` replaces loose bound variables, `abstract` turns free variables back into bound
variables, `lift_loose`/`lower_loose` shift loose indices, `instantiate_lparams` substitutes levels.
The views (`get_app_fn_args`, `has_loose_bvar`, `iter_subterms`, ...) build nothing and are plain
functions.

Memory is bounded while a declaration is checked: `Terms.room` is the number of new nodes (a literal
counts by its size) the check may still create; running out raises `OutOfFuel` (the checker sets
and resets it, `Terms.budget`).
"""

from __future__ import annotations

import itertools
import sys
from contextlib import contextmanager
from typing import Any, Sequence

from .level import Level, Levels
from .result import OutOfFuel

Name = tuple

# Expression kinds (small ints: comparisons are cheap).
BVAR, SORT, CONST, APP, LAM, PI, LET, LIT, PROJ, FVAR = range(10)
KIND_NAMES = ("bvar", "sort", "const", "app", "lam", "forall", "let", "lit", "proj", "fvar")

#: Bits of a Nat literal that count as one node of memory (`Terms.room`): a node with its table
#: entry and cache entries takes about 200 bytes.
LIT_BITS_PER_NODE = 1600
_UNLIMITED = 1 << 62


class Expr:
    """An interned expression node. Build with the `mk_*` methods of a `Terms` table only.

    Fields by kind: BVAR a=index; SORT a=level; CONST a=name b=levels (tuple); APP a=fn b=arg;
    LAM/PI a=domain b=body c=binder name d=binder info; LET a=type b=value c=body d=name;
    LIT a=int or str; PROJ a=struct name b=index c=struct expr; FVAR a=uid b=type c=value d=name.
    `terms` (on the table's node class) is the table the node belongs to.
    """

    __slots__ = ("kind", "a", "b", "c", "d", "hash", "lbr", "has_lparam", "has_fvar")
    terms: "Terms"
    kind: int
    # the fields' types depend on `kind` (see above): a tagged record, read after testing the kind
    a: Any
    b: Any
    c: Any
    d: Any
    hash: int
    lbr: int
    has_lparam: bool
    has_fvar: bool

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:  # for debugging; messages use `pretty.expr_to_str`
        return f"<Expr {KIND_NAMES[self.kind]} #{self.hash & 0xffffff:06x}>"


def _key_of(e: Expr) -> tuple:
    k = e.kind
    if k == BVAR:
        return (BVAR, e.a)
    if k == SORT:
        return (SORT, id(e.a))
    if k == CONST:
        return (CONST, e.a, tuple(id(l) for l in e.b))
    if k == APP:
        return (id(e.a), id(e.b))  # the one key of two addresses (others start with their kind)
    if k == LAM or k == PI:
        return (k, id(e.a), id(e.b))
    if k == LET:
        return (LET, id(e.a), id(e.b), id(e.c))
    if k == LIT:
        return (LIT, type(e.a), e.a)
    if k == PROJ:
        return (PROJ, e.a, e.b, id(e.c))
    return (FVAR, e.a)


def _children_of(e: Expr) -> tuple:
    k = e.kind
    if k == APP or k == LAM or k == PI:
        return (e.a, e.b)
    if k == LET:
        return (e.a, e.b, e.c)
    if k == PROJ:
        return (e.c,)
    return ()


def _node_class(terms: "Terms") -> type[Expr]:
    """A subclass of `Expr` (named `Expr` too) whose class attribute `terms` is `terms`."""

    class Node(Expr):
        __slots__ = ()

    Node.terms = terms
    Node.__name__ = Node.__qualname__ = "Expr"
    return Node


class Terms:
    """The hash-consed terms (and levels, `levels`) of one checking run.

    The table is a cache: it never changes what a term means. When it has grown a lot, `sweep` drops
    the entries nobody else refers to (found by reference count, children after parents), so sharing
    stays maximal among live terms and memory bounded. Keys use ids of children, which is safe: a
    live entry keeps its children alive."""

    def __init__(self, sweep_min: int = 2_000_000) -> None:
        self.table: dict = {}
        self.levels = Levels()
        self.sweep_min = sweep_min  # sweep when the table reaches max(this, twice its size after a sweep)
        self.sweep_at = sweep_min
        self.room = _UNLIMITED  # nodes the current declaration may still create (see `budget`)
        self._fvar_ids = itertools.count(1)
        # the node class of this table: `e.terms` is a class attribute, no memory per node
        self.node: type[Expr] = _node_class(self)
        self.zero = self.levels.zero
        self.one = self.levels.one
        self.prop = self.mk_sort(self.zero)

    # -- bookkeeping ------------------------------------------------------------------------------

    def owns(self, e: Expr) -> bool:
        """Whether `e` is a term of this table."""
        return type(e) is self.node

    def __len__(self) -> int:
        return len(self.table)

    @contextmanager
    def budget(self, nodes: int | None):
        """Within the block, creating more than `nodes` new nodes raises `OutOfFuel` (None: no
        limit). Budgets do not nest: the inner one replaces the outer for its duration."""
        old = self.room
        self.room = _UNLIMITED if nodes is None else nodes
        try:
            yield
        finally:
            self.room = old

    def _exhausted(self) -> None:
        self.room = _UNLIMITED  # so that building the message and unwinding do not raise again
        raise OutOfFuel("ran out of memory fuel: the check built more new terms than one declaration "
                        "may (see `Environment.memory`) without reaching a verdict")

    def sweep(self) -> None:
        """Remove table entries referenced by nothing but the table (then their children, and so on)."""
        table = self.table
        getrc = sys.getrefcount
        # referenced by the table, the loop variable and the argument only (no key is hashed again)
        stack = [_key_of(v) for v in table.values() if getrc(v) <= 3]
        while stack:
            k = stack.pop()
            x = table.get(k)
            if x is None or getrc(x) > 3:  # table, x, argument
                continue
            del table[k]
            kids = [_key_of(c) for c in _children_of(x)]
            del x
            stack.extend(kids)
        self.sweep_at = max(self.sweep_min, 2 * len(table))

    def _new(self, kind: int, a, b, c, d, h: int, lbr: int, has_lparam: bool, has_fvar: bool) -> Expr:
        if len(self.table) >= self.sweep_at:
            self.sweep()
        self.room -= 1
        if self.room < 0:
            self._exhausted()
        e = self.node.__new__(self.node)
        e.kind = kind
        e.a = a
        e.b = b
        e.c = c
        e.d = d
        e.hash = h
        e.lbr = lbr
        e.has_lparam = has_lparam
        e.has_fvar = has_fvar
        return e

    # -- constructors -----------------------------------------------------------------------------

    def mk_bvar(self, i: int) -> Expr:
        key = (BVAR, i)
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(BVAR, i, None, None, None, hash(("bvar", i)), i + 1, False, False)
        return e

    def mk_sort(self, l: Level) -> Expr:
        key = (SORT, id(l))
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(SORT, l, None, None, None, hash(("sort", l.hash)), 0, l.has_param,
                                            False)
        return e

    def mk_const(self, name: Name, levels: Sequence[Level] = ()) -> Expr:
        levels = tuple(levels)
        key = (CONST, name, tuple(id(l) for l in levels))
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(
                CONST, name, levels, None, None, hash(("const", name, tuple(l.hash for l in levels))), 0,
                any(l.has_param for l in levels), False,
            )
        return e

    def mk_app(self, f: Expr, x: Expr) -> Expr:
        table = self.table
        key = (id(f), id(x))
        e = table.get(key)
        if e is None:  # `_new`, inlined: applications are most of the terms built
            if len(table) >= self.sweep_at:
                self.sweep()
            self.room -= 1
            if self.room < 0:
                self._exhausted()
            node = self.node
            e = node.__new__(node)
            e.kind = APP
            e.a = f
            e.b = x
            e.c = None
            e.d = None
            e.hash = hash((f.hash, x.hash, 3))
            fl = f.lbr
            xl = x.lbr
            e.lbr = fl if fl > xl else xl
            e.has_lparam = f.has_lparam or x.has_lparam
            e.has_fvar = f.has_fvar or x.has_fvar
            table[key] = e
        return e

    def mk_apps(self, f: Expr, args: Sequence[Expr]) -> Expr:
        mk_app = self.mk_app
        for x in args:
            f = mk_app(f, x)
        return f

    def mk_binder(self, kind: int, name, bi, dom: Expr, body: Expr) -> Expr:
        key = (kind, id(dom), id(body))
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(
                kind, dom, body, name, bi, hash((dom.hash, body.hash, kind)), max(dom.lbr, body.lbr - 1, 0),
                dom.has_lparam or body.has_lparam, dom.has_fvar or body.has_fvar,
            )
        return e

    def mk_lam(self, name, dom: Expr, body: Expr, bi: str = "default") -> Expr:
        return self.mk_binder(LAM, name, bi, dom, body)

    def mk_pi(self, name, dom: Expr, body: Expr, bi: str = "default") -> Expr:
        return self.mk_binder(PI, name, bi, dom, body)

    def mk_let(self, name, ty: Expr, val: Expr, body: Expr) -> Expr:
        key = (LET, id(ty), id(val), id(body))
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(
                LET, ty, val, body, name, hash((ty.hash, val.hash, body.hash, LET)),
                max(ty.lbr, val.lbr, body.lbr - 1, 0),
                ty.has_lparam or val.has_lparam or body.has_lparam,
                ty.has_fvar or val.has_fvar or body.has_fvar,
            )
        return e

    def mk_lit(self, v: int | str) -> Expr:
        key = (LIT, type(v), v)
        e = self.table.get(key)
        if e is None:
            size = v.bit_length() if isinstance(v, int) else 16 * len(v)
            self.room -= size // LIT_BITS_PER_NODE
            e = self.table[key] = self._new(LIT, v, None, None, None, hash(("lit", v)), 0, False, False)
        return e

    def mk_proj(self, sname: Name, idx: int, s: Expr) -> Expr:
        key = (PROJ, sname, idx, id(s))
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = self._new(
                PROJ, sname, idx, s, None, hash(("proj", sname, idx, s.hash)), s.lbr, s.has_lparam, s.has_fvar
            )
        return e

    def mk_fvar(self, ty: Expr, val: Expr | None = None, name=None) -> Expr:
        """A fresh free variable of type `ty` (a let-variable if `val` is given)."""
        uid = next(self._fvar_ids)
        key = (FVAR, uid)
        e = self.table[key] = self._new(FVAR, uid, ty, val, name, hash(("fvar", uid)), 0, False, True)
        return e

    def mk_arrow(self, a: Expr, b: Expr) -> Expr:
        return self.mk_pi(("_",), a, self.lift_loose(b, 1))

    # -- loose bound variables --------------------------------------------------------------------

    def lift_loose(self, e: Expr, n: int, start: int = 0) -> Expr:
        """Add `n` to every loose bound variable with index >= `start`."""
        if n == 0 or e.lbr <= start:
            return e
        return self._shift(e, n, start)

    def lower_loose(self, e: Expr, n: int, start: int = 0) -> Expr:
        """Subtract `n` from loose bvars >= start (there must be no loose bvar in [start-n, start))."""
        return e if n == 0 else self._shift(e, -n, start)

    def _shift(self, e: Expr, n: int, start: int) -> Expr:
        """Add `n` (possibly negative) to every loose bound variable with index >= `start`."""
        cache: dict = {}
        mk_app, mk_binder, mk_bvar = self.mk_app, self.mk_binder, self.mk_bvar

        def go(x: Expr, off: int) -> Expr:
            if x.lbr <= off:
                return x
            key = (id(x), off)
            r = cache.get(key)
            if r is not None:
                return r
            k = x.kind
            if k == BVAR:
                r = mk_bvar(x.a + n)
            elif k == APP:
                r = mk_app(go(x.a, off), go(x.b, off))
            elif k == LAM or k == PI:
                r = mk_binder(k, x.c, x.d, go(x.a, off), go(x.b, off + 1))
            elif k == LET:
                r = self.mk_let(x.d, go(x.a, off), go(x.b, off), go(x.c, off + 1))
            elif k == PROJ:
                r = self.mk_proj(x.a, x.b, go(x.c, off))
            else:
                r = x
            cache[key] = r
            return r

        return go(e, start)

    def instantiate(self, e: Expr, vals: Sequence[Expr], start: int = 0) -> Expr:
        """Replace loose bvar `start + i` by `vals[i]` for i < len(vals); higher loose indices drop by
        len(vals).

        So `instantiate(body, [a])` is the beta-reduct of `(fun x => body) a`. One pass over `e` for
        the whole list, skipping every subterm without loose variables in range (checked before the
        call, the most common case) and substituting a variable in place; values without loose
        variables of their own (the usual case) are shared, not copied."""
        n = len(vals)
        if e.lbr <= start or n == 0:
            return e
        closed = True
        for v in vals:
            if v.lbr:
                closed = False
                break
        table = self.table
        mk_app, mk_binder, mk_bvar, lift = self.mk_app, self.mk_binder, self.mk_bvar, self.lift_loose
        cache: dict = {}
        top: dict = {}  # the cache at offset `start` (most of the nodes), keyed by address alone

        def var(i: int, off: int) -> Expr:
            if i < off + n:
                v = vals[i - off]
                return v if closed else lift(v, off - start)
            return mk_bvar(i - n)

        def go(x: Expr, off: int) -> Expr:  # x.lbr > off
            key: int | tuple[int, int]
            if off == start:
                key = id(x)
                c = top
            else:
                key = (id(x), off)
                c = cache
            r = c.get(key)
            if r is not None:
                return r
            k = x.kind
            if k == APP:
                f = x.a
                if f.lbr > off:
                    f = var(f.a, off) if f.kind == BVAR else go(f, off)
                a = x.b
                if a.lbr > off:
                    a = var(a.a, off) if a.kind == BVAR else go(a, off)
                r = table.get((id(f), id(a)))
                if r is None:
                    r = mk_app(f, a)
            elif k == BVAR:
                r = var(x.a, off)
            elif k == LAM or k == PI:
                d, b = x.a, x.b
                r = mk_binder(k, x.c, x.d, go(d, off) if d.lbr > off else d, go(b, off + 1) if b.lbr > off + 1 else b)
            elif k == LET:
                t, v, b = x.a, x.b, x.c
                r = self.mk_let(x.d, go(t, off) if t.lbr > off else t, go(v, off) if v.lbr > off else v,
                                go(b, off + 1) if b.lbr > off + 1 else b)
            elif k == PROJ:
                r = self.mk_proj(x.a, x.b, go(x.c, off))
            else:
                r = x
            c[key] = r
            return r

        return go(e, start)

    def instantiate1(self, e: Expr, v: Expr) -> Expr:
        return self.instantiate(e, (v,))

    def instantiate_rev(self, e: Expr, vals: Sequence[Expr]) -> Expr:
        """Replace loose bvar i by vals[len-1-i] (vals listed outermost binder first)."""
        return self.instantiate(e, list(reversed(vals)))

    def abstract(self, e: Expr, fvars: Sequence[Expr]) -> Expr:
        """Replace the free variable fvars[j] by bvar (len-1-j + depth): the inverse of `instantiate_rev`."""
        if not e.has_fvar or not fvars:
            return e
        n = len(fvars)
        pos = {id(v): n - 1 - j for j, v in enumerate(fvars)}
        cache: dict = {}
        mk_app, mk_binder, mk_bvar = self.mk_app, self.mk_binder, self.mk_bvar

        def go(x: Expr, off: int) -> Expr:
            if not x.has_fvar:
                return x
            key = (id(x), off)
            r = cache.get(key)
            if r is not None:
                return r
            k = x.kind
            if k == FVAR:
                j = pos.get(id(x))
                r = x if j is None else mk_bvar(j + off)
            elif k == APP:
                r = mk_app(go(x.a, off), go(x.b, off))
            elif k == LAM or k == PI:
                r = mk_binder(k, x.c, x.d, go(x.a, off), go(x.b, off + 1))
            elif k == LET:
                r = self.mk_let(x.d, go(x.a, off), go(x.b, off), go(x.c, off + 1))
            elif k == PROJ:
                r = self.mk_proj(x.a, x.b, go(x.c, off))
            else:
                r = x
            cache[key] = r
            return r

        return go(e, 0)

    def instantiate_lparams(self, e: Expr, names: Sequence[Name], levels: Sequence[Level]) -> Expr:
        """Substitute universe parameters `names` by `levels`."""
        if not e.has_lparam or not names:
            return e
        subst = dict(zip(names, levels))
        cache: dict = {}
        inst = self.levels.instantiate
        mk_app, mk_binder = self.mk_app, self.mk_binder

        def go(x: Expr) -> Expr:
            if not x.has_lparam:
                return x
            r = cache.get(id(x))
            if r is not None:
                return r
            k = x.kind
            if k == SORT:
                r = self.mk_sort(inst(x.a, subst))
            elif k == CONST:
                r = self.mk_const(x.a, [inst(l, subst) for l in x.b])
            elif k == APP:
                r = mk_app(go(x.a), go(x.b))
            elif k == LAM or k == PI:
                r = mk_binder(k, x.c, x.d, go(x.a), go(x.b))
            elif k == LET:
                r = self.mk_let(x.d, go(x.a), go(x.b), go(x.c))
            elif k == PROJ:
                r = self.mk_proj(x.a, x.b, go(x.c))
            else:
                r = x
            cache[id(x)] = r
            return r

        return go(e)

    def _bind(self, kind: int, fvars: Sequence[Expr], body: Expr) -> Expr:
        r = self.abstract(body, fvars)
        for j in range(len(fvars) - 1, -1, -1):
            fv = fvars[j]
            dom = self.abstract(fv.b, fvars[:j])
            r = self.mk_binder(kind, fv.d, "default", dom, r)
        return r

    def pis(self, fvars: Sequence[Expr], body: Expr) -> Expr:
        """`(x1 : A1) -> ... -> body` over the free variables `fvars` (outermost first)."""
        return self._bind(PI, fvars, body)

    def lams(self, fvars: Sequence[Expr], body: Expr) -> Expr:
        """`fun (x1 : A1) ... => body` over the free variables `fvars` (outermost first)."""
        return self._bind(LAM, fvars, body)


# ----------------------------------------------------------------------------------------------
# Views (they build nothing)


def get_app_fn(e: Expr) -> Expr:
    while e.kind == APP:
        e = e.a
    return e


def get_app_args(e: Expr) -> list[Expr]:
    args = []
    while e.kind == APP:
        args.append(e.b)
        e = e.a
    args.reverse()
    return args


def get_app_fn_args(e: Expr) -> tuple[Expr, list[Expr]]:
    args = []
    while e.kind == APP:
        args.append(e.b)
        e = e.a
    args.reverse()
    return e, args


def app_num_args(e: Expr) -> int:
    n = 0
    while e.kind == APP:
        n += 1
        e = e.a
    return n


def const_name(e: Expr) -> Name | None:
    """The head constant's name of an application, or None."""
    f = get_app_fn(e)
    return f.a if f.kind == CONST else None


def has_loose_bvar(e: Expr, i: int) -> bool:
    """Whether bvar `i` occurs loose in `e`."""
    if e.lbr <= i:
        return False
    seen: set = set()
    stack = [(e, i)]
    while stack:
        x, j = stack.pop()
        if x.lbr <= j or (id(x), j) in seen:
            continue
        seen.add((id(x), j))
        k = x.kind
        if k == BVAR:
            if x.a == j:
                return True
        elif k == APP:
            stack.append((x.a, j))
            stack.append((x.b, j))
        elif k == LAM or k == PI:
            stack.append((x.a, j))
            stack.append((x.b, j + 1))
        elif k == LET:
            stack.append((x.a, j))
            stack.append((x.b, j))
            stack.append((x.c, j + 1))
        elif k == PROJ:
            stack.append((x.c, j))
    return False


def iter_subterms(e: Expr):
    """Every distinct subterm of `e` (each once), without recursion."""
    seen: set = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        yield x
        k = x.kind
        if k == APP or k == LAM or k == PI:
            stack.append(x.a)
            stack.append(x.b)
        elif k == LET:
            stack.append(x.a)
            stack.append(x.b)
            stack.append(x.c)
        elif k == PROJ:
            stack.append(x.c)


def find_const(e: Expr, pred) -> Expr | None:
    """The first constant subterm satisfying `pred`, or None."""
    for x in iter_subterms(e):
        if x.kind == CONST and pred(x.a):
            return x
    return None


def is_const(e: Expr, name: Name) -> bool:
    """Whether `e` is the constant `name` without universe levels."""
    return e.kind == CONST and e.a == name and not e.b
