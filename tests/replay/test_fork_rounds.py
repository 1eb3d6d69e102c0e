"""A what-if fork's replay starts in the turn and the round its origin was in at the version it
was forked from, read from the state the fork starts in as every step's are: each game's state
counts its turns; the round is Bruges's round, the round of the game Burgundy counts over its
phases, and Bourgeoisie's lap of turns (turns pass round the table there). In the viewer's
header, a plain step and a step as JSON."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

import pytest

from games.core import GameRecord
from games.core.jsonable import from_json
from games.core.meta import META_CODEC
from replay.forks import check_fork_starts, fork_start
from replay.sources import open_record
from replay.timeline import Timeline
from replay.verify import Verdict
from services.application import Games, GameStore
from services.settings import Settings
from tests.replay.test_cli import tabletop
from tests.replay.test_terminal_viewer import spawn_viewer
from tests.support.forgery import resealed
from tests.support.play import play_random, seat_everyone
from tests.support.verified import verified

FORKED = 2
"""The fork's first step of play: its ``GameForked``, after its own ``GameCreated``."""


@dataclass(frozen=True)
class Fork:
    origin: Timeline
    at: int
    """The origin's version the fork starts from."""
    fork: Timeline
    path: Path
    """The fork's record file."""


def _end_of_a_batch(record: GameRecord, near: int) -> int:
    """A version from which a fork may start: the last event of an action's batch."""
    events = record.events[near:]
    return next(e.version for e, after in pairwise(events) if e.cause != after.cause)


@pytest.fixture(scope="module", params=["bourgeoisie", "bruges", "burgundy"])
def forked(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Fork:
    """A finished two-seat game of each kind, forked halfway through."""
    return _fork_of(str(request.param), tmp_path_factory)


@pytest.fixture(scope="module", params=["bruges", "burgundy"])
def forked_counting_later(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Fork:
    """``forked`` of each game whose state began to count its turns after forks were stored
    (``GameRules.state_fields_added``; Bourgeoisie's counted them from the start)."""
    fork = _fork_of(str(request.param), tmp_path_factory)
    assert "turn" in fork.fork.rules.state_fields_added
    return fork


def _fork_of(game: str, tmp_path_factory: pytest.TempPathFactory) -> Fork:
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game(game, 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2))
    origin = games.record(game_id)
    at = _end_of_a_batch(origin, near=len(origin.events) // 2)
    fork_id, _ = games.fork_game(game_id, at, "")
    path = tmp_path_factory.mktemp("forks") / f"{game}-fork.jsonl"
    with path.open("w") as stream:
        games.record(fork_id).write(stream)
    return Fork(Timeline(origin), at, Timeline(open_record(path)), path)


def test_a_fork_starts_in_the_round_its_origin_was_in(forked: Fork) -> None:
    origin = forked.origin.frame(forked.at)
    assert origin.round > 1, "forked after the first round"
    assert forked.fork.frame(FORKED).round == origin.round
    assert forked.fork.round_text(FORKED) == forked.origin.round_text(forked.at)


def test_a_fork_starts_in_the_turn_its_origin_was_in(forked: Fork) -> None:
    origin = forked.origin.frame(forked.at)
    assert origin.turn > forked.origin.seats, "forked after every seat's first turn"
    assert forked.fork.frame(FORKED).turn == origin.turn


def test_the_replay_of_a_fork_shows_that_turn_and_round(forked: Fork) -> None:
    origin = forked.origin.frame(forked.at)
    round_text = forked.origin.round_text(forked.at)
    plain = tabletop("replay", forked.path, "--at", str(FORKED))
    assert plain.returncode == 0, plain.stderr
    assert f"  turn {origin.turn}  {round_text}  " in plain.stdout.splitlines()[0], plain.stdout
    as_json = tabletop("replay", forked.path, "--at", str(FORKED), "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert f'"turn": {origin.turn},' in as_json.stdout
    assert f'"round": {origin.round},' in as_json.stdout
    viewer = spawn_viewer(str(forked.path))  # opens at the last step, the fork's start
    viewer.expect_exact(f"version {FORKED}/{FORKED} · turn {origin.turn} · {round_text} · ")
    viewer.send("q")
    assert viewer.exit_code() == 0


def _without(fork: GameRecord, name: str) -> GameRecord:
    """``fork`` with the field ``name`` left out of the state its ``GameForked`` copied, as a
    build whose state had no such field wrote it."""
    start = fork_start(fork)
    assert start is not None and name in start.state
    state = {field: value for field, value in start.state.items() if field != name}
    events = list(fork.events)
    event = META_CODEC.encode(replace(start, state=state))
    events[FORKED - 1] = replace(events[FORKED - 1], event=event)
    return resealed(fork, events)


def _beside_its_origin(forked: Fork, fork: GameRecord) -> Verdict:
    """The verdict on ``fork`` verified beside the record of the game it was forked from."""
    origin = forked.origin.record
    checked, read_again = verified([("origin", origin), ("fork", fork)])
    check_fork_starts(checked, read_again)
    return checked[1].verdict


def test_a_state_stored_before_the_turn_was_counted_still_decodes(
    forked_counting_later: Fork,
) -> None:
    forked = forked_counting_later
    rules = forked.fork.rules
    older, newer = (
        fork_start(r) for r in (_without(forked.fork.record, "turn"), forked.fork.record)
    )
    assert older is not None and newer is not None
    state = from_json(rules.state_type, newer.state)
    assert state.turn == forked.origin.frame(forked.at).turn
    assert from_json(rules.state_type, older.state) == replace(state, turn=0)


def test_a_fork_stored_before_the_turn_was_counted_replays_and_verifies(
    forked_counting_later: Fork,
) -> None:
    """Such a fork numbers its turns from its start, as every fork did then; its start is
    its origin's state in every field it copied."""
    forked = forked_counting_later
    older = _without(forked.fork.record, "turn")
    fork, origin = Timeline(older), forked.origin.frame(forked.at)
    assert (fork.frame(FORKED).turn, fork.frame(FORKED).round) == (0, origin.round)
    verdict = _beside_its_origin(forked, older)
    assert verdict.ok, verdict.problems
    assert verdict.fork_start.startswith("a fork: its start matches game")


def test_a_fork_that_lacks_any_other_field_of_the_state_fails_beside_its_origin(
    forked: Fork,
) -> None:
    """Only a field the state gained later may be missing from a fork's copy: without any
    other the copy would read that field's default, which need not be its origin's."""
    verdict = _beside_its_origin(forked, _without(forked.fork.record, "phase"))
    assert verdict.problems[-1].endswith(
        "the state the fork copied is not the one its events lead to"
    )
