"""Over a real gRPC server, `ReadEvents` and `WatchGame` give each event the line the replay
gives it, what the event's fold shows included: a Bruges seat passed over on the reputation
track, which no event records (bruges-data.md §2.3; docs/rules/bruges.md item 6), and the
prestige points a Bourgeoisie family forced to retire costs, which its event does not record
(seed: NOBLEMENT PHASE, END GAME SCORING).

The server deals every game from one seed, so a game played on a local table from that seed
is played again on the server with the same actions and comes out the same."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import wire
from clients.sdk import GameClient
from games.bourgeoisie.events import FamilyRetired
from games.bruges import RULES as BRUGES
from replay.selfplay import Table, uniform
from replay.timeline import Timeline
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.support.bus import local_bus
from tests.support.retirement import SEED, forced_to_retire

pytestmark = pytest.mark.e2e

PASSED_OVER = ("its reputation step costs", "on the top reputation step")
"""What a Bruges line adds when a seat is passed over (``games.bruges.unrecorded``)."""
BRUGES_POLICY_SEED = 14
BRUGES_ACTIONS = 40
"""Enough of the Bruges game from ``SEED``, played by ``uniform(BRUGES_POLICY_SEED)``, to pass
a seat over (at its 29th action)."""


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real gRPC server on a free port over a SQLite file, dealing every game from
    ``SEED``; yields its target."""
    path = tmp_path_factory.mktemp("seeded") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    server, port = build_server(Games(store, seeds=lambda: SEED), local_bus(store), "127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}"
    server.stop(grace=None).wait()
    store.close()


def _played_again(target: str, table: Table) -> str:
    """``table``'s game played on the server, seat by seat with the same actions; its id."""
    name = table.rules.name
    with GameClient(target) as host:
        game_id = str(host.create_game(name, table.seats).game_id)
        tokens = [host.join_game(game_id, f"player {n}", n).token for n in range(table.seats)]
    for step in table.steps:
        with GameClient(target, tokens[step.seat]) as seat:
            answer = seat.submit_action(
                game_id, step.version, wire.action_to_proto(name, step.action)
            )
        assert answer.version == step.version + len(step.events), "the server plays it the same"
    return game_id


def _lines(target: str, game_id: str) -> tuple[dict[int, str], dict[int, str]]:
    """Each stored event's line, by version, as ReadEvents and as a watch give it."""
    with GameClient(target) as reader:
        read = {e.version: e.description for e in reader.read_events(game_id)}
        watched = {}
        for message in reader.watch_game(game_id, 0, "public"):
            if message.HasField("caught_up"):
                break
            watched[message.update.event.version] = message.update.event.description
    return read, watched


def test_read_events_says_when_a_bruges_seat_is_passed_over(seeded: str) -> None:
    table = Table(BRUGES, 2, SEED).play_with(
        uniform(random.Random(BRUGES_POLICY_SEED)), limit=BRUGES_ACTIONS
    )
    replayed = {f.version: f.description for f in Timeline(table.record()).frames}
    assert any(note in line for line in replayed.values() for note in PASSED_OVER), (
        "the game passes a seat over: choose another SEED or more BRUGES_ACTIONS"
    )
    read, watched = _lines(seeded, _played_again(seeded, table))
    assert read == replayed
    assert watched == replayed


@pytest.fixture(scope="module")
def forced(seeded: str) -> tuple[Timeline, str]:
    """The replay of a Bourgeoisie game up to a family forced to retire, and the id of the
    same game played on the server."""
    table = forced_to_retire()
    return Timeline(table.record()), _played_again(seeded, table)


def test_read_events_and_a_watch_say_what_a_forced_retirement_costs(
    seeded: str, forced: tuple[Timeline, str]
) -> None:
    timeline, game_id = forced
    [retired] = [f.version for f in timeline.frames if isinstance(f.event, FamilyRetired)]
    read, watched = _lines(seeded, game_id)
    line = "Seat 1 had to retire the Artisans family at 53 silver per turn, -5 PP for no Office"
    assert read[retired] == watched[retired] == line
    assert read == watched == {f.version: f.description for f in timeline.frames}


def test_read_events_after_a_version_say_it_too(seeded: str, forced: tuple[Timeline, str]) -> None:
    """The state before the first event read is the game's at the version read after; after
    the game's last version there is still nothing to read."""
    timeline, game_id = forced
    [retired] = [f for f in timeline.frames if isinstance(f.event, FamilyRetired)]
    with GameClient(seeded) as reader:
        [event] = reader.read_events(game_id, retired.version - 1, limit=1)
        assert event.description == retired.description
        assert list(reader.read_events(game_id, timeline.last + 5)) == []
