"""The CI gate: do the manifests' claims hold as labelled?

Inputs: a finished build, the proof status of every declaration (read from the ``.olean`` files),
the numerical witnesses the manifests name, the instance cross-checks and the manifests. Output: a
:class:`~claimcheck.claims.model.GateResult`, whose ``ok`` is the gate's verdict. A claim's verdict:

- ``theorem`` / ``conditional``: every Lean declaration is ``proved`` (a cited library one, ``role:
  library``, may be ``trusted``) and has the statement fingerprint recorded in the manifest; every
  witness passes; a conditional names its hypotheses. The claim rests on the project's own
  theorems: at least one entry must be a ``role: theorem`` declaration of a project module whose
  type is a proposition (decided from the type, :mod:`claimcheck.analysis.props`). Definitions
  (``role: definition``) and library declarations (``role: library``) are shown beside it and
  never make a claim hold alone; a ``role: theorem`` entry that is not a proposition, or is not
  the project's, fails. A theorem whose statement is vacuous (lint: ``True``, ``a = a``, the
  conclusion among the hypotheses, a ``False`` hypothesis), and any declaration resting on a
  project module that does not import ``Init`` (``prelude``), fail the claim unless the manifest
  acknowledges them by name (``acknowledge: - name: <decl or module>``). A conditional claim whose
  theorems have no hypothesis at all is flagged for review (a warning, not a failure).
- ``measurement``: every witness passes; Lean declarations, if listed, must be proved too.
- ``conjecture``: the witnesses (evidence) pass; a listed declaration must exist, and one that is
  already ``proved`` makes the label wrong (it is a theorem).
- ``formal: none``: ``informal`` — nothing to check; it never fails the gate.

Every claim, whatever its label: a formal declaration whose printed statement carries a warning
(a hijacking project instance, an instance written inline, a name shadowing a library name, a
``prelude`` module: :mod:`claimcheck.analysis.spoofing`) fails the claim unless the claim's
``acknowledge`` names it, so the ledger says in words why the statement still means what it
reads; an acknowledgement that names no warning of the claim's declarations fails it too (it would
tell the reader of a problem that is not there, or hide that a fix made it stale).

Any disagreeing instance cross-check (or, in a strict project, one that is not cross-checked) or
a failed build also fails the gate.
"""

from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML

from claimcheck.analysis.depgraph import project_dependencies
from claimcheck.analysis.instances import Evaluator, InstanceCheck, check_instances, is_instance, load_semantics
from claimcheck.analysis.pretty import env_binder_infos, pretty
from claimcheck.analysis.library import library_index
from claimcheck.analysis.recheck import attach_kernel
from claimcheck.analysis.status import DeclStatus, Status, compute_status, open_environment
from claimcheck.claims.manifest import Claim, FormalDecl, Manifest, load_manifests, validate
from claimcheck.claims.model import (
    BuildSummary,
    Citation,
    ClaimResult,
    DeclRecord,
    FormalEntry,
    StatementPart,
    WarningRecord,
    GateResult,
    InstanceResult,
    Label,
    ModuleResult,
    ModuleState,
    PaperResult,
    SourceRange,
    ToolchainInfo,
    Verdict,
    tier_of,
    WitnessOutcome,
)
from claimcheck.claims.sources import check_sources
from claimcheck.claims.witnesses import WitnessResult, load_registry, run_witnesses
from claimcheck.lean.build import BuildReport
from claimcheck.lean.ilean import read_ranges
from claimcheck.lean.toolchain import Toolchain
from claimcheck.project import Project

PROVED = Status.PROVED
TRUSTED = Status.TRUSTED


@dataclass(frozen=True)
class Evidence:
    """Everything the verdicts are computed from."""

    build: BuildReport
    statuses: dict[str, DeclStatus]  # every project declaration and every manifest declaration
    witnesses: dict[str, WitnessResult]
    instances: dict[str, InstanceCheck]
    statements: dict[str, str]
    strict_instances: bool
    records: list[DeclStatus]  # every project declaration, for the report's declaration pages
    toolchain: ToolchainInfo
    project_modules: frozenset[str] = frozenset()  # the project's modules (the rest is library)
    dependencies: dict[str, list[str]] = field(default_factory=dict)  # direct project dependencies
    locations: dict[str, SourceRange] = field(default_factory=dict)  # source positions (.ilean)
    #: whether a theorem claim needs the independent kernel's ``checked`` on its theorem entries
    kernel_required: bool = False


