"""Whole games of random legal play, 2 to 6 seats (docs/architecture.md §8): every game ends within
the deck's length, the fold from scratch equals the incremental state, every card stays exactly once
on the table, coins never go negative, every event survives the codec, and no view leaks the deck's
order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bourgeoisie import RULES, view
from games.bourgeoisie.actions import Action
from games.bourgeoisie.catalogue import CARD_COUNT
from games.bourgeoisie.events import EVENT_TYPES, Event
from games.bourgeoisie.state import State
from games.core import fold

from .randomplay import MAX_TURNS, census, keen_chooser, opened, play, seeded_chooser

CHOOSERS = {"uniform": seeded_chooser, "keen": keen_chooser}


def check_invariants(state: State) -> None:
    assert census(state) == dict.fromkeys(range(CARD_COUNT), 1)
    for player in state.players:
        assert min(player.silver, player.gold, player.opportunity) >= 0
    assert (RULES.to_act(state) is None) == (RULES.outcome(state) is not None)


def check_codec(event: Event) -> None:
    assert RULES.events.decode(RULES.events.encode(event)) == event


def play_checked(seats: int, seed: int, choose: Callable[[Sequence[Action]], Action]) -> State:
    created, events, state = opened(seats, seed)
    history: list[object] = [created, *events]
    for step in play(seats, seed, choose):
        assert RULES.actions.decode(RULES.actions.encode(step.action)) == step.action
        for event in step.events:
            check_codec(event)
        check_invariants(step.after)
        history += step.events
        state = step.after
    assert fold(RULES, history) == state
    return state


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_a_random_game_is_played_from_start_to_finish(seats: int, chooser: str) -> None:
    state = play_checked(seats, seed=100 + seats, choose=CHOOSERS[chooser](seats))
    assert state.finished and state.deck == ()
    assert state.turn <= MAX_TURNS
    result = RULES.outcome(state)
    assert result is not None and len(result.scores) == seats
    assert 1 in result.places and all(1 <= p <= seats for p in result.places)


def test_keen_play_reaches_the_rarer_rules() -> None:
    seen: set[type] = set()
    for seed in range(8):
        for step in play(4, seed, keen_chooser(seed)):
            seen.update(type(e) for e in step.events)
    assert len(seen) >= len(EVENT_TYPES) - 8  # all but the setup events and a few rarities
    names = {t.__name__ for t in seen}
    assert {"FamilyRetired", "CardDiscarded", "UpgradesPlaced", "InvestmentMade"} <= names


def test_views_never_show_the_deck_order_during_a_game() -> None:
    for number, step in enumerate(play(3, 7, keen_chooser(7))):
        if number % 10:
            continue
        state = step.after
        reordered = replace(state, deck=tuple(reversed(state.deck)))
        for seat in (None, *range(state.seats)):
            assert view(state, seat) == view(reordered, seat)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), seats=st.integers(2, 6), seed=st.integers(0, 2**16))
def test_random_legal_play_keeps_every_invariant(
    data: st.DataObject, seats: int, seed: int
) -> None:
    # Choices are drawn through hypothesis, so a failing game shrinks to a short one.
    def choose(actions: Sequence[Action]) -> Action:
        return data.draw(st.sampled_from(actions))

    state = play_checked(seats, seed, choose)
    assert state.finished
