"""Over a real gRPC server, `ReadEvents`, `WatchGame` and the answer to the `SubmitAction`
that stored it give each event the line the replay gives it, what the states around the event
show included: a Bruges seat passed over on the reputation track, which no event records
(bruges-data.md §2.3; docs/rules/bruges.md item 6), the prestige points a Bourgeoisie family
forced to retire costs, which its event does not record (seed: NOBLEMENT PHASE, END GAME
SCORING), and the castle or building whose extra action a Burgundy action without a die was
(burgundy-seed.txt: yellow knowledge tiles, buildings; docs/api.md section 5).

The server deals every game from one seed, so a game played on a local table from that seed
is played again on the server with the same actions and comes out the same."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import wire
from clients.sdk import GameClient
from games.bourgeoisie.events import FamilyRetired
from games.bruges import RULES as BRUGES
from games.burgundy import RULES as BURGUNDY
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
GRANTED = " (with the "
"""What a Burgundy line says of an action without a die whose grant the state before it
shows (``games.burgundy.describe``: "(with the market)", "(with the castle's extra
action)"); a line without that state says "(no die)"."""
BURGUNDY_POLICY_SEED = 3
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


@dataclass
class PlayedAgain:
    """A local table's game played on the server: its id there, and the line each event
    had in the answer to the action that stored it, by version."""

    game_id: str
    answered: dict[int, str]


def _played_again(target: str, table: Table) -> PlayedAgain:
    """``table``'s game played on the server, seat by seat with the same actions."""
    name = table.rules.name
    with GameClient(target) as host:
        game_id = str(host.create_game(name, table.seats).game_id)
        tokens = [host.join_game(game_id, f"player {n}", n).token for n in range(table.seats)]
    answered: dict[int, str] = {}
    for step in table.steps:
        with GameClient(target, tokens[step.seat]) as seat:
            answer = seat.submit_action(
                game_id, step.version, wire.action_to_proto(name, step.action)
            )
        assert answer.version == step.version + len(step.events), "the server plays it the same"
        answered.update((event.version, event.description) for event in answer.events)
    return PlayedAgain(game_id, answered)


def _after_setup(lines: dict[int, str], answered: dict[int, str]) -> dict[int, str]:
    """``lines`` of the versions the actions stored (not the game's creation, its opening
    or its seats taken, which no action answers)."""
    return {version: line for version, line in lines.items() if version >= min(answered)}


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


def test_every_line_says_when_a_bruges_seat_is_passed_over(seeded: str) -> None:
    table = Table(BRUGES, 2, SEED).play_with(
        uniform(random.Random(BRUGES_POLICY_SEED)), limit=BRUGES_ACTIONS
    )
    replayed = {f.version: f.description for f in Timeline(table.record()).frames}
    assert any(note in line for line in replayed.values() for note in PASSED_OVER), (
        "the game passes a seat over: choose another SEED or more BRUGES_ACTIONS"
    )
    played = _played_again(seeded, table)
    read, watched = _lines(seeded, played.game_id)
    assert read == replayed
    assert watched == replayed
    assert played.answered == _after_setup(replayed, played.answered)


@pytest.fixture(scope="module")
def forced(seeded: str) -> tuple[Timeline, PlayedAgain]:
    """The replay of a Bourgeoisie game up to a family forced to retire, and the same game
    played on the server."""
    table = forced_to_retire()
    return Timeline(table.record()), _played_again(seeded, table)


def test_every_line_says_what_a_forced_retirement_costs(
    seeded: str, forced: tuple[Timeline, PlayedAgain]
) -> None:
    timeline, played = forced
    [retired] = [f.version for f in timeline.frames if isinstance(f.event, FamilyRetired)]
    read, watched = _lines(seeded, played.game_id)
    line = "Seat 1 had to retire the Artisans family at 53 silver per turn, -5 PP for no Office"
    assert read[retired] == watched[retired] == played.answered[retired] == line
    assert read == watched == {f.version: f.description for f in timeline.frames}
    assert played.answered == _after_setup(read, played.answered)


def test_every_line_names_what_granted_a_burgundy_action_without_a_die(seeded: str) -> None:
    table = Table(BURGUNDY, 2, SEED).play_with(uniform(random.Random(BURGUNDY_POLICY_SEED)))
    replayed = {f.version: f.description for f in Timeline(table.record()).frames}
    assert any(GRANTED in line for line in replayed.values()), (
        "the game takes an action without a die: choose another SEED or policy seed"
    )
    played = _played_again(seeded, table)
    read, _watched = _lines(seeded, played.game_id)
    assert read == replayed
    assert played.answered == _after_setup(replayed, played.answered)


def test_read_events_after_a_version_say_it_too(
    seeded: str, forced: tuple[Timeline, PlayedAgain]
) -> None:
    """The state before the first event read is the game's at the version read after; after
    the game's last version there is still nothing to read."""
    timeline, played = forced
    game_id = played.game_id
    [retired] = [f for f in timeline.frames if isinstance(f.event, FamilyRetired)]
    with GameClient(seeded) as reader:
        [event] = reader.read_events(game_id, retired.version - 1, limit=1)
        assert event.description == retired.description
        assert list(reader.read_events(game_id, timeline.last + 5)) == []
