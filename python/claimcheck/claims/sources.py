"""The optional check of manifest citations against the source texts.

A manifest cites its paper by source file name and line (``sources:``). When a sources folder is
named (``[manifests] sources`` in ``claimcheck.toml``, ``--sources DIR``, or ``$CLAIMCHECK_SOURCES``)
and exists, :func:`check_sources` checks every citation against it: the file and line exist, the
line is an abstract (not an author line, whose abstract is the next line), no abstract is claimed
by two manifests, every other location holding the same abstract text is listed too, and
``authors`` + ``categories`` reproduce the author line before the abstract. When no folder is
named, nothing here runs: the project never needs the source texts to build, check or report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from claimcheck import files
from claimcheck.claims.manifest import Issue, Manifest, ManifestError

SOURCES_ENV = "CLAIMCHECK_SOURCES"

# An author line: names (possibly "+N"), immediately followed by arXiv categories, nothing else.
_AUTHOR_LINE = re.compile(r"^(?P<authors>.+?)(?P<cats>(?:[a-z-]+\.[A-Za-z-]+)(?: [a-z-]+\.[A-Za-z-]+)*)$")


@dataclass(frozen=True)
class SourceLine:
    """One line of a source file, classified as an abstract or an author line."""

    file: str
    line: int
    text: str
    is_author_line: bool


def is_author_line(text: str) -> bool:
    """True for a line with only author names followed by arXiv categories (no abstract)."""
    text = text.strip()
    return 0 < len(text) < 300 and not text.endswith(".") and bool(_AUTHOR_LINE.match(text))


def read_source_file(path: Path, folder: Path | None = None) -> list[SourceLine]:
    """All lines of one source file (1-based), classified; the file must resolve inside ``folder``
    (the sources folder; else its own folder), links followed, or it is refused by name."""
    lines = files.read_text(folder if folder is not None else path.parent, path, "the source text").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [SourceLine(path.name, i, t, is_author_line(t)) for i, t in enumerate(lines, 1)]


def read_sources(folder: str | Path) -> dict[str, list[SourceLine]]:
    """Every ``*.txt`` source file of ``folder``, keyed by its file name."""
    folder = Path(folder)
    return {p.name: read_source_file(p, folder) for p in sorted(folder.glob("*.txt"))}


def abstract_lines(sources: dict[str, list[SourceLine]]) -> list[SourceLine]:
    """All abstract (non-author, non-empty) lines of all source files."""
    return [s for lines in sources.values() for s in lines if s.text.strip() and not s.is_author_line]


def uncovered_abstracts(manifests: list[Manifest], folder: str | Path) -> list[SourceLine]:
    """Abstract lines of the sources that no manifest cites (every paper should have a manifest)."""
    covered = {(s.file, s.line) for m in manifests for s in m.sources}
    return [s for s in abstract_lines(read_sources(folder)) if (s.file, s.line) not in covered]


def check_sources(manifests: list[Manifest], folder: str | Path) -> dict[tuple[str, int], str]:
    """Check every manifest's citations against the source files in ``folder``.

    Returns the cited text of each location (for the report). Raises :class:`ManifestError`
    with every problem found, each at the manifest file and line.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ManifestError([Issue(folder, 0, "sources folder not found; name an existing folder"
                                   f" (--sources, [manifests] sources or ${SOURCES_ENV})")])
    sources = read_sources(folder)
    by_text: dict[str, list[tuple[str, int]]] = {}
    for s in abstract_lines(sources):
        by_text.setdefault(s.text.strip(), []).append((s.file, s.line))
    owner: dict[tuple[str, int], Manifest] = {}
    issues: list[Issue] = []
    for m in manifests:
        issues.extend(_check_manifest(m, sources, folder, by_text, owner))
    if issues:
        raise ManifestError(sorted(issues, key=lambda i: (str(i.path), i.line)))
    return {(m_src.file, m_src.line): sources[m_src.file][m_src.line - 1].text
            for m in manifests for m_src in m.sources}


def _check_manifest(
    m: Manifest,
    sources: dict[str, list[SourceLine]],
    folder: Path,
    by_text: dict[str, list[tuple[str, int]]],
    owner: dict[tuple[str, int], Manifest],
) -> list[Issue]:
    issues: list[Issue] = []
    listed = {(s.file, s.line) for s in m.sources}
    author_lines: list[SourceLine] = []
    for ref in m.sources:
        lines = sources.get(ref.file)
        if lines is None:
            issues.append(Issue(m.path, ref.yaml_line, f"source file `{ref.file}` does not exist in"
                                f" {folder}; available: {', '.join(sorted(sources))}"))
            continue
        if ref.line > len(lines):
            issues.append(Issue(m.path, ref.yaml_line, f"source line {ref.line} does not exist in"
                                f" `{ref.file}` (it has {len(lines)} lines); point to the abstract's line"))
            continue
        sl = lines[ref.line - 1]
        if not sl.text.strip():
            issues.append(Issue(m.path, ref.yaml_line, f"source line {ref.file}:{ref.line} is empty;"
                                " point to the abstract's line"))
            continue
        if sl.is_author_line:
            issues.append(Issue(m.path, ref.yaml_line, f"source line {ref.file}:{ref.line} is an author"
                                f" line; it belongs to the abstract after it: use line {ref.line + 1}"))
            continue
        if (ref.file, ref.line) in owner and owner[(ref.file, ref.line)] is not m:
            issues.append(Issue(m.path, ref.yaml_line, f"source location {ref.file}:{ref.line} is already"
                                f" cited by {owner[(ref.file, ref.line)].path}; one paper, one manifest:"
                                " merge the two"))
        owner.setdefault((ref.file, ref.line), m)
        for other in by_text.get(sl.text.strip(), []):
            if other not in listed:
                issues.append(Issue(m.path, ref.yaml_line, f"the abstract at {ref.file}:{ref.line} also"
                                    f" occurs at {other[0]}:{other[1]}; list that location under"
                                    " `sources` too (one paper, one manifest)"))
        if ref.line > 1 and lines[ref.line - 2].is_author_line:
            author_lines.append(lines[ref.line - 2])

    if author_lines:
        al = author_lines[0]
        if m.authors is None or not m.categories:
            issues.append(Issue(m.path, m.yaml_line, f"{al.file}:{al.line} gives authors and"
                                f" categories for this paper (`{al.text}`); add `authors:` and"
                                " `categories:` copied from it"))
        elif m.authors + " ".join(m.categories) != al.text.strip():
            issues.append(Issue(m.path, m.authors_line or m.yaml_line, "`authors` + `categories`"
                                f" do not reproduce the author line {al.file}:{al.line}"
                                f" (`{al.text}`); copy the names verbatim (keep `+N`) and list"
                                " the categories in order"))
    elif m.authors is not None:
        issues.append(Issue(m.path, m.authors_line, "`authors` given but no source location is preceded"
                            " by an author line; drop `authors`/`categories` or fix the source line"))
    return issues
