"""A pure-Python reader of Lean 4 ``.olean`` files (Lean 4.18 and later, native 64-bit and wasm32).

An ``.olean`` file is a Lean object graph written by the runtime's *compactor*
(``src/runtime/compact.cpp``) after a fixed header (``src/library/module.cpp``; read by
:mod:`claimcheck.olean.layout`, which also decides the file's object layout).

Every pointer is an absolute address: ``base_addr`` + offset in the file.  A
module is written as up to three *parts* (``.olean``, ``.olean.server``,
``.olean.private``) by one compactor, so a later part points into an earlier
one; pointers are resolved by the part whose ``[base_addr, base_addr+size)``
contains them.  A pointer with its low bit set is a boxed scalar.

Object header (8 bytes): ``int32 rc`` (0: persistent), ``uint16 cs_sz``,
``uint8 other``, ``uint8 tag``.  Tags below 245 are constructors (``other`` =
number of pointer fields, ``cs_sz`` = byte size); 246 Array, 248 scalar array,
249 String, 250 big number (MPZ: GMP's layout when the header's GMP flag is set,
as in every native file; Lean's own otherwise, as in the wasm files).

The root object is ``Lean.ModuleData`` (``imports``, ``constNames``,
``constants``, ``extraConstNames``, ``entries``; from Lean 4.20 the scalar
``isModule``).  Its ``ConstantInfo`` values are decoded *lazily*: names are
decoded when the module is indexed; a constant's type and value are only decoded
on access.

Every read is checked against the object's size and the file's end, and every
object against the shape its field must have: a file that does not have one of
the known layouts (:data:`claimcheck.olean.layout.LAYOUTS`) or is corrupted raises
:class:`OleanError` naming the file and its Lean version, never another
exception and never a guess.
"""

from __future__ import annotations

import struct
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from claimcheck.errors import OleanError, VersionMismatchError
from claimcheck.model.names import Name, parse_str
from claimcheck.olean.catalog import LibraryCatalog
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Level, Lit, MData, MVar, Proj, Sort
from claimcheck.olean.layout import HEADER_FIXED, Layout, OleanHeader, detect_layout, read_header

__all__ = [
    "OleanError",
    "OleanHeader",
    "InstanceAttribute",
    "ModuleAttributes",
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
    "Layout",
    "ConstantInfo",
    "KernelFields",
    "RecursorRule",
    "Module",
    "Environment",
    "ModuleReads",
    "read_header",
    "module_paths",
    "CONSTANT_KINDS",
]

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
    """One ``import`` of a module header (module names are dotted texts: a module is a file).

    ``is_meta``: a ``meta import`` (Lean 4.22 and later; from 4.30 every header lists an implicit
    ``meta import Init`` beside ``import Init``: it is that, not a second import of ``Init``).
    ``runtime_only``: Lean 4.18's ``runtimeOnly`` flag. A flag the file's layout does not have
    keeps Lean's default (``is_exported``: every import of a file outside the module system is)."""

    module: str
    import_all: bool = False
    is_exported: bool = True
    is_meta: bool = False
    runtime_only: bool = False


# ---------------------------------------------------------------------------
# Raw object graph
# ---------------------------------------------------------------------------


class _Part:
    __slots__ = ("path", "data", "header", "base", "end")

    def __init__(self, path: Path, data: bytes, header: OleanHeader):
        self.path = path
        self.data = data
        self.header = header
        self.base = header.base_addr
        self.end = header.base_addr + len(data)


