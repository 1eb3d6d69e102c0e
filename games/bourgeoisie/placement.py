"""Putting cards into play: Families and Trades (seed: FAMILY PHASE) and Lands, Bonds and
Offices (seed: INVESTMENT PHASE), paid in gold and "counts as N gold" vouchers.

The ``require_*`` checks are shared by decide and legal_actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.bourgeoisie.catalogue import CardKind, Phase, card, voucher_of
from games.bourgeoisie.errors import (
    BadVoucherError,
    FamilyInPlayError,
    NeedsLandError,
    NeedsTradeError,
    NotEnoughGoldError,
    TooManyOfficesError,
    TradeInPlayError,
)
from games.bourgeoisie.state import Family, Player, State, player_at
from games.bourgeoisie.turns import require_family, require_in_hand, require_kind, require_phase

INVESTMENT_KINDS = (CardKind.LAND, CardKind.BOND, CardKind.OFFICE)


def require_place_family(state: State, seat: int, card_id: int) -> None:
    """Seed: FAMILY PHASE. A Family from the hand goes into play for free, only while the seat
    has no unretired family in play."""
    require_phase(state, Phase.FAMILY)
    player = player_at(state, seat)
    require_in_hand(player, card_id)
    require_kind(card_id, CardKind.FAMILY)
    if player.family is not None:
        raise FamilyInPlayError("you already have a family in play")


def require_place_trade(state: State, seat: int, card_id: int, vouchers: tuple[int, ...]) -> int:
    """Seed: FAMILY PHASE. A Trade goes into play with the current family for gold equal to
    its value; a family holds at most one ("Profession" read as Trade, notes §3.1).

    Returns the gold to pay after the vouchers.
    """
    require_phase(state, Phase.FAMILY)
    player = player_at(state, seat)
    require_in_hand(player, card_id)
    require_kind(card_id, CardKind.TRADE)
    family = require_family(player)
    if family.trade is not None:
        raise TradeInPlayError("your family already has a trade in play")
    return require_payment(player, card_id, vouchers)


def require_invest(state: State, seat: int, card_id: int, vouchers: tuple[int, ...]) -> int:
    """Seed: INVESTMENT PHASE. A Land, Bond or Office from the hand goes into play with the
    current family for gold equal to its value. Returns the gold to pay after the vouchers."""
    require_phase(state, Phase.INVESTMENT)
    player = player_at(state, seat)
    require_in_hand(player, card_id)
    require_kind(card_id, *INVESTMENT_KINDS)
    require_prerequisites(require_family(player), card(card_id).kind)
    return require_payment(player, card_id, vouchers)


def require_prerequisites(family: Family, kind: CardKind) -> None:
    """Land and Bond need a Trade; an Office needs a Land, and offices may not outnumber lands
    once it is in play (counted after the purchase, notes §4.5)."""
    if kind in (CardKind.LAND, CardKind.BOND) and family.trade is None:
        raise NeedsTradeError("your family needs a trade in play first")
    if kind is CardKind.OFFICE:
        if not family.lands:
            raise NeedsLandError("your family needs a land in play first")
        if len(family.offices) + 1 > len(family.lands):
            raise TooManyOfficesError("your family may not have more offices than lands")


def require_payment(player: Player, card_id: int, vouchers: tuple[int, ...]) -> int:
    """The gold still owed for ``card_id`` once ``vouchers`` are spent; raises when a voucher
    is not in hand or not for this kind of card, or the gold does not cover the rest.

    Vouchers combine with each other and with gold; overpaying gives no change (notes §3.3).
    """
    for voucher in vouchers:
        require_in_hand(player, voucher)
        require_voucher_for(voucher, card(card_id).kind)
    gold = gold_due(card_id, vouchers)
    if player.gold < gold:
        raise NotEnoughGoldError(f"that costs {gold} gold and you have {player.gold}")
    return gold


def gold_due(card_id: int, vouchers: tuple[int, ...]) -> int:
    """Gold owed for ``card_id`` (seed: its value in gold) once ``vouchers`` are counted; a
    voucher for another kind of card counts for nothing here (require_payment refuses it)."""
    kind = card(card_id).kind
    credit = sum(pays[1] for v in vouchers if (pays := voucher_of(v)) and pays[0] is kind)
    return max(0, card(card_id).value - credit)


def require_voucher_for(voucher: int, kind: CardKind) -> None:
    """``voucher`` counts as gold only toward a card of its own kind (seed: COMMON DECK CARD
    LIST, "Counts as N Gold for buying Office"; notes §3.3)."""
    pays = voucher_of(voucher)
    if pays is None or pays[0] is not kind:
        raise BadVoucherError(f"{card(voucher).name} does not pay for a {kind.value} card")


def voucher_choices(player: Player, card_id: int) -> Iterator[tuple[int, ...]]:
    """Every set of vouchers from the hand usable for ``card_id``, smallest sets first, each
    in ascending id order (the one order decide accepts)."""
    kind = card(card_id).kind
    usable = sorted(v for v in player.hand if (pays := voucher_of(v)) and pays[0] is kind)
    for size in range(len(usable) + 1):
        yield from combinations(usable, size)
