"""A compact terminal picture of a Bruges view: the round and dice, the piles, every seat's
position, and the viewer's hand with what each card costs and does.

Colours carry most of Bruges, so per-colour counts (workers, threats, dice) are always listed in
the game's own order, blue, brown, red, purple, yellow, each number printed in its colour, and
never by colour alone: the seats' workers and threats stand in columns headed by the colour's
name, and a threat count one short of a disaster is marked with ``!`` as well as reversed (for
a monochrome terminal or a colour-blind player). Short cells never wrap, so a narrow terminal
squeezes the text around them rather than splitting a count or a word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render.bruges_colours import (
    COLOUR_STYLES,
    ORDER,
    colour_name,
    coloured,
    enum_name,
    person_and_colour,
    person_name,
)
from clients.render.bruges_scores import if_ended_now_line
from clients.render.bruges_town import disaster_legend, majority_line, town_text
from clients.render.seats import seat_cell, seat_name
from games.bruges.catalogue import (
    COLOURS,
    PLAYS_PER_ROUND,
    REPUTATION_DICE,
    THREAT_DICE,
    THREATS_FOR_DISASTER,
)
from games.bruges.rulesets import CanalBoard, ruleset_of
from games.core.wording import counted, listed

THREAT_WARNING = THREATS_FOR_DISASTER - 1
"""Threat markers of one colour at which the next is a disaster (seed: Threat Penalties)."""


def colour_cell(colour: int, workers: int, threats: int) -> Text:
    """One colour's workers and threats, ``1/2``, in the colour's style; zeros dim, and a
    threat count one short of a disaster reversed and marked ``!`` (readable without colour)."""
    style = COLOUR_STYLES.get(colour, "")
    text = Text().append(str(workers), style=style if workers else "dim")
    text.append("/", style="dim")
    if threats >= THREAT_WARNING:
        return text.append(f"{threats}!", style=f"{style} bold reverse")
    return text.append(str(threats), style=style if threats else "dim")


def header_text(response: pb.GetViewResponse) -> Text:
    """The rules played, round, phase, whose turn and whom the game waits for."""
    view, names = response.view.bruges, response.status.players
    text = Text("Bruges", style="bold")
    # The rulesets differ in the canal, the disasters, the houses and more
    # (docs/rules/bruges.md): a player coming back to the table is told which it plays.
    text.append(f" ({view.ruleset or 'default'} rules)")
    text.append(f" · round {view.round}", style="bold")
    if view.HasField("last_round"):
        text.append(" (the last)" if view.round == view.last_round else f" of {view.last_round}")
    if view.finished:
        text.append(" · finished · scores " + ", ".join(str(s) for s in view.scores))
    else:
        phase = enum_name(bpb.BrugesPhase, view.phase, "BRUGES_PHASE_")
        text.append(f" · {phase} phase{play_number(view)}")
        turn = turn_seat(view)
        if turn is not None:
            text.append(f" · {seat_name(names, turn)}'s turn")
        if view.HasField("to_act") and view.to_act != turn:
            text.append(f" · waiting for {seat_name(names, view.to_act)}")
    start = seat_name(names, view.start_player)
    text.append(f" · start player {start} · version {response.version}", style="dim")
    return text


def play_number(view: bpb.BrugesView) -> str:
    """`` (play 3 of 4)``: which of the round's card plays the active seat's turn is (seed:
    Phase 3, "until every player has played 4 cards"), so that what is left of the round
    shows; "" outside Phase 3."""
    if view.phase != bpb.BRUGES_PHASE_ACTIONS or not 0 <= view.active_seat < len(view.players):
        return ""
    played = view.players[view.active_seat].played
    current = played if view.step != bpb.BRUGES_TURN_STEP_STARTED else played + 1
    return f" (play {min(max(current, 1), PLAYS_PER_ROUND)} of {PLAYS_PER_ROUND})"


def turn_seat(view: bpb.BrugesView) -> int | None:
    """Whose turn it is: none while the dice hand out threats, which is no seat's turn (seed:
    Phase 2, "the start player rolls"; the losses it brings are asked of each victim in turn
    order, docs/rules/bruges.md item 5), and none once the game is over; else the active seat.
    While the dice hand out threats, the view's active seat is still the last seat that drew
    in Phase 1, whose turn it no longer is."""
    if view.finished or view.phase == bpb.BRUGES_PHASE_THREATS:
        return None
    seat: int = view.active_seat
    return seat


def dice_text(view: bpb.BrugesView) -> Text:
    """The five dice by colour, the threat dice (5-6) and those that price reputation (1-2)
    marked, and the reputation step's price before discounts."""
    text = Text("Dice  ", style="bold")
    if not view.dice:
        return text.append("not rolled yet", style="dim")
    for index, (colour, die) in enumerate(zip(ORDER, view.dice, strict=False)):
        text.append("  " if index else "")
        text.append_text(coloured(f"{colour_name(colour)} {die}", colour, bold=True))
        text.append(" threat" if die in THREAT_DICE else "", style="red")
        text.append(" rep" if die in REPUTATION_DICE else "", style="dim")
    text.append(f"   reputation step costs {view.reputation_cost}", style="dim")
    return text


