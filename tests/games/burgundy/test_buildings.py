"""Seed: "A building gives its advantage immediately, no die needed ... the warehouse sells
a goods type, the carpenter takes a building tile from any numbered depot, the church takes a
mine, knowledge or castle, the market takes a ship or animal, the boarding house gives four
workers, the bank two Silverlings, the city hall lets you immediately place a second tile from
storage regardless of colour with all its effects, and the watchtower gives four points ... If
a building's advantage cannot be used, you may still place the building"; data §3.2, §5.5."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burgundy import legal_actions
from games.burgundy.actions import EndTurn, Pass, PlaceTile, SellGoods, TakeTile, TakeWorkers
from games.burgundy.catalogue import Animal, Building, Effect
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    EffectLost,
    EffectPending,
    GoodsSold,
    MinesPaid,
    TilePlaced,
    TileTaken,
    TurnOrderAdvanced,
)
from games.burgundy.state import State

from .builders import (
    animal,
    building,
    castle,
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

ON_12 = 3  # space 12: building, die 3, touching the start castle


def place(kind: Building, given: State | None = None) -> tuple[State, tuple[object, ...]]:
    """Place a building of ``kind`` on space 12 with die 0 (showing 3)."""
    tile = building(kind)
    state = given or table(player(dice=(3, 3), storage=(tile,)))
    return step(state, 0, PlaceTile(0, tile, 12))


@pytest.mark.parametrize(
    ("kind", "points", "silverlings", "workers"),
    [
        (Building.WATCHTOWER, 4, 0, 0),
        (Building.BANK, 0, 2, 0),
        (Building.BOARDING_HOUSE, 0, 0, 4),
    ],
)
def test_watchtower_bank_and_boarding_house_pay_at_once(
    kind: Building, points: int, silverlings: int, workers: int
) -> None:
    state, events = place(kind)
    assert events[1] == BuildingRewarded(0, kind, points, silverlings, workers)
    p = state.players[0]
    # Space 12 is a one-space city: its completion scores 1 + 10 in phase A as well.
    assert (p.points - 11, p.silverlings, p.workers) == (points, silverlings, workers)


def test_warehouse_sells_a_kind_of_goods_without_a_die() -> None:
    given = table(player(dice=(3, 3), storage=(building(Building.WAREHOUSE),), goods={5: 2, 1: 1}))
    state, events = place(Building.WAREHOUSE, given)
    assert events[1] == EffectPending(0, Effect.WAREHOUSE)
    assert list(legal_actions(state, 0)) == [SellGoods(2, 1), SellGoods(2, 5), Pass()]
    state, events = step(state, 0, SellGoods(2, 5))
    assert events[0] == GoodsSold(0, 2, 0, 5, 2, 1, 4, 0)
    assert state.used == (True, False) and state.pending == ()


def test_warehouse_with_no_goods_is_placed_without_benefit() -> None:
    state, events = place(Building.WAREHOUSE)
    assert EffectLost(0, Effect.WAREHOUSE) in events
    assert state.pending == ()


@pytest.mark.parametrize(
    ("kind", "effect", "allowed", "refused"),
    [
        (
            Building.CARPENTER,
            Effect.CARPENTER,
            [building(Building.BANK, 3)],
            [ship(3), mine(3), castle(3), knowledge(20), animal(Animal.PIG, 2)],
        ),
        (
            Building.CHURCH,
            Effect.CHURCH,
            [castle(3), mine(3), knowledge(20)],
            [ship(3), animal(Animal.PIG, 2), building(Building.BANK, 3)],
        ),
        (
            Building.MARKET,
            Effect.MARKET,
            [ship(3), animal(Animal.PIG, 2)],
            [mine(3), castle(3), knowledge(20), building(Building.BANK, 3)],
        ),
    ],
)
def test_carpenter_church_and_market_take_their_colours_from_any_numbered_depot(
    kind: Building, effect: Effect, allowed: list[int], refused: list[int]
) -> None:
    tiles = [*allowed, *refused]
    stock = depots(**{f"d{n}": [t] for n, t in enumerate(tiles, start=1)})
    given = table(
        player(dice=(3, 3), storage=(building(kind),)),
        depots=stock,
        black_depot=(castle(11),),
    )
    state, events = place(kind, given)
    assert events[1] == EffectPending(0, effect)
    takes = [a for a in legal_actions(state, 0) if isinstance(a, TakeTile)]
    assert takes == [TakeTile(2, t) for t in allowed]
    # Every other colour lies on the depots too, and each is refused (seed: the carpenter
    # takes "a building tile", the church "a mine, knowledge or castle", the market "a ship
    # or animal").
    assert [refusal(state, TakeTile(2, t)).reason for t in refused] == ["WRONG_COLOUR"] * len(
        refused
    )
    assert refusal(state, TakeTile(2, castle(11))).reason == "TILE_NOT_IN_DEPOT"
    state, events = step(state, 0, TakeTile(2, allowed[-1]))
    assert events[0] == TileTaken(0, 2, 0, allowed[-1], len(allowed), None)
    assert state.players[0].storage == (allowed[-1],)


def test_a_carpenter_with_no_building_on_the_board_is_lost() -> None:
    given = table(
        player(dice=(3, 3), storage=(building(Building.CARPENTER),)), depots=depots(d1=[ship()])
    )
    _, events = place(Building.CARPENTER, given)
    assert EffectLost(0, Effect.CARPENTER) in events


@pytest.mark.parametrize(
    ("kind", "effect", "on_the_board", "black"),
    [
        (
            Building.CHURCH,
            Effect.CHURCH,
            [ship(3), animal(Animal.PIG, 2), building(Building.BANK, 3)],
            castle(11),
        ),
        (Building.MARKET, Effect.MARKET, [castle(3), mine(3), knowledge(20)], ship(25)),
    ],
)
def test_a_church_or_market_with_nothing_to_take_is_lost(
    kind: Building, effect: Effect, on_the_board: list[int], black: int
) -> None:
    """Seed: "the church takes a mine, knowledge or castle, the market takes a ship or animal
    ... If a building's advantage cannot be used, you may still place the building and simply
    lose the benefit"; data §4.6 names "no matching tile on the board for a Carpenter's
    Workshop, Church or Market", and §5.6: only the numbered depots count, so a matching tile in
    the black depot does not save the advantage."""
    stock = depots(**{f"d{n}": [t] for n, t in enumerate(on_the_board, start=1)})
    given = table(
        player(dice=(3, 3), storage=(building(kind),)), depots=stock, black_depot=(black,)
    )
    state, events = place(kind, given)
    assert events[0] == TilePlaced(0, 0, 0, building(kind), 12)
    assert EffectLost(0, effect) in events
    assert state.pending == () and state.players[0].storage == ()
    assert state.depots == stock and state.black_depot == (black,)
    waiting = pending(state, effect)  # the advantage, had it waited, still could not take it
    assert refusal(waiting, TakeTile(2, black)).reason == "TILE_NOT_IN_DEPOT"


def test_a_carpenter_into_full_storage_must_name_a_discard() -> None:
    """Data §4.7: "A tile gained when storage is full (by die, building effect or purchase)
    forces a discard of a tile already stored, and the discarded tile leaves the game"; seed:
    "If all three are full, discard one first, out of the game". (Placing the Carpenter frees
    a space, so the full storage is set up directly.)"""
    stored = (ship(0), ship(1), mine(1))
    bank = building(Building.BANK, 3)
    given = pending(table(player(storage=stored), depots=depots(d2=[bank])), Effect.CARPENTER)
    takes = [a for a in legal_actions(given, 0) if isinstance(a, TakeTile)]
    assert takes == [TakeTile(2, bank, t) for t in stored]
    assert refusal(given, TakeTile(2, bank)).reason == "STORAGE_FULL"
    assert refusal(given, TakeTile(2, bank, discard=mine(3))).reason == "BAD_DISCARD"
    state, events = step(given, 0, TakeTile(2, bank, discard=ship(1)))
    assert events[0] == TileTaken(0, 2, 0, bank, 2, ship(1))
    assert state.players[0].storage == (ship(0), mine(1), bank)
    assert state.pending == ()


def test_city_hall_places_a_tile_on_a_space_of_any_number() -> None:
    given = table(player(dice=(3, 3), storage=(building(Building.CITY_HALL), ship())))
    state, events = place(Building.CITY_HALL, given)
    assert events[1] == EffectPending(0, Effect.CITY_HALL)
    places = [a for a in legal_actions(state, 0) if isinstance(a, PlaceTile)]
    assert PlaceTile(2, ship(), 18) in places and PlaceTile(2, ship(), 20) in places
    state, events = step(state, 0, PlaceTile(2, ship(), 18))
    assert events[0] == TilePlaced(0, 2, 0, ship(), 18)
    assert events[2] == EffectPending(0, Effect.SHIP)  # the placed tile's effect follows


def test_city_hall_ignores_colour_in_the_default_ruleset() -> None:
    cow = animal(Animal.COW, 3)
    given = pending(table(player(storage=(cow,))), Effect.CITY_HALL)
    _, events = step(given, 0, PlaceTile(2, cow, 25))  # a mine space
    assert events[1] == AnimalsScored(0, 25, 1, 3, 3)


def test_city_hall_keeps_the_colour_rule_in_the_published_ruleset() -> None:
    cow = animal(Animal.COW, 3)
    given = pending(table(player(storage=(cow,)), ruleset="published"), Effect.CITY_HALL)
    assert refusal(given, PlaceTile(2, cow, 25)).reason == "WRONG_COLOUR"


def test_the_published_city_hall_still_places_on_a_space_of_any_number() -> None:
    """Data §3.2, City Hall: "Place 1 more tile from your storage into your estate at once, on
    a space of any die number. The colour, adjacency and one-per-city rules still apply";
    docs/rules/burgundy.md item 2 ("Both"). The ship goes on space 18 (showing 2) or 20
    (showing 5) although no die shows either, and no worker is spent."""
    given = pending(
        table(player(dice=(1, 1), storage=(ship(),)), ruleset="published"), Effect.CITY_HALL
    )
    places = [a for a in legal_actions(given, 0) if isinstance(a, PlaceTile)]
    assert places == [PlaceTile(2, ship(), 18), PlaceTile(2, ship(), 20)]
    _, events = step(given, 0, PlaceTile(2, ship(), 20))
    assert events[0] == TilePlaced(0, 2, 0, ship(), 20)


def test_a_city_halls_off_colour_castle_or_mine_works_as_its_tile_type() -> None:
    """Seed: the City Hall places "regardless of colour with all its effects";
    docs/rules/burgundy.md item 2: an off-colour tile works as its tile type wherever it lies.
    A castle on a building space gives its extra action; a mine on a building space pays its
    silverling at the end of the phase, as a mine does (seed: "pays one Silverling at the end
    of every phase")."""
    given = pending(table(player(storage=(castle(), mine()))), Effect.CITY_HALL)
    state, events = step(given, 0, PlaceTile(2, castle(), 26))  # a building space
    assert events[1] == EffectPending(0, Effect.CASTLE)
    assert state.pending == (Effect.CASTLE,)
    state, _ = step(given, 0, PlaceTile(2, mine(), 26))
    last = replace(state, round=5, order=(1, 0), active=0, used=(True, True))
    _, events = step(last, 0, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 1, 1, 0)]


