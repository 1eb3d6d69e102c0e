"""The HTML replay's score chart: one line per seat through every version's running points (on
the score track in Burgundy and Bruges, Bourgeoisie's prestige points if the game ended now),
named by its player, headed by what the points are, drawn once; none for a game whose views
show no points during play."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from games.bourgeoisie.views import score_if_ended_now
from games.registry import all_rules
from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN, GOLDEN_FILES

SVG = "{http://www.w3.org/2000/svg}"
VIEWED_POINTS: dict[str, Callable[[Any], int]] = {
    "burgundy": lambda player: int(player.points),
    "bruges": lambda player: int(player.score),
    "bourgeoisie": lambda player: score_if_ended_now(player).total,
}
"""The points a seat's entry in a public view shows during play, as its board writes them."""
MEANING = {
    "burgundy": "points on the score track",
    "bruges": "points on the score track",
    "bourgeoisie": "prestige points if the game ended now",
}


@pytest.fixture(scope="module", params=GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def charted(request: pytest.FixtureRequest) -> tuple[Timeline, str]:
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
    charted: tuple[Timeline, str],
) -> None:
    timeline, page = charted
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
    assert len(moved) > 1, "the points change during play, so the lines are not flat"
    assert sum(len(line_points(line)) for line in lines) < seats * timeline.last / 4


def test_the_chart_names_every_player_in_its_legend_and_lines(
    charted: tuple[Timeline, str],
) -> None:
    timeline, page = charted
    chart = chart_of(page)
    texts = [text.text or "" for text in chart.iter(f"{SVG}text")]
    titles = [title.text or "" for title in chart.iter(f"{SVG}title")]
    for seat, player in enumerate(timeline.record.header["players"]):
        assert player, "the golden games name their players"
        assert f"seat {seat} ({player})" in texts
        assert titles[seat] == f"seat {seat} ({player}): {MEANING[timeline.rules.name]}"
    assert len({line.get("stroke") for line in chart.iter(f"{SVG}polyline")}) == len(titles)


def test_each_seats_line_differs_in_its_pattern_not_only_its_colour(
    charted: tuple[Timeline, str],
) -> None:
    """Without colour (a greyscale print, a red-green colour-blind reader: seats 1 and 2 are
    red and green) the lines told the seats apart by nothing: each has a dash pattern of its
    own, which its legend entry draws beside its name."""
    timeline, page = charted
    chart = chart_of(page)
    lines = [line.get("stroke-dasharray") for line in chart.iter(f"{SVG}polyline")]
    legend = [
        line.get("stroke-dasharray")
        for line in chart.iter(f"{SVG}line")
        if line.get("stroke-width") == "3"
    ]
    seats = int(timeline.record.header["seats"])
    assert len(set(lines)) == seats and None not in lines, lines
    assert legend == lines, "each name beside its line's pattern"


def test_the_chart_says_what_its_points_are(charted: tuple[Timeline, str]) -> None:
    """Bourgeoisie keeps no score during play: its chart says its points are those the game
    would give if it ended now, never that they lie on a score track."""
    timeline, page = charted
    chart, meaning = chart_of(page), MEANING[timeline.rules.name]
    texts = [text.text or "" for text in chart.iter(f"{SVG}text")]
    assert meaning[:1].upper() + meaning[1:] in texts, "the heading over the plot"
    assert chart.get("aria-label", "").startswith(meaning[:1].upper() + meaning[1:])
    if timeline.rules.name == "bourgeoisie":
        assert "score track" not in ET.tostring(chart, encoding="unicode")


def test_the_chart_shows_only_points_every_view_shows(charted: tuple[Timeline, str]) -> None:
    """During play the players' points (Bourgeoisie's, computed from the public view by the
    end-game scoring), at the end the final scores: both in the public view, and the last
    equal to the record's result."""
    timeline = charted[0]
    track, viewed = timeline.rules.running_points, VIEWED_POINTS[timeline.rules.name]
    assert track is not None
    sampled = [*timeline.frames[:: max(1, timeline.last // 40)], timeline.frames[-1]]
    for frame in sampled:
        public = timeline.view(frame.version, Perspective.PUBLIC)
        shown = public.scores or tuple(viewed(player) for player in public.players)
        assert shown == track(frame.state), frame.version
    assert timeline.record.result is not None
    final = tuple(timeline.record.result["scores"])
    assert track(timeline.frames[-1].state) == final
    if timeline.rules.name == "bourgeoisie":
        last = timeline.view(timeline.last, Perspective.PUBLIC)
        assert tuple(viewed(player) for player in last.players) == final, "scoring now is final"


def test_every_view_shows_the_points_charted(charted: tuple[Timeline, str]) -> None:
    """``shown_points``, which a seat's own replay charts from the views it was sent, reads
    off every seat's view and the public one the points ``running_points`` takes over the
    state: Bourgeoisie's too, whose end-game scoring needs no hand."""
    timeline = charted[0]
    track, shown = timeline.rules.running_points, timeline.rules.shown_points
    assert track is not None and shown is not None
    seats = int(timeline.record.header["seats"])
    scored = False
    for frame in [*timeline.frames[:: max(1, timeline.last // 40)], timeline.frames[-1]]:
        points = track(frame.state)
        assert shown(timeline.rules.view(frame.state, None)) == points, frame.version
        for seat in range(seats):
            assert shown(timeline.rules.view(frame.state, seat)) == points, frame.version
        scored = scored or any(points)
    assert scored


def test_the_marker_and_its_script_come_with_the_chart(charted: tuple[Timeline, str]) -> None:
    page = charted[1]
    markers = chart_of(page).findall(f".//{SVG}line[@id='chart-marker']")
    assert len(markers) == 1
    assert page.count("getElementById('chart-marker')") == 1
    assert page.index('id="chart"') < page.index("<script")


def test_every_game_charts_the_points_its_views_show() -> None:
    """Burgundy and Bruges show their score tracks; Bourgeoisie, which scores only at the end,
    shows what the end-game scoring would give now."""
    charted = {name for name, rules in all_rules().items() if rules.running_points is not None}
    assert charted == set(MEANING) == {path.parent.name for path in GOLDEN_FILES}


def test_a_game_whose_views_show_no_points_has_no_chart() -> None:
    timeline = Timeline(open_record(GOLDEN / "bourgeoisie" / "bourgeoisie-2p-2.jsonl"))
    timeline.rules = replace(timeline.rules, running_points=None)
    page = replay_page(timeline, Perspective.PUBLIC)
    assert 'id="chart' not in page and "chart-marker" not in page
