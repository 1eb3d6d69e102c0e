"""docs/architecture.md §8 conformance, every game and seat count: decide accepts exactly the legal
actions, refuses the wrong seat, a finished game and an unopened one, and is deterministic."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.core import (
    GameError,
    GameOverError,
    MalformedError,
    NotYourTurnError,
    RuleError,
    SeededChance,
    SeedRevealed,
    fold,
)

from .candidates import illegal_candidates
from .play import TABLE_IDS, TABLES, played

CANDIDATE_STRIDE = 3
"""Illegal candidates are tried in every third state of a game, to keep the suite fast."""

tables = pytest.mark.parametrize(("game", "seats"), TABLES, ids=TABLE_IDS)


@tables
def test_every_legal_action_is_accepted_by_decide(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for step in table.steps:
        assert step.legal, f"version {step.version}: seat {step.seat} has no legal action"
        for action in step.legal:
            events = rules.decide(step.state, step.seat, action, SeededChance(table.seed, "x"))
            assert isinstance(events, tuple)
            assert events, f"version {step.version}: {action!r} decided no events"
            fold(rules, events, step.state)


@tables
def test_legal_actions_are_listed_once_in_a_stable_order(game: str, seats: int) -> None:
    table = played(game, seats)
    for step in table.steps:
        again = tuple(table.rules.legal_actions(step.state, step.seat))
        assert again == step.legal
        assert len(set(step.legal)) == len(step.legal), f"version {step.version}: duplicates"


@tables
def test_actions_not_listed_as_legal_are_refused(game: str, seats: int) -> None:
    table = played(game, seats)
    rules, rng = table.rules, random.Random(f"{game} {seats}")
    problems: list[str] = []
    tried = 0
    for step in table.steps[::CANDIDATE_STRIDE]:
        for action in illegal_candidates(rules, step.state, step.seat, step.legal, rng):
            tried += 1
            try:
                rules.decide(step.state, step.seat, action, SeededChance(table.seed, "x"))
            except (RuleError, MalformedError):
                continue
            except Exception as exc:
                problems.append(f"v{step.version} {action!r}: {type(exc).__name__}: {exc}")
            else:
                problems.append(f"v{step.version} {action!r}: accepted but not listed as legal")
    assert tried > 100
    assert not problems, "\n".join(problems[:20])


@tables
def test_only_the_seat_to_act_may_act(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for step in table.steps[::CANDIDATE_STRIDE]:
        for other in (s for s in range(seats) if s != step.seat):
            assert list(rules.legal_actions(step.state, other)) == []
            for action in step.legal:
                with pytest.raises(NotYourTurnError):
                    rules.decide(step.state, other, action, SeededChance(table.seed, "x"))
        for absent in (-1, seats):
            with pytest.raises((NotYourTurnError, MalformedError)):
                rules.decide(step.state, absent, step.action, SeededChance(table.seed, "x"))


@tables
def test_a_finished_game_accepts_nothing(game: str, seats: int) -> None:
    table = played(game, seats)
    assert table.finished
    rules, last = table.rules, table.steps[-1]
    for seat in range(seats):
        assert list(rules.legal_actions(table.state, seat)) == []
        for action in last.legal:
            with pytest.raises(GameOverError):
                rules.decide(table.state, seat, action, SeededChance(table.seed, "x"))


@tables
def test_nothing_is_accepted_before_the_opening(game: str, seats: int) -> None:
    table = played(game, seats)
    rules, state = table.rules, table.before_opening
    assert rules.to_act(state) is None
    assert rules.outcome(state) is None
    for seat in range(seats):
        assert list(rules.legal_actions(state, seat)) == []
        for action in table.steps[0].legal:
            with pytest.raises(RuleError):
                rules.decide(state, seat, action, SeededChance(table.seed, "x"))


@tables
def test_decide_is_a_function_of_state_action_and_chance(game: str, seats: int) -> None:
    """replay verify re-runs decide with the revealed seed and expects the same events."""
    table = played(game, seats)
    for step in table.steps:
        chance = SeededChance(table.seed, str(step.version))
        again = table.rules.decide(step.state, step.seat, step.action, chance)
        recorded = tuple(e for e in step.events if not isinstance(e, SeedRevealed))
        assert again == recorded
    opening = table.rules.opening(table.before_opening, SeededChance(table.seed, "1"))
    assert list(opening) == table.events[1 : 1 + len(opening)]


@tables
def test_seat_counts_outside_the_table_are_refused(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for wrong in (rules.min_seats - 1, rules.max_seats + 1):
        with pytest.raises(GameError):
            rules.start(replace(table.created, seats=wrong))
    with pytest.raises(GameError):
        rules.start(replace(table.created, ruleset="no such rules"))
