"""The kernel's front end: constants decoded by the `.olean` reader -> kernel declarations.

`OleanSource(env)` wraps a `claimcheck.olean.reader.Environment` (the project's build folder and the
core library): `key(name)` names the unit of checking (an inductive block is named by its first type;
its constructors and recursors belong to it), `closure(roots)` lists the units the roots need, in
dependency order, and `declaration(key)` converts one unit to the kernel's model
(`claimcheck.kernel.declarations`). Theorems without a body (the core library in the wasm package
ships none) become axioms: they are the trusted boundary. Data the reader cannot decode raises
`DecodeError`, so that a caller reports the unit as undecided, never skips it.

The reader resolves every name in one namespace, but Lean checks each module in the environment of
its own imports. Two modules that no environment imports together (a `prelude` module with its own
`Nat`, `Nat.gcd`, ... beside a module importing `Init`) may declare the same name with different
meanings; a check by name would then mix them (the library's `Nat.gcd_succ` taken as a statement
about the project's `Nat.gcd`). `declared_twice(env, modules)` lists such names: a caller must not
check, accept or export anything that uses one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from claimcheck.errors import OleanError
from claimcheck.kernel import declarations as D
from claimcheck.kernel import level as L
from claimcheck.kernel.expr import Terms
from claimcheck.model.names import Name
from claimcheck.olean import reader as O
from claimcheck.olean.terms import children


#: The constants that are axioms in Lean's core library itself; every other constant the package
#: ships without a body is a definition or theorem whose body was left out (`OleanSource.provenance`).
GENUINE_AXIOMS = frozenset({"propext", "Classical.choice", "Quot.sound", "sorryAx", "Lean.ofReduceBool",
                            "Lean.ofReduceNat", "Lean.trustCompiler"})


class DecodeError(OleanError):
    """A constant's data could not be decoded fully (the unit is undecided)."""


def kernel_name(n: Name) -> tuple:
    """A reader name as the kernel's tuple of components (numeric components as ints)."""
    return n.components


class Converter:
    """Reader terms -> kernel terms of one checking run (`terms`), memoised on the reader's (shared)
    objects."""

    def __init__(self, terms: Terms | None = None) -> None:
        self.T = Terms() if terms is None else terms  # the run's terms (a new table by default)
        self.levels: dict = {}
        self.exprs: dict = {}

    def level(self, lv: O.Level) -> L.Level:
        got = self.levels.get(id(lv))
        if got is not None:
            return got[1]
        k = lv.kind
        levels = self.T.levels
        if k == "zero":
            r = levels.zero
        elif k == "succ":
            r = levels.mk_succ(self.level(lv.args[0]))
        elif k == "max":
            r = levels.mk_max(self.level(lv.args[0]), self.level(lv.args[1]))
        elif k == "imax":
            r = levels.mk_imax(self.level(lv.args[0]), self.level(lv.args[1]))
        elif k == "param":
            r = levels.mk_param(kernel_name(lv.name or Name(())))
        else:
            raise DecodeError(f"level kind {k}")
        self.levels[id(lv)] = (lv, r)
        return r

    def expr(self, root: O.Expr):
        T = self.T
        cache = self.exprs
        stack = [(root, False)]
        while stack:
            x, ready = stack.pop()
            if id(x) in cache:
                continue
            if not ready:
                stack.append((x, True))
                stack.extend((c, False) for c, _under in children(x) if id(c) not in cache)
                continue
            g = lambda c: cache[id(c)][1]  # noqa: E731
            if isinstance(x, O.BVar):
                r = T.mk_bvar(x.index)
            elif isinstance(x, O.Sort):
                r = T.mk_sort(self.level(x.level))
            elif isinstance(x, O.Const):
                r = T.mk_const(kernel_name(x.name), [self.level(u) for u in x.levels])
            elif isinstance(x, O.App):
                r = T.mk_app(g(x.fn), g(x.arg))
            elif isinstance(x, O.Lam):
                r = T.mk_lam(kernel_name(x.binder_name), g(x.binder_type), g(x.body))
            elif isinstance(x, O.ForallE):
                r = T.mk_pi(kernel_name(x.binder_name), g(x.binder_type), g(x.body))
            elif isinstance(x, O.LetE):
                r = T.mk_let(kernel_name(x.decl_name), g(x.type), g(x.value), g(x.body))
            elif isinstance(x, O.Lit):
                r = T.mk_lit(x.value)
            elif isinstance(x, O.MData):
                r = g(x.expr)
            elif isinstance(x, O.Proj):
                r = T.mk_proj(kernel_name(x.type_name), x.index, g(x.struct))
            else:
                raise DecodeError(f"expression {type(x).__name__}")
            cache[id(x)] = (x, r)
        return cache[id(root)][1]


