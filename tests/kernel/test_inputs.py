"""No input crashes the checker (issue 38): what a file holds is printed escaped, values no Lean
export holds are refused with the line, literals are read in subquadratic time."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from claimcheck.kernel import cli
from claimcheck.kernel.ndjson import (
    MAX_LITERAL_DIGITS,
    InvalidInput,
    TooLarge,
    decimal_to_int,
    int_to_decimal,
    parse_lines,
)

CASES = Path(__file__).resolve().parent / "cases"


def test_decimal_conversions_agree_with_python():
    for n in (0, 7, 10**1023, 10**1024 - 1, 3**20000, 2**100000 + 12345):
        text = int_to_decimal(n)
        assert decimal_to_int(text) == n
        assert text == (str(n) if n.bit_length() < 10000 else text)
    assert decimal_to_int("000123") == 123


def test_a_literal_over_the_limit_is_refused_before_it_is_converted():
    digits = "9" * (MAX_LITERAL_DIGITS + 1)
    lines = ['{"meta":{"format":{"version":"3.1.0"}}}', json.dumps({"ie": 0, "natVal": digits})]
    with pytest.raises(TooLarge, match="line 2"):
        list(parse_lines(lines))


@pytest.mark.parametrize("value,why", [("3.7", "not a natural number"), ("-1", "negative"), ('"1_000"', "decimal"),
                                       ('" 5"', "decimal"), ("true", "not a natural number")])
def test_invalid_natval_is_refused_with_the_line(value, why):
    lines = ['{"meta":{"format":{"version":"3.1.0"}}}', '{"ie": 0, "natVal": ' + value + "}"]
    with pytest.raises(InvalidInput, match=f"line 2: .*{why}"):
        list(parse_lines(lines))


def test_cli_prints_unprintable_names_escaped_on_any_stream(monkeypatch, capsys):
    """A rejection naming a declaration with control and bidirectional characters is one escaped
    line, and a stream that cannot encode a file name's lone surrogate gets an escape, not an
    exception (which would exit 1, "rejected")."""
    case = str(CASES / "input_name_unprintable_rejected" / "input.ndjson")
    assert cli.main(["-q", case]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "«x\\u{202e}evil\\u{a}\\u{7}»" in out and "\u202e" not in out
    buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    cli._emit("a \udcff ⟦b⟧", buf)
    buf.seek(0)
    assert buf.read() == "a \\udcff \\u27e6b\\u27e7\n"


def test_cli_declines_a_file_that_is_not_utf8(tmp_path, capsys):
    bad = tmp_path / "bad.ndjson"
    bad.write_bytes(b'{"meta":{"format":{"version":"3.1.0"}}}\n{"in":1,"str":{"pre":0,"str":"\xff"}}\n')
    assert cli.main(["-q", str(bad)]) == 2
    assert "not UTF-8" in capsys.readouterr().out


def test_cli_survives_a_lone_surrogate_in_a_path(capsys):
    path = "/nonexistent/\udcff.ndjson"  # as Python decodes an undecodable byte of argv
    assert cli.main(["-q", path]) == 2
    assert sys.stdout is not None
