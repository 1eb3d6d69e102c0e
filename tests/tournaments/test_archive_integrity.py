"""What ``tabletop verify`` proves about a tournament archive (docs/tournaments.md, "The
archive"): a genuine archive verifies even after disputes on its games, and a forger who
re-hashes every chain still fails it — falsified results, seatings or standings, a game
record that fails on its own, and game files that belong to another tournament."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from clients.tournament import write_archive
from games.core import CauseKind, GameRecord, read_record
from games.core.codec import encoded_from_json
from games.core.record import GENESIS
from games.core.tournament_events import TOURNAMENT_CODEC
from games.core.tournament_record import RESULT_EVENT, Entry
from games.core.tournament_standings import standings
from games.core.tournament_state import fold_tournament
from replay.archive import verify_path
from replay.reading import MAX_RECORD_BYTES
from services.application import Games, GameStore
from services.settings import Settings
from services.tournaments import Tournaments
from services.tournaments.report import standings_csv
from tests.support.forgery import resealed
from tests.support.server_process import ROOT
from tests.tournaments.conftest import Event, open_event

ARBITER = "arbiter"
ROUND_STARTED = "tournament.RoundStarted"
ROUND_COMPLETED = "tournament.RoundCompleted"
Verify = Callable[[Path], tuple[int, str, str]]


@pytest.fixture
def tournaments() -> Iterator[Tournaments]:
    """Tournaments whose games know an arbiter token, to rule on disputes."""
    store = GameStore(Settings(store="memory"))
    yield Tournaments(Games(store, arbiter_token=ARBITER))
    store.close()


@pytest.fixture
def verify(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Verify:
    """``tabletop verify TARGET`` in-process: (exit status, stdout, stderr), whitespace folded
    so that messages read whole whatever the console's width."""
    monkeypatch.setenv("COLUMNS", "400")

    def run(target: Path) -> tuple[int, str, str]:
        capsys.readouterr()
        status = main(["verify", str(target)])
        out, err = capsys.readouterr()
        return status, " ".join(out.split()), " ".join(err.split())

    return run


@pytest.fixture
def club(tournaments: Tournaments, tmp_path: Path) -> Path:
    """The archive of a played one-round tournament, exported to a folder."""
    return _export(_played(tournaments), tmp_path / "club")


def _played(tournaments: Tournaments, rounds: int = 1) -> Event:
    event = open_event(tournaments, 4, seats=2, rounds=rounds)
    for _ in range(rounds):
        event.play_round()
        tournaments.tournament(event.tournament_id)  # records the results of ended games
    return event


def _export(event: Event, folder: Path) -> Path:
    write_archive(iter(event.tournaments.export(event.tournament_id)), folder)
    return folder


