"""Bruges facts: frozen dataclasses with past-tense names.

Events record outcomes (docs/architecture.md §4): the piles' order, every card drawn, every die,
every threat, loss, payment and point is in an event, so ``evolve`` never needs chance or rules.
Card ids index ``persons.PERSONS``; ``person`` fields name the person whose effect caused the event
(None when the basic rules did).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bruges.catalogue import Category, Colour, Phase

# --- setup and the draw (seed: Setup 2, Phase 1) ----------------------------------------------


@dataclass(frozen=True)
class PilesDealt:
    """The shuffled cards: the two draw piles (top first) and the extra pile set aside."""

    piles: tuple[tuple[int, ...], tuple[int, ...]]
    extra: tuple[int, ...]


@dataclass(frozen=True)
class StartPlayerChosen:
    seat: int


@dataclass(frozen=True)
class RoundBegan:
    """Round ``round`` began with Phase 1; ``start`` holds the banner and the dice."""

    round: int
    start: int


@dataclass(frozen=True)
class TurnBegan:
    """It is ``seat``'s turn in the current phase."""

    seat: int


@dataclass(frozen=True)
class CardDrawn:
    """``seat`` took the top card of ``pile``. ``effect`` draws (a person's) are seen at once
    and count down the seat's pending draws; Phase 1 draws stay unseen until the hand is full."""

    seat: int
    pile: int
    card: int
    effect: bool = False


@dataclass(frozen=True)
class HandLookedAt:
    """``seat``'s Phase 1 draw is over: it picks up the cards it drew."""

    seat: int


@dataclass(frozen=True)
class ExtraPileOpened:
    """Pile ``pile`` ran out and the extra pile took its place; ``last_round`` is final."""

    pile: int
    last_round: int


@dataclass(frozen=True)
class PileSplit:
    """Pile ``pile`` ran out with no extra pile left: the bottom ``count`` cards of the other
    pile became pile ``pile``."""

    pile: int
    count: int


@dataclass(frozen=True)
class DrawsOwed:
    """A person's effect lets ``seat`` draw ``count`` cards, pile by pile."""

    seat: int
    count: int
    person: int


@dataclass(frozen=True)
class DrawsForfeited:
    """Both piles are empty: ``seat``'s remaining effect draws are lost."""

    seat: int


# --- Phase 2: dice, threats, disasters, reputation ---------------------------------------------


@dataclass(frozen=True)
class DiceRolled:
    """``seat`` (the start player) rolled the five dice: values by colour."""

    seat: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class ThreatReceived:
    seat: int
    colour: Colour
    person: int | None = None


@dataclass(frozen=True)
class ThreatDiceHeldBack:
    """A disaster waits for its victim's choice: the dice of ``colours`` (showing 5 or 6, in
    colour order) hand out their markers only once it is settled (``default`` only; the
    published dice hand out every marker first, docs/rules/bruges.md, item 5)."""

    colours: tuple[Colour, ...]


@dataclass(frozen=True)
class ThreatDiceResumed:
    """The loss is settled: the dice held back hand out their markers now."""


@dataclass(frozen=True)
class DisasterStruck:
    """``seat``'s third ``colour`` marker: all three go back to the supply. When
    ``awaiting_choice``, the seat must choose what it loses."""

    seat: int
    colour: Colour
    awaiting_choice: bool = False


@dataclass(frozen=True)
class Loss:
    """What a disaster took: VP, guilders and workers (by colour), a person discarded from
    play, the house at place ``house`` discarded (its person, ``to_hand``, back to the hand),
    or the last canal token of a section."""

    vp: int = 0
    guilders: int = 0
    workers: tuple[int, ...] = (0, 0, 0, 0, 0)
    person: int | None = None
    house: int | None = None
    to_hand: int | None = None
    section: int | None = None


@dataclass(frozen=True)
class DisasterResolved:
    seat: int
    colour: Colour
    loss: Loss


@dataclass(frozen=True)
class PhaseBegan:
    """The round moved on to ``phase``; the start player's turn comes first."""

    phase: Phase


@dataclass(frozen=True)
class ReputationBought:
    """``seat`` paid ``paid`` guilders and climbed one step."""

    seat: int
    paid: int


@dataclass(frozen=True)
class ReputationDeclined:
    seat: int


# --- Phase 3: the six actions ------------------------------------------------------------------


