"""`tabletop act` prints the events its action stored as `watch` and `play` print them: each
seat's player named beside its number, the name as typed."""

from __future__ import annotations

import pytest

from cli.main import main
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e

NAMES = ("[b]Ada", "[bold]Bob[/]")
"""Players whose names look like rich markup, which must print as typed."""


def test_act_names_the_seats_player_as_typed(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameClient(server.target) as host:
        game_id = host.create_game("bruges", 2).game_id
        grants = [host.join_game(game_id, name, seat) for seat, name in enumerate(NAMES)]
        seat = host.get_view(game_id, "public").status.to_act
    token = grants[seat].token
    assert main(["act", game_id, "1", "--server", server.target, "--token", token]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # a long line wraps at 80 columns
    assert f"Seat {seat} ({NAMES[seat]}) drew a " in printed, printed
