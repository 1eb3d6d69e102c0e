"""The interactive terminal viewer: keys to step, panels for the state, the diff and the log."""

from __future__ import annotations

import sys
import termios
import tty
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.layout import Layout
from rich.live import Live
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire
from clients.render import RENDERERS, render_view
from replay.diff import diff_views
from replay.timeline import Perspective, Timeline, view_json

HELP = (
    "→/n next  ←/p previous  t/T turn  r/R round  s next by seat  k/K next/previous of this kind\n"
    "/ find a kind of event  Home/g first  End/G last  : go to version  q quit"
)
LOG_LINES = 12


@dataclass
class Cursor:
    timeline: Timeline
    version: int
    perspective: Perspective
    seat: int | None
    note: str = ""
    """Why the last key left the cursor where it was (shown in the footer until the next key)."""

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
        f"version {version}/{timeline.last} · turn {frame.turn} · {timeline.round_text(version)} · "
        f"{who} · {frame.recorded.at[:19]} · as {_perspective(cursor)}"
    )
    layout = Layout()
    layout.split_column(
        Layout(Panel(_board(cursor, view), title=title), ratio=3),
        Layout(name="lower", ratio=2),
        Layout(_footer(cursor), size=HELP.count("\n") + 2),
    )
    # The event's type names its kind, which k, K and / seek by.
    kind = f"{frame.description} ({frame.recorded.event.type})"
    layout["lower"].split_row(
        Layout(Panel(Group(*(Text(line) for line in changes)), title=kind)),
        Layout(Panel(_log(timeline, version), title="log")),
    )
    return layout


_PERSPECTIVES = {
    Perspective.PUBLIC: common_pb2.PERSPECTIVE_PUBLIC,
    Perspective.SEAT: common_pb2.PERSPECTIVE_SEAT,
    Perspective.FULL: common_pb2.PERSPECTIVE_FULL,
}


def _board(cursor: Cursor, view: Any) -> RenderableType:
    """The view drawn as its game's board, as `tabletop play` draws it; the plain view for a
    game with no wire adapter or no terminal renderer."""
    timeline, version = cursor.timeline, cursor.version
    header = timeline.record.header
    game = str(header.get("game"))
    if game not in wire.ADAPTERS or game not in RENDERERS:
        return Pretty(view_json(view), max_length=12)
    state = timeline.frame(version).state
    rules = timeline.rules
    outcome = rules.outcome(state)
    players = [str(p) for p in header.get("players", [])]
    status = common_pb2.GameStatus(
        game=wire.game_kind(game),
        ruleset=str(header.get("ruleset", "")),
        seats=int(header.get("seats", len(players))),
        players=players,
        to_act=rules.to_act(state),
        finished=outcome is not None,
        outcome=wire.outcome_to_proto(outcome),
    )
    seated = cursor.perspective is Perspective.SEAT
    response = pb.GetViewResponse(
        version=version,
        perspective=_PERSPECTIVES[cursor.perspective],
        seat=cursor.seat if seated else None,
        status=status,
        view=wire.view_to_proto(game, view),
    )
    return render_view(response)


def _footer(cursor: Cursor) -> Text:
    footer = Text(HELP, style="dim")
    if cursor.note:
        footer.append(f"\n{cursor.note}", style="bold")
    return footer


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
    kind = tl.frame(v).recorded.event.type
    return {
        "n": lambda: v + 1, "\x1b[C": lambda: v + 1, " ": lambda: v + 1,
        "p": lambda: v - 1, "\x1b[D": lambda: v - 1,
        "t": lambda: tl.next_turn(v), "T": lambda: tl.previous_turn(v),
        "r": lambda: tl.next_round(v), "R": lambda: tl.previous_round(v),
        "s": lambda: tl.next_by_seat(v, seat),
        "k": lambda: tl.next_of_type(v, kind), "K": lambda: tl.previous_of_type(v, kind),
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
                cursor.note = ""
                if key == ":":
                    cursor.move(_read_number(live))
                elif key == "/":
                    cursor.move(_find_kind(live, cursor))
                elif seek := _keys(cursor).get(key):
                    cursor.move(target := seek())
                    cursor.note = "" if target is not None else "no such step that way"
                live.update(screen(cursor), refresh=True)
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)


def _read_key() -> str:
    key = sys.stdin.read(1)
    if key == "\x1b":
        key += sys.stdin.read(2)
    return key


def _read_number(live: Live) -> int | None:
    digits = _read_line(live, "go to version", str.isdigit)
    return int(digits) if digits else None


def _find_kind(live: Live, cursor: Cursor) -> int | None:
    """Ask for a kind of event (any part of its type name) and seek the next one."""
    timeline = cursor.timeline

    def matches(typed: str) -> str:
        # The names are not obvious, so the prompt shows which ones the text matches so far.
        names = timeline.types_matching(typed) if typed else timeline.event_types
        return "matches: " + (", ".join(names) or "no event type")

    text = _read_line(live, "find the next event of type", str.isprintable, matches)
    if not text:
        return None
    if not timeline.types_matching(text):
        cursor.note = f"no event type matches {text!r}"
        return None
    found = timeline.next_of_type(cursor.version, text)
    if found is None:
        cursor.note = f"no {text!r} event after version {cursor.version}"
    return found


def _read_line(
    live: Live,
    prompt: str,
    allowed: Callable[[str], bool],
    hint: Callable[[str], str] = lambda typed: "",
) -> str | None:
    """What the user types after ``prompt`` until Enter; None if they press Escape."""
    typed = ""
    while True:
        live.update(Text(f"{prompt}: {typed}\n{hint(typed)}"), refresh=True)
        if (key := sys.stdin.read(1)) in ("\n", "\r", "\x1b"):
            break
        typed = typed[:-1] if key in ("\x7f", "\b") else typed + (key if allowed(key) else "")
    return typed if key != "\x1b" else None
