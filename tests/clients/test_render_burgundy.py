"""The Castles of Burgundy terminal view shows the values of a real seat view of a game in
progress: the round, the depots, every seat's supplies, the other estates, and the viewer's own
estate."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import describe_choice, render_view
from games.burgundy.catalogue import COLOUR_SPACES, NEIGHBOURS, phase_letter, space, tile_name
from games.core.wording import counted

DECISIONS = 40
"""Decisions played before the view is taken: into phase B, with tiles in every estate."""


@pytest.fixture(scope="module")
def table() -> LocalTable:
    """A three-seat game played by heuristic bots for ``DECISIONS`` decisions."""
    table = LocalTable("burgundy", 3, b"render")
    bots = [HeuristicBot(seat) for seat in range(3)]
    for _ in range(DECISIONS):
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    return table


def screen(response: pb.GetViewResponse, width: int = 120) -> str:
    console = Console(record=True, width=width)
    console.print(render_view(response))
    return console.export_text()


def player_of(view: bgpb.BurgundyView, seat: int) -> bgpb.BurgundyPlayer:
    return next(p for p in view.players if p.seat == seat)


def seat_block(text: str, seat: int) -> str:
    """``seat``'s block in the seats section, its words on one line."""
    seats = text.split("\nSeats\n", 1)[1].split("Other estates", 1)[0]
    blocks = re.split(r"\n (?=seat \d)", "\n" + seats)
    block = next((b for b in blocks if b.startswith(f"seat {seat} ")), None)
    assert block is not None, f"no block for seat {seat}"
    return " ".join(block.split())


def test_the_header_shows_phase_round_turn_and_white_die(table: LocalTable) -> None:
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    view, text = response.view.burgundy, screen(response)
    assert text.startswith("Castles of Burgundy")  # its own renderer, not the JSON fallback
    assert f"phase {phase_letter(view.phase)}, round {view.round}" in text
    assert f"seat {seat} to act" in text and f"white die {view.white_die}" in text
    assert "Turn order " + " → ".join(str(s) for s in view.order) in text


def test_every_seat_shows_points_silverlings_and_workers(table: LocalTable) -> None:
    seat = table.to_act()
    assert seat is not None
    view = table.view(seat).view.burgundy
    text = screen(table.view(seat))
    assert f"{seat} (you) ◀" in text
    for player in view.players:
        block = seat_block(text, player.seat)
        silver = counted(player.silverlings, "silverling")
        assert f" · {player.points} points · {silver} · " in block
        assert f" · {counted(player.workers, 'worker')} · " in block
        assert counted(player.empty_spaces, "empty space") in block
        stored = ", ".join(tile_name(t.id) for t in player.storage)
        assert f"storage {len(player.storage)}/3{': ' if stored else ''}{stored}" in block


def test_the_depots_show_their_tiles_and_goods(table: LocalTable) -> None:
    seat = table.to_act()
    assert seat is not None
    view = table.view(seat).view.burgundy
    lines = screen(table.view(seat)).splitlines()
    for depot in view.depots:
        row = next(line for line in lines if line.split()[:1] == [str(depot.number)])
        assert ", ".join(tile_name(t.id) for t in depot.tiles) in row
        goods = [str(kind) for kind, n in enumerate(depot.goods, start=1) for _ in range(n)]
        assert row.rstrip().endswith(" ".join(goods) or "none")
    black = next(line for line in lines if line.split()[:1] == ["black"])
    assert ", ".join(tile_name(t.id) for t in view.black_depot) in black


def test_the_viewer_sees_its_own_estate_space_by_space(table: LocalTable) -> None:
    for seat in range(3):
        view = table.view(seat).view.burgundy
        text = screen(table.view(seat)).split("Your estate")[1]
        placed = {p.space: p.tile.id for p in player_of(view, seat).estate}
        for space_id, tile_id in placed.items():
            assert f"{space_id} {tile_name(tile_id)}" in text
        empty = [s for spaces in COLOUR_SPACES.values() for s in spaces if s not in placed]
        for space_id in empty:
            reachable = any(n in placed for n in NEIGHBOURS[space_id])
            shown = f"{space_id}:{space(space_id).die}{'*' if reachable else ''}"
            assert shown in text.split(), shown


