"""Group commit: how many writes a store takes per second, by how many writers at once.

Writers are threads of one process, each writing to a game of its own through the use cases
(an arbiter opening a dispute: one event per write, so what is measured is the commit, not
the rules). With one writer every write is a transaction; with many, the group commit
stores whatever is waiting in one. The transactions are counted as they are made, so the
figures say how many writes each carried: the numbers behind docs/durability.md and
docs/scaling.md.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from bench.backends import Backend
from bench.common import ARBITER, Sizes
from services.application import Games, GameStore


def measure(backend: Backend, sizes: Sizes) -> dict[str, Any]:
    """Writes/s and writes per transaction with 1, 8 and 32 concurrent writers."""
    store = GameStore(backend.settings)
    try:
        games = Games(store, arbiter_token=ARBITER)
        transactions = _count_transactions(store)
        figures = {}
        for writers in (1, 8, 32):
            game_ids = [games.create_game("bourgeoisie", 2)[0] for _ in range(writers)]
            before = len(transactions)
            writes, seconds = _write(games, game_ids, sizes.commit_seconds)
            made = len(transactions) - before
            figures[f"{writers} writers"] = {
                "writes_per_s": round(writes / seconds, 1),
                "transactions_per_s": round(made / seconds, 1),
                "writes_per_transaction": round(writes / max(1, made), 2),
            }
        return figures
    finally:
        store.close()


def _count_transactions(store: GameStore) -> list[int]:
    """Record the size of every group-commit transaction the store makes from now on."""
    made: list[int] = []
    save_together = store.save_together

    def counted(groups: Sequence[Any]) -> Any:
        made.append(len(groups))
        return save_together(groups)

    store.save_together = counted  # type: ignore[method-assign]
    return made


def _write(games: Games, game_ids: list[str], seconds: float) -> tuple[int, float]:
    done = [0] * len(game_ids)
    until = time.monotonic() + seconds

    def writer(index: int) -> None:
        while time.monotonic() < until:
            games.open_dispute(game_ids[index], 1, "bench: a claim", ARBITER)
            done[index] += 1

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(len(game_ids))]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done), time.monotonic() - started
