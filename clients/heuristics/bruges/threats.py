"""Threats and disasters for the Bruges heuristic: the chance a third marker strikes soon,
what the disaster of a colour would take from us (a person by what it still brings), and the
worth of returning markers (docs/rules/bruges.md: Phase 2, items 8 and 11).
"""

from __future__ import annotations

from clients.heuristics.bruges.laurels import laurels
from clients.heuristics.bruges.reading import Seat
from games.bruges.catalogue import COLOURS, Activation, Colour, EffectKind, Person
from games.bruges.rulesets import Disaster

K = EffectKind

THREAT_HORIZON = 2
"""Rolls ahead that count when weighing a threat marker (see ``strike_chance``)."""


def strike_chance(seat: Seat, markers: int) -> float:
    """The chance of a third marker soon, holding ``markers`` of a colour (each roll of its
    die shows 5 or 6 with probability 1/3). Soon is the next two rolls: a marker can still be
    returned after a roll, so what counts is the danger before we could act again."""
    rolls = min(seat.rounds_left, THREAT_HORIZON)
    miss = (2 / 3) ** rolls
    if markers >= 2:
        return max(0.08, 1 - miss)
    if markers == 1:
        one = rolls * (1 / 3) * (2 / 3) ** max(0, rolls - 1)
        return max(0.03, 1 - miss - one)
    return 0.0


def disaster_cost(seat: Seat, colour: Colour) -> float:
    """What the disaster of ``colour`` would take from us now, in VP."""
    player = seat.player
    match seat.ruleset.disasters[COLOURS.index(colour)]:
        case Disaster.LOSE_VP:
            return float(min(3, player.score))
        case Disaster.LOSE_GUILDERS:
            return min(3, int(player.guilders)) * seat.guilder
        case Disaster.LOSE_ALL_GUILDERS:
            return int(player.guilders) * seat.guilder
        case Disaster.LOSE_WORKER:
            return 0.4 if sum(player.workers) else 0.0
        case Disaster.LOSE_ALL_WORKERS:
            return 0.35 * sum(int(w) for w in player.workers)
        case Disaster.LOSE_PERSON:
            return min((keep_person_worth(seat, p) for p in seat.persons), default=0.0)
        case Disaster.LOSE_CANAL_TOKEN | Disaster.LOSE_HOUSE_OR_CANAL:
            return 1.5 if sum(player.canal) or len(player.houses) else 0.0


def danger(seat: Seat, colour: Colour, markers: int) -> float:
    if seat.is_immune(colour):
        return 0.0
    return strike_chance(seat, markers) * disaster_cost(seat, colour)


def discard_worth(seat: Seat, colour: Colour | None, count: int = 1) -> float:
    """Returning up to ``count`` markers of ``colour``: the danger lifted and the reward."""
    if colour is None:
        return 0.0
    held = seat.threats(colour)
    returned = min(count, held)
    lifted = danger(seat, colour, held) - danger(seat, colour, held - returned)
    reward = 1.0 if seat.ruleset.threat_reward_vp else seat.guilder
    return lifted + returned * (reward + seat.boost(K.THREAT_DISCARD_VP))


def keep_person_worth(seat: Seat, kept: Person) -> float:
    """What a person in our play area still brings (what a disaster would take)."""
    others = [p for p in seat.persons if p.id != kept.id]
    laurel = laurels(seat, seat.persons) - laurels(seat, others)
    if kept.activation is Activation.IMMEDIATE:
        return kept.points + laurel
    # A rough figure for the ability still to come: valuing it fully would ask what a threat
    # discard is worth, which asks what this disaster would take, and so round again.
    return kept.points + laurel + 0.8 * seat.uses_left
