"""A claimcheck project: where its Lean sources, build outputs and manifests live.

Every command works on a project root. The root may hold an optional ``claimcheck.toml``:

```toml
[lean]
src = "lean"                 # folder of Lean module files (default: lean/ if present, else the root)
roots = ["MLTheory"]         # library roots: these modules and all they import (default: every module)

[status]
allowed_axioms = ["propext", "Classical.choice", "Quot.sound"]

[manifests]
dir = "manifests"
sources = "sources"          # optional: folder of source texts to check citations against

[witnesses]
modules = ["mltheory.witnesses"]   # companion modules exporting a witness REGISTRY

[instances]
modules = ["mltheory.semantics"]   # companion modules exporting Python SEMANTICS of Lean names
strict = false               # true: an instance theorem (proved by `decide`) not cross-checked fails the gate

[companion]
timeout = 600                # seconds a companion run may take (in its sandbox), then it is stopped
```

The sources folder may also come from ``--sources DIR`` or ``$CLAIMCHECK_SOURCES``; when none is
named, citations are not checked against source text (the report says so).

**A Lake workspace is a project as it is.** A root with a ``lakefile.toml`` or ``lakefile.lean`` and
no ``[lean]`` table in ``claimcheck.toml`` is read as lake reads it (:mod:`claimcheck.lake`): its
libraries, executables and source folders from the lakefile, its packages from
``lake-manifest.json``, its outputs in lake's layout (``.lake/build/lib/lean``, each package its own).
``claimcheck.toml`` then only adds settings (manifests, axioms, kernel, companions); a ``[lean]``
table replaces the lakefile's libraries by a folder of modules built into ``build/lib``.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

from claimcheck import files
from claimcheck.errors import ConfigError
from claimcheck.model.names import Name, NameSyntaxError

if TYPE_CHECKING:
    from claimcheck.lake.workspace import Package, Workspace

CONFIG_FILE = "claimcheck.toml"
#: Kernel steps one declaration may take (the kernel's own default, ``kernel.environment.DEFAULT_FUEL``,
#: is the same number: a test holds them together; importing the kernel here would slow every command).
DEFAULT_KERNEL_FUEL = 1_000_000
DEFAULT_ALLOWED_AXIOMS = frozenset(Name.parse(n) for n in ("propext", "Classical.choice", "Quot.sound"))
#: Limits on claimcheck.toml: its size and how deep its tables nest (it nests 2 deep).
MAX_CONFIG_BYTES = 64 * 1024
MAX_CONFIG_DEPTH = 8
#: `[kernel] fuel`: kernel steps per unit, at most this many
MAX_KERNEL_FUEL = 10**12
#: `[companion] timeout`: seconds one companion run may take (default, most)
DEFAULT_COMPANION_TIMEOUT = 600
MAX_COMPANION_TIMEOUT = 3600

_KNOWN_KEYS: dict[str, set[str]] = {
    "lean": {"src", "roots"},
    "status": {"allowed_axioms"},
    "manifests": {"dir", "sources"},
    "witnesses": {"modules"},
    "instances": {"modules", "strict"},
    "kernel": {"require", "fuel", "dependencies"},
    "companion": {"timeout"},
}
#: `[kernel] dependencies`: whether the kernel re-checks the declarations of a workspace's other
#: packages ("check", the default) or admits their theorems as stated ("trust").
KERNEL_DEPENDENCY_MODES = ("check", "trust")
#: Keys that were once read, with what replaced them (a clear error, never silently ignored).
_RETIRED_KEYS: dict[str, dict[str, str]] = {
    # a wall-clock limit made a verdict depend on how loaded the machine was (issue 22)
    "kernel": {"budget": "kernel.budget (seconds) is no longer supported: the kernel's limit is "
                         "`[kernel] fuel`, kernel steps per declaration (default "
                         f"{DEFAULT_KERNEL_FUEL}), which gives the same verdict on every machine; "
                         "remove `budget` (or write `fuel = N` instead)"},
}


@dataclass(frozen=True)
class Project:
    """Paths and settings of one project, resolved to absolute paths."""

    root: Path
    src_dir: Path
    build_dir: Path
    lib_roots: tuple[str, ...] | None  # None: every module under src_dir
    allowed_axioms: frozenset[Name]
    manifests_dir: Path
    sources_dir: Path | None  # None: no source texts named; citations are not checked
    witness_modules: tuple[str, ...] = ()
    semantics_modules: tuple[str, ...] = ()
    strict_instances: bool = False
    #: whether `check` requires the independent kernel to accept what a theorem claim rests on
    kernel_required: bool = True
    #: kernel steps one unit may take (deterministic; then `undecided: ran out of fuel`)
    kernel_fuel: int = DEFAULT_KERNEL_FUEL
    #: seconds one run of the companion may take in its sandbox
    companion_timeout: float = DEFAULT_COMPANION_TIMEOUT
    #: "check": the kernel re-checks the declarations of required packages; "trust": their
    #: theorems are admitted as stated (shown in every output)
    kernel_dependencies: str = "check"
    #: where module ``A.B``'s outputs are (``A/B.olean``); default ``build/lib``
    lib_dir: Path | None = None
    #: the Lake workspace the project is (None: a folder of modules, ``[lean]`` in claimcheck.toml)
    workspace: "Workspace | None" = None
    #: the workspace package these settings build (the root, or one of its dependencies)
    package: "Package | None" = None

    def with_sources(self, folder: Path | str | None) -> "Project":
        """The same project with the sources folder ``folder`` (``None`` keeps the configured one)."""
        if folder is None:
            return self
        return dataclasses.replace(self, sources_dir=Path(folder).resolve())

    @property
    def olean_dir(self) -> Path:
        """Where module ``A.B`` builds to ``A/B.olean`` (the ``LEAN_PATH`` entry): ``build/lib``, or
        lake's ``.lake/build/lib/lean`` in a workspace."""
        return self.lib_dir if self.lib_dir is not None else self.build_dir / "lib"

    @property
    def display_root(self) -> Path:
        """The folder every output shows paths relative to: the workspace's root (also for a
        dependency package's settings), else the project root."""
        return self.workspace.root.dir if self.workspace is not None else self.root

    @property
    def is_lake(self) -> bool:
        return self.workspace is not None

    def for_package(self, package: "Package") -> "Project":
        """The same settings, building the workspace package ``package`` (its folder, outputs)."""
        return dataclasses.replace(self, root=package.dir, src_dir=package.src_dir.resolve(),
                                   build_dir=package.build_dir, lib_dir=package.olean_dir, package=package,
                                   lib_roots=None)

    def dependency_dirs(self) -> list[Path]:
        """The output folders of the packages the project's package requires (dependency order)."""
        if self.workspace is None or self.package is None:
            return []
        return [p.olean_dir for p in self.workspace.requires_closure(self.package)]

    def relative(self, path: Path | str) -> str:
        """``path`` relative to the root, ``/``-separated, as every output shows a project's files
        (as given when it has no relative form)."""
        try:
            return Path(os.path.relpath(Path(path).resolve(), self.root.resolve())).as_posix()
        except ValueError:
            return str(path)

    def tracked_build_files(self) -> list[str]:
        """Files under the build folder that git tracks (empty outside git)."""
        import subprocess

        from claimcheck import git

        try:
            proc = git.run(self.root, "ls-files", "--", self.relative(self.build_dir))
        except (OSError, subprocess.TimeoutExpired):
            return []
        if proc.returncode != 0:
            return []
        return [line for line in proc.stdout.splitlines() if line.strip()]

    @classmethod
    def load(cls, root: Path | str) -> "Project":
        """Read ``claimcheck.toml`` (if any) under ``root`` and resolve the project's folders."""
        root = Path(root).resolve()
        if not root.is_dir():
            raise ConfigError(f"{root}: project root is not a folder")
        config: dict = {}
        config_path = root / CONFIG_FILE
        if config_path.exists() or config_path.is_symlink():
            config = _read_config(root, config_path)
            _check_keys(config_path, config)
        lean = config.get("lean", {})
        status = config.get("status", {})
        manifests = config.get("manifests", {})

        workspace = None
        if "lean" not in config:
            from claimcheck.lake.config import find_lakefile

            if find_lakefile(root) is not None:
                workspace = _load_workspace(root)
        if workspace is not None:
            src_dir = workspace.root.src_dir.resolve()
            if not src_dir.is_relative_to(root):
                raise ConfigError(f"{workspace.root.config.file}: srcDir {workspace.root.config.src_dir!r} resolves "
                                  f"outside the project ({root})")
        elif "src" in lean:
            src_dir = _inside(config_path, root, "lean.src", _string(config_path, "lean.src", lean["src"]))
            if not src_dir.is_dir():
                raise ConfigError(f"{config_path}: lean.src = {lean['src']!r} is not a folder")
        else:
            src_dir = _inside(config_path, root, "lean sources folder", "lean") if (root / "lean").is_dir() else root

        roots = tuple(_string_list(config_path, "lean.roots", lean["roots"])) if "roots" in lean else None

        allowed = DEFAULT_ALLOWED_AXIOMS
        if "allowed_axioms" in status:
            try:
                allowed = frozenset(Name.parse(a) for a in
                                    _string_list(config_path, "status.allowed_axioms", status["allowed_axioms"]))
            except NameSyntaxError as exc:
                raise ConfigError(f"{config_path}: status.allowed_axioms: {exc}") from exc

        sources_env = os.environ.get("CLAIMCHECK_SOURCES")
        sources: Path | None = None
        if sources_env:
            sources = Path(sources_env).resolve()
        elif "sources" in manifests:
            # the project's own setting names a folder of the project (`--sources` and the
            # environment, the user's choices, may name any folder)
            sources = _inside(config_path, root, "manifests.sources",
                              _string(config_path, "manifests.sources", manifests["sources"]))
        witnesses = config.get("witnesses", {})
        instances = config.get("instances", {})
        strict = instances.get("strict", False)
        if not isinstance(strict, bool):
            raise ConfigError(f"{config_path}: instances.strict must be true or false, got {strict!r}")
        kernel = config.get("kernel", {})
        require = kernel.get("require", True)
        if not isinstance(require, bool):
            raise ConfigError(f"{config_path}: kernel.require must be true or false, got {require!r}")
        dependencies = kernel.get("dependencies", "check")
        if dependencies not in KERNEL_DEPENDENCY_MODES:
            raise ConfigError(f"{config_path}: kernel.dependencies must be one of {', '.join(KERNEL_DEPENDENCY_MODES)}"
                              f" (check: the kernel re-checks the required packages' declarations; trust: their "
                              f"theorems are admitted as stated), got {dependencies!r}")
        fuel = kernel.get("fuel", DEFAULT_KERNEL_FUEL)
        if isinstance(fuel, bool) or not isinstance(fuel, int) or not 0 < fuel <= MAX_KERNEL_FUEL:
            raise ConfigError(f"{config_path}: kernel.fuel must be a whole number of kernel steps in "
                              f"[1, {MAX_KERNEL_FUEL}], got {fuel!r}")
        timeout = config.get("companion", {}).get("timeout", DEFAULT_COMPANION_TIMEOUT)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 1 <= timeout <= MAX_COMPANION_TIMEOUT:
            raise ConfigError(f"{config_path}: companion.timeout must be a number of seconds in"
                              f" [1, {MAX_COMPANION_TIMEOUT}], got {timeout!r}")
        build_dir = root / "build" if workspace is None else workspace.root.build_dir
        return cls(
            root=root,
            src_dir=src_dir,
            build_dir=build_dir,
            lib_dir=None if workspace is None else workspace.root.olean_dir,
            workspace=workspace,
            package=None if workspace is None else workspace.root,
            kernel_dependencies=dependencies,
            lib_roots=roots,
            allowed_axioms=allowed,
            manifests_dir=_inside(config_path, root, "manifests.dir",
                                  _string(config_path, "manifests.dir", manifests.get("dir", "manifests")), keep=True),
            sources_dir=sources,
            witness_modules=tuple(_string_list(config_path, "witnesses.modules", witnesses.get("modules", []))),
            semantics_modules=tuple(_string_list(config_path, "instances.modules", instances.get("modules", []))),
            strict_instances=strict,
            kernel_required=require,
            kernel_fuel=fuel,
            companion_timeout=float(timeout),
        )


