"""Seed: "A castle gives you an immediate extra action with a die of any value you like";
"An animal tile scores its two to four animals immediately, and if that pasture already holds
animals of the same type, all of those tiles score again too, even if not adjacent"; "A mine
does nothing now"; data §4.6, §5.3."""

from __future__ import annotations

from games.burgundy import legal_actions
from games.burgundy.actions import Pass, PlaceTile, SellGoods, TakeTile, TakeWorkers
from games.burgundy.catalogue import Animal, Building, Effect
from games.burgundy.events import AnimalsScored, EffectDeclined, EffectPending, TileTaken

from .builders import (
    animal,
    building,
    castle,
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

COW2, COW3, COW4 = animal(Animal.COW, 2), animal(Animal.COW, 3), animal(Animal.COW, 4)
PIG4 = animal(Animal.PIG, 4)
CITY = building(Building.WATCHTOWER, 3)  # a tile on space 12, next to the pastures


def test_placing_a_castle_grants_an_extra_action() -> None:
    given = table(player(estate={13: knowledge(20)}, dice=(6, 1), storage=(castle(),)))
    state, events = step(given, 0, PlaceTile(0, castle(), 7))
    assert events[-1] == EffectPending(0, Effect.CASTLE)
    assert state.pending == (Effect.CASTLE,)


def test_the_extra_action_uses_any_number_without_workers() -> None:
    given = pending(
        table(player(dice=(1, 1)), depots=depots(d4=[ship()], d6=[mine()])), Effect.CASTLE
    )
    takes = [a for a in legal_actions(given, 0) if isinstance(a, TakeTile)]
    assert takes == [TakeTile(2, ship()), TakeTile(2, mine())]
    state, events = step(given, 0, TakeTile(2, mine()))
    assert events[0] == TileTaken(0, 2, 0, mine(), 6, None)
    assert state.pending == () and state.used == (False, False)


def test_the_extra_action_may_place_sell_or_take_workers() -> None:
    given = pending(table(player(storage=(ship(),), goods={3: 1})), Effect.CASTLE)
    legal = set(legal_actions(given, 0))
    assert {PlaceTile(2, ship(), 18), PlaceTile(2, ship(), 20), SellGoods(2, 3)} <= legal
    assert TakeWorkers(2) in legal and Pass() in legal
    assert refusal(given, TakeWorkers(0)).reason == "EFFECT_PENDING"


def test_castles_chain_depth_first() -> None:
    given = pending(table(player(estate={13: knowledge(20)}, storage=(castle(),))), Effect.CASTLE)
    state, _ = step(given, 0, PlaceTile(2, castle(), 7))
    assert state.pending == (Effect.CASTLE,)
    state, _ = step(state, 0, TakeWorkers(2))
    assert state.pending == ()


def test_the_extra_action_may_be_declined() -> None:
    given = pending(table(player()), Effect.CASTLE)
    state, events = step(given, 0, Pass())
    assert events[0] == EffectDeclined(0, Effect.CASTLE)
    assert state.pending == ()


def test_a_mine_does_nothing_at_once() -> None:
    given = table(player(dice=(4, 4), storage=(mine(),)))
    state, events = step(given, 0, PlaceTile(0, mine(), 25))
    assert len(events) == 1 and state.pending == ()


def test_an_animal_tile_scores_its_animals() -> None:
    given = table(player(estate={12: CITY}, dice=(4, 4), storage=(COW3,)))
    # Space 11 (pasture, 4) touches 12.
    state, events = step(given, 0, PlaceTile(0, COW3, 11))
    assert events[1] == AnimalsScored(0, 11, 1, 3, 3)
    assert state.players[0].points == 3


def test_same_kind_in_the_same_pasture_scores_again_even_if_not_adjacent() -> None:
    # The rulebook's example: a 4-cow tile next to a 3-cow tile scores 7, a later 4-cow 11.
    given = table(
        player(estate={12: CITY, 6: COW3, 1: COW4, 10: PIG4}, dice=(4, 4), storage=(COW2,))
    )
    _, events = step(given, 0, PlaceTile(0, COW2, 11))
    assert events[1] == AnimalsScored(0, 11, 3, 9, 9)


def test_the_rulebook_example() -> None:
    first = table(player(estate={12: CITY, 6: COW3}, dice=(4, 4), storage=(COW4,)))
    _, events = step(first, 0, PlaceTile(0, COW4, 11))
    assert of_type(events, AnimalsScored)[0].points == 7
    second = table(
        player(
            estate={12: CITY, 6: COW3, 11: COW4},
            dice=(5, 5),
            storage=(animal(Animal.COW, 4, 1),),
        )
    )
    _, events = step(second, 0, PlaceTile(0, animal(Animal.COW, 4, 1), 10))
    assert of_type(events, AnimalsScored)[0].points == 11


def test_animals_in_another_pasture_do_not_count() -> None:
    given = table(player(estate={21: ship(2), 6: COW4, 12: CITY}, dice=(2, 2), storage=(COW3,)))
    _, events = step(given, 0, PlaceTile(0, COW3, 28))
    assert events[1] == AnimalsScored(0, 28, 1, 3, 3)