def _document(folder: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((folder / "tournament.json").read_text())
    return document


def _fails_once_rewritten(
    folder: Path, edit: Callable[[list[dict[str, Any]]], None], verify: Verify
) -> str:
    """What verify says of the archive once ``edit`` forged tournament.json (failing it)."""
    _rewrite(folder, edit)
    status, out, _ = verify(folder)
    assert status == 1, out
    return out


def _rewrite(folder: Path, edit: Callable[[list[dict[str, Any]]], None]) -> None:
    """Edit tournament.json's events, then re-hash its chain as a forger would."""
    document = _document(folder)
    edit(document["events"])
    previous, sealed = GENESIS, []
    for item in document["events"]:
        entry = Entry.sealed(
            previous, item["version"], item["at"], encoded_from_json(item["event"])
        )
        sealed.append(entry.as_json())
        previous = entry.chain
    document["events"] = sealed
    (folder / "tournament.json").write_text(json.dumps(document))


def _of_type(events: list[dict[str, Any]], type_name: str) -> list[dict[str, Any]]:
    return [item["event"]["data"] for item in events if item["event"]["type"] == type_name]


def _game(folder: Path, name: str = "games/round-1-table-1.jsonl") -> GameRecord:
    return read_record((folder / name).read_text().splitlines())


def _write_game(
    folder: Path, record: GameRecord, name: str = "games/round-1-table-1.jsonl"
) -> None:
    (folder / name).write_text("".join(line + "\n" for line in record.lines()))


def _end_chain(record: GameRecord) -> str:
    return next(r.chain for r in record.events if r.event.type == "core.SeedRevealed")


# -- 1. disputes after a game's end ------------------------------------------------------


def test_a_dispute_opened_and_ruled_after_the_end_leaves_the_archive_verified(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    event = _played(tournaments)
    game_id = tournaments.pairings(event.tournament_id, 1).tables[0].game_id
    dispute, _ = tournaments.games.open_dispute(game_id, 12, "a wrong roll", ARBITER)
    tournaments.games.rule_dispute(game_id, dispute, "the roll is the seed's", False, ARBITER)
    folder = _export(event, tmp_path / "club")
    status, out, err = verify(folder)
    assert status == 0, out + err
    assert "intact and bound" in out and "3 verified, 0 failed" in err


@pytest.mark.parametrize("form", ["folder", "zip", "tar.gz"])
def test_a_claim_with_a_line_separator_leaves_every_form_of_the_archive_verified(
    tournaments: Tournaments, tmp_path: Path, verify: Verify, form: str
) -> None:
    """A claim is free text of several lines (api.md §6, ``BAD_TEXT``), and U+2028 and
    U+2029 are no control characters: a record keeps them as they are, inside a JSON string,
    so its lines are read apart at line feeds alone, in an archive as in a file."""
    event = _played(tournaments)
    game_id = tournaments.pairings(event.tournament_id, 1).tables[0].game_id
    claim = "a wrong roll\u2028see the seed\u2029and the deck"
    tournaments.games.open_dispute(game_id, 12, claim, ARBITER)
    folder = _export(event, tmp_path / "club")
    target = folder if form == "folder" else tmp_path / f"club.{form}"
    if form == "zip":
        _export(event, target)
    elif form == "tar.gz":
        with tarfile.open(target, "w:gz") as archive:
            for entry in sorted(folder.iterdir()):
                archive.add(entry, arcname=entry.name)
    status, out, err = verify(target)
    assert status == 0, out + err
    assert "3 verified, 0 failed" in err


@pytest.mark.parametrize("form", ["tar.gz", "zip"])
def test_an_archive_of_the_folders_contents_is_checked_as_the_tournaments(
    tournaments: Tournaments, tmp_path: Path, verify: Verify, form: str
) -> None:
    """``tar czf club.tar.gz -C club .`` names its members ``./tournament.json`` and
    ``./games/...``: read as they are, no ``tournament.json`` was found, and the games were
    verified on their own, with nothing bound to the tournament."""
    folder = _export(_played(tournaments), tmp_path / "club")
    target = tmp_path / f"club.{form}"
    files = [entry for entry in sorted(folder.rglob("*")) if entry.is_file()]
    if form == "tar.gz":
        with tarfile.open(target, "w:gz") as archive:
            for entry in files:
                archive.add(entry, arcname=f"./{entry.relative_to(folder)}")
    else:
        with zipfile.ZipFile(target, "w") as archive:
            for entry in files:  # as ZipInfo stores it: ``write`` would drop the "./"
                name = zipfile.ZipInfo(f"./{entry.relative_to(folder)}")
                archive.writestr(name, entry.read_bytes())
    status, out, err = verify(target)
    assert status == 0, out + err
    assert "intact and bound" in out and "3 verified, 0 failed" in err


def test_a_result_recorded_after_a_dispute_is_bound_to_the_games_end(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=1)
    round_ = event.play_round()
    last = round_.tables[-1].game_id  # no tournament call has seen it end yet
    tournaments.games.open_dispute(last, 12, "a wrong roll", event.seat_tokens[last][0])
    folder = _export(event, tmp_path / "club")
    results = _of_type(_document(folder)["events"], RESULT_EVENT)
    record = _game(folder, f"games/round-1-table-{round_.tables[-1].number}.jsonl")
    assert record.events[-1].cause.kind is CauseKind.DISPUTE
    assert next(r["chain"] for r in results if r["game_id"] == last) == _end_chain(record)
    status, out, err = verify(folder)
    assert status == 0, out + err


def test_only_dispute_events_may_follow_the_end_a_result_is_bound_to(
    club: Path, verify: Verify
) -> None:
    record = _game(club)
    seat_taken = next(r for r in record.events if r.cause.kind is CauseKind.JOIN)
    longer = resealed(record, [*record.events, seat_taken])
    _write_game(club, longer)
    status, out, _ = verify(club)
    assert status == 1
    assert "round-1-table-1.jsonl fails verification" in out
    assert "only disputes may follow the seed's reveal" in out


# -- 2. falsified results, seatings and standings -----------------------------------------


def test_a_falsified_result_fails_even_with_its_chain_rehashed(club: Path, verify: Verify) -> None:
    def swap_places(events: list[dict[str, Any]]) -> None:
        result = _of_type(events, RESULT_EVENT)[0]
        result["places"] = [2 if place == 1 else 1 for place in result["places"]]

    out = _fails_once_rewritten(club, swap_places, verify)
    assert re.search(r"tournament\.json │ \d+ │ failed", out)
    assert "but its record's result line has places" in out


def test_a_falsified_seating_fails(club: Path, verify: Verify) -> None:
    def swap_tables(events: list[dict[str, Any]]) -> None:
        tables = _of_type(events, ROUND_STARTED)[0]["tables"]
        tables[0]["players"], tables[1]["players"] = tables[1]["players"], tables[0]["players"]

    out = _fails_once_rewritten(club, swap_tables, verify)
    assert "seats ['player" in out and "but its game's header names" in out


def test_a_name_holding_what_no_server_stores_fails(club: Path, verify: Verify) -> None:
    """A tournament's name, like every text a client sends, holds no control or invisible
    format character a server would store (docs/record-format.md, "Reading a record"): one
    forged into tournament.json, its chain re-hashed and its name outside the chain made to
    agree, fails the archive, and verify writes the character as its code point."""
    forged = "Club\x1b]0;pwned\x07"

    def rename(events: list[dict[str, Any]]) -> None:
        _of_type(events, "tournament.TournamentCreated")[0]["spec"]["name"] = forged

    _rewrite(club, rename)
    document = _document(club)
    document["name"] = forged
    (club / "tournament.json").write_text(json.dumps(document))
    status, out, _ = verify(club)
    assert status == 1, out
    assert "tournament.json's name holds the control character U+001B" in out
    assert "tournament.json version 1 holds the control character U+001B" in out
    assert "\x1b" not in out


def test_edited_standings_fail_the_recount(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    folder = _export(_played(tournaments, rounds=2), tmp_path / "club")
    header, first, second, *rest = (folder / "standings.csv").read_text().splitlines()
    top, runner_up = first.split(","), second.split(",")
    top[1], runner_up[1] = runner_up[1], top[1]  # the two best players change places
    lines = [header, ",".join(top), ",".join(runner_up), *rest]
    (folder / "standings.csv").write_text("\n".join(lines) + "\n")
    status, out, _ = verify(folder)
    assert status == 1
    assert "standings.csv: rank 1 is" in out and "the recount from the results gives" in out


def _with_note(lines: list[str]) -> list[str]:
    """A column added at the end, with a value on every line."""
    header, *rows = lines
    return [f"{header},note", *(f"{row},checked" for row in rows)]


def _renamed(lines: list[str]) -> list[str]:
    header, *rows = lines
    return [header.replace(",points,", ",pts,", 1), *rows]


def _reordered(lines: list[str]) -> list[str]:
    """The seed and points columns swapped, header and values alike."""
    swapped = []
    for line in lines:
        cells = line.split(",")
        cells[2], cells[3] = cells[3], cells[2]
        swapped.append(",".join(cells))
    return swapped


def _doubled(lines: list[str]) -> list[str]:
    """The player column again at the end, with its values."""
    return [f"{line},{line.split(',')[1]}" for line in lines]


def _unnamed_cell(lines: list[str]) -> list[str]:
    header, first, *rest = lines
    return [header, f"{first},checked", *rest]


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (_with_note, "standings.csv has a column the exporter does not write: note"),
        (_renamed, "standings.csv has a column the exporter does not write: pts"),
        (_renamed, "standings.csv lacks a column the exporter writes: points"),
        (_reordered, "standings.csv has the exporter's columns in another order: rank, player, "),
        (_doubled, "standings.csv has a column more than once: player"),
        (_unnamed_cell, "standings.csv: rank 1 has 1 cell more than its header has columns"),
    ],
)
def test_a_standings_header_other_than_the_exporters_fails(
    club: Path, verify: Verify, edit: Callable[[list[str]], list[str]], problem: str
) -> None:
    """``standings.csv`` lies outside the chain and is checked by recounting its values, so
    a column the recount does not read, added or renamed, would pass unseen: its header must
    be the exporter's, column for column (docs/tournaments.md, "The archive")."""
    path = club / "standings.csv"
    path.write_text("\n".join(edit(path.read_text().splitlines())) + "\n")
    status, out, _ = verify(club)
    assert status == 1
    assert problem in out, out


def test_a_recounted_archive_says_so(tournaments: Tournaments, tmp_path: Path) -> None:
    folder = _export(_played(tournaments, rounds=2), tmp_path / "club")
    checked = verify_path(folder)[0]
    assert checked.name == "tournament.json" and checked.verdict.ok, checked.verdict.problems
    assert "standings.csv agrees with a recount of the results" in checked.verdict.checks


def test_a_game_record_that_fails_on_its_own_unbinds_its_result(club: Path, verify: Verify) -> None:
    record = _game(club)
    moved = next(
        i for i, r in enumerate(record.events) if i > 20 and r.cause.kind is CauseKind.ACTION
    )
    events = list(record.events)
    seat = events[moved].cause.seat
    assert seat is not None
    other = replace(events[moved].cause, seat=1 - seat)
    events = [replace(r, cause=other) if r.cause == events[moved].cause else r for r in events]
    forged = resealed(record, events)
    _write_game(club, forged)

    def rebind(events: list[dict[str, Any]]) -> None:
        game_id = record.header["game_id"]
        result = next(r for r in _of_type(events, RESULT_EVENT) if r["game_id"] == game_id)
        result["chain"] = _end_chain(forged)

    out = _fails_once_rewritten(club, rebind, verify)
    assert "intact and bound" not in out
    assert "games/round-1-table-1.jsonl fails verification" in out


@pytest.mark.parametrize(
    ("path", "named"),
    [
        ((), "tournament.json: note"),
        (("games", 0), "game 1 of its list: note"),
        (("events", 2), "version 3: note"),
        (("events", 2, "event"), "version 3: event.note"),
    ],
    ids=["the record", "a listed game", "an event entry", "its event"],
)
def test_a_field_added_to_the_tournament_record_fails_it_where_it_was_added(
    club: Path, verify: Verify, path: tuple[str | int, ...], named: str
) -> None:
    """A field no reader takes (``"note"``) is an edit like any other: the chain is taken over
    the fields read, and the list of games and the record's own fields lie outside it."""
    document = _document(club)
    target: Any = document
    for key in path:
        target = target[key]
    target["note"] = "added after the tournament"
    (club / "tournament.json").write_text(json.dumps(document))
    status, out, _ = verify(club)
    assert status == 1, out
    assert re.search(r"tournament\.json │ \d+ │ failed", out), out
    assert f"{named} is not a field of the record format" in out, out


# -- 3. game files of another tournament -----------------------------------------------------


def test_a_game_file_of_another_tournament_fails_the_archive(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    ours = _export(_played(tournaments), tmp_path / "ours")
    theirs = _export(_played(tournaments), tmp_path / "theirs")
    stale = ours / "games" / "round-3-table-1.jsonl"
    stale.write_text((theirs / "games" / "round-1-table-1.jsonl").read_text())
    status, out, err = verify(ours)
    assert status == 1
    assert "games/round-3-table-1.jsonl │ " in out
    assert "not listed in tournament.json" in out
    assert "3 verified, 1 failed" in err


def test_a_listed_game_file_whose_header_names_another_tournament_fails(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    ours = _export(_played(tournaments), tmp_path / "ours")
    theirs = _export(_played(tournaments), tmp_path / "theirs")
    name = "games/round-1-table-2.jsonl"
    (ours / name).write_text((theirs / name).read_text())
    status, out, _ = verify(ours)
    assert status == 1
    assert re.search(rf"{name} │ \d+ │ failed │ its header names tournament", out)


# -- 4. corrected and withdrawn rulings -------------------------------------------------------


@pytest.fixture
def appealed(tournaments: Tournaments, tmp_path: Path) -> Path:
    """A played round whose table 1 was adjudicated, corrected, then the ruling withdrawn
    (so its game's own result stands again), exported to a folder."""
    event = _played(tournaments)
    game_id = tournaments.pairings(event.tournament_id, 1).tables[0].game_id
    for places, reason in (([1, 1], "appeal"), ([2, 1], "appeal, corrected")):
        tournaments.adjudicate(event.tournament_id, event.organiser, game_id, places, [], reason)
    tournaments.withdraw_adjudication(event.tournament_id, event.organiser, game_id, "void")
    return _export(event, tmp_path / "club")


def test_an_archive_with_corrected_and_withdrawn_rulings_verifies_and_counts_them(
    appealed: Path, verify: Verify
) -> None:
    status, out, err = verify(appealed)
    assert status == 0, out + err
    assert "intact and bound" in out and "3 verified, 0 failed" in err
    checked = verify_path(appealed)[0]
    assert (
        "every withdrawal withdraws the ruling then in force (2 adjudications, 1 "
        "correction among them, 1 withdrawal; each taken as recorded, with its reason)"
    ) in checked.verdict.checks


def test_verifying_an_archive_lists_its_records_checks_rulings_counted_under_the_table(
    appealed: Path, verify: Verify
) -> None:
    status, out, _ = verify(appealed)
    assert status == 0
    listed = out.split("tournament.json:", 1)[1]
    assert listed.startswith(" ✓ hash chain over")
    assert (
        "✓ every withdrawal withdraws the ruling then in force (2 adjudications, 1 "
        "correction among them, 1 withdrawal; each taken as recorded, with its reason)"
    ) in listed


def test_a_tournament_record_on_its_own_is_not_failed_but_sent_to_its_archive(
    club: Path, verify: Verify
) -> None:
    status, out, err = verify(club / "tournament.json")
    assert status == 2, out + err
    assert "FAILED" not in out + err
    assert "is a tournament's own record" in err
    assert f"verify the archive that holds it (tabletop verify {club})" in err


def test_a_withdrawal_moved_to_a_table_without_a_ruling_fails(
    appealed: Path, verify: Verify
) -> None:
    def move_withdrawal(events: list[dict[str, Any]]) -> None:
        seated = _of_type(events, ROUND_STARTED)[0]["tables"][1]
        withdrawal = _of_type(events, "tournament.AdjudicationWithdrawn")[0]
        withdrawal["table"], withdrawal["game_id"] = seated["table"], seated["game_id"]

    _fails_once_rewritten(appealed, move_withdrawal, verify)
    problems = verify_path(appealed)[0].verdict.problems
    assert any(
        "withdraws a ruling at round 1 table 2, which had none in force" in p for p in problems
    )


def test_archives_verified_together_name_each_row_and_check_list_by_its_archive(
    tournaments: Tournaments, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    # every archive holds a tournament.json and a games/round-1-table-1.jsonl: named alone,
    # the rows of two archives could not be told apart (the second one fails here)
    monkeypatch.setenv("COLUMNS", "400")
    first = _export(_played(tournaments), tmp_path / "first")
    second = _export(_played(tournaments), tmp_path / "second")
    _write_game(second, replace(_game(second), events=_game(second).events[:-1]))
    capsys.readouterr()
    assert main(["verify", str(first), str(second)]) == 1
    out = capsys.readouterr().out
    rows = {
        line.split("│")[1].strip(): line.split("│")[3].strip()
        for line in out.splitlines()
        if line.startswith("│")
    }
    assert rows[f"{first}/tournament.json"] == "intact and bound", rows
    assert rows[f"{first}/games/round-1-table-1.jsonl"] == "verified", rows
    assert rows[f"{second}/games/round-1-table-1.jsonl"] == "failed", rows
    assert rows[f"{second}/tournament.json"] == "failed", rows
    assert "tournament.json" not in rows, "no row without its archive"
    checks = out.split(f"\n{first}/tournament.json:\n")[1].split(f"\n{second}/tournament.json:\n")
    assert "✗" not in checks[0] and "✗" in checks[1], out  # each list under its own archive


# -- found by mutation testing of replay/tournament.py -------------------------------------


def test_standings_missing_a_player_fail_the_recount(club: Path, verify: Verify) -> None:
    lines = (club / "standings.csv").read_text().splitlines()
    (club / "standings.csv").write_text("\n".join(lines[:-1]) + "\n")
    status, out, _ = verify(club)
    assert status == 1
    assert f"standings.csv ranks {len(lines) - 2} players, the recount {len(lines) - 1}" in out


def test_a_result_given_to_another_table_than_its_games_fails(club: Path, verify: Verify) -> None:
    def swap_tables(events: list[dict[str, Any]]) -> None:
        first, second = _of_type(events, RESULT_EVENT)[:2]
        first["table"], second["table"] = second["table"], first["table"]

    out = _fails_once_rewritten(club, swap_tables, verify)
    assert re.search(r"the result of game \S+ is given to round 1 table \d, whose game is", out)


def test_a_game_whose_header_places_it_at_another_table_fails(club: Path, verify: Verify) -> None:
    # Its events say where it was played; a forger re-hashes the game and rebinds its result.
    record = _game(club)
    created = record.events[0]
    moved = replace(
        created,
        event=replace(created.event, data={**created.event.data, "table": 2}),
    )
    forged = resealed(record, [moved, *record.events[1:]])
    _write_game(club, forged)

    def rebind(events: list[dict[str, Any]]) -> None:
        result = next(
            r for r in _of_type(events, RESULT_EVENT) if r["game_id"] == forged.header["game_id"]
        )
        result["chain"] = _end_chain(forged)

    out = _fails_once_rewritten(club, rebind, verify)
    assert "but that game's header places it in tournament" in out
    assert ", round 1, table 2 as game" in out


def test_a_player_seated_who_never_registered_fails(club: Path, verify: Verify) -> None:
    # A forger seats a stranger in a player's place, in the game's own events (re-hashed) as
    # in the seating, so that the game and its seating agree: only the registrations do not.
    record = _game(club)
    replaced = str(record.header["players"][0])
    events = [
        replace(r, event=replace(r.event, data={**r.event.data, "player": "stranger"}))
        if r.event.type == "core.SeatTaken" and r.event.data["player"] == replaced
        else r
        for r in record.events
    ]
    forged = resealed(record, events)
    assert forged.header["players"][0] == "stranger"
    _write_game(club, forged)

    def seat_the_stranger(events: list[dict[str, Any]]) -> None:
        seated = _of_type(events, ROUND_STARTED)[0]["tables"][0]
        seated["players"] = ["stranger", *seated["players"][1:]]
        result = next(
            r for r in _of_type(events, RESULT_EVENT) if r["game_id"] == forged.header["game_id"]
        )
        result["chain"] = _end_chain(forged)

    _fails_once_rewritten(club, seat_the_stranger, verify)
    problems = verify_path(club)[0].verdict.problems
    assert problems == [
        "round 1 seats stranger, who never registered",
        "the standings cannot be recounted from these results and seatings",
    ]


def test_a_broken_chain_is_all_that_is_checked_of_the_tournament_record(club: Path) -> None:
    # A result edited and not re-hashed: its entry's chain breaks, and the events past a break
    # are not checked against the games, whose passing would vouch for an altered record.
    document = _document(club)
    version, result = next(
        (item["version"], item["event"]["data"])
        for item in document["events"]
        if item["event"]["type"] == RESULT_EVENT
    )
    result["places"] = [2 if place == 1 else 1 for place in result["places"]]
    (club / "tournament.json").write_text(json.dumps(document))
    verdict = verify_path(club)[0].verdict
    assert verdict.problems == [f"version {version}: chain hash does not match its contents"]
    assert verdict.checks == [], "no check is shown as passed"


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("round", 2, "the list of games puts game {game} at round 2 table 1, but round 1 seats"),
        ("table", 2, "the list of games puts game {game} at round 1 table 2, but round 1 seats"),
        ("name", "Another cup", "tournament.json names the tournament 'Another cup', but"),
        ("tournament_id", "t-other", "tournament.json names tournament t-other, but"),
    ],
)
def test_an_edited_field_outside_the_chain_fails_where_the_chain_says_otherwise(
    club: Path, verify: Verify, field: str, value: object, said: str
) -> None:
    """The record's own fields and its list of games lie outside the chain: each must say
    what the chained events say (as a game record's header must agree with its events)."""
    document = _document(club)
    listed = document["games"][0]
    (listed if field in listed else document)[field] = value
    (club / "tournament.json").write_text(json.dumps(document))
    status, out, _ = verify(club)
    assert status == 1, out
    problems = verify_path(club)[0].verdict.problems
    expected = said.format(game=listed["game_id"])
    assert any(p.startswith(expected) for p in problems), problems


# -- what verify opens: the archive's own files, within bounds (replay/reading.py) ----------


def test_a_game_file_linked_from_outside_the_folder_is_not_read(
    club: Path, tmp_path: Path, verify: Verify
) -> None:
    """A link in a folder (an archive from anyone, unpacked) could point anywhere: at a file
    the archive does not hold, or at ``/dev/zero``, read for ever into memory."""
    game = club / "games" / "round-1-table-1.jsonl"
    outside = tmp_path / "elsewhere.jsonl"
    game.replace(outside)
    game.symlink_to(outside)
    status, out, _ = verify(club)
    assert status == 1
    assert "games/round-1-table-1.jsonl is a symbolic link: only the folder's own files" in out


def test_a_link_in_a_tar_archive_is_not_followed(
    club: Path, tmp_path: Path, verify: Verify
) -> None:
    """A tar member may be a link to any path, which ``tarfile`` cannot read (it raised
    KeyError out of verify) and which a genuine archive, all regular files, never holds."""
    game = club / "games" / "round-1-table-1.jsonl"
    game.unlink()
    game.symlink_to("/etc/passwd")
    target = tmp_path / "club.tar.gz"
    with tarfile.open(target, "w:gz") as archive:
        for entry in sorted(club.iterdir()):
            archive.add(entry, arcname=entry.name)
    status, out, _ = verify(target)
    assert status == 1
    assert "games/round-1-table-1.jsonl is not a regular file: not read" in out


def test_a_named_pipe_in_the_folder_is_not_opened(club: Path) -> None:
    """Opening a named pipe waits for a writer that never comes: verify would hang."""
    game = club / "games" / "round-1-table-1.jsonl"
    game.unlink()
    os.mkfifo(game)
    command = [sys.executable, "-m", "cli.main", "verify", str(club)]
    wide = {**os.environ, "COLUMNS": "400"}
    ran = subprocess.run(command, cwd=ROOT, env=wide, capture_output=True, text=True, timeout=60)
    assert ran.returncode == 1
    assert "games/round-1-table-1.jsonl is not a regular file: not read" in " ".join(
        ran.stdout.split()
    )


@pytest.mark.parametrize("form", ["folder", "zip"])
def test_a_file_larger_than_any_record_is_refused_unread(
    club: Path, tmp_path: Path, verify: Verify, form: str
) -> None:
    """A zip member of a few kilobytes can inflate to gigabytes; a record is refused past
    ``MAX_RECORD_BYTES``, and so is an archive's ``standings.csv``."""
    huge = b"\n" * (MAX_RECORD_BYTES + 1)
    target = club
    if form == "folder":
        (club / "games" / "huge.jsonl").write_bytes(huge)
        (club / "standings.csv").write_bytes(huge)
    else:
        target = tmp_path / "club.zip"
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for file in sorted(club.rglob("*")):
                if file.is_file() and file.name != "standings.csv":
                    archive.write(file, file.relative_to(club).as_posix())
            archive.writestr("games/huge.jsonl", huge)
            archive.writestr("standings.csv", huge)
    status, out, _ = verify(target)
    assert status == 1
    assert "games/huge.jsonl is larger than 64 MiB, more than any record holds: not read" in out
    assert "standings.csv is larger than 64 MiB" in out


# -- 3. a result taken out of a completed round -------------------------------------------


def _without_events(folder: Path, taken_out: Callable[[dict[str, Any]], bool]) -> None:
    """Forge the archive as one would to hide results: take out the events ``taken_out``
    picks, number the rest again, re-hash the chain and recount standings.csv from them."""

    def take_out(events: list[dict[str, Any]]) -> None:
        events[:] = [item for item in events if not taken_out(item["event"])]
        for version, item in enumerate(events, start=1):
            item["version"] = version

    _rewrite(folder, take_out)
    entries = [Entry.from_json(item) for item in _document(folder)["events"]]
    state = fold_tournament([TOURNAMENT_CODEC.decode(entry.event) for entry in entries])
    rows = standings(state, state.completed_rounds)
    (folder / "standings.csv").write_text(standings_csv(state, rows))


def _result_at(round_: int, table: int) -> Callable[[dict[str, Any]], bool]:
    def picks(event: dict[str, Any]) -> bool:
        data = event["data"]
        return event["type"] == RESULT_EVENT and (data["round"], data["table"]) == (round_, table)

    return picks


def test_a_result_taken_out_of_a_completed_round_fails(club: Path, verify: Verify) -> None:
    """A round is complete once every table of it has a result (``RoundCompleted``,
    docs/tournaments.md): a record whose round is complete with a table left without one,
    its chain re-hashed and its standings recounted, would drop a game's points from the
    standings while every check of what it still holds passes."""
    _without_events(club, _result_at(1, 1))
    status, out, _ = verify(club)
    assert status == 1, out
    assert "round 1 is complete, but table" in out and "has no result" in out


def test_a_round_started_before_the_last_was_complete_fails(
    tournaments: Tournaments, tmp_path: Path, verify: Verify
) -> None:
    """The next round starts only once every table of the last has a result: a result and
    the ``RoundCompleted`` of round 1 taken out of a two-round record leave round 1 in play
    with round 2 started after it, which the service never records."""
    folder = _export(_played(tournaments, rounds=2), tmp_path / "club")
    result = _result_at(1, 1)
    _without_events(
        folder,
        lambda event: (
            result(event) or (event["type"], event["data"]) == (ROUND_COMPLETED, {"round": 1})
        ),
    )
    status, out, _ = verify(folder)
    assert status == 1, out
    assert "round 2 starts before round 1 is complete" in out
