"""A replayed step's turn is the turn the game's view shows at that version — also on the
automatic events that open a turn, which the previous turn's last action brought about. Checked
on every version of every golden game, and on a game played on a real server against GetView
and `tabletop replay --json`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clients.sdk import GameClient
from games.core import GameRecord, apply
from games.core.codec import Codec
from games.core.meta import META_CODEC
from replay.sources import fetch_record
from replay.timeline import Timeline
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings
from tests.replay.test_cli import tabletop
from tests.support.play import play_random

ARBITER = "turns-arbiter"


def test_every_step_carries_the_turn_its_view_shows(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    rules = timeline.rules
    codec = Codec.combine(META_CODEC, rules.events)
    state: Any = None
    shown = []
    for recorded in golden.events:
        state = apply(rules, state, codec.decode(recorded.event))
        shown.append(getattr(rules.view(state, None), "turn", None))
    if set(shown) == {None}:
        assert rules.turn is None, "a game that numbers turns shows the number in its views"
        return
    assert [frame.turn for frame in timeline.frames] == shown


@pytest.fixture
def target(tmp_path: Path) -> Iterator[tuple[str, Games]]:
    """A real gRPC server on a free port over a SQLite file, and the use cases behind it."""
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    games = Games(store, arbiter_token=ARBITER)
    server, port = build_server(games, LocalBus(), "127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}", games
    server.stop(grace=None).wait()
    store.close()


@pytest.mark.e2e
def test_getview_and_replay_json_agree_on_the_turn_at_every_version(
    target: tuple[str, Games],
) -> None:
    address, games = target
    with GameClient(address, ARBITER) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"player {n}").token for n in range(2)]
        play_random(games, game_id, tokens, seed=3, limit=30)
        timeline = Timeline(fetch_record(client, game_id))
        served = [
            client.get_view(game_id, "public", version).view.bourgeoisie.turn
            for version in range(1, timeline.last + 1)
        ]
    assert [frame.turn for frame in timeline.frames] == served
    # Where the two used to part: a turn begun by the previous seat's last action.
    begun = [
        frame.version
        for frame in timeline.frames
        if frame.recorded.event.type == "bourgeoisie.TurnBegan" and frame.actor is not None
    ]
    assert len(begun) > 3
    for version in (begun[0], begun[-1], begun[-1] - 1):
        result = tabletop(
            "replay", game_id, "--server", address, "--token", ARBITER,
            "--at", str(version), "--json",
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        step = json.loads(result.stdout)
        assert step["turn"] == step["view"]["turn"] == served[version - 1]
