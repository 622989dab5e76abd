"""A readable pretty-printer for decoded Lean expressions, and literal values.

``pretty(e)`` renders a statement the way a reader expects it: binders as
``∀ (x : T), …`` / ``fun x => …``, arrows for non-dependent ``∀``, numeric
literals (``OfNat.ofNat _ n _`` → ``n``), common infix operators
(``HAdd.hAdd`` → ``+``, ``Eq`` → ``=``, ``LE.le`` → ``≤`` …) with the usual
precedences, and implicit arguments hidden: always for the operators above,
and for other constants when a ``binder_infos`` resolver (e.g.
:func:`env_binder_infos`) tells which arguments are explicit.

With an ``inspector`` (:class:`claimcheck.analysis.spoofing.StatementInspector`) the printer
never hides what changes a meaning: an instance argument that is a hijacking project instance
or an instance written inline is shown in place (``(5 : Nat) [Spoof.fiveIsFour] = 4``,
``2 +[Spoof.addIsMul] 3``, ``f [inst] x``), and a numeral of a project type says its type
(``(0 : Honest.Vec2)``); a relation between numerals alone says their type unless it is ``Nat``
(``(1 + 1 : Fin 2) = 0``). Constants are always printed with their full names; with
``mark_refs=True`` the project's constants are wrapped in ``REF_OPEN``/``REF_CLOSE`` so that
:func:`split_refs` can cut the text into parts to link (the report links them to their
definitions).

``literal_value(e)`` reads the rational number a closed numeric term denotes
(``OfNat.ofNat``, ``Neg.neg``, ``HDiv.hDiv`` … of literals,
``Rat.ofScientific``, casts), or ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from claimcheck.model.facts import StatementPart
from claimcheck.model.names import Name
from claimcheck.olean.digest import nat_text
from claimcheck.olean.reader import Environment
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Lit, MVar, Proj, Sort, app_spine, constants_of, strip_mdata,
    walk,
)


__all__ = ["INFIX", "Infix", "pretty", "pretty_parts", "pretty_whole", "statement", "literal_value", "env_binder_infos", "BinderInfos",
           "MAX_DEPTH", "has_loose_bvar"]

#: maps a constant name to the binder infos of its leading arguments
#: (0 explicit, 1 implicit, 2 strict implicit, 3 instance implicit), or None.
BinderInfos = Callable[[Name], "tuple[int, ...] | None"]

@dataclass(frozen=True)
class Infix:
    """An infix notation: ``symbol`` between the explicit arguments at positions ``left`` and
    ``right`` of a constant applied to ``arity`` arguments; ``lp``/``rp`` are the precedences its
    operands need, ``prec`` its own (Lean's ``infixl:p`` is ``(p, p, p+1)``, ``infixr:p`` ``(p+1, p,
    p)``, ``infix:p`` ``(p+1, p, p+1)``)."""

    symbol: str
    arity: int
    left: int
    right: int
    lp: int
    prec: int
    rp: int


def _l(sym: str, arity: int, left: int, right: int, p: int) -> Infix:
    return Infix(sym, arity, left, right, p, p, p + 1)


def _r(sym: str, arity: int, left: int, right: int, p: int) -> Infix:
    return Infix(sym, arity, left, right, p + 1, p, p)


def _n(sym: str, arity: int, left: int, right: int, p: int) -> Infix:
    return Infix(sym, arity, left, right, p + 1, p, p + 1)


#: Infix notations, keyed by the constant and read from its explicit arguments (``HEq {α} a {β} b``
#: puts ``a`` and ``b``, arguments 1 and 3, around ``≍``; ``Membership.mem`` takes the collection
#: before the element). ``tests/test_statements.py`` checks every entry against the library's
#: binder infos and prints each from a Lean statement.
INFIX: dict[str, Infix] = {
    "HAdd.hAdd": _l("+", 6, 4, 5, 65),
    "HSub.hSub": _l("-", 6, 4, 5, 65),
    "HMul.hMul": _l("*", 6, 4, 5, 70),
    "HDiv.hDiv": _l("/", 6, 4, 5, 70),
    "HMod.hMod": _l("%", 6, 4, 5, 70),
    "HPow.hPow": _r("^", 6, 4, 5, 75),
    "HAppend.hAppend": _l("++", 6, 4, 5, 65),
    "Eq": _n("=", 3, 1, 2, 50),
    "Ne": _n("≠", 3, 1, 2, 50),
    "HEq": _n("≍", 4, 1, 3, 50),
    "LE.le": _n("≤", 4, 2, 3, 50),
    "LT.lt": _n("<", 4, 2, 3, 50),
    "GE.ge": _n("≥", 4, 2, 3, 50),
    "GT.gt": _n(">", 4, 2, 3, 50),
    "Dvd.dvd": _n("∣", 4, 2, 3, 50),
    "BEq.beq": _n("==", 4, 2, 3, 50),
    "bne": _n("!=", 4, 2, 3, 50),
    "Membership.mem": _n("∈", 5, 4, 3, 50),
    "HasSubset.Subset": _n("⊆", 4, 2, 3, 50),
    "Union.union": _l("∪", 4, 2, 3, 65),
    "Inter.inter": _l("∩", 4, 2, 3, 70),
    "SDiff.sdiff": _n("\\", 4, 2, 3, 70),
    "Function.comp": _r("∘", 5, 3, 4, 90),
    "And": _r("∧", 2, 0, 1, 35),
    "Or": _r("∨", 2, 0, 1, 30),
    "Iff": _n("↔", 2, 0, 1, 20),
    "Prod": _r("×", 2, 0, 1, 35),
    "Bool.and": _l("&&", 2, 0, 1, 35),
    "Bool.or": _l("||", 2, 0, 1, 30),
}
#: Marks around a project constant's index in text printed with ``mark_refs=True``.
REF_OPEN = "\x02"
REF_CLOSE = "\x03"
_INST_IMPLICIT = 3
#: Relations whose first argument is the type of both sides.
_RELATIONS = frozenset({"Eq", "Ne", "LE.le", "LT.lt", "GE.ge", "GT.gt"})
#: Relations whose meaning is their carrier's instance.
_ORDERS = frozenset({"LE.le", "LT.lt", "GE.ge", "GT.gt"})
#: Homogeneous arithmetic (``HAdd α α α``): its third argument is the type of the result.
_ARITH = frozenset({"HAdd.hAdd", "HSub.hSub", "HMul.hMul", "HDiv.hDiv", "HMod.hMod"})
#: Coercions, with the position of their target type (``None``: a fixed type) and of the value.
_COERCIONS: dict[str, tuple[int, str | None, int]] = {
    "Nat.cast": (3, None, 2), "NatCast.natCast": (3, None, 2), "Int.cast": (3, None, 2),
    "IntCast.intCast": (3, None, 2), "Fin.val": (2, "Nat", 1), "Int.ofNat": (1, "Int", 0),
    "Subtype.val": (3, None, 2), "Rat.ofInt": (1, "Rat", 0),
}
#: Coercions from ``Nat``: a numeral they cast shows that it is a ``Nat`` (its own printing does not).
_FROM_NAT = frozenset({"Nat.cast", "NatCast.natCast", "Int.ofNat"})
#: How deep the printer and the literal reader go; deeper terms print as ``…`` and are not
#: evaluated (a 10,000-deep ``1 + 1 + …`` must not exhaust the stack).
MAX_DEPTH = 120
_ARROW_PREC = 25
_APP_PREC = 1024
_MAX_PREC = 1025


def has_loose_bvar(e: Expr, depth: int = 0) -> bool:
    """Whether bound variable ``depth`` occurs in ``e`` (``e`` under ``depth`` binders)."""
    return _has_loose(e, depth, {})


def _has_loose(e: Expr, depth: int, memo: dict[tuple[int, int], bool]) -> bool:
    """Whether bound variable ``depth`` occurs in ``e`` (``e`` under ``depth`` binders); iterative,
    so that a deep term cannot exhaust the stack."""
    got = memo.get((id(e), depth))
    if got is not None:
        return got
    found = False

    def visit(x: Expr, d: int) -> bool:
        nonlocal found
        known = memo.get((id(x), d))
        if found or known is not None:
            found = found or bool(known)
            return False
        found = isinstance(x, BVar) and x.index == d
        return not found

    walk(e, visit, depth, lambda d, _binder: d + 1)
    memo[(id(e), depth)] = found
    return found


_NAT = Name.of("Nat")


def _raw_nat(e: Expr) -> int | None:
    """The number of a raw literal, or of a ``Nat`` numeral standing where one is expected
    (``@OfNat.ofNat Nat 5 inst`` written by hand elaborates its ``5`` as a numeral)."""
    e = strip_mdata(e)
    if isinstance(e, Lit):
        return e.value if isinstance(e.value, int) else None
    head, args = app_spine(e)
    if isinstance(head, Const) and str(head.name) == "OfNat.ofNat" and len(args) == 3 and _is_nat(args[0]):
        inner = strip_mdata(args[1])
        if isinstance(inner, Lit) and isinstance(inner.value, int):
            return inner.value
    return None


def _is_nat(e: Expr) -> bool:
    e = strip_mdata(e)
    return isinstance(e, Const) and e.name == _NAT


def _split_refs(text: str, refs: list[Name]) -> tuple[StatementPart, ...]:
    """Text printed with ``mark_refs=True`` (``REF_OPEN`` index ``REF_CLOSE`` around each project
    constant) as parts, each project constant's part holding its name."""
    parts: list[StatementPart] = []
    pos = 0
    while pos < len(text):
        start = text.find(REF_OPEN, pos)
        if start < 0:
            parts.append(StatementPart(text[pos:]))
            break
        end = text.find(REF_CLOSE, start)
        if start > pos:
            parts.append(StatementPart(text[pos:start]))
        ref = refs[int(text[start + 1:end])]
        parts.append(StatementPart(str(ref.user_facing), ref))
        pos = end + 1
    return tuple(parts)


