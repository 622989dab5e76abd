"""An independent Lean 4 kernel (type checker) in pure Python.

Public API:
    Environment                  -- constants accepted so far
    check_declaration(env, decl) -> Verdict   (adds `decl` to `env` when accepted)
    check_all(decls, progress=None) -> list[Verdict]
    read_ndjson(path) -> list[Declaration]    (lean4export NDJSON 3.1.0)
    Verdict, Outcome             -- accepted / rejected / declined with the declaration and reason
    declarations                 -- the declaration model a front end produces
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
