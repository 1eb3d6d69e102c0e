"""A `tabletop serve --no-publisher` on Redis wakes the WatchGame streams of a game it stored
an event of at once, without waiting for a publisher's wake-up through Redis: while the
active publisher's lease runs out after it died (up to 5 s) no publisher sends any, and the
streams, bots' among them, would otherwise poll the store once a second."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from clients.sdk import GameClient
from tests.scaleout.conftest import Cluster
from tests.support.server_process import ServerProcess

pytestmark = [pytest.mark.e2e, pytest.mark.integration]
ACTIONS = 10
PROMPT = 0.5
"""Seconds within which each update must arrive: half the streams' polling period, so that
ten actions all arriving within it by polling alone has odds of about 1 in 1,000."""


@pytest.fixture
def server(cluster: Cluster) -> Iterator[ServerProcess]:
    """A server on PostgreSQL and Redis, with no publisher running anywhere."""
    process = ServerProcess("--no-publisher", env=cluster[0])
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_a_server_wakes_the_streams_of_its_own_writes_with_no_publisher_running(
    server: ServerProcess,
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        tokens = [host.join_game(game_id, f"p{seat}", seat).token for seat in range(2)]
    arrived: dict[int, float] = {}
    caught_up, done = threading.Event(), threading.Event()

    def watch() -> None:
        with GameClient(server.target) as spectator:
            for message in spectator.watch(game_id, perspective="public"):
                if message.HasField("caught_up"):
                    caught_up.set()
                else:
                    arrived[message.update.event.version] = time.monotonic()
                if done.is_set():
                    return

    watcher = threading.Thread(target=watch)
    watcher.start()
    assert caught_up.wait(30)
    stored: dict[int, float] = {}
    clients = [GameClient(server.target, token) for token in tokens]
    for _ in range(ACTIONS):
        legal = next(it for it in (c.list_legal_actions(game_id) for c in clients) if it.actions)
        answer = clients[legal.seat].submit_action(game_id, legal.version, legal.actions[0].action)
        stored[answer.version] = time.monotonic()
        time.sleep(0.05)  # the stream now waits for the next: its wake-up or its poll
    last = max(stored)
    deadline = time.monotonic() + 10
    while last not in arrived and time.monotonic() < deadline:
        time.sleep(0.05)
    done.set()
    acting = clients[0].list_legal_actions(game_id)  # one more event ends the watch
    acting = acting if acting.actions else clients[1].list_legal_actions(game_id)
    clients[acting.seat].submit_action(game_id, acting.version, acting.actions[0].action)
    watcher.join(30)
    for client in clients:
        client.close()
    waited = {v: round(arrived[v] - at, 2) if v in arrived else None for v, at in stored.items()}
    late = {v: s for v, s in waited.items() if s is None or s > PROMPT}
    assert not late, f"updates (version: seconds) that waited for the stream's poll: {late}"
