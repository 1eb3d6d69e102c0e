"""``tabletop bot --game ID --seat N --bot heuristic``: a bot takes a seat on a server and plays
it to the end of the game, against another client's bot."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cli.main import main
from clients.bots import RandomBot, play_seat
from clients.errors import TIMED_OUT, TabletopError
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e


@contextmanager
def rival_at_seat_0(target: str, game_id: str) -> Iterator[None]:
    """A random bot plays seat 0 in a thread while the block runs; it must have finished
    (the game played out) when the block ends."""
    with GameClient(target) as host:
        rival = host.join_game(game_id, "rival", 0)

    def play_rival() -> None:
        with GameClient(target, rival.token) as client:
            play_seat(client, game_id, 0, RandomBot(5))

    thread = threading.Thread(target=play_rival)
    thread.start()
    try:
        yield
    finally:
        thread.join(60)
    assert not thread.is_alive(), "the rival's game did not end"


def test_a_bot_gives_up_on_time_while_the_game_waits_for_an_empty_seat(
    server: RestartableServer,
) -> None:
    # the game waits for the seat nobody took: no update comes, and the bot still stops
    with GameClient(server.target, stream_timeout=30) as client:
        game_id = client.create_game("burgundy", 2).game_id
        first = client.get_view(game_id, "public").status.to_act
        grant = client.join_game(game_id, "patient", 1 - first)
        client.token = grant.token
        started = time.monotonic()
        with pytest.raises(TabletopError) as gave_up:
            play_seat(client, game_id, grant.seat, RandomBot(1), timeout=1.5)
    waited = time.monotonic() - started
    assert 1.5 <= waited < 10, f"gave up after {waited:.1f}s"
    assert gave_up.value.reason == TIMED_OUT and "1.5s" in gave_up.value.message


def test_the_bot_command_plays_a_seat_to_the_end(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
    argv = [
        "bot",
        "--game",
        game_id,
        "--seat",
        "1",
        "--bot",
        "heuristic",
        "--server",
        server.target,
    ]
    with rival_at_seat_0(server.target, game_id):
        assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"heuristic bot playing seat 1 of {game_id}" in out
    assert "Result" in out and "heuristic bot" in out and "rival" in out


def test_the_bot_command_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--seat", "1"]) == 2
    assert "Name the game" in capsys.readouterr().out


def test_the_bot_command_plays_the_seat_a_token_holds(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seat taken elsewhere (say a tournament's, claimed with ``tabletop tournament claim``)
    is handed to a bot by its token."""
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        mine = host.join_game(game_id, "Ada", 1)
    argv = ["bot", game_id, "--token", mine.token, "--bot", "heuristic", "--server", server.target]
    with rival_at_seat_0(server.target, game_id):
        assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"Resuming seat 1 of game {game_id}" in out
    assert f"heuristic bot playing seat 1 of {game_id}" in out and "Result" in out


def test_the_bot_command_refuses_a_seat_beside_a_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "GAME", "--token", "t", "--seat", "1"]) == 2
    assert "--token already names a seat" in capsys.readouterr().out


def test_match_plays_the_ruleset_asked_for(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "bruges", "--seats", "3", "--ruleset", "published"]
    assert main([*argv, "--server", server.target]) == 0
    out = capsys.readouterr().out
    game_id = out.split()[-1]
    assert f"game {game_id}: 3 random bots, published rules" in out
    assert "" not in out.splitlines(), "the progress left a blank line off a terminal"
    with GameClient(server.target) as client:
        status = client.get_view(game_id, "public").status
    assert status.ruleset == "published" and status.finished
