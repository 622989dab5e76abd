"""Claim manifests: one YAML file per source paper, loaded and validated against a schema.

A manifest cites its paper (title, authors, categories, the source file and line of its abstract,
an arXiv id or URL when known) and lists the paper's main claims, each either backed by planned Lean declarations and numerical witnesses
(``formal:`` a list) or explicitly not formalised (``formal: none`` with a ``reason`` and a
``note``). The format is documented in ``manifests/README.md``.

Every problem is reported as ``path:line: what is wrong; how to fix it``. :func:`load_manifests`
and :func:`validate` collect all problems (of every file) before raising one
:class:`ManifestError` whose ``issues`` list holds them all. Line numbers come from the YAML node
tree built by :func:`yaml.compose` (``start_mark``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from claimcheck import files
from claimcheck.errors import ManifestError
from claimcheck.model.evidence import Coverage, Label, Role
from claimcheck.model.names import Name, NameSyntaxError

LABELS = tuple(str(label) for label in Label)
#: Why a claim has no Lean: ``empirical`` (a measurement), ``needs-real-analysis`` (reals, limits,
#: measure), ``out-of-scope`` (not a project core, or not stated precisely enough), or
#: ``not-yet-formalised`` (algebra or counting that holds over ``Rat`` or on finite structures, so
#: formalisable in Lean core, but not done yet).
REASONS = ("empirical", "needs-real-analysis", "out-of-scope", "not-yet-formalised")
#: What a formal entry is for: ``theorem`` (the project's proof of the claim: the default),
#: ``definition`` (a supporting definition, shown beside the theorems, never making a claim hold
#: alone), ``library`` (a cited library declaration, never the proof that makes a claim hold).
ROLES = tuple(str(r) for r in Role)
#: How much of the paper's claim the Lean covers.
COVERAGES = tuple(str(c) for c in Coverage)
#: Limits on a manifest file: its size, and how deep its YAML nests (a manifest nests 5 deep).
MAX_MANIFEST_BYTES = 1 << 20
MAX_DEPTH = 32

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLAIM_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
_WITNESS = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
_CATEGORY = re.compile(r"^[a-z-]+(?:\.[A-Za-z-]+)?$")
# A source is cited by its file name alone: never a path, so no manifest points outside the project.
_SOURCE_FILE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
_ARXIV = re.compile(r"^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$")

#: Characters no manifest text may hold: C0 controls but tab and line feed, DEL, C1 controls, lone
#: surrogates (YAML's escapes can write them all).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: A statement fingerprint as ``claimcheck check --update-fingerprints`` records it.
FINGERPRINT = re.compile(r"^[0-9a-f]{16}$")

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"


# --------------------------------------------------------------------------- data model


@dataclass(frozen=True)
class Issue:
    """One problem in a manifest: where it is and what to do about it."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class SourceRef:
    """Where a paper's abstract is cited from: a source ``file`` name and its 1-based ``line``."""

    file: str
    line: int
    yaml_line: int = 0


@dataclass(frozen=True)
class Review:
    """A reviewed statement change (``reviewed: {fingerprint, note}`` on a formal entry): the
    fingerprint the review approves and what the reviewer says of it (``claimcheck diff`` reads it)."""

    fingerprint: str
    note: str
    yaml_line: int = 0


@dataclass(frozen=True)
class ClaimReview:
    """A reviewed change to what a claim rests on (``reviewed: {basis, note}`` on a claim): the
    basis it approves (:func:`claimcheck.claims.diff.claim_basis`: the label, coverage, witnesses
    and declarations with their modules and roles) and what the reviewer says of it."""

    basis: str
    note: str
    yaml_line: int = 0


@dataclass(frozen=True)
class Retired:
    """A claim (of this manifest) or a paper (a manifest no longer there) removed on purpose
    (``retired: [{claim: c3, note}]``, ``{paper: old-id, note}``): the review ``claimcheck diff``
    asks for a removal."""

    claim: str | None
    paper: str | None
    note: str
    yaml_line: int = 0


@dataclass(frozen=True)
class FormalDecl:
    """A Lean declaration backing a claim; ``fingerprint`` (and the ``statement`` it was recorded
    with) are filled in by ``claimcheck check --update-fingerprints``."""

    decl: Name
    fingerprint: str | None = None
    yaml_line: int = 0
    role: str = "theorem"  # one of ROLES
    #: the module declaring ``decl``, when two project modules declare the name
    module: str | None = None
    #: the printed statement the fingerprint was recorded with (shown beside a changed one)
    statement: str | None = None
    #: a declaration showing that the theorem's hypotheses can hold (else one is searched for)
    satisfied_by: Name | None = None
    reviewed: Review | None = None
    #: the line of the entry's ``fingerprint:`` key (0: none written); problems with the recorded
    #: fingerprint are shown there
    fingerprint_line: int = 0

    @property
    def fingerprint_at(self) -> int:
        """Where a problem with the recorded fingerprint is shown: its line, else the entry's."""
        return self.fingerprint_line or self.yaml_line


