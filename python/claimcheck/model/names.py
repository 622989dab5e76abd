"""Lean names as values: components, printed and parsed the way Lean does.

A Lean ``Name`` is a list of components, each a string or a number. Two names are equal only when
their components are: ``Col.«Y.ax»`` (components ``Col``, ``Y.ax``) and ``Col.Y.ax`` (``Col``,
``Y``, ``ax``) are two names, though their dotted texts coincide. Nothing in claimcheck keys a
table by a dotted text.

**Printing** follows Lean's ``Name.toString`` (``Init/Meta/Defs.lean``, ``escapePart``): a string
component that is a plain identifier (its first character ``isIdFirst``, the rest ``isIdRest``) is
printed as it is, every other string component is quoted ``«…»``; a number component is printed
as digits. As Lean's delaborator does (``isToken``), a first component spelt like a keyword is quoted
(``«let»``; ``Term.let`` needs no quotes: only a whole identifier can be read as a token). So a name whose text is not an
identifier can never print like one: ``«2 + 2 = 5»`` stays quoted, a component with an invisible
character, a trailing space or a letter outside Lean's identifier alphabet (``Nat.«ɡcd»`` with
U+0261) is quoted.

**Parsing** (:meth:`Name.parse`) reads what a user or a manifest writes: dot-separated components,
each a plain identifier or a ``«…»``-quoted text, a component of digits alone being a number
component (``_private.A.0.x``).
"""

from __future__ import annotations

import re
from functools import lru_cache, total_ordering
from typing import Iterable, Union

from claimcheck.errors import ClaimcheckError

__all__ = ["Name", "NameSyntaxError", "is_id_first", "is_id_rest", "is_letter_like", "is_plain_component",
           "LEAN_KEYWORDS"]

Component = Union[str, int]


class NameSyntaxError(ClaimcheckError, ValueError):
    """Text that is not a Lean name (``Name.parse``)."""


def is_letter_like(c: str) -> bool:
    """Lean's ``isLetterLike``: Greek (but λ, Π, Σ), Coptic, polytonic Greek, the letter-like block,
    mathematical alphanumerics, Latin-1 letters (but × and ÷) and Latin Extended-A."""
    v = ord(c)
    return (
        (0x3B1 <= v <= 0x3C9 and v != 0x3BB)
        or (0x391 <= v <= 0x3A9 and v not in (0x3A0, 0x3A3))
        or 0x3CA <= v <= 0x3FB
        or 0x1F00 <= v <= 0x1FFE
        or 0x2100 <= v <= 0x214F
        or 0x1D49C <= v <= 0x1D59F
        or (0xC0 <= v <= 0xFF and v not in (0xD7, 0xF7))
        or 0x100 <= v <= 0x17F
    )


def _is_subscript_alnum(c: str) -> bool:
    v = ord(c)
    return 0x2080 <= v <= 0x2089 or 0x2090 <= v <= 0x209C or 0x1D62 <= v <= 0x1D6A or v == 0x2C7C


def _ascii_alpha(c: str) -> bool:
    return "a" <= c <= "z" or "A" <= c <= "Z"


def is_id_first(c: str) -> bool:
    """Lean's ``isIdFirst`` (``Char.isAlpha`` is ASCII only)."""
    return _ascii_alpha(c) or c == "_" or is_letter_like(c)


def is_id_rest(c: str) -> bool:
    """Lean's ``isIdRest``."""
    return (_ascii_alpha(c) or "0" <= c <= "9" or c in "_'!?" or is_letter_like(c)
            or _is_subscript_alnum(c))


#: Lean 4 keywords that the parser reads as tokens: a name whose first component is spelt like one
#: is printed quoted (``«let».x``).
LEAN_KEYWORDS = frozenset({
    "at", "by", "calc", "decreasing_by", "deriving", "do", "else", "end", "example", "export", "extends",
    "for", "from", "fun", "have", "if", "import", "in", "inductive", "infix", "infixl", "infixr", "instance",
    "let", "local", "macro", "match", "mutual", "namespace", "notation", "open", "partial_fixpoint",
    "postfix", "prefix", "private", "protected", "public", "return", "section", "show", "structure",
    "suffices", "syntax", "termination_by", "then", "theorem", "try", "unless", "universe", "variable",
    "where", "with", "abbrev", "axiom", "class", "def", "lemma", "noncomputable", "opaque", "partial",
    "unsafe", "Type", "Sort", "Prop", "λ", "forall", "exists", "nomatch", "nofun", "this",
})


