"""An option's description says what it gains and what it costs, as the rules would record
it (seed: "sell goods", "take two worker tiles", "pay two Silverlings"), and a City Hall's
placement off its space's colour says so (docs/rules/burgundy.md item 2)."""

from __future__ import annotations

from dataclasses import replace

from games.burgundy import legal_actions
from games.burgundy.actions import (
    BONUS_DIE,
    Action,
    BuyTile,
    Pass,
    PlaceTile,
    SellGoods,
    ShipGoods,
    TakeTile,
    TakeWorkers,
)
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
from games.burgundy.state import State

from .builders import (
    animal,
    building,
    castle,
    depot_goods,
    depots,
    knowledge,
    mine,
    pending,
    player,
    ship,
    table,
)


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
    assert options[25].startswith("place the 3 cow on space 25 with the city hall, off-colour: ")
    assert "off-colour" not in options[11]  # a pasture space: the cow's own colour
    published = replace(state, ruleset="published")
    assert describe_action(published, PlaceTile(BONUS_DIE, cow, 25)) == (
        "place the 3 cow on space 25 with the city hall"  # refused there: nothing to add
    )


def test_a_die_less_action_names_the_castle_or_building_that_grants_it() -> None:
    """Only a castle gives an "extra action ... with a die of any value" (seed); the warehouse,
    carpenter's workshop, church, market and city hall each give their own advantage, no die
    needed (seed; data §3.2). Every such option said "with the extra action"; it names the
    effect waiting on top of the stack, whose action it is."""
    stored = table(
        player(storage=(ship(),), goods={4: 2}),
        depots=depots(d1=[mine()], d2=[building(Building.BANK)], d3=[ship()], d5=[ship(1)]),
    )
    options = {
        effect: sorted(describe_action(pending(stored, effect), a) for a in bonus(stored, effect))
        for effect in (Effect.MARKET, Effect.CARPENTER, Effect.CHURCH, Effect.WAREHOUSE)
    }
    assert options[Effect.MARKET] == [
        "take the ship from depot 3 with the market",
        "take the ship from depot 5 with the market",
    ]
    assert options[Effect.CARPENTER] == ["take the bank from depot 2 with the carpenter's workshop"]
    assert options[Effect.CHURCH] == ["take the mine from depot 1 with the church"]
    assert options[Effect.WAREHOUSE] == [
        f"sell 2 goods 4 with the warehouse for 1 silverling and {2 * SALE_POINTS[2]} points"
    ]
    castled = pending(stored, Effect.CASTLE)
    assert describe_action(castled, TakeWorkers(BONUS_DIE)) == (
        f"take {WORKERS_TAKEN} workers with the castle's extra action"
    )
    assert describe_action(castled, PlaceTile(BONUS_DIE, ship(), 20)).startswith(
        "place the ship on space 20 with the castle's extra action"
    )


def bonus(state: State, effect: Effect) -> list[Action]:
    """The actions ``effect`` grants in ``state``, without the pass that declines it."""
    return [a for a in legal_actions(pending(state, effect), 0) if not isinstance(a, Pass)]


def test_a_take_names_its_depot_so_two_alike_tiles_read_apart() -> None:
    """Seed: "take a hex tile from the depot whose number matches that die". The same tile in
    two depots read the same ("take the ship with the first die" twice); the depot is named,
    and so is a refused take's where the tile lies in one."""
    state = table(player(dice=(3, 5)), depots=depots(d3=[ship()], d5=[ship(1)]))
    assert (
        describe_action(state, TakeTile(0, ship()))
        == "take the ship from depot 3 with the first die"
    )
    assert describe_action(state, TakeTile(1, ship(1))) == (
        "take the ship from depot 5 with the second die"
    )
    assert describe_action(state, TakeTile(1, ship())) == (
        "take the ship from depot 3 with the second die"  # refused: no workers to turn a 5
    )
    assert describe_action(state, TakeTile(0, castle())) == "take the castle with the first die"
