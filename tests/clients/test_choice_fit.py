"""The longest option lists of each game, as ``play`` shows them on an 80x24 terminal: short
enough to read without the board and the list's first options scrolling away, and still every
option with the number ``legal`` and ``act`` give it, on the screen or, where the list's groups
are folded, one letter away."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping

import pytest
from rich.console import Console
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.local.table import LocalTable
from clients.play import PROMPT_LINES, TerminalPlayer
from clients.render import choices_in_order, numbered_options
from clients.render.choice_fit import LETTERS, Fold, FoldedList, fitted
from clients.render.choice_list import Option, drawn, drawn_height, grouped_list, option_table
from clients.sdk import GameClient

WIDTH, ROWS = 80, 24
SCREEN = ROWS - PROMPT_LINES
"""The lines an 80x24 terminal shows above the prompt."""

Position = tuple[pb.GetViewResponse, list[pb.LegalAction]]


def longest_list(
    game: str, seed: int, keep: Callable[[pb.GetViewResponse], bool] = lambda _: True
) -> Position:
    """The seat's view and options where a seeded four-seat game between random bots offers
    the most options (among the positions ``keep`` accepts)."""
    table = LocalTable(game, 4, bytes([seed]) * 32)
    bots = [RandomBot(seed * 10 + seat) for seat in range(4)]
    best: Position | None = None
    while (seat := table.to_act()) is not None:
        view, legal = table.view(seat), list(table.legal(seat).actions)
        if keep(view) and (best is None or len(legal) > len(best[1])):
            best = (view, choices_in_order(view, legal))
        table.submit(seat, bots[seat].choose(view, legal))
    assert best is not None
    return best


def room_in_storage(view: pb.GetViewResponse) -> bool:
    burgundy = view.view.burgundy
    return len(burgundy.players[burgundy.active_seat].storage) < 3


def shown(options: list[Option], width: int = WIDTH, height: int = SCREEN) -> str:
    return drawn(fitted(options, width, height), width)


def assert_every_option_numbered(
    options: list[Option], screen: str, grouped: bool | None = None
) -> None:
    """Each option's number stands before its words (alone, or among the numbers of the
    variants its heading names: "1/2/3 ship"), lines joined where the list wrapped them; a
    table's rules are left out, so that a row wrapped in its cell reads as one line. Its
    words are its short form in a grouped list (one titled as such unless ``grouped`` says)."""
    if grouped is None:
        grouped = "Your legal actions (" in screen
    for option in options:
        assert is_numbered(option, screen, grouped), (option.number, option.full.plain)


def is_numbered(option: Option, screen: str, grouped: bool) -> bool:
    flat = " ".join(re.sub("[│┌┐└┘├┤┬┴┼─]", " ", screen).split())
    said = option.short if grouped and option.short is not None else option.full
    words = " ".join(said.plain.split())
    number = rf"(?<![\d/])(?:\d+/)*{option.number}(?:/\d+)* "
    return re.search(number + re.escape(words), flat) is not None


def numbers_said(ranges: str) -> list[int]:
    """``1-6, 9`` as the numbers it says."""
    said: list[int] = []
    for run in ranges.split(", "):
        first, _, last = run.partition("-")
        said.extend(range(int(first), int(last or first) + 1))
    return said


def assert_every_option_a_letter_away(options: list[Option], screen: str) -> None:
    """Each folded group's line says the numbers its letter opens: exactly the options that
    opening it shows, each with its number before its words; and the lines together say
    every option's number once."""
    folded = fitted(options, WIDTH, SCREEN)
    assert isinstance(folded, FoldedList)
    lines = re.findall(r"^(\w+)\) .*: (\d[\d, -]*)$", screen, re.MULTILINE)
    assert [key for key, _ in lines] == list(folded.folds), screen
    said = []
    for key, ranges in lines:
        opened = drawn(folded.folds[key].opened(WIDTH, SCREEN), WIDTH)
        numbers = numbers_said(ranges)
        assert all(is_listed(options[n - 1], opened) for n in numbers), (key, opened)
        elsewhere = [o.number for o in options if o.number not in numbers]
        assert not [n for n in elsewhere if is_listed(options[n - 1], opened)]
        said.extend(numbers)
    assert said == [option.number for option in options]


