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
from games.bourgeoisie.catalogue import CARD_COUNT, HAND_LIMIT, RETIRE_MAY, RETIRE_MUST, card
from games.bourgeoisie.events import SeatScore
from games.bourgeoisie.scoring import RETIREMENT_BONUS_RULE, score_seat
from games.bourgeoisie.state import Family, Player

KIND_STYLES = {
    "family": "magenta",
    "trade": "cyan",
    "bond": "blue",
    "land": "green",
    "office": "yellow",
    "event": "red",
}
TRACK_CARD_WIDTH = 50
"""Columns for a card on the track: two side by side, with their slots, fit 120 columns."""


def kind_name(kind: int) -> str:
    """``land`` for BOURGEOISIE_CARD_KIND_LAND, and so on."""
    name: str = bpb.BourgeoisieCardKind.Name(kind)
    return name.removeprefix("BOURGEOISIE_CARD_KIND_").lower()


def phase_name(phase: int) -> str:
    name: str = bpb.BourgeoisiePhase.Name(phase)
    return name.removeprefix("BOURGEOISIE_PHASE_").lower()


def card_text(c: bpb.BourgeoisieCard) -> Text:
    """``Vineyard land 8 (+3 PP)`` styled by kind; an Event says what it does."""
    text = Text(c.name, style=f"bold {KIND_STYLES.get(kind_name(c.kind), '')}")
    return text.append_text(card_details(c))


def card_details(c: bpb.BourgeoisieCard) -> Text:
    """What follows a card's name: `` land 8 +2 (+3 PP)`` (value, upgrade tokens, then the
    printed prestige apart from them), or `` event: gain 2D6 silver`` (the catalogue's text
    of the Event)."""
    kind = kind_name(c.kind)
    if kind == "event":
        return Text(f" event: {event_text(c)}" if event_text(c) else " event")
    text = Text(f" {kind} ").append_text(value_text(c))
    return text.append(prestige_text(c))


def prestige_text(c: bpb.BourgeoisieCard) -> str:
    """`` (+3 PP)``: the prestige printed on a card, scored at the end apart from its value
    (seed: END GAME SCORING); "" for a card with none."""
    return f" (+{c.prestige} PP)" if c.prestige else ""


def event_text(c: bpb.BourgeoisieCard) -> str:
    """What an Event card does, from the catalogue (empty for a card id it does not know)."""
    return card(c.id).text if 0 <= c.id < CARD_COUNT else ""


def value_text(c: bpb.BourgeoisieCard) -> Text:
    """A card's printed value and its upgrade tokens, ``4 +2``, as the HTML replay draws it
    (seed: UPGRADE TOKENS, each adds 1 to the value)."""
    text = Text(str(c.value))
    if c.upgrades:
        text.append(f" +{c.upgrades}", style="bold")
    return text


def family_text(family: bpb.BourgeoisieFamily) -> Text:
    """A family, in play or retired: its Family card and its Trade, each named by its kind,
    and its bonds, lands and offices with their values and upgrade tokens."""
    text = card_text(family.family).append(" · ")
    trade = card_text(family.trade) if family.HasField("trade") else Text("no trade")
    text.append_text(trade)
    for label, cards in (("bonds", family.bonds), ("lands", family.lands)):
        if cards:
            text.append(f" · {label}: ").append_text(cards_text(cards))
    if family.offices:
        text.append(" · offices: ").append_text(cards_text(family.offices))
    return text


def cards_text(cards: Sequence[bpb.BourgeoisieCard]) -> Text:
    """``Grounds 4 +2, Vineyard 8 (+3 PP)``: names with values, upgrade tokens and printed
    prestige."""
    text = Text()
    for number, c in enumerate(cards):
        text.append(", " if number else "")
        text.append(f"{c.name} ").append_text(value_text(c)).append(prestige_text(c))
    return text


def track_table(view: bpb.BourgeoisieView) -> Table:
    """The ten slots of the opportunity track, two side by side; a card's price is its slot."""
    table = Table(box=box.SIMPLE, show_header=False, padding=(0, 1), title="Opportunity track")
    for _ in range(2):  # an Event's text wraps rather than widen the board past 120 columns
        table.add_column("slot", justify="right", style="dim")
        table.add_column("card", max_width=TRACK_CARD_WIDTH)
    slots = [Text("empty", style="dim") for _ in range(10)]
    for slot in view.track:
        if slot.HasField("card"):
            slots[slot.slot - 1] = card_text(slot.card)
    for row in range(5):
        table.add_row(str(row + 1), slots[row], str(row + 6), slots[row + 5])
    return table


