"""Declaration positions from the build's `.ilean` files: 0-based Lean ranges become 1-based
lines and columns; a missing, malformed or mismatched file gives no positions, never an error."""

from __future__ import annotations

import json
from pathlib import Path

from claimcheck.model.facts import SourceRange
from claimcheck.model.names import Name
from claimcheck.lean.ilean import read_ranges


def test_read_ranges(tmp_path: Path):
    lib = tmp_path / "build" / "lib"
    (lib / "A").mkdir(parents=True)
    src = tmp_path / "lean" / "A" / "B.lean"
    src.parent.mkdir(parents=True)
    src.write_text("-- source\n")
    (lib / "A" / "B.ilean").write_text(json.dumps({
        "version": 5, "module": "A.B", "directImports": [], "references": {},
        "decls": {"A.f": [5, 0, 6, 45, 6, 14, 6, 20], "A.short": [1, 2, 3, 4],
                  "A.bad": [1, -1, 2, 3], "A.text": "nope", "A.bool": [True, 0, 1, 1], "A..x": [0, 0, 1, 1]},
    }))
    ranges = read_ranges(lib, {"A.B": src}, tmp_path)
    assert ranges == {
        ("A.B", Name.parse("A.f")): SourceRange("lean/A/B.lean", 6, 1, 7, 46, 7, 15),
        ("A.B", Name.parse("A.short")): SourceRange("lean/A/B.lean", 2, 3, 4, 5, 2, 3),
    }
    # another module's file, broken JSON, or no file: nothing
    (lib / "A" / "C.ilean").write_text(json.dumps({"module": "A.B", "decls": {"A.g": [0, 0, 1, 1]}}))
    (lib / "A" / "D.ilean").write_text("{not json")
    assert read_ranges(lib, {"A.C": src, "A.D": src, "A.E": src}, tmp_path) == {}
