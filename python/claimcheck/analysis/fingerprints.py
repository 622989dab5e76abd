"""Statement fingerprints: a hash of what a declaration's statement says, proofs ignored.

The **statement fingerprint** is a SHA-256 (first 16 hex digits) of the elaborated type, computed
from its structure: constants by name (their printed Lean name, so ``Col.«Y.ax»`` and ``Col.Y.ax``
differ), universe parameters by position, literals, de Bruijn indices; binder names, binder info
and metadata (``mdata``) do not enter it. It also covers the meaning of every project definition
the statement mentions, transitively (their types and values; :class:`StatementFingerprints`):
redefining a notion a theorem talks about changes the theorem's fingerprint, while proofs never do.
"""

from __future__ import annotations

import hashlib
from typing import Callable, Sequence

from claimcheck.analysis.scc import close_components
from claimcheck.model.names import Name
from claimcheck.olean.reader import (
    App,
    BVar,
    Const,
    ConstantInfo,
    Environment,
    Expr,
    ForallE,
    FVar,
    Lam,
    LetE,
    Level,
    Lit,
    MData,
    MVar,
    Proj,
    Sort,
)

__all__ = ["StatementFingerprints", "digest_parts", "expr_digest", "fingerprint"]


def _level_key(lv: Level, params: dict[Name, int]) -> str:
    if lv.kind == "zero":
        return "0"
    if lv.kind == "succ":
        return "S" + _level_key(lv.args[0], params)
    if lv.kind in ("max", "imax"):
        return f"{lv.kind}({_level_key(lv.args[0], params)},{_level_key(lv.args[1], params)})"
    if lv.kind == "param" and lv.name in params:
        return f"u{params[lv.name]}"
    return f"{lv.kind}:{lv.name}"


def digest_parts(*parts: bytes | str) -> bytes:
    """SHA-256 of length-prefixed parts (no two part lists hash alike by concatenation)."""
    d = hashlib.sha256()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        d.update(len(b).to_bytes(4, "little"))
        d.update(b)
    return d.digest()


_h = digest_parts


def fingerprint(ci: ConstantInfo) -> str:
    """Stable hash of the declaration's elaborated type alone (constants by name)."""
    return _h("decl", str(len(ci.level_params)), expr_digest(ci.type, ci.level_params)).hex()[:16]


