"""Inductive declarations: well-formedness, positivity, and recursors generated here and compared.

Follows Lean 4's `inductive.cpp`. For a (mutual) block this module checks the types (parameters
shared, result sorts equal), the constructors (parameters, field universes, strict positivity,
result type `I params indices` with no occurrence of the block in the indices), derives `isRec`,
`isReflexive`, constructor indices and field counts, decides the elimination universe (large
elimination only for subsingletons), and builds every recursor (type, rules, `k`, counts). The
front end's recursors must be identical to the generated ones; nothing given is trusted.

What the kernel generates, it checks: once per block, every recursor's type is type-checked and
every rule's right-hand side is type-checked against the type iota reduction needs it to have
(`check_recursor_terms`), so a flaw in the generator (or in what it trusts) is a rejection, not a
proof of `False`. Lean strips the annotations `optParam`, `autoParam`, `outParam` and `semiOutParam`
from field types by name; here one is stripped only where the annotated type is definitionally the
type it wraps (the library's definitions are the identity), so a `prelude` file's own `optParam`
that is not stays in the generated recursor, which then differs from the one given.

Nested inductives (an occurrence of the block under another inductive type) are translated
(`nested.py`).
"""

from __future__ import annotations

from types import MappingProxyType

from .declarations import Constructor, InductiveBlock, Recursor
from .expr import (
    CONST,
    PI,
    Expr,
    find_const,
    get_app_args,
    get_app_fn,
    get_app_fn_args,
    iter_subterms,
)
from .level import Level
from .nested import NestedTranslation, check_nested
from .pretty import expr_to_str, mismatch, name_to_str
from .result import KernelError, Unsupported
from .typechecker import Trace, TypeChecker

#: Lean's type annotations: name -> number of arguments (the annotated type is the first).
ANNOTATIONS = MappingProxyType({("optParam",): 2, ("autoParam",): 2, ("outParam",): 1, ("semiOutParam",): 1})


def consume_type_annotations(tc: TypeChecker, t: Expr) -> Expr:
    """`t` without its `optParam`/`autoParam`/`outParam`/`semiOutParam` wrappers (as Lean's kernel
    strips them from the types of locals), each stripped only where the annotated type is
    definitionally the type it wraps: trusted by definition, not by name."""
    while True:
        f, args = get_app_fn_args(t)
        if f.kind != CONST or ANNOTATIONS.get(f.a) != len(args):
            return t
        if not tc.is_def_eq(t, args[0]):
            return t
        t = args[0]


