"""``lakefile.toml``, read in full with :mod:`tomllib` into a :class:`~claimcheck.lake.config.LakeConfig`.

Fields as Lake decodes them (``Lake/Load/Toml.lean``): the package's ``name``, ``srcDir``,
``buildDir``, ``leanLibDir``, ``packagesDir``, ``defaultTargets``, ``leanOptions``,
``moreLeanArgs``/``weakLeanArgs``; each ``[[lean_lib]]``'s ``name``, ``srcDir``, ``roots``,
``globs`` and options; each ``[[lean_exe]]``'s ``name``, ``root``, ``srcDir``; each
``[[require]]``'s ``name``, ``path``, ``git`` (a URL or ``{url, subDir}``), ``rev``, ``subDir``,
``source`` and ``scope``. A field of the wrong type is an error naming the file and line; fields
that do not change what claimcheck reads (descriptions, link options, drivers) are left alone, as
Lake's decoder does with keys it does not know.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from claimcheck.lake.config import (
    DEFAULT_BUILD_DIR,
    DEFAULT_LEAN_LIB_DIR,
    LAKEFILE_TOML,
    Glob,
    LakeConfig,
    LakefileError,
    LeanExe,
    LeanLib,
    Require,
    lean_option_arg,
    module_name,
    read_text,
)

__all__ = ["read_toml", "parse_toml"]

def read_toml(path: Path, read_by: str = LAKEFILE_TOML) -> LakeConfig:
    """Read the ``lakefile.toml`` at ``path`` (:class:`LakefileError` naming the file and line)."""
    text = read_text(path)
    return parse_toml(path, text, read_by)


def parse_toml(path: Path, text: str, read_by: str = LAKEFILE_TOML) -> LakeConfig:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LakefileError(f"{path}: {exc}") from exc
    except RecursionError as exc:
        raise LakefileError(f"{path}: nests too deep to read") from exc
    r = _Reader(path, text)
    name = r.name(doc, "name", required=True, line=r.key_line("name"))
    package_args = r.lean_args(doc, r.key_line("leanOptions"))
    libs = tuple(r.lib(t, package_args, line) for t, line in r.tables(doc, "lean_lib"))
    exes = tuple(r.exe(t, package_args, line) for t, line in r.tables(doc, "lean_exe"))
    requires = tuple(r.require(t, line) for t, line in r.tables(doc, "require"))
    defaults = tuple(r.strings(doc, "defaultTargets", r.key_line("defaultTargets")))
    libs = tuple(_default(lib, defaults) for lib in libs)
    exes = tuple(_default(exe, defaults) for exe in exes)
    return LakeConfig(
        file=path,
        name=name,
        src_dir=r.string(doc, "srcDir", ".", r.key_line("srcDir")),
        build_dir=r.string(doc, "buildDir", DEFAULT_BUILD_DIR, r.key_line("buildDir")),
        lean_lib_dir=r.string(doc, "leanLibDir", DEFAULT_LEAN_LIB_DIR, r.key_line("leanLibDir")),
        packages_dir=r.string(doc, "packagesDir", None, r.key_line("packagesDir")),
        libs=libs,
        exes=exes,
        requires=requires,
        lean_args=package_args,
        default_targets=defaults,
        read_by=read_by,
    )


def _default(target, defaults: tuple[str, ...]):
    from dataclasses import replace

    return replace(target, default=target.name in defaults) if target.name in defaults else target


class _Reader:
    """Typed access to the decoded document, every error with the file and (best) line."""

    def __init__(self, path: Path, text: str):
        self.path = path
        self.lines = text.splitlines()

    def fail(self, line: int, message: str) -> LakefileError:
        return LakefileError(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")

    def key_line(self, key: str, start: int = 0, end: int | None = None) -> int:
        """The 1-based line that sets ``key`` between lines ``start`` and ``end`` (0: unknown)."""
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*(=|\.)")
        for i in range(start, len(self.lines) if end is None else end):
            if pattern.match(self.lines[i]):
                return i + 1
        return 0

    def tables(self, doc: dict, key: str) -> list[tuple[dict, int]]:
        """The ``[[key]]`` tables, each with the line of its header."""
        value = doc.get(key, [])
        if isinstance(value, dict):
            value = [value]
        headers = [i for i, line in enumerate(self.lines) if re.match(rf"^\s*\[\[\s*{re.escape(key)}\s*\]\]", line)]
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            raise self.fail(self.key_line(key), f"{key} must be a table array ([[{key}]])")
        out = []
        for i, table in enumerate(value):
            line = headers[i] + 1 if i < len(headers) else 0
            out.append((table, line))
        return out

    def _span(self, line: int) -> tuple[int, int | None]:
        """The lines of the table whose header is at ``line`` (to find its keys' lines)."""
        if not line:
            return 0, None
        for j in range(line, len(self.lines)):
            if re.match(r"^\s*\[", self.lines[j]):
                return line, j
        return line, None

    def string(self, table: dict, key: str, default, line: int):
        if key not in table:
            return default
        value = table[key]
        if not isinstance(value, str):
            raise self.fail(line, f"{key} must be a string, got {value!r}")
        return value

    def strings(self, table: dict, key: str, line: int, single: bool = False) -> list[str]:
        if key not in table:
            return []
        value = table[key]
        if single and isinstance(value, str):
            return [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(line, f"{key} must be {'a string or ' if single else ''}a list of strings, got {value!r}")
        return value

    def name(self, table: dict, key: str, required: bool, line: int) -> str:
        value = table.get(key)
        if value is None and required:
            raise self.fail(line, f"`{key}` is missing (every package and target has a name)")
        if not isinstance(value, str) or not value:
            raise self.fail(line, f"{key} must be a non-empty string, got {value!r}")
        return value.strip("«»")

    def lean_args(self, table: dict, line: int, start: int = 0, end: int | None = None) -> tuple[str, ...]:
        """``-D`` options from ``leanOptions`` (a table, nested keys joined with ``.``, or an array
        of ``[name, value]``/``{name, value}``), then ``weakLeanArgs`` and ``moreLeanArgs``."""
        args: list[str] = []
        options = table.get("leanOptions")
        if options is not None:
            if isinstance(options, dict):
                for name, value in _flatten(options):
                    args.append(self._option(name, value, line))
            elif isinstance(options, list):
                for entry in options:
                    if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str):
                        args.append(self._option(entry[0], entry[1], line))
                    elif isinstance(entry, dict) and isinstance(entry.get("name"), str) and "value" in entry:
                        args.append(self._option(entry["name"], entry["value"], line))
                    else:
                        raise self.fail(line, f"leanOptions entry {entry!r}: expected [name, value] or {{name, value}}")
            else:
                raise self.fail(line, f"leanOptions must be a table or an array, got {options!r}")
        for key in ("weakLeanArgs", "moreLeanArgs"):
            args += self.strings(table, key, self.key_line(key, start, end))
        return tuple(args)

    def _option(self, name: str, value: object, line: int) -> str:
        if isinstance(value, bool) or isinstance(value, str) or (isinstance(value, int) and value >= 0):
            return lean_option_arg(name, value)
        raise self.fail(line, f"leanOptions.{name}: expected a string, a boolean or a nonnegative integer, got {value!r}")

    def modules(self, table: dict, key: str, line: int) -> list[str]:
        out = []
        for text in self.strings(table, key, line, single=True):
            name = module_name(text)
            if name is None:
                raise self.fail(line, f"{key}: {text!r} is not a Lean module name")
            out.append(name)
        return out

    def lib(self, table: dict, package_args: tuple[str, ...], line: int) -> LeanLib:
        start, end = self._span(line)
        name = self.name(table, "name", True, line)
        roots = self.modules(table, "roots", self.key_line("roots", start, end)) if "roots" in table else [name]
        globs: list[Glob] = []
        if "globs" in table:
            glob_line = self.key_line("globs", start, end) or line
            for text in self.strings(table, "globs", glob_line, single=True):
                glob = Glob.parse(text)
                if glob is None:
                    raise self.fail(glob_line, f"globs: {text!r} is not a glob (`A.B`, `A.B.+` or `A.B.*`)")
                globs.append(glob)
        else:
            globs = [Glob.parse(r) for r in roots]  # type: ignore[misc]
        own = self.lean_args(table, self.key_line("leanOptions", start, end) or line, start, end)
        return LeanLib(name, self.string(table, "srcDir", ".", self.key_line("srcDir", start, end)),
                       tuple(roots), tuple(globs), package_args + own, line=line)

    def exe(self, table: dict, package_args: tuple[str, ...], line: int) -> LeanExe:
        start, end = self._span(line)
        name = self.name(table, "name", True, line)
        root_line = self.key_line("root", start, end) or line
        root_text = self.string(table, "root", "Main", root_line)
        root = module_name(root_text)
        if root is None:
            raise self.fail(root_line, f"root: {root_text!r} is not a Lean module name")
        own = self.lean_args(table, self.key_line("leanOptions", start, end) or line, start, end)
        return LeanExe(name, self.string(table, "srcDir", ".", self.key_line("srcDir", start, end)), root,
                       package_args + own, line=line)

    def require(self, table: dict, line: int) -> Require:
        start, end = self._span(line)
        name = self.name(table, "name", True, line)
        scope = self.string(table, "scope", "", self.key_line("scope", start, end))
        rev = self.string(table, "rev", None, self.key_line("rev", start, end))
        subdir = self.string(table, "subDir", None, self.key_line("subDir", start, end))
        if "path" in table:
            return Require(name, path=self.string(table, "path", None, self.key_line("path", start, end)),
                           scope=scope, line=line)
        if "git" in table:
            git = table["git"]
            if isinstance(git, dict):
                url = git.get("url")
                subdir = git.get("subDir", subdir)
            else:
                url = git
            if not isinstance(url, str) or (subdir is not None and not isinstance(subdir, str)):
                raise self.fail(self.key_line("git", start, end) or line,
                                "git must be a URL string or a table {url, subDir}")
            return Require(name, git=url, rev=rev, subdir=subdir, scope=scope, line=line)
        if "source" in table:
            source = table["source"]
            kind = source.get("type") if isinstance(source, dict) else None
            if kind == "path" and isinstance(source.get("dir"), str):
                return Require(name, path=source["dir"], scope=scope, line=line)
            if kind == "git" and isinstance(source.get("url"), str):
                return Require(name, git=source["url"], rev=source.get("rev", rev), subdir=source.get("subDir", subdir),
                               scope=scope, line=line)
            raise self.fail(self.key_line("source", start, end) or line,
                            "source must be {type = \"path\", dir = ...} or {type = \"git\", url = ..., rev = ...}")
        return Require(name, rev=rev, scope=scope, line=line)  # from Reservoir


def _flatten(table: dict, prefix: str = "") -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            out += _flatten(value, name)
        else:
            out.append((name, value))
    return out
