"""Verify a tournament archive as a whole (docs/tournaments.md, "The archive").

``tournament.json`` is checked for its own hash chain, then against the game records beside
it, each of which ``verify_record`` has checked on its own:

1. the games it lists are the games its rounds seat, at their round and table, its own id and
   name are those its events give, and every seated player registered;
2. every result (``ResultRecorded``) is bound to its game's record: that record verifies, its
   end (``end_chain``) carries the chain value the result names, and its result line has the
   result's scores and places; every result stands at the table that plays its game;
3. every seating (``RoundStarted``) agrees with its game record's header: tournament, round,
   table and players by seat;
4. the standings recounted from these results, by the code the service ranks with, are those
   of ``standings.csv``, whose header is exactly the one the export writes.
5. every round recorded complete has a result at each of its tables, and the next round
   starts only after it;
6. every withdrawal of a ruling (``AdjudicationWithdrawn``) names the table that plays its
   game and withdraws the ruling in force there at that point of the record; the check says
   how many rulings, corrections and withdrawals the record holds.

A chain re-hashed after a falsified result, seating or standing thus still fails: the chain
alone proves only that the file is internally consistent. An adjudicated result
(``GameAdjudicated``) is the organiser's decision, recorded with its reason; no game record
can confirm it, so the recount takes it as recorded, as it takes a correction or withdrawal.
``standings.html`` and ``results.csv`` are renderings of the same standings and results, and
are not read.

Each game file of the archive must besides be one of the tournament's games
(``membership_problems``): listed in ``tournament.json``, its header naming this tournament
and the game it is listed as.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence

from games.core import GameError, RecordError
from games.core.jsonable import JSON
from games.core.tournament_events import (
    TOURNAMENT_CODEC,
    AdjudicationWithdrawn,
    GameAdjudicated,
    ResultRecorded,
    RoundCompleted,
    RoundStarted,
    Seating,
)
from games.core.tournament_record import TOURNAMENT_FILE, TournamentRecord, chain_breaks
from games.core.tournament_standings import standing_columns, standing_fields, standings
from games.core.tournament_state import RulingKind, TournamentState, evolve, fold_tournament
from games.core.visible import tournament_hidden_text
from games.core.wording import counted
from replay.verify import Checked, Conclusion, RecordSummary, Verdict

STANDINGS_FILE = "standings.csv"
Numbered = Sequence[tuple[int, object]]
"""A tournament record's events, decoded, each with its version."""
BOUND = "every result is bound to its game's verified record: its end, scores and places"
RECOUNTED = f"{STANDINGS_FILE} agrees with a recount of the results"
COMPLETE = "every round recorded complete has a result at each table, before the next starts"


def verify_tournament(
    record: TournamentRecord, games: Mapping[str, Checked], standings_csv: str | None
) -> Verdict:
    """Check ``record`` against the game files of its archive (``games``, by name, as
    ``verify_record`` found them) and the text of its ``standings.csv`` (None if absent)."""
    verdict = Verdict(events=len(record.entries))
    breaks = chain_breaks(record.entries)
    _add(verdict, breaks, f"hash chain over {counted(verdict.events, 'event')}")
    if breaks:  # the checks' ✓ would vouch for events the chain shows altered (docs)
        return verdict
    try:
        events = [(e.version, TOURNAMENT_CODEC.decode(e.event)) for e in record.entries]
        state = fold_tournament([event for _, event in events])
    except (GameError, ValueError) as exc:
        verdict.problems.append(f"cannot read the events: {exc}")
        return verdict
    checks = (
        (_listing_problems(record, state), "its games and players are those its rounds seat"),
        (list(_result_problems(events, state, record, games)), BOUND),
        (list(_completion_problems(events)), COMPLETE),
        (list(_seating_problems(events, record, games)), "every seating agrees with its game"),
        (_standings_problems(state, standings_csv), RECOUNTED),
        (list(tournament_hidden_text(record)), "its names and reasons hold what a server stores"),
    )
    for problems, check in checks:
        _add(verdict, problems, check)
    if any(table.rulings for round_ in state.rounds for table in round_.tables):
        _add(verdict, list(_withdrawal_problems(events)), _rulings_check(state))
    verdict.cannot_verify = _rules_gaps(record, games)
    return verdict


