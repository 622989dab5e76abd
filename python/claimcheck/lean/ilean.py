"""Where each declaration is in its Lean source, from the ``.ilean`` files the build writes.

Lean writes ``X.ilean`` beside ``X.olean``: JSON with ``module`` and ``decls``, which maps each
declaration to eight numbers, its full range (from its doc comment to its last character) and its
name's range: ``[line, col, endLine, endCol, selLine, selCol, selEndLine, selEndCol]``, lines
counted from 0 and columns in code points from 0. :func:`read_ranges` turns them into
:class:`~claimcheck.model.facts.SourceRange` values with 1-based lines and columns (as editors,
GitHub and LeanDojo number them) and the source file relative to the project root. Positions are for
display and links, and tell which of a module's instances a declaration saw
(:meth:`claimcheck.analysis.canonical.Canonical.unseen_by`: an instance without a position counts as
seen, so a missing one can only add a warning). A missing or malformed ``.ilean`` gives no positions
for its module (never an error).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from claimcheck import files
from claimcheck.model.facts import SourceRange
from claimcheck.model.names import Name, NameSyntaxError


def declarations(text: str, module: str) -> dict[Name, list[int]]:
    """The ``decls`` of an ``.ilean``'s JSON ``text`` when it is ``module``'s: each declaration's
    numbers (at least four, each a natural number); empty when the text is malformed or another
    module's, and a name that does not parse is left out."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict) or data.get("module") != module or not isinstance(data.get("decls"), dict):
        return {}
    out: dict[Name, list[int]] = {}
    for name, nums in data["decls"].items():
        if not (isinstance(name, str) and isinstance(nums, list) and len(nums) >= 4
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in nums)):
            continue
        try:
            out[Name.parse(name)] = nums
        except NameSyntaxError:
            continue
    return out


def read_ranges(olean_dir: Path, sources: Mapping[str, Path], root: Path) -> dict[tuple[str, Name], SourceRange]:
    """Source ranges of the declarations of the modules in ``sources`` (module name -> its
    ``.lean`` file), read from ``olean_dir/<A>/<B>.ilean``, by (module, name); files relative to
    ``root``. (Lean writes the names as it prints them, ``«»``-quoted where needed.)"""
    ranges: dict[tuple[str, Name], SourceRange] = {}
    for module, source in sorted(sources.items()):
        ilean = Path(olean_dir).joinpath(*module.split(".")).with_suffix(".ilean")
        try:
            text = files.read_text(root, ilean, "the build output")
        except (OSError, ValueError, files.OutsideError):  # (a text that does not decode is a ValueError)
            continue
        file = Path(os.path.relpath(source, root)).as_posix()
        for name, nums in declarations(text, module).items():
            sel = nums[4:6] if len(nums) >= 6 else nums[0:2]
            ranges[(module, name)] = SourceRange(file=file, line=nums[0] + 1, column=nums[1] + 1,
                                       end_line=nums[2] + 1, end_column=nums[3] + 1,
                                       name_line=sel[0] + 1, name_column=sel[1] + 1)
    return ranges
