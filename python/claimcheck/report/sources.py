"""The Lean files of the report's declarations, rendered as pages with a line anchor per line.

A declaration's position (``GateResult.locations``, from the build's ``.ilean`` files) names its
file relative to the project root; :func:`write_source_pages` renders each such file into
``source/<file>.html`` (``#L12`` is line 12, the declaration's lines highlighted by CSS
``:target``), so a report copied elsewhere, e.g. as a CI artifact, still shows the source. A file
that is missing, unreadable or outside the project root is skipped (its declarations keep their
``file:line`` text without a link).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2

from claimcheck import files
from claimcheck.escape import visible

SOURCE_DIR = "source"


def page_path(file: str) -> str:
    """The report-relative path of the page for the source ``file``."""
    return f"{SOURCE_DIR}/{file}.html"


def write_source_pages(env: jinja2.Environment, locations: Mapping[str, Mapping[str, Any]], root: Path,
                       target: Path, common: Mapping[str, Any]) -> frozenset[str]:
    """Render the files named in ``locations`` into ``target/source/``; returns the files rendered."""
    root = Path(root).resolve()
    decls_by_file: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for name, loc in locations.items():
        decls_by_file.setdefault(str(loc["file"]), []).append((name, loc))
    template = env.get_template("source.html")
    done: set[str] = set()
    for file, decls in sorted(decls_by_file.items()):
        if not file.endswith(".lean"):
            continue
        try:  # a file that resolves outside the project (a link) is never read into the report
            lines = files.read_text(root, file, "the Lean module").splitlines()
        except (OSError, files.OutsideError, files.UnreadableError):
            continue
        out = target / page_path(file)
        out.parent.mkdir(parents=True, exist_ok=True)
        depth = "../" * (page_path(file).count("/"))
        starts = {int(loc["line"]): name for name, loc in decls}
        out.write_text(visible(template.render(
            **{**common, "root": depth, "page": "source"}, file=file, lines=lines, starts=starts,
            decls=sorted(decls, key=lambda d: int(d[1]["line"])),
        )), encoding="utf-8")
        done.add(file)
    return frozenset(done)
