"""A what-if fork's replay starts in the turn and the round its origin was in at the version it
was forked from, read from the state the fork starts in as every step's are: each game's state
counts its turns; the round is Bruges's round, the round of the game Burgundy counts over its
phases, and Bourgeoisie's lap of turns (turns pass round the table there). In the viewer's
header, a plain step and a step as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

from games.core import GameRecord
from replay.sources import open_record
from replay.timeline import Timeline
from services.application import Games, GameStore
from services.settings import Settings
from tests.replay.test_cli import tabletop
from tests.replay.test_terminal_viewer import spawn_viewer
from tests.support.play import play_random, seat_everyone

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
    game = str(request.param)
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
