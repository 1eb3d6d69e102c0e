"""Bots ride out server restarts: `tabletop serve` stopped gracefully (SIGTERM) and started again
on the same port over the same SQLite file, in the middle of a game that a bot (``play_seat``,
what `tabletop bot` runs) and the documented example (docs/api.md) play against each other.

A restart keeps a client away for several seconds (the graceful stop, the start, then the
channel's reconnect back-off); the seats' calls wait it out within their outage budget, so
both play on to the end. Each seat is once caught by a restart in the middle of a decision:
its legal actions listed, its submit sent while no server answers."""

from __future__ import annotations

import time

import pytest

from clients.sdk import GameClient
from tests.support.seats import HoldingClient, SeatThreads, documented_example, random_bot
from tests.support.server_process import ServerProcess

pytestmark = pytest.mark.e2e

DOWN_SECONDS = 4.0
"""How long the server stays down between its exit and its new start (which takes a second
or two more): longer than the old five seconds of retries, well within the budget."""


def _wait_for_progress(
    spectator: GameClient, game_id: str, seats: SeatThreads, versions: int = 10
) -> None:
    """Until the game has gone ``versions`` further: both seats play on. ``spectator`` has
    reached the server before, so its calls too wait for a restarted server."""
    start, deadline = spectator.get_view(game_id, "public").version, time.monotonic() + 60
    while (version := spectator.get_view(game_id, "public").version) < start + versions:
        assert time.monotonic() < deadline, (
            f"the game does not go on: version {version}, from {start}; {seats.state()}"
        )
        time.sleep(0.1)


def _restart(server: ServerProcess) -> None:
    server.stop()  # SIGTERM: a graceful stop
    time.sleep(DOWN_SECONDS)
    server.start()


def _restart_while_deciding(server: ServerProcess, seat: HoldingClient) -> None:
    """Restart the server while ``seat`` decides: after its legal actions were listed and
    before its submit, which it sends only once the server has gone."""
    seat.hold.set()
    assert seat.held.wait(30), "the seat never decided"
    server.stop()
    seat.release.set()
    time.sleep(DOWN_SECONDS)
    server.start()


def test_a_bot_and_the_documented_example_play_on_across_restarts(
    server: ServerProcess,
) -> None:
    spectator = GameClient(server.target)
    game_id = spectator.create_game("bourgeoisie", 2).game_id
    grants = [spectator.join_game(game_id, f"p{n}", n) for n in range(2)]
    clients = [HoldingClient(server.target, grant.token) for grant in grants]
    seats = SeatThreads(game_id, [(clients[0], random_bot), (clients[1], documented_example())])
    _wait_for_progress(spectator, game_id, seats)
    for seat in (1, 0):  # the example's seat, then the bot's
        _restart_while_deciding(server, clients[seat])
        _wait_for_progress(spectator, game_id, seats)
    _restart(server)  # and once at whatever moment the seats are at
    seats.join(180)
    assert spectator.get_view(game_id, "public").status.finished
    spectator.close()
    for client in clients:
        assert client.held_submit is not None and client.held_submit >= DOWN_SECONDS, (
            f"the submit sent while the server was down waited {client.held_submit} s for it"
        )
        client.close()
