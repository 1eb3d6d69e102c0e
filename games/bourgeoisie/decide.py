"""``decide(state, seat, action, chance) -> events``: judge one action (docs/architecture.md §4).

The action's own events come first, then every automatic consequence up to the next real
decision (progress.automatic_step). Nonsense raises MalformedError; a well-formed action the rules
forbid now raises a RuleError subclass with a specific reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

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
from games.bourgeoisie.catalogue import CARD_COUNT, TRACK_SLOTS, Phase
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
from games.bourgeoisie.noblement import must_retire, require_retire, retirement
from games.bourgeoisie.opportunity import buy
from games.bourgeoisie.placement import require_invest, require_place_family, require_place_trade
from games.bourgeoisie.progress import automatic_step
from games.bourgeoisie.state import State, player_at
from games.bourgeoisie.turns import next_phase, require_end_phase, require_to_act
from games.core.chance import Chance
from games.core.errors import GameError, MalformedError
from games.core.rules_kit import is_int, resolve_judged

T = TypeVar("T")


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


# From the Opportunity phase to the Noblement phase the turn rolls no die and draws no card
# (seed: TURN SEQUENCE; the Capital, Conversion and Investment phases): only an Event bought
# may roll one, so the steps between can be foreseen whenever no Event's die decides them.
_FORESEEABLE = (Phase.OPPORTUNITY, Phase.CAPITAL, Phase.CONVERSION, Phase.INVESTMENT)


class _UnforeseenDieError(Exception):
    """A look-ahead met a die or a shuffle, whose outcome it cannot foresee."""


class _NoDice:
    """The Chance of a look-ahead: asked for a die or a shuffle, it gives up."""

    def roll(self, sides: int) -> int:
        raise _UnforeseenDieError(f"a d{sides}")

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        raise _UnforeseenDieError("a shuffle")


def forced_retirement_ahead(state: State, action: Action) -> State | None:
    """The state in which the active seat's family making 50+ silver per turn is made to
    retire (seed: NOBLEMENT PHASE), when ``action`` leads there with no other decision on the
    way; None otherwise, for an action decide refuses now, and where a die decides the way
    there. Only an action from the Opportunity phase on is foreseen, through the rules' own
    automatic steps (Conversion included)."""
    if state.phase not in _FORESEEABLE:
        return None
    try:
        return _run_to_forced_retirement(state, _judge(state, state.active, action, _NoDice()))
    except (GameError, _UnforeseenDieError):
        return None


def _run_to_forced_retirement(state: State, events: tuple[Event, ...]) -> State | None:
    for event in events:
        state = evolve(state, event)
    while state.phase in _FORESEEABLE:
        steps = automatic_step(state, _NoDice())
        if not steps:
            return None  # the seat has a choice to make first, whose options say it
        for event in steps:
            state = evolve(state, event)
    forced = state.phase is Phase.NOBLEMENT and must_retire(player_at(state, state.active))
    return state if forced else None


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
