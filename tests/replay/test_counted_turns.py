"""Bruges and Burgundy count their turns in their state (``GameRules.turn``), and the replay
numbers its steps with that count, where it used to count runs of actions by one seat.

Compared at every step of random games of both, the two counts differ, and only where the
rules part a turn from a run of one seat's actions (docs/rules/bruges.md and
docs/rules/burgundy.md, "Counting turns"):

- a turn begins with the event that opens it, among the events of the previous turn's last
  action, where a run began only with its seat's first action;
- one seat's turns in a row were one run: in Burgundy the seat that ends a round and begins
  the next; in Bruges a seat whose opponents have no card play left, or the seat that ends
  one phase and begins the next;
- a Bruges turn may hold no action: a seat passed over on the reputation track, or a Phase 1
  draw that needs no choice (one pile left);
- a Bruges disaster's loss, chosen by its victim during another seat's turn, is part of that
  turn, where it made a run of its own, and so did the rest of the turn after it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

import pytest

from games.bruges.catalogue import Phase
from games.bruges.draw import drawable, wants_cards
from replay.timeline import Frame, Timeline, numbered_frames
from services.application import Games, GameStore
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

TABLES = [(seats, seed) for seats in (2, 3, 4) for seed in (0, 1)]
"""The games played of each kind: seats and the seed of the random player."""
TURN_OPENING = {
    "bruges": {"bruges.RoundBegan", "bruges.PhaseBegan", "bruges.TurnBegan"},
    "burgundy": {"burgundy.TurnBegan"},
}
"""The events that begin a turn, by game."""


@functools.cache
def _played(game: str, seats: int, seed: int) -> Timeline:
    """A game played to its end by random legal actions."""
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game(game, seats)
    play_random(games, game_id, seat_everyone(games, game_id, seats), seed=seed)
    return Timeline(games.record(game_id))


def _tables(game: str) -> list[Any]:
    return [
        pytest.param((game, *table), id=f"{game}-{table[0]}p-seed{table[1]}") for table in TABLES
    ]


@pytest.fixture(params=_tables("bruges") + _tables("burgundy"))
def played(request: pytest.FixtureRequest) -> Timeline:
    return _played(*request.param)


@pytest.fixture(params=_tables("bruges"))
def bruges(request: pytest.FixtureRequest) -> Timeline:
    return _played(*request.param)


@pytest.fixture(params=_tables("burgundy"))
def burgundy(request: pytest.FixtureRequest) -> Timeline:
    return _played(*request.param)


@dataclass(frozen=True)
class Action:
    """One action: the step before it, the first step of its events, and the count of runs
    of one seat's actions there as the replay numbered them before."""

    before: Frame
    first: Frame
    runs: int

    @property
    def seat(self) -> int:
        assert self.first.actor is not None
        return self.first.actor

    @property
    def turn(self) -> int:
        """The turn the action was taken in: the one in progress when its seat chose it."""
        return self.before.turn


def _actions(timeline: Timeline) -> list[Action]:
    runs = _runs(timeline)
    return [
        Action(before, frame, runs[frame.version - 1])
        for before, frame in pairwise(timeline.frames)
        if frame.actor is not None and frame.recorded.cause != before.recorded.cause
    ]


def _runs(timeline: Timeline) -> list[int]:
    """Each step's turn as the replay numbered it before the state counted turns: the runs of
    actions by one seat so far (``numbered_frames`` for a game whose rules count no turns)."""
    uncounted = replace(timeline.rules, turn=None)
    steps = ((f.recorded, f.event, f.state, f.description) for f in timeline.frames)
    return [frame.turn for frame in numbered_frames(uncounted, timeline.seats, steps)]


def _steps_opening(timeline: Timeline) -> Iterator[tuple[Frame, Frame]]:
    """The step that begins each turn, after the step before it."""
    return ((b, f) for b, f in pairwise(timeline.frames) if f.turn != b.turn)


def _openings(timeline: Timeline) -> Iterator[Frame]:
    """The step that begins each turn."""
    return (f for _, f in _steps_opening(timeline))


def _owed(timeline: Timeline, action: Action) -> bool:
    """Whether ``action`` is a decision another seat owed during the turn (a Bruges loss)."""
    state = action.before.state
    return (
        timeline.rules.name == "bruges"
        and bool(state.pending)
        and (state.pending[0].seat == action.seat != state.active)
    )


