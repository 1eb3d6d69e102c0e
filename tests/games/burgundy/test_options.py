"""An option's description says what it gains and what it costs, as the rules would record
it (seed: "sell goods", "take two worker tiles", "pay two Silverlings"), and a City Hall's
placement off its space's colour says so (docs/rules/burgundy.md item 2)."""

from __future__ import annotations

from dataclasses import replace

from games.burgundy import legal_actions
from games.burgundy.actions import BONUS_DIE, BuyTile, PlaceTile, SellGoods, ShipGoods, TakeWorkers
from games.burgundy.catalogue import (
    BLACK_PRICE,
    SALE_POINTS,
    WORKERS_TAKEN,
    WORKERS_TAKEN_K14,
    Animal,
    Building,
    Effect,
)
from games.burgundy.describe import describe_action
from games.burgundy.effects import region_worth
from games.burgundy.goods import sale

from .builders import animal, building, castle, depot_goods, knowledge, pending, player, ship, table


def test_a_sale_names_the_tiles_the_silverling_and_the_points() -> None:
    state = table(player(dice=(5, 1), goods={5: 3}))
    sold = sale(state, 0, 0, 0, 5)
    assert (sold.count, sold.silverlings, sold.points) == (3, 1, 3 * SALE_POINTS[2])
    assert describe_action(state, SellGoods(0, 5)) == (
        f"sell 3 goods 5 with the first die for 1 silverling and {sold.points} points"
    )


def test_a_sale_with_knowledge_3_and_4_names_its_extra_silverling_and_worker() -> None:
    state = table(player(estate={13: knowledge(3), 8: knowledge(4)}, dice=(5, 1), goods={5: 1}))
    assert describe_action(state, SellGoods(0, 5)) == (
        f"sell 1 goods 5 with the first die for 2 silverlings, 1 worker and {SALE_POINTS[2]} points"
    )


def test_taking_workers_names_how_many() -> None:
    plain = table(player(dice=(5, 1)))
    assert (
        describe_action(plain, TakeWorkers(1))
        == f"take {WORKERS_TAKEN} workers with the second die"
    )
    knows = table(player(estate={13: knowledge(14)}, dice=(5, 1)))
    assert describe_action(knows, TakeWorkers(0)) == (
        f"take {WORKERS_TAKEN_K14} workers with the first die"
    )


def test_a_purchase_names_the_black_depot_and_its_price() -> None:
    state = table(player(silverlings=3), black_depot=(castle(),))
    assert describe_action(state, BuyTile(castle())) == (
        f"buy the castle from the black depot for {BLACK_PRICE} silverlings"
    )


def test_a_shipment_names_the_goods_it_takes() -> None:
    state = pending(table(player(), depot_goods=depot_goods(d4={2: 2, 5: 1})), Effect.SHIP)
    assert describe_action(state, ShipGoods((4,), (2, 5))) == (
        "ship goods 2/5 from depot 4, taking 2 goods 2 and 1 goods 5"
    )


def test_a_placement_names_the_region_it_completes_and_the_ships_move() -> None:
    """The river's first region is spaces 16-18 (data §1.2); the ship on 18 completes it."""
    state = table(player(estate={16: ship(1), 17: ship(2)}, storage=(ship(),), dice=(2, 1)))
    points, bonus = region_worth(6, 1)
    assert describe_action(state, PlaceTile(0, ship(), 18)) == (
        "place the ship on space 18 with the first die: to turn-order space 2, "
        f"completes region 6 for {points} + {bonus} phase bonus"
    )


def test_a_city_hall_placement_off_colour_says_so() -> None:
    """Default ruleset: the City Hall places "regardless of colour" (seed)."""
    cow = animal(Animal.COW, 3)
    state = pending(
        table(player(estate={12: building(Building.BANK)}, storage=(cow,))), Effect.CITY_HALL
    )
    options = {
        a.space: describe_action(state, a)
        for a in legal_actions(state, 0)
        if isinstance(a, PlaceTile)
    }
    assert options[25].startswith(
        "place the 3 cow on space 25 with the extra action, off-colour (City Hall): "
    )
    assert "off-colour" not in options[11]  # a pasture space: the cow's own colour
    published = replace(state, ruleset="published")
    assert describe_action(published, PlaceTile(BONUS_DIE, cow, 25)) == (
        "place the 3 cow on space 25 with the extra action"  # refused there: nothing to add
    )
