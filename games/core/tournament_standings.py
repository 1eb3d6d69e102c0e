"""Standings: tournament points per finishing place, and the tie-breaks (docs/tournaments.md).

Points: at a table of the full size, place ``p`` earns ``points[p - 1]``; at a smaller table
the last place earns the last entry of ``points`` and every other place ``p`` still earns
``points[p - 1]`` (first is first and last is last whatever the table size). Tied seats share
the better place. A bye earns ``bye_points``. A forfeiting seat takes the last place.

Order (each a tie-break for the one before):
1. single elimination only: the further a player got (still in, then the latest round lost;
   one who withdrew unbeaten ranks below those who played the next round, above those
   beaten in the last round they played);
2. tournament points;
3. total game score (the sum of the final scores of every game played);
4. opponents' strength: the sum of the tournament points of every opponent met, once per
   meeting (Buchholz);
5. first places;
6. seed (registration order), so the order is total and never random.

The service ranks with these, and ``tabletop verify`` recounts an archive's standings with
the same code, so the recount can only disagree with the archive when the archive is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from games.core.tournament_events import Format, Spec
from games.core.tournament_state import Entrant, Table, TournamentState


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    seed: int
    points: int
    game_score: int
    opponents_points: int
    first_places: int
    played: int
    byes: int
    withdrawn: bool
    points_by_round: tuple[int, ...]  # cumulative, after each round
    eliminated_in: int = 0  # single elimination: the round lost (0 while still in)


@dataclass
class _Tally:
    points: int = 0
    game_score: int = 0
    first_places: int = 0
    played: int = 0
    byes: int = 0
    eliminated_in: int = 0
    last_round: int = 0  # the last round the player was seated or had a bye in
    opponents: list[str] = field(default_factory=list)
    by_round: list[int] = field(default_factory=list)


def points_for(spec: Spec, place: int, table_size: int) -> int:
    """Tournament points for finishing ``place`` (1 = first) at a table of ``table_size``."""
    if place >= table_size:
        return spec.points[-1]
    return spec.points[min(place, len(spec.points)) - 1]


def table_points(spec: Spec, table: Table) -> tuple[int, ...]:
    """Points by seat for a table with a result (zeros while it has none)."""
    if table.result is None:
        return (0,) * len(table.players)
    return tuple(points_for(spec, place, len(table.players)) for place in table.result.places)


def forfeit_places(seats: int, forfeits: Iterable[int]) -> tuple[int, ...]:
    """Places when seats forfeit: the present seats share first, the absent share last."""
    absent = set(forfeits)
    return tuple(seats if seat in absent else 1 for seat in range(seats))


def table_winner(table: Table, seeds: dict[str, int]) -> str | None:
    """Who advances from a decided table: the best place, then score, then the better seed."""
    if table.result is None:
        return None
    result = table.result
    best = min(
        range(len(table.players)),
        key=lambda s: (result.places[s], -result.scores[s], seeds[table.players[s]]),
    )
    return table.players[best]


def standings(state: TournamentState, after_round: int | None = None) -> tuple[Standing, ...]:
    """Everyone's standing after ``after_round`` (default: every round so far), best first."""
    last = len(state.rounds) if after_round is None else after_round
    tallies = {entrant.name: _Tally() for entrant in state.entrants}
    seeds = {entrant.name: entrant.seed for entrant in state.entrants}
    knockout = state.spec.format is Format.SINGLE_ELIMINATION
    for round_ in state.rounds[:last]:
        for table in round_.tables:
            _count_table(state.spec, table, tallies, seeds, round_.number if knockout else 0)
            for player in table.players:
                tallies[player].last_round = round_.number
        for player in round_.byes:
            tallies[player].points += state.spec.bye_points
            tallies[player].byes += 1
            tallies[player].last_round = round_.number
        for tally in tallies.values():
            tally.by_round.append(tally.points)
    rows = [_row(e, tallies, knockout, last) for e in state.entrants]
    rows.sort(key=lambda row: row[0])
    return tuple(_ranked(rank, standing) for rank, (_, standing) in enumerate(rows, start=1))


def survivors(state: TournamentState) -> tuple[str, ...]:
    """Single elimination: the players still in, in seed order."""
    out = {s.player for s in standings(state) if s.eliminated_in}
    return tuple(e.name for e in state.active if e.name not in out)


