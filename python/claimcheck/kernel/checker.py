"""Declaration rules: check one declaration against an environment and add it when accepted.

`check_declaration(env, decl)` returns a `Verdict`: accepted (and `decl` is now in `env`), rejected
(ill-typed or ill-formed, with the reason) or declined (with a `Declined` code: a feature this
kernel does not check, a constant or body the input does not contain, compiled code, the step
budget, or an unexpected internal error). `check_all(decls)` checks a sequence in order in a fresh
environment.

A failed check that got stuck on missing information (see `typechecker.Trace`) is declined with the
names it needed, not rejected: `rejected` means a concrete type error with everything at hand.
"""

from __future__ import annotations

from types import MappingProxyType

import sys
import threading
import traceback
from dataclasses import replace
from typing import Callable, Iterable

from .declarations import Axiom, Declaration, Definition, InductiveBlock, Opaque, Quot, Safety, Theorem
from .environment import Environment
from .inductive import check_inductive
from .level import LevelTooComplex
from .pretty import mismatch, name_to_str
from .quot import check_quot
from .result import Declined, KernelError, OutOfFuel, Outcome, Unsupported, Verdict
from .typechecker import Trace, TypeChecker

# When a failed check met several kinds of missing information, the reason names the first kind.
_STUCK_ORDER = (Declined.NATIVE_CODE, Declined.MISSING_BODY, Declined.UNVOUCHED_PRIMITIVE)
_STUCK_WHY = MappingProxyType({
    Declined.NATIVE_CODE: "needs {names} evaluated, which runs compiled code (what `native_decide` "
                          "produces); this kernel does not run compiled code",
    Declined.MISSING_BODY: "needs the body of {names}, which the input does not contain (its module "
                           "does not export it)",
    Declined.UNVOUCHED_PRIMITIVE: "needs {names} computed on literals, but it is declared without a "
                                  "body and nothing vouches for it as the core library's own, so it "
                                  "is an uninterpreted constant here",
})


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


def _check_body(env: Environment, decl: Declaration, safe: bool, trace: Trace) -> list:
    """Type-check `decl`; returns the constants to add. Raises KernelError / Unsupported / OutOfFuel."""
    if isinstance(decl, InductiveBlock):
        return check_inductive(env, decl, trace)
    if isinstance(decl, Quot):
        check_quot(env, decl)
        return [decl]
    tc = TypeChecker(env, decl.level_params, safe, decl.name, trace, shared=True)
    tc.ensure_sort(tc.check(decl.type), decl.type)
    if isinstance(decl, Axiom):
        return [decl]
    if isinstance(decl, Theorem) and not tc.is_prop(decl.type):
        raise KernelError("the type of a theorem must be a proposition (a term of type Prop)")
    value_type = tc.check(decl.value)
    if not tc.is_def_eq(value_type, decl.type):
        raise KernelError(mismatch("the value has type", value_type, "the declared type is", decl.type))
    return [decl]


def _check_unsafe(env: Environment, decl: Declaration, name: str, what: str, trace: Trace) -> Verdict:
    """Unsafe and partial declarations, as Lean's kernel does in unsafe mode: added first (they may
    refer to themselves), then type-checked allowing other unsafe constants. They are marked so
    that no safe declaration may use them; they never count as safe."""
    if isinstance(decl, InductiveBlock):
        raise Unsupported(f"{what}: unsafe inductive types are not checked")
    env.add(decl)
    env.not_safe.add(decl.name)
    try:
        tc = TypeChecker(env, decl.level_params, False, decl.name, trace, shared=False)
        tc.ensure_sort(tc.check(decl.type), decl.type)
        if isinstance(decl, (Definition, Theorem, Opaque)):  # `_unsafe` passes no `Quot` here
            value_type = tc.check(decl.value)
            if not tc.is_def_eq(value_type, decl.type):
                raise KernelError(mismatch("the value has type", value_type, "the declared type is", decl.type))
    except Unsupported as e:
        env.constants.pop(decl.name, None)
        env.not_safe.discard(decl.name)
        others = set(getattr(decl, "all", ()) or ()) - {decl.name}
        if e.code == Declined.MISSING_CONSTANT and others & set(e.missing):
            raise Unsupported(
                f"{what} of a mutual block ({', '.join(name_to_str(n) for n in sorted(others, key=repr))}): "
                f"it uses '{name_to_str(e.missing[0])}' of the same block, which is declared after it; this "
                f"kernel checks declarations one at a time, not unsafe blocks together",
                Declined.UNSUPPORTED, e.missing) from None
        raise
    except BaseException:
        env.constants.pop(decl.name, None)
        env.not_safe.discard(decl.name)
        raise
    return Verdict(Outcome.ACCEPTED, name, f"{what}: checked as unsafe code; safe declarations may not use it")


def _stuck_verdict(name: str, trace: Trace, error: KernelError) -> Verdict:
    for code in _STUCK_ORDER:
        names = [n for n, c in trace.stuck.items() if c == code]
        if names:
            shown = ", ".join(f"'{name_to_str(n)}'" for n in names[:3]) + (" ..." if len(names) > 3 else "")
            why = _STUCK_WHY[code].format(names=shown)
            return Verdict(Outcome.DECLINED, name, f"{why} (without it the check fails: {error})", code,
                           tuple(names))
    raise AssertionError("no stuck constant")


