"""A record file from anyone may hold, in a name or a claim, what no server stores: control
characters (ESC and what follows it clears a terminal or retitles its window) and invisible
format characters (a bidirectional override reverses what follows). ``tabletop verify``
fails such a record, and the replay and dispute tools refuse to show it, as they refuse a
record whose chain is broken (docs/record-format.md, "Reading a record")."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from games.core import GameRecord, RecordError
from replay.timeline import Timeline
from replay.verify import verify_record
from services.application import Games, GameStore
from services.settings import Settings
from tests.support.forgery import resealed
from tests.support.play import play_random, seat_everyone

ROOT = Path(__file__).resolve().parents[2]
ESCAPES = "\x1b[2J\x1b]0;pwned\x07"


def _forged(name: str, claim: str) -> GameRecord:
    """A played game whose seat 0 is named ``name`` and whose dispute claims ``claim``,
    re-hashed as a careful forger would."""
    store = GameStore(Settings(store="memory"))
    try:
        games = Games(store)
        game_id, _ = games.create_game("bourgeoisie", 2)
        tokens = seat_everyone(games, game_id, 2)
        play_random(games, game_id, tokens, limit=6)
        games.open_dispute(game_id, 3, "the claim", tokens[0])
        record = games.record(game_id)
    finally:
        store.close()
    swapped = {"player 0": name, "the claim": claim}
    events = [
        replace(r, event=replace(r.event, data={
            k: swapped.get(v, v) if isinstance(v, str) else v for k, v in r.event.data.items()
        }))
        for r in record.events
    ]  # fmt: skip
    return resealed(record, events)


@pytest.mark.parametrize(
    ("name", "claim", "found"),
    [
        (f"Eve{ESCAPES}", "the claim", "control character U+001B"),
        ("Eve", "all \u202egnorw was ti", "invisible format character U+202E"),
    ],
    ids=["escape-in-a-name", "override-in-a-claim"],
)
def test_a_record_holding_what_no_server_stores_fails_and_is_not_shown(
    name: str, claim: str, found: str, tmp_path: Path
) -> None:
    record = _forged(name, claim)
    verdict = verify_record(record)
    assert any(found in problem for problem in verdict.problems), verdict.problems
    with pytest.raises(RecordError, match=f"text no server stores.*{re.escape(found)}"):
        Timeline(record)
    path = tmp_path / "forged.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        record.write(stream)
    for command in (["replay", str(path), "--at", "5"], ["dispute", "report", str(path)]):
        ran = subprocess.run(
            [sys.executable, "-m", "cli.main", *command],
            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert ran.returncode == 1, ran.stdout
        assert "\x1b]" not in ran.stdout + ran.stderr and "\u202e" not in ran.stdout


def test_line_breaks_and_tabs_in_a_claim_are_text() -> None:
    record = _forged("Eve", "first line\n\tsecond line\r\nthird")
    assert verify_record(record).ok
    Timeline(record)


def test_verify_writes_hidden_characters_of_an_archive_as_code_points(tmp_path: Path) -> None:
    """An archive's file names are anyone's too (a zip member, a file unpacked from a tar):
    verify prints them, and what the records' checks found, with each control or invisible
    format character written as its code point."""
    archive = tmp_path / "archive.zip"
    text = "".join(f"{line}\n" for line in _forged("Eve", "c").lines())
    with zipfile.ZipFile(archive, "w") as packed:
        packed.writestr(f"games/{ESCAPES}x.jsonl", text)
        packed.writestr("games/plain.jsonl", text)  # two records: a table names them
    ran = subprocess.run(
        [sys.executable, "-m", "cli.main", "verify", str(archive)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "COLUMNS": "300"},
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "\x1b" not in ran.stdout + ran.stderr
    assert "games/<U+001B>[2J<U+001B>]0;pwned<U+0007>x.jsonl" in ran.stdout