class _Printer:
    def __init__(self, binder_infos: BinderInfos | None, inspector: Any = None, mark_refs: bool = False):
        self.binder_infos = binder_infos
        self.inspector = inspector
        self.mark_refs = mark_refs and inspector is not None
        self.lets: list[int] = []  # levels of the `let` binders in scope
        #: the binder of each level in scope (a level's entry is set when its body is entered)
        self.nodes: list[Expr] = []
        self.memo: dict[tuple[int, int], bool] = {}
        self.refs: list[Name] = []
        self.depth = 0
        #: whether a part was cut at ``MAX_DEPTH`` (printed ``…``: the text is not the statement)
        self.cut = False
        #: the type that an enclosing ascription already shows (its numerals need not repeat it)
        self.context: str | None = None
        #: the operand whose type the other side of a relation shows (``x = none``): its implicit
        #: arguments that its own type has are read back from there (consumed where it is printed)
        self.expected: Expr | None = None

    def const(self, name: Name) -> str:
        if self.mark_refs and self.inspector.is_project(name):
            self.refs.append(name)
            return f"{REF_OPEN}{len(self.refs) - 1}{REF_CLOSE}"
        return str(name.user_facing)  # a private constant as its author wrote it

    def flagged(self, n: Name, args: list[Expr], ctx: list[str]) -> dict[int, str]:
        """The instance arguments of ``n`` that change its meaning, printed: their positions."""
        if self.inspector is None:
            return {}
        infos = self.inspector.infos(n) or ()
        out: dict[int, str] = {}
        for i, a in enumerate(args):
            if i < len(infos) and infos[i] == _INST_IMPLICIT:
                problems = self.inspector.instance_problems(a, len(ctx), tuple(self.lets),
                                                            self.inspector.instance_class(n, i, args),
                                                            tuple(self.nodes[:len(ctx)]))
                if problems:
                    labels = []
                    for p in problems:
                        label = self.const(p.name) if p.name is not None else self.fmt(a, ctx)
                        if label not in labels:
                            labels.append(label)
                    out[i] = ", ".join(labels)
        return out

    def fresh(self, name: Name, ctx: list[str]) -> str:
        comp = name.without_macro_scopes().last or ""  # macro scopes: `x._@.Mod._hyg.12` is the binder `x`
        if not isinstance(comp, str) or not comp or comp.startswith("_") or comp[0].isdigit():
            comp = "x"
        base = str(Name.of(comp))  # quoted unless a plain identifier: a binder `«​1»` never prints as `1`
        # a binder named like a constant (`∀ (True : Prop), True → True`) would read as that constant:
        # it is numbered as a shadowed binder is, `True_1`
        taken = self.inspector is not None and self.inspector.declares(Name.of(comp))
        n, i = base, 0
        while n in ctx or (taken and i == 0):
            i += 1
            n = f"{base}_{i}"
        return n

    def paren(self, s: str, prec: int, need: int) -> str:
        return f"({s})" if prec < need else s

    def fmt(self, e: Expr, ctx: list[str], need: int = 0) -> str:
        if self.depth >= MAX_DEPTH:
            self.cut = True
            return "…"
        self.depth += 1
        try:
            s, p = self.go(e, ctx)
        finally:
            self.depth -= 1
        return self.paren(s, p, need)

    def plain(self, e: Expr, ctx: list[str], need: int = 0) -> str:
        """``e`` printed with no enclosing ascription (its numerals show their type)."""
        saved, self.context = self.context, None
        try:
            return self.fmt(e, ctx, need)
        finally:
            self.context = saved

    def ascribed(self, e: Expr, ty: Expr, ctx: list[str], render=None) -> str:
        """``(e : ty)``: ``e`` printed (by ``render`` if given) inside an ascription of ``ty``."""
        ty_text = self.plain(ty, ctx)
        saved, self.context = self.context, self.type_key(ty, ctx)
        try:
            body = render() if render is not None else self.fmt(e, ctx)
        finally:
            self.context = saved
        return f"({body} : {ty_text})"

    def synonym_carrier(self, ty: Expr) -> bool:
        """Whether type ``ty`` mentions a project type that is a definition (``def N := Nat``, not a
        structure): terms of the type it is defined as have it too, so an operation's carrier is
        not determined by its operands and is shown."""
        if self.inspector is None:
            return False
        for x in constants_of(ty):
            if self.inspector.is_project(x):
                ci = self.inspector.find(x)
                if ci is not None and ci.kind == "definition":
                    return True
        return False

    def undetermined_implicits(self, name: Name, args: list[Expr], infos: tuple[int, ...],
                               expected: bool = False) -> dict[int, str]:
        """The implicit arguments of ``name args`` that its explicit ones do not determine, by
        position, with the binder's name (printed ``(α := T)``), one rule for types and data alike:
        ``@g 5 2`` and ``@g 0 2`` are not both ``g 2``, nor ``@List.length Nat []`` and
        ``@List.length Bool []`` both ``List.length []``, nor ``@Inhabited.default Nat _`` and
        ``@Inhabited.default Bool _`` both ``default``.

        An implicit argument is left out only when a later explicit argument determines it: that
        argument's binder type mentions it at a position unification reads back (:meth:`rigid`:
        the binder type itself, or under type formers and constructors of inductive types, never
        under a definition, which need not be injective) and that argument's type is in the text
        (:meth:`typed`), or, with ``expected`` (the application is one side of a relation whose
        other side shows its type: ``x = none``), when the application's own type has it at such a
        position. Proofs are never shown (any two proofs of one proposition are equal), nor
        instances (the instance rules show those that change a meaning)."""
        if self.inspector is None:
            return {}
        ci = self.inspector.find(name)
        if ci is None:
            return {}
        binders: list[ForallE] = []
        t = strip_mdata(ci.type)
        while isinstance(t, ForallE) and len(binders) < len(args):
            binders.append(t)
            t = strip_mdata(t.body)
        out: dict[int, str] = {}
        for i, b in enumerate(binders):
            if i >= len(infos) or infos[i] not in (1, 2) or self.is_proof(b.binder_type):
                continue
            # a project synonym (`def N := Nat`) is never read back from an argument: a `Nat`
            # argument is an `N` too, and Lean would take the `Nat` (and its instances)
            determined = not self.synonym_carrier(args[i]) and any(
                j < len(infos) and infos[j] == 0 and not self.is_proof(binders[j].binder_type)
                and self.rigid(binders[j].binder_type, j - 1 - i) and self.typed(args[j])
                for j in range(i + 1, len(binders)))
            if not determined and expected and len(binders) == len(args) and not self.synonym_carrier(args[i]):
                determined = self.rigid(t, len(binders) - 1 - i)
            if not determined:
                last = b.binder_name.without_macro_scopes().last
                out[i] = str(Name.of(last)) if isinstance(last, str) and last and not last.startswith("_") else f"#{i + 1}"
        return out

    def rigid(self, ty: Expr, index: int, depth: int = 0) -> bool:
        """Whether bound variable ``index`` occurs in type ``ty`` where unifying ``ty`` with an
        argument's type solves it: ``ty`` is the variable, or an application of an inductive type
        or a constructor, or a function type, with the variable rigid in one of its parts
        (``Fin n``, ``List α``, ``α → β``); not under a definition (``def K (n : Nat) := Nat``:
        ``K 3`` is ``K 5``), a variable, or a projection; nor deeper than ``MAX_DEPTH``."""
        if depth > MAX_DEPTH:
            return False
        t = strip_mdata(ty)
        if isinstance(t, BVar):
            return t.index == index
        if isinstance(t, ForallE):
            return self.rigid(t.binder_type, index, depth + 1) or self.rigid(t.body, index + 1, depth + 1)
        head, hargs = app_spine(t)
        head = strip_mdata(head)
        if not hargs or not isinstance(head, Const):
            return False
        found = self.inspector.find(head.name) if self.inspector is not None else None
        if found is None or found.kind not in ("inductive", "constructor"):
            return False
        return any(self.rigid(a, index, depth + 1) for a in hargs)

    def typed(self, e: Expr, depth: int = 0) -> bool:
        """Whether the printed text of ``e`` shows its type (so that an implicit argument its type
        mentions can be left out): a variable of the statement (its type is printed at its binder)
        or one applied, a lambda (its binder's type printed), a numeral that is a ``Nat`` or prints
        its type, an application of a constant (its implicit arguments are shown unless determined,
        :meth:`undetermined_implicits`), a list literal whose first element is typed, an operator
        whose operand is; not ``[]``, nor a numeral inside an ascription, nor a term deeper than
        ``MAX_DEPTH`` (it prints cut)."""
        if depth > MAX_DEPTH:
            return False
        e = strip_mdata(e)
        if isinstance(e, (BVar, Lam, Sort, ForallE)):
            return True
        if isinstance(e, Lit):
            return True  # a `Nat` or `String` literal
        if isinstance(e, LetE):
            return self.typed(e.body, depth + 1)
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, BVar):
            return True
        if not isinstance(head, Const):
            return False
        n = str(head.name)
        if n == "OfNat.ofNat" and len(args) == 3:
            return _is_nat(args[0]) or self.context is None
        if n == "List.nil":
            return False
        if n == "List.cons" and len(args) == 3:
            return self.typed(args[1], depth + 1) or self.typed(args[2], depth + 1)
        if n == "Prod.mk" and len(args) == 4:
            return self.typed(args[2], depth + 1) and self.typed(args[3], depth + 1)
        if n == "ite" and len(args) == 5:
            return self.typed(args[3], depth + 1) or self.typed(args[4], depth + 1)
        if n == "Neg.neg" and len(args) == 3:
            return self.typed(args[2], depth + 1)
        op = INFIX.get(n)
        if op is not None and len(args) == op.arity and n not in _RELATIONS and op.arity == 6:
            return self.typed(args[op.left], depth + 1) or self.typed(args[op.right], depth + 1)
        return True

    def is_proof(self, ty: Expr) -> bool:
        """Whether a binder of type ``ty`` takes a proof: its type's head is a constant whose type
        ends in ``Prop`` (a type, whose type ends in a sort, is not)."""
        if self.inspector is None:
            return False
        t = strip_mdata(ty)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        if isinstance(t, Sort):
            return False
        head, _args = app_spine(t)
        head = strip_mdata(head)
        ci = self.inspector.find(head.name) if isinstance(head, Const) else None
        if ci is None:
            return False
        r = strip_mdata(ci.type)
        while isinstance(r, ForallE):
            r = strip_mdata(r.body)
        return isinstance(r, Sort) and r.level.kind == "zero"

    def shown_type(self, ty: Expr, ctx: list[str]) -> bool:
        """Whether a numeral of type ``ty`` must show it here: not ``Nat``, not already shown."""
        return not _is_nat(ty) and self.type_key(ty, ctx) != self.context

    def type_key(self, ty: Expr, ctx: list[str]) -> str:
        """``ty`` as text without reference marks (what two ascriptions are compared by)."""
        return _Printer(self.binder_infos).fmt(ty, ctx)

    def go(self, e: Expr, ctx: list[str]) -> tuple[str, int]:
        e = strip_mdata(e)
        if isinstance(e, BVar):
            i = len(ctx) - 1 - e.index
            return (ctx[i] if 0 <= i < len(ctx) else f"#{e.index}"), _MAX_PREC
        if isinstance(e, (FVar, MVar)):
            return ("?" if isinstance(e, MVar) else "") + str(e.name), _MAX_PREC
        if isinstance(e, Sort):
            lv = e.level
            if lv.kind == "zero":
                return "Prop", _MAX_PREC
            if lv.kind == "succ" and lv.args[0].kind == "zero":
                return "Type", _MAX_PREC
            if lv.kind == "succ":
                return f"Type {lv.args[0]}", _APP_PREC
            return f"Sort {lv}", _APP_PREC
        if isinstance(e, Const):
            return self.const(e.name), _MAX_PREC
        if isinstance(e, Lit):
            return (nat_text(e.value) if isinstance(e.value, int) else string_literal(e.value)), _MAX_PREC
        if isinstance(e, Proj):
            return f"{self.fmt(e.struct, ctx, _MAX_PREC)}.{e.index + 1}", _MAX_PREC
        if isinstance(e, LetE):
            x = self.fresh(e.decl_name, ctx)
            self.lets.append(len(ctx))
            self.bind(len(ctx), e)
            try:
                body = self.fmt(e.body, ctx + [x])
            finally:
                self.lets.pop()
            return f"let {x} := {self.fmt(e.value, ctx)}; {body}", 0
        if isinstance(e, ForallE):
            return self.binders(e, ctx, "∀")
        if isinstance(e, Lam):
            return self.binders(e, ctx, "fun")
        if isinstance(e, App):
            return self.app(e, ctx)
        return repr(e), _MAX_PREC

    def bind(self, level: int, binder: Expr) -> None:
        """Enter the body of ``binder``, the binder of ``level``."""
        del self.nodes[level:]
        self.nodes.extend([binder] * (level + 1 - len(self.nodes)))  # (a level skipped: filled, never read)

    def binders(self, e: Expr, ctx: list[str], word: str) -> tuple[str, int]:
        if word == "∀" and isinstance(e, ForallE) and not _has_loose(e.body, 0, self.memo):
            left = self.fmt(e.binder_type, ctx, _ARROW_PREC + 1)
            self.bind(len(ctx), e)
            right = self.fmt(e.body, ctx + ["_"], _ARROW_PREC)
            return f"{left} → {right}", _ARROW_PREC
        groups: list[str] = []
        cur = e
        local = list(ctx)
        while isinstance(cur, (ForallE if word == "∀" else Lam)):
            if word == "∀" and not _has_loose(cur.body, 0, self.memo):
                break
            x = self.fresh(cur.binder_name, local)
            ty = self.fmt(cur.binder_type, local)
            bi = cur.binder_info
            if bi == 1:
                groups.append(f"{{{x} : {ty}}}")
            elif bi == 2:
                groups.append(f"⦃{x} : {ty}⦄")
            elif bi == 3:
                groups.append(f"[{ty}]")
            else:
                groups.append(f"({x} : {ty})")
            self.bind(len(local), cur)
            local.append(x)
            cur = strip_mdata(cur.body)
        body = self.fmt(cur, local)
        sep = "," if word == "∀" else " =>"
        return f"{word} {' '.join(groups)}{sep} {body}", 0

    def app(self, e: Expr, ctx: list[str]) -> tuple[str, int]:
        expected, self.expected = self.expected is e, None  # for this application only
        head, args = app_spine(e)
        if isinstance(head, Const):
            name = head.name
            n = str(name)  # the printed name: the tables below are written as Lean prints names
            flagged = self.flagged(name, args, ctx)
            if n == "OfNat.ofNat" and len(args) == 3 and _raw_nat(args[1]) is not None:
                lit = str(_raw_nat(args[1]))
                if flagged:
                    return f"({lit} : {self.plain(args[0], ctx)}) [{flagged[2]}]", _APP_PREC
                if self.shown_type(args[0], ctx):
                    return f"({lit} : {self.plain(args[0], ctx)})", _MAX_PREC
                return lit, _MAX_PREC
            if n in _COERCIONS and len(args) == _COERCIONS[n][0] and not flagged:
                _k, fixed, pos = _COERCIONS[n]
                target = fixed if fixed is not None else self.plain(args[0], ctx)
                value = self.plain(args[pos], ctx)
                if n in _FROM_NAT and _numeral(args[pos]):
                    # a cast of a numeral says its source: `((5 : Nat) : R)`, never `(5 : R)`, which
                    # is `R`'s own numeral (another term, another value where `R`'s cast differs)
                    value = f"({value} : Nat)"
                return f"({value} : {target})", _MAX_PREC
            op = INFIX.get(n)
            if op is not None and len(args) > op.arity and not flagged:
                # an infix function applied further: `(f ∘ g) 0`
                inner, extra = args[: op.arity], args[op.arity:]
                fn = f"({self.fmt(inner[op.left], ctx, op.lp)} {op.symbol} {self.fmt(inner[op.right], ctx, op.rp)})"
                return " ".join([fn] + [self.fmt(x, ctx, _MAX_PREC) for x in extra]), _APP_PREC
            # an order or arithmetic on a project type defined as a library one (`def N := Nat`): its
            # operands may be of the library type, and Lean reads `(a + b : S.N)` or `(a : S.N) < b`
            # at the operands' type, so the carrier (whose instance gives the operation its meaning)
            # is shown as named arguments: `HAdd.hAdd (α := S.N) (β := S.N) (γ := S.N) a b`; `=`
            # means the same at either
            synonym = op is not None and ((n in _ORDERS and self.synonym_carrier(args[0]))
                                          or (n in _ARITH and self.synonym_carrier(args[2])))
            if op is not None and len(args) == op.arity and not synonym:
                sym = op.symbol
                if flagged:
                    sym += "".join(f"[{flagged[i]}]" for i in sorted(flagged))
                a, b = args[op.left], args[op.right]

                def infix() -> str:
                    return f"{self.fmt(a, ctx, op.lp)} {sym} {self.fmt(b, ctx, op.rp)}"

                if n in _RELATIONS and ((not _is_nat(args[0]) and _numeral(a) and _numeral(b))
                                        or not (self.typed(a) or self.typed(b))):
                    # numerals alone do not show their type: `(1 + 1 : Fin 2) = 0`, not `1 + 1 = 0`;
                    # nor does `[]`: `([] : List Nat) = []`, not `[] = []`
                    left = self.ascribed(a, args[0], ctx)
                    saved, self.context = self.context, self.type_key(args[0], ctx)
                    try:
                        right = self.fmt(b, ctx, op.rp)
                    finally:
                        self.context = saved
                    return f"{left} {sym} {right}", op.prec
                if n in _ARITH and self.shown_type(args[2], ctx) and _numeral(e):
                    # arithmetic on numerals of another type than Nat says it once: `(7 * 40 : UInt8)`
                    return self.ascribed(e, args[2], ctx, infix), _MAX_PREC
                if op.arity == 6 and not (self.typed(a) or self.typed(b)) and self.type_key(args[2], ctx) != self.context:
                    # operands that do not show their type: `([] ++ [] : List Nat)`
                    return self.ascribed(e, args[2], ctx, infix), _MAX_PREC
                if n in _RELATIONS:
                    # one side that shows its type gives the other its type: `x = none`
                    # (the side that shows it with no named argument gives it: `none = l.head?`)
                    marked = 1 if self.alone(a) or (self.typed(a) and not self.alone(b)) else 0
                    return self.related(a, b, marked, op, sym, ctx), op.prec
                return infix(), op.prec
            if flagged:
                return self.explicit(head, args, ctx, flagged)
            if n == "Not" and len(args) == 1:
                return f"¬{self.fmt(args[0], ctx, 40)}", 40
            if n == "Neg.neg" and len(args) == 3:
                return f"-{self.fmt(args[2], ctx, 75)}", 75
            special = self.special(n, args, ctx)
            if special is not None:
                return special
            infos = self.binder_infos(name) if self.binder_infos else None
            if infos is not None:
                named = self.undetermined_implicits(name, args, infos, expected)
                shown = [self.fmt(a, ctx, _MAX_PREC) if i >= len(infos) or infos[i] == 0
                         else f"({named[i]} := {self.fmt(a, ctx)})"
                         for i, a in enumerate(args) if i >= len(infos) or infos[i] == 0 or i in named]
                if not shown:
                    return self.const(name), _MAX_PREC
                return " ".join([self.const(name)] + shown), _APP_PREC
        fn = self.fmt(head, ctx, _MAX_PREC)
        parts = [fn] + [self.fmt(a, ctx, _MAX_PREC) for a in args]
        return " ".join(parts), _APP_PREC


    def alone(self, e: Expr) -> bool:
        """Whether ``e`` shows its type (:meth:`typed`) with no implicit argument named: not an
        application of a constant whose implicit arguments its explicit ones leave open."""
        if not self.typed(e):
            return False
        head, args = app_spine(strip_mdata(e))
        head = strip_mdata(head)
        if not isinstance(head, Const) or self.binder_infos is None or str(head.name) in INFIX:
            return True
        infos = self.binder_infos(head.name)
        return infos is None or not self.undetermined_implicits(head.name, args, infos)

    def related(self, a: Expr, b: Expr, marked: int, op: Infix, sym: str, ctx: list[str]) -> str:
        """``a sym b``, the operand at position ``marked`` (0 or 1) printed knowing its type
        (:attr:`expected`)."""
        texts = []
        for k, (x, need) in enumerate(((a, op.lp), (b, op.rp))):
            self.expected = strip_mdata(x) if k == marked else None
            try:
                texts.append(self.fmt(x, ctx, need))
            finally:
                self.expected = None
        return f"{texts[0]} {sym} {texts[1]}"

    def explicit(self, head: Const, args: list[Expr], ctx: list[str], flagged: dict[int, str]) -> tuple[str, int]:
        """``head`` applied to its explicit arguments and, in place, its flagged instances."""
        infos = (self.binder_infos(head.name) if self.binder_infos else None) or ()
        named = self.undetermined_implicits(head.name, args, infos)
        parts = [self.const(head.name)]
        for i, a in enumerate(args):
            if i in flagged:
                parts.append(f"[{flagged[i]}]")
            elif i in named:
                parts.append(f"({named[i]} := {self.fmt(a, ctx)})")
            elif i >= len(infos) or infos[i] == 0:
                parts.append(self.fmt(a, ctx, _MAX_PREC))
        return " ".join(parts), _APP_PREC

    def special(self, n: str, args: list[Expr], ctx: list[str]) -> tuple[str, int] | None:
        """Notation for a few common constants (if-then-else, lists, casts, ∃, pairs, indexing)."""
        k = len(args)
        if n == "ite" and k == 5:
            cond, then, other = (self.fmt(a, ctx) for a in args[1:2] + args[3:5])
            return f"if {cond} then {then} else {other}", 0
        if n == "dite" and k == 5:
            t, f = strip_mdata(args[3]), strip_mdata(args[4])
            if isinstance(t, Lam) and isinstance(f, Lam):
                h = self.fresh(t.binder_name, ctx)
                cond = self.fmt(args[1], ctx)
                self.bind(len(ctx), t)
                then = self.fmt(t.body, ctx + [h])
                self.bind(len(ctx), f)
                return f"if {h} : {cond} then {then} else {self.fmt(f.body, ctx + [h])}", 0
        if n == "List.nil" and k == 1:
            return "[]", _MAX_PREC
        if n == "List.cons" and k == 3:
            items: list[str] = []
            cur: Expr = strip_mdata(args[2])
            items.append(self.fmt(args[1], ctx))
            while True:
                head, rest = app_spine(cur)
                if isinstance(head, Const) and str(head.name) == "List.cons" and len(rest) == 3:
                    items.append(self.fmt(rest[1], ctx))
                    cur = strip_mdata(rest[2])
                    continue
                if isinstance(head, Const) and str(head.name) == "List.nil" and len(rest) == 1:
                    return "[" + ", ".join(items) + "]", _MAX_PREC
                return f"{self.fmt(args[1], ctx, 68)} :: {self.fmt(args[2], ctx, 67)}", 67
        if n == "Exists" and k == 2:
            body = strip_mdata(args[1])
            if isinstance(body, Lam):
                # the binder's type always shown: `∃ x, x + y < x` says nothing of which `+` and `<`
                x = self.fresh(body.binder_name, ctx)
                ty = self.fmt(body.binder_type, ctx)
                self.bind(len(ctx), body)
                return f"∃ ({x} : {ty}), {self.fmt(body.body, ctx + [x])}", 0
        if n == "Prod.mk" and k == 4:
            return f"({self.fmt(args[2], ctx)}, {self.fmt(args[3], ctx)})", _MAX_PREC
        if n == "GetElem.getElem" and k == 8:
            return f"{self.fmt(args[5], ctx, _MAX_PREC)}[{self.fmt(args[6], ctx)}]", _MAX_PREC
        return None


