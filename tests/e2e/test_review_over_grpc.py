"""Dispute review end to end: a dispute opened by a seat and ruled by the arbiter over gRPC,
kept on the exported record and reported; and a what-if game forked from a recorded moment
and played to its end."""

from __future__ import annotations

import subprocess
import sys
import threading
from itertools import pairwise
from pathlib import Path

import pytest

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from replay.sources import fetch_record
from replay.verify import verify_record
from tests.e2e.conftest import ARBITER, RunningServer

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def _play(target: str, game_id: str) -> list[str]:
    with GameClient(target) as client:
        seats = client.get_view(game_id, "public").status.seats
        grants = [client.join_game(game_id, f"bot {n}", n) for n in range(seats)]

    def play(seat: int) -> None:
        with GameClient(target, grants[seat].token) as player:
            play_seat(player, game_id, seat, RandomBot(seat), timeout=300)

    threads = [threading.Thread(target=play, args=(n,)) for n in range(seats)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    return [grant.token for grant in grants]


def tabletop(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", *map(str, args)]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_a_dispute_is_opened_ruled_exported_and_reported(
    server: RunningServer, tmp_path: Path
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
    tokens = _play(server.target, game_id)
    opened = tabletop("dispute", "open", game_id, "--at", "30", "--claim", "I never saw that card",
                      "--server", server.target, "--token", tokens[0])  # fmt: skip
    assert opened.returncode == 0, opened.stderr
    dispute_id = opened.stdout.strip()
    refused = tabletop("dispute", "rule", game_id, dispute_id, "--ruling", "no", "--rejected",
                       "--server", server.target, "--token", tokens[1])  # fmt: skip
    assert refused.returncode == 1 and "only the arbiter" in refused.stderr
    ruling = "the card was on the track"
    ruled = tabletop("dispute", "rule", game_id, dispute_id, "--ruling", ruling, "--rejected",
                     "--server", server.target, "--token", ARBITER)  # fmt: skip
    assert ruled.returncode == 0, ruled.stderr
    record_path = tmp_path / "game.jsonl"
    assert tabletop("export", game_id, "-o", record_path, "--server", server.target).returncode == 0
    assert tabletop("verify", record_path).returncode == 0
    report = tabletop("dispute", "report", record_path, "--html", tmp_path / "dispute.html")
    assert report.returncode == 0, report.stderr
    markdown = tabletop("dispute", "report", record_path, "--dispute", dispute_id[:8]).stdout
    assert (
        "I never saw that card" in markdown and "rejected — the card was on the track" in markdown
    )
    assert "<svg" in (tmp_path / "dispute.html").read_text()


def test_a_what_if_game_is_forked_and_played_to_the_end(server: RunningServer) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("burgundy", 2).game_id
    _play(server.target, game_id)
    with GameClient(server.target) as client:
        events = list(client.read_events(game_id))
    at = next(e.version for e, after in pairwise(events[60:])
              if e.cause.command_id != after.cause.command_id)  # fmt: skip
    forked = tabletop("fork", game_id, "--at", str(at), "--server", server.target)
    assert forked.returncode == 0, forked.stderr
    fork_id = forked.stdout.strip()
    _play(server.target, fork_id)
    with GameClient(server.target) as client:
        assert client.get_view(fork_id, "public").status.finished
        record = fetch_record(client, fork_id)
    assert record.header["origin_game_id"] == game_id and record.header["origin_version"] == at
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems
