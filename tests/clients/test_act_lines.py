"""`tabletop act` prints the events its action stored as `watch` and `play` print them: each
seat's player named beside its number, the name as typed, and what the game then did by itself
that no event records (a Bruges seat passed over on the reputation track)."""

from __future__ import annotations

import re

import pytest
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from cli.main import main
from clients.bots import RandomBot
from clients.render.seats import named_seats
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e

NAMES = ("[b]Ada", "[bold]Bob[/]")
"""Players whose names look like rich markup, which must print as typed."""


def test_act_names_the_seats_player_as_typed(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bruges", 2).game_id
        grants = [host.join_game(game_id, name, seat) for seat, name in enumerate(NAMES)]
        seat = host.get_view(game_id, "public").status.to_act
    token = grants[seat].token
    assert main(["act", game_id, "1", "--server", server.target, "--token", token]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # a long line wraps at 80 columns
    assert f"Seat {seat} ({NAMES[seat]}) drew a " in printed, printed


NOTES = ("its reputation step costs", "on the top reputation step")
"""What a line adds when the game passes a Bruges seat over on the reputation track, which no
event records (``games.bruges.unrecorded``; bruges-data.md §2.3)."""
GAMES_TO_SEE_A_SEAT_PASSED_OVER = 4
"""As in the watch's test: whether a seat is passed over is chance (the seed is the server's
secret), and four random games without one is the rare case this bound allows for."""
ACTED_PHASES = (bpb.BRUGES_PHASE_DRAW, bpb.BRUGES_PHASE_REPUTATION)
"""The phases whose decisions can pass a seat over: the last draw begins the reputation
phase, and each reputation decision the next seat's turn in it."""


def _act_until_passed_over(
    target: str, capsys: pytest.CaptureFixture[str], names: tuple[str, str]
) -> tuple[str, list[str]]:
    """A Bruges game, its draw and reputation decisions taken with `tabletop act 1`, the others
    by a random bot, until an act says a seat was passed over or the game ends: the game, and
    what each act printed, on one line."""
    with GameClient(target) as host:
        game_id = host.create_game("bruges", 2).game_id
        grants = [host.join_game(game_id, name, seat) for seat, name in enumerate(names)]
    seats = [GameClient(target, grant.token) for grant in grants]
    bot, printed = RandomBot(11), []
    try:
        while (now := seats[0].get_view(game_id, "public")).status.HasField("to_act"):
            seat = now.status.to_act
            if now.view.bruges.phase not in ACTED_PHASES:
                seats[seat].submit_with_retry(
                    game_id, lambda legal: bot.choose(pb.GetViewResponse(), legal.actions)
                )
                continue
            token = ["--token", grants[seat].token]
            assert main(["act", game_id, "1", "--server", target, *token]) == 0
            printed.append(" ".join(capsys.readouterr().out.split()))
            if any(note in printed[-1] for note in NOTES):
                break
    finally:
        for client in seats:
            client.close()
    return game_id, printed


def _watched(target: str, game_id: str, names: tuple[str, ...]) -> dict[int, str]:
    """Each stored event's line as a watch gives it, the players named, by version."""
    lines = {}
    with GameClient(target) as watcher:
        for message in watcher.watch_game(game_id, 0, "public"):
            if message.HasField("caught_up"):
                break
            event = message.update.event
            lines[event.version] = named_seats(event.description, names, event.type).plain
    return lines


def test_act_says_when_a_seat_is_passed_over_as_watch_does(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ("Ada", "Bob")
    for _ in range(GAMES_TO_SEE_A_SEAT_PASSED_OVER):
        game_id, printed = _act_until_passed_over(server.target, capsys, names)
        noted = [out for out in printed if any(note in out for note in NOTES)]
        if noted:
            break
    assert noted, "no act said a seat was passed over on the reputation track in any game"
    watched = _watched(server.target, game_id, names)
    for out in printed:
        versions = [int(v) for v in re.findall(r"(?:^| )v(\d+) ", out)]
        assert versions, out
        for version in versions:
            assert f"v{version} {' '.join(watched[version].split())}" in out, out
