"""Estate board #1, the board every player uses in the basic game (data §1).

37 spaces numbered row by row (4, 5, 6, 7, 6, 5, 4), each with a colour, a die number and a
region (a connected area of one colour). Axial coordinates (q, r) give the adjacency: the
neighbours of (q, r) are (q±1, r), (q, r±1), (q+1, r-1) and (q-1, r+1) (data §1.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from games.burgundy.tiles import Colour


@dataclass(frozen=True)
class Space:
    """One estate space: id 1..37, axial coordinates, colour, die number, region 1..13."""

    id: int
    q: int
    r: int
    colour: Colour
    die: int
    region: int


_C, _P, _S, _M, _B, _K = (
    Colour.CASTLE,
    Colour.PASTURE,
    Colour.SHIP,
    Colour.MINE,
    Colour.BUILDING,
    Colour.KNOWLEDGE,
)

# (id, q, r, colour, die, region): data §1.2, the machine-readable table.
_ROWS = (
    (1, 0, -3, _P, 6, 1), (2, 1, -3, _C, 5, 2), (3, 2, -3, _C, 4, 2), (4, 3, -3, _K, 3, 3),
    (5, -1, -2, _P, 2, 1), (6, 0, -2, _P, 1, 1), (7, 1, -2, _C, 6, 2), (8, 2, -2, _K, 5, 3),
    (9, 3, -2, _B, 4, 4),
    (10, -2, -1, _P, 5, 1), (11, -1, -1, _P, 4, 1), (12, 0, -1, _B, 3, 5),
    (13, 1, -1, _K, 1, 3), (14, 2, -1, _B, 2, 4), (15, 3, -1, _B, 3, 4),
    (16, -3, 0, _S, 6, 6), (17, -2, 0, _S, 1, 6), (18, -1, 0, _S, 2, 6), (19, 0, 0, _C, 6, 7),
    (20, 1, 0, _S, 5, 8), (21, 2, 0, _S, 4, 8), (22, 3, 0, _S, 1, 8),
    (23, -3, 1, _B, 2, 9), (24, -2, 1, _B, 5, 9), (25, -1, 1, _M, 4, 10),
    (26, 0, 1, _B, 3, 11), (27, 1, 1, _B, 1, 11), (28, 2, 1, _P, 2, 12),
    (29, -3, 2, _B, 6, 9), (30, -2, 2, _M, 1, 10), (31, -1, 2, _K, 2, 13),
    (32, 0, 2, _B, 5, 11), (33, 1, 2, _B, 6, 11),
    (34, -3, 3, _M, 3, 10), (35, -2, 3, _K, 4, 13), (36, -1, 3, _K, 1, 13), (37, 0, 3, _B, 3, 11),
)  # fmt: skip

SPACES: Final[tuple[Space, ...]] = tuple(Space(*row) for row in _ROWS)
"""The 37 spaces; ``SPACES[i].id == i + 1``."""

SPACE_COUNT: Final = len(SPACES)
START_SPACE: Final = 19
"""The dark-green centre space holding the start castle (data §1.3)."""

_AXIAL_STEPS: Final = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (-1, 1))


def space(space_id: int) -> Space:
    """The space with this id (1..37)."""
    return SPACES[space_id - 1]


def _neighbours() -> dict[int, tuple[int, ...]]:
    at = {(s.q, s.r): s.id for s in SPACES}
    return {
        s.id: tuple(sorted(at[q] for dq, dr in _AXIAL_STEPS if (q := (s.q + dq, s.r + dr)) in at))
        for s in SPACES
    }


NEIGHBOURS: Final = MappingProxyType(_neighbours())
"""Space id -> the ids of the spaces touching it."""


def _regions() -> dict[int, tuple[int, ...]]:
    found: dict[int, list[int]] = {}
    for s in SPACES:
        found.setdefault(s.region, []).append(s.id)
    return {region: tuple(ids) for region, ids in sorted(found.items())}


REGIONS: Final = MappingProxyType(_regions())
"""Region id -> its space ids (data §1.4: R01..R13)."""

COLOUR_SPACES: Final = MappingProxyType(
    {colour: tuple(s.id for s in SPACES if s.colour is colour) for colour in Colour}
)
"""Colour -> every space of that colour on the estate (for the colour bonus tiles, data §2.4)."""
