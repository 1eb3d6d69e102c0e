"""English for counts, and text cut to fit, shared by the games' descriptions, every
command's output and the pages' charts."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def counted(n: int, noun: str) -> str:
    """``n`` and its noun, plural unless ``n`` is one: "1 event", "3 events", "0 events"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def listed(names: Sequence[str], conjunction: str = "and") -> str:
    """The names in a sentence: "A", "A and B", "A, B and C"."""
    return f" {conjunction} ".join(filter(None, (", ".join(names[:-1]), *names[-1:])))


def either(names: Sequence[str]) -> str:
    """The names as one choice among them: "A", "A or B", "A, B or C"."""
    return listed(names, "or")


def shortened(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis when it is wider; a wide character
    (CJK, full-width) takes two columns, as it takes about twice the room."""
    if columns(text) <= width:
        return text
    kept, used = [], 0
    for char in text:
        used += columns(char)
        if used > width - 1:  # the ellipsis takes the last column
            break
        kept.append(char)
    return "".join(kept).rstrip() + "\u2026"


def columns(text: str) -> int:
    """How many columns ``text`` takes: two for a wide character (CJK, full-width)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
