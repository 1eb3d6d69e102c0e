"""docs/architecture.md §5, the record file: a header line, one line per event, and a result
line."""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import replace

import pytest

from games.core import (
    Cause,
    CauseKind,
    Encoded,
    GameRecord,
    Recorded,
    RecordError,
    SeatTaken,
    SeedRevealed,
    read_record,
)
from games.core.record import GENESIS, canonical, header_of, record_of

from .toy import AT, CODEC, TOY, recorded_game


def written(record: GameRecord) -> list[str]:
    stream = io.StringIO()
    record.write(stream)
    return stream.getvalue().splitlines(keepends=True)


@pytest.fixture
def record() -> GameRecord:
    return record_of(TOY, recorded_game(seats=3))


def test_a_written_record_reads_back_equal(record: GameRecord) -> None:
    assert read_record(written(record)) == record


def test_the_header_comes_from_the_first_event_and_the_seats(record: GameRecord) -> None:
    assert record.header == {
        "game_id": "00000000-0000-0000-0000-000000000001",
        "game": "toy",
        "rules_version": 1,
        "ruleset": "default",
        "seats": 3,
        "players": ["player 0", "player 1", "player 2"],
        "tournament": "Toy Open",
        "round": 2,
        "table": 3,
        "seed_commitment": hashlib.sha256(b"toy seed").hexdigest(),
    }
    first = json.loads(written(record)[0])
    assert (first["record"], first["format"]) == ("tabletop.record", 1)


def test_a_finished_game_closes_with_its_result_and_last_chain(record: GameRecord) -> None:
    assert record.result is not None
    assert record.result["chain"] == record.events[-1].chain
    assert sorted(record.result["places"]) == [1, 2, 2]
    assert json.loads(written(record)[-1]) == {"result": record.result}
    assert CODEC.decode(record.events[-1].event) == SeedRevealed(b"toy seed".hex())


def test_an_unfinished_game_has_no_result_line() -> None:
    record = record_of(TOY, recorded_game(finish=False))
    assert record.result is None
    lines = written(record)
    assert len(lines) == 1 + len(record.events)
    assert read_record(lines) == record


def test_blank_lines_are_ignored(record: GameRecord) -> None:
    lines = written(record)
    assert read_record(["\n", lines[0], "   \n", *lines[1:], "\n"]) == record


def test_an_empty_record_is_refused() -> None:
    with pytest.raises(RecordError, match="the record is empty"):
        read_record([])
    with pytest.raises(RecordError, match="the record is empty"):
        read_record(["\n", "  \n"])


@pytest.mark.parametrize(
    "header",
    [
        {"game": "toy"},
        {"record": "tabletop.recording", "format": 1},
        {"record": "tabletop.record", "format": 2},
        {"record": "tabletop.record", "format": "1"},
    ],
)
def test_the_first_line_must_be_a_record_header(record: GameRecord, header: object) -> None:
    lines = [json.dumps(header) + "\n", *written(record)[1:]]
    with pytest.raises(RecordError, match=r"line 1: not a tabletop\.record format 1 header"):
        read_record(lines)


def test_a_line_that_is_not_json_is_named(record: GameRecord) -> None:
    lines = written(record)
    lines[3] = lines[3][:-10] + "\n"
    with pytest.raises(RecordError, match=r"line 4: not JSON"):
        read_record(lines)


def test_a_line_that_is_not_an_object_is_named(record: GameRecord) -> None:
    lines = written(record)
    lines[2] = "[1, 2, 3]\n"
    with pytest.raises(RecordError, match="line 3: expected a JSON object"):
        read_record(lines)


@pytest.mark.parametrize("missing", ["version", "at", "event", "cause", "chain"])
def test_an_event_line_missing_a_part_is_named(record: GameRecord, missing: str) -> None:
    lines = written(record)
    data = json.loads(lines[5])
    del data[missing]
    lines[5] = json.dumps(data) + "\n"
    with pytest.raises(RecordError, match="line 6: not a recorded event"):
        read_record(lines)


def test_an_event_line_with_an_unknown_cause_is_named(record: GameRecord) -> None:
    lines = written(record)
    data = json.loads(lines[2])
    data["cause"]["kind"] = "magic"
    lines[2] = json.dumps(data) + "\n"
    with pytest.raises(RecordError, match="line 3: not a recorded event"):
        read_record(lines)


def test_an_event_line_whose_cause_is_not_an_object_is_named(record: GameRecord) -> None:
    lines = written(record)
    data = json.loads(lines[2])
    data["cause"] = "setup"
    lines[2] = json.dumps(data) + "\n"
    with pytest.raises(RecordError, match="line 3: not a recorded event"):
        read_record(lines)


