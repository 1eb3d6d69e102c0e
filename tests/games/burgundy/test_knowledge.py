"""Seed: "Yellow knowledge tiles each bend a rule or score at the end"; data §3.4, one test
per tile. A knowledge tile works once it lies in the estate."""

from __future__ import annotations

import random

import pytest

from games.burgundy import legal_actions
from games.burgundy.actions import (
    BuyTile,
    EndTurn,
    PlaceTile,
    SellGoods,
    ShipGoods,
    TakeTile,
    TakeWorkers,
)
from games.burgundy.catalogue import Animal, Building, Colour, Effect
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    FinalScored,
    GoodsShipped,
    GoodsSold,
    MinesPaid,
    TileBought,
    TilePlaced,
    TileTaken,
    WorkersTaken,
)
from games.burgundy.scoring import final_score, knowledge_points
from games.burgundy.state import Player

from .builders import (
    animal,
    building,
    castle,
    counts,
    depot_goods,
    depots,
    knowledge,
    mine,
    of_type,
    pending,
    player,
    refusal,
    ship,
    step,
    table,
)


def scholar(number: int, **changes: object) -> Player:
    """A player with knowledge tile ``number`` on space 13."""
    estate = dict(changes.pop("estate", {}))  # type: ignore[call-overload]
    return player(estate={13: knowledge(number), **estate}, **changes)  # type: ignore[arg-type]


def test_1_lifts_the_one_building_per_city_rule() -> None:
    bank, bank2 = building(Building.BANK), building(Building.BANK, 1)
    plain = table(player(estate={26: bank}, dice=(1, 1), storage=(bank2,)))
    assert refusal(plain, PlaceTile(0, bank2, 27)).reason == "BUILDING_IN_CITY"
    given = table(scholar(1, estate={26: bank}, dice=(1, 1), storage=(bank2,)))
    _, events = step(given, 0, PlaceTile(0, bank2, 27))
    assert events[0] == TilePlaced(0, 0, 0, bank2, 27)


def test_2_each_mine_also_pays_a_worker_at_the_end_of_a_phase() -> None:
    mines = {25: mine(0), 30: mine(1)}
    given = table(
        scholar(2, estate=mines),
        player(estate={25: mine(2)}),
        phase=1,
        round=5,
        order=(0, 1),
        active=1,
        used=(True, True),
    )
    _, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 2, 2, 2), MinesPaid(1, 1, 1, 0)]


def test_2_pays_its_workers_at_the_end_of_phase_e_too_before_final_scoring() -> None:
    """Data §4.8: the mine payout "also happens at the end of phase E, so those silverlings
    count in final scoring"; knowledge 2 adds its worker per mine to that payout, so 1 worker
    and 2 more make 3, worth 1 point at 1 per 2 workers."""
    given = table(
        scholar(2, estate={25: mine(0), 30: mine(1)}, workers=1),
        player(),
        phase=5,
        round=5,
        order=(0, 1),
        active=1,
        used=(True, True),
    )
    _, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 2, 2, 2)]
    assert of_type(events, FinalScored)[0] == FinalScored(0, 0, 2, 1, (), 3)


def test_3_a_sale_pays_two_silverlings() -> None:
    given = table(scholar(3, dice=(4, 4), goods={4: 2}))
    _, events = step(given, 0, SellGoods(0, 4))
    assert events[0] == GoodsSold(0, 0, 0, 4, 2, 2, 4, 0)


@pytest.mark.parametrize(("number", "silverlings", "workers"), [(3, 2, 0), (4, 1, 1)])
def test_3_and_4_apply_to_the_warehouse_too(number: int, silverlings: int, workers: int) -> None:
    """Data §3.2, Warehouse: "The normal sale reward applies ... and knowledge 3 and 4 also
    apply"; §3.4: 3 "Each sale, by die or by Warehouse, gives 2 silverlings instead of 1", 4
    "Each sale, by die or by Warehouse, also gives 1 worker"."""
    given = pending(table(scholar(number, dice=(4, 4), goods={2: 1})), Effect.WAREHOUSE)
    state, events = step(given, 0, SellGoods(2, 2))
    assert events[0] == GoodsSold(0, 2, 0, 2, 1, silverlings, 2, workers)
    assert (state.players[0].silverlings, state.players[0].workers) == (silverlings, workers)


