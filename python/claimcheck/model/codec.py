"""The model as JSON: ``report.json``, ``check --json``, ``status --json``, and reading them back.

Enums are written as their values, :class:`~claimcheck.model.names.Name` values as their printed
Lean text (which parses back to the same components); a declaration's record also carries its
``components``. The derived counts (:class:`~claimcheck.model.evidence.Summary`) are written for
readers of the file and ignored when it is read back. A document is read back only when it carries
this version's schema marker; anything else is refused (:class:`ModelError`).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

import dacite

from claimcheck.errors import ClaimcheckError
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the evidence model is read when a report is: `status` needs the facts alone
    from claimcheck.model.evidence import GateResult
from claimcheck.model.facts import DeclFacts
from claimcheck.model.names import Name, parse_str

__all__ = ["ModelError", "STATUS_SCHEMA", "facts_from_json", "facts_to_json", "plain", "report_from_json",
           "report_to_json"]

#: The schema marker of ``claimcheck status --json``.
STATUS_SCHEMA = "claimcheck.status/2"


class ModelError(ClaimcheckError):
    """Data that does not have the shape of the model (a stale or foreign report)."""


def plain(value: Any) -> Any:
    """A model value as JSON data: dataclasses as objects (a declaration's record with its name's
    components too), enums as values, names as their printed text, tuples as lists."""
    if isinstance(value, Name):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, DeclFacts):
        data = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        data["components"] = value.name.to_json()
        data["private"] = value.private
        return data
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(plain(k)) if not isinstance(k, str) else k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def report_to_json(result: GateResult) -> dict[str, Any]:
    """The content of ``report.json`` (with the derived counts, for readers of the file)."""
    from claimcheck.model.evidence import REPORT_SCHEMA

    data = {"schema": REPORT_SCHEMA, **plain(result)}
    data["summary"] = {**plain(result.summary), "headline": result.summary.headline()}
    for paper_data, paper in zip(data["papers"], result.papers):
        paper_data["summary"] = plain(paper.summary)
        for claim_data, claim in zip(paper_data["claims"], paper.claims):
            claim_data["state"] = claim.state
    return data


_CONFIG = dacite.Config(
    cast=[Enum, tuple],
    type_hooks={Name: Name.from_json},
    strict=False,
)


def report_from_json(data: Any) -> GateResult:
    """Read ``report.json`` data back; derived keys are ignored. Data without this version's
    marker is refused with :class:`ModelError`."""
    from claimcheck.model.evidence import REPORT_SCHEMA, GateResult, tier_of

    if not isinstance(data, dict):
        raise ModelError(f"report data: expected a JSON object, got {type(data).__name__}")
    marker = data.get("schema")
    if marker != REPORT_SCHEMA:
        found = "no `schema` marker" if marker is None else f"schema `{marker}`"
        raise ModelError(f"report data: {found}; expected `{REPORT_SCHEMA}` (a report written by another"
                         " claimcheck version or another tool: regenerate it)")
    try:
        result = dacite.from_dict(GateResult, data, config=_CONFIG)
    except (dacite.DaciteError, ValueError, TypeError) as exc:
        raise ModelError(f"report data: {exc}") from exc
    for paper in result.papers:
        for claim in paper.claims:
            # A file that puts a claim in a tier its verdict and evidence do not give (a failing
            # claim in a green tier) is refused rather than shown.
            derived = tier_of(claim.verdict, claim.formal, bool(claim.witnesses))
            if claim.tier is not derived:
                raise ModelError(f"report data: claim {paper.id}/{claim.id}: tier {claim.tier} does not follow from"
                                 f" its verdict {claim.verdict} and its evidence (that gives {derived})")
    return result


def _name(value: Any) -> Name:
    return parse_str(value) if value.__class__ is str else Name(value)


def _opt_name(value: Any) -> Name | None:
    return None if value is None else _name(value)


def facts_from_json(d: dict[str, Any]) -> DeclFacts:
    """A declaration's record from :func:`plain`'s JSON, exactly (``plain(facts_from_json(x)) == x``):
    fast, for caches of many records."""
    from claimcheck.model.facts import (
        DeclKind, KernelOutcome, KernelVerdict, Lint, LintKind, SourceRange, StatementPart, StatementWarning,
        Status, WarningKind,
    )

    kernel = d.get("kernel")
    loc = d.get("location")
    return DeclFacts(
        name=Name(d["components"]),
        module=d["module"],
        kind=DeclKind(d["kind"]),
        status=Status(d["status"]),
        axioms=tuple(map(_name, d["axioms"])),
        boundary=tuple(map(_name, d["boundary"])),
        unsafe=tuple(map(_name, d.get("unsafe", ()))),
        fingerprint=d["fingerprint"],
        statement=d["statement"],
        statement_parts=tuple(StatementPart(p["text"], _opt_name(p["ref"])) for p in d["statement_parts"]),
        prelude=tuple(d["prelude"]),
        is_theorem=d["is_theorem"],
        theorem_note=d["theorem_note"],
        binders=d["binders"],
        hypotheses=d["hypotheses"],
        lint=tuple(Lint(LintKind(x["kind"]), x["message"], x["hypothesis"]) for x in d["lint"]),
        warnings=tuple(StatementWarning(WarningKind(w["kind"]), _name(w["name"]), w["message"],
                                        _opt_name(w["found_in"])) for w in d["warnings"]),
        kernel=None if kernel is None else KernelVerdict(KernelOutcome(kernel["outcome"]), kernel["reason"],
                                                         _opt_name(kernel["missing"])),
        satisfiable_by=_opt_name(d["satisfiable_by"]),
        uses=tuple(map(_name, d["uses"])),
        location=None if loc is None else SourceRange(**loc),
        note=d["note"],
    )


def facts_to_json(records: list[DeclFacts]) -> dict[str, Any]:
    """The ``status --json`` document."""
    return {"schema": STATUS_SCHEMA, "declarations": [plain(r) for r in records]}
