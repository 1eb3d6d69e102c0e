"""Dice and workers for the Burgundy heuristic (data §4.4): the number a die shows, the fewest
workers that turn it into a target (with the knowledge tiles' free steps), and what taking
workers is worth.
"""

from __future__ import annotations

from tabletop.v1 import burgundy_pb2 as bgpb

from clients.heuristics.burgundy.rates import SILVER
from clients.heuristics.burgundy.seat import Seat
from games.burgundy.catalogue import DIE_SIDES, tile
from games.burgundy.placement import FREE_STEP_KNOWLEDGE

BONUS_DIE = 2
"""The die of an extra action (a castle's or a building's): any number, no workers."""


def shown(seat: Seat, die: int) -> int | None:
    """The number ``die`` shows; None for an extra action's die of any number."""
    return None if die == BONUS_DIE else int(seat.player.dice[die])


def workers_for(seat: Seat, die: int, target: int, free_step: bool = False) -> int:
    """The fewest workers that turn ``die`` into ``target`` (±1 each, ±2 with knowledge 8,
    6 and 1 neighbours), after a free step; as the rules spend them."""
    number = shown(seat, die)
    if number is None:
        return 0
    gap = abs(number - target) % DIE_SIDES
    steps = max(0, min(gap, DIE_SIDES - gap) - (1 if free_step else 0))
    reach = 2 if seat.has(8) else 1
    return -(-steps // reach)


def free_step_place(seat: Seat, place: bgpb.BurgundyPlaceTile) -> bool:
    return seat.has(FREE_STEP_KNOWLEDGE[tile(place.tile).colour])


def other_dice(seat: Seat, die: int) -> list[int]:
    """The seat's dice still unused this turn, besides ``die``."""
    used = list(seat.view.dice_used) or [False, False]
    return [d for d in (0, 1) if d != die and not used[d]]


def workers_worth(seat: Seat) -> float:
    """Two workers (four with knowledge 14, a silverling with 13): worth more when few."""
    count = 4 if seat.has(14) else 2
    each = 0.5 if seat.rounds_left == 0 else 1.0 if seat.player.workers < 3 else 0.6
    return count * each + (SILVER if seat.has(13) else 0.0)
