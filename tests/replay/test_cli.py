"""The replay and verify commands as a user runs them, good records and bad."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from html import escape
from pathlib import Path
from typing import Any

import pytest

from replay.sources import open_record
from replay.timeline import Timeline
from tests.replay.conftest import GOLDEN, GOLDEN_FILES

ROOT = Path(__file__).resolve().parents[2]
RECORD = GOLDEN_FILES[0]


def tabletop(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", *map(str, args)]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_a_step_as_json_for_scripts() -> None:
    result = tabletop("replay", RECORD, "--at", "40", "--as", "1", "--json")
    assert result.returncode == 0, result.stderr
    step = json.loads(result.stdout)
    assert step["version"] == 40 and step["event"].keys() == {"type"}
    assert step["view"]["viewer"] == 1
    full = json.loads(tabletop("replay", RECORD, "--at", "40", "--as", "full", "--json").stdout)
    assert "data" in full["event"]


def _variant(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("truncated", "not JSON"),
        ("reordered", "chain hash does not match"),
        ("edited", "chain hash does not match"),
        ("foreign", "not a tabletop.record"),
        ("empty", "the record is empty"),
        ("missing", "cannot read"),
    ],
)
def test_a_bad_record_gets_a_precise_message_and_no_traceback(
    tmp_path: Path, kind: str, message: str
) -> None:
    lines = RECORD.read_text().splitlines()
    edit = next(n for n, line in enumerate(lines) if n > 10 and '"seat": 0' in line)
    variants = {
        "truncated": [*lines[:30], lines[30][: len(lines[30]) // 2]],
        "reordered": [*lines[:20], lines[21], lines[20], *lines[22:]],
        "edited": [
            *lines[:edit],
            lines[edit].replace('"seat": 0', '"seat": 1'),
            *lines[edit + 1 :],
        ],
        "foreign": (ROOT / "pyproject.toml").read_text().splitlines()[:5],
        "empty": [],
    }
    path = (
        tmp_path / "absent.jsonl" if kind == "missing" else _variant(tmp_path, kind, variants[kind])
    )
    for command in (("verify", path), ("replay", path, "--at", "3")):
        result = tabletop(*command)
        assert result.returncode != 0
        assert "Traceback" not in result.stderr + result.stdout
    verified = tabletop("verify", path)
    assert message in verified.stderr
    assert verified.returncode == (2 if kind == "missing" else 1), "a mistyped name is no failure"


def test_a_dropped_line_is_shown_where_it_happened_not_at_every_later_version(
    tmp_path: Path,
) -> None:
    lines = RECORD.read_text().splitlines()
    dropped = _variant(tmp_path, "dropped.jsonl", lines[:40] + lines[41:])
    result = tabletop("verify", dropped)
    assert result.returncode == 1
    failures = [line for line in result.stderr.splitlines() if line.startswith("✗")]
    assert failures[0] == "✗ version 41 found where 40 was expected"
    assert len(failures) == 6
    events = len(lines) - 2  # less the header and result lines
    breaks = (events - 40) + 1  # each event after version 40 is out of place; one chain breaks
    assert f"… and {breaks - 5} more places" in failures[-1]


def test_a_sweep_in_a_narrow_terminal_shows_each_record_and_problem_whole(
    tmp_path: Path,
) -> None:
    lines = RECORD.read_text().splitlines()
    folder = tmp_path / "games"
    folder.mkdir()
    name = "round-12-table-10-second-leg.jsonl"
    _variant(folder, name, lines)
    _variant(folder, "x.jsonl", [lines[0], lines[1].replace('"version": 1', '"version": 9')])
    command = [sys.executable, "-m", "cli.main", "verify", str(folder)]
    narrow = {**os.environ, "COLUMNS": "80"}
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False, env=narrow
    )
    assert result.returncode == 1
    assert name in result.stdout and "…" not in result.stdout
    rows = [line.split("│") for line in result.stdout.splitlines() if line.startswith("│")]
    problems = " ".join(" ".join(row[4].split()) for row in rows)
    assert "version 9 found where 1 was expected" in problems


def test_records_named_by_long_paths_still_show_their_results(tmp_path: Path) -> None:
    """A path typed in full, longer than the terminal is wide, is folded, not left to
    squeeze the result and problem columns to nothing."""
    folder = tmp_path / ("a-folder-whose-name-alone-is-longer-than-half-the-terminal-" * 2)
    folder.mkdir()
    lines = RECORD.read_text().splitlines()
    good = _variant(folder, "good.jsonl", lines)
    bad = _variant(
        folder, "bad.jsonl", [lines[0], lines[1].replace('"version": 1', '"version": 9')]
    )
    command = [sys.executable, "-m", "cli.main", "verify", str(good), str(bad)]
    narrow = {**os.environ, "COLUMNS": "80"}
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False, env=narrow
    )
    assert result.returncode == 1
    rows = [line.split("│") for line in result.stdout.splitlines() if line.startswith("│")]
    assert "verified" in " ".join(row[3] for row in rows)
    problems = " ".join(" ".join(row[4].split()) for row in rows)
    assert "version 9 found where 1 was expected" in problems
    names = "".join(row[1].strip() for row in rows)
    assert str(good) in names and str(bad) in names


def test_a_page_that_cannot_be_written_is_one_line_and_a_failure(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "replay.html"
    result = tabletop("replay", RECORD, "--html", missing)
    assert result.returncode == 1
    assert result.stderr.strip() == f"error: cannot write {missing}: No such file or directory"


def test_a_missing_result_line_is_called_missing(tmp_path: Path) -> None:
    lines = RECORD.read_text().splitlines()
    assert lines[-1].startswith('{"result"')
    result = tabletop("verify", _variant(tmp_path, "no-result.jsonl", lines[:-1]))
    assert result.returncode == 1
    assert "✗ the result line is missing" in result.stderr
    assert "agree" not in result.stderr and "does not match" not in result.stderr


def test_an_edited_result_line_does_not_also_agree(tmp_path: Path) -> None:
    lines = RECORD.read_text().splitlines()
    result_line = json.loads(lines[-1])
    result_line["result"]["places"].reverse()
    edited = _variant(tmp_path, "edited-result.jsonl", [*lines[:-1], json.dumps(result_line)])
    result = tabletop("verify", edited)
    assert result.returncode == 1
    assert "✗ the result line does not match the events" in result.stderr
    assert "agree" not in result.stderr


@pytest.mark.parametrize("game", ["burgundy", "chess"])
def test_a_header_naming_another_game_is_called_a_header_that_does_not_match(
    tmp_path: Path, game: str
) -> None:
    """The rules are the game ``GameCreated`` names (the chain seals it; the header copies
    it): a header edited to another game, known or not, does not match the events, and the
    decisions are still re-run by the record's own rules."""
    lines = RECORD.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["game"] == "bourgeoisie"
    edited = _variant(
        tmp_path, "edited-header.jsonl", [json.dumps({**header, "game": game}), *lines[1:]]
    )
    result = tabletop("verify", edited)
    assert result.returncode == 1
    assert "✗ the header line does not match the events" in result.stderr
    assert (
        "cannot read" not in result.stderr and "every recorded action re-decided" in result.stderr
    )


