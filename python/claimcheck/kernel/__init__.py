"""An independent Lean 4 kernel (type checker) in pure Python.

Public API:
    Environment()                              -- constants accepted so far (+ verification state)
    check_declaration(env, decl) -> Verdict    -- checks one declaration; adds it to `env` if accepted
    check_all(decls, progress=None, env=None, stop_on_reject=False) -> list[Verdict]
                                               -- in order, in a big-stack thread
    summarize(verdicts) -> Verdict | None      -- first rejection, else first decline, else None
    read_ndjson(path) -> list[Declaration]     -- lean4export NDJSON 3.x reader (NdjsonError if unreadable)
    Verdict(outcome, declaration, reason), Outcome.ACCEPTED/REJECTED/DECLINED
    declarations                               -- the model a front end produces: Axiom, Definition (Hints),
                                                  Theorem, Opaque, Quot, InductiveBlock(types, ctors, recursors)
    cli.main(argv) -> int                      -- `python -m claimcheck.kernel FILE.ndjson ...` (0/1/2)

Front-end contract (for the .olean reader):
    * declarations in dependency order; an inductive block carries its types, constructors and
      recursors (`I.rec`, and `I.rec_1`... for nested blocks); derived data is re-derived and compared;
    * names are tuples of str/int components; theorems without a body may be given as `Axiom`;
    * include the constants in `nat.SPEC_THEOREMS` when the library has them, so that Nat.div/mod/gcd/
      shiftRight defined with bodies can be computed on literals.

Modules: level (universe levels), expr (hash-consed terms), declarations (model), environment,
typechecker (infer/whnf/defeq), nat (literal extensions and their verification), inductive and
nested (inductive declarations, recursors), quot (quotients), checker (declaration rules),
ndjson (reader/writer), result (verdicts), pretty (messages), cli (command line).
"""

from .checker import check_all, check_declaration, summarize
from .environment import Environment
from .ndjson import NdjsonError, read_ndjson
from .result import Outcome, Verdict

__all__ = [
    "Environment",
    "NdjsonError",
    "Outcome",
    "Verdict",
    "check_all",
    "check_declaration",
    "read_ndjson",
    "summarize",
]
