"""A seat of a private what-if fork may take another of its seats on any server: whether the
token holds a seat is judged on the fork as stored, not on the copy a server happens to have
(one that never read the fork knows only its first version, before any seat was taken)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from services.application import Games, GameStore
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

ARBITER = "fork-arbiter"


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Games, Games]]:
    """The game use cases of two servers sharing one SQLite file."""
    path = tmp_path / "games.db"
    stores = [GameStore(Settings(store="sqlite", sqlite_path=path)) for _ in range(2)]
    yield Games(stores[0], arbiter_token=ARBITER), Games(stores[1], arbiter_token=ARBITER)
    for store in stores:
        store.close()


def test_a_fork_seat_takes_another_seat_on_a_server_that_never_read_the_fork(
    two_servers: tuple[Games, Games],
) -> None:
    first, second = two_servers
    origin, _ = first.create_game("bourgeoisie", 2)
    play_random(first, origin, seat_everyone(first, origin, 2), limit=4)
    fork, _ = first.fork_game(origin, first.game_info(origin).version, ARBITER)
    held = first.join_game(fork, "Ada", 0, ARBITER)

    grant = second.join_game(fork, "Ada", 1, held.token)

    assert grant.seat == 1
    assert second.game_info(fork).players == ["Ada", "Ada"]
