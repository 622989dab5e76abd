"""Which modules a Lake workspace has, in which package, from which source: :func:`plan_workspace`.

As ``lake build`` decides it: the root package's modules are its libraries' roots and globs and its
executables' roots, and every module they import that one of the package's source folders holds;
a module imported from another package is looked for in the packages its package requires (only
the modules the root needs are built, never a whole dependency). Each module is compiled with the
options of the library (or executable) whose folder holds it. An import found in no package and not
in the Lean library is an error at its line, unless a required package is missing: then the module
is *blocked* by the missing package (and so is every module importing it), and the others are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from claimcheck.errors import ConfigError, ModuleGraphError
from claimcheck.lake.config import GlobKind
from claimcheck.lake.workspace import LibSource, Package, Workspace
from claimcheck.lean.modules import LeanModule, parse_header

__all__ = ["PlannedModule", "WorkspacePlan", "plan_workspace"]


@dataclass(frozen=True)
class PlannedModule:
    module: LeanModule
    package: str
    #: the source folder holding it (``lean -R``), and the arguments its library gives ``lean``
    src_dir: Path
    lean_args: tuple[str, ...] = ()


@dataclass
class WorkspacePlan:
    #: package name -> its modules to build (dependency packages: only those the root needs)
    by_package: dict[str, dict[str, PlannedModule]] = field(default_factory=dict)
    #: module -> why it cannot be built (an import no present package has: a package is missing)
    blocked: dict[str, str] = field(default_factory=dict)

    def package_of(self, module: str) -> str | None:
        for name, mods in self.by_package.items():
            if module in mods:
                return name
        return None


def _module_file(folder: Path, module: str) -> Path:
    return folder.joinpath(*module.split(".")).with_suffix(".lean")


def _seeds(pkg: Package) -> list[tuple[str, Path, LibSource, str]]:
    """(module, file, source folder, where) of the root modules of ``pkg``'s targets."""
    out = []
    sources = pkg.sources()
    for lib, src in zip(pkg.config.libs, sources):
        where = pkg.config.where(lib.line)
        for glob in lib.globs:
            if glob.kind in (GlobKind.ONE, GlobKind.AND_SUBMODULES):
                path = _module_file(src.folder, glob.module)
                if path.is_file() or glob.kind is GlobKind.ONE:
                    out.append((glob.module, path, src, f"{where}: library {lib.name}"))
            if glob.kind in (GlobKind.SUBMODULES, GlobKind.AND_SUBMODULES):
                folder = src.folder.joinpath(*glob.module.split("."))
                if folder.is_dir():
                    for path in sorted(folder.rglob("*.lean")):
                        rel = path.relative_to(src.folder).with_suffix("")
                        if any(part.startswith(".") for part in rel.parts):
                            continue
                        out.append((".".join(rel.parts), path, src, f"{where}: library {lib.name}"))
    for exe, src in zip(pkg.config.exes, sources[len(pkg.config.libs):]):
        out.append((exe.root, _module_file(src.folder, exe.root), src,
                    f"{pkg.config.where(exe.line)}: executable {exe.name}"))
    return out


def plan_workspace(ws: Workspace, is_library_module: Callable[[str], bool]) -> WorkspacePlan:
    """The modules of ``ws`` to build (see the module docstring)."""
    plan = WorkspacePlan({p.name: {} for p in ws.packages})
    owner: dict[str, str] = {}
    by_name = {p.name: p for p in ws.packages}
    scope = {p.name: [p] + ws.requires_closure(p)[::-1] for p in ws.packages}
    todo: list[tuple[str, Path, LibSource, str]] = []
    for module, path, src, where in _seeds(ws.root):
        if not path.is_file():
            raise ConfigError(f"{where}: its root module {module} has no source file ({path})")
        todo.append((module, path, src, ws.root.name))
    unresolved: dict[str, list[tuple[str, int]]] = {}
    while todo:
        module, path, src, pkg_name = todo.pop(0)
        if module in owner:
            continue
        if not path.resolve().is_relative_to(by_name[pkg_name].dir.resolve()):
            raise ConfigError(f"{path}: module {module} resolves outside its package {pkg_name} (a link?)")
        imports, is_module = parse_header(path)
        owner[module] = pkg_name
        plan.by_package[pkg_name][module] = PlannedModule(LeanModule(module, path, imports, is_module), pkg_name,
                                                         src.folder, src.lean_args)
        for imp in imports:
            target = imp.module
            if target in owner or is_library_module(target):
                continue
            found = _find(target, scope[pkg_name])
            if found is None:
                unresolved.setdefault(module, []).append((target, imp.line))
                continue
            dep, file, dep_src = found
            todo.append((target, file, dep_src, dep.name))
    for module, targets in unresolved.items():
        pkg = owner[module]
        path = plan.by_package[pkg][module].module.path
        target, line = targets[0]
        if not ws.missing:
            raise ModuleGraphError(f"{path}:{line}: imports {target}, which is neither a module of the workspace's "
                                   f"packages nor of the Lean library")
        names = ", ".join(m.name for m in ws.missing)
        plan.blocked[module] = (f"imports {target} ({path.name}:{line}), which no package present provides: "
                                f"required package{'s' if len(ws.missing) > 1 else ''} {names} "
                                f"{'are' if len(ws.missing) > 1 else 'is'} missing")
    return plan


def _find(module: str, packages: list[Package]) -> tuple[Package, Path, LibSource] | None:
    for pkg in packages:
        for src in pkg.sources():
            path = _module_file(src.folder, module)
            if path.is_file():
                return pkg, path, src
    return None
