"""Reader for lean4export NDJSON (format 3.1.0): names, levels, expressions and declarations.

Produces the declaration model of `declarations.py`, in the terms (`expr.Terms`) of the checking
run it is read for. Interned objects (`in`, `il`, `ie`) are referred to by integer index. `mdata`
is dropped (it never changes a term's meaning for the kernel). A file that cannot be read, or that
holds what no Lean export can (a fractional, negative or non-decimal number where a natural number
must be, a lone UTF-16 surrogate in a name or a string, a number too large for this checker), raises
`NdjsonError` with the line number.

Decimal literals are converted in subquadratic time (`decimal_to_int`), independently of Python's
process-wide limit on the digits of `int(str)`.
"""

from __future__ import annotations

import json
import re
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
from .expr import Terms
from .nat import MAX_LITERAL_BITS
from .result import Declined, Outcome, Verdict

SUPPORTED_MAJOR = ("3",)
#: The most digits a `natVal` may have: a literal of more than `nat.MAX_LITERAL_BITS` bits is more
#: than this checker computes with.
MAX_LITERAL_DIGITS = int(MAX_LITERAL_BITS * 0.30103) + 1
_DECIMAL = re.compile(r"[0-9]+")
_CHUNK = 1024  # digits converted by `int` directly (well under Python's default digit limit)


class NdjsonError(Exception):
    """The file is not readable lean4export NDJSON (a decline: `unreadable`)."""


class InvalidInput(NdjsonError):
    """The file is readable but holds a value no Lean declaration can have (a negative, fractional
    or non-decimal natural number, a lone surrogate in a name or string): a rejection."""


class TooLarge(NdjsonError):
    """A literal larger than this checker computes with (a decline: `out-of-fuel`)."""


class _Unknown(NdjsonError):
    """A reference to an index not (yet) defined: a forward reference while reading."""


