"""The tournament archive: every game's record verifies on its own, the tournament's own
record is an intact hash chain bound to those games, and the standings page is
self-contained."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from clients.errors import ClientSettingError
from clients.tournament import write_archive
from games.core import read_record
from games.core.record import GameRecord
from games.core.tournament_events import TOURNAMENT_CODEC, ResultRecorded
from games.core.tournament_record import RESULT_EVENT, Entry, chain_breaks
from replay.archive import verify_path
from replay.verify import verify_record
from services.tournaments import Tournaments
from tests.tournaments.conftest import open_event


def _archive(tournaments: Tournaments, tournament_id: str) -> dict[str, bytes]:
    return dict(tournaments.export(tournament_id))


def test_the_archive_holds_a_verifiable_record_of_every_game_and_the_tournaments_own(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=1)
    round_ = event.play_round()
    files = _archive(tournaments, event.tournament_id)
    games = sorted(name for name in files if name.endswith(".jsonl"))
    assert games == ["games/round-1-table-1.jsonl", "games/round-1-table-2.jsonl"]
    closing = {}
    for name in games:
        record = read_record(files[name].decode().splitlines())
        assert verify_record(record).ok, name
        assert record.header["tournament"] == event.tournament_id
        assert record.result is not None
        closing[record.header["game_id"]] = record.result["chain"]
    document = json.loads(files["tournament.json"])
    entries = [Entry.from_json(item) for item in document["events"]]
    assert chain_breaks(entries) == []
    results = [TOURNAMENT_CODEC.decode(e.event) for e in entries]
    bound = {r.game_id: r.chain for r in results if isinstance(r, ResultRecorded)}
    assert bound == closing == {t.game_id: closing[t.game_id] for t in round_.tables}


def test_each_game_record_is_read_as_it_is_sent_after_the_tournaments_record_lists_it(
    tournaments: Tournaments, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large event's records are not all read before the first file goes: the client
    counts them as they come, out of the files ``tournament.json`` lists."""
    event = open_event(tournaments, 6, seats=2, rounds=1)
    event.play_round()
    read: list[str] = []
    record = tournaments.games.record

    def reading(game_id: str) -> GameRecord:
        read.append(game_id)
        return record(game_id)

    monkeypatch.setattr(tournaments.games, "record", reading)
    sent = 0
    for name, content in tournaments.export(event.tournament_id):
        if name == "tournament.json":
            listed = [game["file"] for game in json.loads(content)["games"] if game["file"]]
        sent += name.startswith("games/")
        assert len(read) == sent, name
    assert listed == [f"games/round-1-table-{table}.jsonl" for table in (1, 2, 3)]


def test_an_edited_tournament_record_breaks_its_chain(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 4, rounds=1)
    event.adjudicate_round()
    document = json.loads(_archive(tournaments, event.tournament_id)["tournament.json"])
    document["events"][-2]["event"]["data"]["places"][0] = 4
    entries = [Entry.from_json(item) for item in document["events"]]
    assert chain_breaks(entries) != []


def test_standings_csv_matches_the_standings(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 8, rounds=2)
    event.adjudicate_round()
    event.adjudicate_round()
    files = _archive(tournaments, event.tournament_id)
    rows = list(csv.DictReader(io.StringIO(files["standings.csv"].decode())))
    _, standings = tournaments.standings(event.tournament_id)
    assert [(r["player"], int(r["points"])) for r in rows] == [
        (s.player, s.points) for s in standings
    ]
    assert [int(rows[0]["after_round_1"]), int(rows[0]["after_round_2"])] == list(
        standings[0].points_by_round
    )
    results = list(csv.DictReader(io.StringIO(files["results.csv"].decode())))
    assert len(results) == 16 and {r["status"] for r in results} == {"adjudicated"}


def test_names_and_reasons_that_begin_as_formulas_are_written_as_text(
    tournaments: Tournaments, tmp_path: Path
) -> None:
    names = ['=HYPERLINK("http://x")', "+1", "-Bo", "@SUM(A1)"]
    event = open_event(tournaments, 0, seats=4, rounds=1, names=names)
    table = event.start_round().tables[0]
    tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, [1, 2, 3, 4], [], "-2 for a late start"
    )
    files = _archive(tournaments, event.tournament_id)
    standings = list(csv.DictReader(io.StringIO(files["standings.csv"].decode())))
    results = list(csv.DictReader(io.StringIO(files["results.csv"].decode())))
    assert sorted(row["player"] for row in standings) == sorted(f"'{name}" for name in names)
    assert sorted(row["player"] for row in results) == sorted(f"'{name}" for name in names)
    assert {row["reason"] for row in results} == {"'-2 for a late start"}
    # verify recounts the standings the same way: the written names are no difference
    write_archive(iter(files.items()), tmp_path / "archive")
    checked = verify_path(tmp_path / "archive")[0]
    assert checked.verdict.ok, checked.verdict.problems
    assert "standings.csv agrees with a recount of the results" in checked.verdict.checks


def test_an_archive_exported_during_a_round_has_the_standings_of_completed_rounds_only(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=3)
    event.adjudicate_round()
    event.start_round()  # round 2 in play
    files = _archive(tournaments, event.tournament_id)
    header = files["standings.csv"].decode().splitlines()[0].split(",")
    assert [c for c in header if c.startswith("after_round_")] == ["after_round_1"]
    assert "1 of 3 rounds completed" in files["standings.html"].decode()


