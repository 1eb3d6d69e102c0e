"""The organiser's judgements: when a round may start, what an adjudication records, when
one may be withdrawn, and (single elimination) when a ruling may no longer change who
advanced.

Pure checks that run before anything is stored (docs/tournaments.md, "Forfeits and
adjudication").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.core.tournament_events import AdjudicationWithdrawn, Format, GameAdjudicated
from games.core.tournament_standings import forfeit_places, table_winner
from games.core.tournament_state import ResultKind, Round, Table, TableResult, TournamentState
from services.tournaments.errors import TournamentRequestError, TournamentStateError

Finished = tuple[tuple[int, ...], tuple[int, ...], str] | None
"""(scores, places, chain) of a game that has ended, or None while it runs."""


GAMES_NAMED = 4
"""A refusal to start a round names the game of each unfinished table up to this many: a
status message is cut at 400 characters (``services/grpc_api/status.py``), and a game id
takes 36 of them."""
TABLES_NAMED = 40
"""Past this many unfinished tables the refusal names the first ones and counts the rest."""


def require_round_over(state: TournamentState) -> None:
    """A round starts only when every game of the one before has a result."""
    current = state.current
    if current is None or not current.open_tables:
        return
    raise TournamentStateError(
        f"round {current.number} has unfinished tables: {_unfinished(current.open_tables)}",
        reason="ROUND_IN_PROGRESS",
    )


def _unfinished(tables: Sequence[Table]) -> str:
    """The unfinished ``tables`` of a round, whole however many there are (a message cut
    short ends in the middle of a game id): each with its game when they are few, else by
    number, the first ``TABLES_NAMED`` and how many more."""
    if len(tables) <= GAMES_NAMED:
        return ", ".join(f"{t.number} (game {t.game_id})" for t in tables)
    named = ", ".join(str(t.number) for t in tables[:TABLES_NAMED])
    more = len(tables) - TABLES_NAMED
    rest = f" and {more} more" if more > 0 else ""
    return f"{named}{rest} (tabletop tournament pairings shows their games)"


def adjudication(
    state: TournamentState,
    round_: Round,
    table: Table,
    places: Sequence[int],
    forfeits: Sequence[int],
    reason: str,
    finished: Finished,
) -> GameAdjudicated:
    """The arbiter's result for ``table``.

    With ``places`` (one per seat, 1 = first; tied seats share the better place and the next
    places are skipped, as in a game's own result: 1, 1, 3) they are the result, and any
    ``forfeits`` among them must finish behind every seat that played; with only
    ``forfeits`` the present seats share first place and the forfeiting seats share the last
    (a forfeit win, as a bye is). Game scores are the game's own if it has ended, else 0.
    In single elimination, refused once the next round has started if it would put another
    player through (``require_same_advance``).
    """
    seats = len(table.players)
    absent = _require_forfeits(forfeits, seats)
    if places:
        _require_places(places, seats)
        _require_forfeits_behind(places, absent)
        chosen = tuple(places)
    elif absent:
        chosen = forfeit_places(seats, absent)
    else:
        raise TournamentRequestError(
            "give the places of every seat, or the seats that forfeited", reason="BAD_RESULT"
        )
    scores = finished[0] if finished is not None else (0,) * seats
    ruled = TableResult(ResultKind.ADJUDICATED, scores, chosen, absent, reason)
    require_same_advance(state, round_, table, ruled, "this ruling")
    return GameAdjudicated(
        round_.number, table.number, table.game_id, scores, chosen, absent, reason
    )


def _require_forfeits(forfeits: Sequence[int], seats: int) -> tuple[int, ...]:
    absent = tuple(sorted(set(forfeits)))
    if len(absent) != len(forfeits) or any(not 0 <= s < seats for s in absent):
        raise TournamentRequestError(
            f"forfeits name distinct seats from 0 to {seats - 1}", reason="BAD_RESULT"
        )
    return absent


def _require_places(places: Sequence[int], seats: int) -> None:
    if len(places) != seats or any(not 1 <= p <= seats for p in places):
        raise TournamentRequestError(
            f"give a place from 1 to {seats} for each of the {seats} seats", reason="BAD_RESULT"
        )
    if 1 not in places:
        raise TournamentRequestError("someone must finish first", reason="BAD_RESULT")
    ranked = [1 + sum(other < place for other in places) for place in places]
    if list(places) != ranked:
        raise TournamentRequestError(
            f"places {list(places)} do not rank the seats: tied seats share the better place "
            f"and the next is skipped (1, 1, 3); in that order the places are {ranked}",
            reason="BAD_RESULT",
        )


def _require_forfeits_behind(places: Sequence[int], absent: tuple[int, ...]) -> None:
    """A seat that forfeited finishes behind every seat that played (or level with the last)."""
    present = [place for seat, place in enumerate(places) if seat not in absent]
    if present and any(places[seat] < max(present) for seat in absent):
        raise TournamentRequestError(
            "a seat that forfeited cannot finish ahead of a seat that played", reason="BAD_RESULT"
        )


def withdrawal(
    state: TournamentState, round_: Round, table: Table, reason: str, finished: Finished
) -> AdjudicationWithdrawn:
    """The withdrawal of the ruling in force at ``table``: the game's own result counts
    again if the game has ended, else the table is back in play and its round with it.

    Refused when the table's result is no ruling (never adjudicated, or its ruling already
    withdrawn), and for a game still in play at a table of a round after which another
    has started: that round cannot be played on (correct the ruling instead). In single
    elimination, also refused once the next round has started if the game's own result
    would put another player through (``require_same_advance``).
    """
    where = f"table {table.number} of round {round_.number}"
    if not table.adjudicated:
        now = "its result is its game's own" if table.result else "its game is in play"
        raise TournamentStateError(
            f"{where} has no ruling in force to withdraw ({now})", reason="NOT_ADJUDICATED"
        )
    if finished is None and round_.number < len(state.rounds):
        raise TournamentStateError(
            f"the game of {where} has not ended, and round {round_.number + 1} has started, so "
            "the table cannot go back into play; correct the ruling instead (AdjudicateGame: "
            "tabletop tournament adjudicate)",
            reason="ROUND_CLOSED",
        )
    if finished is not None:
        scores, places, chain = finished
        own = TableResult(ResultKind.PLAYED, scores, places, chain=chain)
        require_same_advance(
            state, round_, table, own, "withdrawing the ruling (its game's own result)"
        )
    return AdjudicationWithdrawn(round_.number, table.number, table.game_id, reason)


def require_same_advance(
    state: TournamentState, round_: Round, table: Table, result: TableResult, change: str
) -> None:
    """Single elimination: once the next round has started, a new result at ``table`` must
    keep the player who went through (docs/tournaments.md, "Correcting or withdrawing a
    ruling"). That round was paired with them, and a knockout's later rounds are not paired
    again, so another winner would leave the bracket wrong: the player who lost on the new
    result would play on, and the one who won it would be out. A change that keeps the
    winner (its reason, the places behind them) is allowed; other formats only count points
    from a result, so a late change there stands and later pairings are left as they were.
    """
    if state.spec.format is not Format.SINGLE_ELIMINATION or round_.number >= len(state.rounds):
        return
    seeds = {entrant.name: entrant.seed for entrant in state.entrants}
    advanced = table_winner(table, seeds)
    instead = table_winner(replace(table, result=result), seeds)
    if advanced is None or advanced == instead:
        return
    later = round_.number + 1
    # Two names at their cap (64), the longest change, table and round: 400 characters,
    # the most a status message carries whole (services/grpc_api/status.py).
    raise TournamentStateError(
        f"{change} would put {instead} through from table {table.number} of round "
        f"{round_.number} instead of {advanced}, already paired in round {later}; a knockout "
        "is not paired again: keep them through, or drop them (tabletop tournament drop) "
        "and forfeit their game (adjudicate --forfeit)",
        reason="WINNER_ADVANCED",
    )
