"""``lakefile.lean`` without a native ``lake``: its declarative subset, read as data.

A ``lakefile.lean`` is a Lean program; only ``lake`` can run it (:mod:`claimcheck.lake.native` asks
a native one). Without one, claimcheck reads the commands most lakefiles consist of, and refuses
everything else at its file and line, saying what to write instead (the same configuration in
``lakefile.toml``, which ``lake translate-config toml`` writes; or a native Lean with ``lake``):

- ``import Lake``, ``open Lake DSL`` (and ``open System``);
- ``package NAME`` with an optional ``where`` block of fields (``srcDir``, ``buildDir``,
  ``packagesDir``, ``leanOptions``, ``moreLeanArgs``, ``weakLeanArgs``, and fields that do not change
  what is read: ``version``, ``description``, ``keywords``, ``license``, ...);
- ``require NAME from git "URL" [@ "REV"] [/ "SUBDIR"]``, ``require NAME from "PATH"``,
  ``require "SCOPE" / "NAME" [@ git "REV"]``;
- ``[@[default_target]] lean_lib NAME [where srcDir := "..." roots := #[`A, `B] globs := #[...]
  leanOptions := #[⟨`opt, value⟩] moreLeanArgs := #["..."]]``;
- ``[@[default_target]] lean_exe NAME [where root := `Main srcDir := "..."]``.

Comments and docstrings are skipped. Anything else (``def``, ``script``, ``target``,
``extern_lib``, ``if``, ``run_cmd``, ``require ... with``, a field value that is not a literal,
``package`` written with braces) is refused: claimcheck does not guess what a program computes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from claimcheck.lake.config import (
    DEFAULT_BUILD_DIR,
    DEFAULT_LEAN_LIB_DIR,
    Glob,
    GlobKind,
    LakeConfig,
    LakefileError,
    LeanExe,
    LeanLib,
    Require,
    lean_option_arg,
    module_name,
    read_text,
)

__all__ = ["read_lean_subset", "parse_lean_subset", "SUBSET"]

SUBSET = "declarative subset"

#: What to do instead, said with every refusal.
INSTEAD = ("claimcheck reads only the declarative part of a lakefile.lean without a native lake; write this "
           "package's configuration in lakefile.toml instead (`lake translate-config toml` writes it from this "
           "file), or install a native Lean with lake (elan, the version in lean-toolchain) so that claimcheck "
           "asks lake")

_PACKAGE_FIELDS_READ = {"srcDir", "buildDir", "packagesDir", "leanLibDir", "leanOptions", "moreLeanArgs", "weakLeanArgs"}
#: Fields that change nothing claimcheck reads (metadata, native code, the server, drivers).
_HARMLESS = {
    "version", "versionTags", "description", "keywords", "homepage", "license", "licenseFiles", "readmeFile",
    "reservoir", "testDriver", "testDriverArgs", "testRunner", "lintDriver", "lintDriverArgs", "preferReleaseBuild",
    "releaseRepo", "buildArchive", "precompileModules", "moreServerArgs", "moreGlobalServerArgs",
    "moreServerOptions", "moreLeancArgs", "weakLeancArgs", "moreLinkArgs", "weakLinkArgs", "buildType", "backend",
    "platformIndependent", "supportInterpreter", "libName", "defaultFacets", "exeName", "allowImportAll",
    "enableArtifactCache", "restoreAllArtifacts", "libPrefixOnWindows", "irDir", "binDir", "nativeLibDir",
    "manifestFile",
}
_LIB_FIELDS_READ = {"srcDir", "roots", "globs", "leanOptions", "moreLeanArgs", "weakLeanArgs"}
_EXE_FIELDS_READ = {"srcDir", "root", "leanOptions", "moreLeanArgs", "weakLeanArgs"}

_STRING = r'"(?:[^"\\]|\\.)*"'
_NAME = r"(?:«[^»]*»|[^\s«»\"`,#\[\]()⟨⟩:=@/]+)"


@dataclass
class _Command:
    line: int
    text: str  # the command's first line (for messages)
    head: str  # the command without its `where` block
    fields: list[tuple[int, str, str]]  # (line, field, value text)
    attrs: list[tuple[int, str]]  # (line, attribute)


def read_lean_subset(path: Path) -> LakeConfig:
    return parse_lean_subset(path, read_text(path))


def parse_lean_subset(path: Path, text: str) -> LakeConfig:
    p = _Parser(path, text)
    return p.config()


class _Parser:
    def __init__(self, path: Path, text: str):
        self.path = path
        self.original = text.splitlines()
        self.lines = _strip_comments(path, text).splitlines()

    def refuse(self, line: int, what: str | None = None) -> LakefileError:
        shown = (what or self.original[line - 1].strip()) if 0 < line <= len(self.original) else (what or "")
        if len(shown) > 120:
            shown = shown[:119] + "…"
        return LakefileError(f"{self.path}:{line}: `{shown}` is outside the declarative subset: {INSTEAD}")

    def commands(self) -> list[_Command]:
        out: list[_Command] = []
        attrs: list[tuple[int, str]] = []
        i = 0
        n = len(self.lines)
        while i < n:
            raw = self.lines[i]
            if not raw.strip():
                i += 1
                continue
            if raw[0].isspace():
                raise self.refuse(i + 1)
            start = i
            head = raw.strip()
            m = re.match(r"^@\[([^\]]*)\]\s*(.*)$", head)
            if m:
                attrs.append((i + 1, m.group(1).strip()))
                rest = m.group(2)
                if not rest:
                    i += 1
                    continue
                head = rest
            # continuation lines: indented, until the next line at column 0
            j = i + 1
            body: list[tuple[int, str]] = []
            while j < n and (not self.lines[j].strip() or self.lines[j][0].isspace()):
                if self.lines[j].strip():
                    body.append((j + 1, self.lines[j]))
                j += 1
            fields: list[tuple[int, str, str]] = []
            inline = re.match(r"^(.*?)\s+where\s+(\S.*)$", head)
            if inline and not re.search(r"\bwhere\s*$", head):  # `lean_lib L where srcDir := "x"`
                head = inline.group(1)
                body = [(start + 1, " " * (len(raw) - len(inline.group(2))) + inline.group(2))] + [
                    (ln, t) for ln, t in body]
                fields = self.fields(body)
            elif re.search(r"\bwhere\s*$", head):
                head = re.sub(r"\s*\bwhere\s*$", "", head)
                fields = self.fields(body)
            elif body:
                # a command written over several lines (a long `require`): one head
                for line, text in body:
                    if re.search(r"\bwhere\b", text):
                        raise self.refuse(line)
                head = head + " " + " ".join(t.strip() for _l, t in body)
            out.append(_Command(start + 1, self.original[start].strip(), head.strip(), fields, attrs))
            attrs = []
            i = j
        if attrs:
            raise self.refuse(attrs[-1][0], f"@[{attrs[-1][1]}]")
        return out

    def fields(self, body: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
        """``field := value`` entries of a ``where`` block (a value may continue on deeper lines)."""
        out: list[tuple[int, str, str]] = []
        indent = None
        for line, text in body:
            width = len(text) - len(text.lstrip())
            m = re.match(r"^\s*([A-Za-z_][\w?!]*)\s*:=\s*(.*)$", text)
            if indent is None:
                indent = width
            if m and width == indent:
                out.append((line, m.group(1), m.group(2).strip()))
            elif width > indent and out:
                ln, name, value = out[-1]
                out[-1] = (ln, name, (value + " " + text.strip()).strip())
            else:
                raise self.refuse(line)
        return out

    def config(self) -> LakeConfig:
        name: str | None = None
        package: dict = {"srcDir": ".", "buildDir": DEFAULT_BUILD_DIR, "leanLibDir": DEFAULT_LEAN_LIB_DIR,
                         "packagesDir": None}
        package_args: tuple[str, ...] = ()
        pending_libs: list[tuple[_Command, str]] = []
        pending_exes: list[tuple[_Command, str]] = []
        requires: list[Require] = []
        defaults: list[str] = []
        for cmd in self.commands():
            head = cmd.head
            for line, attr in cmd.attrs:
                if attr != "default_target":
                    raise self.refuse(line, f"@[{attr}]")
            if cmd.attrs and not re.match(r"^(lean_lib|lean_exe)\b", head):
                raise self.refuse(cmd.line)
            if head == "import Lake":
                continue
            if re.fullmatch(r"open(\s+(Lake|DSL|System|Lean))+", head):
                continue
            m = re.fullmatch(rf"package\s+({_NAME}|{_STRING})", head)
            if m:
                if name is not None:
                    raise self.refuse(cmd.line, "a second `package`")
                name = _target_name(m.group(1))
                for line, field, value in cmd.fields:
                    if field in ("srcDir", "buildDir", "packagesDir", "leanLibDir"):
                        package[field] = self.path_value(line, value)
                    elif field in _PACKAGE_FIELDS_READ:
                        pass  # options: below, once all are known
                    elif field not in _HARMLESS:
                        raise self.refuse(line, f"{field} := {value}")
                package_args = self.lean_args(cmd.fields)
                continue
            if head.startswith("require"):
                requires.append(self.require(cmd))
                continue
            m = re.fullmatch(rf"(lean_lib|lean_exe)\s+({_NAME}|{_STRING})", head)
            if m:
                target = _target_name(m.group(2))
                if any(attr == "default_target" for _line, attr in cmd.attrs):
                    defaults.append(target)
                (pending_libs if m.group(1) == "lean_lib" else pending_exes).append((cmd, target))
                continue
            raise self.refuse(cmd.line)
        if name is None:
            raise LakefileError(f"{self.path}: no `package NAME` command: a lakefile names its package ({INSTEAD})")
        libs = tuple(self.lib(cmd, target, package_args, target in defaults) for cmd, target in pending_libs)
        exes = tuple(self.exe(cmd, target, package_args, target in defaults) for cmd, target in pending_exes)
        return LakeConfig(
            file=self.path, name=name, src_dir=package["srcDir"], build_dir=package["buildDir"],
            lean_lib_dir=package["leanLibDir"], packages_dir=package["packagesDir"], libs=libs, exes=exes,
            requires=tuple(requires), lean_args=package_args, default_targets=tuple(defaults), read_by=SUBSET,
        )

    # ------------------------------------------------------------------ commands

    def require(self, cmd: _Command) -> Require:
        head = cmd.head
        if cmd.fields or re.search(r"\bwith\b", head):
            raise self.refuse(cmd.line, head)
        m = re.fullmatch(rf'require\s+({_NAME})\s+from\s+git\s+({_STRING})(?:\s*@\s*({_STRING}))?(?:\s*/\s*({_STRING}))?',
                         head)
        if m:
            return Require(m.group(1).strip("«»"), git=_unquote(m.group(2)), rev=_unquote(m.group(3)),
                           subdir=_unquote(m.group(4)), line=cmd.line)
        m = re.fullmatch(rf"require\s+({_NAME})\s+from\s+({_STRING}(?:\s*/\s*{_STRING})*)", head)
        if m:
            return Require(m.group(1).strip("«»"), path=self.path_value(cmd.line, m.group(2)), line=cmd.line)
        m = re.fullmatch(rf"require\s+({_STRING})\s*/\s*({_STRING})(?:\s*@\s*(?:git\s+)?({_STRING}))?", head)
        if m:
            return Require(_unquote(m.group(2)) or "", rev=_unquote(m.group(3)), scope=_unquote(m.group(1)) or "",
                           line=cmd.line)
        m = re.fullmatch(rf"require\s+({_NAME})", head)
        if m:
            return Require(m.group(1).strip("«»"), line=cmd.line)
        raise self.refuse(cmd.line, head)

    def lib(self, cmd: _Command, name: str, package_args: tuple[str, ...], default: bool) -> LeanLib:
        src_dir = "."
        roots: list[str] = [name]
        globs: list[Glob] | None = None
        for line, field, value in cmd.fields:
            if field == "srcDir":
                src_dir = self.path_value(line, value)
            elif field == "roots":
                roots = self.names(line, value)
            elif field == "globs":
                globs = self.globs(line, value)
            elif field not in _LIB_FIELDS_READ and field not in _HARMLESS:
                raise self.refuse(line, f"{field} := {value}")
        if globs is None:
            globs = [Glob(GlobKind.ONE, r) for r in roots]
        return LeanLib(name, src_dir, tuple(roots), tuple(globs), package_args + self.lean_args(cmd.fields),
                       default=default, line=cmd.line)

    def exe(self, cmd: _Command, name: str, package_args: tuple[str, ...], default: bool) -> LeanExe:
        src_dir, root = ".", "Main"
        for line, field, value in cmd.fields:
            if field == "srcDir":
                src_dir = self.path_value(line, value)
            elif field == "root":
                names = self.names(line, f"#[{value}]")
                root = names[0]
            elif field not in _EXE_FIELDS_READ and field not in _HARMLESS:
                raise self.refuse(line, f"{field} := {value}")
        return LeanExe(name, src_dir, root, package_args + self.lean_args(cmd.fields), default=default, line=cmd.line)

    # ------------------------------------------------------------------ values

    def path_value(self, line: int, value: str) -> str:
        """A path literal: a string, or strings joined with ``/`` (``".." / "helper"``)."""
        if not re.fullmatch(rf"\s*{_STRING}(?:\s*/\s*{_STRING})*\s*", value):
            raise self.refuse(line, value)
        return "/".join(_unquote(p) or "" for p in re.findall(_STRING, value))

    def _array(self, line: int, value: str) -> list[str]:
        value = value.strip()
        if not (value.startswith("#[") and value.endswith("]")):
            raise self.refuse(line, value)
        inner = value[2:-1].strip()
        if not inner:
            return []
        items, depth, cur = [], 0, ""
        for ch in inner:
            if ch in "⟨([":
                depth += 1
            elif ch in "⟩)]":
                depth -= 1
            if ch == "," and depth == 0:
                items.append(cur.strip())
                cur = ""
            else:
                cur += ch
        items.append(cur.strip())
        return items

    def names(self, line: int, value: str) -> list[str]:
        out = []
        for item in self._array(line, value):
            if not item.startswith("`"):
                raise self.refuse(line, value)
            name = module_name(item)
            if name is None:
                raise self.refuse(line, value)
            out.append(name)
        return out

    def globs(self, line: int, value: str) -> list[Glob]:
        out = []
        for item in self._array(line, value):
            m = re.fullmatch(r"(?:Glob)?\.?(one|submodules|andSubmodules)?\s*(`\S+)", item)
            if not m:
                raise self.refuse(line, value)
            kind = {None: GlobKind.ONE, "one": GlobKind.ONE, "submodules": GlobKind.SUBMODULES,
                    "andSubmodules": GlobKind.AND_SUBMODULES}[m.group(1)]
            name = module_name(m.group(2))
            if name is None:
                raise self.refuse(line, value)
            out.append(Glob(kind, name))
        return out

    def lean_args(self, fields: list[tuple[int, str, str]]) -> tuple[str, ...]:
        args: list[str] = []
        for line, field, value in fields:
            if field == "leanOptions":
                for item in self._array(line, value):
                    m = re.fullmatch(r"⟨\s*`(\S+?)\s*,\s*(.+?)\s*⟩", item)
                    if not m:
                        raise self.refuse(line, value)
                    raw = m.group(2)
                    if raw in ("true", "false"):
                        option: object = raw == "true"
                    elif raw.isdigit():
                        option = int(raw)
                    elif re.fullmatch(_STRING, raw):
                        option = _unquote(raw)
                    else:
                        raise self.refuse(line, value)
                    args.append(lean_option_arg(m.group(1).strip("«»"), option))
        for wanted in ("weakLeanArgs", "moreLeanArgs"):
            for line, field, value in fields:
                if field == wanted:
                    for item in self._array(line, value):
                        if not re.fullmatch(_STRING, item):
                            raise self.refuse(line, value)
                        args.append(_unquote(item) or "")
        return tuple(args)


def _target_name(text: str) -> str:
    """A package's or target's name: an identifier (``«»`` dropped) or a string literal."""
    return (_unquote(text) or "") if text.startswith('"') else text.strip("«»")


def _unquote(text: str | None) -> str | None:
    if text is None:
        return None
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text[1:-1]


def _strip_comments(path: Path, text: str) -> str:
    """``text`` with comments and docstrings blanked (newlines kept, so lines stay where they are)."""
    out = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_string = False
            i += 1
            continue
        if ch == '"':
            in_string = True
            out.append(ch)
            i += 1
            continue
        if text.startswith("--", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/-", i):
            depth, j = 0, i
            while j < n - 1:
                if text.startswith("/-", j):
                    depth += 1
                    j += 2
                elif text.startswith("-/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            if depth != 0:
                line = text.count("\n", 0, i) + 1
                raise LakefileError(f"{path}:{line}: unterminated comment")
            out.append("".join(c if c == "\n" else " " for c in text[i:j]))
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out)
