"""``tabletop tournament run`` takes the tournament's name as ``create`` does, as an
argument, which may be left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from clients.tournament import TournamentClient
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
    tournament_id = capsys.readouterr().out.strip().splitlines()[-1]
    with TournamentClient(server.target) as client:
        assert client.get_tournament(tournament_id).settings.name == name
