"""Seed: "sell goods: the die result names a colour, and you sell every tile of that colour
... for one Silverling plus victory points per tile, two per tile in a two player game up to
four in a four player game"; the white die places goods; a ship takes all goods of one depot,
three kinds at most (data §4.3, §4.4, §4.6, §5.7, §5.8)."""

from __future__ import annotations

import pytest

from games.burgundy import legal_actions
from games.burgundy.actions import Pass, PlaceTile, SellGoods, ShipGoods
from games.burgundy.catalogue import Effect
from games.burgundy.events import EffectLost, GoodsShipped, GoodsSold, TurnOrderAdvanced

from .builders import counts, depot_goods, pending, player, refusal, ship, step, table


@pytest.mark.parametrize(("seats", "per_tile"), [(2, 2), (3, 3), (4, 4)])
def test_a_sale_pays_one_silverling_and_points_per_tile_by_player_count(
    seats: int, per_tile: int
) -> None:
    others = [player() for _ in range(seats - 1)]
    given = table(player(dice=(4, 4), goods={4: 3, 1: 1}), *others)
    state, events = step(given, 0, SellGoods(0, 4))
    assert events[0] == GoodsSold(0, 0, 0, 4, 3, 1, 3 * per_tile, 0)
    seller = state.players[0]
    assert seller.goods == counts({1: 1}) and seller.sold == counts({4: 3})
    assert (seller.silverlings, seller.points) == (1, 3 * per_tile)


def test_only_goods_held_can_be_sold() -> None:
    """Seed: "you sell every tile of that colour from your goods storage, turning them face
    down ... for one Silverling plus victory points per tile"; docs/rules/burgundy.md item 28:
    with no tile of the kind there is no sale, so neither a die nor a castle's extra action
    earns the silverling for nothing, and no such sale is listed."""
    given = table(player(dice=(4, 4), goods={1: 1}, workers=3))
    assert refusal(given, SellGoods(0, 4)).reason == "NO_GOODS"
    sales = [a for a in legal_actions(given, 0) if isinstance(a, SellGoods)]
    assert sales == [SellGoods(0, 1), SellGoods(1, 1)]
    extra = pending(given, Effect.CASTLE)
    assert refusal(extra, SellGoods(2, 4)).reason == "NO_GOODS"
    assert [a for a in legal_actions(extra, 0) if isinstance(a, SellGoods)] == [SellGoods(2, 1)]


def test_workers_turn_the_die_into_the_kind_sold() -> None:
    given = table(player(dice=(4, 4), goods={5: 2}, workers=1))
    state, events = step(given, 0, SellGoods(1, 5))
    assert events[0] == GoodsSold(0, 1, 1, 5, 2, 1, 4, 0)
    assert state.players[0].workers == 0


def test_a_ship_moves_its_owner_one_space_on_top_of_the_stack() -> None:
    given = table(
        player(dice=(5, 5), storage=(ship(),), position=0, height=0),
        player(position=1, height=0),
        player(position=1, height=1),
        depot_goods=depot_goods(d2={3: 1}),
    )
    state, events = step(given, 0, PlaceTile(0, ship(), 20))
    assert TurnOrderAdvanced(0, 1, 2) in events
    assert state.pending == (Effect.SHIP,)


def test_a_ship_takes_every_goods_tile_of_the_depot_chosen() -> None:
    given = pending(
        table(player(goods={1: 1}), depot_goods=depot_goods(d2={3: 2, 1: 1}, d5={6: 1})),
        Effect.SHIP,
    )
    assert list(legal_actions(given, 0)) == [
        ShipGoods((2,), (1, 3)),
        ShipGoods((5,), (6,)),
        Pass(),
    ]
    state, events = step(given, 0, ShipGoods((2,), (1, 3)))
    assert events[0] == GoodsShipped(0, (2,), (1, 3), counts({1: 1, 3: 2}))
    assert state.players[0].goods == counts({1: 2, 3: 2})
    assert state.depot_goods[1] == counts({})
    assert state.pending == ()


