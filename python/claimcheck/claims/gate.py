"""The CI gate's rules: do the manifests' claims hold as labelled?

Input: the :class:`Evidence` a pipeline session gathered (the facts of every declaration, the build,
the witnesses' and instance cross-checks' results) and the manifests. Output: the model's
:class:`~claimcheck.model.evidence.GateResult`. Every finding is a typed
:class:`~claimcheck.model.evidence.Problem` (a code, a severity, the declaration, a message): an
``error`` fails its claim, a ``warning`` is flagged for review, a ``notice`` informs. A claim's
verdict:

- ``theorem`` / ``conditional``: every Lean declaration is ``proved`` (a cited library one, ``role:
  library``, may be ``trusted``) and has the statement fingerprint recorded in the manifest; every
  witness passes; a conditional names its hypotheses. The claim rests on the project's own
  theorems: at least one entry must be a ``role: theorem`` declaration of a project module whose
  type is a proposition. Definitions (``role: definition``) and library declarations (``role:
  library``) are shown beside it and never make a claim hold alone. A theorem whose statement is
  vacuous (lint), whose hypotheses no proved declaration shows satisfiable, and any declaration
  resting on a ``prelude`` module, fail the claim unless the manifest acknowledges them by name.
  The independent kernel must have ``checked`` every ``role: theorem`` declaration (``[kernel]
  require = false`` lets an undecided one through, and says so); a declaration the kernel
  **rejects** fails its claim whatever the settings.
- ``measurement``: every witness passes; Lean declarations, if listed, must be proved too, and
  every rule on a theorem's statement applies to them as to a theorem claim's.
- ``conjecture``: the witnesses pass; a declaration that is a statement without a proof (``sorry``,
  or an axiom standing in for it) makes the claim ``stated`` (formalised, open); a proposition that
  is already proved makes the label wrong (it is a theorem), whatever role it is listed with. The
  vacuity lint, the prelude rule and the kernel apply to its statement too (only the satisfiability
  of hypotheses, which asks for a proved application, waits for a proof).
- ``formal: none``: ``informal`` — nothing to check; it never fails the gate.

**Labels and roles never switch a rule off.** A role says what an entry is for and must agree
with what the declaration is (``role-mismatch``, ``not-proposition``, ``not-own``,
``not-library``): a proposition is never a ``definition``; the rules on a proposition of the
project (vacuity, prelude, satisfiability; the kernel's on a ``role: theorem`` one) apply under
every label and whatever role it is listed with. The hypotheses a witness must discharge include
those the conclusion's project definitions hide (``def Stable f := (∀ n, f n < f n) → …``), unless
the conclusion is a negation (:mod:`claimcheck.analysis.unfold`).

Every claim: a formal declaration whose printed statement carries a warning (a hijacking project
instance, an instance that is not a library instance constant, a name shadowing or looking like a
library name, a ``prelude`` module: :mod:`claimcheck.analysis.spoofing`) fails the claim unless the
claim's ``acknowledge`` names it; an acknowledgement that names nothing fails it too. An invisible
or bidirectional-control character in a name is never acknowledgeable.

A disagreeing instance cross-check (or, in a strict project, one that is not cross-checked), a
module that failed to build, and any project-level error fail the gate.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from claimcheck.analysis.naming import names_an_instance
from claimcheck.claims.manifest import FINGERPRINT, Claim, FormalDecl, Manifest
from claimcheck.model.evidence import (
    Acknowledgement,
    BuildSummary,
    Citation,
    ClaimEvidence,
    CompanionSandbox,
    Coverage,
    FormalEvidence,
    GateResult,
    InstanceOutcome,
    InstanceResult,
    Label,
    PaperEvidence,
    Problem,
    ProblemCode,
    Role,
    Settings,
    Severity,
    ToolchainInfo,
    Verdict,
    WitnessOutcome,
    tier_of,
)
from claimcheck.model.facts import DeclFacts, KernelOutcome, Status, WarningKind
from claimcheck.model.names import Name

__all__ = ["Evidence", "judge", "finish", "lookup"]

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
P = ProblemCode

#: The notice a holding claim gets for each coverage short of ``full``: what its Lean leaves out.
_PARTIAL_WORDS: dict[Coverage, str] = {
    Coverage.SPECIAL_CASE: "the Lean covers a special case of the claim",
    Coverage.PROOF_CORE: "the Lean proves a proof core of the claim (a step its proof rests on), not the claim itself",
    Coverage.RECONSTRUCTION: "the Lean covers the project's reconstruction of the claim",
}


@dataclass(frozen=True)
class Evidence:
    """Everything the verdicts are computed from (gathered by :class:`claimcheck.pipeline.session.Session`)."""

    facts: list[DeclFacts]
    build: BuildSummary
    toolchain: ToolchainInfo
    settings: Settings
    project_modules: frozenset[str]
    witnesses: dict[str, WitnessOutcome] = field(default_factory=dict)
    instances: dict[tuple[str, Name], InstanceResult] = field(default_factory=dict)
    #: modules that did not build: module -> source file relative to the project root
    failed_sources: dict[str, str] = field(default_factory=dict)

    def by_name(self) -> dict[Name, list[DeclFacts]]:
        """The facts by the name a manifest gives a declaration: the name its author wrote (a private
        declaration's, without Lean's ``_private.<module>.0`` prefix)."""
        out: dict[Name, list[DeclFacts]] = {}
        for f in self.facts:
            if f.kind is not f.kind.MODULE:
                out.setdefault(f.name.user_facing, []).append(f)
        return out


def lookup(index: dict[Name, list[DeclFacts]], formal: FormalDecl, project_modules: frozenset[str]
           ) -> tuple[DeclFacts | None, tuple[str, ...]]:
    """The facts of a manifest's declaration: the project's own first (a name two project modules
    declare is ambiguous unless the entry names its ``module``), else the library's."""
    found = index.get(formal.decl, [])
    if formal.module is not None:
        found = [f for f in found if f.module == formal.module]
    own = [f for f in found if f.module in project_modules]
    if len(own) > 1:
        return None, tuple(sorted(f.module for f in own))
    if own:
        return own[0], ()
    return (found[0] if found else None), ()


