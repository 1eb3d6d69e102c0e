"""Over a real gRPC server, ReadEvents does for each stored event only the work its message
needs: the store's record is read without the library's domain event built around it, and
the event is decoded once, for the fold and for its line alike. Work is counted, not timed:
the time is the benchmark's (bench/README.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from clients.sdk import GameClient
from games.core.codec import Codec
from services.application.mapper import GameMapper
from tests.e2e.conftest import RunningServer
from tests.support.play import play_random, seat_everyone

pytestmark = pytest.mark.e2e


class Calls:
    """Counts the calls of a method while passing them on."""

    def __init__(self, method: Callable[..., Any]) -> None:
        self.method = method
        self.count = 0

    def __get__(self, owner: object, cls: type | None = None) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return self.method(owner, *args, **kwargs)

        return counted


@pytest.fixture(scope="module")
def finished(server: RunningServer) -> tuple[str, int]:
    """A finished game on the server (anyone may read all of it), and its last version."""
    game_id, _ = server.games.create_game("burgundy", 2)
    play_random(server.games, game_id, seat_everyone(server.games, game_id, 2), seed=5)
    return game_id, server.games.game_info(game_id).version


def _read_all(server: RunningServer, game_id: str) -> list[Any]:
    with GameClient(server.target) as client:
        return list(client.read_events(game_id))


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Calls]]:
    """The calls, during a test, of each method whose count tells the work done."""
    calls = {
        "decoded": Calls(Codec.decode),
        "domain events": Calls(GameMapper.to_domain_event),
    }
    monkeypatch.setattr(Codec, "decode", calls["decoded"])
    monkeypatch.setattr(GameMapper, "to_domain_event", calls["domain events"])
    yield calls


def test_each_event_is_decoded_once(
    server: RunningServer, finished: tuple[str, int], counted: dict[str, Calls]
) -> None:
    game_id, version = finished
    read = _read_all(server, game_id)
    assert [event.version for event in read] == list(range(1, version + 1))
    assert counted["decoded"].count == version


def test_the_records_are_read_without_building_a_domain_event_for_each(
    server: RunningServer, finished: tuple[str, int], counted: dict[str, Calls]
) -> None:
    game_id, version = finished
    assert len(_read_all(server, game_id)) == version > 100
    # The game's first event is stored by the library's own transcoder (another topic):
    # its record is read through the domain event, as every other reader reads it.
    assert counted["domain events"].count == 1


def test_a_watch_decodes_each_event_once_too(
    server: RunningServer, finished: tuple[str, int], counted: dict[str, Calls]
) -> None:
    game_id, version = finished
    with GameClient(server.target) as client:
        updates = [m for m in client.watch_game(game_id) if m.HasField("update")]
    assert len(updates) == version
    assert counted["decoded"].count == version
