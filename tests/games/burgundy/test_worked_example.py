"""Seed: "A turn, played out" (phase C, round 3, three players), move by move.

Goods kinds are die numbers; the seed's colours are mapped to kinds here only to follow the
text (which colour belongs to which number is unverified and does not matter, data §3.5).
On estate board #1 the only ship space showing a 5 is space 20, which touches the start
castle rather than a pasture (docs/rules/burgundy.md); everything else is as written.
"""

from __future__ import annotations

from dataclasses import replace

from games.burgundy import legal_actions
from games.burgundy.actions import BuyTile, PlaceTile, ShipGoods, TakeTile, TakeWorkers
from games.burgundy.catalogue import Effect
from games.burgundy.events import (
    EffectPending,
    GoodsShipped,
    RoundBegan,
    TilePlaced,
    TileTaken,
    TurnBegan,
    TurnEnded,
    TurnOrderAdvanced,
)
from games.burgundy.state import State, turn_order

from .builders import castle, counts, depot_goods, depots, mine, player, refusal, ship, step, table

BLUE, PURPLE, RED, YELLOW = 1, 2, 4, 5
SHIP, CASTLE, MINE, BLACK_SHIP = ship(0), castle(0), mine(0), ship(25)
RED_SEAT, YOU, THIRD = 0, 1, 2


def phase_c_round_3() -> State:
    """You (seat 1) rolled 5 and 2, store a ship, hold 1 worker and 1 silverling, and blue,
    purple and yellow goods. The red player (seat 0) is one space ahead and has played."""
    you = player(
        storage=[SHIP],
        goods={BLUE: 1, PURPLE: 1, YELLOW: 1},
        silverlings=1,
        workers=1,
        dice=(5, 2),
        position=1,
        height=0,
    )
    red = player(position=2, height=0, dice=(3, 3))
    third = player(position=0, height=0, dice=(4, 6), workers=2)
    return table(
        red,
        you,
        third,
        phase=3,
        round=3,
        order=(RED_SEAT, YOU, THIRD),
        active=YOU,
        depots=depots(d2=[MINE], d3=[CASTLE]),
        black_depot=(BLACK_SHIP,),
        depot_goods=depot_goods(d4={YELLOW: 2, RED: 1}, d1={PURPLE: 1}),
        round_goods=(3, 6),
    )


def test_the_seeds_turn_played_out() -> None:
    state = phase_c_round_3()

    # "You spend the 5 and place the ship."
    state, events = step(state, YOU, PlaceTile(0, SHIP, 20))
    assert events == (
        TilePlaced(YOU, 0, 0, SHIP, 20),
        TurnOrderAdvanced(YOU, 2, 1),  # on top of the red player's piece
        EffectPending(YOU, Effect.SHIP),
    )

    # Depot 4 (2 yellow, 1 red) and depot 1 (a purple) are the choices; there is no room
    # for a fourth colour, so depot 4 gives its yellows only.
    shipments = [a for a in legal_actions(state, YOU) if isinstance(a, ShipGoods)]
    assert shipments == [ShipGoods((1,), (PURPLE,)), ShipGoods((4,), (YELLOW,))]
    state, events = step(state, YOU, ShipGoods((4,), (YELLOW,)))
    assert events == (GoodsShipped(YOU, (4,), (YELLOW,), counts({YELLOW: 2})),)
    assert state.depot_goods[3] == counts({RED: 1})  # "the red stays behind"

    # "Now the 2": depot 2 offers the mine as it is; one worker turns the 2 into a 3.
    assert TakeTile(1, MINE) in set(legal_actions(state, YOU))
    assert refusal(state, BuyTile(BLACK_SHIP), YOU).reason == "NOT_ENOUGH_SILVERLINGS"
    state, events = step(state, YOU, TakeTile(1, CASTLE))
    assert events == (
        TileTaken(YOU, 1, 1, CASTLE, 3, None),
        TurnEnded(YOU),  # 1 silverling cannot buy the black depot's ship: the turn ends
        TurnBegan(THIRD),
    )

    you = state.players[YOU]
    assert you.storage == (CASTLE,)
    assert (you.workers, you.silverlings) == (0, 1)
    assert you.goods == counts({BLUE: 1, PURPLE: 1, YELLOW: 3})
    assert state.black_depot == (BLACK_SHIP,)
    assert turn_order(state) == (YOU, RED_SEAT, THIRD)


def test_next_round_you_act_before_the_red_player() -> None:
    state = phase_c_round_3()
    state, _ = step(state, YOU, PlaceTile(0, SHIP, 20))
    state, _ = step(state, YOU, ShipGoods((4,), (YELLOW,)))
    state, _ = step(state, YOU, TakeTile(1, CASTLE))
    state, _ = step(state, THIRD, TakeWorkers(0))
    state, events = step(state, THIRD, TakeWorkers(1), rolls=[1] * 7)
    began = next(e for e in events if isinstance(e, RoundBegan))
    assert began == RoundBegan(3, 4, (YOU, RED_SEAT, THIRD))
    assert state.active == YOU


def test_without_the_ship_the_order_would_stay() -> None:
    state = replace(phase_c_round_3(), active=YOU)
    assert turn_order(state) == (RED_SEAT, YOU, THIRD)
