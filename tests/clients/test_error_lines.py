"""A refusal is printed as the server wrote it: text in square brackets that it echoes from
the request (a player's name, a dispute's id) is not read as terminal markup and lost."""

from __future__ import annotations

import pytest

from cli.main import main
from tests.clients.servers import RestartableServer


def test_a_refusal_echoing_brackets_prints_them(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "create", "Cup", "--server", server.target]) == 0
    tournament_id, organiser = capsys.readouterr().out.split()[:2]

    code = main(
        ["tournament", "drop", tournament_id, "[bold]Nobody", "--reason", "left",
         "--token", organiser, "--server", server.target]
    )  # fmt: skip

    assert code == 1
    assert "no player '[bold]Nobody'" in capsys.readouterr().err
