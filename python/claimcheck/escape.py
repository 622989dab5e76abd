"""What claimcheck writes shows every character it writes: control characters made visible.

A project's Lean names, statements, build messages and paths can hold any character: a NUL, an
escape sequence that rewrites a terminal or hides a line (``ESC[2K``), a C1 control (``U+009B`` is a
one-byte escape to many terminals), a carriage return that overwrites a line, a lone surrogate that
no encoding can write, characters XML 1.0 forbids (JUnit readers reject the file), and the
bidirectional controls that reorder what a terminal, a browser or a pull request's page shows (the
"Trojan Source" characters: ``U+202E`` makes ``real‮5 = 3 + 2`` read backwards). Every output
(the terminal's text, JSON, JUnit XML, GitHub workflow commands, Markdown, the HTML report and the
error messages) passes through :func:`visible`, which writes each such character as ``\\uXXXX``
and keeps tabs and line ends. In JSON that is the character's own escape (the data is unchanged,
the document valid); elsewhere it is shown as written, never acted on.
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE", "visible"]

#: C0 controls but tab and line feed, DEL, C1 controls, lone surrogates, the two noncharacters
#: XML 1.0 forbids, and the bidirectional controls (ALM, LRM, RLM, the embeddings and overrides
#: LRE..RLO, the isolates LRI..PDI).
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
                    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with every :data:`UNSAFE` character written as ``\\uXXXX``."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
