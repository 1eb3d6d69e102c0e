"""The write path's fast encoders give exactly the bytes of the slow, reference ones: the
chain's canonical JSON (``sealing.canonical_bytes``) and the stored form of every appended
event (``mapper.GameMapper``), so records verify and stores read whichever wrote them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import Mapper, StoredEvent
from hypothesis import given
from hypothesis import strategies as st

from games.core.errors import CodecError
from games.core.jsonable import to_json
from games.core.record import canonical
from services.application import GameStore
from services.application.aggregate import Game
from services.application.mapper import GameMapper
from services.application.sealing import canonical_bytes
from services.settings import Settings
from tests.conformance.play import GAMES, played

TEXT = st.text(st.characters(exclude_categories=["Cs"]))  # any character a string can hold
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_canonical_bytes_are_the_record_formats_canonical_json(value: Any) -> None:
    assert canonical_bytes(value) == canonical(value)


def test_integers_beyond_64_bits_are_written_as_json_writes_them() -> None:
    value = {"b": 2**70, "a": -(2**64)}
    assert (
        canonical_bytes(value)
        == canonical(value)
        == b'{"a":-18446744073709551616,"b":%d}' % (2**70)
    )


def test_floats_are_never_encoded_since_writers_disagree_on_their_text() -> None:
    assert canonical_bytes(1e-7) != canonical(1e-7)  # b"1e-7" against b"1e-07"
    with pytest.raises(CodecError, match="cannot encode a float"):
        to_json(0.5)


@pytest.fixture(scope="module")
def store() -> Iterator[GameStore]:
    store = GameStore(Settings(store="memory"))
    yield store
    store.close()


def _appended(game: str) -> list[Game.Appended]:
    """The ``Game.Appended`` events of a played game, as the service makes them."""
    recorded = played(game, 2).recorded
    aggregate = Game(record=recorded[0].as_json())
    for event in recorded[1:]:
        aggregate.append(event)
    return [e for e in aggregate.collect_events() if isinstance(e, Game.Appended)]


@pytest.mark.parametrize("game", GAMES)
def test_appended_events_are_stored_byte_for_byte_as_the_library_stores_them(
    store: GameStore, game: str
) -> None:
    assert isinstance(store.mapper, GameMapper)
    library = Mapper[UUID](transcoder=store.mapper.transcoder)
    events = _appended(game)
    assert len(events) > 100
    for event in events:
        fast, reference = store.mapper.to_stored_event(event), library.to_stored_event(event)
        assert fast == reference
        for stored in (fast, reference):
            for mapper in (store.mapper, library):
                back = mapper.to_domain_event(stored)
                assert type(back) is Game.Appended and vars(back) == vars(event)
            assert store.mapper.record_of(stored) == event.record


@pytest.mark.parametrize("wide", [2**70 + 1, -(2**63) - 1, 2**64 - 1])
def test_integers_orjson_cannot_carry_exactly_go_the_librarys_way(
    store: GameStore, wide: int
) -> None:
    event = _appended(GAMES[0])[0]
    # eventsourcing's metaclass makes every event class a frozen dataclass, which mypy cannot
    # see: to it, ``record`` is no field of Game.Appended.
    huge = dataclasses.replace(event, record={**event.record, "version": wide})  # type: ignore[call-arg]
    stored = store.mapper.to_stored_event(huge)
    assert stored == Mapper[UUID](transcoder=store.mapper.transcoder).to_stored_event(huge)
    back = store.mapper.to_domain_event(stored)
    assert isinstance(back, Game.Appended)
    assert vars(back) == vars(huge)
    assert type(back.record["version"]) is int  # orjson would read some of these as floats
    assert store.mapper.record_of(stored) == huge.record
    assert type(store.mapper.record_of(stored)["version"]) is int


def _stored_state(stored: StoredEvent, state: bytes) -> StoredEvent:
    return StoredEvent(stored.originator_id, stored.originator_version, stored.topic, state)


DAMAGED: dict[str, Callable[[bytes], bytes]] = {
    "not JSON": lambda state: state[:-3],
    "no record": lambda state: state.replace(b'"record"', b'"recorded"'),
    "not an object": lambda state: b"[" + state + b"]",
    "a timestamp no date": lambda state: re.sub(rb'"_data_":"[^"]*"', b'"_data_":"soon"', state),
}
"""Rows damaged in the store, each still read by this mapper (the Appended topic)."""


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_row_is_refused_by_record_of_as_by_the_domain_event_it_would_build(
    store: GameStore, damage: str
) -> None:
    stored = store.mapper.to_stored_event(_appended(GAMES[0])[0])
    damaged = _stored_state(stored, DAMAGED[damage](stored.state))
    assert damaged.state != stored.state
    with pytest.raises(Exception) as built:
        getattr(store.mapper.to_domain_event(damaged), "record")  # noqa: B009
    with pytest.raises(type(built.value)):
        store.mapper.record_of(damaged)
