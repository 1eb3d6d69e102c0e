"""docs/architecture.md §4 and §8, views never leak, for The Castles of Burgundy: the face-down tile
piles, the face-down goods stacks and the boxed goods are secret from everyone. Reordering or
swapping them must leave every view unchanged at every sampled moment of played games, and
no view or description may name a face-down tile."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burgundy.state import State
from games.core.jsonable import to_json
from games.registry import all_rules

from .play import played

RULES = all_rules()["burgundy"]
SEATS = list(range(RULES.min_seats, RULES.max_seats + 1))


def sample_states(seats: int, stride: int = 8) -> list[State]:
    table = played("burgundy", seats)
    return [*(step.state for step in table.steps[::stride]), table.state]


def scrambled(state: State) -> State:
    piles = tuple(tuple(reversed(pile)) for pile in state.piles)
    stacks = tuple(tuple(7 - kind for kind in stack) for stack in state.goods_stacks)
    boxed = tuple(7 - kind for kind in state.boxed_goods)
    return replace(state, piles=piles, goods_stacks=stacks, boxed_goods=boxed)


@pytest.mark.parametrize("seats", SEATS)
def test_no_view_depends_on_the_face_down_things(seats: int) -> None:
    changed = 0
    for state in sample_states(seats):
        other = scrambled(state)
        changed += other != state
        for seat in (None, *range(seats)):
            assert RULES.view(state, seat) == RULES.view(other, seat)
    assert changed, "the scrambling must change some state, or the test proves nothing"


@pytest.mark.parametrize("seats", SEATS)
def test_no_view_names_a_face_down_tile(seats: int) -> None:
    table = played("burgundy", seats)
    for step in table.steps[::10]:
        hidden = {tile for pile in step.state.piles for tile in pile}
        for seat in (None, *range(seats)):
            shown = _tile_ids(to_json(RULES.view(step.state, seat)))
            assert shown, "views show the open tiles, so this check has something to compare"
            assert not hidden & shown, (seat, sorted(hidden & shown))


def _tile_ids(value: object) -> set[int]:
    if isinstance(value, dict):
        own = {value["id"]} if isinstance(value.get("id"), int) and "colour" in value else set()
        return own | {i for item in value.values() for i in _tile_ids(item)}
    if isinstance(value, list):
        return {i for item in value for i in _tile_ids(item)}
    return set()
