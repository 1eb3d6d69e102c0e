"""The interactive terminal viewer: keys to step, panels for the state, the diff and the log."""

from __future__ import annotations

import sys
import termios
import tty
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.layout import Layout
from rich.live import Live
from rich.panel import Panel
from rich.segment import Segment
from rich.text import Text

from clients.render.seats import named_seats, seat_name
from replay.diff import diff_views
from replay.offers import offers_panel
from replay.textboard import board
from replay.timeline import Frame, Perspective, Timeline

HELP = (
    "→/n next  ←/p previous  t/T turn  r/R round  Home/g first  End/G last  q quit\n"
    "s next by a seat (yours; else each in turn)  k/K next/previous of this kind\n"
    "/ find a kind of event  : go to version  ↓/↑ scroll the board  PgDn/PgUp a page\n"
    "z the board alone (again: all panels)  l the options offered (again: the board)\n"
    "v view: {views}"
)
"""The key help, in lines short enough for an 80-column terminal (the views may wrap)."""
LOG_LINES = 12
CURRENT_STEP = "▶"
"""What marks the step shown in the log, beside its highlight."""
"""How many rows the log takes where nothing sets its height (printed outside a panel)."""
HOME, END, RIGHT, LEFT = "\x1b[H", "\x1b[F", "\x1b[C", "\x1b[D"
DOWN, UP, PAGE_DOWN, PAGE_UP = "\x1b[B", "\x1b[A", "\x1b[6~", "\x1b[5~"
KEY_SPELLINGS = {
    "\x1b[1~": HOME,
    "\x1b[7~": HOME,
    "\x1bOH": HOME,
    "\x1b[4~": END,
    "\x1b[8~": END,
    "\x1bOF": END,
    "\x1bOC": RIGHT,
    "\x1bOD": LEFT,
    "\x1bOB": DOWN,
    "\x1bOA": UP,
}
"""Other spellings of Home, End and the arrows: tmux and screen send ``\\x1b[1~`` and
``\\x1b[4~`` for Home and End, rxvt ``\\x1b[7~`` and ``\\x1b[8~``, and a terminal in
application cursor mode ``\\x1bO`` sequences; each is read as the xterm one."""