def _terms_of(decl: Declaration) -> list:
    """The terms a declaration is made of (its types, values and recursor rules)."""
    out = []
    for c in _constants(decl):
        out.append(c.type)
        if isinstance(c, (Definition, Theorem, Opaque)):
            out.append(c.value)
        for r in getattr(c, "rules", ()):
            out.append(r.rhs)
    return out


def check_declaration(env: Environment, decl: Declaration, fuel: int | None = -1) -> Verdict:
    """Check `decl` against `env`; on acceptance `decl` (and its generated constants) join `env`.

    `fuel`: the steps this declaration may take (default `env.fuel`; None: no limit). The terms it
    may build are bounded by `env.memory`; the run's caches are trimmed afterwards when the run has
    grown large (`Environment.trim`)."""
    name = name_to_str(decl.name)
    trace = Trace(env.fuel if fuel == -1 else fuel)
    foreign = next((t for t in _terms_of(decl) if not env.terms.owns(t)), None)
    if foreign is not None:  # a caller's mistake: terms of another run would compare unequal
        return Verdict(Outcome.DECLINED, name, "internal error: the declaration is built from the terms of "
                       "another checking run (read it with this environment's `terms`)", Declined.INTERNAL_ERROR)
    with env.terms.budget(env.memory):
        verdict = _check(env, decl, name, trace)
    if verdict.outcome != Outcome.ACCEPTED:
        for n in _names(decl):
            if n not in env:
                env.declined[n] = f"{verdict.outcome}: {verdict.reason[:200]}"
    env.trim()
    return replace(verdict, steps=trace.spent())


def _check(env: Environment, decl: Declaration, name: str, trace: Trace) -> Verdict:
    try:
        _check_header(env, decl)
        unsafe = _unsafe(decl)
        if unsafe is not None:
            return _check_unsafe(env, decl, name, unsafe, trace)
        added = _check_body(env, decl, True, trace)
        for c in added:
            env.add(c)
        if isinstance(decl, Quot):
            env.quot_initialized = True
            env.reduction_changed()
        return Verdict(Outcome.ACCEPTED, name)
    except KernelError as e:
        if not trace.stuck:
            return Verdict(Outcome.REJECTED, name, str(e))
        return _stuck_verdict(name, trace, e)
    except Unsupported as e:
        why = str(e) if e.code != Declined.UNSUPPORTED else f"not supported: {e}"
        return Verdict(Outcome.DECLINED, name, why, e.code, e.missing)
    except OutOfFuel as e:
        return Verdict(Outcome.DECLINED, name, str(e), Declined.OUT_OF_FUEL)
    except LevelTooComplex as e:
        return Verdict(Outcome.DECLINED, name, f"not supported: {e}", Declined.UNSUPPORTED)
    except RecursionError:
        return Verdict(Outcome.DECLINED, name, "term too deep for this checker (recursion limit)", Declined.TOO_DEEP)
    except MemoryError:
        return Verdict(Outcome.DECLINED, name, "out of memory (the machine's, before this check's own "
                       "budget)", Declined.OUT_OF_FUEL)
    except Exception as e:  # an internal error must never turn into an acceptance
        tb = traceback.format_exc(limit=3).strip().splitlines()[-1]
        return Verdict(Outcome.DECLINED, name, f"internal error: {type(e).__name__}: {e} ({tb})",
                       Declined.INTERNAL_ERROR)


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
    try:
        for size in (STACK_SIZE, STACK_SIZE // 4, STACK_SIZE // 16):
            try:
                threading.stack_size(size)
                t = threading.Thread(target=target, name="kernel-check")
                t.start()
                break
            except (RuntimeError, ValueError, MemoryError):  # the system refused so big a stack
                continue
        else:
            raise RuntimeError("cannot start a checking thread with a large stack")
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
    fuel: int | None = -1,
) -> list[Verdict]:
    """Check declarations in order; a rejected or declined declaration is not added to the env.

    A declaration that uses a constant the sequence declares only later is rejected (the input is
    out of order); one that uses a constant the sequence does not declare at all is declined.
    Runs in a thread with a big stack (deep terms recurse deeply)."""
    decls = list(decls)
    if env is None:  # a run of its own, in the terms the declarations are built in
        first = next((t for d in decls for t in _terms_of(d)), None)
        env = Environment(terms=first.terms) if first is not None else Environment()
    declared = {n for d in decls for n in _names(d)}

    def run() -> list[Verdict]:
        out = []
        for i, d in enumerate(decls):
            v = check_declaration(env, d, fuel)
            if v.code == Declined.MISSING_CONSTANT and v.missing and v.missing[0] in declared:
                later = name_to_str(v.missing[0])
                v = Verdict(Outcome.REJECTED, v.declaration,
                            f"uses '{later}' before its declaration (the input declares it later; a "
                            f"declaration may only use constants declared before it)")
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