def _powers_of_ten():
    """`power(k) = 10**k`, memoised, large ones as products of smaller ones (subquadratic)."""
    pow10: dict = {}

    def power(k: int) -> int:
        p = pow10.get(k)
        if p is None:
            p = pow10[k] = 10**k if k <= _CHUNK else power(k // 2) * power(k - k // 2)
        return p

    return power


def decimal_to_int(s: str) -> int:
    """The value of a string of ASCII decimal digits, by divide and conquer (the halves joined by
    one multiplication with a power of ten): subquadratic, where `int(s)` is quadratic in the
    number of digits before Python 3.12."""
    power = _powers_of_ten()

    def go(lo: int, hi: int) -> int:
        if hi - lo <= _CHUNK:
            return int(s[lo:hi])
        k = (hi - lo) // 2
        return go(lo, hi - k) * power(k) + go(hi - k, hi)

    return go(0, len(s))


def int_to_decimal(n: int) -> str:
    """`str(n)` by divide and conquer, independent of Python's digit limit (used when writing)."""
    if n < 0:
        return "-" + int_to_decimal(-n)
    power = _powers_of_ten()

    def go(x: int, width: int) -> str:  # `width` digits, zero-padded (0: no padding)
        if x.bit_length() <= 3 * _CHUNK:
            t = str(x)
            return t.zfill(width) if width else t
        k = int(x.bit_length() * 0.30103) // 2
        hi, lo = divmod(x, power(k))
        return go(hi, width - k if width else 0) + go(lo, k)

    return go(n, 0)


def _natural(v, what: str) -> int:
    """A natural number where the format has one: a JSON integer or a string of decimal digits."""
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise InvalidInput(f"{what} is not a natural number: {_shown(v)}")
    if isinstance(v, int):
        if v < 0:
            raise InvalidInput(f"{what} is negative: {v}")
        return v
    if not _DECIMAL.fullmatch(v):
        if v.startswith("-") and _DECIMAL.fullmatch(v[1:]):
            raise InvalidInput(f"{what} is negative: {_shown(v)}")
        raise InvalidInput(f"{what} is not a natural number in decimal: {_shown(v)}")
    if len(v) > MAX_LITERAL_DIGITS:
        raise TooLarge(f"{what} has {len(v):,} digits, more than the {MAX_LITERAL_DIGITS:,} (2^"
                          f"{MAX_LITERAL_BITS.bit_length() - 1} bits) this checker computes with")
    return decimal_to_int(v)


def _small(v, what: str) -> int:
    """A count or index: a JSON integer >= 0 (not a boolean, not a fraction)."""
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise InvalidInput(f"{what} is not a natural number: {_shown(v)}")
    return v


def _flag(v, what: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidInput(f"{what} is not a boolean: {_shown(v)}")
    return v


def _text(v, what: str) -> str:
    """A string that must be valid Unicode (Lean's strings and names are UTF-8: no lone surrogate)."""
    if not isinstance(v, str):
        raise InvalidInput(f"{what} is not a string: {_shown(v)}")
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{what} is not valid Unicode (it holds a lone UTF-16 surrogate): "
                          f"{_shown(v)}") from None
    return v


def _clip(e: Exception) -> str:
    text = str(e)
    return text if len(text) <= 200 else text[:197] + "..."


def _binder_info(d: dict) -> str:
    v = d.get("binderInfo", "default")
    if not isinstance(v, str):
        raise InvalidInput(f"binderInfo is not a string: {_shown(v)}")
    return v


def _shown(v) -> str:
    text = json.dumps(v, ensure_ascii=True)
    return text if len(text) <= 80 else text[:77] + "..."


class _Reader:
    """Interned objects are stored raw and built on first use, so references may point forward."""

    def __init__(self, terms: Terms) -> None:
        self.T = terms
        self.raw_names: dict = {}
        self.raw_levels: dict = {}
        self.raw_exprs: dict = {}
        self.names: dict[int, tuple] = {0: ()}
        self.levels: dict = {0: terms.zero}
        self.exprs: dict = {}

    def name(self, i) -> tuple:
        r = self.names.get(i) if isinstance(i, int) else None
        if r is not None:
            return r
        chain: list[int] = []
        j = i
        while not (isinstance(j, int) and j in self.names):
            if not isinstance(j, int) or j not in self.raw_names or len(chain) > len(self.raw_names):
                raise _Unknown(f"unknown (or cyclic) name index {_shown(j)}")
            chain.append(j)
            obj = self.raw_names[j]
            j = (obj["str"] if "str" in obj else obj["num"])["pre"]
        for k in reversed(chain):
            obj = self.raw_names[k]
            if "str" in obj:
                s = _text(obj["str"]["str"], "a name component")
                self.names[k] = self.names[obj["str"]["pre"]] + (s,)
            elif "num" in obj:
                n = _small(obj["num"]["i"], "a numeric name component")
                self.names[k] = self.names[obj["num"]["pre"]] + (n,)
            else:
                raise NdjsonError("unknown name kind")
        return self.names[i]

    def level(self, i):
        return self._resolve(i, self.levels, self.raw_levels, _level_children, self._mk_level, "level")

    def expr(self, i):
        return self._resolve(i, self.exprs, self.raw_exprs, _expr_children, self.mk_expr, "expression")

    def _resolve(self, i, done: dict, raw: dict, children, build, what: str):
        r = done.get(i) if isinstance(i, int) else None
        if r is not None:
            return r
        stack = [(i, False)]
        active = set()
        while stack:
            j, ready = stack.pop()
            if isinstance(j, int) and j in done:
                continue
            if not isinstance(j, int) or j not in raw:
                raise _Unknown(f"unknown {what} index {_shown(j)}")
            if ready:
                done[j] = build(raw[j])
                active.discard(j)
                continue
            if j in active:
                raise NdjsonError(f"cyclic {what} reference at index {j}")
            active.add(j)
            stack.append((j, True))
            for c in children(raw[j]):
                if not (isinstance(c, int) and c in done):
                    stack.append((c, False))
        return done[i]

    def _mk_level(self, obj: dict):
        L = self.T.levels
        if "succ" in obj:
            return L.mk_succ(self.level(obj["succ"]))
        if "max" in obj:
            a, b = obj["max"]
            return L.mk_max(self.level(a), self.level(b))
        if "imax" in obj:
            a, b = obj["imax"]
            return L.mk_imax(self.level(a), self.level(b))
        if "param" in obj:
            return L.mk_param(self.name(obj["param"]))
        raise NdjsonError("unknown level kind")

    def line(self, obj: dict):
        # Objects whose references are already known are built at once (the usual case: the raw
        # JSON is then dropped); the others wait in the raw tables until they are needed.
        if "in" in obj:
            self._store(self.raw_names, obj["in"], obj, "name")
            self._eager(obj["in"], self.name, self.raw_names)
            return None
        if "il" in obj:
            self._store(self.raw_levels, obj["il"], obj, "level")
            self._eager(obj["il"], self.level, self.raw_levels)
            return None
        if "ie" in obj:
            self._store(self.raw_exprs, obj["ie"], obj, "expression")
            if all(isinstance(c, int) and c in self.exprs for c in _expr_children(obj)):
                self._eager(obj["ie"], self.expr, self.raw_exprs)
            return None
        if "meta" in obj:
            fmt = str(obj["meta"].get("format", {}).get("version", ""))
            if fmt.split(".")[0] not in SUPPORTED_MAJOR:
                raise NdjsonError(f"unsupported export format version {_shown(fmt)} (expected 3.x)")
            return None
        return obj  # a declaration: built once every line has been read

    @staticmethod
    def _eager(i, build, raw: dict) -> None:
        try:
            build(i)
        except _Unknown:
            return  # a forward reference: resolved on first use
        raw.pop(i, None)

    def _store(self, table: dict, i, obj: dict, what: str) -> None:
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise NdjsonError(f"bad {what} index {_shown(i)}")
        built = {"name": self.names, "level": self.levels, "expression": self.exprs}[what]
        if i in table or i in built:
            raise NdjsonError(f"{what} index {i} defined twice")
        table[i] = obj

    def lps(self, xs) -> tuple:
        return tuple(self.name(x) for x in xs)

    def mk_expr(self, obj: dict):
        x = self.expr
        T = self.T
        if "bvar" in obj:
            return T.mk_bvar(_small(obj["bvar"], "a bound variable index"))
        if "sort" in obj:
            return T.mk_sort(self.level(obj["sort"]))
        if "const" in obj:
            d = obj["const"]
            return T.mk_const(self.name(d["name"]), [self.level(u) for u in d["us"]])
        if "app" in obj:
            d = obj["app"]
            return T.mk_app(x(d["fn"]), x(d["arg"]))
        if "lam" in obj:
            d = obj["lam"]
            return T.mk_lam(self.name(d["name"]), x(d["type"]), x(d["body"]), _binder_info(d))
        if "forallE" in obj:
            d = obj["forallE"]
            return T.mk_pi(self.name(d["name"]), x(d["type"]), x(d["body"]), _binder_info(d))
        if "letE" in obj:
            d = obj["letE"]
            return T.mk_let(self.name(d["name"]), x(d["type"]), x(d["value"]), x(d["body"]))
        if "proj" in obj:
            d = obj["proj"]
            return T.mk_proj(self.name(d["typeName"]), _small(d["idx"], "a projection index"), x(d["struct"]))
        if "natVal" in obj:
            return T.mk_lit(_natural(obj["natVal"], "a natVal"))
        if "strVal" in obj:
            return T.mk_lit(_text(obj["strVal"], "a strVal"))
        if "mdata" in obj:
            return x(obj["mdata"]["expr"])
        raise NdjsonError("unknown expression kind")

    def declaration(self, obj: dict):
        x = self.expr
        if "axiom" in obj:
            d = obj["axiom"]
            return Axiom(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), _flag(d.get("isUnsafe", False), "isUnsafe"))
        if "def" in obj:
            d = obj["def"]
            h = d["hints"]
            if h == "opaque":
                hints = Hints(HintKind.OPAQUE)
            elif h == "abbrev":
                hints = Hints(HintKind.ABBREV)
            elif isinstance(h, dict) and isinstance(h.get("regular"), int) and not isinstance(h["regular"], bool):
                hints = Hints(HintKind.REGULAR, h["regular"])
            else:
                raise NdjsonError(f"bad reducibility hints {_shown(h)}")
            try:
                safety = Safety(d.get("safety", "safe"))
            except ValueError:
                raise NdjsonError(f"bad safety {_shown(d.get('safety'))}") from None
            return Definition(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                              hints, safety, tuple(self.name(n) for n in d.get("all", [])))
        if "thm" in obj:
            d = obj["thm"]
            return Theorem(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                           tuple(self.name(n) for n in d.get("all", [])))
        if "opaque" in obj:
            d = obj["opaque"]
            return Opaque(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), x(d["value"]),
                          _flag(d.get("isUnsafe", False), "isUnsafe"), tuple(self.name(n) for n in d.get("all", [])))
        if "quot" in obj:
            d = obj["quot"]
            try:
                kind = QuotKind(d["kind"])
            except ValueError:
                raise NdjsonError(f"bad quot kind {_shown(d['kind'])}") from None
            return Quot(self.name(d["name"]), self.lps(d["levelParams"]), x(d["type"]), kind)
        if "inductive" in obj:
            d = obj["inductive"]
            if "types" not in d and "inductiveVals" in d:  # format 3.0 names
                d = {"types": d["inductiveVals"], "ctors": d.get("constructorVals", []),
                     "recs": d.get("recursorVals", [])}
            types = tuple(
                InductiveType(self.name(t["name"]), self.lps(t["levelParams"]), x(t["type"]), _small(t["numParams"], "numParams"),
                              _small(t["numIndices"], "numIndices"), tuple(self.name(n) for n in t["all"]),
                              tuple(self.name(n) for n in t["ctors"]), _small(t.get("numNested", 0), "numNested"),
                              _flag(t["isRec"], "isRec"), _flag(t.get("isUnsafe", False), "isUnsafe"), _flag(t["isReflexive"], "isReflexive"))
                for t in d["types"])
            ctors = tuple(
                Constructor(self.name(c["name"]), self.lps(c["levelParams"]), x(c["type"]), self.name(c["induct"]),
                            _small(c["cidx"], "cidx"), _small(c["numParams"], "numParams"), _small(c["numFields"], "numFields"), _flag(c.get("isUnsafe", False), "isUnsafe"))
                for c in d["ctors"])
            recs = tuple(
                Recursor(self.name(r["name"]), self.lps(r["levelParams"]), x(r["type"]),
                         tuple(self.name(n) for n in r["all"]), _small(r["numParams"], "numParams"), _small(r["numIndices"], "numIndices"),
                         _small(r["numMotives"], "numMotives"), _small(r["numMinors"], "numMinors"),
                         tuple(RecursorRule(self.name(u["ctor"]), _small(u["nfields"], "nfields"), x(u["rhs"])) for u in r["rules"]),
                         _flag(r["k"], "k"), _flag(r.get("isUnsafe", False), "isUnsafe"))
                for r in d["recs"])
            return InductiveBlock(types, ctors, recs)
        raise NdjsonError(f"unknown line kind {_shown(sorted(obj)[:3])}")


