"""``evolve(state, event) -> state``: apply one recorded fact (docs/architecture.md §4, evolve
applies).

Total and dumb: no validation, no chance, no scoring; every outcome is read from the event.
"""

from __future__ import annotations

from typing import assert_never

from games.bourgeoisie.catalogue import TRACK_SLOTS, Phase, Resource, card
from games.bourgeoisie.catalogue import CardKind as Kind
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
from games.bourgeoisie.state import Family, State, player_at, with_player, without
from games.core.frozen import replace


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    match event:
        case FamilyDealt(seat, dealt) | FamilyPlaced(seat, dealt):
            return _hand_to_family(state, seat, dealt)
        case DeckShuffled(deck):
            return replace(state, deck=deck)
        case TrackLaidOut(cards):
            track = cards + (None,) * (TRACK_SLOTS - len(cards))
            return replace(state, track=track, deck=state.deck[len(cards) :])
        case StartingSilverRolled(seat, silver) | RevenueCollected(seat, silver):
            return _add_amounts(state, seat, silver=silver)
        case FirstSeatChosen(seat):
            return replace(state, active=seat)
        case TurnBegan(seat, turn):
            return replace(state, active=seat, turn=turn, phase=Phase.FAMILY)
        case PhaseBegan(_, phase):
            return replace(state, phase=phase)
        case TradePlaced() | InvestmentMade():
            return _invest(state, event.seat, event.card, event.gold, event.vouchers)
        case OpportunityRolled(seat, roll):
            return _add_amounts(state, seat, opportunity=roll)
        case CardBought():
            return _bought(state, event)
        case DisasterStruck() | SilverStolen() | SilverGained() | OpportunityGained():
            return _coins_event(state, event)
        case UpgradesPlaced() | InvestmentDiscarded() | EventWasted():
            return _card_event(state, event)
        case CardSold(seat, sold, silver):
            state = _add_amounts(state, seat, silver=silver)
            return _hand_to_discard(state, seat, sold)
        case CardDiscarded(seat, discarded):
            return _hand_to_discard(state, seat, discarded)
        case SilverConverted(seat, silver, gold):
            return _add_amounts(state, seat, silver=-silver, gold=gold)
        case FamilyRetired(seat):
            return _retire(state, seat)
        case GoldForfeited(seat, gold):
            return _add_amounts(state, seat, gold=-gold)
        case TrackAdvanced(discarded, revealed):
            return _advance_track(state, discarded, revealed)
        case GameEnded(scores, places):
            totals = tuple(score.total for score in scores)
            return replace(state, finished=True, scores=totals, places=places)
        case _:
            assert_never(event)


def _coins_event(
    state: State, event: DisasterStruck | SilverStolen | SilverGained | OpportunityGained
) -> State:
    match event:
        case DisasterStruck(_, _, resource, _, losses):
            for seat, loss in enumerate(losses):
                state = _add_amounts(state, seat, **{_RESOURCE_FIELD[resource]: -loss})
            return state
        case SilverStolen(thief, _, takings):
            for seat, taken in enumerate(takings):
                state = _add_amounts(state, seat, silver=-taken)
            return _add_amounts(state, thief, silver=sum(takings))
        case SilverGained(seat, _, _, silver):
            return _add_amounts(state, seat, silver=silver)
        case OpportunityGained(seat, _, roll):
            return _add_amounts(state, seat, opportunity=roll)
        case _:
            assert_never(event)


_RESOURCE_FIELD = {
    Resource.SILVER: "silver",
    Resource.GOLD: "gold",
    Resource.OPPORTUNITY: "opportunity",
}


def _card_event(state: State, event: UpgradesPlaced | InvestmentDiscarded | EventWasted) -> State:
    match event:
        case UpgradesPlaced(seat, _, owner, target, tokens, gold):
            state = _add_amounts(state, seat, gold=-gold)
            return _upgrade(state, owner, target, tokens)
        case InvestmentDiscarded(_, _, owner, target):
            return _discard_from_play(state, owner, target)
        case EventWasted():
            return state
        case _:
            assert_never(event)


