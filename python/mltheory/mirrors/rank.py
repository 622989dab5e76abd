"""Python meanings of ``MLTheory.RankDeficiency``: the excess risk of a linear token mixer against a
target mixer, its squared error on the inputs ``e_0, …, e_{n-1}`` (computed as the outputs ``M e_j``
and ``M⋆ e_j`` by numpy matrix-vector products, not by the Lean sum), columns, and the concrete
mixers of the instance as data."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from claimcheck.analysis.instances import Semantic
from mltheory.mirrors.values import fin_fun, fin_mat, nat, rat_matrix

__all__ = ["SEMANTICS", "excess_risk"]

NS = "MLTheory.RankDeficiency"
F = Fraction


def excess_risk(m: np.ndarray, target: np.ndarray) -> Fraction:
    """``Σ_j ‖M e_j - M⋆ e_j‖²``: the squared error of ``M`` on the standard basis inputs."""
    n = m.shape[0]
    eye = np.array([[F(int(i == j)) for j in range(n)] for i in range(n)], dtype=object)
    return sum((sum((m @ eye[j] - target @ eye[j]) ** 2, F(0)) for j in range(n)), F(0))


def _mat(rows: list[list[int]]) -> np.ndarray:
    return np.array([[F(x) for x in r] for r in rows], dtype=object)


MIXER = [[1, 0, 1], [0, 1, 1], [1, 1, 2]]

SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.excessRisk": lambda n, m, t: (lambda k: excess_risk(rat_matrix(k, k, m()), rat_matrix(k, k, t())))(nat(n)),
    f"{NS}.col": lambda n, m, j: (lambda k: fin_fun(rat_matrix(k, k, m())[:, nat(j)]))(nat(n)),
    f"{NS}.mixer": lambda: fin_mat(_mat(MIXER)),
    # `mixerA`: the first two columns of the mixer; `mixerB`: the coefficients of its columns in them
    f"{NS}.mixerA": lambda: fin_mat(_mat(MIXER)[:, :2]),
    f"{NS}.mixerB": lambda: fin_mat(_mat([[1, 0, 1], [0, 1, 1]])),
    # every column of the rank-1 model is (1, 1, 2)
    f"{NS}.rankOneModel": lambda: fin_mat(_mat([[1, 1, 1], [1, 1, 1], [2, 2, 2]])),
    f"{NS}.unitMixer": lambda: fin_mat(_mat([[1]])),
}
