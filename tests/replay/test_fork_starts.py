"""A what-if fork's start checked against its origin's record (replay/forks.py).

On its own a fork's record is taken at its word for the state it starts from; verified beside
its origin's record, a fork whose copied state or named chain value was changed (and the
fork re-hashed from scratch, as a careful forger would) fails.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from games.core import GameRecord, Recorded
from games.core.meta import META_CODEC
from replay.forks import check_fork_starts, fork_start
from replay.verify import Checked
from services.application import Games, GameStore
from services.settings import Settings
from tests.replay.test_cli import tabletop
from tests.support.forgery import resealed
from tests.support.play import play_random, seat_everyone
from tests.support.verified import verified


@pytest.fixture(scope="module")
def records() -> tuple[GameRecord, GameRecord]:
    """A finished game's record, and the record of a fork of it played to its end."""
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2))
    at = _end_of_a_batch(games.record(game_id), near=40)
    fork_id, _ = games.fork_game(game_id, at, "")
    play_random(games, fork_id, seat_everyone(games, fork_id, 2), seed=3)
    return games.record(game_id), games.record(fork_id)


def _end_of_a_batch(record: GameRecord, near: int) -> int:
    return next(e.version for e, after in pairwise(record.events[near:]) if e.cause != after.cause)


def _checked(*records: GameRecord) -> list[Checked]:
    checked, read_again = verified([(f"{i}.jsonl", r) for i, r in enumerate(records)])
    check_fork_starts(checked, read_again)
    return checked


def _with_start(fork: GameRecord, **changes: Any) -> GameRecord:
    """The fork with its ``GameForked`` changed, re-hashed from scratch."""
    start = fork_start(fork)
    assert start is not None
    event = META_CODEC.encode(replace(start, **changes))
    events: list[Recorded] = list(fork.events)
    events[1] = replace(events[1], event=event)
    return resealed(fork, events)


def test_a_fork_beside_its_origin_starts_where_the_origin_stood(
    records: tuple[GameRecord, GameRecord],
) -> None:
    origin, fork = records
    checked_origin, checked_fork = _checked(origin, fork)
    start = fork_start(fork)
    assert start is not None
    assert checked_fork.verdict.ok, checked_fork.verdict.problems
    assert (
        f"starts where game {start.origin_game_id} at version {start.origin_version} stands in "
        "its record (chain value and whole state)"
    ) in checked_fork.verdict.checks
    assert checked_fork.verdict.fork_start == (
        f"a fork: its start matches game {start.origin_game_id} at version {start.origin_version}"
    )
    assert checked_origin.verdict.ok and fork_start(origin) is None
    assert not checked_origin.verdict.fork_start


def test_a_fork_alone_is_taken_at_its_word_and_says_how_to_check_it(
    records: tuple[GameRecord, GameRecord],
) -> None:
    [alone] = _checked(records[1])
    assert alone.verdict.ok
    assert any("verify the fork beside that game's record" in c for c in alone.verdict.checks)
    assert alone.verdict.fork_start == "a fork: its start is taken as it stands (origin not given)"


def test_a_forged_starting_state_verifies_alone_and_fails_beside_its_origin(
    records: tuple[GameRecord, GameRecord],
) -> None:
    """A fork re-hashed with a state its origin never had (scores that no event gave; the
    game's end replaces them, so every later decision still re-runs alike) is consistent on
    its own: only the origin's record shows the lie."""
    origin, fork = records
    start = fork_start(fork)
    assert start is not None and isinstance(start.state, dict)
    forged = _with_start(fork, state={**start.state, "scores": [99, 0]})
    [alone] = _checked(forged)
    assert alone.verdict.ok, alone.verdict.problems
    _, beside = _checked(origin, forged)
    assert beside.verdict.problems == [
        f"its start does not match game {start.origin_game_id} at version "
        f"{start.origin_version}: the state the fork copied is not the one its events lead to"
    ]


def test_a_fork_naming_another_chain_value_or_a_version_past_the_record_fails(
    records: tuple[GameRecord, GameRecord],
) -> None:
    origin, fork = records
    _, other_chain = _checked(origin, _with_start(fork, origin_chain="0" * 64))
    assert "the chain value there is not the one the fork names" in other_chain.verdict.problems[-1]
    short = replace(origin, events=origin.events[:10], result=None)
    _, past = _checked(short, fork)
    assert past.verdict.problems[-1].endswith("that record holds versions 1 to 10")


def test_verify_checks_a_fork_given_beside_its_origin(
    records: tuple[GameRecord, GameRecord], tmp_path: Path
) -> None:
    origin, fork = records
    for name, record in (("origin.jsonl", origin), ("fork.jsonl", fork)):
        (tmp_path / name).write_text("".join(line + "\n" for line in record.lines()))
    alone = tabletop("verify", tmp_path / "fork.jsonl")
    assert alone.returncode == 0, alone.stderr
    assert "verify the fork beside that game's record" in " ".join(alone.stderr.split())
    both = tabletop("verify", tmp_path / "fork.jsonl", tmp_path / "origin.jsonl")
    assert both.returncode == 0, both.stderr
    assert "2 verified, 0 failed" in both.stderr


def test_verify_says_a_fork_in_play_starts_where_its_origin_stood(tmp_path: Path) -> None:
    """A fork is in play until its seats play it out, so that is how it is mostly verified:
    the table's note is its start, checked, not the in-play note the result column gives."""
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2))
    at = _end_of_a_batch(games.record(game_id), near=40)
    fork_id, _ = games.fork_game(game_id, at, "")
    for name, record in (
        ("origin.jsonl", games.record(game_id)),
        ("fork.jsonl", games.record(fork_id)),
    ):
        (tmp_path / name).write_text("".join(line + "\n" for line in record.lines()))
    both = tabletop("verify", tmp_path)  # a folder: its table names each record briefly
    assert both.returncode == 0, both.stderr
    rows = [line.split("│") for line in both.stdout.splitlines() if line.startswith("│")]
    notes = " ".join(" ".join(row[4].split()) for row in rows)
    assert "a fork: its start matches game" in notes
