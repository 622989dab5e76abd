"""Python meanings of ``MLTheory.RankDeficiency``: the excess risk of a linear token mixer against a
target mixer, its squared error on the inputs ``e_0, …, e_{n-1}`` (computed as the outputs ``M e_j``
and ``M⋆ e_j`` by numpy matrix-vector products, not by the Lean sum); the population excess risk
under a second moment ``Σ``, computed as the trace of ``Δ Σ Δᵀ`` with ``Δ = M - M⋆`` (not row by
row as the Lean sum); the second moment of weighted inputs as a sum of outer products; columns, and
the concrete mixers, inputs and second moment of the instances as data."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors.values import fin_fun, fin_mat, nat, rat_matrix, rat_vector

__all__ = ["SEMANTICS", "excess_risk", "pop_excess_risk", "second_moment"]

NS = "MLTheory.RankDeficiency"
F = Fraction


def excess_risk(m: np.ndarray, target: np.ndarray) -> Fraction:
    """``Σ_j ‖M e_j - M⋆ e_j‖²``: the squared error of ``M`` on the standard basis inputs."""
    n = m.shape[0]
    eye = np.array([[F(int(i == j)) for j in range(n)] for i in range(n)], dtype=object)
    return sum((sum((m @ eye[j] - target @ eye[j]) ** 2, F(0)) for j in range(n)), F(0))


def pop_excess_risk(cov: np.ndarray, m: np.ndarray, target: np.ndarray) -> Fraction:
    """``tr(Δ Σ Δᵀ)`` with ``Δ = M - M⋆``: ``E ‖Δ x‖²`` for inputs of second moment ``Σ``."""
    delta = m - target
    prod = delta @ cov @ delta.T
    return sum((prod[i, i] for i in range(prod.shape[0])), F(0))


def second_moment(weights: np.ndarray, inputs: np.ndarray) -> np.ndarray:
    """``Σ_t w_t x_t x_tᵀ`` (the rows of ``inputs`` are the ``x_t``)."""
    n = inputs.shape[1]
    acc = np.full((n, n), F(0), dtype=object)
    for w, x in zip(weights, inputs):
        acc = acc + w * np.outer(x, x)
    return acc


def _mat(rows: list[list[int]]) -> np.ndarray:
    return np.array([[F(x) for x in r] for r in rows], dtype=object)


MIXER = [[1, 0, 1], [0, 1, 1], [1, 1, 2]]

SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.excessRisk": lambda n, m, t: (lambda k: excess_risk(rat_matrix(k, k, m()), rat_matrix(k, k, t())))(nat(n)),
    f"{NS}.popExcessRisk": lambda n, c, m, t: (lambda k: pop_excess_risk(
        rat_matrix(k, k, c()), rat_matrix(k, k, m()), rat_matrix(k, k, t())))(nat(n)),
    f"{NS}.secondMoment": lambda n, s, w, x: (lambda k, r: fin_mat(second_moment(
        rat_vector(r, w()), rat_matrix(r, k, x()))))(nat(n), nat(s)),
    # the four inputs (1, 1, 0), e_0, e_1, e_2 and their second moment
    f"{NS}.inputsEx": lambda: fin_mat(_mat([[1, 1, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])),
    f"{NS}.covEx": lambda: fin_mat(_mat([[2, 1, 0], [1, 2, 0], [0, 0, 1]])),
    f"{NS}.col": lambda n, m, j: (lambda k: fin_fun(rat_matrix(k, k, m())[:, nat(j)]))(nat(n)),
    f"{NS}.mixer": lambda: fin_mat(_mat(MIXER)),
    # `mixerA`: the first two columns of the mixer; `mixerB`: the coefficients of its columns in them
    f"{NS}.mixerA": lambda: fin_mat(_mat(MIXER)[:, :2]),
    f"{NS}.mixerB": lambda: fin_mat(_mat([[1, 0, 1], [0, 1, 1]])),
    # every column of the rank-1 model is (1, 1, 2)
    f"{NS}.rankOneModel": lambda: fin_mat(_mat([[1, 1, 1], [1, 1, 1], [2, 2, 2]])),
    f"{NS}.unitMixer": lambda: fin_mat(_mat([[1]])),
}
