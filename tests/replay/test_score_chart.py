"""The HTML replay's score chart: one line per seat through every version's points on the score
track, named by its player, drawn once; none for a game that keeps no running score."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"
TRACKED = sorted([*(GOLDEN / "burgundy").glob("*.jsonl"), *(GOLDEN / "bruges").glob("*.jsonl")])
UNTRACKED = sorted((GOLDEN / "bourgeoisie").glob("*.jsonl"))
VIEWED_POINTS: dict[str, Callable[[Any], int]] = {
    "burgundy": lambda player: int(player.points),
    "bruges": lambda player: int(player.score),
}
MEANING = {"burgundy": "points on the score track", "bruges": "points on the score track"}


@pytest.fixture(scope="module", params=TRACKED, ids=[p.stem for p in TRACKED])
def tracked(request: pytest.FixtureRequest) -> tuple[Timeline, str]:
    timeline = Timeline(open_record(request.param))
    return timeline, replay_page(timeline, Perspective.PUBLIC)


def chart_of(page: str) -> ET.Element:
    found = re.findall(r'<svg [^>]*id="chart".*?</svg>', page, re.DOTALL)
    assert len(found) == 1, "one chart, outside the boards"
    return ET.fromstring(found[0])


def line_points(line: ET.Element) -> list[tuple[int, int]]:
    return [
        (int(version), int(points))
        for version, points in (pair.split(",") for pair in line.get("points", "").split())
    ]


def points_at(bends: list[tuple[int, int]], version: int) -> float:
    """Where the polyline through ``bends`` is at ``version``."""
    for (v0, p0), (v1, p1) in pairwise(bends):
        if v0 <= version <= v1:
            return p0 + (p1 - p0) * (version - v0) / (v1 - v0)
    raise AssertionError(f"no point of the line at version {version}")


def test_each_seat_has_a_line_through_its_points_at_every_version(
    tracked: tuple[Timeline, str],
) -> None:
    timeline, page = tracked
    track = timeline.rules.running_points
    assert track is not None
    lines = chart_of(page).findall(f".//{SVG}polyline")
    seats = int(timeline.record.header["seats"])
    assert [line.get("data-seat") for line in lines] == [str(seat) for seat in range(seats)]
    for seat, line in enumerate(lines):
        bends = line_points(line)
        assert bends[0][0] == 1 and bends[-1][0] == timeline.last
        for frame in timeline.frames:
            assert points_at(bends, frame.version) == track(frame.state)[seat], frame.version
    moved = {track(frame.state) for frame in timeline.frames}
    assert len(moved) > 1, "the game scores during play, so the lines are not flat"
    assert sum(len(line_points(line)) for line in lines) < seats * timeline.last / 4


def test_the_chart_names_every_player_in_its_legend_and_lines(
    tracked: tuple[Timeline, str],
) -> None:
    timeline, page = tracked
    chart = chart_of(page)
    texts = [text.text or "" for text in chart.iter(f"{SVG}text")]
    titles = [title.text or "" for title in chart.iter(f"{SVG}title")]
    for seat, player in enumerate(timeline.record.header["players"]):
        assert player, "the golden games name their players"
        assert f"seat {seat} ({player})" in texts
        assert titles[seat] == f"seat {seat} ({player}): {MEANING[timeline.rules.name]}"
    assert len({line.get("stroke") for line in chart.iter(f"{SVG}polyline")}) == len(titles)


def test_the_chart_says_what_its_points_are(tracked: tuple[Timeline, str]) -> None:
    timeline, page = tracked
    chart, meaning = chart_of(page), MEANING[timeline.rules.name]
    texts = [text.text or "" for text in chart.iter(f"{SVG}text")]
    assert meaning[:1].upper() + meaning[1:] in texts, "the heading over the plot"
    assert chart.get("aria-label", "").startswith(meaning[:1].upper() + meaning[1:])


def test_the_chart_shows_only_points_every_view_shows(tracked: tuple[Timeline, str]) -> None:
    """During play the players' points, at the end the final scores: both in the public view,
    and the last equal to the record's result."""
    timeline = tracked[0]
    track, viewed = timeline.rules.running_points, VIEWED_POINTS[timeline.rules.name]
    assert track is not None
    sampled = [*timeline.frames[:: max(1, timeline.last // 40)], timeline.frames[-1]]
    for frame in sampled:
        public = timeline.view(frame.version, Perspective.PUBLIC)
        shown = public.scores or tuple(viewed(player) for player in public.players)
        assert shown == track(frame.state), frame.version
    assert timeline.record.result is not None
    assert track(timeline.frames[-1].state) == tuple(timeline.record.result["scores"])


def test_the_marker_and_its_script_come_with_the_chart(tracked: tuple[Timeline, str]) -> None:
    page = tracked[1]
    markers = chart_of(page).findall(f".//{SVG}line[@id='chart-marker']")
    assert len(markers) == 1
    assert page.count("getElementById('chart-marker')") == 1
    assert page.index('id="chart"') < page.index("<script")


@pytest.mark.parametrize("path", UNTRACKED, ids=[p.stem for p in UNTRACKED])
def test_a_game_without_a_running_score_has_no_chart(path: Path) -> None:
    timeline = Timeline(open_record(path))
    assert timeline.rules.running_points is None
    page = replay_page(timeline, Perspective.PUBLIC)
    assert 'id="chart' not in page and "chart-marker" not in page
