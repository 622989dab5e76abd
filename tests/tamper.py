"""Tampering with a built ``.olean`` file, as an attacker editing a build folder would (one helper for
every test that does: the pointer width is the file's own, read from its header)."""

from __future__ import annotations

import struct
from pathlib import Path

from claimcheck.olean.layout import read_header


def tamper_nat_literals(olean: Path, old: int, new: int) -> int:
    """Change every ``Literal.natVal old`` object (a constructor of one boxed-scalar field, tag 0) to
    ``new`` in place; returns how many were changed."""
    data = bytearray(olean.read_bytes())
    word = "<I" if read_header(olean, bytes(data)).ptr_size == 4 else "<Q"
    size = struct.calcsize(word)
    needle = struct.pack("<BB", 1, 0) + struct.pack(word, (old << 1) | 1)  # 1 pointer field, tag natVal
    count, i = 0, data.find(needle)
    while i >= 0:
        data[i + 2:i + 2 + size] = struct.pack(word, (new << 1) | 1)
        count += 1
        i = data.find(needle, i + 1)
    olean.write_bytes(bytes(data))
    return count
