"""docs/architecture.md §4: legal_actions and decide share their predicates, and agree exactly."""

from __future__ import annotations

import pytest

from games.bruges import decide, legal_actions
from games.bruges.actions import (
    BuildCanal,
    BuildHouse,
    DrawCard,
    EndTurn,
    LoseWorker,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.catalogue import Colour, Phase
from games.bruges.state import State
from games.core import GameError, MalformedError, NotYourTurnError, ScriptedChance, SeededChance

from .builders import B, R, counts, house, plain, player, refusal, roll, rolling, table
from .randomplay import candidate_actions, keen_chooser, play, seeded_chooser

SAMPLED = [(2, 11, "default"), (3, 12, "published"), (4, 13, "default"), (4, 14, "published")]


def sampled_states(seats: int, seed: int, ruleset: str, every: int = 1) -> list[tuple[State, int]]:
    """(state, seat to act) met in two random games, a uniform one and a keen builder's."""
    steps = [
        *play(seats, seed, seeded_chooser(seed), ruleset),
        *play(seats, seed, keen_chooser(seed), ruleset),
    ]
    return [(step.before, step.seat) for step in steps[::every]]


@pytest.mark.parametrize(("seats", "seed", "ruleset"), SAMPLED)
def test_every_legal_action_is_accepted_in_sampled_states(
    seats: int, seed: int, ruleset: str
) -> None:
    checked = 0
    for state, seat in sampled_states(seats, seed, ruleset):
        for action in legal_actions(state, seat):
            assert decide(state, seat, action, SeededChance(b"x", "accept"))
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("seats", "seed", "ruleset"), SAMPLED)
def test_every_action_not_listed_is_rejected_in_sampled_states(
    seats: int, seed: int, ruleset: str
) -> None:
    rejected = 0
    for state, seat in sampled_states(seats, seed, ruleset, every=4):
        legal = set(legal_actions(state, seat))
        for action in set(candidate_actions(state, seat)) - legal:
            with pytest.raises(GameError):
                decide(state, seat, action, SeededChance(b"x", "reject"))
            rejected += 1
    assert rejected > 3000


@pytest.mark.parametrize(("seats", "seed", "ruleset"), SAMPLED[:2])
def test_seats_not_to_act_have_no_legal_action_and_are_refused(
    seats: int, seed: int, ruleset: str
) -> None:
    for state, active in sampled_states(seats, seed, ruleset, every=9):
        for seat in range(seats):
            if seat != active:
                assert list(legal_actions(state, seat)) == []
                with pytest.raises(NotYourTurnError):
                    decide(state, seat, EndTurn(), SeededChance(b"x", "turn"))


def test_a_waiting_game_always_offers_its_seat_something() -> None:
    for state, seat in sampled_states(3, 21, "published"):
        assert list(legal_actions(state, seat))


def test_legal_actions_come_in_a_stable_order() -> None:
    state = table(
        player(hand=[plain(R), plain(B)], houses=[house(plain(R, 1))], guilders=20), player()
    )
    first = list(legal_actions(state, 0))
    assert first == list(legal_actions(state, 0))
    low = min(plain(B), plain(R))
    assert first[:3] == [TakeWorkers(low), TakeGuilders(low), BuildCanal(low, 0)]
    assert BuildHouse(plain(R)) in first and RecruitPerson(plain(R), 0) in first


def test_a_loss_of_one_worker_offers_exactly_the_colours_held_and_decide_agrees() -> None:
    """Seed: Threat Penalties, Yellow: "Discard 1 worker of your choice". The victim holding
    blue and red workers is offered a blue or a red worker, each accepted; any other colour,
    offered nowhere, is refused (docs/rules/bruges.md, item 9; docs/architecture.md §4)."""
    victim = player(threats=counts(yellow=2), workers=counts(blue=1, red=2))
    state, _ = roll(rolling(victim, player()), [3, 3, 3, 3, 6])
    offered = list(legal_actions(state, 0))
    assert offered == [LoseWorker(Colour.BLUE), LoseWorker(Colour.RED)]
    for action in offered:
        assert decide(state, 0, action, ScriptedChance())
    for colour in (Colour.BROWN, Colour.PURPLE, Colour.YELLOW):
        assert refusal(state, LoseWorker(colour)).reason == "BAD_LOSS"


def test_drawing_offers_both_piles() -> None:
    state = table(player(), player(), phase=Phase.DRAW, dice=())
    assert list(legal_actions(state, 0)) == [DrawCard(0), DrawCard(1)]


def test_something_that_is_not_a_bruges_action_is_malformed() -> None:
    error = refusal(table(), "build a canal")
    assert isinstance(error, MalformedError) and error.reason == "UNKNOWN_ACTION"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (TakeWorkers(-1), "BAD_CARD"),
        (TakeWorkers(165), "BAD_CARD"),
        (TakeWorkers(True), "BAD_CARD"),
        (DrawCard(2), "BAD_PILE"),
        (BuildCanal(3, -1), "BAD_SECTION"),
        (RecruitPerson(3, -1), "BAD_HOUSE"),
        (RecruitPerson(3, 0, "red"), "BAD_COLOUR"),  # type: ignore[arg-type]
        (LoseWorker(None), "BAD_COLOUR"),  # type: ignore[arg-type]
    ],
)
def test_out_of_range_values_are_malformed(action: object, reason: str) -> None:
    error = refusal(table(), action)
    assert isinstance(error, MalformedError) and error.reason == reason