@dataclass
class Cursor:
    timeline: Timeline
    version: int
    perspective: Perspective
    seat: int | None
    note: str = ""
    """Why the last key left the cursor where it was (shown in the footer until the next key)."""
    board_top: int = 0
    """The first line of the board shown in its panel: a board taller than the panel scrolls
    (a Burgundy board at 120x45 ends below it). Kept while stepping, to follow one spot."""
    board_page: int = 0
    """How many lines of the board its panel showed when last drawn (what a page moves)."""
    board_only: bool = False
    """Whether the board takes the whole screen above the key help (``z``)."""
    offers_shown: bool = False
    """Whether the board's panel shows what the game offered after the step instead (``l``),
    as this view may read it (``replay.offers``)."""
    arbiter: bool = False
    """Whether the arbiter replays a game in play from the server, and so may see it in full
    (docs/api.md, section 2): a server sends such a record to the arbiter's token alone."""

    @property
    def seen(self) -> tuple[Perspective, int | None]:
        """The view shown: its perspective and seat."""
        return self.perspective, self.seat

    def scroll(self, lines: int) -> None:
        """Move the board ``lines`` down (up if negative); drawing keeps it within the board."""
        self.board_top = max(0, self.board_top + lines)

    def scroll_page(self, pages: int) -> None:
        """Move the board by ``pages`` panels, one line of each kept in sight."""
        self.scroll(pages * max(1, self.board_page - 1))

    def move(self, target: int | None) -> None:
        """Go to version ``target``; one outside the game goes to its nearest end and says so
        (``:999`` in a 348-step game)."""
        if target is None:
            return
        self.version = max(1, min(target, self.timeline.last))
        if self.version != target:
            self.note = f"no version {target}: the game runs from 1 to {self.timeline.last}"

    def seek(self, target: int | None) -> None:
        """Go to the step a key's seek found (``n``, ``t``, ``k``…), or say why the cursor
        stays: no such step that way, or already the first or last step."""
        if target is None:
            self.note = "no such step that way"
        elif target > self.timeline.last:
            self.note = "this is the last step"
        elif target < 1:
            self.note = "this is the first step"
        else:
            self.version = target

    def views(self) -> list[tuple[Perspective, int | None]]:
        """The views ``v`` steps through: public, each seat's, and full once the game has
        ended (while it runs, full information would show what no one could know then) or to
        the arbiter; in a seat's own replay of a game in play, that seat's alone."""
        if self.timeline.seat_only is not None:  # a seat's replay: the only view it was sent
            return [(Perspective.SEAT, self.timeline.seat_only)]
        seats = int(self.timeline.record.header.get("seats", 0))
        full = [(Perspective.FULL, None)] if self.timeline.finished or self.arbiter else []
        return [(Perspective.PUBLIC, None), *((Perspective.SEAT, s) for s in range(seats)), *full]

    def switch_view(self) -> None:
        """Show the next of ``views`` after the current one."""
        views = self.views()
        current = (self.perspective, self.seat if self.perspective is Perspective.SEAT else None)
        after = views.index(current) + 1 if current in views else 0
        self.perspective, self.seat = views[after % len(views)]

    def seat_to_follow(self) -> int:
        """The seat ``s`` seeks the next step of: the viewer's own, as a seat; else the seat
        after the one whose action this step was, so pressing ``s`` again and again visits
        each seat's next step in turn rather than always seat 0's."""
        if self.perspective is Perspective.SEAT and self.seat is not None:
            return self.seat
        seats = max(1, int(self.timeline.record.header.get("seats", 1)))
        actor = self.timeline.frame(self.version).actor
        return 0 if actor is None else (actor + 1) % seats


class ScrolledBoard:
    """A board drawn from the cursor's ``board_top`` on, as many lines as its panel holds; when
    the board is taller, its last line says which lines are shown and how to see the rest.
    Drawing is where the panel's height is known, so it keeps ``board_top`` within the board
    and tells the cursor the page it showed."""

    def __init__(self, board: RenderableType, cursor: Cursor) -> None:
        self.board = board
        self.cursor = cursor

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = console.render_lines(self.board, options.reset_height(), pad=False)
        height = options.height if options.height is not None else len(lines)
        shown = height if len(lines) <= height else max(1, height - 1)
        top = min(self.cursor.board_top, max(0, len(lines) - shown))
        self.cursor.board_top, self.cursor.board_page = top, shown
        for line in lines[top : top + shown]:
            yield from line
            yield Segment.line()
        if len(lines) > shown and height > 1:
            yield Text(_scroll_note(top, shown, len(lines)), style="bold reverse", no_wrap=True)


def _scroll_note(top: int, shown: int, total: int) -> str:
    """Which lines of a board taller than its panel are in sight, and the keys to the rest."""
    keys = [key for key, more in (("↑/PgUp", top > 0), ("↓/PgDn", top + shown < total)) if more]
    return f"board lines {top + 1} to {top + shown} of {total} · more: {' '.join(keys)}"


