"""Nested inductive types, by Lean's translation to a mutual block with auxiliary types.

An occurrence `J As` of an existing inductive `J` whose parameters `As` mention the block being
declared (e.g. `List Tree` in `Tree.node : List Tree → Tree`) is replaced by a new auxiliary type
`aux As'` (As' the block's parameters) whose constructors are `J`'s constructors specialised to
`As`. The extended mutual block is checked like any other; its recursors are generated, then the
auxiliary types and constructors are translated back (`aux As' ↦ J As`, `aux.c ↦ J.c As`,
`aux.rec ↦ I.rec_i`) and compared with the given recursors.

Because this translation is subtle, a nested block whose check fails is *declined* rather than
rejected, unless the failure is found before any translation matters; it is never accepted unless
every generated recursor matches exactly.
"""

from __future__ import annotations

from .declarations import Constructor, InductiveBlock, InductiveType
from .expr import APP, CONST, LAM, LET, PI, PROJ, Expr, find_const, get_app_args, get_app_fn_args
from .pretty import mismatch, name_to_str
from .result import KernelError, Unsupported


def _instantiate_params(T, t: Expr, n: int, args) -> Expr:
    for _ in range(n):
        if t.kind != PI:
            raise Unsupported("nested inductive: malformed parameter telescope")
        t = t.b
    return T.instantiate_rev(t, list(args[:n]))


def _telescope(T, t: Expr, n: int):
    xs: list[Expr] = []
    kinds = []
    for _ in range(n):
        if t.kind not in (PI, LAM):
            raise Unsupported("nested inductive: malformed parameter telescope")
        kinds.append(t.kind)
        xs.append(T.mk_fvar(T.instantiate_rev(t.a, xs), None, t.c))
        t = t.b
    return xs, T.instantiate_rev(t, xs), kinds


def _close(T, kind: int, xs: list, body: Expr) -> Expr:
    r = T.abstract(body, xs)
    for j in range(len(xs) - 1, -1, -1):
        dom = T.abstract(xs[j].b, xs[:j])
        r = T.mk_binder(kind, xs[j].d, "default", dom, r)
    return r


