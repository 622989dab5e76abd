"""An independent Lean 4 kernel (type checker) in pure Python; it imports only the standard library.

Public API:
    Environment(terms=..., library=..., hidden_bodies=..., fuel=..., memory=...)
                                               -- one checking run: its terms (`expr.Terms`, the hash-
                                                  consing tables), the constants accepted so far, what the
                                                  front end vouches for, the budgets, shared caches; runs
                                                  share no state
    check_declaration(env, decl, fuel=...) -> Verdict
                                               -- checks one declaration (built in `env.terms`); adds it
                                                  to `env` if accepted
    check_all(decls, progress=None, env=None, stop_on_reject=False) -> list[Verdict]
                                               -- in order, in a big-stack thread (without `env`: a new
                                                  run in the declarations' terms)
    summarize(verdicts) -> Verdict | None      -- first rejection, else first decline, else None
    read_ndjson(path, terms=None) -> list[Declaration]
                                               -- lean4export NDJSON 3.x reader, into `terms` (pass
                                                  `env.terms`); NdjsonError if unreadable (InvalidInput:
                                                  a value no Lean export holds, a rejection)
    Verdict(outcome, declaration, reason, code, missing, steps), Outcome.ACCEPTED/REJECTED/DECLINED,
    Declined (why a declaration was declined)
    declarations                               -- the model a front end produces: Axiom, Definition (Hints),
                                                  Theorem, Opaque, Quot, InductiveBlock(types, ctors, recursors)
    cli.main(argv) -> int                      -- `python -m claimcheck.kernel [--fuel N] FILE.ndjson ...` (0/1/2)

Front-end contract (the `.olean` front end is `claimcheck.recheck.front_end`):
    * declarations in dependency order; an inductive block carries its types, constructors and
      recursors (`I.rec`, and `I.rec_1`... for nested blocks); derived data is re-derived and compared;
    * names are tuples of str/int components; theorems without a body may be given as `Axiom`;
    * put the constants of `nat.SPEC_THEOREMS` first when the library has them (so that Nat.div/mod/
      gcd/shiftRight defined with bodies can be computed on literals, and literals typed);
    * say what you know of provenance: `Environment.library` (the core library's own constants: a
      bodyless Nat primitive there gets its literal extension) and `Environment.hidden_bodies`
      (constants opaque only because their body was not shipped: a check needing one is declined).

Modules: level (universe levels), expr (hash-consed terms of a run), declarations (model),
environment (the run), typechecker (infer/whnf/defeq, fuel), nat (literal extensions, their
verification and their cost),
inductive and nested (inductive declarations, recursors), quot (quotients), checker (declaration
rules), ndjson (reader/writer), result (verdicts), pretty (messages), cli (command line).
"""

from .checker import check_all, check_declaration, summarize
from .environment import Environment
from .ndjson import NdjsonError, read_ndjson
from .result import Declined, Outcome, Verdict

__all__ = [
    "Declined",
    "Environment",
    "NdjsonError",
    "Outcome",
    "Verdict",
    "check_all",
    "check_declaration",
    "read_ndjson",
    "summarize",
]
