"""Reader for lean4export NDJSON (format 3.1.0): names, levels, expressions and declarations.

Produces the declaration model of `declarations.py`. Interned objects (`in`, `il`, `ie`) are referred
to by integer index and must be defined before use. `mdata` is dropped (it never changes a term's
meaning for the kernel). A file that cannot be read raises `NdjsonError` with the line number.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterable, Iterator

from . import expr as E
from .declarations import (
    Axiom,
    Constructor,
    Definition,
    HintKind,
    Hints,
    InductiveBlock,
    InductiveType,
    Opaque,
    Quot,
    QuotKind,
    Recursor,
    RecursorRule,
    Safety,
    Theorem,
)
from .level import ZERO, mk_imax, mk_max, mk_param, mk_succ

SUPPORTED_MAJOR = "3"


class NdjsonError(Exception):
    """The file is not readable lean4export NDJSON."""


def _raise_digit_limit() -> None:
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


class _Reader:
    def __init__(self) -> None:
        self.names: dict[int, tuple] = {0: ()}
        self.levels: dict = {0: ZERO}
        self.exprs: dict = {}

    def name(self, i) -> tuple:
        try:
            return self.names[i]
        except (KeyError, TypeError):
            raise NdjsonError(f"unknown name index {i!r}") from None

    def level(self, i):
        try:
            return self.levels[i]
        except (KeyError, TypeError):
            raise NdjsonError(f"unknown level index {i!r}") from None

    def expr(self, i):
        try:
            return self.exprs[i]
        except (KeyError, TypeError):
            raise NdjsonError(f"unknown expression index {i!r}") from None

    def lps(self, xs) -> tuple:
        return tuple(self.name(x) for x in xs)

    def line(self, obj: dict):
        if "in" in obj:
            i = obj["in"]
            if "str" in obj:
                d = obj["str"]
                s = d["str"]
                if not isinstance(s, str):
                    raise NdjsonError("name component is not a string")
                self.names[i] = self.name(d["pre"]) + (s,)
            elif "num" in obj:
                d = obj["num"]
                if not isinstance(d["i"], int):
                    raise NdjsonError("numeric name component is not an integer")
                self.names[i] = self.name(d["pre"]) + (d["i"],)
            else:
                raise NdjsonError("unknown name kind")
            return None
        if "il" in obj:
            i = obj["il"]
            if "succ" in obj:
                lv = mk_succ(self.level(obj["succ"]))
            elif "max" in obj:
                a, b = obj["max"]
                lv = mk_max(self.level(a), self.level(b))
            elif "imax" in obj:
                a, b = obj["imax"]
                lv = mk_imax(self.level(a), self.level(b))
            elif "param" in obj:
                lv = mk_param(self.name(obj["param"]))
            else:
                raise NdjsonError("unknown level kind")
            self.levels[i] = lv
            return None
        if "ie" in obj:
            self.exprs[obj["ie"]] = self.mk_expr(obj)
            return None
        if "meta" in obj:
            fmt = str(obj["meta"].get("format", {}).get("version", ""))
            if fmt.split(".")[0] != SUPPORTED_MAJOR:
                raise NdjsonError(f"unsupported export format version {fmt!r} (expected 3.x)")
            return None
        return self.declaration(obj)

    def mk_expr(self, obj: dict):
        x = self.expr
        if "bvar" in obj:
            i = obj["bvar"]
            if not isinstance(i, int) or i < 0:
                raise NdjsonError("bad bound variable index")
            return E.mk_bvar(i)
        if "sort" in obj:
            return E.mk_sort(self.level(obj["sort"]))
        if "const" in obj:
            d = obj["const"]
            return E.mk_const(self.name(d["name"]), [self.level(u) for u in d["us"]])
        if "app" in obj:
            d = obj["app"]
            return E.mk_app(x(d["fn"]), x(d["arg"]))
        if "lam" in obj:
            d = obj["lam"]
            return E.mk_lam(self.name(d["name"]), x(d["type"]), x(d["body"]), d.get("binderInfo", "default"))
        if "forallE" in obj:
            d = obj["forallE"]
            return E.mk_pi(self.name(d["name"]), x(d["type"]), x(d["body"]), d.get("binderInfo", "default"))
        if "letE" in obj:
            d = obj["letE"]
            return E.mk_let(self.name(d["name"]), x(d["type"]), x(d["value"]), x(d["body"]))
        if "proj" in obj:
            d = obj["proj"]
            idx = d["idx"]
            if not isinstance(idx, int) or idx < 0:
                raise NdjsonError("bad projection index")
            return E.mk_proj(self.name(d["typeName"]), idx, x(d["struct"]))
        if "natVal" in obj:
            v = obj["natVal"]
            try:
                n = int(v)
            except (TypeError, ValueError):
                raise NdjsonError(f"bad natVal {v!r}") from None
            return E.mk_lit(n)
        if "strVal" in obj:
            v = obj["strVal"]
            if not isinstance(v, str):
                raise NdjsonError("bad strVal")
            return E.mk_lit(v)
        if "mdata" in obj:
            return x(obj["mdata"]["expr"])
        raise NdjsonError("unknown expression kind")

    def declaration(self, obj: dict):
        x = self.expr
        if "axiom" in obj:
            d = obj["axiom"]
            return Axiom(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), bool(d.get("isUnsafe", False)))
        if "def" in obj:
            d = obj["def"]
            h = d["hints"]
            if h == "opaque":
                hints = Hints(HintKind.OPAQUE)
            elif h == "abbrev":
                hints = Hints(HintKind.ABBREV)
            elif isinstance(h, dict) and isinstance(h.get("regular"), int):
                hints = Hints(HintKind.REGULAR, h["regular"])
            else:
                raise NdjsonError(f"bad reducibility hints {h!r}")
            try:
                safety = Safety(d.get("safety", "safe"))
            except ValueError:
                raise NdjsonError(f"bad safety {d.get('safety')!r}") from None
            return Definition(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                              hints, safety, tuple(self.name(n) for n in d.get("all", [])))
        if "thm" in obj:
            d = obj["thm"]
            return Theorem(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                           tuple(self.name(n) for n in d.get("all", [])))
        if "opaque" in obj:
            d = obj["opaque"]
            return Opaque(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                          bool(d.get("isUnsafe", False)), tuple(self.name(n) for n in d.get("all", [])))
        if "quot" in obj:
            d = obj["quot"]
            try:
                kind = QuotKind(d["kind"])
            except ValueError:
                raise NdjsonError(f"bad quot kind {d['kind']!r}") from None
            return Quot(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), kind)
        if "inductive" in obj:
            d = obj["inductive"]
            types = tuple(
                InductiveType(self.name(t["name"]), self.lps(t["levelParams"]), x(t["type"]), int(t["numParams"]),
                              int(t["numIndices"]), tuple(self.name(n) for n in t["all"]),
                              tuple(self.name(n) for n in t["ctors"]), int(t.get("numNested", 0)),
                              bool(t["isRec"]), bool(t.get("isUnsafe", False)), bool(t["isReflexive"]))
                for t in d["types"])
            ctors = tuple(
                Constructor(self.name(c["name"]), self.lps(c["levelParams"]), x(c["type"]), self.name(c["induct"]),
                            int(c["cidx"]), int(c["numParams"]), int(c["numFields"]), bool(c.get("isUnsafe", False)))
                for c in d["ctors"])
            recs = tuple(
                Recursor(self.name(r["name"]), self.lps(r["levelParams"]), x(r["type"]),
                         tuple(self.name(n) for n in r["all"]), int(r["numParams"]), int(r["numIndices"]),
                         int(r["numMotives"]), int(r["numMinors"]),
                         tuple(RecursorRule(self.name(u["ctor"]), int(u["nfields"]), x(u["rhs"])) for u in r["rules"]),
                         bool(r["k"]), bool(r.get("isUnsafe", False)))
                for r in d["recs"])
            return InductiveBlock(types, ctors, recs)
        raise NdjsonError(f"unknown line kind {sorted(obj)[:3]}")


def parse_lines(lines: Iterable[str]) -> Iterator:
    """Declarations of an NDJSON export, in order."""
    _raise_digit_limit()
    r = _Reader()
    for lineno, text in enumerate(lines, 1):
        text = text.strip()
        if not text:
            continue
        try:
            obj = json.loads(text)
            if not isinstance(obj, dict):
                raise NdjsonError("a line is not a JSON object")
            d = r.line(obj)
        except NdjsonError as e:
            raise NdjsonError(f"line {lineno}: {e}") from None
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError) as e:
            raise NdjsonError(f"line {lineno}: malformed ({type(e).__name__}: {e})") from None
        if d is not None:
            yield d


def read_ndjson(path: str | Path) -> list:
    with open(path, encoding="utf-8") as f:
        return list(parse_lines(f))
