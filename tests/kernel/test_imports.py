"""The kernel is self-contained: its files import only the standard library and each other, and
no two of them import each other in a circle (issue 22)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

KERNEL = Path(__file__).resolve().parents[2] / "python" / "claimcheck" / "kernel"


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """(kernel modules imported, other top-level modules imported) by one file, at any depth."""
    inner, outer = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                if node.module:
                    inner.add(node.module.split(".")[0])
                else:
                    inner.update(a.name for a in node.names)
            else:
                outer.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            outer.update(a.name.split(".")[0] for a in node.names)
    return inner, outer


def test_kernel_imports_only_the_standard_library_and_itself():
    for path in sorted(KERNEL.glob("*.py")):
        _inner, outer = _imports(path)
        foreign = {m for m in outer if m not in sys.stdlib_module_names and m != "__future__"}
        assert not foreign, f"{path.name} imports {sorted(foreign)}"


def test_no_import_circle_between_kernel_files():
    graph = {p.stem: _imports(p)[0] for p in KERNEL.glob("*.py")}
    state: dict[str, int] = {}

    def visit(n: str, path: list[str]) -> None:
        state[n] = 1
        for d in sorted(graph.get(n, ())):
            assert state.get(d) != 1, "import circle: " + " -> ".join(path + [d])
            if d not in state:
                visit(d, path + [d])
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n, [n])
