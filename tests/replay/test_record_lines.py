"""A record file's bytes depend on the record alone, never on the order its payloads' keys
were read in; the chain, over canonical JSON, is the same either way."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core import Encoded, GameRecord, Recorded, read_record
from games.core.record import GENESIS, chain_after, chain_breaks


def _reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def _shuffled(encoded: Encoded) -> Encoded:
    return replace(encoded, data=_reversed_keys(encoded.data))


def _read_the_other_way(recorded: Recorded) -> Recorded:
    """The same event as a source that keeps no key order (a protobuf Struct) may give it."""
    action = recorded.cause.action
    cause = replace(recorded.cause, action=None if action is None else _shuffled(action))
    return replace(recorded, event=_shuffled(recorded.event), cause=cause)


def test_the_order_of_a_payloads_keys_changes_no_byte_and_no_chain(golden: GameRecord) -> None:
    other = replace(golden, events=tuple(map(_read_the_other_way, golden.events)))
    assert any(
        list(a.event.data) != list(b.event.data)
        for a, b in zip(other.events, golden.events, strict=True)
    )
    assert list(other.lines()) == list(golden.lines())
    assert _chain_over(other.events) == [e.chain for e in golden.events]
    written = read_record(other.lines())
    assert [e.chain for e in written.events] == [e.chain for e in golden.events]
    assert not list(chain_breaks(written.events))


def _chain_over(events: tuple[Recorded, ...]) -> list[str]:
    """Each event's chain value computed afresh from its contents, not read from it."""
    values, previous = [], GENESIS
    for recorded in events:
        previous = chain_after(previous, recorded)
        values.append(previous)
    return values
