"""The worth of each kind of legal Bruges action to the heuristic, and ``worth`` choosing
among them by kind: the four basic card plays (a house, the canal, workers, guilders, a threat
returned) less what the card would bring as a person, recruiting, activating a person, a
reputation step, a card drawn and a disaster's loss (docs/rules/bruges.md).
"""

from __future__ import annotations

from tabletop.v1 import bruges_pb2 as bpb

from clients.heuristics.bruges.abilities import gain_worth, net_person_worth, person_worth, price
from clients.heuristics.bruges.laurels import laurel_rate
from clients.heuristics.bruges.reading import Seat, colour_of
from clients.heuristics.bruges.steps import canal_step, reputation_step, worker_worth, workers_worth
from clients.heuristics.bruges.threats import discard_worth, keep_person_worth
from games.bruges.catalogue import Activation, Basis, Colour, EffectKind, Person
from games.bruges.persons import person

K = EffectKind

ACTIVATE_FIRST = 100.0
"""Added to a useful activation, so it comes before the card play it may pay for."""


def keep_worth(seat: Seat, card: Person) -> float:
    """What a card loses by being played for a basic action: part of what it would bring as a
    person (only one card stays in hand a round, and none after the last)."""
    if seat.rounds_left == 0 and not _has_house_for(seat, card.colour):
        return 0.0
    return 0.3 * max(0.0, net_person_worth(seat, card))


def _has_house_for(seat: Seat, colour: Colour) -> bool:
    """True when an empty house of ours can take a person of ``colour``."""
    return any(
        not h.HasField("person")
        and (not seat.ruleset.matching_houses or colour_of(h.colour) is colour)
        for h in seat.player.houses
    )


def house_worth(seat: Seat, card: Person) -> float:
    """A house: its VP, the laurels and triggers it feeds, and room for a person of its colour
    in hand who has none (seed: Action VI, a person needs a house of its colour)."""
    colour = card.colour
    waiting = [
        net_person_worth(seat, p)
        for p in seat.hand
        if p.id != card.id and (p.colour is colour or not seat.ruleset.matching_houses)
    ]
    room = 0.0
    if waiting and not _has_house_for(seat, colour):
        affordable = [w for w in waiting if w > 0]
        room = 0.6 * max(affordable, default=0.0)
    elif seat.rounds_left and not _has_house_for(seat, colour):
        room = 0.8
    laurel = laurel_rate(seat, Basis.HOUSES)
    paid = 0.0 if seat.boost(K.HOUSE_NO_WORKER) else worker_worth(seat, colour, -1)
    return 1.0 + laurel + seat.boost(K.ON_HOUSE_VP) + room - paid


def canal_worth(seat: Seat, card: Person, section: int) -> float:
    """The next canal space: its VP and statue, the way to those ahead, the majority, less
    the price (the die of the card's colour by the seed, the printed cost when published)."""
    board = seat.ruleset.canal
    built = int(seat.player.canal[section])
    space = built + 1
    direct = board.build_vp[built] + board.end_vp[built]
    if space in board.statue_spaces and seat.view.statues:
        direct += seat.view.statues[0] + laurel_rate(seat, Basis.STATUES)
    ahead = _canal_ahead(seat, built + 1)
    laurel = laurel_rate(seat, Basis.CANAL_TOKENS)
    cost = board.printed_cost[built] if board.printed_cost else seat.die(card.colour)
    cost = max(0, cost - seat.boost(K.CANAL_DISCOUNT))
    token = 0.4 + laurel + seat.boost(K.ON_CANAL_VP) + canal_step(seat)
    return direct + ahead + token - seat.spend(cost)


def _canal_ahead(seat: Seat, start: int) -> float:
    """A share of the next space that scores, by how near it is and whether the game lasts."""
    board = seat.ruleset.canal
    statues = seat.view.statues
    for index in range(start, board.length):
        value = board.build_vp[index] + board.end_vp[index]
        if index + 1 in board.statue_spaces and statues:
            value += statues[min(len(statues) - 1, 1)]
        if value:
            distance = index - start + 1
            if seat.rounds_left == 0 and distance > 2:
                return 0.0
            return value / (distance + 1)
    return 0.0