def membership_problems(
    record: TournamentRecord, name: str, game: RecordSummary | None
) -> list[str]:
    """Why the game file ``name`` of an archive is not one of its tournament's games ([] when
    it is): a file left over from another export would otherwise verify beside them."""
    listed = record.listed_files.get(name)
    problems = [] if listed else [f"not listed in {TOURNAMENT_FILE}: not a game of this tournament"]
    header = game.header if game is not None else {}
    if game is not None and header.get("tournament") != record.tournament_id:
        problems.append(
            f"its header names tournament {header.get('tournament')!r}, not this archive's "
            f"{record.tournament_id}"
        )
    if game is not None and listed and header.get("game_id") != listed:
        problems.append(
            f"{TOURNAMENT_FILE} lists it as game {listed}, but its header names game "
            f"{header.get('game_id')}"
        )
    return problems


def _add(verdict: Verdict, problems: list[str], check: str) -> None:
    """A check is shown as passed only when it found no problem."""
    verdict.problems += problems
    if not problems:
        verdict.checks.append(check)


def _listing_problems(record: TournamentRecord, state: TournamentState) -> list[str]:
    """The games list of ``tournament.json`` lies outside its chain: it must name exactly the
    games the rounds seat. And every player seated or given a bye must have registered."""
    seated = {table.game_id for round_ in state.rounds for table in round_.tables}
    listed = set(record.game_files)
    problems = [f"game {g} is seated but not in the list of games" for g in sorted(seated - listed)]
    problems += [
        f"the list of games names game {g}, which no round seats" for g in sorted(listed - seated)
    ]
    problems += _outside_the_chain(record, state)
    registered = {entrant.name for entrant in state.entrants}
    for round_ in state.rounds:
        present = [p for table in round_.tables for p in table.players] + list(round_.byes)
        problems += [
            f"round {round_.number} seats {player}, who never registered"
            for player in present
            if player not in registered
        ]
    return problems


def _outside_the_chain(record: TournamentRecord, state: TournamentState) -> list[str]:
    """Where ``tournament.json``'s own fields, which lie outside the chain, say otherwise than
    its events: the tournament's id and name, and the round and table each game is listed at
    (as a game record's header must agree with its events)."""
    problems = []
    if record.tournament_id != state.tournament_id:
        problems.append(
            f"{TOURNAMENT_FILE} names tournament {record.tournament_id}, but its events "
            f"create {state.tournament_id}"
        )
    if record.name != state.spec.name:
        problems.append(
            f"{TOURNAMENT_FILE} names the tournament {record.name!r}, but its events name it "
            f"{state.spec.name!r}"
        )
    for round_ in state.rounds:
        for table in round_.tables:
            listed = record.listed_at.get(table.game_id, (round_.number, table.number))
            if listed != (round_.number, table.number):
                problems.append(
                    f"the list of games puts game {table.game_id} at round {listed[0]} table "
                    f"{listed[1]}, but round {round_.number} seats it at table {table.number}"
                )
    return problems


def _result_problems(
    events: Numbered, state: TournamentState, record: TournamentRecord, games: Mapping[str, Checked]
) -> Iterator[str]:
    for version, event in events:
        if isinstance(event, ResultRecorded | GameAdjudicated | AdjudicationWithdrawn):
            problem = _misplaced(state, event)
            if not problem and isinstance(event, ResultRecorded):
                problem = _unbound(record, games, event)
            if problem:
                yield f"version {version}: {problem}"


def _misplaced(
    state: TournamentState, result: ResultRecorded | GameAdjudicated | AdjudicationWithdrawn
) -> str:
    """A result counts for the players of the table it names, so that table must be the one
    that plays its game, and the result must have a place and a score for every seat. A
    withdrawal, too, must name the table that plays its game."""
    where = f"round {result.round} table {result.table}"
    round_ = next((r for r in state.rounds if r.number == result.round), None)
    table = next((t for t in round_.tables if t.number == result.table), None) if round_ else None
    if table is None:
        return f"a result for {where}, which no round seats"
    if table.game_id != result.game_id:
        return (
            f"the result of game {result.game_id} is given to {where}, whose game is "
            f"{table.game_id}"
        )
    if isinstance(result, AdjudicationWithdrawn):
        return ""
    if not len(result.places) == len(result.scores) == len(table.players):
        return (
            f"the result for {where} does not give each of its {len(table.players)} seats a "
            "place and a score"
        )
    return ""


