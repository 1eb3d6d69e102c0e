"""What a board says in words under its picture: the notes a player keeps beside the table
(what the knowledge tiles in sight do, who leads the majorities, the rules' reminders).

The picture is drawn at one width and shrinks with the screen; the notes are HTML, set in the
page's own type, so they wrap to a phone's width and stay as legible as the page around them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from replay.boards.svg import BLOCKS_STYLE

NOTES_STYLE = (
    BLOCKS_STYLE
    + """
.notes{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr));gap:8px;
  margin:8px 0;font-size:14px;line-height:1.35}
.notes section{background:#fff;border:1px solid #ccc;border-radius:4px;padding:6px 10px}
.notes h3{margin:0 0 4px;font-size:14px}
.notes ul{margin:0;padding-left:18px}
.notes li{margin:2px 0}
"""
)
"""The notes' style and the board's blocks' (``svg.BLOCKS_STYLE``), which every page that
shows a board carries."""


def item(label: str, text: str) -> str:
    """One line of a note: ``label`` in bold, then ``text`` (both escaped here)."""
    lead = f"<b>{escape(label)}</b> " if label else ""
    return f"<li>{lead}{escape(text)}</li>"


def note(title: str, items: Sequence[str], css_class: str) -> str:
    """A titled note of ``items`` (from ``item``); ``css_class`` names it for tests and
    styles."""
    heading, lines = f"<h3>{escape(title)}</h3>", "".join(items)
    return f'<section class="{escape(css_class)}">{heading}<ul>{lines}</ul></section>'


def notes(sections: Sequence[str]) -> str:
    """The board's notes, or nothing when it has none."""
    return f'<div class="notes">{"".join(sections)}</div>' if sections else ""