def test_verify_sweeps_a_folder_and_an_archive(tmp_path: Path) -> None:
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for path in GOLDEN_FILES:
            bundle.write(path, path.name)
        bundle.writestr("tampered.jsonl", RECORD.read_text().replace('"seat": 0', '"seat": 1', 1))
    result = tabletop("verify", archive)
    assert result.returncode == 1
    # On a pipe, no progress bar is left: only the summary.
    assert result.stderr == f"{len(GOLDEN_FILES)} verified, 1 failed\n"
    assert "tampered.jsonl" in result.stdout and "failed" in result.stdout
    assert tabletop("verify", RECORD.parent).returncode == 0


def test_full_information_of_an_unfinished_game_is_refused(tmp_path: Path) -> None:
    unfinished = _variant(tmp_path, "unfinished.jsonl", RECORD.read_text().splitlines()[:60])
    result = tabletop("replay", unfinished, "--as", "full", "--json")
    assert result.returncode == 1
    assert "only for a finished game" in result.stderr


def _types(path: Path) -> list[str]:
    """Each version's event type, read straight from the file (index 0 is version 1)."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    return [line["event"]["type"] for line in lines if "event" in line]


def test_the_next_event_of_a_kind_for_scripts() -> None:
    types = _types(RECORD)
    sold = next(v for v, t in enumerate(types, 1) if v > 40 and t == "bourgeoisie.CardSold")
    result = tabletop("replay", RECORD, "--next-of", "cardsold", "--from", "40", "--json")
    assert result.returncode == 0, result.stderr
    step = json.loads(result.stdout)
    assert step["version"] == sold and step["event"]["type"] == "bourgeoisie.CardSold"
    plain = tabletop("replay", RECORD, "--next-of", "bourgeoisie.CardSold", "--from", "40")
    assert plain.stdout.startswith(f"version {sold}/{len(types)} ")
    joined = tabletop("replay", RECORD, "--next-of", "SeatTaken", "--json")  # from the start
    assert json.loads(joined.stdout)["version"] == types.index("core.SeatTaken") + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--next-of", "Bribe"), "no event type matches 'Bribe'; this game's types: "),
        (("--next-of", "GameEnded", "--from", "{last}"), "no bourgeoisie.GameEnded event after"),
        (("--next-of", "CardSold", "--from", "{beyond}"), "versions run from 1 to"),
    ],
)
def test_a_kind_that_is_unknown_or_absent_is_one_line_and_a_failure(
    args: tuple[str, ...], message: str
) -> None:
    types = _types(RECORD)
    filled = [a.format(last=len(types), beyond=len(types) + 1) for a in args]
    result = tabletop("replay", RECORD, *filled, "--json")
    assert result.returncode == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
    if "Bribe" in args:
        assert all(name in result.stderr for name in set(types))


def test_next_of_and_at_do_not_go_together() -> None:
    result = tabletop("replay", RECORD, "--at", "3", "--next-of", "CardSold")
    assert result.returncode == 2 and "not allowed with argument" in result.stderr


def test_from_without_next_of_is_a_mistake_in_the_command() -> None:
    result = tabletop("replay", RECORD, "--from", "3", "--json")
    assert result.returncode == 2 and result.stdout == ""
    said = "error: --from goes with --next-of (to show a version, use --at)"
    assert result.stderr.strip() == said


@pytest.mark.parametrize("command", [("replay",), ("dispute", "list")])
def test_a_game_id_with_no_server_to_read_it_from_says_how_to_name_one(
    command: tuple[str, ...],
) -> None:
    """Both commands that read a record file or a game id say so in their own terms: a
    ``dispute list`` is not told how to replay."""
    environment = {k: v for k, v in os.environ.items() if k != "TABLETOP_SERVER"}
    game_id = "27ceddcd-86ec-4177-ac01-17afabc84f32"
    argv = [sys.executable, "-m", "cli.main", *command, game_id]
    result = subprocess.run(
        argv, cwd=ROOT, env=environment, capture_output=True, text=True, check=False
    )
    said = " ".join(result.stderr.split())
    assert result.returncode == 1
    assert f"{game_id} is a game id, not a record file: to read it from a server" in said
    assert "--server HOST:PORT or set TABLETOP_SERVER" in said
    assert "No such file" not in said


def test_a_record_without_disputes_says_so() -> None:
    result = tabletop("dispute", "report", RECORD)
    assert result.returncode == 1
    assert "error: this record has no disputes" in result.stderr


@pytest.mark.parametrize(
    ("command", "whose"),
    [
        (
            ("fork",),
            "the arbiter's token, to fork a game still in play (a finished one needs none)",
        ),
        (("dispute", "rule"), "the arbiter's token (only the arbiter rules)"),
        (("dispute", "open"), "your seat's token, or the arbiter's"),
        (("dispute", "list"), "for a game still in play: the arbiter's token, to read the claims"),
    ],
)
def test_the_token_help_says_whose_token_the_command_takes(
    command: tuple[str, ...], whose: str
) -> None:
    shown = " ".join(tabletop(*command, "--help").stdout.split())  # argparse wraps lines
    assert f"--token TOKEN {whose}" in shown


def test_the_viewer_asked_for_without_a_terminal_is_one_line_and_a_failure() -> None:
    result = tabletop("replay", RECORD, "--at", "40", "--interactive")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip() == "error: --interactive needs a terminal to read keys from"


def test_a_seat_is_shown_the_legal_actions_of_its_own_turn_and_only_their_number_otherwise() -> (
    None
):
    record = GOLDEN / "bruges" / "bruges-2p-1.jsonl"  # Bruges: a seat's options name its hand
    full = json.loads(tabletop("replay", record, "--at", "34", "--as", "full", "--json").stdout)
    to_act, described = full["to_act"], full["legal_actions"]
    assert to_act in (0, 1) and any(text.startswith("play ") for text in described)
    own = json.loads(tabletop("replay", record, "--at", "34", "--as", str(to_act), "--json").stdout)
    other = tabletop("replay", record, "--at", "34", "--as", str(1 - to_act), "--json").stdout
    assert own["legal_actions"] == described
    assert own["legal_actions_json"] == full["legal_actions_json"]
    assert len(full["legal_actions_json"]) == len(described)
    hidden = json.loads(other)
    assert hidden["legal_actions"] == len(described) and hidden["legal_actions_json"] is None


@pytest.mark.parametrize("kind", ["folder", "zip", "tar.gz", "tournament"])
def test_a_folder_or_archive_given_for_one_record_is_named_as_such_with_what_reads_it(
    tmp_path: Path, kind: str
) -> None:
    """``replay`` and ``dispute`` read one game's record file; a folder or archive of them (an
    export, a tournament's), or a tournament's own record, is said to be one, with the
    command that reads them all, not "Is a directory", "not a UTF-8 text file" or "line 1 is
    not a JSON header"."""
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / RECORD.name).write_text(RECORD.read_text())
    (folder / "tournament.json").write_text('{\n "record": "tabletop.tournament",\n "format": 1\n}')
    path = {"folder": folder, "zip": tmp_path / "records.zip", "tar.gz": tmp_path / "r.tar.gz"}
    path["tournament"] = folder / "tournament.json"
    whole = folder if kind == "tournament" else path[kind]
    named = {"folder": "a folder", "tournament": "a tournament's own record"}
    if kind == "zip":
        with zipfile.ZipFile(path[kind], "w") as archive:
            archive.write(folder / RECORD.name, RECORD.name)
    if kind == "tar.gz":
        with tarfile.open(path[kind], "w:gz") as archive:
            archive.add(folder / RECORD.name, RECORD.name)
    for command in (("replay", path[kind], "--at", "3"), ("dispute", "report", path[kind])):
        result = tabletop(*command)
        assert result.returncode == 1 and result.stdout == ""
        said = " ".join(result.stderr.split())
        assert f"{path[kind]} is {named.get(kind, 'an archive')}" in said
        assert f"`tabletop verify {whole}`" in said


