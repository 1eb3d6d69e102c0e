"""Every game: a view that crossed the wire converts back to the view that was sent
(``wire.view_from_proto`` undoes ``wire.view_to_proto``), at every version of every golden
game and from every perspective, so a client that replays the views it was sent
(``tabletop replay --token``) shows exactly what the server showed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tabletop.v1 import bruges_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire
from games.core import MalformedError, read_record
from replay.timeline import Perspective, Timeline

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(path for path in GOLDEN.glob("*/*.jsonl") if path.parent.name != "legacy")


@pytest.mark.parametrize("path", GAMES, ids=[path.stem for path in GAMES])
def test_every_view_of_a_golden_game_comes_back_from_the_wire_unchanged(path: Path) -> None:
    timeline = Timeline(read_record(path.read_text(encoding="utf-8").splitlines()))
    game = timeline.rules.name
    seats = int(timeline.record.header["seats"])
    perspectives: list[tuple[Perspective, int | None]] = [
        (Perspective.PUBLIC, None),
        (Perspective.FULL, None),
    ]
    perspectives += [(Perspective.SEAT, seat) for seat in range(seats)]
    for frame in timeline.frames:
        for perspective, seat in perspectives:
            view = timeline.view(frame.version, perspective, seat)
            sent = pb.View.FromString(wire.view_to_proto(game, view).SerializeToString())
            assert wire.view_from_proto(game, sent) == view, (frame.version, perspective, seat)


def test_a_view_of_another_game_is_refused() -> None:
    with pytest.raises(MalformedError, match="burgundy game"):
        wire.view_from_proto("burgundy", pb.View(bruges=bruges_pb2.BrugesView()))
