"""A pure-Python reader of Lean 4 ``.olean`` files.

An ``.olean`` file is a Lean object graph written by the runtime's *compactor*
(``src/runtime/compact.cpp``) after a fixed header (``src/library/module.cpp``)::

    0x00  "olean"            5 bytes magic
    0x05  version            1 byte (2 for Lean >= 4.22)
    0x06  flags              1 byte (bit 0: bignums use GMP)
    0x07  Lean version       33 bytes, NUL padded ("4.28.0-pre")
    0x28  githash            40 bytes
    0x50  base_addr          size_t (4 bytes on wasm32, 8 on native 64-bit)
    then  root pointer       size_t, then the objects

Every pointer is an absolute address: ``base_addr`` + offset in the file.  A
module is written as up to three *parts* (``.olean``, ``.olean.server``,
``.olean.private``) by one compactor, so a later part points into an earlier
one; pointers are resolved by the part whose ``[base_addr, base_addr+size)``
contains them.  A pointer with its low bit set is a boxed scalar.

Object header (8 bytes): ``int32 rc`` (0: persistent), ``uint16 cs_sz``,
``uint8 other``, ``uint8 tag``.  Tags below 245 are constructors (``other`` =
number of pointer fields, ``cs_sz`` = byte size); 246 Array, 248 scalar array,
249 String, 250 big number (MPZ).

The root object is ``Lean.ModuleData`` (``imports``, ``constNames``,
``constants``, ``extraConstNames``, ``entries``; scalar ``isModule``).  Its
``ConstantInfo`` values are decoded *lazily*: names are decoded when the module
is indexed; a constant's type and value are only decoded on access.

The layout (field order, tags) was checked against real files of Lean
4.28.0-pre (wasm32).  Any other header version, an unverified Lean version or
an object that does not have the expected shape raises :class:`OleanError`
naming the file: this reader never guesses.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from claimcheck.errors import OleanError
from claimcheck.model.names import Name
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Level, Lit, MData, MVar, Proj, Sort

__all__ = [
    "OleanError",
    "OleanHeader",
    "Name",
    "Level",
    "Expr",
    "BVar",
    "FVar",
    "MVar",
    "Sort",
    "Const",
    "App",
    "Lam",
    "ForallE",
    "LetE",
    "Lit",
    "MData",
    "Proj",
    "Import",
    "ConstantInfo",
    "KernelFields",
    "RecursorRule",
    "Module",
    "Environment",
    "read_header",
    "module_paths",
    "CONSTANT_KINDS",
]

MAGIC = b"olean"
SUPPORTED_FORMAT_VERSIONS = frozenset({2})
#: Lean versions (prefix of the header's version string) whose object layout was
#: verified against real files.  Others are refused unless the caller opts in.
VERIFIED_LEAN_VERSIONS = ("4.28.",)

HEADER_FIXED = 5 + 1 + 1 + 33 + 40  # = 0x50: bytes before base_addr

TAG_ARRAY = 246
TAG_SARRAY = 248
TAG_STRING = 249
TAG_MPZ = 250
MAX_CTOR_TAG = 244

#: ``ConstantInfo`` constructor tags, in declaration order (Lean/Declaration.lean).
CONSTANT_KINDS = (
    "axiom",
    "definition",
    "theorem",
    "opaque",
    "quotient",
    "inductive",
    "constructor",
    "recursor",
)
# number of pointer fields of each ``…Val`` (the first is ``ConstantVal``)
_VAL_PTR_FIELDS = {
    "axiom": 1,  # toConstantVal; isUnsafe scalar
    "definition": 4,  # toConstantVal, value, hints, all; safety scalar
    "theorem": 3,  # toConstantVal, value, all
    "opaque": 3,  # toConstantVal, value, all; isUnsafe scalar
    "quotient": 1,  # toConstantVal; kind scalar
    "inductive": 6,  # toConstantVal, numParams, numIndices, all, ctors, numNested
    "constructor": 5,  # toConstantVal, induct, cidx, numParams, numFields
    "recursor": 7,  # toConstantVal, all, numParams, numIndices, numMotives, numMinors, rules
}

_U16 = struct.Struct("<H")
_HDR = struct.Struct("<iHBB")


_ANONYMOUS = Name(())


# ---------------------------------------------------------------------------
# Decoded data
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    """One ``import`` of a module header (module names are dotted texts: a module is a file)."""

    module: str
    import_all: bool
    is_exported: bool
    is_meta: bool


@dataclass(frozen=True)
class OleanHeader:
    path: Path
    version: int
    flags: int
    lean_version: str
    githash: str
    base_addr: int
    ptr_size: int
    root: int
    size: int


# ---------------------------------------------------------------------------
# Raw object graph
# ---------------------------------------------------------------------------


def _cstr(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("ascii", "replace")


def read_header(path: Path, data: bytes, allow_unverified_version: bool = False) -> OleanHeader:
    """Parse and check the header of one ``.olean`` part."""
    if len(data) < HEADER_FIXED + 8 or data[:5] != MAGIC:
        raise OleanError(f"{path}: not an .olean file (bad magic or truncated header)")
    version, flags = data[5], data[6]
    lean_version = _cstr(data[7:40])
    githash = _cstr(data[40:80])
    if version not in SUPPORTED_FORMAT_VERSIONS:
        raise OleanError(
            f"{path}: unsupported .olean format version {version} (Lean {lean_version!r}); "
            f"this reader knows version(s) {sorted(SUPPORTED_FORMAT_VERSIONS)}"
        )
    if not allow_unverified_version and not lean_version.startswith(VERIFIED_LEAN_VERSIONS):
        raise OleanError(
            f"{path}: .olean written by Lean {lean_version!r}, whose object layout this reader "
            f"has not verified (verified: {', '.join(v + 'x' for v in VERIFIED_LEAN_VERSIONS)})"
        )
    size = len(data)
    # Detect the pointer width from ``base_addr``: it is 64 KiB aligned, and below 2^47 on
    # native 64-bit (module.cpp).  Read as 8 bytes, a wasm32 header gives ``root << 32 | base``,
    # far above 2^47.  The root pointer may point into an earlier part of the module (objects are
    # shared between parts), so it is checked when the parts are resolved, not here.
    for ptr_size, fmt in ((8, "<QQ"), (4, "<II")):
        if len(data) < HEADER_FIXED + 2 * ptr_size:
            continue
        base, root = struct.unpack_from(fmt, data, HEADER_FIXED)
        if base % 0x10000 == 0 and base < (1 << 47) and not root & 1 and root % ptr_size == 0:
            return OleanHeader(path, version, flags, lean_version, githash, base, ptr_size, root, size)
    raise OleanError(f"{path}: corrupted or truncated .olean header (no valid base address; Lean {lean_version!r})")


class _Part:
    __slots__ = ("path", "data", "header", "base", "end")

    def __init__(self, path: Path, data: bytes, header: OleanHeader):
        self.path = path
        self.data = data
        self.header = header
        self.base = header.base_addr
        self.end = header.base_addr + len(data)


class _Graph:
    """The object graph of one module: its parts, with pointer resolution."""

    def __init__(self, parts: Sequence[_Part]):
        if not parts:
            raise OleanError("no .olean part given")
        self.parts = list(parts)
        p0 = self.parts[0].header
        self.ptr = p0.ptr_size
        for p in self.parts[1:]:
            if p.header.ptr_size != self.ptr or p.header.lean_version != p0.lean_version:
                raise OleanError(f"{p.path}: part does not match {self.parts[0].path} (pointer size or Lean version)")
        self.pfmt = "<I" if self.ptr == 4 else "<Q"
        self._pstruct = struct.Struct(self.pfmt)
        self._pn: dict[int, struct.Struct] = {}
        self.names: dict[int, Name] = {}
        self.path = self.parts[0].path

    def err(self, msg: str) -> OleanError:
        return OleanError(f"{self.path}: {msg} (Lean {self.parts[0].header.lean_version})")

    def loc(self, addr: int) -> tuple[bytes, int]:
        for p in self.parts:
            if p.base <= addr < p.end:
                off = addr - p.base
                if off + 8 > len(p.data):
                    break
                return p.data, off
        raise self.err(f"pointer {addr:#x} outside every part (corrupted or truncated file)")

    def obj(self, addr: int) -> tuple[bytes, int, int, int, int]:
        """(data, offset, tag, other, cs_sz) of the object at ``addr``."""
        if addr & 1:
            raise self.err(f"expected an object, found the scalar {addr >> 1}")
        data, off = self.loc(addr)
        _rc, cs, other, tag = _HDR.unpack_from(data, off)
        return data, off, tag, other, cs

    def ptrs(self, data: bytes, off: int, n: int) -> tuple[int, ...]:
        s = self._pn.get(n)
        if s is None:
            s = self._pn[n] = struct.Struct("<%d%s" % (n, "I" if self.ptr == 4 else "Q"))
        end = off + 8 + n * self.ptr
        if end > len(data):
            raise self.err(f"object at offset {off:#x} runs past the end of the file")
        return s.unpack_from(data, off + 8)

    def ctor(self, addr: int, tag: int | tuple[int, ...] | None, nptr: int, what: str) -> tuple[bytes, int, int, tuple[int, ...]]:
        data, off, t, other, cs = self.obj(addr)
        if t > MAX_CTOR_TAG or other != nptr or (tag is not None and (t != tag if isinstance(tag, int) else t not in tag)):
            raise self.err(f"unexpected object for {what}: tag {t}, {other} pointer fields (layout not understood)")
        return data, off, t, self.ptrs(data, off, other)

    def scalars(self, data: bytes, off: int, nptr: int) -> int:
        return off + 8 + nptr * self.ptr

    def array(self, addr: int) -> tuple[int, ...]:
        data, off, tag, _o, _c = self.obj(addr)
        if tag != TAG_ARRAY:
            raise self.err(f"expected an Array, found tag {tag}")
        (n,) = self._pstruct.unpack_from(data, off + 8)
        s = self._pn.get(-n)
        if s is None:
            s = self._pn[-n] = struct.Struct("<%d%s" % (n, "I" if self.ptr == 4 else "Q"))
        start = off + 8 + 2 * self.ptr
        if start + n * self.ptr > len(data):
            raise self.err("array runs past the end of the file")
        return s.unpack_from(data, start)

    def list(self, addr: int) -> list[int]:
        out = []
        while not addr & 1:
            _d, _o, _t, (head, tail) = self.ctor(addr, 1, 2, "List.cons")
            out.append(head)
            addr = tail
        return out

    def string(self, addr: int) -> str:
        data, off, tag, _o, _c = self.obj(addr)
        if tag != TAG_STRING:
            raise self.err(f"expected a String, found tag {tag}")
        (size,) = self._pstruct.unpack_from(data, off + 8)
        start = off + 8 + 3 * self.ptr
        if size < 1 or start + size > len(data):
            raise self.err("string runs past the end of the file")
        return data[start : start + size - 1].decode("utf-8", "replace")

    def nat(self, addr: int) -> int:
        if addr & 1:
            return addr >> 1
        data, off, tag, _o, _c = self.obj(addr)
        if tag != TAG_MPZ:
            raise self.err(f"expected a Nat, found tag {tag}")
        if self.parts[0].header.flags & 1:
            raise self.err("GMP-encoded big numbers are not supported")
        # non-GMP mpz: { bool m_sign; size_t m_size; mpn_digit * m_digits } after the header
        p = self.ptr
        sign = data[off + 8]
        (size,) = self._pstruct.unpack_from(data, off + 8 + p)
        (digits,) = self._pstruct.unpack_from(data, off + 8 + 2 * p)
        ddata, doff = self.loc(digits) if size else (data, off)
        value = 0
        for i in reversed(range(size)):
            (d,) = struct.unpack_from("<I", ddata, doff + 4 * i)
            value = (value << 32) | d
        return -value if sign else value

    def name(self, addr: int) -> Name:
        """The ``Name`` at ``addr`` (memoised by address; prefixes are shared)."""
        names = self.names
        got = names.get(addr)
        if got is not None:
            return got
        if addr == 1:
            return _ANONYMOUS
        chain: list[tuple[int, int, int]] = []
        a = addr
        while a != 1:
            got = names.get(a)
            if got is not None:
                break
            if a & 1:
                raise self.err(f"expected a Name, found the scalar {a >> 1}")
            data, off = self.loc(a)
            tag, other = data[off + 7], data[off + 6]
            if tag not in (1, 2) or other != 2:
                raise self.err(f"expected a Name, found tag {tag} with {other} pointer fields")
            pre, comp = self.ptrs(data, off, 2)
            chain.append((a, tag, comp))
            a = pre
        comps: tuple[str | int, ...] = got.components if got is not None else ()
        for a, tag, comp in reversed(chain):
            comps = comps + (self.string(comp) if tag == 1 else self.nat(comp),)
            names[a] = Name(comps)
        return names[addr]

    def module_name(self, addr: int) -> str:
        """A module's name as its dotted text (modules are files: see :class:`Import`)."""
        return ".".join(str(c) for c in self.name(addr).components)


