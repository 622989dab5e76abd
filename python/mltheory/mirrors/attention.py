"""Python meanings of ``MLTheory.HardAttention`` (average hard attention) and
``MLTheory.ConnectionLaplacian`` (the generator of a connection walk), with exact ``numpy``
object arrays of ``Fraction``: average hard attention is the mean of the values on the argmax set
of the scores; the generator is ``I - P`` with ``P`` the ``nd × nd`` block matrix of the walk
(block ``(i, j)`` is ``W[i, j] Tr[i, j]``) applied to the stacked features, not the Lean
definitions' index sums."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import numpy as np

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported
from mltheory.mirrors.values import fin_fun, fin_mat, lean_div, nat, rat_matrix, rat_vector, table

__all__ = ["SEMANTICS", "average_hard_attention", "generator", "is_orthogonal", "pi_dot", "walk_operator"]


# --------------------------------------------------------------------------- HardAttention


def average_hard_attention(scores: np.ndarray, values: np.ndarray) -> Fraction:
    """The mean of the values at the positions of maximal score (``0`` with no position)."""
    if len(scores) == 0:
        return Fraction(0)
    attended = scores == max(scores)
    return lean_div(Fraction(values[attended].sum()), Fraction(int(attended.sum())))


# --------------------------------------------------------------------------- ConnectionLaplacian


def is_orthogonal(t: np.ndarray) -> bool:
    """``Tᵀ T = I``."""
    return bool(np.all(t.T @ t == np.eye(t.shape[0], dtype=int)))


def walk_operator(w: np.ndarray, tr: np.ndarray) -> np.ndarray:
    """The connection walk as one ``nd × nd`` matrix: block ``(i, j)`` is ``W[i, j] Tr[i, j]``."""
    n = w.shape[0]
    return np.block([[w[i, j] * tr[i, j] for j in range(n)] for i in range(n)]) if n else np.empty((0, 0), dtype=object)


def generator(w: np.ndarray, tr: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``(I - P) x`` with the token features stacked into one vector."""
    n, d = x.shape
    p = walk_operator(w, tr)
    flat = x.reshape(n * d)
    return (flat - p @ flat).reshape(n, d) if n * d else x


def pi_dot(pi: np.ndarray, x: np.ndarray, y: np.ndarray) -> Fraction:
    """``⟨x, y⟩_π = ∑_i π_i ⟨x_i, y_i⟩``."""
    return Fraction(np.sum(pi[:, None] * x * y)) if x.size else Fraction(0)


def _bool(b: Any) -> bool:
    if not isinstance(b, bool):
        raise Unsupported(f"expected a Bool, got {b!r}")
    return b


def _marked(n: Any, s: Any) -> tuple[bool, ...]:
    """A Lean ``Fin n → Bool`` (the marked set of positions) as a tuple of Booleans."""
    return table(nat(n), s(), _bool)


def _transports(n: int, d: int, fn: Any) -> np.ndarray:
    """A Lean ``Fin n → Fin n → Mat d`` as an array of shape ``(n, n, d, d)``."""
    out = np.empty((n, n, d, d), dtype=object)
    for i, row in enumerate(table(n, fn, lambda r: r)):
        for j, t in enumerate(table(n, row, lambda m: m)):
            out[i, j] = rat_matrix(d, d, t)
    return out


def _generator(n: Any, d: Any, w: Any, tr: Any, x: Any) -> FinFun:
    N, D = nat(n), nat(d)
    return fin_mat(generator(rat_matrix(N, N, w()), _transports(N, D, tr()), rat_matrix(N, D, x())).reshape(N, D))


def _swap() -> FinFun:
    return fin_mat(np.array([[Fraction(0), Fraction(1)], [Fraction(1), Fraction(0)]], dtype=object))


HA = "MLTheory.HardAttention"
CL = "MLTheory.ConnectionLaplacian"
SEMANTICS: Mapping[str, Semantic] = {
    # MLTheory.HardAttention
    f"{HA}.aha": lambda n, s, v: average_hard_attention(rat_vector(nat(n), s()), rat_vector(nat(n), v())),
    f"{HA}.indicator": lambda n, s: fin_fun(Fraction(int(b)) for b in _marked(n, s)),
    f"{HA}.selCount": lambda n, s: Fraction(sum(_marked(n, s))),
    f"{HA}.selSum": lambda n, s, v: Fraction(rat_vector(nat(n), v())[list(_marked(n, s))].sum()),
    f"{HA}.sampleSet": lambda: FinFun((True, False, True, False)),
    f"{HA}.sampleValues": lambda: fin_fun(Fraction(x) for x in (3, 5, 7, 11)),
    # MLTheory.ConnectionLaplacian
    f"{CL}.IsOrthogonal": lambda d, t: is_orthogonal(rat_matrix(nat(d), nat(d), t())),
    # rows summing to one; detailed balance `π_i W_ij = π_j W_ji`; `Tr j i = (Tr i j)ᵀ`
    f"{CL}.IsStochastic": lambda n, w: bool(np.all(rat_matrix(nat(n), nat(n), w()).sum(axis=1) == 1)),
    f"{CL}.IsReversible": lambda n, pi, w: (lambda N: (lambda P, W: bool(np.all(
        P[:, None] * W == (P[:, None] * W).T)))(rat_vector(N, pi()), rat_matrix(N, N, w())))(nat(n)),
    f"{CL}.IsTransposeCompatible": lambda n, d, tr: (lambda N, D: (lambda T: all(
        np.array_equal(T[j][i], T[i][j].T) for i in range(N) for j in range(N)))(
        [[rat_matrix(D, D, m) for m in table(N, r, lambda m: m)] for r in table(N, tr(), lambda r: r)]))(nat(n), nat(d)),
    f"{CL}.generator": _generator,
    f"{CL}.piDot": lambda n, d, pi, x, y: (lambda N, D: pi_dot(rat_vector(N, pi()), rat_matrix(N, D, x()), rat_matrix(N, D, y())))(
        nat(n), nat(d)),
    f"{CL}.swapWalk": _swap,
    f"{CL}.swapT": _swap,
}
