"""The publisher's messages against real Redis give each event the line the replay gives it,
what the event's fold shows included: the prestige points a Bourgeoisie family forced to
retire costs, which its event does not record (seed: NOBLEMENT PHASE, END GAME SCORING).
A publisher that starts partway, holding no state and reading the one before its first event
from the store, gives the same lines."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from games.bourgeoisie.events import FamilyRetired
from replay.timeline import Timeline
from services.application import Games, GameStore
from services.publisher.follower import RedisPublisher
from services.publisher.messages import stream_key
from services.settings import Settings
from tests.support.play import seat_everyone
from tests.support.retirement import SEED, forced_to_retire
from tests.support.services import redis_client
from tests.support.streams import stream_entries

pytestmark = pytest.mark.integration
FIRST_READ = 300
"""Events the first publisher reads; a second, which holds no state yet, publishes the rest."""


@pytest.fixture
def games() -> Iterator[Games]:
    store = GameStore(Settings(store="memory"))
    yield Games(store, seeds=lambda: SEED)  # the deal of ``forced_to_retire``'s game
    store.close()


def test_the_published_lines_say_what_a_forced_retirement_costs(games: Games) -> None:
    table = forced_to_retire()
    game_id, _ = games.create_game("bourgeoisie", table.seats)
    tokens = seat_everyone(games, game_id, table.seats)
    for step in table.steps:
        games.submit_action(
            game_id, tokens[step.seat], step.version, f"c{step.version}", step.action
        )
    client = redis_client()
    RedisPublisher(games, client, batch=FIRST_READ).publish_once()
    later = RedisPublisher(games, client)
    while later.publish_once():
        pass
    entries = stream_entries(client, stream_key("bourgeoisie", game_id, None))
    published = [json.loads(fields[b"message"]) for _, fields in entries]
    lines = {message["version"]: message["description"] for message in published}
    replayed = Timeline(games.record(game_id))
    assert lines == {frame.version: frame.description for frame in replayed.frames}
    [retired] = [f.version for f in replayed.frames if isinstance(f.event, FamilyRetired)]
    assert lines[retired].endswith(" at 53 silver per turn, -5 PP for no Office")
