"""``tabletop view``: a person sees the game's board, drawn by the renderer ``tabletop play``
uses; a script asks for ``--json`` and reads the view's data, as GetView answers it."""

from __future__ import annotations

import json
import os
from unittest.mock import patch

import pytest
from google.protobuf.json_format import MessageToDict

from cli.main import main
from clients.render import describe_choice
from clients.sdk import GameClient
from tests.clients.servers import ARBITER, RestartableServer

pytestmark = pytest.mark.e2e
BOARD_BY_GAME = {
    "bourgeoisie": "Opportunity track",
    "burgundy": "Depots",
    "bruges": "Dice",
}
"""A heading only each game's terminal renderer prints."""


def _game_with_a_seat(server: RestartableServer, game: str) -> tuple[str, str]:
    """A new game of ``game`` with Ada in seat 0: its id and Ada's token."""
    with GameClient(server.target) as host:
        game_id = str(host.create_game(game, 2).game_id)
        return game_id, str(host.join_game(game_id, "Ada", 0).token)


def _view(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["view", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("game", sorted(BOARD_BY_GAME))
def test_view_draws_the_board(
    server: RestartableServer, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    game_id, token = _game_with_a_seat(server, game)
    for perspective in (["--as", "public"], ["--as", "seat", "--token", token]):
        shown = _view([game_id, *perspective, "--server", server.target], capsys)
        assert BOARD_BY_GAME[game] in shown, shown
        assert '"view":' not in shown and not shown.lstrip().startswith("{"), "not the data"


def test_view_json_prints_the_views_data(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, token = _game_with_a_seat(server, "bourgeoisie")
    flags = [game_id, "--as", "seat", "--token", token, "--server", server.target]
    with GameClient(server.target, token) as ada:
        now = json.loads(_view([*flags, "--json"], capsys))
        assert now == MessageToDict(ada.get_view(game_id, "seat"))
        assert now["status"]["players"][0] == "Ada"
        before = json.loads(_view([*flags, "--at", "1", "--json"], capsys))
        assert before == MessageToDict(ada.get_view(game_id, "seat", 1))


def test_the_arbiter_asking_for_a_seats_view_is_told_to_ask_for_the_full_one(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """The arbiter holds no seat: `view --token` without `--as` asks for a seat's view, and
    the refusal names the command's own way to the full view, which then works."""
    game_id, _ = _game_with_a_seat(server, "bourgeoisie")
    flags = [game_id, "--token", ARBITER, "--server", server.target]
    assert main(["view", *flags]) != 0
    assert "`tabletop view --as full`" in " ".join(capsys.readouterr().err.split())
    assert BOARD_BY_GAME["bourgeoisie"] in _view([*flags, "--as", "full"], capsys)


def test_legal_shows_each_choice_as_play_does(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop legal` numbers the choices `act` takes, each with what `play` adds from the
    seat's view (in Burgundy, the depot a tile is taken from and what a knowledge tile does)."""
    with GameClient(server.target) as host:
        game_id = str(host.create_game("burgundy", 2).game_id)
        tokens = [str(host.join_game(game_id, f"P{seat}", seat).token) for seat in range(2)]
    with GameClient(server.target, tokens[0]) as seat_0:
        to_act = seat_0.get_view(game_id, "public").status.to_act
    with GameClient(server.target, tokens[to_act]) as seat:
        legal = seat.list_legal_actions(game_id)
        view = seat.get_view(game_id, "seat", legal.version)
    annotated = [describe_choice(view, a).plain for a in legal.actions]
    assert any(a != c.description for a, c in zip(annotated, legal.actions, strict=True))
    flags = [game_id, "--token", tokens[to_act], "--server", server.target]
    with patch.dict(os.environ, {"COLUMNS": "400"}):
        assert main(["legal", *flags]) == 0
    shown = capsys.readouterr().out
    for number, text in enumerate(annotated, start=1):
        assert f" {number} │ {text}" in shown, text


def test_legal_at_a_past_version_lists_what_the_seat_was_offered_then(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop legal --at V` prints the list `legal` printed at version V, after later
    actions; another seat asking is told whose decision V was."""
    game_id, ada = _game_with_a_seat(server, "bourgeoisie")
    with GameClient(server.target) as host:
        tokens = [ada, str(host.join_game(game_id, "Bo", 1).token)]
        to_act = host.get_view(game_id, "public").status.to_act
    flags = ["--token", tokens[to_act], "--server", server.target]
    with patch.dict(os.environ, {"COLUMNS": "400"}):
        assert main(["legal", game_id, *flags]) == 0
        then = capsys.readouterr().out
        with GameClient(server.target, tokens[to_act]) as seat:
            version = seat.list_legal_actions(game_id).version
        assert main(["act", game_id, "1", *flags]) == 0
        capsys.readouterr()
        assert main(["legal", game_id, "--at", str(version), *flags]) == 0
        assert capsys.readouterr().out == then
        other = ["--token", tokens[1 - to_act], "--server", server.target]
        assert main(["legal", game_id, "--at", str(version), *other]) == 0
        told = " ".join(capsys.readouterr().out.split())
        assert main(["legal", game_id, "--at", "1", *other]) == 0  # before the seats were taken
    assert told == (
        f"nothing was offered to seat {1 - to_act} at version {version}: the game waited for "
        f"seat {to_act}."
    )
    assert " ".join(capsys.readouterr().out.split()) == (
        f"nothing was offered to seat {1 - to_act} at version 1: no seat had a decision to "
        "make then."
    )


def test_legal_at_a_version_inside_one_actions_events_says_no_one_decided_there(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """An action and the steps it sets off are stored together, and no seat is asked between
    them (docs/api.md, ListLegalActions): ``legal --at`` such a version says so, to the seat
    that acted as to any other, and never that the game waited for someone there."""
    game_id, ada = _game_with_a_seat(server, "burgundy")
    with GameClient(server.target) as host:
        tokens = [ada, str(host.join_game(game_id, "Bo", 1).token)]
    batch: list[int] = []
    while len(batch) < 2:  # an action that stored more than its own event
        with GameClient(server.target) as host:
            to_act = host.get_view(game_id, "public").status.to_act
        with GameClient(server.target, tokens[to_act]) as seat:
            legal = seat.list_legal_actions(game_id)
            answer = seat.submit_action(game_id, legal.version, legal.actions[0].action)
        batch = [event.version for event in answer.events]
    for token in tokens:
        flags = ["--token", token, "--server", server.target]
        with patch.dict(os.environ, {"COLUMNS": "400"}):
            assert main(["legal", game_id, "--at", str(batch[0]), *flags]) == 0
        told = " ".join(capsys.readouterr().out.split())
        assert "inside one cause's events, stored together" in told, told
        assert "waited for" not in told, told
