"""Lean module discovery: read each module's header imports and order the modules.

Only the header is parsed (``module``, ``prelude``, ``[public] [meta] import [all] A.B``), as Lean
does: it ends at the first token that is not part of it. Comments are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from claimcheck import files
from claimcheck.errors import ModuleGraphError

_TOKEN = re.compile(r"\s+|--[^\n]*|/-|[^\s]+")
_IDENT = re.compile(r"[A-Za-z_«][\w.'!?«»]*$")
_HEADER_WORDS = {"module", "prelude", "public", "meta", "private", "import", "all"}


@dataclass(frozen=True)
class Import:
    """One imported module, with the line of the import for error messages."""

    module: str
    line: int
    #: ``import all``: the importer sees the module's private part too
    all: bool = False


@dataclass(frozen=True)
class LeanModule:
    """A Lean source file of the project and its header."""

    name: str
    path: Path
    imports: tuple[Import, ...]
    is_module: bool  # uses the module system (`module` header keyword)


def module_name(src_dir: Path, path: Path) -> str:
    rel = path.relative_to(src_dir).with_suffix("")
    return ".".join(rel.parts)


def parse_header(path: Path, text: str | None = None) -> tuple[tuple[Import, ...], bool]:
    """The imports of a Lean file and whether it declares ``module``."""
    if text is None:
        text = files.read_text(path.parent, path, "the Lean module")
    imports: list[Import] = []
    is_module = False
    pos = 0
    expecting_name = False
    import_all = False
    while pos < len(text):
        if text.startswith(("/-!", "/--"), pos):
            break  # a module or declaration docstring is a command: the header is over
        if text.startswith("/-", pos):
            end = _block_comment_end(text, pos)
            if end < 0:
                line = text.count("\n", 0, pos) + 1
                raise ModuleGraphError(f"{path}:{line}: unterminated comment in the module header")
            pos = end
            continue
        match = _TOKEN.match(text, pos)
        if match is None:  # pragma: no cover - the pattern matches any character
            break
        token = match.group(0)
        if token.isspace() or token.startswith("--"):
            pos = match.end()
            continue
        line = text.count("\n", 0, pos) + 1
        if expecting_name:
            if token == "all":
                import_all = True
                pos = match.end()
                continue
            if not _IDENT.match(token):
                raise ModuleGraphError(f"{path}:{line}: expected a module name after `import`, found `{token}`")
            imports.append(Import(token.replace("«", "").replace("»", ""), line, import_all))
            expecting_name = False
            import_all = False
            pos = match.end()
            continue
        if token == "import":
            expecting_name = True
            import_all = False
        elif token == "module" and not imports:
            is_module = True
        elif token in _HEADER_WORDS:
            pass
        else:
            break
        pos = match.end()
    if expecting_name:
        raise ModuleGraphError(f"{path}: `import` at the end of the file names no module")
    return tuple(imports), is_module


def _block_comment_end(text: str, start: int) -> int:
    """Index after the (nested) block comment starting at ``start``, or -1."""
    depth = 0
    i = start
    while i < len(text) - 1:
        pair = text[i : i + 2]
        if pair == "/-":
            depth += 1
            i += 2
        elif pair == "-/":
            depth -= 1
            i += 2
            if depth == 0:
                return i
        else:
            i += 1
    return -1


def discover(src_dir: Path, exclude: tuple[Path, ...] = ()) -> dict[str, LeanModule]:
    """Every ``.lean`` file under ``src_dir`` (minus ``exclude`` folders, hidden folders, lakefiles)."""
    modules: dict[str, LeanModule] = {}
    excluded = tuple(p.resolve() for p in exclude)
    for path in sorted(src_dir.rglob("*.lean")):
        resolved = path.resolve()
        if any(resolved.is_relative_to(e) for e in excluded):
            continue
        rel = path.relative_to(src_dir)
        if any(part.startswith(".") for part in rel.parts) or path.name == "lakefile.lean":
            continue
        name = module_name(src_dir, path)
        # a module file that is a link out of the sources folder is refused by name (Lean would read it)
        imports, is_module = parse_header(path, files.read_text(src_dir, path, "the Lean module"))
        modules[name] = LeanModule(name, path, imports, is_module)
    return modules


def topological_order(modules: dict[str, LeanModule], is_external: Callable[[str], bool]) -> list[str]:
    """Modules ordered so that imports come first; unknown imports and cycles are errors."""
    for mod in modules.values():
        for imp in mod.imports:
            if imp.module not in modules and not is_external(imp.module):
                raise ModuleGraphError(
                    f"{mod.path}:{imp.line}: imports {imp.module}, which is neither a module of the "
                    f"project nor of the Lean library"
                )
    order: list[str] = []
    state: dict[str, int] = {}  # 1 = visiting, 2 = done
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for imp in modules[name].imports:
            if imp.module not in modules:
                continue
            if state.get(imp.module) == 1:
                cycle = stack[stack.index(imp.module) :] + [imp.module]
                where = "\n".join(f"  {modules[m].path}" for m in cycle[:-1])
                raise ModuleGraphError(f"import cycle: {' -> '.join(cycle)}\n{where}")
            if imp.module not in state:
                visit(imp.module)
        stack.pop()
        state[name] = 2
        order.append(name)

    for name in sorted(modules):
        if name not in state:
            visit(name)
    return order


def project_imports(mod: LeanModule, modules: dict[str, LeanModule]) -> list[str]:
    """The imports of ``mod`` that are modules of the project (in header order, no duplicates)."""
    seen: list[str] = []
    for imp in mod.imports:
        if imp.module in modules and imp.module not in seen:
            seen.append(imp.module)
    return seen


def transitive_imports(mod: LeanModule, modules: dict[str, LeanModule]) -> set[str]:
    """Every project module that ``mod`` imports directly or indirectly."""
    seen: set[str] = set()
    todo = project_imports(mod, modules)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(project_imports(modules[name], modules))
    return seen
