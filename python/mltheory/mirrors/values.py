"""Lean values as Python values, for the mirrors of :mod:`mltheory.mirrors`.

The instance evaluator (:mod:`claimcheck.analysis.instances`) hands a mirror every argument as a
thunk; a Lean function on ``Fin n`` arrives as a Python callable (a ``fun`` of the statement) or a
:class:`~claimcheck.analysis.instances.FinFun` table (a value a mirror returned). This module turns
such values into exact Python data (tuples, ``numpy`` object arrays of ``Fraction``) and back
into Lean-shaped values, and gives Lean's rational division (``x / 0 = 0``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import numpy as np

from claimcheck.analysis.instances import FinFun, Thunk, Unsupported, as_int, exact

__all__ = ["fin_fun", "fin_mat", "lean_div", "nat", "rat", "rat_matrix", "rat_vector", "table"]


def nat(t: Thunk) -> int:
    """A natural-number argument."""
    return as_int(t())


def rat(v: Any) -> Fraction:
    """A rational value (``Fraction`` or ``int``; Booleans are refused)."""
    if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
        raise Unsupported(f"expected a rational number, got {v!r}")
    return Fraction(v)


def table(n: int, fn: Any, entry: Callable[[Any], Any] = exact) -> tuple:
    """The values ``fn 0, …, fn (n-1)`` of a Lean function on ``Fin n``."""
    if isinstance(fn, FinFun) and len(fn.table) == n:
        return tuple(entry(x) for x in fn.table)
    if not callable(fn):
        raise Unsupported(f"expected a function on Fin {n}, got {fn!r}")
    return tuple(entry(fn(i)) for i in range(n))


def rat_vector(n: int, fn: Any) -> np.ndarray:
    """A Lean ``Fin n → Rat`` as a 1-d object array of ``Fraction``."""
    out = np.empty(n, dtype=object)
    out[:] = table(n, fn, rat)
    return out


def rat_matrix(rows: int, cols: int, fn: Any) -> np.ndarray:
    """A Lean ``Fin rows → Fin cols → Rat`` (or a list of rows) as a 2-d object array."""
    if isinstance(fn, (list, tuple)) and not isinstance(fn, FinFun):
        data = [[rat(fn[i][j]) for j in range(cols)] for i in range(rows)]
    else:
        data = [list(table(cols, r, rat)) for r in table(rows, fn, lambda r: r)]
    out = np.empty((rows, cols), dtype=object)
    for i in range(rows):
        for j in range(cols):
            out[i, j] = data[i][j]
    return out


def fin_fun(values: Any) -> FinFun:
    """A 1-d sequence as a Lean function on ``Fin n``."""
    return FinFun(tuple(values))


def fin_mat(m: np.ndarray) -> FinFun:
    """A 2-d array as a Lean ``Fin r → Fin c → Rat`` (rows of ``FinFun``)."""
    return FinFun(tuple(FinFun(tuple(Fraction(x) for x in row)) for row in m))


def lean_div(x: Fraction, y: Fraction) -> Fraction:
    """Lean's division on ``Rat``: ``x / 0 = 0``."""
    return Fraction(0) if y == 0 else Fraction(x) / Fraction(y)
