"""The 164 hex tiles of The Castles of Burgundy, and the 26 knowledge tiles' effects.

Data: ``castles-of-burgundy-data.md`` §3. Every tile has a stable id, 0..163, in this order:

- castles 0..15: ids 0-3 are the four start castles (never in a pile), 4-13 have a dark-green
  back, 14-15 a black back;
- mines 16..27 (26-27 black), ships 28..53 (48-53 black);
- animals 54..81: per kind (cows, pigs, sheep, chickens) seven tiles, showing 2, 2, 3, 3, 4
  animals with a light-green back and 3, 4 with a black back (§3.3);
- buildings 82..137: per type (in the order of knowledge tiles 16-23) five beige-back tiles and
  two black-back tiles (§3.2);
- knowledge 138..163: tiles 1..26; 7, 12, 14, 15, 24 and 25 have a black back (§3.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from games.core.frozen import replace


class Colour(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """The six colours of estate spaces and hex tiles (data §1.1)."""

    CASTLE = "castle"  # dark green
    PASTURE = "pasture"  # light green: animals
    SHIP = "ship"  # blue
    MINE = "mine"  # grey
    BUILDING = "building"  # beige: cities
    KNOWLEDGE = "knowledge"  # yellow


COLOURS: Final = tuple(Colour)


class Building(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """The eight building types (data §3.2), in the order knowledge tiles 16-23 count them."""

    WAREHOUSE = "warehouse"
    WATCHTOWER = "watchtower"
    CARPENTER = "carpenter"  # Carpenter's Workshop
    CHURCH = "church"
    MARKET = "market"
    BOARDING_HOUSE = "boarding_house"
    BANK = "bank"
    CITY_HALL = "city_hall"


BUILDINGS: Final = tuple(Building)


class Animal(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """The four kinds of animal (data §3.3)."""

    COW = "cow"
    PIG = "pig"
    SHEEP = "sheep"
    CHICKEN = "chicken"


ANIMALS: Final = tuple(Animal)


@dataclass(frozen=True)
class Tile:
    """One hex tile: its colour, back, and what its face shows (building type, animals, or
    knowledge number)."""

    id: int
    colour: Colour
    black: bool = False
    building: Building | None = None
    animal: Animal | None = None
    animals: int = 0
    knowledge: int = 0


START_CASTLES: Final = (0, 1, 2, 3)
"""The start castle of seat s is tile s (data §3.1: the start castles are dark-green tiles)."""

BLACK_KNOWLEDGE: Final = frozenset({7, 12, 14, 15, 24, 25})
_COLOURED_ANIMALS: Final = (2, 2, 3, 3, 4)
_BLACK_ANIMALS: Final = (3, 4)
_BUILDINGS_COLOURED: Final = 5
_BUILDINGS_BLACK: Final = 2

KNOWLEDGE_TEXT: Final = {
    1: "each building type may appear more than once per city",
    2: "each mine also pays 1 worker at the end of every phase",
    3: "each sale pays 2 silverlings instead of 1",
    4: "each sale also pays 1 worker",
    5: "a ship may take the goods of two neighbouring depots",
    6: "the once-per-turn purchase may come from any numbered depot too",
    7: "each animal tile that scores gives 1 more point",
    8: "each worker changes a die by up to 2",
    9: "free +/-1 on a die used to place a building",
    10: "free +/-1 on a die used to place a ship or an animal",
    11: "free +/-1 on a die used to place a castle, mine or knowledge tile",
    12: "free +/-1 on a die used to take a tile from a numbered depot",
    13: "taking workers also pays 1 silverling",
    14: "taking workers gives 4 workers instead of 2",
    15: "end: 3 points per goods kind sold at least once",
    16: "end: 4 points per warehouse",
    17: "end: 4 points per watchtower",
    18: "end: 4 points per carpenter's workshop",
    19: "end: 4 points per church",
    20: "end: 4 points per market",
    21: "end: 4 points per boarding house",
    22: "end: 4 points per bank",
    23: "end: 4 points per city hall",
    24: "end: 4 points per animal kind in the estate",
    25: "end: 1 point per goods tile sold",
    26: "end: 2 points per bonus tile held",
}
"""What each knowledge tile does (data §3.4)."""


def _faces() -> list[Tile]:
    """Every tile face in id order (ids are filled in by ``_inventory``)."""
    rows: list[Tile] = []
    for colour, coloured, black in (
        (Colour.CASTLE, 14, 2),
        (Colour.MINE, 10, 2),
        (Colour.SHIP, 20, 6),
    ):
        rows += [Tile(0, colour)] * coloured + [Tile(0, colour, True)] * black
    for animal in ANIMALS:
        rows += [
            Tile(0, Colour.PASTURE, False, animal=animal, animals=n) for n in _COLOURED_ANIMALS
        ]
        rows += [Tile(0, Colour.PASTURE, True, animal=animal, animals=n) for n in _BLACK_ANIMALS]
    for building in BUILDINGS:
        rows += [Tile(0, Colour.BUILDING, False, building=building)] * _BUILDINGS_COLOURED
        rows += [Tile(0, Colour.BUILDING, True, building=building)] * _BUILDINGS_BLACK
    rows += [Tile(0, Colour.KNOWLEDGE, n in BLACK_KNOWLEDGE, knowledge=n) for n in range(1, 27)]
    return rows


def _inventory() -> tuple[Tile, ...]:
    return tuple(replace(face, id=i) for i, face in enumerate(_faces()))


TILES: Final[tuple[Tile, ...]] = _inventory()
"""All 164 hex tiles; ``TILES[i].id == i``."""

TILE_COUNT: Final = len(TILES)


def tile(tile_id: int) -> Tile:
    """The tile with this id (0..163)."""
    return TILES[tile_id]


def knowledge_tile(number: int) -> int:
    """The id of knowledge tile ``number`` (1..26)."""
    return next(t.id for t in TILES if t.knowledge == number)


def tile_name(tile_id: int) -> str:
    """A short readable name: "ship", "3 sheep", "church", "knowledge 8"."""
    if not 0 <= tile_id < TILE_COUNT:
        return f"tile {tile_id}"
    t = TILES[tile_id]
    if t.building is not None:
        return t.building.value.replace("_", " ")
    if t.animal is not None:
        return f"{t.animals} {t.animal.value}"
    if t.colour is Colour.KNOWLEDGE:
        return f"knowledge {t.knowledge}"
    return str(t.colour.value)


PILES: Final = (*COLOURS, None)
"""The seven face-down piles, by back colour; the last (None) is the black-back pile."""

BLACK_PILE: Final = len(COLOURS)


def pile_of(tile_id: int) -> int:
    """Which pile (index into PILES) a tile is shuffled into."""
    t = TILES[tile_id]
    return BLACK_PILE if t.black else COLOURS.index(t.colour)
