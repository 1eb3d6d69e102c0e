"""The points-by-round chart of the standings page: one inline SVG, no scripts, no fonts.

Every player is a line from 0 points before round 1 to their total after the last round,
in rank order in the legend; hovering a line shows its player (an SVG ``title``). The chart
grows taller when the legend needs the room; a name too wide for the legend is shortened
there with an ellipsis (hovering it shows the whole name, as the table above does).

Players level on points draw the same line, and they are usually neighbours in the ranking.
So each line differs from its neighbours in three ways at once — colour, dash pattern and the
marker at each round — and its points sit in one of four lanes a few pixels either side of
the round (the horizontal axis counts rounds, so this moves no value): where lines coincide,
their markers stand side by side and the dashes of one let the other show through.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from games.core.chart_key import SAMPLE_W, chart_key
from games.core.tournament_standings import Standing
from games.core.wording import counted, shortened

WIDTH, LEFT, RIGHT, TOP, BOTTOM, LEGEND_ROW = 760, 48, 200, 20, 40, 16
KEY_H = 12  # pixels of a line's sample in the key under the chart: its marker and more
LEGEND_WIDTH = 24  # columns of 12-pixel text that fit between a legend's marker and the edge
PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
    "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a",
)  # fmt: skip
# Consecutive players differ in colour, dash, marker and lane; marker and lane together
# repeat only every 20 players, colour and marker every 60 (coprime cycles).
DASHES = ("", "9 4", "2 3", "10 3 2 3")  # solid, dashed, dotted, dash-dot
MARKERS = (
    "M-3.5,0a3.5,3.5 0 1,0 7,0a3.5,3.5 0 1,0 -7,0Z",  # circle
    "M-3.2,-3.2h6.4v6.4h-6.4Z",  # square
    "M0,-4.5L4,3L-4,3Z",  # triangle
    "M0,-4.5L4.5,0L0,4.5L-4.5,0Z",  # diamond
    "M0,4.5L4,-3L-4,-3Z",  # triangle, point down
)  # paths around (0, 0), placed with a translate
LANES = 4  # points sit in 4 lanes beside each round's tick; with 5 markers, 20 combinations
NUDGE = 6.0  # pixels between neighbouring lanes, at most a tenth of a round's width
PLOT_END = 16
"""How far the last round's tick stands in from the axis's end: its outermost lane's markers
(1.5 lanes and a marker's half-width past the tick) keep clear of the legend beside the
chart, not read as part of its entries."""
PLOT_W = WIDTH - LEFT - RIGHT - PLOT_END


@dataclass(frozen=True)
class _Style:
    colour: str
    dash: str
    marker: str
    lane: float  # -1.5 to 1.5: which side of the round's tick its points sit, and how far

    @classmethod
    def of(cls, index: int) -> _Style:
        """The look of the line of the player ranked ``index + 1``."""
        return cls(
            PALETTE[index % len(PALETTE)],
            DASHES[index % len(DASHES)],
            MARKERS[index % len(MARKERS)],
            index % LANES - (LANES - 1) / 2,
        )

    def sample(self, x: float, y: float) -> str:
        """The line's look, ``SAMPLE_W`` long from (x, y), with its marker in the middle: the
        legend's and the key's."""
        return (
            f'<line x1="{x}" y1="{y}" x2="{x + SAMPLE_W}" y2="{y}" stroke="{self.colour}" '
            f'stroke-width="2" stroke-dasharray="{self.dash}"/>'
            f"{self.markers([(x + SAMPLE_W / 2, y)])}"
        )

    def markers(self, points: list[tuple[float, float]]) -> str:
        """Hollow markers at ``points``: white inside, so a line never runs through one."""
        return "".join(
            f'<path transform="translate({x:.1f} {y:.1f})" d="{self.marker}" fill="#fff" '
            f'stroke="{self.colour}" stroke-width="1.5"/>'
            for x, y in points
        )


@dataclass(frozen=True)
class _Frame:
    rounds: int
    top: int  # the most points on the vertical axis
    height: int

    def x(self, round_number: int) -> float:
        return LEFT + PLOT_W * round_number / max(self.rounds, 1)

    def nudge(self, lane: float) -> float:
        """How far a line in ``lane`` sits beside the round's tick: a few pixels, and never
        near halfway to the next round however many rounds there are."""
        return lane * min(NUDGE, PLOT_W / max(self.rounds, 1) / 10)

    def y(self, points: int) -> float:
        return self.height - BOTTOM - (self.height - TOP - BOTTOM) * points / self.top


def points_chart(rows: tuple[Standing, ...], rounds: int) -> str:
    """An SVG line chart of cumulative tournament points after each round."""
    top = max([1, *(max(row.points_by_round, default=0) for row in rows)])
    frame = _Frame(rounds, top, max(380, TOP + 24 + LEGEND_ROW * len(rows)))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {frame.height}" '
        f'width="{WIDTH}" height="{frame.height}" role="img" aria-label="Points by round">',
        *_axes(frame),
    ]
    series = [_Series.of(frame, index, row) for index, row in enumerate(rows)]
    # Every line before any marker, so no line is drawn across another player's marker.
    parts += [each.line() for each in series]
    parts += [each.markers() for each in series]
    parts += [each.legend() for each in series]
    parts.append("</svg>")
    return "\n".join(parts)


def points_key(rows: tuple[Standing, ...]) -> str:
    """Each player's legend entry, in rank order, as a key under the chart that wraps to the
    screen (``chart_key``): on a phone the chart scrolls sideways in its box, and its legend,
    at its right, is out of sight while the lines are in view."""
    entries = [
        (_label(row), _Style.of(index).sample(0, KEY_H / 2)) for index, row in enumerate(rows)
    ]
    return chart_key(entries, KEY_H)


def _label(row: Standing) -> str:
    """Rank, name and points, the name shortened to fit the legend's width."""
    before, after = f"{row.rank}. ", f" ({row.points})"
    return f"{before}{shortened(row.player, LEGEND_WIDTH - len(before) - len(after))}{after}"


def _axes(frame: _Frame) -> list[str]:
    left, right, bottom = LEFT, WIDTH - RIGHT, frame.height - BOTTOM
    parts = [
        f'<line x1="{left}" y1="{TOP}" x2="{left}" y2="{bottom}" stroke="#333"/>',
        f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#333"/>',
        f'<text x="{(left + right) / 2}" y="{frame.height - 6}" text-anchor="middle">'
        "after round</text>",
    ]
    for number in range(frame.rounds + 1):
        x = frame.x(number)
        parts.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">{number}</text>')
    step = max(1, round(frame.top / 8))
    for points in range(0, frame.top + 1, step):
        y = frame.y(points)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{points}</text>'
        )
    return parts


