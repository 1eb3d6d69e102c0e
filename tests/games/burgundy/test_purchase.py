"""Seed: "once per turn, before, between or after your actions, you may pay two Silverlings
to buy any tile from the central black depot, placing it in storage as normal"; data §4.5."""

from __future__ import annotations

from games.burgundy import legal_actions
from games.burgundy.actions import BuyTile, EndTurn, Pass, TakeWorkers
from games.burgundy.catalogue import Effect
from games.burgundy.events import TileBought, TurnBegan, TurnEnded

from .builders import castle, depots, mine, pending, player, refusal, ship, step, table

BLACK = (ship(25), castle(11))


def test_two_silverlings_buy_a_black_depot_tile_into_storage() -> None:
    given = table(player(silverlings=5), black_depot=BLACK)
    state, events = step(given, 0, BuyTile(ship(25)))
    assert events == (TileBought(0, ship(25), 0, 2, None),)
    assert state.players[0].silverlings == 3
    assert state.players[0].storage == (ship(25),)
    assert state.black_depot == (castle(11),)
    assert state.bought


def test_only_once_per_turn() -> None:
    given = table(player(silverlings=5), black_depot=BLACK)
    state, _ = step(given, 0, BuyTile(ship(25)))
    assert refusal(state, BuyTile(castle(11))).reason == "ALREADY_BOUGHT"


def test_a_purchase_needs_two_silverlings() -> None:
    given = table(player(silverlings=1), black_depot=BLACK)
    assert refusal(given, BuyTile(ship(25))).reason == "NOT_ENOUGH_SILVERLINGS"


def test_numbered_depots_are_not_for_sale() -> None:
    given = table(player(silverlings=5), depots=depots(d2=[mine()]))
    assert refusal(given, BuyTile(mine())).reason == "TILE_NOT_IN_DEPOT"


def test_a_full_storage_discards_for_a_purchase_too() -> None:
    given = table(player(silverlings=2, storage=(mine(0), mine(1), mine(2))), black_depot=BLACK)
    assert refusal(given, BuyTile(ship(25))).reason == "STORAGE_FULL"
    state, _ = step(given, 0, BuyTile(ship(25), mine(1)))
    assert state.players[0].storage == (mine(0), mine(2), ship(25))


def test_not_during_an_effect() -> None:
    given = pending(table(player(silverlings=5), black_depot=BLACK), Effect.CASTLE)
    assert refusal(given, BuyTile(ship(25))).reason == "EFFECT_PENDING"
    assert BuyTile(ship(25)) not in set(legal_actions(given, 0))


def test_after_both_dice_the_seat_may_buy_or_end_the_turn() -> None:
    given = table(player(silverlings=2), player(), black_depot=BLACK)
    state, _ = step(given, 0, TakeWorkers(0))
    state, events = step(state, 0, TakeWorkers(1))
    assert TurnEnded(0) not in events
    assert list(legal_actions(state, 0))[-1] == EndTurn()
    state, events = step(state, 0, EndTurn())
    assert events == (TurnEnded(0), TurnBegan(1))


def test_after_both_dice_and_a_purchase_the_turn_ends_by_itself() -> None:
    given = table(player(silverlings=2), player(), black_depot=BLACK)
    state, _ = step(given, 0, TakeWorkers(0))
    state, _ = step(state, 0, TakeWorkers(1))
    state, events = step(state, 0, BuyTile(castle(11)))
    assert events[-2:] == (TurnEnded(0), TurnBegan(1))


def test_a_purchase_may_come_first() -> None:
    given = table(player(silverlings=2), black_depot=BLACK)
    state, _ = step(given, 0, BuyTile(castle(11)))
    assert state.used == (False, False)
    assert Pass() not in set(legal_actions(state, 0))


def test_a_purchase_may_come_between_the_dice() -> None:
    """Seed: the purchase may come "before, between or after your actions"; here after the
    first die and before the second, which is still the seat's to use."""
    given = table(player(silverlings=2), player(), black_depot=BLACK)
    state, _ = step(given, 0, TakeWorkers(0))
    state, events = step(state, 0, BuyTile(castle(11)))
    assert events == (TileBought(0, castle(11), 0, 2, None),)
    assert state.used == (True, False) and state.active == 0
    state, events = step(state, 0, TakeWorkers(1))
    assert events[-2:] == (TurnEnded(0), TurnBegan(1))


def test_the_next_turn_may_buy_again() -> None:
    """Seed: "once per turn ... you may pay two Silverlings to buy any tile from the central
    black depot": the limit is the turn's, so seat 0, having bought in its turn, may buy
    again in its turn of the next round."""
    given = table(player(silverlings=4), player(), black_depot=BLACK, round_goods=(1, 2))
    state, _ = step(given, 0, BuyTile(ship(25)))
    for seat in (0, 1):  # both turns end by themselves: no purchase is left to either
        state, _ = step(state, seat, TakeWorkers(0))
        state, events = step(state, seat, TakeWorkers(1))
    assert TurnBegan(0) in events and state.round == 2 and not state.bought
    state, events = step(state, 0, BuyTile(castle(11)))
    assert events == (TileBought(0, castle(11), 0, 2, None),)