def pretty(e: Expr, binder_infos: BinderInfos | None = None, inspector: Any = None) -> str:
    """Render ``e`` as readable Lean-like text; with an ``inspector``, hijacked and inline
    instances are shown in place (see the module docstring)."""
    return _Printer(binder_infos, inspector).fmt(e, [])


def pretty_parts(e: Expr, binder_infos: BinderInfos | None, inspector: Any) -> tuple[str, tuple[StatementPart, ...]]:
    """``pretty(e)`` and the same text cut into parts, each project constant its own part (the
    report links them to their definitions)."""
    text, parts, _cut = pretty_whole(e, binder_infos, inspector)
    return text, parts


def pretty_whole(e: Expr, binder_infos: BinderInfos | None,
                 inspector: Any) -> tuple[str, tuple[StatementPart, ...], bool]:
    """:func:`pretty_parts` and whether the text was cut (a part deeper than ``MAX_DEPTH`` printed
    ``…``): such a text is not the statement, and a claim on it fails ("too large to show")."""
    printer = _Printer(binder_infos, inspector, mark_refs=True)
    marked = printer.fmt(e, [])
    parts = _split_refs(marked, printer.refs)
    return "".join(p.text for p in parts), parts, printer.cut


def env_binder_infos(env: Environment, within: str | None = None) -> BinderInfos:
    """A resolver giving the binder infos of a constant's leading ``∀`` binders, as module
    ``within`` sees the constant."""
    cache: dict[Name, tuple[int, ...] | None] = {}

    def infos(name: Name) -> tuple[int, ...] | None:
        if name in cache:
            return cache[name]
        ci = env.find(name, within=within)
        out: tuple[int, ...] | None = None
        if ci is not None:
            res = []
            t = strip_mdata(ci.type)
            while isinstance(t, ForallE):
                res.append(t.binder_info)
                t = strip_mdata(t.body)
            out = tuple(res)
        cache[name] = out
        return out

    return infos


