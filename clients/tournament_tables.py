"""What the organiser commands print: a tournament's settings, a round's seats and the
standings, as tables for the person at the terminal.

Names and reasons are the organiser's and the players' own text, printed as it is: rich
would read ``[red]`` or ``[/]`` in them as markup (and fail on a closing tag), so they
are escaped first."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from tabletop.v1 import tournament_service_pb2 as pb

from clients.sdk import GAME_KINDS
from clients.tournament import FORMATS, TABLE_STATUS, UNCLAIMED

console = Console()
_GAME_KEYS = {kind: key for key, kind in GAME_KINDS.items()}
_FORMAT_KEYS = {kind: key for key, kind in FORMATS.items()}


def settings_lines(info: pb.GetTournamentResponse) -> list[tuple[str, str]]:
    """What ``show`` prints about a tournament's settings and progress, line by line."""
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
        ("format", f"{_FORMAT_KEYS.get(settings.format, '?')}, {info.rounds_planned} rounds"),
        ("tables", tables),
        ("points", f"{places} by place{bye}"),
        ("progress", _progress(info)),
    ]


def _progress(info: pb.GetTournamentResponse) -> str:
    progress = f"round {info.rounds_started} of {info.rounds_planned}"
    if info.finished:
        return progress + " (finished)"
    return progress if info.rounds_started else progress + " (registration open)"


def print_round(
    round_: pb.TournamentRound, unclaimed: Mapping[int, Collection[int]] | None = None
) -> None:
    """The round's seats; ``unclaimed`` (seats by table) are shown as such, not "in play",
    so an organiser sees the no-shows to adjudicate."""
    table = Table(title=f"Round {round_.round}" + (" (completed)" if round_.completed else ""))
    for column in ("table", "seat", "player", "status", "place", "score", "points"):
        table.add_column(column)
    free = unclaimed or {}
    for tournament_table in round_.tables:
        for seat, player in enumerate(tournament_table.players):
            decided = len(tournament_table.places) > seat
            status = TABLE_STATUS.get(tournament_table.status, "?")
            table.add_row(
                str(tournament_table.table),
                str(seat),
                escape(player),
                UNCLAIMED if seat in free.get(tournament_table.table, ()) else status,
                str(tournament_table.places[seat]) if decided else "",
                str(tournament_table.scores[seat]) if decided else "",
                str(tournament_table.points[seat]) if decided else "",
            )
    console.print(table)
    for tournament_table in round_.tables:
        console.print(_table_line(tournament_table), highlight=False, soft_wrap=True)
    if round_.byes:
        console.print(f"byes: {escape(', '.join(round_.byes))}", highlight=False)


def _table_line(table: pb.TournamentTable) -> str:
    """A table's game id (what ``adjudicate`` takes) and, if adjudicated, who forfeited and
    why; on a line of its own so a long id is never wrapped inside the table."""
    line = f"table {table.table}: game {table.game_id}"
    if table.status != pb.TABLE_STATUS_ADJUDICATED:
        return line
    if table.forfeits:
        seats = ", ".join(str(seat) for seat in table.forfeits)
        line += f"  forfeited by seat{'s' if len(table.forfeits) > 1 else ''} {seats}"
    return f"{line}  adjudicated: {escape(table.reason)}"


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
    columns = ("#", "player", "points", "game score", "opp. points", "firsts", "played", "byes")
    for column in (*columns, "by round"):
        table.add_column(column, justify="left" if column in ("player", "by round") else "right")
    for row in standings.standings:
        name = escape(row.player) + (" (withdrawn)" if row.withdrawn else "")
        table.add_row(
            str(row.rank),
            name,
            str(row.points),
            str(row.game_score),
            str(row.opponents_points),
            str(row.first_places),
            str(row.games_played),
            str(row.byes),
            " ".join(str(points) for points in row.points_by_round),
        )
    console.print(table)