def expr_digest(root: Expr, level_params: Sequence[Name]) -> bytes:
    """Structural hash of an expression: constants by name, universe parameters by position,
    literals, de Bruijn indices; binder names, binder info and metadata do not enter it."""
    params = {p: i for i, p in enumerate(level_params)}
    memo: dict[int, bytes] = {}
    h = _h
    stack: list[Expr] = [root]
    while stack:
        e = stack[-1]
        if id(e) in memo:
            stack.pop()
            continue
        if isinstance(e, App):
            kids: tuple[Expr, ...] = (e.fn, e.arg)
        elif isinstance(e, (Lam, ForallE)):
            kids = (e.binder_type, e.body)
        elif isinstance(e, LetE):
            kids = (e.type, e.value, e.body)
        elif isinstance(e, MData):
            kids = (e.expr,)
        elif isinstance(e, Proj):
            kids = (e.struct,)
        else:
            kids = ()
        todo = [k for k in kids if id(k) not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if isinstance(e, BVar):
            r = h("bvar", str(e.index))
        elif isinstance(e, (FVar, MVar)):
            r = h(e.kind, str(e.name))
        elif isinstance(e, Sort):
            r = h("sort", _level_key(e.level, params))
        elif isinstance(e, Const):
            r = h("const", str(e.name), *(_level_key(lv, params) for lv in e.levels))
        elif isinstance(e, App):
            r = h("app", memo[id(e.fn)], memo[id(e.arg)])
        elif isinstance(e, Lam):
            r = h("lam", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, ForallE):
            r = h("pi", memo[id(e.binder_type)], memo[id(e.body)])
        elif isinstance(e, LetE):
            r = h("let", memo[id(e.type)], memo[id(e.value)], memo[id(e.body)])
        elif isinstance(e, Lit):
            r = h("nat" if isinstance(e.value, int) else "str", str(e.value))
        elif isinstance(e, MData):
            r = memo[id(e.expr)]
        elif isinstance(e, Proj):
            r = h("proj", str(e.type_name), str(e.index), memo[id(e.struct)])
        else:  # pragma: no cover
            raise TypeError(f"unknown expression {e!r}")
        memo[id(e)] = r
    return memo[id(root)]


Key = tuple[str, Name]  # (declaring module, name): one constant, whoever mentions it


class StatementFingerprints:
    """Statement fingerprints that also see the meaning of what a statement talks about.

    A theorem's statement names definitions; if the project redefines one of them, the same
    statement text means something else. So the fingerprint of a declaration hashes its type
    together with the *meaning* of every project constant the type mentions, transitively: a
    project definition or opaque means its type and value, an inductive its type and
    constructors, a theorem its type only (proofs never matter). Library (core) constants count
    by name. Each mention is resolved in the environment of the module that makes it. Cycles (an
    inductive and its constructors, mutual definitions) are hashed as strongly connected
    components, so the result does not depend on the order of the queries.
    """

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool]):
        self.env = env
        self.is_core_module = is_core_module
        self._local: dict[Key, tuple[bytes, tuple[Key, ...]]] = {}
        self._meaning: dict[Key, bytes] = {}

    def _node(self, key: Key) -> tuple[bytes, tuple[Key, ...]]:
        got = self._local.get(key)
        if got is not None:
            return got
        module, name = key
        mod = self.env.modules.get(module)
        ci = mod.get(name) if mod is not None else None
        if ci is None:
            node: tuple[bytes, tuple[Key, ...]] = (_h("unknown", str(name)), ())
        elif self.is_core_module(ci.module):
            node = (_h("library", str(name)), ())
        else:
            parts = [_h(ci.kind, str(name), str(len(ci.level_params)), expr_digest(ci.type, ci.level_params))]
            succ = set(ci.type_constants())
            if ci.kind in ("definition", "opaque") and ci.has_value:
                value = ci.value
                assert value is not None
                parts.append(expr_digest(value, ci.level_params))
                succ |= ci.value_constants()
            elif ci.kind == "inductive":
                parts.append(_h("ctors", *(str(c) for c in ci.ctors)))
                succ.update(ci.ctors)
            succ.discard(name)
            keys = []
            for s in succ:
                target = self.env.find(s, within=ci.module)
                keys.append((target.module if target is not None else "", s))
            node = (_h(*parts), tuple(sorted(keys, key=_order)))
        self._local[key] = node
        return node

    def meaning(self, key: Key) -> bytes:
        """Hash of what the constant ``key`` means (see the class docstring)."""
        if key not in self._meaning:
            close_components(key, lambda v: self._node(v)[1], self._meaning, self._finish)
        return self._meaning[key]

    def _finish(self, members: list[Key]) -> None:
        inside = set(members)
        outside = sorted({w for m in members for w in self._node(m)[1]} - inside, key=_order)
        component = _h(
            "scc",
            *(_h(str(m[1]), self._node(m)[0]) for m in sorted(members, key=_order)),
            *(_h(str(w[1]), self._meaning[w]) for w in outside),
        )
        for m in members:
            self._meaning[m] = _h("member", str(m[1]), component)

    def fingerprint(self, ci: ConstantInfo) -> str:
        return _h("statement", str(len(ci.level_params)), self.meaning((ci.module, ci.name))).hex()[:16]


def _order(key: Key) -> tuple:
    """Components hashed in the order of their printed names (within one environment a name
    identifies one constant), so that recorded fingerprints stay what they were."""
    return (str(key[1]), key[0])