@pytest.mark.parametrize(("number", "silverlings", "workers"), [(3, 2, 0), (4, 1, 1)])
def test_3_and_4_apply_to_a_castles_extra_action_selling(
    number: int, silverlings: int, workers: int
) -> None:
    """Data §4.6: a castle's extra action is "any of the four die actions" with a die of any
    number; §3.4: 3 "Each sale, by die or by Warehouse, gives 2 silverlings instead of 1", 4
    "... also gives 1 worker". A sale by the extra action is a sale by a die, so both apply
    (docs/rules/burgundy.md item 26)."""
    given = pending(table(scholar(number, dice=(4, 4), goods={2: 1})), Effect.CASTLE)
    state, events = step(given, 0, SellGoods(2, 2))
    assert events[0] == GoodsSold(0, 2, 0, 2, 1, silverlings, 2, workers)
    assert (state.players[0].silverlings, state.players[0].workers) == (silverlings, workers)


def test_4_a_sale_also_pays_a_worker() -> None:
    given = table(scholar(4, dice=(4, 4), goods={4: 1}))
    state, events = step(given, 0, SellGoods(0, 4))
    assert events[0] == GoodsSold(0, 0, 0, 4, 1, 1, 2, 1)
    assert state.players[0].workers == 1


def test_4_a_sale_of_several_tiles_pays_one_worker() -> None:
    """Data §3.4, knowledge 4: "Each sale, by die or by Warehouse, also gives 1 worker": one
    per sale, however many tiles it turns over (not one per tile)."""
    given = table(scholar(4, dice=(4, 4), goods={4: 3}))
    state, events = step(given, 0, SellGoods(0, 4))
    assert events[0] == GoodsSold(0, 0, 0, 4, 3, 1, 6, 1)
    assert state.players[0].workers == 1


@pytest.mark.parametrize("pair", [(1, 2), (1, 6), (5, 6)])
def test_5_a_ship_may_take_from_two_neighbouring_depots(pair: tuple[int, int]) -> None:
    goods = depot_goods(**{f"d{d}": {d: 1} for d in range(1, 7)})
    given = pending(table(scholar(5), depot_goods=goods), Effect.SHIP)
    _, events = step(given, 0, ShipGoods(pair, pair))
    assert events[0] == GoodsShipped(0, pair, pair, counts(dict.fromkeys(pair, 1)))


def test_5_does_not_join_depots_that_are_not_neighbours() -> None:
    goods = depot_goods(d1={1: 1}, d3={3: 1})
    given = pending(table(scholar(5), depot_goods=goods), Effect.SHIP)
    assert refusal(given, ShipGoods((1, 3), (1, 3))).reason == "BAD_SHIPMENT"


def test_5_names_two_depots_only_when_both_hold_goods() -> None:
    given = pending(table(scholar(5), depot_goods=depot_goods(d1={1: 1})), Effect.SHIP)
    assert refusal(given, ShipGoods((1, 2), (1,))).reason == "BAD_SHIPMENT"
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((1,), (1,))]


def test_5_names_a_second_depot_only_when_goods_come_from_it() -> None:
    """Item 27: depot 2 holds only a kind the full goods spaces cannot store, so naming it
    changes nothing; the one spelling names depot 1 alone."""
    goods = depot_goods(d1={1: 2}, d2={4: 1})
    held = scholar(5, goods={1: 1, 2: 1, 3: 1})
    given = pending(table(held, depot_goods=goods), Effect.SHIP)
    error = refusal(given, ShipGoods((1, 2), (1,)))
    assert error.reason == "BAD_SHIPMENT"
    assert "depot 2" in str(error)
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((1,), (1,))]
    state, events = step(given, 0, ShipGoods((1,), (1,)))
    assert events[0] == GoodsShipped(0, (1,), (1,), counts({1: 2}))
    assert state.depot_goods[:2] == (counts({}), counts({4: 1}))