def gather(project: Project, toolchain: Toolchain, build: BuildReport,
           manifests: list[Manifest]) -> Evidence:
    """Status, witnesses, instance checks and statements for the project and its manifests."""
    search_path = [project.olean_dir, toolchain.lib_dir]
    modules = list(build.modules)
    failed = build.failed_modules()
    library_dirs = [toolchain.lib_dir]
    env = open_environment(search_path, library_dirs)  # one decoding of the modules serves every step below
    library = library_index(toolchain.lib_dir)  # the library's modules, names and axioms (cached per toolchain)
    records = compute_status(modules, search_path, project.allowed_axioms, failed, env=env, library_dirs=library_dirs,
                             library=library)
    built_modules = [m for m in modules if m not in failed]
    records, _ = attach_kernel(records, env, built_modules, library_dirs, project.build_dir / "kernel-cache.json",
                               project.kernel_budget)
    statuses = {r.name: r for r in records if r.kind != "module"}
    wanted = sorted({d.decl for m in manifests for c in m.claims for d in c.formal or []} - set(statuses))
    if wanted:
        extra = compute_status(modules, search_path, project.allowed_axioms, failed, decls=wanted, env=env,
                               library_dirs=library_dirs, library=library)
        extra, _ = attach_kernel(extra, env, built_modules, library_dirs, project.build_dir / "kernel-cache.json",
                                 project.kernel_budget)
        statuses.update({r.name: r for r in extra if r.kind != "module"})

    registry = load_registry(project.witness_modules)
    witness_ids = sorted({w for m in manifests for c in m.claims for w in c.witnesses})
    witnesses = {r.id: r for r in run_witnesses(registry, witness_ids)}

    instance_names = [n for n, r in statuses.items() if is_instance(n) and r.status != "missing" and r.kind == "theorem"]
    evaluator = Evaluator(load_semantics(project.semantics_modules))
    instances = {c.decl: c for c in check_instances(env, instance_names, evaluator)}
    infos = env_binder_infos(env)
    statements: dict[str, str] = {}
    for name, record in statuses.items():
        if record.status in ("missing", "failed"):
            continue
        if record.statement is not None:
            statements[name] = record.statement
            continue
        ci = env.find(name)
        if ci is not None:
            statements[name] = pretty(ci.type, infos)
    built = [m for m in modules if m not in failed]
    dependencies = project_dependencies(env, built)
    locations = read_ranges(project.olean_dir, {m: build.modules[m].source for m in built}, project.root)
    return Evidence(build, statuses, witnesses, instances, statements, project.strict_instances, records,
                    ToolchainInfo(toolchain.kind, toolchain.version), frozenset(build.modules),
                    dependencies, locations, project.kernel_required)


def claim_verdict(claim: Claim, ev: Evidence) -> tuple[Verdict, list[str]]:
    """``holds``, ``fails`` or ``informal``, with the problems that make it fail."""
    if not claim.is_formal and not claim.witnesses:
        return Verdict.INFORMAL, []
    problems: list[str] = []
    for wid in claim.witnesses:
        result = ev.witnesses.get(wid)
        if result is None:
            problems.append(f"witness {wid}: did not run")
        elif not result.ok:
            problems.append(f"witness {wid} fails: {result.summary}")
    theorems: list[str] = []  # the project's propositions the claim rests on
    for formal in claim.formal or []:
        record = ev.statuses.get(formal.decl)
        status = record.status if record else "missing"
        if claim.label == "conjecture":
            if status in ("missing", "failed"):
                problems.append(f"{formal.decl}: {status}")
            elif status == PROVED:
                problems.append(f"{formal.decl} is proved: the claim is a theorem, not a conjecture; relabel it")
            continue
        problems.extend(_entry_problems(claim, formal, record, ev))
        if formal.role == "theorem" and (
            record is None or status in ("missing", "failed")  # unknown: its status is the problem
            or (record.is_theorem is True and record.module in ev.project_modules)
        ):  # a candidate theorem; its status, if not proved, is a problem above
            theorems.append(formal.decl)
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
        if check is not None and check.fails_gate(ev.strict_instances):
            problems.append(f"{formal.decl}: instance cross-check: {check.outcome}: {check.detail}")
    if claim.label in ("theorem", "conditional") and claim.is_formal and not theorems:
        entries = ", ".join(f"{f.decl} (role: {f.role})" for f in claim.formal or []) or "none"
        problems.append(
            f"no theorem: the claim rests on none of its formal entries ({entries}); it holds only on a "
            "proved proposition declared in the project (role: theorem); definitions and library "
            "declarations are supporting entries and never make a claim hold alone"
        )
    problems += warning_problems(claim, ev)
    if claim.label == "conditional" and not claim.hypotheses:
        problems.append("a conditional claim must name its hypotheses")
    if not claim.is_formal and claim.label in ("theorem", "conditional") and not problems:
        return Verdict.INFORMAL, []  # a paper theorem we only back numerically is not a checked theorem
    return (Verdict.FAILS if problems else Verdict.HOLDS), problems


