"""End to end: a complete Swiss tournament — 8 players, 3 rounds, 4-player tables of
Bourgeoisie — played by random bots over gRPC. Its archive verifies game by game, and its
standings match a recount from the game records alone."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from cli.main import main
from clients.tournament import TournamentClient, play_round, write_archive
from games.core import GameRecord
from replay.sources import record_files
from replay.verify import verify_record
from tests.tournaments.conftest import RunningServer

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
POINTS = (3, 2, 1, 0)  # the default for 4 seats: seats - place


def _points(place: int, table_size: int) -> int:
    """The documented rule: the last place earns the last entry, any other place its own."""
    return POINTS[-1] if place >= table_size else POINTS[place - 1]


def _recount(records: list[GameRecord]) -> dict[str, list[int]]:
    """Each player's points by round, from nothing but the game records' headers and results."""
    by_round: dict[str, Counter[int]] = defaultdict(Counter)
    for record in records:
        assert record.result is not None
        players, places = record.header["players"], record.result["places"]
        for player, place in zip(players, places, strict=True):
            by_round[player][record.header["round"]] += _points(place, len(players))
    return {player: [rounds[n] for n in (1, 2, 3)] for player, rounds in by_round.items()}


def _play_tournament(target: str) -> str:
    with TournamentClient(target) as client:
        created = client.create_tournament("Bot Swiss", "bourgeoisie", 4, "swiss", rounds=3)
        client.token = created.organiser_token
        tid = created.tournament_id
        names = [f"bot {n}" for n in range(1, 9)]
        tokens = {name: client.register_player(tid, name).player_token for name in names}
        for number in (1, 2, 3):
            round_ = client.start_round(tid)
            assert round_.round == number and [len(t.players) for t in round_.tables] == [4, 4]
            finished: list[int] = []
            play_round(target, tid, round_, tokens, on_table_done=finished.append)
            assert sorted(finished) == [1, 2]
            assert client.get_pairings(tid, number).completed
        return tid


def test_a_swiss_tournament_of_bots_archives_verifiable_games_and_recountable_standings(
    server: RunningServer, tmp_path: Path
) -> None:
    tid = _play_tournament(server.target)
    with TournamentClient(server.target) as client:
        standings = client.get_standings(tid)
        archive = tmp_path / "archive.zip"
        write_archive(client.export_tournament(tid), archive)
    assert standings.finished and standings.after_round == 3
    records = []
    for name, load in record_files(archive):
        record = load()
        assert verify_record(record).ok, name
        assert record.header["tournament"] == tid
        assert name == f"games/round-{record.header['round']}-table-{record.header['table']}.jsonl"
        records.append(record)
    assert len(records) == 6
    recount = _recount(records)
    assert {s.player: list(s.points_by_round) for s in standings.standings} == {
        player: [sum(rounds[:n]) for n in (1, 2, 3)] for player, rounds in recount.items()
    }
    with zipfile.ZipFile(archive) as opened:
        rows = list(csv.DictReader(io.StringIO(opened.read("standings.csv").decode())))
        document = json.loads(opened.read("tournament.json"))
        assert "<svg" in opened.read("standings.html").decode()
    assert [(r["player"], int(r["points"])) for r in rows] == [
        (s.player, s.points) for s in standings.standings
    ]
    assert sum(1 for g in document["games"] if g["file"]) == 6


def test_the_run_command_plays_a_tournament_and_writes_its_archive(
    server: RunningServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "run"
    argv = ["tournament", "run", "--server", server.target, "--players", "3", "--seats", "2"]
    argv += ["--rounds", "1", "--format", "round-robin", "--export", str(target)]
    assert main(argv) == 0
    tid = capsys.readouterr().out.strip().splitlines()[-1]
    assert (target / "standings.html").is_file() and (target / "tournament.json").is_file()
    games = sorted(p.name for p in (target / "games").iterdir())
    assert games == ["round-1-table-1.jsonl"], "three players: one table and a bye"
    assert main(["tournament", "standings", tid, "--server", server.target]) == 0
    assert "Standings after round 1 of 1 (final)" in capsys.readouterr().out
