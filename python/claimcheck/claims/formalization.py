"""The repository's ``formalization.yaml`` (mathlib-initiative/formalization.yaml, template
version v0.4): its mechanical parts generated from the gate's result and the manifests, every
hand-written field and comment kept (a round-trip YAML load and dump with ruamel.yaml). A new file
starts with the template's ``$schema`` line (for editors: ``# yaml-language-server: $schema=...``).

Generated (and checked for staleness by ``claimcheck check`` when the file exists):

- ``sources``: one entry per manifest, marked ``manifest: <path>`` (``title``, ``authors``, ``id``,
  ``type``); hand-written keys of an entry (``license``, ``relationship``, ...) are kept, and
  entries without a ``manifest`` key are hand-written sources, kept as they are.
- ``status.sorry_count`` / ``status.sorry_in_definitions``: the project's declarations that reach
  ``sorryAx`` (claimcheck counts declarations depending on ``sorry``, not ``sorry`` occurrences),
  all of them / those that are not theorems; ``status.axioms``: every axiom a project declaration
  reaches (the standard ones included); ``status.main_results``: one entry per Lean declaration
  that backs a theorem or conditional claim (role ``theorem``), with ``file``, ``sorry_count``
  (1 when it depends on ``sorry``, else 0), ``axioms`` and claimcheck's ``status``; hand-written
  keys of an entry (``comparator_config``, ``literature_dependencies``) are kept. The main results
  are the theorems the claims rest on (``role: theorem`` entries of theorem, conditional and
  conjecture claims), not instance theorems or definitions; a main result that is a ``sorry`` is
  listed with its ``sorry_count``. Other ``status`` keys (``scope``) are hand-written.
- ``alignment.statements``: one row per claim, marked ``claim: <paper>/<claim>``, with ``source``,
  ``lean`` and ``module`` (lists, one type whatever their length), ``status`` (proved |
  literature-dependency | in-progress | not-formalized), claimcheck's ``tier`` and ``coverage``; a
  row's ``note`` and rows without a ``claim`` key are hand-written. ``status``, ``tier`` and
  ``coverage`` are claimcheck's words: a hand-written row that uses them is refused (it would vouch
  for what no build checked). Other ``alignment`` keys are kept.
- ``fidelity.divergences``: the manifests' coverage notes, one line per claim whose coverage is not
  ``full``. Other ``fidelity`` keys are kept.

Everything else (``project``, ``automation``, ``review``, ...) is the authors' own;
:func:`problems` reports the template's required fields that are blank (``project.name``,
``project.authors``, ``project.license``, ``automation.methods[].method``, ``review.status``,
``sources[].title``) and fields whose type is not the template's (checked field by field against
the v0.4 schema's rules, not vendored). A file is written to a temporary file and renamed into place.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import LiteralScalarString

from claimcheck import files
from claimcheck.cache import Store, code_digest, digest, reads_allowed
from claimcheck.claims.manifest import Claim, Manifest
from claimcheck.errors import ClaimcheckError
from claimcheck.model.evidence import ClaimEvidence, GateResult, Problem, ProblemCode, Role, Severity, Tier, Verdict
from claimcheck.model.facts import DeclKind, Status
from claimcheck.project import Project

FILE_NAME = "formalization.yaml"

#: The generated parts, as paths into the document (what ``check`` compares).
GENERATED_PARTS: tuple[tuple[str, ...], ...] = (
    ("sources",),
    ("status", "sorry_count"),
    ("status", "sorry_in_definitions"),
    ("status", "axioms"),
    ("status", "main_results"),
    ("alignment", "statements"),
    ("fidelity", "divergences"),
)

#: The template version claimcheck writes, and its schema's address (for editors).
TEMPLATE_VERSION = "v0.4"
SCHEMA_URL = ("https://raw.githubusercontent.com/mathlib-initiative/formalization.yaml/main/schema/"
              f"{TEMPLATE_VERSION}.schema.json")
SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_URL}"
#: claimcheck's words in an alignment row: never hand-written.
GENERATED_ROW_KEYS = ("status", "tier", "coverage")
#: The methods the template allows in ``automation.methods[].method``.
AUTOMATION_METHODS = ("manual", "copilot", "agent", "autonomous", "other")

#: A new file starts from the template's fields (v0.4), hand-written parts left to fill in.
SKELETON = f"""\
{SCHEMA_LINE}
# formalization.yaml: repo-root metadata for formalization projects
# (https://github.com/mathlib-initiative/formalization.yaml).
# claimcheck generates `sources`, `status` (counts, axioms, main_results), `alignment.statements`
# and `fidelity.divergences` (`claimcheck formalization-yaml`; `claimcheck check` fails when they
# are stale). Everything else is yours: claimcheck keeps your fields and comments.

