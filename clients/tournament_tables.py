"""What the organiser commands print: a tournament's settings, a round's seats and the
standings, as tables for the person at the terminal.

Names and reasons are the organiser's and the players' own text, printed as it is: rich
would read ``[red]`` or ``[/]`` in them as markup (and fail on a closing tag), so they
are escaped first."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from tabletop.v1 import tournament_service_pb2 as pb

from clients.sdk import GAME_KINDS
from clients.tournament import FORMATS, TABLE_STATUS, UNCLAIMED, TableInPlay
from games.core.tournament_standings import lost_in
from games.core.wording import counted

console = Console()
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
    """The standings table; ``in_play`` is the number of a round being played, if any."""
    table = Table(title=_standings_title(standings, in_play))
    # Single elimination ranks by the round each player lost in: shown once anyone has.
    knockout = any(row.eliminated_in_round for row in standings.standings)
    columns = ("#", "player", *(("lost in",) if knockout else ()), "points", "game score")
    for column in (*columns, "opp. points", "firsts", "played", "byes", "by round"):
        left = column in ("player", "lost in", "by round")
        # A name (and its "withdrawn") and how far a player got are read whole, however
        # narrow the terminal: the numbers' columns give way instead.
        whole = column in ("player", "lost in")
        table.add_column(column, justify="left" if left else "right", no_wrap=whole)
    for row in standings.standings:
        name = escape(row.player) + (" (withdrawn)" if row.withdrawn else "")
        table.add_row(
            str(row.rank),
            name,
            *((lost_in(row.eliminated_in_round, row.withdrawn),) if knockout else ()),
            str(row.points),
            str(row.game_score),
            str(row.opponents_points),
            str(row.first_places),
            str(row.games_played),
            str(row.byes),
            " ".join(str(points) for points in row.points_by_round),
        )
    console.print(table)
