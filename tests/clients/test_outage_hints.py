"""`tabletop watch` and `tabletop bot` ride out a server that is away for less than their
outage budget; when it stays away longer they stop with `STREAM_LOST`, and say the command
that takes up where they stopped once the server answers again: the watch after the last
version it printed, the bot with its seat's token (the seat is taken: a new `bot --seat`
would be refused). Each hint is then run, and does what it says."""

from __future__ import annotations

import re
import shlex
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cli.main import main
from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e

BUDGET = 1.0
"""The commands' outage budget here, in place of the 30 s they wait for a server."""


@pytest.fixture(autouse=True)
def short_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' clients give up after ``BUDGET`` seconds without a server."""
    made = GameClient.for_command

    def for_command(args: object) -> GameClient:
        client = made(args)  # type: ignore[arg-type]
        client.reconnect_for = BUDGET
        return client

    monkeypatch.setattr(GameClient, "for_command", for_command)


@contextmanager
def stopped_after(server: RestartableServer, seconds: float) -> Iterator[None]:
    """The server stops ``seconds`` into the block (the command then in its live wait)."""
    timer = threading.Timer(seconds, server.stop)
    timer.start()
    try:
        yield
    finally:
        timer.join()


def hinted_command(stderr: str, command: str) -> list[str]:
    """The arguments of the ``tabletop <command> …`` that ``stderr`` tells the user to run."""
    found = re.search(rf"take up from there with: tabletop ({command} .*)$", stderr, re.M)
    assert found, stderr
    return shlex.split(found.group(1))


def play_out(target: str, game_id: str, seats: dict[int, str]) -> None:
    """Random bots play ``seats`` (seat → token) in threads until the game ends."""

    def play(seat: int, token: str) -> None:
        with GameClient(target, token) as client:
            play_seat(client, game_id, seat, RandomBot(seat))

    threads = [threading.Thread(target=play, args=item) for item in seats.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "the game did not end"


def test_a_watch_that_lost_its_server_says_how_to_take_up_after_its_last_version(
    restartable: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameClient(restartable.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        seats = {n: host.join_game(game_id, f"p{n}", n).token for n in range(2)}
        waiting_at = host.get_view(game_id, "public").version
    with stopped_after(restartable, 1.5):
        assert main(["watch", game_id, "--server", restartable.target]) == 1
    out, err = capsys.readouterr()
    assert "STREAM_LOST" in err, err
    assert f"v{waiting_at} " in out and f"v{waiting_at + 1} " not in out, out
    resume = hinted_command(err, "watch")
    assert resume == ["watch", game_id, "--after", str(waiting_at), "--server", restartable.target]

    restartable.start()
    play_out(restartable.target, game_id, seats)
    assert main(resume) == 0
    out, _ = capsys.readouterr()
    versions = [int(v) for v in re.findall(r"^v(\d+) ", out, re.M)]
    assert versions[0] == waiting_at + 1, "it takes up right after the last version shown"
    assert versions == list(range(waiting_at + 1, versions[-1] + 1)), "every version, once"
    assert "Result" in out


def test_a_seats_watch_that_lost_its_server_keeps_its_token_in_the_hint(
    restartable: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A watch given a seat's token follows the seat's view (and only a token reads a
    what-if fork in play): the command it hints at carries the token too."""
    with GameClient(restartable.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        token = host.join_game(game_id, "p0", 0).token
        waiting_at = host.get_view(game_id, "public").version
    with stopped_after(restartable, 1.5):
        command = ["watch", game_id, "--token", token, "--server", restartable.target]
        assert main(command) == 1
    _, err = capsys.readouterr()
    assert hinted_command(err, "watch") == [
        "watch", game_id, "--after", str(waiting_at), "--token", token,
        "--server", restartable.target,
    ]  # fmt: skip
    restartable.start()


def test_a_bot_that_lost_its_server_says_how_to_take_its_seat_again(
    restartable: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameClient(restartable.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        rival = host.join_game(game_id, "rival", 0).token  # who plays only later
    with stopped_after(restartable, 2.0):
        command = ["bot", game_id, "--seat", "1", "--server", restartable.target]
        assert main(command) == 1
    _, err = capsys.readouterr()
    assert "STREAM_LOST" in err, err
    resume = hinted_command(err, "bot")
    token = resume[resume.index("--token") + 1]
    assert resume == [
        "bot", game_id, "--token", token, "--bot", "random", "--server", restartable.target
    ]  # fmt: skip

    restartable.start()
    bot = threading.Thread(target=lambda: main(resume))
    bot.start()
    play_out(restartable.target, game_id, {0: rival})
    bot.join(60)
    out, _ = capsys.readouterr()
    assert f"Resuming seat 1 of game {game_id}" in out, out
    with GameClient(restartable.target) as spectator:
        assert spectator.get_view(game_id, "public").status.finished