def screen(cursor: Cursor, width: int = 120) -> Layout:
    """The three panels for the cursor's version (the board alone with ``z``), above the key
    help wrapped to ``width`` columns."""
    timeline, version = cursor.timeline, cursor.version
    frame = timeline.frame(version)
    view = timeline.view(version, cursor.perspective, cursor.seat)
    before = timeline.view(version - 1, cursor.perspective, cursor.seat) if version > 1 else None
    changes = (
        diff_views(before, view, game=timeline.rules.name)
        if before is not None
        else ["(the game begins)"]
    )
    # Most telling first: a narrow terminal cuts the title's end (the time is the least).
    title = (
        f"version {version}/{timeline.last} · turn {frame.turn} · {timeline.round_text(version)} · "
        f"{frame.caused_by} · as {_perspective(cursor)} · {frame.recorded.at[:19]}"
    )
    shown: RenderableType = (
        offers_panel(timeline, version, *cursor.seen, _players(timeline))
        if cursor.offers_shown
        else board(timeline, version, *cursor.seen)
    )
    drawn = ScrolledBoard(shown, cursor)
    footer = _footer(cursor)
    layout = Layout()
    upper = Layout(Panel(drawn, title=Text(title)), ratio=3)  # names as typed, not markup
    help_lines = Layout(footer, size=len(footer.wrap(Console(width=width), width)))
    if cursor.board_only:
        layout.split_column(upper, help_lines)
        return layout
    layout.split_column(upper, Layout(name="lower", ratio=2), help_lines)
    # The event's type names its kind, which k, K and / seek by.
    kind = f"{frame.description} ({frame.recorded.event.type})"
    layout["lower"].split_row(
        Layout(Panel(Group(*(Text(line) for line in changes)), title=Text(kind))),
        Layout(Panel(LogAroundStep(timeline, version), title="log")),
    )
    return layout


def _footer(cursor: Cursor) -> Text:
    names = _players(cursor.timeline)
    views = " → ".join(_view_name(perspective, seat, names) for perspective, seat in cursor.views())
    footer = Text(HELP.format(views=views), style="dim")
    if cursor.timeline.notice:  # on every screen: these steps are no verified record
        footer = Text(cursor.timeline.notice + "\n", style="bold yellow") + footer
    if cursor.note:
        footer.append(f"\n{cursor.note}", style="bold")
    return footer