def test_5_with_room_for_one_new_kind_each_depot_alone_is_the_spelling() -> None:
    """Item 27: with room for one new kind, depots 1 and 2 named together take only one
    depot's kind, which that depot alone already takes."""
    goods = depot_goods(d1={3: 1}, d2={4: 1})
    given = pending(table(scholar(5, goods={1: 1, 2: 1}), depot_goods=goods), Effect.SHIP)
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((1,), (3,)), ShipGoods((2,), (4,))]
    assert refusal(given, ShipGoods((1, 2), (3,))).reason == "BAD_SHIPMENT"
    assert refusal(given, ShipGoods((1, 2), (4,))).reason == "BAD_SHIPMENT"


def test_5_two_depots_that_both_give_goods_are_one_shipment() -> None:
    """Item 27: a kind held comes from both depots, so naming both is its own shipment."""
    goods = depot_goods(d6={1: 1}, d1={1: 1, 5: 1})
    given = pending(table(scholar(5, goods={1: 1, 2: 1, 3: 1}), depot_goods=goods), Effect.SHIP)
    ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
    assert ships == [ShipGoods((1,), (1,)), ShipGoods((6,), (1,)), ShipGoods((1, 6), (1,))]
    state, _ = step(given, 0, ShipGoods((1, 6), (1,)))
    assert state.players[0].goods == counts({1: 3, 2: 1, 3: 1})
    assert state.depot_goods[0] == counts({5: 1}) and state.depot_goods[5] == counts({})


def test_5_no_two_listed_shipments_have_the_same_result() -> None:
    """Item 27, over many tables: every shipment legal_actions lists leads to its own state."""
    rng = random.Random(5)
    for _ in range(400):
        held = dict.fromkeys(rng.sample(range(1, 7), rng.randint(0, 3)), 1)
        spread = [rng.choice(range(1, 7)) for _ in range(rng.randint(1, 8))]
        on_depots: dict[str, dict[int, int]] = {}
        for kind in spread:
            depot = on_depots.setdefault(f"d{rng.randint(1, 6)}", {})
            depot[kind] = depot.get(kind, 0) + 1
        given = pending(
            table(scholar(5, goods=held), depot_goods=depot_goods(**on_depots)), Effect.SHIP
        )
        ships = [a for a in legal_actions(given, 0) if isinstance(a, ShipGoods)]
        results = [
            (state.players[0].goods, state.depot_goods)
            for state, _ in (step(given, 0, a) for a in ships)
        ]
        assert len(set(results)) == len(results), (held, on_depots, ships)


def test_6_the_purchase_may_come_from_a_numbered_depot() -> None:
    given = table(scholar(6, silverlings=2), depots=depots(d4=[castle()]))
    assert BuyTile(castle()) in legal_actions(given, 0)
    _, events = step(given, 0, BuyTile(castle()))
    assert events[0] == TileBought(0, castle(), 4, 2, None)


def test_6_still_only_one_purchase_per_turn() -> None:
    """Data §3.4, tile 6: "Your once-per-turn purchase (still 2 silverlings, still only one
    per turn) may also be taken from any numbered depot"; §5.16."""
    given = table(
        scholar(6, silverlings=6),
        depots=depots(d2=[mine()], d4=[castle()]),
        black_depot=(ship(25),),
    )
    state, _ = step(given, 0, BuyTile(castle()))
    assert state.players[0].silverlings == 4
    assert refusal(state, BuyTile(mine())).reason == "ALREADY_BOUGHT"
    assert refusal(state, BuyTile(ship(25))).reason == "ALREADY_BOUGHT"
    assert not any(isinstance(a, BuyTile) for a in legal_actions(state, 0))


def test_7_each_animal_tile_that_scores_gives_one_more_point() -> None:
    # data §3.4: a 3-sheep tile added to a pasture with a 4-sheep tile scores (3+1) + (4+1).
    sheep3, sheep4 = animal(Animal.SHEEP, 3), animal(Animal.SHEEP, 4)
    given = table(
        scholar(7, estate={12: building(Building.BANK), 6: sheep4}, dice=(4, 4), storage=(sheep3,))
    )
    _, events = step(given, 0, PlaceTile(0, sheep3, 11))
    assert of_type(events, AnimalsScored) == [AnimalsScored(0, 11, 2, 7, 9)]


