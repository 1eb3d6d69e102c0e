"""What a seat may know of a Bourgeoisie game (docs/architecture.md §4: view hides secrets).

Hands are private; the deck's order is never shown (only its size); everything in play, the
track, the discard pile, coins and opportunity tokens are public.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from games.bourgeoisie.actions import (
    Action,
    BuyCard,
    DiscardCard,
    EndPhase,
    Invest,
    PlaceFamily,
    PlaceTrade,
    Retire,
    SellCard,
)
from games.bourgeoisie.catalogue import CARD_COUNT, CardKind, Phase, card
from games.bourgeoisie.events import (
    CardBought,
    CardDiscarded,
    CardSold,
    DeckShuffled,
    DisasterStruck,
    Event,
    EventWasted,
    FamilyDealt,
    FamilyPlaced,
    FamilyRetired,
    FirstSeatChosen,
    GameEnded,
    GoldForfeited,
    InvestmentDiscarded,
    InvestmentMade,
    OpportunityGained,
    OpportunityRolled,
    PhaseBegan,
    RevenueCollected,
    SilverConverted,
    SilverGained,
    SilverStolen,
    StartingSilverRolled,
    TrackAdvanced,
    TrackLaidOut,
    TradePlaced,
    TurnBegan,
    UpgradesPlaced,
)
from games.bourgeoisie.scoring import revenue
from games.bourgeoisie.state import Family, Player, State
from games.bourgeoisie.turn import turn_number


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


def describe(event: Event) -> str:
    """One readable English line for an event, revealing nothing a view would hide (the
    deck's order above all)."""
    match event:
        case DeckShuffled(deck):
            return f"The deck was shuffled ({len(deck)} cards)"
        case TrackLaidOut(cards):
            return f"The track was laid out: {_names(cards)}"
        case FirstSeatChosen(seat):
            return f"Seat {seat} was drawn to go first"
        case TurnBegan(seat, turn):
            return f"Turn {turn}: seat {seat} begins"
        case PhaseBegan(seat, phase):
            return f"Seat {seat} entered the {phase.value} phase"
        case TrackAdvanced(discarded, revealed):
            gone = "nothing" if discarded is None else _name(discarded)
            return f"The track slid down: {gone} left slot 1; revealed {_names(revealed)}"
        case GameEnded(scores, places):
            ranked = ", ".join(
                f"seat {s.seat} {s.total} PP (place {p})"
                for s, p in zip(scores, places, strict=True)
            )
            return f"The game ended: {ranked}"
        case _:
            return _describe_seat_event(event)


def _describe_seat_event(event: Event) -> str:
    match event:
        case FamilyDealt(seat, c):
            return f"Seat {seat} starts with the {_name(c)} family"
        case StartingSilverRolled(seat, roll):
            return f"Seat {seat} rolled {roll} starting silver"
        case FamilyPlaced(seat, c):
            return f"Seat {seat} put the {_name(c)} family in play"
        case TradePlaced(seat, c, gold, vouchers) | InvestmentMade(seat, c, gold, vouchers):
            return f"Seat {seat} put {_name(c)} in play for {_payment(gold, vouchers)}"
        case RevenueCollected(seat, silver):
            return f"Seat {seat} collected {silver} silver of revenue"
        case OpportunityRolled(seat, roll):
            return f"Seat {seat} rolled {_tokens(roll, 'opportunity')}"
        case CardBought(seat, slot, c, cost, _):
            return f"Seat {seat} bought {_name(c)} (slot {slot}) for {_tokens(cost, 'opportunity')}"
        case CardSold(seat, c, silver):
            return f"Seat {seat} sold {_name(c)} for {silver} silver"
        case SilverConverted(seat, silver, gold):
            return f"Seat {seat} converted {silver} silver into {gold} gold"
        case FamilyRetired(seat, c, income, forced):
            how = "had to retire" if forced else "retired"
            return f"Seat {seat} {how} the {_name(c)} family at {income} silver per turn"
        case GoldForfeited(seat, gold):
            return f"Seat {seat} discarded {gold} gold on retiring"
        case CardDiscarded(seat, c):
            return f"Seat {seat} discarded {_name(c)} down to the hand limit"
        case _:
            return _describe_event_card(event)


def _describe_event_card(event: Event) -> str:
    match event:
        case DisasterStruck(seat, c, resource, roll, losses):
            lost = ", ".join(f"seat {s} lost {n}" for s, n in enumerate(losses))
            return f"Seat {seat}'s {_name(c)}: rolled {roll} {resource.value}; {lost}"
        case SilverStolen(seat, c, takings):
            return f"Seat {seat}'s {_name(c)} took {sum(takings)} silver from the other seats"
        case SilverGained(seat, c, rolls, silver):
            return f"Seat {seat}'s {_name(c)}: rolled {rolls}, gained {silver} silver"
        case OpportunityGained(seat, c, roll):
            return f"Seat {seat}'s {_name(c)}: gained {_tokens(roll, 'opportunity')}"
        case UpgradesPlaced(seat, c, owner, target, tokens, gold):
            paid = f" for {gold} gold" if gold else ""
            on = f"seat {owner}'s {_name(target)}"
            return f"Seat {seat}'s {_name(c)} put {_tokens(tokens, 'upgrade')} on {on}{paid}"
        case InvestmentDiscarded(seat, c, owner, target, _):
            return f"Seat {seat}'s {_name(c)} discarded seat {owner}'s {_name(target)}"
        case EventWasted(seat, c):
            return f"Seat {seat}'s {_name(c)} had no effect"
        case _:
            return type(event).__name__


def _tokens(count: int, kind: str) -> str:
    """``count`` tokens of ``kind`` ("1 opportunity token", "3 upgrade tokens")."""
    return f"{count} {kind} token" + ("" if count == 1 else "s")


def _name(card_id: int) -> str:
    # describe_action may see an action decide has not judged yet; never fail on it.
    return card(card_id).name if 0 <= card_id < CARD_COUNT else f"card {card_id}"


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(_name(c) for c in cards) or "nothing"


def _payment(gold: int, vouchers: tuple[int, ...]) -> str:
    parts = [f"{gold} gold", *(_name(v) for v in vouchers)]
    return " and ".join(parts)


def describe_action(state: State, action: Action) -> str:
    """One readable English line for an action of the seat to act in ``state``; a purchase
    names the card in the slot and its price (seed: the card in slot N costs N tokens)."""
    match action:
        case BuyCard(slot, target) if (bought := _in_slot(state, slot)) is not None:
            aim = "" if target is None else f", targeting {_name(target)}"
            price = _tokens(slot, "opportunity")
            return f"buy {_name(bought)} from slot {slot} for {price}{aim}"
        case _:
            return _action_text(action)


def _in_slot(state: State, slot: int) -> int | None:
    # describe_action may see a slot out of range or empty; it then names the slot alone.
    return state.track[slot - 1] if 1 <= slot <= len(state.track) else None


def _action_text(action: Action) -> str:
    match action:
        case PlaceFamily(c):
            return f"put the {_name(c)} family in play"
        case PlaceTrade(c, vouchers) | Invest(c, vouchers):
            spent = f" using {_names(vouchers)}" if vouchers else ""
            return f"put {_name(c)} in play{spent}"
        case BuyCard(slot, target):
            aim = "" if target is None else f", targeting {_name(target)}"
            return f"buy the card in slot {slot}{aim}"
        case SellCard(c):
            return f"sell {_name(c)}"
        case Retire():
            return "retire the current family"
        case DiscardCard(c):
            return f"discard {_name(c)}"
        case EndPhase():
            return "end the phase"