def piles_text(view: bpb.BrugesView) -> Text:
    """Draw piles (size, top back's colour), extra pile, discard and the statue stack."""
    text = Text("Piles ", style="bold")
    for pile_index, pile in enumerate(view.piles):
        text.append(f"  {pile_index}: {pile.size}")
        if pile.top:
            text.append(" (top ").append_text(coloured(colour_name(pile.top), pile.top))
            text.append(")")
    text.append(f"   extra {view.extra_size} · discard {len(view.discard)}", style="dim")
    if view.discard:
        text.append(", last ", style="dim").append_text(person_and_colour(view.discard[-1]))
    statues = " ".join(str(s) for s in view.statues) or "none"
    return text.append(f" · statues left {statues}", style="dim")


def pending_text(view: bpb.BrugesView, names: Sequence[str] = ()) -> Text | None:
    """What the game waits on outside a normal turn: a disaster's loss, or owed draws; the
    seats by player name where ``names`` (the status's) knows it."""
    parts = []
    for (seat, kind), run in groupby(view.pending, key=lambda p: (p.seat, p.kind)):
        who, pendings = seat_name(names, seat), list(run)
        if kind == bpb.BRUGES_PENDING_KIND_LOSS:
            parts.append(_losses_text(who, [colour_name(p.colour) for p in pendings]))
        elif kind == bpb.BRUGES_PENDING_KIND_DRAW:
            parts.extend(f"{who} may draw {p.count} more" for p in pendings)
    return Text("Waiting: " + "; ".join(parts), style="bold yellow") if parts else None


def _losses_text(who: str, colours: Sequence[str]) -> str:
    """One seat's disasters waiting for its loss: several struck together are settled in the
    order their victim chooses, by the loss it takes first (published rules, data §2.5)."""
    if len(colours) == 1:
        return f"{who} chooses its {colours[0]} loss"
    return f"{who} chooses its {listed(colours)} losses, in the order it likes"


def canal_text(player: bpb.BrugesPlayer, ruleset: str) -> str:
    """Tokens per canal section over the section's length, e.g. ``3/10`` or ``2/5 0/5``."""
    length = ruleset_of(ruleset or "default").canal.length
    return " ".join(f"{tokens}/{length}" for tokens in player.canal)


def canal_legend(ruleset: str) -> Text:
    """The canal of ``ruleset`` as the game's data has it: its spaces, the ones that score or
    take a statue, what a space costs and, where spaces have colours, which (seed: Action IV;
    bruges-data.md §2.2). A line for the spaces and one for the colours, each under 110
    columns, so the board's width stays what a terminal is told it needs."""
    canal = ruleset_of(ruleset or "default").canal
    text = Text("Canal ", style="bold")
    if canal.sections > 1:
        text.append(f"{canal.sections} sections of {canal.length} spaces: ")
    text.append(" ".join(_space(canal, space) for space in range(1, canal.length + 1)))
    if canal.printed_cost is None:
        text.append(" · cost: the die of the card's colour", style="dim")
    else:
        costs = " ".join(str(cost) for cost in canal.printed_cost)
        text.append(f" · spaces cost {costs} guilders", style="dim")
    for section, colours in enumerate(canal.colours or ()):
        text.append("\n      " if section == 0 else "; ", style="dim")
        text.append(f"section {section} needs ", style="dim")
        for index, colour in enumerate(colours):
            wire = ORDER[COLOURS.index(colour)]  # the game's colours, in the same order
            text.append(" " if index else "").append_text(coloured(colour.value, wire))
    return text


def _space(canal: CanalBoard, space: int) -> str:
    """``3`` or, for a space that earns something, ``[3: 3 VP]``, ``[5: statue]``."""
    gains = []
    if canal.build_vp[space - 1]:
        gains.append(f"{canal.build_vp[space - 1]} VP")
    if canal.end_vp[space - 1]:
        gains.append(f"{canal.end_vp[space - 1]} VP at game end")
    if space in canal.statue_spaces:
        gains.append("statue")
    return f"[{space}: {', '.join(gains)}]" if gains else str(space)


def hand_backs(player: bpb.BrugesPlayer) -> Text:
    """Hand size and the colour of each card's back (public), as coloured squares; the seat's
    line below names the colours (``bruges_town.hand_backs_text``)."""
    text = Text(f"{player.hand_size} ")
    for colour in player.hand_colours:
        text.append_text(coloured("■", colour))
    return text


def seat_label(response: pb.GetViewResponse, seat: int, me: int | None) -> str:
    """``1 Bob (you) ◀``: seat number, player name when known, and the marker of the seat whose
    turn it is, or, while the dice hand out threats, of the seat choosing its loss."""
    view = response.view.bruges
    label = seat_cell(response.status.players, seat) + (" (you)" if seat == me else "")
    marked = turn_seat(view)
    if view.phase == bpb.BRUGES_PHASE_THREATS and view.HasField("to_act"):
        marked = view.to_act
    return label + (" ◀" if seat == marked else "")


