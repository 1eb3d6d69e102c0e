"""How fast the replay tool seeks in a game of 2,000+ events, against folding from scratch.

No game the rules play reaches 2,000 events: the longest, Bourgeoisie at six seats with every
seat declining whatever it may, has about 1,330 (its deck caps the game at about 104 turns of
13 events). A record holds more than the moves, though: the disputes seats open and the
arbiter's rulings are events of the game's stream too, and the replay tool steps through them
like any other. So the longest game found (every game, a uniform policy and the declining one,
a few seeds) is played again with a rival disputing each move and the arbiter ruling on it, as
many times per move as it takes to pass 2,000 events; everything is seeded, so the record is
the same on every run.

The record is opened once; then random versions are sought and viewed from a seat's
perspective. The baseline, measured in the same run, folds the events from the start to the
same versions — what a replay without frames would do. Seeking costs the same at any length:
one frame lookup and one view.

The HTML replay of that longest game is written too, with ``PAGE_DISPUTES`` disputes opened
and ruled after every move (some 2,400 steps, 1,000 of which change nothing), against its page
with the moves alone, the two taking turns: a step that leaves the state as it was is not drawn
again, so the disputes should add little to the time (the goal: at most 1.5 times as long;
drawing every step took 1.9 times).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.core import fold
from games.core.codec import Codec
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled
from games.core.rules import AnyRules
from games.registry import all_rules
from replay.html import replay_page
from replay.selfplay import MAX_ACTIONS, Chooser, Table, last, seed_bytes, uniform
from replay.timeline import Perspective, Timeline

TRIES = 3
MIN_EVENTS = 2_000
PAGE_DISPUTES = 5
"""Disputes opened and ruled after each move of the game whose HTML page is written."""
POLICIES: dict[str, Callable[[int], Chooser]] = {
    "uniform": lambda seed: uniform(random.Random(seed)),
    "declining": lambda seed: last,
}

Recipe = tuple[AnyRules, int, str]
"""A game to play: its rules, its seed's label and the policy's name (always at most seats)."""
Longest = tuple[Recipe, Table]
"""The longest game the rules play without disputes, and how to play it again."""


def long_game(
    tries: int = TRIES, at_least: int = MIN_EVENTS, found: Longest | None = None
) -> Table:
    """A finished game of at least ``at_least`` events (moves, then disputes if need be), made
    from the longest game, ``found`` when it already has been."""
    recipe, longest = found or _longest_game(tries)
    if longest.version >= at_least:
        return longest
    # Disputes change the versions and so the chance each move gets: the game may come out a
    # little shorter, hence a few tries, each with one more dispute per move.
    moves = len(longest.steps)
    needed = math.ceil((at_least - longest.version) / (2 * moves))
    for per_move in range(needed, needed + tries):
        table = _play(recipe, per_move)
        if table.version >= at_least:
            return table
    raise RuntimeError(
        f"no record of {at_least}+ events: the longest game has {longest.version} events in "
        f"{moves} moves, and {needed + tries - 1} disputes per move did not make up the rest"
    )


def _longest_game(tries: int) -> Longest:
    found: list[tuple[Recipe, Table]] = []
    for rules in all_rules().values():
        for seed in range(tries):
            for policy in POLICIES:
                recipe = (rules, seed, policy)
                found.append((recipe, _play(recipe, disputes_per_move=0)))
    return max(found, key=lambda pair: pair[1].version)


def _play(recipe: Recipe, disputes_per_move: int) -> Table:
    rules, seed, policy = recipe
    table = Table(rules, rules.max_seats, seed_bytes(seed))
    choose = POLICIES[policy](seed)
    while not table.finished and len(table.steps) < MAX_ACTIONS:
        seat, legal = table.legal()
        table.play(seat, legal[choose(legal)], legal)
        version = table.version
        for _ in range(disputes_per_move):
            rival = (seat + 1) % table.seats
            claim = f"seat {seat}'s move to version {version} breaks the rules"
            table.dispute(rival, claim, "the move stands")
    return table


def measure(samples: int = 300, tries: int = TRIES, page_rounds: int = 3) -> dict[str, Any]:
    longest = _longest_game(tries)  # both measures start from it: played once
    seek = _seek_figures(samples, long_game(tries, found=longest))
    return seek | {"page": page_figures(longest, page_rounds)}


def page_figures(longest: Longest, rounds: int) -> dict[str, Any]:
    """Seconds to write the HTML replay of the longest game with ``PAGE_DISPUTES`` disputes
    after each move and with its moves alone, the best of ``rounds`` turns each, and their
    ratio."""
    recipe, moves_only = longest
    disputed = _play(recipe, PAGE_DISPUTES)
    timelines = {"moves": Timeline(moves_only.record()), "disputed": Timeline(disputed.record())}
    took: dict[str, list[float]] = {name: [] for name in timelines}
    for _ in range(rounds):
        for name, timeline in timelines.items():
            started = time.perf_counter()
            replay_page(timeline, Perspective.PUBLIC)
            took[name].append(time.perf_counter() - started)
    best = {name: min(times) for name, times in took.items()}
    return {
        "events": {name: timeline.last for name, timeline in timelines.items()},
        "seconds": {name: round(value, 3) for name, value in best.items()},
        "disputed_over_moves": round(best["disputed"] / best["moves"], 2),
    }


def _seek_figures(samples: int, game: Table) -> dict[str, Any]:
    record = game.record()
    started = time.perf_counter()
    timeline = Timeline(record)
    load_ms = (time.perf_counter() - started) * 1000
    versions = [random.Random(7).randint(1, timeline.last) for _ in range(samples)]
    seek = _timed(lambda v: timeline.view(v, Perspective.SEAT, 0), versions)
    codec = Codec.combine(META_CODEC, timeline.rules.events)
    events = [codec.decode(r.event) for r in record.events]
    refold = _timed(
        lambda v: timeline.rules.view(fold(timeline.rules, events[:v]), 0), versions[:30]
    )
    disputes = sum(isinstance(e, DisputeOpened | DisputeRuled) for e in game.events)
    return {
        "events": timeline.last,
        "game": f"{game.rules.name} {game.seats}p",
        "game_events": timeline.last - disputes,
        "dispute_events": disputes,
        "load_ms": round(load_ms, 1),
        "seek_p50_ms": round(statistics.median(seek), 3),
        "seek_p99_ms": round(_p99(seek), 3),
        "refold_p50_ms": round(statistics.median(refold), 3),
        "refold_p99_ms": round(_p99(refold), 3),
        "speedup_vs_refold": round(statistics.median(refold) / statistics.median(seek), 1),
    }


def _timed(step: Any, versions: list[int]) -> list[float]:
    took = []
    for version in versions:
        started = time.perf_counter()
        step(version)
        took.append((time.perf_counter() - started) * 1000)
    return took


def _p99(values: list[float]) -> float:
    return sorted(values)[max(0, round(len(values) * 0.99) - 1)]