def test_a_city_halls_off_colour_ship_or_building_works_as_its_tile_type() -> None:
    """Seed: the City Hall places "regardless of colour with all its effects";
    docs/rules/burgundy.md item 2: an off-colour tile works as its tile type wherever it lies.
    A ship on a building space moves its owner's piece and then takes goods (seed: "A ship
    lets you take all the goods from any one depot's goods space ... and then you move one
    space right on the turn order track"); a watchtower on a mine space gives its four
    points (seed: "the watchtower gives four points")."""
    tower = building(Building.WATCHTOWER)
    given = pending(
        table(player(storage=(ship(), tower)), depot_goods=depot_goods(d2={4: 1})),
        Effect.CITY_HALL,
    )
    state, events = step(given, 0, PlaceTile(2, ship(), 26))  # a building space
    assert events[1:] == (TurnOrderAdvanced(0, 1, 0), EffectPending(0, Effect.SHIP))
    assert state.pending == (Effect.SHIP,)
    _, events = step(given, 0, PlaceTile(2, tower, 25))  # a mine space
    assert events[1:] == (BuildingRewarded(0, Building.WATCHTOWER, 4, 0, 0),)


def test_city_hall_still_needs_adjacency_and_one_building_type_per_city() -> None:
    bank, bank2 = building(Building.BANK), building(Building.BANK, 1)
    given = pending(table(player(estate={26: bank}, storage=(bank2, ship()))), Effect.CITY_HALL)
    assert refusal(given, PlaceTile(2, ship(), 22)).reason == "NOT_ADJACENT"
    assert refusal(given, PlaceTile(2, bank2, 27)).reason == "BUILDING_IN_CITY"


