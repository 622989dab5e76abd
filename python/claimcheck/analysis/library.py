"""What the toolchain's own library declares, read once per toolchain and kept by its content: its
modules and their imports, its constants (names, kinds, declaring modules), the confusable
skeletons of its names, and the identity of its real axioms.

A run asks the library many small questions: is this a library module, which library module a
scope's name comes from, is a binder name a constant's, which library names look like a project
name, which names two modules declare. Answering them by reading the library's modules costs
seconds per run (a module importing ``Init`` sees some 500), so the answers are one
:class:`LibraryIndex`, computed once per toolchain (every library module read once: seconds) and
kept in the user's cache (:class:`claimcheck.cache.Store`, sealed) under the **digest of the
library's bytes** (every module part) and claimcheck's own source. Reading the bytes again on every
run would cost half a second, so the digest itself is kept under the files' stat data (path, size,
inode, modification and change times; :func:`claimcheck.olean.catalog.stat_fingerprint`): a
library file that is written to gets another change time, hence another stat key, hence its bytes
digested again. A record that is absent, does not verify or is of another shape is recomputed: the
cache changes how long a run takes, never what it says.

The index's records are read even under ``CI`` (as the toolchain installed in the same cache is
used there): they hold only what this claimcheck computed from exactly these library files, and a
CI run would otherwise read the whole library in every process. ``--no-cache`` reads none.

**Axioms by identity.** A project module can be ``prelude`` (no ``Init``) and declare its own
``propext`` or ``Classical.choice`` with any type; an allow-list that matches axioms by name would
then accept a proof of ``False``. So an allowed axiom counts only when it is *the library's own*
declaration: the constant of that name in the toolchain's library, declared in the library module
that declares it there, with the same statement fingerprint. The index also lists every library
module (a project module must not take one of their names) and every library constant's name (a
project constant that reuses one is never trusted as the library's).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Iterator

from claimcheck.analysis.canonical import class_of
from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.analysis.lookalike import skeleton_components
from claimcheck.analysis.naming import CORE_AXIOMS
from claimcheck.cache import Store, code_digest, digest
from claimcheck.model.names import Name, parse_str
from claimcheck.olean.catalog import (
    KIND_LETTERS, SEP, LibraryCatalog, content_digest, key, library_files, module_name, stat_fingerprint, unkey,
)
from claimcheck.olean.reader import Environment, Module, OleanError
from claimcheck.recheck.run import meaning_digest

__all__ = ["INDEX_VERSION", "NAMESPACE", "LibraryAxiom", "LibraryIndex", "compute_index", "library_index",
           "library_indexes"]

#: 4: a catalog of modules, imports, constants and skeletons, kept by the library's content
INDEX_VERSION = 4
#: The user cache's namespace of library indexes and library digests.
NAMESPACE = "library-1"
#: Where Lean declares them (searched first; the rest of ``Init`` only if one is not found there).
_AXIOM_MODULES = ("Init.Prelude", "Init.Core")


@dataclass(frozen=True)
class LibraryAxiom:
    """One real axiom of the library: its name, declaring module and statement fingerprint."""

    name: Name
    module: str
    fingerprint: str


def skeleton_text(name: Name) -> str:
    """The printed confusable skeleton of ``name`` (:func:`~claimcheck.analysis.lookalike.skeleton`)."""
    return str(Name(skeleton_components(name)))


class _Declared:
    """The library's constant names as a container (membership without decoding them all)."""

    def __init__(self, catalog: LibraryCatalog) -> None:
        self._catalog = catalog

    def __contains__(self, name: object) -> bool:
        return isinstance(name, Name) and self._catalog.declares(name)

    def __iter__(self) -> Iterator[Name]:
        """Every name, decoded (a "did you mean" for a misspelt name: the error path only)."""
        return (parse_str(t) for t in self._catalog.texts())


