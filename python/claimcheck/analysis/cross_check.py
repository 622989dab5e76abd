"""The instance cross-check, on claimcheck's side: which theorems to recompute, and their statements.

An **instance theorem** is a project theorem whose statement is closed and decidable, as its proof
shows: a decision (``of_decide_eq_true``, what ``decide`` and ``decide +kernel`` produce; Lean
accepts one only for a closed goal whose ``Decidable`` instance it synthesised), or decisions put
together by ``⟨_, _⟩``, a closed witness of an ``∃``, ``funext`` and ``intro``/``revert`` (a
decision of the ``∀`` applied to the bound variables), reached through the auxiliary lemmas Lean
makes (``_proof_1``), ``id`` and the casts of ``unfold``/``show`` (:func:`proved_by_decision`). Such a theorem states a concrete fact (``notearsTrunc W 3 =
20375/1152``, a Gram matrix as a list of rows, ...), whatever its name: the name is never read
here. Its statement is read
from the built module (the theorem's type in the ``.olean``), never copied by hand. Before the
statement goes to the companion's process (:mod:`claimcheck.companion`), every instance argument
of an operation the evaluator reads by its library meaning (``+``, ``≤``, a numeral, ...) that is
not a library instance is replaced by the marker
:data:`~claimcheck.analysis.instances.NON_LIBRARY_INSTANCE` (decided here, from the environment:
:meth:`~claimcheck.analysis.instance_rules.InstanceRules.is_library_instance`), so that no
companion can give a project's ``+`` the library's meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from claimcheck.analysis.instances import INSTANCE_ARGUMENT, NON_LIBRARY_INSTANCE
from claimcheck.errors import OleanError
from claimcheck.analysis.instance_rules import InstanceRules
from claimcheck.model.facts import DeclFacts, DeclKind, Status
from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment, Module
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, Lam, app_spine, loose_bvar_range, mk_app, replace, strip_mdata,
)

__all__ = ["InstanceTheorem", "instance_theorems", "marked_statement", "proved_by_decision"]

_DECISION = Name.parse("of_decide_eq_true")
_ID = Name.parse("id")
_CAST = Name.parse("Eq.mpr")
_AND = Name.parse("And.intro")
_EXISTS = Name.parse("Exists.intro")
_FUNEXT = Name.parse("funext")
#: How deep a proof is followed through auxiliary lemmas, casts and constructors to its decisions.
_DEPTH = 64


def proved_by_decision(module: Module, ci: ConstantInfo) -> bool:
    """Whether the theorem ``ci`` of ``module`` is proved by decisions (the module docstring): its
    proof, followed through the module's auxiliary lemmas (a constant of the module whose name has
    a ``_``-prefixed component, applied to nothing), ``id`` and ``Eq.mpr`` casts, is
    ``of_decide_eq_true``, or ``And.intro`` of two such proofs, ``Exists.intro`` of a closed witness
    and such a proof, ``funext`` of one, or ``fun x₁ … xₖ => D x₁ … xₖ`` with ``D`` such a proof
    (what ``intro``/``revert`` leave). Any other proof, one that uses a variable otherwise
    (``fun n => … n …``) in particular, is not a decision of a closed statement."""
    if ci.kind != "theorem" or ci.value is None:
        return False
    return _decided(module, ci.value, _DEPTH)


def _decided(module: Module, value: Expr, depth: int) -> bool:
    if depth <= 0:
        return False
    value = strip_mdata(value)
    if isinstance(value, Lam):
        k, body = 0, strip_mdata(value)
        while isinstance(body, Lam):
            k, body = k + 1, strip_mdata(body.body)
        head, args = app_spine(body)
        if len(args) < k or any(not (isinstance(a, BVar) and a.index == k - 1 - i)
                                for i, a in enumerate(args[len(args) - k:])):
            return False
        inner = head
        for a in args[:len(args) - k]:
            inner = App(inner, a)
        return loose_bvar_range(inner) == 0 and _decided(module, inner, depth - 1)
    head, args = app_spine(value)
    if not isinstance(head, Const):
        return False
    name = head.name
    if name == _DECISION:
        return True
    if name == _ID and len(args) == 2:
        return _decided(module, args[1], depth - 1)
    if name == _CAST and len(args) == 4:
        return _decided(module, args[3], depth - 1)
    if name == _AND and len(args) == 4:
        return _decided(module, args[2], depth - 1) and _decided(module, args[3], depth - 1)
    if name == _EXISTS and len(args) == 4:
        return loose_bvar_range(args[2]) == 0 and _decided(module, args[3], depth - 1)
    if name == _FUNEXT and len(args) == 5:
        return _decided(module, args[4], depth - 1)
    if not args and name.is_internal:
        aux = module.get(name)
        return aux is not None and aux.kind == "theorem" and aux.value is not None \
            and _decided(module, aux.value, depth - 1)
    return False

_MARKER = Const(NON_LIBRARY_INSTANCE, ())


InstanceTheorem = tuple[DeclFacts, Expr]  # the theorem's facts and its statement, marked


def _mark(root: Expr, is_library_instance: Callable[[Expr], bool]) -> Expr:
    """``root`` with the non-library instance arguments of interpreted operations replaced."""
    def mark(e: Expr, _depth: int) -> Expr | None:
        if not isinstance(e, App):
            return None
        head, args = app_spine(e)
        k = INSTANCE_ARGUMENT.get(head.name) if isinstance(head, Const) else None
        if k is None or k >= len(args) or is_library_instance(args[k]):
            return None
        return mk_app(head, *(_MARKER if i == k else replace(a, mark) for i, a in enumerate(args)))

    return replace(root, mark)


def marked_statement(statement: Expr, rules: InstanceRules) -> Expr:
    """``statement`` with its non-library instance arguments of interpreted operations replaced by
    the marker (``rules``: the instance rules of the theorem's module scope)."""
    return _mark(statement, rules.is_library_instance)


def decided_theorems(env: Environment, module: str, facts: Iterable[DeclFacts]) -> list[Name]:
    """The theorems among ``facts`` of ``module`` that are proved by decisions
    (:func:`proved_by_decision`: it reads their proofs, and the module alone)."""
    try:
        mod = env.load(module)
    except OleanError:
        return []
    out = []
    for f in facts:
        if f.module != module or f.kind is not DeclKind.THEOREM or f.status is Status.MISSING:
            continue
        ci = mod.get(f.name)
        if ci is not None and proved_by_decision(mod, ci):
            out.append(f.name)
    return out


def instance_theorems(env: Environment, facts: Iterable[DeclFacts], rules: Callable[[str], InstanceRules],
                      decided: Callable[[str], Collection[Name]] | None = None) -> list[InstanceTheorem]:
    """The project's instance theorems (:func:`proved_by_decision`) with their marked statements
    (``rules(module)``: the instance rules of a module's scope; ``decided(module)``: the module's
    theorems proved by decisions, as :func:`decided_theorems` finds them, when they are known: an
    edit of one module then reads the proofs of that module alone)."""
    out = []
    for f in facts:
        if f.kind is not DeclKind.THEOREM or f.status is Status.MISSING:
            continue
        if decided is not None and f.name not in decided(f.module):
            continue
        # the module is loaded here if it is not yet: facts reused from the cache come with an
        # environment that has loaded nothing, and reading only the loaded modules found no theorem
        # (a warm run reported 0 cross-checks where a cold one reported 56: issue 37)
        try:
            mod = env.load(f.module)
        except OleanError:
            continue
        ci = mod.get(f.name)
        if ci is None or (decided is None and not proved_by_decision(mod, ci)):
            continue
        out.append((f, marked_statement(ci.type, rules(f.module))))
    return out