# ---------------------------------------------------------------------------
# Levels and expressions
# ---------------------------------------------------------------------------

_LEVEL_KINDS = ("zero", "succ", "max", "imax", "param", "mvar")
_LEVEL_PTRS = (0, 1, 2, 2, 1, 1)
_EXPR_PTRS = (1, 1, 1, 1, 2, 2, 3, 3, 4, 1, 2, 3)


class _Decoder:
    """Decodes levels and expressions of one module graph, memoised by address."""

    def __init__(self, g: _Graph):
        self.g = g
        self.levels: dict[int, Level] = {}
        self.exprs: dict[int, Expr] = {}

    def level(self, addr: int) -> Level:
        got = self.levels.get(addr)
        if got is not None:
            return got
        g = self.g
        if addr & 1:
            if addr >> 1 != 0:
                raise g.err(f"unexpected scalar level {addr >> 1}")
            lv = Level("zero")
        else:
            data, off, tag, other, _cs = g.obj(addr)
            if tag > 5 or other != _LEVEL_PTRS[tag]:
                raise g.err(f"unexpected Level object: tag {tag}, {other} pointer fields")
            ps = g.ptrs(data, off, other)
            kind = _LEVEL_KINDS[tag]
            if kind in ("param", "mvar"):
                lv = Level(kind, (), g.name(ps[0]))
            else:
                lv = Level(kind, tuple(self.level(p) for p in ps))
        self.levels[addr] = lv
        return lv

    def expr(self, root: int) -> Expr:
        """Decode the expression at ``root`` iteratively (terms may be very deep)."""
        cache = self.exprs
        got = cache.get(root)
        if got is not None:
            return got
        g = self.g
        stack = [root]
        while stack:
            addr = stack[-1]
            if addr in cache:
                stack.pop()
                continue
            data, off, tag, other, _cs = g.obj(addr)
            if tag > 11 or other != _EXPR_PTRS[tag]:
                raise g.err(f"unexpected Expr object: tag {tag}, {other} pointer fields")
            ps = g.ptrs(data, off, other)
            # children that are expressions
            if tag == 5:
                kids = ps
            elif tag in (6, 7):
                kids = ps[1:]
            elif tag == 8:
                kids = ps[1:]
            elif tag == 10:
                kids = ps[1:]
            elif tag == 11:
                kids = ps[2:]
            else:
                kids = ()
            missing = [k for k in kids if k not in cache]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            sc = g.scalars(data, off, other)
            if tag == 0:
                e: Expr = BVar(g.nat(ps[0]))
            elif tag == 1:
                e = FVar(g.name(ps[0]))
            elif tag == 2:
                e = MVar(g.name(ps[0]))
            elif tag == 3:
                e = Sort(self.level(ps[0]))
            elif tag == 4:
                e = Const(g.name(ps[0]), tuple(self.level(x) for x in g.list(ps[1])))
            elif tag == 5:
                e = App(cache[ps[0]], cache[ps[1]])
            elif tag == 6 or tag == 7:
                bi = data[sc + 8]  # after the cached 8-byte ``data`` field
                cls = Lam if tag == 6 else ForallE
                e = cls(g.name(ps[0]), cache[ps[1]], cache[ps[2]], bi)
            elif tag == 8:
                e = LetE(g.name(ps[0]), cache[ps[1]], cache[ps[2]], cache[ps[3]])
            elif tag == 9:
                ldata, loff, ltag, lother, _ = g.obj(ps[0])
                if ltag not in (0, 1) or lother != 1:
                    raise g.err(f"unexpected Literal object: tag {ltag}")
                (v,) = g.ptrs(ldata, loff, 1)
                e = Lit(g.nat(v) if ltag == 0 else g.string(v))
            elif tag == 10:
                e = MData(cache[ps[1]])
            else:
                e = Proj(g.name(ps[0]), g.nat(ps[1]), cache[ps[2]])
            cache[addr] = e
        return cache[root]

    def used_constants(self, root: int, seen: set[int] | None = None) -> set[Name]:
        """Names of the constants an expression mentions, read straight from the graph."""
        g = self.g
        out: set[Name] = set()
        seen = set() if seen is None else seen
        structs = [struct.Struct("<%d%s" % (n, "I" if g.ptr == 4 else "Q")) for n in range(5)]
        parts = [(p.base, p.end, p.data) for p in g.parts]
        name = g.name
        stack = [root]
        pop, push = stack.pop, stack.append
        while stack:
            addr = pop()
            if addr in seen:
                continue
            seen.add(addr)
            for base, end, data in parts:
                if base <= addr < end:
                    off = addr - base
                    break
            else:
                raise g.err(f"pointer {addr:#x} outside every part (corrupted or truncated file)")
            if off + 8 > len(data):
                raise g.err(f"object at {addr:#x} runs past the end of the file")
            other, tag = data[off + 6], data[off + 7]
            if tag > 11 or other != _EXPR_PTRS[tag]:
                raise g.err(f"unexpected Expr object: tag {tag}, {other} pointer fields")
            if tag < 4 or tag == 9:
                continue
            if off + 8 + other * g.ptr > len(data):
                raise g.err(f"object at {addr:#x} runs past the end of the file")
            ps = structs[other].unpack_from(data, off + 8)
            if tag == 4:
                out.add(name(ps[0]))
            elif tag == 5:
                push(ps[0])
                push(ps[1])
            elif tag == 11:
                push(ps[2])
            else:  # lam, forallE, letE, mdata: the first field is a name / the data
                for x in ps[1:]:
                    push(x)
        return out