@dataclass(frozen=True)
class Acknowledgement:
    """A warning the manifest accepts in words: ``name`` is what the warning names (an instance,
    a module, a declaration), ``note`` says why the claim still means what it says."""

    name: Name
    note: str
    yaml_line: int = 0


@dataclass
class Claim:
    """One claim of a paper, paraphrased, with its label and its formal status."""

    id: str
    label: str
    statement: str
    hypotheses: list[str] = field(default_factory=list)
    formal: list[FormalDecl] | None = None  # None means ``formal: none``
    witnesses: list[str] = field(default_factory=list)
    reason: str | None = None
    note: str | None = None
    yaml_line: int = 0
    witness_lines: list[int] = field(default_factory=list)
    coverage: str | None = None  # one of COVERAGES; required with Lean declarations
    coverage_note: str | None = None  # what is left out, unless coverage is ``full``
    acknowledge: list[Acknowledgement] = field(default_factory=list)
    #: the review of a change to what the claim rests on (``claimcheck diff`` reads it)
    reviewed: ClaimReview | None = None

    def acknowledged(self, name: Name) -> Acknowledgement | None:
        """The acknowledgement of a warning that names ``name``, if the manifest gives one."""
        return next((a for a in self.acknowledge if a.name == name), None)

    @property
    def is_formal(self) -> bool:
        """True when the claim is backed by Lean declarations."""
        return self.formal is not None


@dataclass
class Manifest:
    """One source paper: its citation (source locations, authors, categories, arXiv id or URL)
    and its claims."""

    path: Path
    id: str
    title: str
    sources: list[SourceRef]
    claims: list[Claim]
    authors: str | None = None
    categories: list[str] = field(default_factory=list)
    arxiv: str | None = None
    url: str | None = None
    note: str | None = None
    yaml_line: int = 1
    authors_line: int = 0
    #: claims of this paper, or papers, removed on purpose (``claimcheck diff`` reads them)
    retired: list[Retired] = field(default_factory=list)


# --------------------------------------------------------------------------- node helpers


def _line(node: Node) -> int:
    return node.start_mark.line + 1


class _FileChecker:
    """Collects the issues of one file while converting its node tree into dataclasses."""

    def __init__(self, path: Path):
        self.path = path
        self.issues: list[Issue] = []

    def err(self, node_or_line: Node | int, message: str) -> None:
        line = node_or_line if isinstance(node_or_line, int) else _line(node_or_line)
        self.issues.append(Issue(self.path, line, message))

    def mapping(
        self, node: Node, where: str, required: Iterable[str], optional: Iterable[str]
    ) -> dict[str, tuple[Node, Node]] | None:
        """Return ``key -> (key_node, value_node)``; report unknown, duplicate and missing keys."""
        if not isinstance(node, MappingNode):
            self.err(node, f"{where} must be a mapping (`key: value` lines), not {_kind(node)}")
            return None
        required, optional = list(required), list(optional)
        allowed = required + optional
        out: dict[str, tuple[Node, Node]] = {}
        for knode, vnode in node.value:
            if not (isinstance(knode, ScalarNode) and knode.tag == _STR):
                self.err(knode, f"{where}: keys must be plain names, not {_kind(knode)}")
                continue
            key = knode.value
            if key not in allowed:
                self.err(knode, f"unknown key `{key}` in {where}; allowed keys: {', '.join(allowed)}"
                         f"{_did_you_mean(key, allowed)}")
                continue
            if key in out:
                self.err(knode, f"duplicate key `{key}` in {where} (first at line {_line(out[key][0])});"
                         " keep only one")
                continue
            out[key] = (knode, vnode)
        for key in required:
            if key not in out:
                self.err(node, f"missing required field `{key}` in {where}; add `{key}:`")
        return out

    def string(self, node: Node, what: str) -> str | None:
        if isinstance(node, ScalarNode) and node.tag == _STR:
            if not node.value.strip():
                self.err(node, f"{what} must not be empty")
                return None
            bad = _CONTROL.search(node.value)
            if bad is not None:
                self.err(node, f"{what} holds the control character U+{ord(bad.group()):04X}, which no manifest text"
                         " may hold (a NUL or an escape sequence); remove it")
                return None
            return node.value
        self.err(node, f"wrong type for {what}: expected a string, got {_kind(node)}"
                 " (quote the value if YAML reads it as a number, boolean or null)")
        return None

    def lean_name(self, node: Node, what: str) -> Name | None:
        """A Lean name as Lean source writes it (``Nat.gcd``, ``STLC.no_δ``, ``Term.«let»``)."""
        text = self.string(node, what)
        if text is None:
            return None
        try:
            name = Name.parse(text.strip())
        except NameSyntaxError as exc:
            self.err(node, f"{what}: {exc}; write the full Lean name with its namespace (e.g."
                     " `MLTheory.simplexCode_sqDist_eq_two`, a component that is not an identifier in `«»`)")
            return None
        if name.is_anonymous:
            self.err(node, f"{what} must not be empty")
            return None
        return name

    def integer(self, node: Node, what: str) -> int | None:
        if isinstance(node, ScalarNode) and node.tag == _INT:
            try:
                return int(node.value, 0)
            except ValueError:
                pass
        self.err(node, f"wrong type for {what}: expected an integer, got {_kind(node)}")
        return None

    def string_list(self, node: Node, what: str, allow_empty: bool = True) -> list[tuple[str, int]] | None:
        if not isinstance(node, SequenceNode):
            self.err(node, f"wrong type for {what}: expected a list (`- item` lines or `[a, b]`),"
                     f" got {_kind(node)}")
            return None
        if not node.value and not allow_empty:
            self.err(node, f"{what} must not be empty; add at least one item")
            return None
        out = []
        for item in node.value:
            s = self.string(item, f"an item of {what}")
            if s is not None:
                out.append((s, _line(item)))
        return out


