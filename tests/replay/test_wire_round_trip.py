"""A recorded event crosses the wire and comes back as the same record line, so a game
fetched from a server verifies exactly as its exported file does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from google.protobuf import struct_pb2, timestamp_pb2
from google.protobuf.json_format import ParseDict
from hypothesis import example, given
from hypothesis import strategies as st

import wire
from games.core import Encoded, Recorded
from games.core.jsonable import JSON
from games.core.record import canonical
from replay.sources import recorded_from_proto
from tests.conformance.play import GAMES, played

MOMENTS = st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)
)
OFFSETS = st.integers(-14 * 60, 14 * 60).map(lambda minutes: timedelta(minutes=minutes))
WIDE = 2**80
"""Integers go on the wire as doubles: those beyond 2**53 are rounded, and must be rounded
alike (a record may hold one, ``services.application.mapper.WIDE_INTEGER``)."""
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-WIDE, WIDE) | st.floats(allow_nan=False,
    allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)  # fmt: skip
EXACT_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
"""What event payloads hold: integers a double carries exactly, never a fraction."""


def _line(recorded: Recorded) -> bytes:
    """The record line's canonical bytes, which its chain value is taken over: where ``==``
    would take a payload's 1.0 for 1, or a Struct for the dict it holds, this does not."""
    return canonical(recorded.as_json())


def test_every_event_of_every_game_comes_back_as_it_was_recorded() -> None:
    for game in GAMES:
        for recorded in played(game, 2).recorded:
            event = wire.event_to_proto("g", recorded, "described", with_payload=True)
            assert _line(recorded_from_proto(event)) == _line(recorded)


@given(st.dictionaries(st.text(), EXACT_VALUES, max_size=6))
def test_any_payload_of_integers_comes_back_as_the_same_record_line(
    data: dict[str, JSON],
) -> None:
    recorded = _carrying(data)
    event = wire.event_to_proto("g", recorded, "", with_payload=True)
    assert _line(recorded_from_proto(event)) == _line(recorded)


def _carrying(data: dict[str, JSON]) -> Recorded:
    """A recorded event whose payload is ``data``."""
    first = played(GAMES[0], 2).recorded[0]
    return Recorded(1, first.at, Encoded("t", 1, data), first.cause, first.chain)


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


def _as_json_format_parses(data: dict[str, object]) -> struct_pb2.Struct:
    return ParseDict(data, struct_pb2.Struct())


def test_every_payload_crosses_the_wire_as_protobufs_own_json_conversion_carries_it() -> None:
    for game in GAMES:
        for recorded in played(game, 2).recorded:
            event = wire.event_to_proto("g", recorded, "", with_payload=True)
            expected = _as_json_format_parses(recorded.event.data)
            assert event.payload == expected
            assert event.payload.SerializeToString(deterministic=True) == (
                expected.SerializeToString(deterministic=True)
            )
            if recorded.cause.action is not None:
                assert event.cause.action == _as_json_format_parses(recorded.cause.action.data)


@given(st.dictionaries(st.text(), JSON_VALUES, max_size=6))
@example({"seed": 2**53 + 1, "drawn": [2**64 + 1, {"under": -(2**63) - 1}]})
def test_any_json_payload_crosses_the_wire_as_protobufs_own_json_conversion_carries_it(
    data: dict[str, JSON],
) -> None:
    event = wire.event_to_proto("g", _carrying(data), "", with_payload=True)
    expected = _as_json_format_parses(data)
    assert event.payload.SerializeToString(deterministic=True) == (
        expected.SerializeToString(deterministic=True)
    )


def test_an_integer_beyond_a_double_is_refused_as_protobufs_own_json_conversion_refuses_it() -> (
    None
):
    first = played(GAMES[0], 2).recorded[0]
    recorded = Recorded(1, first.at, Encoded("t", 1, {"n": [10**400]}), first.cause, first.chain)
    with pytest.raises(OverflowError):
        _as_json_format_parses(recorded.event.data)
    with pytest.raises(OverflowError):
        wire.event_to_proto("g", recorded, "", with_payload=True)