version: "{TEMPLATE_VERSION}"

project:
  name: ""                     # [required]
  authors: []                  # [required] who did the formalization
  license: ""                  # [required]

# sources, status and alignment.statements: generated from the manifests and the build.
sources: []
status: {{}}

automation:                    # [required]
  methods:
    - method: ""               # [required] manual | copilot | agent | autonomous | other

fidelity: {{}}

review:
  status: ""                   # [required] unchecked | agent-reviewed | self-assessed | peer-reviewed | author-verified
  reviewers: []

alignment: {{}}
"""


class FormalizationError(ClaimcheckError):
    """The existing ``formalization.yaml`` cannot be read or has the wrong shape."""


@dataclass(frozen=True)
class Generated:
    """The generated parts of the file, as plain data."""

    sources: list[dict[str, Any]]
    status: dict[str, Any]
    main_results: list[dict[str, Any]]
    statements: list[dict[str, Any]]
    divergences: str


def _split_authors(authors: str | None) -> list[str]:
    if not authors:
        return []
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", authors)
    # "Chao Zhang +3" (three more authors) and "et al." are not names: the names alone are listed.
    names = [re.sub(r"\s*\+\d+$", "", p.strip()) for p in parts]
    return [n for n in names if n and n not in ("et al.", "et al")]


def _module_file(project: Project, module: str) -> str:
    path = project.src_dir.joinpath(*module.split(".")).with_suffix(".lean")
    try:
        return path.relative_to(project.root).as_posix()
    except ValueError:
        return path.as_posix()


def _alignment_status(claim: Claim, result: ClaimEvidence) -> str:
    if claim.formal is None:
        return "not-formalized"
    if result.verdict is Verdict.FAILS or result.tier not in (Tier.COMPILED, Tier.KERNEL_RECHECKED):
        return "in-progress"
    if all(f.role == "library" for f in claim.formal):
        return "literature-dependency"
    return "proved"


def generate(result: GateResult, manifests: list[Manifest], project: Project) -> Generated:
    """The generated parts from the gate's result and the manifests it judged."""
    by_id = {m.id: m for m in manifests}
    sources: list[dict[str, Any]] = []
    main_results: list[dict[str, Any]] = []
    statements: list[dict[str, Any]] = []
    divergences: list[str] = []
    seen_main: set[str] = set()
    for paper in result.papers:
        manifest = by_id.get(paper.id)
        if manifest is None:
            raise FormalizationError(f"paper {paper.id}: no manifest for it among those given")
        entry: dict[str, Any] = {"manifest": paper.manifest, "title": paper.title,
                                 "authors": _split_authors(paper.authors)}
        if paper.arxiv:
            entry["id"] = f"arXiv:{paper.arxiv}"
            entry["type"] = "preprint"
        elif paper.url:
            entry["id"] = paper.url
        sources.append(entry)
        claims = {c.id: c for c in manifest.claims}
        for cr in paper.claims:
            claim = claims[cr.id]
            decls = [str(f.decl) for f in claim.formal or []]
            modules = list(dict.fromkeys(f.facts.module for f in cr.formal if f.facts and f.facts.module))
            statements.append({
                "claim": f"{paper.id}/{cr.id}",
                "source": f"{paper.title}, claim {cr.id} ({cr.label})",
                "lean": decls,
                "module": modules,
                "status": _alignment_status(claim, cr),
                "tier": str(cr.tier),
                "coverage": str(cr.coverage) if cr.coverage and cr.formal else "",
            })  # fmt: skip
            if claim.coverage and claim.coverage != "full":
                note = " ".join((claim.coverage_note or "").split())
                divergences.append(f"{paper.id}/{cr.id} ({claim.coverage}): {note}")
            if cr.label not in ("theorem", "conditional", "conjecture"):
                continue
            for f in cr.formal:
                # an instance theorem (a closed statement proved by decision) is evidence, not a result
                if f.role is not Role.THEOREM or str(f.decl) in seen_main or f.instance is not None:
                    continue
                seen_main.add(str(f.decl))
                facts = f.facts
                main_results.append({
                    "declaration": str(f.decl),
                    "file": _module_file(project, facts.module) if facts and facts.module else "",
                    "sorry_count": 1 if facts and facts.status is Status.SORRY else 0,
                    "axioms": sorted(str(a) for a in (facts.axioms if facts else ())),
                    "status": str(facts.status if facts else Status.MISSING),
                })  # fmt: skip
    declared = [d for d in result.declarations if d.kind is not DeclKind.MODULE]
    status = {
        "sorry_count": sum(1 for d in declared if d.status is Status.SORRY),
        "sorry_in_definitions": sum(1 for d in declared if d.status is Status.SORRY and d.kind is not DeclKind.THEOREM),
        "axioms": sorted({str(a) for d in declared for a in d.axioms}),
    }
    return Generated(sources, status, main_results, statements, "\n".join(divergences))


