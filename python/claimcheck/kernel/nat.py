"""The Nat literal extensions, enabled per primitive only once its definition is verified.

Lean's kernel computes `Nat.add 2 3` on literals with big-number arithmetic instead of unfolding.
That is only sound if the constant in the environment is the real `Nat.add`: a `prelude` file may
declare its own `Nat.gcd`, or an axiom named `Nat.gcd` (which a consistent axiom such as
`∀ a b, Nat.gcd a b = 0` may then pin down otherwise). Before a primitive is accelerated, this
module checks it, by what it is and where it comes from:

* `Nat` must be the standard inductive (`Nat : Type`, constructors `zero : Nat`, `succ : Nat → Nat`),
  `Bool` likewise (`false`, `true`) for the predicates;
* structurally recursive primitives (`add sub mul pow beq ble pred` and `shiftLeft`) must satisfy
  their defining equations definitionally on free variables, checked by this kernel without any
  extension (as lean4lean does); by induction these equations determine the function, so
  computing with Python integers gives the same normal forms;
* `div`, `mod`, `gcd` and `shiftRight` are accelerated when the environment states their
  specification (Lean's own theorems `Nat.mod_add_div`, `Nat.mod_lt`, `Nat.div_zero`,
  `Nat.gcd_zero_left`, `Nat.gcd_succ`, `Nat.shiftRight_zero`, `Nat.shiftRight_succ`), compared by
  definitional equality with statements built here (see `_verify_divmod`), each a checked theorem
  or an axiom of the trusted boundary (`spec_statement_trusted`);
* a primitive declared without a body (an axiom or opaque of the primitive's type, as the wasm
  toolchain's core library ships `Nat.gcd`, `Nat.land`, ...) is given its real meaning only when the
  front end vouches for it as the core library's own constant (`Environment.vouched`, decided by
  the `.olean` front end from the module the constant comes from). An NDJSON file has no
  provenance: there a bodyless primitive is an uninterpreted constant like any other axiom (and a
  check that gets stuck on it is declined, see `typechecker.Trace`);
* otherwise, the primitives defined by well-founded recursion (`div mod gcd land lor xor shiftRight`) are
  accelerated only if their definition's deep fingerprint (a SHA-256 over the definition and every
  constant it depends on, `deep_fingerprint`) is listed in the environment's `trusted_fingerprints`
  (computed by the caller from a trusted core library with `primitive_fingerprints`); otherwise
  they are unfolded like any other definition (slow, sound).

Literal arithmetic costs fuel by the size of its operands (`literal_cost`, charged before the work),
and no result larger than `MAX_LITERAL_BITS` is computed: both end a check as `out-of-fuel`.

String literals need the standard `String`, `Char` and `List` in the same way (`standard_string`).
The verification result is stored per environment in `Environment.primitive_status`.
"""

from __future__ import annotations

from types import MappingProxyType

import hashlib
import math

from .declarations import Axiom, Constructor, Definition, InductiveType, Opaque, Quot, Recursor, Theorem
from .expr import APP, BVAR, CONST, FVAR, LAM, LET, LIT, PI, PROJ, SORT, Expr, is_const, iter_subterms
from .level import level_to_str
from .quot import check_eq
from .result import KernelError, OutOfFuel, Unsupported, out_of_fuel

NAT = ("Nat",)
BOOL = ("Bool",)
STRING = ("String",)
NAT_ZERO = ("Nat", "zero")
NAT_SUCC = ("Nat", "succ")

BIN_OPS = MappingProxyType({
    ("Nat", "add"): lambda a, b: a + b,
    ("Nat", "sub"): lambda a, b: a - b if a >= b else 0,
    ("Nat", "mul"): lambda a, b: a * b,
    ("Nat", "div"): lambda a, b: a // b if b else 0,
    ("Nat", "mod"): lambda a, b: a % b if b else a,
    ("Nat", "gcd"): math.gcd,
    ("Nat", "land"): lambda a, b: a & b,
    ("Nat", "lor"): lambda a, b: a | b,
    ("Nat", "xor"): lambda a, b: a ^ b,
    ("Nat", "shiftLeft"): lambda a, b: a << b,
    ("Nat", "shiftRight"): lambda a, b: a >> b,
    ("Nat", "pow"): lambda a, b: a**b,
})
BIN_PREDS = MappingProxyType({
    ("Nat", "beq"): lambda a, b: a == b,
    ("Nat", "ble"): lambda a, b: a <= b,
})
#: Lean's kernel computes `Nat.pow` on literals only for exponents up to 2^24 (`reducePowMaxExp`);
#: above, the definition is unfolded. This kernel does the same for `Nat.shiftLeft`.
POW_LIMIT = 1 << 24
SHIFT_LIMIT = 1 << 24

