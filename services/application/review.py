"""Use cases for reviewing games: what-if forks and disputes.

A fork is a new game whose stream starts from another game's state at one version; it is
played like any other game. A dispute is a claim about one moment of a game, answered by an
arbiter's ruling; both are appended to the game's own stream, so the record is never edited.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Cause, CauseKind, GameCreated, GameOverError, RuleError
from games.core.jsonable import to_json
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled, GameForked
from services.application.aggregate import Game, codec_for
from services.application.errors import (
    InvalidRequestError,
    PermissionDeniedError,
    UnauthenticatedError,
)
from services.application.streams import (
    GameStreams,
    new_id,
    parse_id,
    require_token,
    seat_held,
)
from services.application.text import visible_text

MAX_TEXT = 2000
"""The longest dispute claim or ruling, in characters; both may run over several lines."""
MAX_OPEN_DISPUTES = 3
"""The open disputes one seat may hold at once (``TOO_MANY_OPEN_DISPUTES`` beyond)."""


class ReviewCases(GameStreams):
    def fork_game(self, game_id: str, version: int, token: str) -> tuple[str, int]:
        """A new game starting from ``game_id`` at ``version``; returns (new id, version).

        The origin's state there holds every secret (hands, deck order), so forking needs
        what full information needs: a finished origin, or an arbiter token. As for the full
        view, a token that is neither the arbiter's nor a seat's of this game is refused for
        what it is (docs/api.md §2), before who may fork is asked.
        """
        gid = parse_id(game_id)
        current = self._load(gid)
        # A mistyped arbiter token hears that it is wrong, never "arbiter only", nor, on a
        # finished game, is it taken for no token.
        self._require_token_of_game(current, token)
        self._require_full_information(current, token)
        self._require_current_rules(current)  # the fork would be played on under them
        origin = self._load_exactly(game_id, version)
        rules = origin.rules
        if rules.outcome(origin.state) is not None:
            raise GameOverError(
                "the game is over at that version: nothing is left to play; fork from a "
                "version before its end"
            )
        self._require_decision_point(game_id, version)
        first = codec_for(rules).decode(self.read_events(game_id, 0, 1)[0].event)
        assert isinstance(first, GameCreated)
        created = replace(first, origin_game_id=str(gid), origin_version=version)
        forked = GameForked(str(gid), version, origin.chain, to_json(origin.state))
        aggregate = self._start(rules, created, lambda _state, _chance: (forked,))
        return str(aggregate.id), aggregate.version

    def open_dispute(self, game_id: str, version: int, claim: str, token: str) -> tuple[str, int]:
        """Record a claim about the moment at ``version`` by a seat or the arbiter.

        Once the game is found, who asks comes before what is asked (docs/api.md section
        6): a missing token, one that is neither the arbiter's nor a seat's of this game, or a
        seat that holds all the open disputes it may, is refused before the claim and its
        version are read."""
        gid = parse_id(game_id)
        with self._lock(gid):
            aggregate = self._load(gid)  # an unknown game is NOT_FOUND whoever asks
            if not token:
                raise UnauthenticatedError(
                    "opening a dispute needs a seat's token or the arbiter's"
                )
            if self._is_arbiter(token):
                by = "the arbiter"
            else:
                by = f"seat {self._seat_of(aggregate, token)}"
                _require_room_for_a_claim(aggregate, by)
            claim = visible_text(claim, "claim", MAX_TEXT, lines=True)
            if not 1 <= version <= aggregate.version:
                raise InvalidRequestError(
                    f"versions run from 1 to {aggregate.version}", reason="BAD_VERSION"
                )
            dispute = new_id()
            opened = DisputeOpened(dispute, version, claim, by)
            self._append(aggregate, (opened,), Cause(CauseKind.DISPUTE, new_id()))
            self._save(aggregate)
            return dispute, aggregate.version

    def rule_dispute(
        self, game_id: str, dispute: str, ruling: str, upheld: bool, token: str
    ) -> tuple[str, int]:
        """Record the arbiter's ruling on an open dispute, named by its id or a prefix of it
        (``_open_dispute``); returns the dispute's full id and the new version.

        As ``open_dispute``: the game found first, then who asks (a token that is not this
        game's is told so, as on every call; a seat's hears that only the arbiter rules),
        then what is asked."""
        gid = parse_id(game_id)
        with self._lock(gid):
            aggregate = self._load(gid)  # an unknown game is NOT_FOUND whoever asks
            if not token:  # as every call that needs a token and has none
                raise UnauthenticatedError("ruling on a dispute needs the arbiter's token")
            self._require_token_of_game(aggregate, token)  # a mistyped one hears it is wrong
            if not self._is_arbiter(token):  # a seat's of this game
                raise PermissionDeniedError(
                    "only the arbiter rules on disputes", reason="ARBITER_ONLY"
                )
            ruling = visible_text(ruling, "ruling", MAX_TEXT, lines=True)  # then what is asked
            ruled = DisputeRuled(_open_dispute(aggregate, dispute), ruling, upheld)
            self._append(aggregate, (ruled,), Cause(CauseKind.DISPUTE, new_id()))
            self._save(aggregate)
            return ruled.dispute, aggregate.version

    def _require_full_information(self, current: Game, token: str) -> None:
        if not (self._secrets_out(current) or self._is_arbiter(token)):
            raise PermissionDeniedError(
                "a live game can be forked only with an arbiter token",
                reason="FULL_VIEW_NOT_ALLOWED",
            )

    def _secrets_out(self, game: Game) -> bool:
        """Whether anyone may see everything about ``game``: it has ended, and so has every
        game it descends from by forks — a fork's ``GameForked`` copies its origin's whole
        state (hands, deck order), and playing the fork on deals the origin's future."""
        if game.rules.outcome(game.state) is None:
            return False
        origin = self._origin_of(game)
        return not origin or self.secrets_out(origin)

    def secrets_out(self, game_id: str) -> bool:
        """Whether anyone may see everything about the game: it has ended, and so has every
        game it descends from by forks. Once true, true for ever (a game never resumes)."""
        return self._secrets_out(self._latest(parse_id(game_id)))

    # -- who asks (docs/api.md section 2, "Who may call what") ----------------------------

    def _seat_of(self, aggregate: Game, token: str) -> int:
        """The seat ``token`` holds in the game, for a call that only a seat may make."""
        require_token(token)
        seat = seat_held(aggregate, token)
        if seat is None:
            if self._is_arbiter(token):
                raise PermissionDeniedError(
                    "the arbiter's token holds no seat in this game; it reads the full view "
                    "(PERSPECTIVE_FULL; `tabletop view --as full`)"
                )
            self._require_no_origin_seat(aggregate, token)
            raise PermissionDeniedError(
                "this token holds no seat in this game: send the token that JoinGame (or a "
                "tournament's ClaimSeat) answered for this game"
            )
        return seat

    def _require_token_of_game(self, aggregate: Game, token: str) -> None:
        """Refuse a token that is neither the arbiter's nor a seat's of this game, also on a
        call that needs none (docs/api.md section 2): a mistyped arbiter token served as a
        spectator would look like a game with nothing to see."""
        if token and not self._is_arbiter(token) and seat_held(aggregate, token) is None:
            self._require_no_origin_seat(aggregate, token)
            raise PermissionDeniedError(
                "this token is neither a seat's of this game nor the arbiter's; call without "
                "a token to read what a spectator sees"
            )

    def _require_fork_access(self, game: Game, token: str) -> None:
        """Refuse anyone but the arbiter and the fork's own seats a fork whose origin still
        has secrets (``_secrets_out``): its every view would tell the origin's future. A
        token of neither is refused first for what it is (``_require_token_of_game``), so
        this refuses a call without a token."""
        origin = self._origin_of(game)
        if not origin or self.secrets_out(origin):
            return
        if self._is_arbiter(token) or (token and seat_held(game, token) is not None):
            return
        raise _private_fork(game, origin)

    def _require_no_origin_seat(self, game: Game, token: str) -> None:
        """Refuse as ``PRIVATE_FORK`` a seat's token of a game that ``game`` was forked from
        (or one that game was forked from, and so on) while the fork is kept private: its
        holder is told why it may not look, rather than that its token is wrong."""
        origin = self._origin_of(game)
        if not origin or self.secrets_out(origin):
            return
        ancestor = origin
        while ancestor:
            forked_from = self._latest(parse_id(ancestor))
            if seat_held(forked_from, token) is not None:
                raise _private_fork(game, origin)
            ancestor = self._origin_of(forked_from)

    def _origin_of(self, game: Game) -> str:
        """The game ``game`` was forked from ("" for none)."""
        if game.origin_game_id is not None:
            return game.origin_game_id
        created = META_CODEC.decode(self.read_events(str(game.id), 0, limit=1)[0].event)
        return created.origin_game_id if isinstance(created, GameCreated) else ""

    def _require_decision_point(self, game_id: str, version: int) -> None:
        # Mid-batch states are half-applied consequences of one action; play resumes only
        # where the game waited for a decision, i.e. after the last event of a batch.
        around = self.read_events(game_id, version - 1, 2)
        if len(around) == 2 and around[0].cause == around[1].cause:
            end = self._batch_end(game_id, version)
            start = self._batch_of(parse_id(game_id), around[0].cause.command_id, end)[0].version
            if start > 1:  # the version before the action: its seat decides it again
                raise RuleError(
                    f"version {version} is inside the consequences of one action; fork from "
                    f"the last event of its batch, version {end}, or from version {start - 1}, "
                    "before that action, to take it again (a roll it made is rolled afresh)",
                    reason="NOT_A_DECISION_POINT",
                )
            raise RuleError(  # inside the setup: no decision came before it
                f"version {version} is inside the game's setup; fork from its last event, "
                f"version {end}",
                reason="NOT_A_DECISION_POINT",
            )

    def _batch_end(self, game_id: str, version: int) -> int:
        """The last version stored by the same command as ``version``."""
        cause = self.read_events(game_id, version - 1, 1)[0].cause
        last = version
        while batch := self.read_events(game_id, last, 100):
            for recorded in batch:
                if recorded.cause != cause:
                    return last
                last = recorded.version
        return last

    def _load_exactly(self, game_id: str, version: int) -> Game:
        gid = parse_id(game_id)
        # Checked before loading at it: the store reads a version below 1 as "no such game".
        game = self._load(gid, version) if version >= 1 else self._latest(gid)
        if game.version != version:
            # Worded as ``open_dispute``'s refusal, with the versions there are to choose from.
            raise InvalidRequestError(
                f"the game has no version {version}: versions run from 1 to "
                f"{self._latest(gid).version}",
                reason="BAD_VERSION",
            )
        return game


