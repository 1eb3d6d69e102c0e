"""What `play` and `act` repeat of a chosen option reads as the option list read when it was
picked: a Burgundy option gives the value of the die it uses, "with the first die (4)", in
the list (``clients.render.WORDINGS``), and so must the "You chose:" line and `act`'s line."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from rich.console import Console

from cli.main import main
from clients.play import PlayerLeftError, TerminalPlayer
from clients.render import choices_in_order, word_choice
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e

DIE_VALUE = re.compile(r"with the (first|second) die \(\d\)")
"""A die named with its value, as the board's wording names it (the server's says "with the
first die" alone)."""


@dataclass
class FirstSeat:
    """The seat to act first in a new two-seat Burgundy game, and a client holding its token."""

    game_id: str
    seat: int
    client: GameClient


@pytest.fixture
def first(server: RestartableServer) -> Iterator[FirstSeat]:
    with GameClient(server.target) as host:
        game_id = host.create_game("burgundy", 2).game_id
        grants = [host.join_game(game_id, f"p{n}", n) for n in range(2)]
        seat = host.get_view(game_id, "public").status.to_act
    with GameClient(server.target, grants[seat].token) as client:
        yield FirstSeat(game_id, seat, client)


def _first_choice(first: FirstSeat) -> str:
    """The first option as the list words it, checked to give its die's value (a seat's first
    options all use a die)."""
    legal = first.client.list_legal_actions(first.game_id)
    view = first.client.get_view(first.game_id, "seat", legal.version)
    worded = word_choice(view, choices_in_order(view, legal.actions)[0])
    assert DIE_VALUE.search(worded), worded
    return worded


def test_play_says_the_chosen_option_as_the_list_words_it(first: FirstSeat) -> None:
    worded = _first_choice(first)
    answers = iter(["1"])

    def choose_once(prompt: str) -> str:
        """The first option; then leave (the seat is asked again for its second die)."""
        answer = next(answers, None)
        if answer is None:
            raise PlayerLeftError
        return answer

    screen = io.StringIO()
    console = Console(file=screen, width=200, color_system=None)
    player = TerminalPlayer(first.client, first.game_id, first.seat, console, ask=choose_once)
    with pytest.raises(PlayerLeftError):
        player.run()
    assert f"You chose: {worded}\n" in screen.getvalue(), screen.getvalue()


def test_act_says_the_chosen_option_as_legal_words_it(
    first: FirstSeat, server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    worded = _first_choice(first)
    seat = ["--server", server.target, "--token", first.client.token]
    assert main(["act", first.game_id, "1", *seat]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # a long line wraps at 80 columns
    assert printed.startswith(f"{worded} → version "), printed
