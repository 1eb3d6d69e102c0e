"""A compact terminal picture of a Castles of Burgundy view: the round, the depots, every
seat's supplies, the other estates, and your own estate grouped by colour, so a player can
choose where to place.

Nothing in a Burgundy view is private to a seat (only the face-down piles are hidden, and the
view holds their sizes alone); the viewer's estate is spelled out space by space because it is
the one a placement decision needs, the others are summed up by colour: the spaces covered
and the tiles on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.constrain import Constrain
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render.burgundy_estates import estate_table, estates_table, tile_text
from clients.render.burgundy_supply import knowledge_key, supply_section
from clients.render.flow import Flow
from clients.render.seats import seat_name
from games.burgundy.catalogue import (
    COLOURS,
    HEX_STORAGE,
    KNOWLEDGE_TEXT,
    ROUNDS,
    TILE_COUNT,
    Building,
    Colour,
    phase_letter,
    space,
    tile,
)
from games.burgundy.options import which
from games.burgundy.sight import bonus_points, next_round_order, track_ranking
from games.burgundy.sight import has_played as seat_has_played
from games.burgundy.turns import track_space
from games.core.wording import counted

BOARD_WIDTH = 110
"""Columns the board is laid out for (README): a wider terminal leaves the rest blank, a
narrower one wraps long lines and cells, never dropping or cutting any."""


def tiles_text(tiles: Iterable[bgpb.BurgundyTile], empty: str = "none") -> Text:
    """Tiles by short name, comma-separated; ``empty`` when there are none."""
    names = [tile_text(t.id) for t in tiles]
    return Text(", ").join(names) if names else Text(empty, style="dim")


def goods_text(counts: Iterable[int], empty: str = "none") -> Text:
    """Goods by die number, one per tile: ``3 3 5`` is two goods of kind 3 and one of 5."""
    shown = [str(kind) for kind, n in enumerate(counts, start=1) for _ in range(n)]
    return Text(" ".join(shown)) if shown else Text(empty, style="dim")


def effect_name(effect: int) -> str:
    name: str = bgpb.BurgundyEffect.Name(effect)
    return name.removeprefix("BURGUNDY_EFFECT_").lower().replace("_", " ")


def colour_of(value: int) -> Colour:
    """The catalogue colour for a ``BurgundyColour`` enum value (1..6)."""
    return COLOURS[value - 1]


def header(response: pb.GetViewResponse) -> Text:
    """The rules played, phase and round (of five), whose turn (or the final scores), and the
    white die."""
    view, names = response.view.burgundy, response.status.players
    text = Text("Castles of Burgundy", style="bold")
    # The rulesets differ in the black depot, the City Hall and the tie-break
    # (docs/rules/burgundy.md items 1-3): the table knows which it plays.
    text.append(f" ({view.ruleset or 'default'} rules)")
    text.append(f" · phase {phase_letter(view.phase)}, round {view.round} of {ROUNDS} · ")
    if view.finished:
        text.append("finished · scores " + ", ".join(str(s) for s in view.scores))
    elif view.HasField("active_seat"):
        text.append(f"{seat_name(names, view.active_seat)} to act", style="bold")
    if view.white_die:
        text.append(f" · white die {view.white_die}")
    text.append(f" · version {response.version}", style="dim")
    return text


def turn_line(view: bgpb.BurgundyView) -> Text:
    """Turn order, the order the track gives from the next round when a ship has changed it,
    the goods still on the round spaces, and the active seat's turn so far."""
    text = Text("Turn order " + " → ".join(str(s) for s in view.order))
    track = next_round_order(view.order, track_order(view), view.phase, view.round)
    if track is not None:
        text.append(" · from the next round " + " → ".join(str(s) for s in track))
    left = " ".join(str(kind) for kind in view.round_goods) or "none"
    text.append(f" · goods left on the round spaces: {left}")
    if view.pending:
        text.append(" · waiting: " + ", ".join(effect_name(e) for e in view.pending), "bold")
    if view.bought:
        text.append(" · bought this turn", style="dim")
    return text


def track_order(view: bgpb.BurgundyView) -> tuple[int, ...]:
    """The seats as the turn-order track orders them now (``sight.track_ranking``). A round
    keeps the order read at its start, so a ship's move shows here before it shows in the
    round's order (docs/rules/burgundy.md item 10)."""
    return track_ranking(view.players)


def has_played(view: bgpb.BurgundyView, seat: int) -> bool:
    """Whether ``seat`` has had its turn this round (``sight.has_played``)."""
    active = view.active_seat if view.HasField("active_seat") and not view.finished else None
    return seat_has_played(view.order, active, seat)


