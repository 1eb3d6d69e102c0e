"""A tournament's state: the fold of its events (immutable; no validation, no I/O).

``evolve`` applies; the use cases judge before they append (the same split as the games:
"decide judges, evolve applies", docs/architecture.md §4). Shared by the service and the
replay tool, which folds an archive's record to recount its standings (``tournament_record``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from games.core.tournament_events import (
    AdjudicationWithdrawn,
    GameAdjudicated,
    PlayerDropped,
    PlayerRegistered,
    PlayerReinstated,
    ResultRecorded,
    RoundCompleted,
    RoundStarted,
    Spec,
    TournamentCreated,
)


class ResultKind(StrEnum):
    PLAYED = "played"  # the game ended and its outcome was recorded
    ADJUDICATED = "adjudicated"  # the organiser set the result, with a reason


class RulingKind(StrEnum):
    ADJUDICATED = "adjudicated"  # the organiser set the result (a later one corrects it)
    WITHDRAWN = "withdrawn"  # the organiser withdrew the ruling in force


@dataclass(frozen=True)
class Ruling:
    """One of the organiser's rulings on a table, as recorded: an adjudication (its places,
    forfeits and reason) or the withdrawal of the one in force (its reason)."""

    kind: RulingKind
    reason: str
    places: tuple[int, ...] = ()
    forfeits: tuple[int, ...] = ()


@dataclass(frozen=True)
class Entrant:
    name: str
    seed: int  # registration order, from 1
    token_hash: str
    withdrawn: bool = False
    withdrawn_in: int = 0  # rounds started when they withdrew (standings after a round)


@dataclass(frozen=True)
class TableResult:
    kind: ResultKind
    scores: tuple[int, ...]
    places: tuple[int, ...]
    forfeits: tuple[int, ...] = ()
    reason: str = ""
    chain: str = ""


@dataclass(frozen=True)
class Table:
    number: int
    game_id: str
    players: tuple[str, ...]
    result: TableResult | None = None
    rulings: tuple[Ruling, ...] = ()  # every ruling on the table, oldest first

    @property
    def adjudicated(self) -> bool:
        """The table's result is a ruling in force (not the game's own, nor none)."""
        return self.result is not None and self.result.kind is ResultKind.ADJUDICATED

    @property
    def ruling_changed(self) -> bool:
        """A ruling on the table was corrected or withdrawn: its result alone no longer
        tells its history."""
        return len(self.rulings) > 1 or (bool(self.rulings) and not self.adjudicated)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    completed: bool = False

    @property
    def open_tables(self) -> tuple[Table, ...]:
        return tuple(table for table in self.tables if table.result is None)


@dataclass(frozen=True)
class TournamentState:
    tournament_id: str
    spec: Spec
    organiser_token_hash: str
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Round, ...] = ()

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def completed_rounds(self) -> int:
        """How many rounds have every result in: a round starts only when the one before
        is complete, so they are the first ones."""
        return sum(1 for round_ in self.rounds if round_.completed)

    @property
    def active(self) -> tuple[Entrant, ...]:
        """Entrants still taking part (not withdrawn), in seed order."""
        return tuple(e for e in self.entrants if not e.withdrawn)

    def find_game(self, game_id: str) -> tuple[Round, Table] | None:
        for round_ in self.rounds:
            for table in round_.tables:
                if table.game_id == game_id:
                    return round_, table
        return None


def start(created: TournamentCreated) -> TournamentState:
    return TournamentState(created.tournament_id, created.spec, created.organiser_token_hash)


def evolve(state: TournamentState, event: object) -> TournamentState:
    """The state after one event (total: an event that names nothing known changes nothing)."""
    if isinstance(event, PlayerRegistered):
        entrant = Entrant(event.player, len(state.entrants) + 1, event.token_hash)
        return replace(state, entrants=(*state.entrants, entrant))
    if isinstance(event, PlayerDropped):
        return replace(state, entrants=_withdrawn(state, event.player))
    if isinstance(event, PlayerReinstated):
        return replace(state, entrants=_reinstated(state, event.player))
    if isinstance(event, RoundStarted):
        tables = tuple(Table(s.table, s.game_id, s.players) for s in event.tables)
        return replace(state, rounds=(*state.rounds, Round(event.round, tables, event.byes)))
    if isinstance(event, ResultRecorded):
        return _with_table(state, event.round, event.table, _played(event))
    if isinstance(event, GameAdjudicated):
        return _with_table(state, event.round, event.table, _ruled(event))
    if isinstance(event, AdjudicationWithdrawn):
        withdrawn = _with_table(state, event.round, event.table, _unruled(event))
        return _with_round(withdrawn, event.round, lambda r: replace(r, completed=False))
    if isinstance(event, RoundCompleted):
        return _with_round(state, event.round, lambda r: replace(r, completed=True))
    return state


def fold_tournament(events: list[object]) -> TournamentState:
    """The state after a whole stream, which begins with ``TournamentCreated``."""
    created = events[0]
    if not isinstance(created, TournamentCreated):
        raise ValueError("a tournament's stream begins with TournamentCreated")
    state = start(created)
    for event in events[1:]:
        state = evolve(state, event)
    return state


def _reinstated(state: TournamentState, player: str) -> tuple[Entrant, ...]:
    """The entrants with ``player``'s withdrawal undone, as if it had never been."""
    return tuple(
        replace(e, withdrawn=False, withdrawn_in=0) if e.name == player else e
        for e in state.entrants
    )


def _withdrawn(state: TournamentState, player: str) -> tuple[Entrant, ...]:
    """The entrants with ``player`` withdrawn in the round in play (or the last one started):
    the standings after an earlier round show them as they were then."""
    started = len(state.rounds)
    return tuple(
        replace(e, withdrawn=True, withdrawn_in=started) if e.name == player else e
        for e in state.entrants
    )


def _played(event: ResultRecorded) -> Callable[[Table], Table]:
    result = TableResult(ResultKind.PLAYED, event.scores, event.places, chain=event.chain)
    return lambda table: replace(table, result=result)


def _ruled(event: GameAdjudicated) -> Callable[[Table], Table]:
    """The ruling is the table's result, whatever it was before, and joins its rulings."""
    result = TableResult(
        ResultKind.ADJUDICATED, event.scores, event.places, event.forfeits, event.reason
    )
    ruling = Ruling(RulingKind.ADJUDICATED, event.reason, event.places, event.forfeits)
    return lambda table: replace(table, result=result, rulings=(*table.rulings, ruling))


def _unruled(event: AdjudicationWithdrawn) -> Callable[[Table], Table]:
    """The table has no result until its game's own is recorded; the withdrawal joins its
    rulings, so the ruling withdrawn and why stay in its history."""
    ruling = Ruling(RulingKind.WITHDRAWN, event.reason)
    return lambda table: replace(table, result=None, rulings=(*table.rulings, ruling))


def _with_table(
    state: TournamentState, number: int, table: int, change: Callable[[Table], Table]
) -> TournamentState:
    def update(round_: Round) -> Round:
        tables = tuple(change(t) if t.number == table else t for t in round_.tables)
        return replace(round_, tables=tables)

    return _with_round(state, number, update)


def _with_round(
    state: TournamentState, number: int, change: Callable[[Round], Round]
) -> TournamentState:
    rounds = tuple(change(r) if r.number == number else r for r in state.rounds)
    return replace(state, rounds=rounds)