@dataclass(frozen=True, eq=False)
class LibraryIndex:
    """The toolchain library's catalog (:class:`~claimcheck.olean.catalog.LibraryCatalog`), the
    confusable skeletons of its names and its real axioms (see the module docstring).

    ``skeletons`` holds one sorted line ``skeleton<TAB>name`` (their keys,
    :func:`claimcheck.olean.catalog.key`) for each library name (none internal) whose skeleton text (:func:`skeleton_text`) differs from its
    own text; a name that is its own skeleton is found in the catalog."""

    folder: Path
    catalog: LibraryCatalog
    axioms: dict[Name, LibraryAxiom]
    skeletons: str

    # ------------------------------------------------------------------ modules and names

    @cached_property
    def modules(self) -> frozenset[str]:
        """Every library module."""
        return frozenset(self.catalog.modules)

    @cached_property
    def names(self) -> frozenset[Name]:
        """Every library constant's name (all decoded: prefer :attr:`declared` for membership)."""
        return frozenset(parse_str(t) for t in self.catalog.texts())

    @property
    def declared(self) -> _Declared:
        """The library's constant names, for ``name in index.declared`` (nothing decoded)."""
        return _Declared(self.catalog)

    def is_library_module(self, module: str) -> bool:
        return module in self.catalog

    def declares(self, name: Name) -> bool:
        """Whether some library module declares a constant named ``name``."""
        return self.catalog.declares(name)

    def is_library_axiom(self, name: Name, module: str, fingerprint: str | None) -> bool:
        """Whether (``name``, ``module``, ``fingerprint``) is the library's own axiom ``name``."""
        got = self.axioms.get(name)
        return got is not None and got.module == module and fingerprint is not None and got.fingerprint == fingerprint

    # ------------------------------------------------------------------ look-alikes

    @cached_property
    def _skeleton_lines(self) -> list[str]:
        return self.skeletons.split("\n") if self.skeletons else []

    def lookalikes(self, name: Name) -> list[Name]:
        """The library's names (none internal) whose confusable skeleton is ``name``'s, ``name``
        aside, sorted: which of them a scope sees is the caller's question."""
        text = skeleton_text(name)
        lines = self._skeleton_lines
        prefix = f"{key(text)}{SEP}"
        at = bisect_left(lines, prefix)
        texts = set()
        while at < len(lines) and lines[at].startswith(prefix):
            texts.add(unkey(lines[at][len(prefix):]))
            at += 1
        own = str(name)
        found = [n for t in texts if t != own and not (n := parse_str(t)).is_internal]
        if text != own:  # a library name that is its own skeleton (`text` is a name's printed text)
            candidate = parse_str(text)
            if not candidate.is_internal and self.catalog.declares(candidate) and skeleton_text(candidate) == text:
                found.append(candidate)
        return sorted(set(found))

    # ------------------------------------------------------------------ records

    def to_json(self) -> dict:
        return {"catalog": self.catalog.to_json(), "skeletons": self.skeletons,
                "axioms": [{"name": a.name.to_json(), "module": a.module, "fingerprint": a.fingerprint}
                           for a in self.axioms.values()]}

    @classmethod
    def from_json(cls, folder: Path, data: object) -> "LibraryIndex":
        """An index from :meth:`to_json`'s data; ValueError when it is not of that shape."""
        if not isinstance(data, dict):
            raise ValueError("not a library index")
        try:
            catalog = LibraryCatalog.from_json(folder, data["catalog"])
            axioms = {}
            for a in data["axioms"]:
                name = Name(a["name"])
                if not isinstance(a["module"], str) or not isinstance(a["fingerprint"], str):
                    raise ValueError("not a library index: an axiom of another shape")
                axioms[name] = LibraryAxiom(name, a["module"], a["fingerprint"])
            skeletons = data["skeletons"]
            if not isinstance(skeletons, str):
                raise ValueError("not a library index: skeletons of another shape")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a library index: {exc}") from exc
        return cls(Path(folder), catalog, axioms, skeletons)


