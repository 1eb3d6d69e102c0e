"""Bourgeoisie facts: frozen dataclasses with past-tense names.

Events record outcomes (docs/architecture.md §4): every die, every shuffled order, every revealed
card and every point scored is in an event, so ``evolve`` never needs chance or scoring code. Card
ids index ``catalogue.CARDS``; seats count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bourgeoisie.catalogue import Phase, Resource

# --- setup (seed: SETUP) ---------------------------------------------------------------------


@dataclass(frozen=True)
class FamilyDealt:
    """A random Family card was put in play for ``seat`` as its first family."""

    seat: int
    card: int


@dataclass(frozen=True)
class DeckShuffled:
    """The rest of the cards became the deck, in this draw order (secret: never in a view)."""

    deck: tuple[int, ...]


@dataclass(frozen=True)
class TrackLaidOut:
    """The first cards of the deck were laid out on the track, slots 1 upward."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class StartingSilverRolled:
    """``seat`` rolled 1D10 and starts with that much silver."""

    seat: int
    roll: int


@dataclass(frozen=True)
class FirstSeatChosen:
    """The seat taking the first turn was drawn at random."""

    seat: int


# --- turn sequence (seed: TURN SEQUENCE) -----------------------------------------------------


@dataclass(frozen=True)
class TurnBegan:
    """``seat`` began turn number ``turn`` (counted over all seats) in its Family phase."""

    seat: int
    turn: int


@dataclass(frozen=True)
class PhaseBegan:
    """The active seat's turn moved on to ``phase``."""

    seat: int
    phase: Phase


@dataclass(frozen=True)
class FamilyPlaced:
    """Family phase: ``seat`` put a Family card from its hand into play."""

    seat: int
    card: int


@dataclass(frozen=True)
class TradePlaced:
    """Family phase: ``seat`` put a Trade card in play, paying ``gold`` and ``vouchers``."""

    seat: int
    card: int
    gold: int
    vouchers: tuple[int, ...] = ()


@dataclass(frozen=True)
class RevenueCollected:
    """Revenue phase: ``seat`` gained its current family's value in silver."""

    seat: int
    silver: int


@dataclass(frozen=True)
class OpportunityRolled:
    """Fate phase: ``seat`` rolled 1D6 and gained that many opportunity tokens."""

    seat: int
    roll: int


# --- opportunity phase and Event cards (seed: OPPORTUNITY PHASE, card notes) ---------------


@dataclass(frozen=True)
class CardBought:
    """``seat`` took the card in ``slot`` for ``cost`` tokens.

    ``kept`` says it went to the hand; an immediately resolved Event goes to the discard pile
    and its effect follows as the next event.
    """

    seat: int
    slot: int
    card: int
    cost: int
    kept: bool


@dataclass(frozen=True)
class DisasterStruck:
    """Plague, Famine or Taxes: one roll; ``losses[s]`` is what seat ``s`` lost (clamped)."""

    seat: int
    card: int
    resource: Resource
    roll: int
    losses: tuple[int, ...]


@dataclass(frozen=True)
class SilverStolen:
    """Corruption: ``seat`` took ``takings[s]`` silver from every other seat ``s``."""

    seat: int
    card: int
    takings: tuple[int, ...]


@dataclass(frozen=True)
class SilverGained:
    """Cunning: ``seat`` rolled 2D6 and gained their sum in silver."""

    seat: int
    card: int
    rolls: tuple[int, ...]
    silver: int


@dataclass(frozen=True)
class OpportunityGained:
    """Diversify Portfolio: ``seat`` rolled 1D6 and gained that many opportunity tokens."""

    seat: int
    card: int
    roll: int


@dataclass(frozen=True)
class UpgradesPlaced:
    """An Event put ``tokens`` upgrade tokens on ``target`` in ``owner``'s current family.

    ``gold`` is what ``seat`` paid for it (Reinvest's 3 gold, otherwise 0).
    """

    seat: int
    card: int
    owner: int
    target: int
    tokens: int
    gold: int = 0


