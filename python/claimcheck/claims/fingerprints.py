"""Recording reviewed statements in the manifests: ``claimcheck check --update-fingerprints``.

Each formal entry gets the fingerprint the build gives its declaration and the printed statement
it was recorded with (``statement:``), so a later change shows the statement before and after, not
two hashes. The YAML's comments and layout are kept (a round-trip load and dump with ruamel.yaml);
each file is written to a temporary file and renamed into place.
"""

from __future__ import annotations

import os
from pathlib import Path

from ruamel.yaml import YAML

from claimcheck import files
from claimcheck.claims.manifest import Manifest
from claimcheck.model.evidence import GateResult
from claimcheck.model.names import Name, NameSyntaxError

__all__ = ["update_fingerprints"]


def update_fingerprints(manifests: list[Manifest], result: GateResult) -> list[Path]:
    """Record each formal entry's built fingerprint and statement; returns the files changed."""
    found: dict[tuple[str, str, str], tuple[str, str | None]] = {}
    for paper in result.papers:
        for claim in paper.claims:
            for f in claim.formal:
                if f.facts is not None and f.facts.fingerprint:
                    found[(paper.id, claim.id, str(f.decl))] = (f.facts.fingerprint, f.facts.statement)
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    changed: list[Path] = []
    for m in manifests:
        wanted = {(c.id, str(f.decl)): found.get((m.id, c.id, str(f.decl))) for c in m.claims for f in c.formal or []}
        if all(new is None or (new[0] == f.fingerprint and (new[1] or None) == f.statement)
               for c in m.claims for f in c.formal or [] for new in [wanted[(c.id, str(f.decl))]]):
            continue
        data = yaml.load(files.read_text(m.path.parent, m.path, "the manifest"))
        for claim in data.get("claims") or []:
            formal = claim.get("formal")
            if not isinstance(formal, list):
                continue
            for entry in formal:
                try:
                    decl = str(Name.parse(str(entry.get("decl")).strip()))  # as the manifest's loader reads it
                except NameSyntaxError:
                    continue
                new = wanted.get((str(claim.get("id")), decl))
                if new is None:
                    continue
                fingerprint, statement = new
                if entry.get("fingerprint") != fingerprint:
                    entry["fingerprint"] = fingerprint
                if statement and entry.get("statement") != statement:
                    keys = list(entry)
                    if "statement" in entry:
                        entry["statement"] = statement
                    else:
                        entry.insert(keys.index("fingerprint") + 1 if "fingerprint" in keys else len(keys),
                                     "statement", statement)
        tmp = m.path.with_name(f".{m.path.name}.tmp")
        with tmp.open("w", encoding="utf-8") as out:
            yaml.dump(data, out)
        os.replace(tmp, m.path)
        changed.append(m.path)
    return changed
