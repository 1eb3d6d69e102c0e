"""The tournament use cases: create, register, drop, start a round, claim a seat, adjudicate
(and correct or withdraw a ruling), and the reads (state, pairings, standings, record).

Results are recorded by an explicit check, not by a background follower: every use case,
reads included, first records the outcome of each game of an open round that has ended
(``_record_results``), in the same save as its own events. A tournament therefore never shows
a stale result, and there is no follower position to keep (docs/tournaments.md, "Results").
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from games.core.record import GENESIS
from games.core.rules import Outcome
from games.core.tournament_events import (
    TOURNAMENT_CODEC,
    PlayerDropped,
    PlayerRegistered,
    PlayerReinstated,
    ResultRecorded,
    RoundCompleted,
    RoundStarted,
    Seating,
    Spec,
    TournamentCreated,
)
from games.core.tournament_record import end_chain
from games.core.tournament_standings import Standing, standings
from games.core.tournament_state import Entrant, Round, Table, TournamentState, fold_tournament
from services.application import ConcurrentWriteError
from services.application.aggregate import Game, GameSeed
from services.application.streams import parse_id as parse_game_id
from services.application.text import looks_alike, name_key
from services.application.tokens import new_token, token_hash
from services.tournaments.aggregate import Tournament
from services.tournaments.archive import archive_files
from services.tournaments.errors import (
    AlreadyRegisteredError,
    NotInTournamentError,
    TournamentRequestError,
    TournamentStateError,
)
from services.tournaments.judging import adjudication, require_round_over, withdrawal
from services.tournaments.rounds import next_plan
from services.tournaments.spec import (
    MAX_PLAYERS,
    MAX_REASON,
    clean_text,
    is_finished,
    require_round_cap,
)
from services.tournaments.streams import (
    TournamentStreams,
    parse_id,
    require_organiser,
    require_player,
)


@dataclass(frozen=True)
class Registration:
    player: str
    seed: int
    token: str  # the player's bearer token, for claiming a seat each round


@dataclass(frozen=True)
class SeatClaim:
    round: int
    table: int
    game_id: str
    seat: int
    token: str  # the seat's bearer token in the table's game
    replaced: bool  # the player had claimed the seat before: that token no longer works


class Tournaments(TournamentStreams):
    """The tournament use cases, over the game service's use cases and store."""

    # -- organiser actions ----------------------------------------------------------------

    def create_tournament(self, spec: Spec) -> tuple[str, str]:
        """Create a tournament; returns its id and the organiser's bearer token."""
        tournament_id, token = str(uuid.uuid4()), new_token()
        created = TournamentCreated(tournament_id, spec, token_hash(token))
        aggregate = Tournament(record=self._seal(GENESIS, 1, created).as_json())
        self._save(aggregate)
        return tournament_id, token

    def register_player(self, tournament_id: str, token: str, name: str) -> Registration:
        """Enter a player; refused once round 1 has started, and for a name already taken."""
        name = clean_text(name, "player name")
        player_token = new_token()
        with self._writing(tournament_id, token) as aggregate:
            state = aggregate.state
            if state.rounds:
                raise TournamentStateError(
                    "registration closed when round 1 started", reason="REGISTRATION_CLOSED"
                )
            if len(state.entrants) >= MAX_PLAYERS:
                raise TournamentStateError(
                    f"a tournament takes at most {MAX_PLAYERS:,} players", reason="TOURNAMENT_FULL"
                )
            _require_free(state, name)
            self._append(aggregate, PlayerRegistered(name, token_hash(player_token)))
        return Registration(name, len(state.entrants) + 1, player_token)

    def drop_player(self, tournament_id: str, token: str, name: str, reason: str) -> Entrant:
        """Withdraw a player from later rounds; their results so far stay in the standings.
        Answers the player as they are now.

        A round in play is left as it is: the player keeps their seat in it (``claim_seat``),
        and their table ends when its game does or when the organiser adjudicates it.
        """
        name = clean_text(name, "player name")  # tidied as registering tidied it
        reason = clean_text(reason, "reason", MAX_REASON)
        with self._writing(tournament_id, token) as aggregate:
            entrant = _registered(aggregate.state, name)
            if entrant.withdrawn:
                raise TournamentStateError(
                    f"{entrant.name} has already withdrawn", reason="ALREADY_WITHDRAWN"
                )
            self._append(aggregate, PlayerDropped(entrant.name, reason))
            return _registered(aggregate.state, entrant.name)

    def reinstate_player(self, tournament_id: str, token: str, name: str, reason: str) -> Entrant:
        """Undo a withdrawal, as if it had never been: the player is paired again from the
        next round. Answers the player as they are now.

        Only while no round has been paired since the withdrawal: a round started without
        the player cannot take them in, so after one the withdrawal stands.
        """
        name = clean_text(name, "player name")
        reason = clean_text(reason, "reason", MAX_REASON)
        with self._writing(tournament_id, token) as aggregate:
            state = aggregate.state
            entrant = _registered(state, name)
            if not entrant.withdrawn:
                raise TournamentStateError(
                    f"{entrant.name} has not withdrawn", reason="NOT_WITHDRAWN"
                )
            if entrant.withdrawn_in != len(state.rounds):
                raise TournamentStateError(
                    f"round {len(state.rounds)} was paired without {entrant.name}, so their "
                    "withdrawal stands",
                    reason="REINSTATE_TOO_LATE",
                )
            self._append(aggregate, PlayerReinstated(entrant.name, reason))
            return _registered(aggregate.state, entrant.name)

    def start_round(self, tournament_id: str, token: str) -> Round:
        """Pair the next round and create each table's game with its tournament, round and
        table in the game's ``GameCreated``."""
        with self._writing(tournament_id, token) as aggregate:
            state = aggregate.state
            require_round_over(state)
            if is_finished(state):
                raise TournamentStateError(
                    "every round has been played", reason="TOURNAMENT_COMPLETE"
                )
            require_round_cap(state)
            plan = next_plan(state)
            if not plan.tables:
                active = len(state.active)
                raise TournamentStateError(
                    f"{active} active {'player' if active == 1 else 'players'} cannot fill a "
                    f"table: the smallest has {state.spec.smallest_table} seats",
                    reason="TOO_FEW_PLAYERS",
                )
            number = len(state.rounds) + 1
            tables = [
                (table, players, *self._open_table(state, number, table, len(players)))
                for table, players in enumerate(plan.tables, start=1)
            ]
            seatings = tuple(Seating(t, str(game.id), players) for t, players, game, _ in tables)
            self._append(aggregate, RoundStarted(number, seatings, plan.byes))
            # The games are stored with the round, in one transaction: a round refused
            # (another server stored a change to the tournament first) leaves no game behind.
            self._save(aggregate, *(part for _, _, game, seed in tables for part in (game, seed)))
        return aggregate.state.rounds[-1]

    def adjudicate(
        self,
        tournament_id: str,
        token: str,
        game_id: str,
        places: Sequence[int],
        forfeits: Sequence[int],
        reason: str,
    ) -> Table:
        """Set a table's result as arbiter (places and/or forfeiting seats), with a reason. On
        a table already adjudicated this corrects the ruling: the new one is the result, and
        the earlier one stays in the record and the table's rulings."""
        reason = clean_text(reason, "reason", MAX_REASON)
        game_id = str(parse_game_id(game_id))
        with self._writing(tournament_id, token) as aggregate:
            round_, table = _table_of(aggregate.state, game_id)
            finished = self._outcome(table.game_id)
            self._append(
                aggregate,
                adjudication(aggregate.state, round_, table, places, forfeits, reason, finished),
            )
            self._complete_round(aggregate, round_.number)
        return _table_of(aggregate.state, game_id)[1]

    def withdraw_adjudication(
        self, tournament_id: str, token: str, game_id: str, reason: str
    ) -> Table:
        """Withdraw the ruling in force at a table, with a reason (``judging.withdrawal``): the
        game's own result is recorded at once if it has ended, else the table is in play
        again (and its round, until the game ends or is adjudicated)."""
        reason = clean_text(reason, "reason", MAX_REASON)
        game_id = str(parse_game_id(game_id))
        with self._writing(tournament_id, token) as aggregate:
            round_, table = _table_of(aggregate.state, game_id)
            finished = self._outcome(table.game_id)
            self._append(aggregate, withdrawal(aggregate.state, round_, table, reason, finished))
            self._record_results(aggregate)
        return _table_of(aggregate.state, game_id)[1]

    # -- players --------------------------------------------------------------------------

    def claim_seat(self, tournament_id: str, player_token: str) -> SeatClaim:
        """Take the player's seat in this round's game; answers the seat's bearer token.

        A tournament's games are reserved for the players it seats there, and this is the
        one way into them. A player withdrawn during a round keeps the seat they had in it
        (withdrawing takes them out of later rounds only); their table is played, or
        adjudicated like any other no-show.
        """
        state = self.tournament(tournament_id)
        entrant = require_player(state, player_token)
        round_, table = _seat_of(state, entrant)
        seat = table.players.index(entrant.name)
        grant = self.games.claim_reserved_seat(
            table.game_id, state.tournament_id, entrant.name, seat
        )
        return SeatClaim(
            round_.number, table.number, table.game_id, seat, grant.token, grant.replaced
        )

    # -- reads (each records the results of games that have ended) ------------------------

    def tournament(self, tournament_id: str) -> TournamentState:
        """The tournament now, with the results of every game that has ended."""
        return self.current(tournament_id)[0]

    def current(self, tournament_id: str) -> tuple[TournamentState, int]:
        """The tournament now (as ``tournament``) and its version."""
        uid = parse_id(tournament_id)
        with self._lock(uid):
            try:
                return self._with_results(uid)
            except ConcurrentWriteError:
                # Another server stored a change first: the results it recorded, or one
                # checked before a game here had ended; check again on what it stored.
                return self._with_results(uid)

    def _with_results(self, uid: uuid.UUID) -> tuple[TournamentState, int]:
        """The tournament as stored, with the results of ended games recorded and saved."""
        aggregate = self._load(uid)
        if self._record_results(aggregate):
            self._save(aggregate)
        return aggregate.state, aggregate.version

    def pairings(self, tournament_id: str, round_number: int = 0) -> Round:
        """The tables of a round (0: the current round)."""
        state = self.tournament(tournament_id)
        if not state.rounds:
            raise TournamentStateError("no round has started yet", reason="NO_ROUND")
        number = round_number or len(state.rounds)
        if not 1 <= number <= len(state.rounds):
            raise TournamentRequestError(
                f"rounds so far: 1 to {len(state.rounds)}", reason="BAD_ROUND"
            )
        return state.rounds[number - 1]

    def standings(
        self, tournament_id: str, after_round: int = 0
    ) -> tuple[TournamentState, tuple[Standing, ...]]:
        """The state and the standings after a completed round (0: the last completed one).

        A round in play counts only when it is complete: until then its tables' results
        are in the pairings, and the standings say only what is final.
        """
        state = self.tournament(tournament_id)
        completed = state.completed_rounds
        if not 0 <= after_round <= completed:
            raise TournamentRequestError(_standings_available(state), reason="BAD_ROUND")
        return state, standings(state, after_round or completed)

    def export(self, tournament_id: str) -> Iterator[tuple[str, bytes]]:
        """The tournament archive, file by file (``archive.py``)."""
        self.tournament(tournament_id)  # records the results of games that have ended
        entries = self.record(tournament_id)
        state = fold_tournament([TOURNAMENT_CODEC.decode(entry.event) for entry in entries])
        return archive_files(state, entries, self._has_ended, self.games.record)

    # -- internals ------------------------------------------------------------------------

    @contextmanager
    def _writing(self, tournament_id: str, token: str) -> Iterator[Tournament]:
        """Lock, load, check the organiser token, record ended games; save on success."""
        uid = parse_id(tournament_id)
        with self._lock(uid):
            aggregate = self._load(uid)
            require_organiser(aggregate.state, token)
            self._record_results(aggregate)
            yield aggregate
            self._save(aggregate)

    def _record_results(self, aggregate: Tournament) -> bool:
        """Append the outcome of every game of an open round that has ended; True if any."""
        before = len(aggregate.pending_events)
        for round_ in aggregate.state.rounds:
            if round_.completed:
                continue
            for table in round_.open_tables:
                finished = self._outcome(table.game_id)
                if finished is not None:
                    scores, places, chain = finished
                    event = ResultRecorded(
                        round_.number, table.number, table.game_id, scores, places, chain
                    )
                    self._append(aggregate, event)
            self._complete_round(aggregate, round_.number)
        return len(aggregate.pending_events) > before

    def _complete_round(self, aggregate: Tournament, number: int) -> None:
        round_ = aggregate.state.rounds[number - 1]
        if not round_.completed and not round_.open_tables:
            self._append(aggregate, RoundCompleted(number))

    def _outcome(self, game_id: str) -> tuple[tuple[int, ...], tuple[int, ...], str] | None:
        """(scores, places, chain value of its end) of a game that has ended, else None.

        The chain is the end's (``end_chain``), not the stream's head: a dispute opened on the
        game before this check ran must not move the value the result is bound to. Reading
        the events happens once per game, when its result is recorded.
        """
        outcome = self._game_outcome(game_id)
        if outcome is None:
            return None
        return outcome.scores, outcome.places, end_chain(self.games.read_events(game_id))

    def _has_ended(self, game_id: str) -> bool:
        """Whether the game has ended, from its state now: no read of its events."""
        return self._game_outcome(game_id) is not None

    def _game_outcome(self, game_id: str) -> Outcome | None:
        game = self.games.game_info(game_id)
        return game.rules.outcome(game.state)

    def _open_table(
        self, state: TournamentState, number: int, table: int, seats: int
    ) -> tuple[Game, GameSeed]:
        """The game of table ``table`` of round ``number`` and its seed, not stored yet."""
        spec = state.spec
        return self.games.new_tournament_game(
            spec.game,
            seats,
            ruleset=spec.ruleset,
            tournament=state.tournament_id,
            round_number=number,
            table=table,
        )