# --------------------------------------------------------------------------- round trip


def _yaml() -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


#: Limits on formalization.yaml: its size, and how deep its YAML nests (the template nests 4 deep).
MAX_FILE_CHARS = 1 << 20
MAX_DEPTH = 32


def _plain_yaml(text: str, path: Path) -> None:
    """Refuse what a plain data file never needs and what makes reading it blow up: more than
    :data:`MAX_FILE_CHARS`, nesting deeper than :data:`MAX_DEPTH`, and YAML aliases and merge keys
    (``*name``, ``<<``: a value repeated out of sight; walked as a tree, the billion laughs). Read
    as a stream of parser events, never as a tree."""
    import yaml as pyyaml

    if len(text) > MAX_FILE_CHARS:
        raise FormalizationError(f"{path}: {len(text)} characters, more than formalization.yaml may be"
                                 f" ({MAX_FILE_CHARS})")
    loader = getattr(pyyaml, "CSafeLoader", pyyaml.SafeLoader)
    depth = 0
    try:
        for event in pyyaml.parse(text, Loader=loader):
            line = event.start_mark.line + 1 if event.start_mark is not None else 1
            if isinstance(event, pyyaml.AliasEvent):
                raise FormalizationError(f"{path}:{line}: a YAML alias (`*name`) repeats a value here; write"
                                         " each value out (formalization.yaml is plain data)")
            if isinstance(event, pyyaml.ScalarEvent) and event.value == "<<" \
                    and (event.implicit[0] or event.tag == "tag:yaml.org,2002:merge"):
                raise FormalizationError(f"{path}:{line}: a YAML merge key (`<<`) here; write each key out"
                                         " (formalization.yaml is plain data)")
            if isinstance(event, (pyyaml.MappingStartEvent, pyyaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise FormalizationError(f"{path}:{line}: the YAML nests deeper than {MAX_DEPTH} levels here")
            elif isinstance(event, (pyyaml.MappingEndEvent, pyyaml.SequenceEndEvent)):
                depth -= 1
    except pyyaml.YAMLError:
        return  # invalid YAML: reported by the round-trip reader, with its line


def _load(text: str, path: Path) -> CommentedMap:
    _plain_yaml(text, path)
    try:
        doc = _yaml().load(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        raise FormalizationError(f"{path}:{line}: invalid YAML: {getattr(exc, 'problem', exc)}") from exc
    if doc is None:
        doc = CommentedMap()
    if not isinstance(doc, CommentedMap):
        raise FormalizationError(f"{path}:1: formalization.yaml must be a mapping of keys")
    return doc


def _mapping(doc: CommentedMap, key: str, path: Path) -> CommentedMap:
    value = doc.get(key)
    if value is None or value == {}:
        if not isinstance(value, CommentedMap):
            value = CommentedMap()
            doc[key] = value
        return value
    if not isinstance(value, CommentedMap):
        line = doc.lc.key(key)[0] + 1 if key in doc else 1
        raise FormalizationError(f"{path}:{line}: `{key}` must be a mapping; claimcheck writes keys into it")
    return value


def _merge_list(existing: Any, generated: list[dict[str, Any]], marker: str,
                keep_unmarked: bool) -> CommentedSeq:
    """Rows of ``generated`` (matched to existing rows by ``marker``, whose other keys are kept),
    after the existing rows without ``marker`` when ``keep_unmarked``."""
    old = list(existing) if isinstance(existing, list) else []
    by_marker = {row.get(marker): row for row in old if isinstance(row, dict) and row.get(marker) is not None}
    seq = existing if isinstance(existing, CommentedSeq) else CommentedSeq()
    rows: list[Any] = []
    if keep_unmarked:  # hand-written rows; the template's blank placeholder rows are dropped
        rows += [row for row in old if not (isinstance(row, dict) and row.get(marker) is not None)
                 and not _blank(row)]
    for gen in generated:
        row = by_marker.get(gen[marker])
        if not isinstance(row, CommentedMap):
            row = CommentedMap()
        pos = 0  # generated keys go before the hand-written ones (whose comments stay in place)
        for key, value in gen.items():
            if key in row:
                row[key] = copy.deepcopy(value)
                pos = list(row).index(key) + 1
            else:
                row.insert(pos, key, copy.deepcopy(value))
                pos += 1
        rows.append(row)
    seq[:] = rows
    return seq


def _blank(value: Any) -> bool:
    """A template placeholder: only empty strings, lists and mappings."""
    if isinstance(value, dict):
        return all(_blank(v) for v in value.values())
    if isinstance(value, list):
        return all(_blank(v) for v in value)
    return value is None or value == "" or value == 0


def apply(doc: CommentedMap, gen: Generated, path: Path) -> CommentedMap:
    """Write the generated parts into the loaded document (in place), keeping everything else."""
    doc["sources"] = _merge_list(doc.get("sources"), gen.sources, "manifest", keep_unmarked=True)
    status = _mapping(doc, "status", path)
    for key, value in gen.status.items():
        status[key] = value
    status["main_results"] = _merge_list(status.get("main_results"), gen.main_results, "declaration",
                                         keep_unmarked=False)
    fidelity = _mapping(doc, "fidelity", path)
    fidelity["divergences"] = LiteralScalarString(gen.divergences + "\n") if "\n" in gen.divergences else gen.divergences
    alignment = _mapping(doc, "alignment", path)
    alignment["statements"] = _merge_list(alignment.get("statements"), gen.statements, "claim", keep_unmarked=True)
    return doc


def _dump(doc: CommentedMap) -> str:
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _part(doc: Any, keys: tuple[str, ...]) -> Any:
    for key in keys:
        if not isinstance(doc, dict):
            return None
        doc = doc.get(key)
    return doc


def _read(path: Path) -> str:
    """The file's text, read only when it resolves inside its folder (the project root): a link to a
    file elsewhere is refused by name, so no outside content is ever copied into the project."""
    return files.read_text(path.parent, path, FILE_NAME)


def render(path: Path, gen: Generated) -> str:
    """The file's new text: the existing file (or the template skeleton) with the generated parts,
    opened by the template's ``$schema`` line."""
    return _render(path, gen, None)[0]


def _render(path: Path, gen: Generated, root: Path | None) -> tuple[str, list["Known"]]:
    """:func:`render`, with the blank required fields ``root``'s project answers filled in."""
    text = _read(path) if path.exists() or path.is_symlink() else SKELETON
    doc = apply(_load(text, path), gen, path)
    filled = fill_known(doc, root, path) if root is not None else []
    out = _dump(doc)
    if "$schema=" not in out.split("\n", 1)[0]:
        out = SCHEMA_LINE + "\n" + out
    return out, filled


def stale_parts(path: Path, gen: Generated) -> list[str]:
    """The generated parts of the committed file that differ from ``gen`` (empty when current)."""
    text = _read(path)
    current = _plain(_load(text, path))
    wanted = _plain(apply(_load(text, path), gen, path))
    return [".".join(keys) for keys in GENERATED_PARTS if _part(current, keys) != _part(wanted, keys)]


def problems(path: Path, result: GateResult, manifests: list[Manifest], project: Project) -> list[Problem]:
    """What is wrong with the committed file, as problems of the project (errors): each stale
    generated part (the file says something the build no longer does), each hand-written row that
    uses claimcheck's words, each required field that is blank, each field of the wrong type."""
    rel = path.name
    data = files.read_bytes(path.parent, path, FILE_NAME)  # a link out of the project is refused by name
    try:
        gen = generate(result, manifests, project)
    except (FormalizationError, OSError) as exc:
        return [Problem(ProblemCode.FORMALIZATION_STALE, Severity.ERROR, _unlocated(exc, rel), file=rel,
                        line=_located(exc))]
    # One problem, one cause: when a module did not build, the generated parts differ from the file
    # because of that failure (already an error of its own), so they are not compared.
    compare = result.build.ok
    # Reading the file round-trip is slow: the problems are reused for the same file and the same
    # generated parts (this claimcheck's, computed from this build).
    cache = Store("formalization-2", enabled=reads_allowed())
    key = digest(code_digest(), data, json.dumps(dataclasses.asdict(gen), sort_keys=True, default=str), compare)
    got = cache.read(key, list[Problem])
    if got is not None:
        return got
    out = _problems(path, rel, data, gen, compare)
    cache.write(key, out)
    return out


def _problems(path: Path, rel: str, data: bytes, gen: Generated, compare: bool = True) -> list[Problem]:
    """The problems of the file (messages without its name and line: a problem carries them, and
    every format prints them once)."""
    try:
        text = data.decode("utf-8")
        doc = _load(text, path)
        parts = stale_parts(path, gen) if compare else []
    except (FormalizationError, OSError, UnicodeDecodeError) as exc:
        return [Problem(ProblemCode.FORMALIZATION_STALE, Severity.ERROR, _unlocated(exc, rel), file=rel,
                        line=_located(exc))]
    out = [Problem(ProblemCode.FORMALIZATION_STALE, Severity.ERROR,
                   f"`{'.'.join(keys)}` is stale; run `claimcheck formalization-yaml`", file=rel,
                   line=_part_line(doc, keys))
           for keys in GENERATED_PARTS if ".".join(keys) in parts]
    if not compare:
        out.append(Problem(ProblemCode.FORMALIZATION_STALE, Severity.NOTICE,
                           "its generated parts were not compared with this build: a module did not build",
                           file=rel, line=1))
    for line, message in hand_written_claims(doc):
        out.append(Problem(ProblemCode.FORMALIZATION_HAND_ROW, Severity.ERROR, message, file=rel, line=line))
    for line, message in template_conformance(doc):
        out.append(Problem(ProblemCode.FORMALIZATION_FIELD_BLANK, Severity.ERROR, message, file=rel, line=line))
    return out


def _part_line(doc: Any, keys: tuple[str, ...]) -> int:
    """The line of a generated part's key in the file (1 when it is absent)."""
    node, line = doc, 1
    for key in keys:
        if not isinstance(node, dict) or key not in node:
            return line
        line = _line_of(node, key)
        node = node[key]
    return line


_LOCATION = re.compile(r"^[^\n]*?formalization\.yaml:(\d+): ")


def _located(exc: BaseException) -> int:
    """The line a :class:`FormalizationError` names (``path:line: ...``), else 1."""
    m = _LOCATION.match(str(exc))
    return int(m.group(1)) if m else 1


def _unlocated(exc: BaseException, rel: str) -> str:
    """The error's words without the ``path:line:`` it starts with (the problem carries them)."""
    text = str(exc)
    m = _LOCATION.match(text)
    if m:
        return text[m.end():]
    prefix = re.match(r"^[^\n]*?formalization\.yaml: ", text)
    return text[prefix.end():] if prefix else text


def _line_of(node: Any, key: Any = None) -> int:
    try:
        if key is None:
            return node.lc.line + 1
        return node.lc.key(key)[0] + 1
    except (AttributeError, KeyError, TypeError):
        return 1


def hand_written_claims(doc: CommentedMap) -> list[tuple[int, str]]:
    """Hand-written alignment rows that use claimcheck's words (``status``, ``tier``, ``coverage``):
    only a generated row (``claim: <paper>/<claim>``) may say what the build found."""
    alignment = doc.get("alignment")
    rows = alignment.get("statements") if isinstance(alignment, dict) else None
    out = []
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or row.get("claim") is not None:
            continue
        used = [k for k in GENERATED_ROW_KEYS if row.get(k) not in (None, "")]
        if used:
            out.append((_line_of(row), f"a hand-written alignment row says {', '.join(f'`{k}`' for k in used)}:"
                        " those are claimcheck's words for what a build checked; make it a claim's row"
                        " (`claim: <paper>/<claim>`, generated) or drop them (a `note` is yours)"))
    return out


def template_conformance(doc: CommentedMap) -> list[tuple[int, str]]:
    """The template's (v0.4) required fields that are blank, and fields of the wrong type."""
    out: list[tuple[int, str]] = []

    def blank_string(parent: Any, key: str, where: str) -> None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, str) or not value.strip():
            out.append((_line_of(parent, key) if isinstance(parent, dict) and key in parent else 1,
                        f"`{where}` is required and blank; fill it in"))

    project = doc.get("project")
    blank_string(project, "name", "project.name")
    blank_string(project, "license", "project.license")
    authors = project.get("authors") if isinstance(project, dict) else None
    if not isinstance(authors, list) or not authors or not all(isinstance(a, str) and a.strip() for a in authors):
        out.append((_line_of(project, "authors") if isinstance(project, dict) and "authors" in project else 1,
                    "`project.authors` is required: a list of the people who did the formalization"))
    sources = doc.get("sources")
    if not isinstance(sources, list) or not sources:
        out.append((1, "`sources` is required: a list of what was formalized"))
    else:
        for src in sources:
            if not isinstance(src, dict) or not isinstance(src.get("title"), str) or not src["title"].strip():
                out.append((_line_of(src), "every `sources` entry needs a `title`"))
            elif not isinstance(src.get("authors", []), list):
                out.append((_line_of(src, "authors"), "`sources[].authors` must be a list"))
    automation = doc.get("automation")
    methods = automation.get("methods") if isinstance(automation, dict) else None
    if not isinstance(methods, list) or not methods:
        out.append((_line_of(automation) if isinstance(automation, dict) else 1,
                    "`automation.methods` is required: one entry per way the formalization was produced"))
    else:
        for m in methods:
            method = m.get("method") if isinstance(m, dict) else None
            if method not in AUTOMATION_METHODS:
                out.append((_line_of(m), f"`automation.methods[].method` is required: one of {', '.join(AUTOMATION_METHODS)}"))
    review = doc.get("review")
    blank_string(review, "status", "review.status")
    status = doc.get("status")
    if isinstance(status, dict):
        for key in ("sorry_count", "sorry_in_definitions"):
            if key in status and (not isinstance(status[key], int) or isinstance(status[key], bool) or status[key] < 0):
                out.append((_line_of(status, key), f"`status.{key}` must be a non-negative integer"))
        for row in status.get("main_results") or []:
            if isinstance(row, dict) and not isinstance(row.get("declaration", ""), str):
                out.append((_line_of(row), "`status.main_results[].declaration` must be a string"))
    return out


# --------------------------------------------------------------------------- what the project says

#: A licence file's name, in the order they are looked for.
LICENSE_FILES = ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "LICENCE.md", "LICENCE.txt", "COPYING",
                 "COPYING.md", "COPYING.txt")
#: Licences recognised by their text: (SPDX id, phrases that must all occur, phrases that must not).
#: The GPL family is not guessed: its text does not say "only" or "or later" (a project says so in
#: its headers), so its SPDX id is left to the authors.
_LICENSES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Apache-2.0", ("apache license", "version 2.0"), ()),
    ("MIT", ("permission is hereby granted, free of charge", "the above copyright notice"), ()),
    ("BSD-3-Clause", ("redistribution and use in source and binary forms", "neither the name"), ()),
    ("BSD-2-Clause", ("redistribution and use in source and binary forms",), ("neither the name",)),
    ("ISC", ("permission to use, copy, modify, and/or distribute this software for any purpose",), ()),
    ("MPL-2.0", ("mozilla public license", "version 2.0"), ()),
    ("Unlicense", ("this is free and unencumbered software released into the public domain",), ()),
)
_SPDX_LINE = re.compile(r"SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+(?:\s+(?:AND|OR|WITH)\s+[A-Za-z0-9.+-]+)*)")