class InductiveChecker:
    def __init__(self, env, block: InductiveBlock, trace: Trace | None = None) -> None:
        self.env = env
        self.T = env.terms
        self.L = env.terms.levels
        self.block = block
        self.types = list(block.types)
        first = self.types[0]
        self.name = first.name
        self.lparams = tuple(first.level_params)
        self.levels = tuple(self.L.mk_param(p) for p in self.lparams)
        self.nparams = first.num_params
        # not shared: the block's types and constructors are in the environment only while checking
        self.tc = TypeChecker(env, self.lparams, True, first.name, trace, shared=False)
        self.ind_names = [t.name for t in self.types]
        self.ind_consts = [self.T.mk_const(n, self.levels) for n in self.ind_names]
        self.params: list[Expr] = []
        self.nindices: list[int] = []
        self.result_level: Level = self.T.zero
        self._stripped: dict = {}

    def fail(self, msg: str) -> KernelError:
        return KernelError(msg)

    def local(self, binder: Expr) -> Expr:
        """A fresh free variable for the binder `binder` (a Pi), its type without annotations
        (`consume_type_annotations`)."""
        dom = binder.a
        t = self._stripped.get(dom)
        if t is None:
            t = self._stripped[dom] = consume_type_annotations(self.tc, dom)
        return self.T.mk_fvar(t, None, binder.c)

    def _binder(self, t: Expr) -> Expr:
        """`t` if it is a `forall`, else its weak-head normal form: a type's next binder, if it has one."""
        return t if t.kind == PI else self.tc.whnf(t)

    # -- types --------------------------------------------------------------------------------

    def check_types(self) -> None:
        tc = self.tc
        for k, ind in enumerate(self.types):
            if tuple(ind.level_params) != self.lparams:
                raise self.fail("the types of a mutual block must have the same universe parameters")
            if ind.num_params != self.nparams:
                raise self.fail("the types of a mutual block must have the same number of parameters")
            tc.ensure_sort(tc.check(ind.type), ind.type)
            t = ind.type
            i = 0
            nidx = 0
            while (t := self._binder(t)).kind == PI:
                if i < self.nparams:
                    if k == 0:
                        x = self.local(t)
                        self.params.append(x)
                    else:
                        if not tc.is_def_eq(t.a, self.params[i].b):
                            raise self.fail("parameters of all inductive datatypes must match")
                        x = self.params[i]
                    t = self.T.instantiate(t.b, (x,))
                    i += 1
                else:
                    x = self.local(t)
                    t = self.T.instantiate(t.b, (x,))
                    nidx += 1
            if i != self.nparams:
                raise self.fail(f"'{name_to_str(ind.name)}' declares {ind.num_params} parameters but its "
                                f"type has only {i} arguments")
            s = tc.ensure_sort(t, t)
            if k == 0:
                self.result_level = s.a
            elif not self.L.eq(s.a, self.result_level):
                raise self.fail("mutually inductive types must live in the same universe")
            if nidx != ind.num_indices:
                raise self.fail(f"'{name_to_str(ind.name)}' declares {ind.num_indices} indices but has {nidx}")
            self.nindices.append(nidx)
            if tuple(ind.all) != tuple(self.ind_names):
                raise self.fail(f"'{name_to_str(ind.name)}': 'all' does not list the block's types")

    # -- constructors -------------------------------------------------------------------------

    def has_ind_occ(self, e: Expr) -> bool:
        names = set(self.ind_names)
        return find_const(e, lambda n: n in names) is not None

    def valid_ind_app(self, t: Expr, idx: int | None = None) -> int | None:
        """Index of the block type if `t` is `I_k params indices` (indices free of the block)."""
        f, args = get_app_fn_args(t)
        if f.kind != CONST:
            return None
        for k, c in enumerate(self.ind_consts):
            if idx is not None and k != idx:
                continue
            if f is c:
                if len(args) != self.nparams + self.nindices[k]:
                    return None
                for i in range(self.nparams):
                    if args[i] is not self.params[i]:
                        return None
                for a in args[self.nparams:]:
                    if self.has_ind_occ(a):
                        return None
                return k
        return None

    def rec_arg_index(self, dom: Expr) -> int | None:
        tc = self.tc
        t = tc.whnf(dom)
        while t.kind == PI:
            t = tc.whnf(self.T.instantiate(t.b, (self.local(t),)))
        return self.valid_ind_app(t)

    def check_positivity(self, t: Expr, ctor: Constructor, arg: int) -> None:
        tc = self.tc
        while True:
            t = tc.whnf(t)
            if not self.has_ind_occ(t):
                return
            if t.kind == PI:
                if self.has_ind_occ(t.a):
                    raise self.fail(f"arg #{arg + 1} of '{name_to_str(ctor.name)}' has a non positive "
                                    f"occurrence of the datatypes being declared")
                t = self.T.instantiate(t.b, (self.local(t),))
                continue
            if self.valid_ind_app(t) is not None:
                return
            f = get_app_fn(t)
            if f.kind == CONST and self.env.inductive(f.a) is not None:
                raise Unsupported(f"nested inductive occurrence in '{name_to_str(ctor.name)}' "
                                  f"(under '{name_to_str(f.a)}')")
            raise self.fail(f"arg #{arg + 1} of '{name_to_str(ctor.name)}' has a non valid occurrence of "
                            f"the datatypes being declared")

    def check_constructors(self) -> list:
        tc = self.tc
        given = list(self.block.ctors)
        expected_names = [c for ind in self.types for c in ind.ctors]
        if [c.name for c in given] != list(expected_names):
            raise self.fail("the constructors given do not match the constructor lists of the types")
        by_name = {c.name: c for c in given}
        self.is_rec = False
        self.is_reflexive = False
        for k, ind in enumerate(self.types):
            for cidx, cname in enumerate(ind.ctors):
                ctor = by_name[cname]
                if ctor.induct != ind.name or ctor.cidx != cidx or ctor.num_params != self.nparams:
                    raise self.fail(f"constructor '{name_to_str(cname)}': wrong inductive, index or "
                                    f"parameter count")
                if tuple(ctor.level_params) != self.lparams:
                    raise self.fail(f"constructor '{name_to_str(cname)}' has the wrong universe parameters")
                tc.ensure_sort(tc.check(ctor.type), ctor.type)
                t = ctor.type
                i = 0
                nfields = 0
                while t.kind == PI:
                    if i < self.nparams:
                        if not tc.is_def_eq(t.a, self.params[i].b):
                            raise self.fail(f"arg #{i + 1} of '{name_to_str(cname)}' does not match the "
                                            f"inductive datatype's parameters")
                        t = self.T.instantiate(t.b, (self.params[i],))
                    else:
                        s = tc.ensure_sort(tc.infer(t.a), t.a)
                        if not (self.L.leq(s.a, self.result_level) or self.L.leq(self.result_level, self.T.zero)):
                            raise self.fail(f"universe level of type_of(arg #{i + 1}) of '{name_to_str(cname)}' "
                                            f"is too big for the corresponding inductive datatype")
                        self.check_positivity(t.a, ctor, i)
                        if self.rec_arg_index(t.a) is not None:
                            self.is_rec = True
                            if tc.whnf(t.a).kind == PI:
                                self.is_reflexive = True
                        t = self.T.instantiate(t.b, (self.local(t),))
                        nfields += 1
                    i += 1
                if i < self.nparams:
                    raise self.fail(f"constructor '{name_to_str(cname)}' has fewer arguments than the "
                                    f"inductive type has parameters")
                if self.valid_ind_app(t, k) is None:
                    raise self.fail(f"invalid return type for '{name_to_str(cname)}': "
                                    f"{expr_to_str(t, 160)}")
                if nfields != ctor.num_fields:
                    raise self.fail(f"constructor '{name_to_str(cname)}' declares {ctor.num_fields} fields "
                                    f"but has {nfields}")
        return given

    # -- recursors ----------------------------------------------------------------------------

    def elim_only_at_zero(self) -> bool:
        if self.L.leq(self.T.one, self.result_level):
            return False
        if len(self.types) > 1:
            return True
        ctors = self.types[0].ctors
        if len(ctors) > 1:
            return True
        if len(ctors) == 0:
            return False
        tc = self.tc
        t = self.env.constructor(ctors[0]).type
        i = 0
        to_check = []
        while t.kind == PI:
            if i < self.nparams:
                t = self.T.instantiate(t.b, (self.params[i],))
            else:
                x = self.local(t)
                s = tc.ensure_sort(tc.infer(t.a), t.a)
                if not self.L.leq(s.a, self.T.zero):
                    to_check.append(x)
                t = self.T.instantiate(t.b, (x,))
            i += 1
        result_args = get_app_args(t)
        for x in to_check:
            if not any(a is x for a in result_args):
                return True
        return False

    def k_target(self) -> bool:
        if len(self.types) != 1 or self.result_level.kind != "zero" or len(self.types[0].ctors) != 1:
            return False
        ctor = self.env.constructor(self.types[0].ctors[0])
        return ctor.num_fields == 0

    def _ctor_fields(self, ctor: Constructor):
        """Fresh field variables of `ctor` (params instantiated), recursive ones, result type."""
        t = ctor.type
        i = 0
        fields, recs = [], []
        while t.kind == PI:
            if i < self.nparams:
                t = self.T.instantiate(t.b, (self.params[i],))
            else:
                x = self.local(t)
                fields.append(x)
                if self.rec_arg_index(t.a) is not None:
                    recs.append(x)
                t = self.T.instantiate(t.b, (x,))
            i += 1
        return fields, recs, t

    def _rec_field_view(self, u: Expr):
        """For a recursive field `u : Π xs, I_k params idx`: (xs, k, idx)."""
        tc = self.tc
        t = tc.whnf(u.b)
        xs = []
        while t.kind == PI:
            x = self.local(t)
            xs.append(x)
            t = tc.whnf(self.T.instantiate(t.b, (x,)))
        k = self.valid_ind_app(t)
        return xs, k, get_app_args(t)[self.nparams:]

    def build_recursors(self, elim_level: Level | None, rec_lparams: tuple) -> list:
        levels = tuple(self.L.mk_param(p) for p in rec_lparams)
        sort = self.T.mk_sort(elim_level if elim_level is not None else self.T.zero)
        # indices and major premise of each type
        infos = []
        for k, ind in enumerate(self.types):
            t = ind.type
            i = 0
            idx = []
            while (t := self._binder(t)).kind == PI:
                if i < self.nparams:
                    t = self.T.instantiate(t.b, (self.params[i],))
                else:
                    x = self.local(t)
                    idx.append(x)
                    t = self.T.instantiate(t.b, (x,))
                i += 1
            major = self.T.mk_fvar(self.T.mk_apps(self.ind_consts[k], self.params + idx), None, ("t",))
            motive_type = self.T.pis(idx + [major], sort)
            motive = self.T.mk_fvar(motive_type, None, ("motive",) if len(self.types) == 1 else ("motive", k + 1))
            infos.append((idx, major, motive))
        motives = [m for _, _, m in infos]
        minors = []
        ctor_data = []
        for k, ind in enumerate(self.types):
            for cname in ind.ctors:
                ctor = self.env.constructor(cname)
                fields, recs, res = self._ctor_fields(ctor)
                res_args = get_app_args(res)
                kk = self.valid_ind_app(res)
                assert kk is not None  # the constructor's result was checked to be a block type
                c_app = self.T.mk_apps(motives[kk], res_args[self.nparams:] + [
                    self.T.mk_apps(self.T.mk_const(cname, self.levels), self.params + fields)])
                ihs = []
                for u in recs:
                    xs, kj, u_idx = self._rec_field_view(u)
                    ih_type = self.T.pis(xs, self.T.mk_apps(motives[kj], list(u_idx) + [self.T.mk_apps(u, xs)]))
                    ihs.append(self.T.mk_fvar(ih_type, None, ("ih",)))
                minor = self.T.mk_fvar(self.T.pis(fields, self.T.pis(ihs, c_app)), None, cname[-1:])
                minors.append(minor)
                ctor_data.append((k, ctor))
        rec_names = [n + ("rec",) for n in self.ind_names]
        out = []
        prefix = self.params + motives + minors
        for k, (idx, major, motive) in enumerate(infos):
            rec_type = self.T.pis(prefix + idx + [major], self.T.mk_apps(motive, idx + [major]))
            rules = []
            for m, (kc, ctor) in enumerate(ctor_data):
                if kc != k:
                    continue
                fields, recs, _ = self._ctor_fields(ctor)
                vals = []
                for u in recs:
                    xs, kj, u_idx = self._rec_field_view(u)
                    rec_app = self.T.mk_apps(self.T.mk_const(rec_names[kj], levels), prefix + list(u_idx) + [self.T.mk_apps(u, xs)])
                    vals.append(self.T.lams(xs, rec_app))
                rhs = self.T.lams(prefix + fields, self.T.mk_apps(minors[m], fields + vals))
                rules.append((ctor.name, len(fields), rhs))
            out.append((rec_names[k], rec_type, rules, len(idx)))
        return out

    def check_recursors(self) -> None:
        given = list(self.block.recursors)
        if len(given) != len(self.types):
            raise self.fail(f"expected {len(self.types)} recursors, got {len(given)}")
        zero_only = self.elim_only_at_zero()
        g0 = given[0]
        if zero_only:
            elim_level = None
            rec_lparams = self.lparams
        else:
            if len(g0.level_params) != len(self.lparams) + 1:
                raise self.fail(f"recursor '{name_to_str(g0.name)}' should have a universe parameter for "
                                f"the motive (large elimination)")
            u = g0.level_params[0]
            if u in self.lparams:
                raise self.fail(f"recursor '{name_to_str(g0.name)}': motive universe clashes with a parameter")
            elim_level = self.L.mk_param(u)
            rec_lparams = (u,) + self.lparams
        built = self.build_recursors(elim_level, rec_lparams)
        k_flag = self.k_target()
        nminors = sum(len(t.ctors) for t in self.types)
        for rec, (name, rtype, rules, nidx) in zip(given, built):
            where = f"recursor '{name_to_str(rec.name)}'"
            if rec.name != name:
                raise self.fail(f"{where}: expected the recursor to be named '{name_to_str(name)}'")
            if tuple(rec.level_params) != tuple(rec_lparams):
                raise self.fail(f"{where}: wrong universe parameters"
                                + (" (this type only eliminates into Prop)" if zero_only else ""))
            if (rec.num_params, rec.num_indices, rec.num_motives, rec.num_minors) != (
                    self.nparams, nidx, len(self.types), nminors):
                raise self.fail(f"{where}: wrong numParams/numIndices/numMotives/numMinors")
            if rec.k != k_flag:
                raise self.fail(f"{where}: the K flag should be {str(k_flag).lower()}")
            if tuple(rec.all) != tuple(self.ind_names):
                raise self.fail(f"{where}: 'all' does not list the block's types")
            if rec.type is not rtype:
                raise self.fail(f"{where}: its type is not the recursor's type: " + mismatch(
                    "it is given as", rec.type, "the type generated from the declaration is", rtype))
            if len(rec.rules) != len(rules):
                raise self.fail(f"{where}: expected {len(rules)} rules, got {len(rec.rules)}")
            for r, (cname, nf, rhs) in zip(rec.rules, rules):
                if r.ctor != cname or r.nfields != nf:
                    raise self.fail(f"{where}: the rule for '{name_to_str(cname)}' is wrong (constructor or field count)")
                if r.rhs is not rhs:
                    raise self.fail(f"{where}: the rule for '{name_to_str(cname)}' has a wrong right-hand side: "
                                    + mismatch("it is given as", r.rhs, "the rule generated from the declaration is",
                                               rhs))
            if rec.is_unsafe:
                raise self.fail(f"{where}: marked unsafe in a safe inductive")


