"""docs/architecture.md §8 conformance, every game and seat count: the incremental state is the fold
from scratch, someone is to act exactly until the game has an outcome, and games end."""

from __future__ import annotations

import json

import pytest

from games.core import SeededChance, fold
from games.core.codec import encoded_from_json

from .play import MAX_ACTIONS, POLICIES, TABLE_IDS, TABLES, played

CHECKPOINT = 10
"""The fold from scratch is compared with the incremental state every tenth action."""

tables = pytest.mark.parametrize(("game", "seats"), TABLES, ids=TABLE_IDS)


@tables
def test_the_incremental_state_is_the_fold_from_scratch(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    checkpoints = [*table.steps[::CHECKPOINT], None]
    for step in checkpoints:
        version = table.version if step is None else step.version
        expected = table.state if step is None else step.state
        assert fold(rules, table.events[:version]) == expected, f"at version {version}"


@tables
def test_the_stored_events_fold_to_the_same_state(game: str, seats: int) -> None:
    table = played(game, seats)
    stored = [json.loads(json.dumps(r.event.as_json())) for r in table.recorded]
    decoded = [table.codec.decode(encoded_from_json(data)) for data in stored]
    assert decoded == table.events
    assert fold(table.rules, decoded) == table.state


@tables
def test_someone_is_to_act_exactly_until_there_is_an_outcome(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for step in table.steps:
        assert rules.to_act(step.state) == step.seat
        assert 0 <= step.seat < seats
        assert rules.outcome(step.state) is None
    assert rules.to_act(table.state) is None
    assert rules.outcome(table.state) is not None


@tables
def test_the_outcome_ranks_every_seat(game: str, seats: int) -> None:
    outcome = played(game, seats).rules.outcome(played(game, seats).state)
    assert outcome is not None
    assert len(outcome.scores) == len(outcome.places) == seats
    for place in outcome.places:
        # 1 + the number of seats strictly ahead: ties share a place, the next place is skipped.
        assert place == 1 + sum(other < place for other in outcome.places)
    assert outcome.winners


@tables
@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("label", [2, 3])
def test_games_end_within_a_bounded_number_of_actions(
    game: str, seats: int, policy: str, label: int
) -> None:
    table = played(game, seats, label, policy)
    assert table.finished, f"no outcome after {MAX_ACTIONS} actions"
    assert len(table.steps) <= MAX_ACTIONS


@tables
def test_resolve_gives_decides_events_and_the_state_each_folds_to(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for step in table.steps:
        # Each call draws from a fresh chance, as the service makes one per action.
        move = (step.state, step.seat, step.action)
        events, states = rules.resolve(*move, SeededChance(table.seed, str(step.version)))
        assert events == rules.decide(*move, SeededChance(table.seed, str(step.version)))
        assert events == step.events[: len(events)]  # the table may add SeedRevealed
        assert len(states) == len(events), f"at version {step.version}"
        for count, state in enumerate(states, start=1):
            assert state == fold(rules, events[:count], step.state), f"at version {step.version}"
