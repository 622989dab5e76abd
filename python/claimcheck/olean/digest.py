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
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Level, Lit, MData, MVar, Proj, Sort, fold

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
    h = _h

    def combine(e: Expr, kids: list[bytes]) -> bytes:
        if isinstance(e, BVar):
            return h("bvar", str(e.index))
        if isinstance(e, (FVar, MVar)):
            return h(e.kind, str(e.name))
        if isinstance(e, Sort):
            return h("sort", _level_key(e.level, params))
        if isinstance(e, Const):
            return h("const", str(e.name), *(_level_key(lv, params) for lv in e.levels))
        if isinstance(e, Lit):
            return h("nat", nat_text(e.value)) if isinstance(e.value, int) else h("str", e.value)
        if isinstance(e, MData):
            return kids[0]
        if isinstance(e, Proj):
            return h("proj", str(e.type_name), str(e.index), kids[0])
        tag = {App: "app", Lam: "lam", ForallE: "pi", LetE: "let"}.get(type(e))
        if tag is None:  # pragma: no cover
            raise TypeError(f"unknown expression {e!r}")
        return h(tag, *kids)

    return fold(root, combine)
