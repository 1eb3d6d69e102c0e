"""docs/architecture.md §4: legal_actions and decide share their predicates, and agree exactly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.burgundy import decide, legal_actions
from games.burgundy.actions import (
    Action,
    BuyTile,
    EndTurn,
    Pass,
    PlaceTile,
    SellGoods,
    ShipGoods,
    TakeTile,
    TakeWorkers,
)
from games.burgundy.catalogue import DEPOT_NEIGHBOURS
from games.burgundy.state import State
from games.core import GameError, MalformedError, NotYourTurnError, SeededChance

from .builders import player, refusal, table
from .randomplay import keen_chooser, play, seeded_chooser

SAMPLED = [(2, 11), (3, 12), (4, 13)]


def sampled_states(seats: int, seed: int, every: int = 1) -> list[tuple[State, int]]:
    """(state, seat to act) met in two random games, a uniform one and a keen builder's."""
    steps = [*play(seats, seed, seeded_chooser(seed)), *play(seats, seed, keen_chooser(seed))]
    return [(step.before, step.seat) for step in steps[::every]]


def candidate_actions(state: State, seat: int) -> Iterator[Action]:
    """A broad sample of the action space around ``state``, legal or not."""
    p = state.players[seat]
    on_board = [t for d in state.depots for t in d] + list(state.black_depot)
    tiles = sorted({*on_board, *p.storage, 0, 163})
    discards = (None, *p.storage, 5)
    for die in (0, 1, 2):
        for t in tiles:
            yield from (TakeTile(die, t, d) for d in discards)
            yield from (PlaceTile(die, t, s) for s in range(1, 38))
        yield from (SellGoods(die, kind) for kind in range(1, 7))
        yield TakeWorkers(die)
    for t in tiles:
        yield from (BuyTile(t, d) for d in discards)
    for depots in [*((d,) for d in range(1, 7)), *sorted(DEPOT_NEIGHBOURS), (1, 3)]:
        for kinds in [(k,) for k in range(1, 7)] + [(1, 2), (2, 5), (1, 2, 3), ()]:
            yield ShipGoods(depots, kinds)
    yield from (Pass(), EndTurn())


@pytest.mark.parametrize(("seats", "seed"), SAMPLED)
def test_every_legal_action_is_accepted_in_sampled_states(seats: int, seed: int) -> None:
    checked = 0
    for state, seat in sampled_states(seats, seed, every=3):
        for action in legal_actions(state, seat):
            assert decide(state, seat, action, SeededChance(b"x", "accept"))
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("seats", "seed"), SAMPLED)
def test_every_action_not_listed_is_rejected_in_sampled_states(seats: int, seed: int) -> None:
    rejected = 0
    for state, seat in sampled_states(seats, seed, every=15):
        legal = set(legal_actions(state, seat))
        for action in set(candidate_actions(state, seat)) - legal:
            with pytest.raises(GameError):
                decide(state, seat, action, SeededChance(b"x", "reject"))
            rejected += 1
    assert rejected > 10000


def test_seats_not_to_act_have_no_legal_action_and_are_refused() -> None:
    for state, active in sampled_states(3, 12, every=20):
        for seat in range(3):
            if seat != active:
                assert list(legal_actions(state, seat)) == []
                with pytest.raises(NotYourTurnError):
                    decide(state, seat, TakeWorkers(0), SeededChance(b"x", "turn"))


def _place_in_order(action: Action) -> int:
    """Where ``action`` belongs in the listed order: the first die's actions (or, while an
    effect waits, that effect's choices), the second die's, the purchases, then Pass or
    EndTurn."""
    if isinstance(action, TakeTile | PlaceTile | SellGoods | TakeWorkers):
        return 1 if action.die == 1 else 0
    if isinstance(action, ShipGoods):
        return 0
    if isinstance(action, BuyTile):
        return 2
    return 3


def test_legal_actions_come_in_a_stable_order_dice_first_then_purchases() -> None:
    both = 0
    for state, seat in sampled_states(2, 11, every=4):
        first = list(legal_actions(state, seat))
        assert first == list(legal_actions(state, seat))
        places = [_place_in_order(a) for a in first]
        assert places == sorted(places), first
        both += 2 in places and 0 in places
    assert both, "some sampled state offers a die action and a purchase together"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (TakeWorkers(3), "BAD_DIE"),
        (TakeWorkers(True), "BAD_DIE"),
        (TakeTile(0, 164), "BAD_TILE"),
        (TakeTile(0, 5, -1), "BAD_TILE"),
        (PlaceTile(0, 5, 38), "BAD_SPACE"),
        (PlaceTile(0, 5, 0), "BAD_SPACE"),
        (SellGoods(0, 7), "BAD_KIND"),
        (SellGoods(0, 0), "BAD_KIND"),
        (BuyTile(-1), "BAD_TILE"),
        (ShipGoods((2, 1), (1,)), "BAD_DEPOT"),
        (ShipGoods((7,), (1,)), "BAD_DEPOT"),
        (ShipGoods((1,), (3, 3)), "BAD_KIND"),
        (ShipGoods([1], (1,)), "BAD_DEPOT"),  # type: ignore[arg-type]
        (ShipGoods((1,), [1]), "BAD_KIND"),  # type: ignore[arg-type]
        ("take two workers", "UNKNOWN_ACTION"),
    ],
)
def test_nonsense_is_malformed(action: object, reason: str) -> None:
    """decide.require_well_formed: die 0..2, tile 0..163, space 1..37, goods kind and depot
    1..6 (a kind is its die number, docs/rules/burgundy.md item 21, so there is no kind 0),
    and a shipment's depots and kinds as tuples in ascending order; anything else is
    MalformedError, never a rule's refusal or a crash."""
    error = refusal(table(player()), action)
    assert isinstance(error, MalformedError) and error.reason == reason
