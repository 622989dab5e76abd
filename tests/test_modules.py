"""Module headers, import parsing and ordering (no Lean run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.errors import ModuleGraphError
from claimcheck.lean.modules import Import, discover, parse_header, topological_order


def header(text: str) -> tuple[list[str], bool]:
    imports, is_module = parse_header(Path("X.lean"), text)
    return [i.module for i in imports], is_module


def test_module_system_header() -> None:
    text = "module\n\npublic import A.B\nimport C\nmeta import D\npublic meta import E\nimport all F\n\ndef x := 1\n"
    assert header(text) == (["A.B", "C", "D", "E", "F"], True)


def test_comments_and_docstrings_are_skipped() -> None:
    text = "-- leading comment\n/- block /- nested -/ still comment\nimport Fake -/\nmodule\npublic import A -- trailing\n/-! # Doc -/\nimport NotHeader\n"
    # A module docstring `/-! -/` is a command, so the header ends there, as in Lean.
    assert header(text) == (["A"], True)


def test_header_ends_at_first_command() -> None:
    text = "import A\ntheorem t : True := trivial\nimport B\n"
    assert header(text) == (["A"], False)


def test_import_lines_are_recorded() -> None:
    imports, _ = parse_header(Path("X.lean"), "module\n\n\npublic import A\n")
    assert imports == (Import("A", 4),)


def test_unterminated_comment_is_an_error() -> None:
    with pytest.raises(ModuleGraphError, match=r"X.lean:2: unterminated comment"):
        parse_header(Path("X.lean"), "module\n/- never closed\nimport A\n")


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_order_puts_imports_first(tmp_path: Path) -> None:
    _write(tmp_path, {
        "P/C.lean": "module\npublic import P.B\npublic import P.A\n",
        "P/B.lean": "module\npublic import P.A\n",
        "P/A.lean": "module\nimport Init\n",
        "Q.lean": "module\n",
    })  # fmt: skip
    modules = discover(tmp_path)
    order = topological_order(modules, lambda name: name == "Init")
    assert set(order) == {"P.A", "P.B", "P.C", "Q"}
    assert order.index("P.A") < order.index("P.B") < order.index("P.C")


def test_cycle_is_a_clear_error(tmp_path: Path) -> None:
    _write(tmp_path, {"A.lean": "import B\n", "B.lean": "import C\n", "C.lean": "import A\n"})
    with pytest.raises(ModuleGraphError) as info:
        topological_order(discover(tmp_path), lambda name: False)
    message = str(info.value)
    assert "import cycle: A -> B -> C -> A" in message
    for name in ("A.lean", "B.lean", "C.lean"):
        assert str(tmp_path / name) in message


def test_unknown_import_names_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, {"A.lean": "module\n\npublic import Nowhere\n"})
    with pytest.raises(ModuleGraphError, match=r"A.lean:3: imports Nowhere"):
        topological_order(discover(tmp_path), lambda name: False)


def test_discover_skips_build_and_hidden_folders(tmp_path: Path) -> None:
    _write(tmp_path, {"A.lean": "", "build/lib/X.lean": "", ".lake/Y.lean": "", "lakefile.lean": ""})
    assert list(discover(tmp_path, exclude=(tmp_path / "build",))) == ["A"]


def test_transitive_imports(tmp_path: Path) -> None:
    from claimcheck.lean.modules import transitive_imports

    _write(tmp_path, {"A.lean": "", "B.lean": "import A\n", "C.lean": "import B\n", "D.lean": "import Init\n"})
    modules = discover(tmp_path)
    assert transitive_imports(modules["C"], modules) == {"A", "B"}
    assert transitive_imports(modules["D"], modules) == set()


def test_library_roots_select_modules(tmp_path: Path) -> None:
    from claimcheck.lean.build import Builder
    from claimcheck.errors import ConfigError
    from claimcheck.project import Project
    from claimcheck.lean.toolchain import Toolchain

    _write(tmp_path, {"lean/Lib.lean": "import Lib.A\n", "lean/Lib/A.lean": "", "lean/Scratch.lean": ""})
    fake = Toolchain("native", ("lean",), tmp_path / "nolib", "Lean (version 4.28.0)", tmp_path)
    assert set(Builder(Project.load(tmp_path), fake).modules()[0]) == {"Lib", "Lib.A", "Scratch"}
    (tmp_path / "claimcheck.toml").write_text('[lean]\nroots = ["Lib"]\n')
    assert set(Builder(Project.load(tmp_path), fake).modules()[0]) == {"Lib", "Lib.A"}
    (tmp_path / "claimcheck.toml").write_text('[lean]\nroots = ["Nope"]\n')
    with pytest.raises(ConfigError, match="lean.roots names Nope"):
        Builder(Project.load(tmp_path), fake).modules()


def test_config_errors_name_the_file(tmp_path: Path) -> None:
    from claimcheck.errors import ConfigError
    from claimcheck.project import Project

    (tmp_path / "claimcheck.toml").write_text("[lean]\nsource = 'x'\n")
    with pytest.raises(ConfigError, match=r"claimcheck.toml: unknown key lean.source"):
        Project.load(tmp_path)
    (tmp_path / "claimcheck.toml").write_text("[lean\n")
    with pytest.raises(ConfigError, match=r"claimcheck.toml"):
        Project.load(tmp_path)
