"""The asyncio Python client (``grpc.aio``): the same typed methods as ``GameClient``.

async with AsyncGameClient("127.0.0.1:50051") as client:
    game_id = (await client.create_game("bourgeoisie", seats=2)).game_id
    client.token = (await client.join_game(game_id, "Ada")).token
    legal = await client.list_legal_actions(game_id)
    await client.submit_action(game_id, legal.version, legal.actions[0].action)
    async for message in client.watch(game_id):  # reconnects and resumes by itself
        ...

Requests, the resume rule, the retry rule (an outage waited out for up to ``reconnect_for``
seconds by the calls that may be sent again, a rate limit's wait by every call) and the error
mapping are shared with the sync client (``clients.calls``, ``clients.errors``), so both
behave alike call for call.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, AsyncIterator
from types import TracebackType
from typing import Any

import grpc
import grpc.aio
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients import calls
from clients.errors import TabletopError, from_rpc_error
from clients.sdk import Chooser
from clients.watching import StreamGapError, WatchCursor


class AsyncGameClient(calls.GameConnection):
    """An asyncio connection to one server; ``token`` is the seat's bearer token when set.

    Built with the same arguments as ``GameClient``: plaintext, or TLS with ``tls`` and
    ``ca_cert``, and the same deadlines.
    """

    def _connect(self) -> None:
        self._channel = self.endpoint.aio_channel()
        self._stub = game_service_pb2_grpc.GameServiceStub(self._channel)

    async def __aenter__(self) -> AsyncGameClient:
        return self

    async def __aexit__(
        self, *exc: type[BaseException] | BaseException | TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self._channel.close(None)

    async def _call(self, method: Any, request: Any, *, idempotent: bool = False) -> Any:
        """One unary call, sent again for as long as ``calls.retry_pause`` says (see
        ``GameClient._call``)."""
        outage = calls.Outage(self.reconnect_for)
        while True:
            try:
                call = method(request, timeout=self.timeout, metadata=calls.bearer(self.token))
                answer = await call
            except grpc.RpcError as error:
                refused = from_rpc_error(error, self.endpoint.target)
            else:
                self.reached = True
                return answer
            pause = calls.retry_pause(outage, refused, idempotent=idempotent, reached=self.reached)
            await asyncio.sleep(pause)

    async def _stream(
        self, method: Any, request: Any, timeout: float | None
    ) -> AsyncGenerator[Any, None]:
        call = method(
            request, timeout=timeout or self.stream_timeout, metadata=calls.bearer(self.token)
        )
        try:
            async for response in call:
                self.reached = True
                yield response
        except grpc.RpcError as error:
            raise from_rpc_error(error, self.endpoint.target) from None
        finally:
            call.cancel()

    # -- one method per RPC ----------------------------------------------------------------

    async def list_games(self) -> pb.ListGamesResponse:
        """The games the server plays: each one's seat range, rulesets and rules version."""
        return await self._call(self._stub.ListGames, pb.ListGamesRequest(), idempotent=True)

    async def create_game(self, game: str, seats: int, ruleset: str = "") -> pb.CreateGameResponse:
        """A new game of ``game`` (``bourgeoisie``, ...) with empty seats."""
        return await self._call(self._stub.CreateGame, calls.create_game(game, seats, ruleset))

    async def join_game(
        self, game_id: str, player_name: str, seat: int | None = None
    ) -> pb.JoinGameResponse:
        """Take ``seat`` (the first free one when None); the answer carries its token."""
        request = calls.join_game(game_id, player_name, seat)
        return await self._call(self._stub.JoinGame, request)

    async def submit_action(
        self, game_id: str, expected_version: int, action: pb.Action, command_id: str = ""
    ) -> pb.SubmitActionResponse:
        """Submit ``action`` decided at ``expected_version`` (ABORTED if the game moved on),
        sent again with the same command id after a lost answer."""
        request = calls.submit_action(game_id, expected_version, action, command_id)
        return await self._call(self._stub.SubmitAction, request, idempotent=True)

    async def get_view(
        self, game_id: str, perspective: str = "", version: int | None = None
    ) -> pb.GetViewResponse:
        """The game now (or at ``version``) through ``perspective``: public, seat or full."""
        request = calls.get_view(game_id, perspective, version)
        return await self._call(self._stub.GetView, request, idempotent=True)

    async def list_legal_actions(
        self, game_id: str, version: int | None = None
    ) -> pb.ListLegalActionsResponse:
        """The token's seat's legal actions now (or at ``version``: what it was offered
        then), and the version they were listed at."""
        request = calls.list_legal_actions(game_id, version)
        return await self._call(self._stub.ListLegalActions, request, idempotent=True)

    async def read_events(
        self, game_id: str, after_version: int = 0, limit: int = 0
    ) -> AsyncIterator[common_pb2.Event]:
        """Stored events after ``after_version`` (at most ``limit``; 0 for all)."""
        request = calls.read_events(game_id, after_version, limit)
        async for response in self._stream(self._stub.ReadEvents, request, None):
            yield response.event

    async def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> AsyncGenerator[pb.WatchGameResponse, None]:
        """One WatchGame stream, until the game ends or the stream's deadline."""
        request = calls.watch_game(game_id, after_version, perspective)
        async for response in self._stream(self._stub.WatchGame, request, timeout):
            yield response

    async def fork_game(self, game_id: str, version: int) -> pb.ForkGameResponse:
        """A what-if game from ``game_id`` at ``version`` (a finished game, or as the arbiter)."""
        request = pb.ForkGameRequest(game_id=game_id, version=version)
        return await self._call(self._stub.ForkGame, request)

    async def open_dispute(self, game_id: str, version: int, claim: str) -> pb.OpenDisputeResponse:
        """Open a dispute about ``version`` as the token's seat or the arbiter."""
        request = pb.OpenDisputeRequest(game_id=game_id, version=version, claim=claim)
        return await self._call(self._stub.OpenDispute, request)

    async def rule_dispute(
        self, game_id: str, dispute_id: str, ruling: str, upheld: bool
    ) -> pb.RuleDisputeResponse:
        """Rule on an open dispute (the arbiter's token)."""
        request = pb.RuleDisputeRequest(
            game_id=game_id, dispute_id=dispute_id, ruling=ruling, upheld=upheld
        )
        return await self._call(self._stub.RuleDispute, request)

    # -- conveniences on top ---------------------------------------------------------------

    async def watch(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        *,
        resumes: bool = False,
        stream_timeout: float | None = None,
    ) -> AsyncIterator[pb.WatchGameResponse]:
        """Every update after ``after_version`` until the game ends, across dropped streams:
        each version exactly once, in order; one caught-up marker, or with ``resumes`` each
        stream's; each stream lasts at most ``stream_timeout`` seconds (see
        ``GameClient.watch``)."""
        cursor = WatchCursor(
            after_version, self.reconnect_for, resumes=resumes, reached=self.reached
        )
        while True:
            error: TabletopError | None = None
            ended = False
            stream = self.watch_game(game_id, cursor.last, perspective, stream_timeout)
            try:
                async for message in stream:
                    if cursor.accept(message):
                        yield message
                    if cursor.needs_status(message) and await self._ended_by(game_id, cursor.last):
                        return
                ended = True
            except TabletopError as refused:
                error = refused
            except StreamGapError:
                error = None
            finally:
                await stream.aclose()
            if ended and cursor.finished:
                return  # the server ends a finished game's stream after its last event
            await asyncio.sleep(cursor.delay(error))

    async def _ended_by(self, game_id: str, version: int) -> bool:
        now = await self.get_view(game_id, "public")
        return bool(now.status.finished and now.version <= version)

    async def submit_with_retry(
        self, game_id: str, choose: Chooser, attempts: int | None = None
    ) -> pb.SubmitActionResponse:
        """List, choose, submit; on ABORTED refresh and choose again until the action is
        stored, or ``attempts`` decisions when given (see ``GameClient``)."""
        if attempts is not None and attempts < 1:
            raise ValueError("attempts must be at least 1")
        attempt = 0
        while True:
            attempt += 1
            legal = await self.list_legal_actions(game_id)
            if not legal.actions:
                raise calls.no_decision(legal)
            try:
                return await self.submit_action(game_id, legal.version, choose(legal))
            except TabletopError as error:
                if error.code is not grpc.StatusCode.ABORTED or attempt == attempts:
                    raise