def compute_index(folder: Path, progress: Callable[[str], None] | None = None) -> LibraryIndex:
    """The index of the library in ``folder``: every module read once (seconds)."""
    folder = Path(folder).resolve()
    oleans = {module_name(folder, p): p for p in library_files(folder) if p.name.endswith(".olean")}
    rows: list[tuple[str, tuple[str, ...], list[str], str]] = []
    unreadable: list[str] = []
    skeletons: list[str] = []
    #: each module's global instances, (name, priority, class: None until found in another module)
    instances: dict[str, list[tuple[Name, int, Name | None]]] = {}
    unfoldable: set[str] = set()
    for count, m in enumerate(sorted(oleans)):
        if progress is not None and count % 500 == 0:
            progress(f"indexing the Lean library: {count}/{len(oleans)} modules")
        try:
            mod = Module.load(m, oleans[m])
            names = mod.constant_names()
            rows.append((m, mod.imported_modules, [key(n) for n in names],
                         "".join(KIND_LETTERS[mod.constant_kind(n)] for n in names)))
        except OleanError:
            unreadable.append(m)  # a library file this reader cannot decode declares nothing it trusts
            rows.append((m, (), [], ""))
            continue
        for n in names:
            if not n.is_internal and (s := skeleton_text(n)) != str(n):
                skeletons.append(f"{key(s)}{SEP}{key(n)}")
        try:
            attrs = mod.attributes()
        except OleanError:
            continue  # a module whose entries cannot be read has no instance that counts (canonical.py)
        unfoldable.update(key(n) for n in attrs.reducible)
        for inst in attrs.instances:
            unfoldable.add(key(inst.name))
            if inst.scoped is None:
                ci = mod.get(inst.name)
                instances.setdefault(m, []).append((inst.name, inst.priority, class_of(ci.type) if ci else None))
    reader = Environment([folder], library_folders=[folder])

    def same_meaning(text: str, modules: tuple[str, ...]) -> bool:
        name = parse_str(unkey(text))
        try:
            return len({meaning_digest(reader.load(m), name) for m in modules}) == 1
        except Exception:  # noqa: BLE001 - unreadable: not known to be the same
            return False

    rows_of_instances = []
    for m, found in instances.items():
        for name, priority, cls in found:
            if cls is None:  # an `attribute [instance]` on another module's constant
                ci = reader.find(name)
                cls = class_of(ci.type) if ci is not None else None
            if cls is not None:
                rows_of_instances.append((m, key(name), priority, key(cls)))
    catalog = LibraryCatalog.of_modules(folder, rows, unreadable, same_meaning, rows_of_instances, unfoldable)
    env = Environment([folder], library_folders=[folder], catalog=catalog)
    axioms: dict[Name, LibraryAxiom] = {}
    for m in _AXIOM_MODULES:
        if catalog.covers(m):
            env.load(m)
    for axiom in sorted(CORE_AXIOMS):
        ci = env.find(axiom)
        if ci is not None and ci.kind == "axiom":
            axioms[axiom] = LibraryAxiom(axiom, ci.module, fingerprint(ci))
    return LibraryIndex(folder, catalog, axioms, "\n".join(sorted(set(skeletons))))


def _content(folder: Path, store: Store) -> str:
    """The digest of the library's bytes, kept under the files' stat data (module docstring)."""
    stat_key = "stat:" + stat_fingerprint(folder)
    got = store.get(stat_key)
    if isinstance(got, str) and len(got) == 64:
        return got
    content = content_digest(folder)
    store.put(stat_key, content)
    return content


def library_index(folder: Path, reads: bool = True, progress: Callable[[str], None] | None = None) -> LibraryIndex:
    """The index of the library in ``folder`` (a toolchain's ``lib`` folder): the record kept
    under the library's content, else computed and kept (``reads=False``: computed, ``--no-cache``)."""
    folder = Path(folder).resolve()
    store = Store(NAMESPACE, enabled=reads)
    key = "index:" + digest(INDEX_VERSION, code_digest(), _content(folder, store))
    data = store.get(key)
    if data is not None:
        try:
            return LibraryIndex.from_json(folder, data)
        except ValueError:
            pass
    index = compute_index(folder, progress)
    store.put(key, index.to_json())
    return index


def library_indexes(folders: Iterable[Path], reads: bool = True) -> list[LibraryIndex]:
    return [library_index(f, reads) for f in folders]