def test_7_a_lone_animal_tile_scores_one_more_point() -> None:
    """Data §3.4, tile 7: "each tile that scores (the new one and the same-kind tiles already
    in that pasture) gives +1 VP": with no other sheep in the pasture the new tile's 3
    animals score 4."""
    sheep3 = animal(Animal.SHEEP, 3)
    given = table(scholar(7, estate={12: building(Building.BANK)}, dice=(4, 4), storage=(sheep3,)))
    _, events = step(given, 0, PlaceTile(0, sheep3, 11))
    assert of_type(events, AnimalsScored) == [AnimalsScored(0, 11, 1, 3, 4)]


def test_8_each_worker_moves_a_die_up_to_two() -> None:
    # data §3.4: 6 -> 3 costs 2 workers with tile 8 (3 without).
    given = table(scholar(8, dice=(6, 6), workers=2), depots=depots(d3=[castle()]))
    _, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 2, castle(), 3, None)
    given = table(scholar(8, dice=(6, 6), workers=1), depots=depots(d2=[castle()]))
    _, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 1, castle(), 2, None)


@pytest.mark.parametrize(
    ("number", "stored", "space", "shown"),
    [
        (9, building(Building.BANK), 26, 4),  # space 26 shows 3
        (10, ship(), 20, 6),  # space 20 shows 5
        (10, animal(Animal.PIG, 2), 28, 3),  # space 28 shows 2 (next to the ship on 21)
        (11, mine(), 25, 5),  # space 25 shows 4
        (11, castle(), 7, 5),  # space 7 shows 6 (next to the knowledge tile on 13)
        (11, knowledge(16), 8, 6),  # a yellow tile: space 8 shows 5 (next to 13)
    ],
)
def test_9_10_11_a_free_step_when_placing_their_colours(
    number: int, stored: int, space: int, shown: int
) -> None:
    """Data §3.4: 9 "Free ±1 on a die used to place a building", 10 "... to place a ship or an
    animal", 11 "... to place a castle, mine or knowledge tile"."""
    given = table(scholar(number, estate={21: ship(1)}, dice=(shown, shown), storage=(stored,)))
    _, events = step(given, 0, PlaceTile(0, stored, space))
    assert events[0] == TilePlaced(0, 0, 0, stored, space)
    without = table(
        player(estate={21: ship(1), 13: knowledge(20)}, dice=(shown, shown), storage=(stored,))
    )
    assert refusal(without, PlaceTile(0, stored, space)).reason == "NOT_ENOUGH_WORKERS"


def test_9_gives_no_free_step_for_other_colours() -> None:
    given = table(scholar(9, dice=(4, 4), storage=(mine(),), workers=0))
    assert step(given, 0, PlaceTile(0, mine(), 25))[1][0] == TilePlaced(0, 0, 0, mine(), 25)
    given = table(scholar(9, dice=(5, 5), storage=(mine(),), workers=0))
    assert refusal(given, PlaceTile(0, mine(), 25)).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize(
    ("number", "stored", "space", "shown"),
    [
        (10, building(Building.BANK), 26, 4),  # space 26 shows 3
        (10, mine(), 25, 5),  # space 25 shows 4
        (11, ship(), 20, 6),  # space 20 shows 5
        (11, animal(Animal.PIG, 2), 28, 3),  # space 28 shows 2 (next to the ship on 21)
        (12, ship(), 20, 6),
        (12, building(Building.BANK), 26, 4),
    ],
)
def test_10_11_12_give_no_free_step_to_a_placement_of_another_colour(
    number: int, stored: int, space: int, shown: int
) -> None:
    """Data §3.4: 10 is for a die used "to place a ship or an animal", 11 "a castle, mine or
    knowledge tile", 12 "to take a tile from a numbered depot": a die one step from the space
    places nothing else for free."""
    given = table(scholar(number, estate={21: ship(1)}, dice=(shown, shown), storage=(stored,)))
    assert refusal(given, PlaceTile(0, stored, space)).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize("number", [9, 10, 11])