def expected_rule_type(tc: TypeChecker, rec: Recursor, ctor: Constructor, nfields: int) -> Expr:
    """The type the right-hand side of `rec`'s rule for `ctor` must have for iota reduction to
    preserve types: `Π params motives minors fields, motive idx (ctor As fields)`, read off the
    recursor's type (its major premise's type `J As idx` gives the constructor's parameters `As`:
    the block's parameters, or for a nested block's auxiliary recursor those of the nested type)."""
    T = tc.T
    t = rec.type
    prefix: list[Expr] = []
    for _ in range(rec.num_params + rec.num_motives + rec.num_minors):
        t = tc.ensure_pi(t)
        x = T.mk_fvar(t.a, None, t.c)
        prefix.append(x)
        t = T.instantiate1(t.b, x)
    body = t
    u = body
    idx_vars: list[Expr] = []
    for _ in range(rec.num_indices):
        u = tc.ensure_pi(u)
        x = T.mk_fvar(u.a, None, u.c)
        idx_vars.append(x)
        u = T.instantiate1(u.b, x)
    u = tc.ensure_pi(u)
    J, margs = get_app_fn_args(u.a)
    ind = tc.env.inductive(J.a) if J.kind == CONST else None
    if ind is None or ctor.induct != J.a or len(margs) != ind.num_params + ind.num_indices:
        raise KernelError(f"recursor '{name_to_str(rec.name)}': its major premise is not of the type of "
                          f"'{name_to_str(ctor.name)}'")
    As = margs[:ind.num_params]
    idx_ids = {id(v) for v in idx_vars}
    if any(a.has_fvar and any(id(x) in idx_ids for x in iter_subterms(a)) for a in As):
        raise KernelError(f"recursor '{name_to_str(rec.name)}': the parameters of its major premise depend "
                          f"on its indices")
    ct = T.instantiate_lparams(ctor.type, ctor.level_params, J.b)
    for a in As:
        ct = tc.ensure_pi(ct)
        ct = T.instantiate1(ct.b, a)
    fields: list[Expr] = []
    for _ in range(nfields):
        ct = tc.ensure_pi(ct)
        f = T.mk_fvar(ct.a, None, ct.c)
        fields.append(f)
        ct = T.instantiate1(ct.b, f)
    idx = get_app_args(ct)[ind.num_params:]
    major = T.mk_apps(T.mk_const(ctor.name, J.b), list(As) + fields)
    r = body
    for v in list(idx) + [major]:
        r = tc.ensure_pi(r)
        r = T.instantiate1(r.b, v)
    return T.pis(prefix + fields, r)


