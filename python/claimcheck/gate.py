"""The CI gate: do the manifests' claims hold as labelled?

Inputs: a finished build, the proof status of every declaration (read from the ``.olean`` files),
the numerical witnesses, the instance cross-checks and the manifests. Output: one plain dict, the
content of ``report.json``, whose ``ok`` is the gate's verdict. A claim's verdict:

- ``theorem`` / ``conditional``: every Lean declaration is ``proved`` and has the statement
  fingerprint recorded in the manifest; every witness passes; a conditional names its hypotheses.
- ``measurement``: every witness passes; Lean declarations, if listed, must be proved too.
- ``conjecture``: the witnesses (evidence) pass; a listed declaration must exist, and one that is
  already ``proved`` makes the label wrong (it is a theorem).
- ``formal: none``: ``informal`` — nothing to check; it never fails the gate.

Any failed instance cross-check or failed build also fails the gate.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .build import BuildReport
from .instances import InstanceCheck, check_instances, is_instance
from .manifest import Claim, Manifest, load_manifests, read_seeds, validate
from .pretty import env_binder_infos, pretty
from .project import Project
from .status import DeclStatus, compute_status, open_environment, to_json
from .toolchain import Toolchain
from .witnesses import REGISTRY, WitnessResult, run_witnesses

PROVED = "proved"


@dataclass(frozen=True)
class Evidence:
    """Everything the verdicts are computed from."""

    build: BuildReport
    statuses: dict[str, DeclStatus]  # every project declaration and every manifest declaration
    witnesses: dict[str, WitnessResult]
    instances: dict[str, InstanceCheck]
    statements: dict[str, str]


def gather(project: Project, toolchain: Toolchain, build: BuildReport,
           manifests: list[Manifest]) -> tuple[Evidence, list[DeclStatus]]:
    """Status, witnesses, instance checks and statements for the project and its manifests."""
    search_path = [project.olean_dir, toolchain.lib_dir]
    modules = list(build.modules)
    failed = build.failed_modules()
    env = open_environment(search_path)  # one decoding of the modules serves every step below
    records = compute_status(modules, search_path, project.allowed_axioms, failed, env=env)
    statuses = {r.name: r for r in records if r.kind != "module"}
    wanted = sorted({d.decl for m in manifests for c in m.claims for d in c.formal or []} - set(statuses))
    if wanted:
        extra = compute_status(modules, search_path, project.allowed_axioms, failed, decls=wanted, env=env)
        statuses.update({r.name: r for r in extra if r.kind != "module"})

    witness_ids = sorted({w for m in manifests for c in m.claims for w in c.witnesses} | set(REGISTRY))
    witnesses = {r.id: r for r in run_witnesses(witness_ids)}

    instance_names = [n for n, r in statuses.items() if is_instance(n) and r.status != "missing" and r.kind == "theorem"]
    instances = {c.decl: c for c in check_instances(env, instance_names)}
    infos = env_binder_infos(env)
    statements: dict[str, str] = {}
    for name, record in statuses.items():
        if record.status in ("missing", "failed"):
            continue
        ci = env.find(name)
        if ci is not None:
            statements[name] = pretty(ci.type, infos)
    return Evidence(build, statuses, witnesses, instances, statements), records


def claim_verdict(claim: Claim, ev: Evidence) -> tuple[str, list[str]]:
    """``holds``, ``fails`` or ``informal``, with the problems that make it fail."""
    if not claim.is_formal and not claim.witnesses:
        return "informal", []
    problems: list[str] = []
    for wid in claim.witnesses:
        result = ev.witnesses.get(wid)
        if result is None:
            problems.append(f"witness {wid}: did not run")
        elif not result.ok:
            problems.append(f"witness {wid} fails: {result.summary}")
    for formal in claim.formal or []:
        record = ev.statuses.get(formal.decl)
        status = record.status if record else "missing"
        if claim.label == "conjecture":
            if status in ("missing", "failed"):
                problems.append(f"{formal.decl}: {status}")
            elif status == PROVED:
                problems.append(f"{formal.decl} is proved: the claim is a theorem, not a conjecture; relabel it")
            continue
        if status != PROVED:
            detail = f" (axioms: {', '.join(record.axioms)})" if record and record.axioms and status == "axiom" else ""
            problems.append(f"{formal.decl}: {status}, not proved{detail}")
        if record is not None and record.fingerprint is not None:
            if formal.fingerprint is None:
                problems.append(
                    f"{formal.decl}: no fingerprint recorded in the manifest (built: {record.fingerprint}); "
                    "review the statement, then run `claimcheck check --update-fingerprints`"
                )
            elif formal.fingerprint != record.fingerprint:
                problems.append(
                    f"{formal.decl}: statement changed: fingerprint in manifest {formal.fingerprint}, "
                    f"built {record.fingerprint}; review it, then run `claimcheck check --update-fingerprints`"
                )
        check = ev.instances.get(formal.decl)
        if check is not None and not check.ok:
            problems.append(f"{formal.decl}: instance cross-check fails: {check.detail}")
    if claim.label == "conditional" and not claim.hypotheses:
        problems.append("a conditional claim must name its hypotheses")
    if not claim.is_formal and claim.label in ("theorem", "conditional") and not problems:
        return "informal", []  # a paper theorem we only back numerically is not a checked theorem
    return ("fails" if problems else "holds"), problems


def _claim_data(claim: Claim, ev: Evidence) -> dict:
    verdict, problems = claim_verdict(claim, ev)
    formal = []
    for f in claim.formal or []:
        record = ev.statuses.get(f.decl)
        formal.append({
            "decl": f.decl,
            "module": record.module if record else "",
            "kind": record.kind if record else "unknown",
            "status": record.status if record else "missing",
            "axioms": list(record.axioms) if record else [],
            "boundary": list(record.boundary) if record else [],
            "statement": ev.statements.get(f.decl, ""),
            "fingerprint": record.fingerprint if record else None,
            "expected_fingerprint": f.fingerprint,
            "fingerprint_ok": bool(record and record.fingerprint and record.fingerprint == f.fingerprint),
            "instance": ev.instances[f.decl].to_json() if f.decl in ev.instances else None,
        })  # fmt: skip
    witnesses = [
        {"id": w, "ok": r.ok, "summary": r.summary, "details": _jsonable(r.details)}
        for w in claim.witnesses
        if (r := ev.witnesses.get(w)) is not None
    ]
    return {
        "id": claim.id,
        "label": claim.label,
        "statement": claim.statement,
        "hypotheses": list(claim.hypotheses),
        "verdict": verdict,
        "problems": problems,
        "formal": formal,
        "reason": claim.reason,
        "note": claim.note,
        "witnesses": witnesses,
    }


def _jsonable(value: object) -> object:
    """Witness details may hold numpy scalars, fractions or tuples: make them JSON values."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if hasattr(value, "item"):
        return _jsonable(value.item())
    return str(value)