def test_the_archive_readme_counts_in_english(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 2, seats=2, rounds=1)
    event.adjudicate_round()  # one table, adjudicated: no game record
    readme = _archive(tournaments, event.tournament_id)["README.txt"].decode()
    assert "bourgeoisie, swiss, 1 round, 2 players." in readme
    assert "0 game records under games/" in readme
    assert "1 table without a record: adjudicated or still in play." in readme


def test_the_archive_readme_names_each_table_without_a_record_and_why(
    tournaments: Tournaments,
) -> None:
    """So the organiser knows which results stand on a ruling alone, and which games a
    later export will hold once they end."""
    event = open_event(tournaments, 4, seats=2, rounds=2)
    ruled = event.adjudicate_round().tables
    playing = event.start_round().tables
    readme = _archive(tournaments, event.tournament_id)["README.txt"].decode()
    assert readme.endswith(
        "4 tables without a record: adjudicated or still in play.\n"
        f"  round 1, table 1 (game {ruled[0].game_id}): adjudicated; its game has not ended\n"
        f"  round 1, table 2 (game {ruled[1].game_id}): adjudicated; its game has not ended\n"
        f"  round 2, table 1 (game {playing[0].game_id}): still in play\n"
        f"  round 2, table 2 (game {playing[1].game_id}): still in play\n"
    )


def test_the_standings_page_is_self_contained_with_a_table_and_a_chart(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, rounds=2, names=["<i>Ada & Bo</i>"])
    event.adjudicate_round()
    page = _archive(tournaments, event.tournament_id)["standings.html"].decode()
    assert "<table>" in page and "<svg" in page and "<polyline" in page
    assert page.count("<polyline") == 5
    assert "<i>" not in page and "&lt;i&gt;Ada &amp; Bo&lt;/i&gt;" in page
    outside = re.findall(r"""(?:src|href)\s*=|<script|<link|url\(|@import""", page)
    assert outside == []
    addresses = set(re.findall(r"https?://[^\s\"'<>]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}, "only the SVG namespace, never fetched"


def _verify(target: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", "verify", str(target)]
    wide = {**os.environ, "COLUMNS": "250"}  # table cells unwrapped, so messages read whole
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120, check=False, env=wide
    )


@pytest.fixture
def archive(tournaments: Tournaments, tmp_path: Path) -> Path:
    """A folder archive of a one-round tournament whose two games were played to the end."""
    event = open_event(tournaments, 4, seats=2, rounds=1)
    event.play_round()
    folder = tmp_path / "cup"
    write_archive(iter(_archive(tournaments, event.tournament_id).items()), folder)
    return folder


def test_the_result_event_named_for_verification_is_the_codecs() -> None:
    assert TOURNAMENT_CODEC.name_of(ResultRecorded) == RESULT_EVENT


def test_verify_checks_the_tournament_record_and_every_game_of_a_folder_or_zip(
    archive: Path, tmp_path: Path
) -> None:
    zipped = tmp_path / "cup.zip"
    write_archive(
        ((str(f.relative_to(archive)), f.read_bytes()) for f in archive.rglob("*") if f.is_file()),
        zipped,
    )
    for target in (archive, zipped):
        result = _verify(target)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "tournament.json" in result.stdout and "intact and bound" in result.stdout
        assert "3 verified, 0 failed" in result.stderr


def test_verify_fails_an_archive_whose_tournament_record_was_edited(archive: Path) -> None:
    record = archive / "tournament.json"
    document = json.loads(record.read_text())
    result = next(e for e in document["events"] if e["event"]["type"] == RESULT_EVENT)
    result["event"]["data"]["places"] = result["event"]["data"]["places"][::-1]
    record.write_text(json.dumps(document))
    verdict = _verify(archive)
    assert verdict.returncode == 1
    assert "chain hash does not match" in verdict.stdout
    assert "2 verified, 1 failed" in verdict.stderr


def test_verify_fails_an_archive_whose_game_record_is_missing_or_swapped(archive: Path) -> None:
    first, second = sorted((archive / "games").glob("*.jsonl"))
    first_text = first.read_text()
    first.write_text(second.read_text())  # a valid record, but not the game of that result
    swapped = _verify(archive)
    assert swapped.returncode == 1 and "is bound to chain" in swapped.stdout
    first.write_text(first_text)
    second.unlink()
    missing = _verify(archive)
    assert missing.returncode == 1 and "missing or unreadable" in missing.stdout
    assert _verify(archive / "games" / first.name).returncode == 0  # the game alone is sound


def test_verify_reports_an_unreadable_tournament_record_without_a_traceback(
    archive: Path,
) -> None:
    (archive / "tournament.json").write_text('{"record": "tabletop.tournament", "format": 9}')
    result = _verify(archive)
    assert result.returncode == 1 and "format 9 is unknown" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_an_archive_is_not_written_into_a_folder_that_holds_files(archive: Path) -> None:
    """Another export's files would sit beside this one's as if they were part of it."""
    before = sorted(p.relative_to(archive) for p in archive.rglob("*"))
    read: list[str] = []

    def files() -> Iterator[tuple[str, bytes]]:
        read.append("started")
        yield "games/extra.jsonl", b"{}"

    with pytest.raises(ClientSettingError) as refused:
        write_archive(files(), archive)
    assert refused.value.reason == "ARCHIVE_FOLDER_NOT_EMPTY"
    assert read == [] and sorted(p.relative_to(archive) for p in archive.rglob("*")) == before
    assert write_archive(files(), archive / "fresh") == ["games/extra.jsonl"]