class _Graph:
    """The object graph of one module: its parts, with pointer resolution and checked reads."""

    def __init__(self, parts: Sequence[_Part]):
        if not parts:
            raise OleanError("no .olean part given")
        self.parts = list(parts)
        p0 = self.parts[0].header
        self.ptr = p0.ptr_size
        for p in self.parts[1:]:
            h = p.header
            if h.ptr_size != self.ptr or h.lean_version != p0.lean_version or h.flags != p0.flags:
                raise OleanError(
                    f"{p.path}: part does not match {self.parts[0].path} (Lean {h.lean_version!r}, "
                    f"{8 * h.ptr_size}-bit, flags {h.flags:#04x} against Lean {p0.lean_version!r}, "
                    f"{8 * self.ptr}-bit, flags {p0.flags:#04x}): the parts of a module come from one build"
                )
        self.gmp = p0.gmp
        self.pfmt = "<I" if self.ptr == 4 else "<Q"
        self._pstruct = struct.Struct(self.pfmt)
        self._pn: dict[int, struct.Struct] = {}
        self.names: dict[int, Name] = {}
        self.path = self.parts[0].path
        #: an upper bound of the objects in the graph: a longer chain (list, name) is a cycle
        self.max_objects = sum(len(p.data) for p in self.parts) // 8 + 1

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

    def _n(self, n: int) -> struct.Struct:
        s = self._pn.get(n)
        if s is None:
            s = self._pn[n] = struct.Struct("<%d%s" % (n, "I" if self.ptr == 4 else "Q"))
        return s

    def ptrs(self, data: bytes, off: int, n: int) -> tuple[int, ...]:
        end = off + 8 + n * self.ptr
        if end > len(data):
            raise self.err(f"object at offset {off:#x} runs past the end of the file")
        return self._n(n).unpack_from(data, off + 8)

    def ctor(self, addr: int, tag: int | tuple[int, ...] | None, nptr: int, what: str) -> tuple[bytes, int, int, tuple[int, ...]]:
        data, off, t, other, cs = self.obj(addr)
        if t > MAX_CTOR_TAG or other != nptr or (tag is not None and (t != tag if isinstance(tag, int) else t not in tag)):
            raise self.err(f"unexpected object for {what}: tag {t}, {other} pointer fields (layout not understood)")
        if off + cs > len(data) or cs < 8 + nptr * self.ptr:
            raise self.err(f"{what} object at offset {off:#x} has {cs} bytes, past the end of the file or too few for its fields")
        return data, off, t, self.ptrs(data, off, other)

    def scalars(self, data: bytes, off: int, nptr: int) -> int:
        return off + 8 + nptr * self.ptr

    def scalar(self, data: bytes, off: int, nptr: int, index: int, what: str) -> int:
        """The ``index``-th scalar byte of the constructor object at ``off`` (with ``nptr`` pointer
        fields), checked against the object's size."""
        cs = _U16.unpack_from(data, off + 4)[0]
        at = off + 8 + nptr * self.ptr + index
        if at >= off + cs or at >= len(data):
            raise self.err(f"{what} object at offset {off:#x} has no scalar byte {index} ({cs} bytes; layout not understood)")
        return data[at]

    def flag(self, data: bytes, off: int, nptr: int, index: int, what: str) -> bool:
        """A ``Bool`` scalar field: 0 or 1, anything else is a layout this reader does not know."""
        b = self.scalar(data, off, nptr, index, what)
        if b > 1:
            raise self.err(f"{what}: scalar byte {index} is {b}, not a Bool (layout not understood)")
        return bool(b)

    def array(self, addr: int) -> tuple[int, ...]:
        data, off, tag, _o, _c = self.obj(addr)
        if tag != TAG_ARRAY:
            raise self.err(f"expected an Array, found tag {tag}")
        start = off + 8 + 2 * self.ptr
        if start > len(data):
            raise self.err("array runs past the end of the file")
        (n,) = self._pstruct.unpack_from(data, off + 8)
        if start + n * self.ptr > len(data):
            raise self.err("array runs past the end of the file")
        return self._n(n).unpack_from(data, start)

    def list(self, addr: int) -> list[int]:
        out = []
        while not addr & 1:
            _d, _o, _t, (head, tail) = self.ctor(addr, 1, 2, "List.cons")
            out.append(head)
            if len(out) > self.max_objects:
                raise self.err(f"list at {addr:#x} does not end (corrupted file)")
            addr = tail
        return out

    def string(self, addr: int) -> str:
        data, off, tag, _o, _c = self.obj(addr)
        if tag != TAG_STRING:
            raise self.err(f"expected a String, found tag {tag}")
        start = off + 8 + 3 * self.ptr
        if start > len(data):
            raise self.err("string runs past the end of the file")
        (size,) = self._pstruct.unpack_from(data, off + 8)
        if size < 1 or start + size > len(data):
            raise self.err("string runs past the end of the file")
        return data[start : start + size - 1].decode("utf-8", "replace")

    def nat(self, addr: int) -> int:
        """A ``Nat`` (or ``Int``): a boxed scalar, or a big number in the layout the header names."""
        if addr & 1:
            return addr >> 1
        data, off, tag, _o, cs = self.obj(addr)
        if tag != TAG_MPZ:
            raise self.err(f"expected a Nat, found tag {tag}")
        p = self.ptr
        if off + 8 + 3 * p > len(data):
            raise self.err(f"big number at {addr:#x} runs past the end of the file")
        if self.gmp:
            # GMP's ``__mpz_struct``: int32 _mp_alloc, int32 _mp_size (its sign is the number's), a
            # pointer to the limbs (mp_limb_t: pointer-sized), which the compactor puts right after
            alloc, size = struct.unpack_from("<ii", data, off + 8)
            (limbs,) = self._pstruct.unpack_from(data, off + 16)
            count, negative, limb, first = abs(size), size < 0, p, addr + 16 + p
            if alloc != count:
                raise self.err(f"big number at {addr:#x}: GMP _mp_alloc {alloc} and _mp_size {size} differ "
                                "(not the layout Lean's compactor writes)")
        else:
            # Lean's own ``mpz``: bool m_sign (padded), size_t m_size, a pointer to 32-bit digits
            negative = data[off + 8] != 0
            (count,) = self._pstruct.unpack_from(data, off + 8 + p)
            (limbs,) = self._pstruct.unpack_from(data, off + 8 + 2 * p)
            limb, first = 4, addr + 8 + 3 * p
        if count == 0:
            return 0
        expected = first - addr + limb * count
        if limbs != first or (cs and expected < 1 << 16 and cs < expected):
            raise self.err(f"big number at {addr:#x}: its digits are not where Lean's compactor puts them "
                           f"({'GMP' if self.gmp else 'non-GMP'} layout, {count} digits of {limb} bytes)")
        ddata, doff = self.loc(limbs)
        if doff + limb * count > len(ddata):
            raise self.err(f"big number at {addr:#x} runs past the end of the file")
        value = int.from_bytes(ddata[doff : doff + limb * count], "little")
        return -value if negative else value

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
            if len(chain) > self.max_objects:
                raise self.err(f"name at {addr:#x} does not end (corrupted file)")
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

    def level(self, root: int) -> Level:
        """Decode the universe level at ``root`` (iteratively, memoised by address)."""
        cache = self.levels
        got = cache.get(root)
        if got is not None:
            return got
        g = self.g
        stack, pending = [root], set()
        while stack:
            addr = stack[-1]
            if addr in cache:
                stack.pop()
                continue
            if addr & 1:
                if addr >> 1 != 0:
                    raise g.err(f"unexpected scalar level {addr >> 1}")
                cache[addr] = Level("zero")
                stack.pop()
                continue
            data, off, tag, other, _cs = g.obj(addr)
            if tag > 5 or other != _LEVEL_PTRS[tag]:
                raise g.err(f"unexpected Level object: tag {tag}, {other} pointer fields")
            ps = g.ptrs(data, off, other)
            kind = _LEVEL_KINDS[tag]
            if kind in ("param", "mvar"):
                lv = Level(kind, (), g.name(ps[0]))
            else:
                missing = [p for p in ps if p not in cache]
                if missing:
                    if addr in pending:
                        raise g.err(f"level at {addr:#x} contains itself (corrupted file)")
                    pending.add(addr)
                    stack.extend(missing)
                    continue
                lv = Level(kind, tuple(cache[p] for p in ps))
            stack.pop()
            cache[addr] = lv
        return cache[root]

    def expr(self, root: int) -> Expr:
        """Decode the expression at ``root`` iteratively (terms may be very deep)."""
        try:
            return self._expr(root)
        except (IndexError, struct.error, ValueError, KeyError) as exc:  # a check this reader missed
            raise self.g.err(f"an expression cannot be decoded ({type(exc).__name__}: {exc})") from exc

    def _expr(self, root: int) -> Expr:
        cache = self.exprs
        got = cache.get(root)
        if got is not None:
            return got
        g = self.g
        stack, pending = [root], set()
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
                if addr in pending:  # its children were decoded first unless one of them is itself
                    raise g.err(f"expression at {addr:#x} contains itself (corrupted file)")
                pending.add(addr)
                stack.extend(missing)
                continue
            stack.pop()
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
                bi = g.scalar(data, off, other, 8, "binder")  # after the cached 8-byte ``data`` field
                if bi > 3:
                    raise g.err(f"binder at {addr:#x}: binder info {bi} (layout not understood)")
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
            for base, end, data in parts:  # noqa: B007 - the part found is read after the loop
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
    #: a recursor's counts past its parameters, and each rule's constructor and field count (the
    #: rule's right-hand side is :meth:`rule_rhs`)
    num_indices: int = 0
    num_motives: int = 0
    num_minors: int = 0
    rule_addrs: tuple[int, ...] = ()
    rule_ctors: tuple[tuple[Name, int], ...] = ()
    #: a recursor of a type with one constructor without fields in ``Prop`` (``Eq``): it reduces
    #: whatever its major premise, when the indices agree
    k: bool = False
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

    def rule_rhs(self, index: int) -> Expr:
        """The right-hand side of a recursor's rule ``index`` (decoded when asked for)."""
        assert self._decoder is not None
        return self._decoder.expr(self.rule_addrs[index])

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


