"""One runner for the fixture suites: a case is a folder of ``tests/fixtures/<suite>/`` holding its
input and an ``expected.yaml`` beside it, so adding a case is adding a folder (as comparator's cases
are). Every suite reads the one vocabulary below; a key outside it is an error, so a misspelt
expectation cannot pass by being ignored.

The vocabulary (each key means the same in every suite that uses it):

``about``
    What the case is, in words (read by people only).
``run``
    The ``claimcheck`` command(s) the case runs, each a list of arguments (``--root`` added); the
    commands before the last one set the case up (e.g. ``check --update-fingerprints``).
``exit``
    The exit code of the last command.
``stdout``, ``stderr``
    Texts that must each occur in the last command's output; ``not_shown``, texts that occur in
    neither of its outputs.
``declarations``
    Every user-facing declaration and its status (``name: status``); one that is listed and not
    found, or found and not listed, fails the case.
``claims``
    Each claim's verdict (``id: verdict``), or ``id: {verdict, errors, warnings, entries}``: texts
    each found in one of the claim's error messages (a claim that holds has none); exactly as many
    warnings (flagged for review) as listed, each text found in one; facts of its formal entries.
``problems``
    ``must``: problems that must occur; ``must_not``: problems that must not. A problem is given as
    ``HEAD`` or ``HEAD: text``: its head (a code, or ``file:line``) and a text found in its message.

Suite facts (each used by the suite named, with one meaning):
``failed_modules`` (status), modules that must fail to build; ``axioms``, name -> axioms each
declaration must reach; ``unsafe``, name -> the unsafe declarations it is or uses (every other:
none); ``prelude``, name -> the ``prelude`` modules it rests on (every other: none); ``warnings``,
name -> its statement warnings as ``kind: name`` (every other: none); ``statements``, name -> its
printed statement exactly; ``query``, names asked for alone -> their status; ``versions``, sub-folders
built each as the case; ``by_version``, version -> declarations found in that version only;
``fingerprint``, ``changes`` / ``keeps``: declarations whose fingerprint differs / is the same between
the two versions; ``report`` (gate), texts the HTML report shows; ``main_results`` (gate),
formalization.yaml's main results in order; ``known_decls`` (manifests), the Lean declarations that
exist (absent: names are not checked); ``build`` (build), what the first build does (``ok``;
``built``, ``up_to_date``, ``blocked``: exactly these modules; ``failed``: module -> a text of its
first error; ``order_before``: pairs built in that order), and ``touch`` / ``edit`` (build), a
rebuild after touching ``file`` / appending ``append`` to it, with what it does. Of ``status --json``'s
records (realcode): ``records``, each ``decl`` (user-facing name) of a ``module`` found once, with
the fields given (``status``, ``kind``, ``private``, ``warnings``, ``lint`` equal; ``kernel`` the
kernel's outcome, ``kernel_not`` not it; ``lint_contains`` in a lint message); ``every_record``, a
rule for every record of a ``module``; ``helpers``, generated declarations (``name_contains`` /
``name_suffix``, of ``kind``) that exist and each have the ``kernel`` outcome (and a reason
mentioning ``reason_mentions``); ``no_records``, modules with no record; ``module_errors``, modules
that did not build, their record's ``note`` and the text output holding each ``text``;
``or_refused``, the project may instead be refused with this ``exit`` and ``stderr``; ``lookups``,
``status --decl`` runs with their ``exit``, the one record's ``status`` / ``printed_name``;
``also_run``, further commands and their ``exit``; ``json_names``, names the JSON prints. Of the
independent kernel's re-check (recheck): ``kernel``, name -> its verdict after a clean build;
``kernel_why``, name -> a text of that verdict; ``statuses``, name -> the ``.olean``'s own status;
``claims`` there name a declaration (a theorem claim on it, the kernel required); ``tamper``, a Nat
literal changed ``from`` -> ``to`` in the built ``.olean`` (``decl``: a declaration whose statement
shows it), with ``tampered`` (the verdicts after it) and ``tampered_claims``; ``ndjson``, name -> the
verdict of a checker of the NDJSON export where it differs. Of a lake workspace (lake):
``status_output``, texts ``status --no-build`` shows (and none of ``not_shown``); ``files``, paths the
build writes; ``axioms_exactly``, name -> its axioms, exactly; ``dependency_axioms``, name -> the
axioms it reaches in required packages, as ``axiom (package p via decl)``; ``private``, names listed
as private; ``workspace``, the case's folder that is the project root (a package lies beside it). Of an attack on the tool (trust; the steps in detail in ``tests/test_trust.py``):
``before``, steps run before the command (build, tamper, write, symlink, ...); ``env``, variables
for every run; ``concurrent``, how many runs at once (all saying the same); ``same_as_no_cache``, the
output equals ``--no-cache``'s; ``timeout``, seconds a run may take; ``paper_claims``,
``paper/claim`` -> verdict of the claims listed (from ``--format json``); ``modules``, module -> build
state; ``witnesses``, witness id -> ok; ``instances``, instance theorem -> cross-check outcome;
``status_json``, module -> ``failed``, ``stale`` or ``listed``; ``package_unchanged`` /
``package_changed``, the claimcheck copy's files are / are no longer as copied; ``absent`` /
``present``, paths that must not / must exist; ``no_file_contains``, a text no project file holds;
``no_process``, no process of the case is left; ``no_connection``, nothing reached the case's
servers; ``clean_outputs``, every output format free of control characters (``escaped_as``: a text
they show instead); ``restored``, the files a ``tamper`` step changed hold their earlier bytes.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: Every key an ``expected.yaml`` may hold (see the module docstring).
VOCABULARY = frozenset({
    "about", "run", "exit", "stdout", "stderr", "declarations", "claims", "problems",
    "failed_modules", "axioms", "unsafe", "prelude", "warnings", "statements", "query", "versions", "by_version",
    "fingerprint", "report", "main_results", "known_decls", "build", "touch", "edit",
    "records", "every_record", "helpers", "no_records", "module_errors", "or_refused", "lookups", "also_run",
    "json_names", "kernel", "kernel_why", "statuses", "tamper", "tampered", "tampered_claims", "ndjson",
    "not_shown", "status_output", "files", "axioms_exactly", "dependency_axioms", "private", "workspace",
    "before", "env", "concurrent", "same_as_no_cache", "timeout", "paper_claims", "modules", "witnesses",
    "instances", "status_json", "package_unchanged", "package_changed", "absent", "present", "no_file_contains",
    "no_process", "no_connection", "clean_outputs", "escaped_as", "restored",
})
#: The keys of one claim's expectations, and of ``problems``.
CLAIM_KEYS = frozenset({"verdict", "errors", "warnings", "entries"})
PROBLEM_KEYS = frozenset({"must", "must_not"})


class CaseError(Exception):
    """An ``expected.yaml`` outside the vocabulary (its file and what is wrong)."""


@dataclass(frozen=True)
class Case:
    """One fixture folder and what it expects."""

    suite: str
    name: str
    folder: Path
    expected: Mapping[str, Any] = field(repr=False)

    def __str__(self) -> str:
        return f"{self.suite}/{self.name}"

    def get(self, key: str, default: Any = None) -> Any:
        if key not in VOCABULARY:
            raise CaseError(f"{key!r} is not a key of the vocabulary (tests/cases.py)")
        value = self.expected.get(key)
        return default if value is None else value

    def copy(self, dst: Path, sub: str = "") -> Path:
        """The case's input (``sub``: one of its folders) copied to ``dst``, without ``expected.yaml``
        and any ``build/`` folder."""
        shutil.copytree(self.folder / sub if sub else self.folder, dst,
                        ignore=shutil.ignore_patterns("expected.yaml", "build"))
        return dst

    # ------------------------------------------------------------------ the oracles

    def check_run(self, code: int, out: str = "", err: str = "") -> None:
        """The command's exit code and outputs as ``exit``, ``stdout`` and ``stderr`` say."""
        if "exit" in self.expected:
            assert code == self.expected["exit"], f"{self}: exit {code}, expected {self.expected['exit']}\n{out}\n{err}"
        for text in self.get("stdout", []):
            assert text in out, f"{self}: stdout lacks {text!r}:\n{out}"
        for text in self.get("stderr", []):
            assert text in err, f"{self}: stderr lacks {text!r}:\n{err}"
        for text in self.get("not_shown", []):
            assert text not in out + err, f"{self}: output has {text!r}:\n{out}\n{err}"

    def check_declarations(self, statuses: Mapping[str, str], also: Mapping[str, str] | None = None) -> None:
        """``statuses`` (every listed declaration's) are ``declarations`` exactly (with ``also``)."""
        want = dict(self.get("declarations", {}), **(also or {}))
        wrong = {n: (s, statuses.get(n, "absent")) for n, s in want.items() if statuses.get(n) != s}
        assert not wrong, f"{self}: expected vs got {wrong}"
        extra = {n: statuses[n] for n in sorted(set(statuses) - set(want))}
        assert not extra, f"{self}: listed but not in expected.yaml: {extra}"

    def check_claims(self, verdicts: Mapping[str, str], errors: Mapping[str, list[str]],
                     warnings: Mapping[str, list[str]], entry: Callable[[str, str, str], Any]) -> None:
        """Each claim as ``claims`` says: the same claims, their verdicts, error and warning texts, and
        ``entry(claim, decl, fact)`` of each fact of an entry listed."""
        want = self.get("claims", {})
        assert set(verdicts) == set(want), f"{self}: claims {sorted(verdicts)}, expected {sorted(want)}"
        for cid, spec in want.items():
            spec = spec if isinstance(spec, dict) else {"verdict": spec}
            unknown = set(spec) - CLAIM_KEYS
            if unknown:
                raise CaseError(f"{self}: claim {cid}: {sorted(unknown)} not in {sorted(CLAIM_KEYS)}")
            where = f"{self}/{cid}: {errors[cid]} {warnings[cid]}"
            assert verdicts[cid] == spec["verdict"], where
            for text in spec.get("errors") or []:
                assert any(text in p for p in errors[cid]), f"{where}: no error with {text!r}"
            if spec["verdict"] == "holds":
                assert errors[cid] == [], where
            if "warnings" in spec:
                assert len(warnings[cid]) == len(spec["warnings"]), where
                for text in spec["warnings"]:
                    assert any(text in w for w in warnings[cid]), f"{where}: no warning with {text!r}"
            for decl, facts in (spec.get("entries") or {}).items():
                for key, value in facts.items():
                    assert entry(cid, decl, key) == value, f"{where}: {decl}.{key}"

    def check_report_claims(self, report: Mapping[str, Any]) -> None:
        """``claims`` against the claims of a ``check --format json`` report (no facts of entries)."""
        claims = [c for p in report["papers"] for c in p["claims"]]
        self.check_claims({c["id"]: c["verdict"] for c in claims},
                          {c["id"]: [p["message"] for p in c["problems"] if p["severity"] == "error"] for c in claims},
                          {c["id"]: [p["message"] for p in c["problems"] if p["severity"] == "warning"] for c in claims},
                          lambda cid, decl, key: pytest.fail(f"{self}: entries of {cid} are not read from JSON"))

    def check_problems(self, problems: Iterable[tuple[str, str]]) -> None:
        """``problems``: each ``must`` entry matches one of ``problems`` (``(head, message)``), no
        ``must_not`` entry matches any."""
        spec = self.get("problems", {})
        unknown = set(spec) - PROBLEM_KEYS
        if unknown:
            raise CaseError(f"{self}: problems: {sorted(unknown)} not in {sorted(PROBLEM_KEYS)}")
        got = list(problems)
        shown = "\n".join(f"{h}: {m}" for h, m in got)
        for entry in spec.get("must") or []:
            assert any(matches(entry, p) for p in got), f"{self}: no problem `{entry}`; got:\n{shown}"
        for entry in spec.get("must_not") or []:
            assert not any(matches(entry, p) for p in got), f"{self}: problem `{entry}` occurs:\n{shown}"


