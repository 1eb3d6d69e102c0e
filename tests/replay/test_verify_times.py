"""Recorded times that go back (docs/record-format.md, "Times"): each event's time is the
clock of the server process that stored it, which nothing keeps running forward, so an event
stamped earlier than the one before it fails nothing. ``tabletop verify`` notes it, shown
with the checks of one record and in the note column of many."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from games.core import GameRecord, Recorded
from replay.times import times_going_back
from replay.verify import verify_record
from tests.replay.conftest import GOLDEN_FILES
from tests.replay.test_cli import tabletop
from tests.replay.test_verify_claims import _record, _write
from tests.support.forgery import rechained, resealed

BACK = "times go back: version 120 is stamped 2026-01-01T00:01:58.500000+00:00"
"""The note for a golden record whose version 120 is stamped 1.5 s before version 119's."""


def _stamped(record: GameRecord, times: dict[int, str]) -> GameRecord:
    """The record with the events at the versions in ``times`` stamped anew, every chain
    value recomputed, as a forger (or a server whose clock stepped back) would leave it."""
    return resealed(record, [replace(r, at=times.get(r.version, r.at)) for r in record.events])


def _events(*times: str) -> list[Recorded]:
    """The first events of a golden record, stamped with ``times`` in turn and re-chained."""
    events = _record().events[: len(times)]
    return rechained([replace(r, at=at) for r, at in zip(events, times, strict=True)])


def test_a_record_whose_times_go_back_verifies_with_a_note(tmp_path: Path) -> None:
    moved = _stamped(_record(), {120: "2026-01-01T00:01:58.500000+00:00"})
    path = _write(tmp_path / "moved.jsonl", moved)
    result = tabletop("verify", path)
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stderr.split())
    assert f"! {BACK}, 0.5 s before version 119 (2026-01-01T00:01:59.000000+00:00);" in said
    assert "a server's clock stepped back, or the record was edited and re-hashed" in said
    assert "record verified" in said
    assert "times go back" not in tabletop("verify", GOLDEN_FILES[0]).stderr


def test_the_note_stands_in_the_table_of_many_records(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    _write(folder / "genuine.jsonl", _record())
    _write(folder / "moved.jsonl", _stamped(_record(), {120: "2026-01-01T00:01:58.5+00:00"}))
    result = tabletop("verify", folder)
    assert result.returncode == 0, result.stderr
    assert "2 verified, 0 failed" in result.stderr
    assert result.stdout.count("times go back") == 1


def test_every_golden_record_runs_forward() -> None:
    for path in GOLDEN_FILES:
        assert verify_record(_record(path)).times_back == "", path


def test_the_first_place_is_named_and_the_others_counted() -> None:
    events = _events(
        "2026-01-01T10:00:00+00:00",
        "2026-01-01T09:00:00+00:00",
        "2026-01-01T09:00:00+00:00",  # the same time again: not back
        "2026-01-01T08:59:59.75+00:00",
        "2026-01-01T08:00:00+00:00",
    )
    note = times_going_back(events)
    assert note.startswith(
        "times go back: version 2 is stamped 2026-01-01T09:00:00+00:00, 3600 s before "
        "version 1 (2026-01-01T10:00:00+00:00), and at 2 later versions;"
    )


def test_times_at_other_offsets_are_compared_as_moments() -> None:
    # 11:00 at +02:00 is 09:00 UTC; a time without an offset is read as UTC
    forward = _events("2026-01-01T11:00:00+02:00", "2026-01-01T09:00:01", "2026-01-01T09:00:02Z")
    assert times_going_back(forward) == ""
    back = _events("2026-01-01T09:00:01+00:00", "2026-01-01T10:00:00+02:00")
    assert "version 2 is stamped 2026-01-01T10:00:00+02:00, 3601 s before" in times_going_back(back)


def test_a_time_that_is_no_iso_8601_time_is_named_and_fails_nothing(tmp_path: Path) -> None:
    garbled = _stamped(_record(), {7: "yesterday"})
    verdict = verify_record(garbled)
    assert verdict.ok
    assert verdict.times_back == (
        "version 7's time 'yesterday' is not an ISO 8601 time, so the order of the times was "
        "not checked"
    )
    result = tabletop("verify", _write(tmp_path / "garbled.jsonl", garbled))
    assert result.returncode == 0 and "version 7's time 'yesterday'" in result.stderr