# ---------------------------------------------------------------------------
# Constants and modules
# ---------------------------------------------------------------------------


@dataclass(eq=False)
class ConstantInfo:
    """One declaration. ``type`` and ``value`` are decoded on first access."""

    kind: str
    name: Name
    level_params: tuple[Name, ...]
    module: str
    type_addr: int
    value_addr: int | None
    all: tuple[Name, ...] = ()
    ctors: tuple[Name, ...] = ()
    induct: Name | None = None
    is_unsafe: bool = False
    num_params: int | None = None
    rule_addrs: tuple[int, ...] = ()
    _decoder: "_Decoder | None" = field(default=None, repr=False)
    _type: Expr | None = field(default=None, repr=False)
    _value: Expr | None = field(default=None, repr=False)

    @property
    def has_value(self) -> bool:
        return self.value_addr is not None

    @property
    def type(self) -> Expr:
        if self._type is None:
            assert self._decoder is not None
            self._type = self._decoder.expr(self.type_addr)
        return self._type

    @property
    def value(self) -> Expr | None:
        if self.value_addr is None:
            return None
        if self._value is None:
            assert self._decoder is not None
            self._value = self._decoder.expr(self.value_addr)
        return self._value

    def type_constants(self) -> set[Name]:
        assert self._decoder is not None
        return self._decoder.used_constants(self.type_addr)

    def value_constants(self) -> set[Name]:
        if self.value_addr is None:
            return set()
        assert self._decoder is not None
        return self._decoder.used_constants(self.value_addr)


