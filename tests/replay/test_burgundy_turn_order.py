"""One numbering of the Castles of Burgundy turn-order track everywhere a user reads it: the
log, the terminal board and the HTML board all count its spaces from 1, the first space the
pieces start on (seed: "on the first space of the turn order track")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from games.burgundy.events import TurnOrderAdvanced
from games.burgundy.turns import track_space
from replay.boards import draw_board
from replay.diff import diff_views
from replay.sources import open_record
from replay.textboard import board_text
from replay.timeline import Frame, Perspective, Timeline
from tests.replay.conftest import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return Timeline(open_record(sorted((GOLDEN / "burgundy").glob("*.jsonl"))[-1]))


def ship_moves(timeline: Timeline) -> list[Frame]:
    moves = [f for f in timeline.frames if isinstance(f.event, TurnOrderAdvanced)]
    assert moves, "the golden game places ships"
    return moves


def test_the_first_space_is_space_1() -> None:
    assert track_space(0) == 1


def test_the_log_and_the_boards_name_the_same_space(timeline: Timeline) -> None:
    for frame in ship_moves(timeline)[:3]:
        event = frame.event
        assert isinstance(event, TurnOrderAdvanced)
        said = re.search(r"turn-order space (\d+)", frame.description)
        assert said is not None, frame.description
        named = f"turn-order space {said.group(1)}"
        assert int(said.group(1)) == event.position + 1
        view = timeline.view(frame.version, Perspective.PUBLIC)
        root = ET.fromstring(draw_board("burgundy", view))
        standings = [t.text or "" for t in root.iter(f"{SVG}text")]
        assert any(named in line for line in standings if line), named
        text = board_text(timeline, frame.version, Perspective.PUBLIC)
        seats = text.split("\nSeats\n", 1)[1].split("Other estates", 1)[0]
        block = seats.split(f" seat {event.seat} ", 1)[1].split("\n seat ", 1)[0]
        assert named in " ".join(block.split()), named


def test_the_raw_diff_names_the_space_the_log_names(timeline: Timeline) -> None:
    """The replay's list of changes shows the turn-order track as the boards print it, from
    1 and labelled; the view it is read from still holds the position counted from 0."""
    for frame in ship_moves(timeline)[:3]:
        event = frame.event
        assert isinstance(event, TurnOrderAdvanced)
        before = timeline.view(frame.version - 1, Perspective.PUBLIC)
        after = timeline.view(frame.version, Perspective.PUBLIC)
        changes = diff_views(before, after, game=timeline.rules.name)
        field = f"players[{event.seat}].position: "
        line = next(change for change in changes if change.startswith(field))
        was = track_space(before.players[event.seat].position)
        assert line == f"{field}turn-order space {was} → {track_space(event.position)}"
        assert f"turn-order space {track_space(event.position)}" in frame.description
        assert after.players[event.seat].position == event.position
