"""Statement fingerprints: a hash of what a declaration's statement says, proofs ignored.

The **statement fingerprint** is a SHA-256 (first 16 hex digits) of the elaborated type, computed
from its structure: constants by name (their printed Lean name, so ``Col.«Y.ax»`` and ``Col.Y.ax``
differ), universe parameters by position, literals, de Bruijn indices; binder names, binder info
and metadata (``mdata``) do not enter it. It also covers the meaning of every project definition
the statement mentions, transitively (their types and values; :class:`StatementFingerprints`):
redefining a notion a theorem talks about changes the theorem's fingerprint, while proofs never do.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.analysis.scc import close_components
from claimcheck.model.names import Name
from claimcheck.olean.digest import digest_parts, expr_digest
from claimcheck.olean.reader import ConstantInfo, Environment

_h = digest_parts

__all__ = ["StatementFingerprints", "digest_parts", "expr_digest", "fingerprint"]


def fingerprint(ci: ConstantInfo) -> str:
    """Stable hash of the declaration's elaborated type alone (constants by name)."""
    return _h("decl", str(len(ci.level_params)), expr_digest(ci.type, ci.level_params)).hex()[:16]


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
        # a library constant counts by name: its module is not read for it (a key's module declares
        # its name: `Environment.resolve` found it there)
        core = bool(module) and self.is_core_module(module)
        mod = self.env.modules.get(module) if not core else None
        ci = mod.get(name) if mod is not None else None
        if core:
            node: tuple[bytes, tuple[Key, ...]] = (_h("library", str(name)), ())
        elif ci is None:
            node = (_h("unknown", str(name)), ())
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
                keys.append((self.env.resolve(s, within=ci.module) or "", s))
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
