"""What ``verify`` finds, and says, for each kind of alteration docs/record-format.md names:
the line an edit is found at, the events no cause can have produced where they stand, the
checks a record of another rules version still runs, and how the findings are worded.

A forger who re-hashes every line keeps the chain intact, so these records are forged as
``tests.support.forgery`` forges them; a record cut short before its end reads as a game in
play, whose decisions are not re-run, so where an event stands is all that is checked of it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import groupby
from pathlib import Path

import pytest

from cli.main import main
from games.core import Cause, CauseKind, GameRecord, Recorded, SeedRevealed, read_record
from games.core.codec import Codec, Encoded
from games.core.jsonable import to_json
from games.core.meta import META_CODEC, DisputeOpened, GameForked, SeatTaken
from games.core.rules import fold
from games.registry import rules_for
from replay.trusted import against_trusted_chain
from replay.verify import BREAKS_LISTED, Conclusion, Verdict, verify_record
from tests.replay.conftest import GOLDEN
from tests.support.forgery import resealed

BRUGES = GOLDEN / "bruges" / "bruges-2p-1.jsonl"
OLD_BURGUNDY = GOLDEN / "legacy" / "burgundy-3p-rules-version-1.jsonl"
RULES = rules_for("bruges")
CODEC = Codec.combine(META_CODEC, RULES.events)


def load(path: Path = BRUGES) -> GameRecord:
    return read_record(path.read_text(encoding="utf-8").splitlines())


def batches(record: GameRecord) -> list[list[Recorded]]:
    """The record's events in batches, one per cause."""
    return [list(group) for _, group in groupby(record.events, key=lambda r: r.cause)]


