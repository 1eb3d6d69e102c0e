"""Bourgeoisie commands: what a seat may ask for, one decision at a time.

Card ids index ``catalogue.CARDS``. ``vouchers`` are Event cards from the hand that "count as
N gold" for the purchase (Capital for a Trade; Crisis, Feudal Tenures for a Land; Nepotism,
Patronage, Recognition Fees for an Office); the rest of the price is paid in gold.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlaceFamily:
    """Family phase: put a Family card from the hand into play, free (seed: FAMILY PHASE)."""

    card: int


@dataclass(frozen=True)
class PlaceTrade:
    """Family phase: put a Trade card from the hand into play for gold equal to its value."""

    card: int
    vouchers: tuple[int, ...] = ()


@dataclass(frozen=True)
class BuyCard:
    """Opportunity phase: take the card in ``slot`` (1-10) for that many opportunity tokens.

    ``target`` names the card in play an immediately resolved targeted Event acts on
    (Innovators, Default, War, …); it is None for every other card.
    """

    slot: int
    target: int | None = None


@dataclass(frozen=True)
class SellCard:
    """Capital phase: discard one card from the hand for silver equal to its value."""

    card: int


@dataclass(frozen=True)
class Invest:
    """Investment phase: buy a Land, Bond or Office from the hand for gold equal to its value."""

    card: int
    vouchers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Retire:
    """Noblement phase: retire the current family (allowed at 30+ revenue with an Office)."""


@dataclass(frozen=True)
class DiscardCard:
    """End phase: discard one card from a hand above the limit of seven."""

    card: int


@dataclass(frozen=True)
class EndPhase:
    """Finish the current phase's optional decisions and move on."""


Action = PlaceFamily | PlaceTrade | BuyCard | SellCard | Invest | Retire | DiscardCard | EndPhase
ACTION_TYPES: tuple[type, ...] = (
    PlaceFamily,
    PlaceTrade,
    BuyCard,
    SellCard,
    Invest,
    Retire,
    DiscardCard,
    EndPhase,
)
