"""What a run asks of a toolchain's library without reading its modules: a catalog of every library
module's imports, constants (names and kinds) and instances, read once per toolchain.

A project module that imports ``Init`` sees some 500 library modules; finding a name in its scope,
telling a binder name from a constant, listing the names declared twice or the library names a
project name looks like would read each of those modules' headers on every run (seconds). The
catalog answers all of these from one table: which library modules declare a name, what each
module imports (so which modules a scope holds), a constant's kind. The reader's
:class:`~claimcheck.olean.reader.Environment` takes a catalog of its library folder and then reads a
library module only when a constant of it is asked for. Instance resolution over the library
(:mod:`claimcheck.analysis.canonical`) takes the library's global instances (each with its priority
and class) and the names it may unfold from the catalog too, so a run reads no module for them.

The catalog is a pure function of the library's files. :func:`library_files` lists them and
:func:`content_digest` digests their bytes (the key a stored catalog is kept under); keeping it is
the caller's (:mod:`claimcheck.analysis.library`). Names are kept as their printed text
(:class:`~claimcheck.model.names.Name` prints every name as one text no other name prints as) in
one sorted text, searched by bisection: a run that asks about a few names decodes none of the others.
"""

from __future__ import annotations

import hashlib
import os
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Iterator

from claimcheck.model.names import Name

__all__ = ["CATALOG_VERSION", "KIND_LETTERS", "SEP", "LibraryCatalog", "content_digest", "key", "library_files",
           "module_name", "stat_fingerprint", "unkey"]

#: The catalog's shape (a stored catalog of another version is rebuilt).
CATALOG_VERSION = 2
#: A constant's kind as one letter (in :attr:`LibraryCatalog.table`).
KIND_LETTERS = {"axiom": "a", "definition": "d", "theorem": "t", "opaque": "o", "quotient": "q",
                "inductive": "i", "constructor": "c", "recursor": "r"}
_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}
#: Separates a constant's fields in :attr:`LibraryCatalog.table` (a name's tab is escaped: `key`).
SEP = "\t"


def key(name: Name | str) -> str:
    """A name's printed text with its backslashes, tabs and line breaks escaped: one line, no
    :data:`SEP`, and no two names alike."""
    text = str(name)
    if "\\" in text or "\t" in text or "\n" in text:
        text = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    return text


