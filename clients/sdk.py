"""The synchronous Python client: one typed method per RPC, deadlines on every call.

with GameClient("127.0.0.1:50051") as client:
    game_id = client.create_game("bourgeoisie", seats=2).game_id
    seat = client.join_game(game_id, "Ada")
    client.token = seat.token
    legal = client.list_legal_actions(game_id)
    client.submit_action(game_id, legal.version, legal.actions[0].action)
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from types import TracebackType
from typing import Any

import grpc
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TabletopError, from_rpc_error

GAME_KINDS = {
    "bourgeoisie": common_pb2.GAME_KIND_BOURGEOISIE,
    "burgundy": common_pb2.GAME_KIND_BURGUNDY,
    "bruges": common_pb2.GAME_KIND_BRUGES,
}
PERSPECTIVES = {
    "": common_pb2.PERSPECTIVE_UNSPECIFIED,
    "public": common_pb2.PERSPECTIVE_PUBLIC,
    "seat": common_pb2.PERSPECTIVE_SEAT,
    "full": common_pb2.PERSPECTIVE_FULL,
}


class GameClient:
    """A connection to one server; ``token`` is sent as the seat's bearer token when set."""

    def __init__(self, target: str, token: str = "", *, timeout: float = 10.0) -> None:
        self.token = token
        self.timeout = timeout
        self._channel = grpc.insecure_channel(target)
        self._stub = game_service_pb2_grpc.GameServiceStub(self._channel)

    def __enter__(self) -> GameClient:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._channel.close()

    def _metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),) if self.token else ()

    def _call(self, method: Any, request: Any) -> Any:
        try:
            return method(request, timeout=self.timeout, metadata=self._metadata())
        except grpc.RpcError as error:
            raise from_rpc_error(error) from None

    def _stream(self, method: Any, request: Any, timeout: float | None) -> Iterator[Any]:
        try:
            yield from method(request, timeout=timeout, metadata=self._metadata())
        except grpc.RpcError as error:
            raise from_rpc_error(error) from None

    def create_game(self, game: str, seats: int, ruleset: str = "") -> pb.CreateGameResponse:
        if game not in GAME_KINDS:
            raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAME_KINDS)}")
        request = pb.CreateGameRequest(game=GAME_KINDS[game], seats=seats, ruleset=ruleset)
        return self._call(self._stub.CreateGame, request)

    def join_game(
        self, game_id: str, player_name: str, seat: int | None = None
    ) -> pb.JoinGameResponse:
        request = pb.JoinGameRequest(game_id=game_id, player_name=player_name, seat=seat)
        return self._call(self._stub.JoinGame, request)

    def submit_action(
        self, game_id: str, expected_version: int, action: pb.Action, command_id: str = ""
    ) -> pb.SubmitActionResponse:
        request = pb.SubmitActionRequest(
            game_id=game_id,
            expected_version=expected_version,
            command_id=command_id or str(uuid.uuid4()),
            action=action,
        )
        return self._call(self._stub.SubmitAction, request)

    def get_view(
        self, game_id: str, perspective: str = "", version: int | None = None
    ) -> pb.GetViewResponse:
        request = pb.GetViewRequest(
            game_id=game_id, perspective=PERSPECTIVES[perspective], version=version
        )
        return self._call(self._stub.GetView, request)

    def list_legal_actions(self, game_id: str) -> pb.ListLegalActionsResponse:
        request = pb.ListLegalActionsRequest(game_id=game_id)
        return self._call(self._stub.ListLegalActions, request)

    def read_events(
        self, game_id: str, after_version: int = 0, limit: int = 0
    ) -> Iterator[common_pb2.Event]:
        request = pb.ReadEventsRequest(game_id=game_id, after_version=after_version, limit=limit)
        for response in self._stream(self._stub.ReadEvents, request, self.timeout * 6):
            yield response.event

    def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> Iterator[pb.WatchGameResponse]:
        """Catch up after ``after_version``, then follow live; ends when the game ends."""
        request = pb.WatchGameRequest(
            game_id=game_id, after_version=after_version, perspective=PERSPECTIVES[perspective]
        )
        yield from self._stream(self._stub.WatchGame, request, timeout)


__all__ = ["GameClient", "TabletopError"]
