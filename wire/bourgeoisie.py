"""Bourgeoisie actions and views between protobuf messages and the pure rules' values."""

from __future__ import annotations

from tabletop.v1 import bourgeoisie_pb2 as pb

from games.bourgeoisie import actions as act
from games.bourgeoisie.catalogue import CardKind, Phase
from games.bourgeoisie.views import BourgeoisieView, CardView, FamilyView, PlayerView
from games.core.errors import MalformedError

_KINDS = {
    kind: pb.BourgeoisieCardKind.Value(f"BOURGEOISIE_CARD_KIND_{kind.name}") for kind in CardKind
}
_PHASES = {phase: pb.BourgeoisiePhase.Value(f"BOURGEOISIE_PHASE_{phase.name}") for phase in Phase}
_FROM_KIND = {number: kind for kind, number in _KINDS.items()}
_FROM_PHASE = {number: phase for phase, number in _PHASES.items()}


def action_from_proto(message: pb.BourgeoisieAction) -> act.Action:
    """The rules' action for a wire action; MalformedError when none is set."""
    kind = message.WhichOneof("kind")
    if kind == "place_family":
        return act.PlaceFamily(message.place_family.card)
    if kind == "place_trade":
        return act.PlaceTrade(message.place_trade.card, tuple(message.place_trade.vouchers))
    if kind == "buy_card":
        buy = message.buy_card
        return act.BuyCard(buy.slot, buy.target if buy.HasField("target") else None)
    if kind == "sell_card":
        return act.SellCard(message.sell_card.card)
    if kind == "invest":
        return act.Invest(message.invest.card, tuple(message.invest.vouchers))
    if kind == "retire":
        return act.Retire()
    if kind == "discard_card":
        return act.DiscardCard(message.discard_card.card)
    if kind == "end_phase":
        return act.EndPhase()
    raise MalformedError("the Bourgeoisie action names no kind", reason="ACTION_MISSING")


def action_to_proto(action: object) -> pb.BourgeoisieAction:
    match action:
        case act.PlaceFamily(card):
            return pb.BourgeoisieAction(place_family=pb.BourgeoisiePlaceFamily(card=card))
        case act.PlaceTrade(card, vouchers):
            return pb.BourgeoisieAction(
                place_trade=pb.BourgeoisiePlaceTrade(card=card, vouchers=vouchers)
            )
        case act.BuyCard(slot, target):
            return pb.BourgeoisieAction(buy_card=pb.BourgeoisieBuyCard(slot=slot, target=target))
        case act.SellCard(card):
            return pb.BourgeoisieAction(sell_card=pb.BourgeoisieSellCard(card=card))
        case act.Invest(card, vouchers):
            return pb.BourgeoisieAction(invest=pb.BourgeoisieInvest(card=card, vouchers=vouchers))
        case act.Retire():
            return pb.BourgeoisieAction(retire=pb.BourgeoisieRetire())
        case act.DiscardCard(card):
            return pb.BourgeoisieAction(discard_card=pb.BourgeoisieDiscardCard(card=card))
        case act.EndPhase():
            return pb.BourgeoisieAction(end_phase=pb.BourgeoisieEndPhase())
    raise TypeError(f"not a Bourgeoisie action: {action!r}")


def view_to_proto(view: BourgeoisieView) -> pb.BourgeoisieView:
    return pb.BourgeoisieView(
        viewer=view.viewer,
        ruleset=view.ruleset,
        turn=view.turn,
        active_seat=view.active_seat,
        phase=_PHASES[view.phase],
        track=[
            pb.BourgeoisieTrackSlot(slot=slot, card=None if card is None else _card(card))
            for slot, card in enumerate(view.track, start=1)
        ],
        deck_size=view.deck_size,
        discard=[_card(card) for card in view.discard],
        players=[_player(player) for player in view.players],
        finished=view.finished,
        scores=view.scores,
        places=view.places,
    )


def _card(card: CardView) -> pb.BourgeoisieCard:
    return pb.BourgeoisieCard(
        id=card.id,
        name=card.name,
        kind=_KINDS[card.kind],
        value=card.value,
        prestige=card.prestige,
        upgrades=card.upgrades,
    )


def _family(family: FamilyView) -> pb.BourgeoisieFamily:
    return pb.BourgeoisieFamily(
        family=_card(family.family),
        trade=None if family.trade is None else _card(family.trade),
        bonds=[_card(c) for c in family.bonds],
        lands=[_card(c) for c in family.lands],
        offices=[_card(c) for c in family.offices],
        revenue=family.revenue,
    )


def _player(player: PlayerView) -> pb.BourgeoisiePlayer:
    return pb.BourgeoisiePlayer(
        seat=player.seat,
        silver=player.silver,
        gold=player.gold,
        opportunity=player.opportunity,
        hand_size=player.hand_size,
        hand_visible=player.hand is not None,
        hand=[_card(c) for c in player.hand or ()],
        family=None if player.family is None else _family(player.family),
        retired=[_family(f) for f in player.retired],
    )


def view_from_proto(message: pb.BourgeoisieView) -> BourgeoisieView:
    """The rules' view a wire view carries: ``view_to_proto`` undone, for a client that
    replays the views it was sent (``tabletop replay --token``)."""
    return BourgeoisieView(
        viewer=message.viewer if message.HasField("viewer") else None,
        ruleset=message.ruleset,
        turn=message.turn,
        active_seat=message.active_seat,
        phase=_FROM_PHASE[message.phase],
        track=tuple(_card_from(s.card) if s.HasField("card") else None for s in message.track),
        deck_size=message.deck_size,
        discard=tuple(map(_card_from, message.discard)),
        players=tuple(map(_player_from, message.players)),
        finished=message.finished,
        scores=tuple(message.scores),
        places=tuple(message.places),
    )


def _card_from(card: pb.BourgeoisieCard) -> CardView:
    return CardView(
        id=card.id,
        name=card.name,
        kind=_FROM_KIND[card.kind],
        value=card.value,
        prestige=card.prestige,
        upgrades=card.upgrades,
    )


def _family_from(family: pb.BourgeoisieFamily) -> FamilyView:
    return FamilyView(
        family=_card_from(family.family),
        trade=_card_from(family.trade) if family.HasField("trade") else None,
        bonds=tuple(map(_card_from, family.bonds)),
        lands=tuple(map(_card_from, family.lands)),
        offices=tuple(map(_card_from, family.offices)),
        revenue=family.revenue,
    )


def _player_from(player: pb.BourgeoisiePlayer) -> PlayerView:
    return PlayerView(
        seat=player.seat,
        silver=player.silver,
        gold=player.gold,
        opportunity=player.opportunity,
        hand_size=player.hand_size,
        hand=tuple(map(_card_from, player.hand)) if player.hand_visible else None,
        family=_family_from(player.family) if player.HasField("family") else None,
        retired=tuple(map(_family_from, player.retired)),
    )
