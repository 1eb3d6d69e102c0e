"""docs/architecture.md §5 and §8 conformance, every game: every event and every action round-trips
through the game's codecs as JSON text, under a stable ``<game>.<Name>`` type name."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.core import Codec, SeededChance
from games.core.codec import encoded_from_json, schema_of
from games.core.meta import META_CODEC, META_EVENTS
from games.core.rules import describe
from games.registry import all_rules

from .play import GAMES, TABLE_IDS, TABLES, played

tables = pytest.mark.parametrize(("game", "seats"), TABLES, ids=TABLE_IDS)


def round_trip(codec: Codec, message: object) -> object:
    encoded = codec.encode(message)
    assert encoded.schema == schema_of(type(message))
    return codec.decode(encoded_from_json(json.loads(json.dumps(encoded.as_json()))))


def codec_for(game: str, event: object) -> Codec:
    return META_CODEC if isinstance(event, META_EVENTS) else all_rules()[game].events


@pytest.mark.parametrize("game", GAMES)
def test_messages_are_frozen_dataclasses_named_after_the_game(game: str) -> None:
    rules = all_rules()[game]
    for codec in (rules.events, rules.actions):
        assert codec.classes
        for cls in codec.classes:
            assert dataclasses.is_dataclass(cls), cls
            assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
            assert codec.name_of(cls) == f"{game}.{cls.__name__}"


@tables
def test_every_played_event_round_trips(game: str, seats: int) -> None:
    table = played(game, seats)
    for event in table.events:
        assert round_trip(codec_for(game, event), event) == event


@tables
def test_every_event_of_every_legal_action_round_trips(game: str, seats: int) -> None:
    table = played(game, seats)
    rules, kinds = table.rules, set()
    for step in table.steps:
        for action in step.legal:
            for event in rules.decide(step.state, step.seat, action, SeededChance(b"s", "1")):
                assert round_trip(rules.events, event) == event
                kinds.add(type(event))
    assert kinds


@tables
def test_every_legal_action_round_trips(game: str, seats: int) -> None:
    table = played(game, seats)
    for step in table.steps:
        for action in step.legal:
            assert round_trip(table.rules.actions, action) == action


@tables
def test_every_event_and_action_can_be_described(game: str, seats: int) -> None:
    table = played(game, seats)
    for event in table.events:
        text = describe(table.rules, event, table.created.ruleset)
        assert isinstance(text, str)
        assert text.strip()
    for step in table.steps:
        for action in step.legal:
            assert table.rules.describe_action(step.state, action).strip()