def unkey(text: str) -> str:
    """The printed name `key` escaped."""
    if "\\" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append({"t": "\t", "n": "\n"}.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


#: The files of a library whose bytes the catalog depends on (every part of every module).
_SUFFIXES = (".olean", ".olean.server", ".olean.private")


def _walk(folder: Path) -> list[tuple[str, os.DirEntry]]:
    """(relative path, entry) of every module part under ``folder``, sorted by path; macOS resource
    forks (``._X.olean``) aside."""
    out: list[tuple[str, os.DirEntry]] = []
    todo = [("", str(folder))]
    while todo:
        prefix, path = todo.pop()
        with os.scandir(path) as entries:
            for e in entries:
                if e.is_dir(follow_symlinks=True):
                    todo.append((f"{prefix}{e.name}/", e.path))
                elif e.name.endswith(_SUFFIXES) and not e.name.startswith("._"):
                    out.append((prefix + e.name, e))
    out.sort(key=lambda item: item[0])
    return out


def library_files(folder: Path) -> list[Path]:
    """Every module part under ``folder`` (``.olean``, ``.olean.server``, ``.olean.private``), sorted;
    macOS resource forks (``._X.olean``) aside."""
    return [Path(e.path) for _rel, e in _walk(Path(folder))]


def stat_fingerprint(folder: Path) -> str:
    """A digest of every library file's path, size, inode and modification and change times: any
    write to a file changes its change time (which no user call sets), so files with the same
    fingerprint have the bytes they had when :func:`content_digest` read them (as git's index
    trusts a file's stat data)."""
    folder = Path(folder).resolve()
    h = hashlib.sha256(str(folder).encode())
    for rel, e in _walk(folder):
        st = e.stat(follow_symlinks=True)
        h.update(f"\0{rel}\0{st.st_size}\0{st.st_ino}\0{st.st_mtime_ns}\0{st.st_ctime_ns}".encode())
    return h.hexdigest()


def content_digest(folder: Path) -> str:
    """The digest of the library in ``folder``: every module part's relative path and bytes."""
    folder = Path(folder).resolve()
    h = hashlib.sha256(b"library\0")
    for rel, e in _walk(folder):
        with open(e.path, "rb") as f:
            file_digest = hashlib.file_digest(f, "sha256").hexdigest()
        h.update(f"{rel}\0{file_digest}\0".encode())
    return h.hexdigest()


def module_name(folder: Path, olean: Path) -> str:
    """The module whose ``.olean`` file is ``olean`` in the library ``folder``."""
    return ".".join(olean.relative_to(folder).with_suffix("").parts)


@dataclass(frozen=True, eq=False)
class LibraryCatalog:
    """Every module of one library folder, its imports and its constants (see the module docstring).

    ``table`` holds one line per constant, ``name<TAB>module<TAB>kind`` (the name's `key`, the
    module's place in ``modules``, the kind's letter of :data:`KIND_LETTERS`), sorted: a name's lines are found by bisection, without building a table of every name.
    ``counts[i]``: module ``i``'s number of constants; ``twice``: the names several modules declare,
    each with those modules' places. ``same_meaning``: those of them that every declaring module
    declares with the same meaning to a kernel (found by whoever builds the catalog; a name left
    out is compared where it matters). ``unreadable``: modules the reader could not decode (they
    declare nothing here; reading one raises the reader's error where it is asked for).
    ``instances``: the library's global (not ``scoped``) instances, ``(module place, name key,
    priority, class key)``, each module's in the order it exports them; ``unfoldable``: the keys of
    the names the library marks ``@[reducible]`` or ``instance`` (scoped ones included)."""

    folder: Path
    modules: tuple[str, ...]
    imports: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    table: str
    twice: tuple[tuple[str, tuple[int, ...]], ...] = ()
    same_meaning: frozenset[str] = frozenset()
    unreadable: tuple[str, ...] = ()
    instances: tuple[tuple[int, str, int, str], ...] = ()
    unfoldable: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        n = len(self.modules)
        if not (len(self.imports) == len(self.counts) == n):
            raise ValueError("a library catalog's tables differ in length")
        if any(not 0 <= i < n for imports in self.imports for i in imports):
            raise ValueError("a library catalog's import points to no module")
        if (self.table.count("\n") + 1 if self.table else 0) != sum(self.counts):
            raise ValueError("a library catalog's constants are not its modules' counts")
        if any(not 0 <= i < n for i, *_rest in self.instances):
            raise ValueError("a library catalog's instance points to no module")

    @classmethod
    def of_modules(cls, folder: Path, modules: Iterable[tuple[str, tuple[str, ...], list[str], str]],
                   unreadable: Iterable[str] = (),
                   same_meaning: Callable[[str, tuple[str, ...]], bool] | None = None,
                   instances: Iterable[tuple[str, str, int, str]] = (),
                   unfoldable: Iterable[str] = ()) -> "LibraryCatalog":
        """The catalog of ``modules``: each ``(name, imported modules, constant keys (`key`), kind
        letters)``; ``same_meaning(key, modules)``: whether those modules declare the name of that
        key with one meaning (unknown for every name without it); ``instances``: ``(module, name
        key, priority, class key)`` of each global instance, each module's in its order;
        ``unfoldable``: the keys of the reducible and instance names."""
        rows = sorted(modules)
        place = {m: i for i, (m, *_rest) in enumerate(rows)}
        lines = []
        for i, (_m, _imports, texts, kinds) in enumerate(rows):
            if len(texts) != len(kinds):
                raise ValueError("a module's constants and kinds differ in number")
            for t, k in zip(texts, kinds):
                if "\n" in t or SEP in t:
                    raise ValueError(f"{t!r} is not a name's key (it holds a line break or a tab)")
                lines.append(f"{t}{SEP}{i}{SEP}{k}")
        lines.sort()
        declarers: dict[str, list[int]] = {}
        for line in lines:
            t, place_text, _k = line.split(SEP)
            declarers.setdefault(t, []).append(int(place_text))
        twice = tuple((t, tuple(sorted(ms))) for t, ms in declarers.items() if len(ms) > 1)
        names = tuple(m for m, *_rest in rows)
        agree = frozenset(t for t, ms in twice if same_meaning is not None
                          and same_meaning(t, tuple(names[i] for i in ms)))
        return cls(Path(folder), names,
                   tuple(tuple(dict.fromkeys(place[x] for x in imports if x in place)) for _m, imports, _t, _k in rows),
                   tuple(len(texts) for _m, _i, texts, _k in rows), "\n".join(lines), twice, agree,
                   tuple(sorted(unreadable)),
                   tuple((place[m], t, p, c) for m, t, p, c in instances if m in place), frozenset(unfoldable))

    # ------------------------------------------------------------------ tables, made on first use

    @cached_property
    def _index(self) -> dict[str, int]:
        return {m: i for i, m in enumerate(self.modules)}

    @cached_property
    def _lines(self) -> list[str]:
        return self.table.split("\n") if self.table else []

    def _rows(self, name: Name) -> list[tuple[int, str]]:
        """(module place, kind letter) of each declaration of ``name``, in the modules' order."""
        prefix = f"{key(name)}{SEP}"
        lines = self._lines
        at = bisect_left(lines, prefix)
        out = []
        while at < len(lines) and lines[at].startswith(prefix):
            _t, i, k = lines[at].rsplit(SEP, 2)
            out.append((int(i), k))
            at += 1
        return sorted(out)

    @cached_property
    def _unreadable(self) -> frozenset[str]:
        return frozenset(self.unreadable)

    @cached_property
    def _closures(self) -> dict[int, frozenset[int]]:
        return {}

    @cached_property
    def _instances_by_module(self) -> dict[int, list[tuple[str, int, str]]]:
        out: dict[int, list[tuple[str, int, str]]] = {}
        for i, t, p, c in self.instances:
            out.setdefault(i, []).append((t, p, c))
        return out

    @cached_property
    def _instances_read(self) -> dict[int, tuple[tuple[Name, int, Name], ...]]:
        return {}

    # ------------------------------------------------------------------ modules

    def __contains__(self, module: object) -> bool:
        return module in self._index

    def covers(self, module: str) -> bool:
        """Whether the catalog answers for ``module``: a module of the library that it could read."""
        return module in self._index and module not in self._unreadable

    def imported(self, module: str) -> tuple[str, ...]:
        """The library modules ``module`` imports (each once, in its header's order)."""
        return tuple(self.modules[i] for i in self.imports[self._index[module]])

    def closure(self, module: str) -> frozenset[str]:
        """``module`` and every library module it imports, transitively."""
        return frozenset(self.modules[i] for i in self._closure(self._index[module]))

    def _closure(self, root: int) -> frozenset[int]:
        got = self._closures.get(root)
        if got is None:
            seen, todo = {root}, [root]
            while todo:
                for j in self.imports[todo.pop()]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
            got = self._closures[root] = frozenset(seen)
        return got

    def in_closure(self, module: str, root: str) -> bool:
        """Whether library module ``module`` is ``root`` or imported by it, transitively."""
        i, r = self._index.get(module), self._index.get(root)
        return i is not None and r is not None and i in self._closure(r)

    def constant_count(self, module: str) -> int:
        """How many constants ``module`` declares."""
        return self.counts[self._index[module]]

    # ------------------------------------------------------------------ constants

    def declarers(self, name: Name) -> tuple[str, ...]:
        """The library modules declaring ``name``, in the catalog's order."""
        return tuple(self.modules[i] for i, _k in self._rows(name))

    def declares(self, name: Name) -> bool:
        """Whether some library module declares a constant ``name``."""
        prefix = f"{key(name)}{SEP}"
        lines = self._lines
        at = bisect_left(lines, prefix)
        return at < len(lines) and lines[at].startswith(prefix)

    def kind(self, name: Name, module: str) -> str | None:
        """The kind (``theorem``, ``definition``, ...) of the constant ``name`` of library module
        ``module``, or None when that module does not declare it."""
        i = self._index.get(module)
        return next((_KINDS[k] for j, k in self._rows(name) if j == i), None)

    def texts(self) -> Iterator[str]:
        """Every library constant's printed name, once."""
        last = None
        for line in self._lines:
            t = line.rsplit(SEP, 2)[0]
            if t != last:
                last = t
                yield unkey(t)

    def declared_twice(self) -> dict[str, tuple[str, ...]]:
        """The printed names that several library modules declare, each with those modules."""
        return {unkey(t): tuple(self.modules[i] for i in ms) for t, ms in self.twice}

    def instances_of(self, module: str) -> tuple[tuple[Name, int, Name], ...]:
        """The global instances library module ``module`` exports: ``(name, priority, class)``, in
        its order (read from the table once per module)."""
        i = self._index[module]
        got = self._instances_read.get(i)
        if got is None:
            got = self._instances_read[i] = tuple(
                (Name.parse(unkey(t)), p, Name.parse(unkey(c))) for t, p, c in self._instances_by_module.get(i, ()))
        return got

    def is_unfoldable(self, name: Name) -> bool:
        """Whether the library marks ``name`` ``@[reducible]`` or ``instance``."""
        return key(name) in self.unfoldable

    def same_meaning_everywhere(self, name: Name) -> bool:
        """Whether every library module declaring ``name`` declares it with the same meaning (as
        the catalog's builder compared them; False: not known to)."""
        return key(name) in self.same_meaning

    # ------------------------------------------------------------------ records

    def to_json(self) -> dict:
        return {"version": CATALOG_VERSION, "modules": list(self.modules), "imports": [list(i) for i in self.imports],
                "counts": list(self.counts), "table": self.table, "twice": [[t, list(ms)] for t, ms in self.twice],
                "same_meaning": sorted(self.same_meaning), "unreadable": list(self.unreadable),
                "instances": [list(row) for row in self.instances], "unfoldable": sorted(self.unfoldable)}

    @classmethod
    def from_json(cls, folder: Path, data: object) -> "LibraryCatalog":
        """A catalog from :meth:`to_json`'s data; ValueError when it is not of that shape."""
        if not isinstance(data, dict) or data.get("version") != CATALOG_VERSION:
            raise ValueError("not a library catalog of this version")
        try:
            modules, imports, counts, table = data["modules"], data["imports"], data["counts"], data["table"]
            twice, same, unreadable = data["twice"], data["same_meaning"], data["unreadable"]
            instances, unfoldable = data["instances"], data["unfoldable"]
            ok = (isinstance(table, str) and all(isinstance(m, str) for m in modules)
                  and all(isinstance(c, int) for c in counts)
                  and all(isinstance(i, list) and all(isinstance(j, int) for j in i) for i in imports)
                  and all(isinstance(t, str) and isinstance(ms, list) and all(isinstance(j, int) for j in ms)
                          for t, ms in twice)
                  and all(isinstance(t, str) for t in same) and all(isinstance(m, str) for m in unreadable)
                  and all(isinstance(r, list) and len(r) == 4 and isinstance(r[0], int) and isinstance(r[1], str)
                          and isinstance(r[2], int) and isinstance(r[3], str) for r in instances)
                  and all(isinstance(t, str) for t in unfoldable))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a library catalog: {exc}") from exc
        if not ok:
            raise ValueError("not a library catalog: a field of another type")
        return cls(Path(folder), tuple(modules), tuple(tuple(i) for i in imports), tuple(counts), table,
                   tuple((t, tuple(ms)) for t, ms in twice), frozenset(same), tuple(unreadable),
                   tuple((i, t, p, c) for i, t, p, c in instances), frozenset(unfoldable))
