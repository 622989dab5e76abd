"""What a reader of a statement does not see through, one step at a time, and what it hides.

A statement's text shows its written binders; its conclusion may hide more behind a ``let``, a
beta-redex or a definition of the project (``def Safe := False → P``, ``def Stable f := (∀ n, f n <
f n) → …``): binders a reader does not see, that a claim rests on all the same. The library's own
definitions (``Not``, ``Ne``, ``Function.Injective``) are the reader's vocabulary and are not
looked through. A conclusion that ends in ``False`` (or the library's ``¬``, ``≠``) once its
binders are opened is a *negation* (``¬ P`` spelled through a definition): it is proved by refuting
its hypotheses, so they are what it denies, not what it assumes.

One notion for every rule that judges what a claim rests on: the vacuity lint
(:mod:`claimcheck.analysis.vacuity`) refutes the hidden binders, and the satisfiability rule
(:mod:`claimcheck.analysis.props`, the hypotheses a witness must discharge) counts them.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo
from claimcheck.olean.terms import Const, Expr, ForallE, Lam, LetE, app_spine, instantiate, instantiate_foralls, \
    instantiate_levels, loose_bvar_range, mk_app, strip_mdata

__all__ = ["UNFOLD", "head_step", "expose", "independent_fields", "is_negation", "project_only"]

#: Unfolding steps taken to expose one binder (or a conclusion's head).
UNFOLD = 24

_FALSE, _NOT, _NE = Name.of("False"), Name.of("Not"), Name.of("Ne")
_TRUE = Name.of("True")

Find = Callable[[Name], "ConstantInfo | None"]


def head_step(e: Expr, find: Find, unfolds: Callable[[ConstantInfo], bool]) -> Expr | None:
    """One step of ``e``'s head: a ``let`` (zeta), a beta-redex, or a definition ``unfolds``
    accepts (delta); ``None`` when none applies."""
    e = strip_mdata(e)
    if isinstance(e, LetE):
        return instantiate(e.body, e.value)
    head, args = app_spine(e)
    head = strip_mdata(head)
    if isinstance(head, Lam) and args:
        return mk_app(instantiate(head.body, args[0]), *args[1:])
    if isinstance(head, Const):
        ci = find(head.name)
        if ci is not None and ci.kind == "definition" and ci.value is not None \
                and len(ci.level_params) == len(head.levels) and unfolds(ci):
            return mk_app(instantiate_levels(ci.value, dict(zip(ci.level_params, head.levels))), *args)
    return None


def project_only(is_core_module: Callable[[str], bool]) -> Callable[[ConstantInfo], bool]:
    """The definitions a reader does not see through: the project's (and its packages'), not the
    library's."""
    return lambda ci: not is_core_module(ci.module)


def expose(e: Expr, find: Find, is_core_module: Callable[[str], bool],
           tick: Callable[[], None] = lambda: None) -> Expr:
    """``e`` unfolded (``let``, beta, the project's definitions) until it is a ``∀``, else ``e`` as it
    was; ``tick``: called at each step (a caller's fuel)."""
    cur = strip_mdata(e)
    unfolds = project_only(is_core_module)
    for _ in range(UNFOLD):
        if isinstance(cur, ForallE):
            return cur
        tick()
        nxt = head_step(cur, find, unfolds)
        if nxt is None:
            break
        cur = strip_mdata(nxt)
    return cur if isinstance(cur, ForallE) else e


def is_negation(conclusion: Expr) -> bool:
    """Whether a conclusion, its binders opened, is ``False``, or the library's ``¬ P`` or ``a ≠ b``
    (``P → False`` and ``a = b → False``): the statement denies its hypotheses (``def NotBelow a b
    := a < b → False`` at ``NotBelow 5 3``, ``def IsAcyclic W := ∀ k, 1 ≤ k → ¬ HasClosedWalk W
    k``) rather than assumes them."""
    head, args = app_spine(strip_mdata(conclusion))
    head = strip_mdata(head)
    if not isinstance(head, Const):
        return False
    return (head.name == _FALSE and not args) or (head.name == _NOT and len(args) == 1) \
        or (head.name == _NE and len(args) == 3)


def independent_fields(ctor: ConstantInfo, head: Const, args: list[Expr],
                       tick: Callable[[], None] | None = None) -> list[Expr]:
    """The field types of constructor ``ctor`` at ``head``'s universe levels and parameters
    ``args`` when none depends on an earlier one (empty otherwise): a proposition structure's parts,
    as vacuity judges them and the witness rule counts their hypotheses (``tick``: called for each
    field, the caller's fuel)."""
    t = instantiate_foralls(instantiate_levels(ctor.type, dict(zip(ctor.level_params, head.levels))), args)
    out: list[Expr] = []
    while isinstance(t, ForallE):
        if tick is not None:
            tick()
        if loose_bvar_range(t.body) > 0:
            return []
        out.append(t.binder_type)
        t = strip_mdata(instantiate(t.body, Const(_TRUE, ())))  # no loose variable 0: lowers the others
    return out
