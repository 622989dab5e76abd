"""Structural digests of decoded expressions: what a statement or a constant says, by structure.

Constants by name (their printed Lean name, so ``Col.«Y.ax»`` and ``Col.Y.ax`` differ), universe
parameters by position, literals, de Bruijn indices; binder names, binder info and metadata
(``mdata``) do not enter a digest. Used by the statement fingerprints
(:mod:`claimcheck.analysis.fingerprints`) and by the kernel re-check's cache keys
(:mod:`claimcheck.recheck.run`), which sits below the analysis in the pipeline.
"""

from __future__ import annotations

import hashlib
from typing import Sequence

from claimcheck.model.names import Name
from claimcheck.olean.reader import (
    App,
    BVar,
    Const,
    Expr,
    ForallE,
    FVar,
    Lam,
    LetE,
    Level,
    Lit,
    MData,
    MVar,
    Proj,
    Sort,
)

__all__ = ["digest_parts", "expr_digest", "nat_text"]

#: Python refuses to turn an int of more decimal digits than this into text (quadratic time):
#: bigger literals are written in hexadecimal (``0x...``, which no decimal text starts with).
_DECIMAL_LIMIT_BITS = 4000 * 3


def nat_text(n: int) -> str:
    """A number literal's text: decimal (as before, so recorded fingerprints keep), hexadecimal for a
    number too big for Python's decimal conversion (a GMP literal can be as big as Lean allows)."""
    return str(n) if n.bit_length() < _DECIMAL_LIMIT_BITS else ("-" if n < 0 else "") + hex(abs(n))


def _level_key(lv: Level, params: dict[Name, int]) -> str:
    if lv.kind == "zero":
        return "0"
    if lv.kind == "succ":
        return "S" + _level_key(lv.args[0], params)
    if lv.kind in ("max", "imax"):
        return f"{lv.kind}({_level_key(lv.args[0], params)},{_level_key(lv.args[1], params)})"
    if lv.kind == "param" and lv.name in params:
        return f"u{params[lv.name]}"
    return f"{lv.kind}:{lv.name}"


def digest_parts(*parts: bytes | str) -> bytes:
    """SHA-256 of length-prefixed parts (no two part lists hash alike by concatenation)."""
    d = hashlib.sha256()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        d.update(len(b).to_bytes(4, "little"))
        d.update(b)
    return d.digest()


_h = digest_parts


def expr_digest(root: Expr, level_params: Sequence[Name]) -> bytes:
    """Structural hash of an expression: constants by name, universe parameters by position,
    literals, de Bruijn indices; binder names, binder info and metadata do not enter it."""
    params = {p: i for i, p in enumerate(level_params)}
    memo: dict[int, bytes] = {}
    h = _h
    stack: list[Expr] = [root]
    while stack:
        e = stack[-1]
        if id(e) in memo:
            stack.pop()
            continue
        if isinstance(e, App):
            kids: tuple[Expr, ...] = (e.fn, e.arg)
        elif isinstance(e, (Lam, ForallE)):
            kids = (e.binder_type, e.body)
        elif isinstance(e, LetE):
            kids = (e.type, e.value, e.body)
        elif isinstance(e, MData):
            kids = (e.expr,)
        elif isinstance(e, Proj):
            kids = (e.struct,)
        else:
            kids = ()
        todo = [k for k in kids if id(k) not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if isinstance(e, BVar):
            r = h("bvar", str(e.index))
        elif isinstance(e, (FVar, MVar)):
            r = h(e.kind, str(e.name))
        elif isinstance(e, Sort):
            r = h("sort", _level_key(e.level, params))
        elif isinstance(e, Const):
            r = h("const", str(e.name), *(_level_key(lv, params) for lv in e.levels))
        elif isinstance(e, App):
            r = h("app", memo[id(e.fn)], memo[id(e.arg)])
        elif isinstance(e, Lam):
            r = h("lam", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, ForallE):
            r = h("pi", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, LetE):
            r = h("let", memo[id(e.type)], memo[id(e.value)], memo[id(e.body)])
        elif isinstance(e, Lit):
            r = h("nat", nat_text(e.value)) if isinstance(e.value, int) else h("str", e.value)
        elif isinstance(e, MData):
            r = memo[id(e.expr)]
        elif isinstance(e, Proj):
            r = h("proj", str(e.type_name), str(e.index), memo[id(e.struct)])
        else:  # pragma: no cover
            raise TypeError(f"unknown expression {e!r}")
        memo[id(e)] = r
    return memo[id(root)]
