"""The points-by-round chart of the standings page: one inline SVG, no scripts, no fonts.

Every player is a line from 0 points before round 1 to their total after the last round,
in rank order in the legend; hovering a line shows its player (an SVG ``title``). The chart
grows taller when the legend needs the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from services.tournaments.standings import Standing

WIDTH, LEFT, RIGHT, TOP, BOTTOM, LEGEND_ROW = 760, 48, 200, 20, 40, 16
PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
    "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a",
)  # fmt: skip
DASHES = ("", "6 3", "2 3")


@dataclass(frozen=True)
class _Frame:
    rounds: int
    top: int  # the most points on the vertical axis
    height: int

    def x(self, round_number: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * round_number / max(self.rounds, 1)

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
    for index, row in enumerate(rows):
        parts += _line(frame, index, row)
    parts.append("</svg>")
    return "\n".join(parts)


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


def _line(frame: _Frame, index: int, row: Standing) -> list[str]:
    colour = PALETTE[index % len(PALETTE)]
    dash = DASHES[(index // len(PALETTE)) % len(DASHES)]
    values = (0, *row.points_by_round)
    points = " ".join(f"{frame.x(n):.1f},{frame.y(v):.1f}" for n, v in enumerate(values))
    name = escape(row.player)
    legend_x, legend_y = WIDTH - RIGHT + 16, TOP + 14 + index * LEGEND_ROW
    return [
        f'<polyline fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}" '
        f'points="{points}"><title>{name}: {row.points} points</title></polyline>',
        f'<line x1="{legend_x}" y1="{legend_y - 4}" x2="{legend_x + 18}" y2="{legend_y - 4}" '
        f'stroke="{colour}" stroke-width="3" stroke-dasharray="{dash}"/>'
        f'<text x="{legend_x + 24}" y="{legend_y}">{row.rank}. {name} ({row.points})</text>',
    ]
