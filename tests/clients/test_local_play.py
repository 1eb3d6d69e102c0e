"""In-process play shows bots what a server shows them (one wire conversion, `wire`, serves
both): dealt from the same seed and played with the same actions, a local table and a real
server answer GetView and ListLegalActions alike. And every game can be played to its end
that way."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import Bot, HeuristicBot, RandomBot
from clients.local import LocalTable, local_games
from clients.sdk import GameClient
from games.registry import all_rules
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings

SEED = bytes(range(32))
"""The chance seed of every game of the seeded server, and of the local tables."""
PLAYERS = ("Ada", "Bob", "Cy")


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_every_game_plays_locally_to_its_end(game: str) -> None:
    table = LocalTable(game, 3, b"seed")
    bots: list[Bot] = [HeuristicBot(1), RandomBot(2), RandomBot(3)]
    decisions = 0
    while (seat := table.to_act()) is not None:
        legal = table.legal(seat).actions
        assert legal, f"{game}: seat {seat} is to act but has no legal action"
        table.submit(seat, bots[seat].choose(table.view(seat), legal))
        decisions += 1
    outcome = table.outcome()
    assert outcome is not None and decisions > 20 and sorted(outcome.places)[0] == 1


def test_every_registered_game_can_be_played_locally() -> None:
    assert local_games() == tuple(sorted(all_rules()))


@pytest.fixture(scope="module")
def seeded_server() -> Iterator[str]:
    """A real gRPC server over a memory store that deals every game from ``SEED``; yields its
    target."""
    store = GameStore(Settings(store="memory"))
    server, port = build_server(Games(store, seeds=lambda: SEED), LocalBus(), "127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(grace=None).wait()
        store.close()  # no WatchGame stream was opened, so no handler is left polling it


def fields(message: Message) -> dict[str, object]:
    """Every field of ``message`` that is set, so pytest shows a mismatch field by field."""
    return MessageToDict(message, preserving_proto_field_name=True)


def untimed(view: pb.GetViewResponse) -> pb.GetViewResponse:
    """``view`` without the time its server stored the event at its version."""
    assert view.status.HasField("updated_at"), "a server's view says when the game last moved"
    view.status.ClearField("updated_at")
    return view


@pytest.mark.e2e
@pytest.mark.parametrize("game", local_games())
def test_a_local_table_answers_like_a_server(seeded_server: str, game: str) -> None:
    """The same game, from the same seed, on a server and on a local table, with the same
    actions: at every decision the seat to act gets equal GetView (seat perspective) and
    ListLegalActions answers from both, and at the end every seat gets equal views.

    Neither answer carries the game id, and the one timestamp (when the server stored the
    event at the view's version) is left out, since a local table stores nothing; every other
    field is compared, versions included: a local table counts the versions a server's stream
    spends on each seat being taken and on the seed's reveal at the end, so the two draw the
    same chance.
    """
    table = LocalTable(game, len(PLAYERS), SEED, PLAYERS)
    bots: list[Bot] = [HeuristicBot(1), RandomBot(2), RandomBot(3)]
    with ExitStack() as stack:
        host = stack.enter_context(GameClient(seeded_server))
        game_id = host.create_game(game, len(PLAYERS)).game_id
        grants = [host.join_game(game_id, name, seat) for seat, name in enumerate(PLAYERS)]
        seats = [stack.enter_context(host.connect_as(grant.token)) for grant in grants]

        decisions = 0
        while (seat := table.to_act()) is not None:
            served_view, view = untimed(seats[seat].get_view(game_id)), table.view(seat)
            assert fields(served_view) == fields(view), f"{game}: decision {decisions}"
            served_legal, legal = seats[seat].list_legal_actions(game_id), table.legal(seat)
            assert fields(served_legal) == fields(legal), f"{game}: decision {decisions}"
            action = bots[seat].choose(view, legal.actions)
            seats[seat].submit_action(game_id, served_view.version, action)
            table.submit(seat, action)
            decisions += 1

        assert decisions > 20 and table.outcome() is not None
        for seat, client in enumerate(seats):
            expected = table.view(seat)
            served = untimed(client.get_view(game_id))
            assert fields(served) == fields(expected), f"{game}: seat {seat}"