def test_each_seat_is_shown_its_own_estate_and_a_full_view_none(table: LocalTable) -> None:
    """Nothing in a Burgundy view is private to a seat (only the face-down piles are, and no
    view holds them), so what differs between seats is whose estate is spelled out."""
    first, second = table.view(0), table.view(1)
    assert first.view.burgundy.players == second.view.burgundy.players
    mine = {p.space for p in player_of(first.view.burgundy, 0).estate}
    theirs = {p.space for p in player_of(first.view.burgundy, 1).estate}
    only_theirs = theirs - mine
    assert only_theirs, "the bots have placed tiles on different spaces"
    shown = screen(first).split("Your estate")[1]
    assert all(f"{space_id}:{space(space_id).die}" in shown for space_id in only_theirs)
    assert "1 (you)" in screen(second) and "0 (you)" not in screen(second)
    public = pb.GetViewResponse()
    public.CopyFrom(first)
    public.ClearField("seat")
    public.view.burgundy.ClearField("viewer")
    assert "Your estate" not in screen(public) and "(you)" not in screen(public)


def test_the_other_estates_show_every_tile_placed_by_colour(table: LocalTable) -> None:
    """Everything on the table is open (docs/rules/burgundy.md item 23): a seat sees what the
    others have built, and the public view sees every estate."""
    first = table.view(0)
    others = screen(first).split("Other estates")[1].split("Your estate")[0]
    blocks = {b.split()[0]: " ".join(b.split()) for b in re.split(r"\n  (?=\d)", others)[1:]}
    assert "0" not in blocks, "the viewer's own estate is spelled out below instead"
    view = first.view.burgundy
    for seat in (1, 2):
        placed = player_of(view, seat).estate
        assert placed, "the bots have placed tiles"
        for tile in placed:
            assert re.search(rf"(?<!\d){tile.space} {tile_name(tile.tile.id)}\b", blocks[str(seat)])
    public = pb.GetViewResponse()
    public.CopyFrom(first)
    public.ClearField("seat")
    public.view.burgundy.ClearField("viewer")
    everyone = screen(public).split("Other estates")[1]
    assert {line.split()[0] for line in everyone.splitlines() if line.split()[:1]} >= {
        "0",
        "1",
        "2",
    }


def test_legal_actions_name_the_space_and_depot(table: LocalTable) -> None:
    seat = table.to_act()
    assert seat is not None
    response, legal = table.view(seat), table.legal(seat).actions
    described = {c.description: describe_choice(response, c).plain for c in legal}
    for choice in legal:
        chosen = choice.action.burgundy
        if chosen.WhichOneof("kind") == "place_tile":
            target = space(chosen.place_tile.space)
            said = described[choice.description]
            note = f" — {target.colour.value} space, die {target.die}"
            # what the tile goes on to do may follow, after a semicolon
            assert said.endswith(note) or f"{note}; " in said, said
        if chosen.WhichOneof("kind") == "take_tile":  # the description names it, once
            assert described[choice.description].count("depot") == 1, choice.description


DIE_NAMES = ("the first die", "the second die")
"""How the server's descriptions name the seat's two dice (``games.burgundy.options.which``)."""


def test_an_option_gives_the_value_of_the_die_it_uses(table: LocalTable) -> None:
    """The options said "with the first die" and left its value to the seat's line; the board
    now says "with the first die (3)". The server's description is unchanged (bots and logs
    read it), and an action without a die (a castle's extra action, of any number) has no
    value to give."""
    seat = table.to_act()
    assert seat is not None
    response, legal = table.view(seat), table.legal(seat).actions
    dice = player_of(response.view.burgundy, seat).dice
    used = set()
    for choice in legal:
        chosen = choice.action.burgundy
        kind = chosen.WhichOneof("kind") or ""
        die = getattr(getattr(chosen, kind, None), "die", None)
        if die in (0, 1):
            named = DIE_NAMES[die]
            assert named in choice.description and f"{named} (" not in choice.description
            said = describe_choice(response, choice).plain
            assert f"with {named} ({dice[die]})" in said, said
            used.add(die)
    assert used, "the position offers an action with a die"
    extra = bgpb.BurgundyAction(take_workers=bgpb.BurgundyTakeWorkers(die=2))
    bonus = pb.LegalAction(description="take workers with the castle's extra action")
    bonus.action.burgundy.CopyFrom(extra)
    assert describe_choice(response, bonus).plain == "take workers with the castle's extra action"


def test_a_finished_game_shows_the_scores() -> None:
    response = LocalTable("burgundy", 2, b"render").view(0)
    response.view.burgundy.finished = True
    response.view.burgundy.scores[:] = [120, 98]
    assert "finished · scores 120, 98" in screen(response)
