"""The ``.olean`` header and the object layouts of the Lean versions claimcheck reads.

The header (``src/library/module.cpp``), the same in every Lean from 4.18 on::

    0x00  "olean"            5 bytes magic
    0x05  format version     1 byte (2)
    0x06  flags              1 byte (bit 0: big numbers are in GMP's layout)
    0x07  Lean version       33 bytes, NUL padded ("4.28.0", "4.30.0-rc2", "4.28.0-pre")
    0x28  githash            40 bytes
    0x50  base_addr          size_t (4 bytes on wasm32, 8 on native 64-bit)
    then  root pointer       size_t, then the objects

**How a layout is decided: from the file, not from a list of versions.** The pointer width comes
from ``base_addr``; the big-number layout from the GMP flag; the layout of the root ``ModuleData``
object from its size; only what the bytes cannot tell apart is read from the header's Lean version
(see :data:`LAYOUTS`). Every native file of Lean 4.18 to 4.32 seen on public repositories has one of
these layouts (``bench/native_olean.py`` reads a folder of them). A file with anything else (another
magic or format version, unknown header flags, a root object of another size, an ``Import`` whose
flags are not booleans) is refused with an :class:`~claimcheck.errors.OleanError` that names the
file, its Lean version and what differed: the reader never guesses.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

from claimcheck.errors import OleanError

__all__ = [
    "HEADER_FIXED",
    "LAYOUTS",
    "Layout",
    "MAGIC",
    "OleanHeader",
    "detect_layout",
    "parse_lean_version",
    "read_header",
]

MAGIC = b"olean"
#: What Lean 4 wrote before the ``olean`` + format-byte header (long before 4.18).
OLD_MAGIC = b"oleanfile"
SUPPORTED_FORMAT_VERSIONS = frozenset({2})
HEADER_FIXED = 5 + 1 + 1 + 33 + 40  # = 0x50: the bytes before base_addr
FLAG_GMP = 1
KNOWN_FLAGS = FLAG_GMP
#: ``ModuleData``'s pointer fields: imports, constNames, constants, extraConstNames, entries.
MODULE_DATA_POINTERS = 5


@dataclass(frozen=True)
class Layout:
    """What differs between the object layouts Lean 4.18 and later write.

    ``is_module_flag``: ``ModuleData`` ends with the scalar ``isModule`` (the module system), so
    its root object is 56 bytes on 64-bit instead of 48. ``import_flags``: the ``Bool`` fields of an
    ``Import`` after its module name, in order (each one byte)."""

    name: str
    written_by: str
    is_module_flag: bool
    import_flags: tuple[str, ...]


#: Lean 4.18 (and 4.19): ``ModuleData`` without ``isModule``; ``Import`` = name + ``runtimeOnly``.
PRE_MODULE = Layout("pre-module", "Lean 4.18-4.19", False, ("runtime_only",))
#: Lean 4.20 and 4.21: the module system; ``Import`` = name + ``importAll``, ``isExported``. The byte
#: after them is padding (``meta import`` came with 4.22), so it is not read.
MODULE_SYSTEM = Layout("module-system", "Lean 4.20-4.21", True, ("import_all", "is_exported"))
#: Lean 4.22 and later (seen up to 4.32): ``Import`` = name + ``importAll``, ``isExported``,
#: ``isMeta``. From 4.30 every header also lists an implicit ``meta import Init``.
META_IMPORTS = Layout("meta-imports", "Lean 4.22 and later", True, ("import_all", "is_exported", "is_meta"))
LAYOUTS = (PRE_MODULE, MODULE_SYSTEM, META_IMPORTS)
#: The first minor version of Lean 4 whose ``Import`` has ``isMeta``.
META_IMPORT_MINOR = 22


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

    @property
    def gmp(self) -> bool:
        """Whether big numbers are stored in GMP's layout (every native file) or Lean's own (wasm)."""
        return bool(self.flags & FLAG_GMP)


_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)")


def parse_lean_version(text: str) -> tuple[int, int, int] | None:
    """``(4, 30, 0)`` from ``4.30.0-rc2``; None when the text does not start with ``M.m.p``."""
    m = _VERSION.match(text)
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def _cstr(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("ascii", "replace")


def read_header(path: Path, data: bytes) -> OleanHeader:
    """Parse and check the header of one ``.olean`` part."""
    if data.startswith(OLD_MAGIC):
        raise OleanError(
            f"{path}: written by a Lean 4 older than 4.18 (header 'oleanfile'); claimcheck reads the "
            ".olean files of Lean 4.18 and later: rebuild with a current Lean"
        )
    if len(data) < HEADER_FIXED + 8 or data[:5] != MAGIC:
        raise OleanError(f"{path}: not an .olean file (bad magic or truncated header)")
    version, flags = data[5], data[6]
    if version == 1:  # "olean", 1, then the githash: no Lean version in the header
        raise OleanError(
            f"{path}: .olean format version 1 (commit {_cstr(data[6:46])[:40]}), written by a Lean 4 older than "
            "4.18; claimcheck reads the .olean files of Lean 4.18 and later: rebuild with a current Lean"
        )
    lean_version = _cstr(data[7:40])
    githash = _cstr(data[40:80])
    if version not in SUPPORTED_FORMAT_VERSIONS:
        raise OleanError(
            f"{path}: unsupported .olean format version {version} (Lean {lean_version!r}); this reader "
            f"knows format version(s) {sorted(SUPPORTED_FORMAT_VERSIONS)}, written by Lean 4.18 and later"
        )
    if flags & ~KNOWN_FLAGS:
        raise OleanError(
            f"{path}: header flags {flags:#04x} (Lean {lean_version!r}) set bits this reader does not know "
            f"(known: {KNOWN_FLAGS:#04x}, big numbers in GMP's layout)"
        )
    # The pointer width from ``base_addr``: it is 64 KiB aligned, and below 2^47 on native 64-bit
    # (module.cpp). Read as 8 bytes, a wasm32 header gives ``root << 32 | base``, far above 2^47.
    # The root pointer may point into an earlier part of the module (objects are shared between
    # parts), so it is checked when the parts are resolved, not here.
    for ptr_size, fmt in ((8, "<QQ"), (4, "<II")):
        if len(data) < HEADER_FIXED + 2 * ptr_size:
            continue
        base, root = struct.unpack_from(fmt, data, HEADER_FIXED)
        if base % 0x10000 == 0 and base < (1 << 47) and not root & 1 and root % ptr_size == 0:
            return OleanHeader(path, version, flags, lean_version, githash, base, ptr_size, root, len(data))
    raise OleanError(f"{path}: corrupted or truncated .olean header (no valid base address; Lean {lean_version!r})")


def detect_layout(header: OleanHeader, root_tag: int, root_pointers: int, root_size: int) -> Layout:
    """The layout of a module whose root object has this constructor tag, number of pointer fields
    and byte size; raises :class:`OleanError` (file, Lean version, what differed) for any other."""
    where = f"{header.path}: Lean {header.lean_version!r}"
    if root_tag != 0 or root_pointers != MODULE_DATA_POINTERS:
        raise OleanError(
            f"{where}: the root object is not a ModuleData of a known layout (constructor {root_tag} with "
            f"{root_pointers} pointer fields; known: constructor 0 with {MODULE_DATA_POINTERS})"
        )
    scalars = root_size - 8 - MODULE_DATA_POINTERS * header.ptr_size
    if scalars == 0:
        return PRE_MODULE
    if not 1 <= scalars <= header.ptr_size:
        known = ", ".join(f"{8 + MODULE_DATA_POINTERS * header.ptr_size + s} ({w})"
                          for s, w in ((0, PRE_MODULE.written_by), (header.ptr_size, "Lean 4.20 and later")))
        raise OleanError(
            f"{where}: the root ModuleData object has {root_size} bytes, a layout this reader does not know "
            f"(known on {8 * header.ptr_size}-bit: {known} bytes)"
        )
    parsed = parse_lean_version(header.lean_version)
    if parsed is None:
        raise OleanError(
            f"{where}: the Lean version is not of the form M.m.p, so the layout of its imports (with or "
            "without `meta`) cannot be told"
        )
    return MODULE_SYSTEM if parsed < (4, META_IMPORT_MINOR, 0) else META_IMPORTS
