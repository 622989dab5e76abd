"""Inductive declarations: well-formedness, positivity, and recursors generated here and compared.

Follows Lean 4's `inductive.cpp`. For a (mutual) block this module checks the types (parameters
shared, result sorts equal), the constructors (parameters, field universes, strict positivity,
result type `I params indices` with no occurrence of the block in the indices), derives `isRec`,
`isReflexive`, constructor indices and field counts, decides the elimination universe (large
elimination only for subsingletons), and builds every recursor (type, rules, `k`, counts). The
front end's recursors must be identical to the generated ones; nothing given is trusted.

Nested inductives (an occurrence of the block under another inductive type) are declined.
"""

from __future__ import annotations

from . import expr as E
from .declarations import Constructor, InductiveBlock
from .expr import (
    CONST,
    PI,
    Expr,
    abstract,
    get_app_fn_args,
    instantiate,
    mk_apps,
    mk_const,
    mk_fvar,
    mk_sort,
)
from .level import ONE, ZERO, Level, leq, level_eq, mk_param
from .nested import NestedTranslation, check_nested
from .pretty import expr_to_str, mismatch, name_to_str
from .result import KernelError, Unsupported
from .typechecker import Trace, TypeChecker


def consume_type_annotations(t: Expr) -> Expr:
    """Strip `optParam`/`autoParam`/`outParam`/`semiOutParam` wrappers, as Lean's kernel does for locals."""
    while True:
        f, args = get_app_fn_args(t)
        if f.kind != CONST:
            return t
        if f.a in (("optParam",), ("autoParam",)) and len(args) == 2:
            t = args[0]
        elif f.a in (("outParam",), ("semiOutParam",)) and len(args) == 1:
            t = args[0]
        else:
            return t


def local(binder: Expr) -> Expr:
    """A fresh free variable for the binder `binder` (a Pi), its type without annotations."""
    return mk_fvar(consume_type_annotations(binder.a), None, binder.c)


pis = E.pis
lams = E.lams


