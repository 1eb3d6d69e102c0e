"""The interactive replay viewer, driven through a pseudo-terminal as a person would: jump to
the start, step, go to a version by number, seek the next turn, switch views, and quit. The
terminal is an xterm, because rich draws live screens only on a capable one."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios
from itertools import takewhile

import pexpect
import pytest
from rich.console import Console
from rich.text import Text

from clients.render import RENDERERS
from clients.render.seats import named_seats
from games.core import GameRecord
from replay.sources import open_record
from replay.terminal import (
    END,
    HOME,
    PAGE_DOWN,
    PAGE_UP,
    SCROLL_KEYS,
    Cursor,
    LogAroundStep,
    _keys,
    _read_key,
    screen,
)
from replay.textboard import board
from replay.timeline import Perspective, Timeline
from services.application import Games, GameStore
from services.settings import Settings
from tests.clients.terminal import COLUMNS, ROOT, ROWS, Terminal
from tests.replay.conftest import GOLDEN_FILES

RECORD = GOLDEN_FILES[0]
BOARD_BY_GAME = {
    "bourgeoisie": "Opportunity track",
    "burgundy": "Depots",
    "bruges": "Dice",
}
"""A heading only each game's terminal renderer prints (as `tabletop play` shows it)."""
HELP_LINES = (
    "→/n next  ←/p previous  t/T turn  r/R round  Home/g first  End/G last  q quit",
    "/ find a kind of event  : go to version  ↓/↑ scroll the board  PgDn/PgUp a page",
)
RAW_VIEW = "'viewer':"
"""What the state panel showed before it drew boards: the view as a Python dict."""


def shown(cursor: Cursor) -> str:
    console = Console(record=True, width=120, height=60, file=io.StringIO())
    console.print(screen(cursor))
    return console.export_text()


def first_record_of(game: str) -> Timeline:
    return Timeline(open_record(next(p for p in GOLDEN_FILES if p.parent.name == game)))


