"""Every action a seat may take now, in a stable order (docs/architecture.md §4).

Candidates are filtered through the very ``require_*`` checks decide uses, so an action is
listed here exactly when decide accepts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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
from games.bourgeoisie.catalogue import TRACK_SLOTS, Phase
from games.bourgeoisie.hand import require_discard, require_sell
from games.bourgeoisie.noblement import require_retire
from games.bourgeoisie.opportunity import require_buy, targets
from games.bourgeoisie.placement import (
    require_invest,
    require_place_family,
    require_place_trade,
    voucher_choices,
)
from games.bourgeoisie.state import State, player_at
from games.bourgeoisie.turns import OPTIONAL_PHASES, to_act
from games.core.rules_kit import passes

__all__ = ["decisions", "has_decision", "legal_actions"]


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """The actions ``seat`` may take; nothing when it is not its turn or the game is over.

    EndPhase comes last, and only where it declines a real option.
    """
    if to_act(state) != seat:
        return
    found = False
    for action in decisions(state, seat):
        found = True
        yield action
    if found and state.phase in OPTIONAL_PHASES:
        yield EndPhase()


def has_decision(state: State, seat: int) -> bool:
    """True when the phase offers ``seat`` something other than moving on."""
    return next(decisions(state, seat), None) is not None


def decisions(state: State, seat: int) -> Iterator[Action]:
    """The current phase's choices other than EndPhase."""
    match state.phase:
        case Phase.FAMILY:
            yield from _family(state, seat)
        case Phase.OPPORTUNITY:
            yield from _purchases(state, seat)
        case Phase.CAPITAL:
            yield from _allowed(require_sell, state, seat, SellCard)
        case Phase.INVESTMENT:
            yield from _investments(state, seat)
        case Phase.NOBLEMENT:
            if passes(require_retire, state, seat):
                yield Retire()
        case Phase.END:
            yield from _allowed(require_discard, state, seat, DiscardCard)
        case _:
            return


def _family(state: State, seat: int) -> Iterator[Action]:
    yield from _allowed(require_place_family, state, seat, PlaceFamily)
    player = player_at(state, seat)
    for card_id in sorted(set(player.hand)):
        for vouchers in voucher_choices(player, card_id):
            if passes(require_place_trade, state, seat, card_id, vouchers):
                yield PlaceTrade(card_id, vouchers)


def _purchases(state: State, seat: int) -> Iterator[Action]:
    for slot in range(1, TRACK_SLOTS + 1):
        card_id = state.track[slot - 1]
        if card_id is None:
            continue
        for target in targets(state, seat, card_id) or (None,):
            if passes(require_buy, state, seat, slot, target):
                yield BuyCard(slot, target)


def _investments(state: State, seat: int) -> Iterator[Action]:
    player = player_at(state, seat)
    for card_id in sorted(set(player.hand)):
        for vouchers in voucher_choices(player, card_id):
            if passes(require_invest, state, seat, card_id, vouchers):
                yield Invest(card_id, vouchers)


def _allowed(
    check: Callable[[State, int, int], object],
    state: State,
    seat: int,
    make: Callable[[int], Action],
) -> Iterator[Action]:
    """One action per distinct hand card, in id order, wherever ``check`` passes."""
    for card_id in sorted(set(player_at(state, seat).hand)):
        if passes(check, state, seat, card_id):
            yield make(card_id)
