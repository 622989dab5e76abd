"""Python meanings of the linear-algebra modules ``MLTheory.GatedMLP``,
``MLTheory.ShermanMorrison``, ``MLTheory.MultiHead`` and ``MLTheory.PrivilegedAxes`` (affine
maps), computed with exact ``numpy`` object arrays of ``Fraction`` (Lean's ``Rat``, with
``x / 0 = 0``) from the mathematical formulas: matrix products, not the Lean definitions' index
sums."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np

from claimcheck.analysis.instances import FinFun, Semantic, Thunk
from mltheory.mirrors.values import fin_fun, fin_mat, lean_div, nat, rat, rat_matrix, rat_vector

__all__ = [
    "SEMANTICS", "connection_walk", "effective_transport", "gated_mlp", "multi_head", "rank_one_sum",
    "sherman_morrison_denominator", "sherman_morrison_inverse",
]

Gate = Callable[[Fraction], Fraction]


# --------------------------------------------------------------------------- GatedMLP


def gated_mlp(gate: Gate, w1: np.ndarray, w2: np.ndarray, u: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``y = U (σ(W₁ x) ⊙ (W₂ x))``: the gate applied to the first factor's pre-activations."""
    a, b = w1 @ x, w2 @ x
    hidden = np.array([gate(t) for t in a], dtype=object) * b
    return u @ hidden


def rank_one_sum(w1: np.ndarray, w2: np.ndarray, u: np.ndarray) -> np.ndarray:
    """``rankOneSum W₁ W₂ U``: for each output ``o`` the matrix ``∑_j U[o, j] · outer(W₁[j], W₂[j])``
    (an ``(k, d, d)`` array)."""
    k, m = u.shape
    d = w1.shape[1]
    out = np.full((k, d, d), Fraction(0), dtype=object)
    for o in range(k):
        for j in range(m):
            out[o] = out[o] + u[o, j] * np.outer(w1[j], w2[j])
    return out


def quad_gate(t: Fraction) -> Fraction:
    """``t + t²/2``."""
    return t + t * t / 2


def _gate(sigma: Thunk) -> Gate:
    fn = sigma()
    return lambda t: rat(fn(t))


def _mlp(d: Thunk, m: Thunk, k: Thunk, gate: Gate, w1: Thunk, w2: Thunk, u: Thunk, x: Thunk) -> FinFun:
    D, M, K = nat(d), nat(m), nat(k)
    y = gated_mlp(gate, rat_matrix(M, D, w1()), rat_matrix(M, D, w2()), rat_matrix(K, M, u()), rat_vector(D, x()))
    return fin_fun(Fraction(v) for v in y)


# --------------------------------------------------------------------------- ShermanMorrison


def sherman_morrison_denominator(b: np.ndarray, u: np.ndarray, v: np.ndarray) -> Fraction:
    """``β = 1 + vᵀ B u``."""
    return Fraction(1) + v @ (b @ u)


