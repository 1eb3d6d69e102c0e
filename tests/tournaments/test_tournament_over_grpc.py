"""End to end: a complete Swiss tournament — 8 players, 3 rounds, 4-player tables of
Bourgeoisie — played by random bots over gRPC. Its archive verifies game by game, and its
standings match a recount from the game records alone."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

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


@dataclass
class _Tally:
    """One player's counts from the game records."""

    by_round: Counter[int] = field(default_factory=Counter)
    game_score: int = 0
    first_places: int = 0
    opponents: list[str] = field(default_factory=list)  # once per meeting


class Recounted(NamedTuple):
    """A standing as recounted: the served standing's columns, from the records alone."""

    player: str
    points_by_round: list[int]  # cumulative, after each round
    points: int
    game_score: int
    opponents_points: int
    first_places: int


def _tallies(records: list[GameRecord]) -> dict[str, _Tally]:
    """Points by round, game scores, first places and opponents met, table by table."""
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    for record in records:
        assert record.result is not None
        players, places = record.header["players"], record.result["places"]
        scores = record.result["scores"]
        for player, place, score in zip(players, places, scores, strict=True):
            tally = tallies[player]
            tally.by_round[record.header["round"]] += _points(place, len(players))
            tally.game_score += score
            tally.first_places += place == 1
            tally.opponents += [other for other in players if other != player]
    return tallies


def _recount(records: list[GameRecord], seeds: list[str]) -> list[Recounted]:
    """The standings, best first, from nothing but the game records' headers and results and
    the registration order (``seeds``): tournament points, then total game score, opponents'
    points (the sum of each opponent's points, once per meeting), first places and seed."""
    tallies = _tallies(records)
    totals = {player: sum(tally.by_round.values()) for player, tally in tallies.items()}
    recounted = [
        Recounted(
            player,
            list(accumulate(tally.by_round[n] for n in (1, 2, 3))),
            totals[player],
            tally.game_score,
            sum(totals[opponent] for opponent in tally.opponents),
            tally.first_places,
        )
        for player, tally in tallies.items()
    ]
    return sorted(
        recounted,
        key=lambda r: (
            -r.points,
            -r.game_score,
            -r.opponents_points,
            -r.first_places,
            seeds.index(r.player),
        ),
    )


def _registration_order(document: dict[str, Any]) -> list[str]:
    """Players in the order they registered, from the tournament's own record."""
    events = [entry["event"] for entry in document["events"]]
    return [str(e["data"]["player"]) for e in events if e["type"] == "tournament.PlayerRegistered"]


def _served(standing: pb.TournamentStanding) -> Recounted:
    """A standing the server sent, in the recount's shape."""
    return Recounted(
        standing.player,
        list(standing.points_by_round),
        standing.points,
        standing.game_score,
        standing.opponents_points,
        standing.first_places,
    )


def _play_tournament(target: str) -> str:
    with TournamentClient(target) as client:
        created = client.create_tournament("Bot Swiss", "bourgeoisie", 4, "swiss", rounds=3)
        client.token = created.organiser_token
        tid = str(created.tournament_id)
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
        earlier = client.get_standings(tid, 2)
        archive = tmp_path / "archive.zip"
        write_archive(client.export_tournament(tid), archive)
    assert standings.finished and standings.after_round == 3
    assert not earlier.finished and earlier.after_round == 2, "final only after the last round"
    records = []
    for name, load in record_files(archive):
        record = load()
        assert verify_record(record).ok, name
        assert record.header["tournament"] == tid
        assert name == f"games/round-{record.header['round']}-table-{record.header['table']}.jsonl"
        records.append(record)
    assert len(records) == 6
    with zipfile.ZipFile(archive) as opened:
        rows = list(csv.DictReader(io.StringIO(opened.read("standings.csv").decode())))
        document = json.loads(opened.read("tournament.json"))
        assert "<svg" in opened.read("standings.html").decode()
    recount = _recount(records, _registration_order(document))
    assert [_served(standing) for standing in standings.standings] == recount
    assert [s.rank for s in standings.standings] == list(range(1, 9))
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
    tid = capsys.readouterr().out.strip().splitlines()[-2]  # then the organiser token
    assert (target / "standings.html").is_file() and (target / "tournament.json").is_file()
    games = sorted(p.name for p in (target / "games").iterdir())
    assert games == ["round-1-table-1.jsonl"], "three players: one table and a bye"
    assert main(["tournament", "standings", tid, "--server", server.target]) == 0
    assert "Standings after round 1 of 1 (final)" in capsys.readouterr().out