def reputation_worth(seat: Seat) -> float:
    """Phase 2: the step for the sum of the dice showing 1 or 2, less our discounts."""
    cost = max(0, int(seat.view.reputation_cost) - seat.boost(K.REPUTATION_DISCOUNT))
    return reputation_step(seat) - seat.spend(cost)


def card_play_worth(seat: Seat, kind: str, card: Person, section: int = 0) -> float:
    """The four basic card plays, less what the card would bring as a person."""
    colour = card.colour
    match kind:
        case "take_workers":
            gain = workers_worth(seat, colour, 2 + seat.boost(K.BOOST_WORKERS))
        case "take_guilders":
            gain = (seat.die(colour) + seat.boost(K.BOOST_GUILDERS)) * seat.guilder
        case "discard_threat":
            gain = discard_worth(seat, colour)
        case "build_canal":
            gain = canal_worth(seat, card, section)
        case _:
            gain = house_worth(seat, card)
    return gain - keep_worth(seat, card)


def recruit_worth(seat: Seat, action: bpb.BrugesRecruitPerson) -> float:
    recruit = person(action.card)
    worth = person_worth(seat, recruit, colour_of(action.choice))
    return worth - seat.spend(price(seat, recruit))


def activate_worth(seat: Seat, action: bpb.BrugesActivatePerson) -> float:
    """A use of a person's ability: its gain, less the worker a worker person costs."""
    acting = person(action.person)
    gain = gain_worth(seat, acting.effect, colour_of(action.choice))
    if acting.activation is Activation.WORKER and acting.worker is not None:
        gain -= worker_worth(seat, acting.worker, -1)
    return gain + ACTIVATE_FIRST if gain > 0.05 else gain


def draw_worth(seat: Seat, pile: int) -> float:
    """Phase 1 (or a person's draw): the pile whose top card's back shows a colour we have an
    empty house for, or none of in hand."""
    top = colour_of(seat.view.piles[pile].top)
    if top is None:
        return 0.0
    in_hand = sum(colour_of(c) is top for c in seat.player.hand_colours)
    return float(_has_house_for(seat, top)) + (0.3 if in_hand == 0 else 0.0)


def loss_worth(seat: Seat, action: bpb.BrugesAction, kind: str) -> float:
    """A disaster's loss: the one we miss least."""
    match kind:
        case "lose_person":
            return -keep_person_worth(seat, person(action.lose_person.card))
        case "lose_worker":
            colour = colour_of(action.lose_worker.colour) or Colour.BLUE
            return -worker_worth(seat, colour, -1)
        case "lose_house":
            house = seat.player.houses[action.lose_house.house]
            if not house.HasField("person"):
                return -1.0
            return -1.0 - 0.2 * keep_person_worth(seat, person(house.person.id))
        case _:
            return -float(seat.player.canal[action.lose_canal_token.section])


def worth(seat: Seat, action: bpb.BrugesAction) -> float:
    """The worth of one legal action to ``seat`` (EndTurn and DeclineReputation: 0)."""
    kind = action.WhichOneof("kind") or ""
    if kind in ("take_workers", "take_guilders", "discard_threat", "build_house"):
        return card_play_worth(seat, kind, person(getattr(action, kind).card))
    if kind == "build_canal":
        canal = action.build_canal
        return card_play_worth(seat, kind, person(canal.card), canal.section)
    if kind == "recruit_person":
        return recruit_worth(seat, action.recruit_person)
    if kind == "activate_person":
        return activate_worth(seat, action.activate_person)
    if kind == "advance_reputation":
        return reputation_worth(seat)
    if kind == "draw_card":
        return draw_worth(seat, action.draw_card.pile)
    if kind.startswith("lose_"):
        return loss_worth(seat, action, kind)
    return 0.0
