"""What text counts as hidden: the characters no server stores (``BAD_TEXT``), which make a
record fail ``tabletop verify`` wherever they stand in it (docs/record-format.md, "Reading a
record")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import GameRecord, Recorded
from games.core.codec import Encoded
from games.core.record import record_of
from games.core.visible import hidden_character, record_hidden_text

from .toy import TOY, recorded_game

ESC = "\x1b"


@pytest.mark.parametrize("char", ["\x0b", "\x0c", "\x85"])
def test_only_line_feed_carriage_return_and_tab_are_allowed_in_text_of_lines(char: str) -> None:
    assert hidden_character(f"a\nb\r\tc{char}", lines=True) == char


@pytest.mark.parametrize("char", ["\u200b", "\u2060", "\ufeff", "\u202e"])
def test_invisible_format_characters_but_the_joiners_are_hidden(char: str) -> None:
    assert hidden_character("a\u200cb\u200dc") is None
    assert hidden_character(f"a{char}b") == char


def _record() -> GameRecord:
    return record_of(TOY, recorded_game())


def _with_event(record: GameRecord, index: int, recorded: Recorded) -> GameRecord:
    events = list(record.events)
    events[index] = recorded
    return replace(record, events=tuple(events))


def test_a_hidden_character_in_a_payload_key_is_found() -> None:
    record = _record()
    seat = next(r for r in record.events if r.event.type == "core.SeatTaken")
    event = replace(seat.event, data={**seat.event.data, f"note{ESC}": "x"})
    forged = _with_event(record, record.events.index(seat), replace(seat, event=event))
    assert list(record_hidden_text(forged)) == [
        f"version {seat.version} holds the control character U+001B, which no server stores"
    ]


def test_a_hidden_character_in_a_command_id_is_found() -> None:
    record = _record()
    last = record.events[-1]
    cause = replace(last.cause, command_id=f"a{ESC}[2J")
    forged = _with_event(record, -1, replace(last, cause=cause))
    assert list(record_hidden_text(forged)) == [
        f"version {last.version} holds the control character U+001B, which no server stores"
    ]


def test_a_hidden_character_in_an_action_is_found() -> None:
    record = _record()
    last = record.events[-1]
    assert last.cause.action is not None
    action = Encoded(last.cause.action.type, 1, {"amount": "\u202e3"})
    forged = _with_event(record, -1, replace(last, cause=replace(last.cause, action=action)))
    assert list(record_hidden_text(forged)) == [
        f"version {last.version} holds the invisible format character U+202E, which no "
        "server stores"
    ]


def test_a_hidden_character_in_the_result_line_is_found() -> None:
    record = _record()
    assert record.result is not None
    forged = replace(record, result={**record.result, "chain": f"{ESC}]0;title"})
    assert list(record_hidden_text(forged)) == [
        "the header or result line holds the control character U+001B, which no server stores"
    ]
    assert list(record_hidden_text(record)) == []