def test_9_10_11_give_no_free_step_to_taking_a_tile(number: int) -> None:
    """Data §3.4: tiles 9-11 turn a die used to *place* a tile; taking one from a numbered
    depot is tile 12's. A 4 cannot take from depot 3 for free with any of them."""
    given = table(scholar(number, dice=(4, 4)), depots=depots(d3=[castle()]))
    assert refusal(given, TakeTile(0, castle())).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize("number", [9, 10, 11, 12])
def test_9_to_12_give_no_free_step_to_a_sale(number: int) -> None:
    """Data §3.4: tiles 9-11 turn a die used to place a tile, 12 one used to take a tile; none
    turns a die used to sell (seed: "the die result names a colour"). A 4 sells goods 3 only
    with a worker."""
    given = table(scholar(number, dice=(4, 4), goods={3: 2}))
    assert refusal(given, SellGoods(0, 3)).reason == "NOT_ENOUGH_WORKERS"
    paid = table(scholar(number, dice=(4, 4), goods={3: 2}, workers=1))
    _, events = step(paid, 0, SellGoods(0, 3))
    assert events[0] == GoodsSold(0, 0, 1, 3, 2, 1, 4, 0)


def test_12_a_free_step_when_taking_from_a_depot() -> None:
    given = table(scholar(12, dice=(4, 4)), depots=depots(d3=[castle()], d6=[mine()]))
    _, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 0, castle(), 3, None)
    assert refusal(given, TakeTile(0, mine())).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize(
    ("number", "action", "done"),
    [
        (12, TakeTile(0, castle()), TileTaken(0, 0, 0, castle(), 3, None)),
        (
            9,
            PlaceTile(0, building(Building.BANK), 12),
            TilePlaced(0, 0, 0, building(Building.BANK), 12),
        ),
    ],
)
def test_a_free_step_a_die_does_not_need_spends_no_worker_and_gains_none(
    number: int, action: TakeTile | PlaceTile, done: TileTaken | TilePlaced
) -> None:
    """Data §3.4: tiles 9-12 give a free ±1 "as if you had spent a worker". A die already
    showing the number needs no step, so the free step goes unused: the action spends no
    worker and gives none back (tile 12: a 3 taking from depot 3; tile 9: a 3 placing a
    building on space 12, which shows 3)."""
    given = table(
        scholar(number, dice=(3, 3), storage=(building(Building.BANK),)),
        depots=depots(d3=[castle()]),
    )
    state, events = step(given, 0, action)
    assert events[0] == done
    assert state.players[0].workers == 0


def test_13_taking_workers_also_pays_a_silverling() -> None:
    _, events = step(table(scholar(13)), 0, TakeWorkers(0))
    assert events[0] == WorkersTaken(0, 0, 2, 1)


def test_14_taking_workers_gives_four() -> None:
    _, events = step(table(scholar(14)), 0, TakeWorkers(0))
    assert events[0] == WorkersTaken(0, 0, 4, 0)


def test_13_and_14_leave_the_boarding_houses_four_workers_alone() -> None:
    """Data §3.4: 13 and 14 change "the take-workers action"; the Boarding House "gives four
    workers" (seed) as its advantage, with no die and no take-workers action, so it pays 4
    workers and no silverling with both tiles in the estate (docs/rules/burgundy.md)."""
    house = building(Building.BOARDING_HOUSE)
    given = table(scholar(13, estate={8: knowledge(14)}, dice=(3, 3), storage=(house,)))
    state, events = step(given, 0, PlaceTile(0, house, 12))
    assert of_type(events, BuildingRewarded) == [
        BuildingRewarded(0, Building.BOARDING_HOUSE, 0, 0, 4)
    ]
    assert (state.players[0].workers, state.players[0].silverlings) == (4, 0)


def test_3_and_4_leave_the_banks_two_silverlings_alone() -> None:
    """Data §3.4: 3 and 4 change "each sale, by die or by Warehouse"; the Bank "gives two
    Silverlings" (seed) and sells nothing, so it pays 2 silverlings and no worker with both
    tiles in the estate (docs/rules/burgundy.md)."""
    bank = building(Building.BANK)
    given = table(scholar(3, estate={8: knowledge(4)}, dice=(3, 3), storage=(bank,)))
    state, events = step(given, 0, PlaceTile(0, bank, 12))
    assert of_type(events, BuildingRewarded) == [BuildingRewarded(0, Building.BANK, 0, 2, 0)]
    assert (state.players[0].workers, state.players[0].silverlings) == (0, 2)


