"""Names that do not read as what they are: invisible characters, confusable skeletons, mixed scripts.

Three questions about the text of one Lean name (component by component), each answered from
Unicode's own data, never from a hand list:

* :func:`invisible_characters`: the characters a reader cannot see: ``Default_Ignorable_Code_Point``
  (zero-width space and joiners, variation selectors, Hangul fillers, ...), ``Bidi_Control`` (the
  embeddings, overrides and isolates that reorder text), control, format, private-use, unassigned
  and line/paragraph separator characters, every white space but the plain space, and a plain space
  at either end of a component (``«Nat »`` reads as ``Nat``). Properties from the ``regex`` package
  (its Unicode database), categories from :mod:`unicodedata`.
* :func:`skeleton`: the confusable skeleton of Unicode TR39 (section 4, "Confusable Detection"):
  NFD, each character replaced by the prototype of its confusable class, NFD again. Two texts are
  confusable exactly when their skeletons are equal. The classes come from ``confusables.txt``,
  as the ``confusable_homoglyphs`` package ships it (``confusables.json``: every line of the
  Unicode file, recorded in both directions). Recorded both ways, a line no longer says which side
  is the prototype (and a right-to-left character is recorded between two U+200E marks, for
  display, which are dropped); but TR39's mapping sends every member of a class straight to its prototype, so
  the classes are the connected components of the recorded pairs, and replacing each character by
  a fixed member of its class (the smallest code point) gives equal skeletons exactly when TR39's
  do. A character whose prototype is a sequence (``m`` → ``rn``) is replaced by that sequence.
* :func:`mixed_scripts`: whether an identifier passes UTS #39's restriction level "Highly
  Restrictive" (section 5.2): its resolved script set (section 5.1: the intersection of its
  characters' ``Script_Extensions``, ``Common`` and ``Inherited`` standing for every script, Han,
  Hiragana, Katakana, Hangul and Bopomofo augmented with the writing systems ``Jpan``, ``Kore`` and
  ``Hanb`` they belong to) is not empty, or it is covered by Latin + Han + Hiragana + Katakana,
  Latin + Han + Bopomofo or Latin + Han + Hangul. ``раth`` (Cyrillic р and а) and ``lօg`` (an
  Armenian օ) are not; ``log``, ``δ``, ``x₁`` and ``変数x`` are. ``Script_Extensions`` from the
  ``regex`` package (``\\p{scx=…}``), over the script names of ``Scripts.txt`` as the same package
  ships them (``categories.json``).

A Lean name that is not an identifier is printed ``«…»``-quoted (:mod:`claimcheck.model.names`);
these checks are for what quoting cannot show: a quoted ``«Nat​»`` with a zero-width space still
looks like ``«Nat»``, and ``Nat.«ɡcd»`` like ``Nat.gcd``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

import regex
from confusable_homoglyphs import categories as _scripts
from confusable_homoglyphs.utils import load as _load_data

from claimcheck.model.names import Name

__all__ = ["ConfusableTable", "confusables", "invisible_characters", "mixed_scripts", "skeleton",
           "describe_character"]

_IGNORABLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]")
_WHITE = regex.compile(r"\p{White_Space}")
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})


def describe_character(c: str) -> str:
    """``U+200B ZERO WIDTH SPACE``."""
    return f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}"


def invisible_characters(text: str) -> list[str]:
    """The characters of one name component a reader cannot see (see the module docstring)."""
    out: list[str] = []
    last = len(text) - 1
    for i, c in enumerate(text):
        if (_IGNORABLE.match(c) or unicodedata.category(c) in _HIDDEN_CATEGORIES
                or (_WHITE.match(c) and (c != " " or i == 0 or i == last))):
            out.append(c)
    return out


def _clean(text: str) -> str:
    """A character as the data records it: right-to-left ones are wrapped in left-to-right marks
    (U+200E) there, for display; the marks are not part of the character."""
    return text.replace("\u200e", "").replace("\u200f", "")


@dataclass(frozen=True)
class ConfusableTable:
    """TR39's confusable classes: each character's class representative, and the characters whose
    prototype is a sequence."""

    rep: dict[str, str]
    sequence: dict[str, str]

    @classmethod
    def from_pairs(cls, pairs: dict[str, list[dict]]) -> "ConfusableTable":
        parent: dict[str, str] = {}

        def find(c: str) -> str:
            root = c
            while parent.get(root, root) != root:
                root = parent[root]
            while parent.get(c, c) != root:  # path compression
                parent[c], c = root, parent[c]
            return root

        sequence: dict[str, str] = {}
        for raw_key, items in pairs.items():
            key = _clean(raw_key)
            for item in items:
                other = _clean(item["c"])
                if len(key) == 1 and len(other) == 1:
                    a, b = find(key), find(other)
                    if a != b:
                        lo, hi = (a, b) if a < b else (b, a)
                        parent[hi] = lo  # the smallest code point represents the class
                elif len(key) == 1 and len(other) > 1:
                    sequence[key] = other  # a single character's prototype is a sequence
        rep = {c: find(c) for c in list(parent)}
        return cls(rep, sequence)

    def char(self, c: str) -> str:
        seq = self.sequence.get(c)
        if seq is not None:
            return "".join(self.rep.get(x, x) for x in seq)
        return self.rep.get(c, c)

    @cached_property
    def translation(self) -> dict[int, str]:
        """:meth:`char` of every character it changes, as a :meth:`str.translate` table."""
        return {ord(c): got for c in {*self.rep, *self.sequence} if (got := self.char(c)) != c}


@lru_cache(maxsize=1)
def confusables() -> ConfusableTable:
    """The table from the installed ``confusable_homoglyphs`` data (read once: immutable data of an
    installed package, not run state)."""
    return ConfusableTable.from_pairs(_load_data("confusables.json"))


@lru_cache(maxsize=65536)
def _component_skeleton(text: str) -> str:
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(confusables().translation))


def skeleton(name: Name) -> Name:
    """The TR39 skeleton of each string component of ``name`` (numbers kept), as a name: equal for
    two names exactly when they are confusable component by component."""
    return Name(skeleton_components(name))


def skeleton_components(name: Name) -> tuple[str | int, ...]:
    """The components of `skeleton` (``name``'s), without making a name of them (an index key)."""
    return tuple(_component_skeleton(c) if isinstance(c, str) else c for c in name.components)


#: The script names of ``Scripts.txt`` (``LATIN``, ``GREEK``, ...), as ``\p{scx=…}`` takes them.
_SCRIPT_NAMES: tuple[str, ...] = tuple(
    n for n in _load_data("categories.json")["iso_15924_aliases"] if n not in ("COMMON", "INHERITED"))
#: The writing systems UTS #39 (section 5.1) adds to a character's scripts: Han is written in
#: Japanese, Korean and with Bopomofo; kana only in Japanese, Hangul only in Korean.
_AUGMENT = {"HAN": ("JPAN", "KORE", "HANB"), "HIRAGANA": ("JPAN",), "KATAKANA": ("JPAN",),
            "HANGUL": ("KORE",), "BOPOMOFO": ("HANB",)}
#: The script combinations "Highly Restrictive" allows beside a single script (UTS #39 section 5.2).
_HIGHLY_RESTRICTIVE = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                       frozenset({"LATIN", "HAN", "HANGUL"}))