def test_a_record_file_with_server_is_refused_with_how_to_read_it() -> None:
    """``--server`` reads a game by its id: a record file named with it is refused before any
    server is asked (here none answers), saying to drop ``--server``, not that the file's
    name is no game id."""
    for command in (("replay", RECORD, "--at", "3"), ("dispute", "list", RECORD)):
        result = tabletop(*command, "--server", "127.0.0.1:1")
        assert result.returncode == 1 and result.stdout == ""
        said = " ".join(result.stderr.split())
        assert f"{RECORD} is a record file" in said and "drop --server" in said


def test_a_token_with_a_record_file_is_a_mistake_in_the_command() -> None:
    """A token is shown to a server; a record file is read from disk, so one given with it
    is refused (as ``verify`` refuses ``--token`` without ``--server``), not silently left
    unused by a reader who thinks it changed what is shown."""
    for command in (("replay", RECORD, "--at", "3"), ("dispute", "list", RECORD)):
        result = tabletop(*command, "--token", "arbiter-secret")
        assert result.returncode == 2 and result.stdout == ""
        said = " ".join(result.stderr.split())
        assert "--token is shown to a server, and a record file is read from disk" in said


def test_the_legal_actions_as_json_are_the_records_actions_and_tell_each_play_apart() -> None:
    """A Bruges card is offered several ways (for workers, for guilders, as a house) whose
    fields are the same card: ``legal_actions_json`` gives each as the record's ``cause``
    gives an action, with its type, so the one a seat then chose is found among them."""
    record = GOLDEN / "bruges" / "bruges-2p-1.jsonl"
    lines = [json.loads(line) for line in record.read_text().splitlines()[1:-1]]
    chosen = lines[34]["cause"]["action"]  # version 35, the first step of the next batch
    step = json.loads(tabletop("replay", record, "--at", "34", "--as", "full", "--json").stdout)
    offered = step["legal_actions_json"]
    assert len({json.dumps(action, sort_keys=True) for action in offered}) == len(offered)
    assert chosen in offered