class InductiveChecker:
    def __init__(self, env, block: InductiveBlock, trace: Trace | None = None) -> None:
        self.env = env
        self.block = block
        self.types = list(block.types)
        first = self.types[0]
        self.name = first.name
        self.lparams = tuple(first.level_params)
        self.levels = tuple(mk_param(p) for p in self.lparams)
        self.nparams = first.num_params
        # not shared: the block's types and constructors are in the environment only while checking
        self.tc = TypeChecker(env, self.lparams, True, first.name, trace, shared=False)
        self.ind_names = [t.name for t in self.types]
        self.ind_consts = [mk_const(n, self.levels) for n in self.ind_names]
        self.params: list[Expr] = []
        self.nindices: list[int] = []
        self.result_level: Level = ZERO

    def fail(self, msg: str) -> KernelError:
        return KernelError(msg)

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
            while True:
                if t.kind != PI:
                    t = tc.whnf(t)
                    if t.kind != PI:
                        break
                if i < self.nparams:
                    if k == 0:
                        x = local(t)
                        self.params.append(x)
                    else:
                        if not tc.is_def_eq(t.a, self.params[i].b):
                            raise self.fail("parameters of all inductive datatypes must match")
                        x = self.params[i]
                    t = instantiate(t.b, (x,))
                    i += 1
                else:
                    x = local(t)
                    t = instantiate(t.b, (x,))
                    nidx += 1
            if i != self.nparams:
                raise self.fail(f"'{name_to_str(ind.name)}' declares {ind.num_params} parameters but its "
                                f"type has only {i} arguments")
            s = tc.ensure_sort(t, t)
            if k == 0:
                self.result_level = s.a
            elif not level_eq(s.a, self.result_level):
                raise self.fail("mutually inductive types must live in the same universe")
            if nidx != ind.num_indices:
                raise self.fail(f"'{name_to_str(ind.name)}' declares {ind.num_indices} indices but has {nidx}")
            self.nindices.append(nidx)
            if tuple(ind.all) != tuple(self.ind_names):
                raise self.fail(f"'{name_to_str(ind.name)}': 'all' does not list the block's types")

    # -- constructors -------------------------------------------------------------------------

    def has_ind_occ(self, e: Expr) -> bool:
        names = set(self.ind_names)
        return E.find_const(e, lambda n: n in names) is not None

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
            t = tc.whnf(instantiate(t.b, (local(t),)))
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
                t = instantiate(t.b, (local(t),))
                continue
            if self.valid_ind_app(t) is not None:
                return
            f = E.get_app_fn(t)
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
                        t = instantiate(t.b, (self.params[i],))
                    else:
                        s = tc.ensure_sort(tc.infer(t.a), t.a)
                        if not (leq(s.a, self.result_level) or leq(self.result_level, ZERO)):
                            raise self.fail(f"universe level of type_of(arg #{i + 1}) of '{name_to_str(cname)}' "
                                            f"is too big for the corresponding inductive datatype")
                        self.check_positivity(t.a, ctor, i)
                        if self.rec_arg_index(t.a) is not None:
                            self.is_rec = True
                            if tc.whnf(t.a).kind == PI:
                                self.is_reflexive = True
                        t = instantiate(t.b, (local(t),))
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
        if leq(ONE, self.result_level):
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
                t = instantiate(t.b, (self.params[i],))
            else:
                x = local(t)
                s = tc.ensure_sort(tc.infer(t.a), t.a)
                if not leq(s.a, ZERO):
                    to_check.append(x)
                t = instantiate(t.b, (x,))
            i += 1
        result_args = E.get_app_args(t)
        for x in to_check:
            if not any(a is x for a in result_args):
                return True
        return False

    def k_target(self) -> bool:
        if len(self.types) != 1 or self.result_level is not ZERO or len(self.types[0].ctors) != 1:
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
                t = instantiate(t.b, (self.params[i],))
            else:
                x = local(t)
                fields.append(x)
                if self.rec_arg_index(t.a) is not None:
                    recs.append(x)
                t = instantiate(t.b, (x,))
            i += 1
        return fields, recs, t

    def _rec_field_view(self, u: Expr):
        """For a recursive field `u : Π xs, I_k params idx`: (xs, k, idx)."""
        tc = self.tc
        t = tc.whnf(u.b)
        xs = []
        while t.kind == PI:
            x = local(t)
            xs.append(x)
            t = tc.whnf(instantiate(t.b, (x,)))
        k = self.valid_ind_app(t)
        return xs, k, E.get_app_args(t)[self.nparams:]

    def build_recursors(self, elim_level: Level | None, rec_lparams: tuple) -> list:
        tc = self.tc
        levels = tuple(mk_param(p) for p in rec_lparams)
        sort = mk_sort(elim_level if elim_level is not None else ZERO)
        # indices and major premise of each type
        infos = []
        for k, ind in enumerate(self.types):
            t = ind.type
            i = 0
            idx = []
            while True:
                if t.kind != PI:
                    t = tc.whnf(t)
                    if t.kind != PI:
                        break
                if i < self.nparams:
                    t = instantiate(t.b, (self.params[i],))
                else:
                    x = local(t)
                    idx.append(x)
                    t = instantiate(t.b, (x,))
                i += 1
            major = mk_fvar(mk_apps(self.ind_consts[k], self.params + idx), None, ("t",))
            motive_type = pis(idx + [major], sort)
            motive = mk_fvar(motive_type, None, ("motive",) if len(self.types) == 1 else ("motive", k + 1))
            infos.append((idx, major, motive))
        motives = [m for _, _, m in infos]
        minors = []
        ctor_data = []
        for k, ind in enumerate(self.types):
            for cname in ind.ctors:
                ctor = self.env.constructor(cname)
                fields, recs, res = self._ctor_fields(ctor)
                res_args = E.get_app_args(res)
                kk = self.valid_ind_app(res)
                c_app = mk_apps(motives[kk], res_args[self.nparams:] + [
                    mk_apps(mk_const(cname, self.levels), self.params + fields)])
                ihs = []
                for u in recs:
                    xs, kj, u_idx = self._rec_field_view(u)
                    ih_type = pis(xs, mk_apps(motives[kj], list(u_idx) + [mk_apps(u, xs)]))
                    ihs.append(mk_fvar(ih_type, None, ("ih",)))
                minor = mk_fvar(pis(fields, pis(ihs, c_app)), None, cname[-1:])
                minors.append(minor)
                ctor_data.append((k, ctor))
        rec_names = [n + ("rec",) for n in self.ind_names]
        out = []
        prefix = self.params + motives + minors
        for k, ind in enumerate(self.types):
            idx, major, motive = infos[k]
            rec_type = pis(prefix + idx + [major], mk_apps(motive, idx + [major]))
            rules = []
            for m, (kc, ctor) in enumerate(ctor_data):
                if kc != k:
                    continue
                fields, recs, _ = self._ctor_fields(ctor)
                vals = []
                for u in recs:
                    xs, kj, u_idx = self._rec_field_view(u)
                    rec_app = mk_apps(mk_const(rec_names[kj], levels), prefix + list(u_idx) + [mk_apps(u, xs)])
                    vals.append(lams(xs, rec_app))
                rhs = lams(prefix + fields, mk_apps(minors[m], fields + vals))
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
            elim_level = mk_param(u)
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


def check_inductive(env, block: InductiveBlock, trace: Trace | None = None) -> list:
    """Check a block; returns the constants to add (types, constructors, recursors) in order.

    The types and constructors are temporarily added to `env` while checking; they are removed
    again before returning or raising, the caller adds the returned constants."""
    if not block.types:
        raise KernelError("empty inductive block")
    nt = NestedTranslation(env, block)
    nt.run()
    if nt.num_nested or any(t.num_nested for t in block.types):
        return check_nested(env, block, lambda e, b: InductiveChecker(e, b, trace))
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
    finally:
        for n in added:
            env.constants.pop(n, None)
    return list(block.types) + list(block.ctors) + list(block.recursors)
