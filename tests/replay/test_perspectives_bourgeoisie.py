"""A seat's replay shows exactly what that seat knew: never another seat's hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core.jsonable import to_json
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN

RECORDS = sorted((GOLDEN / "bourgeoisie").glob("*.jsonl"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_seat_never_sees_another_hand_at_any_version(path: Path) -> None:
    timeline = Timeline(open_record(path))
    seats = int(timeline.record.header["seats"])
    for version in range(1, timeline.last + 1):
        for seat in range(seats):
            players = to_json(timeline.view(version, Perspective.SEAT, seat))["players"]
            for other, player in enumerate(players):
                assert (player["hand"] is not None) == (other == seat), (version, seat, other)
        public = to_json(timeline.view(version, Perspective.PUBLIC))
        assert all(player["hand"] is None for player in public["players"])


@pytest.mark.parametrize("path", RECORDS[:1], ids=[p.stem for p in RECORDS[:1]])
def test_full_information_shows_every_hand(path: Path) -> None:
    timeline = Timeline(open_record(path))
    players = to_json(timeline.view(timeline.last // 2, Perspective.FULL))["players"]
    assert all(player["hand"] is not None for player in players)
