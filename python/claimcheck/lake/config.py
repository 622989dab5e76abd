"""A Lake package's configuration as claimcheck reads it: :class:`LakeConfig`.

The same model whichever file it comes from: ``lakefile.toml`` (read in full,
:mod:`claimcheck.lake.toml_file`), ``lakefile.lean`` through a native ``lake`` (``lake
translate-config toml``, :mod:`claimcheck.lake.native`) or, without one, its declarative subset
(:mod:`claimcheck.lake.lean_file`). Only what decides which modules a package has, where their
sources and outputs are, how they are compiled and which packages they need is kept; the rest of a
lakefile (executables' link options, scripts, Reservoir metadata) does not change what claimcheck
reads.

Defaults are Lake's (``Lake/Config/PackageConfig.lean``, ``LeanLibConfig.lean``): a package's
``srcDir`` is ``.``, its ``buildDir`` ``.lake/build``, its Lean outputs in ``lib/lean`` of that
(Lean 4.18 and later), a library's ``roots`` its name, its ``globs`` its roots, each ``Glob.one``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from claimcheck.errors import ConfigError

__all__ = [
    "LAKEFILE_LEAN",
    "LAKEFILE_TOML",
    "DEFAULT_BUILD_DIR",
    "DEFAULT_LEAN_LIB_DIR",
    "DEFAULT_PACKAGES_DIR",
    "GlobKind",
    "Glob",
    "LeanLib",
    "LeanExe",
    "Require",
    "LakeConfig",
    "LakefileError",
    "find_lakefile",
    "read_text",
    "lean_option_arg",
    "module_name",
]

LAKEFILE_LEAN = "lakefile.lean"
LAKEFILE_TOML = "lakefile.toml"
DEFAULT_BUILD_DIR = ".lake/build"
#: Lake's ``leanLibDir`` of the Lean versions claimcheck reads (4.18 and later)
DEFAULT_LEAN_LIB_DIR = "lib/lean"
DEFAULT_PACKAGES_DIR = ".lake/packages"


class LakefileError(ConfigError):
    """A lakefile claimcheck cannot read (the message names the file and line, and what to write
    instead)."""


class GlobKind(StrEnum):
    """Lake's ``Glob``: a module alone (``A``), its submodules (``A.+``), or both (``A.*``)."""

    ONE = "one"
    SUBMODULES = "submodules"
    AND_SUBMODULES = "and-submodules"


@dataclass(frozen=True)
class Glob:
    kind: GlobKind
    module: str

    @classmethod
    def parse(cls, text: str) -> "Glob | None":
        """``A.B``, ``A.B.+`` or ``A.B.*`` (as a lakefile.toml writes globs), else None."""
        if text.endswith(".+"):
            kind, text = GlobKind.SUBMODULES, text[:-2]
        elif text.endswith(".*"):
            kind, text = GlobKind.AND_SUBMODULES, text[:-2]
        else:
            kind = GlobKind.ONE
        name = module_name(text)
        return None if name is None else cls(kind, name)

    def matches(self, module: str) -> bool:
        inside = module.startswith(self.module + ".")
        if self.kind is GlobKind.ONE:
            return module == self.module
        if self.kind is GlobKind.SUBMODULES:
            return inside
        return inside or module == self.module

    def __str__(self) -> str:
        return self.module + {GlobKind.ONE: "", GlobKind.SUBMODULES: ".+", GlobKind.AND_SUBMODULES: ".*"}[self.kind]


@dataclass(frozen=True)
class LeanLib:
    """A ``lean_lib``: its modules are its roots and globs, and every module they import that is
    found in its source folder (``src_dir``, relative to the package folder)."""

    name: str
    src_dir: str
    roots: tuple[str, ...]
    globs: tuple[Glob, ...]
    #: options and arguments given to ``lean`` for its modules (the package's first)
    lean_args: tuple[str, ...] = ()
    default: bool = False
    line: int = 0


