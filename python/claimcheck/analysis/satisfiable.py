"""Satisfiability witnesses: proved declarations showing that a theorem's hypotheses can hold.

A theorem ``T : ∀ (x : α) (h : P x), Q x`` says nothing if ``P`` can never hold. A *satisfiability
witness* of ``T`` is a project declaration whose value applies ``T`` to closed arguments up to its
last hypothesis (binders after it, variables of the conclusion, may stay quantified): a proof that
discharges every hypothesis at concrete arguments (``theorem T_satisfiable : Q 3 := T 3 (by
decide)``, or ``∀ k, R k := T' h₀`` for ``T' : P → ∀ k, R k``). The instance theorems of a lemma are such
witnesses when they are proved through it. The gate accepts a witness only if it is itself proved
and checked by the independent kernel (:mod:`claimcheck.claims.gate`).
"""

from __future__ import annotations

from collections.abc import Iterable

from claimcheck.analysis.props import shape_of
from claimcheck.model.names import Name
from claimcheck.olean.reader import App, BVar, Const, Environment, Expr, ForallE, Lam, LetE, MData, Proj, app_spine

__all__ = ["find_witnesses"]

Key = tuple[str, Name]


def _loose_ranges(root: Expr) -> dict[int, int]:
    """For every subterm of ``root`` (by id): one more than the largest de Bruijn index loose in it
    (0: closed)."""
    out: dict[int, int] = {}
    stack: list[Expr] = [root]
    while stack:
        e = stack[-1]
        if id(e) in out:
            stack.pop()
            continue
        if isinstance(e, App):
            kids: tuple[Expr, ...] = (e.fn, e.arg)
        elif isinstance(e, (Lam, ForallE)):
            kids = (e.binder_type, e.body)
        elif isinstance(e, LetE):
            kids = (e.type, e.value, e.body)
        elif isinstance(e, MData):
            kids = (e.expr,)
        elif isinstance(e, Proj):
            kids = (e.struct,)
        else:
            kids = ()
        todo = [k for k in kids if id(k) not in out]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if isinstance(e, BVar):
            r = e.index + 1
        elif isinstance(e, App):
            r = max(out[id(e.fn)], out[id(e.arg)])
        elif isinstance(e, (Lam, ForallE)):
            r = max(out[id(e.binder_type)], out[id(e.body)] - 1)
        elif isinstance(e, LetE):
            r = max(out[id(e.type)], out[id(e.value)], out[id(e.body)] - 1)
        elif isinstance(e, MData):
            r = out[id(e.expr)]
        elif isinstance(e, Proj):
            r = out[id(e.struct)]
        else:
            r = 0
        out[id(e)] = max(r, 0)
    return out


def _closed_applications(value: Expr) -> Iterable[tuple[Name, int]]:
    """``(head, number of arguments)`` of every closed application of a constant in ``value``."""
    loose = _loose_ranges(value)
    seen: set[int] = set()
    stack = [value]
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, App):
            head, args = app_spine(e)
            if isinstance(head, Const) and loose[id(e)] == 0:
                yield head.name, len(args)
            stack.append(head)
            stack.extend(args)
        elif isinstance(e, (Lam, ForallE)):
            stack += (e.binder_type, e.body)
        elif isinstance(e, LetE):
            stack += (e.type, e.value, e.body)
        elif isinstance(e, MData):
            stack.append(e.expr)
        elif isinstance(e, Proj):
            stack.append(e.struct)


def find_witnesses(env: Environment, modules: Iterable[str], wanted: Iterable[Key]) -> dict[Key, list[Key]]:
    """For each theorem of ``wanted``, the project constants (of ``modules``) whose value applies it
    to closed arguments, at least up to its last hypothesis."""
    wanted = set(wanted)
    arity: dict[Key, int] = {}
    for module, name in wanted:
        mod = env.modules.get(module)
        ci = mod.get(name) if mod is not None else None
        if ci is not None:
            positions = shape_of(env, ci.type, within=module).hypothesis_positions
            arity[(module, name)] = positions[-1] + 1 if positions else 0
    out: dict[Key, list[Key]] = {k: [] for k in arity}
    if not arity:
        return out
    names = {k[1] for k in arity}
    for m in modules:
        mod = env.load(m)
        for n in mod.constant_names():
            ci = mod.get(n)
            if ci is None or ci.value is None:
                continue
            mentioned = ci.value_constants() & names
            if not mentioned:
                continue
            for head, nargs in _closed_applications(ci.value):
                if head not in mentioned:
                    continue
                target = env.find(head, within=m)
                key = (target.module, head) if target is not None else None
                if key in arity and nargs >= arity[key] and (m, n) != key and (m, n) not in out[key]:
                    out[key].append((m, n))
    return out
