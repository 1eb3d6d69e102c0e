"""Static data of The Castles of Burgundy: the central board's depots, the goods, the bonus
tiles and the scoring tables (data §0, §2, §3.5; seed "refresher").

The estate board is in ``board.py`` and the hex tiles in ``tiles.py``; both are re-exported
here, so ``catalogue`` names every component of the game.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Final

from games.burgundy.board import (
    COLOUR_SPACES,
    NEIGHBOURS,
    REGIONS,
    SPACE_COUNT,
    SPACES,
    START_SPACE,
    Space,
    space,
)
from games.burgundy.tiles import (
    ANIMALS,
    BLACK_PILE,
    BUILDINGS,
    COLOURS,
    KNOWLEDGE_TEXT,
    PILES,
    START_CASTLES,
    TILE_COUNT,
    TILES,
    Animal,
    Building,
    Colour,
    Tile,
    knowledge_tile,
    pile_of,
    tile,
    tile_name,
)

__all__ = [
    "ANIMALS",
    "BLACK_PILE",
    "BUILDINGS",
    "COLOURS",
    "COLOUR_SPACES",
    "KNOWLEDGE_TEXT",
    "NEIGHBOURS",
    "PILES",
    "REGIONS",
    "SPACES",
    "SPACE_COUNT",
    "START_CASTLES",
    "START_SPACE",
    "TILES",
    "TILE_COUNT",
    "Animal",
    "Building",
    "Colour",
    "Effect",
    "Space",
    "Tile",
    "knowledge_tile",
    "pile_of",
    "space",
    "tile",
    "tile_name",
]

DEFAULT, PUBLISHED = "default", "published"
RULESETS: Final = (DEFAULT, PUBLISHED)
MIN_SEATS, MAX_SEATS = 2, 4

PHASES: Final = 5  # A..E
ROUNDS: Final = 5  # per phase
PHASE_LETTERS: Final = "ABCDE"
DEPOTS: Final = 6  # the numbered depots 1..6
BLACK_DEPOT: Final = 0  # depot number used for the central black depot in events
DIE_SIDES: Final = 6

# --- the depots (data §2.1) -------------------------------------------------------------------

DEPOT_SLOTS: Final[tuple[tuple[tuple[Colour, int], ...], ...]] = (
    ((Colour.KNOWLEDGE, 3), (Colour.BUILDING, 2), (Colour.SHIP, 2), (Colour.PASTURE, 4)),
    ((Colour.KNOWLEDGE, 2), (Colour.BUILDING, 3), (Colour.CASTLE, 2), (Colour.BUILDING, 4)),
    ((Colour.PASTURE, 2), (Colour.SHIP, 3), (Colour.BUILDING, 2), (Colour.KNOWLEDGE, 4)),
    ((Colour.MINE, 4), (Colour.SHIP, 2), (Colour.BUILDING, 2), (Colour.PASTURE, 3)),
    ((Colour.BUILDING, 3), (Colour.MINE, 2), (Colour.BUILDING, 4), (Colour.KNOWLEDGE, 2)),
    ((Colour.CASTLE, 3), (Colour.BUILDING, 2), (Colour.SHIP, 4), (Colour.PASTURE, 2)),
)
"""Depot d (1..6) has four slots s1..s4: (printed colour, fewest players that fill it)."""

THREE_PLAYER_MINE_PHASES: Final = frozenset({2, 4})
"""With exactly three players, depot 6's slot s1 takes a mine in phases B and D (data §2.1)."""

BLACK_DEPOT_SIZE: Final = MappingProxyType(
    {DEFAULT: MappingProxyType({2: 2, 3: 6, 4: 8}), PUBLISHED: MappingProxyType({2: 4, 3: 6, 4: 8})}
)
"""Black-back tiles laid in the central depot each phase, by ruleset and player count. The
seed says "two to eight depending on player count", which fixes 2 and 8 but names no
three-player number, so the default takes the published game's 6 there
(docs/architecture.md §4); the published game fills 4 / 6 / 8 (data §2.2, §5.13). See
docs/rules/burgundy.md."""


