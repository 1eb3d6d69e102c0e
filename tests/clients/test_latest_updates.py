"""The ``latest`` flag of a watched game's updates, and what it saves a bot: an action stores a
batch of events (the action and its automatic consequences), and only the last update of a
batch is one to act on, so a seat that acts on latest updates alone asks for its legal actions
about once per decision, never on the intermediate updates of an action's follow-on events."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.table import Table
from tests.support.seats import documented_example

pytestmark = pytest.mark.e2e

NO_DECISIONS_AT_MOST = 2
"""Empty ListLegalActions answers a whole two-seat game may cost its bots together. A bot that
asked on every update showing it to act would get about 650 of them in some 900 calls."""


class CountingClient(GameClient):
    """A seat's client counting its ListLegalActions calls and the empty answers among them
    (the seat had nothing to decide: what ``submit_with_retry`` reports as NO_DECISION)."""

    listed = 0
    empty = 0

    def list_legal_actions(
        self, game_id: str, version: int | None = None
    ) -> pb.ListLegalActionsResponse:
        legal = super().list_legal_actions(game_id, version)
        self.listed += 1
        self.empty += not legal.actions
        return legal


@pytest.fixture
def table(server: RestartableServer) -> Iterator[Table]:
    opened = Table.open(server.target)
    yield opened
    opened.close()


def _follow(client: GameClient, game_id: str, seen: list[tuple[int, bool]]) -> threading.Thread:
    """A thread appending each update's (version, latest) to ``seen`` until the game ends."""

    def follow() -> None:
        for message in client.watch(game_id, perspective="public"):
            if message.HasField("update"):
                seen.append((message.update.event.version, message.update.latest))

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    return thread


def _wait_for(condition: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the watch did not deliver the batch"
        time.sleep(0.01)


def _last_seen_is(seen: list[tuple[int, bool]], version: int) -> bool:
    return seen[-1][0] == version


def test_latest_marks_the_last_update_of_each_stored_batch(table: Table) -> None:
    table.play(3)
    start = table.seats[0].get_view(table.game_id, "public").version
    seen: list[tuple[int, bool]] = []
    watcher = GameClient(table.seats[0].endpoint)
    thread = _follow(watcher, table.game_id, seen)
    _wait_for(lambda: len(seen) == start)
    assert [latest for _, latest in seen] == [False] * (start - 1) + [True], (
        "catching up, only the update of the game's last stored event is the latest"
    )
    batches: list[list[int]] = []
    bot = RandomBot(7)
    for _ in range(25):  # each action's batch read by the watch before the next is stored
        answer = table.step(bot)
        assert answer is not None
        batches.append([event.version for event in answer.events])
        _wait_for(partial(_last_seen_is, seen, answer.version))
    live = dict(seen[start:])
    assert sorted(live) == list(range(start + 1, batches[-1][-1] + 1))
    assert any(len(batch) > 1 for batch in batches), "some action stored follow-on events"
    for batch in batches:
        assert [live[version] for version in batch] == [False] * (len(batch) - 1) + [True]
    table.play()
    thread.join(30)
    watcher.close()


def test_the_async_client_sees_the_flag_too(table: Table) -> None:
    table.play(5)

    async def catch_up() -> list[bool]:
        async with AsyncGameClient(table.seats[0].endpoint) as client:
            flags: list[bool] = []
            async for message in client.watch_game(table.game_id, perspective="public"):
                if message.HasField("caught_up"):
                    return flags
                flags.append(message.update.latest)
        raise AssertionError("no caught_up marker")

    flags = asyncio.run(catch_up())
    assert flags == [False] * (len(flags) - 1) + [True]


def _play_both_seats(table: Table, play: Callable[[CountingClient, int], Any]) -> list[int]:
    """Both seats played by ``play`` in threads to the end; each seat's empty answers."""
    clients = [CountingClient(seat.endpoint, seat.token) for seat in table.seats]
    threads = [
        threading.Thread(target=play, args=(client, seat), daemon=True)
        for seat, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "the game did not end"
    assert table.seats[0].get_view(table.game_id, "public").status.finished
    for client in clients:
        client.close()
    listed, empty = [c.listed for c in clients], [c.empty for c in clients]
    print(f"ListLegalActions calls per seat {listed}, empty answers {empty}")
    return [client.empty for client in clients]


def test_bots_ask_for_their_legal_actions_only_when_they_decide(table: Table) -> None:
    def play(client: CountingClient, seat: int) -> None:
        play_seat(client, table.game_id, seat, RandomBot(seat))

    empty = _play_both_seats(table, play)
    assert sum(empty) <= NO_DECISIONS_AT_MOST, f"NO_DECISION answers per seat: {empty}"


def test_the_documented_example_asks_only_when_it_decides(table: Table) -> None:
    example = documented_example()

    def play(client: CountingClient, seat: int) -> None:
        example(client, table.game_id, seat)

    empty = _play_both_seats(table, play)
    assert sum(empty) <= NO_DECISIONS_AT_MOST, f"NO_DECISION answers per seat: {empty}"
