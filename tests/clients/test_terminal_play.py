"""``tabletop play`` driven through a pseudo-terminal: a whole game of each game against a
bot, typed number by number; leaving mid-game and coming back with the seat's token (to a
game against bots: with the bots started again); what it says while another seat decides."""

from __future__ import annotations

import contextlib
import io
import re
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pexpect
import pytest
from rich.console import Console

from clients.bots import HeuristicBot, play_seat
from clients.errors import TabletopError
from clients.play import TerminalPlayer
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
    child.expect(r"Type a number from 1 to (\d+), b for the board, or q \(\? for help\)\.")
    # Each answer waits for the question again: keys typed before a question is shown are
    # dropped (``discard_typeahead``), so one sent as soon as the last reply showed could be.
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("q \\(or Ctrl-D\\) leaves the game")
    child.expect(PROMPT)
    child.sendline("b")  # the board again, and the choices under it
    child.expect(SHOWN_BY_GAME[game][0])
    child.expect("Your legal actions")
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
        purchase = r"buy [\w' ]+ from slot \d+ for \d+ opportunity tokens? — \w+ \d+"
        assert re.search(purchase, screen), "purchases name their card, price and kind"


def test_leaving_and_coming_back_with_the_seat_token(server: RestartableServer) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        bot = host.join_game(game_id, "bot", 1)
    with bot_opponent(server.target, bot.token, game_id, 1) as opponent:
        _leave_and_come_back(server, game_id, opponent)


def _leave_and_come_back(
    server: RestartableServer, game_id: str, opponent: threading.Thread
) -> None:
    transcript: list[str] = []
    child = spawn_play(game_id, "--server", server.target, "--seat", "0", transcript=transcript)
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"tabletop play (\S+) --token (\S+) --server (\S+)")
    token = child.group(2)
    assert child.group(3) == server.target, "the command to come back names the server"
    child.expect(pexpect.EOF)
    assert child.exit_code() == 0
    again = spawn_play(game_id, "--server", server.target, "--token", token, transcript=transcript)
    again.expect(r"Resuming seat 0 of game")
    again.expect(r"No bots of this game are saved in \S+: the other seats play wherever")
    again.expect(PROMPT)
    again.sendline("q")
    again.expect(pexpect.EOF)
    assert again.exit_code() == 0
    with GameClient(server.target, token) as client:
        assert client.list_legal_actions(game_id).seat == 0, "the seat is still ours"
    assert opponent.is_alive(), "the bot waits for our seat's next decision"


def test_ctrl_c_while_waiting_leaves_the_seat_with_the_command_to_come_back(
    server: RestartableServer,
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        to_act = host.get_view(game_id, "public").status.to_act
        host.join_game(game_id, "absent", to_act)  # taken, and never played
    mine = 1 - to_act
    transcript: list[str] = []
    child = spawn_play(game_id, "--server", server.target, "--seat", str(mine),
                       transcript=transcript)  # fmt: skip
    child.expect(r"Waiting for seat \d \(\w+\) to act")
    child.process.send_signal(signal.SIGINT)
    child.expect(r"tabletop play (\S+) --token (\S+) --server")
    token = child.group(2)
    child.expect(pexpect.EOF)
    assert child.exit_code() == 130
    with GameClient(server.target, token) as client:
        assert client.list_legal_actions(game_id).seat == mine, "the seat is still ours"


def test_a_resumed_game_against_bots_is_played_to_the_end_by_its_restarted_bots(
    server: RestartableServer, state_folder: Path
) -> None:
    transcript: list[str] = []
    child = spawn_play("--vs-bots", "2", "--server", server.target, transcript=transcript)
    for _ in range(2):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"tabletop play (\S+) --token (\S+)")
    game_id, token = child.group(1), child.group(2)
    child.expect("resuming starts them again")
    child.expect(pexpect.EOF)
    assert child.exit_code() == 0
    saved = state_folder / "bots" / f"{game_id}.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600, "the bots' tokens are for us only"
    # The bots died with the first command: without them the game would wait forever.
    again = spawn_play(game_id, "--server", server.target, "--token", token, transcript=transcript)
    again.expect(r"Resuming seat 0 of game")
    again.expect(r"Restarted the bots of this game: heuristic in seat 1, heuristic in seat 2\.")
    while again.expect([PROMPT, GAME_OVER]) == 0:
        again.sendline("1")
    again.expect(pexpect.EOF)
    assert again.exit_code() == 0, "".join(transcript)[-2000:]
    with GameClient(server.target) as spectator:
        assert spectator.get_view(game_id, "public").status.finished
    assert not saved.exists(), "an ended game's bots are forgotten"


