"""Plain text for a terminal: the gate's summary (``check``) and the status table (``status``).

The gate's summary opens with the model's headline (what holds and how much of it, of how many;
never "all claims hold" unless every claim holds in full), lists every error, warning and notice
with its file and line, and always ends with the verdict line, which agrees with the exit code.
"""

from __future__ import annotations

from claimcheck.model.evidence import GateResult, Severity
from claimcheck.model.facts import STATUS_ORDER, DeclFacts, DeclKind, KernelOutcome
from claimcheck.report.states import claim_state, instance_state, status_words

__all__ = ["render_gate", "render_status"]

_WORD = {Severity.ERROR: "FAIL", Severity.WARNING: "WARN", Severity.NOTICE: "NOTE"}


def render_gate(result: GateResult) -> str:
    s = result.summary
    lines = [f"{s.papers} {'paper' if s.papers == 1 else 'papers'}, {s.claims} {'claim' if s.claims == 1 else 'claims'}:"
             f" {s.headline()}"]
    lines.append("evidence: " + ", ".join(f"{n} {t}" for t, n in s.by_tier.items()))
    if result.instances:
        strict = result.settings.strict_instances
        states: dict[str, int] = {}
        for i in result.instances:
            words = instance_state(i, strict).words
            states[words] = states.get(words, 0) + 1
        lines.append(f"instance cross-checks: {len(result.instances)}: "
                     + ", ".join(f"{n} {w}" for w, n in sorted(states.items())))
    if not result.settings.sources_checked:
        lines.append("sources: source text not available here; citations not checked against it (--sources DIR)")
    deps = result.settings.dependencies_line()
    if deps:
        lines.append(deps)
    if not result.settings.kernel_required:
        lines.append("kernel: `[kernel] require = false`: a theorem the independent kernel did not decide can hold"
                     " (a rejected one never)")
    for problem in result.problems:
        where = f"{problem.file}:{problem.line}: " if problem.file and problem.line else (
            f"{problem.file}: " if problem.file else "")
        lines.append(f"{_WORD[problem.severity]} {where}{problem.message}")
    for paper in result.papers:
        for claim in paper.claims:
            for problem in claim.problems:
                head = f"{paper.manifest}:{problem.line or claim.line}: {claim.id} ({claim.label}): "
                lines.append(f"{_WORD[problem.severity]} {head}{problem.message}")
    lines.append("gate: PASS" if result.ok else "gate: FAIL")
    return "\n".join(lines) + "\n"


def render_claims_table(result: GateResult) -> str:
    """One line per claim: its state in words (for ``check --verbose``-like listings)."""
    out = []
    for paper in result.papers:
        for claim in paper.claims:
            out.append(f"{paper.id}/{claim.id} ({claim.label}): {claim_state(claim.state).words} [{claim.tier}]")
    return "\n".join(out) + "\n"


def render_status(records: list[DeclFacts], statements: bool = False) -> str:
    """A table grouped by module, with a summary line; each statement warning under its
    declaration; ``statements=True`` also prints each printed statement."""
    if not records:
        return "no declarations\n"
    by_module: dict[str, list[DeclFacts]] = {}
    for r in records:
        by_module.setdefault(r.module or "(not found)", []).append(r)
    wn = max(len(r.display_name) for r in records)
    wk = max(len(r.kind) for r in records)
    lines: list[str] = []
    for mod in sorted(by_module):
        lines.append(mod)
        for r in by_module[mod]:
            extra = ""
            if r.package:
                extra = f"  package: {r.package}"
            if r.axioms:
                via = {d.axiom: d for d in r.dependency_axioms}
                extra += "  axioms: " + ", ".join(str(via[a]) if a in via else str(a) for a in r.axioms)
            if r.unsafe:
                extra += "  unsafe: " + ", ".join(map(str, r.unsafe))
            if r.prelude:
                extra += "  prelude: " + ", ".join(r.prelude)
            if r.lint:
                extra += "  lint: " + "; ".join(f.message for f in r.lint)
            if r.kernel is not None:
                extra += f"  kernel: {r.kernel.headline}"
            note, *more = r.note.splitlines() if r.note else [""]
            if note:
                extra += f"  ({note})" if not more else f"  {note}"
            lines.append(f"  {r.display_name:<{wn}}  {r.kind:<{wk}}  {status_words(r.status, r.is_theorem):<7}  "
                         f"{r.fingerprint or '-':<16}{extra}")
            lines += [f"    {line}" for line in more]  # a Lean error's further lines
            if statements and r.statement is not None:
                lines.append(f"    statement: {r.statement}")
            if statements and r.satisfiable_by is not None:
                lines.append("    hypotheses shown satisfiable by: "
                             + ", ".join(map(str, (r.satisfiable_by, *r.satisfiable_also))))
            for w in r.warnings:
                lines.append(f"    warning ({w.kind}, {w.name}): {w.message}")
        lines.append("")
    words = [status_words(r.status, r.is_theorem) for r in records]
    order = [str(s) for s in STATUS_ORDER[:-1]] + ["proved", "defined"]
    lines.append(", ".join(f"{words.count(w)} {w}" for w in order if words.count(w)))
    private = sum(1 for r in records if r.private)
    if private:
        lines.append(f"private declarations: {private} (listed under their names, marked `(private)`)")
    warned = sum(1 for r in records if r.warnings)
    if warned:
        lines.append(f"statement warnings: {warned} declarations (a printed statement may not read as what was proved)")
    kernel = [r.kernel.outcome for r in records if r.kernel is not None and r.kind is not DeclKind.MODULE]
    if kernel:
        lines.append("kernel re-check: " + ", ".join(f"{kernel.count(k)} {k}" for k in KernelOutcome if kernel.count(k)))
        unchecked = [r for r in records if r.kernel is not None and not r.kernel.accepted and r.status == "proved"]
        if unchecked:
            lines.append(f"  {len(unchecked)} declarations Lean calls proved are not accepted by the independent kernel"
                         " (see their `kernel` column)")
    boundary = {b for r in records for b in r.boundary}
    if boundary:
        lines.append(f"trusted boundary: {len(boundary)} core constants without shipped proofs (see --json)")
    return "\n".join(lines) + "\n"