def _err(code: ProblemCode, message: str, decl: Name | None = None) -> Problem:
    return Problem(code, E, message, decl)


class _ClaimJudge:
    """The rules for one claim (see the module docstring)."""

    def __init__(self, claim: Claim, ev: Evidence, index: dict[Name, list[DeclFacts]]):
        self.claim = claim
        self.ev = ev
        self.index = index
        self.problems: list[Problem] = []
        self.formal: list[FormalEvidence] = []
        #: names the claim's findings let a manifest acknowledge
        self.acknowledgeable: set[Name] = set()
        self.open_statement = False
        #: entries whose module did not build, by module
        self.failed: dict[str, list[Name]] = {}

    def acknowledged(self, name: Name) -> bool:
        return self.claim.acknowledged(name) is not None

    def add(self, code: ProblemCode, severity: Severity, message: str, decl: Name | None = None,
            line: int | None = None) -> None:
        """A finding; ``line``: the manifest line it is about, when not the claim's own."""
        self.problems.append(Problem(code, severity, message, decl, line=line))

    # ------------------------------------------------------------------ entries

    def entry(self, formal: FormalDecl) -> FormalEvidence:
        facts, candidates = lookup(self.index, formal, self.ev.project_modules)
        instance = self.ev.instances.get(facts.key) if facts is not None else None
        entry = FormalEvidence(formal.decl, Role(formal.role), facts, formal.fingerprint, formal.statement, instance,
                               candidates)
        decl = formal.decl
        if candidates:
            self.add(P.AMBIGUOUS, E, f"{decl} is declared by the project modules {', '.join(candidates)}, which no"
                     " Lean environment imports together; name the one meant with `module:`", decl)
            return entry
        if facts is None or facts.status in (Status.MISSING, Status.FAILED, Status.STALE):
            status = facts.status if facts is not None else Status.MISSING
            why = f" ({facts.note})" if facts is not None and facts.note else ""
            if status is Status.FAILED:  # one problem a failed module (see `judge`): one cause, one line
                self.failed.setdefault(facts.module if facts is not None else "", []).append(decl)
            else:
                if status is Status.MISSING:
                    self.add(P.MISSING, E, f"{decl}: {status}, not proved{why}", decl)
                else:  # stale: the module's outputs are not this source's
                    self.add(P.BUILD_FAILED, E, f"{decl}: {status}, not read, so not proved{why}", decl)
            return entry
        self.role(formal, facts)
        if self.claim.label == "conjecture":
            self.conjecture_entry(formal, facts)
        else:
            self.proof_entry(formal, facts)
        self.statement_rules(formal, facts)
        self.kernel(formal, facts)
        self.fingerprint(formal, facts)
        self.statement_review(formal, facts)
        if instance is not None:
            self.instance(instance)
        elif formal.role == "theorem" and names_an_instance(decl) and facts.module in self.ev.project_modules:
            self.add(P.INSTANCE_NOT_DECIDED, E, f"{decl}: its name says it is a concrete instance, but it is not"
                     " proved by a decision (`decide`), so its statement is not known to be closed and decidable:"
                     " nothing cross-checks it, and it would count as a main result; prove it by `decide` if it"
                     " is a concrete fact, or rename it if it is a general theorem", decl)
        return entry

    def role(self, formal: FormalDecl, facts: DeclFacts) -> None:
        """A role says what an entry is for; it never contradicts what the declaration is: a
        ``theorem`` is the project's proposition, a ``definition`` the project's non-proposition, a
        ``library`` entry the library's. A contradiction is an error (a role chosen to switch a rule
        off switches nothing off)."""
        decl, role = formal.decl, formal.role
        own = facts.module in self.ev.project_modules
        if role == "library":
            if own:
                self.add(P.NOT_LIBRARY, E, f"{decl} is declared in the project's module {facts.module}, not in the"
                         " library: list it with `role: theorem` or `role: definition`", decl)
            return
        if not own:
            where = (f"in module {facts.module} of the required package {facts.package}" if facts.package
                     else f"in the library module {facts.module}")
            self.add(P.NOT_OWN, E, f"{decl} is not the project's own: it is declared {where}; a library or"
                     " dependency declaration can only be cited as a dependency (`role: library`), never as the"
                     " proof that makes a claim hold", decl)
        if facts.is_theorem is None:
            why = f" ({facts.theorem_note})" if facts.theorem_note else ""
            self.add(P.UNDECIDED_PROPOSITION, E, f"{decl}: could not decide whether its type is a proposition"
                     f"{why}; it is not counted as a {role}", decl)
        elif role == "theorem" and facts.is_theorem is False:
            self.add(P.NOT_PROPOSITION, E, f"{decl} is a {facts.kind} whose type is not a proposition: it states"
                     " nothing to prove; list it with `role: definition` if it belongs here", decl)
        elif role == "definition" and facts.is_theorem is True:
            self.add(P.ROLE_MISMATCH, E, f"{decl} is a proposition ({facts.kind}), not a definition: list it with"
                     " `role: theorem` (every rule on a claim's theorems applies to it, whatever its role)", decl)

    def conjecture_entry(self, formal: FormalDecl, facts: DeclFacts) -> None:
        if facts.status in (Status.PROVED, Status.TRUSTED) and facts.is_theorem is not False:
            self.add(P.CONJECTURE_PROVED, E, f"{formal.decl} is proved: the claim is a theorem, not a conjecture;"
                     " relabel it (`label: theorem`)", formal.decl)
        elif facts.status in (Status.SORRY, Status.AXIOM):
            self.open_statement = True
            what = "`sorry`" if facts.status is Status.SORRY else f"the axioms {', '.join(map(str, facts.axioms))}"
            self.add(P.OPEN_STATEMENT, N, f"{formal.decl} states the conjecture without a proof ({what}):"
                     " formalised, open", formal.decl)
        elif facts.status is Status.NATIVE:
            self.add(P.NOT_PROVED, E, f"{formal.decl}: native, not proved (it rests on native evaluation)",
                     formal.decl)
        elif facts.status is Status.UNSAFE:
            self.add(P.NOT_PROVED, E, f"{formal.decl}: unsafe, not proved{_axioms(facts)}", formal.decl)

    def proof_entry(self, formal: FormalDecl, facts: DeclFacts) -> None:
        decl, role = formal.decl, formal.role
        own = facts.module in self.ev.project_modules
        if role == "library":
            if not own and facts.status not in (Status.PROVED, Status.TRUSTED):
                self.add(P.NOT_PROVED, E, f"{decl}: {facts.status}, not proved{_axioms(facts)}", decl)
            return
        if facts.status is not Status.PROVED:
            self.add(P.NOT_PROVED, E, f"{decl}: {facts.status}, not proved{_axioms(facts)}", decl)
        if facts.is_theorem is True:  # whatever the role says (`role: definition` on one is an error too)
            self.satisfiability(formal, facts)

    def statement_rules(self, formal: FormalDecl, facts: DeclFacts) -> None:
        """The rules on what a theorem states (vacuity, and the modules it rests on), whatever the
        claim's label or the entry's role: a conjecture's open statement, a measurement's theorem and a
        theorem's alike, and a proposition listed as a definition (an error of its own)."""
        decl = formal.decl
        if formal.role != "library":  # only a proposition has lint
            for finding in facts.lint:
                self.acknowledgeable.add(decl)
                if not self.acknowledged(decl):
                    self.add(P.VACUOUS, E, f"{decl}: vacuous statement: {finding.message}; if this is meant,"
                             f" acknowledge it in the manifest (`acknowledge: - name: {decl}` with a note)", decl)
        if formal.role == "library":
            return
        for module in facts.prelude:
            name = Name.parse(module)
            self.acknowledgeable.add(name)
            if not self.acknowledged(name):
                self.add(P.PRELUDE, E, f"{decl} rests on module {module}, which does not import Init (a prelude"
                         " module can redefine the library's notions); acknowledge it in the manifest"
                         f" (`acknowledge: - name: {module}` with a note) if this is meant", decl)

    def satisfiability(self, formal: FormalDecl, facts: DeclFacts) -> None:
        """A theorem with hypotheses counts only with proved declarations that apply it to closed
        arguments discharging every hypothesis, and each conjunct of its conclusion with hypotheses
        through its projection (found, or named by ``satisfied_by``: one of those found); several
        declarations may share the work, each must be proved and checked."""
        if facts.hypotheses == 0:
            return
        found = (facts.satisfiable_by, *facts.satisfiable_also) if facts.satisfiable_by is not None else ()
        shown = " and ".join(map(str, found))
        self.acknowledgeable.add(formal.decl)
        if formal.satisfied_by is not None and formal.satisfied_by not in found:
            # a name in the manifest is a claim about the Lean, checked like any other: it counts only
            # as a declaration the search found applying the theorem to closed arguments
            search = f"the search found {shown}" if found else \
                "no proved declaration of the project applies it to concrete arguments"
            why = (f"the manifest's witness {formal.satisfied_by} does not apply it to closed arguments discharging"
                   f" its hypotheses ({search})")
        elif found:
            bad = []
            for witness in found:
                wfacts, _ = lookup(self.index, FormalDecl(witness, module=facts.module), self.ev.project_modules)
                if wfacts is None:
                    wfacts, _ = lookup(self.index, FormalDecl(witness), self.ev.project_modules)
                ok = (wfacts is not None and wfacts.status is Status.PROVED
                      and (wfacts.kernel is not None and wfacts.kernel.accepted or not self.ev.settings.kernel_required))
                if not ok:
                    bad.append(f"{witness} ({wfacts.status if wfacts else 'missing'}"
                               f"{', kernel ' + str(wfacts.kernel.outcome) if wfacts and wfacts.kernel else ''})")
            if not bad:
                return
            why = (f"its witness{'es' if len(bad) > 1 else ''} {', '.join(bad)} {'are' if len(bad) > 1 else 'is'} not"
                   " a proved declaration the kernel checked")
        else:
            why = "no proved declaration applies it to concrete arguments discharging them"
        hidden = (f", {facts.hidden_hypotheses} of them hidden in the definitions its conclusion unfolds to (a witness"
                  " applies it to arguments for those too)") if facts.hidden_hypotheses else ""
        if facts.hypothesis_conjuncts:
            through = ", ".join(f"`{formal.decl.last}{c}`" for c in facts.hypothesis_conjuncts)
            hidden += (f", some inside conjuncts of its conclusion (a witness applies each through its projection,"
                       f" to arguments discharging that conjunct's hypotheses: {through}")
            if any(".then" in c or ".else" in c for c in facts.hypothesis_conjuncts):
                hidden += ("; a branch of an `if` is taken at arguments where its condition holds with"
                           " `Eq.mp (if_pos h) (…)`, `if_neg`, `dif_pos`, `dif_neg`")
            hidden += "; separate declarations may apply separate conjuncts)"
        if not self.acknowledged(formal.decl):
            self.add(P.HYPOTHESES_NOT_SATISFIABLE, E,
                     f"{formal.decl}: hypotheses not shown satisfiable ({facts.hypotheses} hypotheses{hidden}; {why});"
                     f" add a theorem that applies it to concrete arguments (e.g. `{formal.decl.last}_satisfiable`),"
                     " name it with `satisfied_by:`, or acknowledge it with a note", formal.decl)

    def kernel(self, formal: FormalDecl, facts: DeclFacts) -> None:
        verdict = facts.kernel
        if verdict is not None and verdict.outcome is KernelOutcome.REJECTED:
            # a rejection is a concrete type error: it fails the claim whatever the settings
            self.add(P.KERNEL_REJECTED, E, f"{formal.decl}: the independent kernel rejects it: {verdict.headline}",
                     formal.decl)
            return
        if formal.role != "theorem" or facts.module not in self.ev.project_modules:
            return  # every label: a measurement's or a conjecture's theorem is re-checked like a theorem's
        if verdict is None or not verdict.accepted:
            what = verdict.headline if verdict is not None else "not re-checked"
            if self.ev.settings.kernel_required:
                self.add(P.KERNEL_NOT_ACCEPTED, E, f"{formal.decl}: the independent kernel re-check did not accept it"
                         f" ({what}); `[kernel] require = false` in claimcheck.toml lets an undecided declaration"
                         " through (a rejected one never)", formal.decl)
            else:
                self.add(P.KERNEL_RELAXED, W, f"{formal.decl}: not accepted by the independent kernel ({what}); passed"
                         " only because `[kernel] require = false`", formal.decl)

    def fingerprint(self, formal: FormalDecl, facts: DeclFacts) -> None:
        """The recorded fingerprint against the built one, reported at the ``fingerprint:`` line.
        Two fingerprints a few keystrokes apart are a typo (two hashes of different statements
        agree in all but three of 16 hex digits once in ~10^13), not a statement change."""
        if facts.fingerprint is None:
            return
        line = formal.fingerprint_at
        if formal.fingerprint is None:
            self.add(P.FINGERPRINT_UNRECORDED, E, f"{formal.decl}: no fingerprint recorded in the manifest (built:"
                     f" {facts.fingerprint}); review the statement, then run `claimcheck check --update-fingerprints`",
                     formal.decl, line)
        elif formal.fingerprint != facts.fingerprint:
            edits = _edit_distance(formal.fingerprint, facts.fingerprint)
            if edits <= MISTYPED_EDITS and FINGERPRINT.match(formal.fingerprint) and FINGERPRINT.match(facts.fingerprint):
                self.add(P.FINGERPRINT_MISTYPED, E, f"{formal.decl}: fingerprint mismatch: the manifest's fingerprint"
                         f" {formal.fingerprint} is {edits} keystroke{'s' if edits > 1 else ''} from the built"
                         f" {facts.fingerprint}: mistyped, not a statement change; write the built one (or run"
                         " `claimcheck check --update-fingerprints`)", formal.decl, line)
                return
            was = f"\n  recorded: {formal.statement}" if formal.statement else ""
            now = f"\n  built:    {facts.statement}" if facts.statement else ""
            same = ("; the printed statement reads as recorded, so what changed is the meaning of a project"
                    " definition it mentions (a fingerprint covers them)"
                    if formal.statement is not None and formal.statement == facts.statement else "")
            self.add(P.FINGERPRINT_CHANGED, E, f"{formal.decl}: statement changed: fingerprint in manifest"
                     f" {formal.fingerprint}, built {facts.fingerprint}{same}; review it, then run"
                     f" `claimcheck check --update-fingerprints`{was}{now}", formal.decl, line)

    def statement_review(self, formal: FormalDecl, facts: DeclFacts) -> None:
        for w in facts.warnings:
            if w.kind is WarningKind.TOO_LARGE:
                self.add(P.STATEMENT_TOO_LARGE, E, f"{formal.decl}: {w.message}", formal.decl)
                continue
            if not w.kind.acknowledgeable:
                self.add(P.INVISIBLE_NAME, E, f"{formal.decl}: {w.message} (a name with such a character can never be"
                         " acknowledged: rename it)", formal.decl)
                continue
            self.acknowledgeable.add(w.name)
            if not self.acknowledged(w.name):
                self.add(P.STATEMENT_WARNING, E, f"{formal.decl}: statement warning ({w.kind}): {w.message}; if the claim"
                         " still means what it reads, say why in the manifest:"
                         f" `acknowledge: [{{name: {w.name}, note: ...}}]`", formal.decl)

    def instance(self, instance: InstanceResult) -> None:
        if instance.outcome is InstanceOutcome.DISAGREE:
            self.add(P.INSTANCE_DISAGREES, E, f"{instance.decl}: instance cross-check: Lean states"
                     f" {instance.lean_value}, Python computes {instance.python_value}", instance.decl)
        elif instance.outcome is InstanceOutcome.NOT_CROSS_CHECKED:
            strict = self.ev.settings.strict_instances
            self.add(P.INSTANCE_NOT_CROSS_CHECKED, E if strict else W,
                     f"{instance.decl}: not cross-checked ({instance.detail})"
                     + ("; `[instances] strict = true` requires it" if strict else ""), instance.decl)

    # ------------------------------------------------------------------ the claim

    def judge(self) -> tuple[Verdict, list[FormalEvidence], list[Problem], list[WitnessOutcome]]:
        claim, ev = self.claim, self.ev
        witnesses = []
        for wid in claim.witnesses:
            result = ev.witnesses.get(wid)
            if result is None:
                why = (": companion code does not run without an OS sandbox (--unsandboxed-companion runs it"
                       " without one)" if ev.settings.companion is CompanionSandbox.NOT_RUN else "")
                self.add(P.WITNESS_NOT_RUN, E, f"witness {wid}: did not run{why}")
            else:
                witnesses.append(result)
                if not result.ok:
                    self.add(P.WITNESS_FAILED, E, f"witness {wid} fails: {result.summary}")
        if not claim.is_formal and not claim.witnesses:
            if claim.label in ("theorem", "conditional"):
                why = f" ({claim.reason})" if claim.reason else ""
                self.add(P.NOT_FORMALISED, W, f"the paper states a {claim.label}, but no Lean declaration covers it{why}")
            return Verdict.INFORMAL, [], self.problems, witnesses
        formal = [self.entry(f) for f in claim.formal or []]
        for module, decls in self.failed.items():
            names = ", ".join(map(str, decls))
            self.add(P.BUILD_FAILED, E, f"{names}: failed, not proved (declared in {module}, which did not build)",
                     decls[0])
        # every label: a measurement or a conjecture whose Lean is a definition or a library
        # declaration alone states nothing of the project's (a label never switches a rule off)
        if claim.is_formal:
            theorems = [f for f in formal if f.role is Role.THEOREM and f.facts is not None
                        and f.facts.is_theorem is True and f.facts.module in ev.project_modules]
            if not theorems and not any(p.code in (P.MISSING, P.BUILD_FAILED, P.AMBIGUOUS) for p in self.problems):
                entries = ", ".join(f"{f.decl} (role: {f.role})" for f in formal) or "none"
                needs = ("is formalised only by a proposition declared in the project (role: theorem), proved or"
                         " open" if claim.label == "conjecture" else
                         "holds only on a proved proposition declared in the project (role: theorem)")
                self.add(P.NO_THEOREM, E, f"no theorem: the claim rests on none of its formal entries ({entries}); it"
                         f" {needs}; definitions and library declarations are supporting entries and never make a"
                         f" {claim.label} hold alone")
        if claim.label == "conditional":
            if not claim.hypotheses:
                self.add(P.NO_HYPOTHESES_NAMED, E, "a conditional claim must name its hypotheses")
            # a hypothesis is what the statement assumes: a binder whose type is a proposition (or
            # data that may have no element); data binders alone (`∀ c n : Nat, …`) assume nothing
            bare = [f.decl for f in formal if f.role is Role.THEOREM and f.facts is not None
                    and f.facts.is_theorem and f.facts.hypotheses == 0]
            for d in bare:
                self.acknowledgeable.add(d)
            theorems = [f for f in formal if f.role is Role.THEOREM and f.facts is not None]
            unacked = [d for d in bare if not self.acknowledged(d)]
            if unacked and len(bare) == len(theorems):
                s = "s" if len(bare) > 1 else ""
                self.add(P.UNCONDITIONAL, W, f"conditional claim, but its Lean theorem{s} {', '.join(map(str, bare))}"
                         f" assume{'' if s else 's'} nothing (no hypothesis: its binders, if any, are data that"
                         " always has an element): review whether the manifest's"
                         " hypotheses are in the Lean statement (acknowledge the theorem by name if the statement"
                         " is meant to be unconditional)")
        for ack in claim.acknowledge:
            if ack.name not in self.acknowledgeable:
                self.add(P.ACKNOWLEDGEMENT_UNUSED, E, f"acknowledges `{ack.name}`, but no declaration of the claim has a"
                         " statement warning, vacuity lint, unshown hypotheses or prelude module naming it;"
                         " remove the acknowledgement")
        if any(p.is_error for p in self.problems):
            return Verdict.FAILS, formal, self.problems, witnesses
        if not claim.is_formal and claim.label in ("theorem", "conditional"):
            return Verdict.INFORMAL, formal, self.problems, witnesses  # witnesses alone never check a theorem
        if self.open_statement:
            return Verdict.STATED, formal, self.problems, witnesses
        if claim.is_formal and claim.coverage in _PARTIAL_WORDS:
            note = f": {claim.coverage_note}" if claim.coverage_note else ""
            self.add(P.PARTIAL_COVERAGE, N, f"{_PARTIAL_WORDS[Coverage(claim.coverage)]}{note}")
        return Verdict.HOLDS, formal, self.problems, witnesses


