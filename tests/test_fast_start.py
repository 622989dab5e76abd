"""The install-time start-up patch, on small synthetic packages (tests/synthetic_lean.py): the plan
replays the plain glue's table layout and symbol values, the rewritten module fills the table itself
(checked by instantiating it in the real Node 24), dlsym's hash table finds every symbol, the lean.js
rewrite keeps exactly what the runtime uses, and every anchor and binary shape is asserted."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from claimcheck.errors import ToolchainError
from claimcheck.lean import fast_start as fs
from claimcheck.lean.toolchain import node_executable

from synthetic_lean import (
    ANCHORS,
    EXPECTED_APPENDED,
    EXPECTED_VALUES,
    TABLE_MIN,
    synthetic_lean_js,
    synthetic_wasm,
)


def _plan(js: str | None = None, wasm: bytes | None = None) -> tuple[fs.ExportGlue, fs.WasmShape, fs.StartupPlan]:
    glue = fs.split_export_glue(js or synthetic_lean_js())
    shape = fs.read_shape(wasm or synthetic_wasm())
    return glue, shape, fs.plan_startup(shape, fs.js_tokens(glue))


def test_plan_replays_update_got() -> None:
    _, shape, plan = _plan()
    assert shape.table_min == TABLE_MIN and shape.got_func_imports == ["helper", "js_func"]
    assert plan.values == EXPECTED_VALUES
    assert plan.appended == EXPECTED_APPENDED
    # Kept: named by the JS (_lean_main, _malloc, _mut_sym), linker-internal, the table, a mutable global.
    assert plan.kept == ["__wasm_call_ctors", "lean_main", "mut_sym", "__indirect_function_table", "malloc"]


def _node(script: str, cwd: Path) -> dict:
    proc = subprocess.run([str(node_executable()), "-e", script], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_rewritten_module_fills_the_table_itself(tmp_path: Path) -> None:
    _, shape, plan = _plan()
    (tmp_path / "m.wasm").write_bytes(fs.rewrite_wasm(synthetic_wasm(), shape, plan))
    result = _node(
        """
        const m = new WebAssembly.Module(require('fs').readFileSync('m.wasm'));
        const g = () => new WebAssembly.Global({value: 'i32', mutable: true}, -1);
        const i = new WebAssembly.Instance(m, {env: {js_func() {}, memory: new WebAssembly.Memory({initial: 1})},
                                               'GOT.func': {helper: g(), js_func: g()}});
        const t = i.exports.__indirect_function_table;
        const slots = []; for (let k = 0; k < t.length; k++) slots.push(t.get(k) ? t.get(k).name : null);
        console.log(JSON.stringify({slots, exports: Object.keys(i.exports)}));
        """,
        tmp_path,
    )
    # V8 names a wasm function by its index: slots 0..3 as the element segment put them, then the
    # plan's new slots, exactly where the plain updateGOT would have put them.
    assert result["slots"] == [None, "2", "4", "2", "3", "5", "6"]
    assert result["exports"] == plan.kept


def test_symbol_table_finds_every_symbol_in_node(tmp_path: Path) -> None:
    _, _, plan = _plan()
    (tmp_path / fs.SYMBOL_FILE).write_bytes(fs.symbol_table_bytes(plan))
    runtime = fs.RUNTIME_JS % {"symbols": fs.SYMBOL_FILE, "magic": fs.SYMBOL_MAGIC.decode()}
    result = _node(
        "var locateFile = (p) => p;" + runtime + """
        const table = claimcheckSymbols();
        const found = {}; for (const n of ['helper', 'helper_alias', 'other', 'data_sym', 'lean_unused', 'malloc', 'nope'])
          found[n] = table.get(n) ?? null;
        console.log(JSON.stringify({found, order: [...table].map(([n]) => n)}));
        """,
        tmp_path,
    )
    assert result["found"] == {
        "helper": [True, 4], "helper_alias": [True, 4], "other": [True, 2], "data_sym": [False, 1024],
        "lean_unused": [True, 6], "malloc": None, "nope": None,  # malloc stays a wasm export
    }  # fmt: skip
    assert result["order"] == ["helper", "helper_alias", "other", "data_sym", "lean_unused"]


def test_js_rewrite_keeps_what_the_runtime_uses() -> None:
    js = synthetic_lean_js()
    glue, _, plan = _plan(js)
    out = fs.rewrite_js(js, glue, plan)
    assert '_malloc=Module["_malloc"]=wasmExports["malloc"]' in out
    assert '_lean_main=Module["_lean_main"]=wasmExports["lean_main"]' in out
    assert "wasmTable=wasmExports[" in out
    for dropped in ("_helper", "_other", "_data_sym", "_lean_unused", "_main="):
        assert dropped + "=Module" not in out and dropped not in out.split(fs.ASSIGN_EXPORTS_JS)[0].rsplit("var ", 2)[-1]
    assert 'var claimcheckKeptFunctions={"lean_main":3,"malloc":5};' in out
    assert 'var claimcheckGOTValues={"helper":4};' in out  # js_func is no export: reportUndefinedSymbols
    for anchor, replacement in (
        (fs.FUNCTION_ADDRESS_JS, fs.FUNCTION_ADDRESS_FAST_JS),
        (fs.RECEIVE_INSTANCE_JS, fs.RECEIVE_INSTANCE_FAST_JS),
        (fs.DLSYM_JS, fs.DLSYM_FAST_JS),
        (fs.LOAD_DYNLIB_JS, fs.LOAD_DYNLIB_FAST_JS),
    ):
        assert out.count(replacement) == 1
        assert anchor not in out or anchor in replacement
    subprocess.run([str(node_executable()), "--check", "-"], input=out, text=True, check=True)


@pytest.mark.parametrize("anchor", ANCHORS[:-1], ids=lambda a: a[:24])
def test_each_anchor_is_required(anchor: str) -> None:
    js = synthetic_lean_js(drop=anchor)
    with pytest.raises(ToolchainError, match="exactly once, found it 0 times"):
        glue, _, plan = _plan(js)
        fs.rewrite_js(js, glue, plan)


def test_a_doubled_anchor_is_refused() -> None:
    js = synthetic_lean_js().replace(fs.DLSYM_JS, fs.DLSYM_JS + "0;" + fs.DLSYM_JS)
    glue, _, plan = _plan(js)
    with pytest.raises(ToolchainError, match="exactly once, found it 2 times"):
        fs.rewrite_js(js, glue, plan)


def test_unrecognised_export_assignment_is_refused() -> None:
    js = synthetic_lean_js().replace('_other=Module["_other"]=wasmExports["other"]', "_other=somethingElse()")
    with pytest.raises(ToolchainError, match="unrecognised export assignment"):
        fs.split_export_glue(js)


def _elem_two_segments() -> bytes:
    seg = b"\x00\x41\x01\x0b\x01\x02"
    return b"\x02" + seg + seg


@pytest.mark.parametrize(
    ("wasm", "why"),
    [
        (b"\0asm\x02\0\0\0", "not a WebAssembly 1.0 binary"),
        (synthetic_wasm(table=b"\x01\x70\x01\x04\x08"), "one funcref table without a maximum"),
        (synthetic_wasm(elem=_elem_two_segments()), "one active element segment"),
        (synthetic_wasm(needed=["libfoo.so"]), "needs dynamic libraries"),
        (synthetic_wasm(extra_import=b"\x03env\x01t\x01\x70\x00\x01"), "imports a table"),
        (synthetic_wasm(extra_import=b"\x03env\x01g\x03\x7f\x00"), "imports the global env.g"),
    ],
    ids=["version", "table-max", "two-segments", "dynlib", "table-import", "global-import"],
)
def test_unrecognised_binary_is_refused(wasm: bytes, why: str) -> None:
    with pytest.raises(ToolchainError, match=why):
        _plan(wasm=wasm)


def test_patch_package_writes_the_three_files(tmp_path: Path) -> None:
    (tmp_path / "lean.js").write_text(synthetic_lean_js())
    (tmp_path / "lean.wasm").write_bytes(synthetic_wasm())
    fs.patch_package(tmp_path)
    assert (tmp_path / fs.SYMBOL_FILE).read_bytes().startswith(fs.SYMBOL_MAGIC)
    assert "claimcheckSymbols" in (tmp_path / "lean.js").read_text()
    # A patched package is not patched twice: its module has the plan's second element segment.
    with pytest.raises(ToolchainError, match="one active element segment"):
        fs.read_shape((tmp_path / "lean.wasm").read_bytes())


# ----------------------------------------------------------------------------- with the real toolchain

STARTUP_FIXTURE = Path(__file__).parent / "fixtures" / "startup"


def _decoded(olean_dir: Path, modules: list[str]) -> dict[str, list]:
    from claimcheck.analysis.fingerprints import expr_digest, fingerprint
    from claimcheck.olean.reader import Module

    out: dict[str, list] = {}
    for module in modules:
        mod = Module.load(module, olean_dir.joinpath(*module.split(".")).with_suffix(".olean"))
        for name in mod.constant_names():
            ci = mod.get(name)
            assert ci is not None
            value = ci.value
            digest = expr_digest(value, ci.level_params).hex()[:16] if value is not None else None
            out[str(name)] = [ci.kind, fingerprint(ci), digest]
    return out


@pytest.mark.lean
def test_patched_toolchain_builds_the_fixture(tmp_path: Path, toolchain) -> None:
    """The installed (patched) toolchain builds a two-module fixture (an inductive type, a
    structure, code-generated recursion, decide/omega/simp proofs) to the
    declarations expected.json lists, every theorem with its proof, and decodes every constant."""
    import shutil

    from claimcheck.lean.build import build
    from claimcheck.lean.toolchain import FAST_LAYOUT, INSTALL_RECORD
    from claimcheck.olean.reader import Module
    from claimcheck.progress import Progress
    from claimcheck.project import Project

    if toolchain.kind == "wasm":
        assert json.loads((toolchain.home / INSTALL_RECORD).read_text())["layout"] == FAST_LAYOUT
    shutil.copytree(STARTUP_FIXTURE, tmp_path / "project", ignore=shutil.ignore_patterns("expected.json"))
    project = Project.load(tmp_path / "project")
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok and sorted(report.modules) == ["Startup.Defs", "Startup.Use"]
    expected = json.loads((STARTUP_FIXTURE / "expected.json").read_text())
    decoded = _decoded(project.olean_dir, sorted(report.modules))  # every constant decodes
    assert {n: decoded[n][0] for n in expected["kinds"] if n in decoded} == expected["kinds"]
    mods = {m: Module.load(m, project.olean_dir.joinpath(*m.split(".")).with_suffix(".olean")) for m in report.modules}
    for name, mentions in expected["statement_mentions"].items():
        from claimcheck.model.names import Name

        ci = mods["Startup.Use"].get(Name.parse(name))
        assert ci is not None and ci.has_value, name  # the proof is there (private part)
        assert {Name.parse(m) for m in mentions} <= ci.type_constants(), (name, ci.type_constants())