def _entry_problems(claim: Claim, formal: FormalDecl, record: DeclStatus | None, ev: Evidence) -> list[str]:
    """What is wrong with one formal entry of a theorem, conditional or measurement claim, by its role."""
    decl, role = formal.decl, formal.role
    status = record.status if record else "missing"
    if record is None or status in ("missing", "failed"):
        return [f"{decl}: {status}, not proved"]
    problems: list[str] = []
    own = record.module in ev.project_modules
    if role == "library":
        if own:
            problems.append(f"{decl} is declared in the project's module {record.module}, not in the library: "
                            "list it with `role: theorem` or `role: definition`")
        elif status not in (PROVED, TRUSTED):
            detail = f" (axioms: {', '.join(record.axioms)})" if record.axioms and status == "axiom" else ""
            problems.append(f"{decl}: {status}, not proved{detail}")
        return problems
    if not own:
        problems.append(
            f"{decl} is not the project's own: it is declared in the library module {record.module}; a "
            "library declaration can only be cited as a dependency (`role: library`), never as the proof "
            "that makes a claim hold"
        )
    if status != PROVED:
        detail = f" (axioms: {', '.join(record.axioms)})" if record.axioms and status == "axiom" else ""
        problems.append(f"{decl}: {status}, not proved{detail}")
    if role == "theorem" and ev.kernel_required and claim.label in ("theorem", "conditional"):
        kernel = record.kernel or "undecided: not re-checked"
        if kernel != "checked":
            problems.append(f"{decl}: the independent kernel re-check did not accept it ({kernel.splitlines()[0][:300]}); "
                            "`[kernel] require = false` in claimcheck.toml relaxes this")
    if role == "theorem":
        if record.is_theorem is False:
            problems.append(f"{decl} is a {record.kind} whose type is not a proposition: it states nothing to "
                            "prove; list it with `role: definition` (a supporting entry) if it belongs here")
        elif record.is_theorem is None:
            why = f" ({record.theorem_note})" if record.theorem_note else ""
            problems.append(f"{decl}: could not decide whether its type is a proposition{why}; it is not "
                            "counted as a theorem")
        for finding in record.lint:
            if claim.acknowledged(decl) is None:
                problems.append(f"{decl}: vacuous statement: {finding}; if this is meant, acknowledge it in the "
                                f"manifest (`acknowledge: - name: {decl}` with a note)")
    for module in record.prelude:
        if claim.acknowledged(module) is None:
            problems.append(
                f"{decl} rests on module {module}, which does not import Init (a prelude module can redefine "
                f"the library's notions); acknowledge it in the manifest (`acknowledge: - name: {module}` with "
                "a note) if this is meant"
            )
    return problems


def warning_problems(claim: Claim, ev: Evidence) -> list[str]:
    """The statement warnings of the claim's declarations that the claim does not acknowledge,
    and the acknowledgements that name no such warning."""
    problems: list[str] = []
    named: set[str] = set()
    for formal in claim.formal or []:
        record = ev.statuses.get(formal.decl)
        if record is not None:  # what the other review rules let a manifest acknowledge
            named.update(record.prelude)
            if record.lint or (claim.label == "conditional" and record.hypotheses == 0):
                named.add(formal.decl)
        for w in record.warnings if record is not None else ():
            named.add(w.name)
            if claim.acknowledged(w.name) is None:
                problems.append(
                    f"{formal.decl}: statement warning ({w.kind}): {w.message}; if the claim still means"
                    f" what it reads, say why in the manifest: `acknowledge: [{{name: {w.name}, note: ...}}]`"
                )
    for ack in claim.acknowledge:
        if ack.name not in named:
            problems.append(
                f"acknowledges `{ack.name}`, but no declaration of the claim has a statement warning,"
                " vacuity lint or prelude module naming it; remove the acknowledgement"
            )
    return problems