def module_part_paths(olean: Path) -> tuple[Path, Path, Path]:
    """The ``.olean``, ``.olean.server`` and ``.olean.private`` paths of the module at ``olean``."""
    return olean, olean.with_name(olean.name + ".server"), olean.with_name(olean.name + ".private")


def module_paths(module: str, folder: Path) -> tuple[Path, Path, Path]:
    """The ``.olean``, ``.olean.server`` and ``.olean.private`` paths of ``module``."""
    base = folder.joinpath(*module.split("."))
    return module_part_paths(base.with_name(base.name + ".olean"))


_PART_NAMES = ("olean", "server", "private")


class Module:
    """All parts of one compiled module, merged (the private part wins).

    ``Module.load(name, olean_path)`` reads ``X.olean`` and, when present,
    ``X.olean.server`` and ``X.olean.private`` next to it.
    """

    def __init__(self, name: str, parts: Sequence[tuple[str, Path, bytes]]):
        self.name = name
        loaded: list[_Part] = []
        self.part_kinds: list[str] = []
        for kind, path, data in parts:
            loaded.append(_Part(path, data, read_header(path, data)))
            self.part_kinds.append(kind)
        self.path = loaded[0].path
        self._graph = _Graph(loaded)
        self._decoder = _Decoder(self._graph)
        self.header = loaded[0].header
        self.has_private = "private" in self.part_kinds
        first = loaded[0]
        if not first.base + HEADER_FIXED + 2 * first.header.ptr_size <= first.header.root < first.end:
            raise OleanError(f"{first.path}: corrupted or truncated .olean (root object outside the file; Lean {first.header.lean_version})")
        try:
            roots = [self._root(p) for p in loaded]
            #: the object layout, decided from the exported part's root (every part has the same)
            self.layout: Layout = roots[0][2]
            for p, r in zip(loaded[1:], roots[1:]):
                if r[2] != self.layout:
                    raise OleanError(f"{p.path}: its layout ({r[2].name}) is not its module's ({self.layout.name}; "
                                     f"Lean {p.header.lean_version})")
            self._roots = [(fields, is_mod) for fields, is_mod, _l in roots]
            g = self._graph
            #: the header's import records, in order (a module may appear twice: ``import Init`` and, from
            #: Lean 4.30, the implicit ``meta import Init``); :attr:`imported_modules` lists each once
            self.imports: tuple[Import, ...] = tuple(self._import(a) for a in g.array(self._roots[0][0][0]))
            self.is_module = self._roots[0][1]
            # name -> (part index, address of the ConstantInfo); later parts override
            self._entries: dict[Name, tuple[int, int]] = {}
            for i, (fields, _is_mod) in enumerate(self._roots):
                names = g.array(fields[1])
                consts = g.array(fields[2])
                if len(names) != len(consts):
                    raise g.err("constNames and constants differ in length")
                for n_addr, c_addr in zip(names, consts):
                    self._entries[g.name(n_addr)] = (i, c_addr)
        except (IndexError, struct.error, ValueError, KeyError) as exc:  # a check this reader missed
            raise OleanError(f"{self.path}: cannot be decoded ({type(exc).__name__}: {exc}; Lean "
                             f"{self.header.lean_version})") from exc
        self._cache: dict[Name, ConstantInfo] = {}

    @classmethod
    def load(cls, name: str, olean: Path, require_parts: bool = False) -> "Module":
        """Read ``olean`` and the ``.olean.server`` and ``.olean.private`` parts beside it.

        ``require_parts``: a module of the module system (``module`` header) must have all three
        parts, as Lean writes them: without the private part every theorem reads as an axiom. A
        toolchain's library ships its exported parts alone; its modules are read as shipped."""
        parts = []
        missing = []
        for kind, p in zip(_PART_NAMES, module_part_paths(olean)):
            try:
                parts.append((kind, p, p.read_bytes()))
            except FileNotFoundError:
                if kind == "olean":
                    raise OleanError(f"{p}: no such file (module {name})") from None
                missing.append(p)
            except OSError as exc:
                raise OleanError(f"{p}: cannot be read ({exc})") from exc
        mod = cls(name, parts)
        if require_parts and mod.is_module and missing:
            raise OleanError(
                f"{missing[-1]}: missing: module {name} uses the module system (`module`), for which Lean "
                f"writes {olean.name}, {olean.name}.server and {olean.name}.private; without "
                f"{'the private part its theorems read as axioms' if missing[-1].name.endswith('.private') else 'all of them its objects cannot be resolved'}"
                " (rebuild the module)"
            )
        return mod

    def _root(self, part: _Part) -> tuple[tuple[int, ...], bool, Layout]:
        """(pointer fields, isModule, layout) of a part's root ``ModuleData``."""
        g = self._graph
        data, off, tag, other, cs = g.obj(part.header.root)
        layout = detect_layout(part.header, tag, other, cs)
        ps = g.ptrs(data, off, other)
        is_module = g.flag(data, off, other, 0, "ModuleData") if layout.is_module_flag else False
        return ps, is_module, layout

    def _import(self, addr: int) -> Import:
        g = self._graph
        data, off, _t, (mod,) = g.ctor(addr, 0, 1, "Import")
        flags = {f: g.flag(data, off, 1, i, f"Import ({self.layout.name} layout)")
                 for i, f in enumerate(self.layout.import_flags)}
        return Import(g.module_name(mod), **flags)

    @property
    def imported_modules(self) -> tuple[str, ...]:
        """The modules this one imports, each once, in the header's order."""
        return tuple(dict.fromkeys(i.module for i in self.imports))

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

    def constant_kind(self, name: Name) -> str:
        """The kind of constant ``name`` (``KeyError`` if the module does not declare it), read from
        its object's tag without decoding the constant."""
        g = self._graph
        _data, _off, tag, other, _cs = g.obj(self._entries[name][1])
        if tag > 7 or other != 1:
            raise g.err(f"unexpected ConstantInfo object: tag {tag}, {other} fields")
        return CONSTANT_KINDS[tag]

    def constants(self) -> Iterator[ConstantInfo]:
        for n in self._entries:
            ci = self.get(n)
            assert ci is not None
            yield ci

    def _decode_constant(self, addr: int) -> ConstantInfo:
        try:
            return self._decode_constant_at(addr)
        except (IndexError, struct.error, ValueError, KeyError) as exc:  # a check this reader missed
            raise self._graph.err(f"a constant cannot be decoded ({type(exc).__name__}: {exc})") from exc

    def _value(self, addr: int) -> tuple[str, bytes, int, int, tuple[int, ...]]:
        """The constant at ``addr``: its kind and its value object (data, offset, number of pointer
        fields, the pointers)."""
        g = self._graph
        data, off, tag, other, _cs = g.obj(addr)
        if tag > 7 or other != 1:
            raise g.err(f"unexpected ConstantInfo object: tag {tag}, {other} fields")
        kind = CONSTANT_KINDS[tag]
        (val,) = g.ptrs(data, off, 1)
        n = _VAL_PTR_FIELDS[kind]
        vdata, voff, _t, vps = g.ctor(val, 0, n, f"{kind} value")
        return kind, vdata, voff, n, vps

    def _decode_constant_at(self, addr: int) -> ConstantInfo:
        g = self._graph
        kind, vdata, voff, n, vps = self._value(addr)
        _cd, _co, _ct, (name_a, lps_a, type_a) = g.ctor(vps[0], 0, 3, "ConstantVal")
        name = g.name(name_a)
        lps = tuple(g.name(x) for x in g.list(lps_a))
        what = f"{kind} {name}"

        def flag(i: int) -> bool:
            return g.flag(vdata, voff, n, i, what)

        ci = ConstantInfo(kind, name, lps, self.name, type_a, None, _decoder=self._decoder)
        if kind in ("definition", "theorem", "opaque"):
            ci.value_addr = vps[1]
            all_a = vps[3] if kind == "definition" else vps[2]
            ci.all = tuple(g.name(x) for x in g.list(all_a))
            if kind == "opaque":
                ci.is_unsafe = flag(0)
            elif kind == "definition":
                safety = g.scalar(vdata, voff, n, 0, what)  # DefinitionSafety: unsafe, safe, partial
                if safety > 2:
                    raise g.err(f"{what}: safety {safety} (layout not understood)")
                ci.is_unsafe = safety == 0
        elif kind == "axiom":
            ci.is_unsafe = flag(0)
        elif kind == "inductive":
            ci.num_params = g.nat(vps[1])
            ci.all = tuple(g.name(x) for x in g.list(vps[3]))
            ci.ctors = tuple(g.name(x) for x in g.list(vps[4]))
            ci.is_unsafe = flag(1)  # isRec, isUnsafe, isReflexive
        elif kind == "constructor":
            ci.induct = g.name(vps[1])
            ci.num_params = g.nat(vps[3])
            ci.is_unsafe = flag(0)
        elif kind == "recursor":
            ci.all = tuple(g.name(x) for x in g.list(vps[1]))
            ci.num_params = g.nat(vps[2])
            ci.num_indices, ci.num_motives, ci.num_minors = g.nat(vps[3]), g.nat(vps[4]), g.nat(vps[5])
            rules, ctors = [], []
            for r in g.list(vps[6]):
                _rd, _ro, _rt, rps = g.ctor(r, 0, 3, "RecursorRule")
                rules.append(rps[2])
                ctors.append((g.name(rps[0]), g.nat(rps[1])))
            ci.rule_addrs = tuple(rules)
            ci.rule_ctors = tuple(ctors)
            ci.k = flag(0)
            ci.is_unsafe = flag(1)  # k, isUnsafe
        return ci

    def tagged(self, extension: str) -> frozenset[Name]:
        """The names a tag extension (``Lean.noncomputableExt``, ...) records for this module's
        declarations, from every part (entries that are not names are left out)."""
        g = self._graph
        out: set[Name] = set()
        try:
            for fields, _is_mod in self._roots:
                for pair in g.array(fields[4]):
                    _d, _o, _t, (ext, entries) = g.ctor(pair, 0, 2, "extension entries")
                    if str(g.name(ext)) != extension:
                        continue
                    for entry in g.array(entries):
                        try:
                            out.add(g.name(entry))
                        except OleanError:
                            pass
        except (IndexError, struct.error, ValueError, KeyError) as exc:
            raise OleanError(f"{self.path}: extension entries cannot be decoded ({exc})") from exc
        return frozenset(out)

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
        kernel's front end), each read checked as :meth:`_decode_constant` reads. Raises
        ``KeyError`` for a name the module does not declare, :class:`OleanError` for a value object
        of another shape."""
        g = self._graph
        kind, vdata, voff, n, ps = self._value(self._entries[name][1])
        what = f"{kind} {name}"

        def flag(i: int) -> bool:
            return g.flag(vdata, voff, n, i, what)

        if kind in ("axiom", "opaque"):
            return KernelFields(kind, is_unsafe=flag(0))
        if kind == "definition":
            safety = g.scalar(vdata, voff, n, 0, what)
            if safety > 2:
                raise g.err(f"{what}: safety {safety} (layout not understood)")
            return KernelFields(kind, is_unsafe=safety == 0, safety=safety, hints=self._hints(ps[2], what))
        if kind == "quotient":
            return KernelFields(kind, quot_kind=g.scalar(vdata, voff, n, 0, what))
        if kind == "inductive":
            return KernelFields(kind, num_params=g.nat(ps[1]), num_indices=g.nat(ps[2]), num_nested=g.nat(ps[5]),
                                is_rec=flag(0), is_unsafe=flag(1), is_reflexive=flag(2))
        if kind == "constructor":
            return KernelFields(kind, cidx=g.nat(ps[2]), num_params=g.nat(ps[3]), num_fields=g.nat(ps[4]),
                                is_unsafe=flag(0))
        if kind == "recursor":
            rules = []
            for addr in g.list(ps[6]):
                _d, _o, _t, (ctor, nfields, rhs) = g.ctor(addr, 0, 3, "RecursorRule")
                rules.append(RecursorRule(g.name(ctor), g.nat(nfields), self._decoder.expr(rhs)))
            return KernelFields(kind, num_params=g.nat(ps[2]), num_indices=g.nat(ps[3]), num_motives=g.nat(ps[4]),
                                num_minors=g.nat(ps[5]), rules=tuple(rules), k=flag(0), is_unsafe=flag(1))
        return KernelFields(kind)  # a theorem: nothing beyond its type and value

    def attributes(self) -> ModuleAttributes:
        """The ``instance`` and ``@[reducible]`` attributes every part of the module exports
        (``Lean.Meta.instanceExtension`` and ``reducibilityCore`` entries, :class:`ModuleAttributes`), each read checked;
        :class:`OleanError` for entries of another shape (a Lean whose layout of them this reader
        does not know)."""
        got = getattr(self, "_attributes", None)
        if got is not None:
            return got
        g = self._graph
        instances: dict[Name, InstanceAttribute] = {}
        reducible: dict[Name, None] = {}
        try:
            for fields, _is_module in self._roots:
                if len(fields) < 5:
                    continue
                for addr in g.array(fields[4]):
                    _d, _o, _t, (ext, entries) = g.ctor(addr, 0, 2, "extension entries")
                    ext_name = str(g.name(ext))
                    if ext_name == _INSTANCE_EXTENSION:
                        for e in g.array(entries):
                            attr = self._instance_entry(e)
                            instances.setdefault(attr.name, attr)
                    elif ext_name == _REDUCIBILITY_EXTENSION:
                        for e in g.array(entries):
                            _d, _o, _t, (n, status) = g.ctor(e, 0, 2, "reducibility entry")
                            if g.nat(status) == 0:  # ReducibilityStatus.reducible
                                reducible[g.name(n)] = None
        except (IndexError, struct.error, ValueError, KeyError) as exc:  # a check this reader missed
            raise g.err(f"extension entries cannot be decoded ({type(exc).__name__}: {exc})") from exc
        got = ModuleAttributes(tuple(instances.values()), tuple(reducible))
        self._attributes = got
        return got

    def _instance_entry(self, addr: int) -> InstanceAttribute:
        """A scoped-extension entry of ``instanceExtension``: ``global e`` or ``scoped ns e`` around
        an ``InstanceEntry`` (``keys``, ``val``, ``priority``, ``globalName?``, ``synthOrder``,
        ``attrKind``)."""
        g = self._graph
        data, off, tag, other, _cs = g.obj(addr)
        if tag == 0 and other == 1:
            scoped, (entry,) = None, g.ptrs(data, off, 1)
        elif tag == 1 and other == 2:
            ns, entry = g.ptrs(data, off, 2)
            scoped = g.name(ns)
        else:
            raise g.err(f"unexpected instance entry: tag {tag}, {other} pointer fields (layout not understood)")
        _d, _o, _t, ps = g.ctor(entry, 0, 5, "InstanceEntry")
        val = self._decoder.expr(ps[1])
        if not isinstance(val, Const):
            raise g.err("an instance entry whose value is not a constant (layout not understood)")
        return InstanceAttribute(val.name, g.nat(ps[2]), scoped)

    def _hints(self, addr: int, what: str) -> tuple[str, int]:
        """A definition's reducibility hints: ``opaque`` and ``abbrev`` are boxed, ``regular`` holds
        its height (a ``UInt32``)."""
        if addr & 1:
            return ("opaque" if addr >> 1 == 0 else "abbrev", 0)
        data, off, _t, _ps = self._graph.ctor(addr, None, 0, f"{what} hints")
        return ("regular", int.from_bytes(bytes(self._graph.scalar(data, off, 0, i, what) for i in range(4)), "little"))


@dataclass(frozen=True)
class InstanceAttribute:
    """One ``instance`` attribute a module exports (``Lean.Meta.instanceExtension``): the instance
    constant, its priority, and the namespace it is ``scoped`` to (``None``: global). A ``local``
    instance is never exported, so it is never listed."""

    name: Name
    priority: int
    scoped: Name | None = None


@dataclass(frozen=True)
class ModuleAttributes:
    """What a module's environment-extension entries say about its constants, as far as the
    statement rules read them back: its instances (in declaration order) and its ``@[reducible]``
    constants (an ``abbrev`` is one; instance resolution sees through them)."""

    instances: tuple[InstanceAttribute, ...] = ()
    reducible: tuple[Name, ...] = ()


_INSTANCE_EXTENSION = "Lean.Meta.instanceExtension"
_REDUCIBILITY_EXTENSION = "reducibilityCore"


# ---------------------------------------------------------------------------
# Environment
# ---------------------------------------------------------------------------


@dataclass
class ModuleReads:
    """How many modules an environment has read from disk, the library's and the others: what a
    run's work on the library is measured by (a test bounds it; seconds would be noise)."""

    library: int = 0
    project: int = 0
    #: the library modules read, in order
    library_modules: list[str] = field(default_factory=list)


