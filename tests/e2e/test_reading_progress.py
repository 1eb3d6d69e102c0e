"""Reading a game from a real server shows a count of the events read on a terminal, as
`export` and `replay` do it (a 10,000-event game takes seconds), and clears it: on a pipe, and
once done, the commands say only what they did. `tournament export` counts the game records
it writes into the archive alike."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from services.tournaments import Tournaments
from tests.e2e.conftest import RunningServer
from tests.support.play import play_random, seat_everyone
from tests.tournaments.conftest import open_event

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
COUNT = "reading the game's events"
ARCHIVE_COUNT = "writing the archive's game records"
STYLES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""A terminal's control sequences: colours, and the cursor's moves that clear the count."""


def _tabletop(*args: str, terminal: bool) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it; ``terminal``: with stderr a terminal, as rich sees one
    where ``FORCE_COLOR`` is set."""
    env = {key: value for key, value in os.environ.items() if key != "FORCE_COLOR"}
    env |= {"FORCE_COLOR": "1"} if terminal else {}
    command = [sys.executable, "-m", "cli.main", *args]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False, env=env
    )


@pytest.fixture(scope="module")
def game_id(server: RunningServer) -> str:
    game_id, _ = server.games.create_game("bourgeoisie", 2)
    play_random(server.games, game_id, seat_everyone(server.games, game_id, 2))
    return game_id


def _on_a_terminal_and_a_pipe(*args: str, count: str = COUNT) -> tuple[str, str]:
    """``tabletop *args`` run twice, stderr a terminal and then a pipe: both succeed, and only
    the terminal's stderr has held the ``count``. Their stderr; their stdout says the same
    (rich colours it where ``FORCE_COLOR`` is set, as on a terminal)."""
    shown, plain = _tabletop(*args, terminal=True), _tabletop(*args, terminal=False)
    assert shown.returncode == plain.returncode == 0, shown.stderr + plain.stderr
    assert count in shown.stderr and count not in plain.stderr, shown.stderr[-300:]
    assert "" not in plain.stderr.splitlines(), f"a blank line left on a pipe: {plain.stderr!r}"
    assert STYLES.sub("", shown.stdout) == plain.stdout
    return shown.stderr, plain.stderr


def test_export_counts_the_events_it_reads_on_a_terminal_only(
    server: RunningServer, game_id: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    said = _on_a_terminal_and_a_pipe("export", game_id, "-o", str(path), "--server", server.target)
    last = len(list(server.games.read_events(game_id)))
    for stderr in said:
        assert " ".join(STYLES.sub("", stderr).split()).endswith(f"wrote {last} events to {path}")
    assert len(path.read_text().splitlines()) == last + 2  # the header and the result lines


def test_replay_from_a_server_counts_the_events_it_reads(
    server: RunningServer, game_id: str
) -> None:
    _on_a_terminal_and_a_pipe("replay", game_id, "--server", server.target, "--at", "30", "--json")


def test_a_seats_replay_of_a_game_in_play_counts_the_events_it_reads(
    server: RunningServer,
) -> None:
    game_id, _ = server.games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(server.games, game_id, 2)
    play_random(server.games, game_id, tokens, limit=20)
    at = ["replay", game_id, "--server", server.target, "--token", tokens[0], "--json"]
    _on_a_terminal_and_a_pipe(*at)
    shown = _tabletop(*at, terminal=False)
    assert json.loads(shown.stdout)["notice"].startswith("seat 0's view of a game in play")


def test_verify_against_a_server_counts_the_events_it_reads_on_a_terminal_only(
    server: RunningServer, game_id: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    exported = _tabletop(
        "export", game_id, "-o", str(path), "--server", server.target, terminal=False
    )
    assert exported.returncode == 0, exported.stderr
    for stderr in _on_a_terminal_and_a_pipe("verify", str(path), "--server", server.target):
        assert " ".join(STYLES.sub("", stderr).split()).endswith("record verified")


def test_a_tournament_export_counts_the_game_records_it_writes_on_a_terminal_only(
    server: RunningServer, tmp_path: Path
) -> None:
    """Out of the games the archive's ``tournament.json`` lists, which comes first."""
    event = open_event(Tournaments(server.games), 6, seats=2, rounds=1)
    event.play_round()
    path = tmp_path / "cup.zip"  # replaced whole: both runs write to the same place
    export = ["tournament", "export", event.tournament_id, "-o", str(path)]
    shown, _ = _on_a_terminal_and_a_pipe(*export, "--server", server.target, count=ARCHIVE_COUNT)
    assert f"{ARCHIVE_COUNT}: 3 of 3" in STYLES.sub("", shown)
