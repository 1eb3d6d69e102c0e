"""The estate as the Burgundy heuristic sees it: what covering a space brings towards a region
(data §2.5) and a colour bonus (§2.4), the spaces it opens, and where a tile may go (seed:
"What happens when you place a tile").
"""

from __future__ import annotations

from clients.heuristics.burgundy.rates import PROGRESS
from clients.heuristics.burgundy.seat import Seat
from games.burgundy.catalogue import (
    COLOUR_SPACES,
    COLOURS,
    LARGE_BONUS,
    NEIGHBOURS,
    PHASE_BONUS,
    PHASES,
    REGION_POINTS,
    REGIONS,
    SMALL_BONUS,
    space,
    tile,
)


def region_points(seat: Seat, space_id: int) -> float:
    """Completing a region scores n(n+1)/2 plus the phase bonus (data §2.5); each step
    towards it earns a share that grows as the region fills."""
    region = REGIONS[space(space_id).region]
    size, covered = len(region), sum(1 for s in region if seat.covered(s))
    phase = seat.view.phase
    if covered + 1 == size:
        return float(REGION_POINTS[size] + PHASE_BONUS[phase])
    later = REGION_POINTS[size] + PHASE_BONUS[min(phase + 1, PHASES)]
    return PROGRESS * later * (2 * covered + 1) / size**2


def colour_points(seat: Seat, space_id: int) -> float:
    """The first to cover a colour takes the large bonus tile, the second the small one
    (data §2.4); each step towards a bonus still open earns a little of it."""
    colour = space(space_id).colour
    index = COLOURS.index(colour)
    taken = seat.view.bonus_tiles_taken[index] if seat.view.bonus_tiles_taken else 0
    held = any(b.colour == index + 1 for b in seat.player.bonuses)
    if taken >= 2 or held:
        return 0.0
    bonus = (LARGE_BONUS if taken == 0 else SMALL_BONUS)[seat.seats]
    left = sum(1 for s in COLOUR_SPACES[colour] if not seat.covered(s))
    return float(bonus) if left == 1 else PROGRESS * 0.6 * bonus / left


def opened(seat: Seat, space_id: int) -> list[int]:
    """Empty spaces that a tile on ``space_id`` makes reachable for the first time."""
    return [
        n
        for n in NEIGHBOURS[space_id]
        if not seat.covered(n) and not any(seat.covered(m) for m in NEIGHBOURS[n])
    ]


def fits(seat: Seat, tile_id: int, space_id: int) -> bool:
    """An empty space of the tile's colour, without a second building of its type in one
    city (unless knowledge 1)."""
    t = tile(tile_id)
    if seat.covered(space_id) or space(space_id).colour is not t.colour:
        return False
    if t.building is None or seat.has(1):
        return True
    region = REGIONS[space(space_id).region]
    return not any(s in seat.estate and tile(seat.estate[s]).building is t.building for s in region)


def touches(seat: Seat, space_id: int) -> bool:
    return any(seat.covered(n) for n in NEIGHBOURS[space_id])