def _add_amounts(
    state: State, seat: int, silver: int = 0, gold: int = 0, opportunity: int = 0
) -> State:
    """The state with the amounts added to the seat's player (a negative amount is spent)."""
    player = player_at(state, seat)
    changed = replace(
        player,
        silver=player.silver + silver,
        gold=player.gold + gold,
        opportunity=player.opportunity + opportunity,
    )
    return with_player(state, seat, changed)


def _hand_to_family(state: State, seat: int, family_card: int) -> State:
    player = player_at(state, seat)
    placed = replace(player, hand=without(player.hand, family_card), family=Family(family_card))
    return with_player(state, seat, placed)


def _hand_to_discard(state: State, seat: int, discarded: int) -> State:
    player = player_at(state, seat)
    state = with_player(state, seat, replace(player, hand=without(player.hand, discarded)))
    return replace(state, discard=(*state.discard, discarded))


def _invest(state: State, seat: int, placed: int, gold: int, vouchers: tuple[int, ...]) -> State:
    """Trade or Investment put in play: pay gold, spend the vouchers, add the card."""
    for voucher in vouchers:
        state = _hand_to_discard(state, seat, voucher)
    player = player_at(state, seat)
    family = player.family
    if family is None:  # never after decide, which requires a family; evolve stays total
        return state
    match card(placed).kind:
        case Kind.TRADE:
            family = replace(family, trade=placed)
        case Kind.BOND:
            family = replace(family, bonds=(*family.bonds, placed))
        case Kind.LAND:
            family = replace(family, lands=(*family.lands, placed))
        case _:
            family = replace(family, offices=(*family.offices, placed))
    player = replace(
        player, hand=without(player.hand, placed), family=family, gold=player.gold - gold
    )
    return with_player(state, seat, player)


def _bought(state: State, event: CardBought) -> State:
    track = tuple(None if i == event.slot - 1 else c for i, c in enumerate(state.track))
    state = replace(state, track=track)
    state = _add_amounts(state, event.seat, opportunity=-event.cost)
    if not event.kept:
        return replace(state, discard=(*state.discard, event.card))
    player = player_at(state, event.seat)
    return with_player(state, event.seat, replace(player, hand=(*player.hand, event.card)))


def _upgrade(state: State, owner: int, target: int, tokens: int) -> State:
    player = player_at(state, owner)
    if player.family is None:
        return state
    counts = dict(player.family.upgrades)
    counts[target] = counts.get(target, 0) + tokens
    family = replace(player.family, upgrades=tuple(sorted(counts.items())))
    return with_player(state, owner, replace(player, family=family))


def _discard_from_play(state: State, owner: int, target: int) -> State:
    player = player_at(state, owner)
    if player.family is None:
        return state
    family = replace(
        player.family,
        bonds=without(player.family.bonds, target),
        lands=without(player.family.lands, target),
        upgrades=tuple(pair for pair in player.family.upgrades if pair[0] != target),
    )
    state = with_player(state, owner, replace(player, family=family))
    return replace(state, discard=(*state.discard, target))


def _retire(state: State, seat: int) -> State:
    player = player_at(state, seat)
    if player.family is None:
        return state
    retired = replace(player, family=None, retired=(*player.retired, player.family))
    return with_player(state, seat, retired)


def _advance_track(state: State, discarded: int | None, revealed: tuple[int, ...]) -> State:
    """Seed: END PHASE. Discard slot 1, slide the rest toward slot 1, refill from the deck."""
    discard = state.discard if discarded is None else (*state.discard, discarded)
    remaining = tuple(c for c in state.track[1:] if c is not None)
    cards = remaining + revealed
    track = cards + (None,) * (TRACK_SLOTS - len(cards))
    return replace(state, track=track, deck=state.deck[len(revealed) :], discard=discard)
