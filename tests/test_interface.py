"""The interface digest (`claimcheck.lean.interface`) reads a constant's meaningful bytes only.

Lean leaves whatever a reused cell held in the padding after a constructor's scalar fields (a
`DefinitionVal`'s one-byte `safety` sits in an eight-byte area), so two builds of one source differ
there; a digest that hashed those bytes rebuilt every importer after a proof-only edit. Each case
changes one byte of a real library `.olean` (a copy) and says whether what importers see changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.lean.interface import interface_digest
from claimcheck.olean.reader import Module

MODULE = "Init.Data.Option.Coe"  # small, with definitions and binders


def _olean(toolchain) -> Path:
    return toolchain.lib_dir.joinpath(*MODULE.split(".")).with_suffix(".olean")


def _scalar_offsets(olean: Path) -> dict[str, tuple[int, int]]:
    """File offsets of the scalar areas (start, end) of the first definition's `DefinitionVal` and of
    the first `forallE` in a constant's type, from the reader's own view of the file."""
    mod = Module.load(MODULE, olean)
    g = mod._graph
    fields, _is_module = mod._roots[mod.part_kinds.index("olean")]
    found: dict[str, tuple[int, int]] = {}
    for info in g.array(fields[2]):
        data, off, tag, other, _cs = g.obj(info)
        (val,) = g.ptrs(data, off, other)
        vdata, voff, _vtag, vother, vcs = g.obj(val)
        assert vdata is data  # one part: a data offset is a file offset
        if tag == 1 and "definition" not in found:
            found["definition"] = (g.scalars(vdata, voff, vother), voff + vcs)
        cval = g.ptrs(vdata, voff, vother)[0]
        cdata, coff, _t, cother, _c = g.obj(cval)
        ty = g.ptrs(cdata, coff, cother)[2]
        edata, eoff, etag, eother, ecs = g.obj(ty)
        if etag == 7 and "forall" not in found:
            found["forall"] = (g.scalars(edata, eoff, eother), eoff + ecs)
    assert set(found) == {"definition", "forall"}
    return found


def _with_byte(olean: Path, tmp_path: Path, offset: int) -> Path:
    out = tmp_path / f"changed-{offset}.olean"
    data = bytearray(olean.read_bytes())
    data[offset] ^= 0x5A
    out.write_bytes(bytes(data))
    return out


@pytest.mark.lean
@pytest.mark.parametrize(
    ("area", "index", "changes"),
    [
        ("definition", 0, True),  # safety: a definition made unsafe or partial is a different one
        ("definition", 1, False),  # padding
        ("definition", 7, False),  # padding
        ("forall", 0, True),  # Expr.data (hash, flags)
        ("forall", 8, True),  # binderInfo: explicit or implicit is a different statement
        ("forall", 9, False),  # padding
    ],
)
def test_padding_is_not_interface(area: str, index: int, changes: bool, toolchain, tmp_path: Path) -> None:
    olean = _olean(toolchain)
    start, end = _scalar_offsets(olean)[area]
    assert start + index < end, "the area is smaller than the case expects"
    before = interface_digest(olean, MODULE)
    after = interface_digest(_with_byte(olean, tmp_path, start + index), MODULE)
    assert (before != after) is changes
