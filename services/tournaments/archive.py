"""The tournament archive: everything an organiser hands out at the end (docs/tournaments.md).

    README.txt                        what is in the archive and how to check it
    tournament.json                   the tournament's own record: every event, hash-chained
    games/round-<r>-table-<t>.jsonl   each finished game's record file (``tabletop verify``)
    standings.csv                     the standings after the last completed round, points
                                      by round
    results.csv                       every seat of every table: place, score, points
    standings.html                    a self-contained page: standings, a points-by-round
                                      chart (inline SVG) and every round's results

Each ``ResultRecorded`` in ``tournament.json`` carries the chain value of its game's end
(``core.SeedRevealed``; only dispute events may follow it in the game's record), so the
tournament's results are bound to the game records beside them. A game still in play, or
adjudicated before its end, has no record here: its events hold secrets (hands, deck order)
until it ends.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from games.core.record import GameRecord
from games.core.tournament_record import TOURNAMENT_RECORD_FORMAT, TOURNAMENT_RECORD_KIND, Entry
from games.core.tournament_standings import standings
from games.core.tournament_state import Table, TournamentState
from games.core.wording import counted
from services.tournaments.report import results_csv, standings_csv, standings_html


def game_file(round_number: int, table: Table) -> str:
    return f"games/round-{round_number}-table-{table.number}.jsonl"


def archive_files(
    state: TournamentState,
    entries: list[Entry],
    ended: Callable[[str], bool],
    game_record: Callable[[str], GameRecord],
) -> Iterator[tuple[str, bytes]]:
    """Every file of the archive as (path, content), the tournament's record first.

    Which games have a record here is decided first, by whether each has ended (``ended``),
    so the tournament's record can list them before any is read; each game's record is then
    read only as it is sent (``game_record``): a large event's records are never all held at
    once, and the client counts them as they come, out of the files that record lists.
    """
    rows = standings(state, state.completed_rounds)  # a round in play counts once complete
    included = {
        table.game_id: game_file(round_.number, table)
        for round_ in state.rounds
        for table in round_.tables
        if ended(table.game_id)
    }
    yield "tournament.json", _tournament_json(state, entries, included).encode()
    for game_id, path in included.items():
        yield path, "".join(line + "\n" for line in game_record(game_id).lines()).encode()
    yield "standings.csv", standings_csv(state, rows).encode()
    yield "results.csv", results_csv(state).encode()
    yield "standings.html", standings_html(state, rows).encode()
    yield "README.txt", _readme(state, included).encode()


def _tournament_json(state: TournamentState, entries: list[Entry], included: dict[str, str]) -> str:
    games = [
        {
            "round": round_.number,
            "table": table.number,
            "game_id": table.game_id,
            "file": included.get(table.game_id),
        }
        for round_ in state.rounds
        for table in round_.tables
    ]
    document = {
        "record": TOURNAMENT_RECORD_KIND,
        "format": TOURNAMENT_RECORD_FORMAT,
        "tournament_id": state.tournament_id,
        "name": state.spec.name,
        "games": games,
        "events": [entry.as_json() for entry in entries],
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def _readme(state: TournamentState, included: dict[str, str]) -> str:
    total = sum(len(round_.tables) for round_ in state.rounds)
    missing = total - len(included)
    lines = [
        f"{state.spec.name}: tournament archive",
        "",
        f"Tournament {state.tournament_id}: {state.spec.game}, {state.spec.format.value}, "
        f"{counted(len(state.rounds), 'round')}, {counted(len(state.entrants), 'player')}.",
        f"{counted(len(included), 'game record')} under games/ (one per finished game).",
        "",
        "Check every game: tabletop verify <this archive>",
        "Replay one:       tabletop replay games/round-1-table-1.jsonl",
        "tournament.json is the tournament's own hash-chained record; each result in it",
        "names the chain value of its game's end (core.SeedRevealed; only disputes may",
        "follow it). verify also checks every result, seating and standings.csv against",
        "the game records; standings.html and results.csv are renderings of the same.",
    ]
    if missing:
        unrecorded = counted(missing, "table")
        lines += ["", f"{unrecorded} without a record: adjudicated or still in play."]
        lines += _unrecorded(state, included)
    return "\n".join(lines) + "\n"


def _unrecorded(state: TournamentState, included: dict[str, str]) -> list[str]:
    """A line for each table whose game has no record here, saying why: the organiser can
    tell a ruling (in tournament.json, with its reason) from a game still in play, whose
    record a later export holds once it ends."""
    return [
        f"  round {round_.number}, table {table.number} (game {table.game_id}): "
        + ("adjudicated; its game has not ended" if table.adjudicated else "still in play")
        for round_ in state.rounds
        for table in round_.tables
        if table.game_id not in included
    ]
