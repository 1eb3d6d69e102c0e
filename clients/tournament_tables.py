"""What the organiser commands print: a tournament's settings, a round's seats and the
standings, as tables for the person at the terminal.

Names and reasons are the organiser's and the players' own text, printed as it is: rich
would read ``[red]`` or ``[/]`` in them as markup (and fail on a closing tag), so they
are escaped first."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from rich import box
from rich.cells import cell_len
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table
from tabletop.v1 import tournament_service_pb2 as pb

from clients.sdk import GAME_KINDS
from clients.tournament import FORMATS, TABLE_STATUS, UNCLAIMED, TableInPlay
from games.core.tournament_standings import lost_in
from games.core.wording import counted

console = Console()
# On two lines, so that a line breaks between the entries, not inside one.
_LEGEND = "\n".join(
    (
        "pts: tournament points · score: total game score",
        "opp: opponents' points · 1st: first places",
    )
)
_RULED_HEADINGS = box.Box("    \n    \n ─  \n    \n    \n    \n    \n    \n")
"""A box of spaces but for the rule under the headings, broken between the columns."""
_NAME_WIDTH = 10  # the narrowest names' column the table makes room for: a name still reads
_GAME_KEYS = {kind: key for key, kind in GAME_KINDS.items()}
_FORMAT_KEYS = {kind: key for key, kind in FORMATS.items()}


def settings_lines(
    info: pb.GetTournamentResponse, round_completed: bool = False
) -> list[tuple[str, str]]:
    """What ``show`` prints about a tournament's settings and progress, line by line
    (``round_completed``: whether its latest round has all its results)."""
    settings = info.settings
    game = _GAME_KEYS.get(settings.game, "?")
    smallest = settings.smallest_table if settings.HasField("smallest_table") else 0
    tables = f"{settings.seats_per_table} seats"
    if smallest and smallest != settings.seats_per_table:
        tables += f" (down to {smallest} when the players do not divide evenly)"
    bye = f"; bye {settings.bye_points}" if settings.HasField("bye_points") else ""
    places = ", ".join(str(points) for points in settings.points_by_place)
    return [
        ("game", f"{game}, ruleset {escape(settings.ruleset)}" if settings.ruleset else game),
        ("format", f"{_FORMAT_KEYS.get(settings.format, '?')}, {_rounds(info)}"),
        ("tables", tables),
        ("points", f"{places} by place{bye}"),
        ("progress", _progress(info, round_completed)),
    ]


def _rounds(info: pb.GetTournamentResponse) -> str:
    """How many rounds the tournament plays. Settings of 0 rounds leave it to the field
    (docs/tournaments.md, "Pairing"): until round 1 starts, the count follows the players
    registered so far, and with none there is no count yet."""
    planned = counted(info.rounds_planned, "round")
    if info.settings.rounds or info.rounds_started:
        return planned
    needed = "as many rounds as its players need"
    if not info.rounds_planned:
        return needed
    return f"{needed} ({planned} for the {counted(len(info.players), 'player')} so far)"


def _progress(info: pb.GetTournamentResponse, round_completed: bool) -> str:
    """Where the event stands, so an organiser knows whether ``start-round`` is next."""
    if not info.rounds_planned:  # rounds left to a field not registered yet: no count
        return "registration open"
    progress = f"round {info.rounds_started} of {info.rounds_planned}"
    if info.finished:
        return progress + " (finished)"
    if not info.rounds_started:
        return progress + " (registration open)"
    if round_completed:
        return progress + " (completed: the next round may start)"
    return progress + " (in play)"


def print_round(
    round_: pb.TournamentRound,
    in_play: Mapping[int, TableInPlay] | None = None,
    now: datetime | None = None,
) -> None:
    """The round's seats. With ``in_play`` (by table), a seat nobody claimed says so, not
    "in play", and the seat the game waits for says for how long (until ``now``, this
    machine's clock by default), so an organiser sees the no-shows and the stalled tables."""
    table = Table(title=f"Round {round_.round}" + (" (completed)" if round_.completed else ""))
    for column in ("table", "seat", "player", "status", "place", "score", "points"):
        table.add_column(column)
    waiting = in_play or {}
    moment = now or datetime.now(UTC)
    for tournament_table in round_.tables:
        status = TABLE_STATUS.get(tournament_table.status, "?")
        playing = waiting.get(tournament_table.table)
        for seat, player in enumerate(tournament_table.players):
            decided = len(tournament_table.places) > seat
            table.add_row(
                str(tournament_table.table),
                str(seat),
                escape(player),
                _seat_status(playing, seat, moment) if playing else status,
                str(tournament_table.places[seat]) if decided else "",
                str(tournament_table.scores[seat]) if decided else "",
                str(tournament_table.points[seat]) if decided else "",
            )
    console.print(table)
    for tournament_table in round_.tables:
        console.print(_table_line(tournament_table), highlight=False, soft_wrap=True)
    if round_.byes:
        console.print(f"byes: {escape(', '.join(round_.byes))}", highlight=False)


def _seat_status(table: TableInPlay, seat: int, now: datetime) -> str:
    """A seat at a table in play: not claimed, the one the game waits for (and how long it
    has waited), or simply in play."""
    if seat in table.unclaimed:
        return UNCLAIMED
    if seat != table.to_act:
        return TABLE_STATUS[pb.TABLE_STATUS_IN_PLAY]
    return "to act" if table.since is None else f"to act ({waited(now - table.since)})"


def waited(span: timedelta) -> str:
    """A wait in whole minutes, as an organiser reads it: "<1 min", "42 min", "2 h 05 min"."""
    minutes = max(0, int(span.total_seconds()) // 60)
    if minutes < 1:
        return "<1 min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def _table_line(table: pb.TournamentTable) -> str:
    """A table's game id (what ``adjudicate`` takes) and, if adjudicated, who forfeited and
    why; on a line of its own so a long id is never wrapped inside the table. A table whose
    ruling was corrected or withdrawn lists its rulings after it, oldest first."""
    line = f"table {table.table}: game {table.game_id}"
    if table.status == pb.TABLE_STATUS_ADJUDICATED:
        if table.forfeits:
            seats = ", ".join(str(seat) for seat in table.forfeits)
            line += f"  forfeited by seat{'s' if len(table.forfeits) > 1 else ''} {seats}"
        line += f"  adjudicated: {escape(table.reason)}"
    if len(table.rulings) > 1 or table.status != pb.TABLE_STATUS_ADJUDICATED:
        line += "".join(f"\n  {i}. {_ruling(r)}" for i, r in enumerate(table.rulings, 1))
    return line


def _ruling(ruling: pb.TableRuling) -> str:
    """One ruling of a table's history: what it decided, and why."""
    if ruling.kind == pb.RULING_KIND_WITHDRAWN:
        return f"ruling withdrawn: {escape(ruling.reason)}"
    forfeits = f", forfeits {list(ruling.forfeits)}" if ruling.forfeits else ""
    return f"adjudicated places {list(ruling.places)}{forfeits}: {escape(ruling.reason)}"


def _standings_title(standings: pb.GetStandingsResponse, in_play: int = 0) -> str:
    """The standings' title: the completed round they are after, and the round in play."""
    planned = standings.rounds_planned
    title = "Standings"
    if standings.after_round:
        title += f" after round {standings.after_round} of {planned}"
    if standings.finished:
        return title + " (final)"
    if in_play:
        return title + f" (round {in_play} of {planned} in play)"
    return title if standings.after_round else title + " (no round played yet)"


def print_standings(standings: pb.GetStandingsResponse, in_play: int = 0) -> None:
    """The standings table; ``in_play`` is the number of a round being played, if any.

    Nothing in it is cut to fit the terminal: the headings are short (the legend under the
    table spells them out), figures never wrap, and a long name wraps onto more lines.
    There is no border and no line between the columns, where a narrow terminal needs the
    room: only a rule under each heading tells the columns apart."""
    columns = _standings_columns(standings)
    rounds, width = _standings_layout(columns, console.width)
    table = Table(
        title=_standings_title(standings, in_play),
        caption=_LEGEND,
        caption_justify="left",
        width=width,
        box=_RULED_HEADINGS,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    for heading, _ in columns:
        _add_standings_column(table, heading, rounds)
    for row in zip(*(cells for _, cells in columns), strict=True):
        table.add_row(*(escape(cell) for cell in row))
    console.print(table, crop=False)  # a table wider than the terminal: see _standings_layout


def _add_standings_column(table: Table, heading: str, rounds: int | None) -> None:
    """A name wraps between its words, and folds a word too long for the column rather than
    cut it; the points by round wrap between rounds, in ``rounds`` characters if set; the
    rest never wrap."""
    if heading == "player":
        table.add_column(heading, overflow="fold")
    elif heading == "by round":
        table.add_column(heading, width=rounds)
    else:
        justify: JustifyMethod = "left" if heading == "lost in" else "right"
        table.add_column(heading, justify=justify, no_wrap=True)


def _standings_columns(standings: pb.GetStandingsResponse) -> list[tuple[str, list[str]]]:
    """Each column's heading and cells, the tie-breaks in the order they rank
    (docs/tournaments.md, "Standings")."""
    rows = standings.standings
    # Single elimination ranks by the round each player lost in: shown once anyone has.
    knockout = any(row.eliminated_in_round for row in rows)
    lost = [lost_in(row.eliminated_in_round, row.withdrawn) for row in rows]
    return [
        ("#", [str(row.rank) for row in rows]),
        ("player", [row.player + (" (withdrawn)" if row.withdrawn else "") for row in rows]),
        *([("lost in", lost)] if knockout else []),
        ("pts", [str(row.points) for row in rows]),
        ("score", [str(row.game_score) for row in rows]),
        ("opp", [str(row.opponents_points) for row in rows]),
        ("1st", [str(row.first_places) for row in rows]),
        ("played", [str(row.games_played) for row in rows]),
        ("byes", [str(row.byes) for row in rows]),
        ("by round", [" ".join(str(points) for points in row.points_by_round) for row in rows]),
    ]


def _standings_layout(
    columns: list[tuple[str, list[str]]], terminal: int
) -> tuple[int | None, int | None]:
    """The widths of the points-by-round column and of the table on a ``terminal`` that many
    characters wide (None: no need to set one).

    Every other column is as wide as its heading and figures: the names and the points by
    round share the room left. The names keep at least two thirds of it (and
    ``_NAME_WIDTH``); the rounds wrap into the rest, down to their longest word. Where even
    that does not fit, the table is wider than the terminal (which wraps its lines) rather
    than cut."""
    widest = {heading: max(map(cell_len, (heading, *cells))) for heading, cells in columns}
    names, rounds = widest.pop("player"), widest.pop("by round")
    # Between each two columns, a space of padding and one of the box.
    room = terminal - sum(widest.values()) - 2 * (len(columns) - 1)
    if names + rounds <= room:
        return None, None
    by_round = ("by round", *dict(columns)["by round"])
    shortest = max(len(word) for text in by_round for word in text.split())
    rounds = max(shortest, min(rounds, room - max(_NAME_WIDTH, room * 2 // 3)))
    needed = rounds + min(names, _NAME_WIDTH)
    return rounds, terminal + needed - room if needed > room else None
