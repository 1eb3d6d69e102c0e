"""A Bruges heuristic: turn every card into victory points, keep the city's threats away.

Every legal action gets a worth in victory points (guilders and workers at a rate that falls
as the game nears its end) and the best is taken; EndTurn and DeclineReputation are worth 0.
What it values, in the terms of the rules (docs/rules/bruges.md):

- recruiting persons: printed points, what the ability will bring over the rounds left (end-
  game laurels projected, gains counted per activation), the persons majority, less the price;
- a house of the colour of a person in hand waiting for one (a person needs a house of its own
  colour by the seed), and 1 VP for every house;
- the canal: the 3 VP spaces and the statues ahead, the canal majority, when the die of the
  card's colour makes it cheap;
- a reputation step each round unless it is dear (a step is a VP, and the majority is 4);
- guilders and workers when short of them, discarding a threat before a third one strikes;
- free activations first (they can only help the card play that follows); losses that cost
  the least. A card played for a basic action gives up what it would bring as a person.

It sees only its own seat's view and reads card abilities from the static person list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from games.bruges.catalogue import (
    COLOURS,
    REPUTATION_TOP,
    Activation,
    Basis,
    Category,
    Colour,
    Effect,
    EffectKind,
    Person,
)
from games.bruges.persons import person
from games.bruges.rulesets import Disaster, Ruleset, ruleset_of

K = EffectKind
GUILDER = 0.45
"""A guilder in VP, mid-game: about what a person or a canal space turns it into."""
FIRST_DRAW = 5
"""Cards each player draws in round 1; later rounds draw about one fewer (one card stays)."""
CATEGORIES = {
    bpb.BRUGES_CATEGORY_REPUTATION: Category.REPUTATION,
    bpb.BRUGES_CATEGORY_PERSONS: Category.PERSONS,
    bpb.BRUGES_CATEGORY_CANAL: Category.CANAL,
}
THREAT_HORIZON = 2
"""Rolls ahead that count when weighing a threat marker (see ``strike_chance``)."""
ACTIVATE_FIRST = 100.0
"""Added to a useful activation, so it comes before the card play it may pay for."""

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
# How much of an end-game basis a player typically adds per round, to project a laurel.
GROWTH_PER_ROUND = {
    Basis.HOUSES: 0.6,
    Basis.PERSONS: 0.5,
    Basis.DISTINCT_GROUPS: 0.4,
    Basis.DISTINCT_COLOURS: 0.2,
    Basis.CANAL_TOKENS: 0.6,
    Basis.REPUTATION: 0.8,
    Basis.MAJORITIES: 0.25,
    Basis.STATUES: 0.15,
    Basis.GROUP: 0.05,
    Basis.COLOUR: 0.1,
}
BASIS_CAP = {
    Basis.DISTINCT_COLOURS: len(COLOURS),
    Basis.REPUTATION: REPUTATION_TOP,
    Basis.MAJORITIES: len(Category),
}


def colour_of(number: int) -> Colour | None:
    """The rules' colour of a wire colour (BRUGES_COLOUR_BLUE = 1, in ``COLOURS`` order)."""
    return COLOURS[number - 1] if 1 <= number <= len(COLOURS) else None


class Seat:
    """What the bot knows of its own position, read once from its seat's view."""

    def __init__(self, me: int, view: bpb.BrugesView) -> None:
        self.me = me
        self.view = view
        self.player = view.players[me]
        self.others = [p for p in view.players if p.seat != me]
        self.ruleset: Ruleset = ruleset_of(view.ruleset or "default")
        self.persons = tuple(
            person(h.person.id) for h in self.player.houses if h.HasField("person")
        )
        self.hand = tuple(person(c.id) for c in self.player.hand)
        self.rounds_left = _rounds_left(view)
        self.uses_left = self.rounds_left + 1
        """Times a person recruited now may still act (this round included)."""
        self.guilder = _guilder(self.rounds_left, int(self.player.guilders))

    def spend(self, amount: int) -> float:
        """What paying ``amount`` costs in VP, at the worth of a guilder once it is paid."""
        left = int(self.player.guilders) - amount
        return amount * _guilder(self.rounds_left, left)

    def workers(self, colour: Colour) -> int:
        return int(self.player.workers[COLOURS.index(colour)])

    def threats(self, colour: Colour) -> int:
        return int(self.player.threats[COLOURS.index(colour)])

    def die(self, colour: Colour) -> int:
        dice = self.view.dice
        return int(dice[COLOURS.index(colour)]) if dice else 3

    def boost(self, kind: EffectKind, colour: Colour | None = None) -> int:
        """The sum of our ongoing ``kind`` boosts (those for ``colour`` or for any colour)."""
        return sum(
            p.effect.amount
            for p in self.persons
            if p.activation is Activation.ONGOING
            and p.effect.kind is kind
            and p.effect.colour in (None, colour)
        )

    def is_immune(self, colour: Colour) -> bool:
        return any(
            p.activation is Activation.ONGOING
            and p.effect.kind is K.THREAT_IMMUNITY
            and p.effect.colour is colour
            for p in self.persons
        )


