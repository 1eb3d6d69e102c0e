"""The log names a completed region as the estate board shows it (its number, colour and
spaces, data §1.2) and counts the turn-order track from its first space, 1 (seed)."""

from __future__ import annotations

from games.burgundy.describe import describe
from games.burgundy.events import RegionCompleted, TurnOrderAdvanced


def test_the_log_names_a_region_by_its_colour_and_spaces_and_the_track_from_1() -> None:
    assert describe(RegionCompleted(0, 8, 6, 8), "default") == (
        "Seat 0 completed region 8 (ship, spaces 20-22): 6 + 8 phase bonus"
    )
    assert describe(RegionCompleted(0, 5, 1, 10), "default") == (
        "Seat 0 completed region 5 (building, space 12): 1 + 10 phase bonus"
    )
    assert describe(TurnOrderAdvanced(0, 0, 1), "default") == (
        "Seat 0 moved to turn-order space 1, on top of the pieces there"
    )
    assert describe(TurnOrderAdvanced(0, 1, 0), "default") == ("Seat 0 moved to turn-order space 2")