def _count_table(
    spec: Spec, table: Table, tallies: dict[str, _Tally], seeds: dict[str, int], knockout: int
) -> None:
    if table.result is None:
        return
    points = table_points(spec, table)
    winner = table_winner(table, seeds)
    for seat, player in enumerate(table.players):
        tally = tallies[player]
        tally.points += points[seat]
        tally.game_score += table.result.scores[seat]
        tally.first_places += table.result.places[seat] == 1
        tally.played += 1
        tally.opponents += [p for p in table.players if p != player]
        if knockout and player != winner:
            tally.eliminated_in = knockout


def _row(
    entrant: Entrant, tallies: dict[str, _Tally], knockout: bool, after: int
) -> tuple[tuple[int, ...], Standing]:
    """One standing after round ``after``: a withdrawal shows from the round it was made in
    on, so the standings after an earlier round say what was so then."""
    tally = tallies[entrant.name]
    strength = sum(tallies[o].points for o in tally.opponents)
    withdrawn = entrant.withdrawn and entrant.withdrawn_in <= after
    reached = _reach(tally, withdrawn, after) if knockout else 0
    standing = Standing(
        rank=0,
        player=entrant.name,
        seed=entrant.seed,
        points=tally.points,
        game_score=tally.game_score,
        opponents_points=strength,
        first_places=tally.first_places,
        played=tally.played,
        byes=tally.byes,
        withdrawn=withdrawn,
        points_by_round=tuple(tally.by_round),
        eliminated_in=tally.eliminated_in,
    )
    key = (-reached, -tally.points, -tally.game_score, -strength, -tally.first_places)
    return (*key, entrant.seed), standing


def _reach(tally: _Tally, withdrawn: bool, after: int) -> int:
    """Single elimination: how far a player got after round ``after``, larger further (still
    in, then the latest round lost). One who withdrew unbeaten stopped after the last round
    they took part in: below everyone who played the round after it, above everyone beaten
    in that round or before (twice the round, so that they fit between the two)."""
    if tally.eliminated_in:
        return 2 * tally.eliminated_in
    if withdrawn:
        return 2 * tally.last_round + 1
    return 2 * (after + 1)


def _ranked(rank: int, standing: Standing) -> Standing:
    return replace(standing, rank=rank)


STANDING_COLUMNS = (
    "rank", "player", "seed", "points", "game_score", "opponents_points", "first_places",
    "played", "byes", "withdrawn", "eliminated_in",
)  # fmt: skip
"""The columns of ``standings.csv`` before its cumulative points after each round."""


def standing_columns(rows: tuple[Standing, ...]) -> list[str]:
    """The header of ``standings.csv``: the columns, then ``after_round_<n>`` for each round."""
    rounds = max((len(row.points_by_round) for row in rows), default=0)
    return [*STANDING_COLUMNS, *(f"after_round_{n}" for n in range(1, rounds + 1))]


FORMULA_STARTS = ("=", "+", "-", "@")
"""How a cell a spreadsheet would take for a formula begins (Excel, LibreOffice, Sheets)."""


def csv_text(text: str) -> str:
    """Free text (a name, a reason) as a CSV cell that a spreadsheet shows as written.

    A player named ``=HYPERLINK(...)`` would otherwise be a live formula in the organiser's
    spreadsheet (CSV injection), so text beginning as a formula does gets a leading
    apostrophe, which spreadsheets read as "this is text" and do not show. Names and reasons
    hold no tab or line break (``services.application.text``), the other openings to guard.
    """
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def standing_fields(row: Standing) -> dict[str, str]:
    """One line of ``standings.csv`` as text by column: what the archive writes and what
    ``tabletop verify`` compares its recount with, so both read a standing the same way."""
    fields = {column: str(getattr(row, column)) for column in STANDING_COLUMNS}
    fields["player"] = csv_text(row.player)
    rounds = {f"after_round_{n}": str(p) for n, p in enumerate(row.points_by_round, start=1)}
    return {**fields, **rounds}


def lost_in(round_number: int, withdrawn: bool = False) -> str:
    """A single-elimination player's ``eliminated_in``, as the standings show it: the round
    they lost in, that they withdrew unbeaten (no longer in: docs/tournaments.md,
    "Standings"), or that they are still in."""
    if round_number:
        return f"round {round_number}"
    return "withdrew" if withdrawn else "still in"