@dataclass(frozen=True)
class LeanExe:
    """A ``lean_exe``: its root module (``Main`` by default) is a module of the package too."""

    name: str
    src_dir: str
    root: str
    lean_args: tuple[str, ...] = ()
    default: bool = False
    line: int = 0


@dataclass(frozen=True)
class Require:
    """A ``require``: another package, from a folder (``path``) or a git repository (``git``, at
    ``rev``, in ``subdir``), or from Reservoir (neither: ``scope/name``)."""

    name: str
    path: str | None = None
    git: str | None = None
    rev: str | None = None
    subdir: str | None = None
    scope: str = ""
    line: int = 0

    @property
    def source(self) -> str:
        if self.path is not None:
            return f'from "{self.path}"'
        if self.git is not None:
            return f"from git {self.git}" + (f" @ {self.rev}" if self.rev else "")
        return f"from Reservoir ({self.scope}/{self.name})" if self.scope else "from Reservoir"


@dataclass(frozen=True)
class LakeConfig:
    """One package's lakefile, read."""

    file: Path
    name: str
    src_dir: str = "."
    build_dir: str = DEFAULT_BUILD_DIR
    lean_lib_dir: str = DEFAULT_LEAN_LIB_DIR
    packages_dir: str | None = None
    libs: tuple[LeanLib, ...] = ()
    exes: tuple[LeanExe, ...] = ()
    requires: tuple[Require, ...] = ()
    #: the package's own ``leanOptions``/``moreLeanArgs`` (also part of each library's ``lean_args``)
    lean_args: tuple[str, ...] = ()
    default_targets: tuple[str, ...] = ()
    #: how it was read: "lakefile.toml", "lake translate-config", "declarative subset"
    read_by: str = LAKEFILE_TOML
    notes: tuple[str, ...] = field(default=())

    @property
    def folder(self) -> Path:
        return self.file.parent

    def where(self, line: int) -> str:
        return f"{self.file}:{line}" if line else str(self.file)


#: A lakefile or a manifest is a small file; this bounds what is read.
MAX_LAKE_FILE_BYTES = 4 * 1024 * 1024


def read_text(path: Path) -> str:
    """A lakefile's or manifest's text, read as UTF-8 within the size bound (a
    :class:`LakefileError` naming the file, and the line of a byte that is not UTF-8)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LakefileError(f"{path}: cannot be read: {exc.strerror or exc}") from exc
    if len(data) > MAX_LAKE_FILE_BYTES:
        raise LakefileError(f"{path}: {len(data)} bytes, more than claimcheck reads of a lake file ({MAX_LAKE_FILE_BYTES})")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LakefileError(f"{path}:{line}: not UTF-8 text; save it as UTF-8") from exc


def find_lakefile(folder: Path) -> Path | None:
    """The package's lakefile: ``lakefile.lean`` if there is one (Lake reads it first), else
    ``lakefile.toml``; None when the folder has neither."""
    for name in (LAKEFILE_LEAN, LAKEFILE_TOML):
        path = folder / name
        if path.is_file():
            return path
    return None


_ATOM = re.compile(r"«[^»]*»|[A-Za-z_\u0370-\u03ff\u1f00-\u1fff\u2100-\u214f][\w'!?\u2070-\u209f]*")


def module_name(text: str) -> str | None:
    """A Lean module name written in a lakefile (``A.B``, ``«my-lib».B``, `` `A.B``), as claimcheck
    names modules (``«»`` dropped), or None when it is not one."""
    text = text.strip().lstrip("`")
    parts = []
    pos = 0
    while True:
        m = _ATOM.match(text, pos)
        if m is None:
            return None
        parts.append(m.group(0).strip("«»"))
        pos = m.end()
        if pos == len(text):
            return ".".join(parts)
        if text[pos] != ".":
            return None
        pos += 1


def lean_option_arg(name: str, value: object) -> str:
    """``-Dname=value`` as Lake passes a ``leanOptions`` entry to ``lean``."""
    if isinstance(value, bool):
        shown = "true" if value else "false"
    else:
        shown = str(value)
    return f"-D{name}={shown}"