def test_city_hall_with_an_empty_storage_is_lost() -> None:
    _, events = place(Building.CITY_HALL)
    assert EffectLost(0, Effect.CITY_HALL) in events


def test_a_building_effect_may_be_declined() -> None:
    given = table(
        player(dice=(3, 3), storage=(building(Building.MARKET),)), depots=depots(d1=[ship()])
    )
    state, _ = place(Building.MARKET, given)
    state, _ = step(state, 0, Pass())
    assert state.pending == () and state.players[0].storage == ()


def test_each_building_type_once_per_city_even_by_city_hall() -> None:
    tower, tower2 = building(Building.WATCHTOWER), building(Building.WATCHTOWER, 1)
    given = table(player(estate={26: tower}, dice=(1, 1), storage=(tower2,)))
    assert refusal(given, PlaceTile(0, tower2, 27)).reason == "BUILDING_IN_CITY"


def test_an_off_colour_building_counts_against_its_regions_one_of_a_type() -> None:
    """Seed: "each of the eight building types may appear only once per city"; the default
    City Hall places "regardless of colour", and docs/rules/burgundy.md item 2 reads an
    off-colour building as counting against the one-per-region rule of the region it lies
    in. A bank already on pasture space 11 keeps a second bank off that pasture (space 6),
    not a church, and not a bank in a real city (space 12)."""
    bank, bank2 = building(Building.BANK), building(Building.BANK, 1)
    church = building(Building.CHURCH)
    given = pending(table(player(estate={11: bank}, storage=(bank2, church))), Effect.CITY_HALL)
    assert refusal(given, PlaceTile(2, bank2, 6)).reason == "BUILDING_IN_CITY"
    assert step(given, 0, PlaceTile(2, church, 6))[1][0] == TilePlaced(0, 2, 0, church, 6)
    assert step(given, 0, PlaceTile(2, bank2, 12))[1][0] == TilePlaced(0, 2, 0, bank2, 12)