@dataclass(frozen=True)
class _Series:
    """One player's line: its look, its points on the page, and its legend entry."""

    index: int
    row: Standing
    style: _Style
    points: tuple[tuple[float, float], ...]  # from 0 before round 1, then nudged to its lane

    @classmethod
    def of(cls, frame: _Frame, index: int, row: Standing) -> _Series:
        style = _Style.of(index)
        after = [
            (frame.x(n) + frame.nudge(style.lane), frame.y(v))
            for n, v in enumerate(row.points_by_round, start=1)
        ]
        return cls(index, row, style, ((frame.x(0), frame.y(0)), *after))

    def line(self) -> str:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)
        return (
            f'<polyline fill="none" stroke="{self.style.colour}" stroke-width="2" '
            f'stroke-dasharray="{self.style.dash}" points="{path}">{self._title()}</polyline>'
        )

    def markers(self) -> str:
        # Everyone starts at 0, so the start has no marker.
        return f"<g>{self._title()}{self.style.markers(list(self.points[1:]))}</g>"

    def legend(self) -> str:
        """The player's entry beside the chart: a sample of its line, then its ``_label``
        (the whole name shows on hover, and in the table above)."""
        x, y = WIDTH - RIGHT + 14, TOP + 14 + self.index * LEGEND_ROW
        label = escape(_label(self.row))
        return (
            f"{self.style.sample(x, y - 4)}"
            f'<text x="{x + SAMPLE_W + 6}" y="{y}">{self._title()}{label}</text>'
        )

    def _title(self) -> str:
        return f"<title>{escape(self.row.player)}: {counted(self.row.points, 'point')}</title>"
