"""Complete random games with SeededChance for 2, 3 and 4 players, in both rulesets: every
invariant holds at every step, the fold equals the incremental state, codecs round-trip, and
the game ends within a bounded number of decisions (docs/architecture.md §8)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.burgundy import RULES
from games.burgundy.actions import Action
from games.burgundy.catalogue import PHASES, ROUNDS
from games.burgundy.events import EVENT_TYPES, DiceRolled, GameEnded, RoundBegan
from games.burgundy.state import State
from games.core import fold

from .randomplay import (
    MAX_DECISIONS,
    check_invariants,
    keen_chooser,
    opened,
    play,
    seeded_chooser,
)

CHOOSERS = {"uniform": seeded_chooser, "keen": keen_chooser}


def play_checked(
    seats: int, seed: int, choose: Callable[[Sequence[Action]], Action], ruleset: str = "default"
) -> tuple[State, int]:
    created, events, state = opened(seats, seed, ruleset)
    history: list[object] = [created, *events]
    rounds = [e for e in events if isinstance(e, RoundBegan)]
    decisions = 0
    for step in play(seats, seed, choose, ruleset):
        assert RULES.actions.decode(RULES.actions.encode(step.action)) == step.action
        for event in step.events:
            assert RULES.events.decode(RULES.events.encode(event)) == event
        check_invariants(step.after)
        history += step.events
        rounds += [e for e in step.events if isinstance(e, RoundBegan)]
        state = step.after
        decisions += 1
    assert fold(RULES, history) == state
    assert len(rounds) == PHASES * ROUNDS
    return state, decisions


@pytest.mark.parametrize("ruleset", ["default", "published"])
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_a_random_game_is_played_from_start_to_finish(
    seats: int, chooser: str, ruleset: str
) -> None:
    state, decisions = play_checked(seats, 40 + seats, CHOOSERS[chooser](seats), ruleset)
    assert state.finished and state.phase == PHASES and state.round == ROUNDS
    assert decisions < MAX_DECISIONS
    result = RULES.outcome(state)
    assert result is not None and len(result.scores) == seats
    assert sorted(result.places) == list(range(1, seats + 1))


def test_keen_play_reaches_the_rarer_rules() -> None:
    seen: set[type] = set()
    for seed in range(6):
        for step in play(4, seed, keen_chooser(seed)):
            seen.update(type(e) for e in step.events)
    names = {t.__name__ for t in seen}
    expected = {
        "RegionCompleted",
        "ColourBonusTaken",
        "GoodsShipped",
        "AnimalsScored",
        "BuildingRewarded",
        "EffectLost",
        "MinesPaid",
        "TileBought",
        "TurnOrderAdvanced",
    }
    assert expected <= names
    assert len(seen) >= len(EVENT_TYPES) - 5


def test_every_round_rolls_dice_for_every_seat_and_the_white_die() -> None:
    _, opening, _ = opened(3, 5)
    rolls = [*opening, *(e for step in play(3, 5, seeded_chooser(5)) for e in step.events)]
    began = [n for n, e in enumerate(rolls) if isinstance(e, RoundBegan)]
    dice = [n for n, e in enumerate(rolls) if isinstance(e, DiceRolled)]
    assert len(began) == PHASES * ROUNDS
    assert dice == [n + 1 for n in began], "each round rolls as it begins, and only then"
    for n in dice:
        rolled = rolls[n]
        assert isinstance(rolled, DiceRolled) and 1 <= rolled.white <= 6
        assert len(rolled.dice) == 3 and all(len(pair) == 2 for pair in rolled.dice)
        assert all(1 <= die <= 6 for pair in rolled.dice for die in pair)
    assert isinstance(rolls[-1], GameEnded)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), seats=st.integers(2, 4), seed=st.integers(0, 2**16))
def test_random_legal_play_keeps_every_invariant(
    data: st.DataObject, seats: int, seed: int
) -> None:
    # Choices are drawn through hypothesis, so a failing game shrinks to a short one.
    def choose(actions: Sequence[Action]) -> Action:
        return data.draw(st.sampled_from(actions))

    state, _ = play_checked(seats, seed, choose)
    assert state.finished
