"""The library meaning of `+ - * /` on each number type, as the instance cross-check and the
printed literals read it: `Nat` subtraction truncates, division rounds (Euclidean on `Int`) and
divides by zero to 0, `Fin n` wraps around, and a type whose meaning is not modelled is refused,
never guessed (a guess could make a wrong statement agree)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimcheck.analysis.instances import Evaluator, Unsupported
from claimcheck.analysis.pretty import literal_value
from claimcheck.model.names import Name
from claimcheck.olean.reader import App, Const, Lit


def _c(name: str) -> Const:
    return Const(Name.parse(name), ())


def _num(ty, k: int):
    v = App(App(App(_c("OfNat.ofNat"), ty), Lit(abs(k))), _c("inst"))
    return v if k >= 0 else App(App(App(_c("Neg.neg"), ty), _c("inst")), v)


def _op(op: str, ty, a, b):
    return App(App(App(App(App(App(_c(op), ty), ty), ty), _c("inst")), a), b)


NAT, INT, RAT = _c("Nat"), _c("Int"), _c("Rat")
FIN3 = App(_c("Fin"), Lit(3))

CASES = [
    ("HSub.hSub", NAT, 2, 3, 0),
    ("HSub.hSub", INT, 2, 3, -1),
    ("HSub.hSub", RAT, 2, 3, -1),
    ("HDiv.hDiv", NAT, 7, 2, 3),
    ("HDiv.hDiv", NAT, 7, 0, 0),
    ("HDiv.hDiv", INT, -7, 2, -4),
    ("HDiv.hDiv", INT, 7, -2, -3),
    ("HDiv.hDiv", INT, -7, -2, 4),
    ("HDiv.hDiv", RAT, 7, 2, Fraction(7, 2)),
    ("HDiv.hDiv", RAT, 1, 0, 0),
    ("HAdd.hAdd", FIN3, 2, 2, 1),
    ("HSub.hSub", FIN3, 1, 2, 2),
    ("HMul.hMul", FIN3, 2, 2, 1),
    ("HMul.hMul", NAT, 6, 7, 42),
]


@pytest.mark.parametrize(("op", "ty", "a", "b", "want"), CASES)
def test_evaluated_with_the_types_meaning(op, ty, a, b, want) -> None:
    assert Evaluator().eval(_op(op, ty, _num(ty, a), _num(ty, b))) == want


@pytest.mark.parametrize(("op", "ty", "a", "b", "want"), [c for c in CASES if c[1] is not FIN3])
def test_printed_literals_fold_with_the_types_meaning(op, ty, a, b, want) -> None:
    assert literal_value(_op(op, ty, _num(ty, a), _num(ty, b))) == want


def test_an_unmodelled_type_is_refused_not_guessed() -> None:
    other = _c("Float")
    with pytest.raises(Unsupported, match="not modelled"):
        Evaluator().eval(_op("HDiv.hDiv", other, _num(other, 1), _num(other, 0)))
    # no literal value either: the printed statement keeps the operation
    assert literal_value(_op("HSub.hSub", other, _num(other, 2), _num(other, 3))) is None
    assert literal_value(_op("HAdd.hAdd", FIN3, _num(FIN3, 2), _num(FIN3, 2))) is None


def test_mixed_operand_types_are_refused() -> None:
    mixed = App(App(App(App(App(App(_c("HDiv.hDiv"), NAT), INT), INT), _c("inst")),
                        _num(NAT, 7)), _num(INT, 2))
    with pytest.raises(Unsupported):
        Evaluator().eval(mixed)
