"""The HTML replay of a long record: a step that leaves the state as it was (a dispute opened
or ruled) is not drawn, packed or scored again, the boards are packed as they are drawn rather
than all held at once, and the drawing goes through the progress the command shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from games.burgundy.catalogue import SPACES
from games.core import GameRecord
from games.registry import rules_for
from replay import html
from replay.boards import RENDERERS, board_with_notes
from replay.boards.burgundy import seat as burgundy_seat
from replay.boards.svg import Svg
from replay.chart import score_series
from replay.html import PIECE, pack_boards, replay_page
from replay.selfplay import Table, first, seed_bytes
from replay.sources import open_record
from replay.timeline import Frame, Perspective, Timeline
from tests.replay.conftest import GOLDEN, GOLDEN_FILES
from tests.replay.test_html_packing import unpack_boards

ROOT = Path(__file__).resolve().parents[2]
RECORD = GOLDEN_FILES[0]


def disputed_game(moves: int, disputes_per_move: int) -> Timeline:
    """The first ``moves`` moves of a two-seat Bourgeoisie game, a rival disputing each one
    and the arbiter ruling on it, ``disputes_per_move`` times: most of its steps change
    nothing."""
    table = Table(rules_for("bourgeoisie"), 2, seed_bytes(5))
    while not table.finished and len(table.steps) < moves:
        seat, legal = table.legal()
        table.play(seat, legal[first(legal)], legal)
        for _ in range(disputes_per_move):
            table.dispute(1 - seat, "that move breaks the rules", "the move stands")
    return Timeline(table.record())


def packed_boards(page: str) -> list[str]:
    """The boards a page's script rebuilds, one per step."""
    start = page.index('<script id="boards" type="application/json">')
    text = page[page.index(">", start) + 1 : page.index("</script>", start)]
    return unpack_boards(json.loads(text.replace("<\\/", "</")))


def test_a_step_that_changes_nothing_shows_the_board_before_it_without_drawing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    timeline = disputed_game(moves=40, disputes_per_move=3)
    draw = RENDERERS["bourgeoisie"]
    drawn: list[Any] = []

    def counted(view: Any, names: Sequence[str]) -> str:
        drawn.append(view)
        return draw(view, names)

    monkeypatch.setitem(RENDERERS, "bourgeoisie", counted)
    page = replay_page(timeline, Perspective.SEAT, 1)
    frames = timeline.frames
    changed = 1 + sum(after.state is not before.state for before, after in pairwise(frames))
    assert len(drawn) == changed
    assert changed * 2 < timeline.last  # most steps are disputes
    monkeypatch.setitem(RENDERERS, "bourgeoisie", draw)
    names = [str(name) for name in timeline.record.header["players"]]
    every_step = [
        board_with_notes("bourgeoisie", timeline.view(frame.version, Perspective.SEAT, 1), names)
        for frame in frames
    ]
    assert packed_boards(page) == every_step


def test_the_boards_are_packed_as_they_are_drawn_not_all_held_at_once() -> None:
    """Writing a page takes less memory than its boards take together, which holding them all
    at once would need at the least (a byte a character): a page packs each board as it is
    drawn (a 10,000-step record's boards take hundreds of megabytes, its page a few)."""
    record = open_record(GOLDEN / "bourgeoisie" / "bourgeoisie-2p-2.jsonl")
    timeline = Timeline(GameRecord(record.header, record.events[:200], None))
    names = [str(name) for name in timeline.record.header["players"]]
    boards = sum(
        len(
            board_with_notes("bourgeoisie", timeline.view(frame.version, Perspective.PUBLIC), names)
        )
        for frame in timeline.frames
    )
    tracemalloc.start()
    try:
        replay_page(timeline, Perspective.PUBLIC)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < boards, (peak, boards)


