"""The standings table as ``tabletop tournament standings`` prints it, read back into
headings and rows: its columns are where the rule under the headings has its dashes, and a
player's row runs from the line with their rank to the line before the next rank (a long
name, or many rounds, wrap onto more lines)."""

from __future__ import annotations

import re
from dataclasses import dataclass

RULE = re.compile(r"^[─ ]*─[─ ]*$")
RULE_DASHES = re.compile(r"─+")


@dataclass(frozen=True)
class StandingsTable:
    """The headings, and each row as its columns' text by heading (a cell's lines joined
    by a space); ``blocks`` has each row's lines as printed."""

    headings: list[str]
    rows: list[dict[str, str]]
    blocks: list[list[str]]


def read_standings(text: str) -> StandingsTable:
    """The table in ``text``, which holds one standings table whose title is on one line."""
    lines = text.splitlines()
    rules = [i for i, line in enumerate(lines) if RULE.match(line)]
    assert rules, f"no rule under the headings (a table cut to fit?):\n{text}"
    rule = rules[0]
    title = max(i for i, line in enumerate(lines[:rule]) if "Standings" in line)
    spans = [match.span() for match in RULE_DASHES.finditer(lines[rule])]
    headings = _joined([_cut(line, spans) for line in lines[title + 1 : rule]], len(spans))
    blocks: list[list[str]] = []
    for line in lines[rule + 1 :]:
        rank = _cut(line, spans)[0]
        if rank.isdigit():
            blocks.append([line])
        elif rank or not blocks:  # the legend under the table
            break
        else:
            blocks[-1].append(line)
    rows = [
        dict(zip(headings, _joined([_cut(line, spans) for line in block], len(spans)), strict=True))
        for block in blocks
    ]
    return StandingsTable(headings, rows, blocks)


def _cut(line: str, spans: list[tuple[int, int]]) -> list[str]:
    """A line's text under each column's rule."""
    return [line[start:end].strip() for start, end in spans]


def _joined(lines: list[list[str]], columns: int) -> list[str]:
    """Each column's text over several lines, as one string."""
    return [" ".join(cells[n] for cells in lines if cells[n]) for n in range(columns)]
