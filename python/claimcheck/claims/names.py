"""The manifests' declaration names against the last build's ``.olean`` files and the Lean library,
without building or installing anything (``claimcheck validate``: a typo costs a second)."""

from __future__ import annotations

from collections.abc import Container, Iterable
from pathlib import Path

from claimcheck.claims.manifest import Issue, Manifest, did_you_mean
from claimcheck.errors import ManifestError, OleanError
from claimcheck.model.evidence import Role
from claimcheck.model.names import Name
from claimcheck.olean.reader import Module

__all__ = ["built_names", "check_names"]


def built_names(olean_dir: Path) -> set[Name] | str:
    """The user-facing names of every constant of the ``.olean`` files under ``olean_dir``, or in
    words why they cannot be read (no build yet, a file that cannot be read)."""
    oleans = sorted(olean_dir.rglob("*.olean")) if olean_dir.is_dir() else []
    if not oleans:
        return "declaration names not checked: no build yet (`claimcheck build`)"
    names: set[Name] = set()
    for path in oleans:
        module = ".".join(path.relative_to(olean_dir).with_suffix("").parts)
        try:
            names.update(n.user_facing for n in Module.load(module, path).constant_names())
        except OleanError:
            return f"declaration names not checked: {path} cannot be read"
    return names


def check_names(manifests: list[Manifest], built: set[Name], library: Container[Name] | None) -> None:
    """Every declaration a manifest names is among ``built`` (``role: library``: among ``library``,
    unless that is None: not known); a :class:`~claimcheck.errors.ManifestError` with each file and
    line otherwise."""
    issues = []
    candidates: dict[int, dict[str, list[str]]] = {}
    for m in manifests:
        for c in m.claims:
            for f in c.formal or []:
                known = library if f.role == Role.LIBRARY else built
                if known is not None and f.decl not in known:
                    where = "the Lean library" if f.role == Role.LIBRARY else "the last build"
                    issues.append(Issue(m.path, f.yaml_line, f"Lean declaration `{f.decl}` is not in {where}; fix"
                                        " the name, or build the module that declares it"
                                        f"{_suggestion(f.decl, known, candidates)}"))
    if issues:
        raise ManifestError(issues)


def _suggestion(name: Name, known: Container[Name], memo: dict[int, dict[str, list[str]]]) -> str:
    """A "did you mean" for a misspelt declaration name (as `check` gives): the closest known name
    of the same root namespace (the library has ~10^5 names: they are grouped once by root)."""
    if not isinstance(known, Iterable):
        return ""
    by_root = memo.get(id(known))
    if by_root is None:
        by_root = memo[id(known)] = {}
        for k in known:
            by_root.setdefault(str(k.root) if not k.is_anonymous else "", []).append(str(k))
        for names in by_root.values():
            names.sort()
    root = str(name.root) if not name.is_anonymous else ""
    total = sum(len(names) for names in by_root.values())
    pool = by_root.get(root) or ([n for names in by_root.values() for n in names] if total < 20000 else [])
    return did_you_mean(str(name), pool)
