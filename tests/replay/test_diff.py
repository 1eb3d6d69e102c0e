"""The changes a replay and a dispute report list: each names the item that came or went."""

from __future__ import annotations

from itertools import pairwise

import pytest

from replay.diff import diff_views
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN_FILES

MARKET = {"id": 112, "colour": "building", "black": False, "building": "market", "animals": 0}
SHIP = {"id": 35, "colour": "ship", "black": False, "building": None, "animals": 0}
CASTLE = {"id": 0, "colour": "castle", "black": False, "building": None, "animals": 0}


def test_a_tile_taken_from_a_depot_is_named_by_its_identifying_fields() -> None:
    changes = diff_views({"tiles": [MARKET, SHIP]}, {"tiles": [SHIP]}, game="burgundy")
    assert changes == [
        "tiles: [{id: 112, colour: building, building: market}, {id: 35, colour: ship}]"
        " → [{id: 35, colour: ship}]"
    ]


def test_an_identifying_field_is_shown_even_when_it_is_zero() -> None:
    changes = diff_views(
        {"estate": []}, {"estate": [{"space": 0, "tile": CASTLE}]}, game="burgundy"
    )
    assert changes == ["estate: [] → [{space: 0, tile: {id: 0, colour: castle}}]"]


def test_a_long_collection_says_what_came_and_went() -> None:
    pile = [f"card {n}" for n in range(8)]
    assert diff_views({"discard": pile}, {"discard": [*pile, "Vineyard"]}, game="bruges") == [
        "discard: 8 → 9 items (added Vineyard)"
    ]
    assert diff_views({"discard": pile}, {"discard": pile[1:]}, game="bruges") == [
        "discard: 8 → 7 items (removed card 0)"
    ]


@pytest.mark.parametrize("game", ["burgundy", "bruges"])
def test_no_change_in_a_recorded_game_hides_an_item(game: str) -> None:
    timeline = Timeline(open_record(next(p for p in GOLDEN_FILES if p.parent.name == game)))
    views = [timeline.view(v, Perspective.FULL) for v in range(1, timeline.last + 1)]
    changes = [line for a, b in pairwise(views) for line in diff_views(a, b, game=game)]
    assert changes and not [line for line in changes if "{…}" in line]
