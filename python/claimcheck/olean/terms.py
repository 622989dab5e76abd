"""The reader's terms, and the one place that walks and substitutes them.

A decoded Lean expression (:class:`Expr`: ``BVar`` … ``Proj``) is an immutable DAG: a subterm
shared by several parents is one object. Everything that looks inside a term goes through this
module, as lean4lean writes it once (``ForEachExprV``, ``ReplaceExpr``, ``instantiate``):

- :func:`children`: a node's immediate subterms, each with whether it is under one more binder;
- :func:`walk` / :func:`subterms`: every subterm once (shared subterms once), iteratively (terms
  are deep), with a per-node function that may stop the walk below a node or name the subterms
  to look at instead; :func:`walk` carries a context (a binder depth, say) into binders;
- :func:`fold`: a value for every subterm from its children's values (a digest, an encoding);
- :func:`replace`: a term with some of its subterms replaced, rebuilt bottom-up;
- :func:`instantiate`, :func:`abstract`, :func:`instantiate_levels`, :func:`loose_bvar_range`.

**One metadata policy.** The reader keeps no metadata content: an ``MData`` node is a wrapper that
means its term. Walks look through it (its term is its one child); :func:`replace` and the
substitutions drop it, so what they build never holds one; a fold or an encoding may keep it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from claimcheck.model.names import Name

__all__ = [
    "Level", "Expr", "BVar", "FVar", "MVar", "Sort", "Const", "App", "Lam", "ForallE", "LetE", "Lit", "MData",
    "Proj", "children", "walk", "subterms", "whole_applications", "fold", "replace", "instantiate", "abstract", "instantiate_level",
    "instantiate_levels", "loose_bvar_range", "constants_of", "strip_mdata", "app_spine", "mk_app",
    "beta", "instantiate_foralls",
]

C = TypeVar("C")
T = TypeVar("T")


@dataclass(frozen=True)
class Level:
    """A universe level. ``kind`` is one of zero, succ, max, imax, param, mvar."""

    kind: str
    args: tuple["Level", ...] = ()
    name: Name | None = None

    def __str__(self) -> str:
        if self.kind == "zero":
            return "0"
        if self.kind == "succ":
            n, base = 1, self.args[0]
            while base.kind == "succ":
                n, base = n + 1, base.args[0]
            return str(n) if base.kind == "zero" else f"{base} + {n}"
        if self.kind in ("max", "imax"):
            return f"{self.kind} {self.args[0]} {self.args[1]}"
        return str(self.name)


class Expr:
    """Base class of decoded Lean expressions (identity-compared; terms are DAGs)."""

    __slots__ = ()
    kind = "expr"


@dataclass(eq=False, slots=True)
class BVar(Expr):
    index: int
    kind = "bvar"


@dataclass(eq=False, slots=True)
class FVar(Expr):
    name: Name
    kind = "fvar"


@dataclass(eq=False, slots=True)
class MVar(Expr):
    name: Name
    kind = "mvar"


@dataclass(eq=False, slots=True)
class Sort(Expr):
    level: Level
    kind = "sort"


@dataclass(eq=False, slots=True)
class Const(Expr):
    name: Name
    levels: tuple[Level, ...]
    kind = "const"


@dataclass(eq=False, slots=True)
class App(Expr):
    fn: Expr
    arg: Expr
    kind = "app"


@dataclass(eq=False, slots=True)
class Lam(Expr):
    binder_name: Name
    binder_type: Expr
    body: Expr
    binder_info: int  # 0 default, 1 implicit, 2 strict implicit, 3 inst implicit
    kind = "lam"


@dataclass(eq=False, slots=True)
class ForallE(Expr):
    binder_name: Name
    binder_type: Expr
    body: Expr
    binder_info: int
    kind = "forallE"


@dataclass(eq=False, slots=True)
class LetE(Expr):
    decl_name: Name
    type: Expr
    value: Expr
    body: Expr
    kind = "letE"


@dataclass(eq=False, slots=True)
class Lit(Expr):
    value: int | str
    kind = "lit"


@dataclass(eq=False, slots=True)
class MData(Expr):
    expr: Expr
    kind = "mdata"


@dataclass(eq=False, slots=True)
class Proj(Expr):
    type_name: Name
    index: int
    struct: Expr
    kind = "proj"


# ---------------------------------------------------------------------------------- structure


def children(e: Expr) -> tuple[tuple[Expr, bool], ...]:
    """The immediate subterms of ``e``, each with whether it is under one more binder than ``e``."""
    if isinstance(e, App):
        return ((e.fn, False), (e.arg, False))
    if isinstance(e, (Lam, ForallE)):
        return ((e.binder_type, False), (e.body, True))
    if isinstance(e, LetE):
        return ((e.type, False), (e.value, False), (e.body, True))
    if isinstance(e, MData):
        return ((e.expr, False),)
    if isinstance(e, Proj):
        return ((e.struct, False),)
    return ()


def _rebuild(e: Expr, kids: Sequence[Expr]) -> Expr:
    """``e`` with its children ``kids`` (``e`` itself when they are its own); ``MData`` dropped."""
    if isinstance(e, MData):
        return kids[0]
    if all(k is old for k, (old, _b) in zip(kids, children(e))):
        return e
    if isinstance(e, App):
        return App(kids[0], kids[1])
    if isinstance(e, Lam):
        return Lam(e.binder_name, kids[0], kids[1], e.binder_info)
    if isinstance(e, ForallE):
        return ForallE(e.binder_name, kids[0], kids[1], e.binder_info)
    if isinstance(e, LetE):
        return LetE(e.decl_name, kids[0], kids[1], kids[2])
    if isinstance(e, Proj):
        return Proj(e.type_name, e.index, kids[0])
    return e


# ------------------------------------------------------------------------------------- walks

#: What a walk's per-node function returns: None or True (look at the node's children), False
#: (not inside this node), or the subterms to look at instead (in the node's own context).
Descend = bool | Iterable[Expr] | None


def walk(root: Expr, visit: Callable[[Expr, C], Descend], context: C,
         bind: Callable[[C, Expr], C] = lambda context, _binder: context) -> None:
    """Call ``visit(e, c)`` once for every subterm ``e`` of ``root`` reached in context ``c``
    (parents before children); a subterm under one more binder of node ``b`` is reached in context
    ``bind(c, b)``. ``visit`` says where to go on (:data:`Descend`). Iterative: terms may be deep."""
    stack = [(root, context)]
    seen: set[tuple[int, object]] = set()
    while stack:
        e, c = stack.pop()
        key = (id(e), c)
        if key in seen:
            continue
        seen.add(key)
        got = visit(e, c)
        if got is False:
            continue
        if got is None or got is True:
            stack.extend((k, bind(c, e) if under else c) for k, under in reversed(children(e)))
        else:
            stack.extend((k, c) for k in reversed(list(got)))


def whole_applications(e: Expr) -> list[Expr]:
    """What to look at below ``e`` when an application is taken whole (:func:`subterms`' ``descend``):
    its head and its arguments, not its partial applications; a node's children otherwise."""
    if isinstance(e, App):
        head, args = app_spine(e)
        return [head, *args]
    return [k for k, _under in children(e)]


def subterms(root: Expr, descend: Callable[[Expr], Iterable[Expr]] | None = None) -> Iterator[Expr]:
    """Every subterm of ``root`` once, parents first (``descend(e)``: the subterms to look at below
    ``e``, default its children). A generator: stop it once the answer is known."""
    stack, seen = [root], set()
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        if descend is None:
            stack.extend(k for k, _under in reversed(children(e)))
        else:
            stack.extend(reversed(list(descend(e))))


def fold(root: Expr, combine: Callable[[Expr, list[T]], T], memo: dict[int, T] | None = None) -> T:
    """``combine(e, values of e's children)`` for every subterm ``e`` of ``root``, children first, each
    once; ``memo`` (by ``id``) keeps the values, and may be shared by several roots (keep the terms
    alive meanwhile: an ``id`` is an object's only while it lives)."""
    memo = {} if memo is None else memo
    stack = [root]
    while stack:
        e = stack[-1]
        if id(e) in memo:
            stack.pop()
            continue
        kids = children(e)
        todo = [k for k, _under in kids if id(k) not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        memo[id(e)] = combine(e, [memo[id(k)] for k, _under in kids])
    return memo[id(root)]


def replace(root: Expr, f: Callable[[Expr, int], Expr | None], offset: int = 0) -> Expr:
    """``root`` with each subterm ``e`` at binder depth ``d`` for which ``f(e, d)`` gives a term
    replaced by it (not looked into), the others rebuilt from their children (shared subterms once
    per depth; ``MData`` dropped). Iterative: terms may be deep."""
    memo: dict[tuple[int, int], Expr] = {}
    stack: list[tuple[Expr, int, bool]] = [(root, offset, False)]
    while stack:
        e, d, ready = stack.pop()
        key = (id(e), d)
        if key in memo and not ready:
            continue
        if not ready:
            got = f(e, d)
            if got is not None:
                memo[key] = got
                continue
            kids = children(e)
            if not kids:
                memo[key] = e
                continue
            stack.append((e, d, True))
            stack.extend((k, d + under, False) for k, under in kids if (id(k), d + under) not in memo)
            continue
        memo[key] = _rebuild(e, [memo[(id(k), d + under)] for k, under in children(e)])
    return memo[(id(root), offset)]


# ----------------------------------------------------------------------------- substitutions


def instantiate(body: Expr, value: Expr) -> Expr:
    """``body`` with the loose bound variable 0 replaced by ``value`` (a term with no loose bound
    variables: a closed term or one over free variables) and the others lowered by one."""
    def f(e: Expr, d: int) -> Expr | None:
        if isinstance(e, BVar):
            return value if e.index == d else (BVar(e.index - 1) if e.index > d else e)
        return None

    return replace(body, f)


def abstract(e: Expr, fvars: Sequence[FVar]) -> Expr:
    """``e`` with the free variables ``fvars`` (outermost first) made bound variables: the inverse
    of instantiating them one by one (loose bound variables are lifted past the new binders)."""
    pos = {fv.name: i for i, fv in enumerate(fvars)}
    n = len(fvars)

    def f(x: Expr, d: int) -> Expr | None:
        if isinstance(x, FVar) and x.name in pos:
            return BVar(d + n - 1 - pos[x.name])
        if isinstance(x, BVar) and x.index >= d:
            return BVar(x.index + n)
        return None

    return replace(e, f)


def instantiate_level(lv: Level, sub: Mapping[Name, Level]) -> Level:
    """``lv`` with its universe parameters replaced as ``sub`` says."""
    if lv.kind == "param" and lv.name is not None and lv.name in sub:
        return sub[lv.name]
    if lv.args:
        return Level(lv.kind, tuple(instantiate_level(a, sub) for a in lv.args), lv.name)
    return lv


def instantiate_levels(e: Expr, sub: Mapping[Name, Level]) -> Expr:
    """``e`` with its universe parameters replaced as ``sub`` says."""
    if not sub:
        return e

    def f(x: Expr, _d: int) -> Expr | None:
        if isinstance(x, Sort):
            return Sort(instantiate_level(x.level, sub))
        if isinstance(x, Const):
            return Const(x.name, tuple(instantiate_level(lv, sub) for lv in x.levels))
        return None

    return replace(e, f)


def loose_bvar_range(root: Expr, memo: dict[int, int] | None = None) -> int:
    """One more than the largest loose bound variable of ``root`` (0: closed); ``memo`` gets the
    range of every subterm (by ``id``)."""
    def combine(e: Expr, kids: list[int]) -> int:
        if isinstance(e, BVar):
            return e.index + 1
        return max((r - 1 if under else r for r, (_k, under) in zip(kids, children(e))), default=0)  # >= 0: a binder has a type

    return max(fold(root, combine, memo), 0)


# ------------------------------------------------------------------------------------ shapes


def strip_mdata(e: Expr) -> Expr:
    """``e`` without the metadata wrappers around it."""
    while isinstance(e, MData):
        e = e.expr
    return e


def app_spine(e: Expr) -> tuple[Expr, list[Expr]]:
    """``f a1 … an`` as ``(f, [a1, …, an])``, looking through metadata."""
    args: list[Expr] = []
    e = strip_mdata(e)
    while isinstance(e, App):
        args.append(e.arg)
        e = strip_mdata(e.fn)
    args.reverse()
    return e, args


def mk_app(fn: Expr, *args: Expr) -> Expr:
    """``fn a1 … an``."""
    for a in args:
        fn = App(fn, a)
    return fn


def beta(fn: Expr, args: Sequence[Expr]) -> Expr:
    """``fn a1 … an`` with each leading ``fun`` of ``fn`` (metadata looked through) instantiated by
    the next argument; the arguments left over applied to what remains."""
    rest = list(args)
    body = fn
    while rest:
        lam = strip_mdata(body)
        if not isinstance(lam, Lam):
            break
        body = instantiate(lam.body, rest.pop(0))
    return mk_app(body, *rest)


def instantiate_foralls(t: Expr, args: Sequence[Expr]) -> Expr | None:
    """The type ``t`` at ``args``: its first ``∀`` binders instantiated by them, metadata stripped at
    each step (None when ``t`` has fewer binders than arguments)."""
    t = strip_mdata(t)
    for a in args:
        if not isinstance(t, ForallE):
            return None
        t = strip_mdata(instantiate(t.body, a))
    return t


def constants_of(e: Expr) -> set[Name]:
    """The names of the constants a term mentions."""
    return {x.name for x in subterms(e) if isinstance(x, Const)}