@pytest.mark.parametrize(
    ("line", "edit", "field"),
    [
        (2, ('"version": 2,', '"version": "2",'), "version"),
        (2, ('"version": 2,', '"version": 2.0,'), "version"),
        (1, ('"version": 1,', '"version": true,'), "version"),
        (2, (', "seat": null}', "}"), "cause.seat"),
        (2, ('"action": null, ', ""), "cause.action"),
    ],
)
def test_an_event_line_written_otherwise_than_the_format_writes_it_is_refused(
    record: GameRecord, line: int, edit: tuple[str, str], field: str
) -> None:
    """The chain is taken over the values read, and ``"2"``, ``2.0`` and ``2`` all read as
    version 2 (``true`` as 1), and a left-out seat or action as none: such an edit would not
    break the chain, where the format promises any edit of a line does
    (docs/record-format.md, "The hash chain")."""
    lines = written(record)
    edited = lines[line].replace(*edit, 1)
    assert edited != lines[line]
    lines[line] = edited
    with pytest.raises(RecordError, match=f"line {line + 1}: {field} is not written as"):
        read_record(lines)


def test_an_event_line_keeps_non_ascii_text_as_it_is() -> None:
    # docs/record-format.md: "an event line keeps non-ASCII characters as they are" (the
    # header and result lines are written in ASCII).
    events = recorded_game()
    seat = next(i for i, r in enumerate(events) if r.event.type == "core.SeatTaken")
    taken = events[seat]
    named = replace(taken, event=replace(taken.event, data={**taken.event.data, "player": "Zoë"}))
    events[seat] = named
    lines = written(GameRecord({}, tuple(events), None))
    assert '"player": "Zo\\u00eb"' not in lines[seat + 1]
    assert '"player": "Zoë"' in lines[seat + 1]


def test_the_header_line_begins_with_the_record_kind_and_format(record: GameRecord) -> None:
    # docs/record-format.md, "Header": the fields in its documented order, kind and format
    # first, so a reader can tell what the file is from its first bytes.
    header = written(record)[0]
    assert header.startswith('{"record": "tabletop.record", "format": 1, "game_id": ')


def test_nothing_may_follow_the_result_line(record: GameRecord) -> None:
    lines = written(record)
    with pytest.raises(RecordError, match=f"line {len(lines) + 1}: nothing may follow"):
        read_record([*lines, lines[-2]])
    with pytest.raises(RecordError, match="nothing may follow the result line"):
        read_record([*lines, lines[-1]])


def test_record_of_needs_game_created_first() -> None:
    events = recorded_game()
    with pytest.raises(RecordError, match="first event must be GameCreated"):
        record_of(TOY, events[1:])
    with pytest.raises(RecordError, match="first event must be GameCreated"):
        record_of(TOY, [])


def test_header_of_needs_game_created_first_even_when_it_comes_later() -> None:
    # header_of reads the shared events alone; a game's own event before GameCreated must not
    # let the GameCreated after it pass for the first.
    events = recorded_game()
    with pytest.raises(RecordError, match="first event must be GameCreated"):
        header_of([events[1], events[0], *events[2:]])


def test_a_seat_taken_beyond_the_table_names_no_player() -> None:
    # A record from anyone may hold a SeatTaken for a seat the game does not have: the header
    # names only the table's seats, and reading it does not fail on the stray seat.
    events = recorded_game(seats=2)
    taken = next(r for r in events if r.event.type == "core.SeatTaken")
    stray = replace(taken, event=CODEC.encode(SeatTaken(2, "stray", "hash")))
    assert header_of([*events, stray])["players"] == ["player 0", "player 1"]


def test_a_recorded_event_round_trips_through_json() -> None:
    for recorded in recorded_game():
        assert Recorded.from_json(json.loads(json.dumps(recorded.as_json()))) == recorded


def test_the_cause_records_who_asked_for_what() -> None:
    action = Encoded("toy.Add", 1, {"amount": 3})
    cause = Cause(CauseKind.ACTION, "c-1", 1, action)
    assert cause.as_json() == {
        "kind": "action",
        "command_id": "c-1",
        "seat": 1,
        "action": {"type": "toy.Add", "schema": 1, "data": {"amount": 3}},
    }
    assert Cause(CauseKind.SETUP).as_json() == {
        "kind": "setup",
        "command_id": "",
        "seat": None,
        "action": None,
    }


def test_sealing_chains_the_hash_of_the_canonical_body() -> None:
    event = Encoded("toy.Won", 1, {"seat": 0})
    cause = Cause(CauseKind.ACTION, "c", 0, Encoded("toy.Add", 1, {"amount": 1}))
    sealed = Recorded.sealed(GENESIS, 1, AT, event, cause)
    expected = hashlib.sha256(GENESIS.encode() + canonical(sealed.body())).hexdigest()
    assert sealed.chain == expected
    assert replace(sealed, chain="").body() == sealed.body()
    assert Recorded.sealed("f" * 64, 1, AT, event, cause).chain != sealed.chain


def test_canonical_json_sorts_keys_drops_spaces_and_keeps_unicode() -> None:
    assert canonical({"b": [1, 2], "a": "Élodie"}) == '{"a":"Élodie","b":[1,2]}'.encode()