def _hints(hints: tuple[str, int]) -> D.Hints:
    kind, height = hints
    if kind == "regular":
        return D.Hints(D.HintKind.REGULAR, height)
    return D.Hints(D.HintKind.OPAQUE if kind == "opaque" else D.HintKind.ABBREV)


def postorder(roots: Iterable[Name], deps: Callable[[Name], Iterable[Name]]) -> list[Name]:
    """Every node reachable from ``roots``, each after the nodes ``deps`` lists for it, in the
    roots' order (an iterative depth-first search: the order matters, the checker accelerates Nat
    primitives only once the theorems that specify them, listed first, are checked)."""
    order: list[Name] = []
    state: dict[Name, int] = {}
    for root in roots:
        stack = [(root, False)]
        while stack:
            n, ready = stack.pop()
            if ready:
                if state.get(n) != 2:
                    state[n] = 2
                    order.append(n)
                continue
            if state.get(n):
                continue
            state[n] = 1
            stack.append((n, True))
            stack.extend((d, False) for d in deps(n) if not state.get(d))
    return order


def declared_twice(env: O.Environment, modules) -> dict[Name, tuple[str, ...]]:
    """The names declared by more than one module among ``modules``, everything they import and
    every module ``env`` has loaded (and what those import), each with the modules declaring it
    (sorted). Within one Lean environment a name is declared once, so a name listed here means two
    environments are mixed. The library's modules are not read for it when ``env`` has its catalog."""
    return env.declared_twice([*modules, *env.modules])


def clash_reason(name: Name, modules: tuple[str, ...]) -> str:
    """Why a unit that uses a name declared twice is not checked."""
    return (f"{name} is declared by {' and '.join(modules)}, modules that no Lean environment imports "
            "together: checked by name, their meanings would be mixed")


