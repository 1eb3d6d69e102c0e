"""Seed: "The moment a coloured region is fully covered, score for its size, from one point
for a single space up to thirty six for eight spaces, plus a phase bonus ... ten points in
phase A, sliding down to two points in phase E", and the colour bonus tiles: "the first player
to cover every space of one colour ... takes the large bonus tile ... five points with two
players, six with three, seven with four; the second player takes the small one for two to
four points. Nobody after that scores"; data §2.4, §2.5, §4.9."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burgundy.actions import PlaceTile
from games.burgundy.catalogue import Animal, Building, Colour, Effect
from games.burgundy.events import (
    AnimalsScored,
    ColourBonusTaken,
    RegionCompleted,
    TilePlaced,
)
from games.burgundy.state import State

from .builders import (
    animal,
    building,
    castle,
    knowledge,
    mine,
    of_type,
    player,
    ship,
    step,
    table,
    with_player,
)
from .randomplay import opened


@pytest.mark.parametrize(("phase", "bonus"), [(1, 10), (2, 8), (3, 6), (4, 4), (5, 2)])
def test_a_region_scores_its_size_and_the_phase_bonus(phase: int, bonus: int) -> None:
    given = table(
        player(estate={16: ship(0), 17: ship(1)}, dice=(2, 2), storage=(ship(2),)), phase=phase
    )
    state, events = step(given, 0, PlaceTile(0, ship(2), 18))
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 6, 6, bonus)]
    assert state.players[0].points == 6 + bonus


def test_a_five_space_city_scores_fifteen() -> None:
    city = {
        26: building(Building.BANK),
        27: building(Building.CHURCH),
        32: building(Building.MARKET),
        33: building(Building.WAREHOUSE),
    }
    tower = building(Building.WATCHTOWER)
    given = table(player(estate=city, dice=(3, 3), storage=(tower,)), phase=2)
    _, events = step(given, 0, PlaceTile(0, tower, 37))
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 11, 15, 8)]


def test_an_unfinished_region_scores_nothing() -> None:
    given = table(player(dice=(2, 2), storage=(ship(2),)))
    _, events = step(given, 0, PlaceTile(0, ship(2), 18))
    assert of_type(events, RegionCompleted) == []


def test_a_region_with_its_last_space_open_scores_nothing() -> None:
    """Seed: a region scores "the moment a coloured region is fully covered": with 16 and 17
    covered, the ship region 16-17-18 (data §1.4, R06) still waits for 18."""
    given = table(player(estate={16: ship(0)}, dice=(1, 1), storage=(ship(1),)))
    state, events = step(given, 0, PlaceTile(0, ship(1), 17))
    assert of_type(events, TilePlaced) and of_type(events, RegionCompleted) == []
    assert state.players[0].points == 0


def mines_but_one(*holders: int) -> State:
    """Seat 0 can complete the grey colour (3 mines) by placing on 34; ``holders`` already
    hold the grey bonus tiles, large first."""
    given = table(
        player(estate={25: mine(0), 30: mine(1)}, dice=(3, 3), storage=(mine(2),)),
        player(),
        player(),
    )
    for place, seat in enumerate(holders):
        given = with_player(given, seat, bonuses=((Colour.MINE, place == 0),))
    return taken(given, len(holders))


def taken(state: State, count: int) -> State:
    """``state`` with ``count`` grey bonus tiles gone."""
    return replace(state, bonus_taken=tuple(count if c is Colour.MINE else 0 for c in Colour))


def test_the_first_to_cover_a_colour_takes_the_large_bonus() -> None:
    given = mines_but_one()
    state, events = step(given, 0, PlaceTile(0, mine(2), 34))
    assert of_type(events, ColourBonusTaken) == [ColourBonusTaken(0, Colour.MINE, True, 6)]
    assert state.players[0].bonuses == ((Colour.MINE, True),)
    assert state.bonus_taken[list(Colour).index(Colour.MINE)] == 1


def test_the_second_takes_the_small_one_and_the_third_nothing() -> None:
    _, events = step(mines_but_one(1), 0, PlaceTile(0, mine(2), 34))
    assert of_type(events, ColourBonusTaken) == [ColourBonusTaken(0, Colour.MINE, False, 3)]
    _, events = step(mines_but_one(1, 2), 0, PlaceTile(0, mine(2), 34))
    assert of_type(events, ColourBonusTaken) == []


@pytest.mark.parametrize(("seats", "large", "small"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_bonus_values_by_player_count(seats: int, large: int, small: int) -> None:
    players = [player(estate={25: mine(0), 30: mine(1)}, dice=(3, 3), storage=(mine(2),))]
    players += [player() for _ in range(seats - 1)]
    _, events = step(table(*players), 0, PlaceTile(0, mine(2), 34))
    assert of_type(events, ColourBonusTaken)[0].points == large
    second = taken(table(*players), 1)
    _, events = step(second, 0, PlaceTile(0, mine(2), 34))
    assert of_type(events, ColourBonusTaken)[0].points == small


def test_the_start_castle_counts_toward_the_dark_green_colour() -> None:
    given = table(player(estate={2: castle(1), 3: castle(2)}, dice=(6, 6), storage=(castle(3),)))
    _, events = step(given, 0, PlaceTile(0, castle(3), 7))
    assert of_type(events, ColourBonusTaken) == [ColourBonusTaken(0, Colour.CASTLE, True, 5)]
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 2, 6, 10)]


def test_the_start_castle_itself_scores_nothing() -> None:
    _, _, state = opened(2, 1)
    assert all(p.points == 0 for p in state.players)


def test_a_castles_extra_action_that_completes_a_region_scores_it() -> None:
    """Data §4.6: "Region and colour completion are checked for every tile placed, however it
    was placed: by die, castle or City Hall"; seed: "A castle gives you an immediate extra
    action with a die of any value you like". The castle's action places the third ship of
    region R06 on space 18 (showing 2, which neither die shows) and the region scores."""
    given = table(
        player(
            estate={16: ship(0), 17: ship(1), 13: knowledge(20)},
            dice=(6, 6),
            storage=(castle(), ship(2)),
        )
    )
    state, _ = step(given, 0, PlaceTile(0, castle(), 7))
    assert state.pending == (Effect.CASTLE,)
    state, events = step(state, 0, PlaceTile(2, ship(2), 18))
    assert events[0] == TilePlaced(0, 2, 0, ship(2), 18)
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 6, 6, 10)]
    assert state.used == (True, False)
    assert state.players[0].points == 16


def test_a_city_halls_off_colour_tile_covers_its_space_for_region_and_colour() -> None:
    """Seed: "the city hall lets you immediately place a second tile from storage regardless
    of colour with all its effects"; docs/rules/burgundy.md §2: an off-colour tile (default
    ruleset) "counts as covered for region and colour completion". A cow on the last mine
    space, 34, completes the grey region R10 and the grey colour."""
    city_hall, cow = building(Building.CITY_HALL), animal(Animal.COW, 3)
    given = table(
        player(
            estate={25: mine(0), 30: mine(1)},
            dice=(3, 3),
            storage=(city_hall, cow),
        )
    )
    state, _ = step(given, 0, PlaceTile(0, city_hall, 12))
    assert state.pending == (Effect.CITY_HALL,)
    state, events = step(state, 0, PlaceTile(2, cow, 34))  # a mine space showing 3
    assert events[:2] == (TilePlaced(0, 2, 0, cow, 34), AnimalsScored(0, 34, 1, 3, 3))
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 10, 6, 10)]
    assert of_type(events, ColourBonusTaken) == [ColourBonusTaken(0, Colour.MINE, True, 5)]
    assert state.players[0].bonuses == ((Colour.MINE, True),)


def test_a_single_space_region_scores_one_point_and_the_phase_bonus() -> None:
    """Seed: a region scores "for its size, from one point for a single space up to thirty
    six for eight spaces, plus a phase bonus"; data §1.4: space 28 is the one-space pasture
    R12. In phase C a 3-pig tile there scores its animals, then 1 + 6 for the region."""
    pig = animal(Animal.PIG, 3)
    given = table(player(estate={21: ship(0)}, dice=(2, 2), storage=(pig,)), phase=3)
    state, events = step(given, 0, PlaceTile(0, pig, 28))
    assert of_type(events, AnimalsScored) == [AnimalsScored(0, 28, 1, 3, 3)]
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 12, 1, 6)]
    assert state.players[0].points == 3 + 1 + 6


@pytest.mark.parametrize(("other_ships", "bonus"), [((20, 21), False), ((20, 21, 22), True)])
def test_a_colour_in_two_regions_needs_every_space_of_both(
    other_ships: tuple[int, ...], bonus: bool
) -> None:
    """Seed: "the first player to cover every space of one colour anywhere in their whole
    estate takes the large bonus tile"; data §1.4: the six ship spaces lie in two regions,
    R06 (16-18) and R08 (20-22). Completing R06 scores the region, and the blue bonus tile
    only once R08 is covered too."""
    ships = {space: ship(n) for n, space in enumerate((16, 17, *other_ships))}
    given = table(player(estate=ships, dice=(2, 2), storage=(ship(10),)))
    _, events = step(given, 0, PlaceTile(0, ship(10), 18))
    assert of_type(events, RegionCompleted) == [RegionCompleted(0, 6, 6, 10)]
    expected = [ColourBonusTaken(0, Colour.SHIP, True, 5)] if bonus else []
    assert of_type(events, ColourBonusTaken) == expected