def _load_workspace(root: Path) -> "Workspace":
    """The Lake workspace at ``root``: lakefiles read by a native ``lake`` when there is one."""
    from claimcheck.lake.native import find_lake
    from claimcheck.lake.workspace import load_workspace, read_config

    lake = find_lake()
    workspace = load_workspace(root, lambda lakefile: read_config(lakefile, lake))
    build = workspace.root.build_dir.resolve()
    if not build.is_relative_to(root):
        raise ConfigError(f"{workspace.root.config.file}: buildDir {workspace.root.config.build_dir!r} resolves "
                          f"outside the project ({root})")
    return workspace


def _read_config(root: Path, path: Path) -> dict:
    """claimcheck.toml, read as UTF-8 TOML within limits; a folder, a link out of the project, a
    file that is not UTF-8 or not TOML is a ConfigError naming the file (and the line), never
    echoing its content."""
    if path.is_dir():
        raise ConfigError(f"{path}: is a folder, not a settings file")
    data = files.read_bytes(root, path, "the settings file", limit=MAX_CONFIG_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ConfigError(f"{path}:{line}: not UTF-8 text (byte {exc.start}: {exc.reason}); save it as UTF-8") from exc
    try:
        config = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = _TOML_WHERE.search(str(exc))
        at = f":{where.group(1)}" if where else ""
        raise ConfigError(f"{path}{at}: {_TOML_WHERE.sub('', str(exc))}") from exc
    except RecursionError as exc:
        raise ConfigError(f"{path}: nests too deep to read") from exc
    stack: list[tuple[object, int, tuple[str, ...]]] = [(config, 1, ())]
    while stack:
        value, depth, keys = stack.pop()
        if depth > MAX_CONFIG_DEPTH:
            raise ConfigError(f"{path}: nests deeper than {MAX_CONFIG_DEPTH} levels (claimcheck.toml nests 2)")
        if isinstance(value, dict):
            for k, v in value.items():
                _no_control(path, text, keys + (k,), k)
                stack.append((v, depth + 1, keys + (k,)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1, keys) for v in value)
        elif isinstance(value, str):
            _no_control(path, text, keys, value)
    return config


_TOML_WHERE = re.compile(r" \(at line (\d+), column \d+\)")
#: Characters no setting may hold: C0 and C1 controls, DEL (a NUL ends a path in the system's
#: calls; an escape sequence rewrites a terminal).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _no_control(path: Path, text: str, keys: tuple[str, ...], value: str) -> None:
    found = _CONTROL.search(value)
    if found is None:
        return
    line = _key_line(text, keys)
    where = f":{line}" if line else ""
    raise ConfigError(f"{path}{where}: {'.'.join(keys)} holds the control character U+{ord(found.group()):04X}, which no"
                      " setting may hold; remove it")


def _key_line(text: str, keys: tuple[str, ...]) -> int | None:
    """The line that sets ``keys`` (``section.key``, or a section) in the TOML ``text`` (None: not found)."""
    section = ""
    target = ".".join(keys)
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[] ")
            if section == target:
                return n
            continue
        if "=" in line:
            name = line.split("=", 1)[0].strip().strip("\"'")
            if (f"{section}.{name}" if section else name) == target:
                return n
    return None


def _check_keys(path: Path, config: dict) -> None:
    for section, value in config.items():
        if section not in _KNOWN_KEYS:
            raise ConfigError(f"{path}: unknown section [{section}] (known: {', '.join(sorted(_KNOWN_KEYS))})")
        if not isinstance(value, dict):
            raise ConfigError(f"{path}: {section} must be a table [{section}]")
        for key in value:
            retired = _RETIRED_KEYS.get(section, {}).get(key)
            if retired is not None:
                raise ConfigError(f"{path}: {retired}")
            if key not in _KNOWN_KEYS[section]:
                known = ", ".join(sorted(_KNOWN_KEYS[section]))
                raise ConfigError(f"{path}: unknown key {section}.{key} (known: {known})")


def _inside(path: Path, root: Path, key: str, value: str, keep: bool = False) -> Path:
    """The folder ``value`` names under ``root``, refused when it resolves outside the project
    (``..``, an absolute path, a link): a project's settings never make claimcheck read a file
    that is not the project's. ``keep``: return the path as named (not resolved)."""
    named = root / value
    if not named.resolve().is_relative_to(root):
        raise ConfigError(f"{path}: {key} = {value!r} resolves outside the project ({root}); name a folder"
                          " of the project")
    return named if keep else named.resolve()


def _string(path: Path, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{path}: {key} must be a string, got {value!r}")
    return value


def _string_list(path: Path, key: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {key} must be a list of strings, got {value!r}")
    return value