@lru_cache(maxsize=65536)
def script_extensions(c: str) -> frozenset[str] | None:
    """The scripts character ``c`` is used with (its ``Script_Extensions``, augmented as UTS #39
    section 5.1 says), or ``None`` for a character of every script (``Common`` or ``Inherited``
    alone: digits, ``_``, subscripts, combining marks of no one script)."""
    found = {name for name in _SCRIPT_NAMES if regex.match(rf"\p{{scx={name}}}", c)}
    if not found:
        return None
    for name in list(found):
        found.update(_AUGMENT.get(name, ()))
    return frozenset(found)


def mixed_scripts(text: str) -> tuple[str, ...]:
    """The scripts of identifier ``text`` (sorted) when it is not "Highly Restrictive" in the sense
    of UTS #39 (see the module docstring), else ``()``."""
    sets = [x for x in (script_extensions(c) for c in text) if x is not None]
    if not sets:
        return ()
    resolved = frozenset.intersection(*sets)
    if resolved:
        return ()
    if any(all(x & allowed for x in sets) for allowed in _HIGHLY_RESTRICTIVE):
        return ()
    scripts = {_scripts.alias(c) for c in text} - _IGNORED_SCRIPTS
    return tuple(sorted(scripts))


_IGNORED_SCRIPTS = frozenset({"COMMON", "INHERITED", "Unknown"})