def statement(env: Environment, name: Name, within: str | None = None) -> str | None:
    """The pretty-printed type of constant ``name`` (implicit arguments hidden), or ``None``."""
    ci = env.find(name, within=within)
    if ci is None:
        return None
    return pretty(ci.type, env_binder_infos(env))


# ---------------------------------------------------------------------------
# Literal values
# ---------------------------------------------------------------------------

#: The number types whose library arithmetic ``arith`` models exactly (``Fin n`` is handled by
#: the caller with its modulus).
NUMBER_TYPES = frozenset({"Nat", "Int", "Rat"})


def number_type(ty: Expr) -> str | None:
    """``Nat``, ``Int`` or ``Rat`` when the type term ``ty`` is that library type, else ``None``."""
    ty = strip_mdata(ty)
    return str(ty.name) if isinstance(ty, Const) and str(ty.name) in NUMBER_TYPES else None


def arith(op: str, carrier: str | None, a, b, modulus: int | None = None):
    """The library meaning of the binary operation ``op`` (``HAdd.hAdd``, ...) on ``carrier``:
    ``Nat`` subtraction truncates at 0, ``Nat`` and ``Int`` division round down (Euclidean for
    ``Int``), division by 0 is 0 on ``Nat``, ``Int`` and ``Rat``, and ``Fin n`` (``modulus``)
    wraps around. ``None`` when the meaning on ``carrier`` is not modelled (the caller must not
    guess); with ``carrier=None`` only ``+``, ``-`` and ``*`` are given their usual meaning."""
    if modulus is not None:
        if op == "HDiv.hDiv":
            return 0 if b == 0 else (a // b) % modulus
        r = {"HAdd.hAdd": a + b, "HSub.hSub": a - b, "HMul.hMul": a * b}.get(op)
        return None if r is None else r % modulus
    if op == "HAdd.hAdd":
        return a + b
    if op == "HMul.hMul":
        return a * b
    if op == "HSub.hSub":
        return max(a - b, 0) if carrier == "Nat" else a - b
    if op == "HDiv.hDiv":
        if carrier is None:
            return None
        if b == 0:
            return 0
        if carrier == "Rat":
            return Fraction(a) / Fraction(b)
        q = Fraction(a) / abs(Fraction(b))  # Nat: floor; Int: Euclidean (remainder in [0, |b|))
        return (q.numerator // q.denominator) * (1 if b > 0 else -1)
    return None


_BINARY = frozenset({"HAdd.hAdd", "HSub.hSub", "HMul.hMul", "HDiv.hDiv"})
#: The largest exponent a literal is evaluated with (``2 ^ e``, ``m * 10 ^ e``): beyond it a term is
#: "too large to evaluate", never computed (a printer must not run for minutes on `1e1000000000`).
MAX_EXPONENT = 10_000
#: The largest number of bits a literal value may have (``a ^ b`` is refused beyond it).
MAX_BITS = 1 << 16


def _too_large(a: Fraction, b: int) -> bool:
    bits = max(abs(a.numerator).bit_length(), a.denominator.bit_length())
    return bits * b > MAX_BITS
_CASTS = {"Nat.cast": 3, "NatCast.natCast": 3, "Int.cast": 3, "IntCast.intCast": 3, "Rat.ofInt": 1, "Int.ofNat": 1}


def _numeral(e: Expr, depth: int = 0) -> bool:
    """Whether ``e`` is written with numerals alone (``1 + 1``, on any type): such a term does not
    show its type when printed. Terms deeper than ``MAX_DEPTH`` are not (they print cut)."""
    if depth > MAX_DEPTH:
        return False
    e = strip_mdata(e)
    head, args = app_spine(e)
    if isinstance(e, Lit) or (isinstance(head, Const) and str(head.name) == "OfNat.ofNat" and len(args) == 3
                              and isinstance(strip_mdata(args[1]), Lit)):
        return True
    return isinstance(head, Const) and str(head.name) in _BINARY and len(args) == 6 \
        and _numeral(args[4], depth + 1) and _numeral(args[5], depth + 1)


def literal_value(e: Expr, _depth: int = 0) -> Fraction | None:
    """The rational value of a closed numeric literal term, or ``None`` (also for a term deeper than
    ``MAX_DEPTH``, or one too large to evaluate: an exponent beyond ``MAX_EXPONENT``)."""
    if _depth > MAX_DEPTH:
        return None
    e = strip_mdata(e)
    if isinstance(e, Lit):
        return Fraction(e.value) if isinstance(e.value, int) else None
    head, args = app_spine(e)
    if not isinstance(head, Const):
        return None
    n = str(head.name)
    if n == "OfNat.ofNat" and len(args) == 3:
        return literal_value(args[1], _depth + 1)
    if n == "Neg.neg" and len(args) == 3:
        v = literal_value(args[2], _depth + 1)
        return None if v is None else -v
    if n == "Int.neg" and len(args) == 1:
        v = literal_value(args[0], _depth + 1)
        return None if v is None else -v
    if n == "Int.negSucc" and len(args) == 1:
        v = literal_value(args[0], _depth + 1)
        return None if v is None else -(v + 1)
    if n in _BINARY and len(args) == 6:
        carrier = number_type(args[0])
        a, b = literal_value(args[4], _depth + 1), literal_value(args[5], _depth + 1)
        if a is None or b is None or carrier is None:
            return None  # a literal only on Nat, Int or Rat, whose library arithmetic is modelled
        r = arith(n, carrier, a, b)
        return None if r is None else Fraction(r)
    if n == "HPow.hPow" and len(args) == 6:
        a, b = literal_value(args[4], _depth + 1), literal_value(args[5], _depth + 1)
        if a is None or b is None or b.denominator != 1 or b < 0 or b > MAX_EXPONENT or _too_large(a, int(b)):
            return None
        return a ** int(b)
    if n in _CASTS and len(args) == _CASTS[n]:
        if len(args) == 3 and number_type(args[0]) is None:
            return None  # a cast into `Fin n` (or a project type) need not keep the value
        return literal_value(args[-1], _depth + 1)
    if n in ("Rat.ofScientific", "OfScientific.ofScientific") and len(args) >= 3:
        m, s, x = args[-3], strip_mdata(args[-2]), literal_value(args[-1], _depth + 1)
        mv = literal_value(m, _depth + 1)
        if mv is None or x is None or not isinstance(s, Const) or str(s.name) not in ("Bool.true", "Bool.false"):
            return None
        if x.denominator != 1 or x > MAX_EXPONENT:
            return None  # too large to evaluate (`1e1000000000`): not a literal this reader computes
        scale = Fraction(10) ** int(x)
        return mv / scale if str(s.name) == "Bool.true" else mv * scale
    return None


#: A string literal's characters written as Lean writes them in a literal (`\\`, `\"`, `\n`, `\t`, `\r`).
_STRING_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def string_literal(text: str) -> str:
    """``text`` as a Lean string literal in which every character is seen for what it is: printable
    ASCII as itself, every other character as its code point (``\\u0430``, Lean's own escape, so a
    Cyrillic ``а`` in ``"pаy"`` never reads as ``"pay"`` and a zero-width space is never missed;
    a character beyond ``U+FFFF``, which Lean's literals cannot escape, as ``\\u{1D41A}``)."""
    out = ['"']
    for c in text:
        if c in _STRING_ESCAPES:
            out.append(_STRING_ESCAPES[c])
        elif " " <= c <= "~":
            out.append(c)
        elif ord(c) <= 0xFFFF:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(f"\\u{{{ord(c):X}}}")
    out.append('"')
    return "".join(out)