REFERENCE = (
    "A card on the track costs its slot in OT. Revenue: silver a turn; at "
    f"{RETIRE_MAY}+ a family with an Office may retire, at {RETIRE_MUST}+ it must. Hand "
    f"limit {HAND_LIMIT}, at the end of the turn."
)
"""What a player keeps in mind beside the board: a track card's price (seed: THE OPPORTUNITY
TRACK), the thresholds the revenue column is checked against (seed: NOBLEMENT PHASE) and the
hand limit (seed: END PHASE), as the rules' own constants set them."""


def players_table(view: bpb.BourgeoisieView, me: int | None, names: Sequence[str] = ()) -> Table:
    """Every seat's coins, tokens, hand size, prestige points (final, or if the game ended
    now), family, revenue and retired families; a seat by its player's name too where
    ``names`` (the status's) knows it."""
    caption = (
        "PP: final prestige points"
        if view.finished
        else "PP: prestige points if the game ended now"
    )
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), caption=caption, caption_justify="left")
    table.add_column("seat", no_wrap=True)  # names read from the left, as on the other boards
    for column in ("silver", "gold", "OT", "hand", "PP", "revenue", "retired"):
        table.add_column(column, justify="right")
    for player in view.players:
        marker = " (you)" if player.seat == me else ""
        marker += " ◀" if player.seat == view.active_seat and not view.finished else ""
        revenue = player.family.revenue if player.HasField("family") else 0
        table.add_row(
            Text(seat_cell(names, player.seat) + marker),  # a name as typed, not markup
            str(player.silver),
            str(player.gold),
            str(player.opportunity),
            str(player.hand_size),
            str(prestige_now(player).total),
            str(revenue),
            str(len(player.retired)),
        )
    return table


def family_lines(view: bpb.BourgeoisieView, names: Sequence[str] = ()) -> list[Text]:
    """One line per seat for its family in play, below the table so that its cards wrap
    between words on a narrow terminal rather than being cut short in a column: its cards and
    the prestige points it scores (were the game to end now, or, once it has ended, at the
    end), as each retired family's line gives its own, so that the lines add up to the seat's
    PP (seed: END GAME SCORING: "for each of your families")."""
    lines = []
    for player in view.players:
        line = Text(f"Family of {seat_name(names, player.seat)}: ", style="bold")
        if not player.HasField("family"):
            lines.append(line.append("none", style="dim"))
            continue
        line.append_text(family_text(player.family))
        scored = prestige_now(player).families[-1].total  # the current family is last
        lines.append(line.append(f" → {scored} PP", style="bold"))
    return lines


def prestige_now(player: bpb.BourgeoisiePlayer) -> SeatScore:
    """The seat's prestige points as the rules' end-game scoring counts them, were the game
    to end now (seed: END GAME SCORING; games.bourgeoisie.scoring.score_seat)."""
    current = rules_family(player.family) if player.HasField("family") else None
    retired = tuple(rules_family(f) for f in player.retired)
    return score_seat(player.seat, Player(family=current, retired=retired))


def rules_family(family: bpb.BourgeoisieFamily) -> Family:
    """The rules' record of a family in the view: its cards by id and their upgrade tokens."""
    cards = [family.family, *family.bonds, *family.lands, *family.offices]
    cards += [family.trade] if family.HasField("trade") else []
    return Family(
        family=family.family.id,
        trade=family.trade.id if family.HasField("trade") else None,
        bonds=tuple(c.id for c in family.bonds),
        lands=tuple(c.id for c in family.lands),
        offices=tuple(c.id for c in family.offices),
        upgrades=tuple(sorted((c.id, c.upgrades) for c in cards if c.upgrades)),
    )


