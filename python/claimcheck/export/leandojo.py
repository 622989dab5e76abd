"""Export a project in the shape of LeanDojo's benchmark, from the build alone (no native Lean).

LeanDojo's benchmark (``scripts/generate-benchmark-lean4.ipynb`` in LeanDojo) writes, for each
theorem, ``url``, ``commit``, ``file_path``, ``full_name``, ``start``, ``end`` and
``traced_tactics``, and a premise corpus ``corpus.jsonl`` with one line per file: ``path``,
``imports`` and ``premises`` (each ``full_name``, ``code``, ``start``, ``end``, ``kind``).
Positions are ``[line, column]``, both 1-based. :func:`export` writes into a folder::

    theorems.json   [{url, commit, file_path, full_name, start, end, traced_tactics,
                      theorem_statement, premises, library_premises, claimcheck}, ...]
    corpus.jsonl    {"path", "imports", "premises": [{full_name, code, start, end, kind}]} a line
    metadata.json   {creation_time, from_repo: {url, commit}, claimcheck_version,
                     lean_version, unavailable_fields}

What comes from where: names, kinds, statements and the premises a proof uses are read from the
``.olean`` files (the constants of the statement and the proof, the project's auxiliaries looked
through); positions from the ``.ilean`` files; file paths relative to the git checkout holding
the project (as LeanDojo names them), else to the project root; ``code`` and ``theorem_statement`` are the
declaration's source text up to ``:=`` without comments; ``url``/``commit`` from git when the
project is a git checkout (else ``null``). ``premises`` of a theorem are project declarations,
each with ``def_path``, ``def_pos``, ``def_end_pos`` as in LeanDojo's annotated tactics; the
Lean library constants it uses are only named (``library_premises``): the wasm library ships no
sources. ``traced_tactics`` is always ``[]``: tactic states (``state_before``/``state_after``) need
a native Lean that runs LeanDojo's tracing (:data:`UNAVAILABLE`).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from claimcheck import git
from claimcheck import files
from claimcheck.analysis.depgraph import ProjectUses
from claimcheck.analysis.naming import is_syntax_declaration
from claimcheck.analysis.pretty import env_binder_infos, pretty
from claimcheck.errors import ClaimcheckError
from claimcheck.model.facts import DeclFacts, SourceRange
from claimcheck.model.names import Name

#: The fields of the theorem records, in order; the README documents each.
THEOREM_FIELDS = ("url", "commit", "file_path", "full_name", "start", "end", "traced_tactics",
                  "theorem_statement", "premises", "library_premises", "claimcheck")
PREMISE_FIELDS = ("full_name", "code", "start", "end", "kind")
PROVENANCE_FIELDS = ("full_name", "def_path", "def_pos", "def_end_pos")
CORPUS_FIELDS = ("path", "imports", "premises")
#: LeanDojo fields this export cannot fill, and why.
UNAVAILABLE = {
    "traced_tactics": "tactic states (state_before/state_after) and annotated tactics need LeanDojo's "
                      "tracing with a native Lean and lake; always []",
}


class ExportError(ClaimcheckError):
    """The export folder cannot be written."""


@dataclass(frozen=True)
class ExportSummary:
    folder: Path
    theorems: int
    premises: int
    files: int


_BLOCK_COMMENT = re.compile(r"/-.*?-/", re.S)
_LINE_COMMENT = re.compile(r"--[^\n]*")


def strip_comments(code: str) -> str:
    """Lean source without ``/- … -/`` (doc) comments and ``--`` line comments, trimmed."""
    code = _BLOCK_COMMENT.sub("", code)
    code = _LINE_COMMENT.sub("", code)
    return "\n".join(line.rstrip() for line in code.strip().splitlines() if line.strip())


def _slice(lines: list[str], r: SourceRange) -> str:
    """The text of ``r`` (1-based lines and columns; the end is exclusive) from ``lines``."""
    if r.line < 1 or r.line > len(lines):
        return ""
    last = min(r.end_line, len(lines))
    chunk = lines[r.line - 1:last]
    if not chunk:
        return ""
    if r.end_line <= len(lines):
        chunk[-1] = chunk[-1][: max(r.end_column - 1, 0)]
    chunk[0] = chunk[0][r.column - 1:]
    return "\n".join(chunk)


def statement_code(text: str, kind: str) -> str:
    """What LeanDojo's corpus calls ``code``: a theorem up to its ``:=`` (the statement), any
    other declaration whole; comments removed."""
    code = strip_comments(text)
    if kind == "theorem":
        cut = code.find(":=")
        if cut >= 0:
            code = code[:cut].rstrip()
    return code


def _git(root: Path, *args: str) -> str | None:
    try:
        done = git.run(root, *args)
    except (OSError, subprocess.SubprocessError):
        return None
    return (done.stdout.strip() or None) if done.returncode == 0 else None


def git_origin(root: Path) -> tuple[str | None, str | None]:
    """(remote ``origin`` URL, ``HEAD`` commit) of the git checkout holding ``root``, or Nones."""
    return _git(root, "remote", "get-url", "origin"), _git(root, "rev-parse", "HEAD")


def path_base(root: Path) -> Path:
    """What file paths are relative to: the git checkout holding ``root`` (as LeanDojo names
    files in a repository), else ``root``."""
    top = _git(root, "rev-parse", "--show-toplevel")
    return Path(top).resolve() if top else Path(root).resolve()


def rebase(file: str, root: Path, base: Path) -> str:
    """``file`` (relative to ``root``) relative to ``base``."""
    return Path(os.path.relpath(Path(root).resolve() / file, base)).as_posix()


def _pos(line: int, column: int) -> list[int]:
    return [int(line), int(column)]


def build_records(uses: ProjectUses, facts: Mapping[tuple[str, Name], DeclFacts],
                  ranges: Mapping[tuple[str, Name], SourceRange], sources: Mapping[str, Path],
                  imports: Mapping[str, list[str]], root: Path, url: str | None, commit: str | None, env: Any,
                  base: Path | None = None) -> tuple[list[dict], list[dict]]:
    """The theorem records and the corpus lines (see the module docstring); file paths are
    relative to ``base`` (default: ``root``)."""
    base = Path(root).resolve() if base is None else Path(base)
    texts: dict[str, list[str]] = {}

    def text_of(r: SourceRange) -> str:
        if r.file not in texts:
            try:
                texts[r.file] = files.read_text(root, r.file, "the Lean module").splitlines()
            except (OSError, files.OutsideError, files.UnreadableError):
                texts[r.file] = []
        return _slice(texts[r.file], r)

    keys = [k for k in uses.declarations() if not is_syntax_declaration(uses.constants[k]) and k in ranges]
    by_file: dict[str, list[dict[str, Any]]] = {}
    theorems: list[dict] = []
    for key in keys:
        ci, r = uses.constants[key], ranges[key]
        name = str(key[1])
        code = statement_code(text_of(r), ci.kind)
        file = rebase(r.file, root, base)
        by_file.setdefault(file, []).append({
            "full_name": name, "code": code, "start": _pos(r.line, r.column),
            "end": _pos(r.end_line, r.end_column), "kind": ci.kind,
        })
        if ci.kind != "theorem":
            continue
        used = uses.uses(key)
        premises = []
        for p in sorted((u for u in used if u in uses.constants and u in ranges), key=lambda u: str(u[1])):
            pr = ranges[p]
            premises.append({"full_name": str(p[1]), "def_path": rebase(pr.file, root, base),
                             "def_pos": _pos(pr.line, pr.column), "def_end_pos": _pos(pr.end_line, pr.end_column)})
        record = facts.get(key)
        theorems.append({
            "url": url,
            "commit": commit,
            "file_path": file,
            "full_name": name,
            "start": _pos(r.line, r.column),
            "end": _pos(r.end_line, r.end_column),
            "traced_tactics": [],
            "theorem_statement": code,
            "premises": premises,
            "library_premises": sorted(str(u[1]) for u in used if u not in uses.constants),
            "claimcheck": {
                "module": ci.module,
                "statement": pretty(ci.type, env_binder_infos(env, ci.module)),
                "status": str(record.status) if record else None,
                "axioms": [str(a) for a in record.axioms] if record else [],
                "fingerprint": record.fingerprint if record else None,
            },
        })
    corpus: list[dict[str, Any]] = []
    for module, source in sorted(sources.items(), key=lambda kv: str(kv[1])):
        path = Path(os.path.relpath(Path(source).resolve(), base)).as_posix()
        corpus.append({
            "path": path,
            "imports": [Path(os.path.relpath(Path(sources[i]).resolve(), base)).as_posix()
                        for i in imports.get(module, []) if i in sources],
            "premises": sorted(by_file.get(path) or [], key=_start),
        })
    return theorems, corpus


def _write_json(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)  # mkstemp makes 0600: an export is meant to be shared
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _start(premise: dict[str, Any]) -> tuple:
    return tuple(premise["start"])


def write_export(folder: Path, theorems: list[dict], corpus: list[dict], metadata: dict) -> ExportSummary:
    """Write the three files into ``folder`` (created), each atomically."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"{folder}: cannot create the export folder: {exc}") from exc
    if not folder.is_dir():
        raise ExportError(f"{folder}: not a folder")
    _write_json(folder / "theorems.json", json.dumps(theorems, indent=1, ensure_ascii=False) + "\n")
    _write_json(folder / "corpus.jsonl", "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in corpus))
    _write_json(folder / "metadata.json", json.dumps(metadata, indent=2, ensure_ascii=False) + "\n")
    return ExportSummary(folder, len(theorems), sum(len(c["premises"]) for c in corpus), len(corpus))


def metadata(url: str | None, commit: str | None, lean_version: str) -> dict:
    from claimcheck import __version__

    return {
        "creation_time": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "from_repo": {"url": url, "commit": commit},
        "claimcheck_version": __version__,
        "lean_version": lean_version,
        "unavailable_fields": UNAVAILABLE,
    }


def validate_export(folder: Path) -> list[str]:
    """Problems with an export folder against the documented field lists (empty: it conforms).
    Checks every record's keys and value types, 1-based positions, and that every premise a
    theorem names is a premise of the corpus at the same place."""
    problems: list[str] = []
    folder = Path(folder)
    theorems = json.loads((folder / "theorems.json").read_text(encoding="utf-8"))
    corpus = [json.loads(line) for line in (folder / "corpus.jsonl").read_text(encoding="utf-8").splitlines()]
    meta = json.loads((folder / "metadata.json").read_text(encoding="utf-8"))

    def pos_ok(p: Any) -> bool:
        return isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) and x >= 1 for x in p)

    where: dict[str, tuple[str, list[int], list[int]]] = {}
    for i, line in enumerate(corpus):
        if tuple(line) != CORPUS_FIELDS:
            problems.append(f"corpus line {i + 1}: keys {list(line)} != {list(CORPUS_FIELDS)}")
            continue
        if not isinstance(line["path"], str) or not all(isinstance(x, str) for x in line["imports"]):
            problems.append(f"corpus line {i + 1}: path/imports must be strings")
        for p in line["premises"]:
            if tuple(p) != PREMISE_FIELDS:
                problems.append(f"corpus {line['path']}: premise keys {list(p)} != {list(PREMISE_FIELDS)}")
                continue
            if not (pos_ok(p["start"]) and pos_ok(p["end"]) and p["start"] <= p["end"]):
                problems.append(f"corpus {p['full_name']}: bad positions {p['start']}..{p['end']}")
            if not p["code"]:
                problems.append(f"corpus {p['full_name']}: empty code")
            where[p["full_name"]] = (line["path"], p["start"], p["end"])
    for t in theorems:
        if tuple(t) != THEOREM_FIELDS:
            problems.append(f"theorem {t.get('full_name')}: keys {list(t)} != {list(THEOREM_FIELDS)}")
            continue
        if not (pos_ok(t["start"]) and pos_ok(t["end"]) and t["start"] <= t["end"]):
            problems.append(f"theorem {t['full_name']}: bad positions")
        if t["traced_tactics"] != []:
            problems.append(f"theorem {t['full_name']}: traced_tactics cannot be produced here")
        if where.get(t["full_name"], (None,))[0] != t["file_path"]:
            problems.append(f"theorem {t['full_name']}: not in the corpus at {t['file_path']}")
        for p in t["premises"]:
            if tuple(p) != PROVENANCE_FIELDS:
                problems.append(f"theorem {t['full_name']}: premise keys {list(p)} != {list(PROVENANCE_FIELDS)}")
            elif where.get(p["full_name"]) != (p["def_path"], p["def_pos"], p["def_end_pos"]):
                problems.append(f"theorem {t['full_name']}: premise {p['full_name']} is not in the corpus there")
        if not all(isinstance(x, str) for x in t["library_premises"]):
            problems.append(f"theorem {t['full_name']}: library_premises must be names")
    for key in ("creation_time", "from_repo", "claimcheck_version", "lean_version", "unavailable_fields"):
        if key not in meta:
            problems.append(f"metadata: missing {key}")
    return problems


def export_leandojo(session: Any, folder: Path) -> "ExportSummary":
    """Export the session's built project into ``folder`` and check it against the field lists."""
    from claimcheck.lean.ilean import read_ranges
    from claimcheck.lean.modules import discover

    project, env, built = session.project, session.environment, session.built_modules
    build = session.build
    facts = {f.key: f for f in session.facts}
    sources = {m: build.modules[m].source for m in built}
    modules = discover(project.src_dir, exclude=(project.build_dir,))
    imports = {m: list(dict.fromkeys(i.module for i in modules[m].imports)) for m in built if m in modules}
    ranges = read_ranges(project.olean_dir, sources, project.root)
    url, commit = git_origin(project.root)
    theorems, corpus = build_records(ProjectUses(env, built), facts, ranges, sources, imports, project.root,
                                     url, commit, env, path_base(project.root))
    summary = write_export(folder, theorems, corpus, metadata(url, commit, session.toolchain.version))
    problems = validate_export(folder)
    if problems:
        raise ExportError("the export does not match its field list:\n" + "\n".join(problems))
    return summary