#: An ASCII identifier (ASCII text is one exactly when it matches: the letter-like characters are not ASCII).
_ASCII_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_'!?]*")


def is_plain_component(s: str) -> bool:
    """A string component Lean prints without quotes: an identifier."""
    if s.isascii():
        return _ASCII_IDENT.fullmatch(s) is not None
    return bool(s) and is_id_first(s[0]) and all(is_id_rest(c) for c in s[1:])


def _show(c: Component, first: bool) -> str:
    if isinstance(c, int):
        return str(c)
    if is_plain_component(c) and not (first and c in LEAN_KEYWORDS):
        return c
    # A text holding `»` cannot be quoted in Lean; it is shown quoted all the same, with the
    # closing marks doubled, so that it still cannot read as an identifier.
    return "«" + c.replace("»", "»»") + "»"


@total_ordering
class Name:
    """A hierarchical Lean name (immutable, hashable; ordered by components)."""

    __slots__ = ("components", "_hash", "_text", "_order")

    components: tuple[Component, ...]
    _hash: int
    _text: str | None
    _order: tuple | None

    def __init__(self, components: Iterable[Component] = ()) -> None:
        comps = tuple(components)
        for c in comps:
            if isinstance(c, bool) or not isinstance(c, (str, int)):
                raise TypeError(f"a Name component is a str or an int, not {type(c).__name__}: {c!r}")
        object.__setattr__(self, "components", comps)
        object.__setattr__(self, "_hash", hash(comps))
        object.__setattr__(self, "_text", None)
        object.__setattr__(self, "_order", None)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("Name is immutable")

    # ------------------------------------------------------------------ construction

    @classmethod
    def of(cls, *components: Component) -> "Name":
        """``Name.of("Nat", "gcd")``."""
        return cls(components)

    @classmethod
    def parse(cls, text: str) -> "Name":
        """Read a name as Lean source writes it: ``Nat.gcd``, ``Term.«let»``, ``Col.«Y.ax»``,
        ``STLC.no_δ``, ``_private.A.0.x`` (a component of digits is a number). Raises
        :class:`NameSyntaxError` for text that is not a name."""
        if not isinstance(text, str):
            raise NameSyntaxError(f"a name is text, not {type(text).__name__}")
        return _parse_text(text)

    @classmethod
    def _parse(cls, text: str) -> "Name":
        if not isinstance(text, str):
            raise NameSyntaxError(f"a name is text, not {type(text).__name__}")
        if text == "":
            return cls(())
        comps: list[Component] = []
        i, n = 0, len(text)
        while True:
            if i < n and text[i] == "«":
                j = text.find("»", i + 1)
                while j != -1 and j + 1 < n and text[j + 1] == "»":  # a doubled `»` is a `»` inside
                    j = text.find("»", j + 2)
                if j == -1:
                    raise NameSyntaxError(f"{text!r}: `«` at {i} is never closed by `»`")
                comps.append(text[i + 1 : j].replace("»»", "»"))
                i = j + 1
            else:
                j = i
                while j < n and text[j] != ".":
                    j += 1
                part = text[i:j]
                if part.isdigit() and part.isascii():
                    comps.append(int(part))
                elif is_plain_component(part):
                    comps.append(part)
                else:
                    why = "an empty component" if not part else f"`{part}` is not an identifier (quote it: «{part}»)"
                    raise NameSyntaxError(f"{text!r} is not a Lean name: {why}")
                i = j
            if i == n:
                break
            if text[i] != ".":
                raise NameSyntaxError(f"{text!r} is not a Lean name: expected `.` at {i}, found {text[i]!r}")
            i += 1
            if i == n:
                raise NameSyntaxError(f"{text!r} is not a Lean name: it ends with `.`")
        return cls(comps)

    # ------------------------------------------------------------------ structure

    @property
    def is_anonymous(self) -> bool:
        return not self.components

    @property
    def has_macro_scopes(self) -> bool:
        """Whether the name carries Lean's hygiene suffix (``x._@.Mod._hyg.12``)."""
        return "_@" in self.components

    def without_macro_scopes(self) -> "Name":
        """The name as its author wrote it, without Lean's hygiene suffix (``x._@.Mod._hyg.12`` is
        ``x``; an ``[inst : C]`` binder Lean named ``inst._@…`` is ``inst``)."""
        comps = self.components
        return Name(comps[: comps.index("_@")]) if "_@" in comps else self

    @property
    def last(self) -> Component | None:
        """The last component (``None`` for the anonymous name)."""
        return self.components[-1] if self.components else None

    @property
    def prefix(self) -> "Name":
        """The name without its last component."""
        return Name(self.components[:-1])

    @property
    def root(self) -> Component | None:
        return self.components[0] if self.components else None

    def __len__(self) -> int:
        return len(self.components)

    def child(self, *components: Component) -> "Name":
        """``Name.of("Nat").child("gcd")`` is ``Nat.gcd``."""
        return Name(self.components + components)

    def suffix_from(self, i: int) -> "Name":
        """The name made of the components from index ``i`` on."""
        return Name(self.components[i:])

    def prefix_to(self, i: int) -> "Name":
        """The name made of the first ``i`` components."""
        return Name(self.components[:i])

    def starts_with(self, other: "Name") -> bool:
        """Whether ``other``'s components begin this name's."""
        k = len(other.components)
        return self.components[:k] == other.components

    def ends_with(self, other: "Name") -> bool:
        k = len(other.components)
        return k == 0 or self.components[-k:] == other.components

    @property
    def is_internal(self) -> bool:
        """A compiler-generated name: a component that is a number or starts with ``_``."""
        return any(isinstance(c, int) or c.startswith("_") or c == "" for c in self.components)

    @property
    def is_private(self) -> bool:
        """A private name, ``_private.<module>.<n>.<name>``."""
        return self.root == "_private"

    def private_parts(self) -> tuple[str, "Name"] | None:
        """``(module, user-facing name)`` of a private name ``_private.A.B.0.x`` (``("A.B", x)``),
        else ``None``."""
        if not self.is_private:
            return None
        comps = self.components[1:]
        for i, c in enumerate(comps):
            if isinstance(c, int):
                module = comps[:i]
                if not module or not all(isinstance(m, str) for m in module):
                    return None
                return ".".join(str(m) for m in module), Name(comps[i + 1 :])
        return None

    @property
    def user_facing(self) -> "Name":
        """The name a user wrote: a private name without its ``_private.<module>.<n>`` prefix."""
        got = self.private_parts()
        return got[1] if got is not None else self

    # ------------------------------------------------------------------ text

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = (".".join(_show(c, i == 0) for i, c in enumerate(self.components)) if self.components
                    else "[anonymous]")
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return f"Name({str(self)!r})"

    def to_json(self) -> list[Component]:
        """The components, for JSON (``{"name": str(n), "components": n.to_json()}``)."""
        return list(self.components)

    @classmethod
    def from_json(cls, value: object) -> "Name":
        """A name from JSON: its components (a list) or its printed text."""
        if isinstance(value, list):
            return cls(value)
        if isinstance(value, str):
            return cls.parse(value)
        raise NameSyntaxError(f"not a name: {value!r}")

    # ------------------------------------------------------------------ comparison

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Name:
            return self._hash == other._hash and self.components == other.components  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: "Name") -> bool:
        if not isinstance(other, Name):
            return NotImplemented
        return self._sort_key() < other._sort_key()

    def _sort_key(self) -> tuple:
        """The order's key, made once (sorting a list of names compares each many times)."""
        key = self._order
        if key is None:
            key = _sort_key(self)
            object.__setattr__(self, "_order", key)
        return key

    def __reduce__(self):
        return (Name, (self.components,))


#: Plain ASCII dotted names (each component an identifier or digits): parsed without the general rules.
_ASCII_NAME = re.compile(r"(?:[A-Za-z_][A-Za-z0-9_'!?]*|[0-9]+)(?:\.(?:[A-Za-z_][A-Za-z0-9_'!?]*|[0-9]+))*")


@lru_cache(maxsize=1 << 16)
def _parse_text(text: str) -> Name:
    """:meth:`Name.parse` (a pure function of the text, remembered: reports repeat the same names)."""
    if _ASCII_NAME.fullmatch(text):  # the common case, decided at once
        return Name(int(c) if c.isdigit() else c for c in text.split("."))
    return Name._parse(text)


#: :meth:`Name.parse` for text already known to be a ``str`` (decoders of many names call it directly).
parse_str = _parse_text


def _sort_key(n: Name) -> tuple:
    return tuple((1, c) if isinstance(c, str) else (0, str(c).zfill(20)) for c in n.components)