def _rounds_left(view: bpb.BrugesView) -> int:
    """Rounds after this one: known once the extra pile is out, else estimated from the piles
    (a round takes about four cards a player; the game ends when a pile runs out)."""
    if view.HasField("last_round"):
        return max(0, int(view.last_round) - int(view.round))
    cards = sum(int(p.size) for p in view.piles)
    per_round = (FIRST_DRAW - 1) * max(1, len(view.players))
    return max(1, cards // per_round)


def _guilder(rounds_left: int, guilders: int) -> float:
    """A guilder's worth now: dearer when short, little once only this round is left."""
    if rounds_left == 0:
        return 0.2
    if guilders < 4:
        return GUILDER + 0.15
    if guilders < 10:
        return GUILDER
    # Hoarded guilders score nothing; past what a person or two cost, less and less.
    return GUILDER - 0.15 if guilders < 16 else GUILDER - 0.3


def units(seat: Seat, effect: Effect, persons: Sequence[Person] | None = None) -> int:
    """How much of the effect's basis we hold (as ``scoring.units`` counts it), with
    ``persons`` standing for our play area when given."""
    crowd = seat.persons if persons is None else tuple(persons)
    player = seat.player
    match effect.basis:
        case Basis.HOUSES:
            return len(player.houses)
        case Basis.PERSONS:
            return len(crowd)
        case Basis.GROUP:
            return sum(p.group is effect.group for p in crowd)
        case Basis.COLOUR:
            return sum(p.colour is effect.colour for p in crowd)
        case Basis.DISTINCT_GROUPS:
            return len({p.group for p in crowd})
        case Basis.DISTINCT_COLOURS:
            return len({p.colour for p in crowd})
        case Basis.CANAL_TOKENS:
            return sum(player.canal)
        case Basis.REPUTATION:
            return int(player.reputation)
        case Basis.MAJORITIES:
            return len(player.majorities)
        case Basis.STATUES:
            return len(player.statues)
        case Basis.WORKERS:
            return sum(player.workers)
        case Basis.GUILDERS:
            return int(player.guilders)
        case _:
            return int(sum(player.threats) == 0)


def per_amount(effect: Effect, count: float) -> float:
    """``amount`` for every full ``per`` units (the rules' rounding down)."""
    return float(effect.amount * (int(count) // max(1, effect.per)))


def laurels(seat: Seat, persons: Sequence[Person]) -> float:
    """What the end-game persons among ``persons`` score on our holdings now."""
    return sum(
        per_amount(p.effect, units(seat, p.effect, persons))
        for p in persons
        if p.activation is Activation.ENDGAME and p.effect.kind is K.VP_PER
    )


def projected_laurel(seat: Seat, recruit: Person) -> float:
    """An end-game person's VP at the end: our holdings now (it included), grown at a typical
    rate over the rounds left."""
    effect = recruit.effect
    count: float = units(seat, effect, (*seat.persons, recruit))
    if effect.basis in GROWTH_PER_ROUND:
        count += GROWTH_PER_ROUND[effect.basis] * seat.rounds_left
    if effect.basis in BASIS_CAP:
        count = min(count, BASIS_CAP[effect.basis])
    return per_amount(effect, count)


def laurel_rate(seat: Seat, basis: Basis) -> float:
    """The end-game VP our laurel persons give for one more unit of ``basis`` (on average:
    a divisor of 2 makes every unit worth half)."""
    return sum(
        p.effect.amount / max(1, p.effect.per)
        for p in seat.persons
        if p.activation is Activation.ENDGAME and p.effect.basis is basis
    )


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


def keep_person_worth(seat: Seat, kept: Person) -> float:
    """What a person in our play area still brings (what a disaster would take)."""
    others = [p for p in seat.persons if p.id != kept.id]
    laurel = laurels(seat, seat.persons) - laurels(seat, others)
    if kept.activation is Activation.IMMEDIATE:
        return kept.points + laurel
    # A rough figure for the ability still to come: valuing it fully would ask what a threat
    # discard is worth, which asks what this disaster would take, and so round again.
    return kept.points + laurel + 0.8 * seat.uses_left


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


class BrugesHeuristic:
    """``choose(view, legal) -> action``: the legal action of greatest worth (seeded ties)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        me = view.seat if view.HasField("seat") else view.view.bruges.viewer
        seat = Seat(int(me), view.view.bruges)
        scored = [(worth(seat, option.action.bruges), self._random.random()) for option in legal]
        best = max(range(len(legal)), key=lambda index: scored[index])
        return legal[best].action
