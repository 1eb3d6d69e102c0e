"""A dispute opened and ruled on a game's record, then reported in Markdown and HTML."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.core import GameRecord, RecordError
from replay.diff import diff_views
from replay.dispute import disputes, find_dispute, html_report, markdown_report
from replay.timeline import Perspective, Timeline
from services.application import Games, GameStore
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

ARBITER = "arbiter"


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