def is_listed(option: Option, screen: str) -> bool:
    """The option is numbered on ``screen`` in its full words or in its short form."""
    return any(is_numbered(option, screen, grouped) for grouped in (False, True))


@pytest.mark.parametrize(
    ("game", "seed", "keep"),
    [
        ("bruges", 0, lambda _: True),  # 27 options: 44 lines as a table
        ("bourgeoisie", 1, lambda _: True),  # 14 options: 22 lines as a table
    ],
    ids=["bruges", "bourgeoisie"],
)
def test_the_longest_lists_fit_the_screen_with_every_number(
    game: str, seed: int, keep: Callable[[pb.GetViewResponse], bool]
) -> None:
    view, choices = longest_list(game, seed, keep)
    options = numbered_options(view, choices)
    screen = shown(options)
    assert screen.count("\n") <= SCREEN, screen
    assert_every_option_numbered(options, screen)


@pytest.mark.parametrize(
    ("seed", "keep"),
    [
        (2, room_in_storage),  # 61 options: 77 lines as a table, 33 grouped
        (0, lambda _: True),  # 160 options, storage full: 319 lines, 42 grouped
        (3, lambda _: True),  # 118 options, two stored tiles: 56 lines grouped, 28 groups
        (1, lambda _: True),  # 148 options: 59 lines grouped, too many groups for 23 lines
    ],
    ids=["burgundy", "burgundy-full-storage", "burgundy-two-discards", "burgundy-most-groups"],
)
def test_the_longest_burgundy_lists_fit_the_screen_folded_with_every_number_a_letter_away(
    seed: int, keep: Callable[[pb.GetViewResponse], bool]
) -> None:
    view, choices = longest_list("burgundy", seed, keep)
    options = numbered_options(view, choices)
    screen = shown(options)
    assert screen.count("\n") <= SCREEN, screen
    assert_every_option_a_letter_away(options, screen)


def test_folded_groups_are_keyed_by_letters_the_prompt_does_not_take() -> None:
    """b, h and q are the prompt's board, help and leaving (``TerminalPlayer._choose``)."""
    view, choices = longest_list("burgundy", 0)
    folded = fitted(numbered_options(view, choices), WIDTH, SCREEN)
    assert isinstance(folded, FoldedList)
    assert list(folded.folds) == list(LETTERS[: len(folded.folds)])
    assert not {"b", "h", "q"} & set(LETTERS)


def test_a_list_that_fits_is_the_table_as_before() -> None:
    """Where the table fits (a taller terminal), it is what is shown: the same rows, words
    and numbers as ``legal`` prints."""
    view, choices = longest_list("bruges", 0)
    options = numbered_options(view, choices)
    table = drawn_height(option_table(options), 120)
    assert shown(options, 120, table) == shown(options, 120, 1000)
    assert "│  1 │" in shown(options, 120, table)
    assert "Your legal actions (" in shown(options, 120, table - 1)


def test_a_grouped_list_that_fits_is_shown_unfolded() -> None:
    """Folding is for a list too tall even grouped: where the grouped list fits, it is shown
    as before, and only a line less folds it."""
    view, choices = longest_list("burgundy", 2, room_in_storage)
    options = numbered_options(view, choices)
    grouped = drawn_height(grouped_list(options), WIDTH)
    assert shown(options, WIDTH, grouped) == drawn(grouped_list(options), WIDTH)
    assert isinstance(fitted(options, WIDTH, grouped - 1), FoldedList)


def test_burgundy_groups_a_full_storage_by_the_tile_it_discards() -> None:
    """A full storage triples every take; the three groups that differ only in the tile
    discarded are one, each tile numbered once per discard, in the heading's order."""
    view, choices = longest_list("burgundy", 0)
    options = numbered_options(view, choices)
    screen = " ".join(drawn(grouped_list(options), WIDTH).split())
    heading = re.search(r"discarding (\w[\w ]*?) / (\w[\w ]*?) / (\w[\w ]*?):", screen)
    assert heading is not None, screen
    first = next(o for o in options if o.heading.endswith(f"discarding {heading[1]}"))
    twin = next(
        o
        for o in options
        if o.heading.endswith(f"discarding {heading[2]}") and o.short == first.short
    )
    assert re.search(rf"(?<![\d/]){first.number}/{twin.number}/\d+ ", screen)