def _unbound(record: TournamentRecord, games: Mapping[str, Checked], result: ResultRecorded) -> str:
    """Why ``result`` is not bound to a verified record of its game ("" when it is)."""
    file = record.game_files.get(result.game_id)
    game = games.get(file) if file is not None else None
    if file is None:
        return f"game {result.game_id} has no record here"
    if game is None or game.record is None:
        return f"{file} is missing or unreadable"
    if game.verdict.conclusion is Conclusion.FAILED:
        return f"{file} fails verification ({game.verdict.problems[0]})"
    try:
        end = game.record.end_chain()
    except RecordError as exc:
        return f"{file}: {exc}"
    if end != result.chain:
        return (
            f"the result of game {result.game_id} is bound to chain {result.chain[:12]}…, but "
            f"{file} ends on {end[:12]}…"
        )
    return _disagreement(result, game.record.result or {})


def _disagreement(result: ResultRecorded, line: Mapping[str, JSON]) -> str:
    recorded = (list(result.places), list(result.scores))
    if recorded == (line.get("places"), line.get("scores")):
        return ""
    return (
        f"the result of game {result.game_id} has places {recorded[0]} and scores "
        f"{recorded[1]}, but its record's result line has places {line.get('places')} and "
        f"scores {line.get('scores')}"
    )


def _completion_problems(events: Numbered) -> Iterator[str]:
    """A round is recorded complete (``RoundCompleted``) only once every table of it has a
    result, and the next round starts only after that, as the service records them: the
    record is folded event by event to see the round as it was then. A result taken out of
    a round, its chain re-hashed and its standings recounted, would otherwise drop its
    game's points from the standings while every result left is bound to its game."""
    state = fold_tournament([events[0][1]])
    for version, event in events[1:]:
        current = state.current
        if isinstance(event, RoundStarted) and current is not None and not current.completed:
            yield (
                f"version {version}: round {event.round} starts before round {current.number} "
                "is complete"
            )
        if isinstance(event, RoundCompleted):
            unfinished = _unfinished(state, event.round)
            if unfinished:
                yield f"version {version}: round {event.round} is complete, but {unfinished}"
        state = evolve(state, event)


def _unfinished(state: TournamentState, number: int) -> str:
    """Why round ``number`` is not complete ("" when every table of it has a result)."""
    round_ = next((r for r in state.rounds if r.number == number), None)
    if round_ is None:
        return "it never started"
    waiting = [str(table.number) for table in round_.open_tables]
    if not waiting:
        return ""
    if len(waiting) == 1:
        return f"table {waiting[0]} has no result"
    return f"tables {', '.join(waiting)} have no result"


def _withdrawal_problems(events: Numbered) -> Iterator[str]:
    """Every withdrawal withdraws the ruling in force at its table when it is recorded: the
    record is folded event by event to see what was in force then."""
    state = fold_tournament([events[0][1]])
    for version, event in events[1:]:
        if isinstance(event, AdjudicationWithdrawn):
            found = state.find_game(event.game_id)
            if found is not None and not found[1].adjudicated:
                yield (
                    f"version {version}: withdraws a ruling at round {event.round} table "
                    f"{event.table}, which had none in force"
                )
        state = evolve(state, event)


def _rulings_check(state: TournamentState) -> str:
    """The organiser's rulings as the record holds them: how many, corrected, withdrawn."""
    rulings = [r for round_ in state.rounds for t in round_.tables for r in t.rulings]
    withdrawn = sum(r.kind is RulingKind.WITHDRAWN for r in rulings)
    corrected = sum(
        earlier.kind is later.kind is RulingKind.ADJUDICATED
        for round_ in state.rounds
        for table in round_.tables
        for earlier, later in zip(table.rulings, table.rulings[1:], strict=False)
    )
    adjudications = counted(len(rulings) - withdrawn, "adjudication")
    return (
        f"every withdrawal withdraws the ruling then in force ({adjudications}, "
        f"{counted(corrected, 'correction')} among them, {counted(withdrawn, 'withdrawal')}; "
        "each taken as recorded, with its reason)"
    )