@dataclass(frozen=True)
class Known:
    """A required field's value the project itself gives, and where it was read."""

    keys: tuple[str, ...]
    value: str
    origin: str


def license_of(root: Path) -> Known | str | None:
    """The project's licence as an SPDX id, read from its licence file; the file's name in words
    when it is there but not recognised; None when there is none."""
    for name in LICENSE_FILES:
        path = root / name
        if not path.is_file():
            continue
        try:  # read only inside the project: a licence file linked elsewhere is refused by name
            text = files.read_text(root, path, name, limit=200_000, errors="replace")
        except OSError:
            return None
        spdx = _SPDX_LINE.search(text)
        if spdx:
            return Known(("project", "license"), spdx.group(1), name)
        flat = " ".join(text.lower().split())
        for ident, must, must_not in _LICENSES:
            if all(p in flat for p in must) and not any(p in flat for p in must_not):
                return Known(("project", "license"), ident, name)
        return f"{name} is there but its licence is not one claimcheck recognises: write its SPDX id"
    return None


_PACKAGE = re.compile(r"^\s*package\s+(?:«([^»]+)»|\"([^\"]+)\"|([A-Za-z_][A-Za-z0-9_'.!?]*))", re.M)
_TOML_NAME = re.compile(r"^\s*name\s*=\s*\"([^\"]+)\"", re.M)


