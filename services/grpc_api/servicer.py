"""GameService: thin handlers that convert, call the use cases, and convert back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import grpc
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

import wire as convert
from games.core import SeatTaken
from games.core.errors import MalformedError
from games.core.rules import describe
from services.application import Games, Perspective, Viewer
from services.application.aggregate import Game
from services.application.errors import PermissionDeniedError, UnauthenticatedError
from services.application.folded import Folded, require_reached
from services.application.streams import require_token, seat_held
from services.application.tokens import token_hash
from services.grpc_api.signals import GameSignals

POLL_SECONDS = 1.0
T = TypeVar("T")

_PERSPECTIVES = {
    common_pb2.PERSPECTIVE_PUBLIC: Perspective.PUBLIC,
    common_pb2.PERSPECTIVE_SEAT: Perspective.SEAT,
    common_pb2.PERSPECTIVE_FULL: Perspective.FULL,
}
_PERSPECTIVE_PROTO = {value: key for key, value in _PERSPECTIVES.items()}


TOKEN_FORM = "authorization: Bearer <token>"
"""How a call presents a token; the scheme is case-insensitive, as RFC 7235 says of every
authentication scheme, so ``bearer`` and ``BEARER`` work too."""


def bearer_token(context: grpc.ServicerContext) -> str:
    """The token of ``authorization: Bearer <token>`` in the call metadata; '' when there is
    no such header, several, or one of another form (``call_token`` refuses those instead)."""
    headers = _authorization_headers(context)
    return _token_of(headers[0]) if len(headers) == 1 else ""


def call_token(context: grpc.ServicerContext) -> str:
    """The token a call presents, '' for a call without an ``authorization`` header.

    A header of another form (no scheme, another scheme, no token, several words), or more
    than one header, is refused as UNAUTHENTICATED ``TOKEN_MALFORMED`` rather than read as no
    token or as one of them: the caller meant to present a token, and being served as a
    spectator, or as whichever seat came first, would hide the mistake.
    """
    headers = _authorization_headers(context)
    if not headers:
        return ""
    if len(headers) > 1:
        raise UnauthenticatedError(
            f"the call has {len(headers)} authorization headers; send one, `{TOKEN_FORM}`",
            reason="TOKEN_MALFORMED",
        )
    token = _token_of(headers[0])
    if not token:
        raise UnauthenticatedError(
            f"the authorization header is not of the form `{TOKEN_FORM}`: the word Bearer "
            "(in any case), one space, then the token",
            reason="TOKEN_MALFORMED",
        )
    return token


def _authorization_headers(context: grpc.ServicerContext) -> list[str]:
    """Every ``authorization`` value of the call metadata (gRPC keys are lower case)."""
    return [
        value if isinstance(value, str) else value.decode("latin-1")
        for key, value in context.invocation_metadata()
        if key == "authorization"
    ]


def _token_of(header: str) -> str:
    """``<token>`` of ``Bearer <token>`` (scheme in any case), or '' for any other form."""
    words = header.split()
    if len(words) == 2 and words[0].lower() == "bearer":
        return words[1]
    return ""


class GameServicer(game_service_pb2_grpc.GameServiceServicer):  # type: ignore[misc]
    def __init__(self, games: Games, signals: GameSignals) -> None:
        self._games = games
        self._signals = signals

    def ListGames(
        self, request: pb.ListGamesRequest, context: grpc.ServicerContext
    ) -> pb.ListGamesResponse:
        return pb.ListGamesResponse(games=convert.games_to_proto())

    def CreateGame(
        self, request: pb.CreateGameRequest, context: grpc.ServicerContext
    ) -> pb.CreateGameResponse:
        game_id, version = self._games.create_game(
            convert.game_name(request.game),
            request.seats,
            ruleset=request.ruleset,
            options=[(o.name, o.value) for o in request.options],
        )
        return pb.CreateGameResponse(game_id=game_id, version=version)

    def JoinGame(
        self, request: pb.JoinGameRequest, context: grpc.ServicerContext
    ) -> pb.JoinGameResponse:
        seat = request.seat if request.HasField("seat") else None
        grant = self._games.join_game(
            request.game_id, request.player_name, seat, call_token(context)
        )
        return pb.JoinGameResponse(
            game_id=grant.game_id, seat=grant.seat, token=grant.token, version=grant.version
        )

    def SubmitAction(
        self, request: pb.SubmitActionRequest, context: grpc.ServicerContext
    ) -> pb.SubmitActionResponse:
        token = call_token(context)  # a malformed header first, as every call refuses it
        game = self._games.known_game(request.game_id)  # its kind and rules, not its state
        require_token(token)  # who asks, before what is asked: TOKEN_MISSING first
        try:
            action = convert.action_from_proto(game.game, request.action)
        except MalformedError:
            # A token that holds no seat here is refused before its unreadable action; a
            # readable one is checked with the token in the write, so no read is added.
            self._games.viewer(request.game_id, token, Perspective.SEAT)
            raise
        submitted = self._games.submit_action(
            request.game_id,
            token,
            request.expected_version,
            request.command_id,
            action,
        )
        # described as a watch describes them; without payloads, which a seat may not read
        events = [
            self._folded_event(request.game_id, game, step, full=False) for step in submitted.folded
        ]
        return pb.SubmitActionResponse(
            version=submitted.version, events=events, replayed=submitted.replayed
        )

    def GetView(
        self, request: pb.GetViewRequest, context: grpc.ServicerContext
    ) -> pb.GetViewResponse:
        token = call_token(context)
        perspective = _perspective(request.perspective, token)
        version = request.version if request.HasField("version") else None
        viewer, game = self._games.view(request.game_id, token, perspective, version)
        return pb.GetViewResponse(
            version=game.version,
            perspective=_PERSPECTIVE_PROTO[viewer.perspective],
            seat=viewer.seat,
            status=convert.status_to_proto(
                game.rules, game.state, game.ruleset, game.players, game.updated_at
            ),
            view=convert.view_to_proto(game.game, viewer.look(game.rules, game.state)),
        )

    def ListLegalActions(
        self, request: pb.ListLegalActionsRequest, context: grpc.ServicerContext
    ) -> pb.ListLegalActionsResponse:
        version = request.version if request.HasField("version") else None
        choices = self._games.legal_actions(request.game_id, call_token(context), version)
        game = self._games.known_game(request.game_id)  # its kind and rules: never change
        describe_action = game.rules.describe_action
        return pb.ListLegalActionsResponse(
            version=choices.version,
            seat=choices.seat,
            actions=[
                pb.LegalAction(
                    action=convert.action_to_proto(game.game, a),
                    description=describe_action(choices.state, a),
                )
                for a in choices.actions
            ],
        )

    def ReadEvents(
        self, request: pb.ReadEventsRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.ReadEventsResponse]:
        token = call_token(context)  # a malformed header first, as every call refuses it
        game = self._games.game_info(request.game_id)
        full = self._may_see_everything(request.game_id, token)
        if not full:  # the public's events: refused for a fork of a game still in play
            self._games.viewer(request.game_id, token, Perspective.PUBLIC)
        limit = request.limit or None  # 0: every event; a negative one is refused
        for folded in self._games.read_folded(request.game_id, request.after_version, limit):
            event = self._folded_event(request.game_id, game, folded, full)
            yield pb.ReadEventsResponse(event=event)

    def WatchGame(
        self, request: pb.WatchGameRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.WatchGameResponse]:
        token = call_token(context)
        perspective = _perspective(request.perspective, token)
        # The token is checked on the game as read then, which tells the seat it holds there.
        viewer, checked = self._games.view(request.game_id, token, perspective)
        # Resuming after a version stored since would skip a seat taken again among the
        # versions between, which voids the token unseen: the game as checked must hold it.
        require_reached(request.after_version, checked.version)
        retaken = _retaking(token, checked)
        last, state, at = request.after_version, None, None
        caught_up = False
        # Listen before catching up, so an event stored meanwhile still wakes us.
        with self._signals.listen(request.game_id) as waiter:
            while context.is_active():
                game = self._games.game_info(request.game_id)  # players may have joined
                # Seats taken after that read (its events are read next) are named from
                # their events: the update that reports a seat taken shows its player.
                players: Sequence[str] = game.players
                read = self._games.states_after(request.game_id, last, state)
                for folded, latest in _marking_last(read):
                    retaken(folded)
                    state, at = folded.after, folded.recorded.at
                    players = _seated(players, folded.event)
                    update = self._update(request.game_id, game, folded, viewer, latest, players)
                    yield pb.WatchGameResponse(update=update)
                    last = folded.recorded.version
                if not caught_up:
                    caught_up = True
                    marker = _caught_up(game, last, state, at, players)
                    yield pb.WatchGameResponse(caught_up=marker)
                # The stream ends once the watcher holds every version of a finished game
                # (also when it resumed after the last one and so read nothing new).
                if last >= game.version and game.rules.outcome(game.state) is not None:
                    return
                waiter.wait(POLL_SECONDS)

    def ForkGame(
        self, request: pb.ForkGameRequest, context: grpc.ServicerContext
    ) -> pb.ForkGameResponse:
        game_id, version = self._games.fork_game(
            request.game_id, request.version, call_token(context)
        )
        return pb.ForkGameResponse(game_id=game_id, version=version)

    def OpenDispute(
        self, request: pb.OpenDisputeRequest, context: grpc.ServicerContext
    ) -> pb.OpenDisputeResponse:
        dispute, version = self._games.open_dispute(
            request.game_id, request.version, request.claim, call_token(context)
        )
        return pb.OpenDisputeResponse(dispute_id=dispute, version=version)

    def RuleDispute(
        self, request: pb.RuleDisputeRequest, context: grpc.ServicerContext
    ) -> pb.RuleDisputeResponse:
        dispute, version = self._games.rule_dispute(
            request.game_id,
            request.dispute_id,
            request.ruling,
            request.upheld,
            call_token(context),
        )
        return pb.RuleDisputeResponse(version=version, dispute_id=dispute)

    # -- helpers --------------------------------------------------------------------------

    def _may_see_everything(self, game_id: str, token: str) -> bool:
        # Only a refusal of full information means "no"; a store that is down or an unknown
        # game is the caller's answer, not a quiet fall back to the public's events.
        try:
            self._games.viewer(game_id, token, Perspective.FULL)
        except (PermissionDeniedError, UnauthenticatedError):
            return False
        return True

    def _folded_event(
        self, game_id: str, game: Game, folded: Folded, full: bool
    ) -> common_pb2.Event:
        """The event on the wire as ReadEvents, WatchGame and an action's answer give it: its
        line also says what the fold shows that the events do not record (``describe``, given
        the states before and after it); its payload only when ``full``."""
        line = describe(game.rules, folded.event, game.ruleset, folded.after, before=folded.before)
        return convert.event_to_proto(game_id, folded.recorded, line, with_payload=full)

    def _update(
        self,
        game_id: str,
        game: Game,
        folded: Folded,
        viewer: Viewer,
        latest: bool,
        players: Sequence[str],
    ) -> pb.GameUpdate:
        """The update a watch sends for one stored event, ``folded`` with the game's states
        before it and after it, and the ``players`` seated once it is stored."""
        full = viewer.perspective is Perspective.FULL
        event = self._folded_event(game_id, game, folded, full)
        state = folded.after
        view = viewer.look(game.rules, state)
        return pb.GameUpdate(
            event=event,
            view=convert.view_to_proto(game.game, view),
            status=convert.status_to_proto(
                game.rules, state, game.ruleset, players, folded.recorded.at
            ),
            latest=latest,
        )


def _perspective(perspective: int, token: str) -> Perspective:
    """The perspective asked for; unset, a seat's with a token and the public's without."""
    if perspective == common_pb2.PERSPECTIVE_UNSPECIFIED:
        return Perspective.SEAT if token else Perspective.PUBLIC
    if perspective not in _PERSPECTIVES:
        raise MalformedError(
            f"unknown perspective {perspective}: PERSPECTIVE_PUBLIC, PERSPECTIVE_SEAT "
            "or PERSPECTIVE_FULL, or unset for a seat's view with a token and the "
            "public one without",
            reason="UNKNOWN_PERSPECTIVE",
        )
    return _PERSPECTIVES[perspective]


def _caught_up(
    game: Game, version: int, state: Any, at: str | None, players: Sequence[str]
) -> pb.CaughtUp:
    """The marker after a watch's stored events, with the game's status at ``version``: after
    the last event sent (its ``state``, stored ``at``, ``players`` seated by then), or, when
    none was, the game as read, which is then at that version (the read after it found
    nothing newer)."""
    if at is None:
        state, at = game.state, game.updated_at
    status = convert.status_to_proto(game.rules, state, game.ruleset, players, at)
    return pb.CaughtUp(version=version, status=status)


def _retaking(token: str, checked: Game) -> Callable[[Folded], None]:
    """What ends a watch opened with a seat's token at the event that takes that seat again
    under a new token, after ``checked``, the game as read when the token was checked: that
    voids the token (docs/api.md section 2), whose holder may read no more with it from then
    on, whatever the perspective and however long its stream runs. A watch without a token,
    or with the arbiter's, holds no seat and goes on."""
    seat = seat_held(checked, token) if token else None
    digest = token_hash(token) if seat is not None else ""

    def check(folded: Folded) -> None:
        event = folded.event
        if (
            digest
            and folded.recorded.version > checked.version
            and isinstance(event, SeatTaken)
            and event.seat == seat
            and event.token_hash != digest
        ):
            raise PermissionDeniedError(
                f"seat {event.seat} was taken again under a new token at version "
                f"{folded.recorded.version}, which voids this one: watch with the new token"
            )

    return check


def _seated(players: Sequence[str], event: object) -> Sequence[str]:
    """``players`` once ``event`` is stored: a ``SeatTaken`` names its seat's player."""
    if not isinstance(event, SeatTaken) or players[event.seat] == event.player:
        return players
    seated = list(players)
    seated[event.seat] = event.player
    return seated


def _marking_last(items: Iterable[T]) -> Iterator[tuple[T, bool]]:
    """Each item with True for the last one: of the events one store read returned, the last
    is the game's latest at that read (a batch is stored whole), so its update says so
    (``GameUpdate.latest``) and a bot can skip the updates of moments already past."""
    iterator = iter(items)
    for item in iterator:  # the first item; the inner loop takes the rest
        for following in iterator:
            yield item, False
            item = following
        yield item, True