def depots_table(view: bgpb.BurgundyView) -> Table:
    """The six numbered depots (a die takes from the depot of its number) and the black one."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Depots", title_justify="left")
    table.add_column("depot", justify="right")
    table.add_column("tiles")
    table.add_column("goods")
    for depot in view.depots:
        table.add_row(str(depot.number), tiles_text(depot.tiles), goods_text(depot.goods))
    table.add_row("black", tiles_text(view.black_depot), Text("2 silverlings each", "dim"))
    return table


def dice_text(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> Text:
    """The seat's two dice, ``4 (2 used)`` once the active seat has used one this turn."""
    active = view.HasField("active_seat") and view.active_seat == player.seat
    used = list(view.dice_used) if active else []
    spent = [i < len(used) and used[i] for i in range(len(player.dice))]
    free = [str(n) for n, gone in zip(player.dice, spent, strict=True) if not gone]
    gone = [str(n) for n, gone in zip(player.dice, spent, strict=True) if gone]
    text = Text(" ".join(free), style="bold")
    if gone:
        text.append(f"{' ' if free else ''}({' '.join(gone)} used)", style="dim")
    if player.dice and has_played(view, player.seat):
        return Text(" ".join(str(n) for n in player.dice)).append(" (played)", style="dim")
    return text if player.dice else Text("-", style="dim")