def parse_lines(lines: Iterable[str], terms: Terms | None = None) -> Iterator:
    """Declarations of an NDJSON export, in order, built in `terms` (a new table if None)."""
    r = _Reader(Terms() if terms is None else terms)
    pending: list = []
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
            raise type(e)(f"line {lineno}: {e}") from None
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise NdjsonError(f"line {lineno}: malformed ({type(e).__name__}: {_clip(e)})") from None
        except RecursionError:
            raise NdjsonError(f"line {lineno}: nested too deeply") from None
        if d is not None:
            pending.append((lineno, d))
    for lineno, obj in pending:
        try:
            key = next((k for k in ("def", "thm", "opaque") if isinstance(obj.get(k), list)), None)
            if key is not None:  # format 3.0 lists a mutual group in one line
                ds = [r.declaration({key: item}) for item in obj[key]]
            else:
                ds = [r.declaration(obj)]
        except NdjsonError as e:
            raise type(e)(f"line {lineno}: {e}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise NdjsonError(f"line {lineno}: malformed ({type(e).__name__}: {_clip(e)})") from None
        yield from ds


def error_verdict(e: NdjsonError) -> Verdict:
    """The verdict on a file that could not be read into declarations: rejected when it holds a
    value no Lean declaration has, declined otherwise (unreadable, or a literal too large)."""
    if isinstance(e, InvalidInput):
        return Verdict(Outcome.REJECTED, "(file)", f"not a valid Lean export: {e}")
    if isinstance(e, TooLarge):
        return Verdict(Outcome.DECLINED, "(file)", f"ran out of fuel reading the export: {e}", Declined.OUT_OF_FUEL)
    return Verdict(Outcome.DECLINED, "(file)", f"cannot read the export: {e}", Declined.UNREADABLE)


def read_ndjson(path: str | Path, terms: Terms | None = None) -> list:
    """The declarations of an NDJSON file, built in `terms` (the checking run's: pass
    `Environment.terms`; a new table if None, which `checker.check_all` then adopts)."""
    with open(path, encoding="utf-8", errors="strict") as f:
        try:
            return list(parse_lines(f, terms))
        except UnicodeDecodeError as e:
            raise NdjsonError(f"the file is not UTF-8 text ({e.reason} at byte {e.start})") from None


# ----------------------------------------------------------------------------------------------
# Writing (used to build test fixtures; also lets another front end export what it read)


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict = {(): 0}
        self.levels: dict = {}
        self.exprs: dict = {}
        self.keep: list = []

    def emit(self, obj: dict) -> None:
        self.lines.append(json.dumps(obj, ensure_ascii=False, sort_keys=True))

    def name(self, n: tuple) -> int:
        i = self.names.get(n)
        if i is None:
            pre = self.name(n[:-1])
            i = len(self.names)
            self.names[n] = i
            last = n[-1]
            if isinstance(last, int):
                self.emit({"in": i, "num": {"pre": pre, "i": last}})
            else:
                self.emit({"in": i, "str": {"pre": pre, "str": last}})
        return i

    def level(self, l) -> int:
        if l.kind == "zero":
            return 0
        i = self.levels.get(id(l))
        if i is not None:
            return i
        obj: dict[str, object]
        if l.kind == "succ":
            obj = {"succ": self.level(l.a)}
        elif l.kind in ("max", "imax"):
            obj = {l.kind: [self.level(l.a), self.level(l.b)]}
        else:
            obj = {"param": self.name(l.a)}
        i = len(self.levels) + 1
        self.levels[id(l)] = i
        self.keep.append(l)
        obj["il"] = i
        self.emit(obj)
        return i

    def expr(self, e) -> int:
        # iterative post-order so that deep terms do not recurse
        stack = [(e, False)]
        while stack:
            x, ready = stack.pop()
            if id(x) in self.exprs:
                continue
            kids = _children(x)
            if not ready:
                stack.append((x, True))
                stack.extend((c, False) for c in kids if id(c) not in self.exprs)
                continue
            self._emit_expr(x)
        return self.exprs[id(e)]

    def _emit_expr(self, x) -> None:
        k = x.kind
        ex = self.exprs
        if k == E.BVAR:
            obj = {"bvar": x.a}
        elif k == E.SORT:
            obj = {"sort": self.level(x.a)}
        elif k == E.CONST:
            obj = {"const": {"name": self.name(x.a), "us": [self.level(u) for u in x.b]}}
        elif k == E.APP:
            obj = {"app": {"fn": ex[id(x.a)], "arg": ex[id(x.b)]}}
        elif k in (E.LAM, E.PI):
            nm = x.c if isinstance(x.c, tuple) else ("x",)
            obj = {"lam" if k == E.LAM else "forallE": {"name": self.name(nm), "type": ex[id(x.a)],
                                                        "body": ex[id(x.b)], "binderInfo": x.d or "default"}}
        elif k == E.LET:
            nm = x.d if isinstance(x.d, tuple) else ("x",)
            obj = {"letE": {"name": self.name(nm), "type": ex[id(x.a)], "value": ex[id(x.b)],
                            "body": ex[id(x.c)], "nondep": False}}
        elif k == E.LIT:
            obj = {"natVal": int_to_decimal(x.a)} if isinstance(x.a, int) else {"strVal": x.a}
        elif k == E.PROJ:
            obj = {"proj": {"typeName": self.name(x.a), "idx": x.b, "struct": ex[id(x.c)]}}
        else:
            raise ValueError("free variables cannot be exported")
        i = len(ex)
        ex[id(x)] = i
        self.keep.append(x)
        obj["ie"] = i
        self.emit(obj)

    def lps(self, ps) -> list:
        return [self.name(p) for p in ps]

    def decl(self, d) -> None:
        n, lp = self.name, self.lps
        if isinstance(d, Axiom):
            t = self.expr(d.type)
            self.emit({"axiom": {"name": n(d.name), "levelParams": lp(d.level_params), "type": t,
                                 "isUnsafe": d.is_unsafe}})
        elif isinstance(d, Definition):
            t, v = self.expr(d.type), self.expr(d.value)
            h = d.hints.kind.value if d.hints.kind != HintKind.REGULAR else {"regular": d.hints.height}
            self.emit({"def": {"name": n(d.name), "levelParams": lp(d.level_params), "type": t, "value": v,
                               "hints": h, "safety": d.safety.value, "all": [n(a) for a in d.all or (d.name,)]}})
        elif isinstance(d, Theorem):
            t, v = self.expr(d.type), self.expr(d.value)
            self.emit({"thm": {"name": n(d.name), "levelParams": lp(d.level_params), "type": t, "value": v,
                               "all": [n(a) for a in d.all or (d.name,)]}})
        elif isinstance(d, Opaque):
            t, v = self.expr(d.type), self.expr(d.value)
            self.emit({"opaque": {"name": n(d.name), "levelParams": lp(d.level_params), "type": t, "value": v,
                                  "isUnsafe": d.is_unsafe, "all": [n(a) for a in d.all or (d.name,)]}})
        elif isinstance(d, Quot):
            t = self.expr(d.type)
            self.emit({"quot": {"name": n(d.name), "levelParams": lp(d.level_params), "type": t,
                                "kind": d.kind.value}})
        elif isinstance(d, InductiveBlock):
            for x in list(d.types) + list(d.ctors) + list(d.recursors):
                self.expr(x.type)
            for r in d.recursors:
                for rule in r.rules:
                    self.expr(rule.rhs)
            types = [{"name": n(t.name), "levelParams": lp(t.level_params), "type": self.expr(t.type),
                      "numParams": t.num_params, "numIndices": t.num_indices, "all": [n(a) for a in t.all],
                      "ctors": [n(c) for c in t.ctors], "numNested": t.num_nested, "isRec": t.is_rec,
                      "isUnsafe": t.is_unsafe, "isReflexive": t.is_reflexive} for t in d.types]
            ctors = [{"name": n(c.name), "levelParams": lp(c.level_params), "type": self.expr(c.type),
                      "induct": n(c.induct), "cidx": c.cidx, "numParams": c.num_params,
                      "numFields": c.num_fields, "isUnsafe": c.is_unsafe} for c in d.ctors]
            recs = [{"name": n(r.name), "levelParams": lp(r.level_params), "type": self.expr(r.type),
                     "all": [n(a) for a in r.all], "numParams": r.num_params, "numIndices": r.num_indices,
                     "numMotives": r.num_motives, "numMinors": r.num_minors,
                     "rules": [{"ctor": n(u.ctor), "nfields": u.nfields, "rhs": self.expr(u.rhs)} for u in r.rules],
                     "k": r.k, "isUnsafe": r.is_unsafe} for r in d.recursors]
            self.emit({"inductive": {"types": types, "ctors": ctors, "recs": recs}})
        else:
            raise TypeError(f"not a declaration: {d!r}")


def _level_children(obj: dict) -> list:
    if "succ" in obj:
        return [obj["succ"]]
    if "max" in obj:
        return list(obj["max"])
    if "imax" in obj:
        return list(obj["imax"])
    return []


def _expr_children(obj: dict) -> list:
    for k, fields in (("app", ("fn", "arg")), ("lam", ("type", "body")), ("forallE", ("type", "body")),
                      ("letE", ("type", "value", "body")), ("proj", ("struct",)), ("mdata", ("expr",))):
        if k in obj:
            return [obj[k][f] for f in fields]
    return []


def _children(x) -> list:
    k = x.kind
    if k in (E.APP, E.LAM, E.PI):
        return [x.a, x.b]
    if k == E.LET:
        return [x.a, x.b, x.c]
    if k == E.PROJ:
        return [x.c]
    return []


def dump_lines(decls: Iterable) -> list[str]:
    """lean4export-style NDJSON lines (format 3.1.0) for declarations of the model."""
    w = _Writer()
    w.emit({"meta": {"exporter": {"name": "claimcheck.kernel", "version": "0"},
                     "format": {"version": "3.1.0"}, "lean": {"githash": "", "version": ""}}})
    for d in decls:
        w.decl(d)
    return w.lines
