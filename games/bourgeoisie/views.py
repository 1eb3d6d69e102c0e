"""What a seat may know of a Bourgeoisie game (DESIGN.md §4: view hides secrets).

Hands are private; the deck's order is never shown (only its size); everything in play, the
track, the discard pile, coins and opportunity tokens are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bourgeoisie.catalogue import CardKind, Phase


@dataclass(frozen=True)
class CardView:
    """A card as anyone who can see it sees it; ``upgrades`` counts its upgrade tokens."""

    id: int
    name: str
    kind: CardKind
    value: int  # printed value (0 for Events)
    prestige: int  # printed +PP bonus
    upgrades: int = 0


@dataclass(frozen=True)
class FamilyView:
    """A family and the cards played with it; ``revenue`` is its silver per turn."""

    family: CardView
    trade: CardView | None
    bonds: tuple[CardView, ...]
    lands: tuple[CardView, ...]
    offices: tuple[CardView, ...]
    revenue: int


@dataclass(frozen=True)
class PlayerView:
    """One seat as the viewer sees it; ``hand`` is None unless the viewer may see it."""

    seat: int
    silver: int
    gold: int
    opportunity: int
    hand_size: int
    hand: tuple[CardView, ...] | None
    family: FamilyView | None
    retired: tuple[FamilyView, ...]


@dataclass(frozen=True)
class BourgeoisieView:
    """The game from one seat (``viewer``), or the public view when ``viewer`` is None."""

    viewer: int | None
    ruleset: str
    turn: int
    active_seat: int
    phase: Phase
    track: tuple[CardView | None, ...]  # slots 1..10
    deck_size: int
    discard: tuple[CardView, ...]
    players: tuple[PlayerView, ...]
    finished: bool
    scores: tuple[int, ...]  # final prestige points once finished, else empty