def _entrant(state: TournamentState, name: str) -> Entrant | None:
    """The entrant of this name, in any case and however its accents are composed
    (``name_key``): a name stored before names were put in composed form is found too."""
    key = name_key(name)
    return next((e for e in state.entrants if name_key(e.name) == key), None)


def _require_free(state: TournamentState, name: str) -> None:
    """Refuse a name that is an entrant's (``_entrant``) or would be taken for one on a
    screen (``looks_alike``): in standings, pairings and the archive, ``Ada`` with a
    Cyrillic A (U+0410) beside a Latin ``Ada`` would pass for that player."""
    taken = _entrant(state, name)
    if taken is not None:
        raise AlreadyRegisteredError(
            f"{taken.name!r} is already registered; give this player another name"
        )
    alike = next((e for e in state.entrants if looks_alike(e.name, name)), None)
    if alike is not None:
        raise AlreadyRegisteredError(
            f"{name!r} looks like {alike.name!r}, who is already registered (letters of "
            "other scripts, or letters drawn alike); give this player a name that can be told "
            "apart"
        )


def _registered(state: TournamentState, name: str) -> Entrant:
    entrant = _entrant(state, name)
    if entrant is None:
        raise NotInTournamentError(f"no player {name!r}", reason="PLAYER_NOT_FOUND")
    return entrant