@dataclass(frozen=True)
class RecursorRule:
    """One rule of a recursor: the constructor it is for, that constructor's field count, the
    rule's right-hand side."""

    ctor: Name
    num_fields: int
    rhs: Expr


@dataclass(frozen=True)
class KernelFields:
    """What a constant's value object holds beyond :class:`ConstantInfo`: what a kernel needs to
    check it (its counts, flags, reducibility hints and recursor rules), read as the file's layout
    says. Fields a kind does not have keep their defaults."""

    kind: str
    is_unsafe: bool = False
    #: a definition's safety (0 unsafe, 1 safe, 2 partial) and reducibility hints: ``opaque``,
    #: ``abbrev`` or ``regular`` with its height
    safety: int = 1
    hints: tuple[str, int] = ("opaque", 0)
    #: a quotient constant's kind (0 ``Quot``, 1 ``Quot.mk``, 2 ``Quot.lift``, 3 ``Quot.ind``)
    quot_kind: int = 0
    num_params: int = 0
    num_indices: int = 0
    num_nested: int = 0
    is_rec: bool = False
    is_reflexive: bool = False
    cidx: int = 0
    num_fields: int = 0
    num_motives: int = 0
    num_minors: int = 0
    k: bool = False
    rules: tuple[RecursorRule, ...] = ()