# ------------------------------------------------------------------------------------------------
# What literal arithmetic costs. Python's integers are lists of 30-bit digits; addition and the
# bitwise operations are linear in the digits, multiplication is Karatsuba (about n^1.585 digit
# operations), division, remainder and gcd are quadratic. Each operation is charged to the
# declaration's fuel *before* it is computed, in kernel steps (one step is about what an inference
# or reduction step costs, tens of microseconds; the constants below were measured on the 2-core
# development machine, rounded so that the charge is on the high side), and a result larger than
# `MAX_LITERAL_BITS` is not computed at all: both are the decline `out-of-fuel`.

#: The largest Nat literal this kernel computes with, in bits (a result that would be larger is out
#: of fuel): 2^25, so Lean's largest power of two by its own exponent limit, `2^2^24`, fits.
MAX_LITERAL_BITS = 1 << 25
#: Digit operations that cost one kernel step: linear operations, multiplication (Karatsuba
#: operations) and division / gcd (quadratic operations).
LINEAR_DIGITS_PER_STEP = 256
MUL_OPS_PER_STEP = 1500
DIV_OPS_PER_STEP = 4000


def _digits(bits: int) -> int:
    return bits // 30 + 1


def _karatsuba(da: int, db: int) -> float:
    """Digit operations of a product of numbers of `da` and `db` digits (CPython's algorithm)."""
    small, big = (da, db) if da <= db else (db, da)
    if small < 70:  # schoolbook below Karatsuba's cut-off
        return float(small * big)
    return (big / small) * small ** 1.585


