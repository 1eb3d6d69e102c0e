"""A dispute opened and ruled on a game's record, then reported in Markdown and HTML."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.core import GameRecord, RecordError
from games.core.meta import DisputeOpened
from replay.diff import diff_views
from replay.dispute import Dispute, disputes, find_dispute, html_report, markdown_report
from replay.timeline import Perspective, Timeline
from services.application import Games, GameStore
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

ARBITER = "arbiter"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def disputed() -> Iterator[tuple[GameRecord, str]]:
    store = GameStore(Settings(store="memory"))
    games = Games(store, arbiter_token=ARBITER)
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens)
    moment = next(e.version for e in games.read_events(game_id) if e.event.type.endswith("Rolled"))
    dispute, _ = games.open_dispute(game_id, moment, "that roll looks wrong to me", tokens[1])
    games.rule_dispute(game_id, dispute, "the roll derives from the committed seed", False, ARBITER)
    games.open_dispute(game_id, moment + 1, "and this one too", tokens[1])
    yield games.record(game_id), dispute
    store.close()


def test_disputes_are_read_from_the_record_with_their_rulings(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    found = disputes(Timeline(record))
    assert [d.ruling is not None for d in found] == [True, False]
    assert found[0].id == dispute and found[0].by == "seat 1" and found[0].upheld is False


def test_the_markdown_report_shows_the_moment_the_claim_and_the_ruling(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    chosen = find_dispute(timeline, dispute[:8])
    report = markdown_report(timeline, chosen)
    assert "that roll looks wrong to me" in report
    assert "rejected — the roll derives from the committed seed" in report
    assert f"## The moment: version {chosen.version}" in report
    assert timeline.frame(chosen.version).description in report
    before = timeline.view(chosen.version - 1, Perspective.FULL)
    changes = diff_views(before, timeline.view(chosen.version, Perspective.FULL))
    assert changes and all(f"- `{change}`" in report for change in changes)


def test_the_html_report_draws_the_board_before_and_after(disputed: tuple[GameRecord, str]) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    page = html_report(timeline, find_dispute(timeline, dispute))
    assert page.count("<svg") == 2 and "not yet ruled" not in page


def test_an_unknown_or_ambiguous_dispute_is_refused(disputed: tuple[GameRecord, str]) -> None:
    timeline = Timeline(disputed[0])
    with pytest.raises(RecordError):
        find_dispute(timeline, "zzzz")
    with pytest.raises(RecordError):
        find_dispute(timeline, "")


def _hidden_change(timeline: Timeline) -> int:
    """A version whose change only full information shows (a card into or out of a hand)."""

    def changes(version: int, seen: Perspective) -> set[str]:
        return set(diff_views(timeline.view(version - 1, seen), timeline.view(version, seen)))

    return next(
        v
        for v in range(2, timeline.last + 1)
        if changes(v, Perspective.FULL) - changes(v, Perspective.PUBLIC)
    )


def test_a_game_disputed_after_its_end_is_still_finished(
    disputed: tuple[GameRecord, str],
) -> None:
    timeline = Timeline(disputed[0])
    assert isinstance(timeline.frames[-1].event, DisputeOpened)  # the seed is revealed before
    assert timeline.finished


def test_the_report_on_a_finished_game_shows_what_full_information_shows(
    disputed: tuple[GameRecord, str],
) -> None:
    timeline = Timeline(disputed[0])
    moment = _hidden_change(timeline)
    report = markdown_report(timeline, Dispute("d" * 36, moment, "a hand changed", "seat 0", 1))
    before = timeline.view(moment - 1, Perspective.FULL)
    changes = diff_views(before, timeline.view(moment, Perspective.FULL))
    assert all(f"- `{change}`" in report for change in changes)
    actor = timeline.frame(moment).actor
    assert actor is not None and f"## The moment: version {moment} (by seat {actor}, " in report


def test_a_disputed_finished_game_replays_with_full_information(
    disputed: tuple[GameRecord, str], tmp_path: Path
) -> None:
    path = tmp_path / "disputed.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        disputed[0].write(stream)
    command = [sys.executable, "-m", "cli.main", "replay", str(path), "--as", "full"]
    result = subprocess.run(
        [*command, "--at", "120", "--json"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "data" in json.loads(result.stdout)["event"]


def test_the_markdown_report_shows_the_board_before_and_after(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    chosen = find_dispute(timeline, dispute)
    report = markdown_report(timeline, chosen)
    before = report.index(f"### The board before (version {chosen.version - 1}, full view)")
    after = report.index(f"### The board after (version {chosen.version}, full view)")
    assert before < after < report.index("### What was legal just before")
    assert report.count("Opportunity track") == 2  # Bourgeoisie's board, drawn twice
    assert report.count("```text") == 2 and f"version {chosen.version}\n" in report