def matches(entry: str, problem: tuple[str, str]) -> bool:
    """Whether ``HEAD`` or ``HEAD: text`` names ``problem`` (its head, and a text in its message)."""
    head, sep, text = entry.partition(": ")
    return problem[0] == head and (not sep or text in problem[1])


def load(suite: str, folder: Path) -> Case:
    """The case of ``folder`` (its ``expected.yaml`` checked against the vocabulary)."""
    path = folder / "expected.yaml"
    try:
        expected = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise CaseError(f"{path}: {exc}") from None
    if not isinstance(expected, dict):
        raise CaseError(f"{path}: not a mapping")
    unknown = sorted(set(expected) - VOCABULARY)
    if unknown:
        raise CaseError(f"{path}: {unknown} not in the vocabulary (tests/cases.py)")
    return Case(suite, folder.name, folder, expected)


def cases(suite: str, where: Callable[[Case], bool] = lambda _case: True) -> list[Case]:
    """The cases of ``tests/fixtures/<suite>/`` (every folder with an ``expected.yaml``), by name."""
    found = [load(suite, p) for p in sorted((FIXTURES / suite).iterdir()) if (p / "expected.yaml").is_file()]
    return [c for c in found if where(c)]


def params(suite: str, where: Callable[[Case], bool] = lambda _case: True) -> list[Any]:
    """``cases`` as pytest parameters named by their folders."""
    return [pytest.param(c, id=c.name) for c in cases(suite, where)]


def case(suite: str, name: str) -> Case:
    """One case by name."""
    return load(suite, FIXTURES / suite / name)


def run_cli(c: Case, root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The case's ``run`` commands on ``root`` (each with ``--root``): the last one's exit code and
    outputs, checked with :meth:`Case.check_run` (the commands before it set the case up)."""
    from claimcheck.cli import main

    commands = c.get("run")
    assert commands, f"{c}: no `run` command"
    code, out, err = 0, "", ""
    for command in commands:
        args = command.split() if isinstance(command, str) else [str(a) for a in command]
        code = main([*args, "--root", str(root)])
        captured = capsys.readouterr()
        out, err = captured.out, captured.err
    c.check_run(code, out, err)
    return code, out, err
