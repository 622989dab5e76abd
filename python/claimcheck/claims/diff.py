"""What a pull request changes in the claims: the manifests at a base revision against the working tree.

Everything comes from committed files (the manifests and the statement fingerprints recorded in
them), read at the base with git (``git ls-tree``, ``git show REF:path``): no toolchain, no build.
The changes found:

- ``statement-changed``: a declaration's recorded fingerprint differs from the base's (its
  statement, or a definition it mentions, was changed and the new fingerprint recorded). It
  *blocks* (exit 1) unless the formal entry records the review: ``reviewed: {fingerprint: <the new
  fingerprint>, note: <why the claim still holds as stated>}``. A review kept with the fingerprint
  it approves cannot approve a later change; one whose fingerprint is not the entry's is reported
  as stale (``review-stale``, blocking). A fingerprint recorded for the first time (none at the
  base) does not block. (A spoofing warning's ``acknowledge:`` is ``check``'s business, not this.)
- ``claim-changed``: the label or a field the verdict depends on (statement, hypotheses, whether it
  is formal, witnesses, coverage, coverage note, the roles and modules of its declarations), or the
  evidence tier the manifest aims at (:func:`declared_tier`), changed.
- ``decl-removed`` / ``decl-added``: a Lean declaration no longer / newly backs the claim.
- ``claim-removed`` / ``claim-added``, ``paper-removed`` / ``paper-added``.

**What a claim rests on** (its :func:`claim_basis`: the label, the coverage, the witnesses, and the
declarations with their modules and roles) is reviewed like a statement: a pull request that adds,
removes or swaps a claim's declarations, changes a role or a module, the label, the coverage or the
witnesses *blocks* unless the claim records the review, ``reviewed: {basis: <the new basis>, note:
<why the claim still holds as stated>}`` (the Markdown names the basis to record; a review of
another basis is stale, and blocks). A claim or a paper removed blocks unless a manifest records
it, ``retired: [{claim: <id>, note}]`` in its paper's manifest, ``{paper: <id>, note}`` in another
(a claim renamed to point at a weaker declaration is a removal and an addition).

:func:`render_markdown` writes the pull-request text; :func:`diff_to_json` the
``claimcheck.diff/1`` document.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from claimcheck import git
from claimcheck.claims.manifest import Claim, Manifest, parse_manifest
from claimcheck.errors import ClaimcheckError
from claimcheck.model.codec import encode
from claimcheck.model.evidence import Tier
from claimcheck.model.names import Name

DIFF_SCHEMA = "claimcheck.diff/2"


class DiffError(ClaimcheckError):
    """The base revision cannot be read (not a git repository, unknown ref, unreadable manifest)."""


@dataclass(frozen=True)
class Change:
    """One difference between the base and the working tree."""

    kind: str
    paper: str
    claim: str | None = None
    decl: Name | None = None
    field: str | None = None
    before: Any = None
    after: Any = None
    acknowledged: str | None = None  # the review's note, when the manifest records one
    blocking: bool = False
    #: the basis a claim-level review must record to approve this change (claim changes only)
    basis: str | None = None


@dataclass(frozen=True)
class DiffResult:
    base: str
    changes: list[Change]

    @property
    def ok(self) -> bool:
        """No statement, and nothing a claim rests on, changed without a review."""
        return not any(c.blocking for c in self.changes)


def _git(root: Path, *args: str) -> str:
    try:
        done = git.run(root, *args, timeout=None)
    except FileNotFoundError as exc:
        raise DiffError("git is not installed; `claimcheck diff` reads the base revision with git") from exc
    if done.returncode != 0:
        raise DiffError(f"git {' '.join(args)}: {done.stderr.strip() or 'failed'}")
    return done.stdout


def base_manifests(root: Path, manifests_dir: Path, ref: str) -> list[Manifest]:
    """The manifests committed at ``ref`` (parsed from ``git show``; none if the folder is absent)."""
    if not ref or ref.startswith("-"):
        raise DiffError(f"--base {ref!r}: name a git revision (a branch, tag or commit)")
    try:
        top = Path(_git(root, "rev-parse", "--show-toplevel").strip()).resolve()
    except DiffError as exc:
        raise DiffError(f"`claimcheck diff` compares the manifests with a git revision, but {root} is not in a git"
                        " repository: run `git init` and commit (`claimcheck init` does the first)") from exc
    try:
        _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    except DiffError as exc:
        try:
            _git(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
        except DiffError:
            # a new project (`claimcheck init` makes the repository, not the first commit)
            raise DiffError(f"--base {ref}: the git repository {top} has no commit yet, so there is nothing to"
                            " compare with: commit the project first (`git add -A && git commit -m 'First"
                            " version'`); from then on `claimcheck diff --base HEAD` shows what changed since"
                            " the last commit") from exc
        raise DiffError(f"--base {ref}: no such revision in {top} (fetch it first, e.g. "
                        "`git fetch origin main` with a full-depth checkout)") from exc
    try:
        rel = PurePosixPath(manifests_dir.resolve().relative_to(top).as_posix())
    except ValueError as exc:
        raise DiffError(f"the manifests folder {manifests_dir} is outside the git repository {top}") from exc
    listing = _git(top, "ls-tree", "--name-only", ref, f"{rel}/")
    manifests: list[Manifest] = []
    for line in sorted(listing.splitlines()):
        path = PurePosixPath(line)
        if path.suffix != ".yaml" or path.parent != rel:
            continue
        text = _git(top, "show", f"{ref}:{path}")
        manifest, issues = parse_manifest(top / path, text)
        if manifest is None:
            where = "; ".join(str(i) for i in issues[:3])
            raise DiffError(f"{ref}:{path}: the base manifest cannot be read: {where}")
        manifests.append(manifest)
    return manifests


def declared_tier(claim: Claim) -> Tier:
    """The highest tier the manifest lets the claim reach (the promise a pull request changes):
    ``compiled`` with Lean declarations (a conjecture's declarations are open statements:
    ``numerical`` with witnesses, else ``informal``), ``numerical`` with witnesses only."""
    if claim.formal and claim.label != "conjecture":
        return Tier.COMPILED
    if claim.witnesses:
        return Tier.NUMERICAL
    return Tier.INFORMAL


def _claim_fields(claim: Claim) -> dict[str, Any]:
    return {
        "label": claim.label,
        "statement": claim.statement,
        "hypotheses": list(claim.hypotheses),
        "formal": "none" if claim.formal is None else "lean",
        "witnesses": sorted(claim.witnesses),
        "coverage": claim.coverage,
        "coverage_note": claim.coverage_note,
        # A declaration turned into a `definition` or `library` entry no longer makes the claim hold.
        "roles": sorted(f"{f.decl} ({f.role})" for f in claim.formal or [] if f.role != "theorem"),
        # The same name in another module is another declaration.
        "modules": sorted(f"{f.decl} ({f.module})" for f in claim.formal or [] if f.module),
        "satisfied_by": sorted(f"{f.decl}: {f.satisfied_by}" for f in claim.formal or [] if f.satisfied_by),
        "tier": str(declared_tier(claim)),
    }


#: The fields of a claim whose change is a change to what it rests on (reviewed like a statement).
BASIS_FIELDS = ("label", "formal", "witnesses", "coverage", "roles", "modules", "tier")


def claim_basis(claim: Claim) -> str:
    """A digest of what the claim rests on: its label, coverage, witnesses and declarations (each
    with its module and role). A claim-level review (``reviewed: {basis, note}``) approves one."""
    data = {"label": claim.label, "coverage": claim.coverage, "witnesses": sorted(claim.witnesses),
            "formal": None if claim.formal is None else sorted([str(f.decl), f.module or "", f.role]
                                                                 for f in claim.formal)}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def diff_manifests(base: list[Manifest], head: list[Manifest], ref: str) -> DiffResult:
    """Compare the base manifests with the working tree's."""
    changes: list[Change] = []
    old = {m.id: m for m in base}
    new = {m.id: m for m in head}
    retired_papers = {r.paper: r.note for m in head for r in m.retired if r.paper is not None}
    for pid in sorted(old.keys() - new.keys()):
        note = retired_papers.get(pid)
        changes.append(Change("paper-removed", pid, before=old[pid].title, acknowledged=note, blocking=note is None))
    for pid in sorted(new.keys() - old.keys()):
        changes.append(Change("paper-added", pid, after=new[pid].title))
    for pid in sorted(old.keys() & new.keys()):
        before = {c.id: c for c in old[pid].claims}
        after = {c.id: c for c in new[pid].claims}
        retired = {r.claim: r.note for r in new[pid].retired if r.claim is not None}
        for cid in sorted(before.keys() - after.keys()):
            note = retired.get(cid)
            changes.append(Change("claim-removed", pid, cid, before=before[cid].statement, acknowledged=note,
                                  blocking=note is None))
        for cid in sorted(after.keys() - before.keys()):
            changes.append(Change("claim-added", pid, cid, after=after[cid].statement))
        for cid in sorted(before.keys() & after.keys()):
            changes.extend(_claim_changes(pid, before[cid], after[cid]))
    return DiffResult(ref, changes)