def test_play_shows_the_list_in_the_terminals_height() -> None:
    """The player's own screen: on an 80x24 terminal the long list is grouped and ends within
    the rows above the prompt."""
    view, choices = longest_list("bruges", 0)
    console = Console(width=WIDTH, height=ROWS, file=io.StringIO(), color_system=None)
    TerminalPlayer(GameClient.__new__(GameClient), "game", 0, console)._show_choices(view, choices)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert printed.count("\n") <= SCREEN
    assert_every_option_numbered(numbered_options(view, choices), printed)


def test_a_letter_shows_its_group_and_a_number_from_it_is_the_choice() -> None:
    """At the prompt of a folded list, a group's letter prints the group's options with their
    numbers in the whole list; b still shows the board and the list, ? says how folding
    works, a letter no group has is refused, and the number typed next is the choice."""
    view, choices = longest_list("burgundy", 0)
    options = numbered_options(view, choices)
    console = Console(width=WIDTH, height=ROWS, file=io.StringIO(), color_system=None)
    answers: list[str] = []
    player = TerminalPlayer(
        GameClient.__new__(GameClient), "game", 0, console, ask=lambda _: answers.pop(0)
    )
    folds = player._show_choices(view, choices)
    picked = folds["d"].numbers[-1]
    answers.extend(["c", "b", "?", "Z", "D", str(picked)])
    printed = console.file = io.StringIO()
    boards: list[int] = []

    def show_again() -> Mapping[str, Fold]:
        boards.append(1)
        return folds

    assert player._choose(len(choices), show_again, folds) == picked
    opened_c, helped = printed.getvalue().split("The list is too long", 1)
    in_c = [options[n - 1] for n in folds["c"].numbers]
    assert_every_option_numbered(in_c, opened_c, grouped=True)
    assert not is_numbered(options[picked - 1], opened_c, grouped=True)
    assert boards == [1]
    _, opened_d = helped.split("or a group's letter, b for the board, or q", 1)
    assert is_listed(options[picked - 1], opened_d)


def test_the_prompt_of_a_folded_list_says_a_letter_opens_a_group() -> None:
    """Where the list is folded the prompt says that a letter opens a group, in a line short
    enough for 80 columns and the answer; once b shows the list unfolded (the terminal was
    made taller), it names the numbers and q only, as before."""
    view, choices = longest_list("burgundy", 0)
    console = Console(width=WIDTH, height=ROWS, file=io.StringIO(), color_system=None)
    prompts: list[str] = []
    answers = ["b", "1"]

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return answers.pop(0)

    player = TerminalPlayer(GameClient.__new__(GameClient), "game", 0, console, ask=ask)
    folds = player._show_choices(view, choices)
    assert player._choose(len(choices), dict, folds) == 1
    numbers = f"1-{len(choices)}"
    assert prompts == [
        f"Your choice [{numbers}, a letter opens a group, b board, ? help, q to leave]: ",
        f"Your choice [{numbers}, b board, ? help, q to leave]: ",
    ]
    assert len(prompts[0]) + len("9999") < WIDTH


@pytest.mark.parametrize(
    ("game", "seed", "rows", "kinds"),
    [
        ("burgundy", 0, ROWS, {True, False}),  # storage full: 9 to 24 options a group
        ("bruges", 0, 13, {True}),  # a short terminal: a card's plays a group
    ],
    ids=["burgundy", "bruges"],
)
def test_an_opened_group_says_its_options_in_full_where_they_fit_the_screen(
    game: str, seed: int, rows: int, kinds: set[bool]
) -> None:
    """A group's letter gives the whole screen to its options: each in the full words the
    table says it in (the tile's effect, the card's play) where their table, titled with the
    group's heading, fits the screen; in short under their headings only where it does not,
    still within the screen."""
    view, choices = longest_list(game, seed)
    options = numbered_options(view, choices)
    screen = rows - PROMPT_LINES
    folded = fitted(options, WIDTH, screen)
    assert isinstance(folded, FoldedList)
    in_full = {}
    for key, fold in folded.folds.items():
        own = [options[n - 1] for n in fold.numbers]
        opened = drawn(fold.opened(WIDTH, screen), WIDTH)
        in_full[key] = drawn_height(option_table(own, fold.heading()), WIDTH) <= screen
        assert opened.count("\n") <= screen, opened
        assert_every_option_numbered(own, opened, grouped=not in_full[key])
    assert set(in_full.values()) == kinds, in_full