@dataclass(frozen=True)
class InvestmentDiscarded:
    """Default or War: ``target`` left ``owner``'s current family for the discard pile.

    ``upgrades`` is how many upgrade tokens were lost with it.
    """

    seat: int
    card: int
    owner: int
    target: int
    upgrades: int


@dataclass(frozen=True)
class EventWasted:
    """A bought Event had nothing to act on (no legal target, or Reinvest unpaid)."""

    seat: int
    card: int


# --- the rest of the turn --------------------------------------------------------------------


@dataclass(frozen=True)
class CardSold:
    """Capital phase: ``seat`` discarded a card from its hand for ``silver``."""

    seat: int
    card: int
    silver: int


@dataclass(frozen=True)
class SilverConverted:
    """Conversion phase: ``silver`` silver became ``gold`` gold (10 to 1, change kept)."""

    seat: int
    silver: int
    gold: int


@dataclass(frozen=True)
class InvestmentMade:
    """Investment phase: a Land, Bond or Office went into play for ``gold`` and ``vouchers``."""

    seat: int
    card: int
    gold: int
    vouchers: tuple[int, ...] = ()


@dataclass(frozen=True)
class FamilyRetired:
    """Noblement phase: the current family was set aside; ``forced`` at 50+ revenue."""

    seat: int
    family: int
    revenue: int
    forced: bool


@dataclass(frozen=True)
class GoldForfeited:
    """On retiring, ``seat`` discarded all its gold."""

    seat: int
    gold: int


@dataclass(frozen=True)
class CardDiscarded:
    """End phase: ``seat`` discarded a card from a hand above the limit."""

    seat: int
    card: int


@dataclass(frozen=True)
class TrackAdvanced:
    """End phase: slot 1's card (if any) was discarded, the rest slid down toward slot 1, and
    ``revealed`` cards were turned over from the deck into the freed slots."""

    discarded: int | None
    revealed: tuple[int, ...]


@dataclass(frozen=True)
class FamilyScore:
    """One family's prestige: its Lands' and Offices' values (with upgrades), their printed
    +PP, and the -5 penalty of a retired family without an Office."""

    family: int
    retired: bool
    lands: int
    offices: int
    prestige: int
    penalty: int
    total: int


@dataclass(frozen=True)
class SeatScore:
    """One seat's final prestige; ``gold`` and ``silver`` break ties."""

    seat: int
    families: tuple[FamilyScore, ...]
    retirement_bonus: int
    total: int
    gold: int
    silver: int


@dataclass(frozen=True)
class GameEnded:
    """A turn ended with the deck empty; final scores and places (1 = first, ties shared)."""

    scores: tuple[SeatScore, ...]
    places: tuple[int, ...]


Event = (
    FamilyDealt
    | DeckShuffled
    | TrackLaidOut
    | StartingSilverRolled
    | FirstSeatChosen
    | TurnBegan
    | PhaseBegan
    | FamilyPlaced
    | TradePlaced
    | RevenueCollected
    | OpportunityRolled
    | CardBought
    | DisasterStruck
    | SilverStolen
    | SilverGained
    | OpportunityGained
    | UpgradesPlaced
    | InvestmentDiscarded
    | EventWasted
    | CardSold
    | SilverConverted
    | InvestmentMade
    | FamilyRetired
    | GoldForfeited
    | CardDiscarded
    | TrackAdvanced
    | GameEnded
)

EVENT_TYPES: tuple[type, ...] = (
    FamilyDealt,
    DeckShuffled,
    TrackLaidOut,
    StartingSilverRolled,
    FirstSeatChosen,
    TurnBegan,
    PhaseBegan,
    FamilyPlaced,
    TradePlaced,
    RevenueCollected,
    OpportunityRolled,
    CardBought,
    DisasterStruck,
    SilverStolen,
    SilverGained,
    OpportunityGained,
    UpgradesPlaced,
    InvestmentDiscarded,
    EventWasted,
    CardSold,
    SilverConverted,
    InvestmentMade,
    FamilyRetired,
    GoldForfeited,
    CardDiscarded,
    TrackAdvanced,
    GameEnded,
)
