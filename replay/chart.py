"""The score chart of the HTML replay: each seat's running points (``GameRules.running_points``:
the points on the score track, or Bourgeoisie's prestige points if the game ended now) at every
version, one line per seat, as one inline SVG headed by what the points are
(``points_meaning``).

The lines are drawn in the game's own units: the plot is a group whose transform maps
(version, points) onto the picture, so a line's points read ``58,3`` (3 points at version 58),
the page's script moves the step marker by giving it the version shown, and a click is mapped
back to a version through the same transform. A line keeps only the versions where it bends
(the ends, and the steps where the points change or are about to), which draws the same line
with far fewer points: points change on few of a game's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from clients.render.seats import seat_name
from games.core.chart_key import SAMPLE_W, chart_key
from games.core.rules import AnyRules
from games.core.wording import shortened
from replay.boards.svg import Svg
from replay.timeline import Timeline, per_state

WIDTH, HEIGHT = 1000, 230
LEFT, RIGHT, TOP, BOTTOM = 46, 180, 24, 34
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
DASHES = ("none", "9 4", "2 3", "9 3 2 3", "16 4", "5 3 2 3 2 3")
"""Each seat's line drawn in a pattern of its own as well as a colour (pixels drawn, then
left out): red and green, seats 1 and 2, look alike to a red-green colour-blind reader, and
every colour is lost in a greyscale print. The legend draws each pattern beside its name."""
LANE = 2.0
"""Pixels between the lines of neighbouring seats: seats level on points would otherwise draw
one line over another (every seat starts level), so each line sits in its own lane."""
NAME_LENGTH = 24

Series = Sequence[tuple[int, tuple[int, ...]]]
"""(version, each seat's points then), for every version in order."""


def score_series(timeline: Timeline) -> list[tuple[int, tuple[int, ...]]] | None:
    """Each seat's running points at every version of ``timeline``; None when its game's views
    show no points during play. The frames already hold every state, so no step is folded
    again, and a step that keeps the state of the one before (a dispute) keeps its points, not
    counted again (``per_state``); a seat's own replay holds the views it was sent instead,
    and reads the points off them (``GameRules.shown_points``), which every view shows, so the
    chart tells the seat nothing its views did not."""
    rules = timeline.rules
    running = rules.running_points if timeline.seat_only is None else rules.shown_points
    if running is None:
        return None
    points = per_state(timeline.frames, lambda frame: running(frame.state))
    return [(frame.version, shown) for frame, shown in zip(timeline.frames, points, strict=True)]


def points_meaning(rules: AnyRules) -> str:
    """What the chart of a game draws, in the game's own words: "points on the score track",
    "prestige points if the game ended now"."""
    return f"{rules.points_name} {rules.running_points_meaning}"


@dataclass(frozen=True)
class _Scale:
    """Where the plot lies on the picture, and the versions and points it spans."""

    first: int
    last: int
    low: int
    high: int
    step: int  # points between the horizontal grid lines

    @classmethod
    def of(cls, series: Series) -> _Scale:
        values = [points for _, seats in series for points in seats]
        low, high = min(0, *values), max(1, *values)
        step = _nice_step(high - low, 5)
        low, high = step * (low // step), step * -(-high // step)
        return cls(series[0][0], max(series[-1][0], series[0][0] + 1), low, high, step)

    def x(self, version: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * (version - self.first) / (self.last - self.first)

    def y(self, points: float) -> float:
        return (
            HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * (points - self.low) / (self.high - self.low)
        )

    def transform(self) -> str:
        """The SVG transform from (version, points) to the picture."""
        sx = (WIDTH - LEFT - RIGHT) / (self.last - self.first)
        sy = (HEIGHT - TOP - BOTTOM) / (self.high - self.low)
        return f"matrix({sx:.6g} 0 0 {-sy:.6g} {self.x(0):.6g} {self.y(0):.6g})"

    def lane(self, seat: int, seats: int) -> float:
        """How far, in points, the line of ``seat`` sits from its true height: a few pixels."""
        pixels = LANE * (seat - (seats - 1) / 2)
        return -pixels * (self.high - self.low) / (HEIGHT - TOP - BOTTOM)


def score_chart(series: Series, names: Sequence[str], meaning: str) -> str:
    """The chart of ``series``, headed by what its points are (``meaning``, from
    ``points_meaning``), each line named by its seat and player (``names`` by seat)."""
    scale = _Scale.of(series)
    seats = len(series[0][1])
    picture = Svg(WIDTH, HEIGHT)
    picture.rect(LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM, "#fff", radius=0)
    _axes(picture, scale)
    plot = [_line(series, scale, seat, seats, names, meaning) for seat in range(seats)]
    marker = (
        f'<line id="chart-marker" x1="{scale.last}" y1="{scale.low}" x2="{scale.last}" '
        f'y2="{scale.high}" stroke="#2e2a4f" stroke-width="2" '
        'vector-effect="non-scaling-stroke"/>'
    )
    picture.markup(
        f'<g id="chart-plot" transform="{scale.transform()}">{"".join(plot)}{marker}</g>'
    )
    _legend(picture, seats, names)
    picture.text(LEFT, TOP - 9, _capitalised(meaning), size=12, anchor="start", fill="#333")
    return picture.render("chart", f"{_capitalised(meaning)} at every version, one line per seat")


def score_key(seats: int, names: Sequence[str]) -> str:
    """Each seat's name beside a sample of its line (``chart_key``): on a phone the chart
    scrolls sideways in its box, and its own legend, at its right, is out of sight while the
    lines are in view."""
    return chart_key(
        (
            _name(names, seat),
            f'<line x1="0" y1="4" x2="{SAMPLE_W}" y2="4" stroke="{PALETTE[seat % len(PALETTE)]}" '
            f'stroke-width="3" stroke-dasharray="{_dashes(seat)}"/>',
        )
        for seat in range(seats)
    )


def bends(series: Series, seat: int) -> list[tuple[int, int]]:
    """(version, points) of ``seat`` where its line bends: joined up, they draw every version's
    points, since a run of equal points between two bends is one straight line."""
    values = [(version, seats[seat]) for version, seats in series]
    return [
        point
        for index, point in enumerate(values)
        if index in (0, len(values) - 1)
        or point[1] != values[index - 1][1]
        or point[1] != values[index + 1][1]
    ]


def _line(
    series: Series, scale: _Scale, seat: int, seats: int, names: Sequence[str], meaning: str
) -> str:
    points = " ".join(f"{version},{value}" for version, value in bends(series, seat))
    lane = f"translate(0 {scale.lane(seat, seats):.4g})"
    return (
        f'<polyline class="track" data-seat="{seat}" points="{points}" fill="none" '
        f'stroke="{PALETTE[seat % len(PALETTE)]}" stroke-width="2" stroke-linejoin="round" '
        f'stroke-dasharray="{_dashes(seat)}" vector-effect="non-scaling-stroke" '
        f'transform="{lane}">'
        f"<title>{escape(_name(names, seat))}: {escape(meaning)}</title></polyline>"
    )


def _axes(picture: Svg, scale: _Scale) -> None:
    """Grid lines and labels for the points, version labels under the plot."""
    for points in range(scale.low, scale.high + 1, scale.step):
        y = scale.y(points)
        picture.markup(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        picture.text(LEFT - 6, round(y + 4, 1), str(points), size=11, anchor="end")
    step = _nice_step(scale.last - scale.first, 10)
    versions = sorted({scale.first, *range(step, scale.last + 1, step)})
    for version in versions:
        x = round(scale.x(version), 1)
        picture.text(x, HEIGHT - BOTTOM + 14, str(version), size=11, anchor="middle")
    middle = (LEFT + WIDTH - RIGHT) / 2
    picture.text(middle, HEIGHT - 4, "version", size=11, anchor="middle", fill="#555")


def _legend(picture: Svg, seats: int, names: Sequence[str]) -> None:
    x = WIDTH - RIGHT + 14
    for seat in range(seats):
        y = TOP + 14 + 18 * seat
        colour = PALETTE[seat % len(PALETTE)]
        picture.markup(
            f'<line x1="{x}" y1="{y - 4}" x2="{x + 22}" y2="{y - 4}" stroke="{colour}" '
            f'stroke-width="3" stroke-dasharray="{_dashes(seat)}"/>'
        )
        picture.text(x + 28, y, _name(names, seat), size=12)


def _dashes(seat: int) -> str:
    return DASHES[seat % len(DASHES)]


def _name(names: Sequence[str], seat: int) -> str:
    return shortened(seat_name(names, seat), NAME_LENGTH)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _nice_step(span: int, parts: int) -> int:
    """The least of 1, 2, 5, 10, 20, 50, ... that cuts ``span`` into at most ``parts``."""
    magnitude = 1
    while True:
        for multiple in (1, 2, 5):
            if span <= multiple * magnitude * parts:
                return multiple * magnitude
        magnitude *= 10
