"""A compact terminal picture of a Bourgeoisie view: the track, every seat, and your hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render.seats import seat_cell, seat_name
from games.bourgeoisie.catalogue import CARD_COUNT, VOUCHERS, card

KIND_STYLES = {
    "family": "magenta",
    "trade": "cyan",
    "bond": "blue",
    "land": "green",
    "office": "yellow",
    "event": "red",
}


def kind_name(kind: int) -> str:
    """``land`` for BOURGEOISIE_CARD_KIND_LAND, and so on."""
    name: str = bpb.BourgeoisieCardKind.Name(kind)
    return name.removeprefix("BOURGEOISIE_CARD_KIND_").lower()


def phase_name(phase: int) -> str:
    name: str = bpb.BourgeoisiePhase.Name(phase)
    return name.removeprefix("BOURGEOISIE_PHASE_").lower()


def card_text(c: bpb.BourgeoisieCard) -> Text:
    """``Vineyard land 8 +3PP`` styled by kind; Events say what they do when they are vouchers."""
    text = Text(c.name, style=f"bold {KIND_STYLES.get(kind_name(c.kind), '')}")
    return text.append_text(card_details(c))


def card_details(c: bpb.BourgeoisieCard) -> Text:
    """What follows a card's name: `` land 8 +3PP``, or what an Event pays as a voucher."""
    kind = kind_name(c.kind)
    text = Text()
    effect = card(c.id).effect if 0 <= c.id < CARD_COUNT else None
    if kind == "event":
        paid = VOUCHERS.get(effect) if effect is not None else None
        text.append(f" event (= {paid[1]} gold for {paid[0].value})" if paid else " event")
        return text
    text.append(f" {kind} {c.value}")
    if c.prestige:
        text.append(f" +{c.prestige}PP")
    if c.upgrades:
        text.append(f" +{c.upgrades}UT", style="bold")
    return text


def family_text(family: bpb.BourgeoisieFamily) -> Text:
    """A family in play: its card, trade, and counts of bonds, lands and offices."""
    text = card_text(family.family)
    text.append(" · ")
    text.append_text(card_text(family.trade) if family.HasField("trade") else Text("no trade"))
    for label, cards in (("bonds", family.bonds), ("lands", family.lands)):
        if cards:
            text.append(f" · {label}: " + ", ".join(f"{c.name} {c.value}" for c in cards))
    if family.offices:
        text.append(" · offices: " + ", ".join(f"{c.name} {c.value}" for c in family.offices))
    return text


def track_table(view: bpb.BourgeoisieView) -> Table:
    """The ten slots of the opportunity track; a card's price is its slot."""
    table = Table(box=box.SIMPLE, show_header=False, padding=(0, 1), title="Opportunity track")
    table.add_column("slot", justify="right", style="dim")
    table.add_column("card")
    table.add_column("slot", justify="right", style="dim")
    table.add_column("card")
    slots = [Text("empty", style="dim") for _ in range(10)]
    for slot in view.track:
        if slot.HasField("card"):
            slots[slot.slot - 1] = card_text(slot.card)
    for row in range(5):
        table.add_row(str(row + 1), slots[row], str(row + 6), slots[row + 5])
    return table


def players_table(view: bpb.BourgeoisieView, me: int | None, names: Sequence[str] = ()) -> Table:
    """Every seat's coins, tokens, hand size, family, revenue and retired families; a seat by
    its player's name too where ``names`` (the status's) knows it."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for column in ("seat", "silver", "gold", "OT", "hand", "revenue", "retired", "family"):
        table.add_column(column, justify="left" if column == "family" else "right")
    for player in view.players:
        marker = " (you)" if player.seat == me else ""
        marker += " ◀" if player.seat == view.active_seat and not view.finished else ""
        family = family_text(player.family) if player.HasField("family") else Text("none")
        revenue = player.family.revenue if player.HasField("family") else 0
        table.add_row(
            seat_cell(names, player.seat) + marker,
            str(player.silver),
            str(player.gold),
            str(player.opportunity),
            str(player.hand_size),
            str(revenue),
            str(len(player.retired)),
            family,
        )
    return table


def render_bourgeoisie(response: pb.GetViewResponse) -> RenderableType:
    """Header line, track, seats, and the viewer's hand (when the view shows it)."""
    view, names = response.view.bourgeoisie, response.status.players
    me = view.viewer if view.HasField("viewer") else None
    header = Text(f"Bourgeoisie · turn {view.turn} · ", style="bold")
    if view.finished:
        header.append("finished · scores " + ", ".join(str(s) for s in view.scores))
    else:
        header.append(f"{seat_name(names, view.active_seat)}'s {phase_name(view.phase)} phase")
    header.append(f" · deck {view.deck_size} · version {response.version}", style="dim")
    parts: list[RenderableType] = [header, track_table(view), players_table(view, me, names)]
    for player in view.players:
        if player.hand_visible:
            whose = f"Hand of {seat_name(names, player.seat)}: "
            hand = Text(whose, style="bold")
            for number, c in enumerate(player.hand):
                hand.append(", " if number else "")
                hand.append_text(card_text(c))
            parts.append(hand if player.hand else Text(f"{whose}empty"))
    return Group(*parts)


def annotate_bourgeoisie(response: pb.GetViewResponse, action: pb.Action) -> Text:
    """What the card a purchase from the track would get is (the action's own description
    names it and its price): its kind, value and prestige."""
    chosen = action.bourgeoisie
    if chosen.WhichOneof("kind") != "buy_card":
        return Text()
    for slot in response.view.bourgeoisie.track:
        if slot.slot == chosen.buy_card.slot and slot.HasField("card"):
            return Text(" —").append_text(card_details(slot.card))
    return Text()