def claim_warnings(claim: Claim, ev: Evidence) -> list[str]:
    """Findings flagged for review that do not fail the gate."""
    warnings: list[str] = []
    if claim.label == "conditional" and claim.is_formal:
        bare = [f.decl for f in claim.formal or []
                if f.role == "theorem" and (r := ev.statuses.get(f.decl)) is not None
                and r.is_theorem and r.hypotheses == 0 and claim.acknowledged(f.decl) is None]
        theorems = [f.decl for f in claim.formal or [] if f.role == "theorem" and f.decl in ev.statuses]
        if bare and len(bare) == len(theorems):
            warnings.append(
                f"conditional claim, but its Lean theorem{'s' if len(bare) > 1 else ''} "
                f"{', '.join(bare)} assume{'' if len(bare) > 1 else 's'} nothing (no hypothesis, no binder): "
                "review whether the manifest's hypotheses are in the Lean statement (acknowledge the "
                "theorem by name if the statement is meant to be unconditional)"
            )
    return warnings
def _warnings(record: DeclStatus | None, claim: Claim | None = None) -> list[WarningRecord]:
    if record is None:
        return []
    out = []
    for w in record.warnings:
        ack = claim.acknowledged(w.name) if claim is not None else None
        out.append(WarningRecord(str(w.kind), w.name, w.message, w.found_in, ack.note if ack else None))
    return out


def _parts(record: DeclStatus | None) -> list[StatementPart]:
    return [StatementPart(text, decl) for text, decl in record.statement_parts] if record is not None else []


def _instance(check: InstanceCheck) -> InstanceResult:
    return InstanceResult(check.decl, check.statement, check.lean_value, check.python_value,
                          str(check.outcome), check.ok, check.detail)


def _witness(result: WitnessResult) -> WitnessOutcome:
    return WitnessOutcome(result.id, result.ok, result.summary, _jsonable(result.details))


def _record(r: DeclStatus) -> DeclRecord:
    return DeclRecord(r.name, r.module, r.kind, str(r.status), list(r.axioms), list(r.boundary), r.fingerprint,
                      list(r.prelude), r.is_theorem, r.hypotheses, list(r.lint),
                      r.statement, _warnings(r), _parts(r), r.kernel)


def _claim_result(claim: Claim, ev: Evidence) -> ClaimResult:
    verdict, problems = claim_verdict(claim, ev)
    formal = []
    for f in claim.formal or []:
        record = ev.statuses.get(f.decl)
        formal.append(FormalEntry(
            decl=f.decl,
            module=record.module if record else "",
            kind=record.kind if record else "unknown",
            status=str(record.status) if record else "missing",
            axioms=list(record.axioms) if record else [],
            boundary=list(record.boundary) if record else [],
            statement=ev.statements.get(f.decl, ""),
            fingerprint=record.fingerprint if record else None,
            expected_fingerprint=f.fingerprint,
            fingerprint_ok=bool(record and record.fingerprint and record.fingerprint == f.fingerprint),
            instance=_instance(ev.instances[f.decl]) if f.decl in ev.instances else None,
            role=f.role,
            is_theorem=record.is_theorem if record else None,
            own=bool(record and record.module in ev.project_modules),
            hypotheses=record.hypotheses if record else 0,
            lint=list(record.lint) if record else [],
            prelude=list(record.prelude) if record else [],
            warnings=_warnings(record, claim),
            statement_parts=_parts(record),
            kernel=record.kernel if record else None,
        ))  # fmt: skip
    witnesses = [_witness(r) for w in claim.witnesses if (r := ev.witnesses.get(w)) is not None]
    return ClaimResult(
        id=claim.id,
        label=Label(claim.label),
        statement=claim.statement,
        verdict=verdict,
        hypotheses=list(claim.hypotheses),
        problems=problems,
        formal=formal,
        reason=claim.reason,
        note=claim.note,
        witnesses=witnesses,
        line=claim.yaml_line,
        warnings=claim_warnings(claim, ev),
        tier=tier_of(verdict, formal, bool(claim.witnesses)),
    )


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


def prepare(project: Project) -> list[Manifest]:
    """Load and check the manifests before any build: schema, witness ids, and the citations
    against the source texts when a sources folder is named. Raises ManifestError or ConfigError
    in seconds, so a typo never waits for a build."""
    manifests = load_manifests(project.manifests_dir)
    validate(manifests, known_decls=None, witness_ids=load_registry(project.witness_modules))
    if project.sources_dir is not None:
        check_sources(manifests, project.sources_dir)
    return manifests


