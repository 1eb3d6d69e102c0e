"""Placing a tile from storage into the estate (seed: "move a tile from storage into your
estate onto an empty space showing that die number"; data §4.4, §4.6, §5.4, §5.5).
"""

from __future__ import annotations

from games.burgundy.actions import PlaceTile
from games.burgundy.catalogue import (
    DEFAULT,
    NEIGHBOURS,
    REGIONS,
    Colour,
    Effect,
    space,
    tile,
)
from games.burgundy.dice import Use, require_die, require_workers
from games.burgundy.errors import (
    BuildingInCityError,
    NotAdjacentError,
    SpaceTakenError,
    TileNotInStorageError,
    WrongTileColourError,
)
from games.burgundy.events import TilePlaced
from games.burgundy.state import Player, State, has_knowledge, player_at

FREE_STEP_KNOWLEDGE = {
    Colour.BUILDING: 9,
    Colour.SHIP: 10,
    Colour.PASTURE: 10,
    Colour.CASTLE: 11,
    Colour.MINE: 11,
    Colour.KNOWLEDGE: 11,
}
"""Knowledge tiles 9-11: a free ±1 on a die used to place a tile of these colours."""


def require_place(state: State, seat: int, action: PlaceTile) -> TilePlaced:
    """Seed: the tile comes from storage (never straight from the board), goes on an empty
    space of its colour showing the die's number, touching a tile already placed; each
    building type once per city (knowledge 1 lifts this). A castle's extra action and a City
    Hall place on a space of any number; the City Hall's colour rule depends on the ruleset
    (docs/rules/burgundy.md)."""
    shown = require_die(state, action.die, Use.PLACE)
    player = player_at(state, seat)
    if action.tile not in player.storage:
        raise TileNotInStorageError("that tile is not in your storage")
    require_space(state, player, action.tile, action.space)
    free = has_knowledge(player, FREE_STEP_KNOWLEDGE[tile(action.tile).colour])
    workers = require_workers(player, shown, space(action.space).die, free)
    return TilePlaced(seat, action.die, workers, action.tile, action.space)


def require_space(state: State, player: Player, tile_id: int, space_id: int) -> None:
    """The space may take the tile: empty, touching the estate, of the tile's colour, and
    no second building of a type in one city (seed: "must match the space's colour and must
    touch a tile you have already placed", "only once per city"; data §4.4, §4.6; knowledge
    tile 1 lifts the city limit, data §3.4)."""
    if player.estate[space_id - 1] is not None:
        raise SpaceTakenError(f"space {space_id} is already covered")
    if not touches_estate(player, space_id):
        raise NotAdjacentError(f"space {space_id} touches none of your tiles")
    if tile(tile_id).colour is not space(space_id).colour and not ignores_colour(state):
        raise WrongTileColourError(f"space {space_id} is not {tile(tile_id).colour.value}")
    if not has_knowledge(player, 1) and building_in_region(player, tile_id, space_id):
        raise BuildingInCityError("that city already has a building of this type")


def ignores_colour(state: State) -> bool:
    """The seed's City Hall places "regardless of colour"; the published one keeps the colour
    rule (data §5.5). Only the default ruleset follows the seed here."""
    city_hall = bool(state.pending) and state.pending[-1] is Effect.CITY_HALL
    return city_hall and state.ruleset == DEFAULT


def touches_estate(player: Player, space_id: int) -> bool:
    """True when a neighbouring space holds a tile (the start castle counts)."""
    return any(player.estate[n - 1] is not None for n in NEIGHBOURS[space_id])


def building_in_region(player: Player, tile_id: int, space_id: int) -> bool:
    """True when ``tile_id`` is a building and its type already stands in the region (the
    city) of ``space_id``."""
    building = tile(tile_id).building
    if building is None:
        return False
    region = REGIONS[space(space_id).region]
    return any(
        (t := player.estate[s - 1]) is not None and tile(t).building is building for s in region
    )


def open_spaces(player: Player) -> tuple[int, ...]:
    """Empty spaces touching the estate: the only places a tile can go."""
    return tuple(
        s for s in range(1, len(player.estate) + 1)
        if player.estate[s - 1] is None and touches_estate(player, s)
    )  # fmt: skip