def _seating_problems(
    events: Numbered, record: TournamentRecord, games: Mapping[str, Checked]
) -> Iterator[str]:
    for version, event in events:
        if not isinstance(event, RoundStarted):
            continue
        for seating in event.tables:
            file = record.game_files.get(seating.game_id)
            game = games.get(file) if file is not None else None
            if game is not None and game.record is not None:
                problem = _unseated(record.tournament_id, event.round, seating, game.record.header)
                if problem:
                    yield f"version {version}: {problem}"


def _unseated(tournament: str, round_: int, seating: Seating, header: Mapping[str, JSON]) -> str:
    """Where a seating and its game's header disagree ("" where they do not): the header is
    read from the game's own events, so it says who really played, and where."""
    where = f"round {round_} table {seating.table}"
    if header.get("players") != list(seating.players):
        return (
            f"{where} seats {list(seating.players)}, but its game's header names "
            f"{header.get('players')}"
        )
    said = tuple(header.get(key) for key in ("tournament", "round", "table", "game_id"))
    if said != (tournament, round_, seating.table, seating.game_id):
        return (
            f"{where} plays game {seating.game_id}, but that game's header places it in "
            f"tournament {said[0]}, round {said[1]}, table {said[2]} as game {said[3]}"
        )
    return ""


def _standings_problems(state: TournamentState, text: str | None) -> list[str]:
    """The archive's standings against a recount from the record's results, by the code the
    service ranks with. The file lies outside the chain and only the columns the recount
    gives are compared, so its header must be the exporter's exactly (``_header_problems``)
    and no line may hold a cell beyond it: a column added, renamed or left without a name
    would otherwise pass unread."""
    if text is None:
        return [f"{STANDINGS_FILE} is missing"]
    try:
        rows = standings(state, state.completed_rounds)
    except (KeyError, IndexError):  # a result or seating found wrong above
        return ["the standings cannot be recounted from these results and seatings"]
    reader = csv.DictReader(io.StringIO(text))
    wrong_header = _header_problems(reader.fieldnames or [], standing_columns(rows))
    if wrong_header:
        return wrong_header
    recount = [standing_fields(row) for row in rows]
    archived = list(reader)
    for rank, (want, got) in enumerate(zip(recount, archived, strict=False), start=1):
        if None in got:  # DictReader's key for the cells beyond the header
            extra = counted(len(got[None]), "cell")
            return [f"{STANDINGS_FILE}: rank {rank} has {extra} more than its header has columns"]
        differing = [column for column, value in want.items() if got.get(column) != value]
        if differing:
            return [
                f"{STANDINGS_FILE}: rank {rank} is {_described(got, differing)}, but the "
                f"recount from the results gives {_described(want, differing)}"
            ]
    if len(recount) != len(archived):
        return [f"{STANDINGS_FILE} ranks {len(archived)} players, the recount {len(recount)}"]
    return []


def _header_problems(found: Sequence[str], written: Sequence[str]) -> list[str]:
    """Why the header of ``standings.csv`` is not ``written``, the one the exporter writes
    for these standings (``standing_columns``): [] when it is, column for column."""
    if list(found) == list(written):
        return []
    named = {
        "has {} the exporter does not write": [c for c in found if c not in written],
        "lacks {} the exporter writes": [c for c in written if c not in found],
        "has {} more than once": sorted({c for c in found if found.count(c) > 1}),
    }
    problems = [
        f"{STANDINGS_FILE} {says.format('a column' if len(columns) == 1 else 'columns')}: "
        f"{', '.join(columns)}"
        for says, columns in named.items()
        if columns
    ]
    return problems or [
        f"{STANDINGS_FILE} has the exporter's columns in another order: "
        f"{', '.join(found)}, where it writes {', '.join(written)}"
    ]


def _described(row: Mapping[str, str | None], columns: list[str]) -> str:
    details = ", ".join(f"{column} {row.get(column)}" for column in columns if column != "player")
    return f"{row.get('player')} ({details})" if details else str(row.get("player"))


def _rules_gaps(record: TournamentRecord, games: Mapping[str, Checked]) -> str:
    """Why some results cannot be confirmed here: their games' records need other rules
    versions, so their result lines could not be re-derived from the events."""
    gaps = [
        name
        for name, game in games.items()
        if name in record.listed_files and game.verdict.conclusion is Conclusion.CANNOT_VERIFY
    ]
    if not gaps:
        return ""
    return (
        f"{len(gaps)} of its games need another rules version, so the result lines their "
        "results are checked against could not be re-derived here"
    )