class NestedTranslation:
    def __init__(self, env, block: InductiveBlock) -> None:
        self.env = env
        self.T = env.terms
        self.block = block
        self.first = block.types[0]
        self.nparams = self.first.num_params
        self.lparams = tuple(self.first.level_params)
        self.block_names = {t.name for t in block.types}
        self.aux_key: dict = {}        # abstracted `J As` -> aux name
        self.aux2nested: dict = {}     # aux name -> (J const, J params abstracted over block params)
        self.aux_ctor: dict = {}       # aux ctor name -> (aux name, J ctor name)
        self.types: list = []          # (name, type, [(ctor name, ctor type)])
        self.counter = 0

    def _mentions_block(self, e: Expr) -> bool:
        names = self.block_names | set(self.aux2nested)
        return find_const(e, lambda n: n in names) is not None

    def _nested_app(self, e: Expr):
        if e.kind != APP:
            return None
        f, args = get_app_fn_args(e)
        if f.kind != CONST or f.a in self.block_names or f.a in self.aux2nested:
            return None
        J = self.env.inductive(f.a)
        if J is None or J.num_params > len(args):
            return None
        params = args[: J.num_params]
        if not any(self._mentions_block(a) for a in params):
            return None
        if any(a.lbr > 0 for a in params):
            raise Unsupported(f"nested occurrence of '{name_to_str(f.a)}' whose parameters depend on fields")
        if any(self._mentions_block(a) for a in args[J.num_params:]):
            raise Unsupported(f"nested occurrence of '{name_to_str(f.a)}' with the block in its indices")
        return f, J, params

    def _replace(self, e: Expr, As: list) -> Expr:
        """Replace every nested occurrence in `e` (pre-order, function before argument)."""
        cache: dict = {}

        def go(x: Expr) -> Expr:
            if not self._mentions_block(x):
                return x
            r = cache.get(x)
            if r is not None:
                return r
            hit = self._nested_app(x)
            if hit is not None:
                f, J, params = hit
                aux = self._aux_for(f, J, params, As)
                args = get_app_args(x)
                r = self.T.mk_apps(self.T.mk_apps(self.T.mk_const(aux, [self.T.levels.mk_param(p) for p in self.lparams]), As),
                            [go(a) for a in args[J.num_params:]])
            elif x.kind == APP:
                r = self.T.mk_app(go(x.a), go(x.b))
            elif x.kind in (PI, LAM):
                r = self.T.mk_binder(x.kind, x.c, x.d, go(x.a), go(x.b))
            elif x.kind == LET:
                r = self.T.mk_let(x.d, go(x.a), go(x.b), go(x.c))
            elif x.kind == PROJ:
                r = self.T.mk_proj(x.a, x.b, go(x.c))
            else:
                r = x
            cache[x] = r
            return r

        return go(e)

    def _aux_for(self, f: Expr, J: InductiveType, params, As: list) -> tuple:
        key_params = tuple(self.T.abstract(p, As) for p in params)
        key = (f, key_params)
        name = self.aux_key.get(key)
        if name is not None:
            return name
        self.counter += 1
        name = self.first.name + (f"_nested_aux_{self.counter}",)
        self.aux_key[key] = name
        self.aux2nested[name] = (f, key_params)
        jt = self.T.instantiate_lparams(J.type, J.level_params, f.b)
        aux_type = _close(self.T, PI, As, _instantiate_params(self.T, jt, J.num_params, params))
        ctors = []
        for cname in J.ctors:
            c = self.env.constructor(cname)
            ct = self.T.instantiate_lparams(c.type, c.level_params, f.b)
            new_name = name + cname[len(J.name):]
            self.aux_ctor[new_name] = (name, cname)
            ctors.append((new_name, _close(self.T, PI, As, _instantiate_params(self.T, ct, J.num_params, params))))
        self.types.append((name, aux_type, ctors))
        return name

    def run(self) -> None:
        for t in self.block.types:
            self.types.append((t.name, t.type, [(c.name, c.type) for c in self.block.ctors if c.induct == t.name]))
        i = 0
        while i < len(self.types):
            name, ty, ctors = self.types[i]
            new_ctors = []
            for cname, ctype in ctors:
                As, body, _ = _telescope(self.T, ctype, self.nparams)
                new_ctors.append((cname, _close(self.T, PI, As, self._replace(body, As))))
            self.types[i] = (name, ty, new_ctors)
            i += 1

    @property
    def num_nested(self) -> int:
        return len(self.aux2nested)

    def extended_block(self) -> InductiveBlock:
        """The mutual block with auxiliary types (derived data to be recomputed by the checker)."""
        names = tuple(n for n, _, _ in self.types)
        types, ctors = [], []
        for name, ty, cs in self.types:
            nidx = _count_pis(ty) - self.nparams
            types.append(InductiveType(name, self.lparams, ty, self.nparams, nidx, names,
                                       tuple(cn for cn, _ in cs)))
            for k, (cn, ct) in enumerate(cs):
                ctors.append(Constructor(cn, self.lparams, ct, name, k, self.nparams,
                                         _count_pis(ct) - self.nparams))
        return InductiveBlock(tuple(types), tuple(ctors), ())

    def restore(self, e: Expr, rec_names: dict) -> Expr:
        """Translate auxiliary types, constructors and recursors back into `e` (closed; its first
        `nparams` binders are the block's parameters)."""
        As, body, kinds = _telescope(self.T, e, self.nparams)
        cache: dict = {}

        def go(x: Expr) -> Expr:
            r = cache.get(x)
            if r is not None:
                return r
            k = x.kind
            if k == CONST and x.a in rec_names:
                r = self.T.mk_const(rec_names[x.a], x.b)
            elif k in (APP, CONST):
                f, args = get_app_fn_args(x)
                r = None
                if f.kind == CONST and (f.a in self.aux2nested or f.a in self.aux_ctor):
                    if len(args) < self.nparams:
                        raise Unsupported("nested inductive: auxiliary constant under-applied")
                    if f.a in self.aux2nested:
                        J, key_params = self.aux2nested[f.a]
                        head = self.T.mk_apps(J, [self.T.instantiate_rev(p, As) for p in key_params])
                    else:
                        aux, jc = self.aux_ctor[f.a]
                        J, key_params = self.aux2nested[aux]
                        head = self.T.mk_apps(self.T.mk_const(jc, J.b), [self.T.instantiate_rev(p, As) for p in key_params])
                    r = self.T.mk_apps(head, [go(a) for a in args[self.nparams:]])
                elif k == APP:
                    r = self.T.mk_app(go(x.a), go(x.b))
                else:
                    r = x
            elif k in (PI, LAM):
                r = self.T.mk_binder(k, x.c, x.d, go(x.a), go(x.b))
            elif k == LET:
                r = self.T.mk_let(x.d, go(x.a), go(x.b), go(x.c))
            elif k == PROJ:
                r = self.T.mk_proj(x.a, x.b, go(x.c))
            else:
                r = x
            cache[x] = r
            return r

        out = go(body)
        return _close(self.T, kinds[0], As, out) if As else out


def _count_pis(t: Expr) -> int:
    n = 0
    while t.kind == PI:
        n += 1
        t = t.b
    return n


def check_nested(env, block: InductiveBlock, ic_class) -> list:
    """Check a nested block; returns the constants to add. Failures are declined (see module doc)."""
    nt = NestedTranslation(env, block)
    nt.run()
    try:
        return _check_nested(env, block, nt, ic_class)
    except KernelError as e:
        raise Unsupported(f"nested inductive '{name_to_str(block.types[0].name)}' not accepted by this "
                          f"checker's translation: {e}") from None


