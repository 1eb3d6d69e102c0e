"""A recorded event crosses the wire and comes back as the same record line, so a game
fetched from a server verifies exactly as its exported file does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from google.protobuf import timestamp_pb2
from hypothesis import given
from hypothesis import strategies as st

import wire
from games.core import Recorded
from replay.sources import recorded_from_proto
from tests.conformance.play import GAMES, played

MOMENTS = st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)
)
OFFSETS = st.integers(-14 * 60, 14 * 60).map(lambda minutes: timedelta(minutes=minutes))


def test_every_event_of_every_game_comes_back_as_it_was_recorded() -> None:
    for game in GAMES:
        for recorded in played(game, 2).recorded:
            event = wire.event_to_proto("g", recorded, "described", with_payload=True)
            assert recorded_from_proto(event) == recorded


@given(MOMENTS, OFFSETS)
def test_a_moment_crosses_the_wire_as_protobufs_own_conversion_carries_it(
    moment: datetime, offset: timedelta
) -> None:
    first = played(GAMES[0], 2).recorded[0]
    # In UTC as the service writes it, at another offset, and naive (read as UTC).
    for at in (moment, moment.astimezone(timezone(offset)), moment.replace(tzinfo=None)):
        text = at.isoformat(timespec="microseconds")
        expected = timestamp_pb2.Timestamp()
        expected.FromDatetime(at)
        recorded = Recorded(1, text, first.event, first.cause, first.chain)
        event = wire.event_to_proto("g", recorded, "", with_payload=False)
        assert event.recorded_at == expected
