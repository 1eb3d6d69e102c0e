"""Seed: "each taking exactly two actions, one per die" and "Worker tiles are your
flexibility" (±1 per worker, 1↔6 wraps); the take-workers action; data §4.4."""

from __future__ import annotations

import pytest

from games.burgundy import legal_actions
from games.burgundy.actions import EndTurn, SellGoods, TakeTile, TakeWorkers
from games.burgundy.dice import distance, workers_needed
from games.burgundy.events import TileTaken, TurnBegan, TurnEnded, WorkersTaken

from .builders import castle, depots, player, refusal, step, table, with_player


@pytest.mark.parametrize(
    ("shown", "target", "steps"),
    [(1, 1, 0), (1, 2, 1), (2, 1, 1), (1, 6, 1), (6, 1, 1), (6, 3, 3), (2, 5, 3), (5, 1, 2)],
)
def test_a_worker_turns_a_die_one_step_and_6_and_1_are_neighbours(
    shown: int, target: int, steps: int
) -> None:
    assert distance(shown, target) == steps
    assert workers_needed(player(), shown, target, free_step=False) == steps


def test_no_number_is_more_than_three_workers_away() -> None:
    assert max(distance(a, b) for a in range(1, 7) for b in range(1, 7)) == 3


def test_taking_from_another_depot_spends_the_fewest_workers() -> None:
    given = table(player(dice=(6, 6), workers=3), depots=depots(d2=[castle()]))
    state, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 2, castle(), 2, None)  # 6 -> 1 -> 2
    assert state.players[0].workers == 1


def test_too_few_workers_is_refused() -> None:
    given = table(player(dice=(6, 6), workers=1), depots=depots(d3=[castle()]))
    error = refusal(given, TakeTile(0, castle()))
    assert error.reason == "NOT_ENOUGH_WORKERS"


def test_taking_workers_ignores_the_die_and_gives_two() -> None:
    given = table(player(dice=(4, 2), workers=1))
    state, events = step(given, 0, TakeWorkers(0))
    assert events == (WorkersTaken(0, 0, 2, 0),)
    assert state.players[0].workers == 3
    assert state.used == (True, False)


def test_each_die_is_used_once() -> None:
    given = table(player(dice=(4, 2), goods={4: 1, 2: 1}))
    state, _ = step(given, 0, TakeWorkers(0))
    assert refusal(state, SellGoods(0, 4)).reason == "DIE_USED"
    assert refusal(state, TakeWorkers(0)).reason == "DIE_USED"


def test_the_same_action_may_use_both_dice() -> None:
    given = table(player(dice=(4, 2)))
    state, _ = step(given, 0, TakeWorkers(1))
    state, events = step(state, 0, TakeWorkers(0))
    assert events[0] == WorkersTaken(0, 0, 2, 0)
    assert TurnEnded(0) in events and TurnBegan(1) in events


def test_the_turn_cannot_end_before_both_dice_are_used() -> None:
    given = table(player(dice=(4, 2)))
    assert refusal(given, EndTurn()).reason == "DICE_UNUSED"


@pytest.mark.parametrize("spent", [0, 1])
def test_one_die_used_is_not_enough_to_end_the_turn(spent: int) -> None:
    """Seed: "each taking exactly two actions, one per die": with either die still unused
    the turn cannot end, and EndTurn is not offered."""
    state, _ = step(table(player(dice=(4, 2))), 0, TakeWorkers(spent))
    assert state.active == 0 and state.used[spent] and not state.used[1 - spent]
    assert refusal(state, EndTurn()).reason == "DICE_UNUSED"
    assert EndTurn() not in list(legal_actions(state, 0))


def test_the_bonus_die_needs_a_castle_or_building() -> None:
    given = table(player(dice=(4, 2)))
    assert refusal(given, TakeWorkers(2)).reason == "NO_BONUS_ACTION"


def test_only_the_seat_to_act_may_act() -> None:
    given = table(player(), player(), active=0)
    assert refusal(given, TakeWorkers(0), seat=1).reason == "NOT_YOUR_TURN"


def test_the_white_die_never_helps_the_start_player() -> None:
    """Seed: the white die only sends a goods tile to its depot; it "cannot help the start
    player and can never be adjusted". The start player's white die shows 3, its own dice 1
    and 1: taking from depot 3 still needs two workers."""
    given = table(player(dice=(1, 1)), player(), white=3, depots=depots(d3=[castle()]))
    assert given.order[0] == 0
    assert refusal(given, TakeTile(0, castle())).reason == "NOT_ENOUGH_WORKERS"
    assert not any(isinstance(a, TakeTile) for a in legal_actions(given, 0))
    _, events = step(with_player(given, 0, workers=2), 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 2, castle(), 3, None)
