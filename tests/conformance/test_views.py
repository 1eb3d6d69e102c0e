"""DESIGN.md §4 conformance, every game: views are what Redis and gRPC carry, so each one is
plain JSON, the same every time it is asked for, and never holds the game's secret seed.

What counts as a hidden card differs by game; each game's leak tests (swap hidden cards, the
other seats' views must not change) are in ``test_views_<game>.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core.jsonable import to_json
from games.core.rules import describe

from .play import GAMES, TABLE_IDS, TABLES, played

tables = pytest.mark.parametrize(("game", "seats"), TABLES, ids=TABLE_IDS)


def view_text(view: object) -> str:
    return json.dumps(to_json(view), sort_keys=True)


@tables
def test_views_are_plain_json_and_stable(game: str, seats: int) -> None:
    table = played(game, seats)
    rules = table.rules
    for state in [*(step.state for step in table.steps[::7]), table.state]:
        for seat in [None, *range(seats)]:
            assert view_text(rules.view(state, seat)) == view_text(rules.view(state, seat))
        assert view_text(rules.full_view(state)) == view_text(rules.full_view(state))


@tables
def test_the_seed_is_secret_until_the_end(game: str, seats: int) -> None:
    table = played(game, seats)
    rules, secret = table.rules, table.seed.hex()
    for recorded in table.recorded[:-1]:
        assert secret not in json.dumps(recorded.as_json())
    for event in table.events:
        assert secret not in describe(rules, event)
    for step in table.steps[::7]:
        for seat in [None, *range(seats)]:
            assert secret not in view_text(rules.view(step.state, seat))
    assert secret in json.dumps(table.recorded[-1].as_json())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_own_leak_tests(game: str) -> None:
    leak_tests = Path(__file__).with_name(f"test_views_{game}.py")
    assert leak_tests.exists(), (
        f"{game} needs its leak tests in tests/conformance/{leak_tests.name}"
    )