def test_every_frame_is_drawn_through_the_progress_given() -> None:
    timeline = Timeline(open_record(GOLDEN / "bruges" / "bruges-2p-1.jsonl"))
    seen: list[int] = []

    def progress(frames: Sequence[Frame]) -> Iterable[Frame]:
        for frame in frames:
            seen.append(frame.version)
            yield frame

    page = replay_page(timeline, Perspective.PUBLIC, progress=progress)
    assert seen == list(range(1, timeline.last + 1))
    assert page == replay_page(timeline, Perspective.PUBLIC)


def test_the_command_shows_its_drawing_in_a_terminal_and_clears_it(tmp_path: Path) -> None:
    """``replay --html`` on a terminal (``FORCE_COLOR`` makes stderr one for rich) shows a
    progress bar while the boards are drawn; on a pipe it prints only what it wrote."""
    page = tmp_path / "page.html"
    command = [sys.executable, "-m", "cli.main", "replay", str(RECORD), "--html", str(page)]
    for terminal, shown in (("1", True), (None, False)):
        env = {key: value for key, value in os.environ.items() if key != "FORCE_COLOR"}
        env |= {"FORCE_COLOR": terminal} if terminal else {}
        result = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False, env=env
        )
        assert result.returncode == 0, result.stderr
        assert ("drawing the boards" in result.stderr) is shown, result.stderr[-300:]
        assert result.stderr.rstrip().endswith("open it in any browser"), result.stderr[-300:]
        if not shown:  # nothing left of the bar, not even a blank line
            assert "" not in result.stderr.splitlines(), result.stderr[-300:]


class CountedPieces:
    """The page's markup pattern, counting the boards it cuts into pieces."""

    def __init__(self) -> None:
        self.boards_read = 0

    def findall(self, board: str) -> list[str]:
        self.boards_read += 1
        return PIECE.findall(board)


def test_a_board_the_same_as_the_one_before_is_packed_without_reading_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pattern = CountedPieces()
    monkeypatch.setattr(html, "PIECE", pattern)
    boards = ['<g>a</g><rect x="1"/>'] * 3 + ['<g>b</g><rect x="1"/>'] * 2
    packed = pack_boards(boards)
    assert pattern.boards_read == 2
    assert unpack_boards(packed) == boards


def test_the_chart_counts_the_points_of_each_state_once() -> None:
    timeline = disputed_game(moves=40, disputes_per_move=3)
    counted: list[object] = []
    points = timeline.rules.running_points
    assert points is not None

    def running(state: Any) -> tuple[int, ...]:
        counted.append(state)
        return points(state)

    timeline.rules = replace(timeline.rules, running_points=running)
    series = score_series(timeline)
    assert series == [(frame.version, points(frame.state)) for frame in timeline.frames]
    assert len(counted) == len({id(frame.state) for frame in timeline.frames}) < timeline.last


def test_a_burgundy_page_draws_each_estate_once_not_at_every_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An estate changes only when a tile is placed; its 37 spaces are drawn once for each
    estate a seat has had, not for every seat at every step. The estates drawn before (by
    other tests) are forgotten first, so that every one is drawn here and counted."""
    timeline = Timeline(open_record(GOLDEN / "burgundy" / "burgundy-2p-1.jsonl"))
    hexagon = Svg.hexagon
    spaces: list[str] = []

    def counted(picture: Svg, *args: Any, css_class: str = "", **kwargs: Any) -> None:
        if css_class.startswith("space "):
            spaces.append(css_class)
        hexagon(picture, *args, css_class=css_class, **kwargs)

    estates = {
        (player.seat, player.estate)
        for frame in timeline.frames
        for player in timeline.view(frame.version, Perspective.PUBLIC).players
    }
    monkeypatch.setattr(Svg, "hexagon", counted)
    burgundy_seat._estate_markup.cache_clear()
    replay_page(timeline, Perspective.PUBLIC)
    assert len(spaces) == len(estates) * len(SPACES) < timeline.last * len(SPACES)
