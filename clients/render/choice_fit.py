"""Which layout of a seat's options the terminal gets: the table, the grouped list, or the
groups folded to one line each.

The table and the grouped list (``choice_list``) are shown wherever one fits the height the
terminal leaves above the prompt. A Burgundy turn with two dice, several depots and a full
storage is too long even grouped (over a hundred options, 33 to 59 lines at 80 columns), so
there each group is folded to one line: a key letter, its heading and the numbers of its
options ("a) take from depot 1, first die (5): 1-6"). The player types the letter to see the
group's options, which then have the screen to themselves: in the table's full words where
they fit it (a knowledge tile's effect, which the short forms leave out), else in short under
their headings. Any option's number is taken at any time. Folding changes only what is on the
screen: every option keeps the number ``legal`` and ``act`` give it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.text import Text

from clients.render.choice_list import (
    NUMBER_STYLE,
    TITLE,
    Option,
    OptionGroup,
    drawn_height,
    grouped_list,
    option_groups,
    option_table,
)

LETTERS = "acdefgijklmnoprstuvwxyz"
"""The keys of folded groups: every letter but b, h and q, which the prompt reads as the board,
help and leaving (``clients.play``)."""
FOLD_HELP = "A letter shows its group's options; a number chooses; b shows the board again."


def fitted(options: Sequence[Option], width: int, height: int) -> RenderableType:
    """The first of the table, the grouped list and the groups folded that is at most
    ``height`` lines at ``width`` columns; where none is, the shortest (the earlier of two
    as tall: folding only where it saves a line)."""
    return _first_fitting(
        [
            lambda: option_table(options),
            lambda: grouped_list(options),
            lambda: FoldedList(options, height),
        ],
        width,
        height,
    )


def _first_fitting(
    layouts: Sequence[Callable[[], RenderableType]], width: int, height: int
) -> RenderableType:
    """The first of ``layouts`` that is at most ``height`` lines at ``width`` columns (the
    later ones are not drawn); where none is, the shortest, the earlier of two as tall."""
    measured: list[tuple[int, RenderableType]] = []
    for layout in layouts:
        shown = layout()
        if (tall := drawn_height(shown, width)) <= height:
            return shown
        measured.append((tall, shown))
    return min(measured, key=lambda tall_shown: tall_shown[0])[1]


Run = tuple[OptionGroup, ...]
"""Consecutive groups whose headings differ only in their last words, which name a variant
("…, discarding castle" and "…, discarding knowledge 22": the tile a full storage gives up);
most runs are one group."""


@dataclass(frozen=True)
class Fold:
    """Options shown as one line under a key: a run of groups, or, where the list has more
    runs than lines, consecutive runs whose headings begin with the same two words (the
    purchases from each depot)."""

    key: str
    runs: tuple[Run, ...]
    options: tuple[Option, ...]
    """The fold's options, in order, each with its full words."""

    @property
    def groups(self) -> list[OptionGroup]:
        """The fold's groups, in the list's order."""
        return [group for run in self.runs for group in run]

    @property
    def numbers(self) -> list[int]:
        """The numbers of the fold's options, in order."""
        return [option.number for option in self.options]

    def heading(self, shortened: bool = False) -> str:
        """What the fold's options share: its run's heading (``shortened``: its variants only
        as "…"), or what the headings of its runs share ("buy from …, discarding …")."""
        if len(self.runs) == 1:
            return _run_heading(self.runs[0], shortened)
        return _shared([_run_heading(run, shortened=True) for run in self.runs])

    def line(self, shortened: bool = False) -> Text:
        """``a) heading: 1-6, 9``: the fold's key, heading (``shortened`` or not) and the
        numbers of its options."""
        numbers = number_ranges(self.numbers)
        heading = (self.heading(shortened), "bold")
        return Text.assemble((f"{self.key})", NUMBER_STYLE), " ", heading, ": ", numbers)

    def opened(self, width: int, height: int) -> RenderableType:
        """The fold's options on a screen of their own, ``height`` lines of ``width`` columns:
        in the table's full words (a tile's or card's effect, which the short forms leave
        out), titled with the fold's heading, where that fits; else as the grouped list shows
        them, in short under their headings."""
        return _first_fitting(
            [
                lambda: option_table(self.options, title=self.heading()),
                lambda: Group(*(group.lines() for group in self.groups)),
            ],
            width,
            height,
        )


class FoldedList:
    """The options' groups folded, a line each, between the list's title and a line saying
    how to open a group or choose: the runs of groups, and while they are more than
    ``height`` leaves lines for, each series of consecutive runs whose headings begin with
    the same two words folded together, one kind of heading at a time (all the placements,
    of either die), the kind with the fewest options first: the quickest to read opened."""

    def __init__(self, options: Sequence[Option], height: int) -> None:
        self.count = len(options)
        folds = [[run] for run in _runs(option_groups(options))]
        while len(folds) + 2 > height and (series := _fewest_options_alike(folds)):
            for start, end in reversed(series):
                folds[start:end] = [[run for fold in folds[start:end] for run in fold]]
        numbered = {option.number: option for option in options}
        self.folds = {
            key: _fold(key, runs, numbered) for key, runs in zip(keys(), folds, strict=False)
        }

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        groups = f"{len(self.folds)} group{'s' if len(self.folds) != 1 else ''}"
        yield Text(f"{TITLE} ({self.count}), in {groups}:", style="bold")
        lines = [fold.line() for fold in self.folds.values()]
        if any(cell_len(line.plain) > options.max_width for line in lines):
            # Every group's variants cut short, not only the longest's: the lines then read
            # alike down the screen, and the opened group names them.
            lines = [fold.line(shortened=True) for fold in self.folds.values()]
        yield from lines
        yield Text(FOLD_HELP, style="dim")