@dataclass(frozen=True)
class WorkersTaken:
    """Action I: ``seat`` played ``card`` and took ``count`` workers of ``colour``."""

    seat: int
    card: int
    colour: Colour
    count: int


@dataclass(frozen=True)
class GuildersTaken:
    """Action II: ``seat`` played ``card`` and took ``amount`` guilders."""

    seat: int
    card: int
    amount: int


@dataclass(frozen=True)
class ThreatDiscarded:
    """A ``colour`` marker went back, by Action III (``card``) or a ``person``'s effect; the
    discard earned ``guilders`` (seed) or ``vp`` (published)."""

    seat: int
    colour: Colour
    card: int | None = None
    person: int | None = None
    guilders: int = 0
    vp: int = 0


@dataclass(frozen=True)
class CanalBuilt:
    """Action IV: ``card`` paid for the next space of ``section`` (``paid`` guilders); the
    space scored ``vp`` at once."""

    seat: int
    card: int
    section: int
    paid: int
    vp: int


@dataclass(frozen=True)
class StatueClaimed:
    seat: int
    statue: int


@dataclass(frozen=True)
class HouseBuilt:
    """Action V: ``card`` became a house; ``worker`` is the colour paid (None when free)."""

    seat: int
    card: int
    worker: Colour | None


@dataclass(frozen=True)
class PersonRecruited:
    """Action VI: ``card`` moved into house number ``house`` for ``paid`` guilders."""

    seat: int
    card: int
    house: int
    paid: int


@dataclass(frozen=True)
class PersonActivated:
    """``person`` was turned for this round; ``worker`` is the colour paid (None when free)."""

    seat: int
    person: int
    worker: Colour | None


@dataclass(frozen=True)
class Payout:
    """A person's effect changed ``seat``'s holdings (negative amounts are losses)."""

    seat: int
    person: int
    guilders: int = 0
    vp: int = 0
    reputation: int = 0
    workers: tuple[int, ...] = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class TurnEnded:
    seat: int


# --- Phase 4 and the end -----------------------------------------------------------------------


@dataclass(frozen=True)
class MajorityWon:
    """``seat`` led ``category`` alone and turned its marker to the coloured side."""

    seat: int
    category: Category


@dataclass(frozen=True)
class RoundEnded:
    """Persons straightened; the banner passed to ``next_start``."""

    round: int
    next_start: int


@dataclass(frozen=True)
class SeatScore:
    """One seat's final score by source (bruges-data.md §3.7); ``guilders`` break ties."""

    seat: int
    track: int
    persons: int
    houses: int
    laurels: int
    majorities: int
    canal: int
    statues: int
    reputation: int
    total: int
    guilders: int


@dataclass(frozen=True)
class GameEnded:
    scores: tuple[SeatScore, ...]
    places: tuple[int, ...]


Event = (
    PilesDealt
    | StartPlayerChosen
    | RoundBegan
    | TurnBegan
    | CardDrawn
    | HandLookedAt
    | ExtraPileOpened
    | PileSplit
    | DrawsOwed
    | DrawsForfeited
    | DiceRolled
    | ThreatReceived
    | ThreatDiceHeldBack
    | ThreatDiceResumed
    | DisasterStruck
    | DisasterResolved
    | PhaseBegan
    | ReputationBought
    | ReputationDeclined
    | WorkersTaken
    | GuildersTaken
    | ThreatDiscarded
    | CanalBuilt
    | StatueClaimed
    | HouseBuilt
    | PersonRecruited
    | PersonActivated
    | Payout
    | TurnEnded
    | MajorityWon
    | RoundEnded
    | GameEnded
)

EVENT_TYPES: tuple[type, ...] = (
    PilesDealt,
    StartPlayerChosen,
    RoundBegan,
    TurnBegan,
    CardDrawn,
    HandLookedAt,
    ExtraPileOpened,
    PileSplit,
    DrawsOwed,
    DrawsForfeited,
    DiceRolled,
    ThreatReceived,
    ThreatDiceHeldBack,
    ThreatDiceResumed,
    DisasterStruck,
    DisasterResolved,
    PhaseBegan,
    ReputationBought,
    ReputationDeclined,
    WorkersTaken,
    GuildersTaken,
    ThreatDiscarded,
    CanalBuilt,
    StatueClaimed,
    HouseBuilt,
    PersonRecruited,
    PersonActivated,
    Payout,
    TurnEnded,
    MajorityWon,
    RoundEnded,
    GameEnded,
)