#: A recorded fingerprint this many edits (or fewer) from the built one is a typo.
MISTYPED_EDITS = 3


def _edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, a transposition counting as one edit (two short strings)."""
    d = [[max(i, j) if not (i and j) else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def _axioms(facts: DeclFacts) -> str:
    """What a declaration that is not proved rests on: its axioms (each that comes from a required
    package named with it), or the unsafe declarations."""
    if facts.status is Status.UNSAFE and facts.unsafe:
        return f" (it is or uses the unsafe declarations {', '.join(map(str, facts.unsafe))}, which Lean's kernel does not check)"
    via = {d.axiom: d for d in facts.dependency_axioms}
    if facts.status is Status.SORRY and facts.dependency_axioms:
        froms = [str(d) for d in facts.dependency_axioms if str(d.axiom) == "sorryAx"]
        return f" (sorry from a required package: {', '.join(froms)})" if froms else ""
    if facts.axioms and facts.status is Status.AXIOM:
        return f" (axioms: {', '.join(str(via[a]) if a in via else str(a) for a in facts.axioms)})"
    return ""


def _claim(claim: Claim, ev: Evidence, index: dict[Name, list[DeclFacts]], manifest: str) -> ClaimEvidence:
    verdict, formal, problems, witnesses = _ClaimJudge(claim, ev, index).judge()
    problems = [replace(p, file=manifest, line=p.line or claim.yaml_line) for p in problems]
    return ClaimEvidence(
        id=claim.id,
        label=Label(claim.label),
        statement=claim.statement,
        verdict=verdict,
        tier=tier_of(verdict, formal, bool(claim.witnesses)),
        coverage=Coverage(claim.coverage) if claim.coverage else None,
        coverage_note=claim.coverage_note,
        hypotheses=list(claim.hypotheses),
        formal=formal,
        witnesses=witnesses,
        problems=problems,
        acknowledge=[Acknowledgement(a.name, a.note) for a in claim.acknowledge],
        reason=claim.reason,
        note=claim.note,
        line=claim.yaml_line,
    )


#: ``file:line: rest`` (a Lean message as :meth:`claimcheck.lean.build.Message.render` writes it)
_LEAN_LOCATION = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+): (?P<rest>.*)$", re.S)


def _project_problems(ev: Evidence, cited: set[tuple[str, Name]]) -> list[Problem]:
    out = []
    if ev.settings.companion is CompanionSandbox.NOT_RUN:
        out.append(Problem(P.COMPANION_NOT_RUN, W, "companion code (witnesses, instance semantics) did not run: no OS"
                           " sandbox is available here (Landlock or bubblewrap), so its witnesses did not run and its"
                           " instance theorems are not cross-checked; install bubblewrap, or pass"
                           " --unsandboxed-companion to run it without a sandbox"))
    elif ev.settings.companion is CompanionSandbox.UNSANDBOXED:
        out.append(Problem(P.COMPANION_UNSANDBOXED, W, "companion code (witnesses, instance semantics) ran without an"
                           " OS sandbox, at the user's request (--unsandboxed-companion): it could read, write and"
                           " reach whatever the user can; its results count only as far as you trust its code"))
    for module in ev.build.modules:
        package = f" (package {module.package})" if module.package else ""
        if module.first_error and module.status == "failed":
            # the Lean error's location is the problem's, printed once by every format
            where = _LEAN_LOCATION.match(module.first_error)
            file, line, error = ((where["file"], int(where["line"]), where["rest"]) if where
                                 else (module.source, None, module.first_error))
            out.append(Problem(P.MODULE_FAILED, E, f"{module.name}{package} did not build: {error}", file=file,
                               line=line))
        elif module.first_error and module.status == "blocked":
            # a consequence of the failure above, not a second cause: a notice (the gate fails on the build)
            out.append(Problem(P.MODULE_FAILED, N, f"{module.name}{package} not built: "
                               f"{module.first_error.removeprefix('blocked: ')}",
                               file=module.source))
        elif module.status in ("not-built", "stale"):
            held = f"package {module.package}, " if module.package else ""
            out.append(Problem(P.MODULE_STALE, E, f"{module.name} ({held}{module.status}): "
                               f"{module.first_error or module.status}; its declarations were not read",
                               file=module.source))
    for missing in ev.build.missing:
        out.append(Problem(P.PACKAGE_MISSING, E, missing))
    out += ev.build.warnings
    for key, inst in sorted(ev.instances.items(), key=lambda kv: (str(kv[0][1]), kv[0][0])):
        if key in cited:
            continue  # reported on the claim that cites it
        if inst.outcome is InstanceOutcome.DISAGREE:
            out.append(Problem(P.INSTANCE_DISAGREES, E, f"instance {inst.decl}: Lean states {inst.lean_value},"
                               f" Python computes {inst.python_value}", inst.decl))
        elif inst.outcome is InstanceOutcome.NOT_CROSS_CHECKED:
            out.append(Problem(P.INSTANCE_NOT_CROSS_CHECKED, E if ev.settings.strict_instances else W,
                               f"instance {inst.decl}: not cross-checked ({inst.detail})", inst.decl))
    return out


def judge(manifests: list[Manifest], ev: Evidence, root: Path,
          citations: dict[tuple[str, int], str] | None = None) -> GateResult:
    """The verdicts of ``manifests`` on the gathered evidence (``root``: the project root, for the
    manifests' paths; ``citations``: the abstract texts when a sources folder was checked)."""
    index = ev.by_name()
    citations = citations or {}
    papers = []
    cited: set[tuple[str, Name]] = set()
    for m in sorted(manifests, key=lambda m: m.id):
        rel = Path(os.path.relpath(m.path, root)).as_posix()
        claims = [_claim(c, ev, index, rel) for c in m.claims]
        cited |= {f.facts.key for c in claims for f in c.formal if f.facts is not None}
        papers.append(PaperEvidence(
            id=m.id, title=m.title, manifest=rel, claims=claims, authors=m.authors, categories=list(m.categories),
            arxiv=m.arxiv, url=m.url,
            sources=[Citation(s.file, s.line, citations.get((s.file, s.line))) for s in m.sources],
        ))
    result = GateResult(
        generated=_generated(),
        ok=False,
        toolchain=ev.toolchain,
        build=ev.build,
        papers=papers,
        settings=ev.settings,
        declarations=[f for f in ev.facts if f.module in ev.project_modules],
        instances=sorted(ev.instances.values(), key=lambda i: str(i.decl)),
        witnesses=[ev.witnesses[k] for k in sorted(ev.witnesses)],
        problems=_project_problems(ev, cited),
    )
    return finish(result)


def _generated() -> str:
    """When the result was made: now, or ``$SOURCE_DATE_EPOCH`` when set (reproducible outputs)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (_dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc) if epoch and epoch.isdigit()
            else _dt.datetime.now(_dt.timezone.utc))
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def finish(result: GateResult, extra: Sequence[Problem] = ()) -> GateResult:
    """``result`` with the project-level problems ``extra`` added and its verdict decided: the
    gate passes when no claim fails and no project-level problem is an error."""
    problems = [*result.problems, *extra]
    ok = (result.build.ok and not any(c.verdict is Verdict.FAILS for c in result.claims)
          and not any(p.is_error for p in problems))
    return replace(result, problems=problems, ok=ok)