def _fold(key: str, runs: Sequence[Run], numbered: Mapping[int, Option]) -> Fold:
    """The fold of ``runs`` under ``key``, with its options (of ``numbered``) in order."""
    numbers = sorted(number for run in runs for group in run for number in group.numbers())
    return Fold(key, tuple(runs), tuple(numbered[number] for number in numbers))


def keys() -> Iterator[str]:
    """The letters, then pairs of them: a list with more groups than letters still gives
    each a key."""
    return chain(LETTERS, (first + second for first in LETTERS for second in LETTERS))


def number_ranges(numbers: Sequence[int]) -> str:
    """``1-6, 9, 12-13``: ascending ``numbers`` said as runs of consecutive numbers."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def _runs(groups: Sequence[OptionGroup]) -> list[Run]:
    """``groups`` in order, consecutive ones together where their headings share a stem and
    name variants beginning with the same word."""
    runs: list[list[OptionGroup]] = []
    for group in groups:
        if runs and _foldable(runs[-1], group):
            runs[-1].append(group)
        else:
            runs.append([group])
    return [tuple(run) for run in runs]


def _foldable(run: Sequence[OptionGroup], group: OptionGroup) -> bool:
    stem, variants = _stem(run)
    more_stem, more = _parts(group)
    return bool(stem and variants and more) and stem == more_stem and _lead(variants) == _lead(more)


def _run_heading(run: Run, shortened: bool) -> str:
    """A run's stem naming each of its variants (``shortened``: several only as "…"). Options
    on their own are said in full when there is one, else counted."""
    stem, variants = _stem(run)
    if not stem:
        rows = [words for group in run for _, words in group.rows]
        return rows[0].plain if len(rows) == 1 else f"{len(rows)} other options"
    if shortened and len(variants) > 1:
        return f"{stem}, {_lead(variants)} …"
    return OptionGroup(stem, [], variants).said() if variants else stem


def _stem(run: Sequence[OptionGroup]) -> tuple[str, list[str]]:
    """The heading a run of groups shares before its variants, and each group's variants."""
    return _parts(run[0])[0], [variant for group in run for variant in _parts(group)[1]]


def _parts(group: OptionGroup) -> tuple[str, list[str]]:
    """A group's heading before its variants, and its variants: those it sets side by side,
    else the words after its heading's last comma; none for options on their own or a
    heading without a comma."""
    if group.variants or not group.heading:
        return group.heading, list(group.variants)
    stem, _, variant = group.heading.rpartition(", ")
    return (stem, [variant]) if stem else (group.heading, [])


def _lead(variants: Sequence[str]) -> str:
    return variants[0].split(" ")[0]


def _fewest_options_alike(folds: Sequence[Sequence[Run]]) -> list[tuple[int, int]]:
    """Where each series of two or more consecutive folds whose headings begin with the same
    two words starts and ends, for the two words whose series hold the fewest options; none
    where no two consecutive folds begin alike."""
    series: dict[str, list[tuple[int, int]]] = {}
    start = 0
    for end in range(1, len(folds) + 1):
        if end < len(folds) and _opening(folds[end]) == _opening(folds[start]) != "":
            continue
        if end - start > 1:
            series.setdefault(_opening(folds[start]), []).append((start, end))
        start = end
    if not series:
        return []
    return min(series.values(), key=lambda found: _options(folds, found))


def _opening(fold: Sequence[Run]) -> str:
    """The first two words of a fold's heading; "" for a heading of fewer words."""
    words = _stem(fold[0])[0].split(" ")[:2]
    return " ".join(words) if len(words) == 2 else ""


def _options(folds: Sequence[Sequence[Run]], series: list[tuple[int, int]]) -> int:
    runs = [run for start, end in series for fold in folds[start:end] for run in fold]
    return sum(len(group.numbers()) for run in runs for group in run)


def _shared(headings: Sequence[str]) -> str:
    """What ``headings`` share: the words their first parts begin with, then "…", then the
    later parts (after a comma) every one of them has ("take from depot …, first die (5)")."""
    parts = [heading.split(", ") for heading in headings]
    lead: list[str] = []
    for words in zip(*(p[0].split(" ") for p in parts), strict=False):
        if len(set(words)) > 1:
            break
        lead.append(words[0])
    later = [part for part in parts[0][1:] if all(part in p[1:] for p in parts[1:])]
    return ", ".join([" ".join([*lead, "…"]), *later])
