"""A late Castles of Burgundy game drawn on 80 and 120 columns loses nothing: every seat's
storage, bonus tiles and supplies, every tile of the other estates and every space of the
viewer's own are on the screen, none cut short with "…" or left out with its column."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.console import Console
from tabletop.v1 import game_service_pb2 as pb

from clients.local import LocalTable
from clients.render import describe_choice, render_view
from games.burgundy.catalogue import (
    BLACK_PRICE,
    COLOUR_SPACES,
    COLOURS,
    LARGE_BONUS,
    REGIONS,
    SMALL_BONUS,
    START_CASTLES,
    START_SPACE,
    TILES,
    Colour,
    space,
    tile_name,
)
from games.burgundy.effects import region_worth
from games.burgundy.goods import sale
from games.burgundy.state import Player
from games.burgundy.turns import track_space
from games.core.wording import counted

SEATS = 4
NAMES = ("Ada Lovelace", "Bot Number One", "Bot Number Two", "Bot Number Three")
WIDTHS = (80, 120)
LEFT_EMPTY = frozenset({22, 25, 30, 34, 8, 13, 15})
"""Spaces no seat has covered: the river's second region still open, no mine, two yellow."""


def _tiles_of(colour: Colour) -> list[int]:
    return [t.id for t in TILES if t.colour is colour and t.id not in START_CASTLES]


def _late_player(seat: int) -> Player:
    """A crowded seat: every space but ``LEFT_EMPTY`` covered by tiles with long names, full
    storage, three goods kinds, four bonus tiles, three-digit points."""
    estate: list[int | None] = [None] * 37
    for colour in COLOURS:
        spaces = [s for s in COLOUR_SPACES[colour] if s not in LEFT_EMPTY]
        for space_id, tile_id in zip(spaces, _tiles_of(colour)[seat::3], strict=False):
            estate[space_id - 1] = tile_id
    estate[START_SPACE - 1] = START_CASTLES[seat]
    storage = (_by_name("boarding house"), _by_name("knowledge 22"), _tiles_of(Colour.SHIP)[9])
    bonuses = ((Colour.CASTLE, True), (Colour.PASTURE, False), (Colour.BUILDING, seat == 0))
    return Player(
        estate=tuple(estate),
        storage=storage,
        goods=(2, 0, 3, 0, 1, 0),
        sold=(3, 2, 4, 1, 0, 5),
        silverlings=11 + seat,
        workers=7,
        points=180 + seat,
        position=seat + 2,
        height=0,
        dice=(4, 6),
        bonuses=(*bonuses, (Colour.KNOWLEDGE, seat != 0)),
    )


def _by_name(name: str) -> int:
    return next(t.id for t in TILES if tile_name(t.id) == name)


@pytest.fixture(scope="module")
def table() -> LocalTable:
    table = LocalTable("burgundy", SEATS, b"late", players=NAMES)
    players = tuple(_late_player(seat) for seat in range(SEATS))
    table.state = replace(table.state, players=players, phase=5, round=4)
    return table


def screen(response: pb.GetViewResponse, width: int) -> str:
    console = Console(record=True, width=width)
    console.print(render_view(response))
    return console.export_text()


def flat(text: str) -> str:
    """The text's words on one line: a value wrapped onto the next line reads as before."""
    return " ".join(text.split())


def section(text: str, start: str, end: str | None = None) -> str:
    after = text.split(start, 1)[1]
    return after.split(end, 1)[0] if end else after


@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_is_cut_short_or_wider_than_the_terminal(table: LocalTable, width: int) -> None:
    text = screen(table.view(0), width)
    assert "…" not in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_every_seat_shows_its_storage_bonuses_and_supplies(table: LocalTable, width: int) -> None:
    text = section(screen(table.view(0), width), "Seats", "Other estates")
    blocks = re.split(r"\n (?=seat \d )", text)[1:]
    assert len(blocks) == SEATS
    for seat, block in enumerate(blocks):
        player = table.state.players[seat]
        shown = flat(block)
        assert shown.startswith(f"seat {seat} ({NAMES[seat]})")
        stored = ", ".join(tile_name(t) for t in player.storage)
        assert f"storage 3/3: {stored}" in shown
        for colour, large in player.bonuses:
            points = (LARGE_BONUS if large else SMALL_BONUS)[SEATS]
            assert f"{colour.value} +{points}" in shown
        for value in (
            f"{player.points} points",
            f"{player.silverlings} silverlings",
            f"{player.workers} workers",
            "dice 4 6",
            f"turn-order space {track_space(player.position)}",
            "goods 1 1 3 3 3 5",
            f"sold {sum(player.sold)}",
            f"{sum(1 for t in player.estate if t is None)} empty spaces",
        ):
            assert value in shown, (seat, value)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_other_estates_show_every_tile(table: LocalTable, width: int) -> None:
    shown = flat(section(screen(table.view(0), width), "Other estates", "Your estate"))
    for seat in range(1, SEATS):
        for space_id, tile_id in enumerate(table.state.players[seat].estate, start=1):
            if tile_id is not None:
                placed = rf"(?<!\d){space_id} {re.escape(tile_name(tile_id))}(?![\w])"
                assert re.search(placed, shown), (seat, space_id)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_own_estate_shows_every_region_and_what_it_is_worth(
    table: LocalTable, width: int
) -> None:
    """Each region by the number the log names it with, its spaces covered, and what
    completing it in phase E scores: its size points + 2 (data §2.5)."""
    text = section(screen(table.view(0), width), "Your estate")
    shown = flat(text)
    estate = table.state.players[0].estate
    for region, spaces in REGIONS.items():
        covered = sum(1 for s in spaces if estate[s - 1] is not None)
        if covered == len(spaces):
            worth = "done"
        else:
            points, bonus = region_worth(region, 5)
            worth = f"worth {points} + {bonus}"
        cells = [
            re.escape(f"{s} {tile_name(t)}")
            if (t := estate[s - 1]) is not None
            else re.escape(f"{s}:{space(s).die}") + r"\*?"  # * when next to a tile
            for s in spaces
        ]
        row = re.escape(f"region {region} {covered}/{len(spaces)} {worth} ") + " ".join(cells)
        assert re.search(row, shown), row


def test_the_options_say_what_a_sale_and_a_purchase_gain_and_cost(table: LocalTable) -> None:
    """The `?` help promises every option says what it costs: a sale its silverling and
    points (by the rules' own reckoning), a purchase its price, once each."""
    response, legal = table.view(0), table.legal(0).actions
    kinds = {c.action.burgundy.WhichOneof("kind"): c for c in legal}
    chosen = kinds["sell_goods"]
    sold = sale(table.state, 0, 0, 0, chosen.action.burgundy.sell_goods.kind)
    said = describe_choice(response, chosen).plain
    assert f"sell {sold.count} goods {sold.kind} " in said
    extra = f", {counted(sold.workers_gained, 'worker')}" if sold.workers_gained else ""
    gains = f" for {counted(sold.silverlings, 'silverling')}{extra} and {sold.points} points"
    assert gains in said and "tile" not in said, said
    bought = describe_choice(response, kinds["buy_tile"]).plain
    assert f" from the black depot for {BLACK_PRICE} silverlings" in bought
    assert bought.count("black depot") == 1, bought
