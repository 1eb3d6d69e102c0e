"""What a player at a Castles of Burgundy table sees or counts is on the terminal board too:
the rules played, how many rounds the phase has, the colour bonus tiles left, the face-down
piles, what each knowledge tile in sight does, whose dice are spent, the track's order for
the next round, what each seat has sold, and the final scores on the seats' lines."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.console import Console
from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import render_view
from clients.render.burgundy import annotate_burgundy
from games.burgundy.catalogue import (
    KNOWLEDGE_TEXT,
    TILES,
    Building,
    Colour,
    phase_letter,
    space,
    tile_name,
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


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_the_header_names_the_rules_played_and_the_rounds_of_a_phase(
    table: LocalTable, ruleset: str
) -> None:
    """The rulesets differ in the black depot, the City Hall and the tie-break
    (docs/rules/burgundy.md items 1-3); a phase has five rounds (seed)."""
    played = changed(table, ruleset=ruleset)
    view = played.view(acting(played)).view.burgundy
    first = flat(screen(played.view(acting(played)))).split(" · version")[0]
    assert first.startswith(f"Castles of Burgundy ({ruleset} rules) · ")
    assert f"phase {phase_letter(view.phase)}, round {view.round} of 5 · " in first


def test_a_seat_that_has_had_its_turn_shows_its_dice_played(table: LocalTable) -> None:
    view = table.view(acting(table)).view.burgundy
    order = list(view.order)
    before = order[: order.index(view.active_seat)]
    after = order[order.index(view.active_seat) + 1 :]
    assert before and after, "one seat has played this round, one has not"
    text = screen(table.view(acting(table)))
    for seat in before:
        dice = " ".join(str(n) for n in view.players[seat].dice)
        assert f"dice {dice} (played)" in seat_line(text, seat)
    for seat in after:
        assert "(played)" not in seat_line(text, seat)


def test_the_track_order_for_the_next_round_shows_once_a_ship_changes_it(
    table: LocalTable,
) -> None:
    """A ship's move counts from the next round (docs/rules/burgundy.md item 10): the round
    keeps its order, and the track's new order is shown beside it."""
    view = table.view(acting(table)).view.burgundy
    last = view.order[-1]
    ahead = max(p.position for p in table.state.players) + 1
    players = tuple(
        replace(p, position=ahead, height=0) if seat == last else p
        for seat, p in enumerate(table.state.players)
    )
    moved = changed(table, players=players)
    text = flat(screen(moved.view(acting(moved))))
    rest = [s for s in view.order if s != last]
    this_round = " → ".join(str(s) for s in view.order)
    next_round = " → ".join(str(s) for s in [last, *rest])
    assert f"Turn order {this_round} · from the next round {next_round} · " in text
    assert "from the next round" not in screen(table.view(acting(table)))


def test_each_seat_shows_the_kinds_it_has_sold(table: LocalTable) -> None:
    """Knowledge 15 counts the kinds sold, 25 the tiles (data §3.4)."""
    players = tuple(
        replace(p, sold=(2, 0, 1, 0, 0, 3)) if seat == 2 else p
        for seat, p in enumerate(table.state.players)
    )
    text = screen(changed(table, players=players).view(acting(table)))
    assert "sold 6 (kinds 1 3 6)" in seat_line(text, 2)


def test_a_finished_game_shows_each_seats_final_score_on_its_line(table: LocalTable) -> None:
    """The final scoring adds goods, silverlings, workers and knowledge tiles to the track
    (seed): the seat's line gives the final score, and the track's beside it."""
    response = table.view(acting(table))
    view = response.view.burgundy
    view.finished = True
    view.scores[:] = [p.points + 12 + p.seat for p in view.players]
    text = screen(response)
    for player in view.players:
        final = view.scores[player.seat]
        said = f"{final} points (final; {player.points} before the final scoring)"
        assert said in seat_line(text, player.seat)


def test_a_seat_on_one_point_reads_one_point(table: LocalTable) -> None:
    players = tuple(replace(p, points=1) for p in table.state.players)
    assert "1 point " in seat_line(screen(changed(table, players=players).view(acting(table))), 0)


def _first(**face: object) -> int:
    return next(t.id for t in TILES if all(getattr(t, k) == v for k, v in face.items()))


@pytest.mark.parametrize(
    ("face", "said"),
    [
        ({"colour": Colour.CASTLE}, "then an extra action with a die of any number"),
        ({"colour": Colour.SHIP}, "then the goods of one depot"),
        ({"colour": Colour.MINE}, "pays 1 silverling at the end of every phase"),
        ({"building": Building.CARPENTER}, "then a building from a numbered depot"),
        (
            {"building": Building.CITY_HALL},
            "then a second tile from storage, on a space of any number",
        ),
        ({"knowledge": 8}, KNOWLEDGE_TEXT[8]),
    ],
)
def test_a_placement_says_what_the_tile_goes_on_to_do(
    table: LocalTable, face: dict[str, object], said: str
) -> None:
    """A castle's extra action, a ship's goods, a building's choice, a mine's income and a
    knowledge tile's rule follow a placement (seed; data §4.6), beyond what it scores at
    once."""
    tile_id = _first(**face)
    target = next(s for s in range(1, 38) if space(s).colour is TILES[tile_id].colour)
    place = bgpb.BurgundyPlaceTile(die=0, tile=tile_id, space=target)
    action = pb.Action(burgundy=bgpb.BurgundyAction(place_tile=place))
    note = annotate_burgundy(table.view(acting(table)), action).plain
    where = space(target)
    assert note == f" — {where.colour.value} space, die {where.die}; {said}", tile_name(tile_id)


def test_a_placement_that_pays_at_once_adds_nothing_to_what_it_scores(
    table: LocalTable,
) -> None:
    """The Watchtower's points and animals' points are in the option's own description."""
    for tile_id in (_first(building=Building.WATCHTOWER), _first(colour=Colour.PASTURE)):
        target = next(s for s in range(1, 38) if space(s).colour is TILES[tile_id].colour)
        place = bgpb.BurgundyPlaceTile(die=0, tile=tile_id, space=target)
        action = pb.Action(burgundy=bgpb.BurgundyAction(place_tile=place))
        note = annotate_burgundy(table.view(acting(table)), action).plain
        assert note == f" — {space(target).colour.value} space, die {space(target).die}"


def test_a_take_adds_a_knowledge_tile_s_rule_but_not_the_depot_its_option_names(
    table: LocalTable,
) -> None:
    """A take's option names its depot ("take the ship from depot 3 with ..."), which the
    board's note said again (" — depot 3"); the note says only what a knowledge tile does."""
    response = table.view(acting(table))
    taken = {t.id: d.number for d in response.view.burgundy.depots for t in d.tiles}
    wise = next(t for t in range(len(TILES)) if TILES[t].knowledge and t not in taken)
    plain = next(t for t in taken if not TILES[t].knowledge)
    depot = changed(table, depots=((wise,), (), (), (), (), ()))
    for tile_id, view, said in (
        (plain, response, ""),
        (wise, depot.view(acting(depot)), f" — {KNOWLEDGE_TEXT[TILES[wise].knowledge]}"),
    ):
        take = bgpb.BurgundyTakeTile(die=0, tile=tile_id)
        action = pb.Action(burgundy=bgpb.BurgundyAction(take_tile=take))
        assert annotate_burgundy(view, action).plain == said, tile_name(tile_id)
