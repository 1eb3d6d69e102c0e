"""The interactive terminal viewer: keys to step, panels for the state, the diff and the log."""

from __future__ import annotations

import sys
import termios
import tty
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console, Group
from rich.layout import Layout
from rich.live import Live
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from replay.diff import diff_views
from replay.timeline import Perspective, Timeline, view_json

HELP = (
    "→/n next  ←/p previous  t/T turn  r/R round  s next by seat  "
    "Home/g first  End/G last  : go to version  q quit"
)
LOG_LINES = 12


@dataclass
class Cursor:
    timeline: Timeline
    version: int
    perspective: Perspective
    seat: int | None

    def move(self, target: int | None) -> None:
        if target is not None:
            self.version = max(1, min(target, self.timeline.last))


def screen(cursor: Cursor) -> Layout:
    """The three panels for the cursor's version."""
    timeline, version = cursor.timeline, cursor.version
    frame = timeline.frame(version)
    view = timeline.view(version, cursor.perspective, cursor.seat)
    before = timeline.view(version - 1, cursor.perspective, cursor.seat) if version > 1 else None
    changes = diff_views(before, view) if before is not None else ["(the game begins)"]
    who = "setup" if frame.actor is None else f"seat {frame.actor}"
    title = (
        f"version {version}/{timeline.last} · turn {frame.turn} · round {frame.round} · "
        f"{who} · {frame.recorded.at[:19]} · as {_perspective(cursor)}"
    )
    layout = Layout()
    layout.split_column(
        Layout(Panel(Pretty(view_json(view), max_length=12), title=title), ratio=3),
        Layout(name="lower", ratio=2),
        Layout(Text(HELP, style="dim"), size=1),
    )
    layout["lower"].split_row(
        Layout(Panel(Group(*(Text(line) for line in changes)), title=frame.description)),
        Layout(Panel(_log(timeline, version), title="log")),
    )
    return layout


def _log(timeline: Timeline, version: int) -> Text:
    start = max(1, version - LOG_LINES // 2)
    text = Text()
    for frame in timeline.frames[start - 1 : start - 1 + LOG_LINES]:
        style = "bold reverse" if frame.version == version else ""
        text.append(f"{frame.version:>5} {frame.description}\n", style=style)
    return text


def _perspective(cursor: Cursor) -> str:
    if cursor.perspective is Perspective.SEAT:
        return f"seat {cursor.seat}"
    return str(cursor.perspective.value)


def _keys(cursor: Cursor) -> dict[str, Callable[[], int | None]]:
    tl, v = cursor.timeline, cursor.version
    seat = cursor.seat if cursor.seat is not None else 0
    return {
        "n": lambda: v + 1, "\x1b[C": lambda: v + 1, " ": lambda: v + 1,
        "p": lambda: v - 1, "\x1b[D": lambda: v - 1,
        "t": lambda: tl.next_turn(v), "T": lambda: tl.previous_turn(v),
        "r": lambda: tl.next_round(v), "R": lambda: tl.previous_round(v),
        "s": lambda: tl.next_by_seat(v, seat),
        "g": lambda: 1, "\x1b[H": lambda: 1, "G": lambda: tl.last, "\x1b[F": lambda: tl.last,
    }  # fmt: skip


def run(cursor: Cursor, console: Console | None = None) -> None:
    """Step through the game until the user presses q."""
    console = console or Console()
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    try:
        tty.setcbreak(stdin)
        with Live(screen(cursor), console=console, screen=True, auto_refresh=False) as live:
            while (key := _read_key()) != "q":
                if key == ":":
                    cursor.move(_read_number(live, cursor))
                else:
                    cursor.move(_keys(cursor).get(key, lambda: None)())
                live.update(screen(cursor), refresh=True)
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)


def _read_key() -> str:
    key = sys.stdin.read(1)
    if key == "\x1b":
        key += sys.stdin.read(2)
    return key


def _read_number(live: Live, cursor: Cursor) -> int | None:
    digits = ""
    while (key := sys.stdin.read(1)) not in ("\n", "\r", "\x1b"):
        digits = digits[:-1] if key in ("\x7f", "\b") else digits + (key if key.isdigit() else "")
        live.update(Text(f"go to version: {digits}"), refresh=True)
    return int(digits) if digits and key != "\x1b" else None