class Environment:
    """Modules loaded on demand from a search path, with constant look-up in a module's scope.

    ``search_path`` lists folders holding ``X/Y.olean`` for module ``X.Y`` (the project's
    ``build/lib`` and the core library folder).  The first folder holding a module wins.

    Lean checks each module in the environment of its own imports, where every name is declared
    once. Two modules that no environment imports together may declare the same name (two project
    files both with a ``helper``, a ``prelude`` module's ``Nat.gcd`` beside ``Init``'s), so a name
    is looked up **within a module's scope**: ``find(name, within=M)`` is the declaration of
    ``name`` among ``M`` and the modules it imports, transitively (visited breadth-first from
    ``M``, only as far as needed). ``declarers(name)`` lists the modules declaring it.

    ``library_folders``: the folders of a toolchain's library, whose modules are read as shipped
    (the wasm package ships the exported parts alone); a module of any other folder that uses the
    module system must have all its parts (:meth:`Module.load`). By default, a folder holding
    ``Init.olean`` is a library folder.

    ``catalog``: the :class:`~claimcheck.olean.catalog.LibraryCatalog` of the first search folder
    (a library folder). With it a library module is read only when one of its constants is asked
    for: a scope's library modules, the modules declaring a name and the names declared twice come
    from the catalog. :attr:`reads` counts the modules read.
    """

    def __init__(self, search_path: Iterable[Path], library_folders: Iterable[Path] | None = None,
                 catalog: LibraryCatalog | None = None):
        self.search_path = [Path(p) for p in search_path]
        if library_folders is None:
            library_folders = [p for p in self.search_path if (p / "Init.olean").is_file()]
        self.library_folders = {Path(p).resolve() for p in library_folders}
        # the catalog stands for its folder only where that folder is searched first (a module it
        # lists is found there) and is a library folder
        first = self.search_path[0].resolve() if self.search_path else None
        usable = catalog is not None and first == Path(catalog.folder).resolve() and first in self.library_folders
        self.catalog: LibraryCatalog | None = catalog if usable else None
        self.reads = ModuleReads()
        self._library_header: OleanHeader | None = None
        self.modules: dict[str, Module] = {}
        self._index: dict[Name, list[Module]] = {}
        # per scope root: the modules of its import closure visited so far (breadth-first), and the
        # modules still to visit
        self._visited: dict[str, dict[str, int]] = {}  # module -> its place in the breadth-first order
        self._frontier: dict[str, deque[str]] = {}
        self._scopes: dict[str, frozenset[str]] = {}  # complete scopes (with a catalog)

    def _catalogued(self, module: str) -> bool:
        """Whether the catalog answers for ``module`` (a library module it could read)."""
        return self._catalog_of(module) is not None

    def _catalog_of(self, module: str) -> LibraryCatalog | None:
        """The catalog, when it answers for ``module``."""
        return self.catalog if self.catalog is not None and self.catalog.covers(module) else None

    def locate(self, module: str) -> tuple[Path, Path] | None:
        """(``.olean`` path, search folder) of ``module``, or ``None``."""
        if self._catalogued(module):
            folder = self.search_path[0]
            return module_paths(module, folder)[0], folder
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
        from_library = found[1].resolve() in self.library_folders
        mod = Module.load(module, found[0], require_parts=not from_library)
        if not from_library:
            self._check_version(mod)
            self.reads.project += 1
        else:
            self.reads.library += 1
            self.reads.library_modules.append(module)
        catalog = self._catalog_of(module)
        if catalog is not None and catalog.constant_count(module) != len(mod.constant_names()):
            raise OleanError(f"{found[0]}: the module does not declare as many constants as the library's catalog "
                             "says (its files changed during this run?)")
        self.modules[module] = mod
        for n in mod.constant_names():
            self._index.setdefault(n, []).append(mod)
        return mod

    def library_header(self) -> OleanHeader | None:
        """The header of the library's ``Init.olean`` (the Lean version of the library), or None
        without a library folder."""
        if self._library_header is None:
            for folder in self.search_path:
                init = folder / "Init.olean"
                if folder.resolve() in self.library_folders and init.is_file():
                    with init.open("rb") as f:
                        head = f.read(HEADER_FIXED + 16)
                    self._library_header = read_header(init, head)
                    break
        return self._library_header

    def _check_version(self, mod: Module) -> None:
        """A module outside the library was written by the library's Lean (the same version and
        commit), or it is not read at all: objects of one Lean are never read against another's core."""
        lib = self.library_header()
        if lib is None:
            return
        h = mod.header
        if h.lean_version != lib.lean_version or (h.githash and lib.githash and h.githash != lib.githash):
            raise VersionMismatchError(mod.path, h.lean_version, h.githash, lib.lean_version, lib.githash, lib.path.parent)

    # ----------------------------------------------------------------- scopes

    def _imports_of(self, module: str) -> tuple[str, ...] | None:
        """The modules ``module`` imports (None: the search path does not have it); from the catalog
        for a library module, else read."""
        catalog = self._catalog_of(module)
        if catalog is not None:
            return catalog.imported(module)
        if module not in self.modules and self.locate(module) is None:
            return None
        return self.load(module).imported_modules

    def _visit_next(self, root: str) -> str | None:
        """Visit one more module of ``root``'s import closure (breadth-first): that module, or None
        when all are visited."""
        order = self._visited.get(root)
        if order is None:
            imports = self._imports_of(root)
            if imports is None:
                self.load(root)  # raises: the module is not there
            self._visited[root] = {root: 0}
            self._frontier[root] = deque(imports or ())
            return root
        frontier = self._frontier[root]
        while frontier:
            m = frontier.popleft()
            if m in order:
                continue
            order[m] = len(order)
            imports = self._imports_of(m)
            if imports is None:
                continue  # an import the search path lacks: reported where it matters
            frontier.extend(x for x in imports if x not in order)
            return m
        return None

    def in_scope(self, module: str, root: str) -> bool:
        """Whether ``module`` is ``root`` or imported by it, transitively."""
        if module == root:
            return True
        catalog = self._catalog_of(root)
        if catalog is not None:
            return catalog.in_closure(module, root)
        while module not in self._visited.get(root, ()):
            if self._visit_next(root) is None:
                return False
        return True

    def scope(self, root: str) -> frozenset[str]:
        """``root`` and every module it imports, transitively (library modules are not read)."""
        catalog = self._catalog_of(root)
        if catalog is not None:
            return catalog.closure(root)
        while self._visit_next(root) is not None:
            pass
        return frozenset(self._visited[root])

    def reachable(self) -> frozenset[str]:
        """Every module the loaded modules are or import, transitively (library modules are not read)."""
        out: set[str] = set()
        for root in list(self.modules):
            if root not in out:
                out |= self.scope(root)
        return frozenset(out)

    def find(self, name: Name, within: str | None = None) -> ConstantInfo | None:
        """The constant ``name`` as module ``within`` sees it (itself and its imports); without
        ``within``, the first module of the search path's loaded modules declaring it (only for
        names that no two modules declare: see :meth:`declarers`).

        A private name ``_private.A.B.0.x`` names its module ``A.B``: that one is loaded.
        """
        module = self.resolve(name, within)
        return None if module is None else self.load(module).get(name)

    def resolve(self, name: Name, within: str | None = None) -> str | None:
        """The module declaring the constant that :meth:`find` returns, without reading a library
        module for it. Within a scope, the declaring module nearest to ``within`` (breadth-first in
        its imports) wins: a scope where two modules declare a name answers the same whichever
        modules were read before."""
        if not isinstance(name, Name):
            raise TypeError(f"find: a Name, not {type(name).__name__} {name!r}")
        private = name.private_parts()
        if private is not None and private[0] not in self.modules and self.locate(private[0]) is not None:
            self.load(private[0])
        if within is None:
            for mod in self._index.get(name, ()):
                return mod.name
            for m in self._library_declarers(name):
                if any(self.in_scope(m, root) for root in list(self.modules)):
                    return m
            for root in list(self.modules):
                while True:
                    hit = self._index.get(name)
                    if hit:
                        return hit[0].name
                    if self._visit_next(root) is None:
                        break
            return None
        own = self.modules.get(within) or self.load(within)
        if name in own:
            # the module's own declaration: a name Lean generates on demand (``hcongr_3``, ``eq_1``,
            # ...) can be in it and in an import whose copy the module did not see (a private part)
            return within
        if self.catalog is not None:
            # the whole scope is known without reading a library module: its declarers of the name
            scope = self._scopes.get(within)
            if scope is None:
                scope = self._scopes[within] = self.scope(within)
            here = [m for m in self.declarers(name) if m in scope]
            if len(here) <= 1:
                return here[0] if here else None
            while self._visit_next(within) is not None:  # several: the nearest, breadth-first
                pass
            return min(here, key=self._visited[within].__getitem__)
        if self._visited.get(within) is None:
            self._visit_next(within)
        order = self._visited[within]
        declaring = set(self.declarers(name))
        seen = [(order[m], m) for m in declaring if m in order]
        if seen:
            return min(seen)[1]
        while (visited := self._visit_next(within)) is not None:
            if visited in declaring or (visited in self.modules and name in self.modules[visited]):
                return visited
        return None

    def _library_declarers(self, name: Name) -> tuple[str, ...]:
        """The catalog's modules declaring ``name`` that are not read yet."""
        if self.catalog is None:
            return ()
        return tuple(m for m in self.catalog.declarers(name) if m not in self.modules)

    def declares(self, name: Name, within: str) -> bool:
        """Whether a module in ``within``'s scope declares the constant ``name`` (no library module
        is read for it)."""
        return self.resolve(name, within) is not None

    def declarers(self, name: Name) -> list[str]:
        """The modules declaring ``name``: the loaded ones and the library's (from its catalog)."""
        return [m.name for m in self._index.get(name, ())] + list(self._library_declarers(name))

    def declared_twice(self, roots: Iterable[str]) -> dict[Name, tuple[str, ...]]:
        """The names declared by more than one module among ``roots`` and everything they import,
        each with the modules declaring it (sorted); library modules are not read for it."""
        reach: set[str] = set()
        for root in roots:
            self.load(root)
            reach |= self.scope(root)
        for m in reach:  # every module the catalog does not answer for is read
            if not self._catalogued(m) and m not in self.modules and self.locate(m) is not None:
                self.load(m)
        candidates: set[Name] = {n for m in reach if m in self.modules and not self._catalogued(m)
                                 for n in self.modules[m].constant_names()}
        if self.catalog is not None:
            candidates.update(parse_str(t) for t, where in self.catalog.declared_twice().items()
                              if sum(m in reach for m in where) > 1)
        out: dict[Name, tuple[str, ...]] = {}
        for n in candidates:
            where = sorted({m for m in self.declarers(n) if m in reach})
            if len(where) > 1:
                out[n] = tuple(where)
        return out

    def load_all(self, roots: Iterable[str] | None = None) -> None:
        """Load every module reachable from ``roots`` (default: the loaded ones)."""
        for root in list(roots if roots is not None else self.modules):
            for m in sorted(self.scope(root)):
                if m not in self.modules and self.locate(m) is not None:
                    self.load(m)
