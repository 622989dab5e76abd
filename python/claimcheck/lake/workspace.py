"""A Lake workspace: the root package and every package it requires, each read from its own
lakefile, in dependency order: :func:`load_workspace`.

Where each package is, as Lake puts it: a ``require NAME from "PATH"`` is the folder ``PATH``
(relative to the package that requires it); a git (or Reservoir) package is
``<packagesDir>/<name>`` (``packagesDir`` from the root's lakefile, else ``lake-manifest.json``,
else ``.lake/packages``), plus its ``subDir``. Each package has its own lakefile, options and
outputs (``<package>/<buildDir>/<leanLibDir>``, by default ``.lake/build/lib/lean``).

A required package that is not there (no manifest entry, no folder, no lakefile) is a
:class:`MissingPackage`, with how to get it; the rest of the workspace is still read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Callable

from claimcheck.lake.config import LakeConfig, LakefileError, Require, find_lakefile
from claimcheck.lake.manifest import MANIFEST_FILE, LakeManifest, read_manifest

__all__ = ["PackageKind", "Package", "MissingPackage", "Workspace", "load_workspace", "read_config",
           "LibSource"]


class PackageKind(StrEnum):
    ROOT = "root"
    PATH = "path"
    GIT = "git"


@dataclass(frozen=True)
class LibSource:
    """A folder where a package's modules are (a library's or executable's ``srcDir``), with the
    ``lean`` arguments its modules are compiled with."""

    folder: Path
    lean_args: tuple[str, ...]
    target: str


@dataclass(frozen=True)
class Package:
    name: str
    dir: Path
    config: LakeConfig
    kind: PackageKind
    #: names of the packages its lakefile requires
    requires: tuple[str, ...] = ()
    url: str | None = None
    rev: str | None = None
    scope: str = ""
    inherited: bool = False

    @property
    def build_dir(self) -> Path:
        return self.dir / self.config.build_dir

    @property
    def olean_dir(self) -> Path:
        return self.build_dir / self.config.lean_lib_dir

    @property
    def src_dir(self) -> Path:
        return self.dir / self.config.src_dir

    def sources(self) -> list[LibSource]:
        """Each library's and executable's source folder, in the lakefile's order."""
        out = []
        for lib in self.config.libs:
            out.append(LibSource((self.src_dir / lib.src_dir).resolve(), lib.lean_args, lib.name))
        for exe in self.config.exes:
            out.append(LibSource((self.src_dir / exe.src_dir).resolve(), exe.lean_args, exe.name))
        return out

    def describe(self, root: Path | None = None) -> str:
        """The package and where it comes from (a path package's folder relative to ``root``)."""
        if self.kind is PackageKind.GIT:
            return f"{self.name} (git {self.url or '?'} @ {(self.rev or '?')[:12]})"
        if self.kind is PackageKind.PATH:
            where = os.path.relpath(self.dir, root) if root is not None else str(self.dir)
            return f"{self.name} (path {Path(where).as_posix()})"
        return self.name


@dataclass(frozen=True)
class MissingPackage:
    """A required package that is not in the workspace (modules that import it cannot be read)."""

    name: str
    required_by: str
    where: str  # the require's file:line
    expected: Path | None
    reason: str

    @property
    def hint(self) -> str:
        if self.expected is not None and "path" in self.reason:
            return "the folder it names must hold a Lake package (a lakefile)"
        text = "run `lake update` in the workspace (a native Lean's lake clones the packages lake-manifest.json pins into .lake/packages)"
        if self.name.lower() == "mathlib":
            text += ("; then `lake exe cache get` downloads Mathlib's built .olean files (Mathlib is beyond the "
                     "wasm toolchain: build with a native Lean, then `claimcheck check --no-build`)")
        return text

    def message(self) -> str:
        return f"package {self.name}, required by {self.required_by} ({self.where}), is missing: {self.reason}; {self.hint}"

    def relative_to(self, root: Path) -> "MissingPackage":
        """The same, its paths relative to ``root`` (as every output shows a project's files)."""
        def rel(text: str) -> str:
            return text.replace(str(root) + os.sep, "")

        return MissingPackage(self.name, self.required_by, rel(self.where), self.expected, rel(self.reason))