def _private_fork(game: Game, origin: str) -> PermissionDeniedError:
    return PermissionDeniedError(
        f"game {game.id} is a what-if fork of game {origin}, which (or a game it was "
        "forked from) is still in play; the fork holds its secrets, so until that game "
        "ends only the arbiter and the fork's seats may see or join it",
        reason="PRIVATE_FORK",
    )


def _require_room_for_a_claim(game: Game, by: str) -> None:
    """A seat (``by``) holds at most ``MAX_OPEN_DISPUTES`` open disputes at once. Each one
    opened moves the game's version, and so overtakes every decision in play at the table: a
    seat without a limit could keep the others refreshing for ever. The arbiter's rulings make
    room again; the arbiter itself is not limited."""
    held = sum(1 for opener in game.disputes.values() if opener == by)
    if held >= MAX_OPEN_DISPUTES:
        raise RuleError(
            f"{by} already holds {held} open disputes, the most a seat may hold at once: it "
            "may open another once the arbiter has ruled on one",
            reason="TOO_MANY_OPEN_DISPUTES",
        )


def _open_dispute(game: Game, named: str) -> str:
    """The id of the open dispute ``named`` spells in full or begins.

    Reports, records and the command line show a dispute by the first 8 characters of its
    id, so the arbiter rules with what they read; a prefix that several open disputes begin
    with is refused with their ids, never resolved by a guess.
    """
    if not named:
        raise InvalidRequestError(
            "name the dispute to rule: its id, or its first characters", reason="DISPUTE_ID_MISSING"
        )
    if named in game.disputes:
        return named
    open_ids = sorted(game.disputes)
    found = [d for d in open_ids if d.startswith(named)]
    if len(found) > 1:
        raise InvalidRequestError(
            f"{len(found)} open disputes in this game begin with {named!r}: "
            f"{', '.join(found)}; give more of the id",
            reason="AMBIGUOUS_DISPUTE",
        )
    if not found:
        # Said with the disputes still open, since a ruled one leaves the list: the arbiter
        # may be ruling again on one already ruled, or have mistyped an id.
        still_open = ", ".join(d[:8] for d in open_ids) or "none"
        raise RuleError(
            f"no open dispute {named!r} in this game (open now: {still_open}); a dispute "
            "is ruled once",
            reason="NO_OPEN_DISPUTE",
        )
    return found[0]
