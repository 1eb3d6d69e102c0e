"""The synchronous Python client: one typed method per RPC, deadlines on every call.

with GameClient("127.0.0.1:50051") as client:
    game_id = client.create_game("bourgeoisie", seats=2).game_id
    seat = client.join_game(game_id, "Ada")
    client.token = seat.token
    legal = client.list_legal_actions(game_id)
    client.submit_action(game_id, legal.version, legal.actions[0].action)
    for message in client.watch(game_id):  # reconnects and resumes by itself
        ...

Every call has a deadline: ``timeout`` for unary calls, ``stream_timeout`` for each stream
(``watch`` simply reconnects when a stream reaches it). A refusal or a connection failure is
raised as ``TabletopError`` carrying the status code and the machine-readable reason.

A server that goes away for a while (a restart) is waited for, up to ``reconnect_for``
seconds of failures in a row: by ``watch``, and by the calls a bot makes, which may be sent
again unchanged (``get_view``, ``list_legal_actions``, ``submit_action`` with its command id).
A rate-limited call is sent again after the wait the server asks for.

The connection is plaintext; ``GameClient(target, tls=True)`` connects over TLS, and
``GameClient(target, ca_cert="ca.pem")`` over TLS trusting only that CA file.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import closing
from types import TracebackType
from typing import Any, Self

import grpc
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients import calls
from clients.calls import GAME_KINDS, PERSPECTIVES
from clients.errors import TabletopError, from_rpc_error
from clients.watching import StreamGapError, WatchCursor

Chooser = Callable[[pb.ListLegalActionsResponse], pb.Action]
"""Picks an action from a seat's legal actions (called again after each refresh)."""


