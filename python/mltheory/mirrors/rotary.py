"""Python meanings of ``MLTheory.RotaryCommutant`` (and of ``rot`` and ``J`` of
``MLTheory.PowerLawAttention``): block vectors ``Fin m → Fin 2 → Rat`` as ``(m, 2)`` arrays and
block matrices ``Fin m → Fin m → Mat 2`` as ``(m, m, 2, 2)`` arrays of ``Fraction``, multiplied
as the ``2m × 2m`` matrices they stand for (``numpy``), not by the Lean definitions' block sums."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import numpy as np

from claimcheck.analysis.instances import FinFun, Semantic
from mltheory.mirrors.values import nat, rat, table

__all__ = ["SEMANTICS", "flat", "rot", "unflat"]

NS = "MLTheory.RotaryCommutant"


def rot(c: Fraction, s: Fraction) -> np.ndarray:
    """``rot c s = [[c, -s], [s, c]]``."""
    return np.array([[c, -s], [s, c]], dtype=object)


def flat(a: np.ndarray) -> np.ndarray:
    """A block matrix ``(m, m, 2, 2)`` as the ``2m × 2m`` matrix (block ``(i, j)`` at rows
    ``2i, 2i+1`` and columns ``2j, 2j+1``)."""
    m = a.shape[0]
    return a.transpose(0, 2, 1, 3).reshape(2 * m, 2 * m)


def unflat(a: np.ndarray) -> np.ndarray:
    """The inverse of :func:`flat`."""
    m = a.shape[0] // 2
    return a.reshape(m, 2, m, 2).transpose(0, 2, 1, 3)


def _mat2(fn: Any) -> np.ndarray:
    return np.array([[rat(x) for x in table(2, row)] for row in table(2, fn, lambda r: r)], dtype=object)


def _bmat(m: int, fn: Any) -> np.ndarray:
    out = np.empty((m, m, 2, 2), dtype=object)
    for i, row in enumerate(table(m, fn, lambda r: r)):
        for j, block in enumerate(table(m, row, lambda b: b)):
            out[i, j] = _mat2(block)
    return out


def _bvec(m: int, fn: Any) -> np.ndarray:
    return np.array([[rat(x) for x in table(2, v)] for v in table(m, fn, lambda v: v)], dtype=object)


def _lean_bmat(a: np.ndarray) -> FinFun:
    m = a.shape[0]
    return FinFun(tuple(FinFun(tuple(FinFun(tuple(FinFun(tuple(Fraction(a[i, j, r, s]) for s in range(2)))
                                                  for r in range(2))) for j in range(m))) for i in range(m)))


def _lean_mat2(a: np.ndarray) -> FinFun:
    return FinFun(tuple(FinFun(tuple(Fraction(a[r, s]) for s in range(2))) for r in range(2)))


def _lean_bvec(v: np.ndarray) -> FinFun:
    return FinFun(tuple(FinFun(tuple(Fraction(x) for x in row)) for row in v))


def _block_diag(m: int, blocks: list[np.ndarray]) -> np.ndarray:
    out = np.full((m, m, 2, 2), Fraction(0), dtype=object)
    for i, b in enumerate(blocks):
        out[i, i] = b
    return out


def _apply(m: int, a: np.ndarray, x: np.ndarray) -> np.ndarray:
    return (flat(a) @ x.reshape(2 * m)).reshape(m, 2)


def _rot_pow(m: int, p: np.ndarray, k: int, x: np.ndarray) -> np.ndarray:
    for _ in range(k):
        x = _apply(m, p, x)
    return x


def _diag(m: int, d: Any) -> list[np.ndarray]:
    return [_mat2(b) for b in table(m, d, lambda b: b)]


def _examples() -> dict[str, Any]:
    """The instance's data, from their docstrings: ``ω = (1, 2)``, ``diag(2 I + 3 J, I - J)``, the
    same with ``[[1, 0], [0, 0]]`` at block ``(0, 1)``, the rotation ``diag(R(3/5, 4/5), R(0, 1))``,
    the query ``((1, 2), (-1, 1))`` and the key ``((0, 1), (2, -1))``."""
    F = Fraction
    comm = _block_diag(2, [rot(F(2), F(3)), rot(F(1), F(-1))])
    noncomm = comm.copy()
    noncomm[0, 1] = np.array([[F(1), F(0)], [F(0), F(0)]], dtype=object)
    return {
        "omegaEx": FinFun((F(1), F(2))),
        "commEx": _lean_bmat(comm),
        "nonCommEx": _lean_bmat(noncomm),
        "cEx": FinFun((F(3, 5), F(0))),
        "sEx": FinFun((F(4, 5), F(1))),
        "qEx": _lean_bvec(np.array([[F(1), F(2)], [F(-1), F(1)]], dtype=object)),
        "kEx": _lean_bvec(np.array([[F(0), F(1)], [F(2), F(-1)]], dtype=object)),
    }


SEMANTICS: Mapping[str, Semantic] = {
    **{f"{NS}.{name}": (lambda v: lambda: v)(value) for name, value in _examples().items()},
    "MLTheory.PowerLaw.rot": lambda c, s: _lean_mat2(rot(rat(c()), rat(s()))),
    "MLTheory.PowerLaw.J": lambda: _lean_mat2(rot(Fraction(0), Fraction(1))),
    # `sampleComm = rot 2 3 = 2 I + 3 J`
    "MLTheory.PowerLaw.sampleComm": lambda: _lean_mat2(rot(Fraction(2), Fraction(3))),
    f"{NS}.bmul": lambda m, a, b: (lambda k: _lean_bmat(unflat(flat(_bmat(k, a())) @ flat(_bmat(k, b())))))(nat(m)),
    f"{NS}.bapply": lambda m, a, x: (lambda k: _lean_bvec(_apply(k, _bmat(k, a()), _bvec(k, x()))))(nat(m)),
    f"{NS}.bdot": lambda m, x, y: (lambda k: sum((_bvec(k, x()) * _bvec(k, y())).reshape(-1), Fraction(0)))(nat(m)),
    f"{NS}.blockDiag": lambda m, d: (lambda k: _lean_bmat(_block_diag(k, _diag(k, d()))))(nat(m)),
    f"{NS}.gen": lambda m, w: (lambda k: _lean_bmat(_block_diag(
        k, [rat(x) * rot(Fraction(0), Fraction(1)) for x in table(k, w())])))(nat(m)),
    f"{NS}.blockRot": lambda m, c, s: (lambda k: _lean_bmat(_block_diag(
        k, [rot(rat(a), rat(b)) for a, b in zip(table(k, c()), table(k, s()))])))(nat(m)),
    f"{NS}.rotPow": lambda m, p, k, x: (lambda n: _lean_bvec(_rot_pow(n, _bmat(n, p()), nat(k), _bvec(n, x()))))(nat(m)),
}
