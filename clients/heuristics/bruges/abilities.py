"""What a person brings to the Bruges heuristic: one use of a gain or opponent effect
(``games.bruges.effects.resolve``), an ability over the rounds left by its activation, and a
recruit's whole worth (points, ability, majority, laurels and triggers) and price.
"""

from __future__ import annotations

from clients.heuristics.bruges.laurels import laurels, per_amount, projected_laurel, units
from clients.heuristics.bruges.reading import GUILDER, Seat
from clients.heuristics.bruges.steps import (
    persons_step,
    reputation_step,
    worker_worth,
    workers_worth,
)
from clients.heuristics.bruges.threats import danger, discard_worth
from games.bruges.catalogue import COLOURS, Activation, Colour, Effect, EffectKind, Person

K = EffectKind

# What one round of a passive person brings, in VP (gains are counted by ``gain_worth``).
PASSIVE_PER_ROUND = {
    K.BOOST_WORKERS: 0.4,
    K.BOOST_GUILDERS: GUILDER,
    K.CANAL_DISCOUNT: 0.8 * GUILDER,
    K.RECRUIT_DISCOUNT: 0.8 * GUILDER,
    K.REPUTATION_DISCOUNT: 0.6 * GUILDER,
    K.HOUSE_NO_WORKER: 0.5,
    K.THREAT_DISCARD_VP: 0.4,
    K.ON_RECRUIT_VP: 0.7,
    K.ON_HOUSE_VP: 0.5,
    K.ON_CANAL_VP: 0.7,
    K.ON_REPUTATION_VP: 0.9,
    K.ON_HAND_GUILDERS: GUILDER,
    K.ON_THREAT_GUILDERS: 0.6 * GUILDER,
}


def against_opponents(seat: Seat, effect: Effect) -> float:
    """An effect on every opponent: in a race, their loss is (shared out) our gain."""
    share = 1.0 / max(1, len(seat.others))
    total = 0.0
    for other in seat.others:
        match effect.kind:
            case K.OPPONENTS_THREAT:
                colour = effect.colour or Colour.BLUE
                held = int(other.threats[COLOURS.index(colour)])
                total += 2.0 if held == 2 else 0.6
            case K.OPPONENTS_LOSE_GUILDERS | K.STEAL_GUILDERS:
                total += min(effect.amount, other.guilders) * GUILDER
            case K.OPPONENTS_LOSE_VP:
                total += float(min(effect.amount, other.score))
            case _:
                pass
    if effect.kind is K.STEAL_GUILDERS:  # what we take is ours whole, not shared out
        taken = sum(min(effect.amount, other.guilders) for other in seat.others)
        return total * share + float(taken) * seat.guilder
    return total * share


def gain_worth(seat: Seat, effect: Effect, choice: Colour | None) -> float:
    """One use of a gain or opponent effect (``effects.resolve``)."""
    match effect.kind:
        case K.GAIN_GUILDERS:
            return effect.amount * seat.guilder
        case K.GAIN_WORKERS:
            return workers_worth(seat, effect.colour or choice or Colour.BLUE, effect.amount)
        case K.GAIN_VP:
            return float(effect.amount)
        case K.DISCARD_THREAT:
            return discard_worth(seat, choice, effect.amount)
        case K.ADVANCE_REPUTATION:
            return reputation_step(seat, effect.amount)
        case K.DRAW_CARDS:
            # More cards mean more choice, not more plays (four a round): a little each.
            return 0.4 * effect.amount if seat.rounds_left else 0.0
        case K.GUILDERS_PER:
            return per_amount(effect, units(seat, effect)) * seat.guilder
        case K.VP_PER:
            return per_amount(effect, units(seat, effect))
        case _:
            return against_opponents(seat, effect)


def ability_worth(seat: Seat, recruit: Person, choice: Colour | None) -> float:
    """What a person's ability brings from now to the end of the game."""
    effect = recruit.effect
    match recruit.activation:
        case Activation.IMMEDIATE:
            return gain_worth(seat, effect, choice)
        case Activation.ENDGAME:
            return projected_laurel(seat, recruit)
        case Activation.WORKER:
            icon = recruit.worker or Colour.BLUE
            net = repeated_gain(seat, effect) - worker_worth(seat, icon)
            return max(0.0, net) * seat.uses_left * 0.7
    if effect.kind in PASSIVE_PER_ROUND:
        return PASSIVE_PER_ROUND[effect.kind] * effect.amount * seat.uses_left
    if effect.kind is K.THREAT_IMMUNITY:
        colour = effect.colour or Colour.BLUE
        return danger(seat, colour, seat.threats(colour)) + 0.3 * seat.uses_left
    return repeated_gain(seat, effect) * seat.uses_left * 0.9


def repeated_gain(seat: Seat, effect: Effect) -> float:
    """One use of a gain a person repeats every round, with its best answer now (a threat
    discard is counted at a typical worth even when no marker is held yet)."""
    if effect.kind is K.GAIN_WORKERS and effect.colour is None:
        return gain_worth(seat, effect, min(COLOURS, key=seat.workers))
    if effect.kind is K.DISCARD_THREAT:
        worst = max(COLOURS, key=seat.threats)
        return max(0.4, gain_worth(seat, effect, worst))
    return gain_worth(seat, effect, effect.colour)


def person_worth(seat: Seat, recruit: Person, choice: Colour | None) -> float:
    """Recruiting ``recruit``, before its price: points, ability, majority and the laurels and
    triggers of the persons already there."""
    crowd = (*seat.persons, recruit)
    synergy = laurels(seat, crowd) - laurels(seat, seat.persons)
    if recruit.activation is Activation.ENDGAME:
        synergy -= per_amount(recruit.effect, units(seat, recruit.effect, crowd))
    return (
        recruit.points
        + ability_worth(seat, recruit, choice)
        + synergy
        + seat.boost(K.ON_RECRUIT_VP)
        + persons_step(seat)
    )


def price(seat: Seat, recruit: Person) -> int:
    """The cost less our discounts (``plays.recruit_price``)."""
    return max(0, recruit.cost - seat.boost(K.RECRUIT_DISCOUNT, recruit.colour))


def net_person_worth(seat: Seat, recruit: Person) -> float:
    return person_worth(seat, recruit, None) - seat.spend(price(seat, recruit))