def action_batch(record: GameRecord, size: int) -> list[Recorded]:
    """A batch of ``size`` events, in the middle of the game, caused by an action."""
    found = [b for b in batches(record) if len(b) == size and b[0].cause.kind is CauseKind.ACTION]
    return found[len(found) // 2]


def in_play(record: GameRecord) -> list[Recorded]:
    """The record's events cut short halfway, as a game in play reads: no seed revealed."""
    return list(record.events[: len(record.events) // 2])


def encoded(event: object) -> Encoded:
    return CODEC.encode(event)


def test_an_edited_payload_is_found_at_its_line_and_nothing_more_is_claimed() -> None:
    # README: change a value on a line and the chain breaks at that line's version (line N
    # holds version N - 1); no other check runs on events whose order cannot be trusted.
    lines = BRUGES.read_text(encoding="utf-8").splitlines()
    number = 41
    edited = lines[number - 1].replace('"seat": 0', '"seat": 1', 1)
    assert edited != lines[number - 1]
    verdict = verify_record(read_record([*lines[: number - 1], edited, *lines[number:]]))
    assert verdict.problems == [f"version {number - 1}: chain hash does not match its contents"]
    assert verdict.checks == []
    assert verdict.conclusion is Conclusion.FAILED


def edited_times(record: GameRecord, count: int) -> GameRecord:
    """``record`` with the time of ``count`` lines edited, chain values left as they were:
    each edit breaks its own line alone."""
    versions = range(10, 10 + 10 * count, 10)
    events = tuple(
        replace(r, at="2027-01-01T00:00:00.000000+00:00") if r.version in versions else r
        for r in record.events
    )
    return replace(record, events=events)


def test_as_many_breaks_as_are_listed_are_all_named_and_no_more_are_counted() -> None:
    verdict = verify_record(edited_times(load(), BREAKS_LISTED))
    assert len(verdict.problems) == BREAKS_LISTED
    assert not any("more places" in problem for problem in verdict.problems)


def test_breaks_past_those_listed_are_counted() -> None:
    verdict = verify_record(edited_times(load(), BREAKS_LISTED + 1))
    assert len(verdict.problems) == BREAKS_LISTED + 1
    assert verdict.problems[-1] == (
        "… and 1 more places where versions or chain values do not follow on"
    )


def test_a_record_of_another_rules_version_with_an_edited_header_fails() -> None:
    # docs/record-format.md: "An edited line, header, result chain value or seed still fails
    # such a record."
    record = load(OLD_BURGUNDY)
    header = {**record.header, "players": ["Mallory", *record.header["players"][1:]]}
    verdict = verify_record(replace(record, header=header))
    assert verdict.conclusion is Conclusion.FAILED
    assert verdict.problems == ["the header line does not match the events"]
    assert "header agrees with the events" not in verdict.checks


def test_a_record_of_another_rules_version_with_an_edited_result_chain_fails() -> None:
    record = load(OLD_BURGUNDY)
    assert record.result is not None
    verdict = verify_record(replace(record, result={**record.result, "chain": "0" * 64}))
    assert verdict.conclusion is Conclusion.FAILED
    assert verdict.problems == ["the result line does not close on the last event's chain"]


def test_a_finished_record_without_its_result_line_says_the_line_is_missing() -> None:
    verdict = verify_record(replace(load(), result=None))
    assert verdict.problems == ["the result line is missing: the events end the game with a result"]


def test_a_seed_that_does_not_match_its_commitment_is_not_also_shown_as_matching() -> None:
    record = load()
    reveal = record.events[-1]
    forged = replace(reveal, event=encoded(SeedRevealed(seed="00" * 32)))
    verdict = verify_record(resealed(record, [*record.events[:-1], forged]))
    assert verdict.problems == ["the revealed seed does not match the commitment in GameCreated"]
    assert "revealed seed matches its commitment" not in verdict.checks


def test_a_header_naming_another_game_is_found_as_a_header_that_does_not_match() -> None:
    # The rules are those GameCreated names, which the chain seals, not the header's copy.
    record = load()
    verdict = verify_record(replace(record, header={**record.header, "game": "burgundy"}))
    assert verdict.problems == ["the header line does not match the events"]


def test_a_batch_that_lost_its_last_event_is_found_at_that_event() -> None:
    record = load()
    batch = action_batch(record, 3)
    dropped = batch[-1].version
    verdict = verify_record(resealed(record, [r for r in record.events if r.version != dropped]))
    assert verdict.problems == [
        f"version {dropped}: the rules produce 3 events for this cause, the record holds 2"
    ]


def test_only_the_first_divergence_is_reported() -> None:
    # Later batches would be re-run from a state the rules never reached.
    record = load()
    batch = action_batch(record, 3)
    target = batch[0]
    other = "bruges.HouseBuilt" if target.event.type != "bruges.HouseBuilt" else "bruges.TurnEnded"
    twin = next(r for r in record.events if r.event.type == other)
    events = [replace(r, event=twin.event) if r is target else r for r in record.events]
    verdict = verify_record(resealed(record, events))
    assert len(verdict.problems) == 1
    assert verdict.problems[0].startswith(f"version {target.version}: recorded {other} ")


def test_an_action_without_a_seat_is_refused_by_name() -> None:
    record = load()
    target = action_batch(record, 1)[0]
    seatless = replace(target.cause, seat=None)
    events = [replace(r, cause=seatless) if r.cause == target.cause else r for r in record.events]
    verdict = verify_record(resealed(record, events))
    assert verdict.problems == [
        f"version {target.version}: the rules refuse the recorded action "
        "(the cause names no action or seat)"
    ]


def test_a_starting_state_set_in_a_game_that_is_no_fork_fails() -> None:
    # GameForked sets the whole state and is not re-run, so it may stand only right after a
    # fork's GameCreated: elsewhere it would let a forger set any state mid-game.
    record = load()
    target = action_batch(record, 1)[0]
    after = fold(RULES, [CODEC.decode(r.event) for r in record.events[: target.version]])
    state = GameForked("forged", target.version, target.chain, to_json(after))
    events = [replace(r, event=encoded(state)) if r is target else r for r in record.events]
    verdict = verify_record(resealed(record, events))
    assert verdict.problems == [
        f"version {target.version}: GameForked belongs right after a fork's GameCreated"
    ]


def test_a_second_game_created_in_a_game_in_play_fails() -> None:
    record = load()
    events = in_play(record)
    middle = len(events) // 2
    again = replace(events[middle], event=record.events[0].event)
    verdict = verify_record(resealed(record, [*events[:middle], again, *events[middle + 1 :]]))
    assert verdict.problems == [
        f"version {middle + 1}: GameCreated must be the first event, and only it"
    ]


def test_a_game_event_posing_as_a_join_in_a_game_in_play_fails() -> None:
    record = load()
    events = in_play(record)
    posing = replace(events[-1], cause=Cause(CauseKind.JOIN, "join again", 0))
    verdict = verify_record(resealed(record, [*events, posing]))
    assert verdict.problems == [
        f"version {len(events) + 1}: a join cause holds {posing.event.type}"
    ]


def test_a_game_event_posing_as_a_dispute_after_the_end_fails() -> None:
    # Disputes may follow the end; a dispute cause holds only a dispute's events.
    record = load()
    game_event = record.events[-2]
    posing = replace(game_event, cause=Cause(CauseKind.DISPUTE, "a claim", 0))
    verdict = verify_record(resealed(record, [*record.events, posing]))
    assert verdict.problems == [
        f"version {len(record.events) + 1}: a dispute cause holds {game_event.event.type}"
    ]


def test_a_dispute_after_the_end_verifies() -> None:
    record = load()
    claim = DisputeOpened("d1", 40, "the die was wrong", "seat 0")
    opened = replace(
        record.events[-1], event=encoded(claim), cause=Cause(CauseKind.DISPUTE, "a claim", 0)
    )
    assert verify_record(resealed(record, [*record.events, opened])).ok


def test_a_seat_taken_after_the_end_fails() -> None:
    # docs/record-format.md: nothing may follow the end but disputes.
    record = load()
    taken = replace(
        record.events[-1],
        event=encoded(SeatTaken(seat=1, player="Mallory", token_hash="")),
        cause=Cause(CauseKind.JOIN, "join late", None),
    )
    verdict = verify_record(resealed(record, [*record.events, taken]))
    assert verdict.problems == [
        f"version {len(record.events) + 1}: only disputes may follow the seed's reveal"
    ]


def test_a_record_of_another_rules_version_left_not_compared_is_not_compared() -> None:
    # docs/record-format.md, Exit status: a record both made under another rules version and
    # not compared gets 4, the one to see to first.
    verdict = Verdict(cannot_verify="rules version 1", not_compared="no answer")
    assert verdict.conclusion is Conclusion.NOT_COMPARED


def test_a_record_that_goes_on_past_the_trusted_chain_value_says_where_it_stands() -> None:
    record = load()
    trusted = record.events[99]
    verdict = Verdict()
    against_trusted_chain(record, trusted.chain, verdict)
    follow = len(record.events) - trusted.version
    assert verdict.problems == [
        "the record goes on past the trusted last chain value: it is the chain at version "
        f"{trusted.version}, and {follow} events follow it"
    ]


def test_a_trusted_chain_value_short_of_64_hex_digits_is_a_mistake_in_the_command() -> None:
    with pytest.raises(SystemExit) as exited:
        main(["verify", str(BRUGES), "--chain", load().events[-1].chain[:62]])
    assert exited.value.code == 2


def test_a_trusted_chain_value_in_capitals_is_the_same_value() -> None:
    assert main(["verify", str(BRUGES), "--chain", load().events[-1].chain.upper()]) == 0


@pytest.mark.parametrize(
    ("line", "where"),
    [(5, ()), (5, ("event",)), (5, ("cause",)), (-1, ()), (0, ())],
    ids=["event line", "its event", "its cause", "result line", "header"],
)
def test_a_field_added_to_any_line_fails_verification_at_that_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], line: int, where: tuple[str, ...]
) -> None:
    """A field no reader takes (``"note"``) is an edit like any other: the chain is taken
    over the fields read, so the reader refuses one the record format does not have."""
    lines = [json.loads(text) for text in BRUGES.read_text(encoding="utf-8").splitlines()]
    target = lines[line]
    for key in where:
        target = target[key]
    target["note"] = "added after the game"
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(json.dumps(each) for each in lines) + "\n", encoding="utf-8")
    assert main(["verify", str(edited)]) == 1
    shown = capfd.readouterr()
    said = " ".join((shown.out + shown.err).split())
    assert "record FAILED verification" in said
    if line != 0:  # the header's own check names it otherwise: it disagrees with the events
        number = line + 1 if line > 0 else len(lines)
        assert f"line {number}: {'.'.join((*where, 'note'))} is not a field" in said, said
