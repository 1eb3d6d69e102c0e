"""`tabletop games`: what the server plays, as `tabletop create` takes it."""

from __future__ import annotations

import pytest

from cli.main import main
from clients.calls import GAME_KINDS
from games.registry import all_rules
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e


def test_games_lists_each_game_with_its_seats_rulesets_and_rules_version(
    server: RestartableServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one line a game
    assert main(["games", "--server", server.target]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    cells = [[cell.strip() for cell in row.strip("│").split("│")] for row in rows]
    assert cells == [
        [
            key,
            rules.title,
            f"{rules.min_seats} to {rules.max_seats}",
            ", ".join(rules.rulesets),
            f"version {rules.rules_version}",
        ]
        for key, rules in sorted(all_rules().items(), key=lambda item: GAME_KINDS[item[0]])
    ]
