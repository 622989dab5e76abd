"""The instance cross-check, on claimcheck's side: which theorems to recompute, and their statements.

Every project theorem whose name's last component contains ``_instance_`` states a concrete fact
(``notearsTrunc W 3 = 20375/1152``, a Gram matrix as a list of rows, ...). Its statement is read
from the built module (the theorem's type in the ``.olean``), never copied by hand. Before the
statement goes to the companion's process (:mod:`claimcheck.companion`), every instance argument
of an operation the evaluator reads by its library meaning (``+``, ``≤``, a numeral, ...) that is
not a library instance is replaced by the marker
:data:`~claimcheck.analysis.instances.NON_LIBRARY_INSTANCE` (decided here, from the environment:
:meth:`~claimcheck.analysis.spoofing.StatementInspector.is_library_instance`), so that no
companion can give a project's ``+`` the library's meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from claimcheck.analysis.instances import INSTANCE_ARGUMENT, NON_LIBRARY_INSTANCE
from claimcheck.analysis.naming import is_instance
from claimcheck.analysis.spoofing import StatementInspector
from claimcheck.errors import OleanError
from claimcheck.model.facts import DeclFacts, DeclKind, Status
from claimcheck.olean.reader import Environment
from claimcheck.olean.terms import App, Const, Expr, app_spine, mk_app, replace

__all__ = ["InstanceTheorem", "is_instance", "instance_theorems"]

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


def instance_theorems(env: Environment, facts: Iterable[DeclFacts], inspector: Callable[[str], StatementInspector]
                      ) -> list[InstanceTheorem]:
    """The project's instance theorems with their marked statements (``inspector(module)``: the
    statement inspector of a module's scope)."""
    out = []
    for f in facts:
        if f.kind is not DeclKind.THEOREM or f.status is Status.MISSING or not is_instance(f.name):
            continue
        try:  # loaded now if the facts were reused and nothing opened the module yet
            mod = env.load(f.module)
        except OleanError:
            continue
        ci = mod.get(f.name)
        if ci is None:
            continue
        out.append((f, _mark(ci.type, inspector(f.module).is_library_instance)))
    return out
