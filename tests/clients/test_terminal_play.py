"""``tabletop play`` driven through a pseudo-terminal: a whole game of each game against a
bot, typed number by number; leaving mid-game and coming back with the seat's token."""

from __future__ import annotations

import re
import threading

import pexpect
import pytest

from clients.bots import HeuristicBot, play_seat
from clients.errors import TabletopError
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.terminal import GAME_OVER, PROMPT, spawn_play

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


SHOWN_BY_GAME = {
    "bourgeoisie": ("Opportunity track",),
    "burgundy": ("Depots", "Your estate"),
    "bruges": ("Dice", "Your hand"),
}
"""Something of each game's own board that its terminal view must show."""


@pytest.mark.parametrize("game", sorted(SHOWN_BY_GAME))
def test_a_whole_game_against_a_bot_is_played_from_the_terminal(
    game: str, server: RestartableServer
) -> None:
    transcript: list[str] = []
    child = spawn_play("--vs-bots", "1", "--game", game, "--server", server.target,
                       "--name", "Ada", transcript=transcript)  # fmt: skip
    child.expect(PROMPT)
    child.sendline("nine")  # not a number: asked again
    child.expect(r"Type a number from 1 to (\d+), or q\.")
    decisions = 0
    while child.expect([PROMPT, GAME_OVER]) == 0:
        decisions += 1
        child.sendline("1")
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    assert child.exit_code() == 0, screen[-2000:]
    assert decisions > 20
    for shown in ("Your turn — seat 0", "Since your last turn:", "Your legal actions",
                  "The game ended:", "Result", "Ada (you)", *SHOWN_BY_GAME[game]):  # fmt: skip
        assert shown in screen, shown
    if game == "bourgeoisie":
        assert re.search(r"buy the card in slot \d+ — \w", screen), "purchases name their card"


def test_leaving_and_coming_back_with_the_seat_token(server: RestartableServer) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        bot = host.join_game(game_id, "bot", 1)
    opponent = threading.Thread(
        target=_play, args=(server.target, bot.token, game_id, 1), daemon=True
    )
    opponent.start()
    transcript: list[str] = []
    child = spawn_play(game_id, "--server", server.target, "--seat", "0", transcript=transcript)
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"tabletop play (\S+) --token (\S+)")
    token = child.match.group(2)
    child.expect(pexpect.EOF)
    assert child.exit_code() == 0
    again = spawn_play(game_id, "--server", server.target, "--token", token, transcript=transcript)
    again.expect(r"Resuming seat 0 of game")
    again.expect(PROMPT)
    again.sendline("q")
    again.expect(pexpect.EOF)
    assert again.exit_code() == 0
    with GameClient(server.target, token) as client:
        assert client.list_legal_actions(game_id).seat == 0, "the seat is still ours"
    assert opponent.is_alive(), "the bot waits for our seat's next decision"


def _play(target: str, token: str, game_id: str, seat: int) -> None:
    """The bot opponent; it stops quietly when the test's server goes away."""
    try:
        with GameClient(target, token, reconnect_for=1) as client:
            play_seat(client, game_id, seat, HeuristicBot(seat))
    except TabletopError:
        pass