def project_name(root: Path) -> Known:
    """The project's name: the package's name in ``lakefile.lean`` or ``lakefile.toml``, else the
    root folder's name."""
    for name, pattern in (("lakefile.lean", _PACKAGE), ("lakefile.toml", _TOML_NAME)):
        path = root / name
        if path.is_file():
            try:
                m = pattern.search(files.read_text(root, path, name, limit=200_000, errors="replace"))
            except OSError:
                m = None
            if m:
                return Known(("project", "name"), next(g for g in m.groups() if g), name)
    return Known(("project", "name"), root.resolve().name, "the project's folder name")


def fill_known(doc: CommentedMap, root: Path, path: Path) -> list[Known]:
    """Fill the blank required fields the project itself answers (its name, its licence) into the
    loaded document; returns what was filled. A field the authors wrote is never replaced."""
    filled = []
    project = _mapping(doc, "project", path)
    lic = license_of(root)
    for known in (project_name(root), lic if isinstance(lic, Known) else None):
        if known is None:
            continue
        key = known.keys[-1]
        value = project.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            project[key] = known.value
            filled.append(known)
    return filled


@dataclass(frozen=True)
class Written:
    """What :func:`write` did: whether the file changed, the fields it filled in, and the
    template's required fields still blank or wrong (``line``, message), which fail ``check``."""

    changed: bool
    filled: list[Known]
    remaining: list[tuple[int, str]]
    license_note: str | None = None


def write(path: Path, gen: Generated, root: Path | None = None) -> Written:
    """Write the file (atomically), with the generated parts and, when ``root`` is given, the
    required fields the project answers (:func:`fill_known`); says what is left for the authors."""
    new, filled = _render(path, gen, root)
    remaining = template_conformance(_load(new, path))
    lic = license_of(root) if root is not None else None
    note = lic if isinstance(lic, str) else None
    if path.exists() and _read(path) == new:
        return Written(False, filled, remaining, note)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(new, encoding="utf-8")
    os.replace(tmp, path)
    return Written(True, filled, remaining, note)

