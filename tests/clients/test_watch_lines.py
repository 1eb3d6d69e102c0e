"""A watch (the terminal's `watch` and `play`) gives each event the line the replay gives it,
what the game did by itself without an event included: a Bruges seat passed over on the
reputation track (bruges-data.md §2.3), and a canal of one line never called "section 0"."""

from __future__ import annotations

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.sdk import GameClient
from replay.sources import fetch_record
from replay.timeline import Timeline
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e


def _play_out(target: str, game: str, seats: int) -> str:
    with GameClient(target) as host:
        game_id = str(host.create_game(game, seats).game_id)
        grants = [host.join_game(game_id, f"p{n}", n) for n in range(seats)]
    players = [GameClient(target, grant.token) for grant in grants]
    bot = RandomBot(7)
    try:
        while True:
            status = players[0].get_view(game_id, "public").status
            if not status.HasField("to_act"):
                return game_id
            players[status.to_act].submit_with_retry(
                game_id, lambda legal: bot.choose(pb.GetViewResponse(), legal.actions)
            )
    finally:
        for client in players:
            client.close()


def test_a_watch_says_what_the_replay_says(server: RestartableServer) -> None:
    game_id = _play_out(server.target, "bruges", 2)
    with GameClient(server.target) as watcher:
        watched = {
            m.update.event.version: m.update.event.description
            for m in watcher.watch(game_id, perspective="public")
            if m.HasField("update")
        }
        replayed = Timeline(fetch_record(watcher, game_id))
    assert watched == {frame.version: frame.description for frame in replayed.frames}
    assert any("its reputation step costs" in line for line in watched.values())
    assert not any("canal section" in line for line in watched.values())
