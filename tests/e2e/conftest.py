from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

import pytest

from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.support.bus import local_bus
from tests.support.play import play_random, seat_everyone

ARBITER = "e2e-arbiter"
Service = TypeVar("Service", bound=Games)


@dataclass
class RunningServer:
    target: str
    games: Games


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """A real gRPC server on a free port over a SQLite file, with the in-process bus."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store, arbiter_token=ARBITER)
    bus = local_bus(store)
    grpc_server, port = build_server(games, bus, "127.0.0.1:0")
    grpc_server.start()
    yield RunningServer(f"127.0.0.1:{port}", games)
    grpc_server.stop(grace=None).wait()
    store.close()


@dataclass(frozen=True)
class Forked:
    origin: str
    origin_tokens: list[str]
    fork: str


def fork_of_a_live_game(server: RunningServer) -> Forked:
    """A two-seat Bourgeoisie game 20 actions in, and the arbiter's fork of it there."""
    games = server.games
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, seed=1, limit=20)
    fork_id, _ = games.fork_game(game_id, games.game_info(game_id).version, ARBITER)
    return Forked(game_id, tokens, fork_id)


class Interleaving(Games):
    """The service running ``meanwhile`` once, at the moment a subclass calls ``interleave``:
    where a concurrent call can land, so that a race happens every time."""

    meanwhile: Callable[[], object] | None = None

    def interleave(self) -> None:
        step, self.meanwhile = self.meanwhile, None
        if step is not None:
            step()


@contextmanager
def serving(kind: type[Service], path: Path) -> Iterator[tuple[Service, str]]:
    """A real gRPC server on a free port over a SQLite file at ``path``, serving ``kind``
    (a ``Games`` that runs another call at a chosen moment, making a race deterministic),
    and its target."""
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = kind(store)
    grpc_server, port = build_server(games, local_bus(store), "127.0.0.1:0")
    grpc_server.start()
    try:
        yield games, f"127.0.0.1:{port}"
    finally:
        grpc_server.stop(grace=None).wait()
        store.close()


class Serve(Protocol):
    def __call__(self, kind: type[Service]) -> tuple[Service, str]: ...


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    """``serving`` for one test: ``serve(kind)`` starts the server, stopped after the test."""
    with ExitStack() as stack:

        def start(kind: type[Service]) -> tuple[Service, str]:
            return stack.enter_context(serving(kind, tmp_path / "games.db"))

        yield start
