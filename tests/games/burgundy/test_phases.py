"""Seed: five phases of five rounds; at the start of every phase the hex tiles left on the
board are cleared (goods stay) and the depots refilled; the white die places goods; turn
order from the track; mines pay at the end of every phase; final scoring and the tie-break
(data §2.6, §4.2, §4.3, §4.8, §4.10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burgundy import RULES
from games.burgundy.actions import EndTurn, TakeWorkers
from games.burgundy.catalogue import Colour, tile
from games.burgundy.events import (
    DiceRolled,
    FinalScored,
    GameEnded,
    GoodsDelivered,
    MinesPaid,
    PhaseBegan,
    RoundBegan,
    RoundGoodsLaid,
    TurnBegan,
    TurnEnded,
)
from games.burgundy.phases import refill
from games.burgundy.state import Player, State
from games.core import GameOverError

from .builders import (
    castle,
    counts,
    depot_goods,
    depots,
    knowledge,
    mine,
    of_type,
    player,
    ship,
    step,
    table,
)
from .randomplay import opened


def last_turn(*players: Player, phase: int = 1, round: int = 5, **changes: object) -> State:
    """Seat 1 is about to end the last turn of a round (seat 0 went first)."""
    given = table(*players, phase=phase, round=round, order=(0, 1), active=1)
    return replace(given, used=(True, True), **changes)  # type: ignore[arg-type]


def test_the_next_seat_in_round_order_plays_next() -> None:
    given = table(player(), player(), player(), order=(2, 0, 1), active=0, used=(True, True))
    _, events = step(given, 0, EndTurn())
    assert events == (TurnEnded(0), TurnBegan(1))


def test_a_new_round_rolls_dice_and_the_white_die_delivers_the_top_goods_tile() -> None:
    given = last_turn(round=2, round_goods=(4, 1, 6))
    # Seat 0 roll, seat 1 roll, then the white die shows 5.
    state, events = step(given, 1, EndTurn(), rolls=[2, 3, 6, 6, 5])
    assert events[1:] == (
        RoundBegan(1, 3, (0, 1)),
        DiceRolled(((2, 3), (6, 6)), 5),
        GoodsDelivered(5, 4),
        TurnBegan(0),
    )
    assert state.depot_goods[4] == counts({4: 1}) and state.round_goods == (1, 6)
    assert state.players[1].dice == (6, 6)


def test_the_turn_order_of_a_round_follows_the_track() -> None:
    given = last_turn(
        player(position=1, height=0), player(position=1, height=1), round=2, round_goods=(1,)
    )
    _, events = step(given, 1, EndTurn())
    assert of_type(events, RoundBegan) == [RoundBegan(1, 3, (1, 0))]


def test_the_end_of_a_phase_pays_the_mines_and_begins_the_next_phase() -> None:
    _, _, opened_state = opened(2, 9)
    given = replace(
        last_turn(player(estate={25: mine(0), 30: mine(1)}), player(estate={25: mine(2)})),
        piles=opened_state.piles,
        goods_stacks=((), (3, 3, 2, 1, 5), (), (), ()),
        depots=depots(d1=[ship(0)], d3=[castle(0)]),
        black_depot=(knowledge(7),),
        depot_goods=depot_goods(d2={6: 1}),
    )
    state, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 2, 2, 0), MinesPaid(1, 1, 1, 0)]
    assert of_type(events, PhaseBegan) == [PhaseBegan(2, (ship(0), castle(0), knowledge(7)))]
    assert of_type(events, RoundGoodsLaid) == [RoundGoodsLaid(2, (3, 3, 2, 1, 5))]
    assert state.depot_goods[1] == counts({6: 1})  # goods on the depots stay
    assert all(t not in d for t in (ship(0), castle(0)) for d in state.depots)
    assert knowledge(7) not in state.black_depot
    assert (state.phase, state.round) == (2, 1)
    assert state.players[0].silverlings == 2


def test_three_players_find_a_mine_in_depot_6_in_phase_b() -> None:
    _, _, state = opened(3, 2)
    for phase, colour in [(2, Colour.MINE), (3, Colour.CASTLE), (4, Colour.MINE)]:
        filled = refill(replace(state, phase=phase))
        assert tile(filled.depots[5][0]).colour is colour


def test_each_phase_draws_fresh_tiles_for_every_slot() -> None:
    _, _, state = opened(4, 2)
    drawn = [t for d in refill(replace(state, phase=2)).depots for t in d]
    assert len(drawn) == 24
    assert not set(drawn) & {t for d in state.depots for t in d}


def final_round(*players: Player, ruleset: str = "default") -> State:
    return last_turn(*players, phase=5, round=5, ruleset=ruleset)


def test_the_game_ends_after_phase_e_with_final_scoring() -> None:
    rich = player(points=40, goods={1: 2, 3: 1}, silverlings=5, workers=5, estate={25: mine(0)})
    state, events = step(final_round(rich, player(points=30)), 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 1, 1, 0)]
    assert of_type(events, FinalScored) == [
        FinalScored(0, 3, 6, 2, (), 40 + 3 + 6 + 2),
        FinalScored(1, 0, 0, 0, (), 30),
    ]
    assert events[-1] == GameEnded((51, 30), (1, 2))
    assert state.finished and RULES.to_act(state) is None
    assert RULES.outcome(state) is not None
    with pytest.raises(GameOverError):
        step(state, 0, TakeWorkers(0))


def test_storage_scores_nothing_at_the_end() -> None:
    _, events = step(final_round(player(storage=(ship(), castle())), player()), 1, EndTurn())
    assert of_type(events, FinalScored)[0].total == 0


@pytest.mark.parametrize(("ruleset", "places"), [("default", (1, 2)), ("published", (2, 1))])
def test_ties_go_to_fewest_empty_spaces_by_the_seed_and_most_by_the_published_game(
    ruleset: str, places: tuple[int, int]
) -> None:
    # Seat 0 has two mines more (two empty spaces fewer); they pay 2, so both total 20.
    fuller = player(points=18, estate={25: mine(0), 30: mine(1)})
    tied = final_round(fuller, player(points=20), ruleset=ruleset)
    _, events = step(tied, 1, EndTurn())
    assert events[-1] == GameEnded((20, 20), places)


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_a_tie_in_everything_else_goes_to_the_seat_later_in_turn_order(ruleset: str) -> None:
    tied = final_round(
        player(points=20, position=3, height=0), player(points=20, position=2), ruleset=ruleset
    )
    _, events = step(tied, 1, EndTurn())
    assert events[-1] == GameEnded((20, 20), (2, 1))
