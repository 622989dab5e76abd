"""The package's import map stays clean (issue 34): no module imports another that imports it back
(directly or through others), no folder imports one of a higher layer of the pipeline, and the
kernel imports only itself and the standard library. Every import counts: at the top of a file,
inside a function, under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "claimcheck"

#: The layers, bottom first: a folder (or a top-level module) imports only from its own layer's
#: folder and from lower layers. Declared once, here.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "errors", "escape", "kernel"),
    ("progress", "files", "sandbox", "git"),
    ("lake",),
    ("model",),
    ("cache", "project"),
    ("olean",),
    ("lean",),
    ("recheck",),
    ("analysis",),
    ("companion",),
    ("claims",),
    ("report", "export", "scaffold"),
    ("pipeline",),
    ("cli",),
)
LAYER = {part: i for i, parts in enumerate(LAYERS) for part in parts}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, modules: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """Every module ``path`` imports (absolute names), wherever the import stands; ``from p import
    m`` of a module ``m`` of ``modules`` imports ``p.m``."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = {f"{module}.{a.name}" for a in node.names} & set(modules)
            out.update(subs or {module})
    return out


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {m: {i for i in _imports(p, set(files)) if i in files and i != m} for m, p in files.items()}


def _folder(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_folder_has_a_layer() -> None:
    graph = _graph()
    assert {_folder(m) for m in graph} == set(LAYER)
    # the map is read: the CLI runs the session, the session its stages, an analysis reads terms
    assert "claimcheck.pipeline.session" in graph["claimcheck.cli"]
    assert "claimcheck.pipeline.stages" in graph["claimcheck.pipeline.session"]
    assert "claimcheck.olean.terms" in graph["claimcheck.analysis.vacuity"]


def test_no_module_imports_itself_back() -> None:
    from claimcheck.analysis.scc import close_components

    graph = {m: sorted(imports) for m, imports in _graph().items()}
    done: dict[str, int] = {}
    circles: list[list[str]] = []

    def component(members: list[str]) -> None:
        done.update(dict.fromkeys(members, 0))
        if len(members) > 1:
            circles.append(sorted(members))

    for m in sorted(graph):
        if m not in done:
            close_components(m, graph.__getitem__, done, component)
    assert circles == []
    assert len(done) == len(graph)


def test_no_import_runs_back_up_the_pipeline() -> None:
    back = sorted(f"{m} -> {i}" for m, imports in _graph().items() for i in imports
                  if LAYER[_folder(i)] > LAYER[_folder(m)]
                  or (LAYER[_folder(i)] == LAYER[_folder(m)] and _folder(i) != _folder(m)))
    assert back == []


def test_the_kernel_imports_only_itself_and_the_standard_library() -> None:
    for path in (PACKAGE / "kernel").rglob("*.py"):
        for module in _imports(path):
            top = module.split(".")[0]
            assert module.startswith("claimcheck.kernel") or (top != "claimcheck" and top in sys.stdlib_module_names), \
                f"{path.name} imports {module}"
