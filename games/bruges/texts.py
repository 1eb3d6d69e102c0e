"""Plain-English text for views, logs and options: each person's card text generated from its
effect data, and the names the event and action lines give a card and a canal."""

from __future__ import annotations

from games.bruges.catalogue import Activation, Basis, Effect, EffectKind, Person
from games.bruges.persons import CARD_COUNT, person
from games.bruges.rulesets import ruleset_of

K = EffectKind

_PASSIVE = {
    K.BOOST_WORKERS: "take {n} more worker{s} with every Take Workers action",
    K.BOOST_GUILDERS: "take {n} more guilder{s} with every Take Guilders action",
    K.CANAL_DISCOUNT: "canal spaces cost you {n} guilder{s} less",
    K.RECRUIT_DISCOUNT: "{who} cost you {n} guilder{s} less",
    K.REPUTATION_DISCOUNT: "your reputation step costs {n} guilder{s} less",
    K.HOUSE_NO_WORKER: "your houses cost no worker",
    K.THREAT_IMMUNITY: "you never receive {colour} threat markers",
    K.THREAT_DISCARD_VP: "+{n} VP whenever you discard a threat marker",
    K.ON_RECRUIT_VP: "+{n} VP whenever you recruit another person",
    K.ON_HOUSE_VP: "+{n} VP whenever you build a house",
    K.ON_CANAL_VP: "+{n} VP whenever you build a canal token",
    K.ON_REPUTATION_VP: "+{n} VP for every reputation step you climb",
    K.ON_HAND_GUILDERS: "+{n} guilder{s} whenever your Phase 1 hand is complete",
    K.ON_THREAT_GUILDERS: "+{n} guilder{s} whenever you receive a threat marker",
}

_GAIN = {
    K.GAIN_GUILDERS: "gain {n} guilder{s}",
    K.GAIN_WORKERS: "gain {n} {colour} worker{s}",
    K.GAIN_VP: "gain {n} VP",
    K.DISCARD_THREAT: "discard up to {n} threat marker{s} of one colour",
    K.ADVANCE_REPUTATION: "climb {n} reputation step{s}",
    K.DRAW_CARDS: "draw {n} card{s}",
    K.GUILDERS_PER: "gain {n} guilder{s} {basis}",
    K.VP_PER: "{n} VP {basis}",
    K.OPPONENTS_THREAT: "every opponent receives a {colour} threat marker",
    K.OPPONENTS_LOSE_GUILDERS: "every opponent loses {n} guilder{s}",
    K.OPPONENTS_LOSE_VP: "every opponent loses {n} VP",
    K.STEAL_GUILDERS: "take {n} guilder{s} from every opponent",
}

_UNITS = {
    Basis.HOUSES: "house",
    Basis.PERSONS: "person in play",
    Basis.DISTINCT_GROUPS: "different group in play",
    Basis.DISTINCT_COLOURS: "different person colour in play",
    Basis.CANAL_TOKENS: "canal token",
    Basis.REPUTATION: "reputation step",
    Basis.MAJORITIES: "coloured majority marker",
    Basis.STATUES: "statue",
    Basis.WORKERS: "worker",
    Basis.GUILDERS: "guilder",
}


def person_text(card: Person) -> str:
    """One sentence: when the person acts and what it does."""
    effect = card.effect
    if effect.kind in _PASSIVE:
        return "Always: " + _fill(_PASSIVE[effect.kind], effect) + "."
    what = _fill(_GAIN[effect.kind], effect)
    match card.activation:
        case Activation.WORKER:
            worker = card.worker.value if card.worker else "any"
            return f"Once per round, pay a {worker} worker: {what}."
        case Activation.ONGOING:
            return f"Once per round, free: {what}."
        case Activation.IMMEDIATE:
            return f"When recruited: {what}."
        case _:
            return f"At game end: {what}."


def _fill(template: str, effect: Effect) -> str:
    colour = "chosen-colour" if effect.colour is None else effect.colour.value
    who = "persons" if effect.colour is None else f"{effect.colour.value} persons"
    s = "" if effect.amount == 1 else "s"
    return template.format(n=effect.amount, s=s, colour=colour, who=who, basis=_basis(effect))


def _basis(effect: Effect) -> str:
    match effect.basis:
        case Basis.THREATLESS:
            return "if you hold no threat marker"
        case Basis.GROUP:
            unit = f"{effect.group.value if effect.group else 'group'} person in play"
        case Basis.COLOUR:
            unit = f"{effect.colour.value if effect.colour else 'coloured'} person in play"
        case _:
            unit = _UNITS.get(effect.basis or Basis.HOUSES, "unit")
    return f"per {unit}" if effect.per == 1 else f"per {effect.per} {_plural(unit)}"


def _plural(unit: str) -> str:
    """``persons in play`` for ``person in play``, ``guilders`` for ``guilder``."""
    noun, in_play, _ = unit.partition(" in play")
    return f"{noun}s{in_play}"


def card_name(card: int) -> str:
    """A person's name, or ``card N`` for an id no person has: an action's line
    (``options.describe_action``) may name a card decide has not judged yet, and must never
    fail on it."""
    return person(card).name if 0 <= card < CARD_COUNT else f"card {card}"


def canal_name(ruleset: str, section: int, whose: str = "its") -> str:
    """A seat's canal as its ruleset shapes it: "its canal" where it is one line of spaces,
    "canal section N" where it has sections (docs/rules/bruges.md, item 12: ``section`` is
    always 0 in ``default``)."""
    sections = ruleset_of(ruleset).canal.sections
    return f"canal section {section}" if sections > 1 else f"{whose} canal"


def majority_worth(ruleset: str) -> str:
    """``4 VP a marker, turned in Phase 4 by a sole leader``: what a majority marker is worth
    under ``ruleset`` and how one is won (seed: Phase 4; bruges-data.md §2.4), as every board
    says it beside who leads each majority now."""
    return f"{ruleset_of(ruleset).majority_vp} VP a marker, turned in Phase 4 by a sole leader"