class GameClient(calls.GameConnection):
    """A connection to one server; ``token`` is sent as the seat's bearer token when set.

    ``GameClient(target, token="", *, tls=False, ca_cert=None, timeout=10.0,
    stream_timeout=300.0, reconnect_for=30.0)``, ``target`` being ``host:port`` or an
    ``Endpoint``. The connection is plaintext unless ``tls`` is set (trusting the default
    root certificates) or ``ca_cert`` names a PEM file whose CA certificates alone are
    trusted, such as a self-signed server certificate. A CA file that cannot be used raises
    ``ClientSettingError`` (BAD_TLS_CA) here, before any call.
    """

    def _connect(self) -> None:
        self._channel = self.endpoint.channel()
        self._stub = game_service_pb2_grpc.GameServiceStub(self._channel)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._channel.close()

    @classmethod
    def for_command(cls, args: argparse.Namespace) -> GameClient:
        """A client for a command's ``--server``, ``--tls`` and ``--tls-ca``
        (``calls.server_flag``) acting for its ``--token``, when it has one."""
        return cls(calls.Endpoint.for_command(args), getattr(args, "token", ""))

    def _call(self, method: Any, request: Any, *, idempotent: bool = False) -> Any:
        """One unary call, sent again for as long as ``calls.retry_pause`` says: through an
        outage when it is ``idempotent``, and after the wait a rate limit asks for."""
        outage = calls.Outage(self.reconnect_for)
        while True:
            try:
                answer = method(request, timeout=self.timeout, metadata=calls.bearer(self.token))
            except grpc.RpcError as error:
                refused = from_rpc_error(error, self.endpoint.target)
            else:
                self.reached = True
                return answer
            pause = calls.retry_pause(outage, refused, idempotent=idempotent, reached=self.reached)
            time.sleep(pause)

    def _stream(
        self, method: Any, request: Any, timeout: float | None
    ) -> Generator[Any, None, None]:
        call = method(
            request, timeout=timeout or self.stream_timeout, metadata=calls.bearer(self.token)
        )
        try:
            for response in call:
                self.reached = True
                yield response
        except grpc.RpcError as error:
            raise from_rpc_error(error, self.endpoint.target) from None
        finally:
            call.cancel()

    # -- one method per RPC ----------------------------------------------------------------

    def list_games(self) -> pb.ListGamesResponse:
        """The games the server plays: each one's seat range, rulesets and rules version."""
        return self._call(self._stub.ListGames, pb.ListGamesRequest(), idempotent=True)

    def create_game(self, game: str, seats: int, ruleset: str = "") -> pb.CreateGameResponse:
        """A new game of ``game`` (``bourgeoisie``, ...) with empty seats."""
        return self._call(self._stub.CreateGame, calls.create_game(game, seats, ruleset))

    def join_game(
        self, game_id: str, player_name: str, seat: int | None = None
    ) -> pb.JoinGameResponse:
        """Take ``seat`` (the first free one when None); the answer carries its token."""
        return self._call(self._stub.JoinGame, calls.join_game(game_id, player_name, seat))

    def submit_action(
        self, game_id: str, expected_version: int, action: pb.Action, command_id: str = ""
    ) -> pb.SubmitActionResponse:
        """Submit ``action`` decided at ``expected_version`` (ABORTED if the game moved on).

        The request keeps its command id (a fresh one unless given) when it is sent again
        after a lost answer, so the server stores the action at most once.
        """
        request = calls.submit_action(game_id, expected_version, action, command_id)
        return self._call(self._stub.SubmitAction, request, idempotent=True)

    def get_view(
        self, game_id: str, perspective: str = "", version: int | None = None
    ) -> pb.GetViewResponse:
        """The game now (or at ``version``) through ``perspective``: public, seat or full."""
        request = calls.get_view(game_id, perspective, version)
        return self._call(self._stub.GetView, request, idempotent=True)

    def list_legal_actions(
        self, game_id: str, version: int | None = None
    ) -> pb.ListLegalActionsResponse:
        """The token's seat's legal actions now (or at ``version``: what it was offered
        then), and the version they were listed at."""
        request = calls.list_legal_actions(game_id, version)
        return self._call(self._stub.ListLegalActions, request, idempotent=True)

    def read_events(
        self, game_id: str, after_version: int = 0, limit: int = 0
    ) -> Iterator[common_pb2.Event]:
        """Stored events after ``after_version`` (at most ``limit``; 0 for all)."""
        request = calls.read_events(game_id, after_version, limit)
        for response in self._stream(self._stub.ReadEvents, request, None):
            yield response.event

    def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> Generator[pb.WatchGameResponse, None, None]:
        """One WatchGame stream: catch up after ``after_version``, then follow live until the
        game ends or the stream's deadline (``timeout``, default ``stream_timeout``)."""
        request = calls.watch_game(game_id, after_version, perspective)
        yield from self._stream(self._stub.WatchGame, request, timeout)

    def fork_game(self, game_id: str, version: int) -> pb.ForkGameResponse:
        """A what-if game from ``game_id`` at ``version`` (a finished game, or as the arbiter)."""
        request = pb.ForkGameRequest(game_id=game_id, version=version)
        return self._call(self._stub.ForkGame, request)

    def open_dispute(self, game_id: str, version: int, claim: str) -> pb.OpenDisputeResponse:
        """Open a dispute about ``version`` as the token's seat or the arbiter."""
        request = pb.OpenDisputeRequest(game_id=game_id, version=version, claim=claim)
        return self._call(self._stub.OpenDispute, request)

    def rule_dispute(
        self, game_id: str, dispute_id: str, ruling: str, upheld: bool
    ) -> pb.RuleDisputeResponse:
        """Rule on an open dispute (the arbiter's token)."""
        request = pb.RuleDisputeRequest(
            game_id=game_id, dispute_id=dispute_id, ruling=ruling, upheld=upheld
        )
        return self._call(self._stub.RuleDispute, request)

    # -- conveniences on top ---------------------------------------------------------------

    def watch(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        *,
        resumes: bool = False,
        stream_timeout: float | None = None,
    ) -> Iterator[pb.WatchGameResponse]:
        """Every update after ``after_version`` until the game ends, across dropped streams.

        A stream cut by the network, a server restart or its own deadline is reopened after
        the last version received, so each version arrives exactly once, in order; one
        caught-up marker is passed on, or with ``resumes`` each new stream's: a marker after
        the first says the watch reconnected, and is the moment for a bot to look again at
        what it may have missed (a decision that failed while the server was away), since no
        update comes while the game waits for it. A rate-limited reconnection waits as long
        as the server asks. Raises ``TabletopError`` (STREAM_LOST) when it cannot reconnect
        for ``reconnect_for`` seconds, or at once on a final refusal (NOT_FOUND...) or when
        no server answers before the first message (SERVER_UNREACHABLE, BAD_ADDRESS).
        Each stream lasts at most ``stream_timeout`` seconds (the client's by default).
        """
        cursor = WatchCursor(
            after_version, self.reconnect_for, resumes=resumes, reached=self.reached
        )
        while True:
            error: TabletopError | None = None
            try:
                stream = self.watch_game(game_id, cursor.last, perspective, stream_timeout)
                with closing(stream):
                    for message in stream:
                        if cursor.accept(message):
                            yield message
                        if cursor.needs_status(message) and self._ended_by(game_id, cursor.last):
                            return
                if cursor.finished:
                    return  # the server ends a finished game's stream after its last event
            except TabletopError as refused:
                error = refused
            except StreamGapError:
                error = None
            time.sleep(cursor.delay(error))

    def _ended_by(self, game_id: str, version: int) -> bool:
        """True when the game had already ended at ``version``."""
        now = self.get_view(game_id, "public")
        return bool(now.status.finished and now.version <= version)

    def submit_with_retry(
        self, game_id: str, choose: Chooser, attempts: int | None = None
    ) -> pb.SubmitActionResponse:
        """List the legal actions, let ``choose`` pick one and submit it; when the game moved
        on meanwhile (ABORTED), refresh and choose again, until the action is stored.

        Any stored event moves the version (another seat's action, a seat taken, a dispute
        opened or ruled), and each refusal means one was stored, so by default it never gives
        up while the game goes on; ``attempts`` caps the decisions when given. Each call
        waits out an outage and a rate limit (see the module), the submit keeping its command
        id. Raises ``TabletopError`` NO_DECISION when the seat has nothing to decide.
        """
        if attempts is not None and attempts < 1:
            raise ValueError("attempts must be at least 1")
        attempt = 0
        while True:
            attempt += 1
            legal = self.list_legal_actions(game_id)
            if not legal.actions:
                raise calls.no_decision(legal)
            try:
                return self.submit_action(game_id, legal.version, choose(legal))
            except TabletopError as error:
                if error.code is not grpc.StatusCode.ABORTED or attempt == attempts:
                    raise


__all__ = ["GAME_KINDS", "PERSPECTIVES", "Chooser", "GameClient", "TabletopError"]
