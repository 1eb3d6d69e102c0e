"""What placing a tile does (seed: "What happens when you place a tile depends on its
colour", "Completing a region matters most"; data §2.4-§2.6, §3.2, §4.6).

``placed`` gives the events that follow a TilePlaced: the tile's own effect (points and
rewards at once; an effect needing a choice waits as EffectPending) and then the region and
colour completions. Chains resolve depth-first, because a waiting effect goes on top of the
stack and is decided before anything under it.
"""

from __future__ import annotations

from games.burgundy.catalogue import (
    BANK_SILVERLINGS,
    BOARDING_HOUSE_WORKERS,
    BUILDING_EFFECTS,
    COLOUR_SPACES,
    COLOURS,
    LARGE_BONUS,
    PHASE_BONUS,
    REGION_POINTS,
    REGIONS,
    SMALL_BONUS,
    WATCHTOWER_POINTS,
    Building,
    Colour,
    Effect,
    space,
    tile,
)
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    ColourBonusTaken,
    EffectPending,
    Event,
    RegionCompleted,
    TurnOrderAdvanced,
)
from games.burgundy.state import Player, State, has_knowledge, player_at


def placed(state: State, seat: int, tile_id: int, space_id: int) -> tuple[Event, ...]:
    """The consequences of ``tile_id`` arriving on ``space_id`` (already in ``state``)."""
    return (
        *tile_effect(state, seat, tile_id, space_id),
        *completions(state, seat, space_id),
    )


def tile_effect(state: State, seat: int, tile_id: int, space_id: int) -> tuple[Event, ...]:
    """Castle: an extra action. Ship: goods and one step on the turn-order track. Animals:
    points. Building: its advantage. Mine and knowledge: nothing now (data §4.6)."""
    placed_tile = tile(tile_id)
    match placed_tile.colour:
        case Colour.CASTLE:
            return (EffectPending(seat, Effect.CASTLE),)
        case Colour.SHIP:
            return (sail(state, seat), EffectPending(seat, Effect.SHIP))
        case Colour.PASTURE:
            return (animals_scored(state, seat, space_id),)
        case Colour.BUILDING if placed_tile.building is not None:
            return (building_effect(seat, placed_tile.building),)
        case _:
            return ()


def sail(state: State, seat: int) -> TurnOrderAdvanced:
    """A ship moves its owner's piece one space forward, on top of any pieces there, so it
    goes before them from the next round on (seed; data §2.6)."""
    position = player_at(state, seat).position + 1
    heights = [
        p.height for s, p in enumerate(state.players) if s != seat and p.position == position
    ]
    return TurnOrderAdvanced(seat, position, max(heights, default=-1) + 1)


def animals_scored(state: State, seat: int, space_id: int) -> AnimalsScored:
    """Seed: an animal tile scores its animals, and every tile of the same kind in that
    pasture (its region, adjacent or not) scores again; knowledge 7 adds 1 per tile."""
    player = player_at(state, seat)
    kind = tile(_tile_on(player, space_id)).animal
    scoring = [
        tile(t)
        for s in REGIONS[space(space_id).region]
        if (t := player.estate[s - 1]) is not None and tile(t).animal is kind
    ]
    animals = sum(t.animals for t in scoring)
    extra = len(scoring) if has_knowledge(player, 7) else 0
    return AnimalsScored(seat, space_id, len(scoring), animals, animals + extra)


def building_effect(seat: int, building: Building) -> Event:
    """Watchtower, Bank and Boarding House pay at once; the other five wait for a choice
    (seed: "A building gives its advantage immediately"; data §3.2, §4.6)."""
    match building:
        case Building.WATCHTOWER:
            return BuildingRewarded(seat, building, WATCHTOWER_POINTS, 0, 0)
        case Building.BANK:
            return BuildingRewarded(seat, building, 0, BANK_SILVERLINGS, 0)
        case Building.BOARDING_HOUSE:
            return BuildingRewarded(seat, building, 0, 0, BOARDING_HOUSE_WORKERS)
        case _:
            return EffectPending(seat, BUILDING_EFFECTS[building])


def completions(state: State, seat: int, space_id: int) -> tuple[Event, ...]:
    """Region completion (size points + phase bonus) and the colour bonus tiles (data §2.4,
    §2.5), checked for every placement however it was made."""
    player = player_at(state, seat)
    events: list[Event] = []
    region = space(space_id).region
    if _covered(player, REGIONS[region]):
        events.append(RegionCompleted(seat, region, *region_worth(region, state.phase)))
    bonus = colour_bonus(state, seat, space(space_id).colour)
    if bonus is not None:
        events.append(bonus)
    return tuple(events)


def region_worth(region: int, phase: int) -> tuple[int, int]:
    """What completing ``region`` in ``phase`` (1..5, A..E) scores: its size's points (1, 3,
    6, 10, ... for 1, 2, 3, 4, ... spaces) and the phase bonus (10, 8, 6, 4, 2), data §2.5
    and seed: "Completing a region matters most"."""
    return REGION_POINTS[len(REGIONS[region])], PHASE_BONUS[phase]


def colour_bonus(state: State, seat: int, colour: Colour) -> ColourBonusTaken | None:
    """The first seat to cover every space of a colour takes the large tile, the second the
    small one, nobody after that (seed)."""
    player = player_at(state, seat)
    taken = state.bonus_taken[COLOURS.index(colour)]
    if taken >= 2 or any(c is colour for c, _ in player.bonuses):
        return None
    if not _covered(player, COLOUR_SPACES[colour]):
        return None
    table = LARGE_BONUS if taken == 0 else SMALL_BONUS
    return ColourBonusTaken(seat, colour, taken == 0, table[state.seats])


def _covered(player: Player, spaces: tuple[int, ...]) -> bool:
    return all(player.estate[s - 1] is not None for s in spaces)


def _tile_on(player: Player, space_id: int) -> int:
    placed_tile = player.estate[space_id - 1]
    if placed_tile is None:  # never: placed() runs after the tile has arrived
        raise ValueError(f"space {space_id} is empty")
    return placed_tile
