r"""Rendering of names, levels and terms for rejection messages.

Names print as Lean prints them (a component that is not an identifier is `«»`-quoted), with every
character that is not printable (controls, format characters such as bidirectional overrides, lone
UTF-16 surrogates, unassigned code points) escaped as `\u{…}`, so that a message is one line of
valid text whatever the input holds; string literals likewise, and a large Nat literal is shown by
its size instead of its digits. Bound
variables by their binder names (made distinct when a binder shadows one in use), free variables
by theirs. `mismatch` renders two terms that should be equal with the first subterm where they
differ marked `⟦…⟧` in both, and that pair of subterms printed again in full (with universe
levels), so that a user sees what to fix.
"""

from __future__ import annotations

import unicodedata

from . import expr as E
from .level import level_to_str

MARK_OPEN, MARK_CLOSE = "⟦", "⟧"


def _is_ident(s: str) -> bool:
    if not s:
        return False
    first = s[0]
    if not (first.isalpha() or first == "_" or _is_letterlike(first)):
        return False
    return all(ch.isalnum() or ch in "_'!?" or _is_letterlike(ch) or _is_subscript(ch) for ch in s[1:])


def _is_letterlike(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat.startswith("L") or "\u2100" <= ch <= "\u214f" or "\U0001d49c" <= ch <= "\U0001d59f"


def _is_subscript(ch: str) -> bool:
    return "\u2080" <= ch <= "\u209c" or "\u1d62" <= ch <= "\u1d6a" or ch == "\u2c7c"


def escape(s: str) -> str:
    """`s` with every non-printable character (Unicode category C*: controls, format characters,
    surrogates, private-use and unassigned code points) written `\\u{hex}`, and backslashes doubled."""
    if s.isprintable() and "\\" not in s:
        return s
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == " " or unicodedata.category(ch)[0] != "C":
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):x}}}")
    return "".join(out)


def _component(c) -> str:
    if isinstance(c, int):
        return str(c)
    return c if _is_ident(c) else f"«{escape(c)}»"


def name_to_str(n: tuple) -> str:
    """A name as Lean prints it: components joined by `.`, a non-identifier component `«»`-quoted."""
    return ".".join(_component(c) for c in n) if n else "[anonymous]"


def _binder_display(n) -> str:
    """A binder's name without Lean's hygiene suffix (`a._@._internal._hyg.0` -> `a`)."""
    if not isinstance(n, tuple) or not n:
        return "x"
    comps = list(n)
    if "_@" in comps:
        comps = comps[: comps.index("_@")]
    comps = [c for c in comps if isinstance(c, str)]
    if not comps or comps == ["_"]:
        return "x"
    return ".".join(_component(c) for c in comps)


def _sort_str(l) -> str:
    if l.kind == "zero":
        return "Prop"
    if l.kind == "succ":
        inner = l.a
        return "Type" if inner.kind == "zero" else f"Type {_paren_level(inner)}"
    return f"Sort {_paren_level(l)}"


def _paren_level(l) -> str:
    s = level_to_str(l, name_to_str)
    return f"({s})" if " " in s or "+" in s else s


class _Printer:
    def __init__(self, limit: int, mark: tuple | None, levels: bool) -> None:
        self.out: list[str] = []
        self.budget = limit
        self.mark = mark
        self.levels = levels

    def emit(self, s: str) -> None:
        if self.budget > 0:
            self.out.append(s)
            self.budget -= len(s)

    def term(self, x, names: list, path: tuple, parens: bool = False) -> None:
        if self.budget <= 0:
            return
        if self.mark is not None and path == self.mark:
            self.emit(MARK_OPEN)
            self._term(x, names, path, False)
            self.emit(MARK_CLOSE)
            return
        self._term(x, names, path, parens)

    def _fresh(self, n, names: list) -> str:
        base = _binder_display(n)
        s = base
        while s in names:
            s += "'"
        return s

    def _term(self, x, names: list, path: tuple, parens: bool) -> None:
        k = x.kind
        if k == E.BVAR:
            i = x.a
            self.emit(names[-1 - i] if i < len(names) else f"[loose bound variable {i}]")
        elif k == E.SORT:
            s = _sort_str(x.a)
            self.emit(f"({s})" if parens and " " in s else s)
        elif k == E.CONST:
            s = name_to_str(x.a)
            if self.levels and x.b:
                s += ".{" + ", ".join(level_to_str(u, name_to_str) for u in x.b) + "}"
            self.emit(s)
        elif k == E.FVAR:
            self.emit(_binder_display(x.d) if x.d else f"x{x.a}")
        elif k == E.LIT:
            self.emit(_lit_str(x.a))
        elif k == E.APP:
            f, args = E.get_app_fn_args(x)
            n = len(args)
            if parens:
                self.emit("(")
            self.term(f, names, path + ("f",) * n, True)
            for i, a in enumerate(args):
                self.emit(" ")
                self.term(a, names, path + ("f",) * (n - 1 - i) + ("x",), True)
            if parens:
                self.emit(")")
        elif k in (E.LAM, E.PI):
            if parens:
                self.emit("(")
            v = self._fresh(x.c, names)
            if k == E.PI and not E.has_loose_bvar(x.b, 0):
                self.term(x.a, names, path + ("d",), x.a.kind in (E.PI, E.LAM, E.LET))
                self.emit(" → ")
            else:
                self.emit("fun (" if k == E.LAM else "(")
                self.emit(f"{v} : ")
                self.term(x.a, names, path + ("d",))
                self.emit(") => " if k == E.LAM else ") → ")
            names.append(v)
            self.term(x.b, names, path + ("b",))
            names.pop()
            if parens:
                self.emit(")")
        elif k == E.LET:
            if parens:
                self.emit("(")
            v = self._fresh(x.d, names)
            self.emit(f"let {v} : ")
            self.term(x.a, names, path + ("t",))
            self.emit(" := ")
            self.term(x.b, names, path + ("v",))
            self.emit("; ")
            names.append(v)
            self.term(x.c, names, path + ("b",))
            names.pop()
            if parens:
                self.emit(")")
        elif k == E.PROJ:
            self.term(x.c, names, path + ("s",), True)
            self.emit(f".{x.b + 1}")
        else:
            self.emit("?")