BUILDING_ACTIONS = {
    Effect.WAREHOUSE: "sell",
    Effect.CARPENTER: "take",
    Effect.CHURCH: "take",
    Effect.MARKET: "take",
    Effect.CITY_HALL: "place",
}


@pytest.mark.parametrize("effect", list(BUILDING_ACTIONS))
def test_a_buildings_advantage_is_its_own_action_and_no_other(effect: Effect) -> None:
    """Seed: "the warehouse sells a goods type, the carpenter takes a building tile ..., the
    church takes a mine, knowledge or castle, the market takes a ship or animal ..., the city
    hall lets you immediately place a second tile from storage"; data §3.2. Only a castle
    gives "an immediate extra action with a die of any value" (any of the four actions), so
    a building's advantage cannot be spent on another action, nor on taking workers."""
    given = pending(
        table(
            player(storage=(ship(0),), goods={1: 2}),
            depots=depots(d1=[building(Building.BANK, 3), castle(3), ship(3)]),
        ),
        effect,
    )
    tries = {
        "take": TakeTile(2, castle(3)),
        "place": PlaceTile(2, ship(0), 18),
        "sell": SellGoods(2, 1),
        "workers": TakeWorkers(2),
    }
    own = BUILDING_ACTIONS[effect]
    refused = {name: refusal(given, action).reason for name, action in tries.items() if name != own}
    assert refused == {name: "WRONG_EFFECT" for name in tries if name != own}
    listed = {type(a) for a in legal_actions(given, 0)} - {Pass}
    assert listed == {type(tries[own])}
