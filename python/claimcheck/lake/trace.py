"""What lake's trace files say an output was built from, checked against the files themselves.

``lake build`` writes, beside each module's outputs, ``<Module>.trace`` (JSON): from Lean 4.20 its
``inputs`` list the module's source file with Lake's hash of its text, and (from 4.24) its
``outputs`` the hashes of the ``.olean`` parts it wrote; ``<Module>.olean.hash`` holds the
``.olean``'s hash too. Lake's hash (``Lake/Build/Trace.lean``): ``mixHash 1723 (hash bytes)``, where
``hash`` is Lean's ``MurmurHash64A`` with seed 11 and a source's text has ``\\r\\n`` made ``\\n``
first; checked here against the traces and files of public lake builds (Lean 4.24.0, 4.27.0, 4.29.1).

**A trace never vouches for anything by itself** (a project can ship any file): a module counts as
built from its present source only when claimcheck computes, from the files as they are, the very
hashes the trace records for the source and for every ``.olean`` part (:func:`judge`). A trace that
records another source, no source, no output hash, or hashes that the files do not have, makes the
module stale, with the reason. What a trace cannot show (that the imported modules it was built
against are the ones there now) is not checked here: each imported module is judged on its own, and
claimcheck's kernel re-checks what it reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["lake_hash", "text_hash", "TraceVerdict", "judge"]

_M = 0xC6A4A7935BD1E995
_MASK = (1 << 64) - 1
_NIL = 1723  # Lake's Hash.nil (the hash of Name.anonymous)
MAX_TRACE_BYTES = 4 * 1024 * 1024
_PARTS = (".olean", ".olean.server", ".olean.private")


def _murmur64a(data: bytes, seed: int) -> int:
    n = len(data)
    h = (seed ^ (n * _M)) & _MASK
    whole = n // 8
    for i in range(whole):
        k = int.from_bytes(data[8 * i:8 * i + 8], "little")
        k = (k * _M) & _MASK
        k ^= k >> 47
        k = (k * _M) & _MASK
        h ^= k
        h = (h * _M) & _MASK
    tail = data[8 * whole:]
    if tail:
        h ^= int.from_bytes(tail, "little")
        h = (h * _M) & _MASK
    h ^= h >> 47
    h = (h * _M) & _MASK
    h ^= h >> 47
    return h


def _mix(h: int, k: int) -> int:
    """Lean's ``mixHash`` (``lean_uint64_mix_hash``)."""
    k = (k * _M) & _MASK
    k ^= k >> 47
    k ^= _M
    h ^= k
    return (h * _M) & _MASK


def lake_hash(data: bytes) -> int:
    """Lake's hash of a file's bytes (an artifact: ``.olean``, ``.ilean``)."""
    return _mix(_NIL, _murmur64a(data, 11))


def text_hash(data: bytes) -> int:
    """Lake's hash of a text file (a ``.lean`` source): line endings made ``\\n`` first."""
    return lake_hash(data.replace(b"\r\n", b"\n"))


def _parse_hash(value: object) -> int | None:
    """A hash as a trace writes it: 16 hex digits (``9c49e088f7b2f19d``, maybe ``.olean``-suffixed,
    from Lean 4.25) or a decimal number (before)."""
    if not isinstance(value, str):
        return None
    text = value.split(".", 1)[0].strip()
    try:
        return int(text, 16) if len(text) == 16 else int(text)
    except ValueError:
        try:
            return int(text, 16)
        except ValueError:
            return None


@dataclass(frozen=True)
class TraceVerdict:
    fresh: bool
    reason: str


def _stale(reason: str) -> TraceVerdict:
    return TraceVerdict(False, reason)


def _source_entries(value: object, out: list[tuple[str, object]]) -> None:
    """Every ``[path, hash]`` pair of a trace's inputs whose path is a ``.lean`` file."""
    if isinstance(value, list):
        if len(value) == 2 and isinstance(value[0], str) and not isinstance(value[1], list):
            if value[0].endswith(".lean"):
                out.append((value[0], value[1]))
            return
        for v in value:
            _source_entries(v, out)


def judge(olean: Path, source: Path, module: str) -> TraceVerdict:
    """Whether the outputs at ``olean`` (and its other parts) are what lake built from ``source`` as
    it is now, by lake's trace beside them and the files' own hashes (see the module docstring)."""
    trace = olean.with_name(olean.name.removesuffix(".olean") + ".trace")
    if not trace.is_file():
        return _stale(f"neither claimcheck's record nor a lake trace ({trace.name}) says it was built from the "
                      "present source (the source changed since, or another tool wrote it)")
    try:
        raw = trace.read_bytes()
        if len(raw) > MAX_TRACE_BYTES:
            return _stale(f"lake's trace {trace.name} is larger than a trace may be")
        doc = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return _stale(f"lake's trace {trace.name} cannot be read ({exc})")
    if not isinstance(doc, dict):
        return _stale(f"lake's trace {trace.name} is not a trace")
    entries: list[tuple[str, object]] = []
    _source_entries(doc.get("inputs"), entries)
    tail = "/" + "/".join(module.split(".")) + ".lean"
    recorded = [h for path, h in entries if ("/" + path.replace("\\", "/")).endswith(tail)]
    if not recorded:
        return _stale(f"lake's trace {trace.name} does not record which source it was built from (Lake writes "
                      "that from Lean 4.20); rebuild it")
    try:
        actual = text_hash(source.read_bytes())
    except OSError as exc:
        return _stale(f"its source cannot be read ({exc})")
    want = _parse_hash(recorded[0])
    if want != actual:
        return _stale(f"stale: its source changed since lake built it (lake's trace records source hash "
                      f"{recorded[0]}, the source now hashes to {actual:016x})")
    outputs = doc.get("outputs") if isinstance(doc.get("outputs"), dict) else {}
    parts = outputs.get("o") if isinstance(outputs, dict) else None
    names = parts if isinstance(parts, list) else ([parts] if isinstance(parts, str) else [])
    expected: dict[str, int | None] = {}
    for i, text in enumerate(names):
        if isinstance(text, str) and i < len(_PARTS):
            # "<hash>.olean.server" from Lean 4.25; before, bare numbers in the parts' order
            suffix = "." + text.split(".", 1)[1] if "." in text else _PARTS[i]
            expected[suffix] = _parse_hash(text)
    if not expected:
        hash_file = olean.with_name(olean.name + ".hash")
        try:
            expected[".olean"] = _parse_hash(hash_file.read_text(encoding="ascii"))
        except (OSError, UnicodeDecodeError):
            return _stale(f"lake's trace {trace.name} records no hash of the .olean it wrote (and there is no "
                          f"{hash_file.name}); rebuild it")
    base = olean.with_name(olean.name.removesuffix(".olean"))
    for suffix, want_out in expected.items():
        part = base.with_name(base.name + suffix)
        try:
            got = lake_hash(part.read_bytes())
        except OSError:
            return _stale(f"{part.name}, which lake's trace records, is missing")
        if want_out != got:
            return _stale(f"{part.name} is not the file lake's trace records (its hash is {got:016x}): built from "
                          "something else, or changed since")
    return TraceVerdict(True, "built by lake from this source (the source and output hashes its trace records "
                              "are the files')")