def literal_cost(name: tuple, a: int, b: int) -> tuple[int, int] | None:
    """(kernel steps, an upper bound on the result's bits) of the literal operation `name a b`, or
    None when this kernel does not compute it on literals (an exponent or shift above the limit:
    the definition is unfolded instead, as in Lean)."""
    la, lb = a.bit_length(), b.bit_length()
    da, db = _digits(la), _digits(lb)
    op = name[1]
    if op in ("add", "sub", "land", "lor", "xor", "beq", "ble"):
        return (da + db) // LINEAR_DIGITS_PER_STEP, max(la, lb) + 1
    if op == "mul":
        return int(_karatsuba(da, db) / MUL_OPS_PER_STEP), la + lb
    if op in ("div", "mod"):
        return (max(da - db, 0) + 1) * db // DIV_OPS_PER_STEP, la
    if op == "gcd":
        return da * db // DIV_OPS_PER_STEP, min(la, lb)
    if op == "shiftRight":
        return da // LINEAR_DIGITS_PER_STEP, max(la - b, 0) if b < la else 0
    if op == "shiftLeft":
        if b > SHIFT_LIMIT:
            return None
        bits = la + b if a else 0
        return _digits(bits) // LINEAR_DIGITS_PER_STEP, bits
    if op == "pow":
        if b > POW_LIMIT:
            return None
        if a <= 1 or b <= 1:
            return da // LINEAR_DIGITS_PER_STEP, la
        bits = int(b * math.log2(a)) + 2
        if bits > MAX_LITERAL_BITS:
            return 0, bits
        half = _digits(bits // 2)
        return int(1.5 * _karatsuba(half, half) / MUL_OPS_PER_STEP), bits
    raise ValueError(f"no literal operation {name}")


def too_large(what: str, bits: int) -> OutOfFuel:
    return OutOfFuel(f"ran out of fuel: {what} would be a number of about {bits:,} bits, more than the "
                     f"{MAX_LITERAL_BITS:,} this kernel computes with")

#: Every constant that has a literal extension (a bodyless one is stuck unless vouched for).
WF_PRIMITIVES = frozenset(("Nat", n) for n in ("div", "mod", "gcd", "land", "lor", "xor", "shiftRight"))
PRIMITIVES = frozenset(BIN_OPS) | frozenset(BIN_PREDS) | {("Nat", "pred")}
#: What a String literal's expansion `String.ofList [Char.ofNat n, ...]` needs.
STRING_NEEDED = (STRING, ("Char",), ("List",), ("List", "nil"), ("List", "cons"), ("String", "ofList"),
                 ("Char", "ofNat"), NAT)
#: Constants Lean's kernel evaluates by running compiled code (`native_decide`); this one does not.
NATIVE = frozenset({("Lean", "reduceBool"), ("Lean", "reduceNat")})


class NatExtension:
    def __init__(self, tc) -> None:
        self.tc = tc
        self.env = tc.env
        self.T = tc.T
        self._nat_ok = False

    # -- fuel ----------------------------------------------------------------------------------

    def charge(self, steps: int) -> None:
        """Spend `steps` of the declaration's fuel (literal arithmetic), before the work is done."""
        if steps > 0:
            tr = self.tc.trace
            tr.left -= steps
            if tr.left < 0:
                raise out_of_fuel(tr)

    def charge_bits(self, bits: int) -> None:
        """A linear operation on a literal of `bits` bits (a predecessor, a successor)."""
        if bits > MAX_LITERAL_BITS:
            raise too_large("a Nat literal", bits)
        self.charge(_digits(bits) // LINEAR_DIGITS_PER_STEP)

    # -- reduction ------------------------------------------------------------------------------

    def reduce(self, e: Expr) -> Expr | None:
        """The literal `e` stands for when it is a primitive applied to arguments whose weak-head
        normal forms are literals (free variables elsewhere in `e` do not matter: `Nat.gcd (den
        ((fun _ => 1) x)) 1` is `1`, as in Lean's kernel, whose `whnf` reduces open terms too;
        only lazy delta reduction tries it on closed terms alone). The primitive is matched as the
        very constant (no universe levels) and used only once verified (`verified`); the work is
        charged to the fuel first (`literal_cost`)."""
        if e.kind != APP:
            return None
        f = e.a
        if f.kind == CONST:
            if is_const(f, NAT_SUCC) and self.nat_ok():
                v = self._lit(e.b)
                if v is None:
                    return None
                self.charge_bits(v.bit_length() + 1)
                return self.T.mk_lit(v + 1)
            return None
        if f.kind != APP or f.a.kind != CONST or f.a.b:
            return None
        name = f.a.a
        op = BIN_OPS.get(name)
        pred = BIN_PREDS.get(name) if op is None else None
        if op is None and pred is None:
            return None
        if not self.verified(name):
            return None
        a = self._lit(f.b)
        if a is None:
            return None
        b = self._lit(e.b)
        if b is None:
            return None
        cost = literal_cost(name, a, b)
        if cost is None:
            return None
        steps, bits = cost
        if bits > MAX_LITERAL_BITS:
            raise too_large(f"'{name[0]}.{name[1]}' on literals", bits)
        self.charge(steps)
        if op is not None:
            return self.T.mk_lit(op(a, b))
        assert pred is not None  # one of the two was found above
        return self.T.mk_const(("Bool", "true") if pred(a, b) else ("Bool", "false"))

    def _lit(self, e: Expr) -> int | None:
        w = self.tc.whnf(e)
        if w.kind == LIT and type(w.a) is int:
            return w.a
        if is_const(w, NAT_ZERO):
            return 0
        return None

    # -- verification -------------------------------------------------------------------------

    def _cached(self, key: tuple, needed: tuple, compute) -> bool:
        """A verification result, cached together with the declarations it was computed from (so a
        block that was added for checking and then rejected cannot leave a stale "yes"); while any
        needed constant is missing the answer is "no"."""
        st = self.env.primitive_status
        infos = tuple(self.env.get(n) for n in needed)
        if any(i is None for i in infos):
            return False
        stamp = infos  # the declarations themselves (kept alive here, compared by identity)
        hit = st.get(key)
        if hit is not None and len(hit[0]) == len(stamp) and all(a is b for a, b in zip(hit[0], stamp)):
            return hit[1]
        st[key] = (stamp, False)  # while verifying, the primitive itself is not accelerated
        try:
            r = bool(compute())
        except (KernelError, Unsupported):
            r = False
        except BaseException:  # out of fuel, or interrupted: nothing is known yet
            del st[key]
            raise
        st[key] = (stamp, r)
        if r:
            self.env.reduction_changed()
        return r

    def nat_ok(self) -> bool:
        if self._nat_ok:
            return True
        r = self._cached(NAT, (NAT, NAT_ZERO, NAT_SUCC), lambda: standard_nat(self.env))
        self._nat_ok = r  # a "yes" holds for this checker's life (it never outlives its environment)
        return r

    def bool_ok(self) -> bool:
        return self._cached(BOOL, (BOOL, ("Bool", "false"), ("Bool", "true")), lambda: standard_bool(self.env))

    def string_ok(self) -> bool:
        return self._cached(STRING, STRING_NEEDED, lambda: standard_string(self.env))

    def string_literal_problem(self) -> tuple | None:
        """Why a String literal cannot be typed `String` here: None (it can), ("missing", names)
        (the input lacks what would justify it: a decline) or ("wrong", why) (a rejection).

        Lean's kernel types a string literal as the constant `String` whatever the environment holds
        (`lit_type`); where the environment does not declare `String`, every use of the literal is
        then a type error in Lean (a literal where a `Nat` is expected is a mismatch, and nothing
        can expect a `String` without naming the unknown constant), so here it is rejected at once
        ("wrong"). Where it declares `String`, a literal names the term `String.ofList [Char.ofNat n,
        ...]`, so it is typed `String` when those exist with the standard types (`standard_string`),
        or when the front end vouches for `String` as the core library's own (the library uses
        literals before `String.ofList` is declared): an empty `String`, or one declared as a
        proposition, gets no literals. `String` or `Char` declared as anything but a data type is
        wrong either way."""
        env = self.env
        for n in (STRING, ("Char",)):
            if env.get(n) is not None and not _data_type(env, n):
                return ("wrong", f"'{'.'.join(n)}' is not a data type (an inductive type in Type without "
                                 f"parameters)")
        if env.get(STRING) is None:
            return ("wrong", "'String' is not declared (Lean's kernel types a string literal as the constant "
                             "'String', whatever the environment holds)")
        if env.vouched(STRING):
            return None
        missing = tuple(n for n in STRING_NEEDED if env.get(n) is None)
        if missing:
            return ("missing", missing)
        if not self.string_ok():
            return ("wrong", "'List', 'String.ofList' or 'Char.ofNat' do not have the standard types "
                             "('String.ofList : List Char → String', 'Char.ofNat : Nat → Char')")
        return None

    def verified(self, name: tuple) -> bool:
        return self._cached(name, (name,), lambda: self._verify(name))

    def _verify(self, name: tuple) -> bool:
        info = self.env.get(name)
        if info is None or info.level_params or not self.nat_ok():
            return False
        T = self.T
        nat = T.mk_const(NAT)
        arrow = T.mk_arrow
        if name in WF_PRIMITIVES:
            # A definition may be vouched for by fingerprint; any constant (also one without a body,
            # as in a core library shipped without proofs) by its specification below.
            if not isinstance(info, (Definition, Axiom, Opaque)):
                return False
            if info.type is not arrow(nat, arrow(nat, nat)):
                return False
            if isinstance(info, (Axiom, Opaque)):
                # No body to check: the real meaning only for the core library's own constant (what
                # Lean's kernel does by name); any other axiom of this name stays uninterpreted.
                return self.env.vouched(name)
            trusted = self.env.trusted_fingerprints.get(name, frozenset())
            if isinstance(info, Definition) and trusted and deep_fingerprint(self.env, name) in trusted:
                return True
            if name in (("Nat", "div"), ("Nat", "mod")):
                return self._cached(("spec", "divmod"), DIVMOD_NEEDED, self._verify_divmod)
            if name == ("Nat", "gcd"):
                return self.verified(("Nat", "mod")) and self._cached(
                    ("spec", "gcd"), GCD_NEEDED, lambda: self._spec_theorems_hold(GCD_SPEC))
            if name == ("Nat", "shiftRight"):
                return self.verified(("Nat", "div")) and self._cached(
                    ("spec", "shiftRight"), SHIFTR_NEEDED, lambda: self._spec_theorems_hold(SHIFTR_SPEC))
            return False
        if isinstance(info, (Axiom, Opaque)):
            # bodyless: as above, only the core library's own constant, vouched for by the front end
            want = arrow(nat, nat) if name == ("Nat", "pred") else arrow(
                nat, arrow(nat, T.mk_const(BOOL) if name in BIN_PREDS else nat))
            return info.type is want and self.env.vouched(name) and (name not in BIN_PREDS or self.bool_ok())
        if not isinstance(info, Definition):
            return False
        tc = self.tc.fresh((), name)
        zero = T.mk_const(NAT_ZERO)
        succ_c = T.mk_const(NAT_SUCC)

        def succ(x: Expr) -> Expr:
            return T.mk_app(succ_c, x)

        binary_type = arrow(nat, arrow(nat, nat))
        x = T.mk_fvar(nat, None, ("x",))
        y = T.mk_fvar(nat, None, ("y",))
        f = info.value

        def app2(g: Expr, a: Expr, b: Expr) -> Expr:
            return T.mk_apps(g, (a, b))

        def eq(a: Expr, b: Expr) -> bool:
            return tc.is_def_eq(a, b)

        if name == ("Nat", "pred"):
            return eq(info.type, arrow(nat, nat)) and eq(T.mk_app(f, zero), zero) and eq(
                T.mk_app(f, succ(x)), x)
        if name in BIN_PREDS:
            if not self.bool_ok() or not eq(info.type, arrow(nat, arrow(nat, T.mk_const(BOOL)))):
                return False
            tt, ff = T.mk_const(("Bool", "true")), T.mk_const(("Bool", "false"))
            first_succ = ff if name == ("Nat", "beq") else tt  # beq 0 (succ x) / ble 0 (succ x)
            return (eq(app2(f, zero, zero), tt) and eq(app2(f, zero, succ(x)), first_succ)
                    and eq(app2(f, succ(x), zero), ff)
                    and eq(app2(f, succ(y), succ(x)), app2(f, y, x)))
        if not eq(info.type, binary_type):
            return False
        c = T.mk_const
        if name == ("Nat", "add"):
            return eq(app2(f, x, zero), x) and eq(app2(f, y, succ(x)), succ(app2(f, y, x)))
        if name == ("Nat", "sub"):
            if not self.verified(("Nat", "pred")):
                return False
            return eq(app2(f, x, zero), x) and eq(
                app2(f, y, succ(x)), T.mk_app(c(("Nat", "pred")), app2(f, y, x)))
        if name == ("Nat", "mul"):
            if not self.verified(("Nat", "add")):
                return False
            return eq(app2(f, x, zero), zero) and eq(
                app2(f, y, succ(x)), app2(c(("Nat", "add")), app2(f, y, x), y))
        if name == ("Nat", "pow"):
            if not self.verified(("Nat", "mul")):
                return False
            return eq(app2(f, x, zero), succ(zero)) and eq(
                app2(f, y, succ(x)), app2(c(("Nat", "mul")), app2(f, y, x), y))
        if name == ("Nat", "shiftLeft"):
            if not self.verified(("Nat", "mul")):
                return False
            two = succ(succ(zero))
            return eq(app2(f, x, zero), x) and eq(
                app2(f, y, succ(x)), app2(f, app2(c(("Nat", "mul")), two, y), x))
        return False

    # -- well-founded primitives characterised by theorems ----------------------------------------
    #
    # `Nat.div`/`Nat.mod` are determined by `m % k + k * (m / k) = m`, `0 < y → x % y < y` and
    # `n / 0 = 0` (with `Nat.le` the standard order, `add`/`mul` verified); `Nat.gcd` by
    # `gcd 0 y = y` and `gcd (succ x) y = gcd (y % succ x) (succ x)`. When the environment holds
    # these statements (theorems it checked, or the trusted boundary's axioms), the real functions
    # and the declared ones are provably equal on every input, so computing them on literals is
    # sound. The statements are compared by definitional equality with ones built here from the
    # primitives, so instance-based notation (`%`, `<`, `OfNat`) is fine.

    def _verify_divmod(self) -> bool:
        if not (self.verified(("Nat", "add")) and self.verified(("Nat", "mul"))):
            return False
        if not standard_nat_le(self.env):
            return False
        return self._spec_theorems_hold(DIVMOD_SPEC)

    def _spec_theorems_hold(self, spec) -> bool:
        try:
            check_eq(self.env)
        except KernelError:
            return False
        tc = self.tc.fresh((), ("Nat", "spec"))
        for thm_name, build in spec:
            info = self.env.get(thm_name)
            if not isinstance(info, (Theorem, Axiom)) or info.level_params:
                return False
            if not spec_statement_trusted(self.env, info):
                return False
            if not tc.is_def_eq(info.type, build(_SpecTerms(self.T))):
                return False
        return True


class _SpecTerms:
    """Builders of the specification statements, in the terms of one run."""

    def __init__(self, T) -> None:
        self.T = T
        self.nat = T.mk_const(NAT)
        self.zero = T.mk_const(NAT_ZERO)

    def succ(self, x):
        return self.T.mk_app(self.T.mk_const(NAT_SUCC), x)

    def op(self, n, a, b):
        return self.T.mk_apps(self.T.mk_const(("Nat", n)), (a, b))

    def eq(self, a, b):
        return self.T.mk_apps(self.T.mk_const(("Eq",), (self.T.one,)), (self.nat, a, b))

    def le(self, a, b):
        return self.T.mk_apps(self.T.mk_const(("Nat", "le")), (a, b))

    def forall(self, n, body):
        xs = [self.T.mk_fvar(self.nat, None, (f"x{i}",)) for i in range(n)]
        return self.T.pis(xs, body(*xs))


DIVMOD_SPEC = (
    (("Nat", "mod_add_div"), lambda S: S.forall(2, lambda m, k: S.eq(
        S.op("add", S.op("mod", m, k), S.op("mul", k, S.op("div", m, k))), m))),
    (("Nat", "mod_lt"), lambda S: S.forall(2, lambda x, y: S.T.mk_arrow(
        S.le(S.succ(S.zero), y), S.le(S.succ(S.op("mod", x, y)), y)))),
    (("Nat", "div_zero"), lambda S: S.forall(1, lambda n: S.eq(S.op("div", n, S.zero), S.zero))),
)
GCD_SPEC = (
    (("Nat", "gcd_zero_left"), lambda S: S.forall(1, lambda y: S.eq(S.op("gcd", S.zero, y), y))),
    (("Nat", "gcd_succ"), lambda S: S.forall(2, lambda x, y: S.eq(
        S.op("gcd", S.succ(x), y), S.op("gcd", S.op("mod", y, S.succ(x)), S.succ(x))))),
)
SHIFTR_SPEC = (
    (("Nat", "shiftRight_zero"), lambda S: S.forall(1, lambda n: S.eq(S.op("shiftRight", n, S.zero), n))),
    (("Nat", "shiftRight_succ"), lambda S: S.forall(2, lambda m, n: S.eq(
        S.op("shiftRight", m, S.succ(n)), S.op("div", S.op("shiftRight", m, n), S.succ(S.succ(S.zero)))))),
)
# The constants a front end should include in the environment first (when its library has them),
# even if the checked declarations do not name them: the theorems that let the well-founded
# primitives be accelerated, and what a String literal stands for (`String.ofList`, `Char.ofNat`:
# a declaration may use a literal without naming them).
SPEC_THEOREMS = tuple(n for n, _ in DIVMOD_SPEC + GCD_SPEC + SHIFTR_SPEC) + (("String", "ofList"), ("Char", "ofNat"))
SHIFTR_NEEDED = (("Nat", "shiftRight"), ("Nat", "div"), ("Eq",)) + tuple(n for n, _ in SHIFTR_SPEC)
DIVMOD_NEEDED = (("Nat", "div"), ("Nat", "mod"), ("Nat", "add"), ("Nat", "mul"), ("Nat", "le"), ("Eq",)) + tuple(
    n for n, _ in DIVMOD_SPEC)
GCD_NEEDED = (("Nat", "gcd"), ("Nat", "mod"), ("Eq",)) + tuple(n for n, _ in GCD_SPEC)


def spec_statement_trusted(env, info) -> bool:
    """Whether a declaration may serve as a primitive's specification: a theorem (checked with its
    proof), or an axiom of the trusted boundary (`Environment.boundary_axioms`). A project's own
    `axiom Nat.gcd_succ ...` about its own `Nat.gcd` must not turn on the literal extension: the
    declarations that the extension then accepts would not list that axiom among theirs."""
    if isinstance(info, Theorem):
        return True
    boundary = env.boundary_axioms
    return isinstance(info, Axiom) and (boundary is None or info.name in boundary)


def standard_nat_le(env) -> bool:
    """`Nat.le n : Nat → Prop` with `refl : le n n` and `step : le n m → le n (succ m)`."""
    le = env.get(("Nat", "le"))
    if not isinstance(le, InductiveType) or le.level_params or le.num_params != 1 or le.num_indices != 1:
        return False
    if le.ctors != (("Nat", "le", "refl"), ("Nat", "le", "step")) or len(le.all) != 1:
        return False
    T = env.terms
    nat = T.mk_const(NAT)
    b = T.mk_bvar
    lec = T.mk_const(("Nat", "le"))
    if le.type is not T.mk_pi(("n",), nat, T.mk_pi(("m",), nat, T.prop)):
        return False
    refl, step = env.get(("Nat", "le", "refl")), env.get(("Nat", "le", "step"))
    if not isinstance(refl, Constructor) or not isinstance(step, Constructor):
        return False
    want_refl = T.mk_pi(("n",), nat, T.mk_apps(lec, (b(0), b(0))))
    want_step = T.mk_pi(("n",), nat, T.mk_pi(("m",), nat, T.mk_pi(
        ("h",), T.mk_apps(lec, (b(1), b(0))), T.mk_apps(lec, (b(2), T.mk_app(T.mk_const(NAT_SUCC), b(1)))))))
    return refl.type is want_refl and step.type is want_step


def standard_nat(env) -> bool:
    return _standard_enum_like(env, NAT, [("zero", False), ("succ", True)])


def standard_bool(env) -> bool:
    return _standard_enum_like(env, BOOL, [("false", False), ("true", False)])


def _standard_enum_like(env, name: tuple, ctors: list) -> bool:
    """`name : Type` with the given constructors (`True`: one field of type `name` itself)."""
    I = env.get(name)
    if not isinstance(I, InductiveType) or I.level_params or I.num_params or I.num_indices:
        return False
    T = env.terms
    if I.type is not T.mk_sort(T.one) or len(I.all) != 1:
        return False
    if tuple(I.ctors) != tuple(name + (c,) for c, _ in ctors):
        return False
    t = T.mk_const(name)
    for c, rec in ctors:
        info = env.get(name + (c,))
        if not isinstance(info, Constructor) or info.level_params:
            return False
        want = T.mk_arrow(t, t) if rec else t
        if info.type is not want:
            return False
    return True


def _data_type(env, name: tuple) -> bool:
    """`name : Type`, an inductive type without parameters or indices (not a proposition)."""
    I = env.get(name)
    T = env.terms
    return (isinstance(I, InductiveType) and not I.level_params and not I.num_params and not I.num_indices
            and I.type is T.mk_sort(T.one) and not I.is_unsafe)


def standard_string(env) -> bool:
    """String literals expand to `String.ofList [Char.ofNat n, ...]`: `String` and `Char` must be
    data types (`: Type`), `List` the standard list, and those two functions must have their
    types. A literal is then a name for a term built from them, and typing it `String` is as
    justified as that term is (a `String` declared as an empty `Prop` gets no literals)."""
    if not standard_nat(env):
        return False
    if not _data_type(env, STRING) or not _data_type(env, ("Char",)):
        return False
    T = env.terms
    string, char, nat = T.mk_const(STRING), T.mk_const(("Char",)), T.mk_const(NAT)
    lst = env.get(("List",))
    if not isinstance(lst, InductiveType) or len(lst.level_params) != 1:
        return False
    if lst.ctors != (("List", "nil"), ("List", "cons")):
        return False
    u = T.levels.mk_param(lst.level_params[0])
    su = T.mk_sort(T.levels.mk_succ(u))
    list_u = T.mk_const(("List",), (u,))
    b = T.mk_bvar
    want_list = T.mk_pi(("α",), su, su)
    want_nil = T.mk_pi(("α",), su, T.mk_app(list_u, b(0)))
    want_cons = T.mk_pi(("α",), su, T.mk_pi(("head",), b(0), T.mk_pi(
        ("tail",), T.mk_app(list_u, b(1)), T.mk_app(list_u, b(2)))))
    nil, cons = env.get(("List", "nil")), env.get(("List", "cons"))
    if lst.type is not want_list or not isinstance(nil, Constructor) or not isinstance(cons, Constructor):
        return False
    if nil.level_params != lst.level_params or cons.level_params != lst.level_params:
        return False
    if nil.type is not want_nil or cons.type is not want_cons:
        return False
    of_list, of_nat = env.get(("String", "ofList")), env.get(("Char", "ofNat"))
    if env.get(STRING) is None or env.get(("Char",)) is None or of_list is None or of_nat is None:
        return False
    if of_list.level_params or of_nat.level_params:
        return False
    list0 = T.mk_app(T.mk_const(("List",), (T.zero,)), char)
    return of_list.type is T.mk_arrow(list0, string) and of_nat.type is T.mk_arrow(nat, char)


def deep_fingerprint(env, name: tuple) -> str:
    """SHA-256 over the declaration `name` and, recursively, every constant it mentions.

    Theorem values are left out (proof irrelevance); everything else that can affect reduction
    (definition values, inductive types, constructors, recursor rules) is included."""
    memo: dict = {}
    order: list = []
    stack = [name]
    seen = set()
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        order.append(n)
        info = env.get(n)
        for e in _exprs_of(info):
            for x in iter_subterms(e):
                if x.kind == CONST and x.a not in seen:
                    stack.append(x.a)
    h = hashlib.sha256()
    for n in sorted(order, key=repr):
        info = env.get(n)
        h.update(repr(n).encode())
        h.update(type(info).__name__.encode())
        h.update(repr(_meta_of(info)).encode())
        for e in _exprs_of(info):
            h.update(_expr_digest(e, memo))
    return h.hexdigest()


def _meta_of(info) -> tuple:
    if info is None:
        return ("missing",)
    lps = tuple(info.level_params)
    if isinstance(info, InductiveType):
        return lps, info.num_params, info.num_indices, info.all, info.ctors, info.is_rec
    if isinstance(info, Constructor):
        return lps, info.induct, info.cidx, info.num_params, info.num_fields
    if isinstance(info, Recursor):
        return (lps, info.num_params, info.num_indices, info.num_motives, info.num_minors, info.k,
                tuple((r.ctor, r.nfields) for r in info.rules))
    if isinstance(info, Quot):
        return lps, str(info.kind)
    return (lps,)


def _exprs_of(info) -> list:
    if info is None:
        return []
    if isinstance(info, (Definition, Opaque)):
        return [info.type, info.value]
    if isinstance(info, Recursor):
        return [info.type] + [r.rhs for r in info.rules]
    if isinstance(info, (Theorem, Axiom, Quot, InductiveType, Constructor)):
        return [info.type]
    return []


def _expr_digest(e: Expr, memo: dict) -> bytes:
    """A Merkle digest of `e` over its DAG (shared subterms are hashed once)."""

    stack = [(e, False)]
    while stack:
        x, ready = stack.pop()
        if x in memo:
            continue
        k = x.kind
        kids = [x.a, x.b] if k in (APP, LAM, PI) else [x.a, x.b, x.c] if k == LET else \
            [x.c] if k == PROJ else []
        if not ready:
            stack.append((x, True))
            stack.extend((c, False) for c in kids if c not in memo)
            continue
        h = hashlib.sha256()
        h.update(str(k).encode())
        if k == BVAR:
            h.update(str(x.a).encode())
        elif k == SORT:
            h.update(level_to_str(x.a).encode())
        elif k == CONST:
            h.update(repr(x.a).encode())
            h.update(repr([level_to_str(u) for u in x.b]).encode())
        elif k == LIT:  # hexadecimal: linear in the size of the number
            h.update((format(x.a, "x") if type(x.a) is int else repr(x.a)).encode())
        elif k == PROJ:
            h.update(repr((x.a, x.b)).encode())
        elif k == FVAR:
            raise ValueError("free variable in a declaration")
        for c in kids:
            h.update(memo[c])
        memo[x] = h.digest()
    return memo[e]


def primitive_fingerprints(env) -> dict:
    """Deep fingerprints of the well-founded primitives present in `env` (a trusted environment),
    in the form `Environment.trusted_fingerprints` takes."""
    return {n: frozenset({deep_fingerprint(env, n)}) for n in sorted(WF_PRIMITIVES) if env.get(n) is not None}