class LogAroundStep:
    """The log lines that fit its panel, the step shown always among them and highlighted:
    the line before it where it fits, more whole lines before it in half the room left, the
    lines after it in the rest, and any room those leave (at the game's end) to more lines
    before it. Lines are measured as rich wraps them, since a line naming its players can take
    two rows or more of a narrow panel (an 80x24 terminal leaves the log five rows); counting
    one row a line let the step shown fall below the panel's edge."""

    def __init__(self, timeline: Timeline, version: int) -> None:
        self.timeline = timeline
        self.version = version
        self.names = _players(timeline)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = options.height if options.height is not None else LOG_LINES
        wrapped = options.reset_height()

        def rows(version: int) -> list[list[Segment]]:
            line = _log_line(self.timeline.frame(version), self.names, version == self.version)
            return console.render_lines(line, wrapped, pad=False)

        shown = rows(self.version)[:height]  # a line taller than the panel keeps its start
        earlier = self.version - 1

        def take_earlier(up_to: int, most: int) -> None:
            """Put up to ``most`` whole earlier lines above, while ``shown`` stays within
            ``up_to`` rows."""
            nonlocal earlier
            for _ in range(most):
                if earlier < 1 or len(shown) + len(above := rows(earlier)) > up_to:
                    return
                shown[:0] = above
                earlier -= 1

        take_earlier(height, 1)  # the step before: what the step shown follows from
        take_earlier(len(shown) + (height - len(shown) + 1) // 2, height)
        later = self.version + 1
        while later <= self.timeline.last and len(shown) < height:
            shown += rows(later)[: height - len(shown)]
            later += 1
        take_earlier(height, height)  # the room the game's end leaves below
        for row in shown:
            yield from row
            yield Segment.line()


def _log_line(frame: Frame, names: Sequence[str], current: bool) -> Text:
    """One step's line of the log, each seat named with its player as the boards name it;
    the step shown is highlighted, and marked ``▶`` as well: a highlight alone is lost with
    the styles (a monochrome terminal, a screen reader, the screen saved to a file)."""
    number = f"{frame.version:>5} "
    if current:  # the mark takes the number's padding, so the lines stay aligned
        number = CURRENT_STEP + (number[1:] if number.startswith(" ") else number)
    line = Text.assemble(number, named_seats(frame.description, names, frame.recorded.event.type))
    if current:
        line.stylize("bold reverse")
    return line


def _perspective(cursor: Cursor) -> str:
    return _view_name(cursor.perspective, cursor.seat, _players(cursor.timeline))


def _players(timeline: Timeline) -> list[str]:
    """The player names by seat from the record's header ("" for a seat no one took)."""
    return [str(name) for name in timeline.record.header.get("players", [])]


def _view_name(perspective: Perspective, seat: int | None, names: Sequence[str] = ()) -> str:
    """``seat 1 (Bob)`` as the boards name a seat, or the perspective's own name."""
    if perspective is Perspective.SEAT and seat is not None:
        return seat_name(names, seat)
    return f"seat {seat}" if perspective is Perspective.SEAT else str(perspective.value)


def _keys(cursor: Cursor) -> dict[str, Callable[[], int | None]]:
    tl, v = cursor.timeline, cursor.version
    seat = cursor.seat_to_follow()
    kind = tl.frame(v).recorded.event.type
    return {
        "n": lambda: v + 1, RIGHT: lambda: v + 1, " ": lambda: v + 1,
        "p": lambda: v - 1, LEFT: lambda: v - 1,
        "t": lambda: tl.next_turn(v), "T": lambda: tl.previous_turn(v),
        "r": lambda: tl.next_round(v), "R": lambda: tl.previous_round(v),
        "s": lambda: tl.next_by_seat(v, seat),
        "k": lambda: tl.next_of_type(v, kind), "K": lambda: tl.previous_of_type(v, kind),
        "g": lambda: 1, HOME: lambda: 1, "G": lambda: tl.last, END: lambda: tl.last,
    }  # fmt: skip


SCROLL_KEYS: dict[str, Callable[[Cursor], None]] = {
    DOWN: lambda cursor: cursor.scroll(1),
    UP: lambda cursor: cursor.scroll(-1),
    PAGE_DOWN: lambda cursor: cursor.scroll_page(1),
    PAGE_UP: lambda cursor: cursor.scroll_page(-1),
    "z": lambda cursor: setattr(cursor, "board_only", not cursor.board_only),
    "l": lambda cursor: setattr(cursor, "offers_shown", not cursor.offers_shown),
}
"""The keys that move the board in its panel, give it the whole screen, or show in it what
was offered after the step."""


def run(cursor: Cursor, console: Console | None = None) -> None:
    """Step through the game until the user presses q."""
    console = console or Console()
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    try:
        tty.setcbreak(stdin)
        with Live(
            screen(cursor, console.width), console=console, screen=True, auto_refresh=False
        ) as live:
            while (key := _read_key()) != "q":
                cursor.note = ""
                if key == ":":
                    cursor.move(_read_number(live))
                elif key == "/":
                    cursor.move(_find_kind(live, cursor))
                elif key == "v":
                    cursor.switch_view()
                elif scroll := SCROLL_KEYS.get(key):
                    scroll(cursor)
                elif seek := _keys(cursor).get(key):
                    cursor.seek(seek())
                live.update(screen(cursor, console.width), refresh=True)
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)


def _read_key(stream: TextIO | None = None) -> str:
    """One key press, an escape sequence read whole: ``\\x1b[`` and its parameters up to the
    final character, or ``\\x1bO`` and one more; ``KEY_SPELLINGS`` says which are the same key.
    Reading a fixed number of characters would split ``\\x1b[1~`` (Home under tmux)."""
    read = (stream or sys.stdin).read
    key = read(1)
    if key != "\x1b":
        return key
    key += read(1)
    if key == "\x1bO":
        key += read(1)
    elif key == "\x1b[":
        while (char := read(1)) and not "@" <= char <= "~":  # parameters, then the final
            key += char
        key += char
    return KEY_SPELLINGS.get(key, key)


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
