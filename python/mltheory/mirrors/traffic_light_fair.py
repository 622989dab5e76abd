"""Python meanings of ``MLTheory.TrafficLightFair``: the potential ``∑_v (h v + 1 - round v)``
(natural-number subtraction, truncated at ``0``) of a traffic-light configuration."""

from __future__ import annotations

from typing import Mapping, Sequence

from claimcheck.analysis.instances import Semantic, Unsupported, as_int
from mltheory.mirrors.values import nat, table
from mltheory.witnesses import traffic_light_lean as tl

__all__ = ["SEMANTICS", "potential"]


def potential(h: Sequence[int], s: Sequence[tl.VertexState]) -> int:
    """The number of ticks still to come: ``∑_v max(0, h v + 1 - (s v).round)``."""
    return sum(max(0, hv + 1 - st.round) for hv, st in zip(h, s, strict=True))


def _state(x: object) -> tl.VertexState:
    if not isinstance(x, tl.VertexState):
        raise Unsupported(f"expected a VertexState, got {x!r}")
    return x


SEMANTICS: Mapping[str, Semantic] = {
    f"{tl.NAMESPACE}.potential": lambda n, _a, h, s: (lambda k: potential(
        table(k, h(), as_int), table(k, s(), _state)))(nat(n)),
}