def _check_nested(env, block: InductiveBlock, nt: NestedTranslation, ic_class) -> list:
    def fail(msg: str) -> KernelError:
        return KernelError(msg)

    ext = nt.extended_block()
    orig_names = tuple(t.name for t in block.types)
    ext_ctors = {c.name: c for c in ext.ctors}
    for t in block.types:
        if t.num_nested != nt.num_nested:
            raise fail(f"'{name_to_str(t.name)}': numNested should be {nt.num_nested}")
        if tuple(t.all) != orig_names:
            raise fail(f"'{name_to_str(t.name)}': 'all' does not list the block's types")
        if tuple(t.level_params) != nt.lparams or t.num_params != nt.nparams:
            raise fail(f"'{name_to_str(t.name)}': universe parameters or parameter count differ")
    if [c.name for c in block.ctors] != [cn for t in block.types for cn in t.ctors]:
        raise fail("the constructors given do not match the constructor lists of the types")
    for c in block.ctors:
        e = ext_ctors.get(c.name)
        if e is None or (c.induct, c.cidx, c.num_params, c.num_fields, tuple(c.level_params)) != (
                e.induct, e.cidx, e.num_params, e.num_fields, tuple(e.level_params)):
            raise fail(f"constructor '{name_to_str(c.name)}': wrong inductive, index or field count")
    ic = ic_class(env, ext)
    added = []
    try:
        ic.check_types()
        for t in ext.types:
            env.add(t)
            added.append(t.name)
        for c in ic.check_constructors():
            env.add(c)
            added.append(c.name)
        for t in block.types:
            if t.num_indices != ic.nindices[ic.ind_names.index(t.name)]:
                raise fail(f"'{name_to_str(t.name)}': wrong number of indices")
            if t.is_rec != ic.is_rec or t.is_reflexive != ic.is_reflexive:
                raise fail(f"'{name_to_str(t.name)}': isRec/isReflexive should be {ic.is_rec}/{ic.is_reflexive}")
        given = {r.name: r for r in block.recursors}
        if len(given) != len(ext.types) or len(block.recursors) != len(ext.types):
            raise fail(f"expected {len(ext.types)} recursors, got {len(block.recursors)}")
        zero_only = ic.elim_only_at_zero()
        g0 = given.get(orig_names[0] + ("rec",))
        if g0 is None:
            raise fail(f"missing recursor '{name_to_str(orig_names[0] + ('rec',))}'")
        if zero_only:
            elim, rec_lps = None, nt.lparams
        else:
            if len(g0.level_params) != len(nt.lparams) + 1 or g0.level_params[0] in nt.lparams:
                raise fail("the recursor should have a universe parameter for the motive")
            elim, rec_lps = env.terms.levels.mk_param(g0.level_params[0]), (g0.level_params[0],) + nt.lparams
        built = ic.build_recursors(elim, rec_lps)
        rec_names = {}
        aux_i = 0
        for t in ext.types:
            if t.name in orig_names:
                rec_names[t.name + ("rec",)] = t.name + ("rec",)
            else:
                aux_i += 1
                rec_names[t.name + ("rec",)] = orig_names[0] + (f"rec_{aux_i}",)
        k_flag = ic.k_target()
        nminors = len(ext.ctors)
        for name, rtype, rules, nidx in built:
            want = rec_names[name]
            rec = given.get(want)
            where = f"recursor '{name_to_str(want)}'"
            if rec is None:
                raise fail(f"{where} is missing")
            if tuple(rec.level_params) != tuple(rec_lps):
                raise fail(f"{where}: wrong universe parameters")
            if (rec.num_params, rec.num_indices, rec.num_motives, rec.num_minors, rec.k) != (
                    nt.nparams, nidx, len(ext.types), nminors, k_flag):
                raise fail(f"{where}: wrong numParams/numIndices/numMotives/numMinors/k")
            if tuple(rec.all) != orig_names:
                raise fail(f"{where}: 'all' does not list the block's types")
            want_type = nt.restore(rtype, rec_names)
            if rec.type is not want_type:
                raise fail(f"{where}: its type is not the recursor's type: " + mismatch(
                    "it is given as", rec.type, "the type generated from the declaration is", want_type))
            if len(rec.rules) != len(rules):
                raise fail(f"{where}: expected {len(rules)} rules")
            for r, (cname, nf, rhs) in zip(rec.rules, rules):
                cn = nt.aux_ctor[cname][1] if cname in nt.aux_ctor else cname
                if r.ctor != cn or r.nfields != nf:
                    raise fail(f"{where}: the rule for '{name_to_str(cn)}' is wrong (constructor or field count)")
                want_rhs = nt.restore(rhs, rec_names)
                if r.rhs is not want_rhs:
                    raise fail(f"{where}: the rule for '{name_to_str(cn)}' has a wrong right-hand side: " + mismatch(
                        "it is given as", r.rhs, "the rule generated from the declaration is", want_rhs))
            if rec.is_unsafe:
                raise fail(f"{where}: marked unsafe in a safe inductive")
    finally:
        for n in added:
            env.constants.pop(n, None)
    return list(block.types) + list(block.ctors) + list(block.recursors)


__all__ = ["NestedTranslation", "check_nested"]