def test_waiting_for_players_and_for_another_seat_is_said_once_per_wait(
    server: RestartableServer,
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        first = host.get_view(game_id, "public").status.to_act  # drawn at random
    mine = 1 - first
    transcript: list[str] = []
    child = spawn_play(game_id, "--server", server.target, "--seat", str(mine),
                       "--name", "Ada", transcript=transcript)  # fmt: skip
    child.expect(f"Waiting for players to join: seat {first} is still free…")
    with GameClient(server.target) as host:
        bob = host.join_game(game_id, "Bob", first)
    child.expect(rf"Waiting for seat {first} \(Bob\) to act… \(Ctrl-C leaves; your seat waits\)")
    waits: list[int] = []  # lines saying so, before each of our decisions
    with bot_opponent(server.target, bob.token, game_id, first):
        while sum(waits) < 2 and len(waits) < 40:  # until Bob has had two more turns
            child.expect(PROMPT)
            waits.append(child.shown_before().count(f"Waiting for seat {first} (Bob) to act"))
            child.sendline("1")
        child.expect(PROMPT)
        child.sendline("q")
        child.expect(pexpect.EOF)
    assert waits[0] == 0, "Bob's whole first turn is one wait, already announced"
    assert sum(waits) == 2 and max(waits) == 1, f"one line per wait of Bob's turns: {waits}"
    assert "".join(transcript).count("Waiting for players to join") == 1
    since = "".join(transcript).split("Since your last turn:", 1)[-1]
    assert re.search(rf"v\d+ Seat {first} \(Bob\) ", since), "the log names Bob beside his seat"


@contextlib.contextmanager
def bot_opponent(target: str, token: str, game_id: str, seat: int) -> Iterator[threading.Thread]:
    """A bot playing ``seat`` in a thread for the ``with`` block, stopped after it: the
    server is shared with later tests, and a bot left waiting there would act in them."""
    client = GameClient(target, token, reconnect_for=1)
    bot = threading.Thread(target=_play, args=(client, game_id, seat), daemon=True)
    bot.start()
    try:
        yield bot
    finally:
        client.close()
        bot.join(10)
    assert not bot.is_alive(), "the bot stops when its connection is closed"


def _play(client: GameClient, game_id: str, seat: int) -> None:
    """The bot opponent; it stops quietly when its connection is closed."""
    # ValueError: a call on the closed channel
    with contextlib.suppress(TabletopError, ValueError):
        play_seat(client, game_id, seat, HeuristicBot(seat))


def test_keys_typed_while_another_seat_decides_do_not_answer_the_next_question(
    server: RestartableServer,
) -> None:
    """A "2" typed while Bob decides waits in the terminal's queue; when Ada's question comes it
    is dropped (and she is told), not taken as her choice from a list she has not seen."""
    with GameClient(server.target) as host:
        game_id = host.create_game("bourgeoisie", 2).game_id
        first = host.get_view(game_id, "public").status.to_act  # drawn at random
        bob = host.join_game(game_id, "Bob", first)
    transcript: list[str] = []
    child = spawn_play(game_id, "--server", server.target, "--seat", str(1 - first),
                       "--name", "Ada", transcript=transcript)  # fmt: skip
    child.expect(rf"Waiting for seat {first} \(Bob\) to act")
    child.sendline("2")
    with GameClient(server.target, bob.token) as bobs:
        while (status := bobs.get_view(game_id, "public").status).to_act == first:
            legal = bobs.list_legal_actions(game_id)
            bobs.submit_action(game_id, legal.version, legal.actions[0].action)
        child.expect(r"\(keys typed before this question were ignored\)")
        child.expect(PROMPT)
        asked_at = bobs.get_view(game_id, "public").version
        with contextlib.suppress(pexpect.TIMEOUT):
            child.expect("You chose", timeout=1.5)
            raise AssertionError("the typed-ahead 2 answered the question")
        assert bobs.get_view(game_id, "public").version == asked_at
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert child.exit_code() == 0, "".join(transcript)[-2000:]
    assert status.to_act == 1 - first


@pytest.mark.parametrize(
    ("count", "asked"),
    [(1, "[1, b board, ? help, q to leave]"), (7, "[1-7, b board, ? help, q to leave]")],
)
def test_the_prompt_names_the_numbers_and_keys_it_takes(count: int, asked: str) -> None:
    """The prompt said "[1-7, q to leave]", and only a wrong answer's line told of b (the
    board and the choices again) and ? (help), which work at every prompt."""
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    console = Console(file=io.StringIO())
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console, ask=answer)
    assert player._choose(count, lambda: None) == 1
    assert prompts == [f"Your choice {asked}: "]
