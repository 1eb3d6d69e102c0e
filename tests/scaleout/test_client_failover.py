"""Without a balancer, clients can be given every server as one gRPC target
(`--server ipv4:127.0.0.1:P1,127.0.0.1:P2`, docs/scaling.md): they use the first that answers,
and when it dies (SIGKILL, never restarted) they carry on at the next. Two bots play a game
through such a target, a spectator watches it, the first server is killed midway: the game
ends, the watch sees every version once, and the record's chain is intact."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from games.core.record import chain_breaks
from services.application import Games, GameStore
from services.settings import Settings
from tests.scaleout.conftest import Cluster
from tests.support.server_process import ServerProcess

pytestmark = [pytest.mark.e2e, pytest.mark.integration, pytest.mark.slow]


@pytest.fixture
def servers(cluster: Cluster) -> Iterator[tuple[ServerProcess, ServerProcess, Settings]]:
    """Two `tabletop serve --no-publisher` on one PostgreSQL schema and one Redis."""
    env, settings = cluster
    first, second = (ServerProcess("--no-publisher", env=env) for _ in range(2))
    first.start()
    second.start()
    try:
        yield first, second, settings
    finally:
        first.stop()
        second.stop()


def test_clients_given_both_servers_carry_on_when_the_first_is_killed(
    servers: tuple[ServerProcess, ServerProcess, Settings],
) -> None:
    first, second, settings = servers
    both = f"ipv4:{first.target},{second.target}"
    with GameClient(both) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        tokens = [host.join_game(game_id, f"p{seat}", seat).token for seat in range(2)]
    seen: list[int] = []
    half_way = threading.Event()

    def watch() -> None:
        with GameClient(both) as spectator:
            for message in spectator.watch(game_id, perspective="public"):
                if message.HasField("update"):
                    seen.append(message.update.event.version)
                    if len(seen) == 100:
                        half_way.set()

    def play(seat: int) -> None:
        with GameClient(both, tokens[seat]) as client:
            play_seat(client, game_id, seat, RandomBot(seat), timeout=120)

    players = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
    threads = [threading.Thread(target=watch), *players]
    for thread in threads:
        thread.start()
    assert half_way.wait(60), "the game did not get going"
    first.kill()  # not restarted: the clients must find the second server by themselves
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "a client did not finish"

    store = GameStore(settings)
    events = Games(store).read_events(game_id)
    store.close()
    assert seen == [event.version for event in events], "the watch saw every version once"
    assert seen[-1] > 100 and not list(chain_breaks(events))
    with GameClient(second.target) as spectator:
        assert spectator.get_view(game_id, "public").status.finished
