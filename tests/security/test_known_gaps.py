"""Gaps the bad-input tests found outside the edge, each pinned by a test now that it is fixed.

1. (fixed) services/application loaded whatever aggregate had the id, so GameService calls
   naming a tournament id, or a game's seed record id (the game id with its first bit
   flipped), ended in AttributeError → INTERNAL instead of NOT_FOUND.
2. (fixed) ``CauseKind`` in the proto had no DISPUTE value, so once a dispute was opened on a
   game, ReadEvents and WatchGame of that game failed with INTERNAL.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from tabletop.v1 import common_pb2

from clients.errors import TabletopError
from clients.sdk import GameClient
from services.application.aggregate import seed_id
from services.tournaments import Format, Tournaments, new_spec
from tests.e2e.conftest import ARBITER, RunningServer

pytestmark = pytest.mark.e2e
CALLS: dict[str, Callable[[GameClient, str], Any]] = {
    "GetView": lambda client, game_id: client.get_view(game_id, "public"),
    "JoinGame": lambda client, game_id: client.join_game(game_id, "x"),
    "ReadEvents": lambda client, game_id: list(client.read_events(game_id)),
    "WatchGame": lambda client, game_id: _caught_up(client, game_id),
}


def _caught_up(client: GameClient, game_id: str) -> tuple[list[common_pb2.Event], int]:
    """WatchGame's catch-up: the events replayed before its caught_up message, and the version
    that message carries. Fails if the stream ends without one."""
    replayed: list[common_pb2.Event] = []
    for message in client.watch_game(game_id, timeout=5):
        if message.HasField("caught_up"):
            return replayed, message.caught_up.version
        replayed.append(message.update.event)
    pytest.fail("WatchGame ended without a caught_up message")


def _other_record(server: RunningServer, kind: str) -> str:
    if kind == "seed":
        game_id, _ = server.games.create_game("bourgeoisie", 2)
        return str(seed_id(uuid.UUID(game_id)))
    spec = new_spec("gap cup", "bourgeoisie", 2, Format.ROUND_ROBIN, 1)
    return Tournaments(server.games).create_tournament(spec)[0]


@pytest.mark.parametrize("kind", ["seed", "tournament"])
@pytest.mark.parametrize("rpc", sorted(CALLS))
def test_the_id_of_another_kind_of_record_is_no_game(
    server: RunningServer, kind: str, rpc: str
) -> None:
    record_id = _other_record(server, kind)
    with GameClient(server.target) as client, pytest.raises(TabletopError) as refused:
        CALLS[rpc](client, record_id)
    assert refused.value.code is grpc.StatusCode.NOT_FOUND


@pytest.mark.parametrize("rpc", ["ReadEvents", "WatchGame"])
def test_a_game_with_a_dispute_can_still_be_read(server: RunningServer, rpc: str) -> None:
    game_id, _ = server.games.create_game("bourgeoisie", 2)
    _, current = server.games.open_dispute(game_id, 3, "the deal looks wrong", ARBITER)
    assert current > 3
    with GameClient(server.target) as client:
        if rpc == "ReadEvents":
            events = list(client.read_events(game_id))
        else:
            events, caught_up_at = _caught_up(client, game_id)
            assert caught_up_at == current
    assert [e.version for e in events] == list(range(1, current + 1))
    disputes = [e for e in events if e.type == "core.DisputeOpened"]
    assert [(e.version, e.cause.kind) for e in disputes] == [
        (current, common_pb2.CAUSE_KIND_DISPUTE)
    ]