def module_paths(module: str, folder: Path) -> tuple[Path, Path, Path]:
    """The ``.olean``, ``.olean.server`` and ``.olean.private`` paths of ``module``."""
    base = folder.joinpath(*module.split("."))
    olean = base.with_name(base.name + ".olean")
    return olean, olean.with_name(olean.name + ".server"), olean.with_name(olean.name + ".private")


_PART_NAMES = ("olean", "server", "private")


class Module:
    """All parts of one compiled module, merged (the private part wins).

    ``Module.load(name, olean_path)`` reads ``X.olean`` and, when present,
    ``X.olean.server`` and ``X.olean.private`` next to it.
    """

    def __init__(self, name: str, parts: Sequence[tuple[str, Path, bytes]], allow_unverified_version: bool = False):
        self.name = name
        loaded: list[_Part] = []
        self.part_kinds: list[str] = []
        for kind, path, data in parts:
            loaded.append(_Part(path, data, read_header(path, data, allow_unverified_version)))
            self.part_kinds.append(kind)
        self.path = loaded[0].path
        self._graph = _Graph(loaded)
        self._decoder = _Decoder(self._graph)
        self.header = loaded[0].header
        self.has_private = "private" in self.part_kinds
        first = loaded[0]
        if not first.base + HEADER_FIXED + 2 * first.header.ptr_size <= first.header.root < first.end:
            raise OleanError(f"{first.path}: corrupted or truncated .olean (root object outside the file; Lean {first.header.lean_version})")
        roots = [self._root(p) for p in loaded]
        self._roots = roots
        g = self._graph
        self.imports: tuple[Import, ...] = tuple(self._import(a) for a in g.array(roots[0][0][0]))
        self.is_module = bool(roots[0][1])
        # name -> (part index, address of the ConstantInfo); later parts override
        self._entries: dict[Name, tuple[int, int]] = {}
        for i, (fields, _is_mod) in enumerate(roots):
            names = g.array(fields[1])
            consts = g.array(fields[2])
            if len(names) != len(consts):
                raise g.err("constNames and constants differ in length")
            for n_addr, c_addr in zip(names, consts):
                self._entries[g.name(n_addr)] = (i, c_addr)
        self._cache: dict[Name, ConstantInfo] = {}

    @classmethod
    def load(cls, name: str, olean: Path, allow_unverified_version: bool = False) -> "Module":
        parts = []
        for kind, p in zip(_PART_NAMES, (olean, olean.with_name(olean.name + ".server"), olean.with_name(olean.name + ".private"))):
            try:
                parts.append((kind, p, p.read_bytes()))
            except FileNotFoundError:
                if kind == "olean":
                    raise OleanError(f"{p}: no such file (module {name})") from None
        return cls(name, parts, allow_unverified_version)

    def _root(self, part: _Part) -> tuple[tuple[int, ...], int]:
        g = self._graph
        data, off, tag, other, cs = g.obj(part.header.root)
        if tag != 0 or other != 5:
            raise OleanError(f"{part.path}: root object is not a ModuleData (tag {tag}, {other} fields; Lean {part.header.lean_version})")
        ps = g.ptrs(data, off, 5)
        return ps, data[g.scalars(data, off, 5)]

    def _import(self, addr: int) -> Import:
        g = self._graph
        data, off, _t, (mod,) = g.ctor(addr, 0, 1, "Import")
        s = g.scalars(data, off, 1)
        return Import(g.module_name(mod), bool(data[s]), bool(data[s + 1]), bool(data[s + 2]))

    @property
    def lean_version(self) -> str:
        return self.header.lean_version

    def constant_names(self) -> list[Name]:
        return list(self._entries)

    def __contains__(self, name: Name) -> bool:
        return name in self._entries

    def get(self, name: Name) -> ConstantInfo | None:
        got = self._cache.get(name)
        if got is not None:
            return got
        entry = self._entries.get(name)
        if entry is None:
            return None
        ci = self._decode_constant(entry[1])
        self._cache[name] = ci
        return ci

    def constants(self) -> Iterator[ConstantInfo]:
        for n in self._entries:
            ci = self.get(n)
            assert ci is not None
            yield ci

    def _decode_constant(self, addr: int) -> ConstantInfo:
        g = self._graph
        data, off, tag, other, _cs = g.obj(addr)
        if tag > 7 or other != 1:
            raise g.err(f"unexpected ConstantInfo object: tag {tag}, {other} fields")
        kind = CONSTANT_KINDS[tag]
        (val,) = g.ptrs(data, off, 1)
        n = _VAL_PTR_FIELDS[kind]
        vdata, voff, _t, vps = g.ctor(val, 0, n, f"{kind} value")
        _cd, _co, _ct, (name_a, lps_a, type_a) = g.ctor(vps[0], 0, 3, "ConstantVal")
        name = g.name(name_a)
        lps = tuple(g.name(x) for x in g.list(lps_a))
        sc = g.scalars(vdata, voff, n)
        ci = ConstantInfo(kind, name, lps, self.name, type_a, None, _decoder=self._decoder)
        if kind in ("definition", "theorem", "opaque"):
            ci.value_addr = vps[1]
            all_a = vps[3] if kind == "definition" else vps[2]
            ci.all = tuple(g.name(x) for x in g.list(all_a))
            if kind == "opaque":
                ci.is_unsafe = bool(vdata[sc])
            elif kind == "definition":
                ci.is_unsafe = vdata[sc] == 0  # DefinitionSafety.unsafe
        elif kind == "axiom":
            ci.is_unsafe = bool(vdata[sc])
        elif kind == "inductive":
            ci.num_params = g.nat(vps[1])
            ci.all = tuple(g.name(x) for x in g.list(vps[3]))
            ci.ctors = tuple(g.name(x) for x in g.list(vps[4]))
            ci.is_unsafe = bool(vdata[sc + 1])
        elif kind == "constructor":
            ci.induct = g.name(vps[1])
            ci.num_params = g.nat(vps[3])
            ci.is_unsafe = bool(vdata[sc])
        elif kind == "recursor":
            ci.all = tuple(g.name(x) for x in g.list(vps[1]))
            ci.num_params = g.nat(vps[2])
            rules = []
            for r in g.list(vps[6]):
                _rd, _ro, _rt, rps = g.ctor(r, 0, 3, "RecursorRule")
                rules.append(rps[2])
            ci.rule_addrs = tuple(rules)
            ci.is_unsafe = bool(vdata[sc + 1])
        return ci

    def constant_part(self, name: Name) -> str | None:
        """Which part (``olean``, ``server`` or ``private``) supplied ``name``."""
        e = self._entries.get(name)
        return None if e is None else self.part_kinds[e[0]]

    def in_exported_part(self, name: Name) -> bool:
        """Whether ``name`` appears in the exported ``.olean`` part's constant list."""
        g = self._graph
        names = getattr(self, "_exported_names", None)
        if names is None:
            names = {g.name(a) for a in g.array(self._roots[0][0][1])}
            self._exported_names = names
        return name in names

    def kernel_fields(self, name: Name) -> KernelFields:
        """The fields of ``name``'s value object that :class:`ConstantInfo` does not decode (for a
        kernel's front end). Raises ``KeyError`` for a name the module does not declare."""
        g = self._graph
        data, off, tag, _other, _cs = g.obj(self._entries[name][1])
        kind = CONSTANT_KINDS[tag]
        (val,) = g.ptrs(data, off, 1)
        n = _VAL_PTR_FIELDS[kind]
        vdata, voff, _t, ps = g.ctor(val, 0, n, kind)
        flags = vdata[g.scalars(vdata, voff, n):]
        if kind in ("axiom", "opaque"):
            return KernelFields(kind, is_unsafe=bool(flags[0]))
        if kind == "definition":
            return KernelFields(kind, is_unsafe=flags[0] == 0, safety=flags[0], hints=self._hints(ps[2]))
        if kind == "quotient":
            return KernelFields(kind, quot_kind=flags[0])
        if kind == "inductive":
            return KernelFields(kind, num_params=g.nat(ps[1]), num_indices=g.nat(ps[2]), num_nested=g.nat(ps[5]),
                                is_rec=bool(flags[0]), is_unsafe=bool(flags[1]), is_reflexive=bool(flags[2]))
        if kind == "constructor":
            return KernelFields(kind, cidx=g.nat(ps[2]), num_params=g.nat(ps[3]), num_fields=g.nat(ps[4]),
                                is_unsafe=bool(flags[0]))
        if kind == "recursor":
            rules = []
            for addr in g.list(ps[6]):
                _d, _o, _t, (ctor, nfields, rhs) = g.ctor(addr, 0, 3, "RecursorRule")
                rules.append(RecursorRule(g.name(ctor), g.nat(nfields), self._decoder.expr(rhs)))
            return KernelFields(kind, num_params=g.nat(ps[2]), num_indices=g.nat(ps[3]), num_motives=g.nat(ps[4]),
                                num_minors=g.nat(ps[5]), rules=tuple(rules), k=bool(flags[0]),
                                is_unsafe=bool(flags[1]))
        return KernelFields(kind)  # a theorem: nothing beyond its type and value

    def _hints(self, addr: int) -> tuple[str, int]:
        """A definition's reducibility hints: ``opaque`` and ``abbrev`` are boxed, ``regular`` holds its height."""
        if addr & 1:
            return ("opaque" if addr >> 1 == 0 else "abbrev", 0)
        data, off, _tag, _other, _cs = self._graph.obj(addr)
        (height,) = struct.unpack_from("<I", data, off + 8)
        return ("regular", height)


