"""The use cases of the game service: create, join, submit, view, legal actions, events.

Every write follows docs/architecture.md §2: load (snapshot + fold), check the command id, the seat
and the expected version, ask the pure rules to decide, seal the events into the hash chain and
append them in one transaction with optimistic concurrency. Commands on one game are serialised
in-process by a per-game lock; across processes the store's unique (game, version) key refuses the
loser, which is told to retry (ABORTED).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from games.core import (
    Cause,
    CauseKind,
    GameCreated,
    GameOverError,
    GameRecord,
    Recorded,
    SeatTaken,
    SeededChance,
    SeedRevealed,
)
from games.core.errors import MalformedError
from games.core.meta import META_CODEC
from games.core.record import record_of
from games.core.rules import AnyRules
from games.core.wording import counted
from games.registry import rules_for
from services.application.aggregate import Game, GameSeed, action_codec
from services.application.errors import (
    InvalidRequestError,
    PermissionDeniedError,
    SeatUnavailableError,
    StaleVersionError,
)
from services.application.folded import Folded, FoldedReads, folded_batch, refolded
from services.application.guards import quoted
from services.application.perspective import Perspective, Viewer
from services.application.review import ReviewCases
from services.application.sealing import canonical_bytes
from services.application.streams import new_id, parse_id
from services.application.text import visible_text
from services.application.tokens import new_token, token_hash

MAX_PLAYER_NAME = 64
"""The longest player name, in characters (one line of visible text: see text.py)."""
MAX_COMMAND_ID = 128
"""The longest command id, in characters: room for a UUID, a ULID or a client's own scheme.
Every event of an action carries its command id, so an unbounded one would be stored many
times over."""


@dataclass(frozen=True)
class SeatGrant:
    game_id: str
    seat: int
    token: str
    version: int
    replaced: bool = False  # the seat was the player's already: its earlier token is void


@dataclass(frozen=True)
class Choices:
    """A seat's legal actions at one version, with the state they were listed from: their
    descriptions name that state's cards, slots and costs, so they are written from it and
    not from the game as it is by then (another call may have moved it on)."""

    version: int
    seat: int
    actions: list[object]
    state: Any


@dataclass(frozen=True)
class Submitted:
    """The answer to an action: the version after it, the events it stored with the states
    around each (so that their lines say what a watch's say), and whether it was a retry."""

    version: int
    folded: tuple[Folded, ...]
    replayed: bool = False

    @property
    def events(self) -> tuple[Recorded, ...]:
        return tuple(step.recorded for step in self.folded)


@dataclass(frozen=True)
class Notification:
    """One stored game event in the store's total order."""

    position: int
    game_id: str
    recorded: Recorded


class Games(ReviewCases, FoldedReads):
    """The game service's use cases over one ``GameStore``."""

    # -- writes ---------------------------------------------------------------------------

    def create_game(
        self,
        game: str,
        seats: int,
        *,
        ruleset: str = "",
        options: Sequence[tuple[str, str]] = (),
        tournament: str = "",
        round_number: int = 0,
        table: int = 0,
    ) -> tuple[str, int]:
        """Create a game and deal its opening; returns (game id, version)."""
        rules = rules_for(game)
        ruleset = ruleset or rules.rulesets[0]
        _require_table(rules, seats, ruleset)
        _require_no_options(rules, options)
        aggregate = self._start(
            rules,
            _created(rules, ruleset, seats, options, tournament, round_number, table),
            rules.opening,
        )
        return str(aggregate.id), aggregate.version

    def new_tournament_game(
        self, game: str, seats: int, *, ruleset: str, tournament: str, round_number: int, table: int
    ) -> tuple[Game, GameSeed]:
        """A tournament table's game and its seed, not stored: the tournament stores them in
        the same transaction as the round that seats them, so a round refused (another
        server stored a change to the tournament first) leaves no game behind."""
        rules = rules_for(game)
        ruleset = ruleset or rules.rulesets[0]
        _require_table(rules, seats, ruleset)
        created = _created(rules, ruleset, seats, (), tournament, round_number, table)
        return self._new_game(rules, created, rules.opening)

    def join_game(
        self, game_id: str, player: str, seat: int | None = None, token: str = ""
    ) -> SeatGrant:
        """Take a seat (the first free one when ``seat`` is None); returns its bearer token.

        ``player`` is one line of visible text, 1 to ``MAX_PLAYER_NAME`` characters (runs of
        white space become one space): a view shows a free seat as an empty name, so a taken
        seat must never have one.

        Who asks comes before what is asked (docs/api.md section 6): a ``token``, though none
        is needed, must be the arbiter's or a seat's of this game (``_require_token_of_game``),
        and a what-if fork of a game still in play is joined only with one
        (``_require_fork_access``), all before the name is read. A tournament's game is
        refused: its seats belong to the players the tournament seated there, who take them
        with their player token (``claim_reserved_seat``).
        """
        gid = parse_id(game_id)
        game = self._latest(gid)  # as up to date as the store: a seat taken elsewhere counts
        self._require_token_of_game(game, token)
        self._require_fork_access(game, token)
        player = visible_text(player, "player name", MAX_PLAYER_NAME)
        if self._tournament_of(gid):
            raise PermissionDeniedError(
                "the seats of a tournament's game are reserved for its players: claim yours "
                "with `tabletop tournament claim` (TournamentService.ClaimSeat) and your "
                "player token",
                reason="SEAT_RESERVED",
            )
        return self._take_seat(game_id, player, seat)

    def claim_reserved_seat(
        self, game_id: str, tournament_id: str, player: str, seat: int
    ) -> SeatGrant:
        """Seat a tournament's player in one of its games: the only way into such a game.

        The tournament has checked the player's token and where they sit; this checks only
        that the game was created for that tournament. A player who claims the seat again
        gets a new seat token and the old one stops working: the player token proves who
        they are, so a lost seat token costs them nothing but the claim, and the record
        shows the seat taken twice.
        """
        gid = parse_id(game_id)
        if not tournament_id or self._tournament_of(gid) != tournament_id:
            raise PermissionDeniedError(
                "this game was not created for this tournament", reason="SEAT_RESERVED"
            )
        return self._take_seat(game_id, player, seat, again=True)

    def _take_seat(
        self,
        game_id: str,
        player: str,
        seat: int | None,
        *,
        again: bool = False,
    ) -> SeatGrant:
        """Seat ``player`` (at ``seat``, or the first free one); with ``again``, a seat the
        same player already holds is taken anew, under a new token."""

        def take_seat(aggregate: Game) -> SeatGrant:
            self._require_current_rules(aggregate)
            if aggregate.rules.outcome(aggregate.state) is not None:
                raise GameOverError("the game is over; its seats can no longer be taken")
            if again and seat is not None and _held_by(aggregate, seat, player):
                chosen, replaced = seat, True
            else:
                chosen, replaced = _free_seat(aggregate, seat), False
            token = new_token()
            taken = SeatTaken(seat=chosen, player=player, token_hash=token_hash(token))
            self._append(aggregate, (taken,), Cause(CauseKind.JOIN, new_id(), chosen))
            return SeatGrant(game_id, chosen, token, aggregate.version, replaced)

        return self._write(parse_id(game_id), take_seat)

    def _tournament_of(self, gid: UUID) -> str:
        """The tournament whose seats a game is reserved for ("" for none).

        A game a tournament created names it in its ``GameCreated``. A what-if fork copies
        that event but is no game of the tournament, so it is open to anyone. Read from the
        stream's first event: the aggregate, and so its snapshots, does not keep it.
        """
        first = self.read_events(str(gid), 0, limit=1)[0]
        created = META_CODEC.decode(first.event)
        if not isinstance(created, GameCreated) or created.origin_game_id:
            return ""
        return created.tournament

    def submit_action(
        self, game_id: str, token: str, expected_version: int, command_id: str, action: object
    ) -> Submitted:
        """Decide one action and append its events.

        A command id already answered (among the game's last ``ANSWERS_KEPT``) returns its
        first answer and stores nothing when it carries the same seat's same action, and is
        refused (``COMMAND_ID_REUSED``) when it does not. A command id longer than
        ``MAX_COMMAND_ID`` characters, or holding a control or invisible character, is refused
        (``BAD_COMMAND_ID``) once the token is found to hold a seat (who asks comes before what
        is asked, docs/api.md section 6), before it is looked up or anything is stored.
        A game created under another rules version than this build's is refused
        (``RULES_VERSION_MISMATCH``): its next move would be judged by other rules. A game
        that has ended refuses any new action as ``GAME_OVER`` whatever version it carries: a
        stale one answered ``ABORTED`` would send the client to decide again on nothing.
        """
        return self._write(
            parse_id(game_id),
            lambda aggregate: self._act(aggregate, token, expected_version, command_id, action),
        )

    def _act(
        self, aggregate: Game, token: str, expected_version: int, command_id: str, action: object
    ) -> Submitted:
        seat = self._seat_of(aggregate, token)
        _require_command_id(command_id)
        if command_id and command_id in aggregate.answered:
            return self._replayed(aggregate, seat, command_id, action)
        self._require_current_rules(aggregate)
        rules = aggregate.rules
        if rules.outcome(aggregate.state) is not None:  # before the version: nothing to redecide
            raise GameOverError("the game is over")
        _require_expected_version(expected_version, aggregate.version)
        seed = bytes.fromhex(self._seed(aggregate.id))
        before = aggregate.state
        events, states = rules.resolve(
            before, seat, action, SeededChance(seed, str(aggregate.version))
        )
        encoded = action_codec(rules).encode(action)
        cause = Cause(CauseKind.ACTION, command_id or new_id(), seat, encoded)
        sealed = self._append(aggregate, events, cause, state_after=states[-1])
        folded = folded_batch(sealed, events, before, states)
        if rules.outcome(aggregate.state) is not None:  # the seed is revealed in the same batch
            revealed = (SeedRevealed(seed=seed.hex()),)
            sealed = self._append(aggregate, revealed, cause, state_after=aggregate.state)
            folded += folded_batch(sealed, revealed, aggregate.state, (aggregate.state,))
        return Submitted(aggregate.version, folded)

    def _replayed(self, aggregate: Game, seat: int, command_id: str, action: object) -> Submitted:
        """The first answer to a command id sent again (its version and the events it stored),
        when it is the same seat's same action (a retry); a command id reused for another
        decision is refused, so a client's mistake is never answered as if its new action had
        been stored."""
        version = aggregate.answered[command_id]
        stored = self._batch_of(aggregate.id, command_id, version)
        cause = stored[-1].cause  # every event of the batch carries the action's cause
        asked = action_codec(aggregate.rules).encode(action)
        same = (
            cause.kind is CauseKind.ACTION
            and cause.seat == seat
            and cause.action is not None
            and canonical_bytes(cause.action.as_json()) == canonical_bytes(asked.as_json())
        )
        if not same:
            raise InvalidRequestError(
                f"command id {command_id!r} already answered a different request (version "
                f"{version}); send a new command id for a new decision",
                reason="COMMAND_ID_REUSED",
            )
        before = self._load(aggregate.id, version=stored[0].version - 1).state
        return Submitted(version, refolded(aggregate.rules, stored, before), replayed=True)

    # -- reads ----------------------------------------------------------------------------

    def viewer(self, game_id: str, token: str, perspective: Perspective) -> Viewer:
        """Who is asking, as far as the game may tell: a seat, the public, or full information.

        Full information is for the arbiter, or anyone once the game's secrets are out
        (``_secrets_out``); a fork of a game still in play is for the arbiter and its own
        seats alone (``_require_fork_access``). A token, where one is given, must be the
        arbiter's or a seat's of this game (``_require_token_of_game``).
        """
        return self._viewer_on(self._latest(parse_id(game_id)), token, perspective)

    def view(
        self, game_id: str, token: str, perspective: Perspective, version: int | None = None
    ) -> tuple[Viewer, Game]:
        """Who is asking (``viewer``) and the game they see: now, as read for that check, so
        a view is never of a version at which the token holds no seat (a seat claimed again
        meanwhile voids its earlier token); or at a past ``version`` (``game_info``)."""
        game = self._latest(parse_id(game_id))
        viewer = self._viewer_on(game, token, perspective)
        return viewer, game if version is None else self.game_info(game_id, version)

    def _viewer_on(self, aggregate: Game, token: str, perspective: Perspective) -> Viewer:
        if perspective is Perspective.SEAT:
            return Viewer(Perspective.SEAT, self._seat_of(aggregate, token))
        self._require_token_of_game(aggregate, token)  # before the fork's privacy, as on every call
        if perspective is Perspective.PUBLIC:
            self._require_fork_access(aggregate, token)
        if perspective is Perspective.FULL and not (
            self._is_arbiter(token) or self._secrets_out(aggregate)
        ):
            raise PermissionDeniedError(
                "full information is shown only after the game ends or to an arbiter",
                reason="FULL_VIEW_NOT_ALLOWED",
            )
        return Viewer(perspective)

    def legal_actions(self, game_id: str, token: str, version: int | None = None) -> Choices:
        """The legal actions of the seat the token holds, now or at a past ``version``.

        A past version's are what the seat was offered then (none inside a batch:
        ``_asked_after``), so they tell it nothing it was not told at the time; they are
        listed under this build's rules, which the game must be played under, as its actions
        now are. The token is checked against the game now: a token a later JoinGame made
        void reads nothing of the past either."""
        aggregate = self._latest(parse_id(game_id))
        seat = self._seat_of(aggregate, token)
        self._require_current_rules(aggregate)
        game = aggregate if version is None else self.game_info(game_id, version)
        asked = version is None or self._asked_after(game_id, version)
        actions = list(game.rules.legal_actions(game.state, seat)) if asked else []
        return Choices(game.version, seat, actions, game.state)

    def _asked_after(self, game_id: str, version: int) -> bool:
        """Whether a decision was asked after ``version``: its event is the last its cause
        stored. The events of one cause (an action and its automatic steps, a seat taken, a
        dispute) are stored together, in one batch, and no one is asked to decide between
        them, so the options their states would give were never offered."""
        this, *following = self.read_events(game_id, version - 1, 2)
        return not following or following[0].cause != this.cause

    def known_game(self, game_id: str) -> Game:
        """Some version of the game, for what never changes (its kind, rules and seats): the
        cached one when there is one, so that asking costs no store read."""
        return self._known(parse_id(game_id))

    def game_info(self, game_id: str, version: int | None = None) -> Game:
        """The game (key, players, rules state) now, or at a past version.

        Read it, never change it: the game now is shared with other callers.
        """
        if version is not None and version < 1:
            raise InvalidRequestError("versions start at 1", reason="BAD_VERSION")
        gid = parse_id(game_id)
        game = self._latest(gid) if version is None else self._load(gid, version)
        if version is not None and game.version != version:
            raise InvalidRequestError(
                f"the game has only {counted(game.version, 'version')}", reason="BAD_VERSION"
            )
        return game

    def record(self, game_id: str) -> GameRecord:
        """The game as a record file: header, every event, and its result when finished."""
        events = self.read_events(game_id)
        return record_of(self._known(parse_id(game_id)).rules, events)

    def notifications(self, after: int, limit: int = 500) -> list[Notification]:
        """Stored game events after position ``after``, in the store's total order."""
        with self._store_guard():
            record_of = self.store.mapper.record_of
            return [
                Notification(item.id, str(item.originator_id), Recorded.from_json(record_of(item)))
                for item in self.store.game_notifications(after, limit)
            ]


def _created(
    rules: AnyRules,
    ruleset: str,
    seats: int,
    options: Sequence[tuple[str, str]],
    tournament: str,
    round_number: int,
    table: int,
) -> GameCreated:
    """A new game's first event, completed with its id and seed commitment when stored."""
    return GameCreated(
        game=rules.name,
        game_id="",
        rules_version=rules.rules_version,
        ruleset=ruleset,
        seats=seats,
        seed_commitment="",
        options=tuple(options),
        tournament=tournament,
        round=round_number,
        table=table,
    )


def _require_table(rules: AnyRules, seats: int, ruleset: str) -> None:
    if not rules.min_seats <= seats <= rules.max_seats:
        raise MalformedError(
            f"{rules.title} is for {rules.min_seats} to {rules.max_seats} seats, not {seats}",
            reason="BAD_SEAT_COUNT",
        )
    if ruleset not in rules.rulesets:
        raise MalformedError(
            f"{rules.title} has the rulesets {', '.join(rules.rulesets)}, not {ruleset!r}",
            reason="UNKNOWN_RULESET",
        )


def _require_no_options(rules: AnyRules, options: Sequence[tuple[str, str]]) -> None:
    """No game reads an option yet, so any option is refused rather than stored unread (and
    a client never believes a variant it asked for is being played)."""
    if options:
        raise InvalidRequestError(
            f"{rules.title} has no options; unknown option {quoted(options[0][0])}",
            reason="UNKNOWN_OPTION",
        )


def _require_command_id(command_id: str) -> None:
    """Every event of the action stores its command id, and every view of the record shows
    it, so it is short and holds nothing a terminal or a record line would misread."""
    if len(command_id) > MAX_COMMAND_ID:
        raise InvalidRequestError(
            f"a command id is at most {MAX_COMMAND_ID} characters, not {len(command_id)}",
            reason="BAD_COMMAND_ID",
        )
    hidden = next((c for c in command_id if unicodedata.category(c) in ("Cc", "Cf")), None)
    if hidden is not None:
        raise InvalidRequestError(
            f"a command id cannot hold the control or invisible character U+{ord(hidden):04X}",
            reason="BAD_COMMAND_ID",
        )


def _require_expected_version(expected: int, version: int) -> None:
    """A decision made at an earlier version is stale (ABORTED: refresh and decide again,
    docs/api.md §3). One at a version the game has not reached, or at none (0 is what an
    unset field reads as), is a mistake in the request: refreshing would not mend it."""
    if expected == version:
        return
    if 1 <= expected < version:
        raise StaleVersionError(
            f"the game is at version {version}, not {expected}: it moved on since the decision "
            f"was made; read the legal actions again and decide at version {version}"
        )
    wrong = "ahead of it" if expected > version else "not a version"
    raise InvalidRequestError(
        f"expected_version is the version the decision was made at: the game is at version "
        f"{version}, and {expected} is {wrong}",
        reason="BAD_VERSION",
    )


def _held_by(aggregate: Game, seat: int, player: str) -> bool:
    return (
        0 <= seat < len(aggregate.players)
        and bool(aggregate.token_hashes[seat])
        and aggregate.players[seat] == player
    )


def _free_seat(aggregate: Game, seat: int | None) -> int:
    free = [s for s, held in enumerate(aggregate.token_hashes) if not held]
    if seat is None:
        if not free:
            raise SeatUnavailableError(
                "every seat is taken: create another game, or watch this one without a token",
                reason="GAME_FULL",
            )
        return free[0]
    if not 0 <= seat < len(aggregate.token_hashes):
        raise InvalidRequestError(
            f"this game has seats 0 to {len(aggregate.token_hashes) - 1}", reason="BAD_SEAT"
        )
    if seat not in free:
        others = f"; free seats: {', '.join(map(str, free))}" if free else ", as is every seat"
        raise SeatUnavailableError(f"seat {seat} is taken{others}")
    return seat
