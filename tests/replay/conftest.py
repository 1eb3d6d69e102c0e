from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from games.core import GameRecord
from replay.sources import open_record
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
GOLDEN_FILES = sorted(p for p in GOLDEN.rglob("*.jsonl") if "legacy" not in p.parts)


@pytest.fixture(params=GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def golden(request: pytest.FixtureRequest) -> GameRecord:
    return open_record(request.param)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, GameRecord]]:
    """A real gRPC server, and the record of a game played to its end on it."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store)
    server, port = build_server(games, LocalBus(), "127.0.0.1:0")
    server.start()
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2))
    yield f"127.0.0.1:{port}", games.record(game_id)
    server.stop(grace=None).wait()
    store.close()