# ---------------------------------------------------------------------------
# Environment
# ---------------------------------------------------------------------------


class Environment:
    """Modules loaded on demand from a search path, with constant look-up in a module's scope.

    ``search_path`` lists folders holding ``X/Y.olean`` for module ``X.Y`` (the project's
    ``build/lib`` and the core library folder).  The first folder holding a module wins.

    Lean checks each module in the environment of its own imports, where every name is declared
    once. Two modules that no environment imports together may declare the same name (two project
    files both with a ``helper``, a ``prelude`` module's ``Nat.gcd`` beside ``Init``'s), so a name
    is looked up **within a module's scope**: ``find(name, within=M)`` is the declaration of
    ``name`` among ``M`` and the modules it imports, transitively (loaded breadth-first from
    ``M``, only as far as needed). ``declarers(name)`` lists every loaded module declaring it.
    """

    def __init__(self, search_path: Iterable[Path], allow_unverified_version: bool = False):
        self.search_path = [Path(p) for p in search_path]
        self.allow_unverified_version = allow_unverified_version
        self.modules: dict[str, Module] = {}
        self._index: dict[Name, list[Module]] = {}
        # per scope root: the modules of its import closure visited so far (breadth-first), and the
        # modules still to visit
        self._visited: dict[str, set[str]] = {}
        self._frontier: dict[str, list[str]] = {}

    def locate(self, module: str) -> tuple[Path, Path] | None:
        """(``.olean`` path, search folder) of ``module``, or ``None``."""
        for folder in self.search_path:
            olean = module_paths(module, folder)[0]
            if olean.is_file():
                return olean, folder
        return None

    def module_folder(self, module: str) -> Path | None:
        got = self.locate(module)
        return None if got is None else got[1]

    def load(self, module: str) -> Module:
        """Load ``module`` (not its imports) and index its constants."""
        got = self.modules.get(module)
        if got is not None:
            return got
        found = self.locate(module)
        if found is None:
            raise OleanError(f"module {module} not found in {', '.join(map(str, self.search_path))}")
        mod = Module.load(module, found[0], self.allow_unverified_version)
        self.modules[module] = mod
        for n in mod.constant_names():
            self._index.setdefault(n, []).append(mod)
        return mod

    # ----------------------------------------------------------------- scopes

    def _visit_next(self, root: str) -> bool:
        """Visit one more module of ``root``'s import closure; False when all are visited."""
        visited = self._visited.get(root)
        if visited is None:
            self.load(root)
            self._visited[root] = {root}
            self._frontier[root] = [i.module for i in self.modules[root].imports]
            return True
        frontier = self._frontier[root]
        while frontier:
            m = frontier.pop(0)
            if m in visited:
                continue
            if m not in self.modules and self.locate(m) is None:
                visited.add(m)  # an import the search path lacks: reported where it matters
                continue
            mod = self.load(m)
            visited.add(m)
            frontier.extend(i.module for i in mod.imports if i.module not in visited)
            return True
        return False

    def in_scope(self, module: str, root: str) -> bool:
        """Whether ``module`` is ``root`` or imported by it, transitively."""
        if module == root:
            return True
        while module not in self._visited.get(root, ()):
            if not self._visit_next(root):
                return False
        return True

    def find(self, name: Name, within: str | None = None) -> ConstantInfo | None:
        """The constant ``name`` as module ``within`` sees it (itself and its imports); without
        ``within``, the first module of the search path's loaded modules declaring it (only for
        names that no two modules declare: see :meth:`declarers`).

        A private name ``_private.A.B.0.x`` names its module ``A.B``: that one is loaded.
        """
        if not isinstance(name, Name):
            raise TypeError(f"find: a Name, not {type(name).__name__} {name!r}")
        private = name.private_parts()
        if private is not None and private[0] not in self.modules and self.locate(private[0]) is not None:
            self.load(private[0])
        if within is None:
            for mod in self._index.get(name, ()):
                return mod.get(name)
            for root in list(self.modules):
                while True:
                    hit = self._index.get(name)
                    if hit:
                        return hit[0].get(name)
                    if not self._visit_next(root):
                        break
            return None
        while True:
            for mod in self._index.get(name, ()):
                if self.in_scope(mod.name, within):
                    return mod.get(name)
            if not self._visit_next(within):
                return None

    def declarers(self, name: Name) -> list[str]:
        """The loaded modules declaring ``name``."""
        return [m.name for m in self._index.get(name, ())]

    def load_all(self, roots: Iterable[str] | None = None) -> None:
        """Load every module reachable from ``roots`` (default: the loaded ones)."""
        for root in list(roots if roots is not None else self.modules):
            while self._visit_next(root):
                pass