def test_a_turn_begins_with_the_event_that_opens_it_and_only_there(played: Timeline) -> None:
    opening = TURN_OPENING[played.rules.name]
    for before, frame in pairwise(played.frames):
        opens = frame.recorded.event.type in opening
        assert frame.turn == before.turn + opens, frame.description
    assert all(f.recorded.cause == b.recorded.cause for b, f in _steps_opening(played)), (
        "a turn begins among the events of the action before it"
    )


def test_every_action_is_its_turns_seats_or_a_decision_owed_during_it(played: Timeline) -> None:
    for action in _actions(played):
        assert action.seat == action.before.state.active or _owed(played, action)
    if played.rules.name == "burgundy":
        assert not any(_owed(played, action) for action in _actions(played))


def test_every_burgundy_round_has_one_turn_for_each_seat_in_its_order(burgundy: Timeline) -> None:
    seats_by_round: dict[int, list[int]] = {}
    for frame in _openings(burgundy):
        seats_by_round.setdefault(frame.round, []).append(frame.state.active)
    assert list(seats_by_round) == list(range(1, 26))
    for round_, seats in seats_by_round.items():
        order = next(f.state.order for f in burgundy.frames if f.round == round_)
        assert tuple(seats) == order, f"round {round_}"
    assert burgundy.frame(burgundy.last).turn == 25 * burgundy.seats


def test_every_bruges_round_has_two_turns_for_each_seat_and_one_for_each_card_played(
    bruges: Timeline,
) -> None:
    turns = Counter((f.round, f.state.phase) for f in _openings(bruges))
    played_cards = {
        before.round: sum(p.played for p in before.state.players)
        for before, frame in pairwise(bruges.frames)
        if frame.recorded.event.type == "bruges.RoundEnded"
    }
    last = bruges.frame(bruges.last)
    assert list(played_cards) == list(range(1, last.round + 1))
    for round_, cards in played_cards.items():
        assert turns[round_, Phase.DRAW] == turns[round_, Phase.REPUTATION] == bruges.seats
        assert turns[round_, Phase.ACTIONS] == cards
    assert turns.total() == last.turn


def test_the_runs_counted_before_part_from_the_turns_only_where_the_rules_say(
    played: Timeline,
) -> None:
    actions = _actions(played)
    runs_begun = {a.first.version for b, a in pairwise(actions) if a.runs > b.runs}
    runs_begun.add(actions[0].first.version)
    first_of_turn: dict[int, Action] = {}  # turn -> its seat's first action in it
    for action in actions:
        if action.seat == action.before.state.active and not _owed(played, action):
            first_of_turn.setdefault(action.turn, action)
    # Each run begins with a turn's first action, or with a loss owed during another seat's
    # turn, or with that seat taking its turn up again after one.
    extra = 0
    for before, action in pairwise(actions):
        if action.first.version not in runs_begun or first_of_turn.get(action.turn) is action:
            continue
        assert played.rules.name == "bruges", action.first.description
        assert _owed(played, action) or _owed(played, before), action.first.description
        extra += 1
    # Each turn begins a run with its seat's first action, or runs on from that seat's
    # turn before it (the action before was its), or holds no action of its seat.
    merged = without_action = 0
    for opening in _openings(played):
        first = first_of_turn.get(opening.turn)
        if first is None:
            assert _needed_no_choice(played, opening), opening.description
            without_action += 1
        elif first.first.version not in runs_begun:
            before = actions[actions.index(first) - 1]
            assert before.seat == first.seat and before.turn < first.turn
            assert played.rules.name == "bruges" or opening.round > before.before.round, (
                "in Burgundy one seat's turns run on only from one round into the next"
            )
            merged += 1
    turns = played.frame(played.last).turn
    assert _runs(played)[-1] == turns - merged - without_action + extra
    if played.rules.name == "burgundy":
        assert extra == without_action == 0


def _needed_no_choice(timeline: Timeline, opening: Frame) -> bool:
    """Whether the Bruges turn ``opening`` begins asks nothing of its seat: a reputation step
    it cannot take (the log says so), or a Phase 1 draw with at most one pile to draw from."""
    state = opening.state
    if timeline.rules.name != "bruges":
        return False
    if state.phase is Phase.REPUTATION:
        return "reputation" in opening.description
    return state.phase is Phase.DRAW and (
        not wants_cards(state, state.active) or len(drawable(state)) <= 1
    )