def players_table(response: pb.GetViewResponse, me: int | None) -> Table:
    """One row per seat: VP, guilders, reputation, canal, hand, then each colour's workers and
    threats in a column headed by the colour's name; no cell wraps."""
    view = response.view.bruges
    # Only the box's own space between columns, so that four seats fit 80 columns.
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("seat", no_wrap=True)
    # Once the game is over the end-game scoring is added: the track alone would contradict
    # the final scores in the header.
    for column in ("final VP" if view.finished else "VP", "guilders", "rep"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column("canal", no_wrap=True)
    table.add_column("hand", no_wrap=True)
    for colour in ORDER:
        table.add_column(coloured(colour_name(colour), colour, bold=True), no_wrap=True)
    for player in view.players:
        table.add_row(
            Text(seat_label(response, player.seat, me)),  # a name as typed, not markup
            str(view.scores[player.seat] if view.finished else player.score),
            str(player.guilders),
            str(player.reputation),
            canal_text(player, view.ruleset),
            hand_backs(player),
            *map(colour_cell, ORDER, player.workers, player.threats),
        )
    return table


COUNTS_LEGEND = Text(
    f"Under each colour: workers/threats; ! marks {THREAT_WARNING} threats, one short of a "
    "disaster.",
    style="dim",
)


def towns(response: pb.GetViewResponse, me: int | None) -> list[Text]:
    """Each seat's houses and persons (✓ acted), statues, majorities and hand backs, a line a
    seat: text that wraps between words, where a table column would have split them."""
    lines = [Text("Houses and persons (✓ acted)", style="bold")]
    for player in response.view.bruges.players:
        line = Text(f"{seat_label(response, player.seat, me)}: ")
        lines.append(line.append_text(town_text(player)))
    return lines


def hand_table(cards: Iterable[bpb.BrugesPerson], dice: Sequence[int], title: str) -> Table:
    """The viewer's hand: each card's name, colour (and its die once rolled), group, cost,
    printed VP and effect."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, title=title)
    table.title_justify = "left"
    columns = ("card", "colour", "die", "group", "cost", "VP", "effect")
    for column in columns if dice else (c for c in columns if c != "die"):
        table.add_column(column, justify="right" if column in ("die", "cost", "VP") else "left")
    for card in cards:
        die = [str(dice[ORDER.index(card.colour)])] if dice and card.colour in ORDER else []
        group = enum_name(bpb.BrugesGroup, card.group, "BRUGES_GROUP_")
        colour = coloured(colour_name(card.colour), card.colour)
        table.add_row(
            person_name(card), colour, *die, group, str(card.cost), str(card.points), card.text
        )
    return table


def hands(view: bpb.BrugesView, me: int | None, names: Sequence[str] = ()) -> list[RenderableType]:
    """The hands this view may show: the viewer's in full, any other (the full view) by name;
    ``names`` (the status's) names the seats whose hands they are."""
    parts: list[RenderableType] = []
    for player in view.players:
        if not player.hand_visible:
            continue
        if player.seat == me and player.hand:
            unseen = player.hand_size - len(player.hand)
            drawn = f" ({counted(unseen, 'drawn card')} not picked up yet)" if unseen else ""
            title = f"Your hand{drawn}"
            parts.append(hand_table(player.hand, view.dice, title))
            continue
        who = "Your hand" if player.seat == me else f"Hand of {seat_name(names, player.seat)}"
        line = Text(f"{who}: ", style="bold")
        for index, card in enumerate(player.hand):
            line.append(", " if index else "").append_text(person_and_colour(card))
        parts.append(line if player.hand else line.append(_no_card_seen(player), style="dim"))
    return parts


def _no_card_seen(player: bpb.BrugesPlayer) -> str:
    """What an empty list of seen cards means: no card at all, or cards drawn in Phase 1 that
    stay face down until the hand is full (docs/rules/bruges.md item 3)."""
    if not player.hand_size:
        return "empty"
    cards = "1 card" if player.hand_size == 1 else f"{player.hand_size} cards"
    return f"{cards} drawn, face down until the hand is full"


def render_bruges(response: pb.GetViewResponse) -> RenderableType:
    """Header, dice, piles, what is pending, every seat, then the hands the view shows."""
    view = response.view.bruges
    me = view.viewer if view.HasField("viewer") else None
    parts: list[RenderableType] = [header_text(response), dice_text(view), piles_text(view)]
    pending = pending_text(view, response.status.players)
    if pending is not None:
        parts.append(pending)
    parts += [canal_legend(view.ruleset), players_table(response, me), COUNTS_LEGEND]
    parts.append(disaster_legend(view.ruleset))
    if not view.finished:  # once it is, the seats table gives the final scores
        parts.append(majority_line(view, response.status.players))
        parts.append(if_ended_now_line(view, response.status.players))
    parts += towns(response, me)
    shown = hands(view, me, response.status.players)
    return Group(*parts, *([Text()] if shown else []), *shown)
