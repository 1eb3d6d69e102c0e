"""``tabletop tournament run`` takes the tournament's name as ``create`` does, as an
argument, which may be left out, and ends by printing, as ``create`` does, the tournament id
and its organiser token."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cli.main import main
from clients.errors import TabletopError
from clients.tournament import TournamentClient, play_round
from tests.support.server_process import ROOT
from tests.tournaments.conftest import RunningServer

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("spelling", "name"),
    [(["Club cup"], "Club cup"), ([], "Bot tournament")],
    ids=["argument", "default"],
)
def test_run_names_the_tournament_as_create_does(
    server: RunningServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    spelling: list[str],
    name: str,
) -> None:
    argv = ["tournament", "run", *spelling, "--server", server.target, "--players", "2"]
    argv += ["--seats", "2", "--rounds", "1", "--export", str(tmp_path / "cup")]
    assert main(argv) == 0
    tournament_id = capsys.readouterr().out.strip().splitlines()[-2]  # then the token
    with TournamentClient(server.target) as client:
        assert client.get_tournament(tournament_id).settings.name == name


def test_run_prints_the_organiser_token_as_create_does(
    server: RunningServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With the token the organiser can still adjudicate or export the tournament later."""
    argv = ["tournament", "run", "--server", server.target, "--players", "2", "--seats", "2"]
    assert main([*argv, "--rounds", "1", "--export", str(tmp_path / "cup")]) == 0
    out, err = capsys.readouterr()
    tournament_id, organiser_token = out.strip().splitlines()[-2:]
    assert "the tournament id, then its organiser token" in err
    with TournamentClient(server.target, organiser_token) as client:
        assert client.get_tournament(tournament_id).finished
        client.drop_player(tournament_id, "random bot 01", "the token is the organiser's")


def test_a_run_that_stops_still_prints_the_organiser_token(
    server: RunningServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The token is shown once: when the run cannot go on (here one bot cannot fill a
    table), the tournament it created is still the organiser's to look after."""
    argv = ["tournament", "run", "--server", server.target, "--players", "1", "--seats", "2"]
    assert main([*argv, "--export", str(tmp_path / "cup")]) == 1
    out, err = capsys.readouterr()
    assert "TOO_FEW_PLAYERS" in err and "its organiser token" in err
    tournament_id, organiser_token = out.strip().splitlines()[-2:]
    with TournamentClient(server.target, organiser_token) as client:
        client.drop_player(tournament_id, "random bot 01", "the token is the organiser's")
        assert client.get_tournament(tournament_id).players[0].withdrawn


MARKUP_LIKE = "cup [/b] [bold]x"
"""An archive's name that rich would read as markup: an unmatched closing tag (which it
refuses with a traceback) and a style (which it would swallow)."""


def test_run_and_export_print_an_archive_name_that_looks_like_markup_as_given(
    server: RunningServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    target = tmp_path / MARKUP_LIKE
    argv = ["tournament", "run", "--server", server.target, "--players", "2", "--seats", "2"]
    assert main([*argv, "--rounds", "1", "--export", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"archive: {target} (" in out and f"tabletop verify {target}\n" in out
    tournament_id = out.strip().splitlines()[-2]
    again = tmp_path / f"again {MARKUP_LIKE}"
    exported = ["tournament", "export", tournament_id, "-o", str(again)]
    assert main([*exported, "--server", server.target]) == 0
    assert f"files to {again}\n" in capsys.readouterr().out


RUN_WITH_CTRL_C = (
    "import signal, sys; from cli.main import main; "
    "signal.signal(signal.SIGINT, signal.default_int_handler); sys.exit(main(sys.argv[1:]))"
)
"""``tabletop`` with Python's own Ctrl-C handler set, as at a terminal: a process started in
the background of a script inherits SIGINT ignored, and Python then installs no handler."""


def _interrupted_run(server: RunningServer, tmp_path: Path, presses: int) -> tuple[str, str, int]:
    """A run of 4 random bots at one Burgundy table, sent Ctrl-C ``presses`` times once its
    first round is in play; its tournament id, stderr and exit status."""
    argv = ["tournament", "run", "--server", server.target, "--players", "4", "--seats", "4"]
    argv += ["--game", "burgundy", "--rounds", "2", "--export", str(tmp_path / "cup")]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "400"}
    command = [sys.executable, "-c", RUN_WITH_CTRL_C, *argv]
    run = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert run.stdout is not None
    first = run.stdout.readline()  # "tournament <id>: 4 random bots"
    tournament_id = first.split()[1].rstrip(":")
    with TournamentClient(server.target) as client:
        while client.get_tournament(tournament_id).rounds_started == 0:
            time.sleep(0.05)
    for _ in range(presses):
        run.send_signal(signal.SIGINT)
        time.sleep(0.5)
    _, err = run.communicate(timeout=120)
    return tournament_id, err, run.returncode


def test_ctrl_c_lets_the_bots_finish_the_round_and_says_so(
    server: RunningServer, tmp_path: Path
) -> None:
    """The bots' player tokens end with the run: a game it left unfinished could only be
    adjudicated. So a first Ctrl-C finishes the round's games, says so, and plays no more."""
    tournament_id, err, status = _interrupted_run(server, tmp_path, presses=1)
    assert status == 130, err
    assert "the bots finish the games of round 1, then the run stops" in err
    assert "stopped after round 1, whose games have all ended" in err
    with TournamentClient(server.target) as client:
        assert client.get_tournament(tournament_id).rounds_started == 1
        assert client.get_pairings(tournament_id).completed


def test_a_second_ctrl_c_stops_at_once_and_says_what_is_left(
    server: RunningServer, tmp_path: Path
) -> None:
    tournament_id, err, status = _interrupted_run(server, tmp_path, presses=2)
    assert status == 130, err
    assert "Traceback" not in err
    assert "the unfinished games of round 1 are left in play; adjudicate them" in err
    with TournamentClient(server.target) as client:
        assert not client.get_pairings(tournament_id).completed


def test_a_seat_that_stops_stops_the_round_at_once(server: RunningServer) -> None:
    """A bot that cannot play its seat (here its player token is wrong; in a run, a server
    away for longer than the outage budget) leaves its game waiting for it for good: the
    other seats must not wait for it, their own timeout being an hour, but stop, and the
    round end with the failure."""
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=1)
        client.token = created.organiser_token
        tokens = {
            name: client.register_player(created.tournament_id, name).player_token
            for name in ("Ada", "Bo")
        }
        round_ = client.start_round(created.tournament_id)
    tokens["Bo"] = "0" * 64  # not Bo's: the claim is refused
    failures: list[Exception] = []

    def play() -> None:
        try:
            play_round(server.target, created.tournament_id, round_, tokens)
        except Exception as error:
            failures.append(error)

    playing = threading.Thread(target=play, daemon=True)
    playing.start()
    playing.join(timeout=60)
    assert not playing.is_alive(), "the round waited for a seat that had stopped"
    assert isinstance(failures[0], TabletopError) and failures[0].reason == "NOT_A_PLAYER"
