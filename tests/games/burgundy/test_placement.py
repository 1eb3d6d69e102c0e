"""Seed: "move a tile from storage into your estate onto an empty space showing that die
number. It must match the space's colour and must touch a tile you have already placed";
"You can never place straight from the board"; data §4.4, §4.6, §5.4."""

from __future__ import annotations

from games.burgundy import legal_actions
from games.burgundy.actions import PlaceTile
from games.burgundy.catalogue import Building
from games.burgundy.events import TilePlaced

from .builders import building, castle, depots, knowledge, mine, player, refusal, ship, step, table


def test_a_tile_goes_from_storage_to_a_matching_space_next_to_the_estate() -> None:
    given = table(player(dice=(5, 1), storage=(ship(),)))
    state, events = step(given, 0, PlaceTile(0, ship(), 20))
    assert events[0] == TilePlaced(0, 0, 0, ship(), 20)
    assert state.players[0].estate[19] == ship()
    assert state.players[0].storage == ()


def test_the_space_must_show_the_dice_number() -> None:
    given = table(player(dice=(3, 3), storage=(ship(),)))
    # Space 18 shows a 2: one worker is needed, and the player has none.
    assert refusal(given, PlaceTile(0, ship(), 18)).reason == "NOT_ENOUGH_WORKERS"


def test_the_space_must_match_the_tiles_colour() -> None:
    given = table(player(dice=(3, 3), storage=(mine(),)))
    assert refusal(given, PlaceTile(0, mine(), 26)).reason == "WRONG_COLOUR"


def test_the_space_must_touch_a_placed_tile() -> None:
    given = table(player(dice=(1, 1), storage=(ship(),)))
    assert refusal(given, PlaceTile(0, ship(), 22)).reason == "NOT_ADJACENT"


def test_the_first_tile_goes_next_to_the_start_castle() -> None:
    given = table(player(dice=(1, 1), storage=(mine(),), workers=6))
    places = [a for a in legal_actions(given, 0) if isinstance(a, PlaceTile) and a.die == 0]
    assert places == [PlaceTile(0, mine(), 25)]


def test_an_empty_space_is_needed() -> None:
    given = table(player(estate={20: ship(1)}, dice=(5, 5), storage=(ship(),)))
    assert refusal(given, PlaceTile(0, ship(), 20)).reason == "SPACE_TAKEN"


def test_never_straight_from_the_board() -> None:
    given = table(player(dice=(5, 5)), depots=depots(d5=[ship()]))
    assert refusal(given, PlaceTile(0, ship(), 20)).reason == "TILE_NOT_IN_STORAGE"


def test_each_building_type_only_once_per_city() -> None:
    bank = building(Building.BANK)
    given = table(player(estate={26: bank}, dice=(1, 1), storage=(building(Building.BANK, 1),)))
    error = refusal(given, PlaceTile(0, building(Building.BANK, 1), 27))
    assert error.reason == "BUILDING_IN_CITY"


def test_the_same_building_type_may_stand_in_another_city() -> None:
    bank, second = building(Building.BANK), building(Building.BANK, 1)
    given = table(player(estate={26: bank}, dice=(3, 3), storage=(second,)))
    _, events = step(given, 0, PlaceTile(0, second, 12))
    assert events[0] == TilePlaced(0, 0, 0, second, 12)


def test_a_knowledge_tile_and_a_castle_on_their_spaces() -> None:
    given = table(player(estate={13: knowledge(20)}, dice=(6, 1), storage=(castle(),)))
    state, _ = step(given, 0, PlaceTile(0, castle(), 7))
    assert state.players[0].estate[6] == castle()


def test_workers_turn_the_die_for_a_placement_too() -> None:
    """Seed: a worker shifts "a die result up or down by one" at any time, so a die showing 3
    can place on a space showing 2 for one worker, which is spent."""
    given = table(player(dice=(3, 3), storage=(ship(),), workers=2))
    state, events = step(given, 0, PlaceTile(0, ship(), 18))  # space 18 shows 2
    assert events[0] == TilePlaced(0, 0, 1, ship(), 18)
    assert state.players[0].workers == 1