def slot_colours(seats: int, phase: int) -> tuple[tuple[Colour, ...], ...]:
    """The colours of the slots filled in each depot this phase (data §2.1, §4.2)."""
    filled: list[tuple[Colour, ...]] = []
    for depot, slots in enumerate(DEPOT_SLOTS, start=1):
        colours = [colour for colour, fewest in slots if fewest <= seats]
        if seats == 3 and depot == 6 and phase in THREE_PLAYER_MINE_PHASES:
            colours[colours.index(Colour.CASTLE)] = Colour.MINE
        filled.append(tuple(colours))
    return tuple(filled)


DEPOT_NEIGHBOURS: Final = frozenset({(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (1, 6)})
"""Pairs of neighbouring depots around the ring, for knowledge tile 5 (data §3.4: 6-1 wraps)."""

# --- goods (data §3.5) ------------------------------------------------------------------------

GOODS_KINDS: Final = 6  # a goods kind is its die number 1..6
GOODS_PER_KIND: Final = 7
GOODS_PER_PHASE: Final = 5
START_GOODS: Final = 3
GOODS_SPACES: Final = 3  # kinds a player can hold at once
HEX_STORAGE: Final = 3

# --- the players' supplies (data §0, §4.1) ----------------------------------------------------

START_SILVERLINGS: Final = 1
START_WORKERS: Final = (1, 2, 3, 4)  # by place in the starting order
BLACK_PRICE: Final = 2  # silverlings for the once-per-turn purchase
WORKERS_TAKEN: Final = 2  # take-workers action
WORKERS_TAKEN_K14: Final = 4

# --- scoring (data §2.4, §2.5, §4.4, §3.2) ----------------------------------------------------

REGION_POINTS: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36)
"""Points for completing a region of n spaces: n(n+1)/2, up to 8 (data §2.5)."""

PHASE_BONUS: Final = (0, 10, 8, 6, 4, 2)
"""Bonus for a region completed in phase 1..5 (A..E)."""

SALE_POINTS: Final = MappingProxyType({2: 2, 3: 3, 4: 4})
"""Points per goods tile sold, by player count."""

LARGE_BONUS: Final = MappingProxyType({2: 5, 3: 6, 4: 7})
SMALL_BONUS: Final = MappingProxyType({2: 2, 3: 3, 4: 4})

WATCHTOWER_POINTS: Final = 4
BANK_SILVERLINGS: Final = 2
BOARDING_HOUSE_WORKERS: Final = 4
KNOWLEDGE_BUILDING_POINTS: Final = 4  # knowledge 16-23, per building of the type
KNOWLEDGE_ANIMAL_POINTS: Final = 4  # knowledge 24, per animal kind
KNOWLEDGE_GOODS_KIND_POINTS: Final = 3  # knowledge 15, per kind sold
KNOWLEDGE_BONUS_TILE_POINTS: Final = 2  # knowledge 26, per bonus tile

# --- the effects that wait for a decision (data §4.6) ------------------------------------------


class Effect(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """A placed tile's effect that needs its owner's choice before the turn goes on."""

    CASTLE = "castle"  # an extra action with a die of any number
    SHIP = "ship"  # take the goods of one depot
    WAREHOUSE = "warehouse"  # sell one kind of goods
    CARPENTER = "carpenter"  # take a building from a numbered depot
    CHURCH = "church"  # take a castle, mine or knowledge tile
    MARKET = "market"  # take a ship or an animal
    CITY_HALL = "city_hall"  # place a tile from storage on a space of any number


BUILDING_EFFECTS: Final = MappingProxyType(
    {
        Building.WAREHOUSE: Effect.WAREHOUSE,
        Building.CARPENTER: Effect.CARPENTER,
        Building.CHURCH: Effect.CHURCH,
        Building.MARKET: Effect.MARKET,
        Building.CITY_HALL: Effect.CITY_HALL,
    }
)

EFFECT_TAKES: Final = MappingProxyType(
    {
        Effect.CASTLE: frozenset(Colour),
        Effect.CARPENTER: frozenset({Colour.BUILDING}),
        Effect.CHURCH: frozenset({Colour.CASTLE, Colour.MINE, Colour.KNOWLEDGE}),
        Effect.MARKET: frozenset({Colour.SHIP, Colour.PASTURE}),
    }
)
"""The colours of tile an effect may take from a numbered depot."""


def phase_letter(phase: int) -> str:
    """ "A".."E" for phases 1..5 ("-" before the game starts)."""
    return PHASE_LETTERS[phase - 1] if 1 <= phase <= PHASES else "-"