class OleanSource:
    """Kernel declarations read from compiled modules (see the module docstring)."""

    def __init__(self, env: O.Environment, core_folders=None, terms: Terms | None = None,
                 trusted_folders=()) -> None:
        self.env = env
        #: the terms of the checking run the declarations are for (`Environment(terms=...)`)
        self.terms = Terms() if terms is None else terms
        self.conv = Converter(self.terms)
        self._deps: dict[Name, tuple[Name, ...]] = {}
        from pathlib import Path

        folders = core_folders or [f for f in env.search_path if (Path(f) / "Init.olean").is_file()]
        self._core = {Path(f).resolve() for f in folders}
        self._from_lib: dict[str, bool] = {}
        #: output folders of a workspace's required packages whose theorems are admitted as stated
        #: (``[kernel] dependencies = "trust"``): checked as axioms, their proofs not re-checked
        self._trusted = {Path(f).resolve() for f in trusted_folders}
        self._from_trusted: dict[str, bool] = {}

    def trusted(self, module: str) -> bool:
        """Whether ``module`` belongs to a required package whose theorems are admitted as stated."""
        if not self._trusted:
            return False
        got = self._from_trusted.get(module)
        if got is None:
            found = self.env.locate(module)
            got = self._from_trusted[module] = found is not None and found[1].resolve() in self._trusted
        return got

    def is_boundary(self, key: Name) -> bool:
        """Whether ``key`` is a declaration of the trusted core library shipped without its proof
        (an axiom there, or a theorem without a value): the trusted boundary."""
        ci, mod = self.info(key)
        if ci.kind == "theorem" and self.trusted(mod.name):
            return True
        if ci.kind not in ("axiom", "theorem") or ci.value is not None:
            return False
        return self.from_library(mod.name)

    def from_library(self, module: str) -> bool:
        """Whether ``module`` is read from the toolchain's library folder (the core library)."""
        got = self._from_lib.get(module)
        if got is None:
            found = self.env.locate(module)
            got = self._from_lib[module] = found is not None and found[1].resolve() in self._core
        return got

    def provenance(self, key: Name) -> tuple[list[tuple], list[tuple]]:
        """What the front end vouches for about the unit ``key``, as kernel names: (the constants
        that are the core library's own, those of them that the package ships without a body
        although they are not axioms in Lean: a definition its module does not export, or a
        theorem without its proof). Nothing for a constant of any other module: a project's
        `axiom Nat.gcd` is an axiom, not the library's function."""
        lib: list[tuple] = []
        hidden: list[tuple] = []
        for m in self.members(key):
            ci, mod = self.info(m)
            if not self.from_library(mod.name):
                continue
            lib.append(kernel_name(m))
            if ci.value is None and ci.kind in ("axiom", "theorem") and str(m) not in GENUINE_AXIOMS:
                hidden.append(kernel_name(m))
        return lib, hidden

    def info(self, name: Name):
        ci = self.env.find(name)
        if ci is None:
            raise KeyError(name)
        return ci, self.env.modules[ci.module]

    def key(self, name: Name) -> Name:
        """The unit of checking that declares ``name``: an inductive block is named by its first type."""
        ci, _ = self.info(name)
        if ci.kind == "constructor":
            ci, _ = self.info(ci.induct)
        if ci.kind in ("recursor", "inductive"):
            return ci.all[0]
        return name

    def _nested(self, t: Name) -> int:
        _ci, mod = self.info(t)
        return mod.kernel_fields(t).num_nested

    def members(self, key: Name) -> list[Name]:
        """The constants a unit declares."""
        ci, _ = self.info(key)
        if ci.kind != "inductive":
            return [key]
        out: list[Name] = []
        nnested = 0
        for t in ci.all:
            t_ci, _ = self.info(t)
            out.append(t)
            out += list(t_ci.ctors)
            nnested = self._nested(t)
        return out + _recursors(ci.all, nnested)

    def deps(self, key: Name) -> tuple[Name, ...]:
        """The units that ``key`` uses (constants that cannot be found are left to the kernel,
        which reports them as unknown)."""
        got = self._deps.get(key)
        if got is not None:
            return got
        used: set[Name] = set()
        members = self.members(key)
        for m in members:
            try:
                ci, _ = self.info(m)
            except KeyError:
                continue
            used |= ci.type_constants() | ci.value_constants()
        keys = set()
        for d in used - set(members):
            try:
                keys.add(self.key(d))
            except KeyError:
                pass
        keys.discard(key)
        out = tuple(sorted(keys))
        self._deps[key] = out
        return out

    def closure(self, roots, within: set[Name] | None = None) -> list[Name]:
        """The units the roots need, each after its dependencies, in the roots' order (roots that
        cannot be found are left out); with ``within``, only those units are followed and listed."""
        keys = []
        for r0 in roots:
            try:
                keys.append(self.key(r0))
            except KeyError:
                continue
        return postorder(keys, lambda n: [d for d in self.deps(n) if within is None or d in within])

    def declaration(self, key: Name) -> D.Declaration:
        """The unit ``key`` in the kernel's model; raises DecodeError when the data is not decodable."""
        try:
            return self._declaration(key)
        except DecodeError:
            raise
        except Exception as e:  # noqa: BLE001 - any reader failure means: not decoded fully
            raise DecodeError(f"cannot decode {key}: {type(e).__name__}: {e}") from e

    def _declaration(self, name: Name) -> D.Declaration:
        ci, mod = self.info(name)
        f = mod.kernel_fields(name)
        kind = f.kind
        c = self.conv
        nm = kernel_name
        lps = tuple(nm(p) for p in ci.level_params)
        ty = c.expr(ci.type)
        if kind == "axiom":
            return D.Axiom(nm(name), lps, ty, f.is_unsafe)
        if kind == "definition":
            safety = {0: D.Safety.UNSAFE, 1: D.Safety.SAFE, 2: D.Safety.PARTIAL}[f.safety]
            return D.Definition(nm(name), lps, ty, c.expr(ci.value), _hints(f.hints), safety,
                                tuple(nm(a) for a in ci.all))
        if kind == "theorem":
            if ci.value is None or self.trusted(mod.name):  # a trusted package's theorem: its statement
                return D.Axiom(nm(name), lps, ty)
            return D.Theorem(nm(name), lps, ty, c.expr(ci.value), tuple(nm(a) for a in ci.all))
        if kind == "opaque":
            return D.Opaque(nm(name), lps, ty, c.expr(ci.value), f.is_unsafe, tuple(nm(a) for a in ci.all))
        if kind == "quotient":
            quot_kinds = [D.QuotKind.TYPE, D.QuotKind.CTOR, D.QuotKind.LIFT, D.QuotKind.IND]
            return D.Quot(nm(name), lps, ty, quot_kinds[f.quot_kind])
        if kind in ("inductive", "constructor", "recursor"):
            return self._block(name)
        raise DecodeError(f"constant kind {kind}")

    def _block(self, name: Name) -> D.InductiveBlock:
        nm = kernel_name
        ci, _ = self.info(self.key(name))
        c = self.conv
        types, ctors, recs = [], [], []
        nnested = 0
        for t in ci.all:
            t_ci, t_mod = self.info(t)
            f = t_mod.kernel_fields(t)
            nnested = f.num_nested
            types.append(D.InductiveType(nm(t), tuple(nm(p) for p in t_ci.level_params), c.expr(t_ci.type),
                                         f.num_params, f.num_indices, tuple(nm(a) for a in t_ci.all),
                                         tuple(nm(x) for x in t_ci.ctors), nnested, f.is_rec, f.is_unsafe,
                                         f.is_reflexive))
            for cn in t_ci.ctors:
                c_ci, c_mod = self.info(cn)
                cf = c_mod.kernel_fields(cn)
                ctors.append(D.Constructor(nm(cn), tuple(nm(p) for p in c_ci.level_params), c.expr(c_ci.type),
                                           nm(c_ci.induct), cf.cidx, cf.num_params, cf.num_fields, cf.is_unsafe))
        rec_names = _recursors(ci.all, nnested)
        for rn in rec_names:
            r_ci, r_mod = self.info(rn)
            rf = r_mod.kernel_fields(rn)
            rules = tuple(D.RecursorRule(nm(r.ctor), r.num_fields, c.expr(r.rhs)) for r in rf.rules)
            recs.append(D.Recursor(nm(rn), tuple(nm(p) for p in r_ci.level_params), c.expr(r_ci.type),
                                   tuple(nm(a) for a in r_ci.all), rf.num_params, rf.num_indices, rf.num_motives,
                                   rf.num_minors, rules, rf.k, rf.is_unsafe))
        return D.InductiveBlock(tuple(types), tuple(ctors), tuple(recs))


def _recursors(types: tuple[Name, ...], nnested: int) -> list[Name]:
    """The recursors of an inductive block: ``T.rec`` for each type, ``T₀.rec_i`` for the nested ones."""
    return [t.child("rec") for t in types] + [types[0].child(f"rec_{i}") for i in range(1, nnested + 1)]


__all__ = ["Converter", "DecodeError", "OleanSource", "clash_reason", "declared_twice", "kernel_name", "postorder"]