#: Nat literals of more bits than this print by their size (printing digits is quadratic in Python).
_LIT_PRINT_BITS = 4096


def _lit_str(v) -> str:
    if isinstance(v, str):
        shown = v if len(v) <= 400 else v[:400]
        text = '"' + escape(shown).replace('"', '\\"') + '"'
        return text if shown is v else text[:-1] + f'…" ({len(v):,} characters)'
    if v.bit_length() > _LIT_PRINT_BITS:
        return f"[a Nat literal of {v.bit_length():,} bits]"
    return str(v)


def expr_to_str(e, limit: int = 400, mark: tuple | None = None, levels: bool = False,
                names: list | None = None) -> str:
    """`e` in Lean-like notation, cut after about `limit` characters; the subterm at `mark` (a path
    from `first_difference`) is wrapped in `⟦…⟧`; `levels` shows constants' universe levels;
    `names` are the names of the bound variables loose in `e` (innermost last)."""
    if e is None:
        return "?"
    p = _Printer(limit, mark, levels)
    p.term(e, list(names or ()), ())
    text = "".join(p.out)
    return text if p.budget > 0 else text + "…"


def subterm_at(e, path: tuple):
    """The subterm of `e` at `path` (steps: f/x of an application, d/b of a binder, t/v/b of a let,
    s of a projection) and the names of the binders above it, as `expr_to_str` names them."""
    names: list = []
    p = _Printer(0, None, False)
    for step in path:
        k = e.kind
        if k == E.APP:
            e = e.a if step == "f" else e.b
        elif k in (E.LAM, E.PI):
            if step == "b":
                names.append(p._fresh(e.c, names))
            e = e.a if step == "d" else e.b
        elif k == E.LET:
            if step == "b":
                names.append(p._fresh(e.d, names))
            e = e.a if step == "t" else e.b if step == "v" else e.c
        else:
            e = e.c
    return e, names


def first_difference(t, s) -> tuple | None:
    """The path to the first subterm (outermost, then left to right) where `t` and `s` differ as
    terms, or None if they are the same term."""
    path: tuple = ()
    while t is not s:
        if t.kind != s.kind:
            return path
        k = t.kind
        if k == E.APP:
            tf, targs = E.get_app_fn_args(t)
            sf, sargs = E.get_app_fn_args(s)
            n = len(targs)
            if n != len(sargs):
                return path
            if tf is not sf:
                path += ("f",) * n
                t, s = tf, sf
                continue
            for i, (a, b) in enumerate(zip(targs, sargs)):
                if a is not b:
                    path += ("f",) * (n - 1 - i) + ("x",)
                    t, s = a, b
                    break
            continue
        if k in (E.LAM, E.PI):
            if t.a is not s.a:
                path, t, s = path + ("d",), t.a, s.a
            else:
                path, t, s = path + ("b",), t.b, s.b
            continue
        if k == E.LET:
            if t.a is not s.a:
                path, t, s = path + ("t",), t.a, s.a
            elif t.b is not s.b:
                path, t, s = path + ("v",), t.b, s.b
            else:
                path, t, s = path + ("b",), t.c, s.c
            continue
        if k == E.PROJ and t.a == s.a and t.b == s.b:
            path, t, s = path + ("s",), t.c, s.c
            continue
        return path
    return None


def mismatch(what_t: str, t, what_s: str, s, limit: int = 300) -> str:
    """`what_t ⟨t⟩ but what_s ⟨s⟩`, the first difference marked in both and shown again."""
    path = first_difference(t, s)
    text = f"{what_t} {expr_to_str(t, limit, path)} but {what_s} {expr_to_str(s, limit, path)}"
    if path is not None:
        (a, na), (b, nb) = subterm_at(t, path), subterm_at(s, path)
        text += (f" (they first differ at {MARK_OPEN}{expr_to_str(a, 160, levels=True, names=na)}{MARK_CLOSE} "
                 f"against {MARK_OPEN}{expr_to_str(b, 160, levels=True, names=nb)}{MARK_CLOSE})")
    return text


__all__ = ["expr_to_str", "first_difference", "mismatch", "name_to_str", "subterm_at"]