def bonuses_text(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> Text:
    """The colour bonus tiles held, with their points: ``castle +6, mine +3``."""
    seats = len(view.players)
    names = [f"{colour_of(b.colour).value} +{bonus_points(b.large, seats)}" for b in player.bonuses]
    return Text(", ".join(names)) if names else Text("-", style="dim")


def seat_heading(
    view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer, me: int | None, names: Sequence[str]
) -> Text:
    """``seat 1 (Bob) (you) ◀``: the seat, the viewer's own, the one to act."""
    text = Text(seat_name(names, player.seat), style="bold")
    if player.seat == me:
        text.append(" (you)")
    if view.HasField("active_seat") and player.seat == view.active_seat and not view.finished:
        text.append(" ◀", style="bold")
    return text


def storage_text(player: bgpb.BurgundyPlayer) -> Text:
    """``storage 2/3: ship, ship``: the hex tiles waiting to be placed (three at most)."""
    text = Text(f"storage {len(player.storage)}/{HEX_STORAGE}")
    return text.append(": ").append_text(tiles_text(player.storage)) if player.storage else text


def supplies(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> list[Text]:
    """Points, silverlings, workers, dice and the piece's space on the turn-order track."""
    return [
        points_text(view, player),
        Text(counted(player.silverlings, "silverling")),
        Text(counted(player.workers, "worker")),
        Text("dice ").append_text(dice_text(view, player)),
        Text(f"turn-order space {track_space(player.position)}"),
    ]


def points_text(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> Text:
    """``166 points`` on the track; once the game has ended, the final score, which adds the
    goods, silverlings, workers and knowledge tiles scored at the end (seed) to the track."""
    final = view.scores[player.seat] if view.finished and player.seat < len(view.scores) else None
    if final is None or final == player.points:
        return Text(counted(player.points, "point"))
    return Text(counted(final, "point")).append(
        f" (final; {player.points} before the final scoring)", style="dim"
    )


def sold_text(player: bgpb.BurgundyPlayer) -> Text:
    """``sold 5 (kinds 1 3 4)``: how many goods the seat has sold, and of which kinds, as its
    face-down piles show them (knowledge 15 and 25 count them, data §3.4)."""
    text = Text(f"sold {sum(player.sold)}")
    kinds = [str(kind) for kind, n in enumerate(player.sold, start=1) if n]
    return text.append(f" (kinds {' '.join(kinds)})", style="dim") if kinds else text


def holdings(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> list[Text]:
    """Goods held and sold, storage, empty estate spaces and the colour bonus tiles."""
    return [
        Text("goods ").append_text(goods_text(player.goods)),
        sold_text(player),
        storage_text(player),
        Text(counted(player.empty_spaces, "empty space")),
        Text("bonuses ").append_text(bonuses_text(view, player)),
    ]


def players_section(
    view: bgpb.BurgundyView, me: int | None, names: Sequence[str] = ()
) -> RenderableType:
    """Every seat as a block of its own: its heading and supplies, then its goods, storage,
    empty spaces and bonus tiles. A narrow terminal breaks the lines between two values, so
    no value is dropped or cut short, as a table's squeezed columns were (everything on the
    table is open, docs/rules/burgundy.md item 23)."""
    blocks: list[RenderableType] = [Text("Seats", style="italic")]
    for player in view.players:
        blocks += seat_block(view, player, me, names)
    return Group(*blocks)


def seat_block(
    view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer, me: int | None, names: Sequence[str]
) -> list[RenderableType]:
    """One seat's lines in "Seats": its heading and supplies, then its holdings."""
    first = [seat_heading(view, player, me, names), *supplies(view, player)]
    return [
        Padding(Flow(first, indent=3), (0, 0, 0, 1)),
        Padding(Flow(holdings(view, player)), (0, 0, 0, 4)),
    ]


def own_seat_burgundy(response: pb.GetViewResponse) -> RenderableType | None:
    """The viewer's own lines of "Seats" (dice, workers, silverlings, goods, storage), for
    ``play`` to show again just above the options: the board runs to about 70 lines, so on
    most terminals they have scrolled out of sight by the time the seat chooses. None for a
    view that is no seat's."""
    view = response.view.burgundy
    me = viewer_of(response)
    mine = next((p for p in view.players if p.seat == me), None)
    if mine is None:
        return None
    return Group(*seat_block(view, mine, me, response.status.players))


def viewer_of(response: pb.GetViewResponse) -> int | None:
    """The seat the view is seen through; None for the public and full views."""
    if response.HasField("seat"):
        return int(response.seat)
    view = response.view.burgundy
    return int(view.viewer) if view.HasField("viewer") else None


def render_burgundy(response: pb.GetViewResponse) -> RenderableType:
    """Header, turn line, depots, the bonus tiles left and the face-down piles, every seat,
    the other seats' estates summed up, the viewer's own estate space by space (for a seat
    view), and what the knowledge tiles in sight do."""
    view = response.view.burgundy
    me = viewer_of(response)
    names = response.status.players
    parts: list[RenderableType] = [header(response)]
    if not view.finished:
        parts.append(turn_line(view))
    parts += [depots_table(view), supply_section(view), players_section(view, me, names)]
    parts.append(estates_table((p for p in view.players if p.seat != me), names))
    mine = next((p for p in view.players if p.seat == me), None)
    if mine is not None:
        parts.append(estate_table(mine, view.phase))
    key = knowledge_key(view)
    if key is not None:
        parts.append(key)
    return Constrain(Group(*parts), BOARD_WIDTH)


def annotate_burgundy(response: pb.GetViewResponse, action: pb.Action) -> Text:
    """The die number a placement's space wants and what the tile placed goes on to do, and
    what a knowledge tile does (the action's own description names the tile, what a sale or
    a purchase gains and costs, what a placement scores at once, and the depot a take or a
    purchase comes from)."""
    chosen = action.burgundy
    kind = chosen.WhichOneof("kind")
    if kind == "place_tile":
        target = space(chosen.place_tile.space)
        note = Text(f" — {target.colour.value} space, die {target.die}", style="dim")
        return note.append_text(placement_note(chosen.place_tile.tile))
    if kind == "take_tile":  # its description names the depot: "take the ship from depot 3"
        return knowledge_note(chosen.take_tile.tile, " — ")
    if kind == "buy_tile":
        return knowledge_note(chosen.buy_tile.tile, " — ")
    return Text()


DIE_ACTIONS = frozenset({"take_tile", "place_tile", "sell_goods", "take_workers"})
"""The actions that use one of the seat's two dice, each naming it as ``die`` (seed: the four
actions of a die)."""


def word_burgundy(response: pb.GetViewResponse, choice: pb.LegalAction) -> str:
    """The option's description with the value of the die it uses beside the die, "with the
    first die (3)", so that a player need not look the value up on its seat line; the server's
    description ("with the first die") stays as it is, for bots and logs. The extra action's
    die, of any number, has no value to give."""
    described: str = choice.description
    chosen = choice.action.burgundy
    kind = chosen.WhichOneof("kind")
    view = response.view.burgundy
    if kind not in DIE_ACTIONS or not view.HasField("active_seat"):
        return described
    die: int = getattr(chosen, kind).die
    dice = next((p.dice for p in view.players if p.seat == view.active_seat), ())
    if not 0 <= die < len(dice):
        return described
    named = which(die)  # the rules' own words for the die, as the description has them
    return described.replace(named, f"{named} ({dice[die]})", 1)


PLACEMENT_NOTES: Mapping[Colour | Building, str] = {
    Colour.CASTLE: "then an extra action with a die of any number",
    Colour.SHIP: "then the goods of one depot",
    Colour.MINE: "pays 1 silverling at the end of every phase",
    Building.WAREHOUSE: "then sell one kind of goods",
    Building.CARPENTER: "then a building from a numbered depot",
    Building.CHURCH: "then a castle, mine or knowledge tile from a numbered depot",
    Building.MARKET: "then a ship or an animal from a numbered depot",
    Building.CITY_HALL: "then a second tile from storage, on a space of any number",
}
"""What a placed tile goes on to do beyond what it scores at once (seed; data §4.6): the
effects that wait for the seat's choice, and a mine's income. The Watchtower, Bank and
Boarding House pay at once and the option says what."""


def placement_note(tile_id: int) -> Text:
    """``; then an extra action …`` for a tile whose effect waits or pays later; a knowledge
    tile's text."""
    if not 0 <= tile_id < TILE_COUNT:
        return Text()
    placed = tile(tile_id)
    said = PLACEMENT_NOTES.get(placed.building or placed.colour)
    return Text(f"; {said}", style="dim") if said else knowledge_note(tile_id, "; ")


def knowledge_note(tile_id: int, lead: str) -> Text:
    """What a knowledge tile does, after ``lead``; nothing for another tile."""
    number = tile(tile_id).knowledge if 0 <= tile_id < TILE_COUNT else 0
    return Text(f"{lead}{KNOWLEDGE_TEXT[number]}", style="dim") if number else Text()