def check_recursor_terms(env, recursors, trace: Trace | None) -> None:
    """Type-check recursors (generated or compared with generated ones): each type is a type, each
    rule's right-hand side has the type `expected_rule_type` says. The block's types and
    constructors must be in `env`; the recursors are added while checking and removed again."""
    added = []
    try:
        for rec in recursors:
            if rec.name not in env.constants:
                env.constants[rec.name] = rec
                added.append(rec.name)
        for rec in recursors:
            tc = TypeChecker(env, rec.level_params, True, rec.name, trace, shared=False)
            tc.ensure_sort(tc.check(rec.type), rec.type)
            for rule in rec.rules:
                ctor = env.constructor(rule.ctor)
                if ctor is None:
                    raise KernelError(f"recursor '{name_to_str(rec.name)}': unknown constructor "
                                      f"'{name_to_str(rule.ctor)}'")
                got = tc.check(rule.rhs)
                want = expected_rule_type(tc, rec, ctor, rule.nfields)
                if not tc.is_def_eq(got, want):
                    raise KernelError(f"recursor '{name_to_str(rec.name)}': the rule for '{name_to_str(rule.ctor)}' "
                                      "is ill-typed: " + mismatch("its right-hand side has type", got,
                                                                  "iota reduction needs", want))
    finally:
        for n in added:
            env.constants.pop(n, None)


