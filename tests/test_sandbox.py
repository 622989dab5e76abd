"""The pieces of the trust boundary that need no Lean: the seccomp program, the sandbox choice, the
checked file reads, the visible outputs (the attacks themselves are fixture folders in
``tests/fixtures/trust/``, run by ``tests/test_trust.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck import files, sandbox
from claimcheck.errors import ConfigError
from claimcheck.escape import UNSAFE, visible


@pytest.mark.parametrize("machine", sorted(sandbox._AUDIT_ARCH))
@pytest.mark.parametrize("metadata", [True, False])
def test_seccomp_program_jumps_land_on_allow_or_deny(machine: str, metadata: bool) -> None:
    program = sandbox._seccomp_program(machine, metadata)
    allow, deny = len(program) - 2, len(program) - 1
    assert program[allow] == (0x06, 0, 0, 0x7FFF0000)
    assert program[deny][3] & 0xFFFF0000 == 0x00050000  # SECCOMP_RET_ERRNO
    refused = set()
    for i, (code, jt, jf, k) in enumerate(program[:allow]):
        if code in (0x15, 0x35):  # jeq, jge: one branch goes on, the other to deny
            targets = {i + 1 + jt, i + 1 + jf}
            assert deny in targets and targets <= set(range(i + 1, len(program)))
            if code == 0x15 and i > 1:
                refused.add(k)
    names = {n for n, nr in sandbox._REFUSED[machine].items() if nr in refused}
    assert "socket" in names and "io_uring_setup" in names
    assert ("fchmodat" in names) is metadata  # a Lean build may set the mode of its own outputs


def test_the_companion_filter_refuses_sockets_and_chmod_in_a_process(tmp_path: Path) -> None:
    if sandbox.landlock_abi() < 1:
        pytest.fail("this machine has no Landlock: the sandbox's tests need it (Linux 5.13+)")
    code = ("import os, socket, sys; sys.path[:0] = [%r]; from claimcheck import sandbox; sandbox._seccomp();"
            "out = []\n"
            "for f in (lambda: socket.socket(), lambda: os.chmod(%r, 0o600)):\n"
            "    try: f(); out.append('ok')\n"
            "    except PermissionError: out.append('refused')\n"
            "print(out)") % (str(Path(sandbox.__file__).parents[1]), str(tmp_path / "f"))
    (tmp_path / "f").write_text("x")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "['refused', 'refused']", done.stderr


def test_the_user_chooses_the_sandbox(monkeypatch) -> None:
    monkeypatch.setenv(sandbox.ENV_KIND, "none")
    assert sandbox.choose() is sandbox.Kind.NONE
    monkeypatch.setenv(sandbox.ENV_KIND, "chroot")
    with pytest.raises(sandbox.SandboxError, match="name one of"):
        sandbox.choose()
    monkeypatch.delenv(sandbox.ENV_KIND)
    assert sandbox.unsandboxed_requested(True)
    monkeypatch.setenv(sandbox.ENV_UNSANDBOXED, "1")
    assert sandbox.unsandboxed_requested(False)


def test_policy_travels_as_json() -> None:
    policy = sandbox.Policy(("/a", "/b"), "/tmp/x", 3.5, sandbox.Kind.BUBBLEWRAP)
    assert sandbox.Policy.from_json(json.loads(json.dumps(policy.to_json()))) == policy


def test_a_confined_command_starts_without_the_project_on_its_path(tmp_path: Path) -> None:
    cmd = sandbox.confined_command(["/bin/true"], [str(tmp_path)], [str(tmp_path)], sandbox.Kind.LANDLOCK,
                                   str(tmp_path))
    setup = json.loads(cmd[5])
    assert os.path.realpath(tmp_path) not in setup["path"] and setup["write"] == [os.path.realpath(tmp_path)]
    assert sandbox.confined_command(["/bin/true"], [], [], sandbox.Kind.NONE, str(tmp_path)) == ["/bin/true"]


def test_files_inside_the_project_are_read_and_links_out_refused(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text("inside\n")
    (tmp_path / "secret.txt").write_text("s3cret")
    (root / "in.txt").symlink_to(root / "a.txt")
    (root / "out.txt").symlink_to(tmp_path / "secret.txt")
    assert files.read_text(root, "in.txt", "a file") == "inside\n"
    for name in ("out.txt", "../secret.txt", str(tmp_path / "secret.txt")):
        with pytest.raises(files.OutsideError, match="resolves outside the project") as exc:
            files.read_text(root, name, "a file")
        assert "s3cret" not in str(exc.value) and isinstance(exc.value, ConfigError)
    with pytest.raises(files.OutsideError, match="is a folder"):
        files.read_bytes(root, "sub", "a file")
    (root / "bad.txt").write_bytes(b"ok\n\xff\n")
    with pytest.raises(files.UnreadableError, match=r"bad.txt:2: .* not UTF-8"):
        files.read_text(root, "bad.txt", "a file")
    with pytest.raises(files.UnreadableError, match="more than"):
        files.read_bytes(root, "a.txt", "a file", limit=3)


def test_visible_shows_every_control_character_and_keeps_json_valid() -> None:
    raw = "a\x00b\x1b[2Kc\x07\x7f\x9b\ud800\r\ufffe\tz\n"
    shown = visible(raw)
    assert UNSAFE.search(shown) is None and "\\u001b[2K" in shown and shown.endswith("\tz\n")
    data = {"name": raw}
    assert json.loads(visible(json.dumps(data, ensure_ascii=False))) == data  # the same data, escaped
    assert visible(shown) == shown


_FAKE_LAKE_SH = """#!/bin/sh
# A stand-in for a native `lake` whose lakefile does what a lakefile may (it is a Lean program):
# write outside the project, then answer `translate-config toml OUT` and `build` as lake does.
echo pwned > "$LAKE_ATTACK_TARGET" 2>/dev/null
mkdir -p .lake && echo built > .lake/inside
if [ "$1" = translate-config ]; then printf 'name = "paper"\\n' > "$3"; fi
exit 0
"""


def test_lake_runs_confined_like_the_build(tmp_path: Path, monkeypatch) -> None:
    """A lakefile is a Lean program that `lake translate-config` and `lake build` run: the lake
    claimcheck starts writes the package's `.lake` and its temporary folder, nothing else (here a
    fake lake that tries to write beside the project, in the user's home as it were)."""
    if sandbox.landlock_abi() < 1:
        pytest.fail("this machine has no Landlock: the sandbox's tests need it (Linux 5.13+)")
    from claimcheck.lake.native import lake_command, translate_config

    monkeypatch.delenv(sandbox.ENV_KIND, raising=False)
    project, home, bin_dir = tmp_path / "paper", tmp_path / "home", tmp_path / "toolchain" / "bin"
    for d in (project, home, bin_dir):
        d.mkdir(parents=True)
    lake = bin_dir / "lake"
    lake.write_text(_FAKE_LAKE_SH)
    lake.chmod(0o755)
    (project / "lakefile.lean").write_text('import Lake\nopen Lake DSL\npackage paper\n')
    target = home / "pwned"
    monkeypatch.setenv("LAKE_ATTACK_TARGET", str(target))
    config = translate_config(lake, project / "lakefile.lean")
    assert config.name == "paper" and (project / ".lake" / "inside").read_text() == "built\n"
    assert not target.exists()
    # the build's command: the same confinement (and unconfined only when the user says so)
    (project / ".lake" / "inside").unlink()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    done = subprocess.run(lake_command(lake, ["build", "Paper"], [project], scratch), cwd=project, timeout=120)
    assert done.returncode == 0 and (project / ".lake" / "inside").exists() and not target.exists()
    monkeypatch.setenv(sandbox.ENV_KIND, "none")
    assert lake_command(lake, ["build"], [project], scratch) == [str(lake), "build"]
    subprocess.run(lake_command(lake, ["build"], [project], scratch), cwd=project, timeout=120)
    assert target.read_text() == "pwned\n"  # the attack is real: unconfined, it writes
