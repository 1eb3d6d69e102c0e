"""A Bourgeoisie heuristic: build a family that earns, turn it into prestige, retire it.

Every legal action gets a worth and the best is taken (EndPhase is worth 0, so anything
worth less is declined). In order of preference: retire whenever allowed (a retired family
after the first scores +5, and its prestige is safe from War); put a family, then a trade, in
play (without a trade no Land or Bond can be bought, so the cheapest trade we can pay for
soon beats a dear one); invest in Offices and Lands, the only cards that score, weighing
their printed prestige double; buy such cards while we can pay for them soon, a spare family
and trade for after retiring, vouchers, and upgrades for our own cards; aim Default and War
at the others; sell and discard what we cannot use or pay for. Gold comes only slowly (ten
silver of revenue make one), so what is out of reach is worth little. It sees only its own
seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from games.bourgeoisie.catalogue import (
    DISASTERS,
    DISCARDS,
    UPGRADES,
    VOUCHERS,
    CardKind,
    Effect,
    card,
)

FAMILY, TRADE, BOND = (
    bpb.BOURGEOISIE_CARD_KIND_FAMILY,
    bpb.BOURGEOISIE_CARD_KIND_TRADE,
    bpb.BOURGEOISIE_CARD_KIND_BOND,
)
LAND, OFFICE, EVENT = (
    bpb.BOURGEOISIE_CARD_KIND_LAND,
    bpb.BOURGEOISIE_CARD_KIND_OFFICE,
    bpb.BOURGEOISIE_CARD_KIND_EVENT,
)
GAINS = {Effect.CORRUPTION: 6.0, Effect.CUNNING: 8.0, Effect.DIVERSIFY_PORTFOLIO: 3.0}
"""Worth of the Events that simply give the buyer something."""


@dataclass(frozen=True)
class Seat:
    """What the bot knows of its own position, read from its seat's view."""

    me: int
    view: bpb.BourgeoisieView

    @property
    def player(self) -> bpb.BourgeoisiePlayer:
        return self.view.players[self.me]

    @property
    def has_family(self) -> bool:
        return bool(self.player.HasField("family"))

    @property
    def has_trade(self) -> bool:
        return self.has_family and self.player.family.HasField("trade")

    def in_hand(self, kind: int) -> list[bpb.BourgeoisieCard]:
        return [c for c in self.player.hand if c.kind == kind]

    def owner(self, card_id: int) -> int | None:
        """The seat whose current family holds ``card_id``."""
        for player in self.view.players:
            if player.HasField("family") and card_id in _stack(player.family):
                return int(player.seat)
        return None


def _stack(family: bpb.BourgeoisieFamily) -> set[int]:
    """The ids of every card of a family in play."""
    trade = [family.trade] if family.HasField("trade") else []
    return {c.id for c in (family.family, *trade, *family.bonds, *family.lands, *family.offices)}


def prestige_worth(c: bpb.BourgeoisieCard) -> float:
    """What a Land or Office adds to the final score, its printed prestige counted double."""
    return float(c.value + 2 * c.prestige)


def reach(seat: Seat, c: bpb.BourgeoisieCard) -> float:
    """How much gold the seat still lacks to pay for ``c`` (0 when it can pay now)."""
    return float(max(0, c.value - seat.player.gold))


def keep_worth(seat: Seat, c: bpb.BourgeoisieCard) -> float:
    """How much a card is worth holding: what it will score or earn, less what we cannot pay
    yet (below about 5, sell it or discard it first)."""
    if c.kind in (LAND, OFFICE):
        return 10 + prestige_worth(c) - 3 * reach(seat, c)
    if c.kind in (FAMILY, TRADE):
        return starter_worth(seat, c)
    if c.kind == BOND:
        return 6 + c.value - 3 * reach(seat, c) if seat.has_trade else 2.0
    effect = card(c.id).effect
    return 12.0 if effect in VOUCHERS else 0.0


