"""The publisher section's writer: its threads, each replaying the recorded script on games
of their own, report every event they stored and every action they took."""

from __future__ import annotations

from itertools import accumulate
from pathlib import Path

from bench.common import record_script
from bench.publishing import WRITERS, Writer
from bench.stack import BENCH_SEED
from services.application import Games, GameStore
from services.settings import Settings


def test_the_writers_threads_report_what_they_stored(tmp_path: Path) -> None:
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    try:
        games = Games(store, seeds=lambda: BENCH_SEED)
        script = record_script(games, 8)
        writer = Writer(games, script)
        stored = writer.run(rate=0, seconds=0, events=400)
        played: dict[str, set[int]] = {}
        for key in stored:
            game_id, version = key.split()
            played.setdefault(game_id, set()).add(int(version))
        assert len(played) > WRITERS  # each thread finished the script at least once
        # Each game holds the stored events and nothing after them: none was missed.
        first = script[0].versions[0]
        for game_id, versions in played.items():
            assert versions == set(range(first, games.game_info(game_id).version + 1))
        # A game's event count says how many of the script's actions it took.
        events_after = list(accumulate(len(step.versions) for step in script))
        taken = sum(events_after.index(len(versions)) + 1 for versions in played.values())
        assert writer.actions == taken
    finally:
        store.close()