def _claim_changes(pid: str, a: Claim, b: Claim) -> list[Change]:
    changes: list[Change] = []
    fa, fb = _claim_fields(a), _claim_fields(b)
    basis = claim_basis(b)
    rests_on_changed = claim_basis(a) != basis
    review = b.reviewed
    approved = review is not None and review.basis == basis
    note = review.note if approved and review is not None else None
    blocks = rests_on_changed and not approved
    for key in fa:
        if fa[key] != fb[key]:
            reviewed_field = key in BASIS_FIELDS
            changes.append(Change("claim-changed", pid, a.id, field=key, before=fa[key], after=fb[key],
                                  acknowledged=note if reviewed_field else None,
                                  blocking=blocks and reviewed_field, basis=basis if reviewed_field else None))
    da = {f.decl: f for f in a.formal or []}
    db = {f.decl: f for f in b.formal or []}
    for decl in sorted(da.keys() - db.keys()):
        changes.append(Change("decl-removed", pid, a.id, decl, before=da[decl].fingerprint, acknowledged=note,
                              blocking=blocks, basis=basis))
    for decl in sorted(db.keys() - da.keys()):
        changes.append(Change("decl-added", pid, a.id, decl, after=db[decl].fingerprint, acknowledged=note,
                              blocking=blocks, basis=basis))
    if review is not None and review.basis != basis and review != a.reviewed:
        changes.append(Change("review-stale", pid, a.id, field="reviewed", before=review.basis, after=basis,
                              blocking=True, basis=basis))
    for decl in sorted(da.keys() & db.keys()):
        was, now = da[decl].fingerprint, db[decl].fingerprint
        decl_review = db[decl].reviewed
        if was == now:
            if decl_review is not None and decl_review.fingerprint != now and decl_review != da[decl].reviewed:
                changes.append(Change("review-stale", pid, a.id, decl, field="reviewed",
                                      before=decl_review.fingerprint, after=now, blocking=True))
            continue
        approves = decl_review is not None and decl_review.fingerprint == now
        changes.append(Change(
            "statement-changed", pid, a.id, decl, field="fingerprint",
            before=_statement(da[decl]), after=_statement(db[decl]),
            acknowledged=decl_review.note if approves and decl_review is not None else None,
            # A first fingerprint pins a statement that had none: nothing reviewed is changed.
            blocking=was is not None and not approves,
        ))  # fmt: skip
    return changes


