"""What a player at a Castles of Burgundy table sees or counts is on the terminal board too:
the colour bonus tiles left, the face-down piles and what each knowledge tile in sight does."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.console import Console
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import render_view
from games.burgundy.catalogue import (
    KNOWLEDGE_TEXT,
    phase_letter,
)

SEATS = 3
DECISIONS = 41
"""Decisions played before the view is taken: phase B, seat 0 has had its turn, seat 1 acts."""


@pytest.fixture(scope="module")
def table() -> LocalTable:
    """A three-seat game played by heuristic bots for ``DECISIONS`` decisions."""
    table = LocalTable("burgundy", SEATS, b"render")
    bots = [HeuristicBot(seat) for seat in range(SEATS)]
    for _ in range(DECISIONS):
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    return table


def changed(table: LocalTable, **fields: object) -> LocalTable:
    """A copy of ``table`` whose state has ``fields`` replaced."""
    copy = LocalTable("burgundy", SEATS, b"render")
    copy.state, copy.version = replace(table.state, **fields), table.version
    return copy


def screen(response: pb.GetViewResponse, width: int = 80) -> str:
    console = Console(record=True, width=width)
    console.print(render_view(response))
    return console.export_text()


def flat(text: str) -> str:
    """The text's words on one line: a value wrapped onto the next line reads as before."""
    return " ".join(text.split())


def entries(flowed: str) -> list[str]:
    """The items of a line of items, wrapped or not (a wrap replaces a separator)."""
    return [item.strip() for item in re.split(r" · |\n", flowed) if item.strip()]


def seat_line(text: str, seat: int) -> str:
    """``seat``'s block in the seats section, its words on one line."""
    seats = text.split("\nSeats\n", 1)[1].split("Other estates", 1)[0]
    block = next(
        b for b in re.split(r"\n (?=seat \d)", "\n" + seats) if b.startswith(f"seat {seat}")
    )
    return flat(block)


def acting(table: LocalTable) -> int:
    seat = table.to_act()
    assert seat is not None
    return seat


def test_the_colour_bonus_tiles_left_are_shown_with_their_points(table: LocalTable) -> None:
    """With three seats the large tile is worth 6 and the small 3 (data §2.4); the first
    seat to cover a colour takes the large, the second the small."""
    taken = (0, 1, 2, 0, 0, 1)  # castle, pasture, ship, mine, building, knowledge
    text = screen(changed(table, bonus_taken=taken).view(acting(table)))
    line = text.split("Colour bonus tiles left (points): ", 1)[1].split("\nFace-down", 1)[0]
    assert entries(line) == [
        "castle 6 and 3",
        "pasture 3",
        "ship none",
        "mine 6 and 3",
        "building 6 and 3",
        "knowledge 3",
    ]


def test_the_face_down_piles_show_their_sizes_and_the_goods_stacks_their_phases(
    table: LocalTable,
) -> None:
    """The seven piles by their sizes alone, and the phases whose goods still lie face down
    (docs/rules/burgundy.md item 23)."""
    state = table.state
    text = screen(table.view(acting(table)))
    line = text.split("Face-down piles: ", 1)[1].split("\nSeats", 1)[0]
    names = ("castle", "pasture", "ship", "mine", "building", "knowledge", "black")
    sizes = [f"{name} {len(pile)}" for name, pile in zip(names, state.piles, strict=True)]
    later = [phase_letter(p) for p, stack in enumerate(state.goods_stacks, start=1) if stack]
    assert later == ["C", "D", "E"]
    assert entries(line) == [*sizes, "goods stacks for phase C, D, E"]


def test_the_piles_say_nothing_of_their_order_or_faces(table: LocalTable) -> None:
    """Reordering a pile changes nothing on the screen (docs/rules/burgundy.md item 23)."""
    piles = tuple(tuple(reversed(pile)) for pile in table.state.piles)
    seat = acting(table)
    assert screen(changed(table, piles=piles).view(seat)) == screen(table.view(seat))


def test_every_knowledge_tile_in_sight_says_what_it_does(table: LocalTable) -> None:
    """The key lists the knowledge tiles face up in the depots, the black depot, storage and
    the estates, each once with its text (data §3.4), and no other."""
    view = table.view(acting(table)).view.burgundy
    tiles = [t for d in view.depots for t in d.tiles] + list(view.black_depot)
    for player in view.players:
        tiles += list(player.storage) + [placed.tile for placed in player.estate]
    numbers = {t.knowledge for t in tiles if t.knowledge}
    assert any(t.knowledge for p in view.players for t in p.storage) or any(
        p.tile.knowledge for q in view.players for p in q.estate
    ), "a knowledge tile has left the depots"
    text = screen(table.view(acting(table)))
    key = re.split(r"Knowledge tiles in sight *\n", text)[1]
    listed = re.findall(r"^knowledge (\d+) +(.+?) *$", key, re.MULTILINE)
    assert [(int(n), said) for n, said in listed] == [
        (n, KNOWLEDGE_TEXT[n]) for n in sorted(numbers)
    ]
