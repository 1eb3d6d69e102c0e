"""What a seat may know of a Bourgeoisie game (docs/architecture.md §4: view hides secrets).

Hands are private; the deck's order is never shown (only its size); everything in play, the
track, the discard pile, coins and opportunity tokens are public.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from games.bourgeoisie.catalogue import CardKind, Phase, card
from games.bourgeoisie.events import SeatScore
from games.bourgeoisie.scoring import revenue, score_seat
from games.bourgeoisie.state import Family, Player, State
from games.bourgeoisie.turns import turn_number


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
    """A family and the cards played with it; ``revenue`` is its silver per turn (0 once
    retired)."""

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
    places: tuple[int, ...]  # places once finished (1 is first, ties share), else empty


def view(state: State, seat: int | None) -> BourgeoisieView:
    """What ``seat`` may know: its own hand, every hand's size, everything in play and the
    deck's size, never its order. ``None`` is the public view, with no hand shown."""
    return _view(state, seat, lambda shown: shown == seat)


def full_view(state: State) -> BourgeoisieView:
    """Everything but the deck's order, every hand included: for finished games and arbiters."""
    return _view(state, None, lambda _: True)


def _view(state: State, viewer: int | None, sees_hand: Callable[[int], bool]) -> BourgeoisieView:
    return BourgeoisieView(
        viewer=viewer,
        ruleset=state.ruleset,
        turn=turn_number(state),
        active_seat=state.active,
        phase=state.phase,
        track=tuple(None if c is None else card_view(c) for c in state.track),
        deck_size=len(state.deck),
        discard=_pile_view(state.discard),
        players=tuple(
            _player_view(seat, p, sees_hand(seat)) for seat, p in enumerate(state.players)
        ),
        finished=state.finished,
        scores=state.scores,
        places=state.places,
    )


def card_view(card_id: int, family: Family | None = None) -> CardView:
    """A card as seen on the table; ``family`` supplies its upgrade tokens when in play."""
    return _card_view(card_id, 0 if family is None else family.upgrades_on(card_id))


# Views are made for every seat after every event, and a card looks the same each time, so
# each (card, upgrades) is described once; a view is immutable, so sharing one is safe. The
# discard pile holds up to a hundred cards and changes on few events: its view is kept too.
@functools.cache
def _card_view(card_id: int, upgrades: int) -> CardView:
    c = card(card_id)
    return CardView(c.id, c.name, c.kind, c.value, c.prestige, upgrades)


@functools.lru_cache(maxsize=1024)
def _pile_view(cards: tuple[int, ...]) -> tuple[CardView, ...]:
    return tuple(_card_view(c, 0) for c in cards)


@functools.lru_cache(maxsize=4096)  # a family changes on few events; its views are shared
def family_view(family: Family, *, retired: bool = False) -> FamilyView:
    """A family's stack with its revenue (upgrades included); a retired family earns nothing
    (seed: REVENUE PHASE pays the current family; docs/rules/bourgeoisie.md item 6)."""
    return FamilyView(
        family=card_view(family.family, family),
        trade=None if family.trade is None else card_view(family.trade, family),
        bonds=tuple(card_view(c, family) for c in family.bonds),
        lands=tuple(card_view(c, family) for c in family.lands),
        offices=tuple(card_view(c, family) for c in family.offices),
        revenue=0 if retired else revenue(family),
    )


def _player_view(seat: int, player: Player, sees_hand: bool) -> PlayerView:
    return PlayerView(
        seat=seat,
        silver=player.silver,
        gold=player.gold,
        opportunity=player.opportunity,
        hand_size=len(player.hand),
        hand=tuple(card_view(c) for c in player.hand) if sees_hand else None,
        family=None if player.family is None else family_view(player.family),
        retired=tuple(family_view(f, retired=True) for f in player.retired),
    )


def family_of(view: FamilyView) -> Family:
    """The family a view shows, as the rules hold it: card ids and their upgrade tokens."""
    cards = [view.family, *([] if view.trade is None else [view.trade]), *view.bonds, *view.lands]
    cards += view.offices
    return Family(
        family=view.family.id,
        trade=None if view.trade is None else view.trade.id,
        bonds=tuple(c.id for c in view.bonds),
        lands=tuple(c.id for c in view.lands),
        offices=tuple(c.id for c in view.offices),
        upgrades=tuple(sorted((c.id, c.upgrades) for c in cards if c.upgrades)),
    )


def score_if_ended_now(player: PlayerView) -> SeatScore:
    """The seat's prestige points by the end-game scoring, were the game to end now (seed: END
    GAME SCORING; the same ``score_seat`` that scores the last turn)."""
    current = None if player.family is None else family_of(player.family)
    retired = tuple(family_of(f) for f in player.retired)
    return score_seat(player.seat, Player(family=current, retired=retired))


def points_shown(shown: BourgeoisieView) -> tuple[int, ...]:
    """``scoring.points_if_ended_now`` as any view shows them, by seat: the end-game scoring
    counts only families in play and retired, whose cards and upgrade tokens every view shows,
    never a hand (seed: END GAME SCORING), so a seat's own replay charts them from its views."""
    return shown.scores or tuple(score_if_ended_now(player).total for player in shown.players)
