"""The replay's log says the prestige points a forced retirement costs, which its event does
not record (seed: NOBLEMENT PHASE, END GAME SCORING): in the timeline's line, in the
terminal's log panel and in the HTML page's log."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from games.bourgeoisie.events import FamilyRetired
from replay.html import replay_page
from replay.terminal import LogAroundStep
from replay.timeline import Frame, Perspective, Timeline
from tests.support.retirement import forced_to_retire

RETIRED = "had to retire the Artisans family at 53 silver per turn"
LINE = f"Seat 1 {RETIRED}, -5 PP for no Office"


@pytest.fixture(scope="module")
def retired() -> tuple[Timeline, Frame]:
    """The replay of a game up to a forced retirement, and the retirement's step."""
    timeline = Timeline(forced_to_retire().record())
    [frame] = [f for f in timeline.frames if isinstance(f.event, FamilyRetired)]
    return timeline, frame


def test_the_timeline_says_the_points_a_forced_retirement_costs(
    retired: tuple[Timeline, Frame],
) -> None:
    _, frame = retired
    assert frame.description == LINE


def test_the_terminal_log_and_the_html_log_say_them(retired: tuple[Timeline, Frame]) -> None:
    timeline, frame = retired
    console = Console(record=True, width=200, height=12, file=io.StringIO())
    console.print(LogAroundStep(timeline, frame.version))
    assert f"Seat 1 (player 1) {RETIRED}, -5 PP for no Office" in console.export_text()
    assert LINE in replay_page(timeline, Perspective.PUBLIC)
