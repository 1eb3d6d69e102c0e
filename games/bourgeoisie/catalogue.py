"""Static Bourgeoisie data: card kinds, phases and the 120-card common deck.

The deck is the seed's COMMON DECK CARD LIST, in its order: card ``i`` of the list has id ``i``.
Names repeat (five Bond names at values 1-4), so a card is always identified by its id.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final


class CardKind(StrEnum):
    FAMILY = "family"
    TRADE = "trade"
    BOND = "bond"
    LAND = "land"
    OFFICE = "office"
    EVENT = "event"


class Phase(StrEnum):
    """The nine phases of a turn, in order (seed: TURN SEQUENCE)."""

    FAMILY = "family"
    REVENUE = "revenue"
    FATE = "fate"
    OPPORTUNITY = "opportunity"
    CAPITAL = "capital"
    CONVERSION = "conversion"
    INVESTMENT = "investment"
    NOBLEMENT = "noblement"
    END = "end"


PHASE_ORDER: Final = tuple(Phase)


class Effect(StrEnum):
    """What an Event card does (seed: COMMON DECK CARD LIST, Events' notes)."""

    PLAGUE = "plague"
    FAMINE = "famine"
    NEPOTISM = "nepotism"
    PATRONAGE = "patronage"
    CORRUPTION = "corruption"
    INNOVATORS = "innovators"
    PROFESSIONALS = "professionals"
    REPUTABLE = "reputable"
    CUNNING = "cunning"
    FINE_VISTA = "fine_vista"
    LEGITIMACY = "legitimacy"
    CRISIS = "crisis"
    FEUDAL_TENURES = "feudal_tenures"
    DEFAULT = "default"
    REINVEST = "reinvest"
    CAPITAL = "capital"
    RECOGNITION_FEES = "recognition_fees"
    WAR = "war"
    TAXES = "taxes"
    DIVERSIFY_PORTFOLIO = "diversify_portfolio"


class Resource(StrEnum):
    """What a disaster Event takes from every player."""

    SILVER = "silver"
    GOLD = "gold"
    OPPORTUNITY = "opportunity"


@dataclass(frozen=True)
class Card:
    """One card of the common deck; ``value`` is 0 for Events, ``prestige`` the printed +PP,
    and ``text`` what an Event does, in a few plain words (empty for every other card)."""

    id: int
    name: str
    kind: CardKind
    value: int
    prestige: int = 0
    effect: Effect | None = None
    text: str = ""


_F, _T, _B, _L, _O = CardKind.FAMILY, CardKind.TRADE, CardKind.BOND, CardKind.LAND, CardKind.OFFICE

_FAMILIES = (
    ("Paupers", 1), ("Serfs", 1), ("Peasants", 2), ("Refugees", 2), ("Migrants", 3),
    ("Porters", 3), ("Servants", 4), ("Hired Hands", 4), ("Commoners", 5), ("Country Folk", 5),
    ("Provincials", 6), ("Workers", 6), ("Laborers", 7), ("Freemen", 7), ("Sailors", 8),
    ("Townsfolk", 8), ("Burghers", 9), ("Tradesmen", 9), ("Craftsmen", 10), ("Artisans", 10),
)  # fmt: skip
_TRADES = (
    ("Physicians", 1), ("Lawyers", 1), ("Woad Trade", 2), ("Wool Trade", 2),
    ("Charcoal Trade", 3), ("Brick & Tile Trade", 3), ("Horticulture", 4), ("Sugar Refining", 4),
    ("Grain Trade", 5), ("Textile Industry", 5), ("Metallurgy", 6), ("Manufacturing", 6),
    ("Linen Merchant", 7), ("West Indies Trade", 7), ("Spice Trade", 8), ("Luxury Merchant", 8),
    ("Silk Business", 9), ("Ship Building", 9), ("Bankers", 10), ("Financiers", 10),
)  # fmt: skip
_BOND_NAMES = ("Securities", "Bonds", "Annuities", "Joint Stock Shares", "Mortgages")
_LANDS = (
    ("Plots", 1, 0), ("Parcels", 1, 0), ("Fields", 2, 0), ("Pasture", 2, 0),
    ("Countryside", 3, 0), ("Hinterland", 3, 0), ("Farmland", 4, 0), ("Grounds", 4, 0),
    ("Tracts", 5, 0), ("Acreage", 5, 0), ("Range", 6, 0), ("Agricultural Land", 6, 1),
    ("Small Estate", 7, 1), ("Expanse", 7, 2), ("Holdings", 8, 2), ("Vineyard", 8, 3),
    ("Villa", 9, 3), ("Urban Property", 9, 3), ("Manor", 10, 4), ("Large Estate", 10, 5),
)  # fmt: skip
_OFFICES = (
    ("Courtier", 3, 0), ("Registrar", 3, 0), ("Lesser Official", 4, 0),
    ("Municipal Officer", 4, 0), ("Military Office", 5, 0), ("Clergy", 5, 0), ("Dowry", 6, 0),
    ("University Dean", 6, 0), ("Tax Assessor", 7, 0), ("Fiscal Officer", 7, 0),
    ("Administrator", 8, 1), ("Tax Collector", 8, 1), ("Abbott", 9, 2), ("Marriage", 9, 2),
    ("Tax Farmer", 10, 3), ("High Functionary", 10, 3), ("Dignitary", 11, 4),
    ("Judgeship", 11, 4), ("Bishop", 12, 5), ("Mayor", 12, 5),
)  # fmt: skip
_EVENTS = (
    # What each Event does, in our words (seed: COMMON DECK CARD LIST, the Events' notes; OP
    # read as opportunity tokens, notes §3.4). The numbers are the seed's; tests hold them to
    # the constants below that the rules use.
    ("Plague", Effect.PLAGUE, "every player loses 1D6 opportunity tokens"),
    ("Famine", Effect.FAMINE, "every player loses 1D6 gold"),
    ("Nepotism", Effect.NEPOTISM, "counts as 5 gold toward an Office"),
    ("Patronage", Effect.PATRONAGE, "counts as 4 gold toward an Office"),
    ("Corruption", Effect.CORRUPTION, "take 2 silver from every other player"),
    ("Innovators", Effect.INNOVATORS, "3 upgrade tokens on a Trade in play"),
    ("Professionals", Effect.PROFESSIONALS, "2 upgrade tokens on a Trade in play"),
    ("Reputable", Effect.REPUTABLE, "3 upgrade tokens on a Family in play"),
    ("Cunning", Effect.CUNNING, "gain 2D6 silver"),
    ("Fine Vista", Effect.FINE_VISTA, "2 upgrade tokens on a Land in play"),
    ("Legitimacy", Effect.LEGITIMACY, "3 upgrade tokens on an Office in play"),
    ("Crisis", Effect.CRISIS, "counts as 5 gold toward a Land"),
    ("Feudal Tenures", Effect.FEUDAL_TENURES, "counts as 4 gold toward a Land"),
    ("Default", Effect.DEFAULT, "discard a Bond in play"),
    ("Reinvest", Effect.REINVEST, "pay 3 gold: 5 upgrade tokens on a Trade in play"),
    ("Capital", Effect.CAPITAL, "counts as 5 gold toward a Trade"),
    ("Recognition Fees", Effect.RECOGNITION_FEES, "counts as 3 gold toward an Office"),
    ("War", Effect.WAR, "discard a Land in play"),
    ("Taxes", Effect.TAXES, "every player loses 1D6 silver"),
    ("Diversify Portfolio", Effect.DIVERSIFY_PORTFOLIO, "gain 1D6 opportunity tokens"),
)


def _deck() -> tuple[Card, ...]:
    rows: list[tuple[str, CardKind, int, int, Effect | None, str]] = []
    rows += [(name, _F, value, 0, None, "") for name, value in _FAMILIES]
    rows += [(name, _T, value, 0, None, "") for name, value in _TRADES]
    rows += [(name, _B, value, 0, None, "") for name in _BOND_NAMES for value in range(1, 5)]
    rows += [(name, _L, value, pp, None, "") for name, value, pp in _LANDS]
    rows += [(name, _O, value, pp, None, "") for name, value, pp in _OFFICES]
    rows += [(name, CardKind.EVENT, 0, 0, effect, text) for name, effect, text in _EVENTS]
    return tuple(Card(i, *row) for i, row in enumerate(rows))


CARDS: Final[tuple[Card, ...]] = _deck()
"""All 120 cards; ``CARDS[i].id == i``."""

CARD_COUNT: Final = len(CARDS)

RULESETS: Final = ("default",)
MIN_SEATS: Final = 2
MAX_SEATS: Final = 6  # "2-4+" in the seed; 2-6 allowed (notes §3.6)

HAND_LIMIT: Final = 7  # seed: END PHASE
TRACK_SLOTS: Final = 10  # seed: THE OPPORTUNITY TRACK
RETIRE_MAY: Final = 30  # seed: NOBLEMENT PHASE (with at least one Office)
RETIRE_MUST: Final = 50  # seed: NOBLEMENT PHASE (even without an Office)
SILVER_PER_GOLD: Final = 10  # seed: CONVERSION PHASE
STARTING_SILVER_DIE: Final = 10  # seed: SETUP, 1D10 silver
FATE_DIE: Final = 6  # seed: FATE PHASE, 1D6 opportunity tokens
RETIRED_WITHOUT_OFFICE_PENALTY: Final = 5  # seed: END GAME SCORING
EXTRA_RETIRED_FAMILY_BONUS: Final = 5  # seed: END GAME SCORING
CORRUPTION_STEAL: Final = 2  # Corruption: "Steal 2 Silver from all other Players"
REINVEST_COST: Final = 3  # Reinvest: "Cost 3 Gold"

VOUCHERS: Final = MappingProxyType(
    {
        Effect.NEPOTISM: (CardKind.OFFICE, 5),
        Effect.PATRONAGE: (CardKind.OFFICE, 4),
        Effect.RECOGNITION_FEES: (CardKind.OFFICE, 3),
        Effect.CRISIS: (CardKind.LAND, 5),
        Effect.FEUDAL_TENURES: (CardKind.LAND, 4),
        Effect.CAPITAL: (CardKind.TRADE, 5),
    }
)
"""Events kept in hand that "count as N gold" when buying a card of that kind."""

UPGRADES: Final = MappingProxyType(
    {
        Effect.INNOVATORS: (CardKind.TRADE, 3),
        Effect.PROFESSIONALS: (CardKind.TRADE, 2),
        Effect.REPUTABLE: (CardKind.FAMILY, 3),
        Effect.FINE_VISTA: (CardKind.LAND, 2),
        Effect.LEGITIMACY: (CardKind.OFFICE, 3),
        Effect.REINVEST: (CardKind.TRADE, 5),
    }
)
"""Events placing upgrade tokens (UT) on a target card in play: (target kind, tokens)."""

DISCARDS: Final = MappingProxyType({Effect.DEFAULT: CardKind.BOND, Effect.WAR: CardKind.LAND})
"""Events discarding a target card in play."""

DISASTERS: Final = MappingProxyType(
    {
        Effect.PLAGUE: Resource.OPPORTUNITY,
        Effect.FAMINE: Resource.GOLD,
        Effect.TAXES: Resource.SILVER,
    }
)
"""Events making every player lose 1D6 of a resource (one roll, clamped at 0)."""

DISASTER_DIE: Final = 6
CUNNING_DICE: Final = 2  # Cunning: "Gain 2D6 Silver"
CUNNING_DIE: Final = 6
DIVERSIFY_DIE: Final = 6  # Diversify Portfolio: "Gain 1D6 OP" (OP read as opportunity tokens)


def card(card_id: int) -> Card:
    """The card with this id (ids are 0..119)."""
    return CARDS[card_id]


def is_immediate(card_id: int) -> bool:
    """True for Events resolved as soon as they are bought: every Event but the vouchers."""
    effect = CARDS[card_id].effect
    return effect is not None and effect not in VOUCHERS


def voucher_of(card_id: int) -> tuple[CardKind, int] | None:
    """(kind it pays for, gold it counts as) for a voucher Event, else None."""
    effect = CARDS[card_id].effect
    return None if effect is None else VOUCHERS.get(effect)


def upgrade_of(card_id: int) -> tuple[CardKind, int] | None:
    """(target kind, tokens) for an Event placing upgrade tokens, else None."""
    effect = CARDS[card_id].effect
    return None if effect is None else UPGRADES.get(effect)


def discard_kind_of(card_id: int) -> CardKind | None:
    """The kind of card in play an Event discards (Default, War), else None."""
    effect = CARDS[card_id].effect
    return None if effect is None else DISCARDS.get(effect)


def disaster_of(card_id: int) -> Resource | None:
    """What every player loses to a disaster Event (Plague, Famine, Taxes), else None."""
    effect = CARDS[card_id].effect
    return None if effect is None else DISASTERS.get(effect)