def test_inside_one_actions_events_no_seat_is_asked_and_nothing_is_listed() -> None:
    """The events one action stored are one batch and no one decides between them: a step
    inside it waits for no seat and lists nothing, though its state alone would offer its
    seat options; the batch's last step lists what the next decision offered."""
    record = GOLDEN / "bruges" / "bruges-2p-1.jsonl"
    timeline = Timeline(open_record(record))
    inside = next(
        v
        for v in range(1, timeline.last)
        if not timeline.asked_after(v) and timeline.legal_actions(v)[1]
    )
    last = next(v for v in range(inside, timeline.last + 1) if timeline.asked_after(v))

    def step(version: int) -> Any:
        shown = tabletop("replay", record, "--at", str(version), "--as", "full", "--json")
        return json.loads(shown.stdout)

    within, after = step(inside), step(last)
    assert (within["to_act"], within["legal_actions"], within["legal_actions_json"]) == (
        None,
        [],
        [],
    )
    assert after["to_act"] == timeline.to_act(last) is not None and after["legal_actions"]


def test_the_html_replay_says_whose_view_it_shows_and_cautions_on_another_rules_version(
    tmp_path: Path,
) -> None:
    page = tmp_path / "page.html"
    old = GOLDEN / "legacy" / "burgundy-3p-rules-version-1.jsonl"
    assert tabletop("replay", old, "--html", page, "--as", "1").returncode == 0
    players = json.loads(old.read_text().splitlines()[0])["players"]
    shown = page.read_text()
    assert f"as seat 1 saw it ({escape(players[1])})" in shown
    assert '<p class="caution">recorded under The Castles of Burgundy rules version 1' in shown
    assert tabletop("replay", RECORD, "--html", page).returncode == 0
    assert "public view" in page.read_text() and 'class="caution"' not in page.read_text()


def test_verify_of_a_folder_without_records_is_one_line_and_a_failure(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no records here\n")
    result = tabletop("verify", tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == f"error: no record files (*.jsonl) or archives in {tmp_path}"


def test_a_page_written_where_a_name_looks_like_rich_markup_is_named_as_given(
    tmp_path: Path,
) -> None:
    """``[/b]`` in a path would be a closing tag to rich (a traceback after the page was
    written) and ``[bold]`` a style it swallows: the path is printed as the user gave it."""
    folder = tmp_path / "replays["
    folder.mkdir()
    page = folder / "b] [bold]x.html"
    result = tabletop("replay", RECORD, "--html", page)
    assert result.returncode == 0, result.stderr
    assert page.is_file()
    assert f"wrote {page} (" in " ".join((result.stdout + result.stderr).split())
