"""The Python SDK example in docs/api.md, run as a reader would run it: saved as a script and
started against a live server, with a bot taking the other seat, until the game ends."""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tabletop.v1 import common_pb2

from clients import errors as client_errors
from clients.aio import AsyncGameClient
from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from games.registry import rules_for
from tests.clients.servers import RestartableServer
from tests.support.server_process import ROOT
from wire import ADAPTERS

DOCS = ROOT / "docs" / "api.md"


def sdk_example() -> str:
    """The first Python block after the heading "The Python SDK"."""
    text = DOCS.read_text()
    section = text[text.index("## The Python SDK") :]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def documented_methods() -> dict[str, list[tuple[str, object]]]:
    """The SDK's method table in docs/api.md: each method's parameters, with their defaults
    (``inspect.Parameter.empty`` for none)."""
    text = DOCS.read_text()
    table = text[text.index("| method | RPC |") :].split("\n\n", 1)[0]
    methods: dict[str, list[tuple[str, object]]] = {}
    for name, listed in re.findall(r"^\| `(\w+)\((.*?)\)` \|", table, re.MULTILINE):
        parameters: list[tuple[str, object]] = []
        for parameter in filter(None, (p.strip() for p in listed.split(","))):
            key, _, default = parameter.partition("=")
            value = ast.literal_eval(default) if default else inspect.Parameter.empty
            parameters.append((key, value))
        methods[name] = parameters
    return methods


CLI_ONLY = {"for_command"}
"""Public methods for the command line's own use, left out of the guide's table."""


@pytest.mark.parametrize("client", [GameClient, AsyncGameClient])
def test_the_sdk_table_lists_every_method_as_it_is(client: type) -> None:
    documented = documented_methods()
    public = {
        name
        for name, _ in inspect.getmembers(client, callable)
        if not name.startswith("_") and name not in CLI_ONLY
    }
    assert sorted(public) == sorted(documented)
    for name, parameters in documented.items():
        actual = list(inspect.signature(getattr(client, name)).parameters.values())[1:]
        assert [(p.name, p.default) for p in actual] == parameters, name


def test_the_sdk_example_plays_its_seat_to_the_end(
    server: RestartableServer, tmp_path: Path
) -> None:
    script = tmp_path / "example.py"
    script.write_text(sdk_example())
    example = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "TABLETOP_SERVER": server.target},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert example.stdout is not None
        invitation = example.stdout.readline()
        found = re.search(r"tabletop bot (\S+) --seat 1", invitation)
        assert found, invitation
        game_id = found.group(1)
        with GameClient(server.target, timeout=10) as opponent:
            opponent.token = opponent.join_game(game_id, "bot", 1).token
            play_seat(opponent, game_id, 1, RandomBot(seed=3), timeout=120)
        out, _ = example.communicate(timeout=60)
    finally:
        if example.poll() is None:
            example.kill()
    assert example.returncode == 0
    assert "scores" in out  # the outcome it prints at the end
    with GameClient(server.target, timeout=10) as spectator:
        status = spectator.get_view(game_id, "public").status
        events = spectator.read_events(game_id)
        actors = [e.cause.seat for e in events if e.cause.kind == common_pb2.CAUSE_KIND_ACTION]
    assert status.finished
    assert actors.count(0) > 0 and actors.count(1) > 0  # both seats acted


def test_the_documented_games_seats_and_rulesets_are_the_servers() -> None:
    """docs/api.md §1's table of games: each game kind's seat range and rulesets, as the
    rules this server runs define them (a client learns them nowhere else but refusals)."""
    text = DOCS.read_text()
    table = text[text.index("| `game` | seats | rulesets |") :].split("\n\n", 1)[0]
    row = r"^\s*\| `(GAME_KIND_\w+)` \| (\d+)\N{EN DASH}(\d+) \| (.+) \|$"
    rows = re.findall(row, table, re.MULTILINE)
    documented = {
        kind: (int(low), int(high), tuple(re.findall(r"`(\w+)`", rulesets)))
        for kind, low, high, rulesets in rows
    }
    served = {
        common_pb2.GameKind.Name(adapter.kind): (rules.min_seats, rules.max_seats, rules.rulesets)
        for adapter in ADAPTERS.values()
        for rules in [rules_for(adapter.name)]
    }
    assert documented == served


def test_the_client_side_reasons_table_lists_every_reason_the_clients_raise() -> None:
    """docs/api.md, "Failures before any server answers": a reason the SDK raises on its own
    (``clients.errors``: each constant whose value is its own name) is one a client author can
    meet, so the table names each, with its code."""
    text = DOCS.read_text()
    table = text[text.index("| code | client reason | meaning |") :].split("\n\n", 1)[0]
    documented = re.findall(r"^\| `\w+` \| `(\w+)` \|", table, re.MULTILINE)
    raised = {
        name for name, value in vars(client_errors).items() if name.isupper() and value == name
    }
    assert sorted(documented) == sorted(raised)
