"""docs/architecture.md §5 conformance, every game: an honest record verifies, and ``replay verify``
finds a forger's changes even when the forger re-chains every hash."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from random import Random

import pytest

from games.core import Cause, CauseKind, GameRecord, Recorded, SeedRevealed, read_record
from games.core.record import record_of
from games.registry import all_rules
from replay.verify import verify_record
from tests.support.forgery import rechained

from .play import GAMES, Table, played, seed_bytes, uniform

games = pytest.mark.parametrize("game", GAMES)


def smallest(game: str) -> Table:
    """The cached complete game at the smallest table."""
    return played(game, all_rules()[game].min_seats)


def forged(table: Table, events: Sequence[Recorded]) -> GameRecord:
    return record_of(table.rules, rechained(events))


@games
def test_an_honest_record_verifies_after_a_round_trip_through_text(game: str) -> None:
    table = smallest(game)
    stream = io.StringIO()
    table.record().write(stream)
    record = read_record(stream.getvalue().splitlines())
    verdict = verify_record(record)
    assert verdict.problems == []
    assert verdict.ok
    assert "every recorded action re-decided with the revealed seed" in verdict.checks


@games
def test_an_unfinished_game_verifies_without_its_secret_seed(game: str) -> None:
    rules = all_rules()[game]
    table = Table(rules, rules.min_seats, seed_bytes(7)).play_with(uniform(Random(7)), limit=15)
    record = table.record()
    assert record.result is None
    verdict = verify_record(record)
    assert verdict.problems == []
    assert any("in play" in check for check in verdict.checks)


@games
def test_a_claimed_action_other_than_the_one_decided_is_found(game: str) -> None:
    table = smallest(game)
    step = next(s for s in table.steps[len(table.steps) // 2 :] if len(s.legal) > 1)
    other = next(a for a in step.legal if a != step.action)
    claimed = table.rules.actions.encode(other)
    batch = f"command {step.version}"
    events = [
        replace(r, cause=replace(r.cause, action=claimed)) if r.cause.command_id == batch else r
        for r in table.recorded
    ]
    verdict = verify_record(forged(table, events))
    assert not verdict.ok
    assert any(f"version {step.version + 1}" in problem for problem in verdict.problems)


@games
def test_a_dropped_event_is_found_even_when_rechained(game: str) -> None:
    table = smallest(game)
    middle = table.steps[len(table.steps) // 2].version + 1
    events = [r for r in table.recorded if r.version != middle]
    verdict = verify_record(forged(table, events))
    assert not verdict.ok


@games
def test_a_seed_that_does_not_match_the_commitment_is_found(game: str) -> None:
    table = smallest(game)
    other_seed = table.codec.encode(SeedRevealed(seed_bytes(99).hex()))
    events = [*table.recorded[:-1], replace(table.recorded[-1], event=other_seed)]
    verdict = verify_record(forged(table, events))
    assert "the revealed seed does not match the commitment in GameCreated" in verdict.problems


@games
def test_edited_header_and_result_lines_are_found(game: str) -> None:
    record = smallest(game).record()
    assert record.result is not None
    header = {**record.header, "players": ["mallory", *record.header["players"][1:]]}
    result = {**record.result, "scores": [s + 1 for s in record.result["scores"]]}
    assert (
        "the header line does not match the events"
        in verify_record(replace(record, header=header)).problems
    )
    assert (
        "the result line does not match the events"
        in verify_record(replace(record, result=result)).problems
    )


@games
def test_a_truncated_record_is_found_by_its_result_line(game: str) -> None:
    record = smallest(game).record()
    verdict = verify_record(replace(record, events=record.events[:-5]))
    assert "the result line does not match the events" in verdict.problems


@games
def test_an_edit_without_rechaining_breaks_the_chain(game: str) -> None:
    record = smallest(game).record()
    events = list(record.events)
    events[3] = replace(events[3], at="2027-01-01T00:00:00.000000+00:00")
    verdict = verify_record(replace(record, events=tuple(events)))
    assert verdict.problems == ["version 4: chain hash does not match its contents"]


def outcome_event_index(table: Table) -> int:
    """The index of the last game event: the one that ended the game."""
    return len(table.events) - 2


@games
def test_a_finished_game_without_its_seed_is_found(game: str) -> None:
    table = smallest(game)
    assert isinstance(table.events[-1], SeedRevealed)
    record = forged(table, table.recorded[:-1])
    assert record.result is not None, "the events alone still end the game"
    assert not verify_record(record).ok


@games
def test_a_game_event_posing_as_a_join_is_found(game: str) -> None:
    table = smallest(game)
    last_game_event = table.recorded[outcome_event_index(table)]
    posing = replace(last_game_event, cause=Cause(CauseKind.JOIN, "join again", 0))
    assert not verify_record(forged(table, [*table.recorded, posing])).ok


@games
def test_a_check_that_failed_is_never_also_listed_as_passed(game: str) -> None:
    table = smallest(game)
    step = next(s for s in table.steps[len(table.steps) // 2 :] if len(s.legal) > 1)
    claimed = table.rules.actions.encode(next(a for a in step.legal if a != step.action))
    batch = f"command {step.version}"
    events = [
        replace(r, cause=replace(r.cause, action=claimed)) if r.cause.command_id == batch else r
        for r in table.recorded
    ]
    verdict = verify_record(forged(table, events))
    assert verdict.problems
    assert "every recorded action re-decided with the revealed seed" not in verdict.checks