def test_with_room_for_one_new_kind_the_player_chooses_which() -> None:
    given = pending(
        table(player(goods={1: 1, 2: 1}), depot_goods=depot_goods(d4={3: 1, 4: 2, 2: 1})),
        Effect.SHIP,
    )
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((4,), (2, 3)), ShipGoods((4,), (2, 4))]
    assert refusal(given, ShipGoods((4,), (2, 3, 4))).reason == "BAD_SHIPMENT"
    assert refusal(given, ShipGoods((4,), (3,))).reason == "BAD_SHIPMENT"
    state, _ = step(given, 0, ShipGoods((4,), (2, 4)))
    assert state.depot_goods[3] == counts({3: 1})


def test_every_kind_already_held_comes_along_however_many() -> None:
    """Seed: a ship takes "all the goods from any one depot's goods space ... though you can
    only ever hold three different goods colours, so leave behind what you cannot store";
    docs/rules/burgundy.md item 9: every kind the seat already holds comes along, not only
    one of them, and only the new kind that does not fit stays on the depot."""
    given = pending(
        table(player(goods={1: 1, 2: 1, 3: 1}), depot_goods=depot_goods(d4={1: 2, 2: 1, 4: 1})),
        Effect.SHIP,
    )
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((4,), (1, 2))]
    state, _ = step(given, 0, ShipGoods((4,), (1, 2)))
    assert state.players[0].goods == counts({1: 3, 2: 2, 3: 1})
    assert state.depot_goods[3] == counts({4: 1})


def test_only_one_depot_without_knowledge_5() -> None:
    given = pending(table(player(), depot_goods=depot_goods(d1={3: 1}, d2={4: 1})), Effect.SHIP)
    assert refusal(given, ShipGoods((1, 2), (3, 4))).reason == "BAD_SHIPMENT"


def test_a_ship_with_nothing_to_take_loses_the_goods_but_still_sails() -> None:
    given = table(player(dice=(5, 5), storage=(ship(),)), player())
    state, events = step(given, 0, PlaceTile(0, ship(), 20))
    assert TurnOrderAdvanced(0, 1, 0) in events
    assert EffectLost(0, Effect.SHIP) in events
    assert state.pending == ()


def test_a_full_goods_storage_leaves_new_kinds_on_the_depot() -> None:
    given = table(
        player(dice=(5, 5), storage=(ship(),), goods={1: 1, 2: 1, 3: 1}),
        player(),
        depot_goods=depot_goods(d6={4: 3}),
    )
    state, events = step(given, 0, PlaceTile(0, ship(), 20))
    assert EffectLost(0, Effect.SHIP) in events
    assert state.depot_goods[5] == counts({4: 3})


def test_a_ship_may_be_declined() -> None:
    given = pending(table(player(), depot_goods=depot_goods(d1={3: 1})), Effect.SHIP)
    state, _ = step(given, 0, Pass())
    assert state.pending == () and state.depot_goods[0] == counts({3: 1})


def test_a_sale_frees_a_goods_space_for_a_ship_in_the_same_turn() -> None:
    """Seed: "you sell every tile of that colour from your goods storage, turning them face
    down onto the sold goods space"; a ship takes a depot's goods, "though you can only ever
    hold three different goods colours, so leave behind what you cannot store". With three
    kinds held the ship's new kind would stay behind; the first die sells kind 1, its space
    is free, and the second die's ship takes the two goods of kind 4."""
    given = table(
        player(dice=(1, 5), storage=(ship(),), goods={1: 1, 2: 1, 3: 1}),
        player(),
        depot_goods=depot_goods(d4={4: 2}),
    )
    state, _ = step(given, 0, SellGoods(0, 1))
    assert state.players[0].sold == counts({1: 1})
    state, events = step(state, 0, PlaceTile(1, ship(), 20))
    assert EffectLost(0, Effect.SHIP) not in events
    assert list(legal_actions(state, 0)) == [ShipGoods((4,), (4,)), Pass()]
    state, _ = step(state, 0, ShipGoods((4,), (4,)))
    assert state.players[0].goods == counts({2: 1, 3: 1, 4: 2})