def _counts(claims: Iterable[dict]) -> dict:
    claims = list(claims)
    return {
        "by_label": dict(Counter(c["label"] for c in claims)),
        "by_verdict": dict(Counter(c["verdict"] for c in claims)),
    }


def evaluate(project: Project, toolchain: Toolchain, build: BuildReport,
             manifests: list[Manifest] | None = None) -> dict:
    """Run the gate; returns the report data (see the module docstring). Raises ManifestError."""
    if manifests is None:
        manifests = load_manifests(project.manifests_dir)
    ev, records = gather(project, toolchain, build, manifests)
    known = {n for n, r in ev.statuses.items() if r.status != "missing"}
    validate(manifests, known_decls=known, seeds_dir=project.seeds_dir)
    seeds = read_seeds(project.seeds_dir) if project.seeds_dir.is_dir() else {}
    seed_text = {(s.file, s.line): s.text for lines in seeds.values() for s in lines}

    papers = []
    for m in sorted(manifests, key=lambda m: m.id):
        claims = [_claim_data(c, ev) for c in m.claims]
        papers.append({
            "id": m.id,
            "title": m.title,
            "authors": m.authors,
            "categories": list(m.categories),
            "manifest": os.path.relpath(m.path, project.root),
            "seeds": [{"file": s.file, "line": s.line, "text": seed_text.get((s.file, s.line), "")} for s in m.seed],
            "counts": _counts(claims),
            "claims": claims,
        })  # fmt: skip
    all_claims = [c for p in papers for c in p["claims"]]
    instances = [c.to_json() for c in ev.instances.values()]
    ok = build.ok and all(c["verdict"] != "fails" for c in all_claims) and all(i["ok"] for i in instances)
    return {
        "generated": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "ok": ok,
        "toolchain": {"kind": toolchain.kind, "version": toolchain.version},
        "build": {
            "ok": build.ok,
            "modules": [
                {"name": r.name, "status": r.status,
                 "first_error": r.first_error() if r.status in ("failed", "blocked") else None}
                for r in build.modules.values()
            ],
        },  # fmt: skip
        "summary": {
            "papers": len(papers),
            "claims": len(all_claims),
            **_counts(all_claims),
            "instances": {"checked": len(instances), "ok": sum(1 for i in instances if i["ok"])},
        },
        "papers": papers,
        "declarations": to_json(records),
        "instances": instances,
        "witnesses": [
            {"id": r.id, "ok": r.ok, "summary": r.summary, "details": _jsonable(r.details)}
            for r in ev.witnesses.values()
        ],
    }