def _table_of(state: TournamentState, game_id: str) -> tuple[Round, Table]:
    """The round and table that play ``game_id``."""
    found = state.find_game(game_id)
    if found is None:
        raise NotInTournamentError(f"game {game_id} is not part of this tournament")
    return found


def _seat_of(state: TournamentState, entrant: Entrant) -> tuple[Round, Table]:
    """The round in play and the entrant's table in it, or why they have none."""
    round_ = state.current
    if round_ is not None:
        table = next((t for t in round_.tables if entrant.name in t.players), None)
        if table is not None:
            return round_, table
    if entrant.withdrawn:
        raise TournamentStateError(f"{entrant.name} has withdrawn", reason="WITHDRAWN")
    if round_ is None:
        raise TournamentStateError("no round has started yet", reason="NO_ROUND")
    if entrant.name in round_.byes:
        raise TournamentStateError(
            f"{entrant.name} has a bye in round {round_.number}", reason="BYE"
        )
    raise TournamentStateError(f"{entrant.name} is not seated in round {round_.number}")


def _standings_available(state: TournamentState) -> str:
    """Which rounds standings can be asked after, for a refusal's message."""
    completed = state.completed_rounds
    in_play = f"; round {completed + 1} is in play" if len(state.rounds) > completed else ""
    if not completed:
        return "no round is complete yet" + in_play
    return f"standings are kept after rounds 1 to {completed}" + in_play
