"""Items laid out like words in a paragraph: as many to a line as the width allows, a line
broken only between two items, so a value is never split from its label nor cut short.

A board uses it where a table would have to drop or squeeze columns on a narrow terminal:
"182 points · 1 silverling · storage 2/3: ship, ship" reads the same on 80 columns as on
200, only on more lines.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text


class Flow:
    """``items`` joined by ``separator`` and packed into lines of the width given; the lines
    after the first are indented by ``indent``. An item wider than a whole line wraps at its
    own spaces (only an item longer than the terminal is wide is ever split)."""

    def __init__(self, items: Sequence[Text], separator: str = " · ", indent: int = 0) -> None:
        self.items = tuple(items)
        self.separator = separator
        self.indent = indent

    def lines(self, width: int) -> list[Text]:
        """The items packed into lines no wider than ``width`` where each item fits."""
        lines: list[Text] = []
        line, fresh = Text(), True
        for item in self.items:
            joined = cell_len(line.plain) + cell_len(self.separator) + cell_len(item.plain)
            if not fresh and joined > width:
                lines.append(line)
                line, fresh = Text(" " * self.indent), True
            if not fresh:
                line.append(self.separator)
            line.append_text(item)
            fresh = False
        return [*lines, line]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(item.plain) for item in self.items), default=0)
        whole = cell_len(self.separator.join(item.plain for item in self.items))
        return Measurement(widest + self.indent, max(whole, widest + self.indent)).clamp(
            max_width=options.max_width
        )
