"""Dispute review end to end: a dispute opened by a seat and ruled by the arbiter over gRPC,
kept on the exported record and reported; and a what-if game forked from a recorded moment
and played to its end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter
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


def tabletop(
    *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", *map(str, args)]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
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


def _rule(game_id: str, dispute: str, target: str) -> subprocess.CompletedProcess[str]:
    return tabletop("dispute", "rule", game_id, dispute, "--ruling", "the deal came from the seed",
                    "--rejected", "--server", target, "--token", ARBITER)  # fmt: skip


def test_a_dispute_is_ruled_by_the_short_id_every_output_shows(server: RunningServer) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
    with GameClient(server.target, ARBITER) as arbiter:
        dispute_id = arbiter.open_dispute(game_id, 1, "the deal looks wrong").dispute_id
        other = arbiter.open_dispute(game_id, 1, "and the second deal").dispute_id
        answered = arbiter.rule_dispute(game_id, other[:8], "it came from the seed", False)
    assert answered.dispute_id == other  # a prefix is answered with the full id
    ruled = _rule(game_id, dispute_id[:8], server.target)
    assert ruled.returncode == 0, ruled.stderr
    assert f"dispute {dispute_id[:8]} rejected" in ruled.stderr
    with GameClient(server.target, ARBITER) as arbiter:
        record = fetch_record(arbiter, game_id)
    rulings = [e.event.data for e in record.events if e.event.type == "core.DisputeRuled"]
    assert [r["dispute"] for r in rulings] == [other, dispute_id]  # recorded by their full ids
    again = _rule(game_id, dispute_id[:8], server.target)
    assert again.returncode == 1 and "NO_OPEN_DISPUTE" in again.stderr


def test_a_prefix_that_several_open_disputes_share_is_refused_naming_them(
    server: RunningServer,
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
    with GameClient(server.target, ARBITER) as arbiter:
        # 17 ids and 16 hex digits: at least two begin alike.
        ids = [arbiter.open_dispute(game_id, 1, f"claim {n}").dispute_id for n in range(17)]
    prefix, shared = Counter(i[0] for i in ids).most_common(1)[0]
    refused = _rule(game_id, prefix, server.target)
    assert refused.returncode == 1
    assert "INVALID_ARGUMENT AMBIGUOUS_DISPUTE" in refused.stderr
    assert f"{shared} open disputes in this game begin with '{prefix}'" in refused.stderr
    assert all(i in refused.stderr for i in ids if i.startswith(prefix))


def test_a_live_game_id_is_replayed_from_the_server_the_other_commands_use(
    server: RunningServer,
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
    environment = {**os.environ, "TABLETOP_SERVER": server.target}
    refused = tabletop("replay", game_id, "--json", env=environment)
    assert refused.returncode == 1
    assert "the game is still in play" in refused.stderr
    assert (
        "pass the arbiter's token with --token, or your seat's token to replay what your seat "
        "saw, or wait until the game has ended"
    ) in " ".join(refused.stderr.split())
    shown = tabletop("replay", game_id, "--json", "--token", ARBITER, env=environment)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["game_id"] == game_id
