"""Static Bruges data: colours, phases, the person-card vocabulary and the fixed numbers.

The numbers the seed leaves open and the published game fixes (bruges-data.md §0, §2) are
named constants here; the two rulesets' differences are data in ``rulesets.py``; the 165 person
cards are data in ``persons.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final


class Colour(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """The five card, die, worker and threat colours, in the seed's order (seed: Components)."""

    BLUE = "blue"
    BROWN = "brown"
    RED = "red"
    PURPLE = "purple"
    YELLOW = "yellow"


COLOURS: Final = tuple(Colour)


def colour_index(colour: Colour) -> int:
    """Position of ``colour`` in every per-colour tuple (workers, threats, dice)."""
    return COLOURS.index(colour)


class Group(str, Enum):  # noqa: UP042
    """The eleven person groups of 15 cards each (bruges-data.md §1.4)."""

    NOBLE = "noble"
    ENTERTAINER = "entertainer"
    CRAFTSMAN = "craftsman"
    CHURCH = "church"
    PROTECTOR = "protector"
    SCHOLAR = "scholar"
    BUREAUCRAT = "bureaucrat"
    MERCHANT = "merchant"
    COURT = "court"
    ARTIST = "artist"
    UNDERWORLD = "underworld"


class Activation(str, Enum):  # noqa: UP042
    """When a person acts (seed: Special Rules; bruges-data.md §1.3)."""

    IMMEDIATE = "immediate"  # once, when recruited
    WORKER = "worker"  # on your turn, pay 1 worker of the icon colour, once per round
    ONGOING = "ongoing"  # a free once-per-round gain, a permanent boost, or a trigger
    ENDGAME = "endgame"  # victory points at final scoring


class EffectKind(str, Enum):  # noqa: UP042
    """The vocabulary every person's effect is written in; the rules interpret it."""

    # Gains: an immediate effect, a worker activation or a free once-per-round activation.
    GAIN_GUILDERS = "gain_guilders"
    GAIN_WORKERS = "gain_workers"  # of ``colour``, or of a colour chosen when it is None
    GAIN_VP = "gain_vp"
    DISCARD_THREAT = "discard_threat"  # up to ``amount`` markers of one chosen colour
    ADVANCE_REPUTATION = "advance_reputation"
    DRAW_CARDS = "draw_cards"
    GUILDERS_PER = "guilders_per"  # ``amount`` guilders per ``per`` units of ``basis``
    VP_PER = "vp_per"  # ``amount`` VP per ``per`` units of ``basis`` (also end-game)
    # Against every opponent.
    OPPONENTS_THREAT = "opponents_threat"
    OPPONENTS_LOSE_GUILDERS = "opponents_lose_guilders"
    OPPONENTS_LOSE_VP = "opponents_lose_vp"
    STEAL_GUILDERS = "steal_guilders"
    # Permanent boosts of the basic rules (ongoing, passive).
    BOOST_WORKERS = "boost_workers"
    BOOST_GUILDERS = "boost_guilders"
    CANAL_DISCOUNT = "canal_discount"
    RECRUIT_DISCOUNT = "recruit_discount"  # persons of ``colour`` (any when None)
    REPUTATION_DISCOUNT = "reputation_discount"
    HOUSE_NO_WORKER = "house_no_worker"
    THREAT_IMMUNITY = "threat_immunity"
    THREAT_DISCARD_VP = "threat_discard_vp"
    # Triggers (ongoing, passive): fire every time the situation happens.
    ON_RECRUIT_VP = "on_recruit_vp"
    ON_HOUSE_VP = "on_house_vp"
    ON_CANAL_VP = "on_canal_vp"
    ON_REPUTATION_VP = "on_reputation_vp"
    ON_HAND_GUILDERS = "on_hand_guilders"
    ON_THREAT_GUILDERS = "on_threat_guilders"


GAINS: Final = frozenset(
    {
        EffectKind.GAIN_GUILDERS,
        EffectKind.GAIN_WORKERS,
        EffectKind.GAIN_VP,
        EffectKind.DISCARD_THREAT,
        EffectKind.ADVANCE_REPUTATION,
        EffectKind.DRAW_CARDS,
        EffectKind.GUILDERS_PER,
        EffectKind.VP_PER,
        EffectKind.OPPONENTS_THREAT,
        EffectKind.OPPONENTS_LOSE_GUILDERS,
        EffectKind.OPPONENTS_LOSE_VP,
        EffectKind.STEAL_GUILDERS,
    }
)
"""Effects that happen when a person is recruited or activated (the rest are passive)."""


