"""What the toolchain's own library declares: its modules, its constants' names, and the identity
of its real axioms.

A project module can be ``prelude`` (no ``Init``) and declare its own ``propext`` or
``Classical.choice`` with any type; an allow-list that matches axioms by name would then accept a
proof of ``False``. So an allowed axiom counts only when it is *the library's own* declaration:
the constant of that name in the toolchain's library, declared in the library module that declares
it there, with the same statement fingerprint. The index also lists every library module (a project
module must not take one of their names) and every library constant's name (a project constant
that reuses one is never trusted as the library's).

Reading all of the library's ``.olean`` files takes seconds, so the index is computed once per
toolchain and cached as a small gzipped JSON file beside the toolchain cache, keyed by the library
folder, its ``Init`` files' sizes and times, and :data:`INDEX_VERSION`; it is written atomically
(temporary file, then rename). A cache that cannot be read or written is recomputed, never trusted
half-way.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Iterable

from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.analysis.naming import CORE_AXIOMS
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment, Module, OleanError

__all__ = ["LibraryAxiom", "LibraryIndex", "library_index", "INDEX_VERSION"]

INDEX_VERSION = 3  # 2: names as components; 3: names encoded in one text (`_encode`)
#: Where Lean declares them (searched first; the rest of ``Init`` only if one is not found there).
_AXIOM_MODULES = ("Init.Prelude", "Init.Core")


@dataclass(frozen=True)
class LibraryAxiom:
    """One real axiom of the library: its name, declaring module and statement fingerprint."""

    name: Name
    module: str
    fingerprint: str


def _encode(name: Name) -> str:
    """A name as compact JSON of its components: one line, the same text for the same name."""
    return json.dumps(name.to_json(), separators=(",", ":"))


@dataclass(frozen=True)
class LibraryIndex:
    """The toolchain library's modules, constant names and axioms (see the module docstring). The
    names are kept encoded (`_encode`): a run asks about a few, and decoding all of them takes
    longer than everything else the index does."""

    folder: Path
    modules: frozenset[str]
    encoded_names: frozenset[str]
    axioms: dict[Name, LibraryAxiom]

    @cached_property
    def names(self) -> frozenset[Name]:
        """Every library constant's name."""
        return frozenset(Name(json.loads(e)) for e in self.encoded_names)

    def is_library_module(self, module: str) -> bool:
        return module in self.modules

    def declares(self, name: Name) -> bool:
        """Whether some library module declares a constant named ``name``."""
        return _encode(name) in self.encoded_names

    def is_library_axiom(self, name: Name, module: str, fingerprint: str | None) -> bool:
        """Whether (``name``, ``module``, ``fingerprint``) is the library's own axiom ``name``."""
        got = self.axioms.get(name)
        return got is not None and got.module == module and fingerprint is not None and got.fingerprint == fingerprint


def _module_name(folder: Path, olean: Path) -> str:
    return ".".join(olean.relative_to(folder).with_suffix("").parts)


def _compute(folder: Path) -> LibraryIndex:
    modules: set[str] = set()
    names: set[Name] = set()
    for olean in sorted(folder.rglob("*.olean")):
        if olean.name.startswith("._"):
            continue
        name = _module_name(folder, olean)
        modules.add(name)
        try:
            names.update(Module.load(name, olean).constant_names())
        except OleanError:
            continue  # a library file this reader cannot decode declares nothing it trusts
    env = Environment([folder])
    axioms: dict[Name, LibraryAxiom] = {}
    for m in _AXIOM_MODULES:
        if m in modules:
            env.load(m)
    for axiom in sorted(CORE_AXIOMS):
        ci = env.find(axiom)
        if ci is not None and ci.kind == "axiom":
            axioms[axiom] = LibraryAxiom(axiom, ci.module, fingerprint(ci))
    return LibraryIndex(folder, frozenset(modules), frozenset(map(_encode, names)), axioms)


def _key(folder: Path) -> str:
    parts = [str(INDEX_VERSION), str(folder)]
    for rel in ("Init.olean", "Init/Prelude.olean", "Init/Core.olean"):
        p = folder / rel
        try:
            st = p.stat()
            parts.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{rel}:absent")
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24]


def _default_cache_dir() -> Path:
    from claimcheck.lean.toolchain import cache_root

    if os.environ.get("CLAIMCHECK_TOOLCHAIN_DIR"):
        return cache_root() / "library-index"
    return cache_root().parent / "library-index"  # beside the toolchains, not inside an install


def _read(path: Path, key: str, folder: Path) -> LibraryIndex | None:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            data = json.load(f)
        if data.get("key") != key:
            return None
        axioms = {}
        for a in data["axioms"]:
            name = Name(a["name"])
            axioms[name] = LibraryAxiom(name, a["module"], a["fingerprint"])
        names = data["names"]
        if not isinstance(names, str):
            return None
        return LibraryIndex(folder, frozenset(data["modules"]), frozenset(names.split("\n")) if names else frozenset(),
                            axioms)
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None


def _write(path: Path, key: str, index: LibraryIndex) -> None:
    data = {
        "key": key,
        "folder": str(index.folder),
        "modules": sorted(index.modules),
        "names": "\n".join(sorted(index.encoded_names)),
        "axioms": [{"name": a.name.to_json(), "module": a.module, "fingerprint": a.fingerprint}
                   for a in index.axioms.values()],
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, path)
    except OSError:
        pass  # an unwritable cache costs time on the next run, nothing else


def library_index(folder: Path, cache_dir: Path | None = None) -> LibraryIndex:
    """The index of the library in ``folder`` (a toolchain's ``lib`` folder), from the cache when
    it is current, else computed and cached."""
    folder = Path(folder).resolve()
    key = _key(folder)
    path = (cache_dir or _default_cache_dir()) / f"{key}.json.gz"
    got = _read(path, key, folder)
    if got is not None:
        return got
    index = _compute(folder)
    _write(path, key, index)
    return index


def library_indexes(folders: Iterable[Path], cache_dir: Path | None = None) -> list[LibraryIndex]:
    return [library_index(f, cache_dir) for f in folders]
