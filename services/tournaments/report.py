"""Standings and results as CSV, and the self-contained HTML standings page.

The page carries its style inline and its chart as inline SVG (``chart.py``): no scripts,
fonts, images or links to anything outside it, so it opens anywhere, offline.
"""

from __future__ import annotations

import csv
import io
from html import escape
from typing import NamedTuple

from games.core.chart_key import key_style
from games.core.tournament_events import Format
from games.core.tournament_standings import (
    Standing,
    csv_text,
    lost_in,
    standing_columns,
    standing_fields,
    table_points,
)
from games.core.tournament_state import Round, Ruling, RulingKind, Table, TournamentState
from services.tournaments.chart import points_chart, points_key
from services.tournaments.spec import planned_rounds


class SeatResult(NamedTuple):
    """One seat of one table: a line of results.csv and of a round's table on the page."""

    round: int
    table: int
    game_id: str
    seat: int
    player: str
    status: str  # played, adjudicated, or in play
    place: int | None
    score: int | None
    points: int | None
    forfeit: bool
    reason: str
    rulings: str  # the table's rulings, oldest first, once one was corrected or withdrawn


_ORDER = {
    False: "points, then total game score, opponents' points, first places and seed",
    True: "the round reached, then points, total game score, opponents' points, first places "
    "and seed",
}

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 980px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
th { background: #f3f3f3; }
td.name, th.name { text-align: left; }
tr.withdrawn td { color: #666; }
svg { max-width: 100%; height: auto; }
svg text { font: 12px sans-serif; fill: #333; }
div.wide { overflow-x: auto; }
div.wide svg { min-width: 600px; }
@media (max-width: 760px) { body { margin: 0.5em; } }
"""
"""On a phone (the viewport tag makes it lay the page out at its own width) a table wider than
the screen scrolls sideways inside its own box, not the whole page, and so does the chart: it
shrinks to the screen down to 600 of its 760 pixels, its 12-pixel words to 9.5 (shrunk to a
phone's 380 they showed at 6). Scrolled so, its legend, at its right, is out of sight while
its lines are in view: a key under it (``points_key``) names each line there."""


def standings_csv(state: TournamentState, rows: tuple[Standing, ...]) -> str:
    """One line per player, best first, with cumulative points after each round; its fields
    are ``standing_fields``, which ``tabletop verify`` recounts."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(standing_columns(rows))
    writer.writerows(standing_fields(row).values() for row in rows)
    return out.getvalue()


def results_csv(state: TournamentState) -> str:
    """One line per seat of every table that has a result."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SeatResult._fields)
    for round_ in state.rounds:
        for table in round_.tables:
            if table.result is not None:
                writer.writerows(
                    seat._replace(
                        player=csv_text(seat.player),
                        reason=csv_text(seat.reason),
                        rulings=csv_text(seat.rulings),
                    )
                    for seat in seat_results(state, round_, table)
                )
    return out.getvalue()


def seat_results(state: TournamentState, round_: Round, table: Table) -> list[SeatResult]:
    """The seats of ``table`` with their result (empty fields while the game is in play)."""
    result = table.result
    points = table_points(state.spec, table)
    return [
        SeatResult(
            round_.number,
            table.number,
            table.game_id,
            seat,
            player,
            result.kind.value if result else "in play",
            result.places[seat] if result else None,
            result.scores[seat] if result else None,
            points[seat] if result else None,
            seat in result.forfeits if result else False,
            result.reason if result else "",
            ruling_history(table),
        )
        for seat, player in enumerate(table.players)
    ]


def ruling_history(table: Table) -> str:
    """The table's rulings, oldest first, once one was corrected or withdrawn ("" before:
    a single ruling in force is told by the result and its reason)."""
    if not table.ruling_changed:
        return ""
    return "; ".join(f"{n}. {_ruling_words(r)}" for n, r in enumerate(table.rulings, start=1))


def _ruling_words(ruling: Ruling) -> str:
    if ruling.kind is RulingKind.WITHDRAWN:
        return f"ruling withdrawn: {ruling.reason}"
    forfeits = f", forfeits {list(ruling.forfeits)}" if ruling.forfeits else ""
    return f"adjudicated places {list(ruling.places)}{forfeits}: {ruling.reason}"


def standings_html(state: TournamentState, rows: tuple[Standing, ...]) -> str:
    """The standings page: summary, standings table, points-by-round chart, every round."""
    spec = state.spec
    title = escape(f"{spec.name}: standings")
    played = state.completed_rounds  # the standings count completed rounds only
    summary = (
        f"{escape(spec.game)} · {escape(spec.format.value.replace('_', ' '))} · "
        f"{spec.seats} seats a table · {len(state.entrants)} players · "
        f"{played} of {planned_rounds(state)} rounds completed · points by place "
        f"{', '.join(map(str, spec.points))}, bye {spec.bye_points}"
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="en"><head><meta charset="utf-8"><title>{title}</title>',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<style>{STYLE}{key_style(760)}</style></head><body><main>",
        f"<h1>{title}</h1>",
        f"<p>{summary}</p>",
        _standings_table(rows, knockout=spec.format is Format.SINGLE_ELIMINATION),
        "<h2>Points by round</h2>",
        _scrolled("Points by round", points_chart(rows, played)),
        points_key(rows),
        *(_round_section(state, round_) for round_ in state.rounds),
        f"<p>Ranked by {_ORDER[spec.format is Format.SINGLE_ELIMINATION]}.</p>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n"


def _standings_table(rows: tuple[Standing, ...], *, knockout: bool) -> str:
    """The standings; in single elimination with the round each player lost in first, as
    they are ranked by it."""
    head = (
        "<tr><th>#</th><th class=name>player</th>"
        + ("<th>lost in</th>" if knockout else "")
        + "<th>points</th><th>game score</th>"
        "<th>opponents' points</th><th>firsts</th><th>played</th><th>byes</th></tr>"
    )
    body = [
        f'<tr class="{"withdrawn" if row.withdrawn else ""}"><td>{row.rank}</td>'
        f"<td class=name>{escape(row.player)}{' (withdrawn)' if row.withdrawn else ''}</td>"
        + (f"<td>{lost_in(row.eliminated_in, row.withdrawn)}</td>" if knockout else "")
        + f"<td>{row.points}</td><td>{row.game_score}</td><td>{row.opponents_points}</td>"
        f"<td>{row.first_places}</td><td>{row.played}</td><td>{row.byes}</td></tr>"
        for row in rows
    ]
    return _scrolled("Standings", "<table>" + head + "".join(body) + "</table>")


def _round_section(state: TournamentState, round_: Round) -> str:
    head = (
        "<tr><th>table</th><th class=name>player</th><th>place</th><th>score</th>"
        "<th>points</th><th class=name>note</th></tr>"
    )
    rows = [
        f"<tr><td>{row.table}</td><td class=name>{escape(row.player)}</td>"
        f"<td>{_blank(row.place)}</td><td>{_blank(row.score)}</td><td>{_blank(row.points)}</td>"
        f"<td class=name>{_note(row)}</td></tr>"
        for table in round_.tables
        for row in seat_results(state, round_, table)
    ]
    byes = ", ".join(escape(player) for player in round_.byes)
    tail = f"<p>Byes: {byes}</p>" if byes else ""
    history = "".join(
        f"<p>Table {table.number}, rulings: {escape(ruling_history(table))}</p>"
        for table in round_.tables
        if table.ruling_changed
    )
    table = _scrolled(f"Round {round_.number} tables", f"<table>{head}{''.join(rows)}</table>")
    return f"<h2>Round {round_.number}</h2>{table}{history}{tail}"


def _scrolled(name: str, table: str) -> str:
    """``table`` (or the chart) in a box that scrolls sideways on a narrow screen: focusable
    and named, so that a keyboard can scroll it and a screen reader says what it holds."""
    return f'<div class="wide" role="region" aria-label="{escape(name)}" tabindex="0">{table}</div>'


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _note(row: SeatResult) -> str:
    if row.status == "played":
        return ""
    words = [row.status, "forfeit" if row.forfeit else "", row.reason]
    return escape(" · ".join(word for word in words if word))