def failures(data: dict) -> list[str]:
    """One line per reason the gate fails (empty when it passes)."""
    lines = [f"build: {m['name']}: {m['first_error']}" for m in data["build"]["modules"] if m["first_error"]]
    for paper in data["papers"]:
        for claim in paper["claims"]:
            if claim["verdict"] == "fails":
                for problem in claim["problems"]:
                    lines.append(f"{paper['manifest']}: {claim['id']} ({claim['label']}): {problem}")
    for inst in data["instances"]:
        if not inst["ok"]:
            lines.append(f"instance {inst['decl']}: {inst['detail']}")
    return lines


_FINGERPRINT_LINE = re.compile(r"^(\s*)fingerprint:\s*(\S*)\s*$")


def update_fingerprints(manifests: list[Manifest], fingerprints: dict[str, str | None]) -> list[Path]:
    """Record each declaration's built fingerprint in its manifest (text edit keeps comments).

    Returns the files changed. Each is written to a temporary file and renamed into place.
    """
    changed: list[Path] = []
    for m in manifests:
        lines = m.path.read_text(encoding="utf-8").split("\n")
        edits = 0
        # Bottom-up, so that an inserted line does not shift the lines still to edit.
        formals = sorted((f for c in m.claims for f in c.formal or []), key=lambda f: -f.yaml_line)
        for formal in formals:
            new = fingerprints.get(formal.decl)
            if new is None or new == formal.fingerprint:
                continue
            index = formal.yaml_line - 1  # the `- decl:` line
            decl_line = lines[index]
            indent = len(decl_line) - len(decl_line.lstrip(" -"))
            for j in range(index + 1, min(index + 4, len(lines))):
                match = _FINGERPRINT_LINE.match(lines[j])
                if match and len(match.group(1)) == indent:
                    lines[j] = f"{match.group(1)}fingerprint: {new}"
                    break
            else:
                lines.insert(index + 1, f"{' ' * indent}fingerprint: {new}")
            edits += 1
        if edits:
            tmp = m.path.with_name(f".{m.path.name}.tmp")
            tmp.write_text("\n".join(lines), encoding="utf-8")
            os.replace(tmp, m.path)
            changed.append(m.path)
    return changed