def _statement(entry) -> str | None:
    """A recorded fingerprint, with the statement text it was recorded with when there is one."""
    if entry.fingerprint is None:
        return None
    return f"{entry.fingerprint}: {entry.statement}" if entry.statement else entry.fingerprint


def diff_to_json(result: DiffResult) -> dict[str, Any]:
    return {"schema": DIFF_SCHEMA, "base": result.base, "ok": result.ok,
            "changes": [encode(c) for c in result.changes]}


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        value = ", ".join(str(v) for v in value) or "(none)"
    text = " ".join(str(value).split()).replace("|", "\\|")
    return text if len(text) <= 120 else text[:117] + "..."


_TITLES = {
    "statement-changed": "Changed statements",
    "review-stale": "Reviews that approve another statement",
    "claim-changed": "Changed claims",
    "decl-removed": "Declarations removed",
    "decl-added": "Declarations added",
    "claim-removed": "Claims removed",
    "claim-added": "Claims added",
    "paper-removed": "Papers removed",
    "paper-added": "Papers added",
}


def _reviewed(c: Change) -> str:
    if c.acknowledged:
        return f"yes: {_cell(c.acknowledged)}"
    return "**no**" if c.blocking else "—"


def render_markdown(result: DiffResult) -> str:
    """The pull-request text: a verdict line, then one table per kind of change, then what to record
    to approve each change that blocks."""
    lines = [f"## claimcheck diff against `{result.base}`", ""]
    blocking = [c for c in result.changes if c.blocking]
    if not result.changes:
        lines.append("No claim, declaration or statement changed.")
    elif blocking:
        lines.append(f"**{len(blocking)} change(s) without a review**: a changed statement, or a change to what a claim"
                     " rests on (its declarations, their roles and modules, its label, coverage or witnesses), or a"
                     " removed claim or paper; review each, then record the review (see the end).")
    else:
        lines.append(f"{len(result.changes)} change(s); every changed statement, and every change to what a claim"
                     " rests on, is reviewed.")
    lines.append("")
    for kind, title in _TITLES.items():
        rows = [c for c in result.changes if c.kind == kind]
        if not rows:
            continue
        lines += [f"### {title} ({len(rows)})", ""]
        if kind == "statement-changed":
            lines += ["| paper | claim | declaration | before | after | reviewed |", "|---|---|---|---|---|---|"]
            for c in rows:
                ack = f"yes: {_cell(c.acknowledged)}" if c.acknowledged else ("**no**" if c.blocking else "first fingerprint")
                lines.append(f"| {c.paper} | {c.claim} | `{c.decl}` | {_cell(c.before)} | {_cell(c.after)} | {ack} |")
        elif kind == "review-stale":
            lines += ["| paper | claim | what | reviewed | recorded now |", "|---|---|---|---|---|"]
            for c in rows:
                what = f"`{c.decl}` fingerprint" if c.decl is not None else "claim basis"
                lines.append(f"| {c.paper} | {c.claim} | {what} | {_cell(c.before)} | {_cell(c.after)} |")
        elif kind == "claim-changed":
            lines += ["| paper | claim | field | before | after | reviewed |", "|---|---|---|---|---|---|"]
            for c in rows:
                lines.append(f"| {c.paper} | {c.claim} | {c.field} | {_cell(c.before)} | {_cell(c.after)} | {_reviewed(c)} |")
        elif kind in ("decl-removed", "decl-added"):
            lines += ["| paper | claim | declaration | reviewed |", "|---|---|---|---|"]
            for c in rows:
                lines.append(f"| {c.paper} | {c.claim} | `{c.decl}` | {_reviewed(c)} |")
        elif kind in ("claim-removed", "claim-added"):
            lines += ["| paper | claim | statement | reviewed |", "|---|---|---|---|"]
            for c in rows:
                lines.append(f"| {c.paper} | {c.claim} | {_cell(c.before if kind == 'claim-removed' else c.after)}"
                             f" | {_reviewed(c)} |")
        else:
            lines += ["| paper | title | reviewed |", "|---|---|---|"]
            for c in rows:
                lines.append(f"| {c.paper} | {_cell(c.before if kind == 'paper-removed' else c.after)} | {_reviewed(c)} |")
        lines.append("")
    todo = []
    for c in blocking:
        if c.kind == "statement-changed" or (c.kind == "review-stale" and c.decl is not None):
            todo.append(f"- {c.paper} / {c.claim} / `{c.decl}`: on the formal entry, `reviewed: {{fingerprint:"
                        f" {c.after.split(':')[0] if isinstance(c.after, str) else c.after}, note: <why the claim still"
                        " holds as stated>}`")
        elif c.kind == "claim-removed":
            todo.append(f"- {c.paper} / {c.claim}: in the paper's manifest, `retired: [{{claim: {c.claim}, note: <why>}}]`")
        elif c.kind == "paper-removed":
            todo.append(f"- {c.paper}: in another manifest, `retired: [{{paper: {c.paper}, note: <why>}}]`")
        elif c.basis is not None:
            todo.append(f"- {c.paper} / {c.claim}: on the claim, `reviewed: {{basis: {c.basis}, note: <why the claim"
                        " still holds as stated>}}`")
    if todo:
        lines += ["### To approve", ""] + list(dict.fromkeys(todo)) + [""]
    return "\n".join(lines)
