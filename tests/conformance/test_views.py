"""docs/architecture.md §4 conformance, every game: views are what Redis and gRPC carry, so each one
is plain JSON, the same every time it is asked for (in any process: the order of a set is not), and
never holds the game's secret seed.

What counts as a hidden card differs by game; each game's leak tests (swap hidden cards, the
other seats' views must not change) are in ``test_views_<game>.py``.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.core.jsonable import to_json
from games.core.rules import describe
from games.registry import all_rules
from tests.support.server_process import ROOT

from .play import GAMES, TABLE_IDS, TABLES, Table, played

tables = pytest.mark.parametrize(("game", "seats"), TABLES, ids=TABLE_IDS)

HASH_SEEDS = ("0", "1")
"""The hash seeds of the other processes; this one has its own (random unless set)."""

VIEWS_IN_A_CHILD = """
import json, pickle, sys
from tests.conformance.test_views import views_of
tables = pickle.load(sys.stdin.buffer)
json.dump({name: views_of(*table) for name, table in tables.items()}, sys.stdout)
"""


def view_text(view: object) -> str:
    return json.dumps(to_json(view), sort_keys=True)


def sampled_states(table: Table, count: int = 8) -> list[Any]:
    """About ``count`` states spread over a played game, and its last."""
    every = max(1, len(table.steps) // count)
    return [*(step.state for step in table.steps[every::every]), table.state]


def views_of(game: str, seats: int, states: list[Any]) -> list[str]:
    """The JSON text of every view of each state: the public one, each seat's, the full one."""
    rules = all_rules()[game]
    return [
        text
        for state in states
        for text in (
            *(view_text(rules.view(state, seat)) for seat in [None, *range(seats)]),
            view_text(rules.full_view(state)),
        )
    ]


@pytest.fixture(scope="module")
def views_elsewhere() -> dict[str, dict[str, list[str]]]:
    """Every table's ``views_of`` its sampled states, by hash seed, as processes started with
    that seed compute them from the same states (pickled to them: a set unpickled there is
    laid out by that process's hashes)."""
    states = {
        name: (game, seats, sampled_states(played(game, seats)))
        for name, (game, seats) in zip(TABLE_IDS, TABLES, strict=True)
    }
    sent = pickle.dumps(states)
    children = {
        seed: subprocess.Popen(
            [sys.executable, "-c", VIEWS_IN_A_CHILD],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        for seed in HASH_SEEDS
    }
    found = {}
    for seed, child in children.items():
        out, _ = child.communicate(sent, timeout=300)
        assert child.returncode == 0, f"the process with PYTHONHASHSEED={seed} failed"
        found[seed] = json.loads(out)
    return found


@tables
def test_views_are_plain_json_and_stable(
    game: str, seats: int, views_elsewhere: dict[str, dict[str, list[str]]]
) -> None:
    states = sampled_states(played(game, seats))
    here = views_of(game, seats, states)
    perspectives = ["public", *(f"seat {seat}" for seat in range(seats)), "full"]
    for seed, views in views_elsewhere.items():
        there = views[f"{game}-{seats}p"]
        assert len(there) == len(here) == len(states) * len(perspectives)
        for n, (mine, theirs) in enumerate(zip(here, there, strict=True)):
            state, perspective = divmod(n, len(perspectives))
            assert mine == theirs, (
                f"the {perspectives[perspective]} view of sampled state {state} differs in a "
                f"process with PYTHONHASHSEED={seed}"
            )


@tables
def test_the_seed_is_secret_until_the_end(game: str, seats: int) -> None:
    table = played(game, seats)
    rules, secret = table.rules, table.seed.hex()
    for recorded in table.recorded[:-1]:
        assert secret not in json.dumps(recorded.as_json())
    for event in table.events:
        assert secret not in describe(rules, event, table.created.ruleset)
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
