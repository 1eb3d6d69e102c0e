"""What one more unit is worth to the Bruges heuristic: a step towards a majority
(docs/rules/bruges.md, item 20), a step up the reputation track, a worker of a colour.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.v1 import bruges_pb2 as bpb

from clients.heuristics.bruges.laurels import laurel_rate
from clients.heuristics.bruges.reading import Seat
from games.bruges.catalogue import REPUTATION_TOP, Basis, Category, Colour, EffectKind

K = EffectKind

CATEGORIES = {
    bpb.BRUGES_CATEGORY_REPUTATION: Category.REPUTATION,
    bpb.BRUGES_CATEGORY_PERSONS: Category.PERSONS,
    bpb.BRUGES_CATEGORY_CANAL: Category.CANAL,
}


def majority_step(seat: Seat, category: Category, mine: int, others: Iterable[int]) -> float:
    """What one more unit of a majority category is worth (docs/rules/bruges.md, item 20: a
    sole leader at Phase 4 turns its marker for good)."""
    mine_marker = any(CATEGORIES.get(m) is category for m in seat.player.majorities)
    if mine_marker:
        return 0.0
    best = max(others, default=0)
    share = seat.ruleset.majority_vp / 4
    if mine + 1 > best >= mine:
        return 2.5 * share
    if mine + 1 == best:
        return 1.0 * share
    return (0.4 if mine + 1 > best else 0.3) * share


def persons_step(seat: Seat) -> float:
    others = [sum(h.HasField("person") for h in p.houses) for p in seat.others]
    return majority_step(seat, Category.PERSONS, len(seat.persons), others)


def canal_step(seat: Seat) -> float:
    others = [sum(p.canal) for p in seat.others]
    return majority_step(seat, Category.CANAL, sum(seat.player.canal), others)


def reputation_step(seat: Seat, steps: int = 1) -> float:
    """A step up the track: a VP at the end, the majority, triggers and laurels."""
    room = REPUTATION_TOP - seat.player.reputation
    steps = min(steps, room)
    if steps <= 0:
        return 0.0
    others = [int(p.reputation) for p in seat.others]
    majority = majority_step(seat, Category.REPUTATION, int(seat.player.reputation), others)
    laurel = laurel_rate(seat, Basis.REPUTATION)
    return steps * (1.0 + laurel + seat.boost(K.ON_REPUTATION_VP)) + majority


def worker_worth(seat: Seat, colour: Colour, extra: int = 0) -> float:
    """A worker of ``colour``: it pays for a house of that colour or a worker person's
    ability; the first in stock matters most."""
    held = seat.workers(colour) + extra
    icons = sum(1 for p in seat.persons if p.worker is colour)
    if seat.rounds_left == 0:
        return 0.15 + 0.3 * icons
    return (0.9 if held == 0 else 0.5 if held == 1 else 0.25) + 0.4 * icons


def workers_worth(seat: Seat, colour: Colour, count: int) -> float:
    return sum(worker_worth(seat, colour, extra) for extra in range(count))
