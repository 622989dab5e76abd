"""What a module offers the modules that import it: a digest of its exported ``.olean`` content.

A dependent is rebuilt when something it sees changed. Lean writes three parts per module; a module
that imports another (without ``import all``) is elaborated against its exported part, the
``.olean``: its constants (theorems there are statements without proofs) and its environment
extensions' entries (simp sets, instances, namespaces, equation info, ...). The bytes of that file
also change with things no importer's proof checking reads: the compiler's intermediate code
(``Lean.IR.*``, ``Lean.Compiler.*`` extensions, whose fresh-name counters move when a proof in the
module is changed) and declaration positions. So the *interface digest* hashes the decoded object
graph of the exported part (structure, strings, numbers; not addresses) without the compiler's
extensions: changing a proof leaves it as it was, and the modules that only import are not rebuilt.
For an ``import all``, the private part's digest (computed the same way) is used as well.

Every verdict is re-derived from the outputs anyway (statuses from all three parts, the kernel's
re-check from the decoded constants), so a dependent left as it was can never stand in for a
changed one: at worst it holds compiler data of an earlier build.
"""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path

from claimcheck.olean.digest import nat_text
from claimcheck.olean.reader import TAG_ARRAY, TAG_MPZ, TAG_SARRAY, TAG_STRING, MAX_CTOR_TAG, Module, OleanError

__all__ = ["interface_digest", "IGNORED_EXTENSION_PREFIXES"]

#: Extensions an importer's elaboration and proof checking never read: the compiler's.
IGNORED_EXTENSION_PREFIXES = ("Lean.IR.", "Lean.Compiler.")
#: Extensions that only record where things are, or their documentation.
IGNORED_EXTENSIONS = frozenset({"Lean.declRangeExt", "Lean.docStringExt"})


# How the walk reads an object: RAW hashes every scalar byte of every object below it; the typed
# kinds below know Lean's layout of a constant (Lean/Declaration.lean, Lean/Expr.lean) and hash only
# its meaningful scalar bytes. Lean does not clear the padding after a constructor's scalar fields
# (a `DefinitionVal`'s one-byte `safety` sits in an eight-byte area whose other bytes are whatever
# the cell held before), so hashing those bytes made the same constant differ between builds and
# rebuilt every importer after a proof-only edit. An object that does not have the layout its kind
# expects is hashed RAW: at worst a dependent is rebuilt that did not need to be.
RAW, CINFO, CVAL, EXPR, HINTS, RULES, RULE = range(7)
VAL = 8  # VAL + k: the `…Val` of ConstantInfo constructor k

#: ConstantInfo constructor -> (kinds of its `…Val`'s pointer fields, meaningful scalar bytes)
_VALS = {
    0: ((CVAL,), 1),  # axiom: isUnsafe
    1: ((CVAL, EXPR, HINTS, RAW), 1),  # definition: value, hints, all; safety
    2: ((CVAL, EXPR, RAW), 0),  # theorem: value, all
    3: ((CVAL, EXPR, RAW), 1),  # opaque: value, all; isUnsafe
    4: ((CVAL,), 1),  # quotient: kind
    5: ((CVAL, RAW, RAW, RAW, RAW, RAW), 3),  # inductive: isRec, isUnsafe, isReflexive
    6: ((CVAL, RAW, RAW, RAW, RAW), 1),  # constructor: isUnsafe
    7: ((CVAL, RAW, RAW, RAW, RAW, RAW, RULES), 2),  # recursor: k, isUnsafe
}
#: Expr constructor -> kinds of its pointer fields; its scalars are `data : UInt64` and, for binders
#: and `letE`, one byte (binderInfo, nonDep)
_EXPR_KIDS = (
    (RAW,), (RAW,), (RAW,), (RAW,), (RAW, RAW),  # bvar fvar mvar sort const
    (EXPR, EXPR), (RAW, EXPR, EXPR), (RAW, EXPR, EXPR), (RAW, EXPR, EXPR, EXPR),  # app lam forallE letE
    (RAW,), (RAW, EXPR), (RAW, RAW, EXPR),  # lit mdata proj
)