def evaluate(project: Project, toolchain: Toolchain, build: BuildReport,
             manifests: list[Manifest] | None = None) -> GateResult:
    """Run the gate on a finished build. Raises ManifestError for manifests that do not check."""
    if manifests is None:
        manifests = prepare(project)
    return judge(project, gather(project, toolchain, build, manifests), manifests)


def judge(project: Project, ev: Evidence, manifests: list[Manifest]) -> GateResult:
    """The verdicts of ``manifests`` on gathered evidence (re-run cheaply after the manifests
    change, e.g. when fingerprints were just recorded)."""
    build = ev.build
    known = {n for n, r in ev.statuses.items() if r.status != "missing"}
    validate(manifests, known_decls=known, witness_ids=load_registry(project.witness_modules))
    cited: dict[tuple[str, int], str] = {}
    if project.sources_dir is not None:
        cited = check_sources(manifests, project.sources_dir)

    papers = [
        PaperResult(
            id=m.id,
            title=m.title,
            manifest=os.path.relpath(m.path, project.root),
            claims=[_claim_result(c, ev) for c in m.claims],
            authors=m.authors,
            categories=list(m.categories),
            arxiv=m.arxiv,
            url=m.url,
            sources=[Citation(s.file, s.line, cited.get((s.file, s.line))) for s in m.sources],
        )
        for m in sorted(manifests, key=lambda m: m.id)
    ]
    instances = list(ev.instances.values())
    ok = (build.ok and all(c.verdict is not Verdict.FAILS for p in papers for c in p.claims)
          and not any(i.fails_gate(project.strict_instances) for i in instances))
    return GateResult(
        generated=_dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        ok=ok,
        toolchain=ev.toolchain,
        build=BuildSummary(build.ok, [
            ModuleResult(r.name, ModuleState(r.status), r.first_error() if r.status in ("failed", "blocked") else None)
            for r in build.modules.values()
        ]),
        papers=papers,
        allowed_axioms=sorted(project.allowed_axioms),
        sources_checked=project.sources_dir is not None,
        declarations=[_record(r) for r in ev.records],
        instances=[_instance(i) for i in instances],
        witnesses=[_witness(r) for r in ev.witnesses.values()],
        dependencies=ev.dependencies,
        locations=ev.locations,
    )


def failures(result: GateResult, strict_instances: bool = True) -> list[str]:
    """One line per reason the gate fails (empty when it passes)."""
    lines = [f"build: {m.name}: {m.first_error}" for m in result.build.modules if m.first_error]
    # (warnings, which do not fail the gate, are listed by :func:`review_warnings`)
    for paper in result.papers:
        for claim in paper.claims:
            if claim.verdict is Verdict.FAILS:
                for problem in claim.problems:
                    lines.append(f"{paper.manifest}:{claim.line}: {claim.id} ({claim.label}): {problem}")
    for inst in result.instances:
        if inst.outcome == "disagree" or (strict_instances and not inst.ok):
            lines.append(f"instance {inst.decl}: {inst.outcome}: {inst.detail}")
    return lines


def review_warnings(result: GateResult) -> list[str]:
    """One line per finding flagged for review (these do not fail the gate)."""
    return [f"{paper.manifest}:{claim.line}: {claim.id} ({claim.label}): {w}"
            for paper in result.papers for claim in paper.claims for w in claim.warnings]


def update_fingerprints(manifests: list[Manifest], fingerprints: dict[str, str | None]) -> list[Path]:
    """Record each declaration's built fingerprint in its manifest, keeping the YAML's comments
    and layout (a round-trip YAML load and dump). Returns the files changed; each is written to a
    temporary file and renamed into place."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    changed: list[Path] = []
    for m in manifests:
        wanted = {f.decl: fingerprints.get(f.decl) for c in m.claims for f in c.formal or []}
        if all(new is None or new == f.fingerprint for c in m.claims for f in c.formal or []
               for new in [wanted[f.decl]]):
            continue
        data = yaml.load(m.path.read_text(encoding="utf-8"))
        for claim in data.get("claims") or []:
            formal = claim.get("formal")
            if not isinstance(formal, list):
                continue
            for entry in formal:
                new = fingerprints.get(entry.get("decl"))
                if new is not None and entry.get("fingerprint") != new:
                    entry["fingerprint"] = new
        tmp = m.path.with_name(f".{m.path.name}.tmp")
        with tmp.open("w", encoding="utf-8") as out:
            yaml.dump(data, out)
        os.replace(tmp, m.path)
        changed.append(m.path)
    return changed