def starter_worth(seat: Seat, c: bpb.BourgeoisieCard) -> float:
    """A Family or Trade: much when the current family needs it (a Trade we can pay for
    soon), a little as the one spare for after retiring, nothing as one more."""
    needed = not seat.has_family if c.kind == FAMILY else seat.has_family and not seat.has_trade
    rank = _starter_rank if needed else _spare_rank
    others = [other for other in seat.in_hand(c.kind) if other.id != c.id]
    if any(rank(seat, other) > rank(seat, c) for other in others):
        return 0.5
    return rank(seat, c)


def _starter_rank(seat: Seat, c: bpb.BourgeoisieCard) -> float:
    value = float(c.value)
    return 40.0 + value if c.kind == FAMILY else 30.0 + value - 4 * reach(seat, c)


def _spare_rank(seat: Seat, c: bpb.BourgeoisieCard) -> float:
    return 4.0 + 0.3 * float(c.value)


class BourgeoisieHeuristic:
    """``choose(view, legal) -> action``: the legal action of greatest worth (seeded ties)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        me = view.seat if view.HasField("seat") else view.view.bourgeoisie.viewer
        seat = Seat(int(me), view.view.bourgeoisie)
        scored = [
            (worth(seat, option.action.bourgeoisie), self._random.random()) for option in legal
        ]
        best = max(range(len(legal)), key=lambda index: scored[index])
        return legal[best].action


def worth(seat: Seat, action: bpb.BourgeoisieAction) -> float:
    """The worth of one legal action to ``seat`` (EndPhase: 0)."""
    kind = action.WhichOneof("kind")
    if kind == "retire":
        return 100.0
    if kind == "place_family":
        return 60.0 + card(action.place_family.card).value
    if kind == "place_trade":
        trade = action.place_trade
        return 45.0 + card(trade.card).value + 0.1 * len(trade.vouchers)
    if kind == "invest":
        return invest_worth(action.invest)
    if kind == "buy_card":
        return buy_worth(seat, action.buy_card)
    if kind == "sell_card":
        sold = _hand_card(seat, action.sell_card.card)
        return 5.0 + 0.3 * float(sold.value) - keep_worth(seat, sold)
    if kind == "discard_card":
        return 100.0 - keep_worth(seat, _hand_card(seat, action.discard_card.card))
    return 0.0


def invest_worth(invest: bpb.BourgeoisieInvest) -> float:
    """Offices and Lands score; Bonds only raise revenue."""
    c = card(invest.card)
    spent = 0.1 * len(invest.vouchers)
    if c.kind is CardKind.BOND:
        return 20.0 + c.value + spent
    bonus = 2.0 if c.kind is CardKind.OFFICE else 0.0
    return 38.0 + bonus + c.value + 2 * c.prestige + spent


def buy_worth(seat: Seat, buy: bpb.BourgeoisieBuyCard) -> float:
    """A card from the track, less a little for its price (its slot, in opportunity)."""
    slot = seat.view.track[buy.slot - 1]
    target = buy.target if buy.HasField("target") else None
    return card_worth(seat, slot.card, target) - 0.8 * float(buy.slot)


def card_worth(seat: Seat, c: bpb.BourgeoisieCard, target: int | None) -> float:
    """What a card from the track would bring ``seat``: Events act now, the rest go to hand."""
    if c.kind == EVENT:
        return event_worth(seat, c.id, target)
    return keep_worth(seat, c) - 3.0


def event_worth(seat: Seat, card_id: int, target: int | None) -> float:
    """Vouchers and gains are good; upgrades on our cards and discards of theirs are good;
    disasters hurt us too; a targeted Event with nothing to aim at is wasted."""
    effect = card(card_id).effect
    if effect is None or effect in DISASTERS:
        return -6.0
    if effect in VOUCHERS:
        return 10.0 + VOUCHERS[effect][1]
    if effect in GAINS:
        return GAINS[effect]
    if target is None:
        return -3.0
    ours = seat.owner(target) == seat.me
    if effect in UPGRADES:
        return 10.0 + 3.0 * UPGRADES[effect][1] if ours else -15.0
    if effect in DISCARDS:
        return -20.0 if ours else 8.0 + float(card(target).value)
    return 0.0


def _hand_card(seat: Seat, card_id: int) -> bpb.BourgeoisieCard:
    return next(c for c in seat.player.hand if c.id == card_id)
