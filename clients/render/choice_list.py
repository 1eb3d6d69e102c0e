"""A seat's numbered options laid out to fit the terminal it is choosing on.

The list is a table, one option to a row in the game's full words, wherever that fits the
height the terminal leaves above the prompt. Where it does not (a Burgundy turn with two dice,
four depots and a full storage offers over a hundred options, a Bruges hand thirty), the board
and the list's first options would scroll away before the player has read them, so the options
are grouped under a heading that says once what they share (the die a take uses, the card a
play spends) and each is packed, number and short form, as many to a line as the width allows.
Where even that is too tall, ``choice_fit`` folds each group to one line.

Every option keeps its number whatever the layout: the numbers are those of ``legal`` and
``act``, in the same order, and only where an option stands on the screen changes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from clients.render.flow import Flow

TITLE = "Your legal actions"
NUMBER_STYLE = "bold cyan"


@dataclass(frozen=True)
class Option:
    """One numbered option, in full and in its short form under its group's heading."""

    number: int
    full: Text
    """The option as the table words it (``describe_choice``)."""
    heading: str = ""
    """What the option shares with the others of its group; "" for an option on its own."""
    short: Text | None = None
    """The option's own words under ``heading``; None for an option on its own."""


def option_table(options: Sequence[Option], title: str = TITLE) -> Table:
    """One option to a row, the number beside the full words, under ``title``."""
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column("#", justify="right", style=NUMBER_STYLE)
    table.add_column("action")
    for option in options:
        table.add_row(str(option.number), option.full)
    return table


@dataclass
class OptionGroup:
    """Options under one heading: each row their numbers and their shared short words (one
    number, or one for each variant the heading names side by side). A run of options on
    their own is a group with no heading, each row in its option's full words."""

    heading: str
    rows: list[tuple[list[int], Text]]
    variants: list[str]

    def numbers(self) -> list[int]:
        """The numbers of the group's options, in order."""
        return sorted(number for numbers, _ in self.rows for number in numbers)

    def said(self) -> str:
        """The heading with the variants it names side by side ("…, discarding castle /
        mine"); "" for options on their own."""
        return f"{self.heading}, {_variants(self.variants)}" if self.variants else self.heading

    def lines(self) -> Flow:
        """The heading starting its line and the options following it, as many to a line as
        fit, the lines after the first indented."""
        items = [_numbered(numbers, words) for numbers, words in self.rows]
        if self.heading:
            items.insert(0, Text(f"{self.said()}:", style="bold"))
        return Flow(items, separator="   ", indent=4)


def grouped_list(options: Sequence[Option]) -> Group:
    """The options under their headings, in the order each heading first comes; a heading
    starts its line and its options follow it, packed as many to a line as fit. Options on
    their own keep their full words and are packed together where they come."""
    lines: list[RenderableType] = [Text(f"{TITLE} ({len(options)}):", style="bold")]
    lines.extend(group.lines() for group in option_groups(options))
    return Group(*lines)


def option_groups(options: Sequence[Option]) -> list[OptionGroup]:
    """The groups ``grouped_list`` shows, in its order."""
    return _side_by_side(_groups(options))


def drawn_height(renderable: RenderableType, width: int) -> int:
    """The lines ``renderable`` takes on a terminal ``width`` columns wide."""
    return drawn(renderable, width).count("\n")


def drawn(renderable: RenderableType, width: int) -> str:
    """``renderable`` as a terminal ``width`` columns wide shows it, in plain characters."""
    text = io.StringIO()
    Console(width=width, file=text, color_system=None).print(renderable)
    return text.getvalue()


def _groups(options: Sequence[Option]) -> list[OptionGroup]:
    """Options by heading, each group where its first option is; options on their own stay
    where they are, a run of them together, in their full words."""
    groups: list[OptionGroup] = []
    where: dict[str, OptionGroup] = {}
    for option in options:
        if option.heading and option.short is not None:
            if option.heading not in where:
                where[option.heading] = OptionGroup(option.heading, [], [])
                groups.append(where[option.heading])
            where[option.heading].rows.append(([option.number], option.short))
        elif groups and not groups[-1].heading:
            groups[-1].rows.append(([option.number], option.full))
        else:
            groups.append(OptionGroup("", [([option.number], option.full)], []))
    return groups


def _side_by_side(groups: list[OptionGroup]) -> list[OptionGroup]:
    """Groups that offer the same options and whose headings differ only after their last
    comma, in words beginning alike ("…, discarding a castle" and "…, discarding a mine"), as
    one group: its heading names each variant, and each of its options is numbered once for
    each variant, in the heading's order ("1/2/3 ship")."""
    kept: list[OptionGroup] = []
    for group in groups:
        stem, _, variant = group.heading.rpartition(", ")
        words = [w.plain for _, w in group.rows]
        twin = next((k for k in kept if _twins(k, stem, variant, words)), None)
        if twin is None:
            kept.append(OptionGroup(group.heading, group.rows, []))
            continue
        if not twin.variants:
            twin.heading, _, first = twin.heading.rpartition(", ")
            twin.variants.append(first)
        twin.variants.append(variant)
        for (numbers, _), (more, _) in zip(twin.rows, group.rows, strict=True):
            numbers.extend(more)
    return kept


def _twins(group: OptionGroup, stem: str, variant: str, words: list[str]) -> bool:
    if not stem or [w.plain for _, w in group.rows] != words:
        return False
    head = group.heading if group.variants else group.heading.rpartition(", ")[0]
    first = group.variants[0] if group.variants else group.heading.rpartition(", ")[2]
    return head == stem and first.split(" ")[0] == variant.split(" ")[0]


def _variants(variants: list[str]) -> str:
    """``discarding castle / mine / ship``: the variants' shared first word said once."""
    lead = variants[0].split(" ")[0] + " "
    return lead + " / ".join(v.removeprefix(lead) for v in variants)


def _numbered(numbers: list[int], words: Text) -> Text:
    return Text.assemble(("/".join(map(str, numbers)), NUMBER_STYLE), " ", words)