def _layout(kind: int, tag: int, nptr: int) -> tuple[tuple[int, ...], int] | None:
    """(kinds of the pointer fields, meaningful scalar bytes) of a constructor object read as ``kind``;
    None when it is read RAW (every byte), also for one whose layout is not the expected one."""
    want: tuple[tuple[int, ...], int] | None = None
    if kind == CINFO and tag in _VALS:
        want = ((VAL + tag,), 0)
    elif kind >= VAL:
        want = _VALS.get(kind - VAL)
    elif kind == CVAL:
        want = ((RAW, RAW, EXPR), 0)  # name, levelParams, type
    elif kind == EXPR and tag < len(_EXPR_KIDS):
        want = (_EXPR_KIDS[tag], 9 if tag in (6, 7, 8) else 8)
    elif kind == HINTS and tag == 2:
        want = ((), 4)  # regular (height : UInt32)
    elif kind == RULES and tag == 1:
        want = ((RULE, RULES), 0)  # List.cons
    elif kind == RULE:
        want = ((RAW, RAW, EXPR), 0)  # ctor, nfields, rhs
    if want is None or len(want[0]) != nptr:
        return None
    return want


def _graph_digest(module: Module, root: int, memo: dict[tuple[int, int], bytes], kind: int = RAW) -> bytes:
    """A structural digest of the object at ``root`` read as ``kind`` (iterative: object graphs can be
    deep)."""
    if root & 1:
        return b"s%d" % (root >> 1)
    g = module._graph
    stack = [(root, kind)]
    pending: set[tuple[int, int]] = set()
    while stack:
        key = stack[-1]
        addr, k = key
        if key in memo:
            stack.pop()
            continue
        data, off, tag, other, cs = g.obj(addr)
        layout = None
        if tag == TAG_ARRAY:
            kids = g.array(addr)
        elif tag <= MAX_CTOR_TAG:
            kids = g.ptrs(data, off, other)
            layout = _layout(k, tag, other) if k != RAW else None
        else:
            kids = ()
        if layout is None and k != RAW and tag != TAG_ARRAY:
            k = RAW  # read RAW from here down
        kinds = layout[0] if layout is not None else (k,) * len(kids)
        todo = [(c, ck) for c, ck in zip(kids, kinds) if not c & 1 and (c, ck) not in memo]
        if todo:
            if key in pending:  # its children come first unless one of them is itself
                raise g.err(f"object at {addr:#x} contains itself (corrupted file)")
            pending.add(key)
            stack.extend(todo)
            continue
        stack.pop()
        d = hashlib.sha256(bytes([tag]))
        if tag == TAG_STRING:
            d.update(g.string(addr).encode())
        elif tag == TAG_MPZ:
            d.update(nat_text(g.nat(addr)).encode())
        elif tag == TAG_SARRAY:  # elements of `other` bytes each, after the size and capacity
            (size,) = g._pstruct.unpack_from(data, off + 8)
            start = off + 8 + 2 * g.ptr
            d.update(bytes(data[start:start + size * other]))
        elif tag > MAX_CTOR_TAG and tag != TAG_ARRAY:
            raise OleanError(f"{module.path}: an object of kind {tag} in the module data (not hashed by content)")
        else:
            for c, ck in zip(kids, kinds):
                d.update(b"s%d" % (c >> 1) if c & 1 else memo[(c, ck)])
            if tag <= MAX_CTOR_TAG:
                start = g.scalars(data, off, other)
                end = off + cs if layout is None else min(start + layout[1], off + cs)
                d.update(bytes(data[start:end]))
        memo[key] = d.digest()
    return memo[(root, kind)]


def interface_digest(olean: Path, module: str, part: str = "olean") -> str:
    """The digest of what the given part (``olean`` or ``private``) of ``module`` offers importers.
    Raises :class:`OleanError` for a file the reader cannot decode."""
    try:
        return _interface_digest(olean, module, part)
    except (IndexError, struct.error, ValueError, KeyError) as exc:  # a check the reader missed
        raise OleanError(f"{olean}: cannot be read ({type(exc).__name__}: {exc})") from exc


def _interface_digest(olean: Path, module: str, part: str) -> str:
    mod = Module.load(module, olean)
    index = mod.part_kinds.index(part) if part in mod.part_kinds else None
    if index is None:
        raise OleanError(f"{olean}: no {part} part")
    g = mod._graph
    fields, is_module = mod._roots[index]
    memo: dict[tuple[int, int], bytes] = {}
    d = hashlib.sha256(b"interface-2\0" + bytes([is_module]))
    for i in (0, 1, 3):  # imports, constNames, extraConstNames
        d.update(_graph_digest(mod, fields[i], memo))
    d.update(_graph_digest(mod, fields[2], memo, kind=CINFO))  # constants: Array ConstantInfo
    for entry in g.array(fields[4]):
        data, off, _tag, other, _cs = g.obj(entry)
        ps = g.ptrs(data, off, other)
        name = str(g.name(ps[0]))
        if name.startswith(IGNORED_EXTENSION_PREFIXES) or name in IGNORED_EXTENSIONS:
            continue
        d.update(name.encode() + b"\0" + _graph_digest(mod, ps[1], memo))
    return d.hexdigest()