class Basis(str, Enum):  # noqa: UP042
    """What a ``*_PER`` effect counts in its owner's play area."""

    HOUSES = "houses"
    PERSONS = "persons"
    GROUP = "group"  # persons of the effect's ``group``
    COLOUR = "colour"  # persons of the effect's ``colour``
    DISTINCT_GROUPS = "distinct_groups"
    DISTINCT_COLOURS = "distinct_colours"  # among persons in play
    CANAL_TOKENS = "canal_tokens"
    REPUTATION = "reputation"  # steps on the reputation track
    MAJORITIES = "majorities"  # majority markers turned to the coloured side
    STATUES = "statues"
    WORKERS = "workers"
    GUILDERS = "guilders"
    THREATLESS = "threatless"  # 1 when holding no threat marker, else 0


@dataclass(frozen=True)
class Effect:
    """One person's ability, as data. Unused parameters keep their defaults."""

    kind: EffectKind
    amount: int = 0
    colour: Colour | None = None
    group: Group | None = None
    basis: Basis | None = None
    per: int = 1


@dataclass(frozen=True)
class Person:
    """A person card (bruges-data.md §1.2, §1.7): the id is its identity, never the name.

    ``worker`` is the colour on a WORKER person's icon (None for the other activations).
    """

    id: int
    name: str
    colour: Colour
    group: Group
    cost: int
    points: int
    activation: Activation
    effect: Effect
    worker: Colour | None = None


class Phase(str, Enum):  # noqa: UP042
    """Where the round stands (seed: Turn Structure). Dice and majorities are automatic."""

    SETUP = "setup"
    DRAW = "draw"  # Phase 1
    THREATS = "threats"  # Phase 2, step 1: the dice are down, disasters are being settled
    REPUTATION = "reputation"  # Phase 2, step 2
    ACTIONS = "actions"  # Phase 3
    OVER = "over"


class Category(str, Enum):  # noqa: UP042
    """The three majorities, checked in this order (bruges-data.md §2.4, §3.5)."""

    REPUTATION = "reputation"
    PERSONS = "persons"
    CANAL = "canal"


class TurnStep(str, Enum):  # noqa: UP042
    """Where the active seat's Phase 3 turn stands: activations may come before and after
    the one card play (bruges-data.md §1.3, Timing)."""

    STARTED = "started"  # nothing done yet (also: the reputation step not yet decided)
    PLAYED = "played"  # the card is played; activations may follow
    DONE = "done"


HAND_SIZE: Final = 5  # seed: Phase 1
PLAYS_PER_ROUND: Final = 4  # seed: Phase 3
STACK_SIZE: Final = 33  # bruges-data.md §1.1: 165 cards in 5 stacks of 33
START_GUILDERS: Final = 5  # seed: Setup 4
START_SCORE: Final = 5  # seed: Setup 4 (pawn on space 5)
WORKERS_PER_ACTION: Final = 2  # seed: Action I
THREATS_FOR_DISASTER: Final = 3  # seed: Threat Penalties
THREAT_MARKERS: Final = 9  # of each colour (seed: Components, 45 in 5 colours; bruges-data.md §0)
THREAT_DICE: Final = frozenset({5, 6})  # seed: Phase 2, step 1
REPUTATION_DICE: Final = frozenset({1, 2})  # seed: Phase 2, step 2
REPUTATION_TOP: Final = 12  # bruges-data.md §2.3: 12 steps above the town hall
REPUTATION_VP: Final = tuple(range(REPUTATION_TOP + 1))  # step n scores n VP (our choice)
STATUES: Final = (7, 6, 5, 4, 3, 2)  # the stack, top first (seed: Setup 1)
HOUSE_VP: Final = 1  # bruges-data.md §2.6, §3.7
DISASTER_VP: Final = 3  # the 3 VP of a blue (seed) or purple (published) disaster
DISASTER_GUILDERS: Final = 3  # the seed's purple disaster
MIN_SEATS: Final = 2
MAX_SEATS: Final = 4