def retired_lines(view: bpb.BourgeoisieView, names: Sequence[str] = ()) -> list[Text]:
    """One line per retired family, set aside but still scored at the end: its cards, the
    Family and the Trade named by their kinds as on the family in play's line, and the
    prestige points it scores (seed: NOBLEMENT PHASE, END GAME SCORING); then, for a seat
    with more than one, the bonus for those after the first, so that its lines add up."""
    lines = []
    for player in view.players:
        scored, whose = prestige_now(player), seat_name(names, player.seat)
        for family, score in zip(player.retired, scored.families, strict=False):
            line = Text(f"Retired by {whose}: ", style="dim")
            line.append_text(family_text(family))
            line.append(f" → {score.total} PP", style="bold")
            lines.append(line)
        if scored.retirement_bonus:
            line = Text(f"Bonus for {whose}: {RETIREMENT_BONUS_RULE}", style="dim")
            lines.append(line.append(f" → {scored.retirement_bonus} PP", style="bold"))
    return lines


def discard_text(view: bpb.BourgeoisieView) -> Text:
    """`` · discard 6, last Vineyard land 8 (+3 PP)``: the face-up discard pile beside the
    track (seed: THE OPPORTUNITY TRACK, "Discard | 01 | … | Deck"), by its size and the card
    on top; the view holds it whole, the table shows it."""
    text = Text(f" · discard {len(view.discard)}", style="dim")
    if view.discard:
        text.append(", last ", style="dim").append_text(card_text(view.discard[-1]))
    return text


def render_bourgeoisie(response: pb.GetViewResponse) -> RenderableType:
    """Header line, track, seats, and the viewer's hand (when the view shows it)."""
    view, names = response.view.bourgeoisie, response.status.players
    me = view.viewer if view.HasField("viewer") else None
    header = Text(f"Bourgeoisie · turn {view.turn} · ", style="bold")
    if view.finished:
        header.append("finished · scores " + ", ".join(str(s) for s in view.scores))
    else:
        header.append(f"{seat_name(names, view.active_seat)}'s {phase_name(view.phase)} phase")
    header.append(f" · deck {view.deck_size}", style="dim").append_text(discard_text(view))
    header.append(f" · version {response.version}", style="dim")
    parts: list[RenderableType] = [header, track_table(view), players_table(view, me, names)]
    if not view.finished:
        parts.append(Text(REFERENCE, style="dim"))
    parts += family_lines(view, names) + retired_lines(view, names) + hand_lines(view, me, names)
    return Group(*parts)


def hand_lines(view: bpb.BourgeoisieView, me: int | None, names: Sequence[str] = ()) -> list[Text]:
    """The hands the view shows: the viewer's as "Your hand", as the other boards head it, and
    any other (the full view) by its seat and player's name."""
    lines = []
    for player in view.players:
        if not player.hand_visible:
            continue
        whose = "Your hand: " if player.seat == me else f"Hand of {seat_name(names, player.seat)}: "
        hand = Text(whose, style="bold")
        for number, c in enumerate(player.hand):
            hand.append(", " if number else "")
            hand.append_text(card_text(c))
        lines.append(hand if player.hand else Text(f"{whose}empty"))
    return lines


def annotate_bourgeoisie(response: pb.GetViewResponse, action: pb.Action) -> Text:
    """What the card a purchase from the track would get is (the action's own description
    names it and its price, and what an Event does): its kind, value and prestige."""
    chosen = action.bourgeoisie
    if chosen.WhichOneof("kind") != "buy_card":
        return Text()
    for slot in response.view.bourgeoisie.track:
        if slot.slot == chosen.buy_card.slot and slot.HasField("card"):
            if kind_name(slot.card.kind) == "event":
                return Text()  # the description already says what the Event does
            return Text(" —").append_text(card_details(slot.card))
    return Text()


def short_bourgeoisie(
    response: pb.GetViewResponse, choice: pb.LegalAction
) -> tuple[str, Text] | None:
    """An Event bought for one target among several, under the purchase they share ("buy
    Reputable from slot 5 for 5 opportunity tokens — event: …" over "targeting Sailors"), for
    a list too long for the screen (``choice_list``); None for any other option."""
    before, aimed, after = choice.description.partition(", targeting ")
    if not aimed:
        return None
    target, dash, note = after.partition(" — ")
    return f"{before}{dash}{note}", Text(f"targeting {target}")