def _kind(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    tag = node.tag.rsplit(":", 1)[-1]
    value = str(node.value)
    shown = value if len(value) <= 40 and "\n" not in value else value.splitlines()[0][:40] + "…"
    return f"{'null' if tag == 'null' else tag} `{shown}`"


def _fingerprint(chk: _FileChecker, node: Node, what: str, decl: Name) -> str | None:
    """A recorded fingerprint: ``null``, or 16 lowercase hexadecimal digits. The scalar's text is
    read whatever YAML would make of it (``1234567890123456`` is a fingerprint, not a number), so a
    mistyped one is reported here, at its line, as an invalid fingerprint."""
    if isinstance(node, ScalarNode) and node.tag == _NULL:
        return None
    if not isinstance(node, ScalarNode):
        chk.err(node, f"wrong type for {what} of `{decl}`: expected 16 hexadecimal digits or `null`, got {_kind(node)}")
        return None
    value = node.value
    if not FINGERPRINT.match(value):
        shown = " ".join(value.split())
        shown = shown if len(shown) <= 40 else shown[:40] + "…"
        why = (f"{len(value)} characters" if len(value) != 16 and re.fullmatch(r"[0-9a-fA-F]*", value)
               else "not lowercase hexadecimal digits")
        chk.err(node, f"invalid fingerprint `{shown}` for `{decl}` ({why}): a statement fingerprint is 16"
                " hexadecimal digits (0-9, a-f), as `claimcheck check --update-fingerprints` records it; write"
                " `null` and run that command after reviewing the statement")
        return None
    return value


def did_you_mean(key: str, allowed: list[str]) -> str:
    """`` (did you mean `x`?)`` for the entry of ``allowed`` closest to ``key``, or nothing."""
    return _did_you_mean(key, allowed)


def _did_you_mean(key: str, allowed: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(key, allowed, n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""


# --------------------------------------------------------------------------- parsing


def _read_text(path: Path, chk: _FileChecker, root: Path | None = None) -> str | None:
    """The file's text (UTF-8), or None with the problem recorded (never its content); a file that
    resolves outside ``root`` (the project root; else the manifest's folder), links followed, is
    refused by name."""
    if path.is_dir():
        chk.err(0, "is a folder, not a manifest file; rename it (only `*.yaml` files are manifests)")
        return None
    try:
        data = files.read_bytes(root if root is not None else path.parent, path, "the manifest",
                                limit=MAX_MANIFEST_BYTES)
    except files.UnreadableError:
        chk.err(0, f"is more than a manifest may be ({MAX_MANIFEST_BYTES} bytes); split it")
        return None
    except files.OutsideError as exc:
        message = str(exc).split(": ", 1)[1] if ": " in str(exc) else str(exc)
        if "resolves outside" in message:
            message = (f"resolves outside the project ({Path(root or path.parent).resolve()}); a manifest must be a"
                       " file of the project, not a link to one elsewhere")
        chk.err(0, message)
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        chk.err(line, f"is not UTF-8 text (byte {exc.start}: {exc.reason}); save the file as UTF-8")
        return None


def _looks_shallow(text: str) -> bool:
    """Whether the text certainly nests less than :data:`MAX_DEPTH` (flow brackets and indentation),
    so that the fast C parser can read it (the pure-Python one handles anything deeper, stopping
    with a clear error)."""
    depth = worst = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            worst = max(worst, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
    indent = max((len(line) - len(line.lstrip(" ")) for line in text.splitlines()), default=0)
    return worst < MAX_DEPTH and indent < 2 * MAX_DEPTH


def _compose(text: str) -> Node | None:
    loader = getattr(yaml, "CSafeLoader", None)
    if loader is not None and _looks_shallow(text):
        return yaml.compose(text, Loader=loader)
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _too_deep(root: Node) -> tuple[int, str] | None:
    """The line of a node nested deeper than :data:`MAX_DEPTH` or reached a second time (a YAML
    alias, ``*name``: a manifest is plain data and never needs one, and walking shared nodes as a
    tree is exponential: the billion laughs), with which; None if neither (iteratively, each node
    once)."""
    stack: list[tuple[Node, int]] = [(root, 1)]
    seen: set[int] = set()
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return _line(node), "deep"
        if id(node) in seen:
            return _line(node), "alias"
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for k, v in node.value:
                stack.append((k, depth + 1))
                stack.append((v, depth + 1))
        elif isinstance(node, SequenceNode):
            stack.extend((v, depth + 1) for v in node.value)
    return None


def parse_manifest(path: Path, text: str | None = None, root: Path | None = None
                   ) -> tuple[Manifest | None, list[Issue]]:
    """Parse one manifest file (read inside ``root``, the project root, unless its ``text`` is
    given); return the manifest (None if unusable) and all its schema issues."""
    path = Path(path)
    chk = _FileChecker(path)
    if text is None:
        text = _read_text(path, chk, root)
        if text is None:
            return None, chk.issues
    try:
        node = _compose(text)
    except RecursionError:
        chk.err(1, f"the YAML nests too deep to read (a manifest nests about 5 levels; at most {MAX_DEPTH})")
        return None, chk.issues
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 1
        if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow (a NUL, a control)
            line = text.count("\n", 0, exc.position) + 1
            chk.err(line, f"the character U+{exc.character if isinstance(exc.character, int) else ord(exc.character):04X}"
                    " is not allowed in a manifest (YAML allows no control characters); remove it")
            return None, chk.issues
        problem = getattr(exc, "problem", None) or str(exc)
        chk.err(line, f"invalid YAML: {problem}; fix the syntax (indentation, quoting of `:` in text)")
        return None, chk.issues
    if node is None:
        chk.err(1, "empty manifest; write at least `id`, `title` and `claims`")
        return None, chk.issues
    found = _too_deep(node)
    if found is not None:
        line, why = found
        if why == "alias":
            chk.err(line, "the value written here is repeated elsewhere through a YAML alias (`*name`); a manifest"
                          " is plain data: write each value out where it is meant (what a reader sees is what is"
                          " checked)")
        else:
            chk.err(line, f"the YAML nests deeper than {MAX_DEPTH} levels here (a manifest nests about 5)")
        return None, chk.issues

    # the citation (`sources`, `arxiv`, `url`) is optional: a new manifest cites nothing until the
    # authors say where the paper is (the report says "not cited yet", never shows a placeholder)
    keys = chk.mapping(node, "the manifest", ["id", "title", "claims"],
                       ["sources", "authors", "categories", "arxiv", "url", "note", "retired"])
    if keys is None:
        return None, chk.issues

    mid = chk.string(keys["id"][1], "`id`") if "id" in keys else None
    if mid is not None:
        if not _SLUG.match(mid):
            chk.err(keys["id"][1], f"manifest id `{mid}` is not a slug; use lowercase letters, digits"
                    " and single hyphens, e.g. `simplex-argmax-one-nn`")
        elif mid != path.stem:
            chk.err(keys["id"][1], f"manifest id `{mid}` does not match the file name `{path.name}`;"
                    f" rename the file to `{mid}.yaml` or change the id to `{path.stem}`")
    title = chk.string(keys["title"][1], "`title`") if "title" in keys else None
    note = chk.string(keys["note"][1], "`note`") if "note" in keys else None

    authors = None
    authors_line = 0
    if "authors" in keys:
        authors = chk.string(keys["authors"][1], "`authors`")
        authors_line = _line(keys["authors"][1])
    categories: list[str] = []
    if "categories" in keys:
        cats = chk.string_list(keys["categories"][1], "`categories`", allow_empty=False) or []
        for cat, line in cats:
            if not _CATEGORY.match(cat):
                chk.err(line, f"`{cat}` is not an arXiv category; write it like `cs.LG` or `stat.ML`")
            categories.append(cat)

    arxiv = chk.string(keys["arxiv"][1], "`arxiv`") if "arxiv" in keys else None
    if arxiv is not None and not _ARXIV.match(arxiv):
        chk.err(keys["arxiv"][1], f"`{arxiv}` is not an arXiv id; write it like `2401.01234` (no URL)")
    url = chk.string(keys["url"][1], "`url`") if "url" in keys else None
    if url is not None and not url.startswith(("https://", "http://")):
        chk.err(keys["url"][1], f"`url` must be an http(s) address, got `{url}`")

    sources: list[SourceRef] = []
    if "sources" in keys:
        sources = _parse_sources(chk, keys["sources"][1])

    claims: list[Claim] = []
    if "claims" in keys:
        claims = _parse_claims(chk, keys["claims"][1])

    retired = _parse_retired(chk, keys["retired"][1], {c.id for c in claims}) if "retired" in keys else []

    if mid is None or title is None:
        return None, chk.issues
    manifest = Manifest(path=path, id=mid, title=title, sources=sources, claims=claims, authors=authors,
                        categories=categories, arxiv=arxiv, url=url, note=note, yaml_line=_line(node),
                        authors_line=authors_line, retired=retired)
    return manifest, chk.issues


def _parse_retired(chk: _FileChecker, node: Node, claim_ids: set[str]) -> list[Retired]:
    if not isinstance(node, SequenceNode) or not node.value:
        chk.err(node, "`retired` must be a non-empty list of `- claim: <id>` (or `- paper: <id>`) / `note: <why it"
                " was removed>` entries")
        return []
    out = []
    for item in node.value:
        keys = chk.mapping(item, "a `retired` entry", ["note"], ["claim", "paper"])
        if keys is None:
            continue
        if ("claim" in keys) == ("paper" in keys):
            chk.err(item, "a `retired` entry names either the `claim` of this paper or the `paper` that was removed")
            continue
        what = "claim" if "claim" in keys else "paper"
        ident = chk.string(keys[what][1], f"retired `{what}`")
        note = chk.string(keys["note"][1], "retired `note`") if "note" in keys else None
        if ident is None or note is None:
            continue
        if what == "claim" and ident in claim_ids:
            chk.err(keys[what][1], f"claim `{ident}` is retired but still listed under `claims`; drop one of them")
            continue
        out.append(Retired(ident if what == "claim" else None, ident if what == "paper" else None, note, _line(item)))
    return out


def _parse_sources(chk: _FileChecker, node: Node) -> list[SourceRef]:
    if not isinstance(node, SequenceNode) or not node.value:
        chk.err(node, "`sources` must be a non-empty list of `- file: <source file name>` /"
                " `line: <n>` entries")
        return []
    out = []
    seen: dict[tuple[str, int], int] = {}
    for item in node.value:
        keys = chk.mapping(item, "a source location", ["file", "line"], [])
        if keys is None:
            continue
        file = chk.string(keys["file"][1], "source `file`") if "file" in keys else None
        line = chk.integer(keys["line"][1], "source `line`") if "line" in keys else None
        if file is not None and not _SOURCE_FILE.match(file):
            chk.err(keys["file"][1], f"source file `{file}` must be a file name alone, like"
                    " `004_725b34af8153ec2b.txt` (no folder: the sources folder is configured)")
            file = None
        if line is not None and line < 1:
            chk.err(keys["line"][1], f"source line {line} must be >= 1 (lines are 1-based)")
            line = None
        if file is not None and line is not None:
            if (file, line) in seen:
                chk.err(item, f"source location {file}:{line} is listed twice (first at line"
                        f" {seen[(file, line)]}); remove one")
                continue
            seen[(file, line)] = _line(item)
            out.append(SourceRef(file, line, _line(item)))
    return out


def _parse_claims(chk: _FileChecker, node: Node) -> list[Claim]:
    if not isinstance(node, SequenceNode) or not node.value:
        chk.err(node, "`claims` must be a non-empty list of claims (`- id: c1` ...)")
        return []
    out: list[Claim] = []
    seen: dict[str, int] = {}
    for item in node.value:
        claim = _parse_claim(chk, item)
        if claim is None:
            continue
        if claim.id in seen:
            chk.err(claim.yaml_line, f"duplicate claim id `{claim.id}` (first at line {seen[claim.id]});"
                    " claim ids must be unique within a manifest, renumber this one")
            continue
        seen[claim.id] = claim.yaml_line
        out.append(claim)
    return out


def _parse_claim(chk: _FileChecker, node: Node) -> Claim | None:
    keys = chk.mapping(node, "a claim", ["id", "label", "statement", "formal"],
                       ["hypotheses", "witnesses", "reason", "note", "coverage", "coverage_note",
                        "acknowledge", "reviewed"])
    if keys is None:
        return None
    cid = chk.string(keys["id"][1], "claim `id`") if "id" in keys else None
    if cid is not None and not _CLAIM_ID.match(cid):
        chk.err(keys["id"][1], f"claim id `{cid}` must be lowercase letters/digits/`-`/`_`"
                " starting with a letter, e.g. `c1`")
    where = f"claim `{cid}`" if cid else "this claim"
    line = keys["id"][1].start_mark.line + 1 if "id" in keys else _line(node)

    label = chk.string(keys["label"][1], "claim `label`") if "label" in keys else None
    if label is not None and label not in LABELS:
        chk.err(keys["label"][1], f"wrong label `{label}` in {where}; use one of: {', '.join(LABELS)}"
                f"{_did_you_mean(label, list(LABELS))}")
        label = None
    statement = chk.string(keys["statement"][1], "claim `statement`") if "statement" in keys else None

    hypotheses: list[str] = []
    if "hypotheses" in keys:
        hyps = chk.string_list(keys["hypotheses"][1], f"`hypotheses` of {where}", allow_empty=False)
        hypotheses = [h for h, _ in hyps or []]
        if label is not None and label != "conditional":
            chk.err(keys["hypotheses"][0], f"`hypotheses` given for {where} labelled `{label}`;"
                    " only `conditional` claims have hypotheses: change the label or drop the list")
    elif label == "conditional":
        chk.err(keys["label"][1], f"{where} is `conditional` but has no `hypotheses`;"
                " add `hypotheses:` listing the assumptions")

    formal: list[FormalDecl] | None = None
    formal_ok = False
    if "formal" in keys:
        fnode = keys["formal"][1]
        if isinstance(fnode, ScalarNode) and fnode.tag == _STR and fnode.value == "none":
            formal_ok = True
        elif isinstance(fnode, SequenceNode) and fnode.value:
            formal = []
            for item in fnode.value:
                fk = chk.mapping(item, f"a `formal` entry of {where}", ["decl"],
                                 ["fingerprint", "statement", "role", "module", "satisfied_by", "reviewed"])
                if fk is None or "decl" not in fk:
                    continue
                decl = chk.lean_name(fk["decl"][1], "`decl`")
                if decl is None:
                    continue
                fp, fp_line = None, 0
                if "fingerprint" in fk:
                    fpn = fk["fingerprint"][1]
                    fp_line = _line(fpn)
                    fp = _fingerprint(chk, fpn, "`fingerprint`", decl)
                recorded = chk.string(fk["statement"][1], "`statement`") if "statement" in fk else None
                role = "theorem"
                if "role" in fk:
                    role = chk.string(fk["role"][1], "`role`") or "theorem"
                    if role not in ROLES:
                        chk.err(fk["role"][1], f"wrong role `{role}` for `{decl}`; use one of:"
                                f" {', '.join(ROLES)}{_did_you_mean(role, list(ROLES))}")
                        role = "theorem"
                module = chk.string(fk["module"][1], "`module`") if "module" in fk else None
                if module is not None and chk.lean_name(fk["module"][1], "`module`") is None:
                    module = None
                sat = chk.lean_name(fk["satisfied_by"][1], "`satisfied_by`") if "satisfied_by" in fk else None
                review = None
                if "reviewed" in fk:
                    rk = chk.mapping(fk["reviewed"][1], f"`reviewed` of `{decl}`", ["fingerprint", "note"], [])
                    if rk is not None and "fingerprint" in rk and "note" in rk:
                        rfp = _fingerprint(chk, rk["fingerprint"][1], "reviewed `fingerprint`", decl)
                        rnote = chk.string(rk["note"][1], "reviewed `note`")
                        if rfp and rnote:
                            review = Review(rfp, rnote, _line(fk["reviewed"][1]))
                formal.append(FormalDecl(decl, fp, _line(item), role, module, recorded, sat, review, fp_line))
            formal_ok = True
        else:
            chk.err(fnode, f"wrong type for `formal` of {where}: expected a non-empty list of"
                    f" `- decl: MLTheory.<name>` entries or the word `none`, got {_kind(fnode)}")

    witnesses: list[str] = []
    witness_lines: list[int] = []
    if "witnesses" in keys:
        ws = chk.string_list(keys["witnesses"][1], f"`witnesses` of {where}") or []
        for w, wl in ws:
            if not _WITNESS.match(w):
                chk.err(wl, f"witness id `{w}` must look like `module.check` (e.g. `simplex.gram_exact`)")
                continue
            witnesses.append(w)
            witness_lines.append(wl)

    reason = chk.string(keys["reason"][1], "`reason`") if "reason" in keys else None
    note = chk.string(keys["note"][1], "`note`") if "note" in keys else None

    coverage = chk.string(keys["coverage"][1], "`coverage`") if "coverage" in keys else None
    if coverage is not None and coverage not in COVERAGES:
        chk.err(keys["coverage"][1], f"wrong coverage `{coverage}` in {where}; use one of:"
                f" {', '.join(COVERAGES)}{_did_you_mean(coverage, list(COVERAGES))}")
        coverage = None
    coverage_note = chk.string(keys["coverage_note"][1], "`coverage_note`") if "coverage_note" in keys else None
    if coverage is not None and coverage != "full" and coverage_note is None:
        chk.err(keys["coverage"][1], f"{where} has coverage `{coverage}` but no `coverage_note`;"
                " add one saying what the Lean leaves out of the paper's claim")
    if coverage == "full" and coverage_note is not None:
        chk.err(keys["coverage_note"][0], f"{where} has coverage `full`, so nothing is left out:"
                " drop `coverage_note` or say which coverage it really has")
    if "formal" in keys and isinstance(keys["formal"][1], SequenceNode) and coverage is None \
            and "coverage" not in keys and label in ("theorem", "conditional"):
        chk.err(keys["formal"][0], f"{where} has Lean declarations but no `coverage`; add"
                f" `coverage:` (one of {', '.join(COVERAGES)}) saying how much of the claim the Lean covers")
    if coverage is not None and formal is None and "formal" in keys and not isinstance(keys["formal"][1], SequenceNode):
        chk.err(keys["coverage"][0], f"`coverage` is only for claims with Lean declarations; {where}"
                " has `formal: none`, so drop it")

    acknowledge: list[Acknowledgement] = []
    if "acknowledge" in keys:
        anode = keys["acknowledge"][1]
        if not isinstance(anode, SequenceNode) or not anode.value:
            chk.err(anode, f"`acknowledge` of {where} must be a non-empty list of `- name: <what the"
                    " warning names>` / `note: <why the claim still holds as stated>` entries")
        else:
            for item in anode.value:
                ak = chk.mapping(item, f"an `acknowledge` entry of {where}", ["name", "note"], [])
                if ak is None or "name" not in ak or "note" not in ak:
                    continue
                aname = chk.lean_name(ak["name"][1], "acknowledged `name`")
                anote = chk.string(ak["note"][1], "acknowledgement `note`")
                if aname and anote:
                    acknowledge.append(Acknowledgement(aname, anote, _line(item)))
    if formal_ok:
        if formal is not None:  # formal list
            if "witnesses" not in keys:
                chk.err(keys["formal"][0], f"{where} has `formal` declarations but no `witnesses`"
                        " key; add `witnesses: [...]` (an empty list `[]` if there is none)")
            if "reason" in keys:
                chk.err(keys["reason"][0], f"`reason` is only for `formal: none`; {where} has Lean"
                        " declarations, so drop `reason`")
        else:  # formal: none
            if reason is None and "reason" not in keys:
                chk.err(keys["formal"][1], f"{where} has `formal: none` but no `reason`; add"
                        f" `reason:` (one of {', '.join(REASONS)})")
            elif reason is not None and reason not in REASONS:
                chk.err(keys["reason"][1], f"wrong reason `{reason}` in {where}; use one of:"
                        f" {', '.join(REASONS)}{_did_you_mean(reason, list(REASONS))}")
            if "note" not in keys:
                chk.err(keys["formal"][1], f"{where} has `formal: none` but no `note`; add a `note:`"
                        " saying why it is not formalised")
    claim_review = None
    if "reviewed" in keys:
        rk = chk.mapping(keys["reviewed"][1], f"`reviewed` of {where}", ["basis", "note"], [])
        if rk is not None and "basis" in rk and "note" in rk:
            basis = chk.string(rk["basis"][1], "reviewed `basis`")
            rnote = chk.string(rk["note"][1], "reviewed `note`")
            if basis and rnote:
                claim_review = ClaimReview(basis, rnote, _line(keys["reviewed"][1]))
    if cid is None or label is None or statement is None:
        return None
    return Claim(id=cid, label=label, statement=statement, hypotheses=hypotheses, formal=formal,
                 witnesses=witnesses, reason=reason, note=note, yaml_line=line,
                 witness_lines=witness_lines, coverage=coverage, coverage_note=coverage_note,
                 acknowledge=acknowledge, reviewed=claim_review)


# --------------------------------------------------------------------------- loading


def load_manifests(folder: str | Path, root: str | Path | None = None) -> list[Manifest]:
    """Load every ``*.yaml`` file of ``folder`` (sorted by name); raise :class:`ManifestError`
    listing every schema problem of every file if any is found. A path that is a folder, or that
    resolves outside ``root`` (the project root; symlinks included), is refused by name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ManifestError([Issue(folder, 0, "manifest folder does not exist; pass the folder holding"
                                   " the `*.yaml` manifests")])
    inside = Path(root).resolve() if root is not None else folder.resolve()
    manifests: list[Manifest] = []
    issues: list[Issue] = []
    for path in sorted(folder.glob("*.yaml")):
        manifest, file_issues = parse_manifest(path, root=inside)
        issues.extend(file_issues)
        if manifest is not None:
            manifests.append(manifest)
    if issues:
        raise ManifestError(issues)
    return manifests


# --------------------------------------------------------------------------- validation


def validate(
    manifests: list[Manifest],
    known_decls: set[Name] | None = None,
    witness_ids: Iterable[str] | None = (),
) -> None:
    """Cross-check loaded manifests; raise :class:`ManifestError` with every problem found.

    Checks: manifest ids unique across files; every ``decl`` is in ``known_decls`` (skipped when
    it is None, e.g. before a build); every witness id is registered (``witness_ids``: the ids the
    configured witness modules register). Citations are checked against the source text only
    when a sources folder is named: :func:`claimcheck.claims.sources.check_sources`.
    """
    issues: list[Issue] = []
    registered = set(witness_ids) if witness_ids is not None else None
    first_id: dict[str, Manifest] = {}
    for m in manifests:
        if m.id in first_id:
            other = first_id[m.id]
            issues.append(Issue(m.path, m.yaml_line, f"duplicate manifest id `{m.id}` (also in"
                                f" {other.path}); every paper has one manifest with a unique id"))
        else:
            first_id[m.id] = m
        for c in m.claims:
            for d in c.formal or []:
                mangled = d.decl.private_parts()
                if mangled is not None:
                    module, written = mangled
                    issues.append(Issue(m.path, d.yaml_line, f"`{d.decl}` is Lean's internal name of the private"
                                        f" declaration `{written}` of module {module}; name it as its author wrote it:"
                                        f" `decl: {written}` (with `module: {module}` if another module declares"
                                        f" `{written}` too)"))
                    continue
                if known_decls is not None and d.decl not in known_decls:
                    candidates = sorted(str(k) for k in known_decls)
                    issues.append(Issue(m.path, d.yaml_line, f"Lean declaration `{d.decl}` does not"
                                        " exist in the built library; fix the name or build the"
                                        f" module that defines it{_did_you_mean(str(d.decl), candidates)}"))
            for w, wl in zip(c.witnesses, c.witness_lines or [c.yaml_line] * len(c.witnesses)):
                if registered is not None and w not in registered:
                    known = ", ".join(sorted(registered)) or "(none registered: name witness modules in claimcheck.toml [witnesses] modules)"
                    issues.append(Issue(m.path, wl, f"witness `{w}` is not registered; use one of"
                                        f" {known}{_did_you_mean(w, sorted(registered))}"))
    ids = {m.id for m in manifests}
    for m in manifests:
        for r in m.retired:
            if r.paper is not None and r.paper in ids:
                issues.append(Issue(m.path, r.yaml_line, f"paper `{r.paper}` is retired but its manifest is still"
                                    " here; drop the `retired` entry or the manifest"))
    if issues:
        raise ManifestError(sorted(issues, key=lambda i: (str(i.path), i.line)))


__all__: list[str] = [
    "Acknowledgement", "COVERAGES", "Claim", "ClaimReview", "FormalDecl", "Issue", "LABELS", "Manifest",
    "ManifestError", "REASONS", "ROLES", "Retired", "Review", "SourceRef",
    "did_you_mean", "load_manifests", "parse_manifest", "validate",
]
