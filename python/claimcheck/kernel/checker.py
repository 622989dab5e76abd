"""Declaration rules: check one declaration against an environment and add it when accepted.

`check_declaration(env, decl)` returns a `Verdict`: accepted (and `decl` is now in `env`), rejected
(ill-typed or ill-formed, with the reason) or declined (a feature this kernel does not check, or an
unexpected internal error). `check_all(decls)` checks a sequence in order in a fresh environment.
"""

from __future__ import annotations

import sys
import threading
import traceback
from typing import Callable, Iterable

from .declarations import Axiom, Declaration, Definition, InductiveBlock, Opaque, Quot, Safety, Theorem
from .environment import Environment
from .inductive import check_inductive
from .pretty import name_to_str
from .quot import check_quot
from .result import KernelError, Outcome, Unsupported, Verdict
from .typechecker import TypeChecker


def _names(decl: Declaration) -> list:
    if isinstance(decl, InductiveBlock):
        return [t.name for t in decl.types] + [c.name for c in decl.ctors] + [r.name for r in decl.recursors]
    return [decl.name]


def _constants(decl: Declaration) -> list:
    if isinstance(decl, InductiveBlock):
        return list(decl.types) + list(decl.ctors) + list(decl.recursors)
    return [decl]


def _level_params(decl: Declaration) -> list:
    if isinstance(decl, InductiveBlock):
        out = [tuple(t.level_params) for t in decl.types] + [tuple(c.level_params) for c in decl.ctors]
        out += [tuple(r.level_params) for r in decl.recursors]
        return out
    return [tuple(decl.level_params)]


def _unsafe(decl: Declaration) -> str | None:
    if isinstance(decl, Definition):
        return None if decl.safety == Safety.SAFE else f"{decl.safety} definition"
    if isinstance(decl, (Axiom, Opaque)):
        return "unsafe declaration" if decl.is_unsafe else None
    if isinstance(decl, InductiveBlock):
        parts = list(decl.types) + list(decl.ctors) + list(decl.recursors)
        return "unsafe inductive type" if any(p.is_unsafe for p in parts) else None
    return None


def _check_header(env: Environment, decl: Declaration) -> None:
    seen = set()
    for n in _names(decl):
        if n in env or n in seen:
            raise KernelError(f"'{name_to_str(n)}' has already been declared")
        seen.add(n)
    for lps in _level_params(decl):
        if len(set(lps)) != len(lps):
            raise KernelError("the universe level parameters are not distinct")


def _check_body(env: Environment, decl: Declaration, safe: bool) -> list:
    """Type-check `decl`; returns the constants to add. Raises KernelError / Unsupported."""
    if isinstance(decl, InductiveBlock):
        return check_inductive(env, decl)
    if isinstance(decl, Quot):
        check_quot(env, decl)
        return [decl]
    tc = TypeChecker(env, decl.level_params, safe, decl.name)
    tc.ensure_sort(tc.check(decl.type), decl.type)
    if isinstance(decl, Axiom):
        return [decl]
    if isinstance(decl, Theorem) and not tc.is_prop(decl.type):
        raise KernelError("the type of a theorem must be a proposition (a term of type Prop)")
    value_type = tc.check(decl.value)
    if not tc.is_def_eq(value_type, decl.type):
        from .pretty import expr_to_str

        raise KernelError(
            f"the value has type {expr_to_str(value_type, 200)} but the declared type is "
            f"{expr_to_str(decl.type, 200)}"
        )
    return [decl]


def _check_unsafe(env: Environment, decl: Declaration, name: str, what: str) -> Verdict:
    """Unsafe and partial declarations, as Lean's kernel does in unsafe mode: added first (they may
    refer to themselves), then type-checked allowing other unsafe constants. They are marked so
    that no safe declaration may use them; they never count as safe."""
    if isinstance(decl, InductiveBlock):
        raise Unsupported(f"{what}: unsafe inductive types are not checked")
    env.add(decl)
    env.not_safe.add(decl.name)
    try:
        tc = TypeChecker(env, decl.level_params, False, decl.name)
        tc.ensure_sort(tc.check(decl.type), decl.type)
        if not isinstance(decl, Axiom):
            value_type = tc.check(decl.value)
            if not tc.is_def_eq(value_type, decl.type):
                raise KernelError("the value's type is not the declared type")
    except BaseException:
        env.constants.pop(decl.name, None)
        env.not_safe.discard(decl.name)
        raise
    return Verdict(Outcome.ACCEPTED, name, f"{what}: checked as unsafe code; safe declarations may not use it")


def check_declaration(env: Environment, decl: Declaration) -> Verdict:
    """Check `decl` against `env`; on acceptance `decl` (and its generated constants) join `env`."""
    name = name_to_str(decl.name)
    try:
        _check_header(env, decl)
        unsafe = _unsafe(decl)
        if unsafe is not None:
            return _check_unsafe(env, decl, name, unsafe)
        added = _check_body(env, decl, safe=True)
        for c in added:
            env.add(c)
        if isinstance(decl, Quot):
            env.quot_initialized = True
        return Verdict(Outcome.ACCEPTED, name)
    except KernelError as e:
        return Verdict(Outcome.REJECTED, name, str(e))
    except Unsupported as e:
        verdict = Verdict(Outcome.DECLINED, name, f"not supported: {e}")
    except RecursionError:
        verdict = Verdict(Outcome.DECLINED, name, "term too deep for this checker (recursion limit)")
    except Exception as e:  # an internal error must never turn into an acceptance
        tb = traceback.format_exc(limit=3).strip().splitlines()[-1]
        verdict = Verdict(Outcome.DECLINED, name, f"internal error: {type(e).__name__}: {e} ({tb})")
    env.declined.update(n for n in _names(decl) if n not in env)
    return verdict


STACK_SIZE = 512 * 1024 * 1024


def run_with_big_stack(fn, *args):
    """Run `fn(*args)` in a thread with a big stack and a high recursion limit; return its result."""
    box: dict = {}

    def target() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as e:  # re-raised in the caller
            box["error"] = e

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    sys.setrecursionlimit(10**6)
    threading.stack_size(STACK_SIZE)
    try:
        t = threading.Thread(target=target, name="kernel-check")
        t.start()
    finally:
        threading.stack_size(old_stack)
    t.join()
    sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box["value"]


def check_all(
    decls: Iterable[Declaration],
    progress: Callable[[int, Verdict], None] | None = None,
    env: Environment | None = None,
    stop_on_reject: bool = False,
) -> list[Verdict]:
    """Check declarations in order; a rejected or declined declaration is not added to the env.

    Runs in a thread with a big stack (deep terms recurse deeply)."""
    env = Environment() if env is None else env

    def run() -> list[Verdict]:
        out = []
        for i, d in enumerate(decls):
            v = check_declaration(env, d)
            out.append(v)
            if progress is not None:
                progress(i + 1, v)
            if stop_on_reject and v.outcome == Outcome.REJECTED:
                break
        return out

    return run_with_big_stack(run)


def summarize(verdicts: list[Verdict]) -> Verdict | None:
    """The verdict that decides a file: the first rejection, else the first decline, else None."""
    for v in verdicts:
        if v.outcome == Outcome.REJECTED:
            return v
    for v in verdicts:
        if v.outcome == Outcome.DECLINED:
            return v
    return None


__all__ = ["check_declaration", "check_all", "run_with_big_stack", "summarize"]
