"""Text that players typed (names, claims, rulings), written into a Markdown report as text.

A claim is free text of several lines (docs/api.md §6, ``BAD_TEXT``): written as it stands,
its lines could make a heading, a ``**Ruling**`` paragraph, a link or an HTML image of the
claimant's choosing in the arbiter's report. CommonMark (https://spec.commonmark.org)
reads a backslash before any ASCII punctuation as that character itself, so:

- ``inline``: one line, its markup characters escaped, and a line's opening (a list
  number, ``#``, ``>``, ``-``...) escaped too, so it cannot start a block;
- ``quoted``: lines of text as a block quote, each escaped so: every line of it stays in the
  quote, including those a lone carriage return would start on a terminal;
- ``fenced``: a code block whose fence is longer than any run of backticks in it, so a
  name holding backticks cannot close it early.
"""

from __future__ import annotations

import re

SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
"""Characters that open or close emphasis, code, links, HTML, tables or strikethrough."""
OPENING = re.compile(r"^([#>+=-]|\d+(?=[.)]))")
"""How a line that starts a heading, quote, list or setext underline begins."""


def inline(text: str) -> str:
    """``text`` (one line) as Markdown that shows it as typed, starting no block."""
    escaped = SPECIAL.sub(r"\\\1", text.strip())
    return OPENING.sub(_escape_opening, escaped)


def quoted(text: str) -> list[str]:
    """``text`` as the lines of a block quote that shows it as typed."""
    return [f"> {inline(line)}".rstrip() for line in text.splitlines()] or [">"]


def fenced(text: str, info: str = "text") -> list[str]:
    """``text`` as a fenced code block, its fence longer than any backtick run in it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{info}", text, fence]


def _escape_opening(found: re.Match[str]) -> str:
    opening = found.group(1)
    return opening + "\\" if opening[0].isdigit() else "\\" + opening