def test_15_three_points_per_goods_kind_sold() -> None:
    assert knowledge_points(scholar(15, sold=counts({1: 3, 4: 1, 6: 2})), 15) == 9


@pytest.mark.parametrize("number", range(16, 24))
def test_16_to_23_four_points_per_building_of_their_type(number: int) -> None:
    kind = list(Building)[number - 16]
    two = {
        26: building(kind),
        12: building(kind, 1),
        27: building(Building.BANK if kind is not Building.BANK else Building.CHURCH),
    }
    assert knowledge_points(scholar(number, estate=two), number) == 8
    assert knowledge_points(scholar(number), number) == 0


def test_24_four_points_per_animal_kind() -> None:
    herd = {
        6: animal(Animal.COW, 2),
        11: animal(Animal.COW, 3),
        28: animal(Animal.PIG, 2),
        1: animal(Animal.SHEEP, 4),
    }
    assert knowledge_points(scholar(24, estate=herd), 24) == 12


def test_24_all_four_animal_kinds_score_sixteen() -> None:
    """Data §3.4, tile 24: "4 VP per different animal kind in your estate (at most 4 x 4 =
    16)"; a second tile of a kind adds nothing."""
    herd = {
        6: animal(Animal.COW, 2),
        11: animal(Animal.COW, 3),
        28: animal(Animal.PIG, 2),
        1: animal(Animal.SHEEP, 4),
        5: animal(Animal.CHICKEN, 3),
    }
    assert knowledge_points(scholar(24, estate=herd), 24) == 16


def test_25_one_point_per_goods_tile_sold() -> None:
    assert knowledge_points(scholar(25, sold=counts({2: 4, 5: 3})), 25) == 7


def test_25_counts_goods_sold_before_the_tile_was_placed() -> None:
    """Data §3.4: 25 is "end": "1 VP per goods tile you have sold", read off the face-down
    pile of sold goods at the end (§3.4: "the engine must record sold goods per player"), so
    a sale made before the tile reached the estate counts too (docs/rules/burgundy.md item
    19). In the last turn of the game the first die sells two goods, the second places 25."""
    given = table(
        player(dice=(4, 1), goods={4: 2}, storage=(knowledge(25),)),
        player(),
        phase=5,
        round=5,
        order=(1, 0),
    )
    state, _ = step(given, 0, SellGoods(0, 4))
    state, events = step(state, 0, PlaceTile(1, knowledge(25), 13))
    assert of_type(events, FinalScored)[0] == FinalScored(0, 0, 1, 0, ((25, 2),), 4 + 1 + 2)
    assert state.finished


def test_26_two_points_per_bonus_tile() -> None:
    held = ((Colour.MINE, True), (Colour.SHIP, False))
    assert knowledge_points(scholar(26, bonuses=held), 26) == 4


def test_end_game_knowledge_is_scored_only_for_tiles_in_the_estate() -> None:
    p = scholar(25, sold=counts({2: 4}), storage=(knowledge(15),), points=10)
    scored = final_score(0, p)
    assert scored.knowledge == ((25, 4),)
    assert scored.total == 14


def test_perm_knowledge_in_storage_has_no_effect() -> None:
    given = table(player(storage=(knowledge(14),)))
    _, events = step(given, 0, TakeWorkers(0))
    assert events[0] == WorkersTaken(0, 0, 2, 0)


def test_8_and_a_free_step_add_up_free_step_first() -> None:
    """Data §3.4: 8 "Each worker you spend changes a die by up to ±2"; 12 "Free ±1 on a die
    used to take a tile from a numbered depot"; §4.4: "Knowledge 9-12 each give one free step
    of ±1 ... Workers can then change the die further". A 1 taking from depot 3 is two steps:
    the free one and one worker (not none); a 6 taking from depot 3 is three steps: the free
    one and one worker moving two."""
    both = {8: knowledge(8), 13: knowledge(12)}
    given = table(player(estate=both, dice=(1, 6), workers=1), depots=depots(d3=[castle()]))
    _, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 1, castle(), 3, None)
    _, events = step(given, 0, TakeTile(1, castle()))
    assert events[0] == TileTaken(0, 1, 1, castle(), 3, None)
    broke = table(player(estate=both, dice=(1, 1), workers=0), depots=depots(d3=[castle()]))
    assert refusal(broke, TakeTile(0, castle())).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize(("shown", "depot"), [(6, 1), (1, 6)])