def check_inductive(env, block: InductiveBlock, trace: Trace | None = None) -> list:
    """Check a block; returns the constants to add (types, constructors, recursors) in order.

    The types and constructors are temporarily added to `env` while checking; they are removed
    again before returning or raising, the caller adds the returned constants."""
    if not block.types:
        raise KernelError("empty inductive block")
    nt = NestedTranslation(env, block)
    nt.run()
    if nt.num_nested or any(t.num_nested for t in block.types):
        out = check_nested(env, block, lambda e, b: InductiveChecker(e, b, trace))
        # the recursors generated for the translated block, translated back, type-checked against
        # the block as declared (a failure is declined, as every failure of the translation)
        added = []
        try:
            for c in list(block.types) + list(block.ctors):
                env.add(c)
                added.append(c.name)
            check_recursor_terms(env, block.recursors, trace)
        except KernelError as e:
            raise Unsupported(f"nested inductive '{name_to_str(block.types[0].name)}' not accepted by this "
                              f"checker's translation: {e}") from None
        finally:
            for n in added:
                env.constants.pop(n, None)
        return out
    added = []
    try:
        ic = InductiveChecker(env, block, trace)
        ic.check_types()
        for ind in block.types:
            env.add(ind)
            added.append(ind.name)
        ctors = ic.check_constructors()
        for c in ctors:
            env.add(c)
            added.append(c.name)
        for ind in block.types:
            if ind.is_rec != ic.is_rec:
                raise KernelError(f"'{name_to_str(ind.name)}': isRec should be {ic.is_rec}")
            if ind.is_reflexive != ic.is_reflexive:
                raise KernelError(f"'{name_to_str(ind.name)}': isReflexive should be {ic.is_reflexive}")
        ic.check_recursors()
        check_recursor_terms(env, block.recursors, trace)
    finally:
        for n in added:
            env.constants.pop(n, None)
    return list(block.types) + list(block.ctors) + list(block.recursors)
