"""docs/architecture.md §4: legal_actions and decide share their predicates, and agree exactly."""

from __future__ import annotations

import pytest

from games.bourgeoisie import decide, legal_actions
from games.bourgeoisie.actions import BuyCard, EndPhase, PlaceFamily, SellCard
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.state import State
from games.core import GameError, MalformedError, NotYourTurnError, SeededChance

from .builders import cid, family, player, refusal, table
from .randomplay import candidate_actions, keen_chooser, play, seeded_chooser

SAMPLED = [(2, 11), (3, 12), (4, 13), (6, 14)]


def sampled_states(seats: int, seed: int, every: int = 1) -> list[tuple[State, int]]:
    """(state, seat to act) met in two random games, a uniform one and a keen builder's."""
    steps = [*play(seats, seed, seeded_chooser(seed)), *play(seats, seed, keen_chooser(seed))]
    return [(step.before, step.seat) for step in steps[::every]]


@pytest.mark.parametrize(("seats", "seed"), SAMPLED)
def test_every_legal_action_is_accepted_in_sampled_states(seats: int, seed: int) -> None:
    checked = 0
    for state, seat in sampled_states(seats, seed):
        for action in legal_actions(state, seat):
            assert decide(state, seat, action, SeededChance(b"x", "accept"))
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("seats", "seed"), SAMPLED)
def test_every_action_not_listed_is_rejected_in_sampled_states(seats: int, seed: int) -> None:
    rejected = 0
    for state, seat in sampled_states(seats, seed, every=5):
        legal = set(legal_actions(state, seat))
        for action in set(candidate_actions(state, seat)) - legal:
            with pytest.raises(GameError):
                decide(state, seat, action, SeededChance(b"x", "reject"))
            rejected += 1
    assert rejected > 5000


@pytest.mark.parametrize(("seats", "seed"), SAMPLED[:2])
def test_seats_not_to_act_have_no_legal_action_and_are_refused(seats: int, seed: int) -> None:
    for state, active in sampled_states(seats, seed, every=13):
        for seat in range(seats):
            if seat != active:
                assert list(legal_actions(state, seat)) == []
                with pytest.raises(NotYourTurnError):
                    decide(state, seat, EndPhase(), SeededChance(b"x", "turn"))


def test_legal_actions_come_in_a_stable_order() -> None:
    state = table(
        player(opportunity=9, family=family("Serfs"), hand=["Manor", "Plots"]),
        phase=Phase.OPPORTUNITY,
    )
    first = list(legal_actions(state, 0))
    assert first == list(legal_actions(state, 0))
    assert first[:3] == [BuyCard(1), BuyCard(2), BuyCard(3)]
    assert first[-1] == EndPhase()


def test_end_phase_is_offered_only_besides_a_real_option() -> None:
    selling = table(player(hand=["Manor", "Plots"]), phase=Phase.CAPITAL)
    assert list(legal_actions(selling, 0)) == [
        SellCard(cid("Plots")),
        SellCard(cid("Manor")),
        EndPhase(),
    ]


def test_something_that_is_not_a_bourgeoisie_action_is_malformed() -> None:
    error = refusal(table(), "take two cards")
    assert isinstance(error, MalformedError) and error.reason == "UNKNOWN_ACTION"


@pytest.mark.parametrize("bad", [-1, 120, True])
def test_a_card_id_outside_0_to_119_is_malformed(bad: int) -> None:
    error = refusal(table(player(hand=["Serfs"])), PlaceFamily(bad))
    assert isinstance(error, MalformedError) and error.reason == "BAD_CARD"