@dataclass(frozen=True)
class Workspace:
    root: Package
    #: the packages the root requires, directly or not, each after those it requires
    dependencies: tuple[Package, ...] = ()
    missing: tuple[MissingPackage, ...] = ()
    manifest: LakeManifest | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def packages(self) -> tuple[Package, ...]:
        """Every package, the root last."""
        return self.dependencies + (self.root,)

    def package(self, name: str) -> Package | None:
        return next((p for p in self.packages if p.name == name), None)

    def requires_closure(self, pkg: Package) -> list[Package]:
        """The packages ``pkg`` requires, directly or not, in dependency order."""
        by_name = {p.name: p for p in self.packages}
        seen: set[str] = set()
        todo = list(pkg.requires)
        while todo:
            n = todo.pop()
            if n in seen or n not in by_name:
                continue
            seen.add(n)
            todo.extend(by_name[n].requires)
        return [p for p in self.dependencies if p.name in seen]


ConfigReader = Callable[[Path], LakeConfig]


def read_config(lakefile: Path, lake: Path | None = None) -> LakeConfig:
    """A package's lakefile: ``lakefile.toml`` read in full; ``lakefile.lean`` through ``lake``
    when there is one, else its declarative subset."""
    from claimcheck.lake.lean_file import read_lean_subset
    from claimcheck.lake.native import translate_config
    from claimcheck.lake.toml_file import read_toml

    if lakefile.suffix == ".toml":
        return read_toml(lakefile)
    if lake is not None:
        return translate_config(lake, lakefile)
    return read_lean_subset(lakefile)


def load_workspace(root: Path, reader: ConfigReader) -> Workspace:
    """The workspace whose root package is the folder ``root`` (which has a lakefile)."""
    root = root.resolve()
    lakefile = find_lakefile(root)
    if lakefile is None:
        raise LakefileError(f"{root}: no lakefile.lean or lakefile.toml")
    root_cfg = reader(lakefile)
    manifest = read_manifest(root / MANIFEST_FILE)
    packages_dir = root / (root_cfg.packages_dir or (manifest.packages_dir if manifest else None) or ".lake/packages")
    root_pkg = Package(root_cfg.name, root, root_cfg, PackageKind.ROOT,
                       tuple(r.name for r in root_cfg.requires))
    resolved: dict[str, Package] = {}
    missing: dict[str, MissingPackage] = {}
    queue: list[tuple[Package, Require]] = [(root_pkg, r) for r in root_cfg.requires]
    while queue:
        parent, req = queue.pop(0)
        if req.name in resolved or req.name in missing or req.name == root_pkg.name:
            continue
        where = parent.config.where(req.line)
        entry = manifest.entry(req.name) if manifest is not None else None
        kind = PackageKind.PATH if req.path is not None or (entry is not None and entry.kind == "path") else PackageKind.GIT
        if req.path is not None:
            folder = (parent.dir / req.path)
        elif entry is not None and entry.kind == "path":
            folder = root / (entry.dir or "")
        elif entry is not None:
            folder = packages_dir / entry.name
            if entry.subdir:
                folder = folder / entry.subdir
        else:
            folder = packages_dir / req.name
            if not folder.is_dir():
                why = ("lake-manifest.json is missing" if manifest is None
                       else f"{manifest.file.name} has no entry for it")
                missing[req.name] = MissingPackage(req.name, parent.name, where, folder, why)
                continue
        folder = Path(os.path.normpath(folder))
        if not folder.is_dir():
            what = "the path dependency's folder" if kind is PackageKind.PATH else "its folder"
            missing[req.name] = MissingPackage(req.name, parent.name, where, folder,
                                               f"{what} {folder} does not exist")
            continue
        dep_lakefile = find_lakefile(folder)
        if dep_lakefile is None:
            missing[req.name] = MissingPackage(req.name, parent.name, where, folder,
                                               f"{folder} has no lakefile.lean or lakefile.toml")
            continue
        cfg = reader(dep_lakefile)
        pkg = Package(req.name, folder.resolve(), cfg, kind, tuple(r.name for r in cfg.requires),
                      url=entry.url if entry else req.git, rev=entry.rev if entry else req.rev,
                      scope=(entry.scope if entry else "") or req.scope,
                      inherited=entry.inherited if entry else parent.kind is not PackageKind.ROOT)
        resolved[req.name] = pkg
        queue.extend((pkg, r) for r in cfg.requires)
    order = _dependency_order(resolved)
    return Workspace(root_pkg, tuple(order), tuple(missing.values()), manifest)


def _dependency_order(packages: dict[str, Package]) -> list[Package]:
    out: list[Package] = []
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2 or name not in packages:
            return
        if state.get(name) == 1:
            raise LakefileError(f"packages require each other in a cycle: {' -> '.join(path + [name])}")
        state[name] = 1
        for r in packages[name].requires:
            visit(r, path + [name])
        state[name] = 2
        out.append(packages[name])

    for name in sorted(packages):
        visit(name, [])
    return out
