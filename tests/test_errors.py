"""One error hierarchy (issue 34): every error claimcheck reports is a ClaimcheckError carrying its
exit code, an ExitCode; the CLI turns one into its code in one place."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import claimcheck
from claimcheck import cli
from claimcheck.errors import ClaimcheckError, ExitCode, ManifestError, OleanError, ToolchainError

#: Exceptions that are signals inside one module, never reported to a user (each caught where raised).
INTERNAL = {"claimcheck.analysis.vacuity._NoCandidate", "claimcheck.analysis.vacuity._OutOfFuel",
            "claimcheck.analysis.props._Undecided", "claimcheck.analysis.canonical._OutOfFuel",
            "claimcheck.analysis.instances.Unsupported"}


def _package_exceptions() -> list[type]:
    out = []
    for info in pkgutil.walk_packages(claimcheck.__path__, "claimcheck."):
        if info.name.startswith("claimcheck.kernel") or info.name.endswith("__main__"):
            continue  # the kernel imports only itself: its own errors, turned into verdicts
        module = importlib.import_module(info.name)
        for _name, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, BaseException) and obj.__module__ == info.name:
                out.append(obj)
    return out


def test_every_error_of_the_package_is_a_claimcheck_error_with_its_code() -> None:
    found = _package_exceptions()
    assert len(found) > 10
    for exc in found:
        if f"{exc.__module__}.{exc.__qualname__}" in INTERNAL:
            continue
        assert issubclass(exc, ClaimcheckError), exc
        assert isinstance(exc.exit_code, ExitCode), exc


def test_exit_codes_keep_their_meanings() -> None:
    assert [int(c) for c in (ExitCode.SUCCESS, ExitCode.FAILURE, ExitCode.BAD_INPUT, ExitCode.NO_TOOLCHAIN)] == [0, 1, 2, 3]
    assert ExitCode.of(True) is ExitCode.SUCCESS and ExitCode.of(False) is ExitCode.FAILURE
    assert OleanError("x").exit_code is ExitCode.BAD_INPUT and ToolchainError("x").exit_code is ExitCode.NO_TOOLCHAIN


@pytest.mark.parametrize(("error", "code", "stderr"), [
    (OleanError("build/lib/A.olean: truncated"), 2, "claimcheck: build/lib/A.olean: truncated\n"),
    (ToolchainError("no lean"), 3, "claimcheck: toolchain: no lean\n"),
    (ManifestError(["m.yaml:3: bad"]), 2, "claimcheck: invalid manifests:\nm.yaml:3: bad\n"),
])
def test_the_cli_turns_an_error_into_its_code(monkeypatch, tmp_path, capsys, error, code, stderr) -> None:
    def fails(_args):
        raise error

    monkeypatch.setattr(cli, "cmd_validate", fails)
    assert cli.main(["validate", "--root", str(tmp_path)]) == code
    assert capsys.readouterr().err == stderr
