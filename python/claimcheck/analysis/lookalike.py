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
* :func:`mixed_script_words`: the words (maximal runs of letters and marks) whose letters come from
  more than one script (``Common`` and ``Inherited`` aside): ``lօg`` mixes Latin and Armenian.
  Scripts from the Unicode ``Scripts.txt`` data the same package ships (``categories.json``).

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

__all__ = ["ConfusableTable", "confusables", "invisible_characters", "mixed_script_words", "skeleton",
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


_IGNORED_SCRIPTS = frozenset({"COMMON", "INHERITED", "Unknown"})


def mixed_script_words(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The words of ``text`` (runs of letters and marks) whose letters come from two scripts or
    more, each with its scripts (sorted)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    word: list[str] = []
    for c in text + "\0":
        if unicodedata.category(c)[0] in "LM":
            word.append(c)
            continue
        if word:
            scripts = {_scripts.alias(x) for x in word} - _IGNORED_SCRIPTS
            if len(scripts) > 1:
                out.append(("".join(word), tuple(sorted(scripts))))
            word = []
    return out
