"""The points-by-round chart keeps players level on points apart: each line has its own dash
pattern and marker, neighbours in the ranking differ in both, and markers at the same value
stand side by side instead of on top of one another."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from itertools import combinations, pairwise

from games.core.tournament_standings import Standing
from services.tournaments.chart import points_chart

SVG = "{http://www.w3.org/2000/svg}"
MARKER_RADIUS = 4.5  # the widest marker reaches this far either side of its point
LEVEL = (1, 2, 2)  # everyone's points after rounds 1, 2 and 3: every line the same


@dataclass(frozen=True)
class Series:
    """What the chart drew for one player."""

    colour: str
    dash: str
    shapes: frozenset[str]  # the marker's outline, wherever it is placed
    markers: tuple[tuple[float, float], ...]  # where each round's marker sits


def _standing(rank: int, points_by_round: tuple[int, ...]) -> Standing:
    return Standing(
        rank=rank,
        player=f"player {rank}",
        seed=rank,
        points=points_by_round[-1],
        game_score=0,
        opponents_points=0,
        first_places=0,
        played=len(points_by_round),
        byes=0,
        withdrawn=False,
        points_by_round=points_by_round,
    )


def _translate(element: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform", ""))
    assert found, element.attrib
    return float(found[1]), float(found[2])


def _series(svg: str) -> dict[str, Series]:
    """Each player's line and markers, by the player the line's title names."""
    root = ET.fromstring(svg)  # well-formed, so it parses as XML
    lines = {_title(line): line for line in root.iter(f"{SVG}polyline")}
    groups = {_title(group): group for group in root.iter(f"{SVG}g")}
    assert lines.keys() == groups.keys()
    series = {}
    for name, line in lines.items():
        markers = list(groups[name].iter(f"{SVG}path"))
        series[name] = Series(
            line.get("stroke", ""),
            line.get("stroke-dasharray", ""),
            frozenset(marker.get("d", "") for marker in markers),
            tuple(_translate(marker) for marker in markers),
        )
    return series


def _title(element: ET.Element) -> str:
    title = element.find(f"{SVG}title")
    assert title is not None and title.text
    return title.text.split(":")[0]


def test_players_level_on_points_have_lines_that_differ_in_dash_and_marker() -> None:
    rows = tuple(_standing(rank, LEVEL) for rank in range(1, 13))
    drawn = _series(points_chart(rows, 3))
    ranked = [drawn[f"player {rank}"] for rank in range(1, 13)]
    assert all(len(series.shapes) == 1 for series in ranked), "one marker shape a line"
    assert all(len(series.markers) == len(LEVEL) for series in ranked), "a marker a round"
    for above, below in pairwise(ranked):
        assert above.dash != below.dash
        assert above.shapes != below.shapes
        assert above.colour != below.colour
    assert len({series.dash for series in ranked}) > 2
    assert len({series.shapes for series in ranked}) > 2


def test_markers_at_the_same_value_stand_side_by_side_at_that_value() -> None:
    rows = tuple(_standing(rank, LEVEL) for rank in range(1, 13))
    ranked = list(_series(points_chart(rows, 3)).values())
    for first, second in combinations(ranked, 2):
        assert (first.shapes, first.markers) != (second.shapes, second.markers), (
            "an identical marker at the same place would hide the other"
        )
    for round_index in range(len(LEVEL)):
        heights = {series.markers[round_index][1] for series in ranked}
        assert len(heights) == 1, "the nudge is sideways only: the value stays exact"
        sideways = sorted({series.markers[round_index][0] for series in ranked})
        assert len(sideways) > 1 and sideways[-1] - sideways[0] < 40


def test_a_player_alone_on_a_value_is_drawn_at_that_value() -> None:
    rows = (_standing(1, (3, 6)), _standing(2, (0, 3)))
    drawn = _series(points_chart(rows, 2))
    leader, second = drawn["player 1"], drawn["player 2"]
    assert leader.markers[1][1] < leader.markers[0][1] == second.markers[1][1]
    assert leader.markers[0][1] < second.markers[0][1], "more points, higher on the page"


def test_a_name_too_wide_for_the_legend_is_shortened_with_an_ellipsis() -> None:
    long = "Ysolde Fitzgerald-Montmorency of the Seven Bridges"
    root = ET.fromstring(points_chart((_named(long),), 2))
    legend = next(t for t in root.iter(f"{SVG}text") if "Ysolde" in "".join(t.itertext()))
    title = legend.find(f"{SVG}title")
    assert title is not None and title.tail is not None
    assert title.tail == "1. Ysolde Fitzgeral\u2026 (5)", "shortened in the legend"
    assert _title(legend) == long, "whole on hover"


def _named(name: str) -> Standing:
    return replace(_standing(1, (3, 5)), player=name)


def test_the_last_rounds_markers_stand_clear_of_the_legend() -> None:
    """A marker in the right-hand lane after the last round stood against the legend's line,
    reading as part of the legend entry beside it: every marker keeps a gap from the legend."""
    rows = tuple(_standing(rank, (rank % 3, rank % 3 + 1, 4)) for rank in range(1, 9))
    svg = points_chart(rows, 3)
    root = ET.fromstring(svg)
    marker_right = max(
        x + MARKER_RADIUS for series in _series(svg).values() for x, _ in series.markers
    )
    legend_left = min(
        float(line.get("x1", "0")) for line in root.iter(f"{SVG}line") if line.get("stroke-width")
    )
    assert legend_left - marker_right >= 8, (marker_right, legend_left)
