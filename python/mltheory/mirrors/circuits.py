"""Python meanings of ``MLTheory.CircuitSimulation``: arithmetic circuits with input, unbounded
addition, binary multiplication and sign gates, and the encoder that evaluates a circuit given as
its input. The encoder's run is computed from its description — every layer applies every gate's
operation to the previous layer's values (what average hard attention on the encoded wiring and
the feed-forward circuit compute), starting from zeros — with exact ``Fraction`` arithmetic."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from claimcheck.analysis.instances import FinFun, Semantic, Unsupported
from mltheory.mirrors.values import nat, rat, table

__all__ = ["CIRCUIT_EX", "Circuit", "Encoded", "SEMANTICS", "encoder_run", "gate_value"]

NS = "MLTheory.CircuitSimulation"


@dataclass(frozen=True)
class Circuit:
    """Gates as tuples: ``("input",)``, ``("add", frozenset)``, ``("mul", a, b)``, ``("sign", a)``."""

    gates: tuple[tuple, ...]


@dataclass(frozen=True)
class Encoded:
    """The value of ``encode C x``: the circuit and its input, as the encoder reads them."""

    circuit: Circuit
    x: tuple[Fraction, ...]


def _sign(r: Fraction) -> Fraction:
    return Fraction((r > 0) - (r < 0))


def gate_value(gate: tuple, x: Fraction, v: Sequence[Fraction]) -> Fraction:
    """What a gate computes from the input at its position and the values ``v``."""
    kind = gate[0]
    if kind == "input":
        return x
    if kind == "add":
        return sum((v[j] for j in gate[1]), Fraction(0))
    if kind == "mul":
        return v[gate[1]] * v[gate[2]]
    return _sign(v[gate[1]])


def encoder_run(enc: Encoded, t: int) -> tuple[Fraction, ...]:
    """The values after ``t`` layers from zeros: each layer evaluates every gate on the previous
    layer's values."""
    v = tuple(Fraction(0) for _ in enc.circuit.gates)
    for _ in range(t):
        v = tuple(gate_value(g, x, v) for g, x in zip(enc.circuit.gates, enc.x))
    return v


#: ``circuitEx``: inputs at 0 and 1, ``g2 = g0 + g1``, ``g3 = g0 · g2``, ``g4 = sign g3``,
#: ``g5 = g0 + g1 + g2 + g3``.
CIRCUIT_EX = Circuit((("input",), ("input",), ("add", frozenset({0, 1})), ("mul", 0, 2), ("sign", 3),
                      ("add", frozenset({0, 1, 2, 3}))))


def _encoded(e: Any) -> Encoded:
    if not isinstance(e, Encoded):
        raise Unsupported(f"expected an encoded circuit, got {e!r}")
    return e


def _encode(n: Any, c: Any, x: Any) -> Encoded:
    circuit = c()
    if not isinstance(circuit, Circuit):
        raise Unsupported(f"expected a circuit, got {circuit!r}")
    return Encoded(circuit, table(nat(n), x(), rat))


SEMANTICS: Mapping[str, Semantic] = {
    f"{NS}.circuitEx": lambda: CIRCUIT_EX,
    f"{NS}.inputEx": lambda: FinFun((Fraction(3), Fraction(-2), Fraction(0), Fraction(0), Fraction(0), Fraction(0))),
    f"{NS}.encode": _encode,
    f"{NS}.encRun": lambda _n, e, t: FinFun(encoder_run(_encoded(e()), nat(t))),
}
