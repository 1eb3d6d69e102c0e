"""``decide(state, seat, action, chance) -> events``: judge one action (docs/architecture.md §4).

The action's own events come first, then every automatic consequence up to the next real
decision (progress.automatic_step). Nonsense raises MalformedError; a well-formed action the rules
forbid now raises a RuleError subclass with a specific reason.
"""

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
from games.bourgeoisie.catalogue import CARD_COUNT, TRACK_SLOTS
from games.bourgeoisie.events import (
    CardDiscarded,
    CardSold,
    Event,
    FamilyPlaced,
    InvestmentMade,
    PhaseBegan,
    TradePlaced,
)
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.hand import require_discard, require_sell
from games.bourgeoisie.noblement import require_retire, retirement
from games.bourgeoisie.opportunity import buy
from games.bourgeoisie.placement import require_invest, require_place_family, require_place_trade
from games.bourgeoisie.progress import automatic_step
from games.bourgeoisie.state import State
from games.bourgeoisie.turns import next_phase, require_end_phase, require_to_act
from games.core.chance import Chance
from games.core.errors import MalformedError
from games.core.rules_kit import is_int, resolve_judged


def decide(state: State, seat: int, action: Action, chance: Chance) -> tuple[Event, ...]:
    """The events ``action`` by ``seat`` causes, automatic consequences included; raises as
    ``resolve`` does."""
    return resolve(state, seat, action, chance)[0]


def resolve(
    state: State, seat: int, action: Action, chance: Chance
) -> tuple[tuple[Event, ...], tuple[State, ...]]:
    """``decide``'s events, and the state each leads to.

    Raises:
        MalformedError: not a Bourgeoisie action, or a card id / slot out of range.
        GameOverError, NotYourTurnError, NotStartedError: it is not ``seat``'s decision.
        RuleError subclasses (games.bourgeoisie.errors): the rule the action breaks.
    """
    require_well_formed(action)
    require_to_act(state, seat)
    return resolve_judged(
        state, _judge(state, seat, action, chance), chance, automatic_step, evolve
    )


def _judge(state: State, seat: int, action: Action, chance: Chance) -> tuple[Event, ...]:
    match action:
        case PlaceFamily(card):
            require_place_family(state, seat, card)
            return (FamilyPlaced(seat, card),)
        case PlaceTrade(card, vouchers):
            gold = require_place_trade(state, seat, card, vouchers)
            return (TradePlaced(seat, card, gold, vouchers),)
        case BuyCard():
            return buy(state, seat, action, chance)
        case SellCard(card):
            return (CardSold(seat, card, require_sell(state, seat, card)),)
        case Invest(card, vouchers):
            gold = require_invest(state, seat, card, vouchers)
            return (InvestmentMade(seat, card, gold, vouchers),)
        case Retire():
            require_retire(state, seat)
            return retirement(state, seat, forced=False)
        case DiscardCard(card):
            require_discard(state, seat, card)
            return (CardDiscarded(seat, card),)
        case EndPhase():
            require_end_phase(state)
            return (PhaseBegan(seat, next_phase(state.phase)),)


def require_well_formed(action: object) -> None:
    """Raise MalformedError unless ``action`` is a Bourgeoisie action with card ids in 0..119,
    a slot in 1..10, and vouchers listed once each in ascending id order."""
    match action:
        case PlaceFamily(card) | SellCard(card) | DiscardCard(card):
            _require_card_id(card)
        case PlaceTrade(card, vouchers) | Invest(card, vouchers):
            _require_card_id(card)
            _require_vouchers(vouchers)
        case BuyCard(slot, target):
            if not is_int(slot) or not 1 <= slot <= TRACK_SLOTS:
                raise MalformedError(f"slot must be 1..{TRACK_SLOTS}", reason="BAD_SLOT")
            if target is not None:
                _require_card_id(target, "target")
        case Retire() | EndPhase():
            pass
        case _:
            raise MalformedError("not a Bourgeoisie action", reason="UNKNOWN_ACTION")


def _require_card_id(card: object, field: str = "card") -> None:
    if not is_int(card) or not 0 <= card < CARD_COUNT:
        raise MalformedError(f"{field} must be a card id, 0..{CARD_COUNT - 1}", reason="BAD_CARD")


def _require_vouchers(vouchers: object) -> None:
    if not isinstance(vouchers, tuple):
        raise MalformedError("vouchers must be a list of card ids", reason="BAD_VOUCHERS")
    for voucher in vouchers:
        _require_card_id(voucher, "each voucher")
    # One canonical spelling per payment keeps decide and legal_actions in exact agreement.
    if list(vouchers) != sorted(set(vouchers)):
        raise MalformedError("list vouchers once each, in ascending order", reason="BAD_VOUCHERS")
