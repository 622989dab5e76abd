"""Every case folder under tests/kernel/cases: check input.ndjson, compare with expected.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from claimcheck.kernel import Environment, Outcome, check_all, summarize
from claimcheck.kernel.ndjson import NdjsonError, error_verdict, read_ndjson

CASES = Path(__file__).resolve().parent / "cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir())


def kernel_name(s: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in s.split("."))


def outcome_of(path: Path, library=(), hidden=(), fuel=None):
    """The case's outcome; `library` lists the names a front end would vouch for as the core
    library's own (`Environment.library`), `hidden` those it marks as opaque only because their
    body was not shipped (`Environment.hidden_bodies`), both from the case's expected.yaml, and
    `fuel` the kernel steps a declaration may take when the case sets it (the default otherwise)."""
    env = Environment(library={kernel_name(n) for n in library}, hidden_bodies={kernel_name(n) for n in hidden},
                      **({"fuel": fuel} if fuel is not None else {}))
    try:
        decls = read_ndjson(path, env.terms)
    except NdjsonError as e:
        v = error_verdict(e)
        return v.outcome, v.reason
    verdicts = check_all(decls, env=env, stop_on_reject=True)
    worst = summarize(verdicts)
    if worst is None:
        return Outcome.ACCEPTED, ""
    # the reason of the last verdict that is not an acceptance (the one a case is about)
    last = [v for v in verdicts if v.outcome == worst.outcome][-1]
    return worst.outcome, f"{last.declaration}: {last.reason}"


def test_there_are_cases_for_both_outcomes():
    expected = [yaml.safe_load((d / "expected.yaml").read_text())["outcome"] for d in CASE_DIRS]
    assert expected.count("accepted") >= 10 and expected.count("rejected") >= 10


@pytest.mark.parametrize("case", CASE_DIRS, ids=[d.name for d in CASE_DIRS])
def test_case(case: Path):
    want = yaml.safe_load((case / "expected.yaml").read_text())
    outcome, reason = outcome_of(case / "input.ndjson", want.get("library") or (), want.get("hidden") or (),
                                 want.get("fuel"))
    assert outcome == want["outcome"], reason
    if want.get("reason"):
        assert want["reason"] in reason


def test_claimcheck_kernel_command_follows_the_arena_exit_codes(tmp_path, capsys) -> None:
    """`claimcheck kernel` is the kernel's command: 0 when every file is accepted, 1 on a reject."""
    from claimcheck.cli import main

    good = CASES / "theorem_good" / "input.ndjson"
    bad = CASES / "theorem_not_prop" / "input.ndjson"
    assert main(["kernel", "-q", str(good)]) == 0
    assert main(["kernel", "-q", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: rejected" in out
    broken = tmp_path / "broken.ndjson"
    broken.write_text("{not json\n")
    assert main(["kernel", "-q", str(broken)]) == 2
