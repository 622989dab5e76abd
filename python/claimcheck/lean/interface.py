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
from pathlib import Path

from claimcheck.olean.reader import TAG_ARRAY, TAG_MPZ, TAG_SARRAY, TAG_STRING, MAX_CTOR_TAG, Module, OleanError

__all__ = ["interface_digest", "IGNORED_EXTENSION_PREFIXES"]

#: Extensions an importer's elaboration and proof checking never read: the compiler's.
IGNORED_EXTENSION_PREFIXES = ("Lean.IR.", "Lean.Compiler.")
#: Extensions that only record where things are, or their documentation.
IGNORED_EXTENSIONS = frozenset({"Lean.declRangeExt", "Lean.docStringExt"})


def _graph_digest(module: Module, root: int, memo: dict[int, bytes]) -> bytes:
    """A structural digest of the object at ``root`` (iterative: object graphs can be deep)."""
    g = module._graph
    stack = [root]
    while stack:
        addr = stack[-1]
        if addr & 1 or addr in memo:
            stack.pop()
            continue
        data, off, tag, other, cs = g.obj(addr)
        if tag == TAG_ARRAY:
            kids = g.array(addr)
        elif tag <= MAX_CTOR_TAG:
            kids = g.ptrs(data, off, other)
        else:
            kids = ()
        todo = [k for k in kids if not k & 1 and k not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        d = hashlib.sha256(bytes([tag]))
        if tag == TAG_STRING:
            d.update(g.string(addr).encode())
        elif tag == TAG_MPZ:
            d.update(str(g.nat(addr)).encode())
        elif tag == TAG_SARRAY:  # elements of `other` bytes each, after the size and capacity
            (size,) = g._pstruct.unpack_from(data, off + 8)
            start = off + 8 + 2 * g.ptr
            d.update(bytes(data[start:start + size * other]))
        elif tag > MAX_CTOR_TAG and tag != TAG_ARRAY:
            raise OleanError(f"{module.path}: an object of kind {tag} in the module data (not hashed by content)")
        else:
            for k in kids:
                d.update(b"s%d" % (k >> 1) if k & 1 else memo[k])
            if tag <= MAX_CTOR_TAG:
                d.update(bytes(data[g.scalars(data, off, other):off + cs]))
        memo[addr] = d.digest()
    return memo[root] if not root & 1 else b"s%d" % (root >> 1)


def interface_digest(olean: Path, module: str, part: str = "olean") -> str:
    """The digest of what the given part (``olean`` or ``private``) of ``module`` offers importers.
    Raises :class:`OleanError` for a file the reader cannot decode."""
    mod = Module.load(module, olean)
    index = mod.part_kinds.index(part) if part in mod.part_kinds else None
    if index is None:
        raise OleanError(f"{olean}: no {part} part")
    g = mod._graph
    fields, is_module = mod._roots[index]
    memo: dict[int, bytes] = {}
    d = hashlib.sha256(b"interface-1\0" + bytes([is_module]))
    for i in range(4):  # imports, constNames, constants, extraConstNames
        d.update(_graph_digest(mod, fields[i], memo))
    for entry in g.array(fields[4]):
        data, off, _tag, other, _cs = g.obj(entry)
        ps = g.ptrs(data, off, other)
        name = str(g.name(ps[0]))
        if name.startswith(IGNORED_EXTENSION_PREFIXES) or name in IGNORED_EXTENSIONS:
            continue
        d.update(name.encode() + b"\0" + _graph_digest(mod, ps[1], memo))
    return d.hexdigest()
