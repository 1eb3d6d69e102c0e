"""The time to load a game from the store, short against long; and to read the long one's
events over gRPC (``bench.reading``).

Two games are written through the use cases: each plays random legal actions until it is a
few events short of its length, then (as an arbiter reviewing it would) opens and rules
disputes one event at a time until it has exactly that many events. A load is what a server
does on a cache miss: the newest snapshot plus the events after it, folded, from a store with
no cache in front of it.
"""

from __future__ import annotations

import random
import statistics
import time
import uuid
from typing import Any

from bench import reading
from bench.backends import Backend
from bench.common import ARBITER, GAME, SEATS, Sizes, play_random_action, take_every_seat
from services.application import Games, GameStore

PLAY_UNTIL = 40  # events short of the target when play stops and disputes take over


def measure(backend: Backend, sizes: Sizes) -> dict[str, Any]:
    """p50 load time (ms) of a ``short_game``-event game and a ``long_game``-event game."""
    store = GameStore(backend.settings)
    try:
        games = Games(store, arbiter_token=ARBITER)
        lengths = {"short": sizes.short_game, "long": sizes.long_game}
        ids = {label: uuid.UUID(write_game(games, events)) for label, events in lengths.items()}
        took = _load_times(store, list(ids.values()), sizes.load_samples)
        figures: dict[str, Any] = {
            label: {"events": lengths[label], "version": store.game(gid).version, **took[gid]}
            for label, gid in ids.items()
        }
        figures["long_over_short"] = round(
            figures["long"]["p50_ms"] / figures["short"]["p50_ms"], 2
        )
        figures["read_events"] = reading.measure(
            backend, str(ids["long"]), sizes.long_game, sizes.rounds
        )
        return figures
    finally:
        store.close()


def write_game(games: Games, events: int) -> str:
    """A game of exactly ``events`` events (random play, then disputes); its id."""
    game_id, _ = games.create_game(GAME, SEATS)
    tokens = take_every_seat(games, game_id, SEATS)
    chooser = random.Random(events)
    version = games.game_info(game_id).version
    while version < events - PLAY_UNTIL:
        played = play_random_action(games, game_id, tokens, chooser)
        if played is None:  # the game is over
            break
        version = played.versions[-1]
    while version < events:
        dispute, version = games.open_dispute(game_id, 1, "bench: a claim", ARBITER)
        if version < events:
            _, version = games.rule_dispute(game_id, dispute, "bench: a ruling", False, ARBITER)
    return game_id


def _load_times(store: GameStore, ids: list[uuid.UUID], samples: int) -> dict[uuid.UUID, Any]:
    """p50 and max of loading each game, the games taken in turn so that they share
    whatever else the machine is doing."""
    took: dict[uuid.UUID, list[float]] = {gid: [] for gid in ids}
    for gid in ids:
        store.game(gid)  # warm the connection and the code paths
    for _ in range(samples):
        for gid in ids:
            started = time.perf_counter()
            store.game(gid)
            took[gid].append((time.perf_counter() - started) * 1000)
    return {
        gid: {"p50_ms": round(statistics.median(t), 3), "max_ms": round(max(t), 3)}
        for gid, t in took.items()
    }
