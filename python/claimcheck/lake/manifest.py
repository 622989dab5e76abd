"""``lake-manifest.json``: the packages a workspace pins, as ``lake update`` wrote them.

Versions as Lake reads them (``Lake/Load/Manifest.lean``): 5 and 6 (entries with ``opts``), 7 (a
number) and the later string versions (``"1.1.0"``, ``"1.2.0"``: entries with ``scope``). Each
entry is a ``path`` package (``dir``, relative to the workspace root) or a ``git`` one (``url``,
``rev``, ``inputRev``, ``subDir``), materialized in ``packagesDir/<name>`` (default
``.lake/packages``); ``inherited`` says it is a dependency's dependency. A manifest that is not one
of these is an error naming the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from claimcheck.lake.config import DEFAULT_PACKAGES_DIR, LakefileError, read_text

__all__ = ["MANIFEST_FILE", "ManifestEntry", "LakeManifest", "read_manifest"]

MANIFEST_FILE = "lake-manifest.json"


@dataclass(frozen=True)
class ManifestEntry:
    name: str
    kind: str  # "path" or "git"
    inherited: bool = False
    scope: str = ""
    dir: str | None = None  # path packages
    url: str | None = None  # git packages
    rev: str | None = None
    input_rev: str | None = None
    subdir: str | None = None
    config_file: str | None = None


@dataclass(frozen=True)
class LakeManifest:
    file: Path
    version: str
    packages_dir: str
    entries: tuple[ManifestEntry, ...]

    def entry(self, name: str) -> ManifestEntry | None:
        for e in self.entries:
            if e.name == name or e.name.lower() == name.lower():
                return e
        return None


def read_manifest(path: Path) -> LakeManifest | None:
    """The manifest at ``path`` (None when there is none)."""
    if not path.is_file():
        return None
    text = read_text(path)
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise LakefileError(f"{path}: not a Lake manifest (invalid JSON: {exc}); run `lake update` to rewrite it") from exc
    if not isinstance(doc, dict) or "version" not in doc:
        raise LakefileError(f"{path}: not a Lake manifest (no `version`); run `lake update` to rewrite it")
    version = doc["version"]
    if isinstance(version, int) and not isinstance(version, bool):
        if version < 5:
            raise LakefileError(f"{path}: manifest version {version} is older than Lake reads (5); run `lake update`")
        legacy = version <= 6
    elif isinstance(version, str) and version.split(".")[0].isdigit():
        legacy = False
    else:
        raise LakefileError(f"{path}: unknown manifest version {version!r}")
    packages_dir = doc.get("packagesDir") or DEFAULT_PACKAGES_DIR
    if not isinstance(packages_dir, str):
        raise LakefileError(f"{path}: packagesDir must be a string, got {packages_dir!r}")
    raw = doc.get("packages", [])
    if not isinstance(raw, list):
        raise LakefileError(f"{path}: packages must be a list")
    entries = tuple(_entry(path, e, legacy) for e in raw)
    return LakeManifest(path, str(version), packages_dir, entries)


def _entry(path: Path, e: object, legacy: bool) -> ManifestEntry:
    if not isinstance(e, dict):
        raise LakefileError(f"{path}: a package entry is not an object: {e!r}")
    if legacy and len(e) == 1 and next(iter(e)) in ("path", "git"):  # version 5/6: {"git": {...}}
        kind, body = next(iter(e.items()))
        if not isinstance(body, dict):
            raise LakefileError(f"{path}: package entry {e!r} is not an object")
        e = dict(body, type=kind)
    name = e.get("name")
    kind = e.get("type")
    if not isinstance(name, str) or kind not in ("path", "git"):
        raise LakefileError(f"{path}: package entry {e!r}: needs a `name` and a `type` of path or git")

    def text(key: str) -> str | None:
        value = e.get(key)
        if value is not None and not isinstance(value, str):
            raise LakefileError(f"{path}: package {name}: {key} must be a string, got {value!r}")
        return value

    if kind == "path" and text("dir") is None:
        raise LakefileError(f"{path}: path package {name} has no `dir`")
    if kind == "git" and (text("url") is None or text("rev") is None):
        raise LakefileError(f"{path}: git package {name} needs `url` and `rev`")
    return ManifestEntry(name.strip("«»"), kind, bool(e.get("inherited", False)), text("scope") or "", text("dir"),
                         text("url"), text("rev"), text("inputRev"), text("subDir"), text("configFile"))