def sherman_morrison_inverse(b: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``B - (B u)(vᵀ B) / β`` (the update term is ``0`` when ``β = 0``, as Lean divides)."""
    beta = sherman_morrison_denominator(b, u, v)
    outer = np.outer(b @ u, v @ b)
    return b - np.vectorize(lambda t: lean_div(t, beta), otypes=[object])(outer)


def _sm(fn: Callable[[np.ndarray, np.ndarray, np.ndarray], Any]) -> Semantic:
    def semantic(n: Thunk, b: Thunk, u: Thunk, v: Thunk) -> Any:
        k = nat(n)
        return fn(rat_matrix(k, k, b()), rat_vector(k, u()), rat_vector(k, v()))
    return semantic


def _of_rows(n: int, rows: list) -> np.ndarray:
    """``ofRows n rows``: entry (i, j) is ``rows[i][j]``, ``0`` where the lists are short."""
    out = np.full((n, n), Fraction(0), dtype=object)
    for i, row in enumerate(rows[:n]):
        for j, x in enumerate(row[:n]):
            out[i, j] = rat(x)
    return out


# --------------------------------------------------------------------------- MultiHead


def multi_head(att: np.ndarray, trans: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``y = ∑_h A_h X T_hᵀ`` (token features as the rows of ``X``): each head transports every
    token's features by ``T_h`` and mixes the tokens by its attention matrix ``A_h``."""
    out = np.full((att.shape[1], x.shape[1]), Fraction(0), dtype=object)
    for a, t in zip(att, trans):
        out = out + a @ x @ t.T
    return out


def walk_matrix(att: np.ndarray) -> np.ndarray:
    """``W = ∑_h A_h``."""
    return att.sum(axis=0) if len(att) else np.full(att.shape[1:], Fraction(0), dtype=object)


def gates(att: np.ndarray) -> np.ndarray:
    """``g[h, i, j] = A_h[i, j] / W[i, j]`` (``0`` where ``W[i, j] = 0``)."""
    w = walk_matrix(att)
    return np.vectorize(lean_div, otypes=[object])(att, w[None, :, :])


def effective_transport(att: np.ndarray, trans: np.ndarray) -> np.ndarray:
    """``Tr[i, j] = ∑_h g[h, i, j] T_h``: shape ``(n, n, d, d)``."""
    return np.tensordot(gates(att), trans, axes=([0], [0]))


def connection_walk(w: np.ndarray, tr: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``y_i = ∑_j W[i, j] Tr[i, j] x_j``."""
    n, d = x.shape
    out = np.full((n, d), Fraction(0), dtype=object)
    for i in range(n):
        for j in range(n):
            out[i] = out[i] + w[i, j] * (tr[i, j] @ x[j])
    return out


def _heads(h: int, n: int, fn: Any) -> np.ndarray:
    """A Lean ``Fin H → Mat n`` as an array of shape ``(H, n, n)``."""
    heads = [rat_matrix(n, n, fn(k)) for k in range(h)]
    return np.array(heads, dtype=object).reshape(h, n, n)


def _transports(n: int, d: int, fn: Any) -> np.ndarray:
    """A Lean ``Fin n → Fin n → Mat d`` as an array of shape ``(n, n, d, d)``."""
    out = np.empty((n, n, d, d), dtype=object)
    for i in range(n):
        for j in range(n):
            out[i, j] = rat_matrix(d, d, fn(i)(j))
    return out


def _fin_mat_4(t: np.ndarray) -> FinFun:
    return FinFun(tuple(FinFun(tuple(fin_mat(m) for m in row)) for row in t))


def _example(data: list, shape: tuple[int, ...]) -> FinFun:
    """One of the module's example tensors (`attEx`, `transEx`, `xEx`), read like the Lean
    definitions read their nested lists (``getD`` with ``0`` past the end)."""
    arr = np.full(shape, Fraction(0), dtype=object)
    for idx in np.ndindex(*shape):
        v: Any = data
        for k in idx:
            v = v[k] if isinstance(v, list) and k < len(v) else None
        arr[idx] = Fraction(v) if v is not None else Fraction(0)
    return _nested(arr)


def _nested(arr: np.ndarray) -> FinFun:
    if arr.ndim == 1:
        return FinFun(tuple(Fraction(x) for x in arr))
    return FinFun(tuple(_nested(a) for a in arr))


F = Fraction
GATED = "MLTheory.GatedMLP"
SM = "MLTheory.ShermanMorrison"
MHA = "MLTheory.MultiHead"

SEMANTICS: Mapping[str, Semantic] = {
    # MLTheory.GatedMLP
    f"{GATED}.gatedMLP": lambda d, m, k, sigma, w1, w2, u, x: _mlp(d, m, k, _gate(sigma), w1, w2, u, x),
    f"{GATED}.bilinearMLP": lambda d, m, k, w1, w2, u, x: _mlp(d, m, k, lambda t: t, w1, w2, u, x),
    f"{GATED}.rankOneSum": lambda d, m, k, w1, w2, u, o, p, q: (lambda D, M, K: rank_one_sum(
        rat_matrix(M, D, w1()), rat_matrix(M, D, w2()), rat_matrix(K, M, u()))[nat(o), nat(p), nat(q)])(
        nat(d), nat(m), nat(k)),
    f"{GATED}.quadGate": lambda t: quad_gate(rat(t())),
    f"{GATED}.one": lambda a: (lambda v: lambda _j: lambda _i: v)(rat(a())),
    # MLTheory.PrivilegedAxes: `sample = [[0, 2], [3, 0]]`; non-negative with at most one non-zero
    # entry per row
    "MLTheory.PrivilegedAxes.sample": lambda: fin_mat(np.array([[F(0), F(2)], [F(3), F(0)]], dtype=object)),
    "MLTheory.PrivilegedAxes.sampleVec": lambda: fin_fun((F(1), F(-1))),
    "MLTheory.PrivilegedAxes.IsNonnegRowMonomial": lambda n, m: (lambda k: (lambda a: bool(
        all(v >= 0 for v in a.reshape(-1)) and all(sum(1 for v in row if v != 0) <= 1 for row in a)))(
        rat_matrix(k, k, m())))(nat(n)),
    # MLTheory.PrivilegedAxes: `affine M b x = M x + b`
    "MLTheory.PrivilegedAxes.affine": lambda n, m, b, x: (lambda k: fin_fun(
        rat_matrix(k, k, m()) @ rat_vector(k, x()) + rat_vector(k, b())))(nat(n)),
    # MLTheory.ShermanMorrison
    f"{SM}.smDenom": _sm(sherman_morrison_denominator),
    f"{SM}.smInverse": lambda n, b, u, v: fin_mat(_sm(sherman_morrison_inverse)(n, b, u, v)),
    f"{SM}.rankOneUpdate": lambda n, a, u, v: (lambda k: fin_mat(
        rat_matrix(k, k, a()) + np.outer(rat_vector(k, u()), rat_vector(k, v()))))(nat(n)),
    f"{SM}.vecMat": lambda n, v, b: (lambda k: fin_fun(rat_vector(k, v()) @ rat_matrix(k, k, b())))(nat(n)),
    f"{SM}.ofRows": lambda n, rows: fin_mat(_of_rows(nat(n), [list(r) for r in rows()])),
    f"{SM}.rows": lambda n, a: (lambda k: [list(r) for r in rat_matrix(k, k, a())])(nat(n)),
    # MLTheory.MultiHead
    f"{MHA}.mha": lambda n, d, h, att, t, x: (lambda N, D, H: _nested(multi_head(
        _heads(H, N, att()), _heads(H, D, t()), rat_matrix(N, D, x()))))(nat(n), nat(d), nat(h)),
    f"{MHA}.connWalk": lambda n, d, w, tr, x: (lambda N, D: _nested(connection_walk(
        rat_matrix(N, N, w()), _transports(N, D, tr()), rat_matrix(N, D, x()))))(nat(n), nat(d)),
    f"{MHA}.walkMatrix": lambda n, h, att: (lambda N, H: fin_mat(walk_matrix(_heads(H, N, att()))))(nat(n), nat(h)),
    f"{MHA}.gate": lambda n, h, att, i, j, k: (lambda N, H: gates(_heads(H, N, att()))[nat(k), nat(i), nat(j)])(
        nat(n), nat(h)),
    f"{MHA}.effTransport": lambda n, d, h, att, t: (lambda N, D, H: _fin_mat_4(effective_transport(
        _heads(H, N, att()), _heads(H, D, t()))))(nat(n), nat(d), nat(h)),
    f"{MHA}.attEx": lambda: _example([[[F(1, 2), F(1, 2)], [1, 0]], [[F(1, 4), F(3, 4)], [0, 1]]], (2, 2, 2)),
    f"{MHA}.transEx": lambda: _example([[[1, 0], [0, 1]], [[0, -1], [1, 0]]], (2, 2, 2)),
    f"{MHA}.xEx": lambda: _example([[1, 0], [0, 2]], (2, 2)),
}
