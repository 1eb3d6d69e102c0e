"""One readable English line per event and per action (docs/architecture.md §4), revealing
nothing a view would hide: the deck's order above all."""

from __future__ import annotations

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
from games.bourgeoisie.catalogue import CARD_COUNT, card
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
from games.bourgeoisie.state import State


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
