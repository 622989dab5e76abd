"""The quotient package: `Quot`, `Quot.mk`, `Quot.lift`, `Quot.ind` must have exactly Lean's types.

Lean's kernel adds the four constants itself; an export lists them with their types, so each one is
compared with the type built here. `Eq` must already be the standard inductive equality (one
universe parameter, `Eq : {α : Sort u} → α → α → Prop`, one constructor `Eq.refl a : Eq a a`).
Reduction (`Quot.lift f h (Quot.mk r a) ~> f a`, likewise `Quot.ind`) is in `typechecker.py`.
"""

from __future__ import annotations

from types import MappingProxyType

from .declarations import Constructor, InductiveType, Quot, QuotKind
from .pretty import name_to_str
from .result import KernelError

EXPECTED_NAMES = MappingProxyType({
    QuotKind.TYPE: ("Quot",),
    QuotKind.CTOR: ("Quot", "mk"),
    QuotKind.LIFT: ("Quot", "lift"),
    QuotKind.IND: ("Quot", "ind"),
})


def _rel(T, alpha):
    # alpha → alpha → Prop, with `alpha` valid at the binder's position
    return T.mk_pi(("a",), alpha, T.mk_pi(("b",), T.lift_loose(alpha, 1), T.prop))


def expected_type(T, kind: QuotKind, lps: tuple):
    """The type Lean's quotient package gives the constant of `kind`, in the terms `T`."""
    mk_pi, mk_sort, mk_const, mk_app, mk_apps, PROP = T.mk_pi, T.mk_sort, T.mk_const, T.mk_app, T.mk_apps, T.prop
    mk_param = T.levels.mk_param
    u = mk_param(lps[0])
    sort_u = mk_sort(u)
    b = T.mk_bvar
    if kind == QuotKind.TYPE:
        # {α : Sort u} → (α → α → Prop) → Sort u
        return mk_pi(("α",), sort_u, mk_pi(("r",), _rel(T, b(0)), sort_u))
    quot = mk_const(("Quot",), (u,))
    if kind == QuotKind.CTOR:
        # {α : Sort u} → (r : α → α → Prop) → α → @Quot α r
        return mk_pi(("α",), sort_u, mk_pi(("r",), _rel(T, b(0)), mk_pi(("a",), b(1), mk_apps(quot, (b(2), b(1))))))
    if kind == QuotKind.LIFT:
        v = mk_param(lps[1])
        eq = mk_const(("Eq",), (v,))
        # {α : Sort u} {r : α → α → Prop} {β : Sort v} (f : α → β)
        #   → (∀ a b : α, r a b → f a = f b) → @Quot α r → β
        h = mk_pi(("a",), b(3), mk_pi(("b",), b(4), mk_pi(
            ("h",), mk_apps(b(4), (b(1), b(0))),
            mk_apps(eq, (b(4), mk_app(b(3), b(2)), mk_app(b(3), b(1)))))))
        return mk_pi(("α",), sort_u, mk_pi(("r",), _rel(T, b(0)), mk_pi(("β",), mk_sort(v), mk_pi(
            ("f",), mk_pi(("x",), b(2), b(1)), mk_pi(
                ("h",), h, mk_pi(("q",), mk_apps(quot, (b(4), b(3))), b(3)))))))
    # ind: {α : Sort u} {r : α → α → Prop} {β : @Quot α r → Prop}
    #   → (mk : ∀ a : α, β (@Quot.mk α r a)) → ∀ q : @Quot α r, β q
    mk = mk_const(("Quot", "mk"), (u,))
    beta_t = mk_pi(("q",), mk_apps(quot, (b(1), b(0))), PROP)
    mk_t = mk_pi(("a",), b(2), mk_app(b(1), mk_apps(mk, (b(3), b(2), b(0)))))
    return mk_pi(("α",), sort_u, mk_pi(("r",), _rel(T, b(0)), mk_pi(("β",), beta_t, mk_pi(
        ("mk",), mk_t, mk_pi(("q",), mk_apps(quot, (b(3), b(2))), mk_app(b(2), b(0)))))))


def check_eq(env) -> None:
    """`Eq` must be Lean's equality before the quotient package is declared."""
    eq = env.get(("Eq",))
    if not isinstance(eq, InductiveType):
        raise KernelError("the quotient package needs 'Eq' to be declared (as an inductive type) first")
    if len(eq.level_params) != 1 or eq.num_params != 2 or eq.num_indices != 1 or len(eq.ctors) != 1:
        raise KernelError("'Eq' is not the standard equality type")
    T = env.terms
    mk_pi, mk_sort = T.mk_pi, T.mk_sort
    u = T.levels.mk_param(eq.level_params[0])
    b = T.mk_bvar
    want = mk_pi(("α",), mk_sort(u), mk_pi(("a",), b(0), mk_pi(("b",), b(1), T.prop)))
    if eq.type is not want:
        raise KernelError("'Eq' does not have the type {α : Sort u} → α → α → Prop")
    refl = env.get(eq.ctors[0])
    want_refl = mk_pi(("α",), mk_sort(u), mk_pi(("a",), b(0), T.mk_apps(T.mk_const(("Eq",), (u,)), (b(1), b(0), b(0)))))
    if not isinstance(refl, Constructor) or refl.type is not want_refl:
        raise KernelError("'Eq.refl' is not the standard reflexivity constructor")


def check_quot(env, decl: Quot) -> None:
    want_name = EXPECTED_NAMES[decl.kind]
    if decl.name != want_name:
        raise KernelError(f"quotient constant of kind {decl.kind} must be named '{name_to_str(want_name)}'")
    # Lean adds the four at once; here each needs the ones its type mentions (Quot, Quot.mk), which
    # type checking of the expected type below enforces through the comparison with `Quot`.
    needs = [QuotKind.TYPE] if decl.kind != QuotKind.TYPE else []
    if decl.kind == QuotKind.IND:
        needs.append(QuotKind.CTOR)
    for earlier in needs:
        if not isinstance(env.get(EXPECTED_NAMES[earlier]), Quot):
            raise KernelError(f"'{name_to_str(EXPECTED_NAMES[earlier])}' must be declared before "
                              f"'{name_to_str(decl.name)}'")
    check_eq(env)
    nlevels = 2 if decl.kind == QuotKind.LIFT else 1
    if len(decl.level_params) != nlevels:
        raise KernelError(f"'{name_to_str(decl.name)}' must have {nlevels} universe parameter(s)")
    if decl.type is not expected_type(env.terms, decl.kind, tuple(decl.level_params)):
        raise KernelError(f"'{name_to_str(decl.name)}' does not have the type Lean's quotient package requires")