def test_12_the_free_step_turns_6_into_1_and_1_into_6(shown: int, depot: int) -> None:
    """Seed: "one to six or six to one also costs just one" worker; data §3.4: the free ±1 of
    tiles 9-12 works "as if you had spent a worker", so it wraps as well."""
    given = table(scholar(12, dice=(shown, shown)), depots=depots(**{f"d{depot}": [castle()]}))
    _, events = step(given, 0, TakeTile(0, castle()))
    assert events[0] == TileTaken(0, 0, 0, castle(), depot, None)


def test_9_a_free_step_then_workers_for_the_rest() -> None:
    """Data §4.4: "Knowledge 9-12 each give one free step of ±1 for a particular kind of
    action. Workers can then change the die further." A 6 placing a building on space 26
    (showing 3) is three steps: the free one and two workers."""
    bank = building(Building.BANK)
    given = table(scholar(9, dice=(6, 6), storage=(bank,), workers=2))
    state, events = step(given, 0, PlaceTile(0, bank, 26))
    assert events[0] == TilePlaced(0, 0, 2, bank, 26)
    assert state.players[0].workers == 0
    poorer = table(scholar(9, dice=(6, 6), storage=(bank,), workers=1))
    assert refusal(poorer, PlaceTile(0, bank, 26)).reason == "NOT_ENOUGH_WORKERS"


@pytest.mark.parametrize(("number", "workers", "silverlings"), [(13, 2, 1), (14, 4, 0)])
def test_13_and_14_apply_to_a_castles_extra_action_taking_workers(
    number: int, workers: int, silverlings: int
) -> None:
    """Data §4.6: a castle's extra action "can be any of the four die actions, including
    taking workers"; §3.4: 13 "The take-workers action also gives 1 silverling", 14 "The
    take-workers action gives 4 workers instead of 2". docs/rules/burgundy.md item 26."""
    given = pending(table(scholar(number)), Effect.CASTLE)
    state, events = step(given, 0, TakeWorkers(2))
    assert events[0] == WorkersTaken(0, 2, workers, silverlings)
    assert (state.players[0].workers, state.players[0].silverlings) == (workers, silverlings)


@pytest.mark.parametrize("number", [18, 24])
def test_16_to_24_count_only_the_tiles_in_the_estate(number: int) -> None:
    """Seed: "Hex tiles still sitting in your storage spaces score nothing"; data §3.4: 16-23
    count the buildings "in your estate", 24 the animal kinds "in your estate". A Carpenter's
    Workshop and a pig in storage add nothing to tiles 18 and 24."""
    placed = {26: building(Building.CARPENTER), 6: animal(Animal.COW, 2)}
    stored = (building(Building.CARPENTER, 1), animal(Animal.PIG, 2))
    assert knowledge_points(scholar(number, estate=placed, storage=stored), number) == 4


def test_every_end_game_tile_in_the_estate_adds_to_the_final_score() -> None:
    """Seed: at the end "score ... whatever your yellow tiles award"; data §3.4: 15 "3 VP for
    each goods kind ... sold", 25 "1 VP per goods tile you have sold", 26 "2 VP per bonus tile
    you hold". Sold goods 1, 1, 3 and one bonus tile: 6 + 3 + 2 points."""
    yellow = {8: knowledge(25), 4: knowledge(26)}
    p = scholar(
        15, estate=yellow, sold=counts({1: 2, 3: 1}), bonuses=((Colour.MINE, False),), points=30
    )
    scored = final_score(0, p)
    assert scored.knowledge == ((15, 6), (25, 3), (26, 2))
    assert scored.total == 30 + 6 + 3 + 2
