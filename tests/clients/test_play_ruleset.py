"""``tabletop play --vs-bots N --ruleset R``: a game against bots under the published rules
(where a game has them), the ruleset checked as ``CreateGame`` checks it."""

from __future__ import annotations

import re

import pexpect
import pytest

from cli.main import main
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.terminal import PROMPT, spawn_play

pytestmark = pytest.mark.e2e


def test_a_game_against_bots_is_created_under_the_ruleset_asked_for(
    server: RestartableServer,
) -> None:
    transcript: list[str] = []
    child = spawn_play("--vs-bots", "1", "--game", "bruges", "--ruleset", "published",
                       "--server", server.target, transcript=transcript)  # fmt: skip
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"tabletop play (\S+) --token")
    assert isinstance(child.match, re.Match)
    game_id = child.match.group(1)
    child.expect(pexpect.EOF)
    assert child.exit_code() == 0, "".join(transcript)[-2000:]
    with GameClient(server.target) as spectator:
        assert spectator.get_view(game_id, "public").status.ruleset == "published"


def test_an_unknown_ruleset_is_refused_naming_the_games_rulesets(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--vs-bots", "1", "--game", "bruges", "--ruleset", "pubished"]
    assert main([*argv, "--server", server.target]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "UNKNOWN_RULESET" in err and "has the rulesets default, published, not 'pubished'" in err


def test_a_ruleset_is_only_for_a_new_game(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    game = "00000000-0000-4000-8000-000000000000"
    assert main(["play", game, "--ruleset", "published", "--server", server.target]) == 2
    assert "--ruleset is for the new game of --vs-bots" in capsys.readouterr().out
