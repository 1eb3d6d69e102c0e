"""The replay's log says when a seat is passed over on the reputation track, which no event of
its own records: the record holds only its turn beginning and then the next one (bruges-data.md
§2.3; docs/rules/bruges.md, items 6 and 7)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from games.bruges.catalogue import Phase
from games.bruges.events import PhaseBegan, ReputationBought, ReputationDeclined, TurnBegan
from replay.sources import open_record
from replay.timeline import Frame, Timeline
from tests.replay.conftest import GOLDEN_FILES

BRUGES = [path for path in GOLDEN_FILES if path.parent.name == "bruges"]
NOTES = ("its reputation step costs", "on the top reputation step")


def _passed_over(frame: Frame, following: Frame) -> bool:
    """Read off the record alone: a reputation turn began and the next event is no decision."""
    began = isinstance(frame.event, TurnBegan | PhaseBegan)
    deciding = isinstance(following.event, ReputationBought | ReputationDeclined)
    return began and frame.state.phase is Phase.REPUTATION and not deciding


@pytest.mark.parametrize("path", BRUGES, ids=lambda path: path.stem)
def test_the_log_says_each_seat_passed_over_and_no_other(path: Path) -> None:
    timeline = Timeline(open_record(path))
    noted = [f for f in timeline.frames if any(note in f.description for note in NOTES)]
    passed = [f for f, following in pairwise(timeline.frames) if _passed_over(f, following)]
    assert passed, "the golden game passes a seat over"
    assert [f.version for f in noted] == [f.version for f in passed]