@pytest.mark.parametrize("game", sorted(BOARD_BY_GAME))
@pytest.mark.parametrize(
    ("perspective", "seat"),
    [(Perspective.PUBLIC, None), (Perspective.SEAT, 0), (Perspective.FULL, None)],
)
def test_the_state_panel_draws_the_board(
    game: str, perspective: Perspective, seat: int | None
) -> None:
    timeline = first_record_of(game)
    text = shown(Cursor(timeline, timeline.last // 2, perspective, seat))
    assert BOARD_BY_GAME[game] in text
    assert RAW_VIEW not in text
    assert f"version {timeline.last // 2}/{timeline.last}" in text  # the panel keeps its title


def test_a_game_without_a_renderer_shows_its_view_as_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(RENDERERS, "bourgeoisie")
    timeline = first_record_of("bourgeoisie")
    text = shown(Cursor(timeline, timeline.last // 2, Perspective.SEAT, 0))
    assert RAW_VIEW in text
    assert BOARD_BY_GAME["bourgeoisie"] not in text


def spawn_viewer(*arguments: str, rows: int = ROWS, columns: int = COLUMNS) -> Terminal:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    env.update(COLUMNS=str(columns), LINES=str(rows))
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "replay", *arguments],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    terminal = Terminal(master, encoding="utf-8", timeout=60)
    terminal.process = process
    return terminal


def test_stepping_and_seeking_from_the_keyboard() -> None:
    timeline = Timeline(open_record(RECORD))
    last = timeline.last
    viewer = spawn_viewer(str(RECORD), "--as", "0")
    viewer.expect(f"version {last}/{last}")
    viewer.send("g")
    viewer.expect(f"version 1/{last}")
    viewer.send("n")
    viewer.expect(f"version 2/{last}")
    viewer.send(":120\r")
    viewer.expect(f"version 120/{last}")
    turn = timeline.frame(120).turn
    target = timeline.next_turn(120)
    viewer.send("t")
    viewer.expect(f"version {target}/{last} · turn {turn + 1}")
    viewer.expect("log")
    viewer.send("q")
    assert viewer.exit_code() == 0


def test_seeking_by_kind_of_event_from_the_keyboard() -> None:
    types = [r.event.type for r in open_record(RECORD).events]  # index 0 is version 1
    last = len(types)

    def after(version: int, kind: str) -> int:
        return next(v for v in range(version + 1, last + 1) if types[v - 1] == kind)

    def before(version: int, kind: str) -> int:
        return max(v for v in range(1, version) if types[v - 1] == kind)

    viewer = spawn_viewer(str(RECORD), "--as", "0")
    viewer.expect("k/K next/previous of this kind")
    viewer.send(":120\r")
    kind = types[119]
    viewer.expect(f"version 120/{last}")
    viewer.send("k")
    once = after(120, kind)
    viewer.expect(f"version {once}/{last}")
    viewer.send("k")
    viewer.expect(f"version {after(once, kind)}/{last}")
    viewer.send("K")
    viewer.expect(f"version {once}/{last}")
    viewer.send("/silverconv")
    viewer.expect("matches: bourgeoisie.SilverConverted")
    viewer.send("\r")
    converted = after(once, "bourgeoisie.SilverConverted")
    viewer.expect(f"version {converted}/{last}")
    viewer.send("K")
    viewer.expect(f"version {before(converted, 'bourgeoisie.SilverConverted')}/{last}")
    viewer.send("/bribe\r")
    viewer.expect("no event type matches 'bribe'")
    viewer.send("q")
    assert viewer.exit_code() == 0


@pytest.mark.parametrize(
    ("sequence", "key"),
    [
        ("\x1b[H", HOME),
        ("\x1b[1~", HOME),  # tmux and screen
        ("\x1bOH", HOME),  # application cursor mode
        ("\x1b[F", END),
        ("\x1b[4~", END),
        ("\x1bOF", END),
        ("\x1bOC", "\x1b[C"),
    ],
)
def test_home_end_and_the_arrows_are_read_in_every_common_spelling(sequence: str, key: str) -> None:
    typed = io.StringIO(f"{sequence}n")
    assert _read_key(typed) == key
    assert _read_key(typed) == "n"  # the whole sequence was read, and nothing more


def test_home_and_end_under_tmux_from_the_keyboard() -> None:
    last = Timeline(open_record(RECORD)).last
    viewer = spawn_viewer(str(RECORD), "--as", "0")
    viewer.expect(f"version {last}/{last}")
    viewer.send("\x1b[1~")
    viewer.expect(f"version 1/{last}")
    viewer.send("\x1b[4~")
    viewer.expect(f"version {last}/{last}")
    viewer.send("q")
    assert viewer.exit_code() == 0


def test_a_version_past_the_end_shows_the_last_and_says_so() -> None:
    timeline = Timeline(open_record(RECORD))
    last = timeline.last
    cursor = Cursor(timeline, 1, Perspective.PUBLIC, None)
    cursor.move(last + 50)
    assert cursor.version == last
    assert cursor.note == f"no version {last + 50}: the game runs from 1 to {last}"
    cursor.move(3)
    assert cursor.version == 3


def test_stepping_past_either_end_stays_there_and_says_so() -> None:
    timeline = Timeline(open_record(RECORD))
    cursor = Cursor(timeline, timeline.last, Perspective.PUBLIC, None)
    cursor.seek(timeline.last + 1)  # n at the last step
    assert (cursor.version, cursor.note) == (timeline.last, "this is the last step")
    cursor = Cursor(timeline, 1, Perspective.PUBLIC, None)
    cursor.seek(0)  # p at the first
    assert (cursor.version, cursor.note) == (1, "this is the first step")
    cursor.seek(None)  # t with no later turn
    assert (cursor.version, cursor.note) == (1, "no such step that way")
    cursor.note = ""
    cursor.seek(5)
    assert (cursor.version, cursor.note) == (5, "")


def test_the_viewer_opens_at_the_version_asked_for() -> None:
    last = Timeline(open_record(RECORD)).last
    viewer = spawn_viewer(str(RECORD), "--at", "120", "--interactive")
    viewer.expect(f"version 120/{last}")
    viewer.send("n")  # a viewer, not a one-shot print: it steps on
    viewer.expect(f"version 121/{last}")
    viewer.send("q")
    assert viewer.exit_code() == 0


def test_the_view_key_goes_through_public_each_seat_and_full() -> None:
    viewer = spawn_viewer(str(RECORD), "--at", "120", "--interactive")
    viewer.expect_exact("· as public")  # the title, drawn before the key help
    # The seats by the names in the record's header, as the boards name them.
    viewer.expect_exact("v view: public → seat 0 (Alice) → seat 1 (Bob) → full")
    for shown in ("seat 0 (Alice)", "seat 1 (Bob)", "full", "public"):
        viewer.send("v")
        viewer.expect_exact(f"· as {shown}")
    viewer.send("q")
    assert viewer.exit_code() == 0


def test_full_information_is_not_among_the_views_of_a_game_in_play() -> None:
    record = open_record(RECORD)
    unfinished = Timeline(GameRecord(record.header, record.events[:60], None))
    cursor = Cursor(unfinished, 30, Perspective.PUBLIC, None)
    assert cursor.views() == [
        (Perspective.PUBLIC, None),
        (Perspective.SEAT, 0),
        (Perspective.SEAT, 1),
    ]


def test_the_arbiter_replaying_a_game_in_play_may_switch_to_full_information() -> None:
    record = open_record(RECORD)
    unfinished = Timeline(GameRecord(record.header, record.events[:60], None))
    cursor = Cursor(unfinished, 30, Perspective.FULL, None, arbiter=True)
    assert cursor.views()[-1] == (Perspective.FULL, None)
    for _ in range(len(cursor.views())):
        cursor.switch_view()
    assert cursor.perspective is Perspective.FULL


def test_s_visits_each_seat_in_turn_when_viewing_as_no_seat() -> None:
    timeline = Timeline(open_record(RECORD))
    cursor = Cursor(timeline, 1, Perspective.PUBLIC, None)
    actors = []
    for _ in range(4):
        cursor.move(_keys(cursor)["s"]())
        actors.append(timeline.frame(cursor.version).actor)
    assert actors == [0, 1, 0, 1]
    as_seat = Cursor(timeline, cursor.version, Perspective.SEAT, 1)
    as_seat.move(_keys(as_seat)["s"]())
    as_seat.move(_keys(as_seat)["s"]())
    assert timeline.frame(as_seat.version).actor == 1  # as a seat: that seat's own steps


def test_the_title_says_whose_action_brought_the_step_about() -> None:
    timeline = Timeline(open_record(RECORD))
    acted = next(f for f in timeline.frames if f.actor == 1)
    title = shown(Cursor(timeline, acted.version, Perspective.PUBLIC, None))
    assert "· after seat 1's action ·" in title
    assert "· the setup ·" in shown(Cursor(timeline, 1, Perspective.PUBLIC, None))


def test_a_player_named_like_markup_is_named_as_typed_in_the_titles() -> None:
    """The title names the view's seat and a seat's own event ("[/b]Ada took seat 0"): read as
    markup, "[/b]" is a closing tag with nothing open, and no step could be shown."""
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game("bruges", 2)
    for seat, name in enumerate(("[/b]Ada", "[red]Bob")):
        games.join_game(game_id, name, seat)
    timeline = Timeline(games.record(game_id))
    taken = next(f for f in timeline.frames if f.recorded.event.type.endswith("SeatTaken"))
    title = shown(Cursor(timeline, taken.version, Perspective.SEAT, 0))
    assert "[/b]Ada took seat 0 (core.SeatTaken)" in title
    assert "as seat 0 ([/b]Ada)" in title


SIZES = [(120, 45), (80, 24)]
"""Terminals the viewer must show a whole board in, by scrolling: a Burgundy board at 120x45
ended at its "Other estates" header, and nothing let the estates be seen."""


def drawn(cursor: Cursor, width: int, height: int) -> str:
    console = Console(record=True, width=width, height=height, file=io.StringIO())
    console.print(screen(cursor, width))
    return console.export_text()


def board_lines(cursor: Cursor, width: int) -> list[str]:
    """The board's lines as its panel lays them out (the panel's inside: 4 columns less)."""
    console = Console(record=True, width=width - 4, file=io.StringIO())
    timeline, version = cursor.timeline, cursor.version
    console.print(board(timeline, version, cursor.perspective, cursor.seat))
    return [line.rstrip() for line in console.export_text().splitlines() if line.strip()]


@pytest.mark.parametrize("game", sorted(BOARD_BY_GAME))
@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("board_only", [False, True])
def test_every_line_of_the_board_is_reached_by_paging_down(
    game: str, width: int, height: int, board_only: bool
) -> None:
    timeline = first_record_of(game)
    cursor = Cursor(timeline, timeline.last // 2, Perspective.FULL, None, board_only=board_only)
    seen = [drawn(cursor, width, height)]
    while "↓/PgDn" in seen[-1] and len(seen) < 40:
        SCROLL_KEYS[PAGE_DOWN](cursor)
        seen.append(drawn(cursor, width, height))
    assert "↓/PgDn" not in seen[-1], "paging down reaches the board's end"
    screens = "\n".join(seen)
    assert [line for line in board_lines(cursor, width) if line not in screens] == []
    assert ("log" in seen[0]) is not board_only  # z gives the board the whole screen
    for line in HELP_LINES:
        assert line in seen[0], f"the key help is whole: {line}"
    if len(seen) > 1:
        SCROLL_KEYS[PAGE_UP](cursor)
        assert drawn(cursor, width, height) != seen[-1], "and paging up comes back"


def test_a_burgundy_board_at_120x45_shows_the_estates_after_scrolling() -> None:
    timeline = first_record_of("burgundy")
    cursor = Cursor(timeline, timeline.last // 2, Perspective.PUBLIC, None)
    top = drawn(cursor, 120, 45)
    assert "Seats" in top and "board lines 1 to " in top and "more: ↓/PgDn" in top
    assert "31 knowledge 17" not in top  # an estate's tile, below the panel
    for _ in range(3):
        SCROLL_KEYS[PAGE_DOWN](cursor)
    bottom = drawn(cursor, 120, 45)
    assert "31 knowledge 17" in bottom and "more: ↑/PgUp" in bottom and "↓/PgDn" not in bottom
    assert cursor.board_top > 0
    cursor.move(cursor.version + 1)  # stepping keeps the place on the board
    assert "more: ↑/PgUp" in drawn(cursor, 120, 45)


def test_scrolling_the_board_from_the_keyboard_at_80x24() -> None:
    record = next(p for p in GOLDEN_FILES if p.parent.name == "burgundy")
    last = Timeline(open_record(record)).last
    viewer = spawn_viewer(str(record), "--at", str(last), "--interactive", rows=24, columns=80)
    viewer.expect_exact("more: ↓/PgDn")
    viewer.expect_exact("PgDn/PgUp a page")
    for _ in range(8):
        viewer.send(PAGE_DOWN)
    viewer.expect_exact("more: ↑/PgUp")
    viewer.send("\x1b[A")  # up a line
    viewer.expect_exact("more: ↑/PgUp ↓/PgDn")
    viewer.send("z")  # the board alone: no log panel
    viewer.expect_exact("z the board alone")
    viewer.send("q")
    viewer.expect(pexpect.EOF)  # read all it drew, lest a full pty block it
    assert viewer.exit_code() == 0


def test_the_log_names_each_seats_player_from_the_record() -> None:
    timeline = Timeline(open_record(RECORD))
    acted = next(f for f in timeline.frames if f.actor == 1 and f.description.startswith("Seat"))
    players = timeline.record.header["players"]
    assert isinstance(players, list)
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(LogAroundStep(timeline, acted.version))
    log = console.export_text()
    assert f"▶{acted.version:>4} Seat 1 ({players[1]})" in log, log


LOG_RECORD = next(p for p in GOLDEN_FILES if p.name == "burgundy-4p-1.jsonl")
LOG_STEPS = {"early": 12, "middle": 352, "late": 461}
"""Steps of a four-seat Burgundy game whose log lines before them wrap (four players named):
even at 120x45, counting one row a line left each of them below the log panel's edge."""


def log_rows(screen_text: str) -> list[str]:
    """The log panel's rows, without its border and padding: it is the right-hand panel of
    the lower row, after ``││`` and a space."""
    rows = [row.split("││")[-1] for row in screen_text.splitlines() if "││" in row]
    return [row[1:].rstrip(" │") for row in rows]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("step", sorted(LOG_STEPS))
def test_the_log_shows_the_whole_line_of_the_step_shown(width: int, height: int, step: str) -> None:
    timeline = Timeline(open_record(LOG_RECORD))
    version = LOG_STEPS[step]
    console = Console(record=True, width=width, height=height, file=io.StringIO())
    console.print(screen(Cursor(timeline, version, Perspective.PUBLIC, None), width))
    rows = log_rows(console.export_text(styles=True))
    plain = [Text.from_ansi(row).plain.rstrip() for row in rows]
    first = next(i for i, row in enumerate(plain) if row.startswith(f"▶{version:>4} "))
    assert "\x1b[1;7m" in rows[first], "the step shown is highlighted"
    assert f"{version - 1:>5} " in [row[:6] for row in plain[:first]], "after the one before"
    own = [plain[first].removeprefix("▶").strip()]
    own += takewhile(lambda row: row and not row.startswith(" "), plain[first + 1 :])
    frame, players = timeline.frame(version), timeline.record.header["players"]
    assert isinstance(players, list)
    line = named_seats(frame.description, players, frame.recorded.event.type).plain
    assert " ".join(own) == f"{version} {line}", "its wrapped rows all in the panel"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_step_shown_is_marked_in_the_log_without_colour_or_style(
    width: int, height: int
) -> None:
    """A monochrome terminal, a screen reader or the screen saved to a file loses the
    highlight: the step shown is marked ``▶`` too, its line alone, its number in place."""
    timeline = Timeline(open_record(LOG_RECORD))
    version = LOG_STEPS["middle"]
    console = Console(width=width, height=height, no_color=True, record=True, file=io.StringIO())
    console.print(screen(Cursor(timeline, version, Perspective.PUBLIC, None), width))
    starts = [row[:6] for row in log_rows(console.export_text(styles=False))]
    marked = [start for start in starts if "▶" in start]
    assert marked == [f"▶{version:>4} "], starts
    assert f"{version - 1:>5} " in starts, "the other lines keep their numbers' columns"


def test_the_log_shows_the_steps_after_the_one_shown_where_there_is_room() -> None:
    """What follows a step is context too: at 120x45 the log gives it half its room."""
    timeline = Timeline(open_record(LOG_RECORD))
    version = 300  # a step whose earlier lines alone would fill the log
    console = Console(record=True, width=120, height=45, file=io.StringIO())
    console.print(screen(Cursor(timeline, version, Perspective.PUBLIC, None), 120))
    starts = [row[:6] for row in log_rows(console.export_text(styles=False))]
    assert f"{version - 2:>5} " in starts and f"{version + 2:>5} " in starts, starts


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_log_keeps_the_step_shown_in_sight_from_the_keyboard(width: int, height: int) -> None:
    last = Timeline(open_record(LOG_RECORD)).last
    viewer = spawn_viewer(str(LOG_RECORD), "--interactive", rows=height, columns=width)
    viewer.expect_exact(f"version {last}/{last}")  # reading keys: what came before is dropped
    for version in (LOG_STEPS["early"], LOG_STEPS["middle"], LOG_STEPS["late"]):
        viewer.send(f":{version}\r")
        viewer.expect_exact(f"version {version}/{last}")
        # The log is drawn before the key help: its highlighted line first, or not at all.
        highlighted = rf"\x1b\[1;7m▶ {{0,3}}{version} "
        assert viewer.expect([highlighted, "PgDn/PgUp a page"]) == 0, f"version {version}"
    viewer.send("q")
    viewer.expect(pexpect.EOF)  # read all it drew, lest a full pty block it
    assert viewer.exit_code() == 0


def test_l_shows_what_the_game_offered_after_the_step_as_the_view_may_read_it() -> None:
    """``l`` puts in the board's panel what was offered after the step: listed, numbered, to
    full information and to the seat deciding; counted for another seat (its options name its
    hand); and inside one cause's events, that no one was asked. ``l`` again: the board."""
    timeline = first_record_of("bruges")
    asked = next(
        v for v in range(1, timeline.last) if timeline.asked_after(v) and timeline.offered(v)[1]
    )
    inside = next(v for v in range(1, timeline.last) if not timeline.asked_after(v))
    to_act, offered = timeline.offered(asked)
    assert to_act is not None
    cursor = Cursor(timeline, asked, Perspective.FULL, None)
    SCROLL_KEYS["l"](cursor)
    full = shown(cursor)
    assert f"what seat {to_act}" in full and "could do after this step" in full
    assert all(f"{n}. {line}" in full for n, (_, line) in enumerate(offered, start=1))
    cursor.perspective, cursor.seat = Perspective.SEAT, 1 - to_act
    other = " ".join(shown(cursor).split())
    assert f"{len(offered)} options, listed to full information and to that seat" in other
    assert "1. " not in other
    cursor.version = inside
    assert "inside one cause's events" in " ".join(shown(cursor).split())
    SCROLL_KEYS["l"](cursor)
    assert BOARD_BY_GAME["bruges"] in shown(cursor)


def _replay_into_a_file(*arguments: str) -> subprocess.CompletedProcess[bytes]:
    """``tabletop replay`` typed at a terminal with its output sent to a file: the keyboard
    is a terminal, the output is not."""
    master, slave = pty.openpty()
    try:
        return subprocess.run(
            [sys.executable, "-m", "cli.main", "replay", *arguments],
            stdin=slave, capture_output=True, cwd=ROOT, timeout=20, check=False,
        )  # fmt: skip
    finally:
        os.close(slave)
        os.close(master)


def test_output_sent_to_a_file_gets_the_step_not_a_viewer_drawn_nowhere() -> None:
    """``tabletop replay game.jsonl > step.txt`` at a terminal: the viewer would draw into
    the file and wait for keys on a screen showing nothing; the step is printed instead, as
    for any script, and ``--interactive`` is refused as it is without a keyboard."""
    last = Timeline(open_record(RECORD)).last
    printed = _replay_into_a_file(str(RECORD))
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.decode().startswith(f"version {last}/{last}  turn ")
    refused = _replay_into_a_file(str(RECORD), "--interactive")
    assert refused.returncode == 1 and refused.stdout == b""
    assert b"--interactive needs a terminal to draw on" in refused.stderr
